/*
 * rules.h - what a rule set implements: the table behind engine.h.
 *
 * Only src/engine/ and the rule-set modules include this. A rule set keeps
 * two things: its game data (built once by load() from the scenario and
 * options, then read-only) and its state (a plain struct of
 * state_size(data) bytes with no pointers, so that a memcpy clones it).
 * The engine owns the generator and the step counter; the rule set never
 * draws random numbers: chance is a decision point with outcomes.
 */
#ifndef RULES_H
#define RULES_H

#include "engine.h"

struct eng_rules {
    const char *name;              /* command-line name, "pocket-wargame" */
    const char *title;
    const char *version;           /* bump when records stop replaying */
    const char *summary;
    const char *default_scenario;
    /* How many times the computer levels' search iterations this rule set
     * needs for play of the same strength (0 = 1): a hint for the levels,
     * measured, never a rule (docs/ai.md). */
    double search_scale;
    /* The weight a level that plays its playouts on to the end of the
     * battle (hard) gives the final result in this rule set, instead of the
     * level's own (0 = the level's own); levels that stop at the horizon
     * keep doing so. Likewise a measured hint (docs/ai.md). */
    double search_finish;
    const eng_option_doc *options; /* ends with {NULL} */

    /* Game data from a scenario and options (merged already); NULL + err
     * on bad input, naming the field at fault. */
    void *(*load)(const json_t *scenario, const json_t *options, eng_error *err);
    void (*unload)(void *data);
    size_t (*state_size)(const void *data);
    int (*players)(const void *data);
    const char *(*player_name)(const void *data, int player);

    /* The starting position (chance may act first, e.g. the deal). */
    void (*init)(const void *data, void *st);
    int (*current_player)(const void *data, const void *st);
    int (*legal_actions)(const void *data, const void *st, eng_action *out);
    int (*chance_outcomes)(const void *data, const void *st, eng_action *out,
                           double *prob);
    /* a is legal (checked by the engine beforehand). */
    void (*apply)(const void *data, void *st, eng_action a);
    /* For an action that is not legal here: the rule it breaks. */
    void (*explain_illegal)(const void *data, const void *st, eng_action a,
                            char *why, size_t n);
    void (*returns)(const void *data, const void *st, double *out);
    void (*result_text)(const void *data, const void *st, char *buf, size_t n);
    double (*heuristic)(const void *data, const void *st, int player);
    /* Optional (NULL: uniform): how readily a quick simulated player would
     * take each of the legal actions acts[0..n-1], as weights >= 0 written
     * to w, not all 0. Search playouts draw from them. */
    void (*playout_weights)(const void *data, const void *st, const eng_action *acts, int n,
                            double *w);

    void (*action_text)(const void *data, const void *st, eng_action a,
                        char *buf, size_t n);
    /* 0, or -1 with the problem written to why. */
    int (*action_parse)(const void *data, const void *st, const char *text,
                        eng_action *out, char *why, size_t n);
    json_t *(*to_json)(const void *data, const void *st, int viewer);
    void (*render)(const void *data, const void *st, int viewer, bool color,
                   FILE *out);
    void (*status_text)(const void *data, const void *st, char *buf, size_t n);

