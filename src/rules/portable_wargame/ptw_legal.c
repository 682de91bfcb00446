/*
 * ptw_legal.c - the legal actions of the side to decide, whether a side
 * has anything to do (else it is passed over), the checks for limbering
 * and for working on barbed wire, and, for an action that is not legal,
 * the rule it breaks in a player's words.
 *
 * No allocation: actions are written straight into the caller's array.
 * Order is fixed: unit by unit in unit order; for a unit its steps (north,
 * east, south, west), facings, fire (nearest first), close combats,
 * limbering, wire; then `done` or `end`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "ptw.h"

#define EMIT(x)                       \
    do {                              \
        if (!out)                     \
            return 1;                 \
        out[n++] = (x);               \
    } while (0)

int ptw_gun_to_limber(const ptw_data *d, const ptw_state *s, int t)
{
    const ptw_side *f = &d->side[d->unit[t].side];
    for (int g = f->first_unit; g < f->first_unit + f->nunits; g++)
        if (s->loc[g] == s->loc[t] && ptw_type_of(d, g)->cls == PTW_C_ARTILLERY &&
            s->towed_by[g] == PTW_NONE && !ptw_bit(s->fired, g) && !ptw_bit(s->activated, g))
            return g;
    return -1;
}

/* Limbering or unlimbering takes the transport's whole turn, with the gun
 * in its square: the transport may not have moved this turn. */
int ptw_limber_check(const ptw_data *d, const ptw_state *s, int t, bool unlimber)
{
    if (ptw_type_of(d, t)->cls != PTW_C_TRANSPORT)
        return PTW_L_NOT_TRANSPORT;
    int g = ptw_towing(d, s, t);
    if (!unlimber && g >= 0)
        return PTW_L_TOWING;
    if (unlimber && g < 0)
        return PTW_L_NOT_TOWING;
    if (ptw_bit(s->moved, t))
        return PTW_L_MOVED;
    if (!unlimber && ptw_gun_to_limber(d, s, t) < 0)
        return PTW_L_NO_GUN;
    if (unlimber && (s->occ[s->loc[t]] & ptw_occ_bit(d->unit[t].side, PTW_ROLE_FIGHT)))
        return PTW_L_CROWDED;
    return PTW_L_OK;
}

/* Writes u's possible actions in its activation (all but `done`); with out
 * NULL returns 1 as soon as it finds one. With a view, the steps come from
 * the fast step listing; without, from the plain rules. through: whether u
 * is passing through a friendly square (ptw_passing_through), or -1 if the
 * caller has not asked. */
