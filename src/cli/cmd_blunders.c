/*
 * cmd_blunders.c - `pocketwar blunders`: how often computer players pick a
 * plainly wrong move. The suite is a set of records (docs/ai.md, "The
 * blunder suite"), each ending in a position whose header names, in tags
 * Blunder, Blunder2, Blunder3 ..., a class of wrong move and the actions
 * of that class there: [Blunder "turning away from the enemy: face INF1 N,
 * face INF2 N"]. Each player decides in each position a few times (its own
 * seeds 1..N); every choice listed is a blunder of its class. In self-play
 * (each player against itself on the suite's rule sets' default scenarios)
 * a decision counts as a blunder when the rule set's playout hint gives the
 * chosen action no weight while it gives another some: the plainly wrong
 * moves the rule set itself recognises.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define BL_MAX_CLASSES 8
#define BL_MAX_FILES 256

typedef struct bl_class {
    char name[96];
    int n;
    eng_action act[ENG_MAX_ACTIONS];
} bl_class;

typedef struct bl_position {
    char *path;
    eng_match *m;
    int nclasses;
    bl_class cls[BL_MAX_CLASSES];
} bl_position;

/* "class: a1, a2" into c, the actions parsed in the position; -1 after a
 * message naming the file. */
static int read_class(const char *path, const char *tag, const char *text,
                      const eng_state *s, bl_class *c)
{
    const char *colon = strchr(text, ':');
    if (!colon) {
        cli_error("blunders", "%s: tag %s: \"%s\" is not CLASS: ACTION, ACTION, ...", path,
                  tag, text);
        return -1;
    }
    snprintf(c->name, sizeof c->name, "%.*s", (int)(colon - text), text);
    char *list = strdup(colon + 1), *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ')
            tok++;
        size_t len = strlen(tok);
        while (len && tok[len - 1] == ' ')
            tok[--len] = '\0';
        eng_error err;
        eng_action a;
        if (eng_action_parse(s, tok, &a, &err) != 0 || !eng_is_legal(s, a, &err)) {
            cli_error("blunders", "%s: tag %s: \"%s\": %s", path, tag, tok, err.msg);
            free(list);
            return -1;
        }
        if (c->n < ENG_MAX_ACTIONS)
            c->act[c->n++] = a;
    }
    free(list);
    if (c->n == 0) {
        cli_error("blunders", "%s: tag %s lists no action", path, tag);
        return -1;
    }
    return 0;
}

