/*
 * ptw_end.c - the end of a turn (objectives change hands, each side checks
 * its exhaustion point), the end of the battle, who won, the returns and
 * result text, and the heuristic and playout hint for computer players.
 *
 * Exhaustion point: a third of a side's units at the start, rounded up;
 * a side that has lost that many is exhausted from then on. The battle ends
 * when both sides are exhausted, when a side has no unit left, or at the
 * scenario's turn limit. The text names no winner; the scenario's victory
 * rule does:
 *   later-exhaustion  a side that is not exhausted beats one that is; of two
 *                     exhausted sides the one that reached it later wins;
 *                     then the smaller share of its units lost; else a draw.
 *   objective         more objective squares held wins (a square is held by
 *                     the last side to have units in it alone); equal
 *                     counts go to the later-exhaustion rule.
 */
#include <stdio.h>
#include "ptw.h"

int ptw_lost(const ptw_data *d, const ptw_state *s, int side)
{
    return d->side[side].nunits - ptw_units_left(d, s, side);
}

static int held(const ptw_data *d, const ptw_state *s, int side)
{
    int n = 0;
    for (int i = 0; i < d->victory.nobj; i++)
        n += s->holder[i] == side;
    return n;
}

/* >0 if side 0 is ahead under the later-exhaustion rule, <0 if side 1, 0 even. */
static int by_exhaustion(const ptw_data *d, const ptw_state *s)
{
    int left0 = ptw_units_left(d, s, 0), left1 = ptw_units_left(d, s, 1);
    if ((left0 == 0) != (left1 == 0))
        return left0 ? 1 : -1;
    bool e0 = s->exhausted[0], e1 = s->exhausted[1];
    if (e0 != e1)
        return e0 ? -1 : 1;
    if (e0 && s->exhausted[0] != s->exhausted[1])
        return s->exhausted[0] > s->exhausted[1] ? 1 : -1;
    /* the smaller share lost: lost0/n0 < lost1/n1 */
    long a = (long)ptw_lost(d, s, 0) * d->side[1].nunits;
    long b = (long)ptw_lost(d, s, 1) * d->side[0].nunits;
    return a < b ? 1 : a > b ? -1 : 0;
}

static int decide(const ptw_data *d, const ptw_state *s)
{
    int c = 0;
    if (d->victory.rule == PTW_V_OBJECTIVE)
        c = held(d, s, 0) - held(d, s, 1);
    if (c == 0)
        c = by_exhaustion(d, s);
    return c > 0 ? 0 : c < 0 ? 1 : 2;
}

bool ptw_end_of_turn(const ptw_data *d, ptw_state *s)
{
    for (int i = 0; i < d->victory.nobj; i++) {
        int o = s->occ[d->victory.obj[i]];
        bool a = o & PTW_OCC_SIDE(0), b = o & PTW_OCC_SIDE(1);
        if (a != b)
            s->holder[i] = a ? 0 : 1;
    }
    for (int f = 0; f < 2; f++)
        if (!s->exhausted[f] && ptw_lost(d, s, f) >= d->side[f].exhaustion)
            s->exhausted[f] = s->turn;
    bool over = (s->exhausted[0] && s->exhausted[1]) || ptw_units_left(d, s, 0) == 0 ||
                ptw_units_left(d, s, 1) == 0 || s->turn >= d->victory.turn_limit;
    if (over)
        s->winner = (uint8_t)decide(d, s);
    return over;
}

void ptw_returns(const void *data, const void *st, double *out)
{
    (void)data;
    const ptw_state *s = st;
    if (s->stage != PTW_S_OVER)
        return;
    if (s->winner == 2) {
        out[0] = out[1] = 0.5;
    } else {
        out[s->winner] = 1.0;
        out[1 - s->winner] = 0.0;
    }
}

void ptw_result_text(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    if (s->stage != PTW_S_OVER)
        snprintf(buf, n, "*");
    else if (s->winner == 2)
        snprintf(buf, n, "draw");
    else
        snprintf(buf, n, "%s wins", d->side[s->winner].name);
}

/* ---- the heuristic ------------------------------------------------------------------------ *
 *
 * A quick estimate in [0,1]: the difference between the two sides' shares
 * of their starting worth still standing, a step for being the one not yet
 * exhausted, and under the objective rule the objectives held as well. */

