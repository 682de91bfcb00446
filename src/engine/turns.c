/*
 * turns.c - phases and turns in play: the engine's wrappers around the
 * rule sets' optional forgoes and phase_note hooks (rules.h).
 */
#include "engine_private.h"

static const eng_rules *rules_of(const eng_state *s)
{
    return eng_game_rules(eng_state_game(s));
}

bool eng_action_forgoes(const eng_state *s, eng_action a, char *why, size_t n)
{
    if (n)
        why[0] = '\0';
    const eng_rules *r = rules_of(s);
    if (!r->forgoes || eng_current_player(s) < 0)
        return false;
    return r->forgoes(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a, why, n);
}

void eng_phase_note(const eng_state *before, eng_action a, const eng_state *after, int player,
                    char *buf, size_t n)
{
    if (n)
        buf[0] = '\0';
    const eng_rules *r = rules_of(before);
    if (r->phase_note && eng_state_game(before) == eng_state_game(after))
        r->phase_note(eng_game_data(eng_state_game(before)), eng_state_cbody(before), a,
                      eng_state_cbody(after), player, buf, n);
}
