/*
 * ptw_losses.c - The Portable Wargame's losses summary: for each side, its
 * units at the start and how many it has lost (the count that exhausts it),
 * and with the 2014 close combat, where units carry strength, the strength
 * it started with and how much of it is gone (a lost unit's whole strength
 * counts). The whole battlefield is open to both sides.
 */
#include "ptw.h"

json_t *ptw_losses(const void *data, const void *st, int viewer)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    (void)viewer;
    json_t *sides = json_array();
    for (int side = 0; side < 2; side++) {
        const ptw_side *sd = &d->side[side];
        json_t *counts = json_array();
        json_array_append_new(counts, json_pack("{s:s,s:i,s:i}", "what", "units", "start",
                                                sd->nunits, "lost", ptw_lost(d, s, side)));
        if (d->cc2014) {
            int start = 0, left = 0;
            for (int u = sd->first_unit; u < sd->first_unit + sd->nunits; u++) {
                start += d->unit[u].strength;
                if (ptw_alive(s, u))
                    left += s->strength[u];
            }
            json_array_append_new(counts, json_pack("{s:s,s:i,s:i}", "what", "strength", "start",
                                                    start, "lost", start - left));
        }
        json_array_append_new(sides, json_pack("{s:s,s:o}", "side", sd->name, "counts", counts));
    }
    return json_pack("{s:o}", "sides", sides);
}
