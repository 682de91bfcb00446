/*
 * lab_compare.c - quantities of a game, paired arm-against-arm
 * comparisons and the stopping rules (lab_compare.h, lab.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lab_compare.h"

const char *const lab_quantity_name[LAB_Q_COUNT] = {"side1_score", "side1_win", "draw",
                                                    "player1_score", "length"};

double lab_value(const lab_game *g, lab_quantity q)
{
    switch (q) {
    case LAB_Q_SIDE1: return g->ret[0];
    case LAB_Q_WIN1: return g->winner == 0;
    case LAB_Q_DRAW: return g->winner < 0;
    case LAB_Q_PLAYER1: return g->seating == 0 ? g->ret[0] : g->ret[1];
    case LAB_Q_LENGTH: return g->length;
    default: return 0;
    }
}

int lab_arm_games(const lab_game *games, int n, int arm, int *first)
{
    int i = 0;
    while (i < n && games[i].arm < arm)
        i++;
    *first = i;
    int k = 0;
    while (i + k < n && games[i + k].arm == arm)
        k++;
    return k;
}

double *lab_differences(const lab_game *games, int n, int a, int b, lab_quantity q, long *m)
{
    int fa, fb;
    int na = lab_arm_games(games, n, a, &fa), nb = lab_arm_games(games, n, b, &fb);
    double *d = malloc(((size_t)(na < nb ? na : nb) + 1) * sizeof *d);
    if (!d)
        abort();
    *m = 0;
    int i = 0, j = 0;
    while (i < na && j < nb) {         /* both sorted by (seed, seating) */
        const lab_game *x = &games[fa + i], *y = &games[fb + j];
        if (x->seed == y->seed && x->seating == y->seating) {
            d[(*m)++] = lab_value(y, q) - lab_value(x, q);
            i++;
            j++;
        } else if (x->seed < y->seed || (x->seed == y->seed && x->seating < y->seating)) {
            i++;
        } else {
            j++;
        }
    }
    return d;
}

lab_paired lab_compare(const lab_game *games, int n, int a, int b, lab_quantity q,
                       double level)
{
    long m;
    double *d = lab_differences(games, n, a, b, q, &m);
    lab_paired p = lab_paired_test(d, m, level);
    free(d);
    return p;
}

double lab_pair_level(const lab_exp *e)
{
    int npairs = e->narms * (e->narms - 1) / 2;
    return npairs > 1 ? 1 - (1 - LAB_CONF) / npairs : LAB_CONF;
}

int lab_stop_check(const lab_exp *e, const lab_game *games, int n, int seeds, char *why,
                   size_t len)
{
    if (e->sprt) {
        int decided = 0, accepted = 0;
        double llr = 0, lower = 0, upper = 0;
        for (int b = 1; b < e->narms; b++) {
            long m;
            double *d = lab_differences(games, n, 0, b, LAB_Q_SIDE1, &m);
            lab_sprt s = lab_sprt_test(d, m, e->sprt_delta, e->alpha, e->beta);
            free(d);
            decided += s.decision != 0;
            accepted += s.decision > 0;
            llr = s.llr;
            lower = s.lower;
            upper = s.upper;
        }
        if (decided == e->narms - 1) {
            if (e->narms == 2)
                snprintf(why, len, "the sequential test decided after %d seeds: %s "
                         "(LLR %.2f, bounds %.2f and %.2f)", seeds,
                         accepted ? "a difference of the stated size" : "no difference",
                         llr, lower, upper);
            else
                snprintf(why, len, "the sequential test decided every comparison after %d "
                         "seeds (%d found a difference)", seeds, accepted);
            return 1;
        }
    }
    if (e->target_width > 0 && seeds >= 10) {
        double widest = 0;
        for (int a = 0; a < e->narms; a++) {
            int f, k = lab_arm_games(games, n, a, &f);
            double sum = 0, lo, hi;
            for (int i = 0; i < k; i++)
                sum += games[f + i].ret[0];
            lab_wilson(sum, k, LAB_CONF, &lo, &hi);
            widest = fmax(widest, hi - lo);
            if (a > 0) {
                /* at the level the summary prints it */
                lab_paired p = lab_compare(games, n, 0, a, LAB_Q_SIDE1, lab_pair_level(e));
                widest = fmax(widest, p.hi - p.lo);
            }
        }
        if (widest < e->target_width) {
            snprintf(why, len, "every interval of interest was narrower than %g after %d "
                     "seeds (widest %.3f)", e->target_width, seeds, widest);
            return 1;
        }
    }
    return 0;
}
