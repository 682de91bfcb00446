/*
 * cmd_bench.c - `pocketwar bench`: the engine's speed on one core, per rule
 * set, in random self-play on the default scenario: actions applied per
 * second (legal-action generation and chance sampling included), whole
 * games per second, and the bytes in one state. A fingerprint of all final
 * positions shows that the same build played the same games.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "rng.h"
#include "scenario.h"

static void help(void)
{
    printf("usage: pocketwar bench [OPTIONS]\n\n"
           "Measures the engine on one core: random self-play of whole games on each\n"
           "rule set's default scenario (seeds 1..N), counting every action applied\n"
           "with the legal-action generation or chance sampling that chose it.\n\n"
           "  --rules NAME   only this rule set\n"
           "  --games N      games per rule set (default 2000)\n"
           "  --json         print the figures as JSON\n"
           "  --quiet        no progress lines on standard error\n"
           "  --help         this text\n");
}

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

int cmd_bench(int argc, char **argv)
{
    enum { OPT_RULES_ONLY = 1, OPT_GAMES, OPT_JSON, OPT_QUIET };
    static const struct option longopts[] = {
        {"rules", required_argument, 0, OPT_RULES_ONLY},
        {"games", required_argument, 0, OPT_GAMES},
        {"json", no_argument, 0, OPT_JSON}, {"quiet", no_argument, 0, OPT_QUIET},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *only = NULL;
    int games = 2000, c;
    bool as_json = false, quiet = false;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_RULES_ONLY:
            if (!eng_rules_find(optarg)) {
                cli_error("bench", "no rule set named \"%s\"", optarg);
                return 2;
            }
            only = optarg;
            break;
        case OPT_GAMES:
            if (cli_parse_int("--games", optarg, 1, 100000000, &games) != 0)
                return 2;
            break;
        case OPT_JSON: as_json = true; break;
        case OPT_QUIET: quiet = true; break;
        case 'h': help(); return 0;
        default: fprintf(stderr, "see `pocketwar bench --help`\n"); return 2;
        }
    }
    json_t *all = json_array();
    if (!as_json)
        printf("random self-play on one core, %d games per rule set\n\n"
               "%-18s %-14s %10s %9s %12s %10s %7s  %s\n", games, "rule set", "scenario",
               "actions", "ns/action", "actions/s", "games/s", "state", "fingerprint");
    fflush(stdout);
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        if (only && strcmp(only, eng_rules_name(*r)) != 0)
            continue;
        figures f;
        if (bench_rules(*r, games, !quiet, &f) != 0) {
            json_decref(all);
            return 1;
        }
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
    if (as_json) {
        char *s = json_dumps(all, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
    }
    json_decref(all);
    return 0;
}
