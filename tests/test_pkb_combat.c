/*
 * test_pkb_combat.c - Pocket Battles charges and engagements, with forced
 * dice: the rulebook's dice examples (engagement dice 3,3,4,4,5: a 4 gives
 * 2 hits, a 5 and a 4 give 3); its wound-choice examples (two cavalry and
 * an infantry taking a hit; the Romans' 4 against the Celts; the Russian
 * edition's Horse Guard absorbing both hits); where wound tokens come from
 * (unused, then orders on any own unit or set aside by passing, else troops
 * go); the strike back; a destroyed unit's enemy back to its front; the
 * reactions to a charge (intercept keeps the charger's first strike and
 * charge die, shoot, wait); charging the rear, flanking into the next
 * sector, joining an engagement, splitting one, leaving under free strikes,
 * carrying on an engagement.
 */
#include "test_pkb_util.h"

static void test_dice_example_and_russian_wounds(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                          "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 1");
    t_play(s, "roll 2");                  /* 3,3,4,4,5: no match */
    t_play(s, "roll 1");                  /* the strike back (2 dice: the spears brace) */
    t_play(s, "roll 1");
    t_play(s, "pass");
    /* carrying on the engagement: one die, no charge die */
    t_play(s, "order A1 fight B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), A1 strikes B1: die 1 of 1");
    t_play(s, "roll 4");                  /* one die x two engagement dice showing 4 */
    assert_int_equal(pb_hits(s), 2);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), Elves assign 2 hits to B1");
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ELV08; wound B1 remove ELV13; "
                               "wound B1 remove ELV28; wound B1 ELV13");
    /* the Horse Guard removed absorbs both hits (its 2 wound points) */
    eng_state *c = eng_state_clone(s);
    t_play(c, "wound B1 remove ELV13");
    T_EXPECT_STR(pb_status(c), "Round 1 turn 3 (Orcs), B1 strikes back at A1: die 1 of 1");
    T_EXPECT_STR(pb_unit_field(c, "B1", "troops"), "ELV08 ELV28");
    assert_int_equal(pb_tokens(c, 2, "unused"), 4);
    assert_int_equal(pb_player_int(c, 2, "points_lost"), 4);
    eng_state_free(c);
    /* or: the Spearmen for the first hit, a wound on the Horse Guard for the second */
    t_play(s, "wound B1 remove ELV28");
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ELV08; wound B1 remove ELV13; wound B1 ELV13");
    t_play(s, "wound B1 ELV13");
    assert_int_equal(pb_wounds(s, "B1", "ELV13"), 1);
    assert_int_equal(pb_tokens(s, 2, "unused"), 3);
    assert_int_equal(pb_tokens(s, 2, "wounds"), 1);
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), B1 strikes back at A1: die 1 of 1");
    eng_state_free(s);
    eng_game_free(g);
}

/* Default (strike-back choice): the rulebook says the opponent *can* strike
 * back, so the unit struck's owner decides: hold ends the turn, back rolls
 * the strike back (two dice: the Elf Spearmen brace against a charger). */
