/*
 * pwg_words.c - Pocket Wargame in a player's words: the actions whose
 * notation is cryptic on a button (end a phase, cancel or accept damage,
 * alliances ready), and why a finished battle ended (points to win, the
 * last forces standing, the turn limit with how the forces stood).
 */
#include <stdio.h>
#include "english.h"
#include "pwg.h"

void pwg_words(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    buf[0] = '\0';
    switch (PWG_KIND(a)) {
    case PWG_A_END:
        if (s->stage == PWG_S_CAVALRY || s->stage == PWG_S_RANGED ||
            s->stage == PWG_S_MOVEMENT)
            snprintf(buf, n, "End the %s phase", pwg_stage_name(s->stage));
        else
            snprintf(buf, n, "End phase");
        return;
    case PWG_A_CANCEL:
        snprintf(buf, n, "Cancel the damage just dealt");
        return;
    case PWG_A_ACCEPT:
        snprintf(buf, n, "Accept the damage (keep the heads)");
        return;
    case PWG_A_READY:
        snprintf(buf, n, "Alliances ready");
        return;
    case PWG_A_ALLY:
        if (PWG_FA(a) < d->nforces)
            snprintf(buf, n, "Ally with %s", d->force[PWG_FA(a)].name);
        return;
    case PWG_A_HOSTILE:
        if (PWG_FA(a) < d->nforces)
            snprintf(buf, n, "Turn hostile to %s", d->force[PWG_FA(a)].name);
        return;
    default:
        return;
    }
}

void pwg_each_force(const pwg_data *d, const pwg_state *s, bool points, char *buf, size_t n)
{
    for (int f = 0; f < d->nforces; f++)
        eng_text_add(buf, n, "%s%s %d", f ? ", " : "", d->force[f].name,
                     points ? s->points[f] : pwg_strength(d, s, f));
}

void pwg_ending(const void *data, const void *st, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    char each[256] = "";   /* pwg_each_force adds to it */
    buf[0] = '\0';
    if (s->stage != PWG_S_OVER)
        return;
    if (d->victory.points_to_win > 0) {
        for (int f = 0; f < d->nforces; f++)
            if (s->points[f] >= d->victory.points_to_win) {
                pwg_each_force(d, s, true, each, sizeof each);
                snprintf(buf, n, "%d points to win reached after turn %d (points: %s)",
                         d->victory.points_to_win, s->turn, each);
                return;
            }
    }
    int alive = pwg_forces_left(d, s);
    if (alive == 0) {
        snprintf(buf, n, "no force has a unit left on the field");
        return;
    }
    if (pwg_no_foes_left(d, s, alive)) {
        int last = __builtin_ctz((unsigned)alive);
        if ((alive & (alive - 1)) == 0)   /* one force alone */
            snprintf(buf, n, "%s %s the only force with units left, after turn %d",
                     d->force[last].name,
                     eng_verb(d->force[last].name, "is", "are"), s->turn);
        else
            snprintf(buf, n, "only allied forces have units left, after turn %d", s->turn);
        return;
    }
    bool pts = d->victory.at_limit_points;
    int nw = 0;
    for (int f = 0; f < d->nforces; f++)
        nw += (s->winners >> f) & 1;
    pwg_each_force(d, s, pts, each, sizeof each);
    if (nw == 1)
        snprintf(buf, n, "the turn limit (turn %d) was reached; the most %s wins (%s)",
                 d->victory.turn_limit, pts ? "points, then strength," : "strength", each);
    else
        snprintf(buf, n, "the turn limit (turn %d) was reached; no force has the most %s (%s)",
                 d->victory.turn_limit, pts ? "points and strength" : "strength", each);
}
