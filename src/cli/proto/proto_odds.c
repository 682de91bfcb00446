/*
 * proto_odds.c - the engine protocol's `odds` command (docs/protocol.md):
 * the exact odds of an action in the game in hand (engine odds.c), one
 * group of outcomes a line, or as one line of JSON.
 */
#include <stdlib.h>
#include <string.h>
#include "proto.h"

/* odds [viewer=V] [json] ACTION */
int proto_odds(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int viewer = ENG_VIEW_ALL;
    bool as_json = false;
    const char *rest = line;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "viewer=", 7) == 0) {
            viewer = proto_viewer(p, argv[i] + 7, out);
            if (viewer == -2)
                return -1;
        } else if (strcmp(argv[i], "json") == 0) {
            as_json = true;
        } else {
            break;
        }
        /* the action is the text after the words read so far */
        const char *w = strstr(rest, argv[i]);
        rest = w ? w + strlen(argv[i]) : rest;
        while (*rest == ' ' || *rest == '\t')
            rest++;
    }
    if (!*rest) {
        fputs("give an action: odds [viewer=V] [json] ACTION", out);
        return -1;
    }
    if (eng_current_player(p->m->state) < 0) {
        fputs(eng_is_terminal(p->m->state) ? "the game is over: no action to weigh"
                                           : "chance acts next: no side's action to weigh", out);
        return -1;
    }
    eng_action a;
    eng_error err;
    if (eng_action_parse(p->m->state, rest, &a, &err) != 0) {
        fputs(err.msg, out);
        return -1;
    }
    eng_odds *o = eng_odds_compute(p->m->state, a, viewer, &err);
    if (!o) {
        fputs(err.msg, out);
        return -1;
    }
    if (as_json) {
        json_t *j = eng_odds_json(o);
        char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        fputs(s ? s : "null", out);
        free(s);
        json_decref(j);
    } else if (o->unknown) {
        fputs("unknown", out);
    } else {
        for (int i = 0; i < o->n; i++)
            fprintf(out, "%s%.6g %s", i ? "\n" : "", o->group[i].prob,
                    o->group[i].text[0] ? o->group[i].text : "nothing changes");
    }
    eng_odds_free(o);
    return 0;
}
