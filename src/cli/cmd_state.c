/*
 * cmd_state.c - `pocketwar state RECORD` and `pocketwar legal RECORD`: the
 * position a record reaches, as JSON, and the legal actions there.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

typedef struct pos_opts {
    int to;
    int view;
    bool json;
    bool odds;                  /* state: every legal action's exact odds too */
    const char *path;
} pos_opts;

/* Shared option parsing; returns -1 to exit 0 (help), -2 on error. */
static int parse(int argc, char **argv, pos_opts *o, void (*help)(void), const char *cmd)
{
    enum { OPT_TO = 1, OPT_VIEW, OPT_JSON, OPT_ODDS };
    static const struct option longopts[] = {
        {"to", required_argument, 0, OPT_TO}, {"view", required_argument, 0, OPT_VIEW},
        {"json", no_argument, 0, OPT_JSON}, {"help", no_argument, 0, 'h'},
        {"odds", no_argument, 0, OPT_ODDS}, {0, 0, 0, 0}};
    o->to = -1;
    o->view = ENG_VIEW_ALL;
    o->json = false;
    o->odds = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_TO:
            if (cli_parse_int("--to", optarg, 0, 100000000, &o->to) != 0)
                return -2;
            break;
        case OPT_VIEW:
            if (cli_parse_int("--view", optarg, 1, ENG_MAX_PLAYERS, &o->view) != 0)
                return -2;
            o->view--;
            break;
        case OPT_JSON: o->json = true; break;
        case OPT_ODDS: o->odds = true; break;
        case 'h': help(); return -1;
        default: fprintf(stderr, "see `pocketwar %s --help`\n", cmd); return -2;
        }
    }
    if (optind != argc - 1) {
        cli_error(cmd, "give one record file (see --help)");
        return -2;
    }
    o->path = argv[optind];
    return 0;
}

static eng_match *reach(const pos_opts *o, const char *cmd)
{
    eng_match *m = cli_load_record(o->path);
    if (!m)
        return NULL;
    if (o->view >= eng_game_players(m->game)) {
        cli_error(cmd, "--view: the game has %d sides", eng_game_players(m->game));
        eng_match_free(m);
        return NULL;
    }
    if (cli_record_to(m, cmd, o->to) != 0) {
        eng_match_free(m);
        return NULL;
    }
    if (o->to >= 0 && (size_t)o->to < m->nsteps)
        eng_match_undo(m, m->nsteps - (size_t)o->to);
    return m;
}

static void state_help(void)
{
    printf("usage: pocketwar state RECORD [--to N] [--view P] [--odds]\n\n"
           "Replays the record (checking every step) and prints the position it\n"
           "reaches as JSON. The whole position (no --view) loads back: give it to\n"
           "--position, or as RECORD to state, legal, hint and replay (a file holding\n"
           "a JSON object is read as a position).\n\n"
           "  --to N     the position after the first N steps\n"
           "  --view P   only what side P (1..4) may see (default: everything)\n"
           "  --odds     add \"odds\": every legal action's exact odds, as that side\n"
           "             may know them (see `pocketwar odds --help`)\n"
           "  --help     this text\n");
}

int cmd_state(int argc, char **argv)
{
    pos_opts o;
    int r = parse(argc, argv, &o, state_help, "state");
    if (r == -1)
        return 0;
    if (r < 0)
        return 2;
    eng_match *m = reach(&o, "state");
    if (!m)
        return 1;
    json_t *j = eng_state_json(m->state, o.view);
    json_t *odds = o.odds && j ? eng_odds_all_json(m->state, o.view) : NULL;
    if (odds)
        json_object_set_new(j, "odds", odds);
    cli_json_print(stdout, j);
    eng_match_free(m);
    return 0;
}

static void legal_help(void)
{
    printf("usage: pocketwar legal RECORD [--to N] [--json]\n\n"
           "Replays the record and lists the legal actions in the position it\n"
           "reaches, one a line in notation; at a chance point, the outcomes with\n"
           "their probabilities. RECORD may be a position file (JSON).\n\n"
           "  --to N     the position after the first N steps\n"
           "  --json     print {\"to_act\": ..., \"actions\": [...]} instead, with the\n"
           "             standing and, at a chance point, what it is for and each\n"
           "             outcome explained\n"
           "  --help     this text\n");
}

int cmd_legal(int argc, char **argv)
{
    pos_opts o;
    int r = parse(argc, argv, &o, legal_help, "legal");
    if (r == -1)
        return 0;
    if (r < 0)
        return 2;
    eng_match *m = reach(&o, "legal");
    if (!m)
        return 1;
    int who = eng_current_player(m->state);
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = 0;
    if (who == ENG_CHANCE)
        n = eng_chance_outcomes(m->state, acts, prob);
    else if (who >= 0)
        n = eng_legal_actions(m->state, acts);
    char status[256];
    eng_status_text(m->state, status, sizeof status);
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(m->state, acts[i], text, sizeof text);
        if (o.json) {
            json_t *e = json_pack("{s:s}", "action", text);
            if (who == ENG_CHANCE) {
                char why[512];
                json_object_set_new(e, "probability", json_real(prob[i]));
                eng_explain_outcome(m->state, acts[i], why, sizeof why);
                json_object_set_new(e, "explained", json_string(why));
            }
            json_array_append_new(arr, e);
        } else if (who == ENG_CHANCE) {
            printf("%s\t%.6g\n", text, prob[i]);
        } else {
            printf("%s\n", text);
        }
    }
    if (o.json) {
        const char *to_act = who == ENG_CHANCE ? "chance" : who == ENG_TERMINAL ? "nobody"
                             : eng_game_player_name(m->game, who);
        json_t *j = json_pack("{s:s,s:s,s:o}", "to_act", to_act, "status", status,
                              "actions", arr);
        char more[512];
        eng_standing(m->state, more, sizeof more);
        json_object_set_new(j, "standing", json_string(more));
        if (who == ENG_CHANCE) {   /* what the chance point is for */
            eng_explain_chance(m->state, more, sizeof more);
            json_object_set_new(j, "chance", json_string(more));
        }
        cli_json_print(stdout, j);
    } else {
        json_decref(arr);
        if (who == ENG_TERMINAL)
            fprintf(stderr, "the game is over: no legal actions\n");
    }
    eng_match_free(m);
    return 0;
}
