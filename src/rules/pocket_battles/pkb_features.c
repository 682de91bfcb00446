/*
 * pkb_features.c - Pocket Battles' position as a fixed-length vector of
 * numbers from one side's point of view, for the learned evaluation (the
 * features hook; src/engine/features.c). The same PKB_FEATURES numbers for
 * every scenario, each about 0..1: a block for the side itself, the same
 * block for the enemy, then the battle as a whole. Not a rule; the rules
 * never call it.
 *
 * A side's block (shares of its units still standing unless said
 * otherwise; "tokens" is the side's order/wound tokens, size / 10):
 *   0  deployment points standing, as a share of its army's
 *   1  its losses against the half that ends the battle: 2 * lost / points
 *      (at most 1.5)
 *   2  half or more of it destroyed (1) or not (0)
 *   3  units standing, as a share of those it formed
 *   4  wound points left on its living troops, as a share of the army's
 *   5  wound tokens on its living troops, as a share of its tokens
 *   6  unused tokens, as a share of its tokens
 *   7  order tokens on its units, as a share of its tokens
 *   8  tokens set aside this round (passing, orders and wounds of the dead)
 *   9  engagement dice standing, as a share of the army's
 *  10  shooting dice standing, as a share of the army's
 *  11  in a front zone
 *  12  in a rear zone
 *  13  in an engagement zone
 *  14  in contact with an enemy unit
 *  15  in the front with engagement dice and an enemy to charge
 *  16  with an enemy to shoot at now
 *  17  without orders this round (the next order costs 1, or less)
 *  18  the hits one die of its units in contact scores on average, summed,
 *      a fifth each (at most 1)
 *  19  the hits one die of its units able to shoot scores on average,
 *      summed, a fifth each (at most 1)
 *  20  troops with a wound, as a share of its living troops
 *  21  points standing one hit from death (a troop with one wound point
 *      left) in a front or engagement zone, as a share of its army's
 *  22-24 points standing in each sector as the viewing side sees it (its
 *      left, centre, right), as a share of its army's
 *  25  it has taken a turn this round
 * The whole battle:
 *  52  the round, as a share of the round limit (20 without one; at most 1)
 *  53  the side decides now (1) or not
 *  54  the enemy decides now (1) or not
 *  55  the side is the active player (its turn)
 *  56  the side went first this round
 *  57  the side is the attacker (the defender wins a tie)
 *  58  the side is player 1 (its army is the scenario's first)
 *  59  still setting up (troops hidden in stacks)
 *  60  a strike, shooting or hit under way
 *  61  hits waiting to be assigned to the side's units, a fifth each
 *      (at most 1)
 *  62  hits waiting to be assigned to the enemy's units, likewise
 *  63  the heuristic's estimate for the side (pkb_heuristic)
 *  64  the battle is decided in the side's favour (1), against it (0);
 *      0.5 while it goes on
 */
#include <assert.h>
#include "pkb.h"

#define BLOCK 26
#define GLOBAL (2 * BLOCK)

static float cap(double v, double hi)
{
    return (float)(v < 0 ? 0 : v > hi ? hi : v);
}

static double share(double a, double b) { return b > 0 ? a / b : 0; }

/* the mean hits one die of g scores with dice of kind: the sum over the
 * faces of pkb_hits_for, from each troop's sum made at load
 * (pkb_data.hitsum; debug builds compare it with the faces') */
static double mean_hits(const pkb_data *d, const pkb_state *s, int g, int kind)
{
    int p = pkb_owner(g), sum = 0;
    const uint16_t *hs = d->hitsum[p][kind];
    for (uint32_t t = pkb_u(s, g)->troops; t; t &= t - 1)
        sum += hs[pkb_ctz(t)];
#ifndef NDEBUG
    int plain = 0;
    for (int face = 1; face <= 6; face++)
        plain += pkb_hits_for(d, s, g, kind, face);
    assert(plain == sum);
#endif
    return sum / 6.0;
}

