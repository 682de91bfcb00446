/*
 * ptw_apply.c - the starting position, applying actions, and the flow of
 * a turn: the artillery phase (side 1 then side 2 lay their guns; a landing
 * roll per gun; only then every hit: fire is simultaneous), dice for
 * initiative (re-rolled while equal), side A's activations, side B's, and
 * the exhaustion check.
 *
 * Invariant after init and after every apply: the state stands at a
 * decision (a side to act, a chance point) or is over. ptw_continue walks
 * through everything automatic on the way: sides with nothing to do, an
 * activation with nothing left, hits and retreats without a choice, the end
 * of a turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptw.h"

int ptw_acting_side(const ptw_state *s)
{
    return s->part == 0 ? s->side_a : 1 - s->side_a;
}

int ptw_actor(const ptw_data *d, const ptw_state *s)
{
    switch (s->stage) {
    case PTW_S_ARTY:
        return s->arty_side;
    case PTW_S_ACT:
    case PTW_S_FACE:
        return ptw_acting_side(s);
    case PTW_S_ADVANCE: {           /* the winner's side: attacker or defender */
        int w = ptw_cc_winner(d, s);
        return w >= 0 ? d->unit[w].side : ptw_acting_side(s);
    }
    case PTW_S_RETREAT:
        return d->unit[s->retreat_unit].side;
    default:
        return -1;
    }
}

int ptw_current_player(const void *data, const void *st)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    switch (s->stage) {
    case PTW_S_LANDING:
    case PTW_S_INIT:
    case PTW_S_SHOT:
    case PTW_S_COMBAT:
    case PTW_S_HIT:
        return ENG_CHANCE;
    case PTW_S_OVER:
        return ENG_TERMINAL;
    default:
        return ptw_actor(d, s);
    }
}

int ptw_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int kind, who;
    switch (s->stage) {
    case PTW_S_LANDING: kind = PTW_A_LAND_ROLL; who = s->cursor; break;
    case PTW_S_INIT: kind = PTW_A_INIT_ROLL; who = s->init_roll[0] ? 1 : 0; break;
    case PTW_S_SHOT: kind = PTW_A_SHOT_ROLL; who = s->shooter; break;
    case PTW_S_COMBAT: kind = PTW_A_CC_ROLL; who = ptw_cc_roller(s); break;
    case PTW_S_HIT: kind = PTW_A_HIT_ROLL; who = ptw_hit_roller(d, s); break;
    default: return 0;
    }
    for (int v = 1; v <= 6; v++) {
        out[v - 1] = PTW_ACT(kind, who, 0, v);
        prob[v - 1] = 1.0 / 6;
    }
    return 6;
}

/* ---- the flow ------------------------------------------------------------------------- */

static void start_turn(const ptw_data *d, ptw_state *s)
{
    s->turn++;
    s->activated = s->moved = s->fired = 0;
    for (int u = 0; u < d->nunits; u++) {
        s->last_target[u] = s->target[u];
        s->target[u] = PTW_NONE;
        s->landing[u] = PTW_NONE;
    }
    s->init_roll[0] = s->init_roll[1] = 0;
    s->side_a = PTW_NONE;
    s->part = 0;
    s->arty_side = 0;
    s->cursor = 0;
    s->stage = PTW_S_ARTY;
}

void ptw_activation_over(const ptw_data *d, ptw_state *s)
{
    (void)d;
    s->active = PTW_NONE;
    s->act_steps = 0;
    s->act_bits = 0;
    s->stage = PTW_S_ACT;
}

/* Every gun's shell has landed: each unit in a landing square is hit once
 * per shell (a towed gun through its transport). */
static void shells_landed(const ptw_data *d, ptw_state *s)
{
    for (int g = 0; g < d->nunits; g++) {
        int sq = s->landing[g];
        if (sq == PTW_NONE)
            continue;
        for (int u = 0; u < d->nunits; u++)
            if (s->loc[u] == sq && s->towed_by[u] == PTW_NONE && s->hits[u] < 250)
                s->hits[u]++;
    }
    s->hit_ctx = PTW_HC_ARTY;
    s->hit_prio = PTW_NONE;
    s->stage = PTW_S_HITS;
}

