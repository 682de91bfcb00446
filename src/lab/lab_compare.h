/*
 * lab_compare.h - the quantities read off each game of the lab, arm
 * against arm comparisons paired by seed and seating, and the stopping
 * rules that look at them (lab_compare.c).
 */
#ifndef LAB_COMPARE_H
#define LAB_COMPARE_H

#include "lab.h"
#include "lab_stats.h"

/* What one game says, as a number. */
typedef enum lab_quantity {
    LAB_Q_SIDE1,        /* side 1's score: 1 won, 0.5 drawn (or cut), 0 lost */
    LAB_Q_WIN1,         /* side 1 won: 1 or 0 */
    LAB_Q_DRAW,         /* no winner: drawn or cut */
    LAB_Q_PLAYER1,      /* the first player's score, whichever side it held */
    LAB_Q_LENGTH,       /* turns or rounds */
    LAB_Q_COUNT
} lab_quantity;

extern const char *const lab_quantity_name[LAB_Q_COUNT];   /* "side1_score", ... */

double lab_value(const lab_game *g, lab_quantity q);

/* The games of one arm among games[0..n-1] (sorted): its first index and
 * count. */
int lab_arm_games(const lab_game *games, int n, int arm, int *first);

/* Arm b against arm a on quantity q: the differences b - a over the games
 * both played (same seed, same seating), paired, with an interval of
 * confidence level (LAB_CONF, or less than it per pair when several pairs
 * share it). */
lab_paired lab_compare(const lab_game *games, int n, int a, int b, lab_quantity q,
                       double level);
/* The confidence level of each comparison between arms: LAB_CONF for
 * every pair of arms together (Bonferroni), so LAB_CONF itself with two
 * arms and more than it with three or more. */
double lab_pair_level(const lab_exp *e);
/* The paired differences themselves (caller frees), *m their count. */
double *lab_differences(const lab_game *games, int n, int a, int b, lab_quantity q, long *m);

#endif
