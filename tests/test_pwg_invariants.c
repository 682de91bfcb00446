/*
 * test_pwg_invariants.c - 1,000 Pocket Wargame games with random seeds, over
 * every shipped scenario, played by random players. Throughout each game:
 * no unit stands in two places (every coin is listed once, with a location
 * exactly when it is on the map), no unit stands on a lake, every coin is
 * accounted for (on the map, destroyed, exited, still to deploy or in
 * reserve: the count never changes), and no card lies in two locations.
 * Every game ends, and its record replays to the same final position.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define GAMES 1000
#define CHECK_EVERY 16
#define MAX_STEPS 50000

static void check_invariants(const eng_state *s, size_t expect_units, const char *where)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *units = json_object_get(j, "units");
    json_t *cells = json_object_get(json_object_get(j, "board"), "cells");
    if (json_array_size(units) != expect_units)
        fail_msg("%s: %zu coins listed, %zu at the start", where, json_array_size(units), expect_units);
    size_t i, k;
    json_t *u, *c;
    json_array_foreach(units, i, u) {
        const char *ref = json_string_value(json_object_get(u, "ref"));
        const char *cond = json_string_value(json_object_get(u, "condition"));
        json_t *loc = json_object_get(u, "loc");
        assert_non_null(ref);
        assert_non_null(cond);
        for (k = i + 1; k < json_array_size(units); k++)
            if (!strcmp(ref, json_string_value(json_object_get(json_array_get(units, k), "ref"))))
                fail_msg("%s: %s listed twice", where, ref);
        bool on_map = !strcmp(cond, "steady") || !strcmp(cond, "wavering");
        if (!on_map && strcmp(cond, "destroyed") && strcmp(cond, "exited") &&
            strcmp(cond, "undeployed") && strcmp(cond, "reserve"))
            fail_msg("%s: %s has condition \"%s\"", where, ref, cond);
        if (on_map != json_is_string(loc))
            fail_msg("%s: %s is %s but %s a location", where, ref, cond,
                     on_map ? "has no" : "has");
        if (on_map) {
            const char *l = json_string_value(loc);
            bool found = false;
            json_array_foreach(cells, k, c) {
                if (strcmp(json_string_value(json_object_get(c, "loc")), l) != 0)
                    continue;
                found = true;
                const char *t = json_string_value(json_object_get(c, "terrain"));
                if (t && !strcmp(t, "lake"))
                    fail_msg("%s: %s stands on a lake at %s", where, ref, l);
            }
            if (!found)
                fail_msg("%s: %s is at %s, off the battlefield", where, ref, l);
        }
    }
    json_array_foreach(cells, i, c) {
        const char *card = json_string_value(json_object_get(c, "card"));
        if (!card)
            continue;
        for (k = i + 1; k < json_array_size(cells); k++) {
            const char *other = json_string_value(json_object_get(json_array_get(cells, k), "card"));
            if (other && !strcmp(card, other))
                fail_msg("%s: card %s lies in two locations", where, card);
        }
    }
    json_decref(j);
}

static void test_thousand_random_games(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("pocket-wargame");
    char **names;
    int ns = eng_scenario_names(r, &names);
    assert_true(ns >= 3);
    eng_rng seeds;
    rng_seed(&seeds, 20261121);
    eng_action acts[ENG_MAX_ACTIONS];
    for (int game = 0; game < GAMES; game++) {
        uint64_t seed = rng_next(&seeds) % 1000000007u;
        const char *scen = names[game % ns];
        eng_error err;
        eng_match *m = eng_match_new("pocket-wargame", scen, NULL, seed, &err);
        if (!m)
            fail_msg("%s: %s", scen, err.msg);
        char where[128];
        json_t *j0 = eng_state_json(m->state, ENG_VIEW_ALL);
        size_t units = json_array_size(json_object_get(j0, "units"));
        json_decref(j0);
        eng_rng pick;
        rng_seed(&pick, seed ^ 0x5eed);
        while (!eng_is_terminal(m->state)) {
            if (m->nsteps >= MAX_STEPS)
                fail_msg("%s seed %llu: no end after %d steps", scen, (unsigned long long)seed, MAX_STEPS);
            if (eng_current_player(m->state) == ENG_CHANCE) {
                eng_match_apply_chance(m);
            } else {
                int n = eng_legal_actions(m->state, acts);
                assert_true(n > 0);
                assert_int_equal(eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false, &err), 0);
            }
            if (m->nsteps % CHECK_EVERY == 0) {
                snprintf(where, sizeof where, "%s seed %llu step %zu", scen,
                         (unsigned long long)seed, m->nsteps);
                check_invariants(m->state, units, where);
            }
        }
        snprintf(where, sizeof where, "%s seed %llu end", scen, (unsigned long long)seed);
        check_invariants(m->state, units, where);

        /* the record replays to the same final position */
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        assert_int_equal(eng_match_save(m, f, &err), 0);
        fclose(f);
        eng_match *back = eng_match_load_text(text, where, &err);
        if (!back)
            fail_msg("%s: %s", where, err.msg);
        assert_true(eng_state_equal(back->state, m->state));
        assert_true(eng_is_terminal(back->state));
        free(text);
        eng_match_free(back);
        eng_match_free(m);
    }
    eng_names_free(names, ns);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thousand_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
