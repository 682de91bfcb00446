/*
 * cmd_hint.c - `pocketwar hint RECORD`: what a computer player would do in
 * the position a record reaches: its best candidates for the side to move,
 * with the visits behind each and its estimated chance of winning. The
 * player judges from that side's seat: what the side cannot see is
 * re-dealt, never read.
 */
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "cli.h"

int cmd_hint(int argc, char **argv)
{
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    const char *spec = "normal";
    uint64_t seed = 1;
    int to = -1, count = 5, rc;
    bool as_json = false;
    char ai_help[256], count_help[64];
    snprintf(ai_help, sizeof ai_help,
             "the computer player (default normal; choose from\n%s)", cli_ai_names());
    snprintf(count_help, sizeof count_help, "candidates to show (1..%d, default 5)",
             AI_EXPLAIN_MAX);
    const cli_usage usage = {
        "hint RECORD [OPTIONS]",
        "Replays the record and asks a computer player for its best candidates for\n"
        "the side to move, with the visits (or tries) behind each and the estimated\n"
        "chance of winning (\"not searched\", and null in --json, where it never\n"
        "tried an action). It judges from that side's seat only. RECORD may be a\n"
        "position file (JSON, as `pocketwar state` prints it).\n",
        "examples:\n"
        "  pocketwar hint game.pwr\n"
        "  pocketwar hint game.pwr --to 120 --ai hard --count 8\n"};
    const cli_opt opts[] = {
        CLI_INT("to", "N", &to, 0, 100000000, "the position after the first N steps"),
        CLI_TEXT("ai", "NAME", &spec, ai_help),
        CLI_U64("ai-seed", "N", &seed, "seed of its own generator (default 1)"),
        CLI_AI(&ao),
        CLI_INT("count", "N", &count, 1, AI_EXPLAIN_MAX, count_help),
        CLI_FLAG("json", &as_json, "print the candidates as JSON"),
        CLI_END,
    };
    const char *path = cli_record_operand("hint", &usage, opts, "give a record file", argc,
                                          argv, &rc);
    if (!path)
        return rc;
    ai_player *ai = cli_ai_new(spec, seed, &ao);   /* a bad name: said before reading */
    if (!ai)
        return 2;
    ai_free(ai);
    eng_match *m = cli_record_at("hint", path, to, 0, &rc);
    if (!m)
        return rc;
    cli_ai_opts_for_game(&ao, m->game);
    if (!(ai = cli_ai_new(spec, seed, &ao))) {
        eng_match_free(m);
        return 2;
    }
    rc = 1;
    int who = eng_current_player(m->state);
    char status[256];
    eng_status_text(m->state, status, sizeof status);
    if (who == ENG_TERMINAL) {
        cli_error("hint", "the game is over after %zu %s: no decision to weigh", m->nsteps,
                  eng_noun((long)m->nsteps, "step", "steps"));
        goto out;
    }
    if (who == ENG_CHANCE) {
        cli_error("hint", "after %zu %s chance acts next (%s), not a side: try --to "
                  "with a position where a side decides", m->nsteps,
                  eng_noun((long)m->nsteps, "step", "steps"), status);
        goto out;
    }
    ai_explanation why;
    eng_action best = ai_choose(ai, m->state, &why);
    char what[200], summary[160], text[ENG_TEXT_MAX];
    cli_ai_describe(ai, spec, what, sizeof what);
    cli_explain_summary(&why, summary, sizeof summary);
    eng_action_text(m->state, best, text, sizeof text);
    if (as_json) {
        json_t *cands = json_array();
        for (int i = 0; i < why.count && i < count; i++) {
            char t[ENG_TEXT_MAX];
            eng_action_text(m->state, why.best[i].action, t, sizeof t);
            /* value null: not searched (no visits), no estimate */
            json_array_append_new(cands, json_pack("{s:s,s:i,s:o}", "action", t, "visits",
                                                   why.best[i].visits, "value",
                                                   why.best[i].visits > 0
                                                       ? json_real(why.best[i].value)
                                                       : json_null()));
        }
        json_t *j = json_object();
        json_object_set_new(j, "steps", json_integer((json_int_t)m->nsteps));
        json_object_set_new(j, "status", json_string(status));
        json_object_set_new(j, "side", json_string(eng_game_player_name(m->game, who)));
        json_object_set_new(j, "player", json_string(what));
        json_object_set_new(j, "best", json_string(text));
        json_object_set_new(j, "legal_actions", json_integer(why.actions));
        json_object_set_new(j, "iterations", json_integer(why.iterations));
        json_object_set_new(j, "threads", json_integer(why.threads));
        json_object_set_new(j, "seconds", json_real(why.seconds));
        json_object_set_new(j, "candidates", cands);
        cli_json_print(stdout, j);
    } else {
        printf("After %zu %s: %s\n", m->nsteps, eng_noun((long)m->nsteps, "step", "steps"),
               status);
        printf("%s, for %s: %s (%d legal action%s)\n", what,
               eng_game_player_name(m->game, who), summary, why.actions,
               why.actions == 1 ? "" : "s");
        printf("Best candidates (estimated chance of winning):\n");
        cli_explain_print(stdout, m->state, &why, count, NULL, 0, "  ");
        printf("It would play: %s\n", text);
    }
    rc = 0;
out:
    ai_free(ai);
    eng_match_free(m);
    return rc;
}
