/*
 * test_losses.c - the losses summary of each rule set (eng_losses,
 * eng_losses_text) after hand-worked fights with forced dice and coins:
 * Pocket Wargame's coins destroyed and strength points lost (2 a destroyed
 * coin, 1 a wavering one), The Portable Wargame's units lost and, with the
 * 2014 close combat, strength lost, Pocket Battles' units, troops and
 * deployment points lost, and the other army's points left out for a
 * Pocket Battles player before the reveal.
 */
#include "test_pkb_util.h"
#include "test_ptw_util.h"
#include "test_pwg_util.h"

/* side k's count named what, as "lost/start", or "none" */
static const char *count(const eng_state *s, int viewer, int k, const char *what)
{
    static char buf[32];
    json_t *j = eng_losses(s, viewer);
    assert_non_null(j);
    json_t *side = json_array_get(json_object_get(j, "sides"), (size_t)k);
    assert_non_null(side);
    snprintf(buf, sizeof buf, "none");
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(side, "counts"), i, c)
        if (strcmp(json_string_value(json_object_get(c, "what")), what) == 0)
            snprintf(buf, sizeof buf, "%lld/%lld", (long long)json_integer_value(json_object_get(c, "lost")),
                     (long long)json_integer_value(json_object_get(c, "start")));
    json_decref(j);
    return buf;
}

static void test_pwg_coins_and_strength(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "units"), "0/1");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "strength points"), "0/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "0/1");
    /* Red's head, Blue's tail: the light infantry turns to wavering (1 point) */
    t_play_list(s, (const char *const[]){"toss 1/HI1 H", "T", "damage 2/LI1", NULL});
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "0/1");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "strength points"), "1/2");
    /* turn 2: heads again, destroyed (both its points) */
    t_play_list(s, (const char *const[]){"toss 1/HI1 heads", "toss 2/LI1 tails", "damage 2/LI1",
                                         NULL});
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "1/1");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "strength points"), "2/2");
    T_EXPECT_STR(count(s, 0, 0, "strength points"), "0/2");
    char text[256];
    assert_true(eng_losses_text(s, ENG_VIEW_ALL, text, sizeof text));
    T_EXPECT_STR(text, "Red: units 0 of 1 lost, strength points 0 of 2 lost; "
                       "Blue: units 1 of 1 lost, strength points 2 of 2 lost");
    eng_state_free(s);
    eng_game_free(g);
}

/* The Portable Wargame, 19th-century close combat: units only */
static void test_ptw_units_lost(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o/o o o", "INF@b1", "INF@b3? CAV@a4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "0/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "strength"), "none");
    pt_to_side_a(s);
    /* a 6 hits; the poor infantry's die of 1 destroys it */
    t_play_list(s, (const char *const[]){"fire INF1 b3", "shot 1/INF1 6", "hit 2/INF1 1", NULL});
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "units"), "0/1");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "1/2");
    eng_state_free(s);
    eng_game_free(g);
}

/* The Portable Wargame, 2014 close combat: strength lost as well */
static void test_ptw_strength_lost(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o", "INF@b1", "INF@b2*1 INF@c3", NULL,
                          "{\"close-combat\": \"2014\"}");
    eng_state *s = eng_state_new(g, 1);
    /* infantry start at 4 strength, the one given *1 at 1 */
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "strength"), "0/4");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "strength"), "0/5");
    pt_to_side_a(s);
    /* 3 against 1: the defender loses its last strength point and is destroyed */
    t_play_list(s, (const char *const[]){"assault INF1 b2", "combat 1/INF1 3", "combat 2/INF1 1",
                                         NULL});
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "1/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "strength"), "1/5");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "units"), "0/1");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "strength"), "0/4");
    eng_state_free(s);
    eng_game_free(g);
}

/* Pocket Battles: units, troops and deployment points; the Orcs' army is
 * ORC18 (Orcs 4-5, 2 points) and ORC10 (Monsters 4-4, 5 points), the
 * Elves' ELV13 (Horse Guard, 4) on ELV26 (Spearmen, 2), and ELV03
 * (Chariot, 7) */
static void test_pkb_units_troops_points(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC10", "L-front L-front", "elves",
                          "ELV13+ELV26 ELV03", "R-front C-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "points"), "0/7");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "troops"), "0/3");
    /* A1 wounds the Horse Guard and is destroyed by the strike back */
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 ELV13", "roll 2", "roll 1",
                                         "wound A1 remove ORC18", NULL});
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "units"), "1/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "troops"), "1/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 0, "points"), "2/7");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "troops"), "0/3");   /* wounded is not lost */
    /* B1 charges A2; the Monsters' strike back destroys both its troops */
    t_play_list(s, (const char *const[]){"order B1 charge", "react wait", "target A2", "roll 1",
                                         "roll 4", "wound B1 remove ELV13",
                                         "wound B1 remove ELV26", NULL});
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "units"), "1/2");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "troops"), "2/3");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "points"), "6/13");
    /* each player sees the same of the other once the armies are revealed */
    T_EXPECT_STR(count(s, 0, 1, "points"), "6/13");
    T_EXPECT_STR(count(s, 1, 0, "points"), "2/7");
    eng_state_free(s);
    eng_game_free(g);
}

/* Pocket Battles before the reveal: the other army's stacks and their
 * heights are on the table, its points are not */
static void test_pkb_points_hidden_before_the_reveal(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(count(s, 0, 1, "units"), "0/6");
    T_EXPECT_STR(count(s, 0, 1, "points"), "none");
    T_EXPECT_STR(count(s, 0, 0, "points"), "0/50");
    T_EXPECT_STR(count(s, ENG_VIEW_ALL, 1, "points"), "0/50");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pwg_coins_and_strength),
        cmocka_unit_test(test_ptw_units_lost),
        cmocka_unit_test(test_ptw_strength_lost),
        cmocka_unit_test(test_pkb_units_troops_points),
        cmocka_unit_test(test_pkb_points_hidden_before_the_reveal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
