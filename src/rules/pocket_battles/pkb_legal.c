/*
 * pkb_legal.c - the legal actions of a Pocket Battles position, and for an
 * action that is not legal, the rule it breaks in a player's words.
 *
 * The list is generated directly (one pass over the units, reading the
 * zones' occupancy and each unit's order cost and abilities that the state
 * keeps as bookkeeping, pkb_state.occ and ub), in a fixed order: for a
 * turn, redeployments, then each unit's orders, then pass and concede.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "english.h"
#include "pkb.h"

/* ---- shared checks --------------------------------------------------------------- */

static int lowest_formation(const pkb_data *d, int p, uint32_t troops)
{
    int low = PKB_MAX_FORMATION;
    for (uint32_t t = troops; t; t &= t - 1) {
        int f = pkb_def(d, p, pkb_ctz(t))->formation;
        if (f < low)
            low = f;
    }
    return low;
}

static bool fits(const pkb_data *d, const pkb_state *s, int p, int t)
{
    const pkb_side *sd = &s->side[p];
    if (sd->nunits == 0)
        return false;
    uint32_t m = sd->unit[sd->nunits - 1].troops | (1u << t);
    return pkb_popcount(m) <= lowest_formation(d, p, m);
}

/* the zones a redeployment or tactical move reaches, left to right as p
 * sees them: the same zone of the sector to the left, the other zone of its
 * own sector, the same zone of the sector to the right */
static int adjacent_zones(int p, int z, uint8_t *out)
{
    int kind = pkb_zone_kind(p, z);
    if (kind != PKB_FRONT && kind != PKB_REAR)
        return 0;
    int sec = pkb_sector_of(p, pkb_zcol(z)), n = 0;
    if (sec > 0)
        out[n++] = (uint8_t)pkb_zone(p, pkb_col_of(p, sec - 1), kind);
    out[n++] = (uint8_t)pkb_zone(p, pkb_zcol(z), kind == PKB_FRONT ? PKB_REAR : PKB_FRONT);
    if (sec < PKB_COLS - 1)
        out[n++] = (uint8_t)pkb_zone(p, pkb_col_of(p, sec + 1), kind);
    return n;
}

void pkb_adjacent_table(pkb_data *d)
{
    for (int p = 0; p < PKB_SIDES; p++)
        for (int z = 0; z < PKB_ZONES; z++)
            d->adj[p][z][0] = (uint8_t)adjacent_zones(p, z, &d->adj[p][z][1]);
}

/* ---- legal actions --------------------------------------------------------------- */

static int legal_build(const pkb_data *d, const pkb_state *s, eng_action *out)
{
    int p = s->player, n = 0;
    const pkb_side *sd = &s->side[p];
    const pkb_faction *f = &d->pl[p].fac;
    for (int t = 0; t < f->ntroops; t++) {
        if ((sd->army >> t) & 1 || sd->points + f->troop[t].points > d->size)
            continue;
        if (sd->nunits < PKB_MAX_UNITS)
            out[n++] = PKB_ACT(PKB_A_UNIT, t, 0, 0);
        if (fits(d, s, p, t))
            out[n++] = PKB_ACT(PKB_A_ADD, t, 0, 0);
    }
    if (sd->army)
        out[n++] = PKB_ACT(PKB_A_DONE, 0, 0, 0);
    return n;
}

static int legal_deploy(const pkb_state *s, eng_action *out)
{
    int p = s->player, n = 0;
    const pkb_side *sd = &s->side[p];
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].zone != PKB_NONE || !sd->unit[u].troops)
            continue;
        for (int sec = 0; sec < PKB_COLS; sec++)
            for (int k = PKB_FRONT; k >= PKB_REAR; k--)
                out[n++] = PKB_ACT(PKB_A_DEPLOY, pkb_global(p, u), pkb_zone(p, pkb_col_of(p, sec), k), 0);
    }
    return n;
}

/* out[n..]: base with each zone of adj (pkb_data.adj: the count, then the
 * zones) in the field at shift; returns the new count. A zone has 0, 2 or
 * 3 adjacent zones (adjacent_zones), written without a loop. */