static int unit_actions(const ptw_data *d, const ptw_state *s, int u, eng_action *out,
                        ptw_listing *v, int through)
{
    int n = 0, from = s->loc[u];
    const ptw_type *t = ptw_type_of(d, u);
    bool turn;
    int c;
    if (through < 0)
        through = s->active == u && ptw_passing_through(d, s, u);
    if (through)                                          /* it may not stop here */
        return v ? ptw_unit_steps_fast(d, s, v, u, out, NULL)
                 : ptw_unit_steps(d, s, u, out, NULL);
    /* the steps kept in the state (ptw_book.c), up to date whenever a side
     * is acting and no unit is in its activation: the same as
     * ptw_unit_steps_fast, which debug builds check after every action */
    bool booked = v && ptw_book_current(s) && ptw_bit(s->book.known, u);
    if (booked) {
        unsigned kept = s->book.steps[u];
        turn = (kept & PTW_BOOK_TURN) != 0;
        c = ptw_dir_steps(d, u, from, kept, out);
    } else {
        c = v ? ptw_unit_steps_fast(d, s, v, u, out, &turn) : ptw_unit_steps(d, s, u, out, &turn);
    }
    if (!out && (c || turn))
        return 1;
    n += c;
    if (turn) {                 /* (out is set: a count has stopped above) */
        int f = s->facing[u];
        for (int k = 0; k < 4; k++) {
            out[n] = PTW_ACT(PTW_A_FACE, u, 0, k);
            n += k != f;        /* every facing but the one it has */
        }
    }
    if (t->weapon == PTW_WPN_SMALL_ARMS && (!v || ptw_listing_may_shoot(d, s, v, u)) &&
        ptw_shooter_check(d, s, u) == PTW_F_OK) {
        c = ptw_shot_targets(d, s, u, out ? out + n : NULL);
        if (!out && c)
            return 1;
        n += c;
    }
    if (t->assault && ptw_next_to_enemy(s, from, d->unit[u].side))
        for (int k = 0; k < 4; k++) {
            int m = d->nbr[from][k];
            if (m != PTW_NONE && ptw_assault_check(d, s, u, m) == PTW_CC_OK)
                EMIT(PTW_ACT(PTW_A_ASSAULT, u, m, 0));
        }
    if (t->cls == PTW_C_TRANSPORT) {
        if (ptw_limber_check(d, s, u, false) == PTW_L_OK)
            EMIT(PTW_ACT(PTW_A_LIMBER, u, 0, 0));
        if (ptw_limber_check(d, s, u, true) == PTW_L_OK)
            for (int k = 0; k < 4; k++)
                EMIT(PTW_ACT(PTW_A_UNLIMBER, u, 0, k));
    }
    bool wired = ptw_wired(s, from);
    if (ptw_work_check(d, s, u, wired) == PTW_K_OK)
        EMIT(PTW_ACT(wired ? PTW_A_CLEAR : PTW_A_WIRE, u, 0, 0));
    return n;
}

static bool side_can_act(const ptw_data *d, const ptw_state *s, int side, ptw_listing *v)
{
    const ptw_side *f = &d->side[side];
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
        if (ptw_may_activate(s, u) && unit_actions(d, s, u, NULL, v, -1))
            return true;
    return false;
}

bool ptw_side_can_bombard(const ptw_data *d, const ptw_state *s, int side)
{
    const ptw_side *f = &d->side[side];
    for (int g = f->first_unit; g < f->first_unit + f->nunits; g++)
        if (ptw_alive(s, g) && ptw_gun_check(d, s, g) == PTW_F_OK && ptw_gun_targets(d, s, g, NULL))
            return true;
    return false;
}

/* The listing; v NULL: the steps by the plain rules. */
static int legal_actions(const ptw_data *d, const ptw_state *s, eng_action *out, ptw_listing *v)
{
    int n = 0;
    switch (s->stage) {
    case PTW_S_ARTY: {
        const ptw_side *f = &d->side[s->arty_side];
        for (int g = f->first_unit; g < f->first_unit + f->nunits; g++)
            if (ptw_alive(s, g) && ptw_gun_check(d, s, g) == PTW_F_OK)
                n += ptw_gun_targets(d, s, g, out + n);
        out[n++] = PTW_ACT(PTW_A_END, 0, 0, 0);
        return n;
    }
    case PTW_S_ACT: {
        if (s->active != PTW_NONE) {
            bool through = ptw_passing_through(d, s, s->active);   /* asked once */
            n = unit_actions(d, s, s->active, out, v, through);
            if (!through)
                out[n++] = PTW_ACT(PTW_A_DONE, 0, 0, 0);
            return n;
        }
        const ptw_side *f = &d->side[ptw_acting_side(s)];
        for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
            if (ptw_may_activate(s, u))     /* none is active: none is passing through */
                n += unit_actions(d, s, u, out + n, v, 0);
        out[n++] = PTW_ACT(PTW_A_END, 0, 0, 0);
        return n;
    }
    case PTW_S_FACE: {
        int u = s->active, dirs = ptw_enemy_dirs(d, s, s->loc[u], d->unit[u].side);
        for (int k = 0; k < 4; k++)
            if ((dirs >> k) & 1)
                out[n++] = PTW_ACT(PTW_A_FACE, u, 0, k);
        return n;
    }
    case PTW_S_ADVANCE: {
        int w = ptw_cc_winner(d, s);
        if (w < 0)
            return n;
        out[n++] = PTW_ACT(PTW_A_ADVANCE, w, 0, 0);
        out[n++] = PTW_ACT(PTW_A_STAY, w, 0, 0);
        return n;
    }
    case PTW_S_RETREAT: {
        uint8_t sq[4];
        int c = ptw_retreat_squares(d, s, s->retreat_unit, sq);
        for (int i = 0; i < c; i++)
            out[n++] = PTW_ACT(PTW_A_RETREAT, s->retreat_unit, sq[i], 0);
        return n;
    }
    default:
        return 0;
    }
}

