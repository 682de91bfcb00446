/*
 * ptw_features.c - The Portable Wargame's position as a fixed-length vector
 * of numbers from one side's point of view, for the learned evaluation (the
 * features hook; src/engine/features.c). The same 58 numbers for every
 * scenario, each about 0..1: a block of 24 for the side itself, the same 24
 * for the enemy, then 10 for the battle as a whole. Not a rule; the rules
 * never call it.
 *
 * A side's block (shares are of the side's units still standing unless
 * said otherwise):
 *   0  units standing, as a share of those it started with
 *   1  units lost, as a share of its exhaustion point (at most 2)
 *   2  exhausted (1) or not (0)
 *   3  worth standing, as a share of its starting worth (the heuristic's)
 *   4  the worth its fire can expect to destroy in one round, as a share of
 *      the enemy's starting worth (the heuristic's threat; at most 2)
 *   5-8 infantry, cavalry, machine guns, artillery standing, each as a
 *      share of those of that class it started with (0 if none)
 *   9  commanders standing, as a share of those it started with
 *  10  in cover or a fortification
 *  11  armed and with an enemy in reach: within range, in sight and in the
 *      front arc (a gun: any square within range)
 *  12  facing their nearest enemy (it stands in the unit's front arc)
 *  13  taken in the flank: an enemy beside them outside their front arc
 *  14  placed to assault an enemy's flank (the heuristic's flank term)
 *  15  mean distance to the nearest enemy, in tens of squares (at most 2)
 *  16  the shortest distance to an enemy, in tens of squares (at most 2)
 *  17  beside an enemy
 *  18  with a commander beside them
 *  19  not yet activated this turn
 *  20  fired this turn
 *  21  hits waiting to be resolved on its units, a tenth each (at most 1)
 *  22  on a hill
 *  23  under 2014 strength: strength standing, as a share of the start;
 *      else the same as 0
 * The whole battle:
 *  48  the part of the battle gone: turn / turn limit
 *  49  the side decides now (1) or not
 *  50  the enemy decides now (1) or not
 *  51  the side has the initiative this turn (acts first)
 *  52  the second side's part of the turn is under way
 *  53  the artillery phase (guns being laid or landing)
 *  54  objectives held by the side, as a share of them (0 without)
 *  55  objectives held by the enemy, likewise
 *  56  the heuristic's estimate for the side (ptw_heuristic)
 *  57  the battle is decided in the side's favour (1), against it (0) or
 *      a draw (0.5); 0.5 while it goes on
 */
#include "ptw.h"

#define BLOCK 24

static float cap(double v, double hi)
{
    return (float)(v < 0 ? 0 : v > hi ? hi : v);
}

static bool has_target(const ptw_data *d, const ptw_state *s, int u)
{
    const ptw_type *t = ptw_type_of(d, u);
    if (t->weapon == PTW_WPN_NONE || s->towed_by[u] != PTW_NONE)
        return false;
    const ptw_side *e = &d->side[1 - d->unit[u].side];
    int from = s->loc[u];
    for (int v = e->first_unit; v < e->first_unit + e->nunits; v++) {
        if (!ptw_alive(s, v))
            continue;
        int dist = ptw_dist(d, from, s->loc[v]);
        if (dist < 1 || dist > t->range)
            continue;
        if (t->weapon == PTW_WPN_ARTILLERY)
            return true;
        if (ptw_in_arc(d, from, s->facing[u], s->loc[v]) &&
            ptw_sight(d, from, s->loc[v]))
            return true;
    }
    return false;
}

/* The enemy nearest to u (the first found at the shortest distance), or -1. */
static int nearest(const ptw_data *d, const ptw_state *s, int u, int *dist)
{
    const ptw_side *e = &d->side[1 - d->unit[u].side];
    int best = -1;
    *dist = 1000;
    for (int v = e->first_unit; v < e->first_unit + e->nunits; v++)
        if (ptw_alive(s, v)) {
            int k = ptw_dist(d, s->loc[u], s->loc[v]);
            if (k < *dist) {
                *dist = k;
                best = v;
            }
        }
    return best;
}

static bool flanked(const ptw_data *d, const ptw_state *s, int u)
{
    const ptw_side *e = &d->side[1 - d->unit[u].side];
    for (int v = e->first_unit; v < e->first_unit + e->nunits; v++)
        if (ptw_alive(s, v) && ptw_dist(d, s->loc[u], s->loc[v]) == 1 &&
            !ptw_in_arc(d, s->loc[u], s->facing[u], s->loc[v]))
            return true;
    return false;
}