static inline int put_zones(eng_action *restrict out, int n, eng_action base,
                            const uint8_t *adj, int shift)
{
    int na = adj[0];
    assert(na == 0 || na == 2 || na == 3);
    if (na) {
        out[n] = base | (eng_action)adj[1] << shift;
        out[n + 1] = base | (eng_action)adj[2] << shift;
        if (na == 3)
            out[n + 2] = base | (eng_action)adj[3] << shift;
    }
    return n + na;
}

/* The search lists a turn at nearly every step of a playout: out is
 * restrict (it aliases neither the data nor the state), so the compiler
 * keeps what it read across the writes. */
static int legal_turn(const pkb_data *d, const pkb_state *s, eng_action *restrict out)
{
    int p = s->active, n = 0;
    const pkb_side *sd = &s->side[p];
    const pkb_occ *o = &s->occ;   /* the bookkeeping (pkb_state.occ) */
    uint8_t list[PKB_Q];
    if (s->redeployed == PKB_NONE)
        for (int u = 0; u < sd->nunits; u++) {
            if (!sd->unit[u].troops || sd->unit[u].zone == PKB_NONE)
                continue;
            n = put_zones(out, n, PKB_ACT(PKB_A_REDEPLOY, pkb_global(p, u), 0, 0),
                          d->adj[p][sd->unit[u].zone], 16);
        }
    /* special actions, if allowed; the columns with an enemy, whom a charge
     * or a shooting from a column beside them reaches */
    unsigned special = pkb_special_barred(d, s) ? 0 : PKB_CAN_RALLY | PKB_CAN_HEX;
    unsigned ecols = pkb_enemy_cols(o, p);
    const pkb_unit_book *ub = s->ub[p];
    for (int u = 0; u < sd->nunits; u++) {
        int g = pkb_global(p, u);
        const pkb_unit *un = &sd->unit[u];
        if (!un->troops || un->zone == PKB_NONE || g == s->redeployed)
            continue;
        /* its order cost and what its troops let it do: the bookkeeping
         * (pkb_state.ub) */
        if (ub[u].cost > sd->unused)
            continue;
        unsigned can = ub[u].can;
        int kind = pkb_zone_kind(p, un->zone), col = pkb_zcol(un->zone);
        bool near = (ecols & pkb_near_cols(col)) != 0;
        if (kind == PKB_ENG) {
            if (can & PKB_CAN_ENGAGE) {
                int nc = pkb_contacts(s, g, list);
                for (int i = 0; i < nc; i++)
                    out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_FIGHT, list[i]);
            }
            out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_LEAVE, 0);
        } else {
            n = put_zones(out, n, PKB_ACT(PKB_A_ORDER, g, PKB_O_MOVE, 0), d->adj[p][un->zone], 24);
            /* a charge has a target when an enemy stands in its sector or
             * one beside it (pkb_charge_case is not PKB_CH_NONE) */
            assert(!pkb_may_charge(kind, can, true) ||
                   near == (pkb_charge_case(s, o, g) != PKB_CH_NONE));
            if (pkb_may_charge(kind, can, near))
                out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_CHARGE, 0);
        }
        /* a shooting has a target when an enemy stands in its sector or one beside it */
        if (pkb_may_shoot(kind, can, near))
            out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_SHOOT, 0);
        if (can & special) {
            uint16_t rl[PKB_MAX_TROOPS];
            if ((can & PKB_CAN_RALLY) && pkb_rally_targets(d, s, g, rl) > 0)
                out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_RALLY, 0);
            if ((can & PKB_CAN_HEX) && pkb_enemy_front_or_eng(o, p, col))
                out[n++] = PKB_ACT(PKB_A_ORDER, g, PKB_O_HEX, 0);
        }
    }
    out[n++] = PKB_ACT(PKB_A_PASS, 0, 0, 0);
    if (!d->concede_round_start || !sd->acted)
        out[n++] = PKB_ACT(PKB_A_CONCEDE, 0, 0, 0);
    return n;
}

