/*
 * support.c - helpers for the cmocka tests (see support.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "support.h"
#include "rng.h"
#include "scenario.h"
#include "match.h"
#include "ai.h"

eng_game *t_game(const char *rules, const char *scenario_json, const char *options_json)
{
    const eng_rules *r = eng_rules_find(rules);
    if (!r)
        fail_msg("no rule set %s", rules);
    json_error_t jerr;
    json_t *sc = json_loads(scenario_json, 0, &jerr);
    if (!sc)
        fail_msg("test scenario JSON: line %d column %d: %s", jerr.line, jerr.column, jerr.text);
    json_t *opt = NULL;
    if (options_json) {
        opt = json_loads(options_json, 0, &jerr);
        if (!opt)
            fail_msg("test options JSON: %s", jerr.text);
    }
    eng_error err;
    eng_game *g = eng_game_new(r, sc, opt, &err);
    json_decref(sc);
    json_decref(opt);
    if (!g)
        fail_msg("scenario refused: %s", err.msg);
    return g;
}

eng_game *t_game_named(const char *rules, const char *scenario_name, const char *options_json)
{
    const eng_rules *r = eng_rules_find(rules);
    if (!r)
        fail_msg("no rule set %s", rules);
    eng_error err;
    json_t *sc = eng_scenario_load(r, scenario_name, &err);
    if (!sc)
        fail_msg("scenario %s: %s", scenario_name, err.msg);
    json_t *opt = NULL;
    if (options_json) {
        json_error_t jerr;
        opt = json_loads(options_json, 0, &jerr);
        if (!opt)
            fail_msg("test options JSON: %s", jerr.text);
    }
    eng_game *g = eng_game_new(r, sc, opt, &err);
    json_decref(sc);
    json_decref(opt);
    if (!g)
        fail_msg("scenario %s refused: %s", scenario_name, err.msg);
    return g;
}

void t_play(eng_state *s, const char *notation)
{
    eng_action a;
    eng_error err;
    char status[256];
    if (eng_action_parse(s, notation, &a, &err) != 0) {
        eng_status_text(s, status, sizeof status);
        fail_msg("cannot parse \"%s\" (%s): %s", notation, status, err.msg);
    }
    if (eng_apply(s, a, &err) != 0) {
        eng_status_text(s, status, sizeof status);
        char *legal = t_legal_text(s);
        char shown[2048];
        snprintf(shown, sizeof shown, "%s", legal);
        free(legal);
        fail_msg("\"%s\" refused (%s): %s\nlegal: %s", notation, status, err.msg, shown);
    }
}

void t_play_list(eng_state *s, const char *const *notations)
{
    for (int i = 0; notations[i]; i++)
        t_play(s, notations[i]);
}

static int contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return n == 0;
}

void t_refused(eng_state *s, const char *notation, const char *because)
{
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, notation, &a, &err) != 0)
        fail_msg("cannot parse \"%s\": %s", notation, err.msg);
    if (eng_is_legal(s, a, &err))
        fail_msg("\"%s\" was accepted; expected a refusal about \"%s\"", notation, because);
    if (!contains_ci(err.msg, because))
        fail_msg("\"%s\" refused with \"%s\"; expected it to mention \"%s\"", notation, err.msg, because);
}

int t_is_legal(const eng_state *s, const char *notation)
{
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, notation, &a, &err) != 0)
        return 0;
    return eng_is_legal(s, a, NULL);
}

char *t_legal_text(const eng_state *s)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    size_t cap = 64 + (size_t)n * ENG_TEXT_MAX, len = 0;
    char *out = malloc(cap);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char buf[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], buf, sizeof buf);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? "; " : "", buf);
    }
    return out;
}

int t_random_playout(eng_state *s, uint64_t seed, int max_steps)
{
    eng_rng r;
    rng_seed(&r, seed);
    eng_action acts[ENG_MAX_ACTIONS];
    int steps = 0;
    while (steps < max_steps && !eng_is_terminal(s)) {
        eng_action a;
        if (eng_current_player(s) == ENG_CHANCE) {
            a = eng_chance_sample(s);
        } else {
            int n = eng_legal_actions(s, acts);
            if (n == 0)
                fail_msg("a non-final position has no legal actions");
            a = acts[rng_below(&r, (uint32_t)n)];
        }
        eng_apply_fast(s, a);
        steps++;
    }
    return steps;
}

void t_random_game(const char *rules, const char *scenario, const json_t *options,
                   uint64_t seed, uint64_t pick, size_t max_steps, t_visit visit, void *ctx)
{
    eng_error err;
    eng_match *m = eng_match_new(rules, scenario, options, seed, &err);
    if (!m)
        fail_msg("%s: %s", scenario, err.msg);
    eng_rng r;
    rng_seed(&r, pick);
    eng_action acts[ENG_MAX_ACTIONS];
    while (!eng_is_terminal(m->state)) {
        if (m->nsteps >= max_steps)
            fail_msg("%s seed %llu: no end", scenario, (unsigned long long)seed);
        int player = eng_current_player(m->state);
        if (player == ENG_CHANCE) {
            eng_match_apply_chance(m);
            continue;
        }
        int n = eng_legal_actions(m->state, acts);
        assert_true(n > 0);
        visit(m, player, acts, n, ctx);
        if (eng_match_apply(m, acts[rng_below(&r, (uint32_t)n)], false, &err))
            fail_msg("%s seed %llu step %zu: %s", scenario, (unsigned long long)seed, m->nsteps,
                     err.msg);
    }
    eng_match_free(m);
}

const char *t_words(const eng_state *s, const char *notation)
{
    static char buf[256];
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, notation, &a, &err) != 0)
        fail_msg("cannot parse %s: %s", notation, err.msg);
    eng_action_words(s, a, buf, sizeof buf);
    return buf;
}

const char *t_ending(const eng_state *s)
{
    static char buf[512];
    eng_ending(s, buf, sizeof buf);
    return buf;
}

double t_hint_weight(const eng_state *s, const char *notation)
{
    eng_action acts[ENG_MAX_ACTIONS], a;
    double w[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    assert_int_equal(eng_action_parse(s, notation, &a, NULL), 0);
    assert_true(ai_hints_playout_weights(s, acts, n, w));
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return w[i];
    char *legal = t_legal_text(s);
    char shown[2048];
    snprintf(shown, sizeof shown, "%s", legal);
    free(legal);
    fail_msg("\"%s\" is not legal here: %s", notation, shown);
    return -1;
}

char *t_env_save(const char *name)
{
    const char *old = getenv(name);
    return old ? strdup(old) : NULL;
}

void t_env_restore(const char *name, char *saved)
{
    if (saved)
        setenv(name, saved, 1);
    else
        unsetenv(name);
    free(saved);
}

char *t_record_text(const eng_match *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_error err;
    if (!f)
        fail_msg("open_memstream failed");
    if (eng_match_save(m, f, &err) != 0)
        fail_msg("save: %s", err.msg);
    fclose(f);
    return buf;
}

json_t *t_checkout_json(const char *path_in_checkout)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../%s", POCKETWAR_DATA_DIR, path_in_checkout);
    json_error_t jerr;
    json_t *j = json_load_file(path, 0, &jerr);
    if (!j)
        fail_msg("%s: %s", path, jerr.text);
    return j;
}
