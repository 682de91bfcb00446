/*
 * pkb_apply.c - the flow of a game of Pocket Battles: the starting position,
 * army building, the roll for the attacker, deployment and the reveal,
 * turns (redeployment, orders and their cost, reactions to a charge, the
 * choice of a target), and passing to the next turn. Strikes, shootings and
 * wounds are in pkb_combat.c, the end of a round in pkb_end.c.
 *
 * apply() trusts that the action is legal (the engine checked it).
 */
#include <string.h>
#include "pkb.h"

static void start_deployment(const pkb_data *d, pkb_state *s);

void pkb_init(const void *data, void *st)
{
    const pkb_data *d = data;
    pkb_state *s = st;
    memset(s, 0, sizeof *s);
    for (int p = 0; p < PKB_SIDES; p++) {
        pkb_side *sd = &s->side[p];
        const pkb_player *pl = &d->pl[p];
        for (int u = 0; u < PKB_MAX_UNITS; u++) {
            sd->unit[u].zone = PKB_NONE;
            sd->unit[u].foe = PKB_NONE;
            sd->unit[u].top = PKB_NONE;
        }
        memset(sd->unit_of, PKB_NONE, sizeof sd->unit_of);
        sd->unused = (uint8_t)d->tokens;
        if (!pl->ready)
            continue;
        for (int u = 0; u < pl->nunits; u++) {
            pkb_unit *un = &sd->unit[u];
            un->top = pl->utroop[u][0];
            for (int k = 0; k < pl->usize[u]; k++) {
                int t = pl->utroop[u][k];
                un->troops |= 1u << t;
                sd->unit_of[t] = (uint8_t)u;
                sd->points = (uint16_t)(sd->points + pl->fac.troop[t].points);
            }
            sd->army |= un->troops;
            if (pl->placed) {
                un->zone = pl->uzone[u];
                sd->deployed++;
            }
        }
        sd->nunits = (uint8_t)pl->nunits;
        sd->built = 1;
    }
    pkb_book_refresh(d, s);   /* the bookkeeping: a given army and deployment */
    s->attacker = d->attacker >= 0 ? (uint8_t)d->attacker : PKB_NONE;
    s->first = s->active = PKB_NONE;
    s->winner = PKB_NONE;
    s->redeployed = s->striker = s->target = s->charger = PKB_NONE;
    if (!d->pl[0].ready || !d->pl[1].ready) {
        s->phase = PKB_PH_BUILD;
        s->player = d->pl[0].ready ? 1 : 0;
    } else if (s->attacker == PKB_NONE) {
        s->phase = PKB_PH_ROLL;
    } else {
        start_deployment(d, s);
    }
}

int pkb_current_player(const void *data, const void *st)
{
    (void)data;
    const pkb_state *s = st;
    switch (s->phase) {
    case PKB_PH_ROLL:
    case PKB_PH_DICE:
        return ENG_CHANCE;
    case PKB_PH_OVER:
        return ENG_TERMINAL;
    default:
        return s->player;
    }
}

int pkb_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob)
{
    (void)data;
    (void)st;
    for (int f = 1; f <= 6; f++) {
        out[f - 1] = PKB_ACT(PKB_A_ROLL, f, 0, 0);
        prob[f - 1] = 1.0 / 6.0;
    }
    return 6;
}

/* ---- set-up ---------------------------------------------------------------------- */

static bool has_undeployed(const pkb_state *s, int p)
{
    return s->side[p].deployed < s->side[p].nunits;
}

/* Deployment starts with the attacker; with nothing to place, the battle. */
static void start_deployment(const pkb_data *d, pkb_state *s)
{
    int a = s->attacker;
    if (has_undeployed(s, a) || has_undeployed(s, 1 - a)) {
        s->phase = PKB_PH_DEPLOY;
        s->player = (uint8_t)(has_undeployed(s, a) ? a : 1 - a);
    } else {
        pkb_start_round(d, s);   /* the reveal: the battle begins */
    }
}

static void apply_build(const pkb_data *d, pkb_state *s, eng_action a)
{
    int p = s->player, t = PKB_FA(a);
    pkb_side *sd = &s->side[p];
    if (PKB_KIND(a) == PKB_A_DONE) {
        sd->built = 1;
        if (p == 0 && !d->pl[1].ready) {
            s->player = 1;
        } else if (s->attacker == PKB_NONE) {
            s->phase = PKB_PH_ROLL;
            s->player = 0;
        } else {
            start_deployment(d, s);
        }
        return;
    }
    int u = PKB_KIND(a) == PKB_A_UNIT ? sd->nunits++ : sd->nunits - 1;
    pkb_unit *un = &sd->unit[u];
    if (PKB_KIND(a) == PKB_A_UNIT)
        un->top = (uint8_t)t;
    un->troops |= 1u << t;
    sd->army |= 1u << t;
    sd->unit_of[t] = (uint8_t)u;
    sd->points = (uint16_t)(sd->points + pkb_def(d, p, t)->points);
    pkb_unit_refresh(d, s, pkb_global(p, u));   /* the bookkeeping: its troops */
}

