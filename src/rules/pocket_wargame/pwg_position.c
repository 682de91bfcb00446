/*
 * pwg_position.c - a Pocket Wargame position loaded from JSON (the
 * from_json of the rule-set table) and checked against the rules, and the
 * "internal" counters pwg_to_json writes for an exact round trip.
 *
 * Read: "turn", "phase", "stage", "first", "to_act" (checked), each
 * force's "points" and "declared_allies", each board cell's "card" and
 * "terrain", each unit (by "ref": "loc", "condition", "acted"), the
 * "deployment" round, the "combat" under way (kind, place, shooter and
 * target, each coin's toss, damage), "winners" and "internal". The other
 * keys are worked out from these and not read.
 */
#include <string.h>
#include "position.h"
#include "pwg.h"

enum { LIM_UNITS, LIM_FORCES, LIM_COUNT };

static const eng_pos_field pwg_internal[] = {
    ENG_POS_ONE(pwg_state, dealt),
    ENG_POS_ONE(pwg_state, hidden),
    ENG_POS_ONE(pwg_state, turn_pos),
    ENG_POS_ONE(pwg_state, deal_next),
    ENG_POS_ONE(pwg_state, first),
    ENG_POS_ONE(pwg_state, deploy_round),
    ENG_POS_ONE(pwg_state, deploy_done),
    ENG_POS_ONE(pwg_state, melee_next),
    ENG_POS_ONE(pwg_state, winners),
    ENG_POS_ONE(pwg_state, rule_done),
    ENG_POS_ARR(pwg_state, changed, LIM_FORCES),
    ENG_POS_ARR(pwg_state, loc, LIM_UNITS),     /* where units off the map were last */
    ENG_POS_ARR(pwg_state, opp, LIM_FORCES),
    ENG_POS_END,
};

/* the combat's counters, all of them (a combat ends with them kept) */
static const eng_pos_field pwg_combat_internal[] = {
    ENG_POS_ONE(pwg_combat, units),
    ENG_POS_ONE(pwg_combat, kind),
    ENG_POS_ONE(pwg_combat, loc),
    ENG_POS_ONE(pwg_combat, shooter),
    ENG_POS_ONE(pwg_combat, target),
    ENG_POS_ONE(pwg_combat, norder),
    ENG_POS_ONE(pwg_combat, pos),
    ENG_POS_ARR(pwg_combat, order, LIM_FORCES),
    ENG_POS_ARR(pwg_combat, heads, LIM_FORCES),
    ENG_POS_ONE(pwg_combat, last_unit),
    ENG_POS_ONE(pwg_combat, last_prev),
    ENG_POS_ONE(pwg_combat, last_by),
    ENG_POS_ONE(pwg_combat, forces),
    ENG_POS_ARR(pwg_combat, cu, LIM_UNITS),
    ENG_POS_ARR(pwg_combat, dmg, LIM_UNITS),
    ENG_POS_END,
};

json_t *pwg_internal_json(const pwg_data *d, const pwg_state *s)
{
    int lim[LIM_COUNT] = {d->nunits, d->nforces};
    json_t *o = eng_pos_fields_json(pwg_internal, s, lim);
    json_object_set_new(o, "combat", eng_pos_fields_json(pwg_combat_internal, &s->combat, lim));
    return o;
}

#define UNIT_HINT " in this scenario (units are named like \"1/HI1\")"

static bool read_unit(const pwg_data *d, const json_t *obj, const char *key, const char *where,
                      uint8_t *out, char *why, size_t n)
{
    eng_unit_table t = pwg_units(d);
    eng_pos_refs r = eng_pos_unit_refs(&t, PWG_NONE, UNIT_HINT);
    return eng_pos_ref_opt(&r, obj, key, where, out, why, n);
}

static int loc_parse(const void *d, const char *text, char *err, size_t n)
{
    return pwg_loc_parse(d, text, err, n);
}

