/*
 * test_ptw_hits.c - The Portable Wargame: resolving hits by quality, and
 * retreats. Elite units are destroyed on 1 or 2, average on 1 to 3, poor on
 * 1 to 4; otherwise a unit survives and must retreat into an orthogonally
 * adjacent square that is empty and not next to an enemy, its owner
 * choosing when there is a choice, or it is destroyed. Several hits at once
 * (option multiple-hits): each resolved in turn with a retreat after each,
 * or all rolled first and one retreat.
 *
 * The hits come from Red's infantry at b1 firing at b3 with a forced 6.
 */
#include "test_ptw_util.h"

#define MAP "o o o/o o o/o o o/o o o"

/* Red's INF1 at b1 fires at b3 and hits; the state is at the hit's die. */
static eng_state *hit_at_b3(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 b3");
    t_play(s, "shot 1/INF1 6");
    return s;
}

static void check_quality(const char *blue, int roll, bool destroyed)
{
    eng_game *g = pt_game(MAP, "INF@b1", blue, NULL, NULL);
    eng_state *s = hit_at_b3(g);
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/INF1, its die");
    char act[32];
    snprintf(act, sizeof act, "hit 2/INF1 %d", roll);
    t_play(s, act);
    if (destroyed) {
        T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    } else {
        T_EXPECT_STR(pt_status(s), "Turn 1, 2/INF1 retreats, Blue chooses where");
        assert_int_equal(eng_current_player(s), 1);
        T_EXPECT_STR(pt_legal(s), "retreat INF1 b4; retreat INF1 c3; retreat INF1 a3");
    }
    eng_state_free(s);
    eng_game_free(g);
}

static void test_elite(void **unused)
{
    (void)unused;
    check_quality("INF@b3!", 1, true);
    check_quality("INF@b3!", 2, true);
    check_quality("INF@b3!", 3, false);
    check_quality("INF@b3!", 6, false);
}

static void test_average(void **unused)
{
    (void)unused;
    check_quality("INF@b3", 3, true);
    check_quality("INF@b3", 4, false);
    check_quality("INF@b3", 6, false);
}

static void test_poor(void **unused)
{
    (void)unused;
    check_quality("INF@b3?", 4, true);
    check_quality("INF@b3?", 5, false);
    check_quality("INF@b3?", 6, false);
}

static void test_retreat_chosen_by_the_owner(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b3", NULL, NULL);
    eng_state *s = hit_at_b3(g);
    t_play(s, "hit 2/INF1 5");
    t_refused(s, "retreat INF1 b2", "INF1 may not retreat to b2: a retreat goes into an "
                                    "orthogonally adjacent empty square that is not next to an "
                                    "enemy unit");
    t_play(s, "retreat INF1 c3");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "c3");
    T_EXPECT_STR(pt_facing(s, "2/INF1"), "S");
    /* back to Red's firer */
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: INF1 in action");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_retreat_without_choice_or_destroyed(void **unused)
{
    (void)unused;
    /* one square only: no decision */
    eng_game *g = pt_game("o/o/o/o", "INF@a1", "INF@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    t_play(s, "6");
    t_play(s, "hit 2/INF1 6");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "a4");
    eng_state_free(s);
    eng_game_free(g);
    /* the only square behind it is taken (by its own commander): destroyed */
    g = pt_game("o/o/o/o", "INF@a1", "INF@a3 CMD@a4", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    t_play(s, "6");
    t_play(s, "hit 2/INF1 6");
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
    /* the edge of the board behind it, the square in front next to the enemy */
    g = pt_game("o/o/o", "INF@a1", "INF@a3", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    t_play(s, "6");
    t_play(s, "hit 2/INF1 6");
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_multiple_hits_each(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o/o/o/o", "MG@a1", "INF@a4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire MG1 a4");
    t_play(s, "6");
    t_play(s, "6");
    t_play(s, "1");
    T_EXPECT_STR(pt_field(s, "2/INF1", "hits_waiting"), "2");
    t_play(s, "hit 2/INF1 5");
    T_EXPECT_STR(pt_legal(s), "retreat INF1 a5; retreat INF1 a3");
    t_play(s, "retreat INF1 a5");
    /* the second hit at once */
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/INF1, its die");
    t_play(s, "hit 2/INF1 4");
    t_play(s, "retreat INF1 a6");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "a6");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_multiple_hits_once(void **unused)
{
    (void)unused;
    const char *opt = "{\"multiple-hits\": \"once\"}";
    eng_game *g = pt_game("o/o/o/o/o/o", "MG@a1", "INF@a4", NULL, opt);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire MG1 a4");
    t_play(s, "6");
    t_play(s, "6");
    t_play(s, "1");
    t_play(s, "hit 2/INF1 5");
    T_EXPECT_STR(pt_status(s), "Turn 1, hit on 2/INF1, its die");   /* its second die first */
    t_play(s, "hit 2/INF1 4");
    t_play(s, "retreat INF1 a5");
    T_EXPECT_STR(pt_loc(s, "2/INF1"), "a5");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Red: MG1 in action");
    eng_state_free(s);
    eng_game_free(g);
    /* any die that destroys it destroys it */
    g = pt_game("o/o/o/o/o/o", "MG@a1", "INF@a4", NULL, opt);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire MG1 a4");
    t_play(s, "6");
    t_play(s, "6");
    t_play(s, "1");
    t_play(s, "hit 2/INF1 6");
    t_play(s, "hit 2/INF1 2");
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elite),
        cmocka_unit_test(test_average),
        cmocka_unit_test(test_poor),
        cmocka_unit_test(test_retreat_chosen_by_the_owner),
        cmocka_unit_test(test_retreat_without_choice_or_destroyed),
        cmocka_unit_test(test_multiple_hits_each),
        cmocka_unit_test(test_multiple_hits_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
