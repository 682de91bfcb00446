/*
 * pkb_position_check.c - a loaded position's counters in range: every
 * player, unit, troop, zone and queue index a Pocket Battles state holds
 * (read from a position's "internal" object as the program keeps them)
 * must name something that exists before any code indexes with it; and
 * the players a phase needs (the attacker, who went first, who is active)
 * are given.
 */
#include "pkb.h"
#include "position.h"

/* a global unit index (or PKB_NONE when none may be) of an existing unit */
static bool unit_ok(const pkb_state *s, int g, bool none_ok)
{
    if (g == PKB_NONE)
        return none_ok;
    return pkb_owner(g) < PKB_SIDES && pkb_local(g) < s->side[pkb_owner(g)].nunits;
}

static bool side_ok(int p, bool none_ok)
{
    return p < PKB_SIDES || (none_ok && p == PKB_NONE);
}

static bool sides_ok(const pkb_data *d, const pkb_state *s, char *why, size_t n)
{
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_side *sd = &s->side[p];
        int nt = d->pl[p].fac.ntroops;
        uint32_t all = nt >= 32 ? 0xffffffffu : (1u << nt) - 1;
        if (sd->nunits > PKB_MAX_UNITS)
            return eng_pos_fail(why, n, "internal.sides[%d].nunits: at most %d", p,
                                PKB_MAX_UNITS);
        if ((sd->army | sd->dead) & ~all)
            return eng_pos_fail(why, n, "internal.sides[%d].army: the faction has %d troops",
                                p, nt);
        for (int t = 0; t < nt; t++)
            if (sd->unit_of[t] != PKB_NONE && sd->unit_of[t] >= sd->nunits)
                return eng_pos_fail(why, n, "internal.sides[%d].unit_of[%d]: no unit %d (the "
                                    "side has %d)", p, t, sd->unit_of[t], sd->nunits);
        for (int u = 0; u < sd->nunits; u++) {
            const pkb_unit *un = &sd->unit[u];
            if (un->troops & ~all)
                return eng_pos_fail(why, n, "internal.sides[%d].unit_troops[%d]: the faction "
                                    "has %d troops", p, u, nt);
            if (un->top != PKB_NONE && un->top >= nt)
                return eng_pos_fail(why, n, "internal.sides[%d].unit_top[%d]: no troop %d", p,
                                    u, un->top);
            if (un->top == PKB_NONE)   /* a unit is formed with a troop on top */
                return eng_pos_fail(why, n, "internal.sides[%d].unit_top[%d]: every unit "
                                    "formed has a troop on top", p, u);
            if (un->zone != PKB_NONE && un->zone >= PKB_ZONES)
                return eng_pos_fail(why, n, "internal.sides[%d].unit_zone[%d]: no zone %d", p,
                                    u, un->zone);
            if (un->foe != PKB_NONE && (!unit_ok(s, un->foe, false) || pkb_owner(un->foe) == p))
                return eng_pos_fail(why, n, "internal.sides[%d].unit_foe[%d]: %d is no enemy "
                                    "unit", p, u, un->foe);
        }
    }
    return true;
}

bool pkb_position_indexes_ok(const pkb_data *d, const pkb_state *s, char *why, size_t n)
{
    if (!sides_ok(d, s, why, n))
        return false;
    if (!side_ok(s->player, false) || !side_ok(s->attacker, true) || !side_ok(s->first, true) ||
        !side_ok(s->active, true) || !side_ok(s->winner, true))
        return eng_pos_fail(why, n, "internal: player, attacker, first, active and winner are "
                            "players 0 or 1 (or 255: none)");
    if (s->how > PKB_END_CONCEDE || s->proc > PKB_P_RALLY || s->stage > PKB_S_REACT_SHOT ||
        s->skind > PKB_K_SHOOT)
        return eng_pos_fail(why, n, "internal: how, proc, stage or skind is out of range");
    if (!unit_ok(s, s->redeployed, true) || !unit_ok(s, s->striker, true) ||
        !unit_ok(s, s->target, true) || !unit_ok(s, s->charger, true))
        return eng_pos_fail(why, n, "internal: redeployed, striker, target and charger are "
                            "units of the armies (or 255: none)");
    for (int i = 0; i < 2; i++)
        if (s->roll[i] > 6)
            return eng_pos_fail(why, n, "internal.roll[%d]: a die shows 1 to 6 (0: not rolled)",
                                i);
    if (s->nrolled > PKB_MAX_DICE)
        return eng_pos_fail(why, n, "internal.nrolled: at most %d", PKB_MAX_DICE);
    for (int i = 0; i < PKB_MAX_DICE; i++)
        if (s->rolled[i] > 6)
            return eng_pos_fail(why, n, "internal.rolled[%d]: a die shows 1 to 6", i);
    if (s->wq_len > PKB_Q || s->wq_pos > s->wq_len)
        return eng_pos_fail(why, n, "internal: wq_pos <= wq_len <= %d", PKB_Q);
    for (int i = 0; i < s->wq_len; i++)
        if (!unit_ok(s, s->wq_unit[i], false))
            return eng_pos_fail(why, n, "internal.wq_unit[%d]: no unit %d", i, s->wq_unit[i]);
    return true;
}

bool pkb_position_sides_ok(const pkb_data *d, const pkb_state *s, char *why, size_t n)
{
    (void)d;
    /* in a battle round's turn, and what it resolves, a player is active */
    bool turn = s->phase == PKB_PH_TURN || s->phase == PKB_PH_REACT ||
                s->phase == PKB_PH_TARGET || s->phase == PKB_PH_DICE ||
                s->phase == PKB_PH_WOUND || s->phase == PKB_PH_BACK;
    if (turn && s->active == PKB_NONE)
        return eng_pos_fail(why, n, "active: in the \"%s\" phase a player is active (1 or 2)",
                            pkb_phase_name(s->phase));
    /* past the roll for it, the attacker is known; in a round, who went first */
    bool rounds = turn || s->phase == PKB_PH_ELIMINATE;
    if ((rounds || s->phase == PKB_PH_DEPLOY) && s->attacker == PKB_NONE)
        return eng_pos_fail(why, n, "attacker: in the \"%s\" phase the attacker is known (1 "
                            "or 2)", pkb_phase_name(s->phase));
    if (rounds && s->first == PKB_NONE)
        return eng_pos_fail(why, n, "first: in the \"%s\" phase a player went first this "
                            "round (1 or 2)", pkb_phase_name(s->phase));
    return true;
}