static int load_position(const char *path, bl_position *p)
{
    memset(p, 0, sizeof *p);
    p->path = strdup(path);
    if (!(p->m = cli_load_record(path)))
        return -1;
    if (eng_current_player(p->m->state) < 0) {
        cli_error("blunders", "%s: the record does not end at a player's decision", path);
        return -1;
    }
    for (int k = 1; k <= BL_MAX_CLASSES; k++) {
        char tag[32];
        if (k == 1)
            snprintf(tag, sizeof tag, "Blunder");
        else
            snprintf(tag, sizeof tag, "Blunder%d", k);
        json_t *v = p->m->tags ? json_object_get(p->m->tags, tag) : NULL;
        if (!v)
            continue;
        if (read_class(path, tag, json_string_value(v) ? json_string_value(v) : "",
                       p->m->state, &p->cls[p->nclasses]) != 0)
            return -1;
        p->nclasses++;
    }
    if (p->nclasses == 0) {
        cli_error("blunders", "%s: no Blunder tag names a wrong move", path);
        return -1;
    }
    return 0;
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The suite's files: records given, and the *.pwr in folders given, sorted. */
static int list_files(char **args, int nargs, char **files)
{
    int n = 0;
    for (int i = 0; i < nargs; i++) {
        DIR *d = opendir(args[i]);
        if (!d) {
            if (n < BL_MAX_FILES)
                files[n++] = strdup(args[i]);
            continue;
        }
        int first = n;
        for (struct dirent *e; (e = readdir(d));) {
            if (!has_suffix(e->d_name, ".pwr") || n == BL_MAX_FILES)
                continue;
            size_t len = strlen(args[i]) + strlen(e->d_name) + 2;
            files[n] = malloc(len);
            snprintf(files[n++], len, "%s/%s", args[i], e->d_name);
        }
        closedir(d);
        qsort(files + first, (size_t)(n - first), sizeof *files, by_name);
    }
    return n;
}

/* The class of action a in p, or -1. */
static int class_of(const bl_position *p, eng_action a)
{
    for (int c = 0; c < p->nclasses; c++)
        for (int i = 0; i < p->cls[c].n; i++)
            if (p->cls[c].act[i] == a)
                return c;
    return -1;
}

/* Is a, among the legal actions of s, one the rule set's hint marks as
 * plainly wrong (no weight while another has some)? */
static bool hint_blunder(const eng_state *s, eng_action a)
{
    eng_action acts[ENG_MAX_ACTIONS];
    double w[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    if (n < 2 || !ai_hints_playout_weights(s, acts, n, w))
        return false;
    bool other = false, mine = false;
    for (int i = 0; i < n; i++) {
        if (acts[i] == a)
            mine = w[i] <= 0;
        else if (w[i] > 0)
            other = true;
    }
    return mine && other;
}

/* Self-play of `spec` against itself on rule set r's default scenario,
 * games seeded 1..games: decisions with a choice, and blunders. */
static int self_play(const char *spec, const eng_rules *r, int games, const cli_ai_opts *ao0,
                     long *decisions, long *blunders)
{
    for (int g = 1; g <= games; g++) {
        eng_error err;
        eng_match *m = eng_match_new(eng_rules_name(r), eng_rules_default_scenario(r), NULL,
                                     (uint64_t)g, &err);
        if (!m) {
            cli_error("blunders", "%s", err.msg);
            return -1;
        }
        cli_ai_opts ao = *ao0;
        cli_ai_opts_for_game(&ao, m->game);
        int np = eng_game_players(m->game);
        ai_player *ai[ENG_MAX_PLAYERS] = {0};
        for (int p = 0; p < np; p++)
            ai[p] = cli_ai_make(spec, (uint64_t)g * 7919u + (uint64_t)p + 1, &ao, &err);
        for (int steps = 0; !eng_is_terminal(m->state) && steps < 100000; steps++) {
            int who = eng_current_player(m->state);
            if (who == ENG_CHANCE) {
                eng_match_apply_chance(m);
                continue;
            }
            ai_explanation why;
            eng_action a = ai_choose(ai[who], m->state, &why);
            if (why.actions > 1) {
                (*decisions)++;
                *blunders += hint_blunder(m->state, a);
            }
            eng_match_apply(m, a, false, &err);
        }
        for (int p = 0; p < np; p++)
            ai_free(ai[p]);
        eng_match_free(m);
    }
    return 0;
}

int cmd_blunders(int argc, char **argv)
{
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    const char *players = "thumb,normal,hard";
    int tries = 3, games = 0, rc = 2, nfiles = 0, npos = 0, first;
    bool verbose = false;
    char *files[BL_MAX_FILES];
    bl_position *pos = NULL;
    char **names = NULL;
    int nnames = 0;
    char players_help[256];
    snprintf(players_help, sizeof players_help,
             "the computer players (default thumb,normal,hard),\nfrom: %s", cli_ai_names());
    const cli_usage usage = {
        "blunders [OPTIONS] SUITE...",
        "Counts how often computer players pick a plainly wrong move. SUITE is a\n"
        "record or a folder of records (*.pwr) each ending in a position whose tags\n"
        "Blunder, Blunder2, ... name a class of wrong move and its actions there:\n"
        "  [Blunder \"turning away from the enemy: face INF1 N, face INF2 N\"]\n"
        "Each player decides in each position --tries times (its seeds 1..N) and\n"
        "every listed action it picks is counted under its class. With --self-play\n"
        "N, each player also plays N games against itself on the default scenario\n"
        "of every rule set in the suite, and the decisions whose action the rule\n"
        "set's playout hint marks as plainly wrong are counted per 100 decisions.\n",
        "examples:\n"
        "  pocketwar blunders tests/blunders\n"
        "  pocketwar blunders --players normal,hard --self-play 2 tests/blunders\n"};
    const cli_opt opts[] = {
        CLI_TEXT("players", "A,B,...", &players, players_help),
        CLI_INT("tries", "N", &tries, 1, 1000, "decisions per player and position (default 3)"),
        CLI_INT("self-play", "N", &games, 0, 100000,
                "games of self-play per player and rule set (default 0)"),
        CLI_BUDGET(&ao),
        CLI_INT("threads", "N", &ao.budget.threads, 1, AI_MAX_THREADS,
                "search threads per computer player (default 1, so\n"
                "that a seed gives the same choices)"),
        CLI_FLAG("verbose", &verbose, "name every blunder picked"),
        CLI_END,
    };
    int parsed = cli_opts_parse(&usage, opts, argc, argv, &first);
    if (parsed != 0) {
        rc = parsed > 0 ? 0 : 2;
        goto out;
    }
    if (first >= argc) {
        cli_error("blunders", "name the suite: record files or folders of them (see --help)");
        goto out;
    }
    if (ao.budget.threads < 0)
        ao.budget.threads = 1;
    nfiles = list_files(argv + first, argc - first, files);
    if (nfiles == 0) {
        cli_error("blunders", "no records (*.pwr) in %s", argv[first]);
        rc = 1;                 /* a folder named that holds none: it could not */
        goto out;
    }
    pos = calloc((size_t)nfiles, sizeof *pos);
    for (npos = 0; npos < nfiles; npos++)
        if (load_position(files[npos], &pos[npos]) != 0) {
            npos++;
            rc = 1;
            goto out;
        }
    {
        char *list = strdup(players), *save = NULL;
        for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            eng_error err;
            ai_player *probe = cli_ai_make(tok, 1, &ao, &err);
            if (!probe) {
                cli_error("blunders", "--players: %s", err.msg);
                free(list);
                goto out;
            }
            ai_free(probe);
            names = realloc(names, (size_t)(nnames + 1) * sizeof *names);
            names[nnames++] = strdup(tok);
        }
        free(list);
    }
    printf("blunder suite: %d position%s, %d tr%s a player and position\n\n", npos,
           npos == 1 ? "" : "s", tries, tries == 1 ? "y" : "ies");
    printf("%-24s %9s %9s  %s\n", "player", "decisions", "blunders", "by class");
    for (int k = 0; k < nnames; k++) {
        long decided = 0, picked = 0;
        char by[1024] = "";
        /* tally by class name across positions */
        char cname[64][96];
        int ccount[64], nc = 0;
        for (int i = 0; i < npos; i++) {
            cli_ai_opts o = ao;
            cli_ai_opts_for_game(&o, pos[i].m->game);
            for (int t = 1; t <= tries; t++) {
                eng_error err;
                ai_player *p = cli_ai_make(names[k], (uint64_t)t, &o, &err);
                eng_action a = ai_choose(p, pos[i].m->state, NULL);
                ai_free(p);
                decided++;
                int cl = class_of(&pos[i], a);
                if (cl < 0)
                    continue;
                picked++;
                if (verbose) {
                    char text[ENG_TEXT_MAX];
                    eng_action_text(pos[i].m->state, a, text, sizeof text);
                    printf("  %s, seed %d, %s: %s (%s)\n", names[k], t, pos[i].path, text,
                           pos[i].cls[cl].name);
                }
                int j = 0;
                while (j < nc && strcmp(cname[j], pos[i].cls[cl].name) != 0)
                    j++;
                if (j == nc && nc < 64) {
                    snprintf(cname[nc], sizeof cname[nc], "%s", pos[i].cls[cl].name);
                    ccount[nc++] = 0;
                }
                if (j < nc)
                    ccount[j]++;
            }
        }
        for (int j = 0; j < nc; j++) {
            size_t len = strlen(by);
            snprintf(by + len, sizeof by - len, "%s%s %d", j ? "; " : "", cname[j], ccount[j]);
        }
        printf("%-24s %9ld %9ld  %s\n", names[k], decided, picked, nc ? by : "-");
    }
    if (games > 0) {
        printf("\nself-play: %d game%s a player and rule set, each against itself\n\n", games,
               games == 1 ? "" : "s");
        printf("%-24s %-18s %9s %9s %12s\n", "player", "rule set", "decisions", "blunders",
               "per 100");
        for (int k = 0; k < nnames; k++)
            for (const eng_rules *const *r = eng_registry(); *r; r++) {
                bool used = false;
                for (int i = 0; i < npos; i++)
                    used = used || pos[i].m->rules == *r;
                if (!used)
                    continue;
                long dec = 0, bl = 0;
                if (self_play(names[k], *r, games, &ao, &dec, &bl) != 0)
                    goto out;
                printf("%-24s %-18s %9ld %9ld %12.2f\n", names[k], eng_rules_name(*r), dec,
                       bl, dec ? 100.0 * (double)bl / (double)dec : 0.0);
                fflush(stdout);
            }
    }
    rc = 0;
out:
    for (int i = 0; i < npos; i++) {
        free(pos[i].path);
        if (pos[i].m)
            eng_match_free(pos[i].m);
    }
    free(pos);
    for (int i = 0; i < nfiles; i++)
        free(files[i]);
    for (int k = 0; k < nnames; k++)
        free(names[k]);
    free(names);
    return rc;
}
