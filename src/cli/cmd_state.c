/*
 * cmd_state.c - `pocketwar state RECORD` and `pocketwar legal RECORD`: the
 * position a record reaches, as JSON, and the legal actions there.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* How far into the record, and for whom. */
typedef struct pos_opts {
    int to;                     /* -1: to its end */
    int side;                   /* --view: 1..4, 0 not given (everything) */
} pos_opts;

int cmd_state(int argc, char **argv)
{
    pos_opts o = {.to = -1};
    bool odds = false;
    const cli_usage usage = {
        "state RECORD [--to N] [--view P] [--odds]",
        "Replays the record (checking every step) and prints the position it\n"
        "reaches as JSON. The whole position (no --view) loads back: give it to\n"
        "--position, or as RECORD to state, legal, hint and replay (a file holding\n"
        "a JSON object is read as a position).\n", NULL};
    const cli_opt opts[] = {
        CLI_INT("to", "N", &o.to, 0, 100000000, "the position after the first N steps"),
        CLI_INT("view", "P", &o.side, 1, ENG_MAX_PLAYERS,
                "only what side P (1..4) may see (default: everything)"),
        CLI_FLAG("odds", &odds,
                "add \"odds\": every legal action's exact odds, as that\n"
                "side may know them (see `pocketwar odds --help`)"),
        CLI_END,
    };
    int rc;
    const char *path = cli_record_operand("state", &usage, opts, NULL, argc, argv, &rc);
    if (!path)
        return rc;
    eng_match *m = cli_record_at("state", path, o.to, o.side, &rc);
    if (!m)
        return rc;
    int view = cli_view(o.side);
    json_t *j = eng_state_json(m->state, view);
    json_t *all = odds && j ? eng_odds_all_json(m->state, view) : NULL;
    if (all)
        json_object_set_new(j, "odds", all);
    cli_json_print(stdout, j);
    eng_match_free(m);
    return 0;
}

/* The legal actions (or, at a chance point, the outcomes with their
 * probabilities) in acts and prob: how many. */
static int legal_list(const eng_state *s, eng_action *acts, double *prob)
{
    int who = eng_current_player(s);
    if (who == ENG_CHANCE)
        return eng_chance_outcomes(s, acts, prob);
    return who >= 0 ? eng_legal_actions(s, acts) : 0;
}

/* One a line in notation; an outcome with its probability after a tab. */
static void legal_print(const eng_state *s, const eng_action *acts, const double *prob, int n)
{
    bool chance = eng_current_player(s) == ENG_CHANCE;
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        if (chance)
            printf("%s\t%.6g\n", text, prob[i]);
        else
            printf("%s\n", text);
    }
    if (eng_current_player(s) == ENG_TERMINAL)
        fprintf(stderr, "the game is over: no legal actions\n");
}

/* {"to_act", "status", "actions", "standing"} and, at a chance point,
 * "chance" (what it is for) and each outcome's probability, explained. */
static json_t *legal_json(const eng_match *m, const eng_action *acts, const double *prob,
                          int n)
{
    const eng_state *s = m->state;
    int who = eng_current_player(s);
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        json_t *e = json_pack("{s:s}", "action", text);
        if (who == ENG_CHANCE) {
            char why[512];
            json_object_set_new(e, "probability", json_real(prob[i]));
            eng_explain_outcome(s, acts[i], why, sizeof why);
            json_object_set_new(e, "explained", json_string(why));
        }
        json_array_append_new(arr, e);
    }
    char status[256], more[512];
    eng_status_text(s, status, sizeof status);
    json_t *j = json_pack("{s:s,s:s,s:o}", "to_act", cli_to_act(m), "status", status, "actions",
                          arr);
    eng_standing(s, more, sizeof more);
    json_object_set_new(j, "standing", json_string(more));
    if (who == ENG_CHANCE) {
        eng_explain_chance(s, more, sizeof more);
        json_object_set_new(j, "chance", json_string(more));
    }
    return j;
}

int cmd_legal(int argc, char **argv)
{
    pos_opts o = {.to = -1};
    bool as_json = false;
    const cli_usage usage = {
        "legal RECORD [--to N] [--json]",
        "Replays the record and lists the legal actions in the position it\n"
        "reaches, one a line in notation; at a chance point, the outcomes with\n"
        "their probabilities. RECORD may be a position file (JSON).\n", NULL};
    const cli_opt opts[] = {
        CLI_INT("to", "N", &o.to, 0, 100000000, "the position after the first N steps"),
        CLI_FLAG("json", &as_json,
                "print {\"to_act\": ..., \"actions\": [...]} instead, with\n"
                "the standing and, at a chance point, what it is for\n"
                "and each outcome explained"),
        CLI_END,
    };
    int rc;
    const char *path = cli_record_operand("legal", &usage, opts, NULL, argc, argv, &rc);
    if (!path)
        return rc;
    eng_match *m = cli_record_at("legal", path, o.to, o.side, &rc);
    if (!m)
        return rc;
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = legal_list(m->state, acts, prob);
    if (as_json)
        cli_json_print(stdout, legal_json(m, acts, prob, n));
    else
        legal_print(m->state, acts, prob, n);
    eng_match_free(m);
    return 0;
}
