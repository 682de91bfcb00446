/*
 * cli_common.c - option handling shared by the commands: the game options,
 * numbers, records (loaded, taken to a step, and where one may be written),
 * a game's end, colour, JSON
 * output and error lines. (Computer players' names and budgets are in
 * cli_ai.c.)
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "english.h"
#include "scenario.h"

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "pocketwar %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_game_opts_init(cli_game_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rules = eng_rules_name(eng_rules_default());
    o->options = json_object();
    o->status = 2;
}

void cli_game_opts_free(cli_game_opts *o)
{
    json_decref(o->options);
    o->options = NULL;
    json_decref(o->position);
    o->position = NULL;
}

int cli_parse_u64(const char *opt, const char *arg, uint64_t *out)
{
    if (!eng_parse_u64(arg, out)) {
        fprintf(stderr, "pocketwar: %s takes a whole number from 0 to %llu, not \"%s\"\n",
                opt, (unsigned long long)UINT64_MAX, arg);
        return -1;
    }
    return 0;
}

int cli_parse_int(const char *opt, const char *arg, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (!*arg || *end || errno || v < min || v > max) {
        fprintf(stderr, "pocketwar: %s takes a whole number from %d to %d, not \"%s\"\n",
                opt, min, max, arg);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* One game option; as cli_game_opt. */
static int game_opt(cli_game_opts *o, int code, const char *arg)
{
    switch (code) {
    case OPT_RULES:
        if (!eng_rules_find(arg)) {
            fprintf(stderr, "pocketwar: no rule set named \"%s\"; the rule sets are:", arg);
            for (const eng_rules *const *r = eng_registry(); *r; r++)
                fprintf(stderr, " %s", eng_rules_name(*r));
            fputc('\n', stderr);
            return -1;
        }
        o->rules = arg;
        o->rules_given = true;
        return 1;
    case OPT_SCENARIO:
        o->scenario = arg;
        return 1;
    case OPT_SEED:
        if (cli_parse_u64("--seed", arg, &o->seed) != 0)
            return -1;
        o->seed_given = true;
        return 1;
    case OPT_OPTION: {
        const char *eq = strchr(arg, '=');
        if (!eq || eq == arg) {
            fprintf(stderr, "pocketwar: --option takes KEY=VALUE, not \"%s\"\n", arg);
            return -1;
        }
        char *key = strndup(arg, (size_t)(eq - arg));
        json_error_t jerr;
        json_t *v = json_loads(eq + 1, JSON_DECODE_ANY, &jerr);
        if (!v)
            v = json_string(eq + 1);   /* a bare word is a string */
        json_object_set_new(o->options, key, v);
        free(key);
        return 1;
    }
    case OPT_POSITION: {
        eng_error err;
        json_t *p = eng_json_file(arg, &err);
        o->status = 1;          /* a file that cannot be read or holds no position */
        if (!p) {
            fprintf(stderr, "pocketwar: --position: %s\n", err.msg);
            return -1;
        }
        if (!json_is_object(p)) {
            fprintf(stderr, "pocketwar: --position: %s holds no position (a JSON object)\n",
                    arg);
            json_decref(p);
            return -1;
        }
        o->status = 2;
        const char *r = json_string_value(json_object_get(p, "rules"));
        if (!o->rules_given && r && eng_rules_find(r))
            o->rules = eng_rules_name(eng_rules_find(r));
        json_decref(o->position);
        o->position = p;
        return 1;
    }
    case OPT_VARIANT: {
        const eng_rules *r = eng_rules_find(o->rules);
        eng_error err;
        json_t *v = eng_variant_load(r, arg, &err);
        if (!v) {
            fprintf(stderr, "pocketwar: --variant: %s\n", err.msg);
            o->status = eng_data_is_path(arg) ? 1 : 2;    /* a file, or an unknown name */
            return -1;
        }
        json_object_update(o->options, json_object_get(v, "options"));
        json_decref(v);
        return 1;
    }
    default:
        return 0;
    }
}

int cli_game_opt(cli_game_opts *o, int code, const char *arg)
{
    static const char *const names[] = {"--rules", "--scenario", "--variant", "--option",
                                        "--seed", "--position"};
    int r = game_opt(o, code, arg);
    if (r > 0 && !o->given)
        o->given = names[code - OPT_RULES];
    return r;
}

uint64_t cli_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid()) % 1000000000u;
}

