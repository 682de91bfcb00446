/*
 * cmd_replay.c - `pocketwar replay RECORD`: re-checks every step of a
 * record, then tells the game step by step (with boards on request) or
 * shows only where it ended.
 */
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "cli.h"
#include "narrate.h"

/* The first n steps as JSON: each with who took it, its notation as the
 * viewer sees it and, for chance outcomes, the outcome explained. */
static int replay_json(const eng_match *m, size_t n, int view)
{
    eng_state *s = eng_match_state_at(m, 0);   /* or the position it began from */
    json_t *steps = json_array();
    for (size_t i = 0; i < n; i++) {
        const eng_step *st = &m->steps[i];
        char text[ENG_TEXT_MAX], plain[ENG_TEXT_MAX], why[512];
        eng_action_text_seen(s, st->action, view, text, sizeof text);
        json_t *e = json_pack("{s:i,s:s}", "step", (int)i + 1, "action", text);
        if (st->who >= 0) {
            json_object_set_new(e, "side", json_integer(st->who + 1));
            json_object_set_new(e, "who", json_string(eng_game_player_name(m->game, st->who)));
        } else {
            json_object_set_new(e, "who", json_string(st->who == ENG_WHO_ENTERED ? "entered"
                                                                                : "chance"));
            eng_action_text(s, st->action, plain, sizeof plain);
            if (strcmp(plain, text) == 0) {
                eng_explain_outcome(s, st->action, why, sizeof why);
                json_object_set_new(e, "explained", json_string(why));
            }
        }
        json_array_append_new(steps, e);
        eng_apply_fast(s, st->action);
    }
    char status[256], result[256], standing[256];
    eng_status_text(s, status, sizeof status);
    eng_result_text(s, result, sizeof result);
    eng_standing(s, standing, sizeof standing);
    json_t *j = json_pack("{s:s,s:s,s:I,s:i,s:o,s:s,s:s,s:s}", "rules", eng_rules_name(m->rules),
                          "scenario", m->scenario, "seed", (json_int_t)m->seed, "steps_total",
                          (int)m->nsteps, "steps", steps, "status", status, "standing", standing,
                          "result", result);
    cli_json_print(stdout, j);
    eng_state_free(s);
    return 0;
}

/* Tells the first n steps of m from its start, with boards after each
 * player's decision on request, then its final board and result. */
static void tell(const eng_match *m, size_t n, int view, bool final_only, bool boards,
                 bool color)
{
    printf("%s, scenario %s, seed %llu: %zu %s, all legal\n", eng_rules_title(m->rules),
           m->scenario, (unsigned long long)m->seed, m->nsteps,
           eng_noun((long)m->nsteps, "step", "steps"));
    eng_state *s = eng_match_state_at(m, 0);   /* the scenario's start, or the position it began from */
    if (!final_only) {
        narrator nar;
        narrate_begin(&nar, stdout, view);
        for (size_t i = 0; i < n; i++) {
            narrate_step(&nar, s, m->steps[i].who, m->steps[i].action);
            eng_apply_fast(s, m->steps[i].action);
            if (boards && m->steps[i].who >= 0) {
                narrate_end(&nar);
                eng_render(s, view, color, stdout);
            }
        }
        narrate_end(&nar);
    } else {
        for (size_t i = 0; i < n; i++)
            eng_apply_fast(s, m->steps[i].action);
    }
    putchar('\n');
    eng_render(s, view, color, stdout);   /* the board ends with the status line */
    if (eng_is_terminal(s))
        cli_print_end(s, "", -1, view, false);
    eng_state_free(s);
}

int cmd_replay(int argc, char **argv)
{
    bool final_only = false, boards = false, no_color = false, as_json = false;
    int to = -1, side = 0, rc;
    const cli_usage usage = {
        "replay RECORD [OPTIONS]",
        "Checks that every step of the record is legal and that every \"chance\"\n"
        "outcome is what the seed gives, then tells the game. A record that starts\n"
        "from a position (a Position tag) is told from there.\n", NULL};
    const cli_opt opts[] = {
        CLI_FLAG("final", &final_only, "show only the final position and result"),
        CLI_FLAG("boards", &boards, "draw the board after every player's decision"),
        CLI_INT("to", "N", &to, 0, 100000000, "stop after N steps"),
        CLI_INT("view", "P", &side, 1, ENG_MAX_PLAYERS,
                "draw as side P sees it (1..4; default: everything)"),
        CLI_FLAG("no-color", &no_color, "plain text even on a terminal"),
        CLI_FLAG("json", &as_json, "the steps as JSON, each chance outcome explained, and the\n"
                 "result (with --to, up to there)"),
        CLI_END,
    };
    const char *path = cli_record_operand("replay", &usage, opts, NULL, argc, argv, &rc);
    if (!path)
        return rc;
    /* the whole record, told up to --to (its header gives every step) */
    eng_match *m = cli_record_at("replay", path, -1, side, &rc);
    if (!m)
        return rc;
    if (cli_record_to(m, "replay", to) != 0) {
        eng_match_free(m);
        return 2;
    }
    int view = cli_view(side);
    size_t n = to >= 0 && (size_t)to < m->nsteps ? (size_t)to : m->nsteps;
    if (as_json) {
        rc = replay_json(m, n, view);
        eng_match_free(m);
        return rc;
    }
    tell(m, n, view, final_only, boards, !no_color && cli_color(stdout));
    eng_match_free(m);
    return 0;
}