static bool read_loc(const pwg_data *d, const json_t *obj, const char *key, const char *where,
                     uint8_t *out, char *why, size_t n)
{
    eng_pos_places p = {loc_parse, d, PWG_NONE, "a location like \"b2\"", "a location"};
    return eng_pos_place_opt(&p, obj, key, where, true, out, why, n);
}

static bool read_force(const pwg_data *d, const json_t *v, const char *where, int *out,
                       char *why, size_t n)
{
    long x;
    if (!eng_pos_int(v, where, 1, d->nforces, &x, why, n))
        return false;
    *out = (int)x - 1;
    return true;
}

/* An array of force numbers as a set of forces (bit f for force f + 1);
 * anything else leaves *out as it is. */
static bool read_force_set(const pwg_data *d, const json_t *a, const char *where, uint8_t *out,
                           char *why, size_t n)
{
    if (!json_is_array(a))
        return true;
    *out = 0;
    size_t i;
    const json_t *e;
    json_array_foreach(a, i, e) {
        int f;
        if (!read_force(d, e, where, &f, why, n))
            return false;
        *out |= (uint8_t)(1 << f);
    }
    return true;
}

static bool read_top(const pwg_data *d, pwg_state *s, const json_t *pos, char *why, size_t n)
{
    long x = s->turn;
    if (!eng_pos_int_opt(pos, "turn", "", 0, 255, &x, why, n))
        return false;
    s->turn = (uint8_t)x;
    const char *t;
    if (!eng_pos_str_opt(pos, "phase", "", &t, why, n))
        return false;
    if (t) {
        int k = eng_pos_word_index(pwg_phase_name, PWG_P_END, t);
        if (k < 0)
            return eng_pos_fail(why, n, "phase: a turn has no phase \"%s\" (set-up, alliances, "
                                "cavalry, ranged, movement, melee, end)", t);
        s->phase = (uint8_t)k;
    }
    if (!eng_pos_str_opt(pos, "stage", "", &t, why, n))
        return false;
    if (t) {
        int k = eng_pos_word_index(pwg_stage_name, PWG_S_OVER, t);
        if (k < 0)
            return eng_pos_fail(why, n, "stage: no stage \"%s\" (deal, deployment, first "
                                "player, alliances, cavalry, ranged, movement, toss, spend, "
                                "over)", t);
        s->stage = (uint8_t)k;
    }
    const json_t *v = json_object_get(pos, "first");
    if (v && !json_is_null(v)) {
        int f;
        if (!read_force(d, v, "first", &f, why, n))
            return false;
        s->first = (uint8_t)f;
    }
    const json_t *forces = json_object_get(pos, "forces");
    if (forces) {
        if (!json_is_array(forces) || (int)json_array_size(forces) != d->nforces)
            return eng_pos_fail(why, n, "forces: expected an array of the %d forces",
                                d->nforces);
        for (int f = 0; f < d->nforces; f++) {
            const json_t *o = json_array_get(forces, (size_t)f);
            char w[32];
            snprintf(w, sizeof w, "forces[%d]", f);
            if (!json_is_object(o))
                return eng_pos_fail(why, n, "%s: expected an object", w);
            long p = s->points[f];
            if (!eng_pos_int_opt(o, "points", w, -PWG_MAX_POINTS, PWG_MAX_POINTS, &p, why, n))
                return false;
            s->points[f] = (int16_t)p;
            if (!read_force_set(d, json_object_get(o, "changed_this_turn"),
                                "forces.changed_this_turn", &s->changed[f], why, n))
                return false;
            const json_t *al = json_object_get(o, "declared_allies");
            if (al) {
                if (!json_is_array(al))
                    return eng_pos_fail(why, n, "%s.declared_allies: expected an array", w);
                s->stance[f] = 0;
                size_t i;
                const json_t *e;
                json_array_foreach(al, i, e) {
                    int g;
                    char w2[96];
                    snprintf(w2, sizeof w2, "%s.declared_allies[%zu]", w, i);
                    if (!read_force(d, e, w2, &g, why, n))
                        return false;
                    if (g == f)
                        return eng_pos_fail(why, n, "%s: a force does not ally with itself",
                                            w2);
                    s->stance[f] |= (uint8_t)(1 << g);
                }
            }
        }
    }
    const json_t *cells = json_object_get(json_object_get(pos, "board"), "cells");
    if (cells) {
        if (!json_is_array(cells))
            return eng_pos_fail(why, n, "board.cells: expected an array");
        size_t i;
        const json_t *c;
        bool seen[PWG_MAX_LOCS] = {false};
        json_array_foreach(cells, i, c) {
            char w[48];
            snprintf(w, sizeof w, "board.cells[%zu]", i);
            uint8_t loc = PWG_NONE;
            if (!json_is_object(c))
                return eng_pos_fail(why, n, "%s: expected an object", w);
            if (!read_loc(d, c, "loc", w, &loc, why, n))
                return false;
            if (loc == PWG_NONE)
                return eng_pos_fail(why, n, "%s: names no location (\"loc\")", w);
            if (seen[loc])
                return eng_pos_fail(why, n, "%s: %s is listed twice", w,
                                    json_string_value(json_object_get(c, "loc")));
            seen[loc] = true;
            const char *card, *terr;
            if (!eng_pos_str_opt(c, "card", w, &card, why, n) ||
                !eng_pos_str_opt(c, "terrain", w, &terr, why, n))
                return false;
            if (card) {
                int k = 0;
                while (k < d->ncards && strcmp(d->card[k].code, card) != 0)
                    k++;
                if (k == d->ncards)
                    return eng_pos_fail(why, n, "%s.card: the deck has no card \"%s\"", w, card);
                s->card[loc] = (uint8_t)k;
                s->terr[loc] = d->card[k].terrain;
            } else if (json_object_get(c, "card")) {
                s->card[loc] = PWG_NONE;
            }
            if (terr) {
                int k = 0;
                while (k < d->nterrain && strcmp(d->terrain[k].name, terr) != 0)
                    k++;
                if (k == d->nterrain)
                    return eng_pos_fail(why, n, "%s.terrain: no terrain \"%s\" in this terrain "
                                        "set", w, terr);
                s->terr[loc] = (uint8_t)k;
            }
        }
    }
    return true;
}

