/*
 * ptw_end.c - the end of a turn (objectives change hands, each side checks
 * its exhaustion point), the end of the battle, who won, the returns and
 * result text.
 *
 * Also a player's words: why the battle ended, and the buttons "end" and
 * "done" spelt out.
 *
 * Exhaustion point: a third of a side's units at the start, rounded up;
 * a side that has lost that many is exhausted from the moment of the loss
 * (option exhaustion end-of-turn: from the end-of-turn check), and stays
 * so. The battle ends
 * when both sides are exhausted, when a side has no unit left, or at the
 * scenario's turn limit. The text names no winner; the scenario's victory
 * rule does:
 *   later-exhaustion  a side that is not exhausted beats one that is; of two
 *                     exhausted sides the one that reached it later wins;
 *                     then the smaller share of its units lost; else a draw.
 *   objective         more objective squares held wins (a square is held by
 *                     the last side to have units in it alone); equal
 *                     counts go to the later-exhaustion rule.
 */
#include <stdio.h>
#include "english.h"
#include "ptw.h"

int ptw_lost(const ptw_data *d, const ptw_state *s, int side)
{
    return d->side[side].nunits - ptw_units_left(d, s, side);
}

int ptw_held(const ptw_data *d, const ptw_state *s, int side)
{
    int n = 0;
    for (int i = 0; i < d->victory.nobj; i++)
        n += s->holder[i] == side;
    return n;
}

/* Which check of the victory rule decided a battle (ptw_ending says it). */
typedef enum {
    PTW_BY_OBJECTIVES,  /* more objective squares held */
    PTW_BY_ELIMINATION, /* one side has no unit left */
    PTW_BY_EXHAUSTION,  /* one side exhausted, the other not */
    PTW_BY_LATER,       /* both exhausted, one later */
    PTW_BY_SHARE        /* the smaller share of units lost, or equal shares */
} ptw_decider;

/* >0 if side 0 is ahead under the later-exhaustion rule, <0 if side 1, 0 even;
 * *by: the check that decided. */
static int by_exhaustion(const ptw_data *d, const ptw_state *s, ptw_decider *by)
{
    int left0 = ptw_units_left(d, s, 0), left1 = ptw_units_left(d, s, 1);
    *by = PTW_BY_ELIMINATION;
    if ((left0 == 0) != (left1 == 0))
        return left0 ? 1 : -1;
    bool e0 = s->exhausted[0], e1 = s->exhausted[1];
    *by = PTW_BY_EXHAUSTION;
    if (e0 != e1)
        return e0 ? -1 : 1;
    *by = PTW_BY_LATER;
    if (e0 && s->exhausted[0] != s->exhausted[1])
        return s->exhausted[0] > s->exhausted[1] ? 1 : -1;
    /* the smaller share lost: lost0/n0 < lost1/n1 */
    *by = PTW_BY_SHARE;
    long a = (long)ptw_lost(d, s, 0) * d->side[1].nunits;
    long b = (long)ptw_lost(d, s, 1) * d->side[0].nunits;
    return a < b ? 1 : a > b ? -1 : 0;
}

/* The winner (0, 1, or 2 for a draw); *by: the check that decided. */
static int decide(const ptw_data *d, const ptw_state *s, ptw_decider *by)
{
    int c = 0;
    *by = PTW_BY_OBJECTIVES;
    if (d->victory.rule == PTW_V_OBJECTIVE)
        c = ptw_held(d, s, 0) - ptw_held(d, s, 1);
    if (c == 0)
        c = by_exhaustion(d, s, by);
    return c > 0 ? 0 : c < 0 ? 1 : 2;
}

/* Marks a side that has lost its exhaustion point's worth of units as
 * exhausted from this turn. Called at every loss (the text's "immediately")
 * and at the end of the turn (turn step 5: the only check with option
 * exhaustion end-of-turn). */
void ptw_check_exhaustion(const ptw_data *d, ptw_state *s)
{
    for (int f = 0; f < 2; f++)
        if (!s->exhausted[f] && ptw_lost(d, s, f) >= d->side[f].exhaustion)
            s->exhausted[f] = s->turn;
}

