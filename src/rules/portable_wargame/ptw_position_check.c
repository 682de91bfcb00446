/*
 * ptw_position_check.c - a loaded position's counters in range: every
 * unit, square, side and direction a Portable Wargame state holds (read
 * from a position's "internal" object as the program keeps them) must name
 * something that exists before any code indexes with it; and a stage in
 * which a side acts needs that side (the artillery's, or the side that won
 * the initiative).
 */
#include "ptw.h"
#include "position.h"

static bool unit_ok(const ptw_data *d, int u) { return u == PTW_NONE || u < d->nunits; }
static bool sq_ok(const ptw_data *d, int q) { return q == PTW_NONE || q < d->nsq; }

bool ptw_position_indexes_ok(const ptw_data *d, const ptw_state *s, char *why, size_t n)
{
    static const struct { const char *name; size_t off; } units[] = {
        {"shooter", offsetof(ptw_state, shooter)}, {"cc_att", offsetof(ptw_state, cc_att)},
        {"cc_def", offsetof(ptw_state, cc_def)}, {"hit_unit", offsetof(ptw_state, hit_unit)},
        {"retreat_unit", offsetof(ptw_state, retreat_unit)},
        {"active", offsetof(ptw_state, active)}}, squares[] = {
        {"shot_sq", offsetof(ptw_state, shot_sq)}, {"cc_from", offsetof(ptw_state, cc_from)},
        {"cc_sq", offsetof(ptw_state, cc_sq)}};
    const unsigned char *b = (const unsigned char *)s;
    for (size_t i = 0; i < sizeof units / sizeof *units; i++)
        if (!unit_ok(d, b[units[i].off]))
            return eng_pos_fail(why, n, "internal.%s: no unit %d (the scenario has %d)",
                                units[i].name, b[units[i].off], d->nunits);
    for (size_t i = 0; i < sizeof squares / sizeof *squares; i++)
        if (!sq_ok(d, b[squares[i].off]))
            return eng_pos_fail(why, n, "internal.%s: no square %d (the board has %d)",
                                squares[i].name, b[squares[i].off], d->nsq);
    for (int u = 0; u < d->nunits; u++) {
        if (!sq_ok(d, s->landing[u]))
            return eng_pos_fail(why, n, "internal.landing[%d]: no square %d", u, s->landing[u]);
        if (s->facing[u] > 3)
            return eng_pos_fail(why, n, "internal.facing[%d]: a direction is 0 to 3", u);
    }
    if (s->arty_side > 2)
        return eng_pos_fail(why, n, "internal.arty_side: side 0 or 1 (2: both have laid "
                            "their guns)");
    if (s->hit_ctx > PTW_HC_CC)
        return eng_pos_fail(why, n, "internal.hit_ctx: 0 to %d", PTW_HC_CC);
    if (s->winner > 2 && s->winner != PTW_NONE)
        return eng_pos_fail(why, n, "internal.winner: 0, 1, 2 (a draw) or 255 (none)");
    return true;
}

bool ptw_position_sides_ok(const ptw_data *d, const ptw_state *s, char *why, size_t n)
{
    (void)d;
    if (s->stage == PTW_S_ARTY && s->arty_side > 1)
        return eng_pos_fail(why, n, "internal.arty_side: at stage \"artillery\" a side (0 or "
                            "1) lays its guns");
    /* past the initiative, the sides act in turn: side A first */
    bool acting = s->stage == PTW_S_ACT || s->stage == PTW_S_FACE || s->stage == PTW_S_SHOT ||
                  s->stage == PTW_S_COMBAT || s->stage == PTW_S_ADVANCE ||
                  ((s->stage == PTW_S_HIT || s->stage == PTW_S_RETREAT) &&
                   s->hit_ctx != PTW_HC_ARTY);
    if (acting && s->side_a == PTW_NONE)
        return eng_pos_fail(why, n, "side_a: at stage \"%s\" a side acts, so the side that "
                            "won the initiative must be given", ptw_stage_name(s->stage));
    return true;
}