static bool read_units(const pwg_data *d, pwg_state *s, const json_t *pos, char *why, size_t n)
{
    const json_t *units = json_object_get(pos, "units");
    if (!units)
        return true;
    if (!json_is_array(units))
        return eng_pos_fail(why, n, "units: expected an array");
    size_t i;
    const json_t *o;
    eng_unit_table t = pwg_units(d);
    eng_pos_refs r = eng_pos_unit_refs(&t, PWG_NONE, UNIT_HINT);
    json_array_foreach(units, i, o) {
        char w[64];
        int u = eng_pos_unit_entry(&r, o, i, w, sizeof w, why, n);
        if (u < 0)
            return false;
        const char *cond;
        if (!eng_pos_str_opt(o, "condition", w, &cond, why, n))
            return false;
        if (cond) {
            int k = eng_pos_word_index(pwg_cond_name, PWG_RESERVE, cond);
            if (k < 0)
                return eng_pos_fail(why, n, "%s.condition: steady, wavering, destroyed, "
                                    "exited, undeployed or reserve, not \"%s\"", w, cond);
            s->cond[u] = (uint8_t)k;
        }
        uint8_t loc = s->loc[u];
        if (!read_loc(d, o, "loc", w, &loc, why, n))
            return false;
        if (loc != PWG_NONE || PWG_ON_MAP(s->cond[u]))
            s->loc[u] = loc;   /* off the map, "loc" is null: keep where it was last */
        bool acted = false;
        if (!eng_pos_bool_opt(o, "acted", w, &acted, why, n))
            return false;
        if (acted)
            s->acted |= UINT64_C(1) << u;
        else
            s->acted &= ~(UINT64_C(1) << u);
    }
    return true;
}

/* Entry i of one of the combat's lists ("tosses", "damage"): an object
 * naming its "unit"; w (wn bytes) says where it is. */
