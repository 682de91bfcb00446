/*
 * narrate.c - the narrative of a game (see narrate.h). Chance outcomes
 * are told explained (eng_explain_outcome): a short one shares a line
 * with its neighbours, a long one (a die with its modifiers and meaning)
 * has a line of its own.
 */
#include <string.h>
#include "narrate.h"

#define CHANCE_WIDTH 100  /* a line of short outcomes stops short of this */
#define CHANCE_SHORT 48   /* explanations this long or shorter share lines */

/* The first word of s into kind ("deal", "toss"). */
static void first_word(const char *s, char *kind, size_t n)
{
    size_t k = strcspn(s, " ");
    snprintf(kind, n, "%.*s", (int)(k < n ? k : n - 1), s);
}

void narrate_begin(narrator *n, FILE *out, int viewer)
{
    memset(n, 0, sizeof *n);
    n->out = out;
    n->viewer = viewer;
}

/* The heading of a player's step in s: its status without the part that
 * says who acts, which opens with a side's name after ", " or ": " ("Turn 5,
 * Cavalry phase, Red to act" and "Turn 5, Melee at i2: Red spends a head"
 * head "Turn 5, Cavalry phase" and "Turn 5, Melee at i2"); a status that
 * names no side so loses its last part after a comma. */
static void heading(const eng_state *s, const char *status, char *head, size_t n)
{
    const eng_game *g = eng_state_game(s);
    size_t len = strlen(status), cut = len;
    for (int p = 0; p < eng_game_players(g); p++) {
        const char *name = eng_game_player_name(g, p);
        size_t k = strlen(name);
        for (const char *q = status; k && (q = strstr(q, name)); q++) {
            bool opens = q - status >= 2 && (q[-2] == ',' || q[-2] == ':') && q[-1] == ' ';
            bool whole = q[k] == '\0' || strchr(" ,:", q[k]);
            if (opens && whole && (size_t)(q - status) - 2 < cut)
                cut = (size_t)(q - status) - 2;
        }
    }
    const char *comma = strrchr(status, ',');
    if (cut == len && comma)
        cut = (size_t)(comma - status);
    snprintf(head, n, "%.*s", (int)cut, status);
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
        char plain[ENG_TEXT_MAX], why[512];
        eng_action_text(s, a, plain, sizeof plain);
        /* explained, unless the viewer may not see the whole outcome */
        if (strcmp(plain, text) == 0)
            eng_explain_outcome(s, a, why, sizeof why);
        else
            snprintf(why, sizeof why, "%s", text);
        char kind[16];
        first_word(why, kind, sizeof kind);
        bool alone = strlen(why) > CHANCE_SHORT;
        if (n->chance_col + 2 + (int)strlen(why) > CHANCE_WIDTH || (alone && n->chance_run) ||
            (n->chance_run && strcmp(kind, n->chance_kind) != 0))
            close_chance(n);
        snprintf(n->chance_kind, sizeof n->chance_kind, "%s", kind);
        if (n->chance_run == 0)
            n->chance_col = fprintf(n->out, "    %s: ", who == ENG_WHO_ENTERED ? "entered" : "chance");
        else
            n->chance_col += fprintf(n->out, "; ");
        n->chance_col += fprintf(n->out, "%s", why);
        n->chance_run++;
        if (alone)
            n->chance_col = CHANCE_WIDTH;   /* nothing joins it */
        return;
    }
    close_chance(n);
    /* a heading whenever the part of the game changes */
    char head[256];
    heading(s, status, head, sizeof head);
    if (strcmp(head, n->last_status) != 0) {
        fprintf(n->out, "%s\n", head);
        snprintf(n->last_status, sizeof n->last_status, "%s", head);
    }
    fprintf(n->out, "  %s: %s\n", eng_game_player_name(eng_state_game(s), who), text);
}

void narrate_end(narrator *n) { close_chance(n); }
