/*
 * ptw_position.c - a Portable Wargame position loaded from JSON (the
 * from_json of the rule-set table) and checked against the rules, and the
 * "internal" counters ptw_to_json writes for an exact round trip.
 *
 * Read: "turn", "stage", "side_a", "to_act" (checked, and in the artillery
 * and activation stages it says which side acts), "winner", the sides'
 * "exhausted_turn" and "initiative_roll", barbed wire on the board's
 * cells, the objectives' holders, each unit (by "ref": "loc" or null for
 * destroyed, "facing", "strength", "towed_by", "acted", "moved", "fired",
 * "target", "last_target", "landing", "hits_waiting"), the "activation",
 * "fire", "combat", "hit" and "retreat" under way, and "internal". The other
 * keys (names, counts, status) are worked out from these and not read.
 */
#include <string.h>
#include "position.h"
#include "ptw.h"

enum { LIM_UNITS, LIM_COUNT };

static const eng_pos_field ptw_internal[] = {
    ENG_POS_ARR(ptw_state, entered, LIM_UNITS),
    ENG_POS_ARR(ptw_state, landing, LIM_UNITS),
    ENG_POS_ARR(ptw_state, facing, LIM_UNITS),   /* a destroyed unit's, shown nowhere else */
    ENG_POS_ONE(ptw_state, part),
    ENG_POS_ONE(ptw_state, arty_side),
    ENG_POS_ONE(ptw_state, cursor),
    ENG_POS_ONE(ptw_state, act_steps),
    ENG_POS_ONE(ptw_state, act_bits),
    ENG_POS_ONE(ptw_state, shooter),
    ENG_POS_ONE(ptw_state, shot_sq),
    ENG_POS_ONE(ptw_state, shot_die),
    ENG_POS_ONE(ptw_state, shot_hits),
    ENG_POS_ONE(ptw_state, cc_att),
    ENG_POS_ONE(ptw_state, cc_def),
    ENG_POS_ONE(ptw_state, cc_from),
    ENG_POS_ONE(ptw_state, cc_sq),
    ENG_POS_ONE(ptw_state, cc_roll_a),
    ENG_POS_ONE(ptw_state, cc_roll_d),
    ENG_POS_ONE(ptw_state, cc_round),
    ENG_POS_ONE(ptw_state, hit_ctx),
    ENG_POS_ONE(ptw_state, hit_unit),
    ENG_POS_ONE(ptw_state, hit_prio),
    ENG_POS_ONE(ptw_state, hit_rolls),
    ENG_POS_ONE(ptw_state, hit_gun_rolls),
    ENG_POS_ONE(ptw_state, hit_bits),
    ENG_POS_ONE(ptw_state, retreat_unit),
    ENG_POS_ONE(ptw_state, retreat_ctx),
    ENG_POS_ONE(ptw_state, winner),
    ENG_POS_END,
};

json_t *ptw_internal_json(const ptw_data *d, const ptw_state *s)
{
    int lim[LIM_COUNT] = {d->nunits};
    return eng_pos_fields_json(ptw_internal, s, lim);
}

/* ---- readers of this game's values ------------------------------------------ */

static int sq_parse(const void *d, const char *text, char *err, size_t n)
{
    return ptw_sq_parse(d, text, err, n);
}

static bool read_sq(const ptw_data *d, const json_t *obj, const char *key, const char *where,
                    uint8_t *out, bool nullable, char *why, size_t n)
{
    eng_pos_places p = {sq_parse, d, PTW_NONE, "a square like \"c4\"", "a square"};
    return eng_pos_place_opt(&p, obj, key, where, nullable, out, why, n);
}

#define UNIT_HINT " in this scenario (units are named like \"1/INF1\")"

static bool read_unit(const ptw_data *d, const json_t *obj, const char *key, const char *where,
                      uint8_t *out, char *why, size_t n)
{
    eng_unit_table t = ptw_units(d);
    eng_pos_refs r = eng_pos_unit_refs(&t, PTW_NONE, UNIT_HINT);
    return eng_pos_ref_opt(&r, obj, key, where, out, why, n);
}

