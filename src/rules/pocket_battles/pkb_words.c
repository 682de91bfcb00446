/*
 * pkb_words.c - Pocket Battles in a player's words: actions whose notation
 * is cryptic on a button (a hit's wound token and where it comes from, the
 * strike back or hold, a round's eliminations, an army complete), and the
 * reveal of every stack that the last deployment sets off, for the log.
 */
#include <stdio.h>
#include "english.h"
#include "pkb.h"

/* "ELV28 Archers 4-5": a troop's tile code and name */
static void troop_words(const pkb_data *d, int p, int t, char *buf, size_t n)
{
    if (p < 0 || p >= PKB_SIDES || t < 0 || t >= d->pl[p].fac.ntroops) {
        snprintf(buf, n, "?");
        return;
    }
    const pkb_troop_def *td = pkb_def(d, p, t);
    snprintf(buf, n, "%s %s", td->code, td->name);
}

static void wound_words(const pkb_data *d, const pkb_state *s, eng_action a, char *buf, size_t n)
{
    int g = PKB_FA(a), t = PKB_FB(a), mode = PKB_FC(a), p = pkb_owner(g);
    char tr[PKB_NAME + 16], from[8];
    troop_words(d, p, t, tr, sizeof tr);
    if (mode == PKB_W_REMOVE) {
        int takes = pkb_remove_takes(d, s, p, t);
        snprintf(buf, n, "Remove %s: it is destroyed, taking %d hit%s", tr, takes,
                 takes == 1 ? "" : "s");
    } else if (mode == PKB_W_UNUSED) {
        snprintf(buf, n, "Wound %s with an unused token", tr);
    } else if (mode == PKB_W_PASS) {
        snprintf(buf, n, "Wound %s with a token set aside by passing", tr);
    } else {
        pkb_label(mode - PKB_W_UNIT, from, sizeof from);
        snprintf(buf, n, "Wound %s with an order token taken from %s", tr, from);
    }
}

void pkb_words(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    char l[8], l2[8], tr[PKB_NAME + 16];
    buf[0] = '\0';
    switch (PKB_KIND(a)) {
    case PKB_A_DONE:
        snprintf(buf, n, "%s", s->phase == PKB_PH_BUILD ? "Army complete"
                                                        : "Eliminate no more troops");
        return;
    case PKB_A_PASS:
        snprintf(buf, n, "Pass");
        return;
    case PKB_A_CONCEDE:
        snprintf(buf, n, "Concede the battle");
        return;
    case PKB_A_BACK:
        pkb_label(s->target, l, sizeof l);
        pkb_label(s->striker, l2, sizeof l2);
        if (PKB_FA(a))
            snprintf(buf, n, "Strike back: %s strikes back at %s", l, l2);
        else
            snprintf(buf, n, "Hold: %s does not strike back at %s", l, l2);
        return;
    case PKB_A_REACT:
        if (PKB_FA(a) == PKB_R_WAIT)
            snprintf(buf, n, "Wait: no reaction to the charge");
        return;
    case PKB_A_WOUND:
        wound_words(d, s, a, buf, n);
        return;
    case PKB_A_ELIMINATE:
        troop_words(d, pkb_owner(PKB_FA(a)), PKB_FB(a), tr, sizeof tr);
        snprintf(buf, n, "Eliminate the wounded %s to recover its wound tokens", tr);
        return;
    default:
        return;
    }
}

void pkb_step_note(const void *data, const void *before, eng_action a, const void *after,
                   char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *b = before, *s = after;
    (void)a;
    buf[0] = '\0';
    if (pkb_revealed(b) || !pkb_revealed(s))
        return;
    if (s->phase == PKB_PH_OVER || s->first >= PKB_SIDES)
        snprintf(buf, n, "deployment is over: every stack is revealed to both players");
    else
        snprintf(buf, n, "deployment is over: every stack is revealed to both players, and "
                 "round 1 begins with %s", d->pl[s->first].name);
}
