/*
 * cmd_lab.c - `pocketwar lab`: the command line of the lab (src/lab/,
 * docs/lab.md). `lab run` reads an experiment from flags or its file and
 * plays it; `lab odds` puts one action's exact odds under several arms
 * side by side. Everything but the options lives in src/lab/.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "lab.h"
#include "lab_summary.h"
#include "lab_odds.h"
#include "lab_bench.h"
#include "lab_remote.h"

static void help_run(FILE *out)
{
    fprintf(out,
            "usage: pocketwar lab run --arm LABEL[:KEY=VALUE...] [--arm ...] --out DIR [OPTIONS]\n"
            "       pocketwar lab run --experiment FILE --out DIR [--jobs N]\n"
            "       pocketwar lab run --resume DIR [--jobs N]\n\n"
            "Plays every seed in every arm from both seatings (the players swap sides)\n"
            "and writes DIR/games.jsonl (one line per game), summary.json, summary.csv,\n"
            "experiment.json and report.html; prints the verdict lines and a table.\n"
            "The same experiment gives the same results at any --jobs, on any machine.\n\n"
            CLI_SCENARIO_OPTS_HELP
            "                      (--variant and --option here apply to every arm)\n"
            "  --arm SPEC          an arm: LABEL[:KEY=VALUE...], the keys being variant,\n"
            "                      scenario or any variant option (repeatable; default\n"
            "                      one arm \"base\"); e.g. steppes:variant=steppes\n"
            "  --players A,B       the computer players (default thumb,thumb): in seating\n"
            "                      0 A takes side 1, in seating 1 B does; choose from\n"
            "                      %s,\n"
            "                      with settings: normal:iterations=1000\n"
            "  --skill A,B         the same as --players A,B, read as a stronger player A\n"
            "                      against a weaker B: the report's skill is A's score\n"
            "  --games N           games per arm, both seatings counted (default 200)\n"
            "  --seed K            the first seed (default 1); seeds K .. K+N/2-1\n"
            "  --max-steps N       cut a game after N steps, counted as a step cap\n"
            "                      (default 100000)\n"
            "  --sprt DELTA        stop early by a sequential test of side 1's score\n"
            "                      difference DELTA (a share: 0.05 = 5 points) against 0,\n"
            "                      each arm against the first\n"
            "  --alpha A, --beta B the test's error rates (default 0.05 each)\n"
            "  --target-width W    stop when every interval of side 1's score (per arm\n"
            "                      and between arms) is narrower than W (a share)\n"
            "  --odds-position FILE, --odds-action ACTION\n"
            "                      add one action's exact odds under every arm to the\n"
            "                      report (as `pocketwar lab odds` gives them)\n"
            "  --experiment FILE   the experiment as JSON (as DIR/experiment.json holds)\n"
            "  --out DIR           the output folder (made if missing; never overwritten)\n"
            "  --resume DIR        finish an interrupted run in DIR\n"
            "  --jobs N            games played at once (default: every core; in\n"
            "                      pocketwar-mpi, rank 0's own, default 1, 0 allowed,\n"
            "                      beside one game on every other rank)\n"
            "  --shard I/N         play only the I-th of N shares of the seeds (seed index\n"
            "                      k with k mod N = I-1), for `pocketwar lab merge`\n"
            "  --records           keep every game's record in DIR/records/\n"
            "  --progress, --no-progress\n"
            "                      the progress bar on stderr (default: on a terminal)\n"
            "  --quiet             print nothing but errors\n"
            "  --help              this text\n", cli_ai_names());
}

static void help(FILE *out)
{
    fprintf(out,
            "usage: pocketwar lab run [OPTIONS]     play an experiment (paired arms)\n"
            "       pocketwar lab odds [OPTIONS]    one action's exact odds under arms\n"
            "       pocketwar lab merge OUT DIR...  put the shards of a run together\n"
            "       pocketwar lab sweep [OPTIONS]   one option or number over values; the\n"
            "                                       balance point (--target balance)\n"
            "       pocketwar lab bench             the lab's throughput\n\n"
            "The lab: play-testing rule variants side by side with paired games,\n"
            "intervals, p-values and design metrics, and a report to look at\n"
            "(docs/lab.md). `pocketwar lab COMMAND --help` tells more.\n");
}

static int fail(const char *msg)
{
    cli_error("lab", "%s", msg);
    return 2;
}

static int lab_run_cmd(int argc, char **argv)
{
    enum { O_ARM = 1, O_PLAYERS, O_SKILL, O_GAMES, O_MAX, O_SPRT, O_ALPHA, O_BETA, O_WIDTH,
           O_EXP, O_OUT, O_RESUME, O_JOBS, O_RECORDS, O_PROGRESS, O_NOPROGRESS, O_QUIET,
           O_SHARD, O_ODDS_POS, O_ODDS_ACTION };
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS,
        {"arm", required_argument, 0, O_ARM}, {"players", required_argument, 0, O_PLAYERS},
        {"skill", required_argument, 0, O_SKILL}, {"games", required_argument, 0, O_GAMES},
        {"max-steps", required_argument, 0, O_MAX}, {"sprt", required_argument, 0, O_SPRT},
        {"alpha", required_argument, 0, O_ALPHA}, {"beta", required_argument, 0, O_BETA},
        {"target-width", required_argument, 0, O_WIDTH},
        {"experiment", required_argument, 0, O_EXP}, {"out", required_argument, 0, O_OUT},
        {"resume", required_argument, 0, O_RESUME}, {"jobs", required_argument, 0, O_JOBS},
        {"records", no_argument, 0, O_RECORDS}, {"progress", no_argument, 0, O_PROGRESS},
        {"no-progress", no_argument, 0, O_NOPROGRESS}, {"quiet", no_argument, 0, O_QUIET},
        {"shard", required_argument, 0, O_SHARD},
        {"odds-position", required_argument, 0, O_ODDS_POS},
        {"odds-action", required_argument, 0, O_ODDS_ACTION},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    cli_game_opts go;
    cli_game_opts_init(&go);
    lab_exp e;
    lab_exp_init(&e);
    const char *out = NULL, *resume = NULL, *expfile = NULL, *odds_pos = NULL,
               *odds_action = NULL;
    bool arms_given = false, quiet = false, seed_given = false;
    int progress = -1, jobs = cli_cores(), c, rc = 2, shard = 0, shards = 0;
    const lab_remote *remote = lab_remote_installed();
    if (remote)
        jobs = remote->local_jobs;
    eng_error err;
    json_t *summary = NULL;
    lab_result res = {0};
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int r = c == OPT_POSITION ? (fail("the lab plays from a scenario's beginning; "
                                          "--position is not taken"), -1)
                                  : cli_game_opt(&go, c, optarg);
        if (r < 0)
            goto out;
        if (r > 0)
            continue;
        switch (c) {
        case O_ARM:
            if (!lab_exp_add_arm(&e, optarg, &err)) {
                fail(err.msg);
                goto out;
            }
            arms_given = true;
            break;
        case O_PLAYERS:
        case O_SKILL:
            if (!lab_exp_set_players(&e, optarg, &err)) {
                fail(err.msg);
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
        case O_SPRT:
            if (cli_parse_between("lab", "--sprt", optarg, -1, 1, &e.sprt_delta))
                goto out;
            e.sprt = true;
            break;
        case O_ALPHA:
            if (cli_parse_between("lab", "--alpha", optarg, 0, 0.5, &e.alpha))
                goto out;
            break;
        case O_BETA:
            if (cli_parse_between("lab", "--beta", optarg, 0, 0.5, &e.beta))
                goto out;
            break;
        case O_WIDTH:
            if (cli_parse_between("lab", "--target-width", optarg, 0, 2, &e.target_width))
                goto out;
            break;
        case O_EXP: expfile = optarg; break;
        case O_OUT: out = optarg; break;
        case O_RESUME: resume = optarg; break;
        case O_JOBS:
            if (cli_parse_int("--jobs", optarg, remote ? 0 : 1, 1024, &jobs))
                goto out;
            break;
        case O_RECORDS: e.records = true; break;
        case O_PROGRESS: progress = 1; break;
        case O_NOPROGRESS: progress = 0; break;
        case O_QUIET: quiet = true; break;
        case O_ODDS_POS: odds_pos = optarg; break;
        case O_ODDS_ACTION: odds_action = optarg; break;
        case O_SHARD: {
            char tail;
            if (sscanf(optarg, "%d/%d%c", &shard, &shards, &tail) != 2 || shards < 1 ||
                shards > 100000 || shard < 1 || shard > shards) {
                cli_error("lab run", "--shard takes I/N, 1 <= I <= N (e.g. 2/4), not \"%s\"",
                          optarg);
                goto out;
            }
            break;
        }
        case 'h': help_run(stdout); rc = 0; goto out;
        default:
            fprintf(stderr, "(see `pocketwar lab run --help`)\n");
            goto out;
        }
    }
    if (optind < argc) {
        cli_error("lab run", "unexpected argument \"%s\"", argv[optind]);
        goto out;
    }
    seed_given = go.seed_given;
    if (resume || expfile) {
        if (resume && (out || expfile)) {
            fail("--resume DIR takes the experiment from DIR: give no --out or --experiment");
            goto out;
        }
        if (arms_given || go.rules_given || go.scenario || json_object_size(go.options)) {
            fail("the experiment comes from its file: give no --arm, --rules, --scenario, "
                 "--variant or --option beside it");
            goto out;
        }
        lab_exp_free(&e);
        lab_exp_init(&e);
        bool ok;
        if (resume) {
            ok = lab_dir_experiment(&e, resume, &err);
        } else {
            json_t *j = json_load_file(expfile, 0, NULL);
            ok = j ? lab_exp_from_json(&e, j, &err)
                   : (eng_error_set(&err, "cannot read the experiment file %s", expfile), false);
            json_decref(j);
        }
        if (!ok) {
            fail(err.msg);
            goto out;
        }
        out = resume ? resume : out;
    } else {
        e.rules = strdup(go.rules);
        e.scenario = go.scenario ? strdup(go.scenario) : NULL;
        json_object_update(e.options, go.options);
        if (seed_given)
            e.seed = go.seed;
        if (odds_pos) {
            e.odds_position = json_load_file(odds_pos, 0, NULL);
            if (!json_is_object(e.odds_position)) {
                cli_error("lab run", "--odds-position: %s holds no position (a JSON object)",
                          odds_pos);
                goto out;
            }
        }
        e.odds_action = odds_action ? strdup(odds_action) : NULL;
    }
    if (!out) {
        fail("--out DIR is needed: the folder the run's files go to");
        goto out;
    }
    if (!lab_exp_prepare(&e, &err)) {
        fail(err.msg);
        goto out;
    }
    if (shards > 1 && (e.sprt || e.target_width > 0)) {
        fail("an experiment with a stopping rule is played whole: no --shard with --sprt "
             "or --target-width");
        goto out;
    }
    if (!resume && !lab_dir_new(&e, out, &err)) {
        fail(err.msg);
        goto out;
    }
    lab_run_opts ro = {.jobs = jobs, .progress = progress < 0 ? isatty(2) && !quiet : progress,
                       .resume = resume != NULL, .shard = shard - 1, .shards = shards,
                       .remote = remote};
    if (resume && !quiet)
        lab_missing_tell(&e, out, ro.shard, ro.shards, stderr);
    int r = lab_run(&e, out, &ro, &res, &err);
    if (r < 0) {
        fail(err.msg);
        rc = 1;
        goto out;
    }
    if (r > 0) {
        fprintf(stderr, "pocketwar lab: %s; `pocketwar lab run --resume %s` finishes the run\n",
                res.stop_reason, out);
        rc = 130;
        goto out;
    }
    if (shards > 1) {
        if (!quiet)
            printf("shard %d of %d: %d games in %s/games.jsonl; `pocketwar lab merge OUT "
                   "DIR...` puts the shards together\n", shard, shards, res.ngames, out);
        rc = 0;
        goto out;
    }
    if (!lab_outputs_write(&e, &res, out, &summary, &err)) {
        fail(err.msg);
        rc = 1;
        goto out;
    }
    if (!quiet) {
        lab_verdicts_print(summary, stdout);
        putchar('\n');
        lab_table_print(summary, stdout);
        printf("\nreport: %s/report.html\n", out);
    }
    rc = 0;
out:
    json_decref(summary);
    lab_result_free(&res);
    lab_exp_free(&e);
    cli_game_opts_free(&go);
    return rc;
}

static void help_odds(FILE *out)
{
    fprintf(out,
            "usage: pocketwar lab odds (--position FILE | --record FILE [--to N])\n"
            "                          --action ACTION --arm SPEC --arm SPEC [...]\n\n"
            "The exact odds of one action in one position under each arm's rules, side\n"
            "by side: each outcome's probability (\"exactly\"), the chance that at least\n"
            "k things change (\"at least\"), bars, and the change from the first arm.\n\n"
            "  --position FILE     the position (JSON, as `pocketwar state` prints it)\n"
            "  --record FILE       or the position a record reaches (--to N: after N steps)\n"
            "  --action ACTION     the action, in notation (as `pocketwar legal` lists it)\n"
            "  --arm SPEC          an arm, LABEL[:KEY=VALUE...] as for `lab run`\n"
            "  --option KEY=VALUE  an option every arm shares\n"
            "  --view N            the odds as side N may know them (default: all seen)\n"
            "  --json              print JSON\n"
            "  --html FILE         also write a page of bars to FILE\n"
            "  --help              this text\n");
}

static int lab_odds_cmd(int argc, char **argv)
{
    enum { O_POS = 1, O_REC, O_TO, O_ACTION, O_ARM, O_OPTION, O_VIEW, O_JSON, O_HTML };
    static const struct option longopts[] = {
        {"position", required_argument, 0, O_POS}, {"record", required_argument, 0, O_REC},
        {"to", required_argument, 0, O_TO}, {"action", required_argument, 0, O_ACTION},
        {"arm", required_argument, 0, O_ARM}, {"option", required_argument, 0, O_OPTION},
        {"view", required_argument, 0, O_VIEW}, {"json", no_argument, 0, O_JSON},
        {"html", required_argument, 0, O_HTML}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *pos_file = NULL, *rec_file = NULL, *action = NULL, *html = NULL;
    int to = -1, view = ENG_VIEW_ALL, c, rc = 2;
    bool as_json = false;
    lab_exp e;
    lab_exp_init(&e);
    cli_game_opts go;
    cli_game_opts_init(&go);
    json_t *pos = NULL, *odds = NULL;
    eng_match *m = NULL;
    eng_error err;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case O_POS: pos_file = optarg; break;
        case O_REC: rec_file = optarg; break;
        case O_TO:
            if (cli_parse_int("--to", optarg, 0, 100000000, &to))
                goto out;
            break;
        case O_ACTION: action = optarg; break;
        case O_ARM:
            if (!lab_exp_add_arm(&e, optarg, &err)) {
                fail(err.msg);
                goto out;
            }
            break;
        case O_OPTION:
            if (cli_game_opt(&go, OPT_OPTION, optarg) < 0)
                goto out;
            break;
        case O_VIEW:
            if (cli_parse_int("--view", optarg, 1, ENG_MAX_PLAYERS, &view))
                goto out;
            view--;
            break;
        case O_JSON: as_json = true; break;
        case O_HTML: html = optarg; break;
        case 'h': help_odds(stdout); rc = 0; goto out;
        default:
            fprintf(stderr, "(see `pocketwar lab odds --help`)\n");
            goto out;
        }
    }
    if (optind < argc || !action || !!pos_file == !!rec_file || e.narms < 1) {
        fail("lab odds takes --position FILE or --record FILE, --action ACTION and one "
             "or more --arm (see `pocketwar lab odds --help`)");
        goto out;
    }
    if (pos_file) {
        pos = json_load_file(pos_file, 0, NULL);
        if (!json_is_object(pos)) {
            cli_error("lab odds", "%s holds no position (a JSON object)", pos_file);
            goto out;
        }
        const char *r = json_string_value(json_object_get(pos, "rules"));
        const char *sc = json_string_value(json_object_get(pos, "scenario"));
        e.rules = strdup(r ? r : eng_rules_name(eng_rules_default()));
        e.scenario = sc ? strdup(sc) : NULL;
    } else {
        if (!(m = cli_load_record(rec_file)))
            goto out;
        if (to >= 0 && (size_t)to < m->nsteps)
            eng_match_undo(m, m->nsteps - (size_t)to);
        pos = eng_state_json(m->state, ENG_VIEW_ALL);
        e.rules = strdup(eng_rules_name(m->rules));
        e.scenario = strdup(m->scenario);
        json_object_update(e.options, m->options);
    }
    json_object_update(e.options, go.options);
    if (!lab_exp_prepare(&e, &err)) {
        fail(err.msg);
        goto out;
    }
    if (!(odds = lab_odds_compare(&e, pos, action, view, &err))) {
        fail(err.msg);
        rc = 1;
        goto out;
    }
    if (as_json)
        cli_json_print(stdout, json_incref(odds));
    else
        lab_odds_print(odds, stdout);
    if (html && !lab_odds_html(odds, html, &err)) {
        fail(err.msg);
        rc = 1;
        goto out;
    }
    rc = 0;
out:
    json_decref(odds);
    json_decref(pos);
    eng_match_free(m);
    cli_game_opts_free(&go);
    lab_exp_free(&e);
    return rc;
}

static int lab_merge_cmd(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: pocketwar lab merge OUT DIR [DIR...]\n\n"
               "Puts the shards of one experiment (`lab run --shard I/N --out DIR`) together\n"
               "in the new folder OUT with its summary, table and report: the same\n"
               "summary.json, byte for byte, as the experiment run whole. Each shard's\n"
               "side 1 score is tested against the rest's (shards.json, the report's\n"
               "Shards section); a shard that differs more than chance allows is named.\n");
        return 0;
    }
    if (argc < 3) {
        fail("lab merge takes OUT and the folders of the shards (see `pocketwar lab merge "
             "--help`)");
        return 2;
    }
    eng_error err;
    if (!lab_merge(argv[1], argv + 2, argc - 2, &err)) {
        fail(err.msg);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/summary.json", argv[1]);
    json_t *summary = json_load_file(path, 0, NULL);
    if (summary) {
        lab_verdicts_print(summary, stdout);
        putchar('\n');
        lab_table_print(summary, stdout);
        printf("\nreport: %s/report.html\n", argv[1]);
    }
    json_decref(summary);
    snprintf(path, sizeof path, "%s/shards.json", argv[1]);
    json_t *shards = json_load_file(path, 0, NULL);
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(shards, "shards"), i, s)
        if (json_is_true(json_object_get(s, "inconsistent")))
            printf("Shard %s differs from the rest more than chance allows (side 1 scores "
                   "%.1f%%, p = %.3g after Holm's correction): check the machine or build "
                   "that played it\n", json_string_value(json_object_get(s, "dir")),
                   100 * json_number_value(json_object_get(s, "side1_score")),
                   json_number_value(json_object_get(s, "p_holm")));
    json_decref(shards);
    return 0;
}

static int lab_bench_cmd(int argc, char **argv)
{
    enum { O_THUMB = 1, O_NORMAL };
    static const struct option longopts[] = {
        {"thumb-games", required_argument, 0, O_THUMB},
        {"normal-games", required_argument, 0, O_NORMAL},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int thumb = 16, normal = 2, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case O_THUMB:
            if (cli_parse_int("--thumb-games", optarg, 2, 100000, &thumb))
                return 2;
            break;
        case O_NORMAL:
            if (cli_parse_int("--normal-games", optarg, 0, 100000, &normal))
                return 2;
            break;
        case 'h':
            printf("usage: pocketwar lab bench [--thumb-games N] [--normal-games N]\n\n"
                   "The lab's throughput: battles per second on each rule set's default\n"
                   "scenario with thumb (default 16 games) and normal (default 2; 0 leaves\n"
                   "them out) players, on 1 and 2 jobs, and the scaling ratio.\n");
            return 0;
        default:
            fprintf(stderr, "(see `pocketwar lab bench --help`)\n");
            return 2;
        }
    }
    eng_error err;
    if (lab_bench(stdout, thumb, normal, &err) != 0) {
        fail(err.msg);
        return 1;
    }
    return 0;
}

int cmd_lab(int argc, char **argv)
{
    if (argc < 2) {
        help(stderr);
        return 2;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        help(stdout);
        return 0;
    }
    if (!strcmp(sub, "run"))
        return lab_run_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "odds"))
        return lab_odds_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "merge"))
        return lab_merge_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "bench"))
        return lab_bench_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "sweep"))
        return cmd_lab_sweep(argc - 1, argv + 1);
    cli_error("lab", "no lab command \"%s\"; the commands are run, odds, merge, sweep and bench", sub);
    return 2;
}
