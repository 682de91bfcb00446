/*
 * test_conformance.c - the contract every registered rule set must keep,
 * checked over random games on every shipped scenario, as it stands and
 * under every shipped variant:
 *   - a position that is not final has legal actions, and each is accepted;
 *   - every action's notation parses back to the same action;
 *   - chance outcomes' probabilities are positive and sum to 1;
 *   - a clone equals its original, in bytes and in JSON;
 *   - each player's view and the full view are JSON objects;
 *   - a record saved, loaded and saved again gives the same bytes, and
 *     replays to the same position;
 *   - the same seed gives the same game, position by position (the
 *     replay compares each position's hash with the first game's, so that
 *     no position is checked twice);
 *   - every game plays to its end, where it has a result.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

/* Games per scenario as shipped, and under each variant (seeded apart, so
 * that the variants of a scenario see different games); with the variants
 * the suite plays about as many games as with 12 a scenario alone. */
#define GAMES_PER_SCENARIO 8
#define GAMES_PER_VARIANT 1
#define MAX_STEPS 20000

static void check_position(const eng_state *s)
{
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int who = eng_current_player(s);
    int players = eng_game_players(eng_state_game(s));
    assert_true(who == ENG_CHANCE || who == ENG_TERMINAL || (who >= 0 && who < players));
    if (who == ENG_TERMINAL) {
        double ret[ENG_MAX_PLAYERS];
        eng_returns(s, ret);
        double sum = 0;
        for (int p = 0; p < players; p++) {
            assert_true(ret[p] >= 0 && ret[p] <= 1);
            sum += ret[p];
        }
        assert_true(fabs(sum - 1.0) < 1e-9);
        return;
    }
    int n = eng_legal_actions(s, acts);
    if (n <= 0) {
        char st[256];
        eng_status_text(s, st, sizeof st);
        fail_msg("no legal actions in a position that is not final: %s", st);
    }
    if (who == ENG_CHANCE) {
        int m = eng_chance_outcomes(s, acts, prob);
        assert_int_equal(m, n);
        double sum = 0;
        for (int i = 0; i < m; i++) {
            assert_true(prob[i] > 0);
            sum += prob[i];
        }
        assert_true(fabs(sum - 1.0) < 1e-9);
    }
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action back;
        eng_error err;
        eng_action_text(s, acts[i], text, sizeof text);
        if (eng_action_parse(s, text, &back, &err) != 0)
            fail_msg("notation \"%s\" does not parse back: %s", text, err.msg);
        if (back != acts[i])
            fail_msg("notation \"%s\" parses to another action", text);
        if (!eng_is_legal(s, acts[i], &err))
            fail_msg("listed action \"%s\" refused: %s", text, err.msg);
    }
    eng_state *c = eng_state_clone(s);
    assert_true(eng_state_equal(c, s));
    assert_int_equal(eng_state_hash(c), eng_state_hash(s));
    json_t *a = eng_state_json(s, ENG_VIEW_ALL), *b = eng_state_json(c, ENG_VIEW_ALL);
    assert_true(json_is_object(a));
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    for (int p = 0; p < players; p++) {
        json_t *v = eng_state_json(s, p);
        assert_true(json_is_object(v));
        json_decref(v);
    }
    eng_state_free(c);
}

/* The positions of one game, as hashes, one before each step and the last. */
typedef struct {
    uint64_t *hash;
    size_t n, cap;
} trail;

static void trail_add(trail *t, uint64_t h)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->hash = realloc(t->hash, t->cap * sizeof *t->hash);
        assert_non_null(t->hash);
    }
    t->hash[t->n++] = h;
}

/* Plays one random game as a match. With `record`, checks every position
 * and keeps its hash there; with `replay` (the same seed's first game),
 * checks instead that every position is the one that game had, step by
 * step: the same seed, the same game, without checking its positions twice. */