static bool can_intercept(const pkb_data *d, const pkb_state *s, int g, int col)
{
    const pkb_unit *u = pkb_u(s, g);
    return u->troops && u->zone == pkb_zone(pkb_owner(g), col, PKB_FRONT) &&
           pkb_can_engage(d, s, g) && pkb_order_cost(d, s, g) <= s->side[pkb_owner(g)].unused;
}

static bool can_react_shoot(const pkb_data *d, const pkb_state *s, int g, int col)
{
    const pkb_unit *u = pkb_u(s, g);
    return u->troops && pkb_react_shoot_from(d, s, g, col) && pkb_can_shoot(d, s, g) &&
           pkb_order_cost(d, s, g) <= s->side[pkb_owner(g)].unused;
}

static int legal_react(const pkb_data *d, const pkb_state *s, eng_action *out)
{
    int e = s->player, n = 0, col = pkb_zcol(pkb_u(s, s->charger)->zone);
    for (int u = 0; u < s->side[e].nunits; u++) {
        int g = pkb_global(e, u);
        if (can_intercept(d, s, g, col))
            out[n++] = PKB_ACT(PKB_A_REACT, PKB_R_INTERCEPT, g, 0);
        if (can_react_shoot(d, s, g, col))
            out[n++] = PKB_ACT(PKB_A_REACT, PKB_R_SHOOT, g, 0);
    }
    out[n++] = PKB_ACT(PKB_A_REACT, PKB_R_WAIT, 0, 0);
    return n;
}

/* the targets of the choice under way: units, or (rally) unit << 8 | troop */
static int targets(const pkb_data *d, const pkb_state *s, uint16_t *out)
{
    const pkb_occ *o = &s->occ;   /* the bookkeeping (pkb_state.occ) */
    uint8_t list[PKB_Q];
    int n = 0;
    switch (s->proc) {
    case PKB_P_CHARGE:
        n = pkb_charge_targets(s, o, s->striker, pkb_charge_case(s, o, s->striker), list);
        break;
    case PKB_P_SHOOT:
        n = pkb_shoot_targets(d, s, o, s->striker, list);
        break;
    case PKB_P_HEX:
        n = pkb_hex_targets(d, s, o, s->striker, list);
        break;
    case PKB_P_RALLY:
        return pkb_rally_targets(d, s, s->striker, out);
    default:
        return 0;
    }
    for (int i = 0; i < n; i++)
        out[i] = (uint16_t)(list[i] << 8 | PKB_NONE);
    return n;
}

static int legal_target(const pkb_data *d, const pkb_state *s, eng_action *out)
{
    uint16_t t[PKB_Q];
    int n = targets(d, s, t);
    for (int i = 0; i < n; i++)
        out[i] = PKB_ACT(PKB_A_TARGET, t[i] >> 8, t[i] & 0xff, 0);
    return n;
}

static int legal_wound(const pkb_data *d, const pkb_state *s, eng_action *out)
{
    int g = s->wq_unit[s->wq_pos], p = pkb_owner(g), n = 0;
    const pkb_side *sd = &s->side[p];
    uint32_t troops = pkb_u(s, g)->troops;
    for (uint32_t m = troops; m; m &= m - 1)
        out[n++] = PKB_ACT(PKB_A_WOUND, g, pkb_ctz(m), PKB_W_REMOVE);
    for (uint32_t m = troops; m; m &= m - 1) {
        int t = pkb_ctz(m);
        if (pkb_def(d, p, t)->wp - sd->wounds[t] < 2)
            continue;
        if (sd->unused > 0) {
            out[n++] = PKB_ACT(PKB_A_WOUND, g, t, PKB_W_UNUSED);
            continue;
        }
        for (int u = 0; u < sd->nunits; u++)
            if (sd->unit[u].orders > 0)
                out[n++] = PKB_ACT(PKB_A_WOUND, g, t, PKB_W_UNIT + pkb_global(p, u));
        if (sd->passed > 0)
            out[n++] = PKB_ACT(PKB_A_WOUND, g, t, PKB_W_PASS);
    }
    return n;
}

