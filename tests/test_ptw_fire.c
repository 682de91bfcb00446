/*
 * test_ptw_fire.c - The Portable Wargame: small arms and machine guns.
 * One die for infantry (and dismounted cavalry), three for a machine gun;
 * a modified 5 or 6 is a hit on every enemy unit in the target square; the
 * modifiers: -1 a target in cover or fortifications, +1 the firer has not
 * moved this turn, +1 a friendly commander in or next to its square. A
 * unit fires once a turn; the firer's activation goes on afterwards.
 */
#include "test_ptw_util.h"

/* Red fires INF1 (or whatever `shooter` names) at `target` after playing
 * `before` (may be NULL), rolling r; returns how many hits wait on the
 * unit `victim` afterwards (0 if none). */
static int shoot(const char *map, const char *red, const char *blue, const char *before,
                 const char *shooter, const char *target, const int *rolls, int nrolls,
                 const char *victim)
{
    eng_game *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    if (before)
        t_play(s, before);
    char act[48];
    snprintf(act, sizeof act, "fire %s %s", shooter, target);
    t_play(s, act);
    for (int i = 0; i < nrolls; i++) {
        snprintf(act, sizeof act, "shot 1/%s %d", shooter, rolls[i]);
        t_play(s, act);
    }
    const char *h = pt_field(s, victim, "hits_waiting");
    int n = strcmp(h, "-") ? atoi(h) : 0;
    eng_state_free(s);
    eng_game_free(g);
    return n;
}

static int one(const char *map, const char *red, const char *blue, const char *before, int roll)
{
    return shoot(map, red, blue, before, "INF1", "a3", &roll, 1, "2/INF1");
}

#define OPEN "o o/o o/o o/o o"

static void test_five_or_six_hits(void **unused)
{
    (void)unused;
    /* turned first (so it has moved): no modifier at all */
    assert_int_equal(one(OPEN, "INF@a1>E", "INF@a3", "face INF1 N", 5), 1);
    assert_int_equal(one(OPEN, "INF@a1>E", "INF@a3", "face INF1 N", 6), 1);
    assert_int_equal(one(OPEN, "INF@a1>E", "INF@a3", "face INF1 N", 4), 0);
    assert_int_equal(one(OPEN, "INF@a1>E", "INF@a3", "face INF1 N", 1), 0);
}

static void test_not_moved_adds_one(void **unused)
{
    (void)unused;
    assert_int_equal(one(OPEN, "INF@a1", "INF@a3", NULL, 4), 1);
    assert_int_equal(one(OPEN, "INF@a1", "INF@a3", NULL, 3), 0);
}

static void test_cover_and_fortifications_take_one(void **unused)
{
    (void)unused;
    assert_int_equal(one("o o/o o/w o/o o", "INF@a1", "INF@a3", NULL, 5), 1);   /* 5+1-1 */
    assert_int_equal(one("o o/o o/w o/o o", "INF@a1", "INF@a3", NULL, 4), 0);
    assert_int_equal(one("o o/o o/b o/o o", "INF@a1", "INF@a3", NULL, 4), 0);
    assert_int_equal(one("o o/o o/f o/o o", "INF@a1", "INF@a3", NULL, 5), 1);
    assert_int_equal(one("o o/o o/f o/o o", "INF@a1", "INF@a3", NULL, 4), 0);
    assert_int_equal(one("o o/o o/t o/o o", "INF@a1", "INF@a3", NULL, 4), 0);
    /* a hill is not cover */
    assert_int_equal(one("o o/o o/h o/o o", "INF@a1", "INF@a3", NULL, 4), 1);
}

static void test_commander_near_adds_one(void **unused)
{
    (void)unused;
    assert_int_equal(one(OPEN, "INF@a1 CMD@b1", "INF@a3", NULL, 3), 1);   /* 3+1+1 */
    assert_int_equal(one(OPEN, "INF@a1 CMD@a1", "INF@a3", NULL, 3), 1);
    assert_int_equal(one(OPEN, "INF@a1 CMD@b2", "INF@a3", NULL, 3), 0);   /* diagonal */
}

static void test_machine_gun_rolls_three_dice(void **unused)
{
    (void)unused;
    int rolls[3] = {6, 1, 4};   /* 7, 2, 5 with +1: two hits */
    assert_int_equal(shoot(OPEN, "MG@a1", "INF@a3", NULL, "MG1", "a3", rolls, 3, "2/INF1"), 2);
    int none[3] = {3, 1, 2};
    assert_int_equal(shoot(OPEN, "MG@a1", "INF@a3", NULL, "MG1", "a3", none, 3, "2/INF1"), 0);
    eng_game *g = pt_game(OPEN, "MG@a1", "INF@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire MG1 a3");
    T_EXPECT_STR(pt_status(s), "Turn 1, 1/MG1 fires at a3, die 1 of 3");
    t_play(s, "6");
    T_EXPECT_STR(pt_status(s), "Turn 1, 1/MG1 fires at a3, die 2 of 3");
    t_play(s, "6");
    t_play(s, "6");
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/INF1, its die");
    T_EXPECT_STR(pt_field(s, "2/INF1", "hits_waiting"), "3");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_a_hit_falls_on_every_enemy_in_the_square(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN, "INF@a1", "INF@a3 CMD@a3 TRN@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    t_play(s, "shot 1/INF1 6");
    T_EXPECT_STR(pt_field(s, "2/INF1", "hits_waiting"), "1");
    T_EXPECT_STR(pt_field(s, "2/CMD1", "hits_waiting"), "1");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "hits_waiting"), "1");
    /* resolved in unit order; each is destroyed on a low roll */
    t_play(s, "hit 2/INF1 1");
    t_play(s, "hit 2/CMD1 1");
    t_play(s, "hit 2/TRN1 1");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "status"), "destroyed");
    assert_true(eng_is_terminal(s));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_fires_once_and_the_activation_goes_on(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(OPEN, "INF@a1", "INF@a3 INF@b4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    t_play(s, "2");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: INF1 in action");
    t_refused(s, "fire INF1 b4", "INF1 has already fired this turn");
    T_EXPECT_STR(pt_legal(s), "face INF1 E; face INF1 S; face INF1 W; done");
    eng_state_free(s);
    eng_game_free(g);
}

/* Dismounted cavalry carries small arms: one die, like infantry. Machine
 * guns reach 3 squares, and not 4. */
static void test_dismounted_cavalry_and_machine_gun_range(void **unused)
{
    (void)unused;
    int r = 4;   /* 4 + 1 not moved = 5 */
    assert_int_equal(shoot(OPEN, "DCAV@a1", "INF@a3", NULL, "DCAV1", "a3", &r, 1, "2/INF1"), 1);
    eng_game *g = pt_game("o/o/o/o/o", "MG@a1", "INF@a4 INF@a5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_true(t_is_legal(s, "fire MG1 a4"));
    t_refused(s, "fire MG1 a5", "a5 is out of range: 4 squares away, and MG1 reaches 3");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_five_or_six_hits),
        cmocka_unit_test(test_not_moved_adds_one),
        cmocka_unit_test(test_cover_and_fortifications_take_one),
        cmocka_unit_test(test_commander_near_adds_one),
        cmocka_unit_test(test_machine_gun_rolls_three_dice),
        cmocka_unit_test(test_a_hit_falls_on_every_enemy_in_the_square),
        cmocka_unit_test(test_fires_once_and_the_activation_goes_on),
        cmocka_unit_test(test_dismounted_cavalry_and_machine_gun_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
