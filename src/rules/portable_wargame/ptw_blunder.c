/*
 * ptw_blunder.c - The Portable Wargame's plainly wrong moves, for the
 * playout hint (ptw_heuristic.c), which gives them no weight: the tree
 * search then never tries them while anything else is legal, and its quick
 * simulated players never make them. A wargamer's sense, never a rule:
 *
 *   turning a unit so that the nearest enemy stands behind its front;
 *   laying wire more than PTW_WIRE_NEAR squares from every enemy;
 *   a step straight back the way the unit has just stepped (after a step a
 *     unit faces the way it stepped, so that is the square behind it);
 *   ending the side's part, or a unit's activation, or the laying of guns,
 *     while a shot or a bombardment is still to be had.
 *
 * It runs at every step of every playout, so it does the least it can: one
 * pass over the list, each side's living units gathered once and each
 * unit's nearest enemy worked out once, only for units with a facing or
 * wire to judge.
 */
#include <stdlib.h>
#include "ptw.h"

#define PTW_WIRE_NEAR 3

/* The living units of each side, gathered once per list (in unit order, so
 * the nearest is the first at its distance, as a scan would find it), and
 * each unit's nearest enemy once asked. */
typedef struct near_cache {
    uint64_t known;             /* a bit per unit whose nearest enemy is worked out */
    bool gathered[2];
    int nfoe[2];
    uint8_t foe[2][PTW_MAX_UNITS];
    uint8_t fx[2][PTW_MAX_UNITS], fy[2][PTW_MAX_UNITS];
    int16_t enemy[PTW_MAX_UNITS];
    int16_t dist[PTW_MAX_UNITS];
    uint8_t away[PTW_MAX_UNITS];   /* the facings that turn u's back on that enemy */
} near_cache;

/* Works out u's nearest living enemy, its distance and the facings away
 * from it, once per list. */
static void nearest_of(const ptw_data *d, const ptw_state *s, near_cache *c, int u)
{
    int e = 1 - ptw_side_of(d, u);
    if (!c->gathered[e]) {
        const ptw_side *f = &d->side[e];
        int n = 0;
        for (int v = f->first_unit; v < f->first_unit + f->nunits; v++)
            if (ptw_alive(s, v)) {
                c->foe[e][n] = (uint8_t)v;
                c->fx[e][n] = d->x[s->loc[v]];
                c->fy[e][n] = d->y[s->loc[v]];
                n++;
            }
        c->nfoe[e] = n;
        c->gathered[e] = true;
    }
    int best = -1, bd = 1 << 14, x = d->x[s->loc[u]], y = d->y[s->loc[u]];
    for (int i = 0; i < c->nfoe[e]; i++) {
        int k = abs((int)c->fx[e][i] - x) + abs((int)c->fy[e][i] - y);
        if (k < bd) {
            bd = k;
            best = c->foe[e][i];
        }
    }
    c->known |= UINT64_C(1) << u;
    c->enemy[u] = (int16_t)best;
    c->dist[u] = (int16_t)bd;
    c->away[u] = 0;
    if (best >= 0) {
        int dx = (int)d->x[s->loc[best]] - x, dy = (int)d->y[s->loc[best]] - y;
        for (int dir = 0; dir < 4; dir++)
            if (dx * ptw_dx[dir] + dy * ptw_dy[dir] < 0)
                c->away[u] |= (uint8_t)(1u << dir);
    }
}

/* The living enemy of unit u nearest to it (-1 if none), its distance in
 * *dist; remembered for the other actions of the same list. */
static inline int nearest_enemy(const ptw_data *d, const ptw_state *s, near_cache *c, int u,
                                int *dist)
{
    if (!((c->known >> u) & 1))
        nearest_of(d, s, c, u);
    *dist = c->dist[u];
    return c->enemy[u];
}

static bool face_away(const ptw_data *d, const ptw_state *s, near_cache *c, eng_action a)
{
    int u = PTW_FU(a);
    if (s->stage != PTW_S_ACT || u >= d->nunits || !ptw_alive(s, u))
        return false;
    if (!((c->known >> u) & 1))
        nearest_of(d, s, c, u);
    return (c->away[u] >> (PTW_FV(a) & 3)) & 1;
}

static bool wire_far(const ptw_data *d, const ptw_state *s, near_cache *c, eng_action a)
{
    int u = PTW_FU(a), dist;
    if (u >= d->nunits || !ptw_alive(s, u))
        return false;
    return nearest_enemy(d, s, c, u, &dist) >= 0 && dist > PTW_WIRE_NEAR;
}

static bool straight_back(const ptw_data *d, const ptw_state *s, eng_action a)
{
    int u = PTW_FU(a);
    if (s->stage != PTW_S_ACT || s->active != u || s->act_steps == 0 || !ptw_alive(s, u))
        return false;
    return PTW_FSQ(a) == d->nbr[s->loc[u]][ptw_opposite(s->facing[u])];
}

void ptw_blunder_weights(const ptw_data *d, const ptw_state *s, const eng_action *acts, int n,
                         double *w)
{
    /* one pass; an `end` or `done` (last in a listing, but wherever it is)
     * is judged once the whole list has said whether a shot is to be had */
    bool shot = false;
    int closing = 0;
    near_cache c;
    bool cache_ready = false;
    for (int i = 0; i < n; i++) {
        int k = PTW_KIND(acts[i]);
        bool wrong = false;
        if (k == PTW_A_FIRE || k == PTW_A_BOMBARD) {
            shot = true;
        } else if (k == PTW_A_END || k == PTW_A_DONE) {
            closing++;
        } else if (k == PTW_A_MOVE) {
            wrong = straight_back(d, s, acts[i]);
        } else if (k == PTW_A_FACE || k == PTW_A_WIRE) {
            if (!cache_ready) {
                c.known = 0;
                c.gathered[0] = c.gathered[1] = false;
                cache_ready = true;
            }
            wrong = k == PTW_A_FACE ? face_away(d, s, &c, acts[i]) : wire_far(d, s, &c, acts[i]);
        }
        if (wrong)
            w[i] = 0;
    }
    for (int i = n - 1; shot && closing > 0 && i >= 0; i--)
        if (PTW_KIND(acts[i]) == PTW_A_END || PTW_KIND(acts[i]) == PTW_A_DONE) {
            w[i] = 0;
            closing--;
        }
}
