/*
 * tourney_stats.c - the figures of `pocketwar tournament` (see tourney.h):
 * pairwise results, Wilson intervals (of the win rate and of the score,
 * from the lab's statistics, lab_stats.h),
 * Elo ratings, thinking times.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tourney.h"
#include "lab_stats.h"

/* Adds game g's pairwise results between players a and b (from a's side)
 * to *sc. */
static void pairwise(const tourney *t, const tourney_game *g, int a, int b, tourney_score *sc)
{
    for (int s = 0; s < t->seats; s++) {
        if (g->seat_player[s] != a)
            continue;
        for (int u = 0; u < t->seats; u++) {
            if (g->seat_player[u] != b)
                continue;
            sc->results++;
            if (!g->finished) {
                sc->unfinished++;
                sc->draws++;
            } else if (g->returns[s] > g->returns[u] + 1e-9) {
                sc->wins++;
            } else if (g->returns[u] > g->returns[s] + 1e-9) {
                sc->losses++;
            } else {
                sc->draws++;
            }
        }
    }
}

tourney_score tourney_pairing_score(const tourney *t, int pairing)
{
    tourney_score sc = {0};
    for (int i = 0; i < t->ngames; i++)
        if (t->game[i].pairing == pairing)
            pairwise(t, &t->game[i], t->pairing[pairing][0], t->pairing[pairing][1], &sc);
    return sc;
}

void tourney_wilson(int k, int n, double *lo, double *hi)
{
    tourney_wilson_share((double)k, n, lo, hi);
}

void tourney_wilson_share(double k, int n, double *lo, double *hi)
{
    lab_wilson(k, n, 0.95, lo, hi);     /* the lab's statistics (lab_stats.c) */
}

double tourney_points(const tourney_score *sc)
{
    return sc->wins + 0.5 * sc->draws;
}

void tourney_elo(const tourney *t, double *elo)
{
    int n = t->nplayers;
    double *score = calloc((size_t)(n * n), sizeof *score);   /* score[i*n+j]: i's against j */
    double *games = calloc((size_t)(n * n), sizeof *games);
    double *gamma = malloc((size_t)n * sizeof *gamma);
    if (!score || !games || !gamma)
        abort();
    for (int p = 0; p < t->npairings; p++) {
        int a = t->pairing[p][0], b = t->pairing[p][1];
        tourney_score sc = tourney_pairing_score(t, p);
        double played = sc.results + 1.0;               /* and one virtual draw */
        double sa = sc.wins + 0.5 * sc.draws + 0.5;
        score[a * n + b] += sa;
        score[b * n + a] += played - sa;
        games[a * n + b] += played;
        games[b * n + a] += played;
    }
    for (int i = 0; i < n; i++)
        gamma[i] = 1;
    /* minorization-maximization (Hunter, 2004) */
    for (int iter = 0; iter < 10000; iter++) {
        double change = 0;
        for (int i = 0; i < n; i++) {
            double w = 0, d = 0;
            for (int j = 0; j < n; j++) {
                if (j == i || games[i * n + j] == 0)
                    continue;
                w += score[i * n + j];
                d += games[i * n + j] / (gamma[i] + gamma[j]);
            }
            if (d > 0 && w > 0) {
                double g = w / d;
                change = fmax(change, fabs(log(g / gamma[i])));
                gamma[i] = g;
            }
        }
        double norm = gamma[0];
        for (int i = 0; i < n; i++)
            gamma[i] /= norm;
        if (change < 1e-10)
            break;
    }
    for (int i = 0; i < n; i++)
        elo[i] = 400.0 * log10(gamma[i]);
    free(score);
    free(games);
    free(gamma);
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Every thinking time of player's, sorted (NULL if none); *n the count. */
static double *sorted_times(const tourney *t, int player, long *n)
{
    *n = 0;
    for (int i = 0; i < t->ngames; i++)
        for (int s = 0; s < t->seats; s++)
            if (t->game[i].seat_player[s] == player)
                *n += t->game[i].nthink[s];
    if (*n == 0)
        return NULL;
    double *all = malloc((size_t)*n * sizeof *all);
    if (!all)
        abort();
    long k = 0;
    for (int i = 0; i < t->ngames; i++)
        for (int s = 0; s < t->seats; s++)
            if (t->game[i].seat_player[s] == player) {
                memcpy(all + k, t->game[i].think[s], (size_t)t->game[i].nthink[s] * sizeof *all);
                k += t->game[i].nthink[s];
            }
    qsort(all, (size_t)*n, sizeof *all, by_double);
    return all;
}

void tourney_think(const tourney *t, int player, long *count, double *median, double *max)
{
    long n;
    double *all = sorted_times(t, player, &n);
    *count = n;
    *median = *max = 0;
    if (!all)
        return;
    *median = n % 2 ? all[n / 2] : (all[n / 2 - 1] + all[n / 2]) / 2;
    *max = all[n - 1];
    free(all);
}

double tourney_think_quantile(const tourney *t, int player, double q)
{
    long n;
    double *all = sorted_times(t, player, &n);
    if (!all)
        return 0;
    /* nearest rank: the smallest time that a share q of the decisions do
     * not exceed */
    long r = (long)ceil(q * (double)n);
    double v = all[r < 1 ? 0 : r > n ? n - 1 : r - 1];
    free(all);
    return v;
}
