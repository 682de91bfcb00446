/*
 * cmd_lab.c - `pocketwar lab`: the command line of the lab (src/lab/,
 * docs/lab.md). `lab run` reads an experiment from flags or its file and
 * plays it; `lab odds` puts one action's exact odds under several arms
 * side by side; `lab record` plays one game of a run again and keeps its
 * record; `lab merge` and `lab bench`. Everything but the options
 * lives in src/lab/. Each command's options are a table that cli_opts.c
 * parses; those `lab run` shares with `lab sweep` are written once, here
 * (cmd_lab.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_lab.h"
#include "scenario.h"
#include "lab_summary.h"
#include "lab_odds.h"
#include "lab_bench.h"

static void help(FILE *out)
{
    fprintf(out,
            "usage: pocketwar lab run [OPTIONS]     play an experiment (paired arms)\n"
            "       pocketwar lab odds [OPTIONS]    one action's exact odds under arms\n"
            "       pocketwar lab merge OUT DIR...  put the shards of a run together\n"
            "       pocketwar lab sweep [OPTIONS]   one option or number over values; the\n"
            "                                       balance point (--target balance)\n"
            "       pocketwar lab bench             the lab's throughput\n"
            "       pocketwar lab record DIR ARM SEED SEATING\n"
            "                                       one game of a run again, with its record\n\n"
            "The lab: play-testing rule variants side by side with paired games,\n"
            "intervals, p-values and design metrics, and a report to look at\n"
            "(docs/lab.md). `pocketwar lab COMMAND --help` tells more.\n");
}

static int fail(const char *msg)
{
    cli_error("lab", "%s", msg);
    return 2;
}

/* A position's file, read for cmd: NULL with the message and *rc set, 1
 * when the file cannot be read (and why), 2 when it holds no position. */
static json_t *position_file(const char *cmd, const char *path, int *rc)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_error(cmd, "cannot read %s: %s", path, strerror(errno));
        *rc = 1;
        return NULL;
    }
    fclose(f);
    eng_error err;
    json_t *j = eng_json_file(path, &err);
    if (!json_is_object(j)) {
        if (j)
            cli_error(cmd, "%s holds no position (a JSON object)", path);
        else
            cli_error(cmd, "%s", err.msg);
        json_decref(j);
        *rc = 2;
        return NULL;
    }
    return j;
}

/* ---- what lab run and lab sweep share (cmd_lab.h) ---------------------------- */

void lab_cli_init(lab_cli *c)
{
    memset(c, 0, sizeof *c);
    cli_game_opts_init(&c->go);
    lab_exp_init(&c->e);
    c->remote = lab_remote_installed();
    c->jobs = c->remote ? c->remote->local_jobs : cli_cores();
}

void lab_cli_free(lab_cli *c)
{
    lab_exp_free(&c->e);
    cli_game_opts_free(&c->go);
}

static int each_players(void *out, const char *value)
{
    eng_error err;
    return lab_exp_set_players(out, value, &err) ? 0 : (fail(err.msg), -1);
}

int lab_cli_experiment_rows(lab_cli *c, cli_opt *rows)
{
    snprintf(c->players_help, sizeof c->players_help,
             "the computer players (default thumb,thumb): in seating\n"
             "0 A takes side 1, in seating 1 B does; choose from\n%s,\n"
             "with settings: normal:iterations=1000", cli_ai_names());
    const cli_opt r[] = {
        CLI_EACH("players", "A,B", each_players, &c->e, c->players_help),
        CLI_INT("games", "N", &c->e.games, 2, 10000000,
                "games per arm (per value), both seatings counted\n(default 200)"),
        CLI_U64("seed", "K", &c->e.seed, "the first seed (default 1); seeds K .. K+N/2-1"),
        CLI_INT("max-steps", "N", &c->e.max_steps, 1, 100000000,
                "cut a game after N steps, counted as a step cap\n(default 100000)"),
        CLI_REAL("alpha", "A", &c->e.alpha, 0, 0.5,
                 "the sequential test's false alarm rate (default 0.05)"),
        CLI_REAL("beta", "B", &c->e.beta, 0, 0.5, "the sequential test's miss rate (default 0.05)"),
    };
    memcpy(rows, r, sizeof r);
    return (int)(sizeof r / sizeof r[0]);
}

