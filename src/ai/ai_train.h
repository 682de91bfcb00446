/*
 * ai_train.h - training the learned evaluation (ai_net.h) by self-play:
 * games between quick players with a share of exploring moves, positions
 * sampled along them as the rule set's features from each side's point of
 * view, and a network fitted to what those positions came to. Single
 * threaded and seeded: the same options give the same weights.
 */
#ifndef AI_TRAIN_H
#define AI_TRAIN_H

#include "ai_net.h"

#define AI_TRAIN_MAX_COMPARE 4

typedef struct ai_train_opts {
    int games;             /* self-play games */
    uint64_t seed;         /* every game's dice, every player and the fit */
    const char *player;    /* the self-play player's spec ("thumb") */
    double explore;        /* chance a decision is drawn by the playout hint instead */
    int every;             /* a position sampled every this many steps */
    double holdout;        /* share of the games (the last) kept out of the fit */
    int hidden;            /* hidden units */
    int epochs;            /* passes over the training positions */
    double rate;           /* the step size (Adam) */
    double lambda;         /* 1: fit to each game's result; below 1: TD(lambda),
                              each position's target the lambda-return of the
                              network's own judgement of the positions after it */
    int max_steps;         /* a game stopped after this many steps counts a draw */
    /* other networks judged on the same held-out positions (may be NULL) */
    const ai_net *const *compare;
    int ncompare;          /* at most AI_TRAIN_MAX_COMPARE */
    /* progress lines ("game 100 of 1000 ..."); may be NULL */
    void (*progress)(void *ctx, const char *line);
    void *ctx;
} ai_train_opts;

/* The defaults: 1000 games of thumb, explore 0.1, every 6th step, 10% held
 * out, 48 hidden units, 12 epochs, rate 0.002, lambda 1. */
ai_train_opts ai_train_defaults(void);

typedef struct ai_train_report {
    int games, train_games, test_games;
    int results[3];        /* self-play: side 1 won, side 2 won, drawn */
    long train_n, test_n;  /* positions (each counted from both sides) */
    double play_seconds, fit_seconds;
    double train_loss;     /* log loss on the training positions, last epoch */
    double test_loss;      /* ... on the held-out games' positions */
    double heur_loss;      /* the heuristic's, read as a chance of winning */
    double test_acc;       /* held-out positions of decided games whose winner
                              the network names (its chance above one half) */
    double heur_acc;       /* ... the heuristic's */
    double compare_loss[AI_TRAIN_MAX_COMPARE];  /* the networks to compare, likewise */
    double compare_acc[AI_TRAIN_MAX_COMPARE];
} ai_train_report;

/* Plays, samples and fits on game g's rule set; the new network, or NULL
 * and err (a bad player spec, a rule set without features). */
ai_net *ai_train_run(const eng_game *g, const ai_train_opts *o, ai_train_report *rep,
                     eng_error *err);

#endif