static void test_strike_back_is_a_choice(void **unused)
{
    (void)unused;
    eng_game *g = pb_game_choice("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                                 "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 1");
    t_play(s, "roll 2");                  /* 3,3,4,4,5: no match, no hits */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Elves: does B1 strike back at A1 (back or "
                               "hold)?");
    assert_int_equal(eng_current_player(s), 1);
    T_EXPECT_STR(pb_legal(s), "back; hold");
    t_refused(s, "pass", "strikes back: back or hold");
    eng_state *c = eng_state_clone(s);
    t_play(c, "back");
    T_EXPECT_STR(pb_status(c), "Round 1 turn 1 (Orcs), B1 strikes back at A1: die 1 of 2");
    eng_state_free(c);
    t_play(s, "hold");                    /* no strike back: the turn is over */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Elves), Elves to redeploy or act");
    eng_state_free(s);
    eng_game_free(g);
    /* strike-back always: no decision */
    g = pb_game_choice("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08", "R-front",
                       NULL, "{\"strike-back\": \"always\"}");
    s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 1");
    t_play(s, "roll 2");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), B1 strikes back at A1: die 1 of 2");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_two_dice_five_and_four_give_three_hits(void **unused)
{
    (void)unused;
    /* two dice for a charge */
    eng_game *g = pb_game("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                          "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), A1 strikes B1: die 1 of 2");
    t_play(s, "roll 5");
    assert_int_equal(pb_hits(s), 1);
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 3);
    eng_state_free(s);
    eng_game_free(g);
    /* two dice for a trait: the Gnolls' fury, carrying on an engagement */
    g = pb_game("orcs", "ORC21+ORC18+ORC16", "L-front", "elves", "ELV05", "R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), A1 strikes B1: die 1 of 3");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", "roll 1", "roll 1", "roll 1", NULL});
    t_play(s, "pass");
    t_play(s, "order A1 fight B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), A1 strikes B1: die 1 of 2");
    t_play(s, "roll 5");
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 3);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_wound_choices_two_cavalry_one_infantry(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("celts", "CEL11", "L-front", "romans", "ROM15+ROM16+ROM05", "R-front",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 2");
    t_play(s, "roll 1");
    assert_int_equal(pb_hits(s), 1);
    /* remove the infantry, remove a cavalry (wasting a wound point), or
     * place a wound token on a cavalry */
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ROM05; wound B1 remove ROM15; "
                               "wound B1 remove ROM16; wound B1 ROM15; wound B1 ROM16");
    t_play(s, "wound B1 ROM15");
    t_play(s, "roll 1");                  /* the strike back misses */
    t_play(s, "pass");
    t_play(s, "order A1 fight B1");
    t_play(s, "roll 3");
    /* the wounded cavalry can be removed, the other wounded, the infantry
     * removed; no second token on the wounded one */
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ROM05; wound B1 remove ROM15; "
                               "wound B1 remove ROM16; wound B1 ROM16");
    t_refused(s, "wound B1 ROM15", "only on a troop with 2 or more wound points left");
    t_play(s, "wound B1 remove ROM15");
    assert_int_equal(pb_wounds(s, "B1", "ROM15"), -1);
    /* its wound token is set aside until the round ends */
    assert_int_equal(pb_tokens(s, 2, "set_aside"), 1);
    assert_int_equal(pb_player_int(s, 2, "points_lost"), 4);
    assert_int_equal(pb_player_int(s, 1, "points_destroyed"), 4);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_romans_four_against_the_celts(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("romans", "ROM06+ROM07", "L-front", "celts", "CEL04+CEL07", "R-front",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", NULL});
    /* the Noblemen's fury: the strike back has two dice */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Romans), B1 strikes back at A1: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", "pass", "order A1 fight B1", NULL});
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 2);
    t_play(s, "wound B1 remove CEL04");   /* the Noblemen for the first wound */
    t_play(s, "wound B1 CEL07");          /* a token on the Mounted Noblemen for the second */
    T_EXPECT_STR(pb_unit_field(s, "B1", "troops"), "CEL07");
    assert_int_equal(pb_wounds(s, "B1", "CEL07"), 1);
    assert_int_equal(pb_tokens(s, 2, "unused"), 3);
    assert_int_equal(pb_player_int(s, 2, "points_lost"), 3);
    /* without the Noblemen the strike back has one die */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Romans), B1 strikes back at A1: die 1 of 1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_wound_tokens_from_orders_or_passes(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("celts", "CEL11", "L-front", "romans", "ROM15 ROM19", "R-front C-rear",
                          ",\"size\":40", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"pass", "order B2 move C-front", "pass",
                                         "order B2 move C-rear", "pass", "pass", NULL});
    assert_int_equal(pb_tokens(s, 2, "unused"), 0);
    assert_int_equal(pb_orders(s, "B2"), 3);
    t_play(s, "order A1 charge");
    /* the Romans have no token to react with */
    T_EXPECT_STR(pb_legal(s), "target B1");
    t_play(s, "target B1");
    t_play(s, "roll 2");
    t_play(s, "roll 1");
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ROM15; wound B1 ROM15 from B2; "
                               "wound B1 ROM15 from pass");
    t_refused(s, "wound B1 ROM15", "no unused token left");
    eng_state *c = eng_state_clone(s);
    t_play(c, "wound B1 ROM15 from B2");
    assert_int_equal(pb_orders(c, "B2"), 2);       /* its next order costs one less */
    assert_int_equal(pb_tokens(c, 2, "wounds"), 1);
    assert_int_equal(pb_tokens(c, 2, "orders"), 3);
    eng_state_free(c);
    t_play(s, "wound B1 ROM15 from pass");
    assert_int_equal(pb_tokens(s, 2, "passed"), 0);
    assert_int_equal(pb_orders(s, "B2"), 3);
    assert_int_equal(pb_wounds(s, "B1", "ROM15"), 1);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_no_tokens_left_troops_are_removed(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("celts", "CEL11", "L-front", "romans", "ROM15+ROM16", "R-front",
                          ",\"size\":10", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 2",
                                         "roll 1", "wound B1 ROM15", "roll 1", NULL});
    /* the round is over; the Romans' one token is a wound */
    T_EXPECT_STR(pb_status(s), "End of round 1, Romans may eliminate wounded troops");
    t_play(s, "done");
    /* round 2 is the defender's to start, but the Romans have nothing to spend */
    T_EXPECT_STR(pb_status(s), "Round 2 turn 1 (Celts), Celts to redeploy or act");
    t_play(s, "order A1 fight B1");
    t_play(s, "roll 2");
    /* no token anywhere: a troop must go */
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ROM15; wound B1 remove ROM16");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_destroyed_unit_and_the_survivor_back_to_front(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC10", "L-front", "elves", "ELV26", "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 4",
                                         "roll 1", NULL});
    assert_int_equal(pb_hits(s), 2);
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ELV26");
    t_play(s, "wound B1 remove ELV26");
    /* no strike back from a destroyed unit; the Monsters return to their front */
    T_EXPECT_STR(pb_unit_field(s, "B1", "destroyed"), "true");
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Elves), Elves to redeploy or act");
    assert_int_equal(pb_player_int(s, 1, "points_destroyed"), 2);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_intercept_keeps_the_chargers_first_strike(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26 ELV27 ELV29",
                          "R-front R-front C-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), Elves react to A1's charge");
    T_EXPECT_STR(pb_legal(s), "react intercept B1; react intercept B2; react wait");
    t_refused(s, "react intercept B3", "only a unit in the front of the charged sector");
    t_play(s, "react intercept B2");
    /* the interceptor is ordered (and pays) */
    assert_int_equal(pb_orders(s, "B2"), 1);
    assert_int_equal(pb_tokens(s, 2, "unused"), 4);
    T_EXPECT_STR(pb_zone(s, "B2"), "R-eng");
    /* the charger strikes first, with its charge die */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), A1 strikes B2: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", NULL});
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), B2 strikes back at A1: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", NULL});
    /* the interception was not the Elves' turn: theirs comes now */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Elves), Elves to redeploy or act");
    T_EXPECT_STR(pb_unit_field(s, "A1", "contacts"), "B2");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_shoot_at_the_charger(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18+ORC17", "L-front", "elves", "ELV25 ELV26",
                          "R-front R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "react shoot B1; react intercept B2; react wait");
    t_play(s, "react shoot B1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), B1 shoots at A1: die 1 of 1");
    t_play(s, "roll 4");
    T_EXPECT_STR(pb_legal(s), "wound A1 remove ORC17; wound A1 remove ORC18");
    t_play(s, "wound A1 remove ORC17");
    /* the charger survives: it picks any enemy in the front or engagement zone */
    T_EXPECT_STR(pb_legal(s), "target B1; target B2");
    t_play(s, "target B2");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 1 (Orcs), A1 strikes B2: die 1 of 2");
    eng_state_free(s);
    eng_game_free(g);
    /* a charger shot down: no engagement */
    g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV25 ELV26", "R-front R-front", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react shoot B1", "roll 5",
                                         "wound A1 remove ORC18", NULL});
    T_EXPECT_STR(pb_unit_field(s, "A1", "destroyed"), "true");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 2 (Elves), Elves to redeploy or act");
    T_EXPECT_STR(pb_zone(s, "B2"), "R-front");
    eng_state_free(s);
    eng_game_free(g);
}

