/*
 * test_ptw_blunder.c - The Portable Wargame's plainly wrong moves, which the
 * playout hint gives no weight (ptw_blunder.c) and the tree search never
 * tries while anything else is legal: turning so that the nearest enemy is
 * behind the unit's front, wire more than 3 squares from every enemy, a
 * step straight back the way the unit just stepped, and ending an
 * activation or the side's part while a shot is to be had. Each is checked
 * beside the sound move it is to be told from.
 */
#include "test_ptw_util.h"

/* A 5x8 board: Red's infantry at c2 facing north, Blue's at c7 (5 rows off,
 * beyond small-arms range). */
static eng_state *apart(eng_game **g)
{
    *g = pt_game("o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o",
                 "INF@c2", "INF@c7>S", NULL, NULL);
    eng_state *s = eng_state_new(*g, 1);
    pt_to_side_a(s);
    return s;
}

static void test_turning_away(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = apart(&g);
    assert_true(t_hint_weight(s, "face INF1 S") == 0);   /* the enemy behind */
    assert_true(t_hint_weight(s, "face INF1 E") > 0);    /* beside: not plainly wrong */
    assert_true(t_hint_weight(s, "move INF1 c3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_wire_far_and_near(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = apart(&g);
    assert_true(t_hint_weight(s, "wire INF1") == 0);     /* 5 squares from the enemy */
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o o o/o o o/o o o/o o o", "INF@b1", "INF@b4>S", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_true(t_hint_weight(s, "wire INF1") > 0);      /* 3 squares: near enough */
    eng_state_free(s);
    eng_game_free(g);
}

static void test_straight_back(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o/o o o/o o o/o o o/o o o", "CAV@b2", "INF@b7>S",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "move CAV1 b3");
    assert_true(t_hint_weight(s, "move CAV1 b2") == 0);  /* back where it came from */
    assert_true(t_hint_weight(s, "move CAV1 b4") > 0);
    assert_true(t_hint_weight(s, "move CAV1 a3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* Red's infantry at b1 has Blue's at b3 in range: ending the part unfired
 * is wrong, firing is not; after its shot, ending its activation is fine,
 * before it (once the unit has turned to face the enemy) it is not. */
static void test_ending_with_a_shot_to_be_had(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o", "INF@b1", "INF@b3>S", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_true(t_hint_weight(s, "end") == 0);
    assert_true(t_hint_weight(s, "fire INF1 b3") > 0);
    t_play(s, "fire INF1 b3");
    t_play(s, "shot 1/INF1 1");                   /* a miss */
    assert_true(t_hint_weight(s, "done") > 0);
    eng_state_free(s);
    eng_game_free(g);
    /* facing east, it turns north first: its activation may still fire */
    g = pt_game("o o o/o o o/o o o", "INF@b1>E", "INF@b3>S", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "face INF1 N");
    assert_true(t_hint_weight(s, "done") == 0);
    assert_true(t_hint_weight(s, "fire INF1 b3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turning_away),
        cmocka_unit_test(test_wire_far_and_near),
        cmocka_unit_test(test_straight_back),
        cmocka_unit_test(test_ending_with_a_shot_to_be_had),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
