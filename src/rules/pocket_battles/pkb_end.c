/*
 * pkb_end.c - the end of a battle round in Pocket Battles, the winner,
 * the results, and the heuristic the computer players use.
 *
 * At the end of a round (both players out of unused tokens): first the
 * winner is checked (half or more of the enemy's deployment points
 * destroyed; both: the larger total; equal: the defender), then the round
 * limit (a house option), then each player recovers the orders used, the
 * tokens set aside and the wounds of troops destroyed; troops that
 * regenerate shed wounds; the attacker, then the defender, may eliminate
 * wounded troops to recover their wound tokens. The next round's first
 * turn alternates: the attacker in odd rounds, the defender in even ones.
 */
#include <stdio.h>
#include "english.h"
#include "pkb.h"

bool pkb_has_wounded(const pkb_state *s, int p)
{
    const pkb_side *sd = &s->side[p];
    for (uint32_t t = sd->army & ~sd->dead; t; t &= t - 1)
        if (sd->wounds[pkb_ctz(t)])
            return true;
    return false;
}

/* has p destroyed half or more of the enemy's army? */
static bool half_destroyed(const pkb_state *s, int p)
{
    const pkb_side *e = &s->side[1 - p];
    return e->points > 0 && 2 * (int)e->lost >= (int)e->points;
}

static void over(pkb_state *s, int winner, int how)
{
    s->winner = (uint8_t)winner;
    s->how = (uint8_t)how;
    s->phase = PKB_PH_OVER;
    s->player = 0;
}

/* the larger destroyed total, the defender on a tie */
static int larger_or_defender(const pkb_state *s, bool *tie)
{
    int d0 = s->side[1].lost, d1 = s->side[0].lost;
    *tie = d0 == d1;
    return d0 > d1 ? 0 : d1 > d0 ? 1 : 1 - s->attacker;
}

static void recover(const pkb_data *d, pkb_state *s, int p)
{
    pkb_side *sd = &s->side[p];
    int back = sd->passed + sd->aside_orders + sd->aside_wounds;
    for (int u = 0; u < sd->nunits; u++) {
        back += sd->unit[u].orders;
        sd->unit[u].orders = 0;
        /* the bookkeeping (pkb_state.ub), without pkb_unit_refresh's work
         * for every unit at every round's end: with no orders on it, an
         * order costs 1 (1 less a discount, never less than 1); its troops
         * and so its abilities are unchanged */
        s->ub[p][u].cost = 1;
    }
    /* only troops that regenerate heal (pkb_data.regen_troops) */
    for (uint32_t t = sd->army & ~sd->dead & d->regen_troops[p]; t; t &= t - 1) {
        int k = pkb_ctz(t);
        int heal = pkb_fx(d, pkb_def(d, p, k)->traits, PKB_FX_REGENERATE);
        if (heal > sd->wounds[k])
            heal = sd->wounds[k];
        sd->wounds[k] = (uint8_t)(sd->wounds[k] - heal);
        back += heal;
    }
    sd->passed = sd->aside_orders = sd->aside_wounds = 0;
    sd->unused = (uint8_t)(sd->unused + back);
}

void pkb_round_end(const pkb_data *d, pkb_state *s)
{
    bool a = half_destroyed(s, 0), b = half_destroyed(s, 1), tie;
    if (a && b) {
        int w = larger_or_defender(s, &tie);
        over(s, w, tie ? PKB_END_BOTH_TIE : PKB_END_BOTH);
        return;
    }
    if (a || b) {
        over(s, a ? 0 : 1, PKB_END_HALF);
        return;
    }
    if (d->max_rounds && s->round >= (uint32_t)d->max_rounds) {
        over(s, larger_or_defender(s, &tie), PKB_END_LIMIT);
        return;
    }
    recover(d, s, 0);
    recover(d, s, 1);
    s->proc = PKB_P_NONE;
    s->stage = PKB_S_NONE;
    int att = s->attacker;
    if (pkb_has_wounded(s, att) || pkb_has_wounded(s, 1 - att)) {
        s->phase = PKB_PH_ELIMINATE;
        s->player = (uint8_t)(pkb_has_wounded(s, att) ? att : 1 - att);
        s->active = PKB_NONE;
        return;
    }
    pkb_start_round(d, s);
}