static bool read_side(const json_t *obj, const char *key, const char *where, uint8_t *out,
                      char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return true;
    if (json_is_null(v)) {
        *out = PTW_NONE;
        return true;
    }
    long x;
    char w[96];
    snprintf(w, sizeof w, "%s%s%s", where, *where ? "." : "", key);
    if (!eng_pos_int(v, w, 1, 2, &x, why, n))
        return false;
    *out = (uint8_t)(x - 1);
    return true;
}

static bool read_u8(const json_t *obj, const char *key, const char *where, long lo, long hi,
                    uint8_t *out, char *why, size_t n)
{
    long x = *out;
    const json_t *v = json_object_get(obj, key);
    if (v && json_is_null(v)) {
        *out = 0;
        return true;
    }
    if (!eng_pos_int_opt(obj, key, where, lo, hi, &x, why, n))
        return false;
    *out = (uint8_t)x;
    return true;
}

static void set_bit(uint64_t *m, int u, bool on)
{
    if (on)
        *m |= UINT64_C(1) << u;
    else
        *m &= ~(UINT64_C(1) << u);
}

/* ---- the parts -------------------------------------------------------------------- */

static bool read_top(const ptw_data *d, ptw_state *s, const json_t *pos, char *why, size_t n)
{
    if (!read_u8(pos, "turn", "", 1, d->victory.turn_limit > 0 ? d->victory.turn_limit
                                                                : PTW_MAX_TURNS,
                 &s->turn, why, n))
        return false;
    const char *stage;
    if (!eng_pos_str_opt(pos, "stage", "", &stage, why, n))
        return false;
    if (stage) {
        int k = eng_pos_word_index(ptw_stage_name, PTW_S_OVER, stage);
        if (k < 0)
            return eng_pos_fail(why, n, "stage: a turn of this game has no stage \"%s\" (the "
                                "stages: artillery, landing, initiative, activation, face, "
                                "shot, close combat, advance, hit, retreat, over)", stage);
        s->stage = (uint8_t)k;
    }
    if (!read_side(pos, "side_a", "", &s->side_a, why, n))
        return false;
    const json_t *sides = json_object_get(pos, "sides");
    if (sides) {
        if (!json_is_array(sides) || json_array_size(sides) != 2)
            return eng_pos_fail(why, n, "sides: expected an array of the 2 sides");
        for (int f = 0; f < 2; f++) {
            const json_t *o = json_array_get(sides, (size_t)f);
            char w[32];
            snprintf(w, sizeof w, "sides[%d]", f);
            if (!json_is_object(o))
                return eng_pos_fail(why, n, "%s: expected an object", w);
            if (!read_u8(o, "exhausted_turn", w, 1, s->turn, &s->exhausted[f], why, n) ||
                !read_u8(o, "initiative_roll", w, 1, 6, &s->init_roll[f], why, n))
                return false;
        }
    }
    const json_t *cells = json_object_get(json_object_get(pos, "board"), "cells");
    if (cells) {
        if (!json_is_array(cells))
            return eng_pos_fail(why, n, "board.cells: expected an array");
        memset(s->wire, 0, sizeof s->wire);
        size_t i;
        const json_t *c;
        json_array_foreach(cells, i, c) {
            char w[48];
            snprintf(w, sizeof w, "board.cells[%zu]", i);
            uint8_t sq = PTW_NONE;
            if (!json_is_object(c) || !read_sq(d, c, "sq", w, &sq, false, why, n))
                return json_is_object(c) ? false
                                         : eng_pos_fail(why, n, "%s: expected an object", w);
            bool wire = false;
            if (!eng_pos_bool_opt(c, "wire", w, &wire, why, n))
                return false;
            if (wire && sq == PTW_NONE)
                return eng_pos_fail(why, n, "%s: wire needs the square (\"sq\")", w);
            if (wire)
                s->wire[sq >> 6] |= UINT64_C(1) << (sq & 63);
        }
    }
    const json_t *objs = json_object_get(json_object_get(pos, "victory"), "objectives");
    if (objs) {
        if (!json_is_array(objs) || (int)json_array_size(objs) != d->victory.nobj)
            return eng_pos_fail(why, n, "victory.objectives: the scenario has %d objectives",
                                d->victory.nobj);
        for (int i = 0; i < d->victory.nobj; i++) {
            char w[48];
            snprintf(w, sizeof w, "victory.objectives[%d]", i);
            const json_t *o = json_array_get(objs, (size_t)i);
            uint8_t sq = d->victory.obj[i];
            if (!json_is_object(o) || !read_sq(d, o, "sq", w, &sq, false, why, n))
                return json_is_object(o) ? false
                                         : eng_pos_fail(why, n, "%s: expected an object", w);
            if (sq != d->victory.obj[i])
                return eng_pos_fail(why, n, "%s: the scenario's objective %d is elsewhere", w,
                                    i + 1);
            if (!read_side(o, "holder", w, &s->holder[i], why, n))
                return false;
        }
    }
    return true;
}