/* The English edition: only a unit in the front of the charged sector
 * shoots at the charger; option reaction-shoot sector (the Russian "in the
 * same sector") lets one in its rear shoot too. */
static void test_reaction_shoot_from_the_rear(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV25 ELV26",
                          "R-rear R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "react intercept B2; react wait");
    t_refused(s, "react shoot B1", "only a unit in the front of the charged sector can shoot");
    eng_state_free(s);
    eng_game_free(g);
    g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV25 ELV26", "R-rear R-front", NULL,
                "{\"reaction-shoot\": \"sector\"}");
    s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "react shoot B1; react intercept B2; react wait");
    t_play_list(s, (const char *const[]){"react shoot B1", "roll 5", "wound A1 remove ORC18",
                                         NULL});
    T_EXPECT_STR(pb_unit_field(s, "A1", "destroyed"), "true");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_charge_the_rear(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26 ELV25 ELV27",
                          "R-rear R-rear C-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    /* nobody in the front or engagement zone: any rear unit, and no reaction */
    T_EXPECT_STR(pb_legal(s), "target B1; target B2");
    t_play(s, "target B1");
    T_EXPECT_STR(pb_zone(s, "B1"), "R-eng");
    t_play_list(s, (const char *const[]){"roll 4", "roll 1", "wound B1 remove ELV26", NULL});
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_charge_into_the_next_sector(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26 ELV27 ELV29",
                          "C-front C-rear L-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    /* its own sector is empty: any unit of the adjacent (centre) sector */
    T_EXPECT_STR(pb_legal(s), "target B1; target B2");
    t_refused(s, "target B3", "only an enemy unit in an adjacent sector");
    t_play(s, "target B2");
    T_EXPECT_STR(pb_zone(s, "A1"), "C-eng");
    T_EXPECT_STR(pb_zone(s, "B2"), "C-eng");
    t_play_list(s, (const char *const[]){"roll 3", "roll 4", "wound B2 remove ELV27", NULL});
    /* the survivor goes to its front of the sector where it fought */
    T_EXPECT_STR(pb_zone(s, "A1"), "C-front");
    eng_state_free(s);
    eng_game_free(g);
}

/* A1 in contact with B1, then A2 joins: B1 outnumbered. */
static eng_state *outnumbered(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A1 charge", "react wait", "target B1", "roll 1",
                                         "roll 1", "roll 1", "roll 1", "pass",
                                         "order A2 charge", "react wait", NULL});
    T_EXPECT_STR(pb_legal(s), "target B1; target B2");
    t_play(s, "target B1");
    /* only the charger and the unit it attacked strike */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), A2 strikes B1: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", NULL});
    T_EXPECT_STR(pb_status(s), "Round 1 turn 3 (Orcs), B1 strikes back at A2: die 1 of 2");
    t_play_list(s, (const char *const[]){"roll 1", "roll 1", NULL});
    T_EXPECT_STR(pb_unit_field(s, "B1", "contacts"), "A1 A2");
    return s;
}

