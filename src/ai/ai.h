/*
 * ai.h - computer players. They see a game only through engine.h, so each
 * works for every rule set, and they never foresee chance: outcomes are
 * sampled from the listed probabilities with the player's own generator,
 * never from the game's. A position that hides something from the player to
 * move is searched only through re-deals of what that player cannot see
 * (eng_state_resample_hidden), so no player reads another's secrets.
 *
 * A kind of player is a const table in the registry (ai_registry); an
 * instance holds its own generator and budget and is used by one thread at
 * a time (a search player may start threads of its own inside ai_choose).
 *
 * Players are named by a spec (ai_spec_parse): a kind ("random", "thumb",
 * "flat", "mcts") or a level ("easy", "normal", "hard": the tree search with a
 * budget), optionally followed by settings, "normal:iterations=5000:threads=1".
 * One kind breaks the rules above on purpose: "oracle" (ai_oracle.c) foresees
 * every die and reads every secret, a yardstick of what foresight reaches;
 * its kind says so (cheats), and the commands refuse it as an opponent.
 */
#ifndef AI_H
#define AI_H

#include "engine.h"

#define AI_EXPLAIN_MAX 8
#define AI_MAX_THREADS 64

typedef struct ai_config {
    uint64_t seed;         /* the player's own generator */
    int iterations;        /* search budget per decision, over all threads;
                              0 = none (then time_ms must be set) */
    int time_ms;           /* wall-clock budget per decision; 0 = none */
    int threads;           /* search threads; 0 = 1 */
    double explore;        /* tree search: exploration constant; 0 = the default */
    int horizon;           /* playout steps before the heuristic scores; 0 = default */
    double finish;         /* weight of a playout's final result, played on to the
                              end, against the heuristic at the horizon;
                              0 = the default, negative = none */
    double mast_greedy;    /* playouts: how often to follow the move averages;
                              0 = the default, negative = never */
    double rave;           /* RAVE equivalence constant; 0 = the default, negative = none */
    int amaf;              /* AMAF window: 0 = the default, 1 = the mover's run of
                              decisions, 2 = the rest of the iteration */
    int hint;              /* playouts follow the rule set's playout hint:
                              0 = the default (yes), 1 = yes, -1 = no */
    int crn;               /* tree search: common random numbers across root
                              actions: 0 = the default, 1 = yes, -1 = no */
    int chance;            /* tree search: chance points with at most this many
                              outcomes branch per outcome; 0 = the default,
                              negative = never (open loop) */
    double prior;          /* tree search: the root's actions start with this many
                              visits valued by the rule of thumb's judgement;
                              0 = the default, negative = none */
    double contempt;       /* tree search: a battle played out to a draw (every
                              side's result alike) counts this much less for the
                              searching player; 0 = none */
    /* the blunder suite: */
    int prune;             /* tree search: actions the rule set's playout hint
                              gives no weight (its plainly wrong moves) are never
                              tried while another is legal: 0 = the default (yes),
                              1 = yes, -1 = no */
    /* whole-turn planning (ai_plan.c): */
    int plan;              /* tree-search kinds: decisions in a run of the side's own
                              plan the whole run (0 = as the rule set says,
                              ai_hints_plans_turns; 1 = yes, -1 = no) */
    /* the rule of thumb (ai_thumb.c): */
    int follow;            /* its own decisions inside a combat that chance left it
                              (eng_odds_step), made by the rule and looked past, at
                              most this many; 0 = the default (as the rule set's
                              hints say, ai_hints_thumb_follows), negative = none */
    /* the learned evaluation (ai_net.c): */
    int eval;              /* thumb and the tree search judge positions by the rule
                              set's network instead of its heuristic (1 = yes,
                              -1 = no; 0 = the tree search as the rule set says,
                              ai_hints_eval_net_for_level, where its weights file
                              loads, and thumb by the heuristic) */
    char net[128];         /* the weights file eval=net reads: a file name in the rule
                              set's data folder, or a path (with a '/'); empty = the
                              rule set's own (setting net=FILE, which implies eval=net) */
    /* the learned evaluation by level (ai_hints_eval_net_for_level): */
    const char *level;     /* the level it was named as ("hard"), NULL for a kind */
} ai_config;

