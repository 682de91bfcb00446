/*
 * explain.c - results explained and the scenario's briefing: the engine's
 * wrappers around the rule sets' optional hooks (rules.h), with the plain
 * fallbacks for a rule set that has none.
 */
#include <string.h>
#include "engine_private.h"

static const eng_rules *rules_of(const eng_state *s)
{
    return eng_game_rules(eng_state_game(s));
}

void eng_explain_outcome(const eng_state *s, eng_action a, char *buf, size_t n)
{
    const eng_rules *r = rules_of(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->explain_outcome && eng_current_player(s) == ENG_CHANCE)
        r->explain_outcome(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a,
                           buf, n);
    eng_utf8_trim_end(buf);
    if (!buf[0])
        eng_action_text(s, a, buf, n);
}

void eng_explain_chance(const eng_state *s, char *buf, size_t n)
{
    const eng_rules *r = rules_of(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->explain_chance && eng_current_player(s) == ENG_CHANCE)
        r->explain_chance(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf,
                          n);
    eng_utf8_trim_end(buf);
}

json_t *eng_briefing(const eng_game *g)
{
    const eng_rules *r = eng_game_rules(g);
    if (!r->briefing)
        return NULL;
    json_t *j = r->briefing(eng_game_data(g));
    if (!j)
        return NULL;
    json_object_set_new(j, "rules", json_string(eng_rules_name(r)));
    json_object_set_new(j, "rules_title", json_string(eng_rules_title(r)));
    json_object_set_new(j, "scenario", json_string(eng_game_scenario_name(g)));
    return j;
}

void eng_standing(const eng_state *s, char *buf, size_t n)
{
    const eng_rules *r = rules_of(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->standing)
        r->standing(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf, n);
    eng_utf8_trim_end(buf);
}