/* The small-arms dice are in: each hit falls on every enemy unit in the
 * target square. */
static void shots_done(const ptw_data *d, ptw_state *s)
{
    int side = d->unit[s->shooter].side;
    for (int u = 0; u < d->nunits; u++)
        if (s->loc[u] == s->shot_sq && d->unit[u].side != side && s->towed_by[u] == PTW_NONE)
            s->hits[u] = (uint8_t)(s->hits[u] + s->shot_hits);
    s->shooter = s->shot_sq = PTW_NONE;
    s->shot_die = s->shot_hits = 0;
    s->hit_ctx = PTW_HC_FIRE;
    s->hit_prio = PTW_NONE;
    s->stage = PTW_S_HITS;
}

/* A side with no unit left: the battle is over at once. */
static bool annihilated(const ptw_data *d, const ptw_state *s)
{
    return ptw_units_left(d, s, 0) == 0 || ptw_units_left(d, s, 1) == 0;
}

static void cc_over(ptw_state *s)
{
    s->cc_att = s->cc_def = s->cc_from = s->cc_sq = PTW_NONE;
    s->cc_roll_a = s->cc_roll_d = s->cc_round = 0;
}

/* Everything in progress dropped: the battle is over. */
static void drop_activity(const ptw_data *d, ptw_state *s)
{
    ptw_activation_over(d, s);
    cc_over(s);
    memset(s->hits, 0, sizeof s->hits);
    s->shooter = s->shot_sq = s->hit_unit = s->hit_prio = s->retreat_unit = PTW_NONE;
    s->shot_die = s->shot_hits = s->hit_ctx = s->hit_rolls = s->hit_gun_rolls = s->hit_bits = 0;
    s->retreat_ctx = 0;
}

void ptw_continue(const ptw_data *d, ptw_state *s)
{
    for (;;) {
        /* a side with no unit left ends the battle, once the hits in hand
         * (which are simultaneous with the one that did it) are resolved */
        bool resolving = s->stage == PTW_S_HITS || s->stage == PTW_S_HIT ||
                         s->stage == PTW_S_RETREAT;
        if (!resolving && s->stage != PTW_S_OVER && s->stage != PTW_S_TURN_END &&
            annihilated(d, s)) {
            drop_activity(d, s);
            s->stage = PTW_S_TURN_END;
        }
        switch (s->stage) {
        case PTW_S_ARTY:
            if (s->arty_side < 2 && ptw_side_can_bombard(d, s, s->arty_side))
                return;
            if (s->arty_side < 2) {
                s->arty_side++;
                continue;
            }
            s->stage = PTW_S_LANDING;
            s->cursor = 0;
            continue;
        case PTW_S_LANDING:
            while (s->cursor < d->nunits && s->target[s->cursor] == PTW_NONE)
                s->cursor++;
            if (s->cursor < d->nunits)
                return;
            s->cursor = 0;
            shells_landed(d, s);
            continue;
        case PTW_S_HITS:
            if (ptw_hits_next(d, s))
                continue;                  /* a hit unit's die is awaited */
            switch (s->hit_ctx) {
            case PTW_HC_ARTY:
                s->stage = PTW_S_INIT;
                break;
            case PTW_HC_FIRE:
                s->stage = PTW_S_ACT;
                break;
            default:
                s->stage = PTW_S_CC_END;
                break;
            }
            s->hit_ctx = 0;
            continue;
        case PTW_S_INIT:
            if (s->init_roll[0] && s->init_roll[1]) {
                s->side_a = s->init_roll[0] > s->init_roll[1] ? 0 : 1;
                s->part = 0;
                s->stage = PTW_S_ACT;
                continue;
            }
            return;
        case PTW_S_SHOT:
            if (s->shot_die < ptw_type_of(d, s->shooter)->dice)
                return;
            shots_done(d, s);
            continue;
        case PTW_S_CC_END:
            if (ptw_may_advance(d, s)) {
                s->stage = PTW_S_ADVANCE;
                return;
            }
            cc_over(s);
            s->stage = PTW_S_ACT;
            continue;
        case PTW_S_ACT:
            if (s->active != PTW_NONE) {
                if (ptw_alive(s, s->active) && ptw_unit_actions(d, s, s->active, NULL) > 0)
                    return;
                ptw_activation_over(d, s);
            }
            /* no unit in its activation: the side's units are listed from
             * here on, each unit's steps read from the bookkeeping */
            ptw_book_update(d, s);
            if (ptw_side_can_act(d, s, ptw_acting_side(s)))
                return;
            if (++s->part < 2)
                continue;
            s->stage = PTW_S_TURN_END;
            continue;
        case PTW_S_TURN_END:
            s->part = 0;
            if (ptw_end_of_turn(d, s)) {
                s->stage = PTW_S_OVER;
                return;
            }
            start_turn(d, s);
            continue;
        default:
            return;   /* a decision or chance point, or over */
        }
    }
}