/* One candidate move and what the player thinks of it. */
typedef struct ai_candidate {
    eng_action action;
    double value;          /* estimated result for the mover, 0..1 */
    int visits;            /* samples or visits behind the value */
} ai_candidate;

typedef struct ai_explanation {
    int count;             /* candidates filled, best first */
    ai_candidate best[AI_EXPLAIN_MAX];
    int actions;           /* legal actions the player weighed */
    long iterations;       /* search iterations (or samples) run in all */
    int threads;           /* threads that searched */
    bool tree;             /* visits are tree-search visits (else samples per action) */
    double seconds;        /* wall-clock time of the decision */
} ai_explanation;

typedef struct ai_player ai_player;

typedef struct ai_kind {
    const char *name;      /* "random", "thumb", "flat", "mcts" */
    const char *summary;
    int default_iterations;/* budget when a config gives neither iterations nor time */
    const char *budget_text; /* how its budget reads, "%d" standing for the
                              iterations ("%d samples"); "" for a player with
                              no budget; NULL: search iterations and time */
    uint64_t seed_salt;    /* mixed into the seed for the player's own generator */
    /* Chooses a legal action for the player to move in s (never a chance
     * point). Fills why if not NULL. */
    eng_action (*choose)(ai_player *p, const eng_state *s, ai_explanation *why);
    /* the oracle yardstick: */
    bool cheats;           /* foresees chance and reads hidden information: for
                              measurement only, never an opponent */
} ai_kind;

const ai_kind *const *ai_registry(void);
const ai_kind *ai_kind_find(const char *name);

/* Wrappers. ai_choose answers at once, without thinking, when there is only
 * one legal action. */
ai_player *ai_new(const ai_kind *k, const ai_config *cfg);
void ai_free(ai_player *p);
eng_action ai_choose(ai_player *p, const eng_state *s, ai_explanation *why);
const ai_kind *ai_player_kind(const ai_player *p);
const ai_config *ai_player_config(const ai_player *p);

/* Seconds on a monotonic clock (decisions are timed with it). */
double ai_now(void);

/* Draws a chance outcome from its probabilities with the caller's
 * generator state (never the game's). */
eng_action ai_sample_chance(const eng_state *s, uint64_t *rng);
/* The same, the outcome in *out; returns how many outcomes there were. */
int ai_sample_chance_of(const eng_state *s, uint64_t *rng, eng_action *out);

/* ---- names and levels (ai_levels.c) --------------------------------------- */

/* Settings given outside a spec (command-line options); -1 = not given.
 * Giving iterations alone drops a level's time cap and giving time alone
 * drops its iteration count, so "--ai-iterations N" is reproducible and
 * "--ai-time MS" thinks for that long. */
typedef struct ai_budget {
    int iterations, time_ms, threads;
    double level_scale;    /* a level's iterations times this: the rule set's
                              search scale (ai_hints_search_scale); <= 0 = 1 */
    double level_finish;   /* replaces the finish of a level that plays to
                              the end (ai_hints_search_finish); <= 0 = the
                              level's own */
    int level_horizon;     /* the horizon of a level that takes the rule
                              set's (ai_hints_search_horizon); <= 0 = the
                              search's own */
} ai_budget;

#define AI_BUDGET_NONE ((ai_budget){-1, -1, -1, 1, 0, 0})

/* A level: a kind with a budget. */
typedef struct ai_level {
    const char *name;      /* "easy", "normal", "hard" */
    const char *kind;      /* the kind it uses */
    int iterations;
    int time_ms;           /* a cap, so that a slow machine still answers */
    double finish;         /* weight of the final result (ai_config.finish); 0 = none */
    bool rule_horizon;     /* its playouts take the rule set's horizon
                              (ai_budget.level_horizon) where it gives one */
    const char *summary;
} ai_level;

/* The levels, ended by {NULL}. */
const ai_level *ai_levels(void);

/* Reads a spec "NAME[:KEY=VALUE...]" (NAME a kind or a level; keys
 * iterations, time, threads, explore, horizon) with the budget `over` (may
 * be NULL) laid over the level's and the spec's own settings over both.
 * Fills *kind and *cfg (cfg->seed untouched); -1 and err on a bad spec. */
int ai_spec_parse(const char *spec, const ai_budget *over, const ai_kind **kind,
                  ai_config *cfg, eng_error *err);
