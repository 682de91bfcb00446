/*
 * pkb_units.c - what a unit of Pocket Battles can do, from its troops: its
 * traits, the dice it rolls, what an order costs it, whom it may charge,
 * shoot, hex or rally, and whether special actions are allowed yet; and
 * the tables of each player's troops made at load for them.
 *
 * Targets follow the rules text: a charge or a shooting goes at the front
 * and engagement zone of the unit's own sector; at the rear when those hold
 * no enemy; at an adjacent sector when the own sector holds no enemy at all
 * (a charge may then take any zone there; a shooting the front and
 * engagement zone, or the rear when those are empty, as the Russian
 * edition adds).
 */
#include <assert.h>
#include <string.h>
#include "pkb.h"

_Static_assert(PKB_MAX_TROOPS == 32, "pkb_data.traits8 covers a troop mask in four bytes");

/* What each player's troops give a unit, made once at load (pkb_data.traits8,
 * eng_troops, shoot_troops, regen_troops, hitsum); pkb_data is zeroed before */
void pkb_troop_tables(pkb_data *d)
{
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_faction *f = &d->pl[p].fac;
        for (int t = 0; t < f->ntroops; t++) {
            if (f->troop[t].neng)
                d->eng_troops[p] |= UINT32_C(1) << t;
            if (f->troop[t].nshoot)
                d->shoot_troops[p] |= UINT32_C(1) << t;
            if (f->troop[t].traits & d->fx[PKB_FX_REGENERATE])
                d->regen_troops[p] |= UINT32_C(1) << t;
        }
        /* each mask's traits: those of the mask less its lowest troop, and that troop's */
        for (int k = 0; k < PKB_MAX_TROOPS / 8; k++) {
            uint32_t *t8 = d->traits8[p][k];
            t8[0] = 0;
            for (int m = 1; m < 256; m++) {
                int t = 8 * k + pkb_ctz((uint32_t)m);
                t8[m] = t8[m & (m - 1)] | (t < f->ntroops ? f->troop[t].traits : 0);
            }
        }
        for (int t = 0; t < f->ntroops; t++)
            for (int face = 1; face <= 6; face++) {
                d->hitsum[p][PKB_K_ENGAGE][t] =
                    (uint16_t)(d->hitsum[p][PKB_K_ENGAGE][t] + f->troop[t].eng[face]);
                d->hitsum[p][PKB_K_SHOOT][t] =
                    (uint16_t)(d->hitsum[p][PKB_K_SHOOT][t] + f->troop[t].shoot[face]);
            }
    }
}

/* the traits of g's living troops, one by one (the plain way) */
static uint32_t traits_walk(const pkb_data *d, const pkb_state *s, int g)
{
    int p = pkb_owner(g);
    uint32_t m = 0;
    for (uint32_t t = pkb_u(s, g)->troops; t; t &= t - 1)
        m |= pkb_def(d, p, pkb_ctz(t))->traits;
    return m;
}

/* the same from the table of each byte of a troop mask made at load
 * (pkb_data.traits8) */
uint32_t pkb_unit_traits(const pkb_data *d, const pkb_state *s, int g)
{
    uint32_t m = pkb_u(s, g)->troops;
    const uint32_t (*t8)[256] = d->traits8[pkb_owner(g)];
    uint32_t tr = t8[0][m & 0xff] | t8[1][(m >> 8) & 0xff] | t8[2][(m >> 16) & 0xff] |
                  t8[3][m >> 24];
    assert(tr == traits_walk(d, s, g));
    return tr;
}

int pkb_fx(const pkb_data *d, uint32_t traits, int fx)
{
    int sum = 0;
    for (uint32_t m = traits & d->fx[fx]; m; m &= m - 1)
        sum += d->trait[pkb_ctz(m)].amount;
    return sum;
}

static bool has_dice(const pkb_data *d, const pkb_state *s, int g, bool shooting)
{
    int p = pkb_owner(g);
    for (uint32_t t = pkb_u(s, g)->troops; t; t &= t - 1) {
        const pkb_troop_def *td = pkb_def(d, p, pkb_ctz(t));
        if (shooting ? td->nshoot : td->neng)
            return true;
    }
    return false;
}

bool pkb_can_engage(const pkb_data *d, const pkb_state *s, int g) { return has_dice(d, s, g, false); }
bool pkb_can_shoot(const pkb_data *d, const pkb_state *s, int g) { return has_dice(d, s, g, true); }

/* an order's cost to a unit with orders on it and traits: one more than
 * its orders, less its discount, never less than 1 */