/* ---- the fast paths, checked against the plain rules in debug builds ------------ */

#ifndef NDEBUG
static void check_fast(const char *what, bool same)
{
    if (!same) {
        fprintf(stderr, "portable-wargame: the fast %s differs from the plain rules\n", what);
        abort();
    }
}
#endif

int ptw_unit_actions(const ptw_data *d, const ptw_state *s, int u, eng_action *out)
{
    ptw_listing v;
    ptw_listing_init(&v, d->unit[u].side);
    int n = unit_actions(d, s, u, out, &v, -1);
#ifndef NDEBUG
    eng_action ref[ENG_MAX_ACTIONS];
    int m = unit_actions(d, s, u, out ? ref : NULL, NULL, -1);
    check_fast("unit's actions",
               m == n && (!out || memcmp(ref, out, (size_t)n * sizeof *out) == 0));
#endif
    return n;
}

bool ptw_side_can_act(const ptw_data *d, const ptw_state *s, int side)
{
    ptw_listing v;
    ptw_listing_init(&v, side);
    bool can = side_can_act(d, s, side, &v);
#ifndef NDEBUG
    check_fast("check for a side that can act", can == side_can_act(d, s, side, NULL));
#endif
    return can;
}

int ptw_legal_actions(const void *data, const void *st, eng_action *out)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    ptw_listing v;
    ptw_listing_init(&v, ptw_acting_side(s));
    int n = legal_actions(d, s, out, &v);
#ifndef NDEBUG
    eng_action ref[ENG_MAX_ACTIONS];
    int m = legal_actions(d, s, ref, NULL);
    check_fast("legal listing", m == n && memcmp(ref, out, (size_t)n * sizeof *out) == 0);
#endif
    return n;
}

/* ---- why not --------------------------------------------------------------------------- */

static const char *side_name(const ptw_data *d, int side) { return d->side[side].name; }

/* Checks that u is a unit of the side deciding, on the board, and free to
 * act in this part of the turn; false + why if not. */
static bool own_unit(const ptw_data *d, const ptw_state *s, int u, bool activation, char *why,
                     size_t n)
{
    int actor = ptw_actor(d, s);
    char r[24];
    if (u >= d->nunits) {
        snprintf(why, n, "there is no such unit");
        return false;
    }
    ptw_unit_ref(d, u, actor, r, sizeof r);
    if (d->unit[u].side != actor) {
        snprintf(why, n, "%s belongs to %s; it is %s's decision", r,
                 side_name(d, d->unit[u].side), side_name(d, actor));
        return false;
    }
    if (!ptw_alive(s, u)) {
        snprintf(why, n, "%s has been destroyed", r);
        return false;
    }
    if (!activation)
        return true;
    if (s->towed_by[u] != PTW_NONE) {
        char tr[24];
        ptw_unit_ref(d, s->towed_by[u], actor, tr, sizeof tr);
        snprintf(why, n, "%s is limbered: it goes where %s, towing it, goes", r, tr);
        return false;
    }
    if (s->active != PTW_NONE && s->active != u) {
        char ar[24];
        ptw_unit_ref(d, s->active, actor, ar, sizeof ar);
        snprintf(why, n, "%s is in its activation: units act one at a time, so finish it "
                 "(done) first", ar);
        return false;
    }
    if (s->active != u && ptw_bit(s->activated, u)) {
        snprintf(why, n, "%s has already acted this turn (each unit acts once a turn)", r);
        return false;
    }
    return true;
}