int lab_cli_running_rows(lab_cli *c, cli_opt *rows)
{
    const cli_opt r[] = {
        CLI_TEXT("out", "DIR", &c->out,
                 "the output folder (made, with its parents, if missing;\nnever overwritten)"),
        CLI_INT("jobs", "N", &c->jobs, c->remote ? 0 : 1, 1024,
                "games played at once (default: every core; in\n"
                "pocketwar-mpi, rank 0's own, default 1, 0 allowed,\n"
                "beside one game on every other rank)"),
        CLI_FLAG("progress", &c->progress, "the progress bar on stderr (default: on a terminal)"),
        CLI_FLAG("no-progress", &c->no_progress, "no progress bar"),
        CLI_FLAG("quiet", &c->quiet, "print nothing but errors"),
    };
    memcpy(rows, r, sizeof r);
    return (int)(sizeof r / sizeof r[0]);
}

void lab_cli_experiment(lab_cli *c)
{
    free(c->e.rules);
    c->e.rules = strdup(c->go.rules);
    free(c->e.scenario);
    c->e.scenario = c->go.scenario ? strdup(c->go.scenario) : NULL;
    json_object_update(c->e.options, c->go.options);
}

bool lab_cli_progress(const lab_cli *c)
{
    return c->no_progress ? false : c->progress ? true : isatty(2) && !c->quiet;
}

/* ---- lab run -------------------------------------------------------------------- */

static int each_arm(void *out, const char *value)
{
    eng_error err;
    return lab_exp_add_arm(out, value, &err) ? 0 : (fail(err.msg), -1);
}

static int each_skill(void *out, const char *value)
{
    eng_error err;
    return lab_exp_set_skill(out, value, &err) ? 0 : (fail(err.msg), -1);
}

typedef struct shard_opt {
    int shard, shards;
} shard_opt;

static int each_shard(void *out, const char *value)
{
    shard_opt *s = out;
    char tail;
    if (sscanf(value, "%d/%d%c", &s->shard, &s->shards, &tail) != 2 || s->shards < 1 ||
        s->shards > 100000 || s->shard < 1 || s->shard > s->shards) {
        cli_error("lab run", "--shard takes I/N, 1 <= I <= N (e.g. 2/4), not \"%s\"", value);
        return -1;
    }
    return 0;
}

