/*
 * test_ptw_artillery.c - The Portable Wargame: the artillery phase. Side
 * 1 lays its guns, then side 2; each gun's landing roll; only then every
 * hit (fire is simultaneous). The landing table row by row (5 or more on
 * the target, 2 or 4 the square in front, 1 or 3 the square behind, less
 * than 1 nowhere) and each modifier: -1 a target in cover (a wood) or a
 * fortification, +2 a direct line of sight (fire into cover is always
 * indirect), +1 the same target as last turn, +1 a commander in or next to
 * the gun's square. Every unit in the landing square is hit, friend or
 * foe.
 *
 * Most set-ups are one square wide: the gun at a1 faces north, its target
 * a4; a hill at a2 hides the target, so the fire is indirect with no
 * modifier unless the test adds one.
 */
#include "test_ptw_util.h"

/* The unit whose hit die is awaited now, or "-" when none. */
static const char *hit_on(const eng_state *s)
{
    static char buf[32];
    const char *st = pt_status(s);
    const char *p = strstr(st, "hit on ");
    if (!p)
        return "-";
    snprintf(buf, sizeof buf, "%s", p + 7);
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = '\0';
    return buf;
}

/* Lays FLD1 at a4 and rolls r for its landing; returns who is hit. */
static const char *landing(const char *map, const char *red, const char *blue, int r)
{
    static char out[32];
    eng_game *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 a4");
    char act[32];
    snprintf(act, sizeof act, "landing 1/FLD1 %d", r);
    t_play(s, act);
    snprintf(out, sizeof out, "%s", hit_on(s));
    eng_state_free(s);
    eng_game_free(g);
    return out;
}

#define HIDDEN "o/h/o/o/o/o"

static void test_landing_table_rows(void **unused)
{
    (void)unused;
    /* no modifier: 5, 6 the target; 2, 4 in front (a3); 1, 3 behind (a5) */
    const char *blue = "INF@a3 INF@a4 INF@a5";
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 6), "2/INF2");
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 5), "2/INF2");
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 4), "2/INF1");
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 2), "2/INF1");
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 3), "2/INF3");
    T_EXPECT_STR(landing(HIDDEN, "FLD@a1", blue, 1), "2/INF3");
}

static void test_cover_takes_one_and_below_one_is_nowhere(void **unused)
{
    (void)unused;
    const char *map = "o/h/o/w/o/o", *blue = "INF@a3 INF@a4 INF@a5";
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 6), "2/INF2");   /* 5 */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 5), "2/INF1");   /* 4: in front */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 4), "2/INF3");   /* 3: behind */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 2), "2/INF3");   /* 1: behind */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 1), "-");        /* 0: ineffective */
    /* a visible target in a fortification: +2 direct and -1 */
    map = "o/o/o/f/o/o";
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 4), "2/INF2");   /* 5 */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 3), "2/INF1");   /* 4 */
}

static void test_direct_line_of_sight_adds_two(void **unused)
{
    (void)unused;
    const char *map = "o/o/o/o/o/o", *blue = "INF@a3 INF@a4 INF@a5";
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 3), "2/INF2");   /* 5 */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 2), "2/INF1");   /* 4 */
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 1), "2/INF3");   /* 3 */
    /* a target in woods is never seen: indirect, and -1 for cover */
    map = "o/o/o/w/o/o";
    T_EXPECT_STR(landing(map, "FLD@a1", blue, 3), "2/INF1");   /* 2 */
}

static void test_commander_near_adds_one(void **unused)
{
    (void)unused;
    const char *map = "o o/h o/o o/o o/o o/o o", *blue = "INF@a3 INF@a4 INF@a5";
    T_EXPECT_STR(landing(map, "FLD@a1 CMD@b1", blue, 4), "2/INF2");   /* 5 */
    T_EXPECT_STR(landing(map, "FLD@a1 CMD@a1", blue, 4), "2/INF2");   /* same square */
    T_EXPECT_STR(landing(map, "FLD@a1 CMD@b2", blue, 4), "2/INF1");   /* diagonal: too far */
}

