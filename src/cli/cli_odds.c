/*
 * cli_odds.c - the exact odds of an action on one line, for the computer
 * players' explanations (`hint`, `play --explain`, the prompt's `hint`):
 * "odds: 58.3% nothing changes | 41.7% 2/INF1 destroyed".
 */
#include <string.h>
#include "cli.h"

#define CLI_ODDS_GROUPS 4   /* groups on the line; the rest are summed up */

bool cli_odds_brief(const eng_state *s, eng_action a, int viewer, char *buf, size_t n)
{
    buf[0] = '\0';
    eng_odds *o = eng_odds_compute(s, a, viewer, NULL);
    if (!o || !o->chance || o->unknown || o->n < 1) {
        eng_odds_free(o);
        return false;
    }
    size_t len = (size_t)snprintf(buf, n, "odds:");
    double rest = 0;
    for (int i = 0; i < o->n && len < n; i++) {
        if (i >= CLI_ODDS_GROUPS) {
            rest += o->group[i].prob;
            continue;
        }
        char pc[32];
        eng_odds_percent(o->group[i].prob, pc, sizeof pc);
        len += (size_t)snprintf(buf + len, n - len, "%s %s %s", i ? " |" : "", pc,
                                o->group[i].text[0] ? o->group[i].text : "nothing changes");
    }
    if (rest > 0 && len < n) {
        char pc[32];
        eng_odds_percent(rest, pc, sizeof pc);
        snprintf(buf + len, n - len, " | %s in %d other outcomes", pc, o->n - CLI_ODDS_GROUPS);
    }
    eng_odds_free(o);
    return true;
}
