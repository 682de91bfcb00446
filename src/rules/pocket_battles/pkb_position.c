/*
 * pkb_position.c - a Pocket Battles position loaded from JSON (the
 * from_json of the rule-set table) and checked against the rules, and the
 * "internal" counters pkb_to_json writes for an exact round trip.
 *
 * Read: "round", "turn", "phase", "to_act" (checked; it also says who
 * decides), "attacker", "first", "active", "redeployed", "winner", each player's tokens
 * ("unused", "passed", "set_aside"), "points_lost" and units (by "label":
 * "zone" as its owner names it, "orders", "contacts", and each troop's
 * "wounds", the top troop first), and "internal": the armies' make-up and
 * the counters of the turn and of a strike under way. Army building and
 * the make-up of stacks come from the scenario or from "internal".
 */
#include <string.h>
#include "position.h"
#include "pkb.h"

enum { LIM_DICE, LIM_QUEUE, LIM_TROOPS, LIM_COUNT };

static const eng_pos_field pkb_internal[] = {
    ENG_POS_ONE(pkb_state, strikers),
    ENG_POS_ONE(pkb_state, player),
    ENG_POS_ONE(pkb_state, first),
    ENG_POS_ONE(pkb_state, active),
    ENG_POS_ONE(pkb_state, winner),
    ENG_POS_ONE(pkb_state, how),
    ENG_POS_ARR(pkb_state, roll, -1),
    ENG_POS_ONE(pkb_state, redeployed),
    ENG_POS_ONE(pkb_state, proc),
    ENG_POS_ONE(pkb_state, stage),
    ENG_POS_ONE(pkb_state, striker),
    ENG_POS_ONE(pkb_state, target),
    ENG_POS_ONE(pkb_state, charger),
    ENG_POS_ONE(pkb_state, skind),
    ENG_POS_ONE(pkb_state, dice_left),
    ENG_POS_ONE(pkb_state, hits),
    ENG_POS_ONE(pkb_state, nrolled),
    ENG_POS_ONE(pkb_state, wq_len),
    ENG_POS_ONE(pkb_state, wq_pos),
    ENG_POS_ONE(pkb_state, charge_die),
    ENG_POS_ARR(pkb_state, rolled, LIM_DICE),
    ENG_POS_ARR(pkb_state, wq_unit, LIM_QUEUE),
    ENG_POS_ARR(pkb_state, wq_hits, LIM_QUEUE),
    ENG_POS_END,
};

static const eng_pos_field pkb_side_internal[] = {
    ENG_POS_ONE(pkb_side, army),
    ENG_POS_ONE(pkb_side, dead),
    ENG_POS_ONE(pkb_side, points),
    ENG_POS_ONE(pkb_side, nunits),
    ENG_POS_ONE(pkb_side, aside_orders),
    ENG_POS_ONE(pkb_side, aside_wounds),
    ENG_POS_ONE(pkb_side, deployed),
    ENG_POS_ONE(pkb_side, built),
    ENG_POS_ONE(pkb_side, acted),
    ENG_POS_ARR(pkb_side, unit_of, LIM_TROOPS),
    ENG_POS_ARR(pkb_side, wounds, LIM_TROOPS),
    ENG_POS_END,
};

/* per unit: the stack (troop mask and top), where, and its contact */
static const char *const unit_keys[] = {"unit_troops", "unit_top", "unit_zone", "unit_orders",
                                        "unit_foe"};

static void limits(const pkb_data *d, const pkb_state *s, int p, int *lim)
{
    lim[LIM_DICE] = PKB_MAX_DICE;
    lim[LIM_QUEUE] = PKB_Q;
    lim[LIM_TROOPS] = p >= 0 ? d->pl[p].fac.ntroops : PKB_MAX_TROOPS;
    (void)s;
}

