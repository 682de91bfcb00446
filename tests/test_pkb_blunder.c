/*
 * test_pkb_blunder.c - Pocket Battles' plainly wrong moves, which the
 * playout hint gives no weight (pkb_playout.c) and the tree search never
 * tries while anything else is legal: holding back a free strike back, and
 * paying an order for a tactical move the free redeployment makes; with
 * conceding, which the hint never plays. Each is checked beside the sound
 * move it is to be told from.
 */
#include "test_pkb_util.h"

/* The Orcs' A1 charges the Elves' B1 and misses: B1 may strike back, free. */
static void test_holding_a_free_strike(void **unused)
{
    (void)unused;
    eng_game *g = pb_game_choice("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                                 "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 1");
    t_play(s, "roll 2");                  /* no hits */
    T_EXPECT_STR(pb_legal(s), "back; hold");
    assert_true(t_hint_weight(s, "hold") == 0);
    assert_true(t_hint_weight(s, "back") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* At the start of a turn every tactical move is also a free redeployment;
 * once a unit has been redeployed, the others' moves cost an order and are
 * the only way left: then they are sound. */
static void test_paying_for_a_free_move(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC21+ORC18 ORC06", "L-front C-rear", "elves", "ELV13",
                          "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_true(t_is_legal(s, "redeploy A2 C-front"));
    assert_true(t_hint_weight(s, "order A2 move C-front") == 0);
    assert_true(t_hint_weight(s, "order A1 move L-rear") == 0);
    assert_true(t_hint_weight(s, "redeploy A2 C-front") > 0);
    assert_true(t_hint_weight(s, "order A1 charge") > 0);
    assert_true(t_hint_weight(s, "concede") == 0);
    t_play(s, "redeploy A1 L-rear");
    assert_false(t_is_legal(s, "redeploy A2 C-front"));
    assert_true(t_hint_weight(s, "order A2 move C-front") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_holding_a_free_strike),
        cmocka_unit_test(test_paying_for_a_free_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