static int cost_of(const pkb_data *d, int orders, uint32_t traits)
{
    int cost = orders + 1 - pkb_fx(d, traits, PKB_FX_DISCOUNT);
    return cost < 1 ? 1 : cost;
}

int pkb_order_cost(const pkb_data *d, const pkb_state *s, int g)
{
    return cost_of(d, pkb_u(s, g)->orders, pkb_unit_traits(d, s, g));
}

/* The bookkeeping of a unit (pkb_state.ub): its cost and abilities from
 * the tables made at load (pkb_data.traits8, eng_troops, shoot_troops),
 * the same as pkb_unit_book_plain's walk over its troops. Called by every
 * change of a unit's troops or orders, so that the turn's listing and the
 * features read them. */
void pkb_unit_refresh(const pkb_data *d, pkb_state *s, int g)
{
    int p = pkb_owner(g);
    const pkb_unit *un = pkb_u(s, g);
    uint32_t m = un->troops, tr = pkb_unit_traits(d, s, g);
    pkb_unit_book *b = &s->ub[p][pkb_local(g)];
    b->cost = (uint8_t)cost_of(d, un->orders, tr);
    b->can = (uint8_t)(((m & d->eng_troops[p]) ? PKB_CAN_ENGAGE : 0) |
                       ((m & d->shoot_troops[p]) ? PKB_CAN_SHOOT : 0) |
                       ((tr & d->fx[PKB_FX_SHOOT_REAR]) ? PKB_CAN_SHOOT_REAR : 0) |
                       ((tr & d->fx[PKB_FX_RALLY]) ? PKB_CAN_RALLY : 0) |
                       ((tr & d->fx[PKB_FX_HEX]) ? PKB_CAN_HEX : 0));
}

pkb_unit_book pkb_unit_book_plain(const pkb_data *d, const pkb_state *s, int g)
{
    uint32_t tr = traits_walk(d, s, g);
    return (pkb_unit_book){
        .cost = (uint8_t)cost_of(d, pkb_u(s, g)->orders, tr),
        .can = (uint8_t)((pkb_can_engage(d, s, g) ? PKB_CAN_ENGAGE : 0) |
                         (pkb_can_shoot(d, s, g) ? PKB_CAN_SHOOT : 0) |
                         (pkb_fx(d, tr, PKB_FX_SHOOT_REAR) ? PKB_CAN_SHOOT_REAR : 0) |
                         (pkb_fx(d, tr, PKB_FX_RALLY) ? PKB_CAN_RALLY : 0) |
                         (pkb_fx(d, tr, PKB_FX_HEX) ? PKB_CAN_HEX : 0)),
    };
}

int pkb_hits_for(const pkb_data *d, const pkb_state *s, int g, int kind, int face)
{
    int p = pkb_owner(g), hits = 0;
    for (uint32_t t = pkb_u(s, g)->troops; t; t &= t - 1) {
        const pkb_troop_def *td = pkb_def(d, p, pkb_ctz(t));
        hits += kind == PKB_K_SHOOT ? td->shoot[face] : td->eng[face];
    }
    return hits;
}

/* May g shoot at a unit charging in sector col, as a reaction? From its
 * front there (artillery from its rear too); option reaction-shoot sector:
 * from its rear as well. */
bool pkb_react_shoot_from(const pkb_data *d, const pkb_state *s, int g, int col)
{
    const pkb_unit *u = pkb_u(s, g);
    if (pkb_shoot_col(d, s, g) == col)
        return true;
    return d->react_shoot_sector && u->zone != PKB_NONE && pkb_zcol(u->zone) == col &&
           pkb_zone_kind(pkb_owner(g), u->zone) == PKB_REAR;
}

int pkb_shoot_col(const pkb_data *d, const pkb_state *s, int g)
{
    const pkb_unit *u = pkb_u(s, g);
    if (u->zone == PKB_NONE)
        return -1;
    int kind = pkb_zone_kind(pkb_owner(g), u->zone);
    if (kind == PKB_FRONT)
        return pkb_zcol(u->zone);
    if (kind == PKB_REAR && pkb_fx(d, pkb_unit_traits(d, s, g), PKB_FX_SHOOT_REAR))
        return pkb_zcol(u->zone);
    return -1;
}

/* enemy units of p in the zones of col whose kinds are in kinds (bits) */
static int enemies_in(const pkb_state *s, int p, int col, unsigned kinds, uint8_t *out, int n)
{
    int e = 1 - p;
    const pkb_side *es = &s->side[e];
    for (int v = 0; v < es->nunits; v++) {
        int z = es->unit[v].zone;
        if (z == PKB_NONE || pkb_zcol(z) != col)
            continue;
        int k = pkb_zone_kind(e, z);
        if (k >= 0 && ((kinds >> k) & 1))
            out[n++] = (uint8_t)pkb_global(e, v);
    }
    return n;
}