static void test_same_target_as_last_turn_adds_one(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(HIDDEN, "FLD@a1", "INF@a4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 a4");
    t_play(s, "landing 1/FLD1 3");   /* 3: behind, a5, empty */
    pt_to_side_a(s);
    T_EXPECT_STR(pt_field(s, "1/FLD1", "landing"), "a5");
    /* the gun fired and may not move: Red has nothing to do, Blue acts */
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
    t_play(s, "end");
    T_EXPECT_STR(pt_status(s), "Turn 2, artillery phase, Red to lay its guns");
    T_EXPECT_STR(pt_field(s, "1/FLD1", "last_target"), "a4");
    t_play(s, "bombard FLD1 a4");
    t_play(s, "landing 1/FLD1 4");   /* 4 + 1 = 5: on the target */
    T_EXPECT_STR(hit_on(s), "2/INF1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_every_unit_in_the_square_is_hit_friend_or_foe(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(HIDDEN, "FLD@a1", "INF@a4 CMD@a4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 a4");
    t_play(s, "landing 1/FLD1 5");
    T_EXPECT_STR(hit_on(s), "2/INF1");
    t_play(s, "hit 2/INF1 1");
    T_EXPECT_STR(hit_on(s), "2/CMD1");
    t_play(s, "hit 2/CMD1 2");
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    T_EXPECT_STR(pt_field(s, "2/CMD1", "status"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
    /* short, onto the gun's own infantry */
    g = pt_game(HIDDEN, "FLD@a1 INF@a3", "INF@a4", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 a4");
    t_play(s, "landing 1/FLD1 4");
    T_EXPECT_STR(hit_on(s), "1/INF1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_fire_is_simultaneous(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o/o/o/o", "FLD@a1", "FLD@a6", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Red to lay its guns");
    T_EXPECT_STR(pt_legal(s), "bombard FLD1 a6; end");
    t_play(s, "bombard FLD1 a6");
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Blue to lay its guns");
    t_play(s, "bombard FLD1 a1");
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, landing roll for 1/FLD1 at a6");
    t_play(s, "3");
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, landing roll for 2/FLD1 at a1");
    t_play(s, "roll 3");
    /* both shells are in the air before either lands: both guns are hit */
    T_EXPECT_STR(hit_on(s), "1/FLD1");
    t_play(s, "1");
    T_EXPECT_STR(hit_on(s), "2/FLD1");
    t_play(s, "1");
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "draw");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_guns_need_no_activation_and_may_hold_fire(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o/o/o/o", "FLD@a1 INF@a2", "INF@a6", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "end");
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Red rolls");
    t_play(s, "initiative 1 6");
    t_play(s, "initiative 2 2");
    /* the gun held its fire: it may move */
    assert_true(t_is_legal(s, "face FLD1 E"));
    t_refused(s, "bombard FLD1 a6", "guns are laid in the artillery phase at the start of each turn");
    eng_state_free(s);
    eng_game_free(g);
}

/* Rule c: a gun fires once a turn. Rule e: its arc is 90 degrees forward,
 * the diagonals included, as for small arms. A second gun keeps the laying
 * of guns open. */
static void test_each_gun_lays_once_in_its_arc(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o o o/o o o o o/o o o o o/o o o o o/o o o o o",
                          "FLD@c1 FLD@e1", "INF@c4 INF@c5 INF@a3 INF@a2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_true(t_is_legal(s, "bombard FLD1 a3"));   /* on the diagonal */
    t_refused(s, "bombard FLD1 a2", "outside FLD1's arc of fire");
    t_play(s, "bombard FLD1 c4");
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Red to lay its guns");
    t_refused(s, "bombard FLD1 c5", "FLD1 has already fired this turn");
    assert_true(t_is_legal(s, "bombard FLD2 c5"));
    eng_state_free(s);
    eng_game_free(g);
}

/* The river rule bars guns too: a gun at a ford does not fire (a second
 * gun keeps the laying of guns open). */
static void test_guns_in_a_river_hold_fire(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o/d o/o o/o o/o o", "FLD@a2 FLD@b1", "INF@a5 INF@b5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_status(s), "Turn 1, artillery phase, Red to lay its guns");
    t_refused(s, "bombard FLD1 a5", "FLD1 is in a river: units in rivers may not fire");
    assert_true(t_is_legal(s, "bombard FLD2 b5"));
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_landing_table_rows),
        cmocka_unit_test(test_cover_takes_one_and_below_one_is_nowhere),
        cmocka_unit_test(test_direct_line_of_sight_adds_two),
        cmocka_unit_test(test_commander_near_adds_one),
        cmocka_unit_test(test_same_target_as_last_turn_adds_one),
        cmocka_unit_test(test_every_unit_in_the_square_is_hit_friend_or_foe),
        cmocka_unit_test(test_fire_is_simultaneous),
        cmocka_unit_test(test_guns_need_no_activation_and_may_hold_fire),
        cmocka_unit_test(test_each_gun_lays_once_in_its_arc),
        cmocka_unit_test(test_guns_in_a_river_hold_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
