/*
 * test_ptw_scenarios.c - The Portable Wargame's shipped scenarios and
 * variants: each loads as described (the river and its fords and road, the
 * trench line with its wire, machine guns and limbered battery). That every
 * scenario under every variant plays to its end is test_conformance.c's.
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_meeting),
        cmocka_unit_test(test_river_crossing),
        cmocka_unit_test(test_trench_assault),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