bool ptw_end_of_turn(const ptw_data *d, ptw_state *s)
{
    for (int i = 0; i < d->victory.nobj; i++) {
        int o = s->occ[d->victory.obj[i]];
        bool a = o & PTW_OCC_SIDE(0), b = o & PTW_OCC_SIDE(1);
        if (a != b)
            s->holder[i] = a ? 0 : 1;
    }
    ptw_check_exhaustion(d, s);
    bool over = (s->exhausted[0] && s->exhausted[1]) || ptw_units_left(d, s, 0) == 0 ||
                ptw_units_left(d, s, 1) == 0 || s->turn >= d->victory.turn_limit;
    if (over) {
        ptw_decider by;
        s->winner = (uint8_t)decide(d, s, &by);
    }
    return over;
}

void ptw_returns(const void *data, const void *st, double *out)
{
    (void)data;
    const ptw_state *s = st;
    if (s->stage != PTW_S_OVER)
        return;
    if (s->winner == 2) {
        out[0] = out[1] = 0.5;
    } else {
        out[s->winner] = 1.0;
        out[1 - s->winner] = 0.0;
    }
}

void ptw_result_text(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    if (s->stage != PTW_S_OVER)
        snprintf(buf, n, "*");
    else if (s->winner == 2)
        snprintf(buf, n, "draw");
    else
        snprintf(buf, n, "%s %s", d->side[s->winner].name,
                 eng_verb(d->side[s->winner].name, "wins", "win"));
}

/* Why the battle ended and what decided it, one line ("both sides exhausted,
 * Red on turn 5 and Blue on turn 7; Blue reached it later"). */
void ptw_ending(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    const char *nm[2] = {d->side[0].name, d->side[1].name};
    int left[2] = {ptw_units_left(d, s, 0), ptw_units_left(d, s, 1)};
    char why[160], how[200];
    buf[0] = '\0';
    if (s->stage != PTW_S_OVER)
        return;
    if (left[0] == 0 || left[1] == 0)
        snprintf(why, sizeof why, left[0] || left[1] ? "%s %s no unit left"
                 : "neither side has a unit left", nm[left[0] ? 1 : 0],
                 eng_verb(nm[left[0] ? 1 : 0], "has", "have"));
    else if (s->exhausted[0] && s->exhausted[1])
        snprintf(why, sizeof why, "both sides exhausted, %s on turn %d and %s on turn %d",
                 nm[0], s->exhausted[0], nm[1], s->exhausted[1]);
    else
        snprintf(why, sizeof why, "the turn limit (turn %d) was reached", d->victory.turn_limit);
    how[0] = '\0';
    ptw_decider by;
    int winner = decide(d, s, &by);
    switch (by) {
    case PTW_BY_OBJECTIVES: {
        int h[2] = {ptw_held(d, s, 0), ptw_held(d, s, 1)};
        snprintf(how, sizeof how, "%s %s more objectives (%d to %d)", nm[winner],
                 eng_verb(nm[winner], "holds", "hold"), h[winner], h[1 - winner]);
        break;
    }
    case PTW_BY_ELIMINATION:
        break;   /* said already */
    case PTW_BY_EXHAUSTION: {
        int x = 1 - winner;
        snprintf(how, sizeof how, "%s %s exhausted (turn %d), %s not", nm[x],
                 eng_verb(nm[x], "was", "were"), s->exhausted[x], nm[winner]);
        break;
    }
    case PTW_BY_LATER:
        snprintf(how, sizeof how, "%s reached exhaustion later", nm[winner]);
        break;
    case PTW_BY_SHARE: {
        int l0 = ptw_lost(d, s, 0), l1 = ptw_lost(d, s, 1);
        snprintf(how, sizeof how, "%s (%s %d of %d units lost, %s %d of %d)",
                 winner == 2 ? "equal shares of units lost"
                             : "the smaller share of units lost wins",
                 nm[0], l0, d->side[0].nunits, nm[1], l1, d->side[1].nunits);
        break;
    }
    }
    snprintf(buf, n, "%s%s%s", why, how[0] ? "; " : "", how);
}

void ptw_words(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    (void)data;
    const ptw_state *s = st;
    buf[0] = '\0';
    switch (PTW_KIND(a)) {
    case PTW_A_END:
        snprintf(buf, n, "%s", s->stage == PTW_S_ARTY ? "End the artillery phase"
                                                      : "End the activation phase");
        return;
    case PTW_A_DONE:
        snprintf(buf, n, "Unit done");
        return;
    default:
        return;
    }
}
