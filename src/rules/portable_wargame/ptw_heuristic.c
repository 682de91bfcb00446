/*
 * ptw_heuristic.c - what the computer players use to judge a position short
 * of the end and to play quickly through one: the heuristic estimate and
 * the playout hint. Neither is a rule; the rules never call them.
 *
 * The estimate, in [0,1] for one side:
 *   material   the difference between the two sides' shares of their
 *              starting worth still standing;
 *   exhaustion a step for being the side not yet exhausted;
 *   threat     the worth each side can expect to destroy with one round of
 *              its fire as the units stand (guns, small arms, machine
 *              guns: range, line of sight, cover and commanders as the
 *              rules count them), the difference of the two, counted like
 *              material; so a line that has the enemy in its sights while
 *              out of theirs is worth more than one that faces it square;
 *   flank      units that could assault standing beside an enemy that does
 *              not face them;
 *   objectives under the objective rule, the share of objectives held.
 */
#include "ptw.h"

/* What a unit is worth now: the type's value by quality (elite 5, average
 * 4, poor 3 quarters) and, in the 2014 revision, by its share of strength. */
static double unit_worth(const ptw_data *d, const ptw_state *s, int u)
{
    double v = ptw_type_of(d, u)->value * (5 - d->unit[u].quality) / 4.0;
    if (s && d->cc2014 && d->unit[u].strength)
        v *= (double)s->strength[u] / d->unit[u].strength;
    return v;
}

static double worth(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side];
    double w = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
        if (ptw_alive(s, u))
            w += unit_worth(d, s, u);
    return w;
}

static double initial_worth(const ptw_data *d, int side)
{
    const ptw_side *f = &d->side[side];
    double w = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
        w += unit_worth(d, NULL, u);
    return w > 0 ? w : 1;
}

/* The chance that a die with modifier mod scores 5 or more. */
static double five_up(int mod)
{
    int faces = mod + 2;
    return faces <= 0 ? 0 : faces >= 6 ? 1 : faces / 6.0;
}

/* The worth a hit is expected to take off unit v: destroyed on 1-2 (elite),
 * 1-3 (average) or 1-4 (poor); under fire-hits strength, one strength. */
static double hit_cost(const ptw_data *d, const ptw_state *s, int v)
{
    if (d->fire_strength && s->strength[v])
        return unit_worth(d, s, v) / s->strength[v];
    return unit_worth(d, s, v) * (2 + d->unit[v].quality) / 6.0;
}

/* The chance one shot from unit u at square sq hits it, taking the rules'
 * modifiers as if u stood still (and turned, at no bonus, when sq is out of
 * its arc); 0 when u could not reach sq at all. cmd: a friendly commander
 * is near u (ptw_commander_near, asked once per unit by the caller). */
static double hit_chance(const ptw_data *d, const ptw_state *s, int u, int sq, bool cmd)
{
    const ptw_type *t = ptw_type_of(d, u);
    int from = s->loc[u], dist = ptw_dist(d, from, sq), range = t->range;
    range = ptw_range_in(d, from, sq, range);
    if (dist > range || dist < 1)
        return 0;
    bool covered = (d->sq[sq] & (PTW_SQ_COVER | PTW_SQ_FORT)) != 0;
    bool sight = ptw_sight(d, from, sq);
    bool arc = ptw_in_arc(d, from, s->facing[u], sq);
    int mod = (covered ? -1 : 0) + (cmd ? 1 : 0);
    if (t->weapon == PTW_WPN_ARTILLERY) {
        if (sight && !(d->sq[sq] & PTW_SQ_COVER))
            mod += 2;
        return five_up(mod) * (arc ? 1.0 : 0.5);
    }
    if (!sight)
        return 0;
    return five_up(mod + (arc ? 1 : 0));
}

/* The worth side `side` can expect to destroy with one round of fire: each
 * armed unit at its best target square, every enemy unit there hit. */
static double threat(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side], *e = &d->side[1 - side];
    double total = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++) {
        const ptw_type *t = ptw_type_of(d, u);
        if (!ptw_alive(s, u) || t->weapon == PTW_WPN_NONE || s->towed_by[u] != PTW_NONE ||
            (d->sq[s->loc[u]] & PTW_SQ_RIVER))
            continue;
        int dice = t->weapon == PTW_WPN_ARTILLERY ? 1 : t->dice;
        bool cmd = ptw_commander_near(d, s, u);
        double best = 0;
        for (int v = e->first_unit; v < e->first_unit + e->nunits; v++) {
            if (!ptw_alive(s, v))
                continue;
            double p = hit_chance(d, s, u, s->loc[v], cmd);
            if (p <= 0)
                continue;
            double cost = 0;    /* every enemy unit in v's square */
            for (int w = e->first_unit; w < e->first_unit + e->nunits; w++)
                if (ptw_alive(s, w) && s->loc[w] == s->loc[v])
                    cost += hit_cost(d, s, w);
            double got = dice * p * cost;
            if (got > best)
                best = got;
        }
        total += best;
    }
    return total;
}

