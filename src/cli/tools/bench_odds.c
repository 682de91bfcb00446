/*
 * bench_odds.c - the exact odds' speed for `pocketwar bench`: random games
 * of every shipped scenario of a rule set (seeds 1..N, uniform choices),
 * and at every decision of a side on the way, the odds of every legal
 * action, each timed in the thread's processor time. The slowest single
 * action is the figure (the aim is under 10 ms): an action that took over
 * a millisecond is timed twice more and its quickest run counts, so that
 * the machine's other work does not pass for the engine's. The mean and
 * the positions visited follow.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "rng.h"
#include "scenario.h"

#define BENCH_ODDS_DECISIONS 400   /* decisions of a game looked at, at most */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One scenario's figures, added to f. */
static int one_scenario(const eng_rules *r, const char *scen, int games, bench_odds_figures *f)
{
    eng_error err;
    json_t *sc = eng_scenario_load(r, scen, &err);
    eng_game *g = sc ? eng_game_new(r, sc, NULL, &err) : NULL;
    json_decref(sc);
    if (!g) {
        cli_error("bench", "%s %s: %s", eng_rules_name(r), scen, err.msg);
        return -1;
    }
    eng_action *acts = malloc(ENG_MAX_ACTIONS * sizeof *acts);
    if (!acts)
        abort();
    eng_rng pick;
    rng_seed(&pick, 4242);
    for (int i = 0; i < games; i++) {
        eng_state *s = eng_state_new(g, (uint64_t)i + 1);
        for (int d = 0; d < BENCH_ODDS_DECISIONS && !eng_is_terminal(s);) {
            if (eng_current_player(s) == ENG_CHANCE) {
                eng_apply_fast(s, eng_chance_sample(s));
                continue;
            }
            int n = eng_legal_actions(s, acts);
            for (int k = 0; k < n; k++) {
                double t0 = now();
                eng_odds *o = eng_odds_compute(s, acts[k], ENG_VIEW_ALL, &err);
                double dt = now() - t0;
                for (int again = 0; again < 2 && dt > 1e-3 && o; again++) {
                    t0 = now();
                    eng_odds_free(eng_odds_compute(s, acts[k], ENG_VIEW_ALL, NULL));
                    double dt2 = now() - t0;
                    dt = dt2 < dt ? dt2 : dt;
                }
                f->actions++;
                f->seconds += dt;
                if (!o) {
                    f->failures++;
                    continue;
                }
                f->chance += o->chance;
                f->positions += o->positions;
                if (dt > f->slowest) {
                    f->slowest = dt;
                    snprintf(f->slowest_scenario, sizeof f->slowest_scenario, "%s", scen);
                    snprintf(f->slowest_action, sizeof f->slowest_action, "%s", o->action);
                    f->slowest_groups = o->n;
                }
                eng_odds_free(o);
            }
            f->decisions++;
            d++;
            eng_apply_fast(s, acts[rng_below(&pick, (uint32_t)n)]);
        }
        eng_state_free(s);
    }
    free(acts);
    eng_game_free(g);
    return 0;
}

int bench_odds(const eng_rules *r, int games, bench_odds_figures *f)
{
    memset(f, 0, sizeof *f);
    char **names;
    int n = eng_scenario_names(r, &names);
    f->scenarios = n;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++)
        rc = one_scenario(r, names[i], games, f);
    eng_names_free(names, n);
    return rc;
}
