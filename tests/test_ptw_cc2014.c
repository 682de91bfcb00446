/*
 * test_ptw_cc2014.c - The Portable Wargame with the 2014 close-combat
 * revision (option close-combat 2014): units have Strength Values; the
 * attacker and the defender roll at once, each hitting on its row's front
 * score; a flank or rear attack takes 1 from the defender's roll; a hit
 * costs 1 strength (a unit at 0 is destroyed); the lower roll retreats or,
 * unable to, loses 1 more; equal rolls fight another round at once. With
 * fire-hits strength, hits from fire cost strength too.
 *
 * Red's infantry at b1 attacks b2; infantry hit on 3 and start with 4.
 */
#include "test_ptw_util.h"

#define MAP "o o o/o o o/o o o"
#define CC2014 "{\"close-combat\": \"2014\"}"

static eng_state *attack(eng_game *g, int ra, int rd)
{
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    char act[32];
    snprintf(act, sizeof act, "combat 1/INF1 %d", ra);
    t_play(s, act);
    snprintf(act, sizeof act, "combat 2/INF1 %d", rd);
    t_play(s, act);
    return s;
}

static void test_defender_hit_and_lower_retreats(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2", NULL, CC2014);
    eng_state *s = attack(g, 5, 2);
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "4");
    T_EXPECT_STR(pt_status(s), "Turn 1, 2/INF1 retreats, Blue chooses where");
    t_play(s, "retreat INF1 b3");
    T_EXPECT_STR(pt_legal(s), "advance INF1; stay INF1");
    t_play(s, "stay INF1");
    T_EXPECT_STR(pt_loc(s, "1/INF1"), "b1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_both_hit(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2", NULL, CC2014);
    eng_state *s = attack(g, 4, 3);
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "3");
    T_EXPECT_STR(pt_status(s), "Turn 1, 2/INF1 retreats, Blue chooses where");
    eng_state_free(s);
    eng_game_free(g);
    /* the attacker rolls lower: it falls back */
    g = pt_game(MAP, "INF@b1", "INF@b2", NULL, CC2014);
    s = attack(g, 3, 4);
    T_EXPECT_STR(pt_status(s), "Turn 1, 1/INF1 retreats, Red chooses where");
    T_EXPECT_STR(pt_legal(s), "retreat INF1 c1; retreat INF1 a1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_equal_rolls_fight_again(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2", NULL, CC2014);
    eng_state *s = attack(g, 4, 4);
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "3");
    T_EXPECT_STR(pt_status(s), "Turn 1, close combat, 1/INF1 attacks 2/INF1 (another round), "
                                "the attacker rolls");
    t_play(s, "combat 1/INF1 2");
    t_play(s, "combat 2/INF1 2");
    /* nobody hits on 2; equal again */
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_HAS(pt_status(s), "(another round)");
    t_play(s, "combat 1/INF1 5");
    t_play(s, "combat 2/INF1 1");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "2");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "3");
    T_EXPECT_STR(pt_status(s), "Turn 1, 2/INF1 retreats, Blue chooses where");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_unable_to_retreat_loses_another_point(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o", "INF@a1", "INF@a2", NULL, CC2014);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 a2");
    t_play(s, "5");
    t_play(s, "2");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "2");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "a2");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_flank_attack_takes_one_from_the_defender(void **unused)
{
    (void)unused;
    /* front: 3 against 4, the attacker lower */
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2", NULL, CC2014);
    eng_state *s = attack(g, 3, 4);
    T_EXPECT_HAS(pt_status(s), "1/INF1 retreats");
    eng_state_free(s);
    eng_game_free(g);
    /* flank: the defender's 4 counts 3: equal, another round */
    g = pt_game(MAP, "INF@b1", "INF@b2>E", NULL, CC2014);
    s = attack(g, 3, 4);
    T_EXPECT_HAS(pt_status(s), "(another round)");
    eng_state_free(s);
    eng_game_free(g);
    /* rear: the defender's 3 counts 2, so it neither hits nor holds */
    g = pt_game(MAP, "INF@b1", "INF@b2>N", NULL, CC2014);
    s = attack(g, 3, 3);
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "4");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_HAS(pt_status(s), "2/INF1 retreats");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rows_and_modifiers_to_hit(void **unused)
{
    (void)unused;
    /* mounted cavalry hits on 2 */
    eng_game *g = pt_game(MAP, "CAV@b1", "INF@b2", NULL, CC2014);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault CAV1 b2");
    t_play(s, "2");
    t_play(s, "1");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/CAV1", "strength"), "3");
    eng_state_free(s);
    eng_game_free(g);
    /* a commander next to the attacker: its 2 counts 3, a hit */
    g = pt_game(MAP, "INF@b1 CMD@a1", "INF@b2", NULL, CC2014);
    s = attack(g, 2, 1);
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    eng_state_free(s);
    eng_game_free(g);
    /* the defender in a wood: its 2 counts 3, a hit on the attacker */
    g = pt_game("o o o/o w o/o o o", "INF@b1", "INF@b2", NULL, CC2014);
    s = attack(g, 1, 2);
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "3");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_strength_zero_destroys(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2*1", NULL, CC2014);
    eng_state *s = attack(g, 3, 1);
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    assert_true(eng_is_terminal(s));
    eng_state_free(s);
    eng_game_free(g);
    /* a transport's loss falls on the gun it tows too */
    g = pt_game(MAP, "INF@b1", "TRN@b2*1 FLD@b2~ INF@c3", NULL, CC2014);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "5");
    t_play(s, "1");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "status"), "destroyed");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "strength"), "1");
    T_EXPECT_STR(pt_loc(s, "2/FLD1"), "b2");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "towed_by"), "-");
    /* the gun still holds the square: no advance */
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_fire_hits_cost_strength_in_the_roster_variant(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b3",  NULL,
                          "{\"close-combat\": \"2014\", \"fire-hits\": \"strength\"}");
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "6");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "3");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "b3");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: INF1 in action");
    eng_state_free(s);
    eng_game_free(g);
    /* without it, fire is resolved by quality as in the 19th-century text */
    g = pt_game(MAP, "INF@b1", "INF@b3", NULL, CC2014);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "6");
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/INF1, its die");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_default_strength_by_type_and_from_the_scenario(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o o o/o o o o o", "INF@a1 DCAV@b1 CAV@c1 MG@d1 FLD@e1 CMD@a2*2",
                          "TRN@e2 INF@d2*6", NULL, CC2014);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "4");
    T_EXPECT_STR(pt_field(s, "1/DCAV1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/CAV1", "strength"), "3");
    T_EXPECT_STR(pt_field(s, "1/MG1", "strength"), "2");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "strength"), "2");
    T_EXPECT_STR(pt_field(s, "1/CMD1", "strength"), "2");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "strength"), "1");
    T_EXPECT_STR(pt_field(s, "2/INF1", "strength"), "6");
    eng_state_free(s);
    eng_game_free(g);
}

