/*
 * pkb_losses.c - Pocket Battles' losses summary: for each player, its units
 * (stacks), its troops (tiles) and its army's deployment points at the
 * start, and how many of each are lost (a unit once its last troop is
 * destroyed). What a viewer may not see stays out: nothing of an army built
 * in secret, and before the reveal only the count of units and troops (the
 * stacks and their heights are on the table) of an army whose tiles are
 * hidden; nothing is lost before the reveal.
 */
#include "pkb.h"

json_t *pkb_losses(const void *data, const void *st, int viewer)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    json_t *sides = json_array();
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_side *sd = &s->side[p];
        int level = pkb_hidden_level(s, viewer, p);
        json_t *counts = json_array();
        if (level != PKB_HIDE_ALL && (sd->built || sd->nunits)) {
            int gone = 0;
            for (int u = 0; u < sd->nunits; u++)
                gone += sd->unit[u].troops == 0;
            json_array_append_new(counts, json_pack("{s:s,s:i,s:i}", "what", "units", "start",
                                                    sd->nunits, "lost", gone));
            json_array_append_new(counts, json_pack("{s:s,s:i,s:i}", "what", "troops", "start",
                                                    pkb_popcount(sd->army), "lost",
                                                    pkb_popcount(sd->dead)));
            if (level == PKB_HIDE_NONE || pkb_revealed(s))
                json_array_append_new(counts, json_pack("{s:s,s:i,s:i}", "what", "points",
                                                        "start", sd->points, "lost", sd->lost));
        }
        json_array_append_new(sides, json_pack("{s:s,s:o}", "side", d->pl[p].name, "counts",
                                               counts));
    }
    return json_pack("{s:o}", "sides", sides);
}