json_t *pkb_internal_json(const pkb_data *d, const pkb_state *s)
{
    int lim[LIM_COUNT];
    limits(d, s, -1, lim);
    json_t *o = eng_pos_fields_json(pkb_internal, s, lim);
    json_t *sides = json_array();
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_side *sd = &s->side[p];
        limits(d, s, p, lim);
        json_t *so = eng_pos_fields_json(pkb_side_internal, sd, lim);
        json_t *arr[5];
        for (int k = 0; k < 5; k++)
            arr[k] = json_array();
        for (int u = 0; u < sd->nunits; u++) {
            const pkb_unit *un = &sd->unit[u];
            json_array_append_new(arr[0], json_integer(un->troops));
            json_array_append_new(arr[1], json_integer(un->top));
            json_array_append_new(arr[2], json_integer(un->zone));
            json_array_append_new(arr[3], json_integer(un->orders));
            json_array_append_new(arr[4], json_integer(un->foe));
        }
        for (int k = 0; k < 5; k++)
            json_object_set_new(so, unit_keys[k], arr[k]);
        json_array_append_new(sides, so);
    }
    json_object_set_new(o, "sides", sides);
    return o;
}

static bool read_side_internal(const pkb_data *d, pkb_state *s, int p, const json_t *so,
                               char *why, size_t n)
{
    pkb_side *sd = &s->side[p];
    int lim[LIM_COUNT];
    limits(d, s, p, lim);
    json_t *copy = json_deep_copy(so);
    for (int k = 0; k < 5; k++)
        json_object_del(copy, unit_keys[k]);
    bool ok = eng_pos_fields_read(pkb_side_internal, sd, lim, copy, why, n);
    json_decref(copy);
    if (!ok)
        return false;
    if (sd->nunits > PKB_MAX_UNITS)
        return eng_pos_fail(why, n, "internal.sides[%d].nunits: at most %d", p, PKB_MAX_UNITS);
    for (int k = 0; k < 5; k++) {
        const json_t *a = json_object_get(so, unit_keys[k]);
        if (!a)
            continue;
        if (!json_is_array(a) || (int)json_array_size(a) > sd->nunits)
            return eng_pos_fail(why, n, "internal.sides[%d].%s: an array of at most %d values",
                                p, unit_keys[k], sd->nunits);
        for (int u = 0; u < (int)json_array_size(a); u++) {
            char w[64];
            snprintf(w, sizeof w, "internal.sides[%d].%s[%d]", p, unit_keys[k], u);
            long x;
            if (!eng_pos_int(json_array_get(a, (size_t)u), w, 0, k == 0 ? 0xffffffffL : 255,
                             &x, why, n))
                return false;
            pkb_unit *un = &sd->unit[u];
            switch (k) {
            case 0: un->troops = (uint32_t)x; break;
            case 1: un->top = (uint8_t)x; break;
            case 2: un->zone = (uint8_t)x; break;
            case 3: un->orders = (uint8_t)x; break;
            default: un->foe = (uint8_t)x; break;
            }
        }
    }
    return true;
}

/* Unit g's label ("A3"), or "" where player g's army has no such unit. */
static void label_of(const void *st, int g, char *buf, size_t n)
{
    const pkb_state *s = st;
    if (pkb_local(g) < s->side[pkb_owner(g)].nunits)
        pkb_label(g, buf, n);
    else if (n)
        buf[0] = '\0';
}

static int label_find(const void *st, const char *label)
{
    return eng_pos_find_name(st, PKB_SIDES * PKB_MAX_UNITS, label_of, label);
}