/* Does the position give unit u a "landing" key (a square, or null for a shell that landed
 * nowhere)? Guns that have not rolled yet have none. */
static bool landing_written(const ptw_data *d, const json_t *pos, int u)
{
    eng_unit_table t = ptw_units(d);
    size_t i;
    const json_t *o;
    json_array_foreach(json_object_get(pos, "units"), i, o) {
        const char *ref = json_string_value(json_object_get(o, "ref"));
        if (ref && eng_pos_find_unit(&t, ref) == u)
            return json_object_get(o, "landing") != NULL;
    }
    return false;
}

static bool read_units(const ptw_data *d, ptw_state *s, const json_t *pos, char *why, size_t n)
{
    const json_t *units = json_object_get(pos, "units");
    if (!units)
        return true;
    if (!json_is_array(units))
        return eng_pos_fail(why, n, "units: expected an array");
    size_t i;
    const json_t *o;
    eng_unit_table t = ptw_units(d);
    eng_pos_refs r = eng_pos_unit_refs(&t, PTW_NONE, UNIT_HINT);
    json_array_foreach(units, i, o) {
        char w[64];
        int u = eng_pos_unit_entry(&r, o, i, w, sizeof w, why, n);
        if (u < 0)
            return false;
        const char *status;
        if (!eng_pos_str_opt(o, "status", w, &status, why, n))
            return false;
        if (status && strcmp(status, "destroyed") && strcmp(status, "on board"))
            return eng_pos_fail(why, n, "%s: status is \"on board\" or \"destroyed\"", w);
        if (!read_sq(d, o, "loc", w, &s->loc[u], true, why, n))
            return false;
        if (status && !strcmp(status, "destroyed"))
            s->loc[u] = PTW_NONE;
        const char *facing;
        if (!eng_pos_str_opt(o, "facing", w, &facing, why, n))
            return false;
        if (facing) {
            int dir = ptw_dir_parse(facing);
            if (dir < 0)
                return eng_pos_fail(why, n, "%s.facing: N, E, S or W, not \"%s\"", w, facing);
            s->facing[u] = (uint8_t)dir;
        }
        if (!read_u8(o, "strength", w, 0, 9, &s->strength[u], why, n) ||
            !read_u8(o, "hits_waiting", w, 0, 9, &s->hits[u], why, n))
            return false;
        s->towed_by[u] = PTW_NONE;
        if (!read_unit(d, o, "towed_by", w, &s->towed_by[u], why, n) ||
            !read_sq(d, o, "target", w, &s->target[u], true, why, n) ||
            !read_sq(d, o, "last_target", w, &s->last_target[u], true, why, n) ||
            !read_sq(d, o, "landing", w, &s->landing[u], true, why, n))
            return false;
        static const char *const flags[] = {"acted", "moved", "fired"};
        uint64_t *masks[] = {&s->activated, &s->moved, &s->fired};
        for (int k = 0; k < 3; k++) {
            bool on = false;
            if (!eng_pos_bool_opt(o, flags[k], w, &on, why, n))
                return false;
            set_bit(masks[k], u, on);
        }
    }
    return true;
}