static int lab_run_cmd(int argc, char **argv)
{
    lab_cli c;
    lab_cli_init(&c);
    lab_exp *e = &c.e;
    const char *resume = NULL, *expfile = NULL, *odds_pos = NULL, *odds_action = NULL;
    double sprt = NAN;
    shard_opt sh = {0, 0};
    int rc = 2;
    eng_error err;
    json_t *summary = NULL;
    lab_result res = {0};
    const cli_usage usage = {
        "lab run --arm LABEL[:KEY=VALUE...] [--arm ...] --out DIR [OPTIONS]\n"
        "       pocketwar lab run --experiment FILE --out DIR [--jobs N]\n"
        "       pocketwar lab run --resume DIR [--jobs N]",
        "Plays every seed in every arm from both seatings (the players swap sides)\n"
        "and writes DIR/games.jsonl (one line per game), summary.json, summary.csv,\n"
        "experiment.json and report.html; prints the verdict lines and a table.\n"
        "The same experiment gives the same results at any --jobs, on any machine.\n"
        "(--variant and --option apply to every arm.)\n", NULL};
    cli_opt opts[CLI_OPTS_MAX];
    int n = 0;
    opts[n++] = (cli_opt)CLI_VARIANTS(&c.go);
    opts[n++] = (cli_opt)CLI_EACH("arm", "SPEC", each_arm, e,
                                  "an arm: LABEL[:KEY=VALUE...], the keys being variant,\n"
                                  "scenario or any variant option (repeatable; default\n"
                                  "one arm \"base\"); e.g. steppes:variant=steppes");
    n += lab_cli_experiment_rows(&c, opts + n);
    opts[n++] = (cli_opt)CLI_EACH("skill", "A,B", each_skill, e,
                                  "also play A against B in every arm, on the arm's seeds\n"
                                  "from both seatings, in games of their own: the skill\n"
                                  "figure is A's score there (the main games and their\n"
                                  "figures are as without it)");
    opts[n++] = (cli_opt)CLI_INT("skill-games", "N", &e->skill_games, 2, 10000000,
                                 "skill games per arm, both seatings counted (default:\n"
                                 "as --games)");
    opts[n++] = (cli_opt)CLI_REAL("sprt", "DELTA", &sprt, -1, 1,
                                  "stop early by a sequential test of side 1's score\n"
                                  "difference DELTA (a share: 0.05 = 5 points) against 0,\n"
                                  "each arm against the first");
    opts[n++] = (cli_opt)CLI_REAL("target-width", "W", &e->target_width, 0, 2,
                                  "stop when every interval of side 1's score (per arm\n"
                                  "and between arms) is narrower than W (a share)");
    opts[n++] = (cli_opt)CLI_TEXT("odds-position", "FILE", &odds_pos,
                                  "with --odds-action ACTION: add one action's exact odds\n"
                                  "under every arm to the report (as `pocketwar lab odds`\n"
                                  "gives them)");
    opts[n++] = (cli_opt)CLI_TEXT("odds-action", "ACTION", &odds_action, NULL);
    opts[n++] = (cli_opt)CLI_TEXT("experiment", "FILE", &expfile,
                                  "the experiment as JSON (as DIR/experiment.json holds)");
    n += lab_cli_running_rows(&c, opts + n);
    opts[n++] = (cli_opt)CLI_TEXT("resume", "DIR", &resume, "finish an interrupted run in DIR");
    opts[n++] = (cli_opt)CLI_EACH("shard", "I/N", each_shard, &sh,
                                  "play only the I-th of N shares of the seeds (seed index\n"
                                  "k with k mod N = I-1), for `pocketwar lab merge`");
    opts[n++] = (cli_opt)CLI_FLAG("records", &e->records,
                                  "keep every game's record in DIR/records/");
    opts[n++] = (cli_opt)CLI_END;
    int pr = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (pr != 0) {
        rc = pr > 0 ? 0 : 2;
        goto out;
    }
    if (!isnan(sprt)) {
        e->sprt = true;
        e->sprt_delta = sprt;
    }
    const char *out = c.out;
    if (resume || expfile) {
        if (resume && (out || expfile)) {
            fail("--resume DIR takes the experiment from DIR: give no --out or --experiment");
            goto out;
        }
        if (e->narms || c.go.given) {
            fail("the experiment comes from its file: give no --arm, --rules, --scenario, "
                 "--variant or --option beside it");
            goto out;
        }
        lab_exp_free(e);
        lab_exp_init(e);
        bool ok;
        if (resume) {
            ok = lab_dir_experiment(e, resume, &err);
        } else {
            json_t *j = json_load_file(expfile, 0, NULL);
            ok = j ? lab_exp_from_json(e, j, &err)
                   : (eng_error_set(&err, "cannot read the experiment file %s", expfile), false);
            json_decref(j);
        }
        if (!ok) {
            fail(err.msg);
            goto out;
        }
        out = resume ? resume : out;
    } else {
        lab_cli_experiment(&c);
        if (odds_pos && !(e->odds_position = position_file("lab run", odds_pos, &rc)))
            goto out;
        e->odds_action = odds_action ? strdup(odds_action) : NULL;
    }
    if (!out) {
        fail("--out DIR is needed: the folder the run's files go to");
        goto out;
    }
    if (!lab_exp_prepare(e, &err)) {
        fail(err.msg);
        goto out;
    }
    if (sh.shards > 1 && (e->sprt || e->target_width > 0)) {
        fail("an experiment with a stopping rule is played whole: no --shard with --sprt "
             "or --target-width");
        goto out;
    }
    if (!resume && !lab_dir_new(e, out, &err)) {
        fail(err.msg);
        goto out;
    }
    lab_run_opts ro = {.jobs = c.jobs, .progress = lab_cli_progress(&c),
                       .resume = resume != NULL, .shard = sh.shard - 1, .shards = sh.shards,
                       .remote = c.remote};
    if (resume && !c.quiet)
        lab_missing_tell(e, out, ro.shard, ro.shards, stderr);
    int r = lab_run(e, out, &ro, &res, &err);
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
    if (sh.shards > 1) {
        if (!c.quiet)
            printf("shard %d of %d: %d games in %s/games.jsonl; `pocketwar lab merge OUT "
                   "DIR...` puts the shards together\n", sh.shard, sh.shards,
                   res.ngames + res.nskill, out);
        rc = 0;
        goto out;
    }
    if (!lab_outputs_write(e, &res, out, &summary, &err)) {
        fail(err.msg);
        rc = 1;
        goto out;
    }
    if (!c.quiet) {
        lab_verdicts_print(summary, stdout);
        putchar('\n');
        lab_table_print(summary, stdout);
        printf("\nreport: %s/report.html\n", out);
    }
    rc = 0;
out:
    json_decref(summary);
    lab_result_free(&res);
    lab_cli_free(&c);
    return rc;
}