static void test_join_and_leave_under_free_strikes(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front L-front", "elves", "ELV26 ELV27",
                          "R-front R-front", NULL, NULL);
    eng_state *s = outnumbered(g);
    T_EXPECT_HAS(pb_legal(s), "order B1 fight A1; order B1 fight A2; order B1 leave");
    t_play(s, "order B1 leave");
    /* every enemy unit in contact strikes, one die each, no orders */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 4 (Elves), A1 strikes the leaving B1: die 1 of 1");
    t_play(s, "roll 1");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 4 (Elves), A2 strikes the leaving B1: die 1 of 1");
    eng_state *c = eng_state_clone(s);
    t_play(s, "roll 1");
    /* the survivor goes back to its front, and so do the units it fought */
    T_EXPECT_STR(pb_zone(s, "B1"), "R-front");
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    T_EXPECT_STR(pb_zone(s, "A2"), "L-front");
    assert_int_equal(pb_orders(s, "A1"), 1);   /* its charge; the free strike cost nothing */
    T_EXPECT_STR(pb_status(s), "Round 1 turn 5 (Orcs), Orcs to redeploy or act");
    t_play(c, "roll 6");                        /* Orcs 5-6 hit */
    t_play(c, "wound B1 remove ELV26");
    T_EXPECT_STR(pb_unit_field(c, "B1", "destroyed"), "true");
    T_EXPECT_STR(pb_zone(c, "A1"), "L-front");
    eng_state_free(c);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_charge_splits_an_engagement(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front L-front", "elves", "ELV26 ELV27",
                          "R-front R-front", NULL, NULL);
    eng_state *s = outnumbered(g);
    t_play(s, "order B2 charge");
    /* no Orc left in the front to react; A2 outnumbers B2's friend B1 */
    T_EXPECT_STR(pb_legal(s), "target A1; target A2");
    t_play(s, "target A2");
    /* two engagements, one unit a side in each */
    T_EXPECT_STR(pb_unit_field(s, "A2", "contacts"), "B2");
    T_EXPECT_STR(pb_unit_field(s, "B1", "contacts"), "A1");
    T_EXPECT_STR(pb_unit_field(s, "A1", "contacts"), "B1");
    T_EXPECT_STR(pb_unit_field(s, "B2", "contacts"), "A2");
    T_EXPECT_STR(pb_status(s), "Round 1 turn 4 (Elves), B2 strikes A2: die 1 of 2");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_who_can_charge(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC25 ORC18", "L-front L-rear", "elves", "ELV26", "R-front",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_refused(s, "order A1 charge", "has no engagement dice");
    t_refused(s, "order A2 charge", "only a unit in the front can charge");
    t_refused(s, "order A2 fight B1", "not in an engagement");
    t_refused(s, "order B1 charge", "not one of the Orcs' units");
    eng_state_free(s);
    eng_game_free(g);
}