/* A position of one scenario played under another's name would mix two
 * battles (the board of one, the briefing and limits of the other): the
 * rule set's mismatch is refused by the engine, the scenario's here (a
 * wrong command line: *mismatch set). m is freed on a mismatch; NULL with
 * err. */
static eng_match *same_scenario(const cli_game_opts *o, eng_match *m, eng_error *err,
                                bool *mismatch)
{
    const char *held = json_string_value(json_object_get(o->position, "scenario"));
    const char *game = m ? eng_game_scenario_name(m->game) : NULL;
    if (!m || !o->scenario || !held || strcmp(held, o->scenario) == 0 || strcmp(held, game) == 0)
        return m;
    *mismatch = true;
    eng_error_set(err, "it is of scenario %s, but --scenario names %s; leave out --scenario "
                  "to play its own", held, o->scenario);
    eng_match_free(m);
    return NULL;
}

/* Why the options made no game, as an exit status: 2 when the command line
 * is wrong (a scenario name not shipped, an option the game refuses), 1 when
 * a file they name does not load or check (a scenario file, the position). */
static int match_status(const cli_game_opts *o)
{
    const eng_rules *r = eng_rules_find(o->rules);
    const char *name = o->scenario;
    if (!name && o->position)
        name = json_string_value(json_object_get(o->position, "scenario"));
    if (!r)
        return 2;
    if (!name)
        name = eng_rules_default_scenario(r);
    eng_error err;
    json_t *sc = eng_scenario_load(r, name, &err);
    if (!sc)        /* named on the command line: a name or a file; else the position's */
        return o->scenario && !eng_data_is_path(name) ? 2 : 1;
    eng_game *g = eng_game_new(r, sc, NULL, &err);
    int rc = 1;     /* the scenario file does not check, or the position does not */
    if (g) {
        eng_game_free(g);
        g = eng_game_new(r, sc, o->options, &err);
        if (!g)
            rc = 2;
        eng_game_free(g);
    }
    json_decref(sc);
    return rc;
}

/* cli_match_seeded, saying whether a position was refused for naming
 * another scenario; keep_seed: a position keeps its own seed and generator
 * (else `seed` deals it anew). */
static eng_match *match_seeded(const cli_game_opts *o, uint64_t seed, bool keep_seed,
                               eng_error *err, bool *mismatch)
{
    if (!o->position)
        return eng_match_new(o->rules, o->scenario, o->options, seed, err);
    json_t *p = json_deep_copy(o->position);
    if (!keep_seed) {
        json_object_del(p, "seed");
        json_object_del(p, "generator");
    }
    eng_match *m = same_scenario(o, eng_match_new_at(o->rules, o->scenario, o->options, p,
                                                     seed, err), err, mismatch);
    json_decref(p);
    return m;
}

eng_match *cli_match_new(cli_game_opts *o)
{
    bool seeded = o->seed_given;   /* with --position: --seed wins over the position's */
    if (!o->seed_given) {
        o->seed = cli_clock_seed();
        o->seed_given = true;
    }
    eng_error err;
    bool mismatch = false;
    eng_match *m = match_seeded(o, o->seed, !seeded, &err, &mismatch);
    if (!m) {
        fprintf(stderr, "pocketwar: %s%s\n", o->position ? "the position: " : "", err.msg);
        o->status = mismatch ? 2 : match_status(o);
    }
    return m;
}

eng_match *cli_match_seeded(const cli_game_opts *o, uint64_t seed, eng_error *err)
{
    bool mismatch;
    return match_seeded(o, seed, false, err, &mismatch);
}

/* Does the file hold JSON (its first character that is not white space
 * is '{')? Then it is a position, not a record. */
static bool holds_json(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    int c;
    while ((c = fgetc(f)) == ' ' || c == '\n' || c == '\t' || c == '\r')
        ;
    fclose(f);
    return c == '{';
}

eng_match *cli_load_record(const char *path)
{
    eng_error err;
    if (holds_json(path)) {
        json_t *p = eng_json_file(path, &err);
        eng_match *m = p ? eng_match_new_at(NULL, NULL, NULL, p, 0, &err) : NULL;
        json_decref(p);
        if (!m)
            fprintf(stderr, "pocketwar: %s: %s\n", path, err.msg);
        return m;
    }
    eng_match *m = eng_match_load_file(path, &err);
    if (!m || err.msg[0])       /* an error, or the warning of a record cut short */
        fprintf(stderr, "pocketwar: %s\n", err.msg);
    return m;
}

bool cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return strcmp(a, b) == 0;
}

