/*
 * pwg_odds.c - what the exact odds of an action need from Pocket Wargame
 * (engine odds.c): the combat's own choices and their automatic choice,
 * and what changed between two positions, in words.
 *
 * Spending heads (damage, cancel, accept) belongs to the combat under way:
 * the odds follow it to its end, each force spending as the automatic
 * choice does: cancel damage just dealt to its own unit when it may, else
 * deal damage to the first enemy unit rules 1-3 allow (in unit order),
 * paying with the head the rules would take, else accept. Melees found
 * one after another, and the End phase, run on by themselves up to the
 * next decision of a force.
 *
 * Hidden deployment: a unit the viewer cannot see is never named.
 */
#include "pwg.h"

int pwg_odds_step(const void *data, const void *st, eng_action *choice)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    if (s->stage != PWG_S_SPEND)
        return ENG_ODDS_GO;
    eng_action out[ENG_MAX_ACTIONS];
    int n = pwg_combat_legal(d, s, out);
    if (n == 0)
        return ENG_ODDS_STOP;
    int pick = 0;
    for (int i = 0; i < n; i++)
        if (PWG_KIND(out[i]) == PWG_A_CANCEL) {
            pick = i;
            break;
        }
    if (PWG_KIND(out[pick]) != PWG_A_CANCEL)
        for (int i = 0; i < n; i++)
            if (PWG_KIND(out[i]) == PWG_A_DAMAGE) {
                pick = i;
                break;
            }
    *choice = out[pick];
    return ENG_ODDS_AUTO;
}

void pwg_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *a = before, *b = after;
    for (int u = 0; u < d->nunits; u++) {
        if (a->cond[u] == b->cond[u] && a->loc[u] == b->loc[u])
            continue;
        if (!pwg_visible(d, b, u, viewer) || !pwg_visible(d, a, u, viewer))
            continue;
        char r[32];
        pwg_unit_ref(d, u, -1, r, sizeof r);
        switch (b->cond[u]) {
        case PWG_DESTROYED:
            eng_odds_phrase(buf, n, "%s destroyed", r);
            break;
        case PWG_WAVERING:
            eng_odds_phrase(buf, n, "%s wavering", r);
            break;
        case PWG_STEADY:
            if (a->cond[u] == PWG_WAVERING)
                eng_odds_phrase(buf, n, "%s rallies", r);
            else if (PWG_ON_MAP(a->cond[u]) && a->loc[u] != b->loc[u]) {
                char l[8];
                pwg_loc_name(d, b->loc[u], l, sizeof l);
                eng_odds_phrase(buf, n, "%s to %s", r, l);
            } else if (!PWG_ON_MAP(a->cond[u]))
                eng_odds_phrase(buf, n, "%s arrives", r);
            break;
        case PWG_EXITED:
            eng_odds_phrase(buf, n, "%s leaves the battlefield", r);
            break;
        default:
            break;
        }
    }
    for (int f = 0; f < d->nforces; f++)
        if (b->points[f] != a->points[f])
            eng_odds_phrase(buf, n, "%s %+d point%s", d->force[f].name, b->points[f] - a->points[f],
                            b->points[f] - a->points[f] == 1 || b->points[f] - a->points[f] == -1
                                ? "" : "s");
    if (a->stage == PWG_S_FIRST && b->stage != PWG_S_FIRST)
        eng_odds_phrase(buf, n, "%s goes first", d->force[b->first].name);
}
