/*
 * ptw_move.c - movement: the text's rules a to i one step at a time
 * (orthogonal steps, one move a turn, guns that fired stay, firing costs a
 * square, any facing at the end, the stacking rule, never into an enemy,
 * stopping next to an enemy and facing it, withdrawing when faced), the
 * allowance with the road bonus, terrain (woods, fords and trenches stop a
 * unit and let it leave one square a turn; rivers bar it; barbed wire stops
 * it), the exhausted side's ban on moving closer to the enemy, and
 * retreats.
 *
 * A move is a run of `move` steps, each to an orthogonally adjacent square,
 * the unit facing the way it stepped; `face` ends it facing any edge.
 * Passing through a friendly unit's square is allowed when the unit can
 * still go on from there (rule f forbids only ending there). Transports
 * and commanders are exempt from rule f (option stacking one-each: one of
 * each a square).
 */
#include <string.h>
#include "ptw.h"

/* The move in progress, as far as the step rules need it. */
typedef struct mv_ctx {
    int u, side, start, from, steps, bits;
    bool faced;                /* began the move faced by an enemy next to it (rule i) */
} mv_ctx;

static void ctx_of(const ptw_data *d, const ptw_state *s, int u, mv_ctx *c)
{
    c->u = u;
    c->side = d->unit[u].side;
    c->start = s->loc[u];
    c->from = s->loc[u];
    if (s->active == u) {
        c->steps = s->act_steps;
        c->bits = s->act_bits;
    } else {
        c->steps = 0;
        c->bits = (d->sq[s->loc[u]] & PTW_SQ_SLOW) ? PTW_ACT_SLOW : 0;
    }
    c->faced = c->steps == 0 && ptw_next_to_enemy(s, c->start, c->side) &&
               ptw_faced_by_enemy(d, s, u);
}

/* How deep rule f's look ahead goes (can_go_on, fast_step): how many
 * squares on from one the unit may not stop in. */
#define MV_LOOK_AHEAD 6

/* The allowance before rule d, for a unit of movement `move` with the
 * activation bits `bits`, its step along a road or not: leaving woods, a
 * river or a trench one square; else its move, one more for a step along a
 * road if every step so far was. */
static inline int allowance(int move, int bits, bool road_step)
{
    return (bits & PTW_ACT_SLOW) ? 1 : move + (road_step && !(bits & PTW_ACT_OFFROAD));
}

static int allowance_of(const ptw_data *d, const ptw_state *s, const mv_ctx *c, bool road_step)
{
    int a = allowance(ptw_type_of(d, c->u)->move, c->bits, road_step);
    if (ptw_bit(s->fired, c->u))
        a--;                   /* rule d: firing costs a square */
    return a < 0 ? 0 : a;
}

/* Why u may not move at all now (PTW_MV_OK if it may). */
static int may_move(const ptw_data *d, const ptw_state *s, const mv_ctx *c)
{
    const ptw_type *t = ptw_type_of(d, c->u);
    if (s->towed_by[c->u] != PTW_NONE)
        return PTW_MV_TOWED;
    if (t->move == 0)
        return PTW_MV_CANT;
    if (t->cls == PTW_C_ARTILLERY && ptw_bit(s->fired, c->u))
        return PTW_MV_FIRED_GUN;
    if (ptw_bit(s->activated, c->u) && s->active != c->u)
        return PTW_MV_OVER;
    return PTW_MV_OK;
}

/* The context after stepping from c->from to `to`. */
static void ctx_after(const ptw_data *d, const ptw_state *s, const mv_ctx *c, int to, mv_ctx *out)
{
    *out = *c;
    bool road = (d->sq[c->from] & d->sq[to] & PTW_SQ_ROAD) != 0;
    if (!road)
        out->bits |= PTW_ACT_OFFROAD;
    if (c->steps == 0 && c->faced)
        out->bits |= PTW_ACT_WITHDRAW;
    if ((d->sq[to] & PTW_SQ_STOP) || ptw_wired(s, to) || ptw_next_to_enemy(s, to, c->side))
        out->bits |= PTW_ACT_NOSTEP;
    out->from = to;
    out->steps = c->steps + 1;
}