int cli_record_target(const char *cmd, const char *opt, const char *path, const char *ours)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error(cmd, "%s: %s is a folder; give a file name", opt, path);
        return -1;
    }
    /* a record is written beside its file and renamed over it: the folder
     * must take a new file */
    char *dir = strdup(path);
    char *slash = strrchr(dir, '/');
    const char *d = !slash ? "." : slash == dir ? "/" : (*slash = '\0', dir);
    bool ok = access(d, W_OK | X_OK) == 0;
    int e = errno;
    if (!ok)
        cli_error(cmd, "%s: cannot write %s: %s %s", opt, path,
                  e == ENOENT || e == ENOTDIR ? "no folder" : "cannot write in", d);
    free(dir);
    if (!ok)
        return -1;
    if (stat(path, &st) != 0 || (ours && cli_same_file(path, ours)))
        return 0;
    return 1;
}

int cli_record_to(const eng_match *m, const char *cmd, int to)
{
    if (to < 0 || (size_t)to <= m->nsteps)
        return 0;
    cli_error(cmd, "--to %d: the record has only %zu step%s (--to 0 to %zu)", to, m->nsteps,
              m->nsteps == 1 ? "" : "s", m->nsteps);
    return -1;
}

eng_match *cli_record_at(const char *cmd, const char *path, int to, int side, int *rc)
{
    eng_match *m = cli_load_record(path);
    *rc = 1;
    if (!m)
        return NULL;
    *rc = 2;
    if (side > eng_game_players(m->game)) {
        cli_error(cmd, "--view: the game has %d sides", eng_game_players(m->game));
        eng_match_free(m);
        return NULL;
    }
    if (cli_record_to(m, cmd, to) != 0) {
        eng_match_free(m);
        return NULL;
    }
    if (to >= 0 && (size_t)to < m->nsteps)
        eng_match_undo(m, m->nsteps - (size_t)to);
    *rc = 0;
    return m;
}

const char *cli_record_operand(const char *cmd, const cli_usage *u, const cli_opt *opts,
                               const char *none, int argc, char **argv, int *rc)
{
    int first;
    int r = cli_opts_parse(u, opts, argc, argv, &first);
    *rc = r > 0 ? 0 : 2;
    if (r != 0)
        return NULL;
    if (first < argc - 1)
        cli_error(cmd, "give one record file, not several (see --help)");
    else if (first == argc)
        cli_error(cmd, "%s (see --help)", none ? none : "give one record file");
    else
        return argv[first];
    return NULL;
}

int cli_view(int side)
{
    return side > 0 ? side - 1 : ENG_VIEW_ALL;
}

const char *cli_to_act(const eng_match *m)
{
    int who = eng_current_player(m->state);
    return who == ENG_CHANCE ? "chance" : who == ENG_TERMINAL ? "nobody"
           : eng_game_player_name(m->game, who);
}

bool cli_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return false;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(fileno(f));
}

void cli_json_print(FILE *out, json_t *j)
{
    char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fprintf(out, "%s\n", s);
    free(s);
    json_decref(j);
}

/* Edit distance with transpositions ("hlep" is one from "help"), capped. */
static int distance(const char *a, const char *b)
{
    enum { MAX = 32 };
    size_t n = strlen(a), m = strlen(b);
    if (n >= MAX || m >= MAX)
        return MAX;
    int d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v)
                v = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[n][m];
}

const char *cli_suggest(const char *word, const char *const *names)
{
    const char *best = NULL;
    int best_d = 0;
    size_t len = strlen(word);
    int most = len <= 4 ? 1 : 2;      /* a slip of a finger or two, not another word */
    for (const char *const *p = names; *p; p++) {
        int dist = distance(word, *p);
        if (dist > 0 && dist <= most && (!best || dist < best_d)) {
            best = *p;
            best_d = dist;
        }
    }
    return best;
}

void cli_print_end(const eng_state *s, const char *lead, long steps, int viewer, bool brief)
{
    if (eng_is_terminal(s)) {
        char result[256], why[ENG_ERROR_MAX];
        eng_result_text(s, result, sizeof result);
        printf("%sResult: %s", lead, result);
        if (steps >= 0)
            printf(" (%ld %s)", steps, eng_noun(steps, "step", "steps"));
        putchar('\n');
        eng_ending_why(s, why, sizeof why);
        if (!brief && why[0])
            printf("Why: %s\n", why);
    }
    char losses[512];
    if (!brief && eng_losses_text(s, viewer, losses, sizeof losses))
        printf("Losses: %s\n", losses);
}
