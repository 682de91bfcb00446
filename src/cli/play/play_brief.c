/*
 * play_brief.c - the scenario's briefing in `pocketwar play`: shown at the
 * start and on the `objective` command (how to win, the limit, the forces,
 * the special rules, and how the victory conditions stand now).
 */
#include "play.h"

void play_objective(const play_session *ps, bool standing)
{
    json_t *b = eng_briefing(ps->m->game);
    if (!b) {
        printf("(this rule set gives no briefing)\n");
        return;
    }
    int w = play_width(ps);
    cli_brief_print(stdout, b, w > 100 ? 100 : w - 1);
    json_decref(b);
    char now[256];
    eng_standing(ps->m->state, now, sizeof now);
    if (standing && now[0])
        printf("Now: %s\n", now);
}
