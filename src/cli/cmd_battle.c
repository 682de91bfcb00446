/*
 * cmd_battle.c - `pocketwar battle`: one game between computer players,
 * told step by step, with its result and, on request, its record. The
 * record's file is checked before the game: a folder that takes no file,
 * or a file holding something else, is refused before any move is made.
 */
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "cli.h"
#include "narrate.h"

/* The record's tag lines, but the result: what fixes a battle (rule set,
 * scenario, options, seed, players). A malloc'd string; NULL if none. */
static char *setup_tags(FILE *f)
{
    char *out = NULL, *line = NULL;
    size_t outlen = 0, cap = 0;
    FILE *mem = open_memstream(&out, &outlen);
    if (!mem)
        return NULL;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0 && line[0] == '[')
        if (strncmp(line, "[Result ", 8) != 0)
            fputs(line, mem);
    free(line);
    fclose(mem);
    return out;
}

/* Does the file at path hold a record of this same battle (an earlier run
 * of the same command)? */
static bool same_battle(const eng_match *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char *theirs = setup_tags(f);
    fclose(f);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    eng_error err;
    char *ours = NULL;
    if (mem && eng_match_save(m, mem, &err) == 0 && fflush(mem) == 0) {
        FILE *r = fmemopen(buf, len, "r");
        if (r) {
            ours = setup_tags(r);
            fclose(r);
        }
    }
    if (mem)
        fclose(mem);
    bool same = theirs && ours && *ours && strcmp(theirs, ours) == 0;
    free(buf);
    free(theirs);
    free(ours);
    return same;
}

/* --record FILE, before the game: 0 if the record may go there, -1 after
 * a message. The same checks as play --save; with no one to ask, a file
 * holding something else is replaced only with --force or when it is
 * this battle's own record. */
static int record_target(const eng_match *m, const char *path, bool force)
{
    int taken = cli_record_target("battle", "--record", path, NULL);
    if (taken <= 0)
        return taken;
    if (force || same_battle(m, path))
        return 0;
    cli_error("battle", "--record: %s already exists and holds something else (another "
              "game?); give another name, or add --force to replace it", path);
    return -1;
}

int cmd_battle(int argc, char **argv)
{
    cli_game_opts go;
    cli_game_opts_init(&go);
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    ao.allow_cheats = true;        /* the oracle: a yardstick, watched here */
    const char *players = NULL, *record = NULL;
    bool quiet = false, board = false, no_color = false, force = false;
    int max_steps = 100000, rc = 2;
    eng_match *m = NULL;
    ai_player *ai[ENG_MAX_PLAYERS] = {0};
    char players_help[256];
    snprintf(players_help, sizeof players_help,
             "the computer player for each side, in order\n"
             "(default thumb for every side; choose from\n%s;\n"
             "a name may carry settings: normal:iterations=5000)", cli_ai_names_all());
    const cli_usage usage = {
        "battle [OPTIONS]",
        "Plays one game between computer players and prints what happened and\n"
        "the result. The same seed gives the same battle.\n",
        "--record FILE is checked before the game starts. A FILE that exists is\n"
        "replaced only if it holds a record of this same battle (the same rules,\n"
        "scenario, options, seed and players), or with --force; otherwise the\n"
        "battle is refused with exit status 1 and the file is left as it was.\n"};
    const cli_opt opts[] = {
        CLI_GAME(&go),
        CLI_TEXT("players", "A,B,...", &players, players_help),
        CLI_AI(&ao),
        CLI_TEXT("record", "FILE", &record, "write the game's record to FILE"),
        CLI_FLAG("force", &force, "let --record replace a file holding something else"),
        CLI_FLAG("quiet", &quiet, "print only the result"),
        CLI_FLAG("board", &board, "draw the final position"),
        CLI_FLAG("no-color", &no_color,
                "plain text even on a terminal (also when NO_COLOR is set)"),
        CLI_FLAG("no-colour", &no_color, NULL),
        CLI_INT("max-steps", "N", &max_steps, 1, 100000000,
                "stop an endless game after N steps (default 100000)"),
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (r != 0) {
        rc = r > 0 ? 0 : go.status;
        goto out;
    }
    if (!(m = cli_match_new(&go))) {
        rc = go.status;
        goto out;
    }
    int np = eng_game_players(m->game);
    cli_ai_opts_for_game(&ao, m->game);
    {
        char *list = strdup(players ? players : "");
        char *save = NULL, *tok = strtok_r(list, ",", &save);
        for (int p = 0; p < np; p++) {
            const char *name = tok ? tok : "thumb";
            if (!(ai[p] = cli_ai_new(name, go.seed * 7919u + (uint64_t)p + 1, &ao))) {
                free(list);
                goto out;
            }
            eng_match_set_player(m, p, name);
            if (tok)
                tok = strtok_r(NULL, ",", &save);
        }
        if (tok) {
            cli_error("battle", "--players names more sides than the scenario has (%d)", np);
            free(list);
            goto out;
        }
        free(list);
    }
    if (record && record_target(m, record, force) != 0) {
        rc = 1;
        goto out;
    }
    if (!quiet) {
        printf("%s, scenario %s, seed %llu\n", eng_rules_title(m->rules), m->scenario,
               (unsigned long long)m->seed);
        for (int p = 0; p < np; p++) {
            char what[160];
            cli_ai_describe(ai[p], m->players[p], what, sizeof what);
            printf("  %s: %s\n", eng_game_player_name(m->game, p), what);
        }
        putchar('\n');
    }
    narrator nar;
    narrate_begin(&nar, stdout, ENG_VIEW_ALL);
    while (!eng_is_terminal(m->state) && (int)m->nsteps < max_steps) {
        int who = eng_current_player(m->state);
        eng_action a = who == ENG_CHANCE ? eng_chance_sample(m->state)
                                         : ai_choose(ai[who], m->state, NULL);
        if (!quiet)
            narrate_step(&nar, m->state, who == ENG_CHANCE ? ENG_WHO_CHANCE : who, a);
        eng_error err;
        if (eng_match_apply(m, a, false, &err) != 0) {
            cli_error("battle", "internal: a computer player chose an illegal action: %s", err.msg);
            rc = 1;
            goto out;
        }
    }
    narrate_end(&nar);
    if (board) {
        putchar('\n');
        eng_render(m->state, ENG_VIEW_ALL, !no_color && cli_color(stdout), stdout);
    }
    if (!eng_is_terminal(m->state))
        printf("stopped after %zu %s without an end\n", m->nsteps,
               eng_noun((long)m->nsteps, "step", "steps"));
    cli_print_end(m->state, quiet ? "" : "\n", (long)m->nsteps, ENG_VIEW_ALL, quiet);
    if (record) {
        eng_error err;
        if (eng_match_save_file(m, record, &err) != 0) {
            cli_error("battle", "%s", err.msg);
            rc = 1;
            goto out;
        }
        if (!quiet)
            printf("record written to %s\n", record);
    }
    rc = 0;
out:
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        ai_free(ai[p]);
    eng_match_free(m);
    cli_game_opts_free(&go);
    return rc;
}
