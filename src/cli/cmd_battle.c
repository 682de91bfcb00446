/*
 * cmd_battle.c - `pocketwar battle`: one game between computer players,
 * told step by step, with its result and, on request, its record.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "cli.h"
#include "narrate.h"

static void help(void)
{
    printf("usage: pocketwar battle [OPTIONS]\n\n"
           "Plays one game between computer players and prints what happened and\n"
           "the result. The same seed gives the same battle.\n\n"
           CLI_GAME_OPTS_HELP
           "  --players A,B,...   the computer player for each side, in order\n"
           "                      (default thumb for every side; choose from\n"
           "                      %s;\n"
           "                      a name may carry settings: normal:iterations=5000)\n"
           CLI_AI_OPTS_HELP
           "  --record FILE       write the game's record to FILE\n"
           "  --quiet             print only the result\n"
           "  --board             draw the final position\n"
           "  --no-color          plain text even on a terminal (also when NO_COLOR is set)\n"
           "  --max-steps N       stop an endless game after N steps (default 100000)\n"
           "  --help              this text\n", cli_ai_names());
}

int cmd_battle(int argc, char **argv)
{
    enum { OPT_PLAYERS = 1, OPT_RECORD, OPT_QUIET, OPT_BOARD, OPT_MAX, OPT_NOCOLOR };
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS,
        CLI_AI_LONGOPTS,
        {"players", required_argument, 0, OPT_PLAYERS},
        {"record", required_argument, 0, OPT_RECORD},
        {"quiet", no_argument, 0, OPT_QUIET},
        {"board", no_argument, 0, OPT_BOARD},
        {"max-steps", required_argument, 0, OPT_MAX},
        {"no-color", no_argument, 0, OPT_NOCOLOR},
        {"no-colour", no_argument, 0, OPT_NOCOLOR},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    cli_game_opts go;
    cli_game_opts_init(&go);
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    ao.allow_cheats = true;        /* the oracle: a yardstick, watched here */
    const char *players = NULL, *record = NULL;
    bool quiet = false, board = false, no_color = false;
    int max_steps = 100000, c, rc = 2;
    eng_match *m = NULL;
    ai_player *ai[ENG_MAX_PLAYERS] = {0};
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int r = cli_game_opt(&go, c, optarg);
        if (r == 0)
            r = cli_ai_opt(&ao, c, optarg);
        if (r < 0)
            goto out;
        if (r)
            continue;
        switch (c) {
        case OPT_PLAYERS: players = optarg; break;
        case OPT_RECORD: record = optarg; break;
        case OPT_QUIET: quiet = true; break;
        case OPT_BOARD: board = true; break;
        case OPT_NOCOLOR: no_color = true; break;
        case OPT_MAX:
            if (cli_parse_int("--max-steps", optarg, 1, 100000000, &max_steps) != 0)
                goto out;
            break;
        case 'h': help(); rc = 0; goto out;
        default: fprintf(stderr, "see `pocketwar battle --help`\n"); goto out;
        }
    }
    if (optind < argc) {
        cli_error("battle", "unexpected argument \"%s\"", argv[optind]);
        goto out;
    }
    if (!(m = cli_match_new(&go)))
        goto out;
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
    char result[256];
    eng_result_text(m->state, result, sizeof result);
    if (!eng_is_terminal(m->state))
        printf("stopped after %zu %s without an end\n", m->nsteps,
               eng_noun((long)m->nsteps, "step", "steps"));
    else
        printf("%sResult: %s (%zu %s)\n", quiet ? "" : "\n", result, m->nsteps,
               eng_noun((long)m->nsteps, "step", "steps"));
    char losses[512];
    if (!quiet && eng_losses_text(m->state, ENG_VIEW_ALL, losses, sizeof losses))
        printf("Losses: %s\n", losses);
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
