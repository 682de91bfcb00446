/*
 * test_pkb_end.c - the end of a Pocket Battles round and of the battle:
 * the tokens come back (orders, passes, and those set aside with destroyed
 * troops and units), wounds on living troops stay; wounded troops may be
 * eliminated to recover their tokens (and count as destroyed); the winner
 * is found only at a round's end: half or more of the enemy's points
 * destroyed; if both, the larger total; if equal, the defender; no round
 * limit by default, as in the rulebook, and the house limit as an option.
 */
#include "test_pkb_util.h"

static void passes(eng_state *s, int n)
{
    for (int i = 0; i < n; i++)
        t_play(s, "pass");
}

static void test_tokens_come_back(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC10", "L-front L-front", "elves",
                          "ELV13+ELV26 ELV03", "R-front C-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    /* A1 wounds the Horse Guard and is destroyed by the strike back */
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 ELV13", "roll 2", "roll 1",
                                         "wound A1 remove ORC18", NULL});
    T_EXPECT_STR(pb_zone(s, "B1"), "R-front");
    /* B1 charges A2; the Monsters' strike back destroys it, wounded troop and all */
    /* (one die only: the Monsters' terror takes away the charge and impetus dice) */
    t_play_list(s, (const char *const[]){"order B1 charge", "react wait", "target A2", "roll 1",
                                         "roll 4", "wound B1 remove ELV13",
                                         "wound B1 remove ELV26", NULL});
    assert_int_equal(pb_tokens(s, 1, "unused"), 4);
    assert_int_equal(pb_tokens(s, 1, "set_aside"), 1);   /* the destroyed A1's order */
    assert_int_equal(pb_tokens(s, 2, "unused"), 3);
    assert_int_equal(pb_tokens(s, 2, "set_aside"), 2);   /* B1's order and ELV13's wound */
    assert_int_equal(pb_tokens(s, 2, "orders") + pb_tokens(s, 2, "wounds") +
                     pb_tokens(s, 2, "unused"), 5);
    passes(s, 7);
    /* round 2: everything back; nobody wounded, so no eliminations */
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Elves), Elves to redeploy or act");
    for (int p = 1; p <= 2; p++) {
        assert_int_equal(pb_tokens(s, p, "unused"), 5);
        assert_int_equal(pb_tokens(s, p, "set_aside"), 0);
        assert_int_equal(pb_tokens(s, p, "passed"), 0);
    }
    assert_int_equal(pb_orders(s, "A2"), 0);
    eng_state_free(s);
    eng_game_free(g);
}

static eng_state *wounded_at_round_end(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 ELV13", "roll 1", "roll 1", NULL});
    passes(s, 8);
    return s;
}

