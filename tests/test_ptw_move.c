/*
 * test_ptw_move.c - The Portable Wargame: movement and terrain. Each
 * type's allowance (infantry 1, mounted cavalry 2, commander 2, artillery
 * 1, transport 1); the road bonus only when the whole move is along the
 * road; firing taking a square off the move (and on a road, moving and
 * firing both); facing ends a move, turning in place; guns that fired stay
 * put; stacking (a friendly square may be passed through, not stopped in;
 * transports and commanders may share); never into the enemy; stopping
 * next to an enemy and turning to face it (a choice when there are
 * several); withdrawing when faced, never into the square in front of
 * another enemy; woods, fords and trenches stop a unit and let it out one
 * square a turn; rivers bar it; crossing a trench or standing in a river
 * bars fire; barbed wire stops it, and takes a turn to lay or clear; an
 * exhausted side does not move towards the enemy.
 */
#include "test_ptw_util.h"

#define OPEN5 "o o o o o/o o o o o/o o o o o/o o o o o/o o o o o"

static eng_state *ready(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    return s;
}

/* Ends Red's and Blue's parts and starts the next turn with Red as side A. */
static void next_turn(eng_state *s)
{
    while (strstr(pt_status(s), "side A") || strstr(pt_status(s), "side B")) {
        if (strstr(pt_status(s), "in action"))
            t_play(s, "done");
        else
            t_play(s, "end");
    }
    pt_to_side_a(s);
}

