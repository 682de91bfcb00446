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
 * pass over the list, what the stage and the active unit decide worked out
 * once for the list, each side's living units gathered once and each
 * unit's nearest enemy worked out once (one comparison a unit: distance and
 * unit order in one key), only for units with a facing or wire to judge;
 * the facings away from that enemy come from the signs of its offset.
 * Debug builds work the facings out the plain way too and abort if they
 * differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include "ptw.h"

#define PTW_WIRE_NEAR 3

/* Where the living units of each side stand, gathered once per list (in
 * unit order, so the nearest is the first at its distance, as a scan would
 * find it), and each unit's distance to its nearest enemy once asked. */
typedef struct near_cache {
    uint64_t known;             /* a bit per unit whose nearest enemy is worked out */
    bool gathered[2];
    int nfoe[2];
    int16_t fx[2][PTW_MAX_UNITS], fy[2][PTW_MAX_UNITS];
    int16_t dist[PTW_MAX_UNITS];
    uint8_t away[PTW_MAX_UNITS];   /* the facings that turn u's back on that enemy */
} near_cache;

/* The facings (a bit each) whose front points away from an enemy at offset
 * (dx, dy): those with dx * ptw_dx[dir] + dy * ptw_dy[dir] < 0. Each
 * direction moves along one axis only (north (0, 1), east (1, 0), south
 * (0, -1), west (-1, 0)), so the signs of dx and dy decide. */
static inline uint8_t away_facings(int dx, int dy)
{
    uint8_t away = (uint8_t)((dy < 0) | (dx < 0) << 1 | (dy > 0) << 2 | (dx > 0) << 3);
#ifndef NDEBUG
    uint8_t plain = 0;
    for (int dir = 0; dir < 4; dir++)
        if (dx * ptw_dx[dir] + dy * ptw_dy[dir] < 0)
            plain |= (uint8_t)(1u << dir);
    if (plain != away) {
        fprintf(stderr, "portable-wargame: the blunder check's facings away differ\n");
        abort();
    }
#endif
    return away;
}

/* Works out the distance to u's nearest living enemy and the facings away
 * from it, once per list (with no enemy left: none). */
static void nearest_of(const ptw_data *d, const ptw_state *s, near_cache *c, int u)
{
    int e = 1 - ptw_side_of(d, u);
    if (!c->gathered[e]) {
        const ptw_side *f = &d->side[e];
        int n = 0;
        for (int v = f->first_unit; v < f->first_unit + f->nunits; v++)
            if (ptw_alive(s, v)) {
                c->fx[e][n] = d->x[s->loc[v]];
                c->fy[e][n] = d->y[s->loc[v]];
                n++;
            }
        c->nfoe[e] = n;
        c->gathered[e] = true;
    }
    /* the least key, distance * 64 + place in the list, is the first
     * enemy at the least distance */
    int x = d->x[s->loc[u]], y = d->y[s->loc[u]];
    unsigned key = ~0u;
    const int16_t *fx = c->fx[e], *fy = c->fy[e];
    for (int i = 0, n = c->nfoe[e]; i < n; i++) {
        unsigned k = (unsigned)(abs(fx[i] - x) + abs(fy[i] - y)) * PTW_MAX_UNITS + (unsigned)i;
        key = k < key ? k : key;
    }
    c->known |= UINT64_C(1) << u;
    if (key == ~0u) {
        c->dist[u] = 1 << 14;
        c->away[u] = 0;
        return;
    }
    int i = (int)(key % PTW_MAX_UNITS);
    c->dist[u] = (int16_t)(key / PTW_MAX_UNITS);
    c->away[u] = away_facings(fx[i] - x, fy[i] - y);
}

static inline void nearest_known(const ptw_data *d, const ptw_state *s, near_cache *c, int u)
{
    if (!((c->known >> u) & 1))
        nearest_of(d, s, c, u);
}

void ptw_blunder_weights(const ptw_data *d, const ptw_state *s, const eng_action *acts, int n,
                         double *w)
{
    /* one pass; an `end` or `done` (last in a listing, but wherever it is)
     * is judged once the whole list has said whether a shot is to be had */
    bool shot = false;
    int closing = 0;
    near_cache c;
    c.known = 0;
    c.gathered[0] = c.gathered[1] = false;
    /* what the stage decides: facings are judged only while a side acts,
     * and a step straight back only for the active unit after a step (the
     * square behind it: after a step a unit faces the way it stepped) */
    bool acting = s->stage == PTW_S_ACT;
    int back_u = -1, back_sq = -1;
    if (acting && s->active != PTW_NONE && s->act_steps != 0 && ptw_alive(s, s->active)) {
        back_u = s->active;
        back_sq = d->nbr[s->loc[back_u]][ptw_opposite(s->facing[back_u])];
    }
    for (int i = 0; i < n; i++) {
        eng_action a = acts[i];
        int u = PTW_FU(a);
        switch (PTW_KIND(a)) {
        case PTW_A_FIRE:
        case PTW_A_BOMBARD:
            shot = true;
            break;
        case PTW_A_END:
        case PTW_A_DONE:
            closing++;
            break;
        case PTW_A_MOVE:            /* a step straight back */
            if (u == back_u && PTW_FSQ(a) == back_sq)
                w[i] = 0;
            break;
        case PTW_A_FACE:            /* the nearest enemy behind its front */
            if (!acting || u >= d->nunits || !ptw_alive(s, u))
                break;
            nearest_known(d, s, &c, u);
            if ((c.away[u] >> (PTW_FV(a) & 3)) & 1)
                w[i] = 0;
            break;
        case PTW_A_WIRE:            /* far from every enemy */
            if (u >= d->nunits || !ptw_alive(s, u))
                break;
            nearest_known(d, s, &c, u);
            if (c.nfoe[1 - ptw_side_of(d, u)] > 0 && c.dist[u] > PTW_WIRE_NEAR)
                w[i] = 0;
            break;
        default:
            break;
        }
    }
    for (int i = n - 1; shot && closing > 0 && i >= 0; i--)
        if (PTW_KIND(acts[i]) == PTW_A_END || PTW_KIND(acts[i]) == PTW_A_DONE) {
            w[i] = 0;
            closing--;
        }
}