static void side_block(const pkb_data *d, const pkb_state *s, const pkb_occ *o, int side,
                       int viewer, float *f)
{
    const pkb_side *sd = &s->side[side];
    int wp_all = 0, wp_left = 0, eng_all = 0, eng_now = 0, sh_all = 0, sh_now = 0;
    int living = 0, wounded = 0, at_risk = 0, in_sector[PKB_COLS] = {0};
    /* the wound tokens on its living troops and the order tokens on its
     * units: pkb_tokens_in_use's, less those set aside (debug builds
     * compare) */
    int wounds_on = 0, orders_on = 0;
    for (uint32_t t = sd->army; t; t &= t - 1) {
        int k = pkb_ctz(t);
        const pkb_troop_def *td = pkb_def(d, side, k);
        wp_all += td->wp;
        eng_all += td->neng;
        sh_all += td->nshoot;
        if (sd->dead & (1u << k))
            continue;
        living++;
        wounds_on += sd->wounds[k];
        wp_left += td->wp - sd->wounds[k];
        eng_now += td->neng;
        sh_now += td->nshoot;
        wounded += sd->wounds[k] > 0;
        const pkb_unit *u = &sd->unit[sd->unit_of[k]];
        if (u->zone == PKB_NONE)
            continue;
        in_sector[pkb_sector_of(viewer, pkb_zcol(u->zone))] += td->points;
        if (td->wp - sd->wounds[k] <= 1 && pkb_zone_kind(side, u->zone) != PKB_REAR)
            at_risk += td->points;
    }
    int alive = 0, front = 0, rear = 0, eng = 0, contact = 0, charge = 0, shoot = 0, fresh = 0;
    double eng_hits = 0, shoot_hits = 0;
    uint8_t buf[PKB_Q];   /* the lists the debug checks compare with */
    (void)buf;
    unsigned ecols = pkb_enemy_cols(o, side);   /* columns with an enemy */
    for (int u = 0; u < sd->nunits; u++) {
        const pkb_unit *un = &sd->unit[u];
        orders_on += un->orders;
        if (!un->troops || un->zone == PKB_NONE)
            continue;
        int g = pkb_global(side, u);
        alive++;
        int kind = pkb_zone_kind(side, un->zone);
        front += kind == PKB_FRONT;
        rear += kind == PKB_REAR;
        eng += kind == PKB_ENG;
        fresh += un->orders == 0;
        /* in contact: it points at a unit it touches (pkb.h), which
         * debug builds check against the contacts themselves */
        bool touching = un->foe != PKB_NONE;
        assert(touching == (pkb_contacts(s, g, buf) > 0));
        if (touching) {
            contact++;
            eng_hits += mean_hits(d, s, g, PKB_K_ENGAGE);
        }
        /* a charge or a shooting with a target: what its troops let it do
         * (the bookkeeping, pkb_state.ub), and an enemy in its sector or
         * one beside it (the occupancy) */
        unsigned can = s->ub[side][u].can;
        bool near = (ecols & pkb_near_cols(pkb_zcol(un->zone))) != 0;
        if (pkb_may_charge(kind, can, near)) {
            assert(pkb_charge_case(s, o, g) != PKB_CH_NONE);
            charge++;
        }
        bool target = pkb_may_shoot(kind, can, near);
        assert(target == (pkb_shoot_targets(d, s, o, g, buf) > 0));
        if (target) {
            shoot++;
            shoot_hits += mean_hits(d, s, g, PKB_K_SHOOT);
        }
    }
#ifndef NDEBUG
    int orders, wounds;
    (void)pkb_tokens_in_use(s, side, &orders, &wounds);
    assert(wounds - sd->aside_wounds == wounds_on);
    assert(orders - sd->passed - sd->aside_orders == orders_on);
#endif
    double a = alive ? alive : 1, tok = d->tokens ? d->tokens : 1;
    double pts = sd->points ? sd->points : 1;
    f[0] = cap(1 - sd->lost / pts, 1);
    f[1] = cap(2.0 * sd->lost / pts, 1.5);
    f[2] = sd->points && 2 * (int)sd->lost >= (int)sd->points;
    f[3] = cap(share(alive, sd->nunits), 1);
    f[4] = cap(share(wp_left, wp_all), 1);
    f[5] = cap(wounds_on / tok, 1);
    f[6] = cap(sd->unused / tok, 1);
    f[7] = cap(orders_on / tok, 1);
    f[8] = cap((sd->passed + sd->aside_orders + sd->aside_wounds) / tok, 1);
    f[9] = cap(share(eng_now, eng_all), 1);
    f[10] = cap(share(sh_now, sh_all), 1);
    f[11] = (float)(front / a);
    f[12] = (float)(rear / a);
    f[13] = (float)(eng / a);
    f[14] = (float)(contact / a);
    f[15] = (float)(charge / a);
    f[16] = (float)(shoot / a);
    f[17] = (float)(fresh / a);
    f[18] = cap(eng_hits / 5, 1);
    f[19] = cap(shoot_hits / 5, 1);
    f[20] = cap(share(wounded, living), 1);
    f[21] = cap(at_risk / pts, 1);
    for (int c = 0; c < PKB_COLS; c++)
        f[22 + c] = cap(in_sector[c] / pts, 1);
    f[25] = sd->acted != 0;
}

/* hits still to be assigned to p's units from the roll under way */
static int hits_waiting(const pkb_state *s, int p)
{
    if (s->phase != PKB_PH_WOUND)
        return 0;
    int n = 0;
    for (int i = s->wq_pos; i < s->wq_len; i++)
        if (s->wq_unit[i] != PKB_NONE && pkb_owner(s->wq_unit[i]) == p)
            n += s->wq_hits[i];
    return n;
}

void pkb_features(const void *data, const void *st, int player, float *out)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int me = player, op = 1 - player;
    const pkb_occ *o = &s->occ;   /* the bookkeeping (pkb_state.occ) */
    side_block(d, s, o, me, me, out);
    side_block(d, s, o, op, me, out + BLOCK);
    float *g = out + GLOBAL;
    bool over = s->phase == PKB_PH_OVER;
    int limit = d->max_rounds > 0 ? d->max_rounds : 20;
    g[0] = cap((double)s->round / limit, 1);
    g[1] = !over && s->player == me;
    g[2] = !over && s->player == op;
    g[3] = !over && pkb_revealed(s) && s->active == me;
    g[4] = pkb_revealed(s) && s->first == me;
    g[5] = s->attacker == me;
    g[6] = me == 0;
    g[7] = !pkb_revealed(s);
    g[8] = s->phase == PKB_PH_DICE || s->phase == PKB_PH_WOUND || s->phase == PKB_PH_BACK ||
           s->phase == PKB_PH_TARGET || s->phase == PKB_PH_REACT;
    g[9] = cap(hits_waiting(s, me) / 5.0, 1);
    g[10] = cap(hits_waiting(s, op) / 5.0, 1);
    g[11] = (float)pkb_heuristic(d, s, me);
    g[12] = 0.5f;
    if (over && s->winner != PKB_NONE)
        g[12] = s->winner == me ? 1.0f : 0.0f;
}
