/*
 * test_pkb_traits.c - the traits of Pocket Battles (traits.json), each
 * against a troop that has it, with forced dice: fury, impetus, brace,
 * terror, volley, shields, artillery, evade, banner, regenerate, and the
 * special actions rally and hex.
 */
#include "test_pkb_util.h"

/* P1 charges B1 with A1, the Orcs... or whoever: waits, targets, rolls the
 * charger's dice as misses. Returns after the charger's dice. */
static void charge_and_miss(eng_state *s, int dice)
{
    t_play(s, "order A1 charge");
    if (t_is_legal(s, "react wait"))
        t_play(s, "react wait");
    t_play(s, "target B1");
    for (int i = 0; i < dice; i++)
        t_play(s, "roll 1");
}

static void test_fury_and_brace_in_the_strike_back(void **unused)
{
    (void)unused;
    /* the Troll's fury: two dice striking back */
    eng_game *g = pb_game("elves", "ELV27", "L-front", "orcs", "ORC06", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    charge_and_miss(s, 2);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Elves), B1 strikes back at A1: die 1 of 2");
    eng_state_free(s);
    eng_game_free(g);
    /* spearmen brace against a charge, not when the engagement is carried on */
    g = pb_game("orcs", "ORC17", "L-front", "elves", "ELV27", "R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    charge_and_miss(s, 2);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), B1 strikes back at A1: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", "pass", "order A1 fight B1", "roll 1",
                                         NULL});
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), B1 strikes back at A1: die 1 of 1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_impetus_and_terror(void **unused)
{
    (void)unused;
    /* the Horse Guard charges with three dice */
    eng_game *g = pb_game("elves", "ELV13", "L-front", "orcs", "ORC18", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    charge_and_miss(s, 0);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Elves), A1 strikes B1: die 1 of 3");
    eng_state_free(s);
    eng_game_free(g);
    /* ... but against Monsters no die for the charge, nor for impetus */
    g = pb_game("elves", "ELV13", "L-front", "orcs", "ORC09", "R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    charge_and_miss(s, 0);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Elves), A1 strikes B1: die 1 of 1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_volley_and_shields(void **unused)
{
    (void)unused;
    /* slingers roll two dice */
    eng_game *g = pb_game("celts", "CEL18", "L-front", "romans", "ROM17", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 shoot", "target B1", NULL});
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Celts), A1 shoots at B1: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 4", "roll 4", NULL});
    assert_int_equal(pb_hits(s), 2);
    eng_state_free(s);
    eng_game_free(g);
    /* a shielded unit takes one hit fewer from a shooting */
    g = pb_game("orcs", "ORC26", "L-front", "romans", "ROM06+ROM07", "R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 shoot", "target B1", "roll 4", NULL});
    assert_int_equal(pb_hits(s), 2);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Romans assign 1 hit to B1");
    eng_state_free(s);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 shoot", "target B1", "roll 3", NULL});
    /* no hits: nothing to assign, the turn is over */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Romans), Romans to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_artillery_shoots_from_the_rear(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC08", "L-rear", "elves", "ELV26", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 shoot");
    T_EXPECT_STR(pb_legal(s), "target B1");
    eng_state_free(s);
    eng_game_free(g);
    /* and as a reaction to a charge into its sector (at B2: a charge at
     * the rear alone allows no reaction) */
    g = pb_game("elves", "ELV26", "L-front", "orcs", "ORC08 ORC18", "R-rear R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "react shoot B1; react intercept B2; react wait");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_evade_leaves_without_free_strikes(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV11", "L-front", "orcs", "ORC18", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    charge_and_miss(s, 2);
    t_play_list(s, (const char *const[]){"roll 1", "pass", "order A1 leave", NULL});
    /* no dice: straight back to the front, the Orcs too */
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    T_EXPECT_STR(pb_zone(s, "B1"), "R-front");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 4 (Orcs), Orcs to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_banner_makes_orders_cheaper(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC03+ORC18", "L-front", "elves", "ELV26", "L-rear",
                          ",\"size\":80", NULL);
    eng_state *s = eng_state_new(g, 1);
    int want[] = {1, 2, 4, 8};
    const char *moves[] = {"order A1 move L-rear", "order A1 move L-front"};
    for (int i = 0; i < 4; i++) {
        t_play(s, moves[i % 2]);
        assert_int_equal(pb_orders(s, "A1"), want[i]);   /* costs 1, 1, 2, 4 */
        if (i < 3)
            t_play(s, "pass");
    }
    assert_int_equal(pb_tokens(s, 1, "unused"), 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_regenerate_at_the_round_end(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV26", "L-front", "orcs", "ORC06", "R-front",
                          ",\"size\":30", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 2",
                                         "roll 3", "wound B1 ORC06", "wound B1 ORC06", "roll 1",
                                         "roll 1", NULL});
    assert_int_equal(pb_wounds(s, "B1", "ORC06"), 2);
    assert_int_equal(pb_tokens(s, 2, "unused"), 1);
    t_play_list(s, (const char *const[]){"pass", "pass", "pass", NULL});
    /* round end: the Troll sheds one wound, its token back with the others */
    T_EXPECT_STR(pb_status(s), "End of round 1, Orcs may eliminate wounded troops");
    assert_int_equal(pb_wounds(s, "B1", "ORC06"), 1);
    assert_int_equal(pb_tokens(s, 2, "unused"), 2);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rally_takes_a_wound_off(void **unused)
{
    (void)unused;
    /* the Orcs attack; the Elves' Queen rallies in their first turn */
    eng_game *g = pb_game("elves", "ELV01 ELV13 ELV26", "L-rear L-front C-front", "orcs",
                          "ORC18", "R-front", ",\"attacker\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order B1 charge", "react wait", "target A2", "roll 4",
                                         "roll 1", "wound A2 ELV13", "roll 1", NULL});
    assert_int_equal(pb_wounds(s, "A2", "ELV13"), 1);
    assert_int_equal(pb_tokens(s, 1, "unused"), 4);
    t_play(s, "order A1 rally");
    T_EXPECT_STR(pb_legal(s), "target A2 ELV13");   /* in its sector: not A3 */
    t_play(s, "target A2 ELV13");
    assert_int_equal(pb_wounds(s, "A2", "ELV13"), 0);
    /* one token for the order, one back from the wound */
    assert_int_equal(pb_tokens(s, 1, "unused"), 4);
    assert_int_equal(pb_orders(s, "A1"), 1);
    /* nobody wounded: no rally */
    t_play(s, "pass");
    t_refused(s, "order A1 rally", "no troop in a unit of A1's sector has a wound token");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_hex_hits_without_dice(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV26", "L-front", "orcs", "ORC02 ORC06", "R-rear R-front",
                          ",\"attacker\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "pass");                    /* the attacker's first turn: no special action */
    t_play(s, "pass");
    /* the Shaman, in its rear, hexes the front of its sector */
    t_play(s, "order B1 hex");
    T_EXPECT_STR(pb_legal(s), "target A1");
    t_play(s, "target A1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), Elves assign 1 hit to A1");
    t_play(s, "wound A1 remove ELV26");
    T_EXPECT_STR(pb_unit_field(s, "A1", "destroyed"), "true");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fury_and_brace_in_the_strike_back),
        cmocka_unit_test(test_impetus_and_terror),
        cmocka_unit_test(test_volley_and_shields),
        cmocka_unit_test(test_artillery_shoots_from_the_rear),
        cmocka_unit_test(test_evade_leaves_without_free_strikes),
        cmocka_unit_test(test_banner_makes_orders_cheaper),
        cmocka_unit_test(test_regenerate_at_the_round_end),
        cmocka_unit_test(test_rally_takes_a_wound_off),
        cmocka_unit_test(test_hex_hits_without_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