static bool read_activity(const ptw_data *d, ptw_state *s, const json_t *pos, char *why,
                          size_t n)
{
    const json_t *a = json_object_get(pos, "activation");
    s->active = PTW_NONE;
    if (a && !json_is_null(a)) {
        if (!json_is_object(a))
            return eng_pos_fail(why, n, "activation: expected an object");
        if (!read_unit(d, a, "unit", "activation", &s->active, why, n) ||
            !read_u8(a, "steps", "activation", 0, 9, &s->act_steps, why, n))
            return false;
        if (s->active == PTW_NONE)
            return eng_pos_fail(why, n, "activation: names no unit");
        s->activated |= UINT64_C(1) << s->active;
        if (!json_object_get(json_object_get(pos, "internal"), "act_bits")) {
            /* written by hand: the activation's flags as printed */
            bool may_step = true, over = false, road = true, withdraw = false, fought = false,
                 slowed = false;
            if (!eng_pos_bool_opt(a, "may_step", "activation", &may_step, why, n) ||
                !eng_pos_bool_opt(a, "move_over", "activation", &over, why, n) ||
                !eng_pos_bool_opt(a, "along_road", "activation", &road, why, n) ||
                !eng_pos_bool_opt(a, "withdrawing", "activation", &withdraw, why, n) ||
                !eng_pos_bool_opt(a, "fought", "activation", &fought, why, n) ||
                !eng_pos_bool_opt(a, "slowed", "activation", &slowed, why, n))
                return false;
            s->act_bits = (uint8_t)((over ? PTW_ACT_MOVEDONE : 0) |
                                    (!may_step && !over ? PTW_ACT_NOSTEP : 0) |
                                    (road ? 0 : PTW_ACT_OFFROAD) |
                                    (withdraw ? PTW_ACT_WITHDRAW : 0) |
                                    (fought ? PTW_ACT_FOUGHT | PTW_ACT_ASSAULTED : 0) |
                                    (slowed ? PTW_ACT_SLOW : 0));
        }
    }
    const json_t *f = json_object_get(pos, "fire");
    if (f && !json_is_null(f)) {
        if (!json_is_object(f))
            return eng_pos_fail(why, n, "fire: expected an object");
        if (!read_unit(d, f, "unit", "fire", &s->shooter, why, n) ||
            !read_sq(d, f, "target", "fire", &s->shot_sq, false, why, n) ||
            !read_u8(f, "dice_rolled", "fire", 0, 9, &s->shot_die, why, n) ||
            !read_u8(f, "hits", "fire", 0, 9, &s->shot_hits, why, n))
            return false;
    }
    const json_t *c = json_object_get(pos, "combat");
    if (c && !json_is_null(c)) {
        if (!json_is_object(c))
            return eng_pos_fail(why, n, "combat: expected an object");
        if (!read_unit(d, c, "attacker", "combat", &s->cc_att, why, n) ||
            !read_unit(d, c, "defender", "combat", &s->cc_def, why, n) ||
            !read_sq(d, c, "square", "combat", &s->cc_sq, false, why, n) ||
            !read_u8(c, "round", "combat", 0, 99, &s->cc_round, why, n) ||
            !read_u8(c, "attacker_roll", "combat", 1, 6, &s->cc_roll_a, why, n) ||
            !read_u8(c, "defender_roll", "combat", 1, 6, &s->cc_roll_d, why, n))
            return false;
        if (s->cc_att == PTW_NONE || s->cc_def == PTW_NONE)
            return eng_pos_fail(why, n, "combat: a close combat needs an attacker and a "
                                "defender");
        if (!json_object_get(c, "square"))
            s->cc_sq = s->loc[s->cc_def];
        if (s->cc_from == PTW_NONE)
            s->cc_from = s->loc[s->cc_att];
        /* written by hand: the attacker in its activation has fought (as an assault does) */
        if (s->active == s->cc_att && !json_object_get(json_object_get(pos, "internal"), "act_bits"))
            s->act_bits |= PTW_ACT_ASSAULTED | PTW_ACT_FOUGHT | PTW_ACT_MOVEDONE;
    }
    const json_t *h = json_object_get(pos, "hit");
    if (h && !json_is_null(h)) {
        uint8_t rolling = PTW_NONE;
        if (!json_is_object(h) || !read_unit(d, h, "unit", "hit", &s->hit_unit, why, n) ||
            !read_unit(d, h, "rolling", "hit", &rolling, why, n))
            return json_is_object(h) ? false : eng_pos_fail(why, n, "hit: expected an object");
        /* written by hand: the towed gun rolls once the unit hit has rolled */
        if (rolling != PTW_NONE && rolling != s->hit_unit && s->hit_unit != PTW_NONE &&
            !json_object_get(json_object_get(pos, "internal"), "hit_rolls"))
            s->hit_rolls = (uint8_t)(d->hits_once ? s->hits[s->hit_unit] : 1);
    }
    if (!read_unit(d, pos, "retreat", "", &s->retreat_unit, why, n))
        return false;
    if (s->stage == PTW_S_LANDING && !json_object_get(json_object_get(pos, "internal"), "cursor")) {
        /* written by hand: the next gun to roll is the first laid that has no "landing" key
         * yet (a shell that landed nowhere has one: null) */
        s->cursor = (uint8_t)d->nunits;
        for (int u = d->nunits - 1; u >= 0; u--)
            if (s->target[u] != PTW_NONE && !landing_written(d, pos, u))
                s->cursor = (uint8_t)u;
    }
    if (s->stage == PTW_S_OVER) {
        const json_t *w = json_object_get(pos, "winner");
        uint8_t win = 2;
        if (w && !json_is_null(w) && !read_side(pos, "winner", "", &win, why, n))
            return false;
        s->winner = win;
    }
    return true;
}