/* What a side's surviving units are worth now: type value by quality
 * (elite 5, average 4, poor 3 quarters) and, in the 2014 revision, by the
 * share of strength left. */
static double worth(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side];
    double w = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++) {
        if (!ptw_alive(s, u))
            continue;
        double v = ptw_type_of(d, u)->value * (5 - d->unit[u].quality) / 4.0;
        if (d->cc2014 && d->unit[u].strength)
            v *= (double)s->strength[u] / d->unit[u].strength;
        w += v;
    }
    return w;
}

static double initial_worth(const ptw_data *d, int side)
{
    const ptw_side *f = &d->side[side];
    double w = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
        w += ptw_type_of(d, u)->value * (5 - d->unit[u].quality) / 4.0;
    return w > 0 ? w : 1;
}

/* How much of a side bears on the enemy: each unit with a weapon and an
 * enemy within its range (small arms and machine guns in their arc too)
 * counts its dice, and each unit beside an enemy that does not face it
 * counts for a flank attack; as a share of the side's units. Standing in
 * the enemy's sights costs, since the other side counts it the same way. */
static double bearing(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side], *e = &d->side[1 - side];
    double sum = 0;
    int n = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++) {
        if (!ptw_alive(s, u))
            continue;
        n++;
        const ptw_type *t = ptw_type_of(d, u);
        bool shot = false, flank = false;
        for (int v = e->first_unit; v < e->first_unit + e->nunits && !(shot && flank); v++) {
            if (!ptw_alive(s, v))
                continue;
            int dist = ptw_dist(d, s->loc[u], s->loc[v]);
            if (t->weapon == PTW_WPN_ARTILLERY && dist <= t->range && dist > 1)
                shot = true;
            else if (t->weapon == PTW_WPN_SMALL_ARMS && dist <= t->range &&
                     ptw_in_arc(d, s->loc[u], s->facing[u], s->loc[v]))
                shot = true;
            if (t->assault && dist == 1 && !ptw_in_arc(d, s->loc[v], s->facing[v], s->loc[u]))
                flank = true;
        }
        sum += (shot ? (t->weapon == PTW_WPN_ARTILLERY ? 1.0 : t->dice) : 0) + (flank ? 1.0 : 0);
    }
    return n ? sum / n : 0;
}

double ptw_heuristic(const void *data, const void *st, int player)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    if (s->stage == PTW_S_OVER) {
        double r[2] = {0, 0};
        ptw_returns(d, s, r);
        return r[player];
    }
    int me = player, op = 1 - player;
    double material = worth(d, s, me) / initial_worth(d, me) - worth(d, s, op) / initial_worth(d, op);
    double exhaustion = (s->exhausted[op] != 0) - (s->exhausted[me] != 0);
    double position = bearing(d, s, me) - bearing(d, s, op);
    double h;
    if (d->victory.rule == PTW_V_OBJECTIVE && d->victory.nobj) {
        /* objectives decide; material is what takes and holds them */
        double obj = (double)(held(d, s, me) - held(d, s, op)) / d->victory.nobj;
        h = 0.5 + 0.3 * obj + 0.3 * material + 0.05 * exhaustion + 0.03 * position;
    } else {
        h = 0.5 + 0.5 * material + 0.15 * exhaustion + 0.05 * position;
    }
    return h < 0 ? 0 : h > 1 ? 1 : h;
}

/* The playout hint: a quick simulated commander fires and bombards whenever
 * it can, assaults readily, and seldom spends an activation on wire or ends
 * its part before its units have acted. */
void ptw_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w)
{
    (void)data;
    (void)st;
    for (int i = 0; i < n; i++) {
        switch (PTW_KIND(acts[i])) {
        case PTW_A_FIRE:
        case PTW_A_BOMBARD: w[i] = 8; break;
        case PTW_A_ASSAULT: w[i] = 3; break;
        case PTW_A_END: w[i] = 0.3; break;
        case PTW_A_WIRE:
        case PTW_A_CLEAR: w[i] = 0.1; break;
        default: w[i] = 1; break;
        }
    }
}