void ptw_init(const void *data, void *st)
{
    const ptw_data *d = data;
    ptw_state *s = st;
    memset(s, 0, sizeof *s);
    memset(s->loc, PTW_NONE, sizeof s->loc);
    memset(s->towed_by, PTW_NONE, sizeof s->towed_by);
    memset(s->target, PTW_NONE, sizeof s->target);
    memset(s->last_target, PTW_NONE, sizeof s->last_target);
    memset(s->landing, PTW_NONE, sizeof s->landing);
    memset(s->holder, PTW_NONE, sizeof s->holder);
    for (int u = 0; u < d->nunits; u++) {
        s->loc[u] = d->unit[u].loc;
        s->facing[u] = d->unit[u].facing;
        s->strength[u] = d->unit[u].strength;
        s->towed_by[u] = d->unit[u].towed_by;
        s->alive[d->unit[u].side]++;
    }
    ptw_occ_rebuild(d, s);
    for (int sq = 0; sq < d->nsq; sq++)
        if (d->wire0[sq])
            s->wire[sq >> 6] |= UINT64_C(1) << (sq & 63);
    for (int i = 0; i < d->victory.nobj; i++)
        s->holder[i] = d->victory.obj_holder[i];
    s->active = s->shooter = s->shot_sq = PTW_NONE;
    s->hit_unit = s->hit_prio = s->retreat_unit = PTW_NONE;
    cc_over(s);
    s->winner = PTW_NONE;
    start_turn(d, s);
    ptw_book_rebuild(d, s);
    ptw_continue(d, s);
}

/* The unit an activation action is for begins its activation if none is
 * in progress. */
static void activate(const ptw_data *d, ptw_state *s, int u)
{
    if (s->active == u)
        return;
    s->active = (uint8_t)u;
    s->activated |= UINT64_C(1) << u;
    s->act_steps = 0;
    s->act_bits = (d->sq[s->loc[u]] & PTW_SQ_SLOW) ? PTW_ACT_SLOW : 0;
}

static void set_facing(const ptw_data *d, ptw_state *s, int u, int dir)
{
    s->facing[u] = (uint8_t)dir;
    int g = ptw_towing(d, s, u);
    if (g >= 0)
        s->facing[g] = (uint8_t)dir;
}