/* ---- checks against the rules ------------------------------------------------------ */

static bool check_units(const ptw_data *d, ptw_state *s, char *why, size_t n)
{
    uint8_t seen[PTW_MAX_SQ][2][3];
    memset(seen, PTW_NONE, sizeof seen);
    s->alive[0] = s->alive[1] = 0;
    for (int u = 0; u < d->nunits; u++) {
        char r[24], sqn[8];
        ptw_unit_ref(d, u, -1, r, sizeof r);
        int sq = s->loc[u];
        if (sq == PTW_NONE) {
            if (s->towed_by[u] != PTW_NONE || s->hits[u])
                return eng_pos_fail(why, n, "unit %s: a destroyed unit cannot be towed or "
                                    "wait for hits", r);
            continue;
        }
        int side = d->unit[u].side;
        s->alive[side]++;
        ptw_sq_name(d, sq, sqn, sizeof sqn);
        if (d->sq[sq] & PTW_SQ_BLOCKED)
            return eng_pos_fail(why, n, "unit %s: %s is impassable %s; no unit may stand "
                                "there", r, sqn, ptw_kinds[d->kind[sq]].name);
        if (d->cc2014 && s->strength[u] == 0)
            return eng_pos_fail(why, n, "unit %s: a unit on the board has strength 1 or "
                                "more", r);
        int t = s->towed_by[u];
        if (t != PTW_NONE) {
            char tr[24];
            ptw_unit_ref(d, t, -1, tr, sizeof tr);
            if (ptw_type_of(d, u)->cls != PTW_C_ARTILLERY ||
                ptw_type_of(d, t)->cls != PTW_C_TRANSPORT || d->unit[t].side != side)
                return eng_pos_fail(why, n, "unit %s: only a gun is towed, by a transport of "
                                    "its own side (%s is not one)", r, tr);
            if (s->loc[t] != sq)
                return eng_pos_fail(why, n, "unit %s: it is towed by %s, which is not in %s",
                                    r, tr, sqn);
            for (int g = 0; g < u; g++)
                if (s->towed_by[g] == t && s->loc[g] != PTW_NONE)
                    return eng_pos_fail(why, n, "unit %s: transport %s already tows another "
                                        "gun", r, tr);
            continue;
        }
        int role = d->unit[u].role;
        if (seen[sq][1 - side][0] != PTW_NONE || seen[sq][1 - side][1] != PTW_NONE ||
            seen[sq][1 - side][2] != PTW_NONE) {
            return eng_pos_fail(why, n, "unit %s: %s holds a unit of the other side; units "
                                "of both sides never share a square", r, sqn);
        }
        /* the unit in its activation may be passing through a friend's square */
        bool passing = (u == s->active || seen[sq][side][role] == s->active) && s->act_steps > 0;
        bool exempt = role != PTW_ROLE_FIGHT && !d->stack_one_each;   /* rule f */
        if (seen[sq][side][role] != PTW_NONE && !passing && !exempt) {
            char o[24];
            ptw_unit_ref(d, seen[sq][side][role], -1, o, sizeof o);
            return eng_pos_fail(why, n, "unit %s: %s already holds %s; a square holds one "
                                "fighting unit of a side (%s)", r, sqn, o,
                                d->stack_one_each ? "option stacking one-each: and one "
                                "transport and one commander" : "transports and commanders "
                                "may join it");
        }
        if (seen[sq][side][role] == PTW_NONE || u != s->active)
            seen[sq][side][role] = (uint8_t)u;
    }
    ptw_occ_rebuild(d, s);
    return true;
}

