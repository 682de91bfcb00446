/*
 * cmd_bench.c - `pocketwar bench`: the engine's speed on one core, per rule
 * set, in random self-play on the default scenario: actions applied per
 * second (legal-action generation and chance sampling included), whole
 * games per second, and the bytes in one state. A fingerprint of all final
 * positions shows that the same build played the same games. Then the
 * tree search's iterations per second on 1 and 2 threads (bench_search.c),
 * the normal player's decision time in games against itself
 * (bench_decide.c), and the exact odds of every legal action in random games of every
 * shipped scenario, the slowest single action first (bench_odds.c).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "english.h"
#include "cli.h"
#include "rng.h"
#include "scenario.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct figures {
    const char *rules, *scenario;
    int games;
    unsigned long long actions, player_actions;
    double seconds;
    size_t state_bytes;
    uint64_t fingerprint;
} figures;

static int bench_rules(const eng_rules *r, int games, bool progress, figures *f)
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
    f->rules = eng_rules_name(r);
    f->scenario = scen;
    f->games = games;
    f->state_bytes = eng_state_size(g);
    eng_state *start = eng_state_new(g, 0), *s = eng_state_new(g, 0);
    eng_action acts[ENG_MAX_ACTIONS];
    eng_rng pick;
    rng_seed(&pick, 12345);
    double t0 = cpu_seconds();
    for (int i = 0; i < games; i++) {
        eng_state_free(s);
        s = eng_state_new(g, (uint64_t)i + 1);   /* setup is not timed work per action */
        for (;;) {
            int who = eng_current_player(s);
            if (who == ENG_TERMINAL)
                break;
            eng_action a;
            if (who == ENG_CHANCE) {
                a = eng_chance_sample(s);
            } else {
                int n = eng_legal_actions(s, acts);
                a = acts[rng_below(&pick, (uint32_t)n)];
                f->player_actions++;
            }
            eng_apply_fast(s, a);
            f->actions++;
        }
        f->fingerprint ^= eng_state_hash(s) + (uint64_t)i * UINT64_C(0x9e3779b97f4a7c15);
        if (progress && games >= 8 && (i + 1) % (games / 4) == 0)
            fprintf(stderr, "bench %s: %d/%d games\n", f->rules, i + 1, games);
    }
    f->seconds = cpu_seconds() - t0;
    eng_state_free(s);
    eng_state_free(start);
    eng_game_free(g);
    return 0;
}

/* The tree search's figures for each rule set benched, printed as a second
 * table or added to each rule set's JSON object in `all` as "search". */
static int search_figures(json_t *all, const char *only, const int *threads, int nthreads,
                          int search_ms, bool as_json, bool quiet)
{
    if (!as_json)
        printf("\ntree search: the normal player deciding in positions of the same scenario,\n"
               "%.1f s a figure; cpu us/it: processor time an iteration, all threads'\n\n"
               "%-18s %-14s %7s %13s %10s %9s %11s %10s\n", search_ms / 1000.0,
               "rule set", "scenario", "threads", "iterations/s", "ms/move", "speed-up",
               "cores busy", "cpu us/it");
    size_t row = 0;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        json_t *list = json_array();
        double base = 0;
        for (int k = 0; k < nthreads; k++) {
            bench_search_figures sf;
            if (!quiet)
                fprintf(stderr, "bench %s: tree search on %d thread%s\n", eng_rules_name(*r),
                        threads[k], threads[k] == 1 ? "" : "s");
            if (bench_search(*r, threads[k], search_ms / 1000.0, &sf) != 0) {
                json_decref(list);
                return -1;
            }
            double secs = sf.seconds > 0 ? sf.seconds : 1e-9;
            double ips = (double)sf.iterations / secs;
            double ms = secs * 1000 / (double)(sf.moves ? sf.moves : 1);
            if (k == 0)
                base = ips;
            double speedup = base > 0 ? ips / base : 0;
            double busy = sf.cpu_seconds / secs;
            /* processor time an iteration: what the search costs, whatever
             * else the machine is doing (wall-clock figures are not) */
            double us = sf.iterations ? sf.cpu_seconds * 1e6 / (double)sf.iterations : 0;
            json_array_append_new(list, json_pack(
                "{s:i,s:i,s:I,s:I,s:f,s:f,s:f,s:f,s:f,s:f}", "threads", sf.threads,
                "iterations_per_move", sf.iterations_per_move, "moves", (json_int_t)sf.moves,
                "iterations", (json_int_t)sf.iterations, "seconds", sf.seconds,
                "iterations_per_second", ips, "ms_per_move", ms, "speedup", speedup, "cores_busy", busy,
                "cpu_us_per_iteration", us));
            if (!as_json) {
                printf("%-18s %-14s %7d %13.0f %10.1f %8.2fx %11.2f %10.2f\n", eng_rules_name(*r),
                       eng_rules_default_scenario(*r), sf.threads, ips, ms, speedup, busy, us);
                fflush(stdout);
            }
        }
        if (as_json)
            json_object_set_new(json_array_get(all, row++), "search", list);
        else
            json_decref(list);
    }
    return 0;
}

