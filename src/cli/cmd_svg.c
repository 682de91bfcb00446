/*
 * cmd_svg.c - `pocketwar svg RECORD`: the position a record reaches drawn
 * as SVG for one viewer, or (--actions --json) the legal actions there with
 * the board elements each involves and what the last step changed, as a
 * web page is served them.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

typedef struct svg_opts {
    int to;                     /* -1: the record's end */
    int side;                   /* --view: 1..4, 0 not given (everything) */
    bool actions, json;
    const char *out;            /* NULL: standard output */
} svg_opts;

/* Parses argv into o: the record's path, or NULL with the exit status in
 * *rc (0 after --help). */
static const char *parse(int argc, char **argv, svg_opts *o, int *rc)
{
    *o = (svg_opts){.to = -1};
    const cli_usage usage = {
        "svg RECORD [--to N] [--view SIDE] [-o FILE]\n"
        "       pocketwar svg RECORD --actions --json [--to N] [--view SIDE]",
        "Replays the record (checking every step) and draws the position it\n"
        "reaches as an SVG picture: the battlefield, the units and a key. Every\n"
        "place and unit carries a stable element id (docs/drawing.md). A side's\n"
        "view leaves out whatever that side may not see.\n", NULL};
    const cli_opt opts[] = {
        CLI_INT("to", "N", &o->to, 0, 100000000, "the position after the first N steps"),
        CLI_INT("view", "SIDE", &o->side, 1, ENG_MAX_PLAYERS,
                "draw what side SIDE (1..4) sees (default: everything)"),
        {.letter = 'o', .name = "output", .arg = "FILE", .kind = CLI_OPT_TEXT, .out = &o->out,
         .help = "write the SVG to FILE instead of standard output"},
        CLI_FLAG("actions", &o->actions,
                "instead, the legal actions (or chance outcomes) with\n"
                "the element ids each involves, acting piece first"),
        CLI_FLAG("json", &o->json,
                "with --actions: as JSON, with \"changed\", the elements\n"
                "the last step changed (the only form so far)"),
        CLI_END,
    };
    const char *path = cli_record_operand("svg", &usage, opts, NULL, argc, argv, rc);
    if (path && o->actions != o->json) {
        cli_error("svg", "--actions and --json go together (see --help)");
        *rc = 2;
        return NULL;
    }
    return path;
}

/* {"to_act", "status", "changed", "actions"} for the match's position. */
static json_t *actions_json(const eng_match *m, int view)
{
    const eng_state *s = m->state;
    char status[256];
    eng_status_text(s, status, sizeof status);
    eng_elements changed = {0};
    if (m->nsteps) {
        eng_state *before = eng_match_state_at(m, m->nsteps - 1);
        eng_step_changes(before, m->steps[m->nsteps - 1].action, s, view, &changed);
        eng_state_free(before);
    }
    return json_pack("{s:s,s:s,s:o,s:o}", "to_act", cli_to_act(m), "status", status, "changed",
                     eng_elements_json(&changed), "actions", eng_actions_json(s, view));
}

/* The record at path, replayed to o->to, if its rule set draws: NULL with
 * the exit status in *rc after a message. */
static eng_match *reach(const char *path, const svg_opts *o, int *rc)
{
    eng_match *m = cli_record_at("svg", path, o->to, o->side, rc);
    if (m && !eng_has_svg(m->game)) {
        cli_error("svg", "%s draws no SVG", eng_rules_title(m->rules));
        *rc = 1;
        eng_match_free(m);
        return NULL;
    }
    return m;
}

/* Draws the position (or lists its actions) for the view on out. */
static void draw(FILE *out, const eng_match *m, const svg_opts *o)
{
    int view = cli_view(o->side);
    if (o->actions)
        cli_json_print(out, actions_json(m, view));
    else
        eng_svg(m->state, view, out);
}

int cmd_svg(int argc, char **argv)
{
    svg_opts o;
    int rc = 2;
    const char *path = parse(argc, argv, &o, &rc);
    if (!path)
        return rc;
    eng_match *m = reach(path, &o, &rc);
    if (!m)
        return rc;
    FILE *out = o.out ? fopen(o.out, "w") : stdout;
    rc = 0;
    if (out) {
        draw(out, m, &o);
        if (out != stdout && fclose(out) != 0)
            rc = 1;
    } else {
        rc = 1;
    }
    if (rc)
        cli_error("svg", "cannot write %s", o.out);
    eng_match_free(m);
    return rc;
}
