/*
 * test_pkb_shoot.c - Pocket Battles shooting, with forced dice: a unit in
 * the front shoots at the front or engagement zone of its sector; at the
 * rear only when those hold no enemy; at an adjacent sector only when its
 * own holds no enemy at all, and there at the rear when that sector's front
 * and engagement zone are empty (the Russian edition's clarification);
 * shooting into an engagement splits the hits, rounded up, over every unit
 * in it, the shooter's own included.
 */
#include "test_pkb_util.h"

static const char *shoot_targets(const char *p2_units, const char *p2_zones, const char *from)
{
    static char buf[PB_BIG * 2];
    eng_game *g = pb_game("elves", "ELV25", from, "orcs", p2_units, p2_zones, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    if (t_is_legal(s, "order A1 shoot")) {
        t_play(s, "order A1 shoot");
        snprintf(buf, sizeof buf, "%s", pb_legal(s));
    } else {
        snprintf(buf, sizeof buf, "none");
    }
    eng_state_free(s);
    eng_game_free(g);
    return buf;
}

static void test_who_may_be_shot(void **unused)
{
    (void)unused;
    /* the front of its sector (the Orcs' right is the Elves' left) */
    T_EXPECT_STR(shoot_targets("ORC18 ORC19 ORC17", "R-front R-rear C-front", "L-front"),
                  "target B1");
    /* the rear, when the front and engagement zone hold no enemy */
    T_EXPECT_STR(shoot_targets("ORC18 ORC19", "R-rear C-front", "L-front"), "target B1");
    /* an empty sector: the front of the adjacent one, not its rear */
    T_EXPECT_STR(shoot_targets("ORC18 ORC19 ORC17", "C-front C-rear L-front", "L-front"),
                  "target B1");
    /* ... or its rear if its front and engagement zone are empty */
    T_EXPECT_STR(shoot_targets("ORC18 ORC17", "C-rear L-front", "L-front"), "target B1");
    /* from the centre, both sides */
    T_EXPECT_STR(shoot_targets("ORC18 ORC19", "R-front L-rear", "C-front"), "target B1; target B2");
    /* nothing in reach: no shooting */
    T_EXPECT_STR(shoot_targets("ORC18", "L-front", "L-front"), "none");
}

static void test_who_may_shoot(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV25 ELV26 ELV24", "L-rear L-front L-front", "orcs", "ORC18",
                          "L-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_refused(s, "order A1 shoot", "only a unit in the front can shoot; A1 is in the rear");
    t_refused(s, "order A2 shoot", "has no shooting dice");
    t_refused(s, "order A3 shoot", "has no enemy to shoot at");
    t_play(s, "order A3 move C-front");   /* B1 is in the sector beside it now */
    t_play(s, "pass");
    /* it shoots like any order: the cost is the tokens on it plus one */
    t_play(s, "order A3 shoot");
    assert_int_equal(pb_orders(s, "A3"), 3);
    t_play(s, "target B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Elves), A3 shoots at B1: die 1 of 1");
    t_play(s, "roll 5");
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ORC18");
    eng_state_free(s);
    eng_game_free(g);
}

/* A2 (spearmen) engaged with B1; A1's archers show 4,4,4,5,5,5,6. */
static eng_state *engaged(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A2 charge", "react wait", "target B1", "roll 1",
                                         "roll 1", "roll 1", "pass", "order A1 shoot", NULL});
    T_EXPECT_STR(pb_legal(s), "target B1");
    t_play(s, "target B1");
    return s;
}

static void test_shooting_into_an_engagement_splits_the_hits(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV24+ELV25+ELV19 ELV26+ELV27", "L-front L-front", "orcs",
                          "ORC18+ORC17+ORC19", "R-front", NULL, NULL);
    eng_state *s = engaged(g);
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 3);
    /* 3 hits over 2 units, rounded up: 2 each, the Elves' own spearmen too */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Elves), Orcs assign 2 hits to B1");
    t_play(s, "wound B1 remove ORC17");
    t_play(s, "wound B1 remove ORC18");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Elves), Elves assign 2 hits to A2");
    t_play(s, "wound A2 remove ELV26");
    t_play(s, "wound A2 remove ELV27");
    /* A2 is gone: B1 is left alone and goes back to its front */
    T_EXPECT_STR(pb_zone(s, "B1"), "R-front");
    assert_int_equal(pb_player_int(s, 1, "points_lost"), 4);
    assert_int_equal(pb_player_int(s, 2, "points_lost"), 4);
    eng_state_free(s);
    /* one hit over two units rounds up too: one each */
    s = engaged(g);
    t_play(s, "roll 6");
    assert_int_equal(pb_hits(s), 1);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Elves), Orcs assign 1 hit to B1");
    t_play(s, "wound B1 remove ORC19");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Elves), Elves assign 1 hit to A2");
    eng_state_free(s);
    eng_game_free(g);
}

/* Reaction B shoots from the front of the charged sector: archers in the
 * rear are not offered it (only the artillery trait shoots from there). */
static void test_no_reaction_shot_from_the_rear(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV25 ELV26", "R-rear R-front",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "react intercept B2; react wait");
    t_refused(s, "react shoot B1", "only a unit in the front of the charged sector can shoot");
    eng_state_free(s);
    eng_game_free(g);
}

/* Reaction B is an order: the shooter pays for it like any order, though
 * it is not the reacting player's turn. */
static void test_reaction_shot_is_paid_for(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18+ORC17", "L-front", "elves", "ELV25 ELV26",
                          "R-front R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react shoot B1");
    assert_int_equal(pb_orders(s, "B1"), 1);
    assert_int_equal(pb_tokens(s, 2, "unused"), 4);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_who_may_be_shot),
        cmocka_unit_test(test_who_may_shoot),
        cmocka_unit_test(test_shooting_into_an_engagement_splits_the_hits),
        cmocka_unit_test(test_no_reaction_shot_from_the_rear),
        cmocka_unit_test(test_reaction_shot_is_paid_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
