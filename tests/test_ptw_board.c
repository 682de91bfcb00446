/*
 * test_ptw_board.c - The Portable Wargame: the board, line of sight and
 * reach. The map and its tokens, square names; the 90-degree arc with its
 * diagonals; ranges of small arms and of each kind of gun; lines of sight
 * from centre to centre blocked by woods, built-up areas and hills (not
 * from a hill), not by a corner, by units for small arms but not for guns;
 * firing one square into cover; the edge rule out of woods, built-up areas
 * and fortifications; range 1 within a wood; scenario errors naming the
 * field.
 */
#include "test_ptw_util.h"

static eng_state *ready(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    return s;
}

static void test_map_and_squares(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o h= hw/w b f/t r d=#", "INF@a1", "INF@c3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *board = json_object_get(j, "board");
    assert_int_equal(json_integer_value(json_object_get(board, "width")), 3);
    assert_int_equal(json_integer_value(json_object_get(board, "height")), 3);
    json_t *cells = json_object_get(board, "cells");
    const char *want[] = {"open", "open", "woods", "woods", "built-up area", "fortification",
                          "trench", "river", "ford"};
    for (int i = 0; i < 9; i++)
        T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, (size_t)i), "terrain")),
                      want[i]);
    assert_true(json_is_true(json_object_get(json_array_get(cells, 1), "hill")));
    assert_true(json_is_true(json_object_get(json_array_get(cells, 1), "road")));
    assert_true(json_is_true(json_object_get(json_array_get(cells, 2), "hill")));
    assert_null(json_object_get(json_array_get(cells, 0), "hill"));
    assert_true(json_is_true(json_object_get(json_array_get(cells, 8), "road")));
    assert_true(json_is_true(json_object_get(json_array_get(cells, 8), "wire")));
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, 8), "sq")), "c3");
    json_decref(j);
    pt_to_side_a(s);
    eng_action a;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "move INF1 d1", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "there is no square d1 on this 3x3 board (a1 to c3)");
    assert_int_equal(eng_action_parse(s, "move INF1 11", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a square like c4");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_arc_is_ninety_degrees_with_diagonals(void **unused)
{
    (void)unused;
    /* INF at c2 facing north: c3, b3, d3 (diagonals), c4, b4, d4 ahead;
     * b2, d2 beside it and c1 behind are outside the arc */
    const char *targets[] = {"c3", "b3", "d3", "b4", "c4", "d4"};
    for (int i = 0; i < 6; i++) {
        char blue[32];
        snprintf(blue, sizeof blue, "INF@%s", targets[i]);
        eng_game *g = pt_game("o o o o o/o o o o o/o o o o o/o o o o o", "INF@c2", blue, NULL, NULL);
        eng_state *s = ready(g);
        char act[32];
        snprintf(act, sizeof act, "fire INF1 %s", targets[i]);
        if (!t_is_legal(s, act))
            fail_msg("%s should be in the arc: %s", act, pt_legal(s));
        eng_state_free(s);
        eng_game_free(g);
    }
    const char *outside[] = {"b2", "d2", "c1", "a3", "e3"};
    for (int i = 0; i < 5; i++) {
        char blue[32];
        snprintf(blue, sizeof blue, "INF@%s", outside[i]);
        eng_game *g = pt_game("o o o o o/o o o o o/o o o o o/o o o o o", "INF@c2", blue, NULL, NULL);
        eng_state *s = ready(g);
        char act[32];
        snprintf(act, sizeof act, "fire INF1 %s", outside[i]);
        t_refused(s, act, "outside INF1's arc of fire: 90 degrees forward of its facing (north)");
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_small_arms_range(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o/o/o", "INF@a1", "INF@a4 CMD@a5", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a4"));
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o/o/o/o/o", "INF@a1", "INF@a5", NULL, NULL);
    s = ready(g);
    t_refused(s, "fire INF1 a5", "a5 is out of range: 4 squares away, and INF1 reaches 3");
    eng_state_free(s);
    eng_game_free(g);
}

/* Each gun reaches its range in squares, and not one more. */
static void test_artillery_ranges(void **unused)
{
    (void)unused;
    const struct { const char *type; int range; } guns[] = {
        {"HVY", 12}, {"MED", 10}, {"FLD", 8}, {"MTN", 6},
    };
    for (int i = 0; i < 4; i++) {
        char rows[64] = "o", red[32], blue[64], act[32], why[96];
        for (int r = 1; r < guns[i].range + 2; r++)
            strcat(rows, "/o");
        snprintf(red, sizeof red, "%s@a1", guns[i].type);
        snprintf(blue, sizeof blue, "INF@a%d INF@a%d", guns[i].range + 1, guns[i].range + 2);
        eng_game *g = pt_game(rows, red, blue, NULL, NULL);
        eng_state *s = eng_state_new(g, 1);
        T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Red to lay its guns");
        snprintf(act, sizeof act, "bombard %s1 a%d", guns[i].type, guns[i].range + 1);
        assert_true(t_is_legal(s, act));
        snprintf(act, sizeof act, "bombard %s1 a%d", guns[i].type, guns[i].range + 2);
        snprintf(why, sizeof why, "out of range: %d squares away, and %s1 reaches %d",
                 guns[i].range + 1, guns[i].type, guns[i].range);
        t_refused(s, act, why);
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_woods_and_towns_block_sight(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/w/o", "INF@a1", "INF@a3", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "fire INF1 a3", "no direct line of sight to a3: woods, a built-up area or a hill");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o/b/o", "INF@a1", "INF@a3", NULL, NULL);
    s = ready(g);
    t_refused(s, "fire INF1 a3", "no direct line of sight");
    eng_state_free(s);
    eng_game_free(g);
    /* fortifications and trenches do not block a line of sight */
    g = pt_game("o/f/o", "INF@a1", "INF@a3", NULL, NULL);
    s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a3"));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_one_square_into_cover(void **unused)
{
    (void)unused;
    /* a target in the first square of a wood is seen; one further in is not */
    eng_game *g = pt_game("o/o/w/w", "INF@a1", "INF@a3 INF@a4", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a3"));
    t_refused(s, "fire INF1 a4", "no direct line of sight");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_a_corner_does_not_block(void **unused)
{
    (void)unused;
    /* a1 to b2 passes exactly through the corner between woods a2 and b1 */
    eng_game *g = pt_game("o w/w o", "INF@a1", "INF@b2", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 b2"));
    eng_state_free(s);
    eng_game_free(g);
    /* a1 to b3 crosses the interior of a2 and b2 */
    g = pt_game("o o/w o/o o", "INF@a1", "INF@b3", NULL, NULL);
    s = ready(g);
    t_refused(s, "fire INF1 b3", "no direct line of sight");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_hills_block_unless_on_one(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/h/o", "INF@a1", "INF@a3", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "fire INF1 a3", "no direct line of sight");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("h/h/o", "INF@a1", "INF@a3", NULL, NULL);
    s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a3"));
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o/h/h", "INF@a1", "INF@a3", NULL, NULL);
    s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a3"));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_units_block_small_arms_not_guns(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o", "INF@a1 INF@a2", "INF@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_refused(s, "fire INF1 a3", "a unit is in the way (only artillery fires over units)");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o/o/o", "FLD@a1 INF@a2", "INF@a3", NULL, NULL);
    s = eng_state_new(g, 1);
    assert_true(t_is_legal(s, "bombard FLD1 a3"));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_edge_rule(void **unused)
{
    (void)unused;
    /* in woods at the edge (open ground in front): may fire out */
    eng_game *g = pt_game("w/o/o", "INF@a1", "INF@a3", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a3"));
    eng_state_free(s);
    eng_game_free(g);
    /* deeper in: the square in front is woods too */
    const char *kinds[] = {"w/w/o/o", "b/b/o/o", "f/f/o/o", "t/t/o/o"};
    const char *names[] = {"woods", "built-up area", "fortification", "trench"};
    for (int i = 0; i < 4; i++) {
        char why[160];
        g = pt_game(kinds[i], "INF@a1", "INF@a3", NULL, NULL);
        s = ready(g);
        snprintf(why, sizeof why, "INF1 is in %s but not at its edge", names[i]);
        t_refused(s, "fire INF1 a3", why);
        eng_state_free(s);
        eng_game_free(g);
    }
    /* the rule binds guns too (a second gun keeps the laying of guns open) */
    g = pt_game("b o/b o/o o/o o", "FLD@a1 FLD@b1", "INF@a4", NULL, NULL);
    s = eng_state_new(g, 1);
    t_refused(s, "bombard FLD1 a4", "FLD1 is in built-up area but not at its edge");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_range_one_within_a_wood(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("w/w/w", "INF@a1", "INF@a2", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 a2"));
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("w/w/w", "INF@a1", "INF@a3", NULL, NULL);
    s = ready(g);
    t_refused(s, "fire INF1 a3", "within a wood every weapon reaches 1 square only");
    eng_state_free(s);
    eng_game_free(g);
    /* guns too */
    g = pt_game("w o/w o/w o", "FLD@a1 FLD@b1", "INF@a3", NULL, NULL);
    s = eng_state_new(g, 1);
    t_refused(s, "bombard FLD1 a3", "within a wood every weapon reaches 1 square only");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_scenario_errors_name_the_field(void **unused)
{
    (void)unused;
    T_EXPECT_HAS(pt_refusal("o x/o o", "INF@a1", "INF@b2", NULL, NULL),
                  "map[0] (row 1), square b1: unknown terrain \"x\"");
    T_EXPECT_HAS(pt_refusal("o o/o", "INF@a1", "INF@a2", NULL, NULL),
                  "map[1] (row 2): 1 squares, but row 1 has 2");
    T_EXPECT_HAS(pt_refusal("o r", "INF@b1", "INF@a1", NULL, NULL),
                  "sides[0].units[0].at: b1 is a river");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1 INF@a1", "INF@b1", NULL, NULL),
                  "sides[0].units[1]: a1 already holds a fighting unit of its side");
    assert_null(pt_refusal("o o", "INF@a1 CMD@a1 TRN@a1", "INF@b1", NULL, NULL));
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@a1", NULL, NULL),
                  "sides[1].units[0]: a1 also holds an enemy unit");
    T_EXPECT_HAS(pt_refusal("o o", "FLD@a1~", "INF@b1", NULL, NULL),
                  "sides[0].units[0].limbered: no free transport of its side at a1");
    T_EXPECT_HAS(pt_refusal("o o", "ZZZ@a1", "INF@b1", NULL, NULL),
                  "sides[0].units[0].type: \"ZZZ\" is not a unit type (INF, DCAV, CAV, MG");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a9", "INF@b1", NULL, NULL),
                  "sides[0].units[0].at: there is no square a9 on this 2x1 board");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@b1", NULL, "{\"close-combat\": \"1900s\"}"),
                  "option close-combat: expected one of 1800s, 2014, got \"1900s\"");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@b1", NULL, "{\"fire-hits\": \"strength\"}"),
                  "option fire-hits: strength needs close-combat 2014");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@b1", ",\"victory\":{\"rule\":\"objective\"}", NULL),
                  "victory.objectives: the objective rule needs a list of squares");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@b1", ",\"victory\":{\"rule\":\"most\"}", NULL),
                  "victory.rule: expected one of later-exhaustion, objective, got \"most\"");
    T_EXPECT_HAS(pt_refusal("o o", "INF@a1", "INF@b1", ",\"weather\":1", NULL),
                  "scenario: unknown field \"weather\"");
    /* a side fields at most 30 units */
    char rows[256] = "", red[1024] = "";
    for (int y = 0; y < 4; y++)
        strcat(rows, y ? "/o o o o o o o o" : "o o o o o o o o");
    for (int i = 0; i < 31; i++) {
        char u[32];
        snprintf(u, sizeof u, "%sINF@%c%d", i ? " " : "", 'a' + i % 8, 1 + i / 8);
        strcat(red, u);
    }
    T_EXPECT_HAS(pt_refusal(rows, red, "INF@h4", NULL, NULL),
                  "sides[0].units: 31 units; a side fields at most 30");
}

/* Artillery rule b, firing rule a: ranges count orthogonal steps, so a
 * square off the straight line is further than it looks. A target square
 * must hold an enemy unit. */
static void test_ranges_count_orthogonal_steps(void **unused)
{
    (void)unused;
    const char *map = "o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o";
    eng_game *g = pt_game(map, "INF@c2", "INF@d4 INF@d5", NULL, NULL);
    eng_state *s = ready(g);
    assert_true(t_is_legal(s, "fire INF1 d4"));   /* 1 + 2 = 3 */
    t_refused(s, "fire INF1 d5", "d5 is out of range: 4 squares away, and INF1 reaches 3");
    t_refused(s, "fire INF1 c3", "c3 holds no enemy unit to fire at");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game(map, "MTN@c1", "INF@d6 INF@e6", NULL, NULL);
    s = eng_state_new(g, 1);
    assert_true(t_is_legal(s, "bombard MTN1 d6"));   /* 1 + 5 = 6 */
    t_refused(s, "bombard MTN1 e6", "e6 is out of range: 7 squares away, and MTN1 reaches 6");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_and_squares),
        cmocka_unit_test(test_arc_is_ninety_degrees_with_diagonals),
        cmocka_unit_test(test_small_arms_range),
        cmocka_unit_test(test_artillery_ranges),
        cmocka_unit_test(test_woods_and_towns_block_sight),
        cmocka_unit_test(test_one_square_into_cover),
        cmocka_unit_test(test_a_corner_does_not_block),
        cmocka_unit_test(test_hills_block_unless_on_one),
        cmocka_unit_test(test_units_block_small_arms_not_guns),
        cmocka_unit_test(test_edge_rule),
        cmocka_unit_test(test_range_one_within_a_wood),
        cmocka_unit_test(test_scenario_errors_name_the_field),
        cmocka_unit_test(test_ranges_count_orthogonal_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
