/*
 * pwg_rules.c - Pocket Wargame's entry in the rule-set table: its name,
 * its options and the functions behind engine.h.
 *
 * Rules text: "Pocket Wargame" (cards as terrain, coins as units), in
 * the shared rules folder as 000_890989a5f38d4d8e.txt; the readings chosen where it
 * is silent are in docs/pocket-wargame.md.
 */
#include "pwg.h"

static const eng_option_doc pwg_options[] = {
    {"deck", "french|german|german36|spanish|spanish48", "french",
     "the card deck the battlefield is dealt from (decks.json)"},
    {"jokers", "true|false", "true",
     "keep the deck's jokers (only the French deck has them); their terrain is the joker "
     "option's"},
    {"joker", "a terrain name (open, hills, woodland, rough, swamp, mountain, lake, or one the "
     "scenario defines)", "the scenario's \"joker\" field, else open",
     "the terrain the jokers stand for; overrides the scenario's \"joker\" field"},
    {"terrain", "normal|steppes|wetland|mountainous|wetland-all-courts", "normal",
     "what each suit is (terrain.json): normal clubs woodland, diamonds hills, hearts open, "
     "spades rough; steppes clubs open; wetland spades swamp and spade court cards lakes; "
     "wetland-all-courts every court card a lake; mountainous spades mountains"},
    {"coins", "uk|eu|us", "uk", "the coins that show the units (a force may name its own)"},
    {"melee-save", "heavy-infantry-and-cavalry|heavy-only", "heavy-infantry-and-cavalry",
     "who may cancel melee damage on open ground or hills: heavy infantry and all cavalry, or "
     "only heavy infantry and heavy cavalry"},
    {"cancel-scope", "any-unit|own-unit", "any-unit",
     "a head that may cancel cancels damage just dealt to any of its player's units in the "
     "combat, or only damage to the unit that threw it"},
    {"rule1-cancelled", "counts|ignored", "counts",
     "rule 1 (one damage to every enemy unit before a second to any) counts damage that was "
     "cancelled, or ignores it, so a unit whose damage was cancelled must be damaged again "
     "before the others take a second"},
    {NULL, NULL, NULL, NULL},
};

static size_t pwg_state_size(const void *data)
{
    (void)data;
    return sizeof(pwg_state);
}

/* The position ends where the bookkeeping (pwg_cache) begins. */
static size_t pwg_position_size(const void *data)
{
    (void)data;
    return offsetof(pwg_state, cache);
}

static int pwg_players(const void *data) { return ((const pwg_data *)data)->nforces; }

static const char *pwg_player_name(const void *data, int player)
{
    const pwg_data *d = data;
    return player >= 0 && player < d->nforces ? d->force[player].name : "?";
}

static void pwg_data_files(const void *data, char *buf, size_t n)
{
    (void)data;
    snprintf(buf, n, "pocket-wargame/decks.json; pocket-wargame/terrain.json; "
             "pocket-wargame/coins.json");
}

/* the game itself */
static const eng_core_methods pwg_core = {
    .load = pwg_load,
    .unload = pwg_unload,
    .state_size = pwg_state_size,
    .position_size = pwg_position_size,
    .players = pwg_players,
    .player_name = pwg_player_name,
    .init = pwg_init,
    .current_player = pwg_current_player,
    .legal_actions = pwg_legal_actions,
    .chance_outcomes = pwg_chance_outcomes,
    .chance_sample = pwg_chance_sample,
    .apply = pwg_apply,
    .returns = pwg_returns,
    .result_text = pwg_result_text,
    .heuristic = pwg_heuristic,
    .action_text = pwg_action_text,
    .action_parse = pwg_action_parse,
    .to_json = pwg_to_json,
    .action_text_seen = pwg_action_text_seen,
    .hides_from = pwg_hides_from,
    .resample_hidden = pwg_resample_hidden,
    .from_json = pwg_from_json,
    .data_files = pwg_data_files,
};

/* what is drawn */
static const eng_view_methods pwg_view = {
    .render = pwg_render,
    .status_text = pwg_status_text,
    .svg = pwg_svg,
    .action_elements = pwg_action_elements,
};

/* exact odds of an action */
static const eng_odds_methods pwg_odds = {
    .step = pwg_odds_step,
    .describe = pwg_odds_describe,
};

/* explanations: rules, results, phases, losses */
static const eng_explain_methods pwg_explain = {
    .illegal = pwg_explain_illegal,
    .outcome = pwg_explain_outcome,
    .chance = pwg_explain_chance,
    .briefing = pwg_briefing,
    .standing = pwg_standing,
    .forgoes = pwg_forgoes,
    .phase_note = pwg_phase_note,
    .losses = pwg_losses,
    .words = pwg_words,
    .ending = pwg_ending,
    /* the deal entered as one list */
    .chance_run = pwg_chance_run,
};

/* hints for the computer players (measured, never rules) */
static const eng_hints_methods pwg_hints = {
    /* the levels search twice as long: 2,000 iterations leave the tree
     * search short of the rule of thumb's target here (docs/ai.md) */
    .search_scale = 2,
    /* hard judges a playout by the end of the battle alone: it beat normal
     * more often so than with the heuristic weighed in (docs/ai.md) */
    .search_finish = 1,
    /* the rule of thumb spends its heads and judges after: the damage lands
     * only then; it scored 53% against judging before (docs/ai.md) */
    .thumb_follows = true,
    .playout_weights = pwg_playout_weights,
};

const eng_rules pwg_rules = {
    .name = "pocket-wargame",
    .title = "Pocket Wargame",
    /* 2: deployment areas may not overlap (forces 3 and 4 lose the corner
     * cards), damage under cancel-scope own-unit may name the head that pays */
    .version = "2",
    .summary = "A deck of cards dealt face up is the battlefield (suit = terrain) and coins are "
               "the units (heads up = steady). Cavalry, Ranged, Movement, Melee and End phases; "
               "combat by tossing coins and spending heads. 2 to 4 forces, alliances optional.",
    .default_scenario = "meeting",
    .options = pwg_options,
    .core = &pwg_core,
    .view = &pwg_view,
    .odds = &pwg_odds,
    .explain = &pwg_explain,
    .hints = &pwg_hints,
};
