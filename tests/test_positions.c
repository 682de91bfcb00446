/*
 * test_positions.c - positions as data, over every rule set and shipped
 * scenario: the whole position's JSON loads back to an equal state with the
 * same fingerprint and the same JSON, at every position of random games
 * (thousands per rule set); and what loading refuses in every rule set.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define GAMES_PER_SCENARIO 6
#define MAX_STEPS 20000

static long positions_checked;

static void round_trip(const eng_state *s)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    /* through text, as a file would carry it */
    char *text = json_dumps(j, JSON_COMPACT);
    json_error_t jerr;
    json_t *back = json_loads(text, 0, &jerr);
    assert_non_null(back);
    eng_error err;
    eng_state *t = eng_state_from_json(eng_state_game(s), back, 12345, &err);
    if (!t) {
        char st[256];
        eng_status_text(s, st, sizeof st);
        fail_msg("%s: position refused at \"%s\": %s", eng_rules_name(eng_game_rules(
                 eng_state_game(s))), st, err.msg);
    }
    json_t *j2 = eng_state_json(t, ENG_VIEW_ALL);
    if (!json_equal(j, j2)) {
        char *a = json_dumps(j, JSON_INDENT(1) | JSON_SORT_KEYS);
        char *b = json_dumps(j2, JSON_INDENT(1) | JSON_SORT_KEYS);
        FILE *f = fopen("/tmp/pos_a.json", "w"); fputs(a, f); fclose(f);
        f = fopen("/tmp/pos_b.json", "w"); fputs(b, f); fclose(f);
        free(a);
        free(b);
        fail_msg("the loaded position prints other JSON (/tmp/pos_a.json, /tmp/pos_b.json)");
    }
    if (!eng_state_equal(s, t) || eng_state_hash(s) != eng_state_hash(t)) {
        size_t n = eng_state_size(eng_state_game(s));
        const unsigned char *p = (const void *)s, *q = (const void *)t;
        size_t first = 0;
        for (size_t i = sizeof(void *); i < n; i++)
            if (p[i] != q[i]) {
                first = i;
                break;
            }
        fail_msg("loaded position differs from the original at byte %zu", first);
    }
    positions_checked++;
    eng_state_free(t);
    json_decref(j);
    json_decref(j2);
    json_decref(back);
    free(text);
}

static void random_game(const eng_rules *r, const char *scenario, uint64_t seed)
{
    eng_error err;
    eng_match *m = eng_match_new(eng_rules_name(r), scenario, NULL, seed, &err);
    if (!m)
        fail_msg("%s/%s: %s", eng_rules_name(r), scenario, err.msg);
    eng_rng pick;
    rng_seed(&pick, seed * 131 + 3);
    eng_action acts[ENG_MAX_ACTIONS];
    while (!eng_is_terminal(m->state) && m->nsteps < MAX_STEPS) {
        round_trip(m->state);
        if (eng_current_player(m->state) == ENG_CHANCE) {
            eng_match_apply_chance(m);
        } else {
            int n = eng_legal_actions(m->state, acts);
            eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false, &err);
        }
    }
    round_trip(m->state);
    eng_match_free(m);
}

static void round_trips_of(const char *rules)
{
    const eng_rules *r = eng_rules_find(rules);
    assert_non_null(r);
    assert_true(eng_rules_loads_positions(r));
    char **names;
    int ns = eng_scenario_names(r, &names);
    long before = positions_checked;
    for (int k = 0; k < ns; k++)
        for (uint64_t seed = 1; seed <= GAMES_PER_SCENARIO; seed++)
            random_game(r, names[k], seed);
    eng_names_free(names, ns);
    assert_true(positions_checked - before >= 1000);
    printf("# %s: %ld positions round-tripped\n", rules, positions_checked - before);
}

static void pwg_round_trip(void **state) { (void)state; round_trips_of("pocket-wargame"); }
static void ptw_round_trip(void **state) { (void)state; round_trips_of("portable-wargame"); }
static void pkb_round_trip(void **state) { (void)state; round_trips_of("pocket-battles"); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ptw_round_trip),
        cmocka_unit_test(pwg_round_trip),
        cmocka_unit_test(pkb_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
