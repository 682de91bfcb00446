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
 */
#include <stdlib.h>
#include "ptw.h"

#define PTW_WIRE_NEAR 3

/* The living enemy of unit u nearest to it, or -1; remembered in the
 * cache for the other actions of the same list. */
static int nearest_enemy(const ptw_data *d, const ptw_state *s, ptw_near_cache *c, int u,
                         int *dist)
{
    if (c->known[u]) {
        *dist = c->dist[u];
        return c->enemy[u];
    }
    int side = ptw_side_of(d, u), best = -1;
    *dist = 1 << 20;
    for (int v = 0; v < d->nunits; v++) {
        if (ptw_side_of(d, v) == side || !ptw_alive(s, v))
            continue;
        int k = ptw_dist(d, s->loc[u], s->loc[v]);
        if (k < *dist) {
            *dist = k;
            best = v;
        }
    }
    c->known[u] = true;
    c->enemy[u] = (int16_t)best;
    c->dist[u] = *dist;
    return best;
}

static bool has_kind(const eng_action *acts, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (PTW_KIND(acts[i]) == kind)
            return true;
    return false;
}

bool ptw_plainly_wrong(const ptw_data *d, const ptw_state *s, ptw_near_cache *c,
                       eng_action a, const eng_action *acts, int n)
{
    int u = PTW_FU(a), dist;
    switch (PTW_KIND(a)) {
    case PTW_A_FACE: {
        if (s->stage != PTW_S_ACT || u >= d->nunits || !ptw_alive(s, u))
            return false;
        int e = nearest_enemy(d, s, c, u, &dist);
        if (e < 0)
            return false;
        int dir = PTW_FV(a);
        int dx = (int)d->x[s->loc[e]] - (int)d->x[s->loc[u]];
        int dy = (int)d->y[s->loc[e]] - (int)d->y[s->loc[u]];
        return dx * ptw_dx[dir] + dy * ptw_dy[dir] < 0;
    }
    case PTW_A_WIRE:
        if (u >= d->nunits || !ptw_alive(s, u))
            return false;
        return nearest_enemy(d, s, c, u, &dist) >= 0 && dist > PTW_WIRE_NEAR;
    case PTW_A_MOVE:
        if (s->stage != PTW_S_ACT || s->active != u || s->act_steps == 0 ||
            !ptw_alive(s, u))
            return false;
        return PTW_FSQ(a) == d->nbr[s->loc[u]][ptw_opposite(s->facing[u])];
    case PTW_A_END:
    case PTW_A_DONE:
        return has_kind(acts, n, PTW_A_FIRE) || has_kind(acts, n, PTW_A_BOMBARD);
    default:
        return false;
    }
}
