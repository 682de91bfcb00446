/*
 * cmd_svg.c - `pocketwar svg RECORD`: the position a record reaches drawn
 * as SVG for one viewer, or (--actions --json) the legal actions there with
 * the board elements each involves and what the last step changed, as a
 * web page is served them.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void svg_help(void)
{
    printf("usage: pocketwar svg RECORD [--to N] [--view SIDE] [-o FILE]\n"
           "       pocketwar svg RECORD --actions --json [--to N] [--view SIDE]\n\n"
           "Replays the record (checking every step) and draws the position it\n"
           "reaches as an SVG picture: the battlefield, the units and a key. Every\n"
           "place and unit carries a stable element id (docs/drawing.md). A side's\n"
           "view leaves out whatever that side may not see.\n\n"
           "  --to N          the position after the first N steps\n"
           "  --view SIDE     draw what side SIDE (1..4) sees (default: everything)\n"
           "  -o, --output F  write the SVG to F instead of standard output\n"
           "  --actions       instead, the legal actions (or chance outcomes) with the\n"
           "                  element ids each involves, acting piece first\n"
           "  --json          with --actions: as JSON, with \"changed\", the elements the\n"
           "                  last step changed (the only form so far)\n"
           "  --help          this text\n");
}

typedef struct svg_opts {
    int to, view;
    bool actions, json;
    const char *out, *path;
} svg_opts;

static int parse(int argc, char **argv, svg_opts *o)
{
    enum { OPT_TO = 1, OPT_VIEW, OPT_ACTIONS, OPT_JSON };
    static const struct option longopts[] = {
        {"to", required_argument, 0, OPT_TO},    {"view", required_argument, 0, OPT_VIEW},
        {"output", required_argument, 0, 'o'},   {"actions", no_argument, 0, OPT_ACTIONS},
        {"json", no_argument, 0, OPT_JSON},      {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    *o = (svg_opts){.to = -1, .view = ENG_VIEW_ALL};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_TO:
            if (cli_parse_int("--to", optarg, 0, 100000000, &o->to) != 0)
                return 2;
            break;
        case OPT_VIEW:
            if (cli_parse_int("--view", optarg, 1, ENG_MAX_PLAYERS, &o->view) != 0)
                return 2;
            o->view--;
            break;
        case 'o': o->out = optarg; break;
        case OPT_ACTIONS: o->actions = true; break;
        case OPT_JSON: o->json = true; break;
        case 'h': svg_help(); return -1;
        default: fprintf(stderr, "see `pocketwar svg --help`\n"); return 2;
        }
    }
    if (optind != argc - 1) {
        cli_error("svg", "give one record file (see --help)");
        return 2;
    }
    if (o->actions != o->json) {
        cli_error("svg", "--actions and --json go together (see --help)");
        return 2;
    }
    o->path = argv[optind];
    return 0;
}

/* {"to_act", "status", "changed", "actions"} for the match's position. */
static json_t *actions_json(const eng_match *m, int view)
{
    const eng_state *s = m->state;
    int who = eng_current_player(s);
    char status[256];
    eng_status_text(s, status, sizeof status);
    const char *to_act = who == ENG_CHANCE ? "chance" : who == ENG_TERMINAL ? "nobody"
                         : eng_game_player_name(m->game, who);
    eng_elements changed = {0};
    if (m->nsteps) {
        eng_state *before = eng_match_state_at(m, m->nsteps - 1);
        eng_step_changes(before, m->steps[m->nsteps - 1].action, s, view, &changed);
        eng_state_free(before);
    }
    return json_pack("{s:s,s:s,s:o,s:o}", "to_act", to_act, "status", status, "changed",
                     eng_elements_json(&changed), "actions", eng_actions_json(s, view));
}

int cmd_svg(int argc, char **argv)
{
    svg_opts o;
    int r = parse(argc, argv, &o);
    if (r)
        return r < 0 ? 0 : r;
    eng_match *m = cli_load_record(o.path);
    if (!m)
        return 1;
    int rc = 0;
    if (o.view >= eng_game_players(m->game)) {
        cli_error("svg", "--view: the game has %d sides", eng_game_players(m->game));
        rc = 2;
    } else if (!eng_has_svg(m->game)) {
        cli_error("svg", "%s draws no SVG", eng_rules_title(m->rules));
        rc = 1;
    }
    if (rc) {
        eng_match_free(m);
        return rc;
    }
    if (o.to >= 0 && (size_t)o.to < m->nsteps)
        eng_match_undo(m, m->nsteps - (size_t)o.to);
    FILE *out = stdout;
    if (o.out && !(out = fopen(o.out, "w"))) {
        cli_error("svg", "cannot write %s", o.out);
        eng_match_free(m);
        return 1;
    }
    if (o.actions) {
        json_t *j = actions_json(m, o.view);
        cli_json_print(out, j);
    } else {
        eng_svg(m->state, o.view, out);
    }
    if (out != stdout && fclose(out) != 0) {
        cli_error("svg", "cannot write %s", o.out);
        rc = 1;
    }
    eng_match_free(m);
    return rc;
}