/* May the unit end its move in sq? Rule f: a fighting unit not with
 * another; transports and commanders anywhere (option stacking one-each:
 * not with a friendly unit of its kind). Its own starting square is always
 * free to it. */
static bool may_end(const ptw_data *d, const ptw_state *s, const mv_ctx *c, int sq)
{
    int r = ptw_role(d, s, c->u);
    if (r != PTW_ROLE_FIGHT && !d->stack_one_each)
        return true;
    return sq == c->start || r < 0 || !(s->occ[sq] & ptw_occ_bit(c->side, r));
}

static int step_rule(const ptw_data *d, const ptw_state *s, const mv_ctx *c, int to, int depth);

/* From a square it may not stop in, can the move go on to one it may? */
static bool can_go_on(const ptw_data *d, const ptw_state *s, const mv_ctx *c, int depth)
{
    if (c->bits & PTW_ACT_NOSTEP || depth > MV_LOOK_AHEAD)
        return false;
    for (int k = 0; k < 4; k++) {
        int m = d->nbr[c->from][k];
        if (m != PTW_NONE && step_rule(d, s, c, m, depth + 1) == PTW_MV_OK)
            return true;
    }
    return false;
}

static int step_rule(const ptw_data *d, const ptw_state *s, const mv_ctx *c, int to, int depth)
{
    if (c->bits & PTW_ACT_NOSTEP)
        return PTW_MV_STOPPED;
    bool road = (d->sq[c->from] & d->sq[to] & PTW_SQ_ROAD) != 0;
    if (c->steps >= allowance_of(d, s, c, road))
        return PTW_MV_ALLOWANCE;
    if (d->sq[to] & PTW_SQ_BLOCKED)
        return PTW_MV_BLOCKED;
    if (ptw_enemy_in(s, to, c->side))
        return PTW_MV_ENEMY;
    bool withdrawing = c->steps == 0 ? c->faced : (c->bits & PTW_ACT_WITHDRAW) != 0;
    if (withdrawing && ptw_enemy_front(d, s, to, c->side))
        return PTW_MV_WITHDRAW;
    if (s->exhausted[c->side] &&
        ptw_nearest_enemy(d, s, to, c->side) < ptw_nearest_enemy(d, s, c->from, c->side))
        return PTW_MV_EXHAUSTED;
    if (!may_end(d, s, c, to)) {
        mv_ctx next;
        ctx_after(d, s, c, to, &next);
        if (!can_go_on(d, s, &next, depth))
            return PTW_MV_STACK;
    }
    return PTW_MV_OK;
}

int ptw_step_check(const ptw_data *d, const ptw_state *s, int u, int to)
{
    mv_ctx c;
    ctx_of(d, s, u, &c);
    int why = may_move(d, s, &c);
    if (why != PTW_MV_OK)
        return why;
    if (to < 0 || to >= d->nsq)
        return PTW_MV_OFF;
    if (c.bits & PTW_ACT_NOSTEP)
        return PTW_MV_STOPPED;
    if (c.bits & PTW_ACT_MOVEDONE)
        return PTW_MV_OVER;
    if (ptw_dir_between(d, c.from, to) < 0)
        return PTW_MV_ADJ;
    return step_rule(d, s, &c, to, 0);
}

/* Writes `move u sq` for every step u may take now, north, east, south,
 * west (out NULL: returns 1 at the first), and says whether u may turn
 * (may_turn may be NULL). */
int ptw_unit_steps(const ptw_data *d, const ptw_state *s, int u, eng_action *out, bool *may_turn)
{
    mv_ctx c;
    ctx_of(d, s, u, &c);
    bool ok = may_move(d, s, &c) == PTW_MV_OK;
    if (may_turn)
        *may_turn = ok && !(c.bits & PTW_ACT_MOVEDONE);
    if (!ok || (c.bits & (PTW_ACT_NOSTEP | PTW_ACT_MOVEDONE)) || (!out && may_turn && *may_turn))
        return 0;   /* (only counting, and it may turn: that is enough) */
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int m = d->nbr[c.from][k];
        if (m == PTW_NONE || step_rule(d, s, &c, m, 0) != PTW_MV_OK)
            continue;
        if (!out)
            return 1;
        out[n++] = PTW_ACT(PTW_A_MOVE, u, m, 0);
    }
    return n;
}