    /* Hidden information; all three may be NULL for a rule set whose
     * players always see everything. */
    /* Notation of a as viewer sees it (NULL: the plain notation). */
    void (*action_text_seen)(const void *data, const void *st, eng_action a, int viewer,
                             char *buf, size_t n);
    /* Does st hide anything from viewer? (NULL: never.) */
    bool (*hides_from)(const void *data, const void *st, int viewer);
    /* Re-deal what viewer cannot see, consistently with what they have
     * seen, drawing from *rng. (NULL: nothing is ever hidden.) */
    void (*resample_hidden)(const void *data, void *st, int viewer, uint64_t *rng);
    /* Drawing (svg.c; both NULL: the rule set draws no SVG). The position as
     * an SVG document for viewer, every element with an id on a line of its
     * own (svg.h), nothing viewer may not see in it. */
    void (*svg)(const void *data, const void *st, int viewer, FILE *out);
    /* The board elements action a involves in st: acting piece first,
     * destination or target last. */
    void (*action_elements)(const void *data, const void *st, eng_action a, eng_elements *out);
    /* Exact odds of an action (odds.c); all optional. */
    /* What the odds do at st: ENG_ODDS_GO (chance is followed, a player's
     * decision ends them), ENG_ODDS_STOP (end here, even at chance: a new
     * turn's initiative), or ENG_ODDS_AUTO (a decision that belongs to the
     * combat in progress; *choice is its automatic choice, a legal action).
     * NULL: always ENG_ODDS_GO. */
    int (*odds_step)(const void *data, const void *st, eng_action *choice);
    /* Clears what only records how chance fell and never changes what
     * follows (the faces of dice already counted), so that positions alike
     * in play merge. NULL: nothing. */
    void (*odds_canon)(const void *data, void *st);
    /* What changed from before to after, as viewer may see it: short
     * phrases joined by "; " ("2/HI1 destroyed; 1/LC2 wavering"), "" when
     * nothing did. Positions with the same words are grouped. NULL: the
     * odds say only whether the position changed. */
    void (*odds_describe)(const void *data, const void *before, const void *after,
                          int viewer, char *buf, size_t n);

    /* Results explained and the scenario's briefing (all optional, NULL:
     * none; src/engine/explain.c). */
    /* At chance point st, outcome a in words with its arithmetic and what it
     * gives there: the die, each modifier by name, the total, the meaning. */
    void (*explain_outcome)(const void *data, const void *st, eng_action a, char *buf,
                            size_t n);
    /* The chance point st itself, for a referee: which die or coin it is,
     * what score is needed for what, how the modifiers stand. */
    void (*explain_chance)(const void *data, const void *st, char *buf, size_t n);
    /* The scenario's briefing as JSON (see eng_briefing in engine.h). */
    json_t *(*briefing)(const void *data);
    /* How the victory conditions stand in st, one line. */
    void (*standing)(const void *data, const void *st, char *buf, size_t n);


    /* Phases and turns in play (both may be NULL). */
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
    /* Positions as data (NULL: the rule set cannot load one). st holds the
     * scenario's starting position; fills it from the position JSON (what
     * to_json prints for ENG_VIEW_ALL; keys left out keep their starting
     * values) and checks it against the rules. false with what is wrong and
     * where in why; st is then thrown away. */
    bool (*from_json)(const void *data, void *st, const json_t *pos, char *why, size_t n);
    /* Data files: the rule set's data files the game read, "; "-separated,
     * each as a path under the data folder ("portable-wargame/units.json")
     * or as given (a path). NULL: none. */
    void (*data_files)(const void *data, char *buf, size_t n);
    /* Losses summary (losses.c; NULL: none). Per side (or force), what it
     * started with and what it has lost in st, in the rule set's own terms
     * and as viewer may know them: {"sides": [{"side": NAME, "counts":
     * [{"what": "units", "start": 8, "lost": 2}, ...]}, ...]}. */
    json_t *(*losses)(const void *data, const void *st, int viewer);
    /* Chance entered as a batch (chance_batch.c; NULL: one at a time). At
     * chance point st, how many chance steps in a row, this one first, a
     * referee may enter as one list (the cards of a deal); 0 or 1: none. */
    int (*chance_run)(const void *data, const void *st);

    /* Whole-turn planning: the computer levels plan each run of a side's own
     * decisions as a whole (src/ai/ai_plan.c), a measured hint like
     * search_scale (docs/ai.md). false: they search decision by decision. */
    bool plan_turns;
    /* A learned evaluation (features.c; src/ai/ai_net.c): the position as a
     * fixed-length vector of feature_count numbers, each about 0..1, from
     * player's point of view, which a network trained by self-play reads;
     * the file of its weights under the rule set's data folder
     * ("eval-net.txt"); and whether the computer levels judge positions by
     * it by default (a measured hint, like search_scale). All 0/NULL: none. */
    int feature_count;
    void (*features)(const void *data, const void *st, int player, float *out);
    const char *eval_net;
    bool eval_net_default;
    /* The learned evaluation by level: when eval_net_default is set, the
     * levels that judge by the network by default, as a list of level names
     * ("hard"); the others, and a tree search named by its kind, judge by
     * the heuristic. NULL: every level and tree search (a measured hint). */
    const char *eval_net_levels;
};

#endif
