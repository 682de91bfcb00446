/*
 * test_ptw_transport.c - The Portable Wargame: horse-drawn transport. It
 * limbers or unlimbers a gun in its square, which takes both units' turn;
 * it tows the gun at its own rate; a limbered gun does not fire; a hit on
 * the transport is a hit on the gun it tows as well; a transport that dies
 * leaves its gun standing alone.
 */
#include "test_ptw_util.h"

#define MAP "o o o/o o o/o o o/o o o/o o o"

static void test_limber_takes_the_turn_of_both(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "TRN@b1 FLD@b1", "INF@c5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "end");                     /* the gun holds its fire */
    pt_to_side_a(s);
    T_EXPECT_HAS(pt_legal(s), "limber TRN1");
    t_play(s, "limber TRN1");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "towed_by"), "1/TRN1");
    T_EXPECT_STR(pt_field(s, "1/TRN1", "towing"), "1/FLD1");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "acted"), "true");
    T_EXPECT_STR(pt_field(s, "1/TRN1", "acted"), "true");
    /* both have used their turn: Blue's part */
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
    t_play(s, "end");
    /* turn 2: a limbered gun cannot be laid */
    T_EXPECT_STR(pt_status(s), "Turn 2, initiative, Red rolls");
    pt_to_side_a(s);
    t_refused(s, "move FLD1 b2", "FLD1 is limbered: it goes where TRN1, towing it, goes");
    /* towed at the transport's rate */
    t_play(s, "move TRN1 b2");
    T_EXPECT_STR(pt_loc(s, "1/FLD1"), "b2");
    T_EXPECT_STR(pt_facing(s, "1/FLD1"), "N");
    t_refused(s, "move TRN1 b3", "has moved 1 square: horse-drawn transport move 1");
    t_refused(s, "unlimber TRN1 N", "limbering or unlimbering takes a turn with both units in "
                                    "the same square: TRN1 has moved this turn");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_unlimber_with_a_facing(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "TRN@b2 FLD@b2~", "INF@c5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Red rolls");   /* nothing to lay */
    pt_to_side_a(s);
    T_EXPECT_HAS(pt_legal(s), "unlimber TRN1 N; unlimber TRN1 E; unlimber TRN1 S; "
                               "unlimber TRN1 W");
    t_refused(s, "limber TRN1", "TRN1 is already towing a gun");
    t_play(s, "unlimber TRN1 E");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "towed_by"), "-");
    T_EXPECT_STR(pt_facing(s, "1/FLD1"), "E");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "acted"), "true");
    eng_state_free(s);
    eng_game_free(g);
    /* not where another fighting unit of its side stands */
    g = pt_game(MAP, "TRN@b2 FLD@b2~ INF@b2", "INF@c5", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_refused(s, "unlimber TRN1 N", "another fighting unit of yours is in TRN1's square");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_a_gun_that_fired_is_not_limbered(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "TRN@b1 FLD@b1", "INF@b5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 b5");
    t_play(s, "landing 1/FLD1 1");
    pt_to_side_a(s);
    t_refused(s, "limber TRN1", "no gun of yours in TRN1's square is free to limber");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_a_hit_on_the_transport_hits_its_gun(void **unused)
{
    (void)unused;
    /* both survive: they retreat together */
    eng_game *g = pt_game(MAP, "INF@b1", "TRN@b3 FLD@b3~", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "6");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "hits_waiting"), "1");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "hits_waiting"), "-");   /* through the transport */
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/TRN1, its die");
    t_play(s, "hit 2/TRN1 5");
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/FLD1, its die");
    t_play(s, "hit 2/FLD1 6");
    t_play(s, "retreat TRN1 b4");
    T_EXPECT_STR(pt_loc(s, "2/TRN1"), "b4");
    T_EXPECT_STR(pt_loc(s, "2/FLD1"), "b4");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "towed_by"), "2/TRN1");
    eng_state_free(s);
    eng_game_free(g);
    /* the transport dies, the gun lives: it stands alone and retreats */
    g = pt_game(MAP, "INF@b1", "TRN@b3 FLD@b3~", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "6");
    t_play(s, "hit 2/TRN1 1");
    t_play(s, "hit 2/FLD1 6");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "status"), "destroyed");
    T_EXPECT_STR(pt_status(s), "Turn 1, 2/FLD1 retreats, Blue chooses where");
    t_play(s, "retreat FLD1 c3");
    T_EXPECT_STR(pt_loc(s, "2/FLD1"), "c3");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "towed_by"), "-");
    eng_state_free(s);
    eng_game_free(g);
    /* the gun dies, the transport lives: it retreats alone */
    g = pt_game(MAP, "INF@b1", "TRN@b3 FLD@b3~", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "6");
    t_play(s, "hit 2/TRN1 6");
    t_play(s, "hit 2/FLD1 3");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "status"), "destroyed");
    t_play(s, "retreat TRN1 a3");
    T_EXPECT_STR(pt_loc(s, "2/TRN1"), "a3");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limber_takes_the_turn_of_both),
        cmocka_unit_test(test_unlimber_with_a_facing),
        cmocka_unit_test(test_a_gun_that_fired_is_not_limbered),
        cmocka_unit_test(test_a_hit_on_the_transport_hits_its_gun),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