static int each_option(void *out, const char *value)
{
    return cli_game_opt(out, OPT_OPTION, value) < 0 ? -1 : 0;
}

static int lab_odds_cmd(int argc, char **argv)
{
    const char *pos_file = NULL, *rec_file = NULL, *action = NULL, *html = NULL;
    int to = -1, view = 0, rc = 2;
    bool as_json = false;
    lab_exp e;
    lab_exp_init(&e);
    cli_game_opts go;
    cli_game_opts_init(&go);
    json_t *pos = NULL, *odds = NULL;
    eng_match *m = NULL;
    eng_error err;
    const cli_usage usage = {
        "lab odds (--position FILE | --record FILE [--to N])\n"
        "                          --action ACTION --arm SPEC --arm SPEC [...]",
        "The exact odds of one action in one position under each arm's rules, side\n"
        "by side: each outcome's probability (\"exactly\"), the chance that at least\n"
        "k things change (\"at least\"), bars, and the change from the first arm.\n", NULL};
    const cli_opt opts[] = {
        CLI_TEXT("position", "FILE", &pos_file,
                 "the position (JSON, as `pocketwar state` prints it)"),
        CLI_TEXT("record", "FILE", &rec_file,
                 "or the position a record reaches (--to N: after N steps)"),
        CLI_INT("to", "N", &to, 0, 100000000, NULL),
        CLI_TEXT("action", "ACTION", &action,
                 "the action, in notation (as `pocketwar legal` lists it)"),
        CLI_EACH("arm", "SPEC", each_arm, &e, "an arm, LABEL[:KEY=VALUE...] as for `lab run`"),
        CLI_EACH("option", "KEY=VALUE", each_option, &go, "an option every arm shares"),
        CLI_INT("view", "N", &view, 1, ENG_MAX_PLAYERS,
                "the odds as side N may know them (default: all seen)"),
        CLI_FLAG("json", &as_json, "print JSON"),
        CLI_TEXT("html", "FILE", &html, "also write a page of bars to FILE"),
        CLI_END,
    };
    int pr = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (pr != 0) {
        rc = pr > 0 ? 0 : 2;
        goto out;
    }
    view = cli_view(view);
    if (!action || !!pos_file == !!rec_file || e.narms < 1) {
        fail("lab odds takes --position FILE or --record FILE, --action ACTION and one "
             "or more --arm (see `pocketwar lab odds --help`)");
        goto out;
    }
    if (pos_file) {
        if (!(pos = position_file("lab odds", pos_file, &rc)))
            goto out;
        const char *r = json_string_value(json_object_get(pos, "rules"));
        const char *sc = json_string_value(json_object_get(pos, "scenario"));
        e.rules = strdup(r ? r : eng_rules_name(eng_rules_default()));
        e.scenario = sc ? strdup(sc) : NULL;
    } else {
        int load_rc;   /* the exit status stays 2 */
        if (!(m = cli_record_at("lab odds", rec_file, to, 0, &load_rc)))
            goto out;
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
    /* a position that does not load under an arm, or an action not legal
     * there, is bad input given on the command line: 2, as `lab run
     * --odds-action` refuses the same */
    if (!(odds = lab_odds_compare(&e, pos, action, view, &err))) {
        fail(err.msg);
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
    const cli_usage usage = {
        "lab merge OUT DIR [DIR...]",
        "Puts the shards of one experiment (`lab run --shard I/N --out DIR`) together\n"
        "in the new folder OUT with its summary, table and report: the same\n"
        "summary.json, byte for byte, as the experiment run whole. Each shard's\n"
        "side 1 score is tested against the rest's (shards.json, the report's\n"
        "Shards section); a shard that differs more than chance allows is named.\n", NULL};
    const cli_opt opts[] = {CLI_END};
    int first, pr = cli_opts_parse(&usage, opts, argc, argv, &first);
    if (pr != 0)
        return pr > 0 ? 0 : 2;
    argc -= first - 1;
    argv += first - 1;
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
    int thumb = 16, normal = 2;
    bool quiet = false;
    const char *only = NULL;
    const cli_usage usage = {
        "lab bench [--rules NAME] [--thumb-games N] [--normal-games N] [--quiet]",
        "The lab's throughput: battles per second on each rule set's default\n"
        "scenario with thumb and normal players, on 1 and 2 jobs, and the scaling\n"
        "ratio. A line on standard error as each timing starts.\n", NULL};
    const cli_opt opts[] = {
        CLI_INT("thumb-games", "N", &thumb, 2, 100000, "battles between thumbs (default 16)"),
        CLI_INT("normal-games", "N", &normal, 0, 100000,
                "battles between normal players (default 2; 0 leaves\nthem out)"),
        CLI_TEXT("rules", "NAME", &only, "only this rule set"),
        CLI_FLAG("quiet", &quiet, "no progress lines on standard error"),
        CLI_END,
    };
    int pr = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (pr != 0)
        return pr > 0 ? 0 : 2;
    if (only && !eng_rules_find(only)) {
        cli_error("lab bench", "no rule set named \"%s\"", only);
        return 2;
    }
    eng_error err;
    if (lab_bench(stdout, quiet ? NULL : stderr, only, thumb, normal, &err) != 0) {
        fail(err.msg);
        return 1;
    }
    return 0;
}

/* The game (set, arm, seed, seating) among a run's games, or NULL. */
static const lab_game *game_in(const lab_result *res, int set, int arm, uint64_t seed,
                               int seating)
{
    const lab_game *g = set == LAB_SET_SKILL ? res->skill : res->game;
    int n = set == LAB_SET_SKILL ? res->nskill : res->ngames;
    for (int i = 0; i < n; i++)
        if (g[i].arm == arm && g[i].seed == seed && g[i].seating == seating)
            return &g[i];
    return NULL;
}

static int lab_record_cmd(int argc, char **argv)
{
    bool skill = false;
    const cli_usage usage = {
        "lab record DIR ARM SEED SEATING [--skill]",
        "Plays one game of the run in DIR again, exactly (its arm, seed and seating\n"
        "as games.jsonl gives them; SEATING 0: player A takes side 1, 1: player B\n"
        "does), and keeps its record where `lab run --records` would have:\n"
        "DIR/records/ARM-SEED-SEATING.pwr (skill-ARM-SEED-SEATING.pwr for a skill\n"
        "game, --skill), which `pocketwar replay` checks and shows step by step.\n"
        "Says whether the game is the one in games.jsonl (the same steps and\n"
        "result).\n", NULL};
    const cli_opt opts[] = {
        CLI_FLAG("skill", &skill, "a game of the skill set (--skill A,B)"),
        CLI_END,
    };
    int first, pr = cli_opts_parse(&usage, opts, argc, argv, &first);
    if (pr != 0)
        return pr > 0 ? 0 : 2;
    argc -= first - 1;
    argv += first - 1;
    if (argc != 5)
        return fail("lab record takes DIR ARM SEED SEATING (see `pocketwar lab record --help`)");
    const char *dir = argv[1], *label = argv[2];
    uint64_t seed;
    int seating;
    if (cli_parse_u64("SEED", argv[3], &seed) != 0 ||
        cli_parse_int("SEATING", argv[4], 0, 1, &seating) != 0)
        return 2;
    lab_exp e;
    lab_exp_init(&e);
    lab_result res = {0};
    lab_game g = {0};
    eng_error err;
    int rc = 2, set = skill ? LAB_SET_SKILL : LAB_SET_MAIN, arm = -1;
    if (!lab_dir_experiment(&e, dir, &err) || !lab_exp_prepare(&e, &err)) {
        cli_error("lab record", "%s", err.msg);
        rc = 1;
        goto out;
    }
    arm = lab_exp_arm(&e, label);
    int seeds = skill ? lab_exp_skill_seeds(&e) : lab_exp_seeds(&e);
    if (arm < 0) {
        cli_error("lab record", "the run in %s has no arm \"%s\"", dir, label);
        goto out;
    }
    if (seed < e.seed || seed - e.seed >= (uint64_t)seeds) {
        cli_error("lab record", "SEED: the run's %sseeds are %llu to %llu", skill ? "skill " : "",
                  (unsigned long long)e.seed, (unsigned long long)e.seed + (unsigned)seeds - 1);
        goto out;
    }
    e.records = true;
    if (!lab_play(&e, set, arm, (int)(seed - e.seed), seating, dir, &g, &err)) {
        cli_error("lab record", "%s", err.msg);
        rc = 1;
        goto out;
    }
    printf("%s/%s: %d steps, %s\n", dir, g.record, g.steps, g.result);
    const lab_game *was = lab_games_load(&e, dir, &res, &err)
                          ? game_in(&res, set, arm, seed, seating) : NULL;
    if (!was) {
        printf("games.jsonl holds no such game to compare it with\n");
    } else if (was->steps != g.steps || strcmp(was->result, g.result)) {
        printf("it differs from games.jsonl (%d steps, %s): this build plays another game\n",
               was->steps, was->result);
        rc = 1;
        goto out;
    } else {
        printf("the same game as in games.jsonl; `pocketwar replay %s/%s` shows it\n", dir,
               g.record);
    }
    rc = 0;
out:
    lab_game_clear(&g);
    lab_result_free(&res);
    lab_exp_free(&e);
    return rc;
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
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } subs[] = {{"run", lab_run_cmd}, {"odds", lab_odds_cmd}, {"merge", lab_merge_cmd},
                {"sweep", cmd_lab_sweep}, {"bench", lab_bench_cmd},
                 {"record", lab_record_cmd}};   /* as the error lists them */
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
        if (!strcmp(sub, subs[i].name)) {
            char name[16];     /* "lab run": the name its --help and errors give */
            snprintf(name, sizeof name, "lab %s", subs[i].name);
            argv[1] = name;
            return subs[i].run(argc - 1, argv + 1);
        }
    cli_error("lab", "no lab command \"%s\"; the commands are run, odds, merge, sweep, bench "
              "and record",
              sub);
    return 2;
}
