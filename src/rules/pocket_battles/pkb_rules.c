/*
 * pkb_rules.c - Pocket Battles' entry in the rule-set table: its name, its
 * options and the functions behind engine.h.
 *
 * Rules text: "Pocket Battles", in the shared rules folder as
 * 004_88cb935f0152ae9a.txt (English), with the Russian edition
 * 002_9b96fcc3da3da552.txt for its clarifications and army lists; the
 * readings chosen and the army design are in docs/pocket-battles.md.
 */
#include "pkb.h"

static const eng_option_doc pkb_options[] = {
    {"size", "10..200, a multiple of 10", "the scenario's size (50)",
     "the battle's size: the deployment points each army may spend; each player gets one "
     "order/wound token per 10 points (the rulebooks suggest 50 to 100)"},
    {"army1", "NAME|PATH|build", "the scenario's army",
     "player 1's army: a ready-made army in data/pocket-battles/armies (elves-50, elves-80, "
     "orcs-50, orcs-80, romans-50, romans-80, celts-50, celts-80) or a path to one; build: "
     "choose troops and form units in play"},
    {"army2", "NAME|PATH|build", "the scenario's army", "player 2's army, as army1"},
    {"faction1", "elves|orcs|romans|celts|PATH", "the scenario's faction",
     "player 1 builds an army of this faction in play (unless army1 names an army)"},
    {"faction2", "elves|orcs|romans|celts|PATH", "the scenario's faction",
     "player 2's faction, as faction1"},
    {"special-actions", "after-first-turn|after-first-round", "after-first-turn",
     "special actions (traits that need an order) are barred in the attacker's very first "
     "turn (English edition) or in the attacker's whole first round (Russian edition)"},
    {"rounds", "0..99", "0",
     "0: no round limit, as in the rulebook (the battle ends when a player concedes or has "
     "destroyed half the enemy army); N: a house limit, after N rounds with no winner the "
     "battle ends, the player who destroyed more points winning (the defender on a tie)"},
    {"reaction-shoot", "front|sector", "front",
     "who may shoot at a charging unit: a unit in the front of the charged sector (English "
     "edition; artillery from its rear too), or any unit of that sector, front or rear "
     "(the Russian edition's \"in the same sector\")"},
    {"strike-back", "choice|always", "choice",
     "after a first strike, the unit struck (if any of it is left) may strike back: choice, its "
     "owner decides (back or hold); always, it strikes back without a decision"},
    {"concede", "any-turn|round-start", "any-turn",
     "when a player may concede: at any of their turns, or only at the start of their first "
     "turn in each round, before acting"},
    {NULL, NULL, NULL, NULL},
};

static size_t pkb_state_size(const void *data)
{
    (void)data;
    return sizeof(pkb_state);
}

/* The position ends where the bookkeeping (pkb_state.occ) begins. */
static size_t pkb_position_size(const void *data)
{
    (void)data;
    return offsetof(pkb_state, occ);
}

static int pkb_players(const void *data)
{
    (void)data;
    return PKB_SIDES;
}

static const char *pkb_player_name(const void *data, int player)
{
    const pkb_data *d = data;
    return player >= 0 && player < PKB_SIDES ? d->pl[player].name : "?";
}

static void pkb_data_files(const void *data, char *buf, size_t n)
{
    const pkb_data *d = data;
    snprintf(buf, n, "%s", d->files);
}

/* the game itself */
static const eng_core_methods pkb_core = {
    .load = pkb_load,
    .unload = pkb_unload,
    .state_size = pkb_state_size,
    .position_size = pkb_position_size,
    .players = pkb_players,
    .player_name = pkb_player_name,
    .init = pkb_init,
    .current_player = pkb_current_player,
    .legal_actions = pkb_legal_actions,
    .chance_outcomes = pkb_chance_outcomes,
    .apply = pkb_apply,
    .returns = pkb_returns,
    .result_text = pkb_result_text,
    .heuristic = pkb_heuristic,
    .action_text = pkb_action_text,
    .action_parse = pkb_action_parse,
    .to_json = pkb_to_json,
    .action_text_seen = pkb_action_text_seen,
    .hides_from = pkb_hides_from,
    .resample_hidden = pkb_resample_hidden,
    .from_json = pkb_from_json,
    .data_files = pkb_data_files,
};

/* what is drawn */
static const eng_view_methods pkb_view = {
    .render = pkb_render,
    .status_text = pkb_status_text,
    .svg = pkb_svg,
    .action_elements = pkb_action_elements,
};

/* exact odds of an action */
static const eng_odds_methods pkb_odds = {
    .step = pkb_odds_step,
    .canon = pkb_odds_canon,
    .describe = pkb_odds_describe,
};

/* explanations: rules, results, phases, losses */
static const eng_explain_methods pkb_explain = {
    .illegal = pkb_explain_illegal,
    .outcome = pkb_explain_outcome,
    .chance = pkb_explain_chance,
    .briefing = pkb_briefing,
    .standing = pkb_standing,
    .forgoes = pkb_forgoes,
    .phase_note = pkb_phase_note,
    .losses = pkb_losses,
    .words = pkb_words,
    .step_note = pkb_step_note,
};

/* hints for the computer players (measured, never rules) */
static const eng_hints_methods pkb_hints = {
    /* readings as options: the computer players' look-ahead never concedes */
    .playout_weights = pkb_playout_weights,
    /* the learned evaluation (pkb_features.c; docs/ai.md): measured, normal
     * and hard judge by it (normal a little stronger against thumb and
     * today's normal, hard 61.5% against it); easy, not measured with it,
     * keeps the heuristic */
    .feature_count = PKB_FEATURES,
    .features = pkb_features,
    .eval_net = "eval-net.txt",
    .eval_net_default = true,
    .eval_net_levels = "normal hard",
    /* normal's playouts: 5 steps, then the learned evaluation; as strong as
     * 40 steps (53.0% against it at the same iterations) for about 0.4 of
     * the time (docs/ai.md) */
    .search_horizon = 5,
};

const eng_rules pkb_rules = {
    .name = "pocket-battles",
    .title = "Pocket Battles",
    .version = "3",   /* 3: no round limit by default; 2: strike back a choice, concede at any turn */
    .summary = "Two armies of troop tiles in stacks on three sectors of five zones. Order "
               "tokens double as wound tokens, and ordering a unit again costs more each time. "
               "Charge (the enemy may intercept, shoot or wait), fight, leave, shoot; dice "
               "score a hit for each printed die they match. Half the enemy army destroyed at "
               "a round's end wins.",
    .default_scenario = "elves-vs-orcs-50",
    .options = pkb_options,
    .core = &pkb_core,
    .view = &pkb_view,
    .odds = &pkb_odds,
    .explain = &pkb_explain,
    .hints = &pkb_hints,
};
