/*
 * cmd_lab_sweep.c - `pocketwar lab sweep`: the command line of sweeps and
 * the balance search (src/lab/lab_sweep.c, docs/lab.md "Sweeps").
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_lab.h"
#include "lab_summary.h"
#include "lab_sweep.h"

static int each_target(void *out, const char *value)
{
    if (strcmp(value, "balance") != 0) {
        cli_error("lab sweep", "--target takes balance, not \"%s\"", value);
        return -1;
    }
    *(bool *)out = true;
    return 0;
}

int cmd_lab_sweep(int argc, char **argv)
{
    lab_cli c;
    lab_cli_init(&c);
    lab_exp *e = &c.e;
    lab_sweep s;
    lab_sweep_init(&s);
    const char *values = NULL;
    int rc = 2;
    bool resume = false;
    eng_error err;
    char values_help[200];
    snprintf(values_help, sizeof values_help, "A,B,C or LO..HI or LO..HI:STEP (at most %d "
             "values; a\nsweep of every value takes at most %d)", LAB_SWEEP_MAX, LAB_MAX_ARMS);
    const cli_usage usage = {
        "lab sweep (--sweep KEY | --field PATH) --values LIST --out DIR\n"
        "                           [--target balance] [OPTIONS]",
        "One variant option (--sweep KEY) or one number in the scenario (--field PATH,\n"
        "a dotted path into its JSON such as victory.turn_limit or\n"
        "forces.0.units.HI) over a list or range of values; every value an arm on the\n"
        "same seeds. Writes DIR's usual files, and sweep.json and sweep.html: each\n"
        "metric against the value, with its interval.\n\n"
        "With --target balance, looks for the value at which side 1's advantage (its\n"
        "score less a half) is nearest zero: probes the two ends, then the value the\n"
        "advantages measured so far put nearest zero, each probe stopped by the\n"
        "sequential test (|advantage| < DELTA against DELTA), in DIR/probe-VALUE/;\n"
        "prints the chosen value with its interval and the probes rejected. There\n"
        "--games is the most a probe plays.\n", NULL};
    cli_opt opts[CLI_OPTS_MAX];
    int n = 0;
    opts[n++] = (cli_opt)CLI_VARIANTS(&c.go);
    opts[n++] = (cli_opt)CLI_TEXT("sweep", "KEY", &s.option, "the variant option swept");
    opts[n++] = (cli_opt)CLI_TEXT("field", "PATH", &s.field, "or the scenario's number swept");
    opts[n++] = (cli_opt)CLI_TEXT("values", "LIST", &values, values_help);
    n += lab_cli_experiment_rows(&c, opts + n);
    opts[n++] = (cli_opt)CLI_EACH("target", "balance", each_target, &s.balance,
                                  "the balance search");
    opts[n++] = (cli_opt)CLI_REAL("delta", "D", &s.delta, 0, 0.5,
                                  "balanced: |advantage| below D (a share; default 0.1)");
    opts[n++] = (cli_opt)CLI_INT("probe-step", "N", &s.probe_step, 1, 1000000,
                                 "seeds a probe plays between looks (default 10)");
    n += lab_cli_running_rows(&c, opts + n);
    opts[n++] = (cli_opt)CLI_FLAG("resume", &resume,
                                  "finish an interrupted sweep in DIR (the same command)");
    opts[n++] = (cli_opt)CLI_END;
    int pr = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (pr != 0) {
        rc = pr > 0 ? 0 : 2;
        goto out;
    }
    const char *out = c.out;
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
    lab_cli_experiment(&c);
    if (s.option && json_object_get(e->options, s.option)) {
        cli_error("lab sweep", "%s is swept: give it no --option as well", s.option);
        goto out;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    lab_run_opts ro = {.jobs = c.jobs, .progress = lab_cli_progress(&c),
                       .resume = resume && access(path, F_OK) == 0, .remote = c.remote};
    int r = s.balance ? lab_sweep_balance(e, &s, out, &ro, c.quiet ? NULL : stdout, &err)
                      : lab_sweep_all(e, &s, out, &ro, &err);
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
    if (!s.balance && !c.quiet) {
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
    lab_cli_free(&c);
    return rc;
}
