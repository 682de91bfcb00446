/*
 * rules.h - what a rule set implements: the tables behind engine.h.
 *
 * Only src/engine/, the rule-set modules and the computer players' hints
 * (src/ai/ai_hints.c) include this. A rule set keeps two things: its game
 * data (built once by load() from the scenario and options, then read-only)
 * and its state (a plain struct of state_size(data) bytes with no pointers,
 * so that a memcpy clones it). The engine owns the generator and the step
 * counter; the rule set never draws random numbers: chance is a decision
 * point with outcomes.
 *
 * A rule set is a name and a few small method tables, each one part of the
 * game, as SQLite groups a file's hooks in sqlite3_io_methods. Callers never
 * touch them: one engine file wraps each part (the name after each table).
 * A new rule set starts with the core and the view; every other part is
 * optional, NULL meaning "none", and so is every hook marked optional.
 */
#ifndef RULES_H
#define RULES_H

#include "engine.h"

/* ---- the game's core (engine.c, position.c) ------------------------------------ */
typedef struct eng_core_methods {
    /* Game data from a scenario and options (merged already); NULL + err
     * on bad input, naming the field at fault. */
    void *(*load)(const json_t *scenario, const json_t *options, eng_error *err);
    void (*unload)(void *data);
    size_t (*state_size)(const void *data);
    /* Optional: the bytes of the state that are the position itself. A
     * rule set may keep bookkeeping derived from the position (kept up to
     * date by apply, for speed) after them; hashing and equality, the
     * odds' merging of alike positions included, read only the position.
     * NULL: the whole state is the position. */
    size_t (*position_size)(const void *data);
    int (*players)(const void *data);
    const char *(*player_name)(const void *data, int player);

    /* The starting position (chance may act first, e.g. the deal). */
    void (*init)(const void *data, void *st);
    int (*current_player)(const void *data, const void *st);
    int (*legal_actions)(const void *data, const void *st, eng_action *out);
    int (*chance_outcomes)(const void *data, const void *st, eng_action *out,
                           double *prob);
    /* Optional: the outcome eng_pick_outcome would pick by u in [0,1) from
     * chance_outcomes' list, found without listing them all (NULL: the
     * engine lists them). Debug builds check the two agree. */
    eng_action (*chance_sample)(const void *data, const void *st, double u);
    /* a is legal (checked by the engine beforehand). */
    void (*apply)(const void *data, void *st, eng_action a);
    void (*returns)(const void *data, const void *st, double *out);
    void (*result_text)(const void *data, const void *st, char *buf, size_t n);
    double (*heuristic)(const void *data, const void *st, int player);

    void (*action_text)(const void *data, const void *st, eng_action a,
                        char *buf, size_t n);
    /* 0, or -1 with the problem written to why. */
    int (*action_parse)(const void *data, const void *st, const char *text,
                        eng_action *out, char *why, size_t n);
    json_t *(*to_json)(const void *data, const void *st, int viewer);

    /* Hidden information; all three optional, for a rule set whose
     * players always see everything. */
    /* Notation of a as viewer sees it (NULL: the plain notation). */
    void (*action_text_seen)(const void *data, const void *st, eng_action a, int viewer,
                             char *buf, size_t n);
    /* Does st hide anything from viewer? (NULL: never.) */
    bool (*hides_from)(const void *data, const void *st, int viewer);
    /* Re-deal what viewer cannot see, consistently with what they have
     * seen, drawing from *rng. (NULL: nothing is ever hidden.) */
    void (*resample_hidden)(const void *data, void *st, int viewer, uint64_t *rng);

    /* Positions as data (optional: NULL, the rule set cannot load one). st
     * holds the scenario's starting position; fills it from the position
     * JSON (what to_json prints for ENG_VIEW_ALL; keys left out keep their
     * starting values) and checks it against the rules. false with what is
     * wrong and where in why; st is then thrown away. */
    bool (*from_json)(const void *data, void *st, const json_t *pos, char *why, size_t n);
    /* Data files (optional): the rule set's data files the game read,
     * "; "-separated, each as a path under the data folder
     * ("portable-wargame/units.json") or as given (a path). */
    void (*data_files)(const void *data, char *buf, size_t n);
} eng_core_methods;