static bool read_player(const pkb_data *d, pkb_state *s, int p, const json_t *po, bool have_in,
                        char *why, size_t n)
{
    pkb_side *sd = &s->side[p];
    char w[64];
    snprintf(w, sizeof w, "players[%d]", p);
    const json_t *tk = json_object_get(po, "tokens");
    if (json_is_object(tk)) {
        char wt[80];
        snprintf(wt, sizeof wt, "%s.tokens", w);
        long x = sd->unused;
        if (!eng_pos_int_opt(tk, "unused", wt, 0, d->tokens, &x, why, n))
            return false;
        sd->unused = (uint8_t)x;
        x = sd->passed;
        if (!eng_pos_int_opt(tk, "passed", wt, 0, d->tokens, &x, why, n))
            return false;
        sd->passed = (uint8_t)x;
        if (!have_in) {
            x = sd->aside_orders + sd->aside_wounds;
            if (!eng_pos_int_opt(tk, "set_aside", wt, 0, d->tokens, &x, why, n))
                return false;
            sd->aside_orders = (uint8_t)x;
            sd->aside_wounds = 0;
        }
    }
    long lost = sd->lost;
    if (!eng_pos_int_opt(po, "points_lost", w, 0, 65535, &lost, why, n))
        return false;
    sd->lost = (uint16_t)lost;
    const json_t *units = json_object_get(po, "units");
    if (!json_is_array(units))
        return true;
    size_t i;
    const json_t *uo;
    json_array_foreach(units, i, uo) {
        char wu[96];
        snprintf(wu, sizeof wu, "%s.units[%zu]", w, i);
        if (!json_is_object(uo))
            return eng_pos_fail(why, n, "%s: expected an object", wu);
        const char *label, *zone;
        if (!eng_pos_str_opt(uo, "label", wu, &label, why, n) ||
            !eng_pos_str_opt(uo, "zone", wu, &zone, why, n))
            return false;
        int g = label ? label_find(s, label) : -1;
        if (g < 0 || pkb_owner(g) != p)
            return eng_pos_fail(why, n, "%s.label: no unit \"%s\" in player %d's army", wu,
                                label ? label : "(missing)", p + 1);
        pkb_unit *un = &sd->unit[pkb_local(g)];
        snprintf(wu, sizeof wu, "unit %s", label);
        if (zone) {
            char zw[ENG_ERROR_MAX / 2];
            int z = pkb_zone_parse(p, zone, zw, sizeof zw);
            if (z < 0)
                return eng_pos_fail(why, n, "%s.zone: %s", wu, zw);
            un->zone = (uint8_t)z;
        } else if (json_object_get(uo, "zone")) {
            un->zone = PKB_NONE;
        }
        long orders = un->orders;
        if (!eng_pos_int_opt(uo, "orders", wu, 0, d->tokens, &orders, why, n))
            return false;
        un->orders = (uint8_t)orders;
        const json_t *troops = json_object_get(uo, "troops");
        int order[PKB_MAX_TROOPS], nt = 0;
        if (json_is_array(troops) && !have_in) {
            /* written by hand: the troops listed are the living ones, the top
             * first; the stack's others have been destroyed */
            uint32_t start = un->troops, living = 0;
            size_t k;
            const json_t *to;
            json_array_foreach(troops, k, to) {
                const char *code = json_string_value(json_object_get(to, "code"));
                int t = -1;
                for (uint32_t m = start & ~living; m && t < 0; m &= m - 1)
                    if (code && strcmp(pkb_def(d, p, pkb_ctz(m))->code, code) == 0)
                        t = pkb_ctz(m);
                if (t < 0)
                    return eng_pos_fail(why, n, "%s.troops[%zu]: the stack has no troop \"%s\" "
                                        "(left)", wu, k, code ? code : "(no code)");
                living |= 1u << t;
                order[nt++] = t;
                if (k == 0)
                    un->top = (uint8_t)t;
            }
            sd->dead |= start & ~living;
            un->troops = living;
            if (!living)
                un->zone = PKB_NONE;
        } else if (json_is_array(troops) && un->troops) {
            /* the top first, then the others in tile order: as printed */
            if ((un->troops >> un->top) & 1)
                order[nt++] = un->top;
            for (uint32_t m = un->troops; m; m &= m - 1)
                if (pkb_ctz(m) != un->top)
                    order[nt++] = pkb_ctz(m);
            if ((int)json_array_size(troops) != nt)
                return eng_pos_fail(why, n, "%s.troops: the stack holds %d troops", wu, nt);
        }
        if (nt > 0) {
            for (int k = 0; k < nt; k++) {
                const json_t *to = json_array_get(troops, (size_t)k);
                const pkb_troop_def *td = pkb_def(d, p, order[k]);
                char wt[128];
                snprintf(wt, sizeof wt, "%s.troops[%d]", wu, k);
                const char *code = json_string_value(json_object_get(to, "code"));
                if (code && strcmp(code, td->code) != 0)
                    return eng_pos_fail(why, n, "%s: troop %d of this stack is %s, not %s", wt,
                                        k + 1, td->code, code);
                long wounds = sd->wounds[order[k]];
                if (!eng_pos_int_opt(to, "wounds", wt, 0, 255, &wounds, why, n))
                    return false;
                if (wounds >= td->wp)
                    return eng_pos_fail(why, n, "%s.wounds: %s has %d wound points; %ld wounds "
                                        "would have destroyed it", wt, td->code, td->wp, wounds);
                sd->wounds[order[k]] = (uint8_t)wounds;
            }
        }
    }
    if (!have_in && !json_object_get(po, "points_lost")) {   /* the troops destroyed */
        int pts = 0;
        for (uint32_t m = sd->dead; m; m &= m - 1)
            pts += pkb_def(d, p, pkb_ctz(m))->points;
        sd->lost = (uint16_t)pts;
    }
    return true;
}

