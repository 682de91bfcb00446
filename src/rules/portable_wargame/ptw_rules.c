/*
 * ptw_rules.c - The Portable Wargame's entry in the rule-set table: its
 * name, its options and the functions behind engine.h.
 *
 * Rules texts: "The Portable Wargame: 19th Century" (the shared rules
 * folder, file 001_5814ca99178a5d4a.txt) and, as the variant
 * close-combat=2014, its 2014 close-combat revision (file
 * 003_ad895215913a6cf4.txt). The readings chosen where they are silent are
 * in docs/portable-wargame.md.
 */
#include "ptw.h"

static const eng_option_doc ptw_options[] = {
    {"close-combat", "1800s|2014", "1800s",
     "1800s: each side rolls against the table's score not to be hit, and a hit is resolved by "
     "quality; 2014: units have Strength Values, each side rolls to hit, flank or rear attacks "
     "take 1 from the defender's roll, a hit costs 1 strength, the lower roll retreats (or "
     "loses 1 more), equal rolls fight again"},
    {"multiple-hits", "each|once", "each",
     "a unit hit more than once at a time: each hit rolled and resolved in turn (a retreat "
     "after each), or every hit rolled first and then one retreat if it survives them all"},
    {"fire-hits", "quality|strength", "quality",
     "with close-combat 2014: hits from artillery and small arms resolved by quality as in "
     "the 19th-century text, or each costing 1 strength (no retreat)"},
    {"woods-close-combat", "plus-1|plus-2", "plus-1",
     "a unit fighting from a wood adds 1 (the woods rule is the cover bonus), or 2 (cover and "
     "the woods rule both)"},
    {"trench-crossing", "fortified|exposed", "fortified",
     "close combat of a unit crossing a trench: fortified, it takes the -1 for crossing and, "
     "the trench being a fortification, the +1 for fortifications too; exposed, only the -1"},
    {"advance", "either|attacker", "either",
     "after a close combat: either winner that is infantry or cavalry may move into the square "
     "it won (a defender into the square the attacker left), as the text has it; or the "
     "attacker only"},
    {"commander-close-combat", "adjacent|in-or-adjacent", "adjacent",
     "the +1 for a friendly commander in close combat: orthogonally adjacent only, as the "
     "close-combat modifiers are written; or in the unit's square too, as for fire"},
    {"stacking", "as-written|one-each", "as-written",
     "movement rule f: transports and commanders are exempt, so any number may share a square "
     "(one fighting unit a side); or one-each: at most one commander and one transport a square"},
    {"exhaustion", "immediate|end-of-turn", "immediate",
     "a side is exhausted the moment its losses reach its exhaustion point (no more steps "
     "toward the enemy, no close combat started, no advance); or only at the end-of-turn check "
     "(turn step 5)"},
    {"woods-range", "within|from", "within",
     "the 1-square range in woods: for weapons fired within a wood (firer and target both in "
     "woods); or from: for any weapon fired from a wood, also out of its edge"},
    {NULL, NULL, NULL, NULL},
};

static size_t ptw_state_size(const void *data)
{
    (void)data;
    return sizeof(ptw_state);
}

/* The position ends where the bookkeeping (ptw_state.book, ptw_book.c) begins. */
static size_t ptw_position_size(const void *data)
{
    (void)data;
    return offsetof(ptw_state, book);
}

static int ptw_players(const void *data)
{
    (void)data;
    return 2;
}

static const char *ptw_player_name(const void *data, int player)
{
    const ptw_data *d = data;
    return player == 0 || player == 1 ? d->side[player].name : "?";
}

static void ptw_data_files(const void *data, char *buf, size_t n)
{
    (void)data;
    snprintf(buf, n, "portable-wargame/units.json");
}

/* the game itself */
static const eng_core_methods ptw_core = {
    .load = ptw_load,
    .unload = ptw_unload,
    .state_size = ptw_state_size,
    .position_size = ptw_position_size,
    .players = ptw_players,
    .player_name = ptw_player_name,
    .init = ptw_init,
    .current_player = ptw_current_player,
    .legal_actions = ptw_legal_actions,
    .chance_outcomes = ptw_chance_outcomes,
    .apply = ptw_apply,
    .returns = ptw_returns,
    .result_text = ptw_result_text,
    .heuristic = ptw_heuristic,
    .action_text = ptw_action_text,
    .action_parse = ptw_action_parse,
    .to_json = ptw_to_json,
    .from_json = ptw_from_json,
    .data_files = ptw_data_files,
};

/* what is drawn */
static const eng_view_methods ptw_view = {
    .render = ptw_render,
    .status_text = ptw_status_text,
    .svg = ptw_svg,
    .action_elements = ptw_action_elements,
};

/* exact odds of an action */
static const eng_odds_methods ptw_odds = {
    .step = ptw_odds_step,
    .describe = ptw_odds_describe,
};

/* explanations: rules, results, phases, losses */
static const eng_explain_methods ptw_explain = {
    .illegal = ptw_explain_illegal,
    .outcome = ptw_explain_outcome,
    .chance = ptw_explain_chance,
    .briefing = ptw_briefing,
    .standing = ptw_standing,
    .forgoes = ptw_forgoes,
    .phase_note = ptw_phase_note,
    .losses = ptw_losses,
    .words = ptw_words,
    .ending = ptw_ending,
};

/* hints for the computer players (measured, never rules) */
static const eng_hints_methods ptw_hints = {
    .playout_weights = ptw_playout_weights,
    /* whole-turn planning: off, it measured no stronger than the tree search
     * (docs/ai.md); normal:plan=1 plans */
    .plan_turns = false,
    /* a learned evaluation (ptw_features.c; docs/ai.md): the levels judge by
     * it, which measured 74.0% against thumb where the heuristic gave 56.8%;
     * normal:eval=heuristic judges by the heuristic */
    .feature_count = PTW_FEATURES,
    .features = ptw_features,
    .eval_net = "eval-net.txt",
    .eval_net_default = true,
    /* normal's playouts: 10 steps, then the learned evaluation, for about 0.4
     * of the time of 40: 48.1% (43.3-53.0%) against 40 steps at the same
     * iterations over 400 games, 51.8% at the same time (docs/ai.md) */
    .search_horizon = 10,
};

const eng_rules ptw_rules = {
    .name = "portable-wargame",
    .title = "The Portable Wargame: 19th Century",
    /* 2: the text's defaults for the advance, the commander's close-combat
     * +1, stacking and exhaustion (options give version 1's readings) */
    .version = "2",
    .summary = "A square grid and D6s: an artillery phase, dice for initiative, then each side's "
               "units one at a time move, fire and fight; hits resolved by quality (elite, "
               "average, poor); terrain, roads, rivers and fords, trenches and barbed wire; the "
               "battle ends when both sides reach their exhaustion point. The 2014 close-combat "
               "revision with Strength Values is a variant.",
    .default_scenario = "meeting",
    .options = ptw_options,
    .core = &ptw_core,
    .view = &ptw_view,
    .odds = &ptw_odds,
    .explain = &ptw_explain,
    .hints = &ptw_hints,
};
