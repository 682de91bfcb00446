/*
 * ptw_odds.c - what the exact odds of an action need from The Portable
 * Wargame (engine odds.c): where they stop, the automatic choices on the
 * way, and what changed between two positions, in words.
 *
 * Where they stop and go on:
 *   - the initiative dice of a turn start something new: the odds stop
 *     before them;
 *   - in the artillery phase a shell falls only once both sides have laid
 *     their guns; the odds of laying a gun (or of ending) go on as if no
 *     further gun were laid, so they show the shells laid so far landing
 *     and their hits resolved;
 *   - a retreat's square is its owner's choice inside the resolution of
 *     hits: the odds take the first square on offer and go on (the words
 *     say "retreats", not where to).
 * Nothing is hidden in this rule set.
 */
#include <string.h>
#include "ptw.h"

int ptw_odds_step(const void *data, const void *st, eng_action *choice)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    switch (s->stage) {
    case PTW_S_INIT:
        return ENG_ODDS_STOP;
    case PTW_S_ARTY:
        *choice = PTW_ACT(PTW_A_END, 0, 0, 0);
        return ENG_ODDS_AUTO;
    case PTW_S_RETREAT: {
        eng_action out[ENG_MAX_ACTIONS];
        if (ptw_legal_actions(d, s, out) == 0)
            return ENG_ODDS_STOP;
        *choice = out[0];
        return ENG_ODDS_AUTO;
    }
    default:
        return ENG_ODDS_GO;
    }
}

/* Has gun g's shell landed in s? */
static bool landed(const ptw_state *s, int g)
{
    return s->target[g] != PTW_NONE && s->stage != PTW_S_ARTY &&
           !(s->stage == PTW_S_LANDING && g >= s->cursor);
}

static void shell_text(const ptw_data *d, const ptw_state *s, int g, char *buf, size_t n)
{
    char gun[32], at[8], on[8];
    ptw_unit_ref(d, g, -1, gun, sizeof gun);
    ptw_sq_name(d, s->target[g], at, sizeof at);
    int l = s->landing[g];
    if (l == PTW_NONE) {
        eng_odds_phrase(buf, n, "%s's shell lands nowhere", gun);
        return;
    }
    ptw_sq_name(d, l, on, sizeof on);
    if (l == s->target[g])
        eng_odds_phrase(buf, n, "%s's shell lands on its target %s", gun, at);
    else if (l == d->nbr[s->target[g]][s->facing[g]])
        eng_odds_phrase(buf, n, "%s's shell lands on %s, beyond %s", gun, on, at);
    else
        eng_odds_phrase(buf, n, "%s's shell lands on %s, short of %s", gun, on, at);
}

void ptw_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n)
{
    (void)viewer;
    const ptw_data *d = data;
    const ptw_state *a = before, *b = after;
    for (int g = 0; g < d->nunits; g++)
        if (landed(b, g) && !landed(a, g))
            shell_text(d, b, g, buf, n);
    for (int u = 0; u < d->nunits; u++) {
        if (!ptw_alive(a, u) || (b->loc[u] == a->loc[u] && b->strength[u] >= a->strength[u]))
            continue;
        char r[32];
        ptw_unit_ref(d, u, -1, r, sizeof r);
        if (!ptw_alive(b, u)) {
            eng_odds_phrase(buf, n, "%s destroyed", r);
            continue;
        }
        if (b->strength[u] < a->strength[u])
            eng_odds_phrase(buf, n, "%s loses %d strength", r, a->strength[u] - b->strength[u]);
        if (b->loc[u] != a->loc[u] && b->towed_by[u] == PTW_NONE)
            eng_odds_phrase(buf, n, "%s retreats", r);
    }
    for (int side = 0; side < 2; side++)
        if (b->exhausted[side] && !a->exhausted[side])
            eng_odds_phrase(buf, n, "%s exhausted", d->side[side].name);
    for (int i = 0; i < d->victory.nobj; i++)
        if (b->holder[i] != a->holder[i] && b->holder[i] < 2) {
            char sq[8];
            ptw_sq_name(d, d->victory.obj[i], sq, sizeof sq);
            eng_odds_phrase(buf, n, "%s takes the objective %s", d->side[b->holder[i]].name, sq);
        }
}
