/*
 * tourney.h - what the files of `pocketwar tournament` share, and nothing
 * outside them includes:
 *
 *   cmd_tournament.c  options, the schedule, the table and the JSON
 *   tourney_run.c     playing the games on parallel jobs, with progress
 *   tourney_stats.c   win rates with Wilson intervals, Elo by maximum
 *                     likelihood, medians
 *
 * A tournament is a round robin of pairings between computer players. In
 * game g of a pairing (A, B), seat s is taken by A when s + g is even and
 * by B when it is odd: two seats swap every game, three or four rotate.
 * Games 2k and 2k+1 share the seed base + k, so each deal is played from
 * both sides. A game between several seats counts as one result for every
 * pair of seats held by A and B: a win for the one with the greater
 * return, a draw when equal.
 */
#ifndef TOURNEY_H
#define TOURNEY_H

#include <pthread.h>
#include "cli.h"

typedef struct tourney_game {
    int pairing, round;
    uint64_t seed;
    int seat_player[ENG_MAX_PLAYERS];   /* index into the players */
    /* results, filled by the job that played it */
    bool finished;                      /* reached the end (not cut at max steps) */
    double returns[ENG_MAX_PLAYERS];
    size_t steps;
    double *think[ENG_MAX_PLAYERS];     /* seconds per decision with a choice, by seat */
    int nthink[ENG_MAX_PLAYERS];
    char *error;                        /* an internal error, or NULL */
} tourney_game;

typedef struct tourney {
    /* the setup */
    cli_game_opts *go;
    const cli_ai_opts *ao;
    int nplayers;
    char **players;                     /* specs as given */
    int seats;                          /* sides in one game */
    int games;                          /* per pairing */
    int npairings;
    int (*pairing)[2];
    int jobs;
    int max_steps;
    const char *records;                /* folder for each game's record, or NULL */
    bool progress;
    /* the games */
    int ngames;
    tourney_game *game;
    /* shared while running */
    pthread_mutex_t lock;
    int next, done;
    double started, reported;
} tourney;

/* Pairwise results of one pairing, from its first player's side. */
typedef struct tourney_score {
    int results, wins, draws, losses, unfinished;
} tourney_score;

/* ---- tourney_run.c --------------------------------------------------------- */

/* Plays every game on t->jobs threads, with progress lines on stderr;
 * 0, or -1 after an internal error was reported. */
int tourney_play(tourney *t);

/* ---- tourney_stats.c ------------------------------------------------------- */

tourney_score tourney_pairing_score(const tourney *t, int pairing);
/* The 95% Wilson score interval of k successes in n, taken as independent
 * (the results of one game of three or four sides are not: too narrow). */
void tourney_wilson(int k, int n, double *lo, double *hi);
/* The same for a share k of n that may be fractional: a pairing's score
 * (wins plus half the draws). Each result is taken as a win or a loss at
 * the score's rate, so draws, which vary less than that, make the interval
 * a little wider than it need be, never narrower. */
void tourney_wilson_share(double k, int n, double *lo, double *hi);
/* A pairing's score in points: wins plus half the draws. */
double tourney_points(const tourney_score *sc);
/* Elo ratings (elo[0] = 0) from every pairwise result, by maximum
 * likelihood (Bradley-Terry, a draw half a win each way) with one drawn
 * game added to each pairing so that a clean sweep stays finite. */
void tourney_elo(const tourney *t, double *elo);
/* A player's decisions with a choice: count, median and longest, seconds. */
void tourney_think(const tourney *t, int player, long *count, double *median, double *max);

/* ---- decision time (tourney_stats.c) ---------------------------------------- */

/* The time (seconds) that a share q (0..1) of player's decisions with a
 * choice do not exceed, by nearest rank (q = 0.99: the 99th percentile);
 * 0 if none. */
double tourney_think_quantile(const tourney *t, int player, double q);

#endif
