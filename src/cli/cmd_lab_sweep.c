/*
 * cmd_lab_sweep.c - `pocketwar lab sweep`: the command line of sweeps and
 * the balance search (src/lab/lab_sweep.c, docs/lab.md "Sweeps").
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "lab.h"
#include "lab_remote.h"
#include "lab_summary.h"
#include "lab_sweep.h"

static void help(FILE *out)
{
    fprintf(out,
            "usage: pocketwar lab sweep (--sweep KEY | --field PATH) --values LIST --out DIR\n"
            "                           [--target balance] [OPTIONS]\n\n"
            "One variant option (--sweep KEY) or one number in the scenario (--field PATH,\n"
            "a dotted path into its JSON such as victory.turn_limit or\n"
            "forces.0.units.HI) over a list or range of values; every value an arm on the\n"
            "same seeds. Writes DIR's usual files, and sweep.json and sweep.html: each\n"
            "metric against the value, with its interval.\n\n"
            "With --target balance, looks for the value at which side 1's advantage (its\n"
            "score less a half) is nearest zero: probes the two ends, then the value the\n"
            "advantages measured so far put nearest zero, each probe stopped by the\n"
            "sequential test (|advantage| < DELTA against DELTA), in DIR/probe-VALUE/;\n"
            "prints the chosen value with its interval and the probes rejected.\n\n"
            CLI_SCENARIO_OPTS_HELP
            "  --sweep KEY         the variant option swept\n"
            "  --field PATH        or the scenario's number swept\n"
            "  --values LIST       A,B,C or LO..HI or LO..HI:STEP (at most %d values; a\n"
            "                      sweep of every value takes at most %d)\n"
            "  --players A,B       the computer players (default thumb,thumb)\n"
            "  --games N           games per value (default 200); with --target balance,\n"
            "                      the most a probe plays\n"
            "  --seed K            the first seed (default 1)\n"
            "  --max-steps N       cut a game after N steps (default 100000)\n"
            "  --target balance    the balance search\n"
            "  --delta D           balanced: |advantage| below D (a share; default 0.1)\n"
            "  --alpha A, --beta B the sequential test's error rates (default 0.05 each)\n"
            "  --probe-step N      seeds a probe plays between looks (default 10)\n"
            "  --out DIR           the output folder\n"
            "  --resume            finish an interrupted sweep in DIR (the same command)\n"
            "  --jobs N            games played at once (default: every core)\n"
            "  --progress, --no-progress, --quiet\n"
            "  --help              this text\n", LAB_SWEEP_MAX, LAB_MAX_ARMS);
}

int cmd_lab_sweep(int argc, char **argv)
{
    enum { O_SWEEP = 1, O_FIELD, O_VALUES, O_PLAYERS, O_GAMES, O_MAX, O_TARGET, O_DELTA,
           O_ALPHA, O_BETA, O_STEP, O_OUT, O_RESUME, O_JOBS, O_PROGRESS, O_NOPROGRESS,
           O_QUIET };
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS,
        {"sweep", required_argument, 0, O_SWEEP}, {"field", required_argument, 0, O_FIELD},
        {"values", required_argument, 0, O_VALUES},
        {"players", required_argument, 0, O_PLAYERS}, {"games", required_argument, 0, O_GAMES},
        {"max-steps", required_argument, 0, O_MAX}, {"target", required_argument, 0, O_TARGET},
        {"delta", required_argument, 0, O_DELTA}, {"alpha", required_argument, 0, O_ALPHA},
        {"beta", required_argument, 0, O_BETA}, {"probe-step", required_argument, 0, O_STEP},
        {"out", required_argument, 0, O_OUT}, {"resume", no_argument, 0, O_RESUME},
        {"jobs", required_argument, 0, O_JOBS}, {"progress", no_argument, 0, O_PROGRESS},
        {"no-progress", no_argument, 0, O_NOPROGRESS}, {"quiet", no_argument, 0, O_QUIET},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    cli_game_opts go;
    cli_game_opts_init(&go);
    lab_exp e;
    lab_exp_init(&e);
    lab_sweep s;
    lab_sweep_init(&s);
    const lab_remote *remote = lab_remote_installed();
    const char *out = NULL, *values = NULL;
    int progress = -1, jobs = remote ? remote->local_jobs : cli_cores(), c, rc = 2;
    bool quiet = false, resume = false;
    eng_error err;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int r = c == OPT_POSITION ? (cli_error("lab sweep", "a sweep plays from a scenario's "
                                               "beginning; --position is not taken"), -1)
                                  : cli_game_opt(&go, c, optarg);
        if (r < 0)
            goto out;
        if (r > 0)
            continue;
        switch (c) {
        case O_SWEEP: s.option = optarg; break;
        case O_FIELD: s.field = optarg; break;
        case O_VALUES: values = optarg; break;
        case O_PLAYERS:
            if (!lab_exp_set_players(&e, optarg, &err)) {
                cli_error("lab sweep", "%s", err.msg);
                goto out;
            }
            break;
        case O_GAMES:
            if (cli_parse_int("--games", optarg, 2, 10000000, &e.games))
                goto out;
            break;
        case O_MAX:
            if (cli_parse_int("--max-steps", optarg, 1, 100000000, &e.max_steps))
                goto out;
            break;
        case O_TARGET:
            if (strcmp(optarg, "balance") != 0) {
                cli_error("lab sweep", "--target takes balance, not \"%s\"", optarg);
                goto out;
            }
            s.balance = true;
            break;
        case O_DELTA:
            if (cli_parse_between("lab sweep", "--delta", optarg, 0, 0.5, &s.delta))
                goto out;
            break;
        case O_ALPHA:
            if (cli_parse_between("lab sweep", "--alpha", optarg, 0, 0.5, &e.alpha))
                goto out;
            break;
        case O_BETA:
            if (cli_parse_between("lab sweep", "--beta", optarg, 0, 0.5, &e.beta))
                goto out;
            break;
        case O_STEP:
            if (cli_parse_int("--probe-step", optarg, 1, 1000000, &s.probe_step))
                goto out;
            break;
        case O_OUT: out = optarg; break;
        case O_RESUME: resume = true; break;
        case O_JOBS:
            if (cli_parse_int("--jobs", optarg, remote ? 0 : 1, 1024, &jobs))
                goto out;
            break;
        case O_PROGRESS: progress = 1; break;
        case O_NOPROGRESS: progress = 0; break;
        case O_QUIET: quiet = true; break;
        case 'h': help(stdout); rc = 0; goto out;
        default:
            fprintf(stderr, "(see `pocketwar lab sweep --help`)\n");
            goto out;
        }
    }
    if (optind < argc) {
        cli_error("lab sweep", "unexpected argument \"%s\"", argv[optind]);
        goto out;
    }
    if (!s.option == !s.field) {
        cli_error("lab sweep", "give what to sweep: --sweep KEY (a variant option) or --field "
                  "PATH (a number in the scenario), one of them");
        goto out;
    }
    if (!values || !out) {
        cli_error("lab sweep", "--values LIST and --out DIR are needed (see `pocketwar lab "
                  "sweep --help`)");
        goto out;
    }
    if (!lab_sweep_values(&s, values, &err)) {
        cli_error("lab sweep", "%s", err.msg);
        goto out;
    }
    e.rules = strdup(go.rules);
    e.scenario = go.scenario ? strdup(go.scenario) : NULL;
    json_object_update(e.options, go.options);
    if (go.seed_given)
        e.seed = go.seed;
    if (s.option && json_object_get(e.options, s.option)) {
        cli_error("lab sweep", "%s is swept: give it no --option as well", s.option);
        goto out;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    lab_run_opts ro = {.jobs = jobs, .progress = progress < 0 ? isatty(2) && !quiet : progress,
                       .resume = resume && access(path, F_OK) == 0, .remote = remote};
    int r = s.balance ? lab_sweep_balance(&e, &s, out, &ro, quiet ? NULL : stdout, &err)
                      : lab_sweep_all(&e, &s, out, &ro, &err);
    if (r < 0) {
        cli_error("lab sweep", "%s", err.msg);
        rc = 1;
        goto out;
    }
    if (r > 0) {
        fprintf(stderr, "pocketwar lab sweep: interrupted; the same command with --resume "
                "finishes it\n");
        rc = 130;
        goto out;
    }
    if (!s.balance && !quiet) {
        snprintf(path, sizeof path, "%s/summary.json", out);
        json_t *summary = json_load_file(path, 0, NULL);
        if (summary) {
            lab_table_print(summary, stdout);
            printf("\nsweep: %s/sweep.html, report: %s/report.html\n", out, out);
        }
        json_decref(summary);
    }
    rc = 0;
out:
    lab_sweep_free(&s);
    lab_exp_free(&e);
    cli_game_opts_free(&go);
    return rc;
}