/* Contacts as listed: each unit in contact points at one it touches (the
 * first listed), and the rest point at it. */
static bool read_contacts(const pkb_data *d, pkb_state *s, const json_t *pos, char *why, size_t n)
{
    (void)d;
    const json_t *pls = json_object_get(pos, "players");
    for (int p = 0; p < PKB_SIDES; p++) {
        const json_t *units = json_object_get(json_array_get(pls, (size_t)p), "units");
        size_t i;
        const json_t *uo;
        json_array_foreach(units, i, uo) {
            const char *label = json_string_value(json_object_get(uo, "label"));
            const json_t *c = json_object_get(uo, "contacts");
            int g = label ? label_find(s, label) : -1;
            if (g < 0 || !json_is_array(c))
                continue;
            size_t k;
            const json_t *e;
            json_array_foreach(c, k, e) {
                const char *l = json_string_value(e);
                int h = l ? label_find(s, l) : -1;
                if (h < 0 || pkb_owner(h) == p)
                    return eng_pos_fail(why, n, "unit %s.contacts: \"%s\" is no enemy unit",
                                        label, l ? l : "?");
                pkb_unit *ug = &s->side[p].unit[pkb_local(g)];
                pkb_unit *uh = &s->side[1 - p].unit[pkb_local(h)];
                if (pkb_in_contact(s, g, h))
                    continue;
                if (uh->foe == PKB_NONE)
                    uh->foe = (uint8_t)g;
                else if (ug->foe == PKB_NONE)
                    ug->foe = (uint8_t)h;
                else
                    return eng_pos_fail(why, n, "unit %s.contacts: %s and %s are both in "
                                        "contact with others already; an engagement is one "
                                        "unit against one or more", label, label, l);
                if (ug->foe == PKB_NONE)
                    ug->foe = (uint8_t)h;
            }
        }
    }
    return true;
}