static bool alive_unit(const ptw_state *s, int u) { return u != PTW_NONE && s->loc[u] != PTW_NONE; }

static bool check_flow(const ptw_data *d, ptw_state *s, const json_t *pos, char *why, size_t n)
{
    if (s->turn == 0)
        return eng_pos_fail(why, n, "turn: the battle starts at turn 1");
    switch (s->stage) {
    case PTW_S_SHOT:
        if (!alive_unit(s, s->shooter) || s->shot_sq == PTW_NONE)
            return eng_pos_fail(why, n, "fire: the stage is \"shot\" but no unit on the "
                                "board is firing at a square");
        break;
    case PTW_S_COMBAT:
    case PTW_S_ADVANCE:
        if (s->stage == PTW_S_ADVANCE && (alive_unit(s, s->cc_att) || alive_unit(s, s->cc_def)) &&
            ptw_cc_winner(d, s) < 0)
            return eng_pos_fail(why, n, "combat: the stage is \"advance\" but neither unit of "
                                "the combat won and may advance");
        if ((!alive_unit(s, s->cc_att) && s->stage == PTW_S_COMBAT) ||
            (s->stage == PTW_S_COMBAT && !alive_unit(s, s->cc_def)) ||
            (s->stage == PTW_S_ADVANCE && ptw_cc_winner(d, s) < 0))
            return eng_pos_fail(why, n, "combat: the stage is \"%s\" but the combat has no "
                                "attacker and defender on the board",
                                ptw_stage_name(s->stage));
        if (s->cc_att != PTW_NONE && s->cc_def != PTW_NONE &&
            d->unit[s->cc_att].side == d->unit[s->cc_def].side)
            return eng_pos_fail(why, n, "combat: the attacker and the defender are of one "
                                "side");
        break;
    case PTW_S_HIT:
        if (!alive_unit(s, s->hit_unit))
            return eng_pos_fail(why, n, "hit: the stage is \"hit\" but no unit on the board "
                                "is being hit");
        break;
    case PTW_S_RETREAT:
        if (!alive_unit(s, s->retreat_unit))
            return eng_pos_fail(why, n, "retreat: the stage is \"retreat\" but no unit on "
                                "the board is retreating");
        break;
    case PTW_S_FACE:
        if (!alive_unit(s, s->active))
            return eng_pos_fail(why, n, "activation: the stage is \"face\" but no unit is in "
                                "its activation");
        break;
    case PTW_S_ACT:
    case PTW_S_INIT:
    case PTW_S_LANDING:
        if (s->side_a == PTW_NONE && s->stage == PTW_S_ACT)
            return eng_pos_fail(why, n, "side_a: the activation stage needs the side that "
                                "won the initiative");
        break;
    default:
        break;
    }
    if (s->active != PTW_NONE && s->stage != PTW_S_OVER && !alive_unit(s, s->active) &&
        s->stage == PTW_S_ACT)
        return eng_pos_fail(why, n, "activation: the unit in its activation is destroyed");
    /* the side to act: given, it also says who acts where the stage leaves a choice */
    const json_t *ta = json_object_get(pos, "to_act");
    if (ta && json_is_integer(ta)) {
        long p = json_integer_value(ta);
        if (p < 1 || p > 2)
            return eng_pos_fail(why, n, "to_act: 1, 2, \"chance\" or null");
        if (s->stage == PTW_S_ARTY && !json_object_get(json_object_get(pos, "internal"),
                                                       "arty_side"))
            s->arty_side = (uint8_t)(p - 1);
        /* the acting side is the one to act, or at an advance the attacker's
         * (a winning defender advances in the attacker's part) */
        int acting = (int)p - 1;
        if (s->stage == PTW_S_ADVANCE && s->cc_att < d->nunits)
            acting = d->unit[s->cc_att].side;
        if ((s->stage == PTW_S_ACT || s->stage == PTW_S_FACE || s->stage == PTW_S_ADVANCE) &&
            s->side_a != PTW_NONE && !json_object_get(json_object_get(pos, "internal"), "part"))
            s->part = (uint8_t)(acting == s->side_a ? 0 : 1);
    }
    if (ta) {
        int who = ptw_current_player(d, s);
        if (!eng_pos_to_act_is(ta, who))
            return eng_pos_fail(why, n, "to_act: at stage \"%s\" the decision is %s%s%s",
                                ptw_stage_name(s->stage),
                                who == ENG_CHANCE ? "chance's" : who == ENG_TERMINAL
                                ? "nobody's: the battle is over" : "side ",
                                who >= 0 ? (who == 0 ? "1" : "2") : "",
                                who >= 0 ? "'s" : "");
    }
    return true;
}

