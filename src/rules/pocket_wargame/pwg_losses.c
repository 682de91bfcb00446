/*
 * pwg_losses.c - Pocket Wargame's losses summary: for each force, its coins
 * (units) and their strength points (2 a steady coin, 1 a wavering one) at
 * the start, and how many of each it has lost: coins destroyed, and the
 * points of those destroyed (2 each) and wavering (1 each). A coin that
 * left the map by its edge is not lost. Nothing here depends on what a
 * viewer may not see: a coin placed unseen is steady.
 */
#include "pwg.h"

json_t *pwg_losses(const void *data, const void *st, int viewer)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    (void)viewer;
    json_t *sides = json_array();
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        int destroyed = 0, wavering = 0;
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++) {
            destroyed += s->cond[u] == PWG_DESTROYED;
            wavering += s->cond[u] == PWG_WAVERING;
        }
        json_array_append_new(sides, json_pack("{s:s,s:[{s:s,s:i,s:i},{s:s,s:i,s:i}]}", "side",
                                               fo->name, "counts", "what", "units", "start",
                                               fo->nunits, "lost", destroyed, "what",
                                               "strength points", "start", 2 * fo->nunits, "lost",
                                               2 * destroyed + wavering));
    }
    return json_pack("{s:o}", "sides", sides);
}
