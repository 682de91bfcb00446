/*
 * ptw_fire.c - fire: which guns may fire in the artillery phase and at
 * what, the landing roll's modifiers and where a shell lands; which units
 * may fire small arms or machine guns and at what, and the modifiers to
 * their dice.
 *
 * Shared rules: ranges count orthogonal steps; the arc is 90 degrees
 * forward of the facing, diagonals included; within a wood every weapon
 * reaches 1 square (option woods-range from: out of a wood too); a unit in woods, a built-up area or a fortification
 * fires out only from its edge (the square in front of it holds none of
 * them), except within a wood at 1 square; units in a river or crossing a
 * trench do not fire. A target square must hold an enemy unit.
 *
 * Guns fire over units and into any cover: a target they cannot see, or in
 * cover, is indirect fire. Small arms need a direct line of sight: no
 * woods, built-up area or hill (unless an end is on a hill) on the line,
 * and no unit on it either; they reach one square into cover, which the
 * line rule gives of itself since cover on the line blocks it.
 */
#include <string.h>
#include "ptw.h"

/* The range of a weapon fired from `from` at `to`: 1 square within a wood
 * (both squares wooded); option woods-range from: 1 square whenever the
 * firer stands in a wood. */
int ptw_range_in(const ptw_data *d, int from, int to, int range)
{
    uint16_t wood = d->woods_range_from ? d->sq[from] : (d->sq[from] & d->sq[to]);
    if ((wood & PTW_SQ_WOODS) && range > 1)
        return 1;
    return range;
}

/* The edge rule: may a unit at `from` facing `facing` fire at `to`? */
static bool edge_ok(const ptw_data *d, int from, int facing, int to)
{
    if (!(d->sq[from] & PTW_SQ_EDGE))
        return true;
    if ((d->sq[from] & d->sq[to] & PTW_SQ_WOODS) && ptw_dist(d, from, to) == 1)
        return true;           /* within a wood, at 1 square */
    int front = d->nbr[from][facing];
    return front == PTW_NONE || !(d->sq[front] & PTW_SQ_EDGE);
}

/* Why unit u may not fire now at all (PTW_F_OK if it may), for either weapon. */
static int fire_common(const ptw_data *d, const ptw_state *s, int u, int weapon)
{
    if (ptw_type_of(d, u)->weapon != weapon)
        return PTW_F_NO_WEAPON;
    if (s->towed_by[u] != PTW_NONE)
        return PTW_F_TOWED;
    if (ptw_bit(s->fired, u))
        return PTW_F_FIRED;
    if (d->sq[s->loc[u]] & PTW_SQ_RIVER)
        return PTW_F_RIVER;
    if (ptw_crossing_trench(d, s, u))
        return PTW_F_TRENCH;
    return PTW_F_OK;
}

/* ---- artillery ---------------------------------------------------------------------- */

int ptw_gun_check(const ptw_data *d, const ptw_state *s, int g)
{
    return fire_common(d, s, g, PTW_WPN_ARTILLERY);
}

int ptw_gun_target_check(const ptw_data *d, const ptw_state *s, int g, int sq)
{
    int from = s->loc[g], side = d->unit[g].side;
    if (!ptw_enemy_in(s, sq, side))
        return PTW_F_NO_ENEMY;
    int dist = ptw_dist(d, from, sq), range = ptw_type_of(d, g)->range;
    if (dist > range)
        return PTW_F_RANGE;
    if (dist > ptw_range_in(d, from, sq, range))
        return PTW_F_WOODS_RANGE;
    if (!ptw_in_arc(d, from, s->facing[g], sq))
        return PTW_F_ARC;
    if (!edge_ok(d, from, s->facing[g], sq))
        return PTW_F_EDGE;
    return PTW_F_OK;
}

/* Writes `bombard g sq` for every square gun g may fire at, in square
 * order (out NULL: returns 1 at the first); g must pass ptw_gun_check. */
int ptw_gun_targets(const ptw_data *d, const ptw_state *s, int g, eng_action *out)
{
    const ptw_side *e = &d->side[1 - d->unit[g].side];
    uint64_t seen[4] = {0, 0, 0, 0};
    for (int u = e->first_unit; u < e->first_unit + e->nunits; u++)
        if (ptw_alive(s, u))
            seen[s->loc[u] >> 6] |= UINT64_C(1) << (s->loc[u] & 63);
    int n = 0;
    for (int w = 0; w < 4; w++)
        for (uint64_t m = seen[w]; m; m &= m - 1) {
            int sq = w * 64 + __builtin_ctzll(m);
            if (ptw_gun_target_check(d, s, g, sq) != PTW_F_OK)
                continue;
            if (!out)
                return 1;
            out[n++] = PTW_ACT(PTW_A_BOMBARD, g, sq, 0);
        }
    return n;
}