static bool stage_is(const ptw_state *s, int stage, const char *what, char *why, size_t n)
{
    if (s->stage == stage)
        return true;
    static const char *const waiting[] = {
        [PTW_S_ARTY] = "the guns are being laid in the artillery phase",
        [PTW_S_LANDING] = "a shell's landing roll is awaited",
        [PTW_S_INIT] = "the initiative dice are awaited",
        [PTW_S_ACT] = "a side is acting with its units",
        [PTW_S_FACE] = "a unit that stopped next to several enemies must choose which to face",
        [PTW_S_SHOT] = "the dice of a unit's fire are awaited",
        [PTW_S_COMBAT] = "a close combat's dice are awaited",
        [PTW_S_ADVANCE] = "the winner of a close combat must advance or stay",
        [PTW_S_HIT] = "a hit unit's die is awaited",
        [PTW_S_RETREAT] = "a hit unit's retreat is being chosen",
        [PTW_S_OVER] = "the battle is over",
    };
    snprintf(why, n, "%s; now %s", what, s->stage <= PTW_S_OVER ? waiting[s->stage] : "?");
    return false;
}

static void stop_reason(const ptw_data *d, const ptw_state *s, int u, char *buf, size_t n)
{
    int sq = s->loc[u];
    if (ptw_next_to_enemy(s, sq, d->unit[u].side))
        snprintf(buf, n, "it came next to an enemy unit and must stop (movement rule h)");
    else if (d->sq[sq] & PTW_SQ_WOODS)
        snprintf(buf, n, "a unit must stop as soon as it enters a wood");
    else if (d->kind[sq] == PTW_T_FORD)
        snprintf(buf, n, "a unit stops in the river when it enters a ford, and leaves it "
                 "next turn");
    else if (d->sq[sq] & PTW_SQ_TRENCH)
        snprintf(buf, n, "a unit stops in a trench it enters, and leaves it next turn");
    else if (ptw_wired(s, sq))
        snprintf(buf, n, "units must stop at barbed wire");
    else
        snprintf(buf, n, "it has stopped");
}

static void explain_move(const ptw_data *d, const ptw_state *s, int u, int to, char *why, size_t n)
{
    if (!stage_is(s, PTW_S_ACT, "units move in their side's part of the turn", why, n) ||
        !own_unit(d, s, u, true, why, n))
        return;
    char r[24], b[8], reason[128];
    int side = d->unit[u].side;
    ptw_unit_ref(d, u, side, r, sizeof r);
    ptw_sq_name(d, to, b, sizeof b);
    const ptw_type *t = ptw_type_of(d, u);
    switch (ptw_step_check(d, s, u, to)) {
    case PTW_MV_ADJ:
        snprintf(why, n, "%s moves a square at a time, to an orthogonally adjacent square "
                 "(movement rule a): %s is not next to it", r, b);
        return;
    case PTW_MV_OFF:
        snprintf(why, n, "there is no such square");
        return;
    case PTW_MV_CANT:
        snprintf(why, n, "%s cannot move", r);
        return;
    case PTW_MV_FIRED_GUN:
        snprintf(why, n, "%s fired this turn: artillery that has fired may not move "
                 "(movement rule c)", r);
        return;
    case PTW_MV_OVER:
        snprintf(why, n, "%s's move is over: it has taken its final facing, fought or "
                 "worked (a unit moves once a turn, rule b)", r);
        return;
    case PTW_MV_STOPPED:
        stop_reason(d, s, u, reason, sizeof reason);
        snprintf(why, n, "%s may move no further this turn: %s", r, reason);
        return;
    case PTW_MV_ALLOWANCE: {
        int steps = s->active == u ? s->act_steps : 0;
        if (s->active == u && (s->act_bits & PTW_ACT_SLOW))
            snprintf(why, n, "%s began its move in woods, a river or a trench: it moves 1 "
                     "square out of it this turn", r);
        else
            snprintf(why, n, "%s has moved %d square%s: %s move %d a turn, +1 when the "
                     "whole move is along a road, -1 after firing (movement rule d)%s", r,
                     steps, steps == 1 ? "" : "s", t->name, t->move,
                     ptw_bit(s->fired, u) ? "; it has fired" : "");
        return;
    }
    case PTW_MV_BLOCKED:
        snprintf(why, n, "%s is a river: it may be crossed only at a ford", b);
        return;
    case PTW_MV_ENEMY:
        snprintf(why, n, "%s is held by the enemy: no unit may move into an enemy's square "
                 "(movement rule g)", b);
        return;
    case PTW_MV_STACK:
        snprintf(why, n, "%s holds a friendly unit of the same kind: a unit may not end its "
                 "move with one (movement rule f; a transport and a commander may share "
                 "a square), and %s could not go on from there", b, r);
        return;
    case PTW_MV_WITHDRAW:
        snprintf(why, n, "%s is withdrawing from an enemy facing it: it may not move into "
                 "%s, the square in front of another enemy unit (movement rule i)", r, b);
        return;
    case PTW_MV_EXHAUSTED:
        snprintf(why, n, "%s has reached its exhaustion point: its units no longer move "
                 "towards the enemy (%s is nearer one)", side_name(d, side), b);
        return;
    default:
        snprintf(why, n, "%s cannot move to %s now", r, b);
    }
}