/* ---- what is drawn (view.c) ---------------------------------------------------- */
typedef struct eng_view_methods {
    void (*render)(const void *data, const void *st, int viewer, bool color,
                   FILE *out);
    void (*status_text)(const void *data, const void *st, char *buf, size_t n);
    /* Optional (NULL: the rule set draws no SVG). The position as an SVG
     * document for viewer, every element with an id on a line of its own
     * (svg.h), nothing viewer may not see in it. */
    void (*svg)(const void *data, const void *st, int viewer, FILE *out);
    /* Optional. The board elements action a involves in st: acting piece
     * first, destination or target last. */
    void (*action_elements)(const void *data, const void *st, eng_action a, eng_elements *out);
} eng_view_methods;

/* ---- exact odds of an action (odds.c; every hook optional) --------------------- */
typedef struct eng_odds_methods {
    /* What the odds do at st: ENG_ODDS_GO (chance is followed, a player's
     * decision ends them), ENG_ODDS_STOP (end here, even at chance: a new
     * turn's initiative), or ENG_ODDS_AUTO (a decision that belongs to the
     * combat in progress; *choice is its automatic choice, a legal action).
     * NULL: always ENG_ODDS_GO. */
    int (*step)(const void *data, const void *st, eng_action *choice);
    /* Clears what only records how chance fell and never changes what
     * follows (the faces of dice already counted), so that positions alike
     * in play merge. NULL: nothing. */
    void (*canon)(const void *data, void *st);
    /* What changed from before to after, as viewer may see it: short
     * phrases joined by "; " ("2/HI1 destroyed; 1/LC2 wavering"), "" when
     * nothing did. Positions with the same words are grouped. NULL: the
     * odds say only whether the position changed. */
    void (*describe)(const void *data, const void *before, const void *after,
                     int viewer, char *buf, size_t n);
} eng_odds_methods;

/* ---- explanations: rules, results, phases, losses (explain.c, chance_batch.c; ----
 * ---- every hook optional, NULL: none) ------------------------------------------ */
typedef struct eng_explain_methods {
    /* For an action that is not legal here: the rule it breaks. */
    void (*illegal)(const void *data, const void *st, eng_action a, char *why, size_t n);
    /* At chance point st, outcome a in words with its arithmetic and what it
     * gives there: the die, each modifier by name, the total, the meaning. */
    void (*outcome)(const void *data, const void *st, eng_action a, char *buf, size_t n);
    /* The chance point st itself, for a referee: which die or coin it is,
     * what score is needed for what, how the modifiers stand. */
    void (*chance)(const void *data, const void *st, char *buf, size_t n);
    /* The scenario's briefing as JSON (see eng_briefing in engine.h). */
    json_t *(*briefing)(const void *data);
    /* How the victory conditions stand in st, one line. */
    void (*standing)(const void *data, const void *st, char *buf, size_t n);
    /* Does the legal action a give up a shot or an attack that a unit of
     * the side deciding could still make here (ending a phase with a shot
     * still open)? Then true, with why naming one ("LM1 can still shoot:
     * shoot LM1 2/HI1"). */
    bool (*forgoes)(const void *data, const void *st, eng_action a, char *why, size_t n);
    /* player decided a in before; after is the position at player's next
     * decision. If a phase or turn of player's ended by itself on the way
     * (no unit left that could act), one line saying so; else buf = "". */
    void (*phase_note)(const void *data, const void *before, eng_action a, const void *after,
                       int player, char *buf, size_t n);
    /* Per side (or force), what it started with and what it has lost in
     * st, in the rule set's own terms and as viewer may know them:
     * {"sides": [{"side": NAME, "counts": [{"what": "units", "start": 8,
     * "lost": 2}, ...]}, ...]}. */
    json_t *(*losses)(const void *data, const void *st, int viewer);
    /* Chance entered as a batch (chance_batch.c; NULL: one at a time). At
     * chance point st, how many chance steps in a row, this one first, a
     * referee may enter as one list (the cards of a deal); 0 or 1: none. */
    int (*chance_run)(const void *data, const void *st);
    /* The legal action a in plain words for a button, where its notation
     * is cryptic ("End the movement phase", or a unit named with what it
     * does and where); buf = "": the notation does. */
    void (*words)(const void *data, const void *st, eng_action a, char *buf, size_t n);
    /* A player's action a took before to after: what it set off that its
     * notation does not say and a game log should (hidden units revealed,
     * say), one line; else buf = "". */
    void (*step_note)(const void *data, const void *before, eng_action a, const void *after,
                      char *buf, size_t n);
    /* Once st is over: why the game ended, one line ("both sides
     * exhausted, Red on turn 5, Blue on turn 7"), for where result_text
     * does not say it; else buf = "". */
    void (*ending)(const void *data, const void *st, char *buf, size_t n);
} eng_explain_methods;

