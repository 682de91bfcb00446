/*
 * ptw_turns.c - The Portable Wargame's phases as a player meets them:
 * whether ending the artillery phase, a side's activations or a unit's
 * activation gives up a bombardment, a fire or an assault still open, and
 * the line saying a side's phase ended by itself once none of its units
 * could act.
 */
#include <stdio.h>
#include <string.h>
#include "ptw.h"

bool ptw_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int kind = PTW_KIND(a);
    bool arty = s->stage == PTW_S_ARTY;
    if (!(arty && kind == PTW_A_END) &&
        !(s->stage == PTW_S_ACT && (kind == PTW_A_END || kind == PTW_A_DONE)))
        return false;
    int me = ptw_actor(d, s);
    eng_action acts[ENG_MAX_ACTIONS];
    int na = ptw_legal_actions(d, s, acts);
    for (int i = 0; i < na; i++) {
        int k = PTW_KIND(acts[i]);
        if (k != PTW_A_BOMBARD && k != PTW_A_FIRE && k != PTW_A_ASSAULT)
            continue;
        char unit[24], text[ENG_TEXT_MAX];
        ptw_unit_ref(d, PTW_FU(acts[i]), me, unit, sizeof unit);
        ptw_action_text(d, s, acts[i], text, sizeof text);
        snprintf(why, n, "%s can still %s: %s", unit,
                 k == PTW_A_BOMBARD ? "bombard" : k == PTW_A_FIRE ? "fire" : "assault", text);
        return true;
    }
    return false;
}

/* Stages where the acting side's activations go on. */
static bool activation_stage(int stage)
{
    return stage == PTW_S_ACT || stage == PTW_S_FACE || stage == PTW_S_ADVANCE ||
           stage == PTW_S_SHOT || stage == PTW_S_COMBAT || stage == PTW_S_HIT ||
           stage == PTW_S_RETREAT;
}

void ptw_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *b = before, *s = after;
    if (PTW_KIND(a) == PTW_A_END || player < 0 || player > 1)
        return;
    char now[160];
    ptw_status_text(d, s, now, sizeof now);
    const char *name = d->side[player].name;
    if (b->stage == PTW_S_ARTY && b->arty_side == player) {
        if (s->turn == b->turn && (s->stage == PTW_S_ARTY || s->stage == PTW_S_LANDING) &&
            s->arty_side == player)
            return;
        snprintf(buf, n, "%s's artillery phase of turn %d ended by itself: no gun of %s could "
                 "still bombard. Now: %s.", name, b->turn, name, now);
        return;
    }
    if (activation_stage(b->stage) && ptw_acting_side(b) == player) {
        if (s->turn == b->turn && s->part == b->part && activation_stage(s->stage) &&
            s->stage != PTW_S_OVER)
            return;
        snprintf(buf, n, "%s's part of turn %d ended by itself: no unit of %s could still act. "
                 "Now: %s.", name, b->turn, name, now);
    }
}
