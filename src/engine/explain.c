/*
 * explain.c - the rule set's explanations (rules.h, eng_explain_methods):
 * the engine's wrappers around its optional hooks, with the plain fallbacks
 * for a rule set that has none: results explained and the scenario's
 * briefing; phases and turns in play (a forgone shot, a phase that ended by
 * itself); the losses summary, per side what it started with and what it
 * has lost in the rule set's own terms (units, strength points, troops,
 * deployment points), as JSON for the server and the browser and in words
 * for the terminal; words for players (an action for a button, what a step
 * set off, why the game ended). (The batch of chance entries is chance_batch.c; the
 * rule an illegal action breaks, engine.c.)
 */
#include <string.h>
#include "engine_private.h"

/* The rule set's explanations; a rule set without any has none of them. */
static const eng_explain_methods *explain_of(const eng_game *g)
{
    static const eng_explain_methods none;
    const eng_rules *r = eng_game_rules(g);
    return r->explain ? r->explain : &none;
}

static const eng_explain_methods *explain_at(const eng_state *s)
{
    return explain_of(eng_state_game(s));
}

void eng_explain_outcome(const eng_state *s, eng_action a, char *buf, size_t n)
{
    const eng_explain_methods *r = explain_at(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->outcome && eng_current_player(s) == ENG_CHANCE)
        r->outcome(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a,
                           buf, n);
    eng_utf8_trim_end(buf);
    if (!buf[0])
        eng_action_text(s, a, buf, n);
}

void eng_explain_chance(const eng_state *s, char *buf, size_t n)
{
    const eng_explain_methods *r = explain_at(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->chance && eng_current_player(s) == ENG_CHANCE)
        r->chance(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf,
                          n);
    eng_utf8_trim_end(buf);
}

json_t *eng_briefing(const eng_game *g)
{
    const eng_explain_methods *e = explain_of(g);
    if (!e->briefing)
        return NULL;
    json_t *j = e->briefing(eng_game_data(g));
    if (!j)
        return NULL;
    json_object_set_new(j, "rules", json_string(eng_rules_name(eng_game_rules(g))));
    json_object_set_new(j, "rules_title", json_string(eng_rules_title(eng_game_rules(g))));
    json_object_set_new(j, "scenario", json_string(eng_game_scenario_name(g)));
    return j;
}

void eng_standing(const eng_state *s, char *buf, size_t n)
{
    const eng_explain_methods *r = explain_at(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->standing)
        r->standing(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf, n);
    eng_utf8_trim_end(buf);
}

/* ---- phases and turns in play ------------------------------------------- */

bool eng_action_forgoes(const eng_state *s, eng_action a, char *why, size_t n)
{
    if (n)
        why[0] = '\0';
    const eng_explain_methods *r = explain_at(s);
    if (!r->forgoes || eng_current_player(s) < 0)
        return false;
    return r->forgoes(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a, why, n);
}

void eng_phase_note(const eng_state *before, eng_action a, const eng_state *after, int player,
                    char *buf, size_t n)
{
    if (n)
        buf[0] = '\0';
    const eng_explain_methods *r = explain_at(before);
    if (r->phase_note && eng_state_game(before) == eng_state_game(after))
        r->phase_note(eng_game_data(eng_state_game(before)), eng_state_cbody(before), a,
                      eng_state_cbody(after), player, buf, n);
}

/* ---- words for players ----------------------------------------------------- */

void eng_action_words(const eng_state *s, eng_action a, char *buf, size_t n)
{
    const eng_explain_methods *r = explain_at(s);
    if (n == 0)
        return;
    buf[0] = '\0';
    if (r->words && eng_current_player(s) >= 0)
        r->words(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a, buf, n);
    eng_utf8_trim_end(buf);
    if (!buf[0])
        eng_action_text(s, a, buf, n);
}

void eng_step_note(const eng_state *before, eng_action a, const eng_state *after, char *buf,
                   size_t n)
{
    if (n == 0)
        return;
    buf[0] = '\0';
    const eng_explain_methods *r = explain_at(before);
    if (r->step_note && eng_state_game(before) == eng_state_game(after) &&
        eng_current_player(before) >= 0)
        r->step_note(eng_game_data(eng_state_game(before)), eng_state_cbody(before), a,
                     eng_state_cbody(after), buf, n);
    eng_utf8_trim_end(buf);
}

void eng_ending_why(const eng_state *s, char *buf, size_t n)
{
    if (n == 0)
        return;
    buf[0] = '\0';
    const eng_explain_methods *r = explain_at(s);
    if (!r->ending || !eng_is_terminal(s))
        return;
    r->ending(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf, n);
    eng_utf8_trim_end(buf);
}

void eng_ending(const eng_state *s, char *buf, size_t n)
{
    if (n == 0)
        return;
    eng_result_text(s, buf, n);
    char why[ENG_ERROR_MAX];
    eng_ending_why(s, why, sizeof why);
    size_t len = strlen(buf);
    if (why[0] && len < n)
        snprintf(buf + len, n - len, ": %s", why);
    eng_utf8_trim_end(buf);
}

/* ---- the losses summary ---------------------------------------------------- */

json_t *eng_losses(const eng_state *s, int viewer)
{
    const eng_explain_methods *r = explain_at(s);
    if (!r->losses)
        return NULL;
    return r->losses(eng_game_data(eng_state_game(s)), eng_state_cbody(s), viewer);
}

bool eng_losses_text(const eng_state *s, int viewer, char *buf, size_t n)
{
    buf[0] = '\0';
    json_t *j = eng_losses(s, viewer);
    if (!j)
        return false;
    size_t len = 0;
    size_t i, k;
    json_t *side, *c;
    json_array_foreach(json_object_get(j, "sides"), i, side) {
        const char *name = json_string_value(json_object_get(side, "side"));
        if (len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s:", i ? "; " : "", name ? name : "?");
        json_array_foreach(json_object_get(side, "counts"), k, c) {
            const char *what = json_string_value(json_object_get(c, "what"));
            if (len < n)
                len += (size_t)snprintf(buf + len, n - len, "%s %s %lld of %lld lost", k ? "," : "",
                                        what ? what : "?",
                                        (long long)json_integer_value(json_object_get(c, "lost")),
                                        (long long)json_integer_value(json_object_get(c, "start")));
        }
    }
    json_decref(j);
    eng_utf8_trim_end(buf);
    return buf[0] != '\0';
}