/* The same, an unknown name's error offering ai_spec_names() with `cheats`,
 * else ai_fair_names() (for a command that refuses the oracle). */
int ai_spec_parse_offering(const char *spec, const ai_budget *over, bool cheats,
                           const ai_kind **kind, ai_config *cfg, eng_error *err);
/* "random, thumb, flat, mcts, easy, normal, hard, oracle (...)" */
const char *ai_spec_names(void);
/* The same without the players that cheat: "random, ..., hard". */
const char *ai_fair_names(void);

/* ---- the settings of a spec (ai_levels.c) -------------------------------- */

/* How a setting's value is read into its field of ai_config. */
typedef enum ai_setting_how {
    AI_SET_INT,       /* a number in range, into an int */
    AI_SET_INT_OFF,   /* the same, 0 written as -1 (off) */
    AI_SET_REAL,      /* a number in range, into a double */
    AI_SET_REAL_OFF,  /* the same, 0 written as -1 (off) */
    AI_SET_SWITCH,    /* 0 or 1 (a number above 0 is on), into an int as -1 or 1 */
    AI_SET_CHOICE,    /* one of two words, into an int as its value */
    AI_SET_FILE,      /* a file name or path, into the net field */
} ai_setting_how;

typedef struct ai_setting {
    const char *name;      /* "iterations" */
    const char *value;     /* the value's shape for help: "N", "0|1", "net|heuristic" */
    ai_setting_how how;
    double lo, hi;         /* the range of a number */
    size_t field;          /* offsetof(ai_config, ...) */
    struct {               /* AI_SET_CHOICE: the two words, their values, and the
                              words as a message says them */
        const char *word[2];
        int value[2];
        const char *takes;
    } choice;
    const char *help;      /* one line */
} ai_setting;

/* The settings, in their order, ending with {NULL}. */
const ai_setting *ai_settings(void);

/* ---- what a rule set tells the computer players (ai_hints.c) --------------- */

/* The rule set's search scale for the computer levels (1 unless it says). */
double ai_hints_search_scale(const eng_game *g);
/* The weight a level that plays on to the end gives the final result in
 * this rule set (0 = the level's own). */
double ai_hints_search_finish(const eng_game *g);
/* The playout steps of the level normal in g's rule set; 0 = the
 * search's own. */
int ai_hints_search_horizon(const eng_game *g);
/* Sets b's level_scale, level_finish and level_horizon from g's rule set
 * (g NULL: the levels as listed), leaving the rest of b as it is. */
void ai_budget_for_game(ai_budget *b, const eng_game *g);
/* Do the computer levels plan a side's whole run of decisions in this rule
 * set (its plan_turns)? */
bool ai_hints_plans_turns(const eng_game *g);
/* Does the rule of thumb follow its own decisions inside a combat in this
 * rule set (its thumb_follows)? */
bool ai_hints_thumb_follows(const eng_game *g);
/* The rule set's playout hint for the legal actions acts[0..n-1] of s:
 * writes a weight >= 0 per action (not all 0) and returns true, or returns
 * false when the rule set has none (every action alike). A rule of thumb
 * for quick simulated play, never a rule. */
bool ai_hints_playout_weights(const eng_state *s, const eng_action *acts, int n, double *w);
/* How many numbers the rule set describes a position by (0: it gives none). */
int ai_hints_feature_count(const eng_rules *r);
/* The position s from player's point of view as that many numbers, each
 * about 0..1, into out; false (out untouched) when the rule set gives none.
 * Terminal positions too. */
bool ai_hints_features(const eng_state *s, int player, float *out);
/* The path of the rule set's evaluation network's weights (under the data
 * folder, "data/portable-wargame/eval-net.txt"); false (buf = "") when the
 * rule set names none. The file may still be missing. */
bool ai_hints_eval_net_path(const eng_rules *r, char *buf, size_t n);
/* Do the computer levels judge positions by that network by default? */
bool ai_hints_eval_net_default(const eng_game *g);
/* Does a computer player named as `level` ("hard"; NULL: a tree search named
 * by its kind) judge positions by the rule set's network by default? The
 * rule set's eval_net_default, narrowed to its eval_net_levels if it names
 * any. */
bool ai_hints_eval_net_for_level(const eng_game *g, const char *level);

#endif