static bool check(const pkb_data *d, pkb_state *s, const json_t *pos, char *why, size_t n)
{
    if (!pkb_position_indexes_ok(d, s, why, n))
        return false;
    for (int p = 0; p < PKB_SIDES; p++) {
        pkb_side *sd = &s->side[p];
        int orders = 0, wounds = 0;
        for (int u = 0; u < sd->nunits; u++)
            orders += sd->unit[u].orders;
        for (uint32_t t = sd->army & ~sd->dead; t; t &= t - 1)
            wounds += sd->wounds[pkb_ctz(t)];
        int sum = sd->unused + sd->passed + sd->aside_orders + sd->aside_wounds + orders + wounds;
        if (pkb_revealed(s) && sum != d->tokens)
            return eng_pos_fail(why, n, "players[%d].tokens: %d unused + %d passed + %d set "
                                "aside + %d orders on units + %d wounds on troops make %d, "
                                "but each player has %d tokens", p, sd->unused, sd->passed,
                                sd->aside_orders + sd->aside_wounds, orders, wounds, sum,
                                d->tokens);
        for (int u = 0; u < sd->nunits; u++) {
            const pkb_unit *un = &sd->unit[u];
            char l[8], zn[16];
            pkb_label(pkb_global(p, u), l, sizeof l);
            if (!un->troops || un->zone == PKB_NONE)
                continue;
            if (un->zone >= PKB_ZONES || pkb_zone_kind(p, un->zone) < 0)
                return eng_pos_fail(why, n, "unit %s: a unit stands in its own half or in an "
                                    "engagement zone, not in the enemy's", l);
            pkb_zone_name(p, un->zone, zn, sizeof zn);
            uint8_t c[PKB_SIDES * PKB_MAX_UNITS];
            int nc = pkb_contacts(s, pkb_global(p, u), c);
            for (int k = 0; k < nc; k++) {
                const pkb_unit *e = pkb_u(s, c[k]);
                char el[8];
                pkb_label(c[k], el, sizeof el);
                if (!e->troops || e->zone != un->zone || pkb_zone_kind(p, un->zone) != PKB_ENG)
                    return eng_pos_fail(why, n, "unit %s: it is in contact with %s, but units "
                                        "in contact stand together in an engagement zone (%s "
                                        "is %s)", l, el, l, zn);
            }
        }
    }
    if (s->round == 0 && pkb_revealed(s) && s->phase != PKB_PH_OVER)
        return eng_pos_fail(why, n, "round: the battle's rounds start at 1 (phase \"%s\")",
                            pkb_phase_name(s->phase));
    if (s->round > 0 && s->phase < PKB_PH_TURN)
        return eng_pos_fail(why, n, "phase: a battle round has no \"%s\" phase",
                            pkb_phase_name(s->phase));
    if (d->max_rounds > 0 && s->round > (uint32_t)d->max_rounds)
        return eng_pos_fail(why, n, "round: the scenario ends after round %d", d->max_rounds);
    if (s->phase == PKB_PH_TARGET || s->phase == PKB_PH_DICE || s->phase == PKB_PH_WOUND) {
        if (s->proc == PKB_P_NONE)
            return eng_pos_fail(why, n, "resolution: the phase is \"%s\" but nothing is being "
                                "resolved", pkb_phase_name(s->phase));
        if (s->phase != PKB_PH_TARGET && s->proc != PKB_P_RALLY &&
            (!pkb_alive(s, s->striker) ||
             (s->phase == PKB_PH_DICE && s->stage != PKB_S_SHOT && !pkb_alive(s, s->target))))
            return eng_pos_fail(why, n, "resolution: a strike or shooting with no striker or "
                                "target on the field");
    }
    if (!pkb_position_sides_ok(d, s, why, n))
        return false;
    const json_t *ta = json_object_get(pos, "to_act");
    if (ta) {
        int who = pkb_current_player(d, s);
        if (!eng_pos_to_act_is(ta, who))
            return eng_pos_fail(why, n, "to_act: in the \"%s\" phase the decision is %s",
                                pkb_phase_name(s->phase), who == ENG_CHANCE ? "chance's"
                                : who == ENG_TERMINAL ? "nobody's: the battle is over"
                                : "the other player's");
    }
    return true;
}

static bool read_label(const pkb_state *s, const json_t *o, const char *key, uint8_t *out,
                       char *why, size_t n)
{
    eng_pos_refs r = {label_find, s, PKB_NONE, "", "?"};
    return eng_pos_ref_opt(&r, o, key, "resolution", out, why, n);
}

static int word_index(const char *const *words, int count, const char *w)
{
    for (int k = 0; k < count; k++)
        if (strcmp(words[k], w) == 0)
            return k;
    return -1;
}

/* What is being resolved (written by hand: "internal" left out): the
 * action and its step, who charged, strikes and is struck, the dice. */