static int legal_eliminate(const pkb_state *s, eng_action *out)
{
    int p = s->player, n = 0;
    const pkb_side *sd = &s->side[p];
    for (int u = 0; u < sd->nunits; u++)
        for (uint32_t m = sd->unit[u].troops; m; m &= m - 1)
            if (sd->wounds[pkb_ctz(m)])
                out[n++] = PKB_ACT(PKB_A_ELIMINATE, pkb_global(p, u), pkb_ctz(m), 0);
    out[n++] = PKB_ACT(PKB_A_DONE, 0, 0, 0);
    return n;
}

int pkb_legal_actions(const void *data, const void *st, eng_action *out)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    switch (s->phase) {
    case PKB_PH_BUILD:
        return legal_build(d, s, out);
    case PKB_PH_DEPLOY:
        return legal_deploy(s, out);
    case PKB_PH_TURN:
        return legal_turn(d, s, out);
    case PKB_PH_REACT:
        return legal_react(d, s, out);
    case PKB_PH_TARGET:
        return legal_target(d, s, out);
    case PKB_PH_WOUND:
        return legal_wound(d, s, out);
    case PKB_PH_ELIMINATE:
        return legal_eliminate(s, out);
    case PKB_PH_BACK:
        out[0] = PKB_ACT(PKB_A_BACK, 1, 0, 0);
        out[1] = PKB_ACT(PKB_A_BACK, 0, 0, 0);
        return 2;
    default:
        return 0;
    }
}

/* ---- why not ---------------------------------------------------------------------- */

#define WHY(...) do { snprintf(why, n, __VA_ARGS__); return; } while (0)
/* English for a player's name: "Orcs have", "the Orcs' units" */
#define HAS(p) eng_verb(d->pl[p].name, "has", "have")
#define IS(p) eng_verb(d->pl[p].name, "is", "are")
#define POSS(p) eng_possessive(d->pl[p].name, (char[64]){0}, 64)

static const char *tcode(const pkb_data *d, int p, int t)
{
    return t >= 0 && t < d->pl[p].fac.ntroops ? d->pl[p].fac.troop[t].code : "?";
}

static void explain_build(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int p = s->player, k = PKB_KIND(a), t = PKB_FA(a);
    const pkb_side *sd = &s->side[p];
    if (k == PKB_A_DONE)
        WHY("an army needs at least one troop");
    if (k != PKB_A_UNIT && k != PKB_A_ADD)
        WHY("%s %s building an army: start a unit with \"unit CODE\", add to it with \"add "
            "CODE\", and say \"done\"", d->pl[p].name, IS(p));
    if (t >= d->pl[p].fac.ntroops)
        WHY("that is not one of the %s' troops", d->pl[p].fac.name);
    const pkb_troop_def *td = pkb_def(d, p, t);
    if ((sd->army >> t) & 1)
        WHY("%s is already in the army (each tile is used once)", td->code);
    if (sd->points + td->points > d->size)
        WHY("%s costs %d points: the army would have %d, more than the battle's size %d",
            td->code, td->points, sd->points + td->points, d->size);
    if (k == PKB_A_UNIT)
        WHY("an army has at most %d units", PKB_MAX_UNITS);
    if (sd->nunits == 0)
        WHY("there is no unit to add to yet: start one with \"unit %s\"", td->code);
    uint32_t m = sd->unit[sd->nunits - 1].troops | (1u << t);
    int low = lowest_formation(d, p, m);
    const char *who = td->code;
    for (uint32_t x = m; x; x &= x - 1)
        if (pkb_def(d, p, pkb_ctz(x))->formation == low)
            who = pkb_def(d, p, pkb_ctz(x))->code;
    WHY("a unit of %d troops is too many: %s's formation value is %d (no more troops in a "
        "unit than the lowest formation value among them)", pkb_popcount(m), who, low);
}

static void explain_deploy(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int p = s->player, g = PKB_FA(a), z = PKB_FB(a);
    char l[8];
    pkb_label(g, l, sizeof l);
    if (PKB_KIND(a) != PKB_A_DEPLOY)
        WHY("%s %s deploying: place a stack with \"deploy %c1 L-front\"", d->pl[p].name, IS(p),
            'A' + p);
    if (!pkb_valid(s, g) || pkb_owner(g) != p)
        WHY("%s is not one of the %s units", l, POSS(p));
    if (pkb_u(s, g)->zone != PKB_NONE)
        WHY("%s is already deployed", l);
    if (pkb_zone_kind(p, z) == PKB_ENG)
        WHY("units deploy in a front or a rear, not in an engagement zone");
    WHY("units deploy in their own half of the battlefield");
}

