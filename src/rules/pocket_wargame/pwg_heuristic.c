/*
 * pwg_heuristic.c - what the computer players use to judge a position short
 * of the end and to play quickly through one: the heuristic estimate and
 * the playout hint. Neither is a rule; the rules never call them.
 *
 * Tried and left out (measured no stronger against the rule of thumb,
 * docs/ai.md): lessening each force's strength by the damage it can expect
 * from shots and melees already set up.
 */
#include "pwg.h"

/* Material share (steady 2, wavering 1, units still to come 2), blended
 * half and half with the share of points when the scenario scores points. */
double pwg_heuristic(const void *data, const void *st, int player)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    if (s->stage == PWG_S_OVER) {
        double r[PWG_MAX_FORCES];
        pwg_returns(d, s, r);
        return r[player];
    }
    double mine = 0, total = 0, pmine = 0, ptotal = 0;
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        int str = 0;
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++) {
            int c = s->cond[u];
            str += c == PWG_STEADY || c == PWG_UNPLACED || c == PWG_RESERVE ? 2
                 : c == PWG_WAVERING ? 1 : 0;
        }
        int pts = s->points[f] > 0 ? s->points[f] : 0;
        total += str;
        ptotal += pts + 1;
        if (f == player) {
            mine = str;
            pmine = pts + 1;
        }
    }
    double h = total > 0 ? mine / total : 1.0 / d->nforces;
    if (d->scores_points)
        h = 0.5 * h + 0.5 * pmine / ptotal;
    return h;
}

/* The playout hint's weight by kind of action: 0.3 for `end`, 8 for a
 * shot, 3 for a cancel, 1 for the rest. */
static const double by_kind[PWG_A_READY + 1] = {
    [PWG_A_NONE] = 1, [PWG_A_END] = 0.3, [PWG_A_DEAL] = 1, [PWG_A_FIRST] = 1,
    [PWG_A_DEPLOY] = 1, [PWG_A_MOVE] = 1, [PWG_A_SHOOT] = 8, [PWG_A_TOSS] = 1,
    [PWG_A_DAMAGE] = 1, [PWG_A_CANCEL] = 3, [PWG_A_ACCEPT] = 1, [PWG_A_ALLY] = 1,
    [PWG_A_HOSTILE] = 1, [PWG_A_READY] = 1,
};

void pwg_playout_table(pwg_data *d)
{
    for (int k = 0; k < 256; k++)
        d->playout_weight[k] = k <= PWG_A_READY ? by_kind[k] : 1;
}

/* The playout hint: a quick simulated player shoots whenever it can, saves
 * its units with a cancel more often than not, seldom ends a phase before
 * its units have acted, and never makes a plainly wrong deployment
 * (pwg_blunder.c). */
void pwg_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w)
{
    /* a weight by kind of action, looked up (d->playout_weight, every
     * kind's) rather than switched on: the search asks this at every step
     * of every playout */
    const pwg_data *d = data;
    for (int i = 0; i < n; i++)
        w[i] = d->playout_weight[PWG_KIND(acts[i])];
    /* ending the phase with a shot to be had is plainly wrong: no weight
     * (shots are listed in the Ranged phase alone) */
    if (((const pwg_state *)st)->stage == PWG_S_RANGED) {
        bool shot = false;
        for (int i = 0; i < n; i++)
            shot |= PWG_KIND(acts[i]) == PWG_A_SHOOT;
        for (int i = 0; shot && i < n; i++)
            if (PWG_KIND(acts[i]) == PWG_A_END)
                w[i] = 0;
    }
    pwg_blunder_weights(data, st, acts, n, w);
}