/* Close combat comes after everything else in an activation: once the
 * attacker has fought (and stayed), its activation is over, so it neither
 * moves nor fires. */
static void test_nothing_after_close_combat(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1 INF@c1", "INF@b2 INF@a3", NULL, CC2014);
    eng_state *s = attack(g, 5, 2);
    t_play(s, "retreat INF1 b3");
    t_play(s, "stay INF1");
    T_EXPECT_STR(pt_loc(s, "1/INF1"), "b1");
    t_refused(s, "move INF1 a1", "INF1 has already acted this turn");
    t_refused(s, "fire INF1 b3", "INF1 has already acted this turn");
    eng_state_free(s);
    eng_game_free(g);
}

/* In close-combat range (side by side) a unit may not move on past the
 * enemy: blocked part way, it moves no further, and may fight. */
static void test_blocked_in_close_combat_range(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o o/o o o o/o o o o", "CAV@a2", "INF@c3", NULL, CC2014);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "move CAV1 b2");
    t_play(s, "move CAV1 c2");
    t_refused(s, "move CAV1 d2", "CAV1 may move no further this turn: it came next to an enemy "
                                 "unit and must stop");
    assert_true(t_is_legal(s, "assault CAV1 c3"));
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defender_hit_and_lower_retreats),
        cmocka_unit_test(test_both_hit),
        cmocka_unit_test(test_equal_rolls_fight_again),
        cmocka_unit_test(test_unable_to_retreat_loses_another_point),
        cmocka_unit_test(test_flank_attack_takes_one_from_the_defender),
        cmocka_unit_test(test_rows_and_modifiers_to_hit),
        cmocka_unit_test(test_strength_zero_destroys),
        cmocka_unit_test(test_fire_hits_cost_strength_in_the_roster_variant),
        cmocka_unit_test(test_default_strength_by_type_and_from_the_scenario),
        cmocka_unit_test(test_nothing_after_close_combat),
        cmocka_unit_test(test_blocked_in_close_combat_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
