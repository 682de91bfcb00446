/*
 * lab_bench.c - the lab's throughput (`pocketwar lab bench`, make bench):
 * battles per second for each rule set's default scenario with thumb and
 * with normal players, on 1 and 2 jobs, and the scaling ratio. Runs real
 * experiments (one arm) into a temporary folder that it removes.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lab.h"
#include "lab_bench.h"
#include "ai.h"

static void remove_run(const char *dir)
{
    const char *files[] = {"games.jsonl", "experiment.json", NULL};
    char path[4096];
    for (int i = 0; files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* Seconds of wall-clock time for `games` games of r's default scenario
 * between two `player`s on `jobs` jobs; -1 and err. */
static double timed(const eng_rules *r, const char *player, int games, int jobs, eng_error *err)
{
    lab_exp e;
    lab_exp_init(&e);
    e.rules = strdup(eng_rules_name(r));
    e.games = games;
    char pl[128];
    snprintf(pl, sizeof pl, "%s,%s", player, player);
    double t = -1;
    char dir[] = "/tmp/pocketwar-lab-bench-XXXXXX";
    if (!lab_exp_set_players(&e, pl, err) || !lab_exp_prepare(&e, err) || !mkdtemp(dir))
        goto out;
    rmdir(dir);
    if (!lab_dir_new(&e, dir, err))
        goto out;
    lab_run_opts o = {.jobs = jobs};
    lab_result res;
    double t0 = ai_now();
    int rc = lab_run(&e, dir, &o, &res, err);
    t = ai_now() - t0;
    lab_result_free(&res);
    remove_run(dir);
    if (rc != 0)
        t = -1;
out:
    lab_exp_free(&e);
    return t;
}

int lab_bench(FILE *out, FILE *progress, const char *only, int thumb_games, int normal_games,
              eng_error *err)
{
    fprintf(out, "lab throughput (battles per second, default scenarios, wall clock):\n");
    fprintf(out, "  %-17s %-7s %6s %10s %10s %8s\n", "rule set", "players", "games", "1 job",
            "2 jobs", "scaling");
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        const char *players[] = {"thumb", "normal"};
        int games[] = {thumb_games, normal_games};
        for (int p = 0; p < 2; p++) {
            if (games[p] < 2)
                continue;
            int n = (games[p] + 1) / 2 * 2;
            double t[2] = {-1, -1};
            for (int jobs = 1; jobs <= 2; jobs++) {
                if (progress) {
                    fprintf(progress, "lab bench %s: %d %s games on %d job%s\n",
                            eng_rules_name(*r), n, players[p], jobs, jobs > 1 ? "s" : "");
                    fflush(progress);
                }
                if ((t[jobs - 1] = timed(*r, players[p], games[p], jobs, err)) < 0)
                    return -1;
            }
            double t1 = t[0], t2 = t[1];
            fprintf(out, "  %-17s %-7s %6d %10.2f %10.2f %7.2fx\n", eng_rules_name(*r),
                    players[p], n, n / t1, n / t2, t1 / t2);
            fflush(out);
        }
    }
    return 0;
}
