/*
 * narrate.c - the narrative of a game (see narrate.h).
 */
#include <string.h>
#include "narrate.h"

#define CHANCE_PER_LINE 6

void narrate_begin(narrator *n, FILE *out, int viewer)
{
    memset(n, 0, sizeof *n);
    n->out = out;
    n->viewer = viewer;
}

static void close_chance(narrator *n)
{
    if (n->chance_run) {
        fputc('\n', n->out);
        n->chance_run = 0;
    }
}

void narrate_step(narrator *n, const eng_state *s, int who, eng_action a)
{
    char text[ENG_TEXT_MAX], status[256];
    eng_action_text_seen(s, a, n->viewer, text, sizeof text);
    eng_status_text(s, status, sizeof status);
    if (who < 0) {
        if (n->chance_run == CHANCE_PER_LINE)
            close_chance(n);
        if (n->chance_run == 0)
            fprintf(n->out, "    %s: ", who == ENG_WHO_ENTERED ? "entered" : "chance");
        else
            fputs(", ", n->out);
        fputs(text, n->out);
        n->chance_run++;
        return;
    }
    close_chance(n);
    /* a heading whenever the part of the game before "," changes */
    char head[256];
    snprintf(head, sizeof head, "%s", status);
    char *comma = strrchr(head, ',');
    if (comma)
        *comma = '\0';
    if (strcmp(head, n->last_status) != 0) {
        fprintf(n->out, "%s\n", head);
        snprintf(n->last_status, sizeof n->last_status, "%s", head);
    }
    fprintf(n->out, "  %s: %s\n", eng_game_player_name(eng_state_game(s), who), text);
}

void narrate_end(narrator *n) { close_chance(n); }