static void apply_roll_for_attacker(const pkb_data *d, pkb_state *s, int face)
{
    if (s->roll[0] == 0) {
        s->roll[0] = (uint8_t)face;
        return;
    }
    s->roll[1] = (uint8_t)face;
    if (s->roll[0] == s->roll[1]) {   /* a tie: both roll again */
        s->roll[0] = s->roll[1] = 0;
        return;
    }
    s->attacker = s->roll[0] > s->roll[1] ? 0 : 1;
    start_deployment(d, s);
}

static void apply_deploy(const pkb_data *d, pkb_state *s, int g, int zone)
{
    int p = pkb_owner(g);
    pkb_set_zone(s, g, zone);
    s->side[p].deployed++;
    /* alternate while both have stacks; then the other places the rest */
    if (has_undeployed(s, 1 - p))
        s->player = (uint8_t)(1 - p);
    else if (!has_undeployed(s, p))
        pkb_start_round(d, s);   /* both done: the reveal, and round 1 */
}

/* ---- turns --------------------------------------------------------------------------- */

static void pay(const pkb_data *d, pkb_state *s, int g)
{
    int cost = s->ub[pkb_owner(g)][pkb_local(g)].cost;   /* the bookkeeping: pkb_order_cost */
    pkb_side *sd = &s->side[pkb_owner(g)];
    sd->unused = (uint8_t)(sd->unused - cost);
    pkb_um(s, g)->orders = (uint8_t)(pkb_u(s, g)->orders + cost);
    pkb_unit_refresh(d, s, g);   /* the bookkeeping: its next order's cost */
}

/* Can the other player intercept or shoot at charger g? */
static bool can_react(const pkb_data *d, const pkb_state *s, int g)
{
    int e = 1 - pkb_owner(g), col = pkb_zcol(pkb_u(s, g)->zone);
    const pkb_side *es = &s->side[e];
    for (int v = 0; v < es->nunits; v++) {
        int gv = pkb_global(e, v);
        const pkb_unit *u = &es->unit[v];
        if (!u->troops || u->zone == PKB_NONE || pkb_order_cost(d, s, gv) > es->unused)
            continue;
        if (u->zone == pkb_zone(e, col, PKB_FRONT) && pkb_can_engage(d, s, gv))
            return true;
        if (pkb_react_shoot_from(d, s, gv, col) && pkb_can_shoot(d, s, gv))
            return true;
    }
    return false;
}

static void choose_target(pkb_state *s)
{
    s->stage = PKB_S_CHOOSE;
    s->phase = PKB_PH_TARGET;
    s->player = s->active;
}

static void apply_order(const pkb_data *d, pkb_state *s, int g, int kind, int c)
{
    pay(d, s, g);
    pkb_unit *u = pkb_um(s, g);
    s->striker = (uint8_t)g;
    switch (kind) {
    case PKB_O_MOVE:
        pkb_set_zone(s, g, c);
        pkb_end_turn(d, s);
        return;
    case PKB_O_CHARGE: {
        int chcase = pkb_charge_case(s, &s->occ, g);
        s->proc = PKB_P_CHARGE;
        s->charger = (uint8_t)g;
        pkb_set_zone(s, g, pkb_zone(pkb_owner(g), pkb_zcol(u->zone), PKB_ENG));
        if (chcase == PKB_CH_NORMAL && can_react(d, s, g)) {
            s->phase = PKB_PH_REACT;
            s->player = (uint8_t)(1 - pkb_owner(g));
        } else {
            choose_target(s);
        }
        return;
    }
    case PKB_O_FIGHT:
        s->proc = PKB_P_FIGHT;
        pkb_begin_strike(d, s, g, c, PKB_S_FIRST);
        return;
    case PKB_O_LEAVE:
        s->proc = PKB_P_LEAVE;
        pkb_leave(d, s, g);
        return;
    case PKB_O_SHOOT:
        s->proc = PKB_P_SHOOT;
        choose_target(s);
        return;
    case PKB_O_RALLY:
        s->proc = PKB_P_RALLY;
        choose_target(s);
        return;
    case PKB_O_HEX:
        s->proc = PKB_P_HEX;
        choose_target(s);
        return;
    }
}

static void apply_react(const pkb_data *d, pkb_state *s, int kind, int g)
{
    int x = s->charger;
    if (kind == PKB_R_WAIT) {
        choose_target(s);
        return;
    }
    pay(d, s, g);
    if (kind == PKB_R_INTERCEPT) {
        pkb_set_zone(s, g, pkb_zone(pkb_owner(g), pkb_zcol(pkb_u(s, g)->zone), PKB_ENG));
        pkb_contact(s, x, g);
        pkb_begin_strike(d, s, x, g, PKB_S_FIRST);
    } else {
        pkb_begin_strike(d, s, g, x, PKB_S_REACT_SHOT);
    }
}