void ptw_apply(const void *data, void *st, eng_action a)
{
    const ptw_data *d = data;
    ptw_state *s = st;
    int u = PTW_FU(a), sq = PTW_FSQ(a), v = PTW_FV(a);
    switch (PTW_KIND(a)) {
    case PTW_A_BOMBARD:
        s->target[u] = (uint8_t)sq;
        s->fired |= UINT64_C(1) << u;
        break;
    case PTW_A_END:
        if (s->stage == PTW_S_ARTY)
            s->arty_side++;
        else if (++s->part >= 2)
            s->stage = PTW_S_TURN_END;
        break;
    case PTW_A_LAND_ROLL: {
        int score = v + ptw_landing_modifier(d, s, u, NULL);
        s->landing[u] = (uint8_t)ptw_landing_square(d, s, u, score);
        s->cursor = (uint8_t)(u + 1);
        break;
    }
    case PTW_A_INIT_ROLL:
        s->init_roll[u] = (uint8_t)v;
        if (s->init_roll[0] && s->init_roll[0] == s->init_roll[1])
            s->init_roll[0] = s->init_roll[1] = 0;   /* equal: both roll again */
        break;
    case PTW_A_MOVE:
        activate(d, s, u);
        ptw_step(d, s, u, sq);
        break;
    case PTW_A_FACE:
        if (s->stage == PTW_S_FACE) {
            set_facing(d, s, u, v);
            s->stage = PTW_S_ACT;
            break;
        }
        activate(d, s, u);
        set_facing(d, s, u, v);
        s->moved |= UINT64_C(1) << u;
        s->act_bits |= PTW_ACT_MOVEDONE;
        break;
    case PTW_A_FIRE:
        activate(d, s, u);
        s->fired |= UINT64_C(1) << u;
        s->shooter = (uint8_t)u;
        s->shot_sq = (uint8_t)sq;
        s->shot_die = s->shot_hits = 0;
        s->stage = PTW_S_SHOT;
        break;
    case PTW_A_SHOT_ROLL:
        if (v + ptw_shot_modifier(d, s, u, s->shot_sq) >= 5)
            s->shot_hits++;
        s->shot_die++;
        break;
    case PTW_A_ASSAULT:
        activate(d, s, u);
        ptw_cc_begin(d, s, u, sq);
        break;
    case PTW_A_CC_ROLL:
        if (s->cc_roll_a == 0) {
            s->cc_roll_a = (uint8_t)v;
        } else {
            s->cc_roll_d = (uint8_t)v;
            ptw_cc_rolled(d, s);
        }
        break;
    case PTW_A_HIT_ROLL:
        ptw_hit_rolled(d, s, v);
        break;
    case PTW_A_RETREAT:
        ptw_retreat_chosen(d, s, sq);
        break;
    case PTW_A_ADVANCE:
        ptw_advance(d, s);
        cc_over(s);
        break;
    case PTW_A_STAY:
        cc_over(s);
        s->stage = PTW_S_ACT;
        break;
    case PTW_A_LIMBER: {
        activate(d, s, u);
        int g = ptw_gun_to_limber(d, s, u);
        s->towed_by[g] = (uint8_t)u;
        s->facing[g] = s->facing[u];
        s->activated |= UINT64_C(1) << g;
        ptw_occ_refresh(d, s, s->loc[u]);
        ptw_activation_over(d, s);
        break;
    }
    case PTW_A_UNLIMBER: {
        activate(d, s, u);
        int g = ptw_towing(d, s, u);
        s->towed_by[g] = PTW_NONE;
        s->facing[g] = (uint8_t)v;
        s->activated |= UINT64_C(1) << g;
        ptw_occ_refresh(d, s, s->loc[u]);
        ptw_activation_over(d, s);
        break;
    }
    case PTW_A_WIRE:
    case PTW_A_CLEAR: {
        activate(d, s, u);
        int at = s->loc[u];
        if (PTW_KIND(a) == PTW_A_WIRE)
            s->wire[at >> 6] |= UINT64_C(1) << (at & 63);
        else
            s->wire[at >> 6] &= ~(UINT64_C(1) << (at & 63));
        ptw_activation_over(d, s);
        break;
    }
    case PTW_A_DONE:
        ptw_activation_over(d, s);
        break;
    default:
        return;
    }
    ptw_continue(d, s);
#ifndef NDEBUG
    ptw_book_check(d, s);      /* aborts if the book differs from the steps worked out afresh */
    /* who stands where is kept up to date piecemeal (ptw_place, ptw_occ_refresh):
     * debug builds check it against the plain count after every action */
    ptw_state plain = *s;
    ptw_occ_rebuild(d, &plain);
    if (memcmp(plain.occ, s->occ, sizeof s->occ) != 0) {
        fprintf(stderr, "portable-wargame: the occupancy kept by apply differs from a "
                "recount\n");
        abort();
    }
#endif
}