static eng_match *random_match(const eng_rules *r, const char *scenario, const json_t *options,
                               uint64_t seed, trail *record, const trail *replay)
{
    eng_error err;
    eng_match *m = eng_match_new(eng_rules_name(r), scenario, options, seed, &err);
    if (!m)
        fail_msg("%s/%s: %s", eng_rules_name(r), scenario, err.msg);
    eng_rng pick;
    rng_seed(&pick, seed * 31 + 7);
    eng_action acts[ENG_MAX_ACTIONS];
    size_t at = 0;
    for (;;) {
        uint64_t h = eng_state_hash(m->state);
        if (record) {
            check_position(m->state);
            trail_add(record, h);
        } else if (at >= replay->n || replay->hash[at] != h) {
            fail_msg("%s/%s seed %llu: the same seed gives another position at step %zu",
                     eng_rules_name(r), scenario, (unsigned long long)seed, at);
        }
        at++;
        if (eng_is_terminal(m->state))
            break;
        if (m->nsteps >= MAX_STEPS)
            fail_msg("%s/%s seed %llu: no end after %d steps", eng_rules_name(r), scenario,
                     (unsigned long long)seed, MAX_STEPS);
        if (eng_current_player(m->state) == ENG_CHANCE) {
            eng_match_apply_chance(m);
        } else {
            int n = eng_legal_actions(m->state, acts);
            if (eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false, &err) != 0)
                fail_msg("%s", err.msg);
        }
    }
    if (replay)
        assert_int_equal(at, replay->n);
    char res[ENG_TEXT_MAX];
    eng_result_text(m->state, res, sizeof res);
    if (!res[0] || !strcmp(res, "*"))
        fail_msg("%s/%s seed %llu: ended with no result", eng_rules_name(r), scenario,
                 (unsigned long long)seed);
    return m;
}

/* The contract over `games` random games of one scenario under options
 * (NULL: the scenario's own), seeded from seed0 on; what names the variant
 * in messages. */
static void conformance_games(const eng_rules *r, const char *scenario, const json_t *options,
                              uint64_t seed0, int games, const char *what)
{
    for (uint64_t seed = seed0; seed < seed0 + (uint64_t)games; seed++) {
        trail path = {.n = 0};
        eng_match *m = random_match(r, scenario, options, seed, &path, NULL);
        /* save, load, save: the same bytes and the same position */
        char *text = t_record_text(m);
        eng_error err;
        eng_match *back = eng_match_load_text(text, "saved", &err);
        if (!back)
            fail_msg("%s/%s (%s): reload failed: %s\n%s", eng_rules_name(r), scenario, what,
                     err.msg, text);
        char *second = t_record_text(back);
        assert_string_equal(text, second);
        assert_true(eng_state_equal(m->state, back->state));
        /* the same seed, the same game */
        eng_match *again = random_match(r, scenario, options, seed, NULL, &path);
        assert_int_equal(again->nsteps, m->nsteps);
        assert_true(eng_state_equal(again->state, m->state));
        free(path.hash);
        free(text);
        free(second);
        eng_match_free(back);
        eng_match_free(again);
        eng_match_free(m);
    }
}

static void conformance_of(const eng_rules *r)
{
    char **names, **variants;
    int ns = eng_scenario_names(r, &names), nv = eng_variant_names(r, &variants);
    assert_true(ns >= 1);
    for (int k = 0; k < ns; k++) {
        conformance_games(r, names[k], NULL, 1, GAMES_PER_SCENARIO, "as shipped");
        for (int v = 0; v < nv; v++) {
            eng_error err;
            json_t *vf = eng_variant_load(r, variants[v], &err);
            if (!vf)
                fail_msg("%s variant %s: %s", eng_rules_name(r), variants[v], err.msg);
            conformance_games(r, names[k], json_object_get(vf, "options"),
                              100 + (uint64_t)(v * GAMES_PER_VARIANT), GAMES_PER_VARIANT,
                              variants[v]);
            json_decref(vf);
        }
    }
    eng_names_free(names, ns);
    eng_names_free(variants, nv);
}

static void test_every_rule_set(void **unused)
{
    (void)unused;
    int count = 0;
    for (const eng_rules *const *r = eng_registry(); *r; r++, count++)
        conformance_of(*r);
    assert_true(count >= 1);
}

static void test_registry_names_unique(void **unused)
{
    (void)unused;
    const eng_rules *const *reg = eng_registry();
    for (int i = 0; reg[i]; i++) {
        assert_ptr_equal(eng_rules_find(eng_rules_name(reg[i])), reg[i]);
        assert_non_null(eng_rules_default_scenario(reg[i]));
        for (int j = i + 1; reg[j]; j++)
            assert_string_not_equal(eng_rules_name(reg[i]), eng_rules_name(reg[j]));
    }
    assert_null(eng_rules_find("no-such-rules"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_names_unique),
        cmocka_unit_test(test_every_rule_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