static void explain_cost(const pkb_data *d, const pkb_state *s, int g, char *why, size_t n)
{
    char l[8];
    pkb_label(g, l, sizeof l);
    int cost = pkb_order_cost(d, s, g), on = pkb_u(s, g)->orders;
    snprintf(why, n, "ordering %s costs %d token%s (%d order token%s on it, plus one%s); %s %s "
             "%d unused", l, cost, cost == 1 ? "" : "s", on, on == 1 ? "" : "s",
             cost != on + 1 ? ", less its banner" : "", d->pl[pkb_owner(g)].name,
             HAS(pkb_owner(g)),
             s->side[pkb_owner(g)].unused);
}

static void explain_order(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int p = s->active, g = PKB_FA(a), kind = PKB_FB(a), c = PKB_FC(a);
    char l[8], l2[8], zn[16];
    pkb_label(g, l, sizeof l);
    if (!pkb_valid(s, g) || pkb_owner(g) != p)
        WHY("%s is not one of the %s units", l, POSS(p));
    const pkb_unit *u = pkb_u(s, g);
    if (!u->troops)
        WHY("%s has been destroyed", l);
    if (g == s->redeployed)
        WHY("%s was redeployed this turn, so it cannot take the turn's action", l);
    if (pkb_order_cost(d, s, g) > s->side[p].unused) {
        explain_cost(d, s, g, why, n);
        return;
    }
    int zk = pkb_zone_kind(p, u->zone);
    uint8_t list[PKB_Q];
    switch (kind) {
    case PKB_O_MOVE:
        if (zk == PKB_ENG)
            WHY("a tactical move cannot leave an engagement zone (order %s leave)", l);
        if (c < PKB_ZONES && pkb_zone_kind(p, c) == PKB_ENG)
            WHY("a tactical move cannot enter an engagement zone (charge instead)");
        pkb_zone_name(p, c, zn, sizeof zn);
        WHY("a tactical move goes to an adjacent zone: the other zone of the sector, or the "
            "same zone of an adjacent sector (%s cannot reach %s)", l, zn);
    case PKB_O_CHARGE:
        if (zk != PKB_FRONT)
            WHY("only a unit in the front can charge; %s is in %s", l,
                zk == PKB_ENG ? "an engagement" : "the rear");
        if (!pkb_can_engage(d, s, g))
            WHY("%s has no engagement dice and cannot charge", l);
        WHY("%s has nobody to charge: no enemy unit in its sector, nor in an adjacent one", l);
    case PKB_O_FIGHT:
        pkb_label(c, l2, sizeof l2);
        if (zk != PKB_ENG)
            WHY("%s is not in an engagement", l);
        if (!pkb_valid(s, c) || !pkb_alive(s, c) || pkb_owner(c) == p || !pkb_in_contact(s, g, c))
            WHY("%s is not in contact with %s", l, l2);
        WHY("%s has no engagement dice to carry on the engagement with", l);
    case PKB_O_LEAVE:
        WHY("%s is not in an engagement", l);
    case PKB_O_SHOOT:
        if (!pkb_can_shoot(d, s, g))
            WHY("%s has no shooting dice", l);
        if (pkb_shoot_col(d, s, g) < 0)
            WHY("only a unit in the front can shoot; %s is in %s", l,
                zk == PKB_ENG ? "an engagement" : "the rear");
        WHY("%s has no enemy to shoot at: none in the front, engagement zone or rear of its "
            "sector, nor (with its own sector empty of enemies) in an adjacent sector", l);
    case PKB_O_RALLY:
    case PKB_O_HEX: {
        const char *what = kind == PKB_O_RALLY ? "rally" : "hex";
        uint32_t tr = pkb_unit_traits(d, s, g);
        if (!(tr & d->fx[kind == PKB_O_RALLY ? PKB_FX_RALLY : PKB_FX_HEX]))
            WHY("%s has no troop with the %s trait", l, what);
        if (pkb_special_barred(d, s))
            WHY("special actions cannot be used in the attacker's first %s",
                d->special_round ? "round" : "turn of the battle");
        if (kind == PKB_O_RALLY)
            WHY("no troop in a unit of %s's sector has a wound token to take off", l);
        (void)list;
        WHY("no enemy unit in the front or engagement zone of %s's sector to hex", l);
    }
    default:
        WHY("not an order");
    }
}