#define K_FE ((1u << PKB_FRONT) | (1u << PKB_ENG))
#define K_R (1u << PKB_REAR)
#define K_ALL (K_FE | K_R)

int pkb_shoot_targets(const pkb_data *d, const pkb_state *s, const pkb_occ *o, int g, uint8_t *out)
{
    int col = pkb_shoot_col(d, s, g);
    if (col < 0 || !pkb_can_shoot(d, s, g))
        return 0;
    int p = pkb_owner(g);
    if (pkb_enemy_front_or_eng(o, p, col))
        return enemies_in(s, p, col, K_FE, out, 0);
    if (pkb_enemy_in_col(o, p, col))
        return enemies_in(s, p, col, K_R, out, 0);
    int n = 0;
    for (int c = col - 1; c <= col + 1; c += 2) {
        if (c < 0 || c >= PKB_COLS)
            continue;
        n = enemies_in(s, p, c, pkb_enemy_front_or_eng(o, p, c) ? K_FE : K_R, out, n);
    }
    return n;
}

int pkb_charge_case(const pkb_state *s, const pkb_occ *o, int g)
{
    const pkb_unit *u = pkb_u(s, g);
    int p = pkb_owner(g);
    if (u->zone == PKB_NONE)
        return PKB_CH_NONE;
    int col = pkb_zcol(u->zone);
    if (pkb_enemy_front_or_eng(o, p, col))
        return PKB_CH_NORMAL;
    if (pkb_enemy_in_col(o, p, col))
        return PKB_CH_REAR;
    for (int c = col - 1; c <= col + 1; c += 2)
        if (c >= 0 && c < PKB_COLS && pkb_enemy_in_col(o, p, c))
            return PKB_CH_FLANK;
    return PKB_CH_NONE;
}

int pkb_charge_targets(const pkb_state *s, const pkb_occ *o, int g, int chcase, uint8_t *out)
{
    int p = pkb_owner(g), col = pkb_zcol(pkb_u(s, g)->zone);
    switch (chcase) {
    case PKB_CH_NORMAL:
        return enemies_in(s, p, col, K_FE, out, 0);
    case PKB_CH_REAR:
        return enemies_in(s, p, col, K_R, out, 0);
    case PKB_CH_FLANK: {
        int n = 0;
        for (int c = col - 1; c <= col + 1; c += 2)
            if (c >= 0 && c < PKB_COLS)
                n = enemies_in(s, p, c, K_ALL, out, n);
        return n;
    }
    default:
        (void)o;
        return 0;
    }
}

int pkb_hex_targets(const pkb_data *d, const pkb_state *s, const pkb_occ *o, int g, uint8_t *out)
{
    (void)d;
    (void)o;
    const pkb_unit *u = pkb_u(s, g);
    if (u->zone == PKB_NONE)
        return 0;
    return enemies_in(s, pkb_owner(g), pkb_zcol(u->zone), K_FE, out, 0);
}

int pkb_rally_targets(const pkb_data *d, const pkb_state *s, int g, uint16_t *out)
{
    (void)d;
    const pkb_unit *u = pkb_u(s, g);
    int p = pkb_owner(g), n = 0;
    if (u->zone == PKB_NONE)
        return 0;
    const pkb_side *sd = &s->side[p];
    for (int v = 0; v < sd->nunits; v++) {
        const pkb_unit *w = &sd->unit[v];
        if (!w->troops || w->zone == PKB_NONE || pkb_zcol(w->zone) != pkb_zcol(u->zone))
            continue;
        for (uint32_t t = w->troops; t; t &= t - 1)
            if (sd->wounds[pkb_ctz(t)])
                out[n++] = (uint16_t)(pkb_global(p, v) << 8 | pkb_ctz(t));
    }
    return n;
}

bool pkb_special_barred(const pkb_data *d, const pkb_state *s)
{
    if (s->round != 1 || s->active != s->attacker)
        return false;
    return d->special_round || s->turn == 1;
}

int pkb_tokens_in_use(const pkb_state *s, int p, int *orders, int *wounds)
{
    const pkb_side *sd = &s->side[p];
    int o = sd->passed + sd->aside_orders, w = sd->aside_wounds;
    for (int u = 0; u < sd->nunits; u++)
        o += sd->unit[u].orders;
    for (uint32_t t = sd->army & ~sd->dead; t; t &= t - 1)
        w += sd->wounds[pkb_ctz(t)];
    if (orders)
        *orders = o;
    if (wounds)
        *wounds = w;
    return o + w;
}