/* The normal player's decision times for each rule set benched, printed
 * as a table or added to each rule set's JSON object in `all` as "decide". */
static int decide_figures(json_t *all, const char *only, int games, bool as_json, bool quiet)
{
    if (!as_json)
        printf("\ndecision time: the normal player against itself, %d %s of each default\n"
               "scenario, one thread, no time cap; processor time of each decision with a\n"
               "choice\n\n%-18s %10s %10s %10s %10s %10s\n", games,
               eng_noun(games, "game", "games"), "rule set", "iterations", "decisions",
               "median ms", "p99 ms", "max ms");
    size_t row = 0;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        if (!quiet)
            fprintf(stderr, "bench %s: decision time\n", eng_rules_name(*r));
        bench_decide_figures f;
        if (bench_decide(*r, games, &f) != 0)
            return -1;
        if (as_json) {
            json_object_set_new(json_array_get(all, row++), "decide", json_pack(
                "{s:i,s:i,s:I,s:f,s:f,s:f}", "games", f.games, "iterations", f.iterations,
                "decisions", (json_int_t)f.decisions, "median_ms", f.median * 1e3,
                "p99_ms", f.p99 * 1e3, "max_ms", f.max * 1e3));
        } else {
            printf("%-18s %10d %10ld %10.1f %10.1f %10.1f\n", eng_rules_name(*r), f.iterations,
                   f.decisions, f.median * 1e3, f.p99 * 1e3, f.max * 1e3);
            fflush(stdout);
        }
    }
    return 0;
}

static int odds_figures(json_t *all, const char *only, int games, bool as_json, bool quiet)
{
    if (!as_json)
        printf("\nexact odds: every legal action's, at every decision of %d random game%s of\n"
               "every shipped scenario (one core)\n\n%-18s %5s %9s %9s %9s %8s %10s  %s\n",
               games, games == 1 ? "" : "s", "rule set", "scen.", "decisions", "actions",
               "w/ chance", "mean ms", "slowest ms", "slowest action (scenario)");
    fflush(stdout);
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        if (!quiet)
            fprintf(stderr, "bench %s: exact odds\n", eng_rules_name(*r));
        bench_odds_figures f;
        if (bench_odds(*r, games, &f) != 0)
            return -1;
        double mean = f.actions ? f.seconds * 1e3 / (double)f.actions : 0;
        if (as_json) {
            json_array_append_new(all, json_pack(
                "{s:s,s:s,s:i,s:I,s:I,s:I,s:I,s:I,s:f,s:f,s:s,s:s}", "rules",
                eng_rules_name(*r), "figure", "odds", "scenarios", f.scenarios,
                "decisions", (json_int_t)f.decisions, "actions", (json_int_t)f.actions,
                "with_chance", (json_int_t)f.chance, "refused", (json_int_t)f.failures,
                "positions", (json_int_t)f.positions, "mean_ms", mean,
                "slowest_ms", f.slowest * 1e3, "slowest_action", f.slowest_action,
                "slowest_scenario", f.slowest_scenario));
        } else {
            printf("%-18s %5d %9ld %9ld %9ld %8.3f %10.2f  %s (%s)\n", eng_rules_name(*r),
                   f.scenarios, f.decisions, f.actions, f.chance, mean, f.slowest * 1e3,
                   f.slowest_action, f.slowest_scenario);
            if (f.failures)
                printf("%-18s %ld action%s refused: too many outcomes to enumerate\n", "",
                       f.failures, f.failures == 1 ? "" : "s");
            fflush(stdout);
        }
    }
    return 0;
}

/* Random self-play for each rule set benched (only, or all), printed as a
 * table or appended to `all`; -1 after a message. */