void pkb_start_round(const pkb_data *d, pkb_state *s)
{
    if (s->round < UINT32_MAX)
        s->round++;
    s->turn = 1;
    s->side[0].acted = s->side[1].acted = 0;
    s->first = (uint8_t)(s->round % 2 == 1 ? s->attacker : 1 - s->attacker);
    s->active = s->first;
    s->redeployed = PKB_NONE;
    if (s->side[s->first].unused == 0) {
        s->active = (uint8_t)(1 - s->first);
        if (s->side[s->active].unused == 0) {
            pkb_round_end(d, s);   /* nobody can act: the round is over at once */
            return;
        }
    }
    s->phase = PKB_PH_TURN;
    s->player = s->active;
}

void pkb_returns(const void *data, const void *st, double *out)
{
    (void)data;
    const pkb_state *s = st;
    if (s->phase != PKB_PH_OVER || s->winner == PKB_NONE)
        return;
    out[s->winner] = 1.0;
    out[1 - s->winner] = 0.0;
}

void pkb_result_text(const void *data, const void *st, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    if (s->phase != PKB_PH_OVER || s->winner == PKB_NONE) {
        snprintf(buf, n, "*");
        return;
    }
    int w = s->winner, l = 1 - w;
    const char *wn = d->pl[w].name, *ln = d->pl[l].name;
    const char *wins = eng_verb(wn, "wins", "win");
    char lp[64];
    eng_possessive(ln, lp, sizeof lp);
    int dw = s->side[l].lost, dl = s->side[w].lost;
    switch (s->how) {
    case PKB_END_CONCEDE:
        snprintf(buf, n, "%s %s: %s %s", wn, wins, ln, eng_verb(ln, "concedes", "concede"));
        return;
    case PKB_END_HALF:
        snprintf(buf, n, "%s %s: destroyed %d of the %s %d points", wn, wins, dw, lp,
                 s->side[l].points);
        return;
    case PKB_END_BOTH:
        snprintf(buf, n, "%s %s: both armies lost half, %s destroyed more (%d to %d points)",
                 wn, wins, wn, dw, dl);
        return;
    case PKB_END_BOTH_TIE:
        snprintf(buf, n, "%s %s: both armies lost half and %d points each; the defender wins "
                 "a tie", wn, wins, dw);
        return;
    case PKB_END_LIMIT:
        if (dw == dl)
            snprintf(buf, n, "%s %s: the battle stopped after round %u, %d points destroyed "
                     "each; the defender wins a tie", wn, wins, (unsigned)s->round, dw);
        else
            snprintf(buf, n, "%s %s: the battle stopped after round %u, %s destroyed more "
                     "(%d to %d points)", wn, wins, (unsigned)s->round, wn, dw, dl);
        return;
    default:
        snprintf(buf, n, "%s %s", wn, wins);
    }
}

/* Wound tokens on p's living troops. */
static int wounds_on(const pkb_state *s, int p)
{
    int w;
    (void)pkb_tokens_in_use(s, p, NULL, &w);
    return w - s->side[p].aside_wounds;
}

double pkb_heuristic(const void *data, const void *st, int player)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int p = player, q = 1 - player;
    if (s->phase == PKB_PH_OVER)
        return s->winner == p ? 1.0 : 0.0;
    double v;
    if (!pkb_revealed(s)) {
        /* setting up: an army that spends its points is better */
        v = 0.5 + 0.25 * ((double)s->side[p].points - (double)s->side[q].points) / d->size;
    } else {
        /* progress towards destroying half the enemy, for each side */
        double mine = s->side[q].points ? 2.0 * s->side[q].lost / s->side[q].points : 0;
        double theirs = s->side[p].points ? 2.0 * s->side[p].lost / s->side[p].points : 0;
        if (mine > 1.2)
            mine = 1.2;
        if (theirs > 1.2)
            theirs = 1.2;
        double tok = d->tokens ? 1.0 / d->tokens : 0;
        v = 0.5 + 0.4 * (mine - theirs) + 0.05 * tok * (wounds_on(s, q) - wounds_on(s, p));
    }
    return v < 0.01 ? 0.01 : v > 0.99 ? 0.99 : v;
}
