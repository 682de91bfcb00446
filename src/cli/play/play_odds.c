/*
 * play_odds.c - the exact odds at a person's prompt in `pocketwar play`:
 * `odds ACTION` (a number from the list or notation) and `list odds` (the
 * actions that set off chance, each with its odds). The odds are those the
 * side at the prompt may know (engine odds.c): nothing it cannot see.
 */
#include <stdlib.h>
#include "play.h"

void play_odds(const play_session *ps, int viewer, const eng_action *acts, int n,
               const char *arg)
{
    const eng_state *s = ps->m->state;
    if (!*arg) {
        printf("odds needs an action: its number from the list or its notation "
               "(e.g. odds 1)\n");
        return;
    }
    int idx;
    eng_action a;
    int r = play_number(arg, n, "action", &idx);
    if (r < 0)
        return;
    if (r > 0) {
        a = acts[idx];
    } else {
        eng_error err;
        char q[80];
        if (eng_action_parse(s, arg, &a, &err) != 0) {
            printf("cannot parse %s: %s\n", play_quote(arg, q, sizeof q), err.msg);
            return;
        }
    }
    eng_error err;
    eng_odds *o = eng_odds_compute(s, a, viewer, &err);
    if (!o) {
        char q[80];
        printf("no odds for %s: %s\n", play_quote(arg, q, sizeof q), err.msg);
        return;
    }
    printf("Odds of %s (exact, up to the next decision):\n", o->action);
    eng_odds_print(o, stdout, "  ");
    eng_odds_free(o);
}

void play_list_odds(const play_session *ps, int viewer, const eng_action *acts, int n)
{
    const eng_state *s = ps->m->state;
    int certain = 0;
    for (int i = 0; i < n; i++) {
        eng_error err;
        eng_odds *o = eng_odds_compute(s, acts[i], viewer, &err);
        if (!o) {
            char text[ENG_TEXT_MAX];
            eng_action_text(s, acts[i], text, sizeof text);
            printf("%4d. %s: %s\n", i + 1, text, err.msg);
            continue;
        }
        if (!o->chance && !o->unknown) {
            certain++;
        } else {
            printf("%4d. %s\n", i + 1, o->action);
            eng_odds_print(o, stdout, "      ");
        }
        eng_odds_free(o);
    }
    if (certain == n)
        printf("None of the %d action%s sets off chance before the next decision.\n", n,
               n == 1 ? "" : "s");
    else if (certain)
        printf("The other %d action%s set%s off no chance before the next decision.\n",
               certain, certain == 1 ? "" : "s", certain == 1 ? "s" : "");
}
