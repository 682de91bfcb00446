/*
 * test_pkb_turn.c - Pocket Battles rounds and turns: an order costs the
 * tokens already on the unit plus one (the rulebook's 1, 2 and 4, leaving
 * 7 on the unit); passing sets a token aside; a player out of tokens sits
 * out while the other takes turn after turn; the round ends when both are
 * out, the tokens come back, and the first turn alternates between rounds;
 * special actions are barred in the attacker's first turn (or, with the
 * Russian edition's option, its whole first round); conceding.
 */
#include "test_pkb_util.h"

static void test_order_costs_one_two_four(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front C-front", "elves", "ELV26", "L-rear",
                          ",\"size\":80", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 move L-rear");      /* no tokens on it: 1 */
    assert_int_equal(pb_orders(s, "A1"), 1);
    t_play(s, "pass");
    t_play(s, "order A1 move L-front");     /* 1 + 1 = 2 more */
    assert_int_equal(pb_orders(s, "A1"), 3);
    t_play(s, "pass");
    t_play(s, "order A1 move L-rear");      /* 1 + 2 + 1 = 4 more */
    assert_int_equal(pb_orders(s, "A1"), 7);
    assert_int_equal(pb_tokens(s, 1, "unused"), 1);
    assert_int_equal(pb_tokens(s, 1, "orders"), 7);
    t_play(s, "pass");
    t_refused(s, "order A1 move L-front",
              "ordering A1 costs 8 tokens (7 order tokens on it, plus one); Orcs have 1 unused");
    /* another unit still costs 1 */
    t_play(s, "order A2 move C-rear");
    assert_int_equal(pb_orders(s, "A2"), 1);
    assert_int_equal(pb_tokens(s, 1, "unused"), 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_pass_sets_a_token_aside(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26", "L-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "pass");
    assert_int_equal(pb_tokens(s, 1, "unused"), 4);
    assert_int_equal(pb_tokens(s, 1, "passed"), 1);
    assert_int_equal(pb_tokens(s, 1, "orders"), 1);   /* it counts as an order used */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Elves), Elves to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_out_of_tokens_the_other_plays_on(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26 ELV27", "L-rear C-rear",
                          ",\"size\":80", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "pass");                      /* Orcs 7 */
    t_play(s, "order B1 move L-front");     /* Elves 7 */
    t_play(s, "pass");                      /* Orcs 6 */
    t_play(s, "order B1 move L-rear");      /* Elves 5 */
    t_play(s, "pass");                      /* Orcs 5 */
    t_play(s, "order B1 move L-front");     /* Elves 1 */
    t_play(s, "pass");                      /* Orcs 4 */
    t_play(s, "pass");                      /* Elves 0: out */
    assert_int_equal(pb_tokens(s, 2, "unused"), 0);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 9 (Orcs), Orcs to redeploy or act");
    t_play(s, "pass");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 10 (Orcs), Orcs to redeploy or act");
    t_play(s, "pass");
    t_play(s, "pass");
    assert_int_equal(pb_int(s, "round"), 1);
    t_play(s, "pass");                      /* both out: the round ends */
    /* every token comes back; the defender takes round 2's first turn */
    assert_int_equal(pb_int(s, "round"), 2);
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Elves), Elves to redeploy or act");
    assert_int_equal(pb_tokens(s, 1, "unused"), 8);
    assert_int_equal(pb_tokens(s, 2, "unused"), 8);
    assert_int_equal(pb_tokens(s, 2, "passed"), 0);
    assert_int_equal(pb_orders(s, "B1"), 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_first_turn_alternates(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26", "L-rear",
                          ",\"size\":10,\"attacker\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Elves), Elves to redeploy or act");
    t_play(s, "pass");
    t_play(s, "pass");
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Orcs), Orcs to redeploy or act");
    t_play(s, "pass");
    t_play(s, "pass");
    T_EXPECT_STR(pb_status(s), "Round 3 turn 1 (Elves), Elves to redeploy or act");
    assert_int_equal(pb_int(s, "first"), 2);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_special_actions_not_in_the_attackers_first_turn(void **unused)
{
    (void)unused;
    /* the Shaman hexes; the Elves' Forest Spirits too */
    eng_game *g = pb_game("orcs", "ORC02", "L-front", "elves", "ELV08", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_LACKS(pb_legal(s), "hex");
    t_refused(s, "order A1 hex", "special actions cannot be used in the attacker's first turn");
    t_play(s, "pass");
    T_EXPECT_HAS(pb_legal(s), "order B1 hex");      /* the defender's first turn */
    t_play(s, "pass");
    T_EXPECT_HAS(pb_legal(s), "order A1 hex");      /* the attacker's second turn */
    t_play(s, "order A1 hex");
    T_EXPECT_STR(pb_legal(s), "target B1");
    t_play(s, "target B1");
    /* one hit, no dice: the spirit is removed */
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ELV08");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_special_actions_russian_first_round(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC02", "L-front", "elves", "ELV08", "R-front", NULL,
                          "{\"special-actions\": \"after-first-round\"}");
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "pass");
    T_EXPECT_HAS(pb_legal(s), "order B1 hex");      /* the defender is not barred */
    t_play(s, "pass");
    t_refused(s, "order A1 hex", "special actions cannot be used in the attacker's first round");
    for (int i = 0; i < 8; i++)
        t_play(s, "pass");                           /* to the end of round 1 */
    assert_int_equal(pb_int(s, "round"), 2);
    t_play(s, "pass");                               /* the Elves go first in round 2 */
    T_EXPECT_HAS(pb_legal(s), "order A1 hex");
    eng_state_free(s);
    eng_game_free(g);
}

/* Default (concede any-turn): a player may concede at any of their turns. */
static void test_concede_at_any_turn(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26", "L-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_HAS(pb_legal(s), "pass; concede");
    t_play(s, "pass");
    t_play(s, "pass");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), Orcs to redeploy or act");
    T_EXPECT_HAS(pb_legal(s), "pass; concede");
    t_play(s, "redeploy A1 L-rear");               /* after a redeployment, still */
    T_EXPECT_HAS(pb_legal(s), "concede");
    t_play(s, "concede");
    T_EXPECT_STR(pb_result(s), "Elves win: Orcs concede");
    eng_state_free(s);
    eng_game_free(g);
}

/* Option concede round-start: only at the start of a player's first turn
 * in a round, before acting. */
static void test_concede(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26", "L-rear", NULL,
                          "{\"concede\": \"round-start\"}");
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_HAS(pb_legal(s), "pass; concede");
    t_play(s, "pass");
    t_play(s, "pass");
    /* once a player has acted this round, conceding waits for the next */
    T_EXPECT_LACKS(pb_legal(s), "concede");
    t_refused(s, "concede", "start of their first turn in a round");
    for (int i = 0; i < 8; i++)
        t_play(s, "pass");                           /* to the end of round 1 */
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Elves), Elves to redeploy or act");
    t_play(s, "concede");
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pb_result(s), "Orcs win: Elves concede");
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 1.0 && ret[1] == 0.0);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_costs_one_two_four),
        cmocka_unit_test(test_concede_at_any_turn),
        cmocka_unit_test(test_pass_sets_a_token_aside),
        cmocka_unit_test(test_out_of_tokens_the_other_plays_on),
        cmocka_unit_test(test_first_turn_alternates),
        cmocka_unit_test(test_special_actions_not_in_the_attackers_first_turn),
        cmocka_unit_test(test_special_actions_russian_first_round),
        cmocka_unit_test(test_concede),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
