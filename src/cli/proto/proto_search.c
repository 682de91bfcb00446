/*
 * proto_search.c - the engine protocol's commands for the computer (see
 * proto.h and docs/protocol.md): ai (the player genmove and hint use),
 * genmove (decide for the side to move and play it) and hint (the best
 * candidates, nothing played). Each decision gets a fresh player whose
 * seed counts up from --ai-seed, so a session replays the same way.
 */
#include <stdlib.h>
#include <string.h>
#include "proto.h"

/* A computer player with the levels' budgets for the game in hand. */
static ai_player *player_for_game(const proto *p, const char *spec, uint64_t seed,
                                  eng_error *err)
{
    cli_ai_opts ao = *p->ao;
    cli_ai_opts_for_game(&ao, p->m ? p->m->game : NULL);
    return cli_ai_make(spec, seed, &ao, err);
}

int proto_ai(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    eng_error err;
    const char *spec = argc ? argv[0] : p->ai_spec;
    if (argc > 1) {
        fputs("ai takes one name (settings go after colons: normal:iterations=500)", out);
        return -1;
    }
    ai_player *probe = player_for_game(p, spec, 0, &err);
    if (!probe) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    char what[200];
    cli_ai_describe(probe, spec, what, sizeof what);
    ai_free(probe);
    if (argc) {
        free(p->ai_spec);
        p->ai_spec = strdup(spec);
    }
    fputs(what, out);
    return 0;
}

/* The player for one decision: "[NAME] [KEY=VALUE...]" as a spec
 * NAME:KEY=VALUE:...; count=K is taken out for hint. */
static ai_player *decider(proto *p, int argc, char **argv, int *count, FILE *out)
{
    int i = 0;
    const char *name = p->ai_spec;
    if (argc > 0 && !strchr(argv[0], '='))
        name = argv[i++];
    size_t len = strlen(name) + 1;
    for (int k = i; k < argc; k++)
        len += strlen(argv[k]) + 1;
    char *spec = malloc(len);
    if (!spec)
        abort();
    strcpy(spec, name);
    for (; i < argc; i++) {
        if (count && strncmp(argv[i], "count=", 6) == 0) {
            char *end;
            long v = strtol(argv[i] + 6, &end, 10);
            if (*end || v < 1 || v > AI_EXPLAIN_MAX) {
                fprintf(out, "count takes 1..%d, not \"%s\"", AI_EXPLAIN_MAX, argv[i] + 6);
                free(spec);
                return NULL;
            }
            *count = (int)v;
            continue;
        }
        strcat(spec, ":");
        strcat(spec, argv[i]);
    }
    eng_error err;
    ai_player *ai = player_for_game(p, spec, p->ai_seed, &err);
    if (ai)
        p->ai_seed++;
    else
        fprintf(out, "%s", err.msg);
    free(spec);
    return ai;
}

/* Fails unless a side is to decide. */
static int need_side(const proto *p, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int who = eng_current_player(p->m->state);
    if (who == ENG_TERMINAL) {
        fputs("the game is over", out);
        return -1;
    }
    if (who == ENG_CHANCE) {
        fputs("chance acts now, not a side: use roll or enter OUTCOME", out);
        return -1;
    }
    return 0;
}

int proto_genmove(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (need_side(p, out))
        return -1;
    ai_player *ai = decider(p, argc, argv, NULL, out);
    if (!ai)
        return -1;
    eng_action a = ai_choose(ai, p->m->state, NULL);
    ai_free(ai);
    char text[ENG_TEXT_MAX];
    eng_action_text(p->m->state, a, text, sizeof text);
    eng_error err;
    if (eng_match_apply(p->m, a, false, &err) != 0) {
        fprintf(out, "internal: the computer chose \"%s\", which is refused: %s", text, err.msg);
        return -1;
    }
    fputs(text, out);
    return 0;
}

int proto_hint(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (need_side(p, out))
        return -1;
    int count = 5;
    ai_player *ai = decider(p, argc, argv, &count, out);
    if (!ai)
        return -1;
    ai_explanation why;
    (void)ai_choose(ai, p->m->state, &why);
    ai_free(ai);
    for (int i = 0; i < why.count && i < count; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(p->m->state, why.best[i].action, text, sizeof text);
        /* VALUE "-": not searched (no visits), no estimate */
        if (why.best[i].visits > 0)
            fprintf(out, "%s%d %.4f %s", i ? "\n" : "", why.best[i].visits, why.best[i].value,
                    text);
        else
            fprintf(out, "%s0 - %s", i ? "\n" : "", text);
    }
    return 0;
}
