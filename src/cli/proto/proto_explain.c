/*
 * proto_explain.c - the protocol's results explained and briefing:
 * explain (the last steps, chance outcomes with their arithmetic and
 * meaning), chance (what the chance point in hand is for), briefing (the
 * scenario's briefing as JSON) and standing (how the victory conditions
 * stand).
 */
#include <stdlib.h>
#include <string.h>
#include "proto.h"

int proto_explain(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    long n = 1;
    if (argc > 1) {
        fputs("explain takes one number of steps, or all", out);
        return -1;
    }
    if (argc == 1 && strcmp(argv[0], "all") == 0) {
        n = (long)p->m->nsteps;
    } else if (argc == 1) {
        char *end;
        n = strtol(argv[0], &end, 10);
        if (*end || n < 1) {
            fprintf(out, "explain takes a number of steps from 1, or all, not \"%s\"", argv[0]);
            return -1;
        }
    }
    if (p->m->nsteps == 0) {
        fputs("no steps yet", out);
        return -1;
    }
    size_t from = (size_t)n >= p->m->nsteps ? 0 : p->m->nsteps - (size_t)n;
    eng_state *s = eng_match_state_at(p->m, from);
    for (size_t i = from; i < p->m->nsteps; i++) {
        const eng_step *st = &p->m->steps[i];
        char text[512];
        if (st->who >= 0)
            eng_action_text(s, st->action, text, sizeof text);
        else
            eng_explain_outcome(s, st->action, text, sizeof text);
        proto_step_line(out, i == from, st->who, text);
        eng_apply_fast(s, st->action);
    }
    eng_state_free(s);
    return 0;
}

int proto_chance(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    if (eng_current_player(p->m->state) != ENG_CHANCE) {
        fputs(eng_is_terminal(p->m->state) ? "the game is over" : "a side decides now, not chance",
              out);
        return -1;
    }
    char what[512];
    eng_explain_chance(p->m->state, what, sizeof what);
    fputs(what[0] ? what : "a chance outcome (see legal)", out);
    return 0;
}

int proto_briefing(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    json_t *b = eng_briefing(p->m->game);
    if (!b) {
        fputs("this rule set gives no briefing", out);
        return -1;
    }
    char *s = json_dumps(b, JSON_COMPACT | JSON_PRESERVE_ORDER);
    fputs(s ? s : "{}", out);
    free(s);
    json_decref(b);
    return 0;
}

int proto_standing(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    char now[256];
    eng_standing(p->m->state, now, sizeof now);
    fputs(now, out);
    return 0;
}