static bool combat_entry(const pwg_data *d, const json_t *t, const char *list, size_t i, char *w,
                         size_t wn, uint8_t *u, char *why, size_t n)
{
    snprintf(w, wn, "combat.%s[%zu]", list, i);
    if (!json_is_object(t))
        return eng_pos_fail(why, n, "%s: expected an object", w);
    return read_unit(d, t, "unit", w, u, why, n);
}

static bool read_combat(const pwg_data *d, pwg_state *s, const json_t *pos, char *why, size_t n)
{
    const json_t *dep = json_object_get(pos, "deployment");
    if (dep && json_is_object(dep)) {
        long r = s->deploy_round;
        if (!eng_pos_int_opt(dep, "round", "deployment", 1, 64, &r, why, n))
            return false;
        s->deploy_round = (uint8_t)r;
        if (!read_force_set(d, json_object_get(dep, "placed_this_round"),
                            "deployment.placed_this_round", &s->deploy_done, why, n))
            return false;
    }
    const json_t *c = json_object_get(pos, "combat");
    if (!c || json_is_null(c))
        return true;
    if (!json_is_object(c))
        return eng_pos_fail(why, n, "combat: expected an object or null");
    pwg_combat *cb = &s->combat;
    const char *kind;
    if (!eng_pos_str_opt(c, "kind", "combat", &kind, why, n))
        return false;
    if (kind && strcmp(kind, "melee") && strcmp(kind, "ranged"))
        return eng_pos_fail(why, n, "combat.kind: \"melee\" or \"ranged\", not \"%s\"", kind);
    if (kind)
        cb->kind = strcmp(kind, "melee") == 0 ? PWG_CB_MELEE : PWG_CB_RANGED;
    if (!read_loc(d, c, "loc", "combat", &cb->loc, why, n) ||
        !read_unit(d, c, "shooter", "combat", &cb->shooter, why, n) ||
        !read_unit(d, c, "target", "combat", &cb->target, why, n))
        return false;
    const json_t *tosses = json_object_get(c, "tosses");
    if (json_is_array(tosses)) {
        bool have_internal = json_object_get(json_object_get(json_object_get(pos, "internal"),
                                                             "combat"), "cu") != NULL;
        if (!have_internal) {
            memset(cb->cu, 0, sizeof cb->cu);
            cb->units = 0;
            cb->forces = 0;
        }
        size_t i;
        const json_t *t;
        json_array_foreach(tosses, i, t) {
            char w[48];
            uint8_t u = PWG_NONE;
            if (!combat_entry(d, t, "tosses", i, w, sizeof w, &u, why, n))
                return false;
            if (u == PWG_NONE)
                return eng_pos_fail(why, n, "%s: names no unit", w);
            bool tosses_b = false, left = false, cancel = false;
            const char *res;
            if (!eng_pos_bool_opt(t, "tosses", w, &tosses_b, why, n) ||
                !eng_pos_bool_opt(t, "head_left", w, &left, why, n) ||
                !eng_pos_bool_opt(t, "may_cancel", w, &cancel, why, n) ||
                !eng_pos_str_opt(t, "result", w, &res, why, n))
                return false;
            if (res && strcmp(res, "H") && strcmp(res, "T"))
                return eng_pos_fail(why, n, "%s.result: \"H\", \"T\" or null", w);
            uint8_t bits = (uint8_t)(cb->cu[u] & PWG_CU_DAMAGE);
            bits |= PWG_CU_IN;
            if (tosses_b) bits |= PWG_CU_TOSSES;
            if (res) bits |= PWG_CU_TOSSED;
            if (res && res[0] == 'H') bits |= PWG_CU_HEAD;
            if (left) bits |= PWG_CU_LEFT;
            if (cancel) bits |= PWG_CU_CANCEL;
            /* written by hand: in melee every coin may deal damage, in a
             * shooting the shooter's alone */
            if (!have_internal && (cb->kind == PWG_CB_MELEE || u == cb->shooter))
                bits |= PWG_CU_DAMAGE;
            cb->cu[u] = bits;
            cb->units |= UINT64_C(1) << u;
            cb->forces |= (uint8_t)(1 << d->unit[u].force);
        }
    }
    const json_t *dmg = json_object_get(c, "damage");
    if (json_is_array(dmg)) {
        memset(cb->dmg, 0, sizeof cb->dmg);
        size_t i;
        const json_t *t;
        json_array_foreach(dmg, i, t) {
            char w[48];
            uint8_t u = PWG_NONE;
            long cnt = 0;
            if (!combat_entry(d, t, "damage", i, w, sizeof w, &u, why, n) ||
                !eng_pos_int_opt(t, "count", w, 0, 9, &cnt, why, n))
                return false;
            if (u == PWG_NONE)
                return eng_pos_fail(why, n, "%s: names no unit", w);
            cb->dmg[u] = (uint8_t)cnt;
        }
    }
    const json_t *heads = json_object_get(c, "heads");
    if (json_is_array(heads)) {
        size_t i;
        const json_t *t;
        json_array_foreach(heads, i, t) {
            char w[48];
            snprintf(w, sizeof w, "combat.heads[%zu]", i);
            int f;
            long thrown = 0;
            if (!json_is_object(t) || !read_force(d, json_object_get(t, "force"), w, &f, why, n)
                || !eng_pos_int_opt(t, "thrown", w, 0, PWG_MAX_UNITS, &thrown, why, n))
                return json_is_object(t) ? false : eng_pos_fail(why, n, "%s: expected an "
                                                                "object", w);
            cb->heads[f] = (uint8_t)thrown;
        }
    }
    const json_t *rot = json_object_get(c, "rotation");
    if (json_is_array(rot)) {
        if ((int)json_array_size(rot) > d->nforces)
            return eng_pos_fail(why, n, "combat.rotation: more forces than the game has");
        cb->norder = (uint8_t)json_array_size(rot);
        size_t i;
        const json_t *t;
        json_array_foreach(rot, i, t) {
            int f;
            if (!read_force(d, t, "combat.rotation", &f, why, n))
                return false;
            cb->order[i] = (uint8_t)f;
        }
    }
    const json_t *ld = json_object_get(c, "last_damage");   /* damage that may be cancelled */
    if (ld && json_is_null(ld)) {
        cb->last_unit = PWG_NONE;
    } else if (ld) {
        const char *before;
        int by;
        if (!json_is_object(ld) || !read_unit(d, ld, "unit", "combat.last_damage", &cb->last_unit,
                                              why, n) ||
            !read_force(d, json_object_get(ld, "by"), "combat.last_damage.by", &by, why, n) ||
            !eng_pos_str_opt(ld, "before", "combat.last_damage", &before, why, n))
            return json_is_object(ld) ? false : eng_pos_fail(why, n, "combat.last_damage: expected "
                                                             "an object or null");
        int k = before ? eng_pos_word_index(pwg_cond_name, PWG_RESERVE, before) : -1;
        if (before && k < 0)
            return eng_pos_fail(why, n, "combat.last_damage.before: no condition \"%s\"", before);
        cb->last_by = (uint8_t)by;
        if (k >= 0)
            cb->last_prev = (uint8_t)k;
    }
    const json_t *ts = json_object_get(c, "to_spend");
    if (ts && !json_object_get(json_object_get(json_object_get(pos, "internal"), "combat"), "pos")) {
        int f;   /* written by hand: whose go it is in the rotation */
        if (!read_force(d, ts, "combat.to_spend", &f, why, n))
            return false;
        int k = 0;
        while (k < cb->norder && cb->order[k] != f)
            k++;
        if (k == cb->norder)
            return eng_pos_fail(why, n, "combat.to_spend: force %d is not in the rotation", f + 1);
        cb->pos = (uint8_t)k;
    }
    return true;
}