/* ---- the fast step listing ----------------------------------------------------------- */

/* The legal listing asks for every unit's steps at nearly every action:
 * this is step_rule with what it reads per unit worked out once (the
 * allowance's parts, rule f's occupancy bit, the enemy's occupancy bits),
 * rule i's squares in front of an enemy and the exhausted side's distances
 * taken from the listing's view, and no call per check. It gives the same
 * answers as ptw_unit_steps; debug builds compare every listing with the
 * plain rules (ptw_legal.c). */
typedef struct fast_mv {
    const ptw_data *d;
    const ptw_state *s;
    ptw_listing *v;
    int side, start, move, fired;
    uint8_t enemy;              /* the enemy's occupancy bits (rule g) */
    uint8_t stack;              /* the occupancy bit it may not end on (rule f), or 0 */
    bool faced;
} fast_mv;

/* Is sq the square in front of an enemy (rule i), from the listing's view
 * (made at the first asking)? */
static bool listing_front(const ptw_data *d, const ptw_state *s, ptw_listing *v, int sq)
{
    if (!v->front_made) {
        memset(v->front, 0, sizeof v->front);
        const ptw_side *e = &d->side[1 - v->side];
        for (int u = e->first_unit; u < e->first_unit + e->nunits; u++) {
            if (!ptw_alive(s, u) || s->towed_by[u] != PTW_NONE)
                continue;
            int f = d->nbr[s->loc[u]][s->facing[u]];
            if (f != PTW_NONE)
                v->front[f >> 6] |= UINT64_C(1) << (f & 63);
        }
        v->front_made = true;
    }
    return (v->front[sq >> 6] >> (sq & 63)) & 1;
}

/* Might u have a small-arms target: does an enemy stand in its sight fan at
 * all? (No: ptw_shot_targets would find none.) */
bool ptw_listing_may_shoot(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u)
{
    if (!v->enemy_made) {
        v->enemy[0] = v->enemy[1] = v->enemy[2] = v->enemy[3] = 0;
        for (int e = d->side[1 - v->side].first_unit, end = e + d->side[1 - v->side].nunits;
             e < end; e++)
            if (ptw_alive(s, e) && s->towed_by[e] == PTW_NONE)
                v->enemy[s->loc[e] >> 6] |= UINT64_C(1) << (s->loc[e] & 63);
        v->enemy_made = true;
    }
    const uint64_t *fan = d->fan_mask[s->loc[u]][s->facing[u]];
    return ((fan[0] & v->enemy[0]) | (fan[1] & v->enemy[1]) | (fan[2] & v->enemy[2]) |
            (fan[3] & v->enemy[3])) != 0;
}

/* How far sq lies from the nearest enemy, once per square per listing. */
static int listing_near(const ptw_data *d, const ptw_state *s, ptw_listing *v, int sq)
{
    uint64_t bit = UINT64_C(1) << (sq & 63);
    if (!(v->near_known[sq >> 6] & bit)) {
        v->near[sq] = (uint16_t)ptw_nearest_enemy(d, s, sq, v->side);
        v->near_known[sq >> 6] |= bit;
    }
    return v->near[sq];
}

static bool fast_step(fast_mv *m, int from, int steps, int bits, int to, int depth)
{
    const ptw_data *d = m->d;
    const ptw_state *s = m->s;
    uint16_t ft = d->sq[to];
    bool road = (d->sq[from] & ft & PTW_SQ_ROAD) != 0;
    if (steps >= allowance(m->move, bits, road) - m->fired || (ft & PTW_SQ_BLOCKED) ||
        (s->occ[to] & m->enemy))
        return false;
    bool withdrawing = steps == 0 ? m->faced : (bits & PTW_ACT_WITHDRAW) != 0;
    if (withdrawing && listing_front(d, s, m->v, to))
        return false;
    if (s->exhausted[m->side] &&
        listing_near(d, s, m->v, to) < listing_near(d, s, m->v, from))
        return false;
    if (m->stack && to != m->start && (s->occ[to] & m->stack)) {
        /* it may not end here: can it go on (ctx_after, can_go_on)? */
        int next = bits | (road ? 0 : PTW_ACT_OFFROAD) |
                   (steps == 0 && m->faced ? PTW_ACT_WITHDRAW : 0);
        if ((ft & PTW_SQ_STOP) || ptw_wired(s, to) || ptw_next_to_enemy(s, to, m->side))
            return false;
        if (depth > MV_LOOK_AHEAD)
            return false;
        for (int k = 0; k < d->nnbr[to]; k++)
            if (fast_step(m, to, steps + 1, next, d->nbrs[to][k], depth + 1))
                return true;
        return false;
    }
    return true;
}