static void side_block(const ptw_data *d, const ptw_state *s, const ptw_terms *t, int side,
                       float *f)
{
    const ptw_side *sd = &d->side[side];
    int start_cls[PTW_C_CLASSES] = {0}, alive_cls[PTW_C_CLASSES] = {0};
    int alive = 0, cover = 0, reach = 0, facing = 0, flank = 0, beside = 0, cmd = 0;
    int fresh = 0, fired = 0, hits = 0, hill = 0, near_n = 0;
    long str_start = 0, str_now = 0;
    double dist_sum = 0;
    int dist_min = 1000;
    for (int u = sd->first_unit; u < sd->first_unit + sd->nunits; u++) {
        int cls = ptw_type_of(d, u)->cls;
        start_cls[cls]++;
        str_start += d->unit[u].strength;
        if (!ptw_alive(s, u))
            continue;
        alive++;
        alive_cls[cls]++;
        str_now += s->strength[u];
        hits += s->hits[u];
        int sq = s->loc[u];
        cover += (d->sq[sq] & (PTW_SQ_COVER | PTW_SQ_FORT)) != 0;
        hill += (d->sq[sq] & PTW_SQ_HILL) != 0;
        reach += has_target(d, s, u);
        flank += flanked(d, s, u);
        cmd += cls != PTW_C_COMMANDER && ptw_commander_near(d, s, u);
        fresh += !ptw_bit(s->activated, u);
        fired += ptw_bit(s->fired, u);
        int dist, v = nearest(d, s, u, &dist);
        if (v >= 0) {
            near_n++;
            dist_sum += dist;
            if (dist < dist_min)
                dist_min = dist;
            facing += ptw_in_arc(d, sq, s->facing[u], s->loc[v]);
            beside += dist == 1;
        }
    }
    double a = alive ? alive : 1;
    f[0] = cap((double)alive / (sd->nunits ? sd->nunits : 1), 1);
    f[1] = cap((double)ptw_lost(d, s, side) / (sd->exhaustion > 0 ? sd->exhaustion : 1), 2);
    f[2] = s->exhausted[side] != 0;
    f[3] = cap(ptw_worth_share(d, t, side), 1);
    f[4] = cap(ptw_threat_share(d, t, side), 2);
    static const int cls[4] = {PTW_C_INFANTRY, PTW_C_CAVALRY, PTW_C_MG, PTW_C_ARTILLERY};
    for (int i = 0; i < 4; i++)
        f[5 + i] = start_cls[cls[i]] ? (float)alive_cls[cls[i]] / start_cls[cls[i]] : 0;
    f[9] = start_cls[PTW_C_COMMANDER]
        ? (float)alive_cls[PTW_C_COMMANDER] / start_cls[PTW_C_COMMANDER] : 0;
    f[10] = (float)(cover / a);
    f[11] = (float)(reach / a);
    f[12] = (float)(near_n ? facing / (double)near_n : 0);
    f[13] = (float)(flank / a);
    f[14] = cap(t->flank[side], 1);
    f[15] = near_n ? cap(dist_sum / near_n / 10.0, 2) : 2;
    f[16] = near_n ? cap(dist_min / 10.0, 2) : 2;
    f[17] = (float)(beside / a);
    f[18] = (float)(cmd / a);
    f[19] = (float)(fresh / a);
    f[20] = (float)(fired / a);
    f[21] = cap(hits / 10.0, 1);
    f[22] = (float)(hill / a);
    f[23] = d->cc2014 && str_start ? cap((double)str_now / str_start, 1) : f[0];
}

void ptw_features(const void *data, const void *st, int player, float *out)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int me = player, op = 1 - player;
    ptw_terms t;               /* once, for both blocks and the estimate */
    ptw_terms_of(d, s, &t);
    side_block(d, s, &t, me, out);
    side_block(d, s, &t, op, out + BLOCK);
    float *g = out + 2 * BLOCK;
    int limit = d->victory.turn_limit > 0 ? d->victory.turn_limit : PTW_MAX_TURNS;
    g[0] = cap((double)s->turn / limit, 1);
    int actor = s->stage == PTW_S_OVER ? -1 : ptw_actor(d, s);
    g[1] = actor == me;
    g[2] = actor == op;
    g[3] = s->side_a == me;
    g[4] = s->part == 1;
    g[5] = s->stage == PTW_S_ARTY || s->stage == PTW_S_LANDING;
    bool objectives = d->victory.rule == PTW_V_OBJECTIVE && d->victory.nobj;
    g[6] = objectives ? (float)ptw_held(d, s, me) / d->victory.nobj : 0;
    g[7] = objectives ? (float)ptw_held(d, s, op) / d->victory.nobj : 0;
    g[8] = (float)ptw_estimate(d, s, me, &t);
    g[9] = 0.5f;
    if (s->stage == PTW_S_OVER)
        g[9] = s->winner == 2 ? 0.5f : s->winner == me ? 1.0f : 0.0f;
}
