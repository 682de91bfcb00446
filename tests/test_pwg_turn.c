/*
 * test_pwg_turn.c - Pocket Wargame: the turn and the end of the game.
 * Phase order with the first player acting first in each phase, forces
 * with nothing to do skipped, alliances (both must agree; stances change
 * at the start of a turn), each end-phase rule (score, rally, reinforce,
 * exit), each victory condition (last standing, shared by allies, draw,
 * turn limit by strength or points, points to win) with why the game
 * ended in one line, the buttons' words, the heuristic.
 */
#include "test_pwg_util.h"

static void test_phase_order_first_player_first(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooooo/ooooo/ooooo/ooooo/ooooo", "LC@a1 LM@b1 HI@b4",
                          "LC@a5 LM@b5 HI@b2", ",\"first\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    static const char *const expect[] = {
        "Turn 1, Cavalry phase, Blue to act",  "Turn 1, Cavalry phase, Red to act",
        "Turn 1, Ranged phase, Blue to act",   "Turn 1, Ranged phase, Red to act",
        "Turn 1, Movement phase, Blue to act", "Turn 1, Movement phase, Red to act",
        "Turn 2, Cavalry phase, Blue to act",
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        T_EXPECT_STR(pw_status(s), expect[i]);
        if (i + 1 < sizeof expect / sizeof expect[0])
            t_play(s, "end");
    }
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    T_EXPECT_STR(json_string_value(json_object_get(st, "phase")), "cavalry");
    assert_int_equal(json_integer_value(json_object_get(st, "first")), 2);
    json_decref(st);
    t_refused(s, "move HI1 b3", "only cavalry moves in the Cavalry phase");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_alliances_need_both(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@a1 LM@b1", "HI@b2", "HI@c1", NULL};
    eng_game *g = pw_game_n("ooo/ooo/ooo", forces, ",\"alliances\":true", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Alliances: Red to declare");
    T_EXPECT_STR(pw_legal(s), "ally 2; ally 3; ready");
    t_refused(s, "ally 1", "you cannot declare a stance towards yourself");
    t_refused(s, "hostile 2", "you already count Blue as hostile");
    t_play(s, "ally 2");
    T_EXPECT_STR(pw_legal(s), "ally 3; ready");
    t_refused(s, "hostile 2", "you have already changed your stance towards Blue this turn");
    t_refused(s, "end", "write ready to finish declaring alliances");
    t_play(s, "ready");
    T_EXPECT_STR(pw_status(s), "Turn 1, Alliances: Blue to declare");
    t_play(s, "ready");
    t_play(s, "ready");
    /* Red counts Blue an ally, Blue does not agree: still enemies */
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    assert_true(t_is_legal(s, "shoot LM1 2/HI1"));
    t_play(s, "end");
    t_play_list(s, (const char *const[]){"end", "end", "end", NULL});  /* movement */
    T_EXPECT_STR(pw_status(s), "Turn 2, Alliances: Red to declare");
    T_EXPECT_STR(pw_legal(s), "hostile 2; ally 3; ready");   /* stances persist */
    t_play(s, "ready");
    t_play(s, "ally 1");
    t_play(s, "ready");
    t_play(s, "ready");
    /* both agree now: allies */
    t_refused(s, "shoot LM1 2/HI1", "Blue is allied with you: only enemy units may be shot at");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *red = json_array_get(json_object_get(st, "forces"), 0);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(red, "allied_with"), 0)), 2);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(red, "opposed_to"), 0)), 3);
    json_decref(st);
    assert_true(t_is_legal(s, "shoot LM1 3/HI1"));
    t_play(s, "end");
    /* Blue joins Red's LM at b1: no melee among allies */
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    t_play(s, "end");
    t_play(s, "move HI1 b1");
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 3, Alliances: Red to declare");
    /* Red breaks the alliance: the same turn, b1 is a melee */
    t_play(s, "hostile 2");
    t_play_list(s, (const char *const[]){"ready", "ready", "ready", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 3, Movement phase, Red to act");   /* LM1 is in melee */
    t_play_list(s, (const char *const[]){"end", "end", "end", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 3, Melee at b1: toss for 1/LM1");
    eng_state_free(s);
    eng_game_free(g);

    /* two forces: alliances would change nothing, so asking for them is refused */
    T_EXPECT_STR(pw_refusal("{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":"
                             "{\"terrain\":[\"ooo\"]},\"alliances\":true,\"forces\":["
                             "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]},"
                             "{\"placed\":[{\"unit\":\"HI\",\"at\":\"c1\"}]}]}", NULL),
                  "alliances: true needs three or more forces (with two, each is the other's only "
                  "enemy); leave it out");
    /* "alliances": false is no request: accepted */
    g = pw_game("ooo", "HI@a1", "HI@c1", ",\"alliances\":false", NULL);
    s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    t_refused(s, "ally 2", "this battle has no alliances");
    eng_state_free(s);
    eng_game_free(g);
}

/* A force with no units left takes no part in the Alliances phase and is
 * nobody's possible ally. */
static void test_alliances_skip_a_force_with_no_units(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@a1", "HI@c1", "HI@a1~", NULL};
    eng_game *g = pw_game_n("ooo", forces, ",\"alliances\":true", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s), "ally 2; ally 3; ready");
    t_play_list(s, (const char *const[]){"ready", "ready", "ready", "end", "end", "end", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 1/HI1");
    t_play_list(s, (const char *const[]){"H", "T", "damage 3/HI1", NULL});
    T_EXPECT_STR(pw_cond(s, "3/HI1"), "destroyed");
    assert_int_equal(pw_force_int(s, 3, "units_left"), 0);
    T_EXPECT_STR(pw_status(s), "Turn 2, Alliances: Red to declare");
    T_EXPECT_STR(pw_legal(s), "ally 2; ready");
    t_refused(s, "ally 3", "Green has no units left");
    t_play(s, "ready");
    T_EXPECT_STR(pw_status(s), "Turn 2, Alliances: Blue to declare");
    T_EXPECT_STR(pw_legal(s), "ally 1; ready");
    t_play(s, "ready");
    /* Green has nothing to declare: on to the turn */
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_allies_share_the_win(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@a1", "HI@c1", "HI@c1~", NULL};
    eng_game *g = pw_game_n("olo", forces, ",\"alliances\":true", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "ally 2");
    t_play(s, "ready");
    t_play(s, "ally 1");
    t_play(s, "ready");
    t_play(s, "ready");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at c1: toss for 2/HI1");
    t_play(s, "H");
    t_play(s, "T");
    t_play(s, "damage 3/HI1");
    T_EXPECT_STR(pw_cond(s, "3/HI1"), "destroyed");
    /* Red and Blue are all that is left, and allied */
    assert_true(eng_is_terminal(s));
    double ret[3];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5 && ret[2] == 0.0);
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red and Blue share the win");
    T_EXPECT_STR(t_ending(s), "Red and Blue share the win: only allied forces have units left, "
                            "after turn 1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_none_left_is_a_draw(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "LI@a1~", "LI@a1~", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "damage 2/LI1", "damage 1/LI1", NULL});
    assert_true(eng_is_terminal(s));
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "draw");
    T_EXPECT_STR(t_ending(s), "draw: no force has a unit left on the field");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- end-phase rules ------------------------------------------------------------------- */

static void test_score_rule(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo/ooo", "HI@b2 LI@a3", "HI@c3 LI@a3",
                          ",\"end_phase\":[{\"rule\":\"score\",\"at\":[\"b2\",\"c3\",\"a3\",\"a1\"],"
                          "\"points\":2}]", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "end");
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a3: toss for 1/LI1");
    t_play(s, "T");
    t_play(s, "T");
    /* b2 held by Red alone, c3 by Blue alone; a3 contested, a1 empty */
    assert_int_equal(pw_force_int(s, 1, "points"), 2);
    assert_int_equal(pw_force_int(s, 2, "points"), 2);
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

/* A card held by two allied forces is not held by one force alone: nobody
 * scores it. */
static void test_score_rule_with_an_ally_on_the_card(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@b2", "HI@b2", "HI@c3", NULL};
    eng_game *g = pw_game_n("ooo/ooo/ooo", forces,
                            ",\"alliances\":true,\"end_phase\":[{\"rule\":\"score\","
                            "\"at\":[\"b2\",\"c3\"],\"points\":3}]", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"ally 2", "ready", "ally 1", "ready", "ready", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    t_play_list(s, (const char *const[]){"end", "end", "end", NULL});
    /* allies at b2, no fight; Green alone at c3 */
    T_EXPECT_STR(pw_status(s), "Turn 2, Alliances: Red to declare");
    assert_int_equal(pw_force_int(s, 1, "points"), 0);
    assert_int_equal(pw_force_int(s, 2, "points"), 0);
    assert_int_equal(pw_force_int(s, 3, "points"), 3);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rally_rule(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo/ooo", "HI@a1~ LI@b1~ LC@b2~ HC@c2~", "HI@b1 LI@c3",
                          ",\"end_phase\":[{\"rule\":\"rally\",\"forces\":[1],\"area\":\"deployment\"},"
                          "{\"rule\":\"rally\",\"forces\":[2],\"area\":[\"c2\"]},"
                          "{\"rule\":\"rally\",\"area\":[\"c2\"]}]", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", "end", NULL});   /* cavalry, movement */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at b1: toss for 1/LI1");
    t_play(s, "T");
    t_play(s, "T");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "steady");     /* home, no enemy */
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "wavering");   /* home, but an enemy is there */
    T_EXPECT_STR(pw_cond(s, "1/LC1"), "wavering");   /* not home */
    T_EXPECT_STR(pw_cond(s, "1/HC1"), "steady");     /* the third rule: any force at c2 */
    eng_state_free(s);
    eng_game_free(g);
}

static void test_reinforce_rule(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo/ooo", "HI@a3 LI@c3", "HI@c1",
                          ",\"end_phase\":[{\"rule\":\"reinforce\",\"turn\":2,\"force\":2,"
                          "\"units\":{\"HC\":2},\"at\":[\"a3\",\"c3\"]}]", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_cond(s, "2/HC1"), "reserve");
    assert_int_equal(pw_force_int(s, 2, "units_left"), 3);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    T_EXPECT_STR(pw_cond(s, "2/HC1"), "reserve");
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    /* turn 2 over, but Red holds both arrival points: they wait */
    T_EXPECT_STR(pw_cond(s, "2/HC1"), "reserve");
    t_play_list(s, (const char *const[]){"move LI1 b3", "end", "end", NULL});
    T_EXPECT_STR(pw_cond(s, "2/HC1"), "steady");
    T_EXPECT_STR(pw_loc(s, "2/HC1"), "c3");
    T_EXPECT_STR(pw_loc(s, "2/HC2"), "c3");
    T_EXPECT_STR(pw_status(s), "Turn 4, Cavalry phase, Blue to act");
    eng_state_free(s);
    eng_game_free(g);
}

/* More reinforcements than free arrival points: dealt over the free ones in
 * list order, round again; a point the enemy holds is passed over. */
static void test_reinforcements_over_several_places(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo/ooo", "HI@b3", "HI@b1",
                          ",\"end_phase\":[{\"rule\":\"reinforce\",\"turn\":1,\"force\":2,"
                          "\"units\":{\"LI\":1,\"HC\":2,\"HM\":1},\"at\":[\"a3\",\"b3\",\"c3\"]}]",
                          NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    T_EXPECT_STR(pw_loc(s, "2/LI1"), "a3");
    T_EXPECT_STR(pw_loc(s, "2/HC1"), "c3");
    T_EXPECT_STR(pw_loc(s, "2/HC2"), "a3");
    T_EXPECT_STR(pw_loc(s, "2/HM1"), "c3");
    T_EXPECT_STR(pw_cond(s, "2/HM1"), "steady");
    assert_int_equal(pw_force_int(s, 2, "units_left"), 5);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_exit_rule(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo/ooo", "HI@a3 LI@a1", "HI@c1",
                          ",\"end_phase\":[{\"rule\":\"exit\",\"force\":1,\"edge\":\"north\","
                          "\"points\":2}]", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "exited");
    T_EXPECT_STR(pw_loc(s, "1/HI1"), "-");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "steady");
    assert_int_equal(pw_force_int(s, 1, "points"), 2);
    assert_int_equal(pw_force_int(s, 1, "units_left"), 1);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- victory -------------------------------------------------------------------------------- */

static void test_turn_limit_by_strength(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo", "HI@a1 LI@b1~", "HI@c2",
                          ",\"victory\":{\"turn_limit\":2}", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(t_words(s, "end"), "End the movement phase");
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    assert_false(eng_is_terminal(s));
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red wins");   /* strength 3 to 2 */
    T_EXPECT_STR(pw_status(s), "Game over after turn 2: Red wins");
    T_EXPECT_STR(t_ending(s), "Red wins: the turn limit (turn 2) was reached; the most strength "
                            "wins (Red 3, Blue 2)");
    eng_state_free(s);
    eng_game_free(g);

    g = pw_game("ooo/ooo", "HI@a1", "HI@c2", ",\"victory\":{\"turn_limit\":1}", NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "draw");
    T_EXPECT_STR(t_ending(s), "draw: the turn limit (turn 1) was reached; no force has the most "
                            "strength (Red 2, Blue 2)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_turn_limit_by_points(void **unused)
{
    (void)unused;
    const char *rules = ",\"end_phase\":[{\"rule\":\"score\",\"at\":[\"c2\"]}],"
                        "\"victory\":{\"type\":\"last-standing\",\"turn_limit\":1,"
                        "\"at_limit\":\"points\"}";
    eng_game *g = pw_game("ooo/ooo", "HI@a1 HI@b1", "LI@c2", rules, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Blue wins");   /* 1 point to 0, despite strength 2 to 4 */
    T_EXPECT_STR(t_ending(s), "Blue wins: the turn limit (turn 1) was reached; the most points, "
                            "then strength, wins (Red 0, Blue 1)");
    eng_state_free(s);
    eng_game_free(g);
    /* equal points: strength decides */
    g = pw_game("ooo/ooo", "HI@a1 HI@b1", "LI@b2", rules, NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red wins");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_points_to_win(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo", "HI@b2", "HI@c1 LI@a1",
                          ",\"end_phase\":[{\"rule\":\"score\",\"at\":[\"b2\"]}],"
                          "\"victory\":{\"points_to_win\":2}", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    assert_false(eng_is_terminal(s));
    assert_int_equal(pw_force_int(s, 1, "points"), 1);
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red wins");
    T_EXPECT_STR(t_ending(s), "Red wins: 2 points to win reached after turn 2 (points: Red 2, "
                            "Blue 0)");
    assert_int_equal(pw_int(s, "turn"), 2);
    eng_state_free(s);
    eng_game_free(g);
}

/* Several forces reach points_to_win in one End phase: the most points win;
 * equal points, the most strength; equal again, they share. */
static void test_points_to_win_reached_by_several(void **unused)
{
    (void)unused;
    const char *rules = ",\"end_phase\":[{\"rule\":\"score\",\"at\":[\"a1\",\"b1\",\"c1\"]}],"
                        "\"victory\":{\"points_to_win\":1}";
    static const struct { const char *red, *blue, *result; long red_pts, blue_pts; } cases[] = {
        /* Red 2 points to 1, though Blue is stronger */
        {"HI@a1 HI@b1", "HI@c1 HI@c2 HI@b2 HI@a2", "Red wins", 2, 1},
        /* 1 point each: strength 4 to 2 */
        {"HI@a1 HI@a2", "HI@c1", "Red wins", 1, 1},
        /* 1 point each, strength 2 each: both win, which between two is a draw */
        {"HI@a1", "HI@c1", "draw", 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        eng_game *g = pw_game("ooo/ooo", cases[i].red, cases[i].blue, rules, NULL);
        eng_state *s = eng_state_new(g, 1);
        t_play_list(s, (const char *const[]){"end", "end", NULL});
        assert_true(eng_is_terminal(s));
        assert_int_equal(pw_force_int(s, 1, "points"), cases[i].red_pts);
        assert_int_equal(pw_force_int(s, 2, "points"), cases[i].blue_pts);
        char res[64];
        eng_result_text(s, res, sizeof res);
        T_EXPECT_STR(res, cases[i].result);
        eng_state_free(s);
        eng_game_free(g);
    }
}

/* At the turn limit two of three forces tie for the most strength: they
 * share the win, the third gets nothing. */
static void test_partial_tie_at_the_turn_limit(void **unused)
{
    (void)unused;
    /* strength: Red 2, Blue 2, Green 1 */
    const char *forces[] = {"HI@a1", "HI@c3", "HI@a3~", NULL};
    eng_game *g = pw_game_n("ooo/ooo/ooo", forces, ",\"victory\":{\"turn_limit\":1}", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"end", "end", "end", NULL});
    assert_true(eng_is_terminal(s));
    double ret[3];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5 && ret[2] == 0.0);
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red and Blue share the win");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_heuristic(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_true(eng_heuristic(s, 0) == 0.5);
    t_play_list(s, (const char *const[]){"H", "T", "damage 2/HI1", NULL});
    double h0 = eng_heuristic(s, 0), h1 = eng_heuristic(s, 1);
    assert_true(h0 > 0.5 && h0 <= 1.0 && h1 < 0.5 && h1 >= 0.0);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_phase_order_first_player_first),
        cmocka_unit_test(test_alliances_need_both),
        cmocka_unit_test(test_alliances_skip_a_force_with_no_units),
        cmocka_unit_test(test_allies_share_the_win),
        cmocka_unit_test(test_none_left_is_a_draw),
        cmocka_unit_test(test_score_rule),
        cmocka_unit_test(test_score_rule_with_an_ally_on_the_card),
        cmocka_unit_test(test_rally_rule),
        cmocka_unit_test(test_reinforce_rule),
        cmocka_unit_test(test_reinforcements_over_several_places),
        cmocka_unit_test(test_exit_rule),
        cmocka_unit_test(test_turn_limit_by_strength),
        cmocka_unit_test(test_turn_limit_by_points),
        cmocka_unit_test(test_points_to_win),
        cmocka_unit_test(test_points_to_win_reached_by_several),
        cmocka_unit_test(test_partial_tie_at_the_turn_limit),
        cmocka_unit_test(test_heuristic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