static void apply_target(const pkb_data *d, pkb_state *s, int t, int troop)
{
    int g = s->striker;
    switch (s->proc) {
    case PKB_P_CHARGE: {
        int col = pkb_zcol(pkb_u(s, t)->zone);
        pkb_set_zone(s, t, pkb_zone(pkb_owner(t), col, PKB_ENG));
        pkb_set_zone(s, g, pkb_zone(pkb_owner(g), col, PKB_ENG));
        pkb_contact(s, g, t);
        pkb_begin_strike(d, s, g, t, PKB_S_FIRST);
        return;
    }
    case PKB_P_SHOOT:
        pkb_begin_strike(d, s, g, t, PKB_S_SHOT);
        return;
    case PKB_P_HEX:
        pkb_begin_hex(d, s, g, t);
        return;
    case PKB_P_RALLY: {
        pkb_side *sd = &s->side[pkb_owner(t)];
        int heal = pkb_fx(d, pkb_unit_traits(d, s, g), PKB_FX_RALLY);
        if (heal > sd->wounds[troop])
            heal = sd->wounds[troop];
        sd->wounds[troop] = (uint8_t)(sd->wounds[troop] - heal);
        sd->unused = (uint8_t)(sd->unused + heal);
        pkb_end_turn(d, s);
        return;
    }
    }
}

void pkb_end_turn(const pkb_data *d, pkb_state *s)
{
    s->proc = PKB_P_NONE;
    s->stage = PKB_S_NONE;
    s->striker = s->target = s->charger = s->redeployed = PKB_NONE;
    s->dice_left = s->hits = s->nrolled = s->charge_die = 0;
    s->wq_len = s->wq_pos = 0;
    s->strikers = 0;
    memset(s->rolled, 0, sizeof s->rolled);
    memset(s->wq_unit, 0, sizeof s->wq_unit);
    memset(s->wq_hits, 0, sizeof s->wq_hits);
    int a = s->active, o = 1 - a;
    /* the other player's turn; if out of tokens, the same player's again */
    if (s->side[o].unused > 0)
        s->active = (uint8_t)o;
    else if (s->side[a].unused == 0) {
        pkb_round_end(d, s);
        return;
    }
    if (s->turn < 255)
        s->turn++;
    s->phase = PKB_PH_TURN;
    s->player = s->active;
}

/* ---- apply ------------------------------------------------------------------------------ */

static void apply_action(const pkb_data *d, pkb_state *s, eng_action a)
{
    int fa = PKB_FA(a), fb = PKB_FB(a), fc = PKB_FC(a);
    switch (s->phase) {
    case PKB_PH_BUILD:
        apply_build(d, s, a);
        return;
    case PKB_PH_ROLL:
        apply_roll_for_attacker(d, s, fa);
        return;
    case PKB_PH_DEPLOY:
        apply_deploy(d, s, fa, fb);
        return;
    case PKB_PH_TURN:
        if (PKB_KIND(a) != PKB_A_CONCEDE)
            s->side[s->active].acted = 1;
        switch (PKB_KIND(a)) {
        case PKB_A_REDEPLOY:
            pkb_set_zone(s, fa, fb);
            s->redeployed = (uint8_t)fa;
            return;
        case PKB_A_ORDER:
            apply_order(d, s, fa, fb, fc);
            return;
        case PKB_A_PASS: {
            pkb_side *sd = &s->side[s->active];
            sd->unused--;
            sd->passed++;
            pkb_end_turn(d, s);
            return;
        }
        case PKB_A_CONCEDE:
            s->winner = (uint8_t)(1 - s->active);
            s->how = PKB_END_CONCEDE;
            s->phase = PKB_PH_OVER;
            return;
        }
        return;
    case PKB_PH_REACT:
        apply_react(d, s, fa, fb);
        return;
    case PKB_PH_TARGET:
        apply_target(d, s, fa, fb);
        return;
    case PKB_PH_DICE:
        pkb_rolled(d, s, fa);
        return;
    case PKB_PH_WOUND:
        pkb_wound(d, s, fa, fb, fc);
        return;
    case PKB_PH_BACK:
        if (fa)
            pkb_begin_strike(d, s, s->target, s->striker, PKB_S_BACK);
        else
            pkb_end_turn(d, s);
        return;
    case PKB_PH_ELIMINATE:
        if (PKB_KIND(a) == PKB_A_ELIMINATE) {
            int p = pkb_owner(fa);
            pkb_side *sd = &s->side[p];
            int w = sd->wounds[fb];
            pkb_kill_troop(d, s, p, fb);
            /* its wound tokens come back at once: the round is over */
            sd->aside_wounds = (uint8_t)(sd->aside_wounds - w);
            sd->unused = (uint8_t)(sd->unused + w);
            if (pkb_has_wounded(s, p))
                return;
        }
        /* done (or nothing left to eliminate): the defender next, or the new round */
        if (s->player == s->attacker && pkb_has_wounded(s, 1 - s->attacker))
            s->player = (uint8_t)(1 - s->attacker);
        else
            pkb_start_round(d, s);
        return;
    default:
        return;
    }
}

void pkb_apply(const void *data, void *st, eng_action a)
{
    apply_action(data, st, a);
    pkb_book_check(data, st);   /* debug builds: the bookkeeping against the plain way */
}
