/*
 * lab_metrics.h - the design metrics of one arm, each with its 95%
 * interval (lab_metrics.c; definitions in docs/lab.md): scores, side
 * advantage, balance, drawishness, step caps, duration, endings,
 * branching, lead changes, drama, decisiveness and the first player's
 * score (skill, when the players differ).
 */
#ifndef LAB_METRICS_H
#define LAB_METRICS_H

#include "lab.h"
#include "lab_stats.h"

#define LAB_MAX_ENDINGS 12

typedef struct lab_est {
    double value, lo, hi;
} lab_est;

typedef struct lab_ending {
    char text[64];
    int count;
    lab_est share;
} lab_ending;

typedef struct lab_metrics {
    int games;
    lab_est side1_score, side2_score;   /* wins plus half draws, per side */
    lab_est side1_win, side2_win, draw; /* rates */
    lab_est side_advantage;             /* side1_score - 0.5 */
    lab_est balance;                    /* 1 - |side1_score - side2_score| */
    lab_est drawishness;                /* games drawn at their end */
    lab_est step_caps;                  /* games cut by the step cap */
    lab_est at_limit;                   /* games that reached the turn or round limit */
    lab_mean duration;                  /* turns or rounds */
    double duration_median, duration_min, duration_max;
    lab_mean decisions;
    lab_mean branching;                 /* legal actions per decision, mean per game */
    lab_mean lead_changes;              /* per game */
    lab_est comebacks;                  /* decided games whose winner was behind once */
    lab_mean drama_depth;               /* decided games: how far behind, 0..1 */
    lab_mean drama_time;                /* decided games: share of turns behind */
    lab_mean decisiveness;              /* decided games: 1 - when ahead to stay */
    lab_est player1_score;              /* the first player's score, both seatings */
    int nendings;
    lab_ending ending[LAB_MAX_ENDINGS];
} lab_metrics;

/* Per-game figures behind the metrics (docs/lab.md). */
int lab_lead_changes(const double *eval, int n);
/* For a game won by side `winner` (0 or 1): how far behind the winner was
 * at worst (1 - 2 * its lowest evaluation, at least 0), the share of turns
 * it was behind, and its decisiveness (1 - the share of the game gone when
 * it went ahead to stay). */
void lab_drama(const double *eval, int n, int winner, double *depth, double *time,
               double *decisive);

/* The metrics of the k games g[0..k-1] of one arm. */
void lab_metrics_of(const lab_game *g, int k, lab_metrics *m);
/* Skill: the score of the skill set's player A over its k games g[0..k-1]
 * in one arm, both seatings, (W + D/2) / k with its Wilson interval. */
lab_est lab_skill(const lab_game *g, int k);

#endif
