/*
 * pkb_turns.c - Pocket Battles' turns as a player meets them: whether
 * passing gives up a shooting, a charge or a fight still open, and the
 * line saying a round ended by itself (both sides out of tokens) or that
 * the same side plays again because the other has no tokens left.
 */
#include <stdio.h>
#include <string.h>
#include "english.h"
#include "pkb.h"

bool pkb_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    if (s->phase != PKB_PH_TURN || PKB_KIND(a) != PKB_A_PASS)
        return false;
    eng_action acts[ENG_MAX_ACTIONS];
    int na = pkb_legal_actions(d, s, acts);
    for (int i = 0; i < na; i++) {
        int order = PKB_FB(acts[i]);
        if (PKB_KIND(acts[i]) != PKB_A_ORDER ||
            (order != PKB_O_SHOOT && order != PKB_O_CHARGE && order != PKB_O_FIGHT))
            continue;
        char unit[16], text[ENG_TEXT_MAX];
        pkb_label(PKB_FA(acts[i]), unit, sizeof unit);
        pkb_action_text(d, s, acts[i], text, sizeof text);
        snprintf(why, n, "%s can still %s: %s", unit,
                 order == PKB_O_SHOOT ? "shoot" : order == PKB_O_CHARGE ? "charge" : "fight",
                 text);
        return true;
    }
    return false;
}

void pkb_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *b = before, *s = after;
    if (b->phase != PKB_PH_TURN || b->active != player || player < 0 || player >= PKB_SIDES ||
        PKB_KIND(a) == PKB_A_CONCEDE)
        return;
    char now[160];
    pkb_status_text(d, s, now, sizeof now);
    if (s->round != b->round) {
        snprintf(buf, n, "Round %d ended by itself: both sides had spent their tokens. Now: %s.",
                 b->round, now);
        return;
    }
    if (s->phase == PKB_PH_TURN && s->active == player && s->turn == b->turn + 1) {
        const char *other = d->pl[1 - player].name, *me = d->pl[player].name;
        char whose[64];
        snprintf(buf, n, "%s %s no tokens left, so the %s turn is skipped: %s %s again. Now: %s.",
                 other, eng_verb(other, "has", "have"), eng_possessive(other, whose,
                 sizeof whose), me, eng_verb(me, "plays", "play"), now);
    }
}