static void explain_turn(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int p = s->active, k = PKB_KIND(a), g = PKB_FA(a), z = PKB_FB(a);
    char l[8], zn[16];
    if (k == PKB_A_ORDER) {
        explain_order(d, s, a, why, n);
        return;
    }
    if (k == PKB_A_CONCEDE)
        WHY("a player may concede at the start of their first turn in a round (option "
            "concede round-start)");
    if (k != PKB_A_REDEPLOY)
        WHY("it is the %s turn: redeploy a unit, order one, pass or concede", POSS(p));
    pkb_label(g, l, sizeof l);
    if (s->redeployed != PKB_NONE)
        WHY("one redeployment a turn, before the action: %s %s already redeployed", d->pl[p].name,
            HAS(p));
    if (!pkb_valid(s, g) || pkb_owner(g) != p)
        WHY("%s is not one of the %s units", l, POSS(p));
    if (!pkb_alive(s, g))
        WHY("%s has been destroyed", l);
    if (pkb_zone_kind(p, pkb_u(s, g)->zone) == PKB_ENG || (z < PKB_ZONES && pkb_zone_kind(p, z) == PKB_ENG))
        WHY("engagement zones cannot be entered or left by a redeployment");
    pkb_zone_name(p, z, zn, sizeof zn);
    WHY("a redeployment goes to an adjacent zone: the other zone of the sector, or the same "
        "zone of an adjacent sector (%s cannot reach %s)", l, zn);
}

static void explain_react(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int e = s->player, k = PKB_FA(a), g = PKB_FB(a);
    char l[8], x[8];
    pkb_label(g, l, sizeof l);
    pkb_label(s->charger, x, sizeof x);
    if (PKB_KIND(a) != PKB_A_REACT)
        WHY("%s charges: %s may react (intercept, shoot or wait)", x, d->pl[e].name);
    if (!pkb_valid(s, g) || pkb_owner(g) != e || !pkb_alive(s, g))
        WHY("%s is not one of the %s units", l, POSS(e));
    int col = pkb_zcol(pkb_u(s, s->charger)->zone);
    if (k == PKB_R_INTERCEPT) {
        if (pkb_u(s, g)->zone != pkb_zone(e, col, PKB_FRONT))
            WHY("only a unit in the front of the charged sector can intercept %s", x);
        if (!pkb_can_engage(d, s, g))
            WHY("%s has no engagement dice and cannot intercept", l);
    } else {
        if (!pkb_react_shoot_from(d, s, g, col))
            WHY("only a unit in the front of the charged sector can shoot at %s (option "
                "reaction-shoot sector: or in its rear)", x);
        if (!pkb_can_shoot(d, s, g))
            WHY("%s has no shooting dice", l);
    }
    explain_cost(d, s, g, why, n);
}

static void explain_target(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    char l[8], x[8];
    pkb_label(PKB_FA(a), l, sizeof l);
    pkb_label(s->striker, x, sizeof x);
    if (PKB_KIND(a) != PKB_A_TARGET)
        WHY("choose a target first (target %s...)", s->striker < PKB_MAX_UNITS ? "B" : "A");
    const pkb_occ *o = &s->occ;   /* the bookkeeping (pkb_state.occ) */
    switch (s->proc) {
    case PKB_P_CHARGE:
        switch (pkb_charge_case(s, o, s->striker)) {
        case PKB_CH_NORMAL:
            WHY("%s can charge only an enemy unit in the front or engagement zone of its sector", x);
        case PKB_CH_REAR:
            WHY("with no enemy in the front or engagement zone, %s can charge only an enemy "
                "unit in the rear of its sector", x);
        default:
            WHY("with no enemy in its sector, %s can charge only an enemy unit in an adjacent "
                "sector", x);
        }
    case PKB_P_SHOOT:
        WHY("%s cannot shoot at %s: a shooting goes at the front or engagement zone of its "
            "sector; at the rear when those hold no enemy; at an adjacent sector only when its "
            "own holds none", x, l);
    case PKB_P_HEX:
        WHY("%s can hex only an enemy unit in the front or engagement zone of its sector", x);
    case PKB_P_RALLY:
        WHY("%s can rally only a wounded troop of a friendly unit in its sector", x);
    default:
        WHY("nothing to target now");
    }
}

