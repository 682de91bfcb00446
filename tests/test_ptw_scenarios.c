/*
 * test_ptw_scenarios.c - The Portable Wargame's shipped scenarios and
 * variants: each loads as described (the river and its fords and road, the
 * trench line with its wire, machine guns and limbered battery), and every
 * scenario under every variant plays to its end in random self-play.
 */
#include "test_ptw_util.h"
#include "scenario.h"

static const char *cell(json_t *j, const char *sq, const char *key)
{
    static char buf[4][64];
    static int k;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(json_object_get(j, "board"), "cells"), i, c)
        if (!strcmp(json_string_value(json_object_get(c, "sq")), sq)) {
            json_t *v = json_object_get(c, key);
            char *out = buf[k++ % 4];
            snprintf(out, 64, "%s", json_is_string(v) ? json_string_value(v)
                                    : json_is_true(v) ? "true" : "-");
            return out;
        }
    fail_msg("no square %s", sq);
    return NULL;
}

static void test_meeting(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "meeting", NULL);
    assert_string_equal(eng_rules_default_scenario(eng_rules_find("portable-wargame")), "meeting");
    eng_state *s = eng_state_new(g, 1);
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "board"), "width")), 8);
    T_EXPECT_STR(cell(j, "d4", "terrain"), "built-up area");
    T_EXPECT_STR(cell(j, "d4", "road"), "true");
    T_EXPECT_STR(cell(j, "b3", "terrain"), "woods");
    T_EXPECT_STR(cell(j, "c5", "hill"), "true");
    assert_int_equal(json_array_size(json_object_get(j, "units")), 14);
    json_decref(j);
    T_EXPECT_STR(pt_field(s, "1/INF3", "quality"), "elite");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "facing"), "S");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_river_crossing(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "river-crossing", NULL);
    eng_state *s = eng_state_new(g, 1);
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    T_EXPECT_STR(cell(j, "a5", "terrain"), "river");
    T_EXPECT_STR(cell(j, "c5", "terrain"), "ford");
    T_EXPECT_STR(cell(j, "g5", "terrain"), "ford");
    T_EXPECT_STR(cell(j, "g5", "road"), "true");
    T_EXPECT_STR(cell(j, "g1", "road"), "true");
    json_decref(j);
    T_EXPECT_STR(pt_field(s, "1/FLD2", "towed_by"), "1/TRN1");
    T_EXPECT_STR(pt_top(s, "victory", -1, "rule"), "objective");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_trench_assault(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "trench-assault", NULL);
    eng_state *s = eng_state_new(g, 1);
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    T_EXPECT_STR(cell(j, "c7", "terrain"), "trench");
    T_EXPECT_STR(cell(j, "c6", "wire"), "true");
    T_EXPECT_STR(cell(j, "d6", "wire"), "-");
    json_decref(j);
    T_EXPECT_STR(pt_field(s, "2/MG1", "loc"), "c7");
    T_EXPECT_STR(pt_field(s, "2/MG2", "loc"), "f7");
    T_EXPECT_STR(pt_field(s, "1/HVY1", "loc"), "d1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_every_scenario_and_variant_plays_to_its_end(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("portable-wargame");
    char **scen, **var;
    int ns = eng_scenario_names(r, &scen), nv = eng_variant_names(r, &var);
    assert_true(ns >= 3);
    assert_true(nv >= 1);
    for (int i = 0; i < ns; i++)
        for (int v = -1; v < nv; v++) {
            json_t *opt = NULL;
            if (v >= 0) {
                eng_error err;
                json_t *vf = eng_variant_load(r, var[v], &err);
                if (!vf)
                    fail_msg("%s", err.msg);
                opt = json_incref(json_object_get(vf, "options"));
                json_decref(vf);
            }
            char *text = opt ? json_dumps(opt, 0) : NULL;
            eng_game *g = t_game_named("portable-wargame", scen[i], text);
            for (uint64_t seed = 1; seed <= 3; seed++) {
                eng_state *s = eng_state_new(g, seed);
                t_random_playout(s, seed * 7, 100000);
                if (!eng_is_terminal(s))
                    fail_msg("%s with %s, seed %llu: no end", scen[i], v >= 0 ? var[v] : "-",
                             (unsigned long long)seed);
                char res[64];
                eng_result_text(s, res, sizeof res);
                assert_true(!strcmp(res, "draw") || strstr(res, " wins"));
                eng_state_free(s);
            }
            eng_game_free(g);
            free(text);
            json_decref(opt);
        }
    eng_names_free(scen, ns);
    eng_names_free(var, nv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_meeting),
        cmocka_unit_test(test_river_crossing),
        cmocka_unit_test(test_trench_assault),
        cmocka_unit_test(test_every_scenario_and_variant_plays_to_its_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
