/*
 * cmd_odds.c - `pocketwar odds RECORD [ACTION]`: the exact odds of an
 * action (or of every legal action) in the position a record reaches:
 * every chance outcome it sets off, enumerated, grouped by what changes
 * for the table (engine odds.c), as text or JSON.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void print_one(const eng_odds *o, bool as_json)
{
    if (as_json) {
        json_t *j = eng_odds_json(o);
        cli_json_print(stdout, j);
        return;
    }
    printf("%s:\n", o->action);
    eng_odds_print(o, stdout, "  ");
}

int cmd_odds(int argc, char **argv)
{
    int to = -1, side = 0, first, rc;
    bool all = false, as_json = false;
    const cli_usage usage = {
        "odds RECORD [ACTION] [OPTIONS]",
        "Replays the record and gives the exact odds of ACTION (notation, as `legal`\n"
        "lists it) in the position reached: every chance outcome the action sets off,\n"
        "up to the next decision of a side, grouped by what changes (units destroyed,\n"
        "damaged, wavering, retreated, where a shell lands, wounds, the battle won).\n"
        "Where the next decision is one of the combat's own choices (spending heads,\n"
        "assigning hits), the combat is followed to its end under the automatic\n"
        "choice, and the odds say so. Without ACTION, or with --all, every legal\n"
        "action's odds.\n",
        "examples:\n"
        "  pocketwar odds game.pwr \"fire INF1 c5\"\n"
        "  pocketwar odds game.pwr --to 40 --all --json\n"};
    const cli_opt opts[] = {
        CLI_INT("to", "N", &to, 0, 100000000, "the position after the first N steps"),
        CLI_INT("view", "N", &side, 1, ENG_MAX_PLAYERS,
                "the odds as side N (1..) may know them: nothing it cannot\n"
                "see is read (default: everything is seen)"),
        CLI_FLAG("all", &all, "every legal action's odds"),
        CLI_FLAG("json", &as_json, "print them as JSON"),
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, &first);
    if (r != 0)
        return r > 0 ? 0 : 2;
    int view = cli_view(side);
    if (first >= argc) {
        cli_error("odds", "give a record file, then the action (see --help)");
        return 2;
    }
    if (argc - first > 2) {
        cli_error("odds", "give one record file and one action; quote an action with "
                  "spaces: \"fire INF1 c5\" (see --help)");
        return 2;
    }
    const char *action = first + 1 < argc ? argv[first + 1] : NULL;
    if (action && all) {
        cli_error("odds", "give an action or --all, not both");
        return 2;
    }
    eng_match *m = cli_record_at("odds", argv[first], to, side, &rc);
    if (!m)
        return rc;
    rc = 1;
    int who = eng_current_player(m->state);
    if (who < 0) {
        cli_error("odds", "after %zu steps %s: no side's action to weigh", m->nsteps,
                  who == ENG_TERMINAL ? "the game is over" : "chance acts next");
        goto out;
    }
    if (!action) {
        if (as_json) {
            json_t *j = eng_odds_all_json(m->state, view);
            cli_json_print(stdout, j);
            rc = 0;
            goto out;
        }
        eng_action acts[ENG_MAX_ACTIONS];
        int n = eng_legal_actions(m->state, acts);
        for (int i = 0; i < n; i++) {
            eng_error err;
            eng_odds *o = eng_odds_compute(m->state, acts[i], view, &err);
            if (!o) {
                char t[ENG_TEXT_MAX];
                eng_action_text(m->state, acts[i], t, sizeof t);
                printf("%s:\n  %s\n", t, err.msg);
                continue;
            }
            print_one(o, false);
            eng_odds_free(o);
        }
        rc = 0;
        goto out;
    }
    eng_action a;
    eng_error err;
    if (eng_action_parse(m->state, action, &a, &err) != 0) {
        cli_error("odds", "cannot read the action \"%s\": %s", action, err.msg);
        rc = 2;                 /* the command line names no action there */
        goto out;
    }
    eng_odds *o = eng_odds_compute(m->state, a, view, &err);
    if (!o) {
        cli_error("odds", "\"%s\": %s", action, err.msg);
        goto out;
    }
    print_one(o, as_json);
    eng_odds_free(o);
    rc = 0;
out:
    eng_match_free(m);
    return rc;
}
