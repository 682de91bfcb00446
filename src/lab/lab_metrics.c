/*
 * lab_metrics.c - the design metrics of one arm (lab_metrics.h), each
 * interval within what its metric can be.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lab_metrics.h"
#include "lab_compare.h"

static lab_est share(double k, int n)
{
    lab_est e = {n ? k / n : 0, 0, 1};
    lab_wilson(k, n, LAB_CONF, &e.lo, &e.hi);
    return e;
}

int lab_lead_changes(const double *eval, int n)
{
    int leader = 0, changes = 0;
    for (int i = 0; i < n; i++) {
        int now = eval[i] > 0.5 ? 1 : eval[i] < 0.5 ? -1 : 0;
        if (now == 0)
            continue;                   /* level: nobody leads, nothing changes */
        if (leader != 0 && now != leader)
            changes++;
        leader = now;
    }
    return changes;
}

void lab_drama(const double *eval, int n, int winner, double *depth, double *time,
               double *decisive)
{
    *depth = *time = 0;
    *decisive = 1;
    if (n <= 0)
        return;
    double low = 1;
    int behind = 0, lock = n - 1;
    /* the last entry is the result; the turns before it are judged */
    for (int i = 0; i < n - 1; i++) {
        double v = winner == 0 ? eval[i] : 1 - eval[i];
        low = fmin(low, v);
        behind += v < 0.5;
    }
    for (int i = n - 1; i >= 0; i--) {
        double v = winner == 0 ? eval[i] : 1 - eval[i];
        if (v <= 0.5)
            break;
        lock = i;
    }
    if (n > 1) {
        *depth = low < 0.5 ? 1 - 2 * low : 0;
        *time = (double)behind / (n - 1);
        *decisive = 1 - (double)lock / (n - 1);
    }
}

/* A mean's interval cut to what the figure can be (a t interval over few
 * or skewed games can reach past it: decisiveness 0.92 (0.74 to 1.10)). */
static void within(lab_mean *x, double lo, double hi)
{
    lab_clamp(&x->lo, &x->hi, lo, hi);
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void lab_metrics_of(const lab_game *g, int k, lab_metrics *m)
{
    memset(m, 0, sizeof *m);
    m->games = k;
    double s1 = 0, w1 = 0, w2 = 0, dr = 0, drawn = 0, cut = 0, limit = 0, p1 = 0;
    double *len = malloc(((size_t)k + 1) * sizeof *len), *dec = malloc(((size_t)k + 1) * sizeof *dec);
    double *br = malloc(((size_t)k + 1) * sizeof *br), *lc = malloc(((size_t)k + 1) * sizeof *lc);
    double *dd = malloc(((size_t)k + 1) * sizeof *dd), *dt = malloc(((size_t)k + 1) * sizeof *dt);
    double *dv = malloc(((size_t)k + 1) * sizeof *dv);
    if (!len || !dec || !br || !lc || !dd || !dt || !dv)
        abort();
    int nd = 0, comeback = 0;
    for (int i = 0; i < k; i++) {
        const lab_game *x = &g[i];
        s1 += x->ret[0];
        w1 += x->winner == 0;
        w2 += x->winner == 1;
        dr += x->winner < 0;
        drawn += x->finished && x->winner < 0;
        cut += !x->finished;
        limit += strstr(x->ending, "at the limit") != NULL;
        p1 += x->seating == 0 ? x->ret[0] : x->ret[1];
        len[i] = x->length;
        dec[i] = x->decisions;
        br[i] = x->branching;
        lc[i] = lab_lead_changes(x->eval, x->neval);
        if (x->winner >= 0) {
            lab_drama(x->eval, x->neval, x->winner, &dd[nd], &dt[nd], &dv[nd]);
            comeback += dd[nd] > 0;
            nd++;
        }
        int e = 0;
        while (e < m->nendings && strcmp(m->ending[e].text, x->ending))
            e++;
        if (e == m->nendings && m->nendings < LAB_MAX_ENDINGS)
            snprintf(m->ending[m->nendings++].text, sizeof m->ending[0].text, "%s", x->ending);
        if (e < m->nendings)
            m->ending[e].count++;
    }
    m->side1_score = share(s1, k);
    m->side2_score = share(k - s1, k);
    m->side1_win = share(w1, k);
    m->side2_win = share(w2, k);
    m->draw = share(dr, k);
    m->side_advantage = (lab_est){m->side1_score.value - 0.5, m->side1_score.lo - 0.5,
                                  m->side1_score.hi - 0.5};
    /* balance from side 1's score s: 1 - |2s - 1|, at most 1 where the
     * interval holds 0.5 */
    double lo = m->side1_score.lo, hi = m->side1_score.hi;
    m->balance.value = 1 - fabs(2 * m->side1_score.value - 1);
    m->balance.hi = lo <= 0.5 && hi >= 0.5 ? 1 : fmax(1 - fabs(2 * lo - 1), 1 - fabs(2 * hi - 1));
    m->balance.lo = fmin(1 - fabs(2 * lo - 1), 1 - fabs(2 * hi - 1));
    m->drawishness = share(drawn, k);
    m->step_caps = share(cut, k);
    m->at_limit = share(limit, k);
    m->player1_score = share(p1, k);
    m->duration = lab_mean_ci(len, k, LAB_CONF);
    m->decisions = lab_mean_ci(dec, k, LAB_CONF);
    m->branching = lab_mean_ci(br, k, LAB_CONF);
    m->lead_changes = lab_mean_ci(lc, k, LAB_CONF);
    m->comebacks = share(comeback, nd);
    m->drama_depth = lab_mean_ci(dd, nd, LAB_CONF);
    m->drama_time = lab_mean_ci(dt, nd, LAB_CONF);
    m->decisiveness = lab_mean_ci(dv, nd, LAB_CONF);
    within(&m->duration, 0, INFINITY);
    within(&m->decisions, 0, INFINITY);
    within(&m->branching, 0, INFINITY);
    within(&m->lead_changes, 0, INFINITY);
    within(&m->drama_depth, 0, 1);
    within(&m->drama_time, 0, 1);
    within(&m->decisiveness, 0, 1);
    if (k > 0) {
        qsort(len, (size_t)k, sizeof *len, by_double);
        m->duration_min = len[0];
        m->duration_max = len[k - 1];
        m->duration_median = lab_quantile(len, k, 0.5);
    }
    for (int e = 0; e < m->nendings; e++)
        m->ending[e].share = share(m->ending[e].count, k);
    /* endings most common first, then by name: the same order everywhere */
    for (int a = 1; a < m->nendings; a++)
        for (int b = a; b > 0; b--) {
            lab_ending *x = &m->ending[b - 1], *y = &m->ending[b];
            if (x->count > y->count || (x->count == y->count && strcmp(x->text, y->text) <= 0))
                break;
            lab_ending t = *x;
            *x = *y;
            *y = t;
        }
    free(len);
    free(dec);
    free(br);
    free(lc);
    free(dd);
    free(dt);
    free(dv);
}

lab_est lab_skill(const lab_game *g, int k)
{
    double a = 0;
    for (int i = 0; i < k; i++)
        a += lab_value(&g[i], LAB_Q_PLAYER1);
    return share(a, k);
}
