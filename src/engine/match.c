/*
 * match.c - a game in progress with its history (see match.h).
 */
#include <stdlib.h>
#include <string.h>
#include "match.h"
#include "scenario.h"

eng_match *eng_match_new(const char *rules, const char *scenario,
                         const json_t *options, uint64_t seed, eng_error *err)
{
    const eng_rules *r = eng_rules_find(rules);
    if (!r) {
        eng_error_set(err, "no rule set named \"%s\" (see `pocketwar rules`)", rules);
        return NULL;
    }
    if (!scenario)
        scenario = eng_rules_default_scenario(r);
    json_t *sc = eng_scenario_load(r, scenario, err);
    if (!sc)
        return NULL;
    eng_game *g = eng_game_new(r, sc, options, err);
    json_decref(sc);
    if (!g)
        return NULL;
    eng_match *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->rules = r;
    m->game = g;
    m->state = eng_state_new(g, seed);
    m->scenario = strdup(scenario);
    m->options = options ? json_deep_copy(options) : json_object();
    m->seed = seed;
    m->tags = json_object();
    for (int p = 0; p < eng_game_players(g); p++)
        m->players[p] = strdup("human");
    return m;
}

void eng_match_free(eng_match *m)
{
    if (!m)
        return;
    eng_state_free(m->state);
    eng_game_free(m->game);
    free(m->scenario);
    json_decref(m->options);
    json_decref(m->tags);
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        free(m->players[p]);
    free(m->steps);
    eng_state_free(m->start);
    json_decref(m->position);
    free(m);
}

void eng_match_set_player(eng_match *m, int player, const char *label)
{
    if (player < 0 || player >= ENG_MAX_PLAYERS)
        return;
    free(m->players[player]);
    m->players[player] = strdup(label);
}

static void push_step(eng_match *m, eng_action a, int who)
{
    if (m->nsteps == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 256;
        m->steps = realloc(m->steps, m->cap * sizeof *m->steps);
        if (!m->steps)
            abort();
    }
    m->steps[m->nsteps].action = a;
    m->steps[m->nsteps].who = who;
    m->nsteps++;
}

int eng_match_apply(eng_match *m, eng_action a, bool entered, eng_error *err)
{
    int who = eng_current_player(m->state);
    if (eng_apply(m->state, a, err) != 0)
        return -1;
    if (who == ENG_CHANCE)
        who = entered ? ENG_WHO_ENTERED : ENG_WHO_CHANCE;
    push_step(m, a, who);
    return 0;
}

int eng_match_apply_text(eng_match *m, const char *text, bool entered, eng_error *err)
{
    eng_action a;
    if (eng_action_parse(m->state, text, &a, err) != 0)
        return -1;
    return eng_match_apply(m, a, entered, err);
}

void eng_match_apply_chance(eng_match *m)
{
    eng_action a = eng_chance_sample(m->state);
    eng_apply_fast(m->state, a);
    push_step(m, a, ENG_WHO_CHANCE);
}

eng_state *eng_match_state_at(const eng_match *m, size_t k)
{
    eng_state *s = m->start ? eng_state_clone(m->start) : eng_state_new(m->game, m->seed);
    if (k > m->nsteps)
        k = m->nsteps;
    for (size_t i = 0; i < k; i++)
        eng_apply_fast(s, m->steps[i].action);
    return s;
}

void eng_match_undo(eng_match *m, size_t n)
{
    size_t keep = n >= m->nsteps ? 0 : m->nsteps - n;
    eng_state *s = eng_match_state_at(m, keep);
    eng_state_free(m->state);
    m->state = s;
    m->nsteps = keep;
}