static void explain_face(const ptw_data *d, const ptw_state *s, int u, int dir, char *why,
                         size_t n)
{
    char r[24];
    if (s->stage == PTW_S_FACE) {
        ptw_unit_ref(d, s->active, ptw_actor(d, s), r, sizeof r);
        snprintf(why, n, "%s stopped next to enemy units and must turn to face one of them "
                 "(movement rule h)%s", r, u != s->active ? "" : ": not that way");
        return;
    }
    if (!stage_is(s, PTW_S_ACT, "units turn in their side's part of the turn", why, n) ||
        !own_unit(d, s, u, true, why, n))
        return;
    ptw_unit_ref(d, u, d->unit[u].side, r, sizeof r);
    if (dir == s->facing[u]) {
        snprintf(why, n, "%s already faces %s", r, ptw_dir_name(dir));
        return;
    }
    if (ptw_type_of(d, u)->cls == PTW_C_ARTILLERY && ptw_bit(s->fired, u)) {
        snprintf(why, n, "%s fired this turn: artillery that has fired may not move, nor "
                 "turn (movement rule c)", r);
        return;
    }
    snprintf(why, n, "%s's move is over: it has taken its final facing, fought or worked", r);
}

static const char *cover_name(const ptw_data *d, int sq)
{
    return ptw_kinds[d->kind[sq]].name;
}

