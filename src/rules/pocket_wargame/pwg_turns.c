/*
 * pwg_turns.c - Pocket Wargame's phases as a player meets them: whether
 * ending a phase gives up a shot (ranged phase) or an attack (a step onto
 * an enemy's card in the cavalry or movement phase), and the line saying a
 * force's phase ended by itself once none of its units could act.
 */
#include <stdio.h>
#include <string.h>
#include "pwg.h"

bool pwg_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    if (PWG_KIND(a) != PWG_A_END)
        return false;
    bool ranged = s->stage == PWG_S_RANGED;
    if (!ranged && s->stage != PWG_S_CAVALRY && s->stage != PWG_S_MOVEMENT)
        return false;
    int me = pwg_actor(d, s);
    eng_action acts[ENG_MAX_ACTIONS];
    int na = pwg_legal_actions(d, s, acts);
    for (int i = 0; i < na; i++) {
        int kind = PWG_KIND(acts[i]);
        bool attack = kind == PWG_A_MOVE && pwg_enemy_at(d, s, PWG_FB(acts[i]), me);
        if (kind != PWG_A_SHOOT && !attack)
            continue;
        char unit[24], text[ENG_TEXT_MAX];
        pwg_unit_ref(d, PWG_FA(acts[i]), me, unit, sizeof unit);
        pwg_action_text(d, s, acts[i], text, sizeof text);
        snprintf(why, n, "%s can still %s: %s", unit,
                 attack ? "attack (step onto an enemy's card)" : "shoot", text);
        return true;
    }
    return false;
}

/* The phases a force acts in, one after another: cavalry, ranged, movement. */
static bool acting_phase(int phase)
{
    return phase == PWG_P_CAVALRY || phase == PWG_P_RANGED || phase == PWG_P_MOVEMENT;
}

void pwg_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *b = before, *s = after;
    /* a decision in the player's own phase (a move, a shot, heads spent in
     * the combat its shot began), and not the end of it */
    if (!acting_phase(b->phase) || PWG_KIND(a) == PWG_A_END || player < 0 ||
        player >= d->nforces || b->turn_pos >= d->nforces ||
        pwg_player_force(b, b->turn_pos, d->nforces) != player)
        return;
    if (s->turn == b->turn && s->phase == b->phase && s->turn_pos == b->turn_pos &&
        s->stage != PWG_S_OVER)
        return;                      /* the player's phase goes on */
    const char *ph = pwg_phase_name(b->phase);
    const char *what = b->phase == PWG_P_RANGED ? "shoot" : "move";
    char now[160];
    pwg_status_text(d, s, now, sizeof now);
    snprintf(buf, n, "%s's %s phase of turn %d ended by itself: no unit of %s could still %s. "
             "Now: %s.", d->force[player].name, ph, b->turn, d->force[player].name, what, now);
}