/* The landing roll's modifier for gun g at its target: -1 target in cover
 * or fortifications, +2 direct line of sight (which a target in cover never
 * has: fire into cover is indirect), +1 the same target as last turn, +1 a
 * friendly commander in or next to the gun's square. */
int ptw_landing_modifier(const ptw_data *d, const ptw_state *s, int g, bool *direct)
{
    int sq = s->target[g], from = s->loc[g], mod = 0;
    bool covered = (d->sq[sq] & (PTW_SQ_COVER | PTW_SQ_FORT)) != 0;
    bool dir = !(d->sq[sq] & PTW_SQ_COVER) && ptw_sight(d, from, sq);
    if (covered)
        mod -= 1;
    if (dir)
        mod += 2;
    if (s->last_target[g] == sq)
        mod += 1;
    if (ptw_commander_near(d, s, g))
        mod += 1;
    if (direct)
        *direct = dir;
    return mod;
}

/* Where a shell lands for a modified score: 5 or more on the target, 2 or
 * 4 the square in front of it (towards the gun, along its facing), 1 or 3
 * the square behind, less than 1 nowhere; PTW_NONE for nowhere or off the
 * board. */
int ptw_landing_square(const ptw_data *d, const ptw_state *s, int g, int score)
{
    int sq = s->target[g], f = s->facing[g];
    if (score >= 5)
        return sq;
    if (score == 2 || score == 4)
        return d->nbr[sq][ptw_opposite(f)];
    if (score == 1 || score == 3)
        return d->nbr[sq][f];
    return PTW_NONE;
}

/* ---- small arms and machine guns ----------------------------------------------------- */

int ptw_shooter_check(const ptw_data *d, const ptw_state *s, int u)
{
    int why = fire_common(d, s, u, PTW_WPN_SMALL_ARMS);
    if (why != PTW_F_OK)
        return why;
    if (s->active == u && (s->act_bits & PTW_ACT_FOUGHT))
        return PTW_F_FOUGHT;
    if (!ptw_fire_fits_move(d, s, u))
        return PTW_F_MOVED;
    return PTW_F_OK;
}

static const ptw_ray *ray_to(const ptw_data *d, int from, int facing, int to)
{
    for (int i = 0; i < d->nfan[from][facing]; i++)
        if (d->fan[from][facing][i].to == to)
            return &d->fan[from][facing][i];
    return NULL;
}

static int ray_check(const ptw_data *d, const ptw_state *s, int u, const ptw_ray *r, int range)
{
    int from = s->loc[u];
    if (r->dist > ptw_range_in(d, from, r->to, range))
        return PTW_F_WOODS_RANGE;
    if (!edge_ok(d, from, s->facing[u], r->to))
        return PTW_F_EDGE;
    if (!r->clear)
        return PTW_F_SIGHT;
    for (int i = 0; i < r->nvia && i < 3; i++)
        if (ptw_occupied(s, r->via[i]))
            return PTW_F_UNITS;
    return PTW_F_OK;
}

int ptw_shot_target_check(const ptw_data *d, const ptw_state *s, int u, int sq)
{
    int from = s->loc[u], side = d->unit[u].side, range = ptw_type_of(d, u)->range;
    if (!ptw_enemy_in(s, sq, side))
        return PTW_F_NO_ENEMY;
    if (ptw_dist(d, from, sq) > range)
        return PTW_F_RANGE;
    const ptw_ray *r = ray_to(d, from, s->facing[u], sq);
    if (!r)
        return PTW_F_ARC;
    return ray_check(d, s, u, r, range);
}

/* Writes `fire u sq` for every square u may fire at, nearest first (out
 * NULL: returns 1 at the first); u must pass ptw_shooter_check. */
int ptw_shot_targets(const ptw_data *d, const ptw_state *s, int u, eng_action *out)
{
    int from = s->loc[u], f = s->facing[u], side = d->unit[u].side, n = 0;
    int range = ptw_type_of(d, u)->range;
    for (int i = 0; i < d->nfan[from][f]; i++) {
        const ptw_ray *r = &d->fan[from][f][i];
        if (r->dist > range)
            break;
        if (!ptw_enemy_in(s, r->to, side) || ray_check(d, s, u, r, range) != PTW_F_OK)
            continue;
        if (!out)
            return 1;
        out[n++] = PTW_ACT(PTW_A_FIRE, u, r->to, 0);
    }
    return n;
}

/* The modifier to each small-arms die: -1 target in cover or
 * fortifications, +1 the firer has not moved this turn, +1 a friendly
 * commander in or next to its square. A modified 5 or more hits. */
int ptw_shot_modifier(const ptw_data *d, const ptw_state *s, int u, int sq)
{
    int mod = 0;
    if (d->sq[sq] & (PTW_SQ_COVER | PTW_SQ_FORT))
        mod -= 1;
    if (!ptw_bit(s->moved, u))
        mod += 1;
    if (ptw_commander_near(d, s, u))
        mod += 1;
    return mod;
}