static void explain_wound(const pkb_data *d, const pkb_state *s, eng_action a, char *why, size_t n)
{
    int g = PKB_FA(a), t = PKB_FB(a), mode = PKB_FC(a), want = s->wq_unit[s->wq_pos];
    int p = pkb_owner(want);
    char l[8], w[8], f[8];
    pkb_label(g, l, sizeof l);
    pkb_label(want, w, sizeof w);
    if (PKB_KIND(a) != PKB_A_WOUND)
        WHY("%s must first assign %d hit%s to %s", d->pl[p].name, s->wq_hits[s->wq_pos],
            s->wq_hits[s->wq_pos] == 1 ? "" : "s", w);
    if (g != want)
        WHY("the hits are on %s, not %s", w, l);
    if (t >= d->pl[p].fac.ntroops || !((pkb_u(s, g)->troops >> t) & 1))
        WHY("%s has no living troop %s", w, tcode(d, p, t));
    const pkb_side *sd = &s->side[p];
    int left = pkb_def(d, p, t)->wp - sd->wounds[t];
    if (left < 2)
        WHY("a wound token goes only on a troop with 2 or more wound points left (%s has %d): "
            "remove it instead", tcode(d, p, t), left);
    if (mode == PKB_W_UNUSED)
        WHY("%s %s no unused token left: take one from the orders on a unit (\"from A2\"), or "
            "one set aside by passing (\"from pass\"), or remove a troop", d->pl[p].name, HAS(p));
    if (sd->unused > 0)
        WHY("wound tokens are taken from the unused tokens while there are any (%s %s %d)",
            d->pl[p].name, HAS(p), sd->unused);
    if (mode == PKB_W_PASS)
        WHY("%s %s set no token aside by passing this round", d->pl[p].name, HAS(p));
    pkb_label(mode - PKB_W_UNIT, f, sizeof f);
    WHY("%s has no order token on it to take (order tokens come from the %s own units)", f,
        POSS(p));
}

void pkb_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    switch (s->phase) {
    case PKB_PH_BUILD:
        explain_build(d, s, a, why, n);
        return;
    case PKB_PH_ROLL:
    case PKB_PH_DICE:
        WHY("a die shows 1 to 6: roll 1 .. roll 6");
    case PKB_PH_DEPLOY:
        explain_deploy(d, s, a, why, n);
        return;
    case PKB_PH_TURN:
        explain_turn(d, s, a, why, n);
        return;
    case PKB_PH_REACT:
        explain_react(d, s, a, why, n);
        return;
    case PKB_PH_TARGET:
        explain_target(d, s, a, why, n);
        return;
    case PKB_PH_WOUND:
        explain_wound(d, s, a, why, n);
        return;
    case PKB_PH_ELIMINATE: {
        int g = PKB_FA(a), t = PKB_FB(a);
        if (PKB_KIND(a) != PKB_A_ELIMINATE)
            WHY("the round is over: %s may eliminate wounded troops (eliminate A1 CODE) or say "
                "done", d->pl[s->player].name);
        char l[8];
        pkb_label(g, l, sizeof l);
        if (!pkb_valid(s, g) || pkb_owner(g) != s->player)
            WHY("%s is not one of the %s units", l, POSS(s->player));
        WHY("only a wounded troop of %s may be eliminated (%s is not one)", l,
            tcode(d, s->player, t));
    }
    case PKB_PH_BACK:
        WHY("%s decides whether its unit strikes back: back or hold", d->pl[s->player].name);
    default:
        WHY("the game is over");
    }
}
