/*
 * pkb_combat.c - strikes and shootings in Pocket Battles: how many dice a
 * roll has, the hits each die scores (one per printed die matching it),
 * where the hits go (a shooting into an engagement splits them, rounded up,
 * over every unit in it, own units too), the owner's choice for each hit
 * (remove a troop, absorbing as many hits as it had wound points left, or
 * place a wound token, taken from the unused tokens first, then from the
 * orders on any own unit or set aside by passing), destroyed troops and
 * units, and what follows each roll: the strike back, the next free strike
 * at a unit leaving an engagement, the end of the turn.
 */
#include <string.h>
#include "pkb.h"

int pkb_strike_dice(const pkb_data *d, const pkb_state *s, int striker, int target, int stage)
{
    bool shooting = stage == PKB_S_SHOT || stage == PKB_S_REACT_SHOT;
    if (shooting ? !pkb_can_shoot(d, s, striker) : !pkb_can_engage(d, s, striker))
        return 0;
    uint32_t tr = pkb_unit_traits(d, s, striker);
    int n = 1;
    if (shooting) {
        n += pkb_fx(d, tr, PKB_FX_DICE_SHOOT);
    } else {
        n += pkb_fx(d, tr, PKB_FX_DICE_ENGAGE);
        if (stage == PKB_S_FIRST && s->proc == PKB_P_CHARGE && striker == s->charger &&
            !pkb_fx(d, pkb_unit_traits(d, s, target), PKB_FX_NO_CHARGE_DIE))
            n += 1 + pkb_fx(d, tr, PKB_FX_DICE_CHARGE);
        if (stage == PKB_S_BACK && target == s->charger)
            n += pkb_fx(d, tr, PKB_FX_DICE_CHARGED);
    }
    return n > PKB_MAX_DICE ? PKB_MAX_DICE : n;
}

static void after_wounds(const pkb_data *d, pkb_state *s);

/* The next unit with hits to assign, or what follows. */
static void next_wound(const pkb_data *d, pkb_state *s)
{
    while (s->wq_pos < s->wq_len &&
           (s->wq_hits[s->wq_pos] == 0 || !pkb_alive(s, s->wq_unit[s->wq_pos])))
        s->wq_pos++;
    if (s->wq_pos < s->wq_len) {
        s->phase = PKB_PH_WOUND;
        s->player = (uint8_t)pkb_owner(s->wq_unit[s->wq_pos]);
        return;
    }
    after_wounds(d, s);
}

static void queue(pkb_state *s, int g, int hits)
{
    s->wq_unit[s->wq_len] = (uint8_t)g;
    s->wq_hits[s->wq_len] = (uint8_t)(hits < 0 ? 0 : hits > 255 ? 255 : hits);
    s->wq_len++;
}

/* All dice rolled: the hits go to the target, or split over its engagement. */
static void strike_finished(const pkb_data *d, pkb_state *s)
{
    int t = s->target, h = s->hits;
    s->wq_len = s->wq_pos = 0;
    if (s->skind == PKB_K_SHOOT && pkb_u(s, t)->foe != PKB_NONE) {
        uint8_t list[PKB_Q];
        int n = pkb_engagement(s, t, list);
        int share = (h + n - 1) / n;
        for (int i = 0; i < n; i++)
            queue(s, list[i], share - pkb_fx(d, pkb_unit_traits(d, s, list[i]), PKB_FX_FEWER_SHOT));
    } else {
        int fewer = pkb_fx(d, pkb_unit_traits(d, s, t),
                           s->skind == PKB_K_SHOOT ? PKB_FX_FEWER_SHOT : PKB_FX_FEWER_ENGAGE);
        queue(s, t, h - fewer);
    }
    next_wound(d, s);
}

void pkb_begin_strike(const pkb_data *d, pkb_state *s, int striker, int target, int stage)
{
    s->striker = (uint8_t)striker;
    s->target = (uint8_t)target;
    s->stage = (uint8_t)stage;
    s->skind = stage == PKB_S_SHOT || stage == PKB_S_REACT_SHOT ? PKB_K_SHOOT : PKB_K_ENGAGE;
    s->dice_left = (uint8_t)pkb_strike_dice(d, s, striker, target, stage);
    s->charge_die = 0;
    if (stage == PKB_S_FIRST && s->proc == PKB_P_CHARGE && striker == s->charger &&
        !pkb_fx(d, pkb_unit_traits(d, s, target), PKB_FX_NO_CHARGE_DIE))
        s->charge_die = (uint8_t)(1 + pkb_fx(d, pkb_unit_traits(d, s, striker), PKB_FX_DICE_CHARGE));
    s->hits = 0;
    s->nrolled = 0;
    memset(s->rolled, 0, sizeof s->rolled);
    if (s->dice_left == 0) {
        strike_finished(d, s);   /* nothing printed to roll against: no hits */
        return;
    }
    s->phase = PKB_PH_DICE;
}

void pkb_begin_hex(const pkb_data *d, pkb_state *s, int caster, int target)
{
    s->striker = (uint8_t)caster;
    s->target = (uint8_t)target;
    s->stage = PKB_S_SHOT;
    s->skind = PKB_K_SHOOT;
    s->wq_len = s->wq_pos = 0;
    queue(s, target, pkb_fx(d, pkb_unit_traits(d, s, caster), PKB_FX_HEX));
    next_wound(d, s);
}