static bool check(const pwg_data *d, pwg_state *s, const json_t *pos, char *why, size_t n)
{
    for (int u = 0; u < d->nunits; u++) {
        char r[24];
        pwg_unit_ref(d, u, -1, r, sizeof r);
        bool on = PWG_ON_MAP(s->cond[u]);
        if (on && (s->loc[u] == PWG_NONE || s->loc[u] >= d->nlocs))
            return eng_pos_fail(why, n, "unit %s: a %s unit needs a location (\"loc\")", r,
                                pwg_cond_name(s->cond[u]));
        if (!on)
            continue;
        const pwg_terrain *t = pwg_terrain_at(d, s, s->loc[u]);
        char l[8];
        pwg_loc_name(d, s->loc[u], l, sizeof l);
        if (t->flags & PWG_TF_LAKE)
            return eng_pos_fail(why, n, "unit %s: %s is %s, where no unit may stand", r, l,
                                t->name);
    }
    int phase_of[] = {[PWG_S_DEAL] = PWG_P_SETUP, [PWG_S_DEPLOY] = PWG_P_SETUP,
                      [PWG_S_FIRST] = PWG_P_SETUP, [PWG_S_ALLIANCE] = PWG_P_ALLIANCE,
                      [PWG_S_CAVALRY] = PWG_P_CAVALRY, [PWG_S_RANGED] = PWG_P_RANGED,
                      [PWG_S_MOVEMENT] = PWG_P_MOVEMENT};
    if (s->stage <= PWG_S_MOVEMENT && phase_of[s->stage] != s->phase)
        return eng_pos_fail(why, n, "stage: a \"%s\" stage belongs to the %s phase, not the %s "
                            "phase", pwg_stage_name(s->stage), pwg_phase_name(phase_of[s->stage]),
                            pwg_phase_name(s->phase));
    if (s->stage == PWG_S_ALLIANCE && !d->alliances)
        return eng_pos_fail(why, n, "phase: this scenario's turns have no alliances phase");
    if ((s->turn == 0) != (s->phase == PWG_P_SETUP))
        return eng_pos_fail(why, n, "turn: set-up is turn 0 and the battle's turns start at 1 "
                            "(turn %d, %s phase)", s->turn, pwg_phase_name(s->phase));
    if (d->victory.turn_limit > 0 && s->turn > d->victory.turn_limit)
        return eng_pos_fail(why, n, "turn: the scenario ends after turn %d",
                            d->victory.turn_limit);
    if (s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND) {
        const pwg_combat *cb = &s->combat;
        if (cb->kind == PWG_CB_NONE || !cb->units)
            return eng_pos_fail(why, n, "combat: the stage is \"%s\" but no combat with "
                                "combatants is under way", pwg_stage_name(s->stage));
        if (s->phase != (cb->kind == PWG_CB_MELEE ? PWG_P_MELEE : PWG_P_RANGED) &&
            !(cb->kind == PWG_CB_RANGED && s->phase == PWG_P_RANGED))
            return eng_pos_fail(why, n, "combat: a %s combat in the %s phase",
                                cb->kind == PWG_CB_MELEE ? "melee" : "ranged",
                                pwg_phase_name(s->phase));
        if (cb->kind == PWG_CB_RANGED &&
            (cb->shooter >= d->nunits || cb->target >= d->nunits ||
             !((cb->units >> cb->shooter) & 1) || !((cb->units >> cb->target) & 1)))
            return eng_pos_fail(why, n, "combat: a ranged combat needs its shooter and target "
                                "among the combatants");
        if (s->stage == PWG_S_SPEND && (cb->norder == 0 || cb->pos >= cb->norder))
            return eng_pos_fail(why, n, "combat.rotation: the stage is \"spend\" but no force "
                                "is to spend a head");
    }
    pwg_recompute_opposed(d, s);
    /* the bookkeeping, whose go it is included, worked out once, now that the
     * units' locations and the combat's rotation are known to be in range and
     * turn_pos is read (the movers read a unit's location's steps) */
    pwg_cache_refresh(d, s);
    const json_t *ta = json_object_get(pos, "to_act");
    if (ta) {
        int who = pwg_current_player(d, s);
        if (!eng_pos_to_act_is(ta, who))
            return eng_pos_fail(why, n, "to_act: at stage \"%s\" the decision is %s",
                                pwg_stage_name(s->stage), who == ENG_CHANCE ? "chance's"
                                : who == ENG_TERMINAL ? "nobody's: the battle is over"
                                : "another force's");
    }
    return true;
}

