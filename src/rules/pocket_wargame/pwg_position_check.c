/*
 * pwg_position_check.c - a loaded position's counters in range: every
 * force, unit and location a Pocket Wargame state holds (read from a
 * position's "internal" object as the program keeps them) must name
 * something that exists before any code indexes with it.
 */
#include "pwg.h"
#include "position.h"

static bool in(int v, int count) { return v == PWG_NONE || v < count; }

bool pwg_position_indexes_ok(const pwg_data *d, const pwg_state *s, char *why, size_t n)
{
    const pwg_combat *c = &s->combat;
    if (!in(s->first, d->nforces))
        return eng_pos_fail(why, n, "internal.first: no force %d (the game has %d)", s->first,
                            d->nforces);
    if (s->deal_next > d->nlocs || s->melee_next > d->nlocs)
        return eng_pos_fail(why, n, "internal: deal_next and melee_next are locations 0..%d",
                            d->nlocs);
    for (int u = 0; u < d->nunits; u++)
        if (!in(s->loc[u], d->nlocs))
            return eng_pos_fail(why, n, "internal.loc[%d]: no location %d (the map has %d)", u,
                                s->loc[u], d->nlocs);
    if (c->kind > PWG_CB_MELEE)
        return eng_pos_fail(why, n, "internal.combat.kind: 0 (none), 1 (ranged) or 2 (melee)");
    if (!in(c->loc, d->nlocs))
        return eng_pos_fail(why, n, "internal.combat.loc: no location %d", c->loc);
    if (!in(c->shooter, d->nunits) || !in(c->target, d->nunits) ||
        !in(c->last_unit, d->nunits))
        return eng_pos_fail(why, n, "internal.combat: shooter, target and last_unit are units "
                            "of the scenario (or 255: none)");
    if (!in(c->last_by, d->nforces))
        return eng_pos_fail(why, n, "internal.combat.last_by: no force %d", c->last_by);
    if (c->last_prev > PWG_RESERVE)
        return eng_pos_fail(why, n, "internal.combat.last_prev: no condition %d", c->last_prev);
    if (c->norder > d->nforces || c->pos > c->norder)
        return eng_pos_fail(why, n, "internal.combat: pos <= norder <= %d forces", d->nforces);
    for (int i = 0; i < c->norder; i++)
        if (c->order[i] >= d->nforces)
            return eng_pos_fail(why, n, "internal.combat.order[%d]: no force %d", i,
                                c->order[i]);
    return true;
}
