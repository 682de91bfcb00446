/*
 * bench_decide.c - the normal player's decision time for `pocketwar
 * bench`: it plays whole games against itself on a rule set's default
 * scenario (its level's iterations for that rule set, one thread, no time
 * cap, game seeds 1..N), and each decision with a choice is timed in the
 * processor time of the thread that made it, which other work on a shared
 * machine does not inflate: the median, the 99th percentile and the
 * longest. On an idle core that is the wall-clock time of a decision on
 * one thread.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "scenario.h"

#define BENCH_DECIDE_MAX_STEPS 20000   /* a game that long is cut */

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the smallest of the n sorted times that a share q reach. */
static double quantile(const double *sorted, long n, double q)
{
    long r = (long)(q * (double)n + 0.999999);
    return sorted[r < 1 ? 0 : r > n ? n - 1 : r - 1];
}

int bench_decide(const eng_rules *r, int games, bench_decide_figures *f)
{
    eng_error err;
    json_t *sc = eng_scenario_load(r, eng_rules_default_scenario(r), &err);
    eng_game *g = sc ? eng_game_new(r, sc, NULL, &err) : NULL;
    json_decref(sc);
    if (!g) {
        cli_error("bench", "%s: %s", eng_rules_name(r), err.msg);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->games = games;
    ai_player *p = bench_normal_player(g, 1, &f->iterations);
    size_t cap = 1024;
    double *t = malloc(cap * sizeof *t);
    eng_action acts[ENG_MAX_ACTIONS];
    if (!t)
        abort();
    for (int i = 0; i < games; i++) {
        eng_state *s = eng_state_new(g, (uint64_t)i + 1);
        for (int step = 0; step < BENCH_DECIDE_MAX_STEPS && !eng_is_terminal(s); step++) {
            if (eng_current_player(s) == ENG_CHANCE) {
                eng_apply_fast(s, eng_chance_sample(s));
                continue;
            }
            bool choice = eng_legal_actions(s, acts) > 1;
            double c0 = thread_cpu();
            eng_action a = ai_choose(p, s, NULL);
            double c = thread_cpu() - c0;
            if (choice) {
                if ((size_t)f->decisions == cap) {
                    cap *= 2;
                    t = realloc(t, cap * sizeof *t);
                    if (!t)
                        abort();
                }
                t[f->decisions++] = c;
            }
            eng_apply_fast(s, a);
        }
        eng_state_free(s);
    }
    if (f->decisions > 0) {
        qsort(t, (size_t)f->decisions, sizeof *t, by_double);
        f->median = quantile(t, f->decisions, 0.5);
        f->p99 = quantile(t, f->decisions, 0.99);
        f->max = t[f->decisions - 1];
    }
    free(t);
    ai_free(p);
    eng_game_free(g);
    return 0;
}