bool pwg_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n)
{
    const pwg_data *d = data;
    pwg_state *s = st;
    int lim[LIM_COUNT] = {d->nunits, d->nforces};
    const json_t *in = json_object_get(pos, "internal");
    json_t *top = NULL;
    const json_t *cin = NULL;
    if (json_is_object(in)) {
        top = json_deep_copy(in);
        cin = json_object_get(in, "combat");
        json_object_del(top, "combat");
    } else if (in && !json_is_null(in)) {
        return eng_pos_fail(why, n, "internal: must be an object");
    }
    bool ok = read_top(d, s, pos, why, n) &&
              eng_pos_fields_read(pwg_internal, s, lim, top, why, n) &&
              eng_pos_fields_read(pwg_combat_internal, &s->combat, lim, cin, why, n) &&
              pwg_position_indexes_ok(d, s, why, n) &&
              read_units(d, s, pos, why, n) && read_combat(d, s, pos, why, n) &&
              pwg_position_indexes_ok(d, s, why, n);
    json_decref(top);
    if (!ok)
        return false;
    /* a dealt battlefield, written by hand: the deal is over once the stage is past it */
    if (d->deal && s->stage != PWG_S_DEAL) {
        if (!(in && json_object_get(in, "deal_next")))
            s->deal_next = (uint8_t)d->nlocs;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (s->card[loc] == PWG_NONE) {
                char l[8];
                pwg_loc_name(d, loc, l, sizeof l);
                return eng_pos_fail(why, n, "board.cells: %s has no card, but the deal is over "
                                    "(stage \"%s\")", l, pwg_stage_name(s->stage));
            }
    }
    if (d->deal && s->stage == PWG_S_DEAL && !(in && json_object_get(in, "deal_next"))) {
        int next = 0;   /* written by hand: the deal goes on at the first location without a card */
        while (next < d->nlocs && s->card[next] != PWG_NONE)
            next++;
        s->deal_next = (uint8_t)next;
    }
    /* the deal has not reached these locations: no card, the scenario's terrain */
    for (int loc = s->deal_next; d->deal && s->stage == PWG_S_DEAL && loc < d->nlocs; loc++)
        if (s->card[loc] != PWG_NONE || s->terr[loc] != d->start_terrain[loc]) {
            char l[8], at[8];
            pwg_loc_name(d, loc, l, sizeof l);
            pwg_loc_name(d, s->deal_next, at, sizeof at);
            return eng_pos_fail(why, n, "board.cells: %s is given a card or terrain, but the "
                                "deal has not reached it (it deals %s next)", l, at);
        }
    if (!(in && json_object_get(in, "dealt"))) {
        s->dealt = 0;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (s->card[loc] != PWG_NONE && (!d->deal || s->stage != PWG_S_DEAL ||
                                             loc < s->deal_next))
                s->dealt |= UINT64_C(1) << s->card[loc];
    }
    /* the stage's own force: in the turn's stages, to_act says which (unless given inside) */
    const json_t *ta = json_object_get(pos, "to_act");
    if (json_is_integer(ta) && !(in && json_object_get(in, "turn_pos")) &&
        json_integer_value(ta) >= 1 && json_integer_value(ta) <= d->nforces) {
        int f = (int)json_integer_value(ta) - 1;
        if (s->stage == PWG_S_DEPLOY)
            s->turn_pos = (uint8_t)f;
        else if (s->stage >= PWG_S_ALLIANCE && s->stage <= PWG_S_MOVEMENT)
            s->turn_pos = (uint8_t)((f - s->first + d->nforces) % d->nforces);
    }
    if (s->stage == PWG_S_OVER &&
        !read_force_set(d, json_object_get(pos, "winners"), "winners", &s->winners, why, n))
        return false;
    return check(d, s, pos, why, n);
}
