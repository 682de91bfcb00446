/*
 * bench_search.c - the tree search's speed for `pocketwar bench`: the
 * `normal` player as it plays the rule set (its iteration budget and
 * playout length, no time cap) decides in a fixed
 * set of positions from random games of a rule set's default scenario,
 * round and round until the time given is spent, with 1 or more threads.
 * Iterations per second is the figure; the time per decision follows, and
 * the cores kept busy (processor time over wall-clock time): two threads
 * that keep well under 2 busy were waiting, or the machine was shared.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "rng.h"
#include "scenario.h"

#define BENCH_POSITIONS 12

/* Positions where a side chooses among several actions, spread through
 * random games (seeds 1, 2, ...). */
static int positions(const eng_game *g, eng_state **out)
{
    eng_action acts[ENG_MAX_ACTIONS];
    eng_rng pick;
    rng_seed(&pick, 777);
    int n = 0;
    for (uint64_t seed = 1; n < BENCH_POSITIONS && seed < 1000; seed++) {
        eng_state *s = eng_state_new(g, seed);
        int want = 30 + (int)rng_below(&pick, 300), step = 0;
        while (!eng_is_terminal(s)) {
            int who = eng_current_player(s);
            if (who == ENG_CHANCE) {
                eng_apply_fast(s, eng_chance_sample(s));
                continue;
            }
            int k = eng_legal_actions(s, acts);
            if (step++ >= want && k >= 3)
                break;
            eng_apply_fast(s, acts[rng_below(&pick, (uint32_t)k)]);
        }
        if (eng_is_terminal(s))
            eng_state_free(s);
        else
            out[n++] = s;
    }
    return n;
}

/* The processor time of the whole process so far, every thread's: with
 * the wall-clock time it says how many cores the search kept busy. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

ai_player *bench_normal_player(const eng_game *g, int threads, int *iterations)
{
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    cli_ai_opts_for_game(&ao, g);   /* the level as it plays this rule set */
    ao.budget.threads = threads;
    ai_player *p = cli_ai_new("normal", 12345, &ao);
    /* the level's iterations without its time cap: the same work everywhere */
    ao.budget.iterations = ai_player_config(p)->iterations;
    ai_free(p);
    p = cli_ai_new("normal", 12345, &ao);
    *iterations = ai_player_config(p)->iterations;
    return p;
}

int bench_search(const eng_rules *r, int threads, double seconds, bench_search_figures *f)
{
    eng_error err;
    const char *scen = eng_rules_default_scenario(r);
    json_t *sc = eng_scenario_load(r, scen, &err);
    eng_game *g = sc ? eng_game_new(r, sc, NULL, &err) : NULL;
    json_decref(sc);
    if (!g) {
        cli_error("bench", "%s: %s", eng_rules_name(r), err.msg);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->threads = threads;
    eng_state *pos[BENCH_POSITIONS];
    int np = positions(g, pos);
    ai_player *p = bench_normal_player(g, threads, &f->iterations_per_move);
    double t0 = ai_now(), t = t0, c0 = cpu_now();
    for (int i = 0; np > 0 && (t - t0 < seconds || f->moves < np); i = (i + 1) % np) {
        ai_explanation why;
        (void)ai_choose(p, pos[i], &why);
        f->iterations += why.iterations;
        f->moves++;
        t = ai_now();
    }
    f->seconds = t - t0;
    f->cpu_seconds = cpu_now() - c0;
    ai_free(p);
    for (int i = 0; i < np; i++)
        eng_state_free(pos[i]);
    eng_game_free(g);
    return 0;
}
