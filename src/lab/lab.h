/*
 * lab.h - the lab: play-testing rule variants side by side with paired
 * games, honest statistics and design metrics (docs/lab.md).
 *
 * A layer above the engine and the computer players: it sees games only
 * through engine.h and players through ai.h, and knows no rule set's
 * details. The files:
 *
 *   lab_exp.c      an experiment: arms, players, games; read from flags or
 *                  its JSON file, checked before any game is played
 *   lab_play.c     one game of an arm, seed and seating, and what it showed
 *   lab_games.c    a game as one line of games.jsonl, and back
 *   lab_run.c      playing an experiment on parallel jobs: progress,
 *                  Ctrl-C, resuming, stopping rules, shards and merging
 *   lab_stats.c    the statistics (lab_stats.h)
 *   lab_compare.c  quantities of a game, paired comparisons, stopping rules
 *   lab_metrics.c  the design metrics of one arm
 *   lab_summary.c  summary.json, summary.csv, verdict lines, the table
 *   lab_report.c   report.html with inline SVG plots
 *   lab_odds.c     one action's exact odds under several arms
 *   lab_bench.c    the lab's throughput
 *   lab_remote.c   games played elsewhere: the transport's hook (lab_remote.h)
 *   lab_mpi.c      Open MPI ranks as that transport, build/pocketwar-mpi only
 *   lab_missing.c  which games a run still lacks, in words
 *   lab_consistency.c  lab merge's per-shard consistency check
 *   lab_sweep.c    sweeps of one option or scenario number; the balance search
 *   lab_sweep_report.c  sweep.html: each metric against the value
 *
 * Paired design: game (arm, seed, seating) plays the arm's game from seed
 * experiment.seed + k with the players in the seating's order (seating 0:
 * players[0] takes side 1; seating 1: swapped). The players' own
 * generators are seeded from the seed and the seat, never from the arm, so
 * the arms share common random numbers. Every figure depends only on the
 * set of games, taken in (arm, seed, seating) order.
 */
#ifndef LAB_H
#define LAB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "engine.h"

#define LAB_MAX_ARMS 16
#define LAB_LABEL_MAX 48
#define LAB_SIDES 2
#define LAB_CONF 0.95

typedef struct lab_arm {
    char label[LAB_LABEL_MAX];
    char *scenario;            /* NULL: the experiment's */
    char *variant;             /* NULL: none (a name or path) */
    json_t *options;           /* KEY=VALUE settings of the arm (object) */
    /* made by lab_exp_prepare */
    eng_game *game;
} lab_arm;

typedef struct lab_exp {
    char *rules;
    char *scenario;            /* NULL: the rule set's default */
    json_t *options;           /* options every arm shares (object) */
    int narms;
    lab_arm arm[LAB_MAX_ARMS];
    char *players[LAB_SIDES];  /* player specs, side 1 and 2 in seating 0 */
    int games;                 /* per arm, both seatings: games / 2 seeds */
    /* the skill set (docs/lab.md): skill[0] against skill[1] in every arm,
     * on the arm's seeds from both seatings, beside the main games and
     * apart from their statistics; NULL: none */
    char *skill[LAB_SIDES];
    int skill_games;           /* per arm, both seatings; 0: the same as games */
    uint64_t seed;             /* the first seed */
    int max_steps;             /* a game not over after this many steps is cut */
    bool records;              /* keep each game's record in records/ */
    /* stopping rules (besides the number of games) */
    bool sprt;
    double sprt_delta, alpha, beta;
    double target_width;       /* 0: none */
    /* one action's exact odds under every arm, in the report (or NULL) */
    json_t *odds_position;     /* a position, as `pocketwar state` prints it */
    char *odds_action;         /* the action's notation there */
    /* made by lab_exp_prepare */
    const eng_rules *r;
    char length_unit[16];      /* "turn" or "round": what a game's length counts */
} lab_exp;

/* ---- lab_exp.c --------------------------------------------------------------- */

void lab_exp_init(lab_exp *e);
void lab_exp_free(lab_exp *e);
/* Adds an arm from "LABEL[:KEY=VALUE...]" (keys variant, scenario, or any
 * variant option); false and err on a bad spec. */
bool lab_exp_add_arm(lab_exp *e, const char *spec, eng_error *err);
/* Reads "A,B" into the players; false and err. */
bool lab_exp_set_players(lab_exp *e, const char *list, eng_error *err);
/* Checks everything and makes each arm's game: the rule set, scenarios,
 * variants and options, the players' names, the numbers. False and err
 * (what is wrong, in words) before any game is played. */
bool lab_exp_prepare(lab_exp *e, eng_error *err);
/* The experiment as its JSON file (caller owns), and back (to prepare). */
json_t *lab_exp_json(const lab_exp *e);
bool lab_exp_from_json(lab_exp *e, const json_t *j, eng_error *err);
/* Seeds per arm: games / 2 rounded up. */
int lab_exp_seeds(const lab_exp *e);
/* The index of the arm labelled label, or -1 (also for NULL). */
int lab_exp_arm(const lab_exp *e, const char *label);
/* The experiment's scenario (an arm may name its own): --scenario, else
 * its rule set's default (NULL for a rule set that does not exist). */
