/*
 * lab_missing.c - which games a run's folder still lacks, in words: told
 * when a run is resumed (after Ctrl-C, a kill, or a rank of an MPI run
 * that died), before they are played.
 */
#include <stdlib.h>
#include "lab.h"

#define LAB_MISSING_NAMED 8             /* games named one by one; the rest counted */

int lab_missing_tell(const lab_exp *e, const char *dir, int shard, int shards, FILE *out)
{
    lab_result have;
    eng_error err;
    if (!lab_games_load(e, dir, &have, &err))
        return -1;                      /* lab_run says why */
    int total = 0, missing = 0;
    char named[LAB_MISSING_NAMED * 80] = "";
    size_t len = 0;
    /* have's lists are in (arm, seed, seating) order: walk each beside the schedule */
    for (int set = LAB_SET_MAIN; set <= LAB_SET_SKILL; set++) {
        const lab_game *g = set == LAB_SET_SKILL ? have.skill : have.game;
        int n = set == LAB_SET_SKILL ? have.nskill : have.ngames, i = 0;
        int seeds = lab_exp_set_seeds(e, set);
        for (int a = 0; a < e->narms; a++)
            for (int k = 0; k < seeds; k++)
                for (int s = 0; s < 2; s++) {
                    if (shards > 1 && k % shards != shard)
                        continue;
                    total++;
                    lab_game want = {.set = set, .arm = a, .seed = e->seed + (uint64_t)k,
                                     .seating = s};
                    while (i < n && lab_game_cmp(&g[i], &want) < 0)
                        i++;
                    if (i < n && lab_game_cmp(&g[i], &want) == 0)
                        continue;
                    if (missing++ < LAB_MISSING_NAMED && len < sizeof named)
                        len += (size_t)snprintf(named + len, sizeof named - len,
                                                "%s%sarm \"%s\" seed %llu seating %d",
                                                missing > 1 ? ", " : "",
                                                set == LAB_SET_SKILL ? "skill " : "",
                                                e->arm[a].label,
                                                (unsigned long long)want.seed, s);
                }
    }
    if (missing)
        fprintf(out, "pocketwar lab: %s lacks %d of its %d games: %s%s; playing them\n", dir,
                missing, total, named, missing > LAB_MISSING_NAMED ? ", ..." : "");
    else
        fprintf(out, "pocketwar lab: %s lacks none of its %d games\n", dir, total);
    lab_result_free(&have);
    return missing;
}