static void test_eliminate_wounded_troops(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front C-rear", "elves", "ELV13+ELV28",
                          "R-front", NULL, NULL);
    eng_state *s = wounded_at_round_end(g);
    T_EXPECT_STR(pb_status(s), "End of round 1, Elves may eliminate wounded troops");
    T_EXPECT_STR(pb_legal(s), "eliminate B1 ELV13; done");
    assert_int_equal(pb_tokens(s, 2, "unused"), 4);      /* one token is a wound */
    eng_state *c = eng_state_clone(s);
    t_play(c, "done");                                   /* keep it, wound and all */
    assert_int_equal(pb_wounds(c, "B1", "ELV13"), 1);
    assert_int_equal(pb_tokens(c, 2, "unused"), 4);
    T_EXPECT_STR(pb_status(c), "Round 2 turn 1 (Elves), Elves to redeploy or act");
    eng_state_free(c);
    t_play(s, "eliminate B1 ELV13");
    assert_int_equal(pb_tokens(s, 2, "unused"), 5);      /* its token recovered */
    assert_int_equal(pb_player_int(s, 2, "points_lost"), 4);
    assert_int_equal(pb_player_int(s, 1, "points_destroyed"), 4);
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Elves), Elves to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_half_destroyed_wins_at_the_round_end(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26 ELV27", "R-front C-rear",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 remove ELV26", NULL});
    /* 2 of the Elves' 4 points: half, but the round goes on */
    assert_int_equal(pb_player_int(s, 1, "points_destroyed"), 2);
    assert_false(eng_is_terminal(s));
    passes(s, 8);
    assert_false(eng_is_terminal(s));
    t_play(s, "pass");
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Orcs win: destroyed 2 of the Elves' 4 points");
    assert_int_equal(pb_int(s, "winner"), 1);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_both_halves_larger_total_wins(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front L-front", "elves", "ELV26+ELV27 ELV29",
                          "R-front R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 5", "wound B1 remove ELV26",
                                         "wound B1 remove ELV27", NULL});
    t_play_list(s, (const char *const[]){"order B2 charge", "react wait", "target A1", "roll 5",
                                         "roll 1", "wound A1 remove ORC18", NULL});
    passes(s, 8);
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Orcs win: both armies lost half, Orcs destroyed more "
                                "(4 to 2 points)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_both_halves_equal_the_defender_wins(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front C-rear", "elves", "ELV26 ELV27",
                          "R-front R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 remove ELV26", NULL});
    t_play_list(s, (const char *const[]){"order B2 charge", "react wait", "target A1", "roll 3",
                                         "roll 1",
                                         "wound A1 remove ORC18", NULL});
    passes(s, 8);
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Elves win: both armies lost half and 2 points each; the "
                                "defender wins a tie");
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.0 && ret[1] == 1.0);
    eng_state_free(s);
    eng_game_free(g);
}

/* The rulebook has no round limit: by default the battle goes on past the
 * old house limit of 20 rounds; option rounds 20 stops it there. */
static void test_no_round_limit_by_default(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    passes(s, 10 * 20);                                     /* 5 tokens a side a round */
    assert_false(eng_is_terminal(s));
    T_EXPECT_HAS(pb_status(s), "Round 21 turn 1 (Orcs)");
    eng_state_free(s);
    eng_game_free(g);
    g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26", "R-front", NULL, "{\"rounds\": 20}");
    s = eng_state_new(g, 1);
    passes(s, 10 * 20);
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Elves win: the battle stopped after round 20, 0 points "
                                "destroyed each; the defender wins a tie");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_round_limit(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26 ELV03", "R-front C-rear",
                          NULL, "{\"rounds\": 1}");
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", "wound B1 remove ELV26", NULL});
    passes(s, 9);
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Orcs win: the battle stopped after round 1, Orcs destroyed "
                                "more (2 to 0 points)");
    eng_state_free(s);
    eng_game_free(g);
    /* nothing destroyed: the defender */
    g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26", "R-front", NULL, "{\"rounds\": 1}");
    s = eng_state_new(g, 1);
    passes(s, 10);
    T_EXPECT_STR(pb_result(s), "Elves win: the battle stopped after round 1, 0 points "
                                "destroyed each; the defender wins a tie");
    eng_state_free(s);
    eng_game_free(g);
}

/* rounds=0: no limit, and the count and the first player go on past 255 */
static void test_no_round_limit_counts_on(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26", "R-front", NULL,
                          "{\"rounds\": 0}");
    eng_state *s = eng_state_new(g, 1);
    for (int round = 1; round <= 300; round++) {
        char want[96];
        const char *first = round % 2 ? "Orcs" : "Elves";   /* the attacker in odd rounds */
        snprintf(want, sizeof want, "Round %d turn 1 (%s), %s to ", round, first, first);
        T_EXPECT_HAS(pb_status(s), want);
        passes(s, 10);                                      /* 5 tokens a side */
    }
    assert_false(eng_is_terminal(s));
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens_come_back),
        cmocka_unit_test(test_eliminate_wounded_troops),
        cmocka_unit_test(test_half_destroyed_wins_at_the_round_end),
        cmocka_unit_test(test_both_halves_larger_total_wins),
        cmocka_unit_test(test_both_halves_equal_the_defender_wins),
        cmocka_unit_test(test_no_round_limit_by_default),
        cmocka_unit_test(test_round_limit),
        cmocka_unit_test(test_no_round_limit_counts_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