/* Flanking reaches the engagement zone of the adjacent sector too: A2 is
 * engaged with B1 in the centre; A1's own sector is empty, so it may
 * charge B1 there, with no reaction offered. */
static void test_flank_into_an_engagement(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18 ORC19", "L-front C-front", "elves", "ELV26",
                          "C-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"order A2 charge", "react wait", "target B1", "roll 1",
                                         "roll 1", "roll 1", "roll 1", "pass", NULL});
    T_EXPECT_STR(pb_zone(s, "B1"), "C-eng");
    t_play(s, "order A1 charge");
    T_EXPECT_STR(pb_legal(s), "target B1");
    t_play(s, "target B1");
    T_EXPECT_STR(pb_zone(s, "A1"), "C-eng");
    T_EXPECT_STR(pb_unit_field(s, "B1", "contacts"), "A2 A1");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_example_and_russian_wounds),
        cmocka_unit_test(test_strike_back_is_a_choice),
        cmocka_unit_test(test_two_dice_five_and_four_give_three_hits),
        cmocka_unit_test(test_wound_choices_two_cavalry_one_infantry),
        cmocka_unit_test(test_romans_four_against_the_celts),
        cmocka_unit_test(test_wound_tokens_from_orders_or_passes),
        cmocka_unit_test(test_no_tokens_left_troops_are_removed),
        cmocka_unit_test(test_destroyed_unit_and_the_survivor_back_to_front),
        cmocka_unit_test(test_intercept_keeps_the_chargers_first_strike),
        cmocka_unit_test(test_shoot_at_the_charger),
        cmocka_unit_test(test_reaction_shoot_from_the_rear),
        cmocka_unit_test(test_charge_the_rear),
        cmocka_unit_test(test_charge_into_the_next_sector),
        cmocka_unit_test(test_join_and_leave_under_free_strikes),
        cmocka_unit_test(test_charge_splits_an_engagement),
        cmocka_unit_test(test_who_can_charge),
        cmocka_unit_test(test_flank_into_an_engagement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