void pkb_rolled(const pkb_data *d, pkb_state *s, int face)
{
    if (s->nrolled < PKB_MAX_DICE)
        s->rolled[s->nrolled++] = (uint8_t)face;
    int h = s->hits + pkb_hits_for(d, s, s->striker, s->skind, face);
    s->hits = (uint8_t)(h > 255 ? 255 : h);
    if (--s->dice_left == 0)
        strike_finished(d, s);
}

void pkb_kill_troop(const pkb_data *d, pkb_state *s, int p, int t)
{
    pkb_side *sd = &s->side[p];
    uint32_t bit = 1u << t;
    sd->dead |= bit;
    sd->aside_wounds = (uint8_t)(sd->aside_wounds + sd->wounds[t]);
    sd->wounds[t] = 0;
    sd->lost = (uint16_t)(sd->lost + pkb_def(d, p, t)->points);
    int u = sd->unit_of[t];
    pkb_unit *un = &sd->unit[u];
    un->troops &= ~bit;
    if (un->troops == 0) {
        /* the unit is destroyed: its orders are out until the round ends */
        sd->aside_orders = (uint8_t)(sd->aside_orders + un->orders);
        un->orders = 0;
        pkb_break_contacts(s, pkb_global(p, u));
        pkb_set_zone(s, pkb_global(p, u), PKB_NONE);
    }
    pkb_unit_refresh(d, s, pkb_global(p, u));   /* the bookkeeping: its troops and orders */
}

int pkb_remove_takes(const pkb_data *d, const pkb_state *s, int p, int t)
{
    int left = pkb_def(d, p, t)->wp - s->side[p].wounds[t], h = s->wq_hits[s->wq_pos];
    return left < h ? left : h;
}

void pkb_wound(const pkb_data *d, pkb_state *s, int g, int t, int mode)
{
    int p = pkb_owner(g);
    pkb_side *sd = &s->side[p];
    int h = s->wq_hits[s->wq_pos];
    if (mode == PKB_W_REMOVE) {
        h -= pkb_remove_takes(d, s, p, t);
        pkb_kill_troop(d, s, p, t);
    } else {
        if (mode == PKB_W_UNUSED)
            sd->unused--;
        else if (mode == PKB_W_PASS)
            sd->passed--;
        else {
            pkb_um(s, mode - PKB_W_UNIT)->orders--;
            pkb_unit_refresh(d, s, mode - PKB_W_UNIT);   /* the bookkeeping: its order cost */
        }
        sd->wounds[t]++;
        h--;
    }
    s->wq_hits[s->wq_pos] = (uint8_t)h;
    next_wound(d, s);
}

/* ---- what follows a roll --------------------------------------------------------- */

static void next_free_strike(const pkb_data *d, pkb_state *s)
{
    int g = s->target;
    if (!pkb_alive(s, g)) {
        pkb_end_turn(d, s);
        return;
    }
    if (s->strikers) {
        int e = pkb_ctz(s->strikers);
        s->strikers &= s->strikers - 1;
        pkb_begin_strike(d, s, pkb_global(1 - pkb_owner(g), e), g, PKB_S_FREE);
        return;
    }
    /* the survivors of the leaving unit go back to their front, and so
     * do the enemies left without anyone to fight */
    pkb_break_contacts(s, g);
    pkb_unit *u = pkb_um(s, g);
    pkb_set_zone(s, g, pkb_zone(pkb_owner(g), pkb_zcol(u->zone), PKB_FRONT));
    pkb_end_turn(d, s);
}

void pkb_leave(const pkb_data *d, pkb_state *s, int g)
{
    s->target = (uint8_t)g;
    s->strikers = 0;
    if (!pkb_fx(d, pkb_unit_traits(d, s, g), PKB_FX_FREE_LEAVE)) {
        uint8_t c[PKB_MAX_UNITS + 1];
        int n = pkb_contacts(s, g, c);
        for (int i = 0; i < n; i++)
            s->strikers |= 1u << pkb_local(c[i]);
    }
    next_free_strike(d, s);
}

static void after_wounds(const pkb_data *d, pkb_state *s)
{
    switch (s->stage) {
    case PKB_S_REACT_SHOT:
        /* the charger goes on, if any of it is left */
        if (pkb_alive(s, s->charger)) {
            s->striker = s->charger;
            s->target = PKB_NONE;
            s->stage = PKB_S_CHOOSE;
            s->phase = PKB_PH_TARGET;
            s->player = s->active;
        } else {
            pkb_end_turn(d, s);
        }
        return;
    case PKB_S_FIRST:
        if (!pkb_alive(s, s->striker) || !pkb_alive(s, s->target)) {
            pkb_end_turn(d, s);
        } else if (d->strike_back_always) {
            pkb_begin_strike(d, s, s->target, s->striker, PKB_S_BACK);
        } else {
            /* the opponent *can* strike back: its owner decides */
            s->phase = PKB_PH_BACK;
            s->player = (uint8_t)pkb_owner(s->target);
        }
        return;
    case PKB_S_FREE:
        next_free_strike(d, s);
        return;
    default:   /* a strike back, a shooting, a hex: the turn is over */
        pkb_end_turn(d, s);
        return;
    }
}