/* The directions u may step in, as a mask (first: stop at the first);
 * reach, if not NULL, is set to how far off the squares it read lie (see
 * ptw_unit_step_dirs). */
static unsigned step_dirs(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u,
                          bool *may_turn, bool first, int reach[2])
{
    const ptw_type *t = ptw_type_of(d, u);
    int steps = 0, bits, from = s->loc[u], side = d->unit[u].side;
    if (s->active == u) {
        steps = s->act_steps;
        bits = s->act_bits;
    } else {
        bits = (d->sq[from] & PTW_SQ_SLOW) ? PTW_ACT_SLOW : 0;
    }
    int fired = ptw_bit(s->fired, u);
    bool ok = s->towed_by[u] == PTW_NONE && t->move != 0 &&
              !(t->cls == PTW_C_ARTILLERY && fired) &&
              !(ptw_bit(s->activated, u) && s->active != u);
    if (may_turn)
        *may_turn = ok && !(bits & PTW_ACT_MOVEDONE);
    if (reach)
        reach[0] = reach[1] = 0;   /* nothing off its square read */
    if (!ok || (bits & (PTW_ACT_NOSTEP | PTW_ACT_MOVEDONE)) || (first && may_turn && *may_turn))
        return 0;
    /* the allowance off and on a road (allowance_of) */
    int plain = allowance(t->move, bits, false), road = allowance(t->move, bits, true);
    if (steps >= road - fired)
        return 0;
    int r = d->unit[u].role;
    bool faced = steps == 0 && ptw_next_to_enemy(s, from, side) && listing_front(d, s, v, from);
    /* everything fast_step reads, for the rarer cases (withdrawing, an
     * exhausted side, a square it may not end in) */
    fast_mv m = {
        .d = d, .s = s, .v = v, .side = side, .start = from, .move = t->move, .fired = fired,
        .enemy = PTW_OCC_SIDE(1 - side),
        .stack = (r == PTW_ROLE_FIGHT || d->stack_one_each) ? ptw_occ_bit(side, r) : 0,
        .faced = faced,
    };
    bool rare = faced || (steps > 0 && (bits & PTW_ACT_WITHDRAW)) || s->exhausted[side];
    uint16_t on_road = d->sq[from] & PTW_SQ_ROAD;
    unsigned dirs = 0;
    bool ahead = false;         /* rule f's look ahead taken */
    for (int k = 0; k < 4; k++) {
        int to = d->nbr[from][k];
        if (to == PTW_NONE)
            continue;
        uint16_t ft = d->sq[to];
        if (steps >= ((ft & on_road) ? road : plain) - fired || (ft & PTW_SQ_BLOCKED) ||
            (s->occ[to] & m.enemy))
            continue;
        ahead |= (s->occ[to] & m.stack) != 0;
        if ((rare || (s->occ[to] & m.stack)) && !fast_step(&m, from, steps, bits, to, 0))
            continue;
        dirs |= 1u << k;
        if (first)
            break;
    }
    if (reach) {
        /* the squares next to it (who stands there, an enemy facing it);
         * rule i's fronts next to them if faced; rule f's look ahead: who
         * stands (and wire) as far as its allowance, and the enemies next
         * to those squares (rules h and i) */
        int a = on_road ? road : plain;
        reach[0] = ahead && a > 1 ? a : 1;
        reach[1] = faced ? 2 : 1;
        if (ahead && a + 1 > reach[1])
            reach[1] = a + 1;
    }
    return dirs;
}