static void test_allowances(void **unused)
{
    (void)unused;
    const struct { const char *type; int move; } kinds[] = {
        {"INF", 1}, {"DCAV", 1}, {"CAV", 2}, {"MG", 1}, {"FLD", 1}, {"TRN", 1}, {"CMD", 2},
    };
    for (int i = 0; i < 7; i++) {
        char red[32], act[32];
        snprintf(red, sizeof red, "%s@a1", kinds[i].type);
        eng_game *g = pt_game(OPEN5, red, "INF@e5", NULL, NULL);
        eng_state *s = ready(g);
        for (int k = 0; k < kinds[i].move; k++) {
            snprintf(act, sizeof act, "move %s1 a%d", kinds[i].type, k + 2);
            t_play(s, act);
        }
        snprintf(act, sizeof act, "move %s1 a%d", kinds[i].type, kinds[i].move + 2);
        t_refused(s, act, kinds[i].move == 1 ? "has moved 1 square" : "has moved 2 squares");
        char ref[32], at[8];
        snprintf(ref, sizeof ref, "1/%s1", kinds[i].type);
        snprintf(at, sizeof at, "a%d", kinds[i].move + 1);
        T_EXPECT_STR(pt_loc(s, ref), at);
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_road_bonus_only_along_the_whole_move(void **unused)
{
    (void)unused;
    const char *map = "o= o o/o= o o/o= o o/o= o o/o o o";
    eng_game *g = pt_game(map, "INF@a1", "INF@c5", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "move INF1 a2");
    t_play(s, "move INF1 a3");
    t_refused(s, "move INF1 a4", "has moved 2 squares");
    eng_state_free(s);
    eng_game_free(g);
    /* leaving the road ends the bonus */
    g = pt_game(map, "INF@a1", "INF@c5", NULL, NULL);
    s = ready(g);
    t_play(s, "move INF1 a2");
    t_refused(s, "move INF1 b2", "has moved 1 square");
    eng_state_free(s);
    eng_game_free(g);
    /* mounted cavalry along the road: 3 */
    g = pt_game(map, "CAV@a1", "INF@c5", NULL, NULL);
    s = ready(g);
    t_play(s, "move CAV1 a2");
    t_play(s, "move CAV1 a3");
    t_play(s, "move CAV1 a4");
    T_EXPECT_STR(pt_loc(s, "1/CAV1"), "a4");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_firing_costs_a_square(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN5, "INF@b1", "INF@b4", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "fire INF1 b4");
    t_play(s, "shot 1/INF1 1");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: INF1 in action");
    t_refused(s, "move INF1 b2", "has moved 0 squares: infantry move 1 a turn, +1 when the "
                                 "whole move is along a road, -1 after firing");
    /* it may still turn in place */
    assert_true(t_is_legal(s, "face INF1 E"));
    eng_state_free(s);
    eng_game_free(g);
    /* moved, it may not fire */
    g = pt_game(OPEN5, "INF@b1", "INF@b5", NULL, NULL);
    s = ready(g);
    t_play(s, "move INF1 b2");
    t_refused(s, "fire INF1 b5", "INF1 has moved as far as it may and still fire");
    eng_state_free(s);
    eng_game_free(g);
    /* along a road it may do both */
    g = pt_game("o= o/o= o/o= o/o o/o o", "INF@a1", "INF@a5", NULL, NULL);
    s = ready(g);
    t_play(s, "move INF1 a2");
    t_play(s, "fire INF1 a5");
    t_play(s, "1");
    t_refused(s, "move INF1 a3", "has moved 1 square");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_facing_and_guns_that_fired(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN5, "INF@b2 FLD@d1", "INF@d5 INF@e2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 d5");
    /* 1 + 2 (a direct line of sight) = 3: behind the target, off the board */
    t_play(s, "landing 1/FLD1 1");
    t_play(s, "initiative 1 4");
    t_play(s, "initiative 2 4");   /* equal: both roll again */
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Red rolls");
    t_play(s, "initiative 1 2");
    t_play(s, "initiative 2 5");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Blue to act");
    t_play(s, "end");
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Red to act");
    t_refused(s, "move FLD1 d2", "FLD1 fired this turn: artillery that has fired may not move");
    t_refused(s, "face FLD1 E", "FLD1 fired this turn");
    t_play(s, "face INF1 E");
    T_EXPECT_STR(pt_facing(s, "1/INF1"), "E");
    t_refused(s, "move INF1 c2", "INF1's move is over");
    t_refused(s, "face INF1 W", "INF1's move is over");
    t_play(s, "done");
    /* Red, side B, had nothing else that could act: turn 2 */
    T_EXPECT_STR(pt_status(s), "Turn 2, artillery phase, Red to lay its guns");
    t_refused(s, "move INF1 b3", "units move in their side's part of the turn; now the guns are "
                                 "being laid");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_stacking(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN5, "INF@b1 INF@b2 CAV@c1 CMD@a1 TRN@d1", "INF@e5", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "move INF1 b2", "b2 holds a friendly unit of the same kind: a unit may not end "
                                 "its move with one (movement rule f");
    /* mounted cavalry may pass through, not stop */
    t_play(s, "move CAV1 c2");
    t_play(s, "face CAV1 W");
    /* nothing left for it to do: its activation is over */
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red to act");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game(OPEN5, "INF@b1 INF@b2 CAV@b3 CMD@a1 TRN@d2", "INF@e5", NULL, NULL);
    s = ready(g);
    t_play(s, "move CAV1 b2");
    T_EXPECT_STR(pt_legal(s), "move CAV1 b3; move CAV1 c2; move CAV1 a2");
    t_refused(s, "done", "CAV1 is passing through b2, which holds a friendly unit of its kind");
    t_play(s, "move CAV1 c2");
    t_play(s, "done");
    /* commanders and transports share squares */
    t_play(s, "move CMD1 b1");
    t_play(s, "done");
    t_play(s, "move TRN1 c2");
    t_play(s, "done");
    T_EXPECT_STR(pt_loc(s, "1/TRN1"), "c2");
    T_EXPECT_STR(pt_loc(s, "1/CAV1"), "c2");
    T_EXPECT_STR(pt_loc(s, "1/CMD1"), "b1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_stop_next_to_an_enemy_and_face_it(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN5, "CAV@a2", "INF@c3", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "move CAV1 b2");
    T_EXPECT_STR(pt_facing(s, "1/CAV1"), "E");
    t_play(s, "move CAV1 c2");
    T_EXPECT_STR(pt_facing(s, "1/CAV1"), "N");    /* turned to face 2/INF1 at once */
    t_refused(s, "move CAV1 d2", "CAV1 may move no further this turn: it came next to an enemy "
                                 "unit and must stop (movement rule h)");
    t_refused(s, "face CAV1 E", "CAV1's move is over");
    eng_state_free(s);
    eng_game_free(g);
    /* next to two: the player picks which to face */
    g = pt_game(OPEN5, "CAV@c1", "INF@c3 INF@d2", NULL, NULL);
    s = ready(g);
    t_play(s, "move CAV1 c2");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: CAV1 faces an enemy next to it");
    T_EXPECT_STR(pt_legal(s), "face CAV1 N; face CAV1 E");
    t_refused(s, "face CAV1 W", "must turn to face one of them");
    t_play(s, "face CAV1 E");
    T_EXPECT_STR(pt_facing(s, "1/CAV1"), "E");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: CAV1 in action");
    eng_state_free(s);
    eng_game_free(g);
    /* never into the enemy's square */
    g = pt_game(OPEN5, "INF@b1", "INF@b2>E", NULL, NULL);
    s = ready(g);
    t_refused(s, "move INF1 b2", "b2 is held by the enemy: no unit may move into an enemy's "
                                 "square (movement rule g)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_withdrawing_when_faced(void **unused)
{
    (void)unused;
    /* 2/INF1 at b3 faces south onto 1/INF1 at b2; 2/INF2 at a3 faces a2 */
    eng_game *g = pt_game(OPEN5, "INF@b2", "INF@b3 INF@a3", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "move INF1 a2", "INF1 is withdrawing from an enemy facing it: it may not move "
                                 "into a2, the square in front of another enemy unit "
                                 "(movement rule i)");
    assert_true(t_is_legal(s, "move INF1 b1"));
    assert_true(t_is_legal(s, "move INF1 c2"));
    eng_state_free(s);
    eng_game_free(g);
    /* not faced (the enemy at b3 looks east): no withdrawal, a2 may be entered */
    g = pt_game(OPEN5, "INF@b2", "INF@b3>E INF@a3", NULL, NULL);
    s = ready(g);
    t_play(s, "move INF1 a2");
    T_EXPECT_STR(pt_facing(s, "1/INF1"), "N");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_woods_stop_and_slow(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o/w o/o o/o o/o o", "CAV@a1", "INF@b5", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "move CAV1 a2");
    t_refused(s, "move CAV1 a3", "CAV1 may move no further this turn: a unit must stop as soon "
                                 "as it enters a wood");
    next_turn(s);
    t_play(s, "move CAV1 a3");
    t_refused(s, "move CAV1 a4", "CAV1 began its move in woods, a river or a trench: it moves 1 "
                                 "square out of it this turn");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rivers_and_fords(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/r d r/o o o/o o o", "CAV@a1 CAV@b1", "INF@c4", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "move CAV1 a2", "a2 is a river: it may be crossed only at a ford");
    t_play(s, "move CAV2 b2");
    t_refused(s, "move CAV2 b3", "a unit stops in the river when it enters a ford");
    next_turn(s);
    t_play(s, "move CAV2 b3");
    t_refused(s, "move CAV2 b4", "it moves 1 square out of it this turn");
    eng_state_free(s);
    eng_game_free(g);
    /* units in a river may not fire */
    g = pt_game("o/d/o/o", "INF@a2", "INF@a4", NULL, NULL);
    s = ready(g);
    t_refused(s, "fire INF1 a4", "INF1 is in a river: units in rivers may not fire");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_trenches_take_two_turns_and_bar_fire_while_crossing(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o/t o/o o/o o/o o", "INF@a1 CAV@b1", "INF@a5", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "move INF1 a2");
    t_refused(s, "move INF1 a3", "a unit stops in a trench it enters");
    T_EXPECT_STR(pt_field(s, "1/INF1", "crossing_trench"), "true");
    next_turn(s);
    t_refused(s, "fire INF1 a5", "INF1 is crossing a trench: units crossing trenches may not fire");
    next_turn(s);
    /* a whole turn in the trench: it holds it now */
    T_EXPECT_STR(pt_field(s, "1/INF1", "crossing_trench"), "-");
    assert_true(t_is_legal(s, "fire INF1 a5"));
    eng_state_free(s);
    eng_game_free(g);
    /* leaving a trench: one square */
    g = pt_game("t o/o o/o o/o o/o o", "CAV@a1", "INF@b5", NULL, NULL);
    s = ready(g);
    t_play(s, "move CAV1 a2");
    t_refused(s, "move CAV1 a3", "it moves 1 square out of it this turn");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_barbed_wire(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o/o# o/o o/o o/o o", "CAV@a1 INF@b1", "INF@b5", NULL, NULL);
    eng_state *s = ready(g);
    t_play(s, "move CAV1 a2");
    t_refused(s, "move CAV1 a3", "units must stop at barbed wire");
    t_play(s, "done");
    /* laying wire takes the unit's turn in its square */
    t_play(s, "wire INF1");
    /* nothing else of Red's may act: Blue's part */
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *cells = json_object_get(json_object_get(j, "board"), "cells");
    assert_true(json_is_true(json_object_get(json_array_get(cells, 1), "wire")));   /* b1 */
    json_decref(j);
    next_turn(s);
    /* the next turn it may go on, or clear the wire */
    assert_true(t_is_legal(s, "move CAV1 a3"));
    t_play(s, "clear CAV1");
    j = eng_state_json(s, ENG_VIEW_ALL);
    cells = json_object_get(json_object_get(j, "board"), "cells");
    assert_null(json_object_get(json_array_get(cells, 2), "wire"));   /* a2 */
    json_decref(j);
    t_play(s, "move INF1 b2");
    t_refused(s, "wire INF1", "laying or removing barbed wire takes a unit's whole turn in its "
                              "square: INF1 has already moved");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_exhausted_side_keeps_its_distance(void **unused)
{
    (void)unused;
    /* Red has 3 units: its exhaustion point is 1 */
    eng_game *g = pt_game(OPEN5, "INF@a1 INF@c1 CAV@e1", "FLD@c5 INF@a4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Blue to lay its guns");
    t_play(s, "bombard FLD1 c1");
    /* 3 + 2 (direct) = 5: on the target */
    t_play(s, "landing 2/FLD1 3");
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 1/INF2, its die");
    t_play(s, "hit 1/INF2 3");
    T_EXPECT_STR(pt_field(s, "1/INF2", "status"), "destroyed");
    pt_to_side_a(s);
    next_turn(s);
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted"), "true");
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted_turn"), "1");
    t_refused(s, "move INF1 a2", "Red has reached its exhaustion point: its units no longer move "
                                 "towards the enemy");
    assert_true(t_is_legal(s, "move INF1 b1"));
    /* it still fights to hold its ground: it fires */
    assert_true(t_is_legal(s, "fire INF1 a4"));
    eng_state_free(s);
    eng_game_free(g);
}

/* Rule a: a step goes through an edge, never a corner. Rule b: a unit moves
 * once a turn; its activation over, it may not move again. */
static void test_orthogonal_steps_once_a_turn(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN5, "CAV@b1 INF@e1", "INF@e5", NULL, NULL);
    eng_state *s = ready(g);
    t_refused(s, "move CAV1 c2", "to an orthogonally adjacent square");
    t_play(s, "move CAV1 b2");
    t_play(s, "done");
    T_EXPECT_STR(pt_loc(s, "1/CAV1"), "b2");
    t_refused(s, "move CAV1 b3", "CAV1 has already acted this turn");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allowances),
        cmocka_unit_test(test_road_bonus_only_along_the_whole_move),
        cmocka_unit_test(test_firing_costs_a_square),
        cmocka_unit_test(test_facing_and_guns_that_fired),
        cmocka_unit_test(test_stacking),
        cmocka_unit_test(test_stop_next_to_an_enemy_and_face_it),
        cmocka_unit_test(test_withdrawing_when_faced),
        cmocka_unit_test(test_woods_stop_and_slow),
        cmocka_unit_test(test_rivers_and_fords),
        cmocka_unit_test(test_trenches_take_two_turns_and_bar_fire_while_crossing),
        cmocka_unit_test(test_barbed_wire),
        cmocka_unit_test(test_exhausted_side_keeps_its_distance),
        cmocka_unit_test(test_orthogonal_steps_once_a_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