bool ptw_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n)
{
    const ptw_data *d = data;
    ptw_state *s = st;
    const char *cc = json_string_value(json_object_get(pos, "close_combat"));
    if (cc && strcmp(cc, d->cc2014 ? "2014" : "1800s") != 0)
        return eng_pos_fail(why, n, "close_combat: the position is of the %s close combat, the "
                            "game plays %s (option close-combat)", cc,
                            d->cc2014 ? "2014" : "1800s");
    int lim[LIM_COUNT] = {d->nunits};
    if (!read_top(d, s, pos, why, n) ||
        !eng_pos_fields_read(ptw_internal, s, lim, json_object_get(pos, "internal"), why, n) ||
        !ptw_position_indexes_ok(d, s, why, n) ||
        !read_units(d, s, pos, why, n) || !read_activity(d, s, pos, why, n) ||
        !check_units(d, s, why, n) || !ptw_position_indexes_ok(d, s, why, n) ||
        !ptw_position_sides_ok(d, s, why, n))
        return false;
    /* exhaustion takes effect at the loss: a side whose losses have reached
     * its point is exhausted (from this turn, if the position does not say) */
    if (!d->exhaustion_at_turn_end && s->stage != PTW_S_OVER)
        ptw_check_exhaustion(d, s);
    if (!check_flow(d, s, pos, why, n))
        return false;
    ptw_book_rebuild(d, s);   /* the bookkeeping, from the whole position */
    return true;
}