static void explain_fire_code(const ptw_data *d, const ptw_state *s, int u, int sq, int code,
                              bool gun, char *why, size_t n)
{
    char r[24], b[8], f[8];
    ptw_unit_ref(d, u, d->unit[u].side, r, sizeof r);
    ptw_sq_name(d, sq, b, sizeof b);
    int from = s->loc[u];
    const ptw_type *t = ptw_type_of(d, u);
    switch (code) {
    case PTW_F_NO_WEAPON:
        if (gun)
            snprintf(why, n, "%s is not artillery (%s): only guns bombard", r, t->name);
        else if (t->weapon == PTW_WPN_ARTILLERY)
            snprintf(why, n, "%s is artillery: guns fire in the artillery phase (bombard)", r);
        else
            snprintf(why, n, "%s (%s) has no weapon to fire", r, t->name);
        return;
    case PTW_F_FIRED:
        snprintf(why, n, "%s has already fired this turn (a unit fires once a turn)", r);
        return;
    case PTW_F_TOWED:
        snprintf(why, n, "%s is limbered and cannot fire", r);
        return;
    case PTW_F_RIVER:
        snprintf(why, n, "%s is in a river: units in rivers may not fire", r);
        return;
    case PTW_F_TRENCH:
        snprintf(why, n, "%s is crossing a trench: units crossing trenches may not fire", r);
        return;
    case PTW_F_MOVED:
        snprintf(why, n, "%s has moved as far as it may and still fire: firing takes a "
                 "square off its move (movement rule d)", r);
        return;
    case PTW_F_FOUGHT:
        snprintf(why, n, "%s has fought in close combat, which comes after its moving and "
                 "firing", r);
        return;
    case PTW_F_NO_ENEMY:
        snprintf(why, n, "%s holds no enemy unit to fire at", b);
        return;
    case PTW_F_RANGE:
        snprintf(why, n, "%s is out of range: %d %s away, and %s reaches %d", b,
                 ptw_dist(d, from, sq), eng_noun(ptw_dist(d, from, sq), "square", "squares"), r,
                 t->range);
        return;
    case PTW_F_WOODS_RANGE:
        snprintf(why, n, "within a wood every weapon reaches 1 square only (%s is %d away)", b,
                 ptw_dist(d, from, sq));
        return;
    case PTW_F_ARC:
        snprintf(why, n, "%s is outside %s's arc of fire: 90 degrees forward of its facing "
                 "(%s)", b, r, ptw_dir_name(s->facing[u]));
        return;
    case PTW_F_EDGE:
        ptw_sq_name(d, d->nbr[from][s->facing[u]], f, sizeof f);
        snprintf(why, n, "%s is in %s but not at its edge: a unit fires out of woods, a "
                 "built-up area or a fortification only when the square in front of it "
                 "(%s, %s) holds none", r, cover_name(d, from), f,
                 cover_name(d, d->nbr[from][s->facing[u]]));
        return;
    case PTW_F_SIGHT:
        snprintf(why, n, "%s has no direct line of sight to %s: woods, a built-up area or "
                 "a hill is in the way", r, b);
        return;
    case PTW_F_UNITS:
        snprintf(why, n, "%s has no direct line of sight to %s: a unit is in the way (only "
                 "artillery fires over units)", r, b);
        return;
    default:
        snprintf(why, n, "%s cannot fire at %s now", r, b);
    }
}

static void explain_fire(const ptw_data *d, const ptw_state *s, int u, int sq, char *why,
                         size_t n)
{
    if (!stage_is(s, PTW_S_ACT, "units fire in their side's part of the turn (guns in the "
                  "artillery phase)", why, n) ||
        !own_unit(d, s, u, true, why, n))
        return;
    int code = ptw_shooter_check(d, s, u);
    if (code == PTW_F_OK)
        code = ptw_shot_target_check(d, s, u, sq);
    explain_fire_code(d, s, u, sq, code, false, why, n);
}

static void explain_bombard(const ptw_data *d, const ptw_state *s, int g, int sq, char *why,
                            size_t n)
{
    if (!stage_is(s, PTW_S_ARTY, "guns are laid in the artillery phase at the start of each "
                  "turn", why, n) ||
        !own_unit(d, s, g, false, why, n))
        return;
    int code = ptw_gun_check(d, s, g);
    if (code == PTW_F_OK)
        code = ptw_gun_target_check(d, s, g, sq);
    explain_fire_code(d, s, g, sq, code, true, why, n);
}

