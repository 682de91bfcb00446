/*
 * test_pkb_field.c - Pocket Battles' battlefield: 15 zones, each player's
 * left sector facing the other's right; stacks deploy in a front or a rear;
 * the free redeployment and the tactical move reach only an adjacent zone
 * (the other zone of the sector, the same zone of a sector beside it),
 * never enter or leave an engagement zone; a redeployed unit sits out the
 * turn's action; zone names in the notation.
 */
#include "test_pkb_util.h"

/* Player 1's left sector is player 2's right: only B1 faces A1. */
static void test_left_faces_right(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front R-front", "elves", "ELV26 ELV27",
                          "R-front L-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Orcs to redeploy or act");
    t_play(s, "order A1 charge");
    /* the Elves may react with a unit in the front of that sector: B1 only */
    T_EXPECT_STR(pb_legal(s), "react intercept B1; react wait");
    t_play(s, "react wait");
    T_EXPECT_STR(pb_legal(s), "target B1");
    T_EXPECT_STR(pb_zone(s, "A1"), "L-eng");
    /* the same engagement zone, as the Elves name it */
    t_play(s, "target B1");
    T_EXPECT_STR(pb_zone(s, "B1"), "R-eng");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_deployment_zones(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", NULL, "elves", "ELV26 ELV27", NULL, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Deployment, Orcs place a stack");
    T_EXPECT_STR(pb_legal(s), "deploy A1 L-front; deploy A1 L-rear; deploy A1 C-front; "
                               "deploy A1 C-rear; deploy A1 R-front; deploy A1 R-rear");
    t_refused(s, "deploy A1 L-eng", "not in an engagement zone");
    t_refused(s, "deploy B1 L-front", "not one of the Orcs' units");
    t_play(s, "deploy A1 C-rear");
    T_EXPECT_STR(pb_zone(s, "A1"), "C-rear");
    /* the Orcs have placed all: the Elves place the rest one after another */
    T_EXPECT_STR(pb_status(s), "Deployment, Elves place a stack");
    t_play(s, "deploy B2 L-rear");
    T_EXPECT_STR(pb_status(s), "Deployment, Elves place a stack");
    t_refused(s, "deploy B2 L-front", "already deployed");
    t_play(s, "deploy B1 R-front");
    /* all placed: the reveal, and the attacker's first turn */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Orcs to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_deployment_alternates_from_the_attacker(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19 ORC17", NULL, "elves", "ELV26 ELV27", NULL,
                          ",\"attacker\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Deployment, Elves place a stack");
    t_play(s, "deploy B1 C-front");
    T_EXPECT_STR(pb_status(s), "Deployment, Orcs place a stack");
    t_play(s, "deploy A1 C-front");
    t_play(s, "deploy B2 C-rear");
    t_play(s, "deploy A2 C-front");
    /* the Elves are done: the Orcs place their last */
    T_EXPECT_STR(pb_status(s), "Deployment, Orcs place a stack");
    t_play(s, "deploy A3 R-rear");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Elves), Elves to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_redeployment_reaches_adjacent_zones(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-rear C-front", "elves", "ELV26",
                          "L-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    const char *legal = pb_legal(s);
    T_EXPECT_HAS(legal, "redeploy A1 L-front; redeploy A1 C-rear; "
                         "redeploy A2 L-front; redeploy A2 C-rear; redeploy A2 R-front; ");
    T_EXPECT_LACKS(legal, "redeploy A1 R-rear");
    T_EXPECT_LACKS(legal, "redeploy A1 C-front");
    t_refused(s, "redeploy A1 R-rear", "adjacent zone");
    t_refused(s, "redeploy A1 C-front", "adjacent zone");
    t_refused(s, "redeploy A2 C-eng", "engagement zones cannot be entered or left");
    /* free, once a turn, and the unit sits out the action */
    t_play(s, "redeploy A1 L-front");
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    assert_int_equal(pb_tokens(s, 1, "unused"), 5);
    t_refused(s, "redeploy A2 R-front", "one redeployment a turn");
    t_refused(s, "order A1 move L-rear", "redeployed this turn");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Orcs to act");
    /* the Elves' zones, named as they see them */
    t_play(s, "order A2 move R-front");
    T_EXPECT_HAS(pb_legal(s), "redeploy B1 L-front; redeploy B1 C-rear; order B1 move L-front");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_tactical_move(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front C-front", "elves", "ELV26 ELV27",
                          "R-front L-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_refused(s, "order A2 move R-rear", "adjacent zone");
    t_refused(s, "order A2 move C-eng", "cannot enter an engagement zone");
    t_play(s, "order A2 move C-rear");
    T_EXPECT_STR(pb_zone(s, "A2"), "C-rear");
    assert_int_equal(pb_orders(s, "A2"), 1);
    assert_int_equal(pb_tokens(s, 1, "unused"), 4);
    /* an engaged unit cannot move out by a tactical move */
    t_play(s, "order B1 charge");
    t_play(s, "react wait");      /* the Orcs could intercept with A1 */
    t_play(s, "target A1");
    t_play(s, "roll 1");
    t_play(s, "roll 1");          /* Spearmen 2-3 miss; */
    t_play(s, "roll 1");          /* Orcs 4-5 strike back and miss */
    T_EXPECT_STR(pb_zone(s, "A1"), "L-eng");
    t_refused(s, "order A1 move L-front", "cannot leave an engagement zone");
    t_refused(s, "redeploy A1 L-front", "engagement zones cannot be entered or left");
    T_EXPECT_HAS(pb_legal(s), "order A1 fight B1; order A1 leave");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_zone_notation(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", NULL, "elves", "ELV26", NULL, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_action a;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "deploy A1 X-front", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a zone like L-front");
    assert_int_equal(eng_action_parse(s, "deploy Z1 L-front", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a unit like A3");
    /* case does not matter; printing gives the canonical form */
    assert_int_equal(eng_action_parse(s, "DEPLOY a1 c-REAR", &a, &err), 0);
    char text[ENG_TEXT_MAX];
    eng_action_text(s, a, text, sizeof text);
    T_EXPECT_STR(text, "deploy A1 C-rear");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_left_faces_right),
        cmocka_unit_test(test_deployment_zones),
        cmocka_unit_test(test_deployment_alternates_from_the_attacker),
        cmocka_unit_test(test_redeployment_reaches_adjacent_zones),
        cmocka_unit_test(test_tactical_move),
        cmocka_unit_test(test_zone_notation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