/* ---- hints for the computer players (read by src/ai/ai_hints.c alone) ---------- */
/* Measured hints, never rules (docs/ai.md): how the levels play this rule
 * set best. Every entry optional (0/NULL: the levels' own defaults). */
typedef struct eng_hints_methods {
    /* How many times the computer levels' search iterations this rule set
     * needs for play of the same strength (0 = 1). */
    double search_scale;
    /* The weight a level that plays its playouts on to the end of the
     * battle (hard) gives the final result in this rule set, instead of the
     * level's own (0 = the level's own); levels that stop at the horizon
     * keep doing so. */
    double search_finish;
    /* The playout steps before judging for the levels that take a rule
     * set's horizon (src/ai/ai_levels.c), instead of the search's own (0 =
     * the search's own): where the learned evaluation judges a position a
     * few steps on as well as many steps on, for a fraction of the time. */
    int search_horizon;
    /* Whole-turn planning: the computer levels plan each run of a side's own
     * decisions as a whole (src/ai/ai_plan.c). false: they search decision
     * by decision. */
    bool plan_turns;
    /* The rule of thumb (src/ai/ai_thumb.c) makes its own decisions inside
     * a combat that chance leaves it (the odds' automatic ones) by its rule
     * and judges after them, rather than there. false: it judges there. */
    bool thumb_follows;
    /* How readily a quick simulated player would take each of the legal
     * actions acts[0..n-1], as weights >= 0 written to w, not all 0 (NULL:
     * uniform). Search playouts draw from them. */
    void (*playout_weights)(const void *data, const void *st, const eng_action *acts, int n,
                            double *w);
    /* A learned evaluation (src/ai/ai_net.c): the position as a
     * fixed-length vector of feature_count numbers, each about 0..1, from
     * player's point of view, which a network trained by self-play reads;
     * the file of its weights under the rule set's data folder
     * ("eval-net.txt"); and whether the computer levels judge positions by
     * it by default. All 0/NULL: none. */
    int feature_count;
    void (*features)(const void *data, const void *st, int player, float *out);
    const char *eval_net;
    bool eval_net_default;
    /* The learned evaluation by level: when eval_net_default is set, the
     * levels that judge by the network by default, as a list of level names
     * ("hard"); the others, and a tree search named by its kind, judge by
     * the heuristic. NULL: every level and tree search. */
    const char *eval_net_levels;
} eng_hints_methods;

struct eng_rules {
    const char *name;              /* command-line name, "pocket-wargame" */
    const char *title;
    const char *version;           /* bump when records stop replaying */
    const char *summary;
    const char *default_scenario;
    const eng_option_doc *options; /* ends with {NULL} */

    const eng_core_methods *core;       /* required */
    const eng_view_methods *view;       /* required */
    const eng_odds_methods *odds;       /* NULL: the plain odds */
    const eng_explain_methods *explain; /* NULL: no explanations */
    const eng_hints_methods *hints;     /* NULL: the levels' defaults */
};

/* The raw parts a hook is called with, for the wrappers of the one part
 * that lives outside the engine (the hints, src/ai/ai_hints.c): the rule
 * set's game data and the rule set's flat state inside s. */
const void *eng_game_data(const eng_game *g);
const void *eng_state_cbody(const eng_state *s);

#endif