static void explain_assault(const ptw_data *d, const ptw_state *s, int u, int sq, char *why,
                            size_t n)
{
    if (!stage_is(s, PTW_S_ACT, "close combats are fought in a side's part of the turn", why,
                  n) ||
        !own_unit(d, s, u, true, why, n))
        return;
    char r[24], b[8];
    ptw_unit_ref(d, u, d->unit[u].side, r, sizeof r);
    ptw_sq_name(d, sq, b, sizeof b);
    switch (ptw_assault_check(d, s, u, sq)) {
    case PTW_CC_CANT:
        snprintf(why, n, "%s (%s) does not start close combats: artillery and transport "
                 "only defend", r, ptw_type_of(d, u)->name);
        return;
    case PTW_CC_DONE:
        snprintf(why, n, "%s has fought its close combat; it fights again only after "
                 "winning and advancing next to another enemy", r);
        return;
    case PTW_CC_EXHAUSTED:
        snprintf(why, n, "%s has reached its exhaustion point: it takes no aggressive action",
                 side_name(d, d->unit[u].side));
        return;
    case PTW_CC_NOT_ADJ:
        snprintf(why, n, "%s is not orthogonally adjacent to %s", b, r);
        return;
    case PTW_CC_NO_ENEMY:
        snprintf(why, n, "%s holds no enemy unit", b);
        return;
    default:
        snprintf(why, n, "%s cannot attack %s now", r, b);
    }
}

static void explain_limber(const ptw_data *d, const ptw_state *s, int t, bool unlimber, char *why,
                           size_t n)
{
    if (!stage_is(s, PTW_S_ACT, "guns are limbered in a side's part of the turn", why, n) ||
        !own_unit(d, s, t, true, why, n))
        return;
    char r[24];
    ptw_unit_ref(d, t, d->unit[t].side, r, sizeof r);
    switch (ptw_limber_check(d, s, t, unlimber)) {
    case PTW_L_NOT_TRANSPORT:
        snprintf(why, n, "only a horse-drawn transport tows artillery; %s is %s", r,
                 ptw_type_of(d, t)->name);
        return;
    case PTW_L_TOWING:
        snprintf(why, n, "%s is already towing a gun", r);
        return;
    case PTW_L_NOT_TOWING:
        snprintf(why, n, "%s is not towing a gun", r);
        return;
    case PTW_L_MOVED:
        snprintf(why, n, "limbering or unlimbering takes a turn with both units in the same "
                 "square: %s has moved this turn", r);
        return;
    case PTW_L_NO_GUN:
        snprintf(why, n, "no gun of yours in %s's square is free to limber (it must not have "
                 "fired or acted this turn)", r);
        return;
    case PTW_L_CROWDED:
        snprintf(why, n, "another fighting unit of yours is in %s's square: the gun would "
                 "share it", r);
        return;
    default:
        snprintf(why, n, "%s cannot do that now", r);
    }
}

static void explain_work(const ptw_data *d, const ptw_state *s, int u, bool clear, char *why,
                         size_t n)
{
    if (!stage_is(s, PTW_S_ACT, "barbed wire is worked in a side's part of the turn", why, n) ||
        !own_unit(d, s, u, true, why, n))
        return;
    char r[24];
    ptw_unit_ref(d, u, d->unit[u].side, r, sizeof r);
    switch (ptw_work_check(d, s, u, clear)) {
    case PTW_K_BUSY:
        snprintf(why, n, "laying or removing barbed wire takes a unit's whole turn in its "
                 "square: %s has already moved, fired or fought", r);
        return;
    case PTW_K_WIRED:
        snprintf(why, n, "%s's square already has barbed wire", r);
        return;
    case PTW_K_NO_WIRE:
        snprintf(why, n, "%s's square has no barbed wire to remove", r);
        return;
    default:
        snprintf(why, n, "%s cannot do that now", r);
    }
}

static void explain_roll(const ptw_data *d, const ptw_state *s, eng_action a, char *why, size_t n)
{
    int who, want = ptw_expected_roll(d, s, &who);
    if (PTW_FV(a) < 1 || PTW_FV(a) > 6) {
        snprintf(why, n, "a die shows 1 to 6");
        return;
    }
    if (!want) {
        snprintf(why, n, "no die is being rolled now");
        return;
    }
    char expect[ENG_TEXT_MAX];
    ptw_action_text(d, s, PTW_ACT(want, who, 0, 1), expect, sizeof expect);
    expect[strlen(expect) - 2] = '\0';      /* drop the score */
    snprintf(why, n, "the next roll is \"%s N\"", expect);
}

