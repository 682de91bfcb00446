/*
 * pkb_odds.c - what the exact odds of an action need from Pocket Battles
 * (engine odds.c): where they stop, the combat's own choices and their
 * automatic choice, what chance leaves behind that never matters again,
 * and what changed between two positions, in words.
 *
 *   - The dice for the attacker (which roll again on a tie) start the
 *     battle: the odds stop before them.
 *   - Assigning hits belongs to the strike under way: the odds follow the
 *     engagement (first strike, strike back, free strikes) to its end, each
 *     owner assigning hits as the automatic choice does: a wound token while
 *     some troop of the unit may take one (on the troop with the most wound
 *     points left; from the unused tokens, else those set aside by passing,
 *     else the orders of the first unit that has some), otherwise the troop
 *     worth the fewest points is removed; the unit struck strikes back
 *     (its owner's decision, option strike-back: taken here).
 *   - The faces of dice already counted are forgotten (the hits they
 *     scored are kept), so that rolls alike in hits merge.
 *   - A troop the viewer may not see (under the top of a stack) is never
 *     named: it is "a troop of A2".
 */
#include <string.h>
#include "pkb.h"

static eng_action auto_wound(const pkb_data *d, const pkb_state *s)
{
    int g = s->wq_unit[s->wq_pos], p = pkb_owner(g);
    const pkb_side *sd = &s->side[p];
    uint32_t troops = pkb_u(s, g)->troops;
    int best = -1, best_left = 1;
    for (uint32_t m = troops; m; m &= m - 1) {
        int t = pkb_ctz(m), left = pkb_def(d, p, t)->wp - sd->wounds[t];
        if (left > best_left) {
            best_left = left;
            best = t;
        }
    }
    if (best >= 0) {
        if (sd->unused > 0)
            return PKB_ACT(PKB_A_WOUND, g, best, PKB_W_UNUSED);
        if (sd->passed > 0)
            return PKB_ACT(PKB_A_WOUND, g, best, PKB_W_PASS);
        for (int u = 0; u < sd->nunits; u++)
            if (sd->unit[u].orders > 0)
                return PKB_ACT(PKB_A_WOUND, g, best, PKB_W_UNIT + pkb_global(p, u));
    }
    int cheap = -1;
    for (uint32_t m = troops; m; m &= m - 1) {
        int t = pkb_ctz(m);
        if (cheap < 0 || pkb_def(d, p, t)->points < pkb_def(d, p, cheap)->points)
            cheap = t;
    }
    return PKB_ACT(PKB_A_WOUND, g, cheap, PKB_W_REMOVE);
}

int pkb_odds_step(const void *data, const void *st, eng_action *choice)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    switch (s->phase) {
    case PKB_PH_ROLL:
        return ENG_ODDS_STOP;
    case PKB_PH_WOUND:
        if (s->wq_pos >= s->wq_len || !pkb_u(s, s->wq_unit[s->wq_pos])->troops)
            return ENG_ODDS_STOP;
        *choice = auto_wound(d, s);
        return ENG_ODDS_AUTO;
    case PKB_PH_BACK:   /* the strike back belongs to the engagement: taken */
        *choice = PKB_ACT(PKB_A_BACK, 1, 0, 0);
        return ENG_ODDS_AUTO;
    default:
        return ENG_ODDS_GO;
    }
}

void pkb_odds_canon(const void *data, void *st)
{
    (void)data;
    pkb_state *s = st;
    memset(s->rolled, 0, sizeof s->rolled);
}

static void troop_ref(const pkb_data *d, const pkb_state *s, int p, int t, int viewer,
                      char *buf, size_t n)
{
    char l[8];
    pkb_label(pkb_global(p, s->side[p].unit_of[t]), l, sizeof l);
    if (pkb_hidden_level(s, viewer, p) != PKB_HIDE_NONE)
        snprintf(buf, n, "a troop of %s", l);
    else
        snprintf(buf, n, "%s %s", l, pkb_def(d, p, t)->name);
}

void pkb_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *a = before, *b = after;
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_side *sa = &a->side[p], *sb = &b->side[p];
        for (int t = 0; t < d->pl[p].fac.ntroops && t < PKB_MAX_TROOPS; t++) {
            if (!((sa->army >> t) & 1) || ((sa->dead >> t) & 1))
                continue;
            char r[PKB_NAME + 16];
            if ((sb->dead >> t) & 1) {
                troop_ref(d, a, p, t, viewer, r, sizeof r);
                eng_odds_phrase(buf, n, "%s destroyed", r);
            } else if (sb->wounds[t] != sa->wounds[t]) {
                troop_ref(d, a, p, t, viewer, r, sizeof r);
                int w = sb->wounds[t] - sa->wounds[t];
                eng_odds_phrase(buf, n, "%s %+d wound%s", r, w, w == 1 || w == -1 ? "" : "s");
            }
        }
        for (int u = 0; u < sa->nunits; u++)
            if (sa->unit[u].troops && !sb->unit[u].troops) {
                char l[8];
                pkb_label(pkb_global(p, u), l, sizeof l);
                eng_odds_phrase(buf, n, "unit %s destroyed", l);
            }
    }
}