static bool read_resolution(pkb_state *s, const json_t *r, char *why, size_t n)
{
    static const char *const procs[] = {"none", "charge", "fight", "leave", "shoot", "hex",
                                        "rally"};
    static const char *const stages[] = {"none", "choose target", "shooting", "first strike",
                                         "strike back", "free strike", "reaction shooting"};
    if (!r || json_is_null(r))
        return true;
    if (!json_is_object(r))
        return eng_pos_fail(why, n, "resolution: expected an object or null");
    const char *a, *st;
    if (!eng_pos_str_opt(r, "action", "resolution", &a, why, n) ||
        !eng_pos_str_opt(r, "step", "resolution", &st, why, n))
        return false;
    int pk = a ? word_index(procs, 7, a) : s->proc, sk = st ? word_index(stages, 7, st) : s->stage;
    if (pk < 0)
        return eng_pos_fail(why, n, "resolution.action: charge, fight, leave, shoot, hex or rally, "
                            "not \"%s\"", a);
    if (sk < 0)
        return eng_pos_fail(why, n, "resolution.step: no step \"%s\"", st);
    s->proc = (uint8_t)pk;
    s->stage = (uint8_t)sk;
    s->skind = sk == PKB_S_SHOT || sk == PKB_S_REACT_SHOT ? PKB_K_SHOOT : PKB_K_ENGAGE;
    if (!read_label(s, r, "charger", &s->charger, why, n) ||
        !read_label(s, r, "striker", &s->striker, why, n) ||
        !read_label(s, r, "target", &s->target, why, n))
        return false;
    const json_t *rolled = json_object_get(r, "rolled");
    if (json_is_array(rolled)) {
        if (json_array_size(rolled) > PKB_MAX_DICE)
            return eng_pos_fail(why, n, "resolution.rolled: at most %d dice", PKB_MAX_DICE);
        s->nrolled = 0;
        memset(s->rolled, 0, sizeof s->rolled);
        size_t i;
        const json_t *e;
        json_array_foreach(rolled, i, e) {
            long f;
            if (!eng_pos_int(e, "resolution.rolled", 1, 6, &f, why, n))
                return false;
            s->rolled[s->nrolled++] = (uint8_t)f;
        }
    }
    long dice = s->nrolled + s->dice_left, cd = s->charge_die, hits = s->hits;
    if (!eng_pos_int_opt(r, "dice", "resolution", 0, PKB_MAX_DICE, &dice, why, n) ||
        !eng_pos_int_opt(r, "charge_dice", "resolution", 0, PKB_MAX_DICE, &cd, why, n) ||
        !eng_pos_int_opt(r, "hits", "resolution", 0, 255, &hits, why, n))
        return false;
    if (dice < s->nrolled)
        return eng_pos_fail(why, n, "resolution.dice: %ld dice, %d already rolled", dice,
                            s->nrolled);
    s->dice_left = (uint8_t)(dice - s->nrolled);
    s->charge_die = (uint8_t)cd;
    s->hits = (uint8_t)hits;
    const json_t *q = json_object_get(r, "hits_to_assign");
    if (json_is_array(q)) {
        if (json_array_size(q) > PKB_Q)
            return eng_pos_fail(why, n, "resolution.hits_to_assign: too many");
        s->wq_len = s->wq_pos = 0;
        size_t i;
        const json_t *e;
        json_array_foreach(q, i, e) {
            uint8_t g = PKB_NONE;
            long h = 0;
            if (!read_label(s, e, "unit", &g, why, n) ||
                !eng_pos_int_opt(e, "hits", "resolution.hits_to_assign", 1, 255, &h, why, n))
                return false;
            if (g == PKB_NONE)
                return eng_pos_fail(why, n, "resolution.hits_to_assign[%zu]: names no unit", i);
            s->wq_unit[s->wq_len] = g;
            s->wq_hits[s->wq_len++] = (uint8_t)h;
        }
    }
    return true;
}

static bool read_player_no(const json_t *pos, const char *key, uint8_t *out, char *why, size_t n)
{
    const json_t *v = json_object_get(pos, key);
    if (!v || json_is_null(v))
        return true;
    long x;
    if (!eng_pos_int(v, key, 1, 2, &x, why, n))
        return false;
    *out = (uint8_t)(x - 1);
    return true;
}