void ptw_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int u = PTW_FU(a), sq = PTW_FSQ(a), v = PTW_FV(a);
    if (s->stage == PTW_S_OVER) {
        snprintf(why, n, "the battle is over");
        return;
    }
    if (s->stage == PTW_S_ACT && s->active != PTW_NONE &&
        ptw_passing_through(d, s, s->active) && PTW_KIND(a) != PTW_A_MOVE) {
        char r[24], b[8];
        ptw_unit_ref(d, s->active, ptw_actor(d, s), r, sizeof r);
        ptw_sq_name(d, s->loc[s->active], b, sizeof b);
        snprintf(why, n, "%s is passing through %s, which holds a friendly unit of its kind: "
                 "it may not stop there (movement rule f), so it moves on", r, b);
        return;
    }
    switch (PTW_KIND(a)) {
    case PTW_A_MOVE:
        explain_move(d, s, u, sq, why, n);
        return;
    case PTW_A_FACE:
        explain_face(d, s, u, v, why, n);
        return;
    case PTW_A_FIRE:
        explain_fire(d, s, u, sq, why, n);
        return;
    case PTW_A_BOMBARD:
        explain_bombard(d, s, u, sq, why, n);
        return;
    case PTW_A_ASSAULT:
        explain_assault(d, s, u, sq, why, n);
        return;
    case PTW_A_LIMBER:
    case PTW_A_UNLIMBER:
        explain_limber(d, s, u, PTW_KIND(a) == PTW_A_UNLIMBER, why, n);
        return;
    case PTW_A_WIRE:
    case PTW_A_CLEAR:
        explain_work(d, s, u, PTW_KIND(a) == PTW_A_CLEAR, why, n);
        return;
    case PTW_A_ADVANCE:
    case PTW_A_STAY:
        if (stage_is(s, PTW_S_ADVANCE, "a unit advances only after winning a close combat",
                     why, n)) {
            char r[24];
            int w = ptw_cc_winner(d, s);
            ptw_unit_ref(d, w >= 0 ? w : s->cc_att, ptw_actor(d, s), r, sizeof r);
            snprintf(why, n, "it is %s that won and may advance", r);
        }
        return;
    case PTW_A_RETREAT:
        if (stage_is(s, PTW_S_RETREAT, "units retreat only when a hit says so", why, n)) {
            char r[24], b[8];
            ptw_unit_ref(d, s->retreat_unit, ptw_actor(d, s), r, sizeof r);
            ptw_sq_name(d, sq, b, sizeof b);
            if (u != s->retreat_unit)
                snprintf(why, n, "it is %s that retreats", r);
            else
                snprintf(why, n, "%s may not retreat to %s: a retreat goes into an "
                         "orthogonally adjacent empty square that is not next to an enemy "
                         "unit", r, b);
        }
        return;
    case PTW_A_DONE:
        if (stage_is(s, PTW_S_ACT, "done ends a unit's activation", why, n))
            snprintf(why, n, "no unit is in its activation: choose a unit's action, or end");
        return;
    case PTW_A_END:
        if (s->stage == PTW_S_ACT && s->active != PTW_NONE) {
            char r[24];
            ptw_unit_ref(d, s->active, ptw_actor(d, s), r, sizeof r);
            snprintf(why, n, "%s is in its activation: finish it with done first", r);
        } else {
            stage_is(s, PTW_S_ACT, "end finishes the laying of guns or a side's part of the "
                     "turn", why, n);
        }
        return;
    case PTW_A_INIT_ROLL:
    case PTW_A_LAND_ROLL:
    case PTW_A_SHOT_ROLL:
    case PTW_A_CC_ROLL:
    case PTW_A_HIT_ROLL:
        explain_roll(d, s, a, why, n);
        return;
    default:
        snprintf(why, n, "that is not an action of this game");
    }
}