unsigned ptw_unit_step_dirs(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u,
                            bool *may_turn, int reach[2])
{
    return step_dirs(d, s, v, u, may_turn, false, reach);
}

int ptw_unit_steps_fast(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u,
                        eng_action *out, bool *may_turn)
{
    return ptw_dir_steps(d, u, s->loc[u], step_dirs(d, s, v, u, may_turn, !out, NULL), out);
}

/* Takes the step (known legal) for the active unit u. */
void ptw_step(const ptw_data *d, ptw_state *s, int u, int to)
{
    mv_ctx c, next;
    ctx_of(d, s, u, &c);
    ctx_after(d, s, &c, to, &next);
    int dir = ptw_dir_between(d, c.from, to);
    ptw_place(d, s, u, to);
    s->facing[u] = (uint8_t)dir;
    s->entered[u] = s->turn;
    int g = ptw_towing(d, s, u);
    if (g >= 0) {
        s->facing[g] = (uint8_t)dir;
        s->entered[g] = s->turn;
    }
    s->moved |= UINT64_C(1) << u;
    s->act_steps = (uint8_t)next.steps;
    s->act_bits = (uint8_t)next.bits;
    /* rule h: next to an enemy, stop and face it at once */
    int dirs = ptw_enemy_dirs(d, s, to, c.side);
    if (dirs) {
        s->act_bits |= PTW_ACT_NOSTEP | PTW_ACT_MOVEDONE;
        if ((dirs & (dirs - 1)) == 0) {
            int k = 0;
            while (!((dirs >> k) & 1))
                k++;
            s->facing[u] = (uint8_t)k;
            if (g >= 0)
                s->facing[g] = (uint8_t)k;
        } else {
            s->stage = PTW_S_FACE;   /* several: the player picks which to face */
        }
    }
}

/* ---- retreats ---------------------------------------------------------------------- */

/* Where u may retreat: an orthogonally adjacent square that is empty, not
 * impassable and not next to an enemy. Writes them in direction order. */
int ptw_retreat_squares(const ptw_data *d, const ptw_state *s, int u, uint8_t *out)
{
    int n = 0, side = d->unit[u].side, from = s->loc[u];
    for (int k = 0; k < 4; k++) {
        int m = d->nbr[from][k];
        if (m == PTW_NONE || ptw_occupied(s, m) || (d->sq[m] & PTW_SQ_BLOCKED) ||
            ptw_next_to_enemy(s, m, side))
            continue;
        if (out)
            out[n] = (uint8_t)m;
        n++;
    }
    return n;
}

void ptw_retreat_to(const ptw_data *d, ptw_state *s, int u, int sq)
{
    int g = ptw_towing(d, s, u);
    ptw_place(d, s, u, sq);
    s->entered[u] = s->turn;
    if (g >= 0)
        s->entered[g] = s->turn;
}

/* Rule d for a unit about to fire: firing takes a square off its move, so
 * it may fire only if the squares it has moved still fit the smaller
 * allowance (infantry, moving 1, either moves or fires; on a road it may
 * do both). */
bool ptw_fire_fits_move(const ptw_data *d, const ptw_state *s, int u)
{
    if (s->active != u || s->act_steps == 0)
        return true;           /* not moved in this activation */
    return s->act_steps <= allowance(ptw_type_of(d, u)->move, s->act_bits, true) - 1;
}

/* Is u, in its activation, standing where rule f forbids it to stop (a
 * friendly unit of its kind is there: it is passing through)? Then it must
 * step on; the step rules made sure it can. */
bool ptw_passing_through(const ptw_data *d, const ptw_state *s, int u)
{
    if (s->active != u || s->act_steps == 0)
        return false;
    int r = ptw_role(d, s, u);
    if (r < 0 || (r != PTW_ROLE_FIGHT && !d->stack_one_each))
        return false;   /* rule f exempts transports and commanders */
    const ptw_side *f = &d->side[d->unit[u].side];
    for (int v = f->first_unit; v < f->first_unit + f->nunits; v++)
        if (v != u && s->loc[v] == s->loc[u] && ptw_role(d, s, v) == r)
            return true;
    return false;
}