bool pkb_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n)
{
    const pkb_data *d = data;
    pkb_state *s = st;
    const json_t *in = json_object_get(pos, "internal");
    if (in && !json_is_object(in))
        return eng_pos_fail(why, n, "internal: must be an object");
    long x = (long)s->round;
    if (!eng_pos_int_opt(pos, "round", "", 0, 0x7fffffffL, &x, why, n))
        return false;
    s->round = (uint32_t)x;
    x = s->turn;
    if (!eng_pos_int_opt(pos, "turn", "", 0, 255, &x, why, n))
        return false;
    s->turn = (uint8_t)(s->round ? x : s->turn);
    const char *ph;
    if (!eng_pos_str_opt(pos, "phase", "", &ph, why, n))
        return false;
    if (ph) {
        int k = eng_pos_word_index(pkb_phase_name, PKB_PH_OVER, ph);
        if (k < 0)
            return eng_pos_fail(why, n, "phase: no phase \"%s\" (army building, roll for "
                                "attacker, deployment, turn, reaction, target, dice, wounds, "
                                "round end, over)", ph);
        s->phase = (uint8_t)k;
    }
    if (in) {
        int lim[LIM_COUNT];
        limits(d, s, -1, lim);
        json_t *top = json_deep_copy(in);
        json_object_del(top, "sides");
        bool ok = eng_pos_fields_read(pkb_internal, s, lim, top, why, n);
        json_decref(top);
        if (!ok)
            return false;
        const json_t *sides = json_object_get(in, "sides");
        if (sides && (!json_is_array(sides) || json_array_size(sides) != PKB_SIDES))
            return eng_pos_fail(why, n, "internal.sides: an array of the 2 sides");
        for (int p = 0; sides && p < PKB_SIDES; p++)
            if (!read_side_internal(d, s, p, json_array_get(sides, (size_t)p), why, n))
                return false;
        if (!pkb_position_indexes_ok(d, s, why, n))
            return false;
    }
    if (!read_player_no(pos, "attacker", &s->attacker, why, n) ||
        !read_player_no(pos, "first", &s->first, why, n) ||
        !read_player_no(pos, "active", &s->active, why, n))
        return false;
    const json_t *ta = json_object_get(pos, "to_act");
    if (json_is_integer(ta) && !(in && json_object_get(in, "player")) &&
        json_integer_value(ta) >= 1 && json_integer_value(ta) <= 2)
        s->player = (uint8_t)(json_integer_value(ta) - 1);
    const json_t *pls = json_object_get(pos, "players");
    if (pls) {
        if (!json_is_array(pls) || json_array_size(pls) != PKB_SIDES)
            return eng_pos_fail(why, n, "players: an array of the 2 players");
        bool have_contacts = false;
        for (int p = 0; p < PKB_SIDES; p++) {
            const json_t *po = json_array_get(pls, (size_t)p);
            if (!json_is_object(po))
                return eng_pos_fail(why, n, "players[%d]: expected an object", p);
            if (!read_player(d, s, p, po, in != NULL, why, n))
                return false;
            const json_t *us = json_object_get(po, "units");
            size_t i;
            const json_t *uo;
            json_array_foreach(us, i, uo)
                have_contacts |= json_object_get(uo, "contacts") != NULL;
        }
        bool foe_given = in && json_object_get(json_array_get(json_object_get(in, "sides"), 0),
                                               "unit_foe");
        if (have_contacts && !foe_given) {
            for (int p = 0; p < PKB_SIDES; p++)
                for (int u = 0; u < PKB_MAX_UNITS; u++)
                    s->side[p].unit[u].foe = PKB_NONE;
            if (!read_contacts(d, s, pos, why, n))
                return false;
        }
    }
    if (s->phase == PKB_PH_OVER && !read_player_no(pos, "winner", &s->winner, why, n))
        return false;
    if (!in && !read_resolution(s, json_object_get(pos, "resolution"), why, n))
        return false;
    const json_t *rd = json_object_get(pos, "redeployed");   /* this turn's redeployment */
    if (rd && json_is_null(rd))
        s->redeployed = PKB_NONE;
    else if (rd && !read_label(s, pos, "redeployed", &s->redeployed, why, n))
        return false;
    /* written by hand: the units placed are the units deployed */
    const json_t *isides = in ? json_object_get(in, "sides") : NULL;
    for (int p = 0; p < PKB_SIDES; p++) {
        if (json_object_get(json_array_get(isides, (size_t)p), "deployed"))
            continue;
        pkb_side *sd = &s->side[p];
        int placed = 0;
        for (int u = 0; u < sd->nunits; u++)
            placed += sd->unit[u].zone != PKB_NONE || sd->unit[u].troops == 0;
        sd->deployed = (uint8_t)placed;
    }
    pkb_book_refresh(d, s);   /* the bookkeeping from the units read */
    return check(d, s, pos, why, n);
}