const char *lab_exp_scenario(const lab_exp *e);
/* The games' sets: the main games, and the skill games (--skill A,B). */
enum { LAB_SET_MAIN, LAB_SET_SKILL };
/* Reads "A,B" into the skill set's players; false and err. */
bool lab_exp_set_skill(lab_exp *e, const char *list, eng_error *err);
/* The skill set's games per arm, both seatings: skill_games, else games. */
int lab_exp_skill_games(const lab_exp *e);
/* Seeds per arm of the skill set (0 without one): its games / 2 rounded up. */
int lab_exp_skill_seeds(const lab_exp *e);
/* Seeds per arm of a set (LAB_SET_MAIN or LAB_SET_SKILL). */
int lab_exp_set_seeds(const lab_exp *e, int set);
/* The players of a set: side 1 and 2 in seating 0. */
char *const *lab_exp_players(const lab_exp *e, int set);
/* A player for a seat of game g: the spec read with one thread and, when
 * the spec names iterations (or a level does), no time cap, so that the
 * same seed gives the same game everywhere. NULL and err. */
struct ai_player *lab_player_new(const char *spec, const eng_game *g, uint64_t seed,
                                 eng_error *err);

/* ---- lab_play.c -------------------------------------------------------------- */

typedef struct lab_game {
    int set;                   /* LAB_SET_MAIN or LAB_SET_SKILL */
    int arm;
    uint64_t seed;
    int seating;
    double ret[LAB_SIDES];     /* each side's return, 0..1 */
    int winner;                /* side 0 or 1; -1 drawn or cut */
    bool finished;             /* reached the end (else cut by the step cap) */
    char ending[64];           /* how it ended, in words without names */
    char result[128];          /* the rule set's result text */
    int length;                /* turns or rounds (lab_exp.length_unit) */
    int steps, decisions, chances;
    double branching;          /* mean legal actions per decision */
    json_t *losses;            /* eng_losses at the end, or NULL */
    int neval;
    double *eval;              /* side 1's evaluation after each turn, 0..1 */
    char *record;              /* the record's file, or NULL */
} lab_game;

void lab_game_clear(lab_game *g);
/* Plays game (set, arm, seed index k, seating) of e; writes the record
 * under dir/records/ when e->records. False and err on an internal error. */
bool lab_play(const lab_exp *e, int set, int arm, int k, int seating, const char *dir,
              lab_game *out, eng_error *err);

/* ---- lab_games.c ------------------------------------------------------------- */

/* One game as the JSON object of its games.jsonl line (caller owns). */
json_t *lab_game_json(const lab_exp *e, const lab_game *g);
/* Back from a line; false if it is not one of e's games. */
bool lab_game_from_json(const lab_exp *e, const json_t *j, lab_game *out);
/* Orders games by (set, arm, seed, seating). */
int lab_game_cmp(const void *a, const void *b);

/* ---- lab_run.c ---------------------------------------------------------------- */

typedef struct lab_result {
    int ngames;
    lab_game *game;            /* the main games, in (arm, seed, seating) order */
    int nskill;
    lab_game *skill;           /* the skill set's games, in the same order */
    int seeds;                 /* complete seeds counted (the prefix 0..seeds-1) */
    char stop_reason[160];
    bool interrupted;
} lab_result;

typedef struct lab_run_opts {
    int jobs;
    bool progress;             /* a progress bar on stderr */
    bool resume;               /* dir holds a run to finish */
    int shard, shards;         /* play only seeds k with k % shards == shard
                                  (0 <= shard < shards; shards 0 or 1: all) */
    const struct lab_remote *remote;   /* NULL, or games also played elsewhere
                                          beside the jobs (lab_remote.h) */
} lab_run_opts;

/* Plays e into dir (games.jsonl, the experiment file); on resume, keeps
 * the games already there. Fills res with the games counted. 0; 1 when
 * interrupted by Ctrl-C (res holds what was played); -1 and err. */
int lab_run(const lab_exp *e, const char *dir, const lab_run_opts *o, lab_result *res,
            eng_error *err);
void lab_result_free(lab_result *res);
/* Makes the folder dir and any of its parents that are missing (as
 * mkdir -p); one already there is fine. False and err, naming the part
 * that could not be made, or dir when it is not a folder. */
bool lab_mkdirs(const char *dir, eng_error *err);
/* A new run's folder: made if missing (its parents too), refused when it already holds a
 * run; the experiment file written (experiment.json). False and err. */
bool lab_dir_new(const lab_exp *e, const char *dir, eng_error *err);
/* A run's experiment read back from dir/experiment.json into e (fresh
 * from lab_exp_init), ready for lab_exp_prepare. False and err. */
bool lab_dir_experiment(lab_exp *e, const char *dir, eng_error *err);
/* Merges the games of runs (shards) of one experiment, in dirs[0..n-1],
 * into a new run folder out with its outputs: the same summary.json, byte
 * for byte, as the experiment run whole. False and err when the runs are
 * of different experiments, disagree on a game, or leave a game out. */
bool lab_merge(const char *out, char *const *dirs, int n, eng_error *err);
/* Which rule stops the run after the first `seeds` seeds of every arm
 * (sorted games): 0 go on, else 1 and the reason in words. */
int lab_stop_check(const lab_exp *e, const lab_game *games, int n, int seeds, char *why,
                   size_t len);
/* Reads dir/games.jsonl into res (sorted, duplicates dropped, the skill
 * set's games apart in skill, a torn last line ignored); false and err. */
bool lab_games_load(const lab_exp *e, const char *dir, lab_result *res, eng_error *err);

/* ---- lab_missing.c ------------------------------------------------------------ */

/* Tells out which of the games of e (of shard `shard` of `shards`) dir's
 * games.jsonl lacks, naming the first few. The number missing; -1 when
 * the file cannot be read (nothing told). */
int lab_missing_tell(const lab_exp *e, const char *dir, int shard, int shards, FILE *out);

#endif