static int selfplay_figures(json_t *all, const char *only, int games, bool as_json, bool quiet)
{
    if (!as_json)
        printf("random self-play on one core, %d %s per rule set\n\n"
               "%-18s %-14s %10s %9s %12s %10s %7s  %s\n", games, eng_noun(games, "game", "games"),
               "rule set", "scenario",
               "actions", "ns/action", "actions/s", "games/s", "state", "fingerprint");
    fflush(stdout);
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        figures f;
        if (bench_rules(*r, games, !quiet, &f) != 0)
            return -1;
        double ns = f.seconds * 1e9 / (double)(f.actions ? f.actions : 1);
        double aps = (double)f.actions / (f.seconds > 0 ? f.seconds : 1e-9);
        double gps = (double)f.games / (f.seconds > 0 ? f.seconds : 1e-9);
        char fp[32];
        snprintf(fp, sizeof fp, "%016llx", (unsigned long long)f.fingerprint);
        if (as_json) {
            json_array_append_new(all, json_pack(
                "{s:s,s:s,s:i,s:I,s:I,s:f,s:f,s:f,s:f,s:I,s:s}", "rules", f.rules,
                "scenario", f.scenario, "games", f.games, "actions", (json_int_t)f.actions,
                "player_actions", (json_int_t)f.player_actions, "seconds", f.seconds,
                "ns_per_action", ns, "actions_per_second", aps, "games_per_second", gps,
                "state_bytes", (json_int_t)f.state_bytes, "fingerprint", fp));
        } else {
            printf("%-18s %-14s %10llu %9.1f %12.0f %10.1f %7zu  %s\n", f.rules, f.scenario,
                   f.actions, ns, aps, gps, f.state_bytes, fp);
            fflush(stdout);
        }
    }
    return 0;
}

/* --threads N,...: up to 8 counts into threads; their number, or -1 after
 * a message. */
static int thread_counts(const char *arg, int *threads)
{
    int n = 0;
    char *list = strdup(arg), *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == 8) {
            cli_error("bench", "--threads: at most 8 counts");
            n = -1;
            break;
        }
        if (cli_parse_int("--threads", tok, 1, AI_MAX_THREADS, &threads[n]) != 0) {
            n = -1;
            break;
        }
        n++;
    }
    free(list);
    if (n == 0)
        cli_error("bench", "--threads takes counts like 1,2");
    return n > 0 ? n : -1;
}

int cmd_bench(int argc, char **argv)
{
    const char *only = NULL, *thread_list = NULL;
    int games = 2000, search_ms = 2000, nthreads = 2, odds_games = 10, decide_games = 0;
    int threads[8] = {1, 2};
    bool as_json = false, quiet = false;
    const cli_usage usage = {
        "bench [OPTIONS]",
        "Measures the engine on one core: random self-play of whole games on each\n"
        "rule set's default scenario (seeds 1..N), counting every action applied\n"
        "with the legal-action generation or chance sampling that chose it.\n\n"
        "Then the tree search: the normal player, as it plays that rule set,\n"
        "deciding round and round in positions from random games of the same\n"
        "scenario, on 1 and on 2 threads: its iterations per second, processor\n"
        "time per iteration and time per decision; with --decide-games, its\n"
        "decision time in whole games against itself.\n", NULL};
    const cli_opt opts[] = {
        CLI_TEXT("rules", "NAME", &only, "only this rule set"),
        CLI_INT("games", "N", &games, 1, 100000000, "games per rule set (default 2000)"),
        CLI_INT("search-time", "MS", &search_ms, 0, 3600000,
                "time for each search figure (default 2000; 0: none)"),
        CLI_TEXT("threads", "N,...", &thread_list,
                 "thread counts for the search figures (default 1,2)"),
        CLI_INT("decide-games", "N", &decide_games, 0, 100000,
                "games of the normal player against itself per rule set\n"
                "for its decision time (median, 99th percentile and\n"
                "longest, in processor time; default 0: none)"),
        CLI_INT("odds-games", "N", &odds_games, 0, 100000,
                "random games per scenario for the exact odds figures:\n"
                "every legal action's odds at every decision, timed\n"
                "(default 10; 0: none)"),
        CLI_FLAG("json", &as_json, "print the figures as JSON"),
        CLI_FLAG("quiet", &quiet, "no progress lines on standard error"),
        CLI_END,
    };
    int parsed = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (parsed != 0)
        return parsed > 0 ? 0 : 2;
    if (only && !eng_rules_find(only)) {
        cli_error("bench", "no rule set named \"%s\"", only);
        return 2;
    }
    if (thread_list && (nthreads = thread_counts(thread_list, threads)) < 0)
        return 2;
    json_t *all = json_array();
    if (selfplay_figures(all, only, games, as_json, quiet) != 0) {
        json_decref(all);
        return 1;
    }
    if (search_ms > 0 && search_figures(all, only, threads, nthreads, search_ms, as_json,
                                        quiet) != 0) {
        json_decref(all);
        return 1;
    }
    if (decide_games > 0 && decide_figures(all, only, decide_games, as_json, quiet) != 0) {
        json_decref(all);
        return 1;
    }
    if (odds_games > 0 && odds_figures(all, only, odds_games, as_json, quiet) != 0) {
        json_decref(all);
        return 1;
    }
    if (as_json) {
        char *s = json_dumps(all, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
    }
    json_decref(all);
    return 0;
}