/* The share of a side's units that could assault an enemy beside them
 * that does not face them. */
static double flanking(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side], *e = &d->side[1 - side];
    int n = 0, flank = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++) {
        if (!ptw_alive(s, u))
            continue;
        n++;
        if (!ptw_type_of(d, u)->assault)
            continue;
        for (int v = e->first_unit; v < e->first_unit + e->nunits; v++)
            if (ptw_alive(s, v) && ptw_dist(d, s->loc[u], s->loc[v]) == 1 &&
                !ptw_in_arc(d, s->loc[v], s->facing[v], s->loc[u])) {
                flank++;
                break;
            }
    }
    return n ? (double)flank / n : 0;
}

void ptw_terms_of(const ptw_data *d, const ptw_state *s, ptw_terms *t)
{
    for (int side = 0; side < 2; side++) {
        t->worth[side] = worth(d, s, side);
        t->threat[side] = threat(d, s, side);
        t->flank[side] = flanking(d, s, side);
    }
}

double ptw_estimate(const ptw_data *d, const ptw_state *s, int player, const ptw_terms *t)
{
    if (s->stage == PTW_S_OVER) {
        double r[2] = {0, 0};
        ptw_returns(d, s, r);
        return r[player];
    }
    int me = player, op = 1 - player;
    double w_me = initial_worth(d, me), w_op = initial_worth(d, op);
    double material = t->worth[me] / w_me - t->worth[op] / w_op;
    double fire = t->threat[me] / w_op - t->threat[op] / w_me;
    double exhaustion = (s->exhausted[op] != 0) - (s->exhausted[me] != 0);
    double flank = t->flank[me] - t->flank[op];
    double h;
    if (d->victory.rule == PTW_V_OBJECTIVE && d->victory.nobj) {
        /* objectives decide; material is what takes and holds them */
        double obj = (double)(ptw_held(d, s, me) - ptw_held(d, s, op)) / d->victory.nobj;
        h = 0.5 + 0.3 * obj + 0.3 * (material + 0.5 * fire) + 0.05 * exhaustion + 0.03 * flank;
    } else {
        h = 0.5 + 0.5 * (material + 0.5 * fire) + 0.15 * exhaustion + 0.05 * flank;
    }
    return h < 0 ? 0 : h > 1 ? 1 : h;
}

double ptw_heuristic(const void *data, const void *st, int player)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    if (s->stage == PTW_S_OVER)
        return ptw_estimate(d, s, player, NULL);
    ptw_terms t;
    ptw_terms_of(d, s, &t);
    return ptw_estimate(d, s, player, &t);
}

/* The playout hint: a quick simulated commander fires and bombards whenever
 * it can, assaults readily, and seldom spends an activation on wire or ends
 * its part before its units have acted. */
void ptw_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w)
{
    /* a weight per kind of action: one look-up an action */
    static const double by_kind[PTW_A_HIT_ROLL + 1] = {
        [PTW_A_NONE] = 1, [PTW_A_END] = 0.3, [PTW_A_DONE] = 1, [PTW_A_BOMBARD] = 8,
        [PTW_A_MOVE] = 1, [PTW_A_FACE] = 1, [PTW_A_FIRE] = 8, [PTW_A_ASSAULT] = 3,
        [PTW_A_ADVANCE] = 1, [PTW_A_STAY] = 1, [PTW_A_LIMBER] = 1, [PTW_A_UNLIMBER] = 1,
        [PTW_A_WIRE] = 0.1, [PTW_A_CLEAR] = 0.1, [PTW_A_RETREAT] = 1,
        [PTW_A_INIT_ROLL] = 1, [PTW_A_LAND_ROLL] = 1, [PTW_A_SHOT_ROLL] = 1, [PTW_A_CC_ROLL] = 1,
        [PTW_A_HIT_ROLL] = 1,
    };
    for (int i = 0; i < n; i++) {
        int k = PTW_KIND(acts[i]);
        w[i] = k <= PTW_A_HIT_ROLL ? by_kind[k] : 1;
    }
    ptw_blunder_weights(data, st, acts, n, w);   /* plainly wrong: no weight */
    for (int i = 0; i < n; i++)
        if (w[i] > 0)
            return;
    for (int i = 0; i < n; i++)                  /* nothing but blunders: any */
        w[i] = 1;
}

/* The heuristic's terms for the features (ptw_features.c): a side's worth
 * standing as a share of its starting worth; the worth its fire can expect
 * to destroy in one round as a share of the enemy's starting worth; the
 * share of its units placed to assault an enemy's flank. */
double ptw_worth_share(const ptw_data *d, const ptw_terms *t, int side)
{
    return t->worth[side] / initial_worth(d, side);
}

double ptw_threat_share(const ptw_data *d, const ptw_terms *t, int side)
{
    return t->threat[side] / initial_worth(d, 1 - side);
}
