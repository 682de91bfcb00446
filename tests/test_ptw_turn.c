/*
 * test_ptw_turn.c - The Portable Wargame: the turn and the end of the
 * battle. Initiative (the higher die is side A; equal dice roll again);
 * the exhaustion point (a third of a side's units, rounded up); the battle
 * ending when both sides are exhausted, a side has no unit left, or at the
 * turn limit; the winner by later exhaustion (then the smaller share lost)
 * or by objectives held; returns, result text, why the battle ended in
 * one line, and the heuristic; the buttons' words for end and done;
 * notation parse errors; the JSON view and the drawing.
 */
#include <math.h>
#include "test_ptw_util.h"
#include "ai.h"

#define MAP6 "o o o/o o o/o o o/o o o/o o o/o o o"

static eng_state *start(eng_game *g) { return eng_state_new(g, 1); }

/* Finishes a turn in which nobody acts after the guns: initiative to Red,
 * both sides end. */
static void quiet_rest_of_turn(eng_state *s)
{
    pt_to_side_a(s);
    while (strstr(pt_status(s), "side A") || strstr(pt_status(s), "side B"))
        t_play(s, "end");
}

static void test_initiative(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP6, "INF@b1", "INF@b6", NULL, NULL);
    eng_state *s = start(g);
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Red rolls");
    t_play(s, "initiative Red 2");
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Blue rolls");
    T_EXPECT_STR(pt_top(s, "sides", 0, "initiative_roll"), "2");
    t_play(s, "initiative Blue 2");
    T_EXPECT_STR(pt_status(s), "Turn 1, initiative, Red rolls");
    t_play(s, "3");
    t_play(s, "5");
    T_EXPECT_STR(pt_status(s), "Turn 1, side A, Blue to act");
    T_EXPECT_STR(t_words(s, "end"), "End the activation phase");
    T_EXPECT_STR(t_ending(s), "*");   /* not over */
    T_EXPECT_STR(pt_top(s, "side_a", -1, NULL), "2");
    t_play(s, "end");
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_exhaustion_points(void **unused)
{
    (void)unused;
    const struct { const char *scen; int red, blue; } want[] = {
        {"meeting", 3, 3}, {"river-crossing", 4, 2}, {"trench-assault", 4, 3},
    };
    for (int i = 0; i < 3; i++) {
        eng_game *g = t_game_named("portable-wargame", want[i].scen, NULL);
        eng_state *s = start(g);
        char r[8], b[8];
        snprintf(r, sizeof r, "%d", want[i].red);
        snprintf(b, sizeof b, "%d", want[i].blue);
        T_EXPECT_STR(pt_top(s, "sides", 0, "exhaustion_point"), r);
        T_EXPECT_STR(pt_top(s, "sides", 1, "exhaustion_point"), b);
        eng_state_free(s);
        eng_game_free(g);
    }
    eng_game *g = pt_game(MAP6, "INF@b1", "INF@b6", NULL, NULL);
    eng_state *s = start(g);
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhaustion_point"), "1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_later_exhaustion_wins(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP6, "FLD@a1 INF@b1 INF@c1", "FLD@a6 INF@b6 INF@c6", NULL, NULL);
    eng_state *s = start(g);
    t_play(s, "bombard FLD1 b6");
    t_play(s, "end");
    t_play(s, "landing 1/FLD1 3");
    t_play(s, "hit 2/INF1 1");
    quiet_rest_of_turn(s);
    T_EXPECT_STR(pt_top(s, "sides", 1, "exhausted_turn"), "1");
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted"), "false");
    /* turn 2: Red loses one too */
    t_play(s, "end");
    t_play(s, "bombard FLD1 b1");
    t_play(s, "landing 2/FLD1 3");
    t_play(s, "hit 1/INF1 1");
    quiet_rest_of_turn(s);
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pt_status(s), "Game over after turn 2: Red wins");
    T_EXPECT_STR(t_ending(s), "Red wins: both sides exhausted, Red on turn 2 and Blue on turn 1; "
                            "Red reached exhaustion later");
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 1.0 && ret[1] == 0.0);
    assert_true(eng_heuristic(s, 0) == 1.0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_same_turn_exhaustion(void **unused)
{
    (void)unused;
    /* both lose a third: a draw */
    eng_game *g = pt_game(MAP6, "FLD@a1 INF@b1 INF@c1", "FLD@a6 INF@b6 INF@c6", NULL, NULL);
    eng_state *s = start(g);
    t_play(s, "bombard FLD1 b6");
    t_play(s, "bombard FLD1 b1");
    t_play(s, "3");
    t_play(s, "3");
    t_play(s, "hit 1/INF1 1");
    t_play(s, "hit 2/INF1 1");
    quiet_rest_of_turn(s);
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "draw");
    T_EXPECT_STR(t_ending(s), "draw: both sides exhausted, Red on turn 1 and Blue on turn 1; equal "
                            "shares of units lost (Red 1 of 3 units lost, Blue 1 of 3)");
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
    eng_state_free(s);
    eng_game_free(g);
    /* Red loses half its units, Blue a third: Blue wins */
    g = pt_game(MAP6, "FLD@a1 INF@b1 CMD@b1 INF@c1", "FLD@a6 INF@b6 INF@c6", NULL, NULL);
    s = start(g);
    t_play(s, "bombard FLD1 b6");
    t_play(s, "bombard FLD1 b1");
    t_play(s, "3");
    t_play(s, "3");
    t_play(s, "hit 1/INF1 1");
    t_play(s, "hit 1/CMD1 1");
    t_play(s, "hit 2/INF1 1");
    quiet_rest_of_turn(s);
    T_EXPECT_STR(pt_status(s), "Game over after turn 1: Blue wins");
    T_EXPECT_STR(t_ending(s), "Blue wins: both sides exhausted, Red on turn 1 and Blue on turn 1; "
                            "the smaller share of units lost wins (Red 2 of 4 units lost, Blue 1 "
                            "of 3)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_turn_limit(void **unused)
{
    (void)unused;
    const char *limit = ",\"victory\":{\"rule\":\"later-exhaustion\",\"turn_limit\":1}";
    /* nobody exhausted, nobody lost: a draw */
    eng_game *g = pt_game(MAP6, "INF@b1", "INF@b6", limit, NULL);
    eng_state *s = start(g);
    quiet_rest_of_turn(s);
    T_EXPECT_STR(pt_status(s), "Game over after turn 1: draw");
    T_EXPECT_STR(t_ending(s), "draw: the turn limit (turn 1) was reached; equal shares of units "
                            "lost (Red 0 of 1 units lost, Blue 0 of 1)");
    eng_state_free(s);
    eng_game_free(g);
    /* one side exhausted, the other not */
    g = pt_game(MAP6, "FLD@a1 INF@b1 INF@c1", "INF@b6 INF@c6 INF@a6", limit, NULL);
    s = start(g);
    t_play(s, "bombard FLD1 b6");
    t_play(s, "3");
    t_play(s, "hit 2/INF1 1");
    quiet_rest_of_turn(s);
    T_EXPECT_STR(pt_status(s), "Game over after turn 1: Red wins");
    T_EXPECT_STR(t_ending(s), "Red wins: the turn limit (turn 1) was reached; Blue was exhausted "
                            "(turn 1), Red not");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_objectives(void **unused)
{
    (void)unused;
    const char *obj = ",\"victory\":{\"rule\":\"objective\",\"turn_limit\":1,"
                      "\"objectives\":[{\"at\":\"b3\",\"holder\":2},\"a1\"]}";
    eng_game *g = pt_game("o o o/o o o/o o o/o o o", "INF@b2", "INF@c4 INF@a4", obj, NULL);
    eng_state *s = start(g);
    T_EXPECT_STR(pt_top(s, "victory", -1, "rule"), "objective");
    pt_to_side_a(s);
    T_EXPECT_STR(t_words(s, "move INF1 b3"), "move INF1 b3");   /* pointed at: the notation */
    t_play(s, "move INF1 b3");
    T_EXPECT_STR(t_words(s, "done"), "Unit done");
    t_play(s, "done");
    t_play(s, "end");
    /* b3 is Red's now; a1 was nobody's and nobody stands there */
    assert_true(eng_is_terminal(s));
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *objs = json_object_get(json_object_get(j, "victory"), "objectives");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(objs, 0), "holder")), 1);
    assert_true(json_is_null(json_object_get(json_array_get(objs, 1), "holder")));
    json_decref(j);
    T_EXPECT_STR(pt_status(s), "Game over after turn 1: Red wins");
    T_EXPECT_STR(t_ending(s), "Red wins: the turn limit (turn 1) was reached; Red holds more "
                            "objectives (1 to 0)");
    eng_state_free(s);
    eng_game_free(g);
    /* Blue keeps b3: Blue wins */
    g = pt_game("o o o/o o o/o o o/o o o", "INF@b2", "INF@c4 INF@a4", obj, NULL);
    s = start(g);
    quiet_rest_of_turn(s);
    T_EXPECT_STR(pt_status(s), "Game over after turn 1: Blue wins");
    T_EXPECT_STR(t_ending(s), "Blue wins: the turn limit (turn 1) was reached; Blue holds more "
                            "objectives (1 to 0)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_heuristic(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP6, "FLD@a1 INF@b1 INF@c1", "FLD@a6 INF@b6 INF@c6", NULL, NULL);
    eng_state *s = start(g);
    double h0 = eng_heuristic(s, 0), h1 = eng_heuristic(s, 1);
    assert_true(h0 > 0.49 && h0 < 0.51 && h1 > 0.49 && h1 < 0.51);
    t_play(s, "bombard FLD1 b6");
    t_play(s, "end");
    t_play(s, "3");
    t_play(s, "hit 2/INF1 1");
    h0 = eng_heuristic(s, 0);
    h1 = eng_heuristic(s, 1);
    assert_true(h0 > 0.6 && h0 <= 1.0);
    assert_true(h1 < 0.4 && h1 >= 0.0);
    eng_state_free(s);
    eng_game_free(g);
}

static void expect_near(double got, double want)
{
    if (fabs(got - want) > 1e-12)
        fail_msg("heuristic %.15f, expected %.15f", got, want);
}

/* Side 1's heuristic in a position set up from a map and two armies. */
static double heuristic_of(const char *map, const char *red, const char *blue)
{
    eng_game *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = start(g);
    double h = eng_heuristic(s, 0);
    assert_true(fabs(h + eng_heuristic(s, 1) - 1.0) < 1e-12);   /* the two sides agree */
    eng_state_free(s);
    eng_game_free(g);
    return h;
}

/* The heuristic's threat part: what each side's fire may be expected to
 * destroy as the units stand, by the rules' own chances, counted at half
 * the weight of material (h = 0.5 + 0.5 * (material + threat / 2)). An
 * average infantry unit is worth 4 and a hit destroys it on 1-3, so a hit
 * on it costs 2. */
static void test_heuristic_threat(void **unused)
{
    (void)unused;
    /* Red has Blue in its arc (5+ with +1 for standing still: 3 in 6);
     * Blue, facing east, would have to turn and loses the bonus (2 in 6):
     * (3/6 * 2 - 2/6 * 2) / 4 / 2 / 2 */
    double h = heuristic_of(MAP6, "INF@b2>N", "INF@b4>E");
    expect_near(h, 0.5 + 0.25 * (1.0 - 2.0 / 3) / 4);
    /* face to face: even */
    expect_near(heuristic_of(MAP6, "INF@b2>N", "INF@b4>S"), 0.5);
    /* Blue in a wood: Red's shot takes -1 (2 in 6), Blue's does not */
    h = heuristic_of("o o o/o o o/o o o/o w o/o o o/o o o", "INF@b2>N", "INF@b4>S");
    expect_near(h, 0.5 + 0.25 * (2.0 / 3 - 1.0) / 4);
    /* a gun with a direct line of sight lands on 3+ (+2), Blue's rifle is
     * out of range */
    h = heuristic_of(MAP6, "FLD@b1>N", "INF@b5>S");
    expect_near(h, 0.5 + 0.25 * (4.0 / 6 * 2) / 4);
    /* a wood between them makes it indirect fire: 5+ */
    h = heuristic_of("o o o/o o o/o w o/o o o/o o o/o o o", "FLD@b1>N", "INF@b5>S");
    expect_near(h, 0.5 + 0.25 * (2.0 / 6 * 2) / 4);
}

/* The playout hint: a quick simulated side fires before it walks, and
 * walks before it lays wire. */
static void test_playout_hint(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP6, "INF@b2>N", "INF@b4>E", NULL, NULL);
    eng_state *s = start(g);
    pt_to_side_a(s);
    eng_action acts[ENG_MAX_ACTIONS];
    double w[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    assert_true(ai_hints_playout_weights(s, acts, n, w));
    double fire = -1, move = -1, wire = -1;
    for (int i = 0; i < n; i++) {
        char text[64];
        eng_action_text(s, acts[i], text, sizeof text);
        if (strcmp(text, "fire INF1 b4") == 0)
            fire = w[i];
        else if (strcmp(text, "move INF1 a2") == 0)
            move = w[i];
        else if (strcmp(text, "wire INF1") == 0)
            wire = w[i];
    }
    assert_true(fire > move && move > wire && wire > 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_notation_errors(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP6, "FLD@a1 INF@b1", "INF@b6 INF@c6", NULL, NULL);
    eng_state *s = start(g);
    eng_action a;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "bombard FLD9 b6", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "Red has no unit FLD9");
    assert_int_equal(eng_action_parse(s, "bombard FLD01 b6", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "write unit numbers without leading zeros (like INF1), got \"FLD01\"");
    assert_int_equal(eng_action_parse(s, "bombard FLD b6", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a unit like INF1 or 2/INF1, got \"FLD\"");
    assert_int_equal(eng_action_parse(s, "bombard /FLD1 b6", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a unit like INF1 or 2/INF1, got \"/FLD1\"");
    assert_int_equal(eng_action_parse(s, "bombard 2/FLD123456789 b6", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "Blue has no unit FLD123456789");
    assert_int_equal(eng_action_parse(s, "face INF1 up", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected a facing N, E, S or W");
    assert_int_equal(eng_action_parse(s, "fly INF1", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected an action (bombard, move, face, fire");
    assert_int_equal(eng_action_parse(s, "move INF1", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "expected \"move INF1 c5\"");
    assert_int_equal(eng_action_parse(s, "fire Blue/INF1 b1", &a, &err), 0);
    t_refused(s, "fire Blue/INF1 b1", "units fire in their side's part of the turn");
    t_refused(s, "bombard 2/INF1 b1", "2/INF1 belongs to Blue; it is Red's decision");
    t_refused(s, "bombard INF1 b6", "INF1 is not artillery (infantry): only guns bombard");
    t_play(s, "bombard FLD1 b6");
    assert_int_equal(eng_action_parse(s, "roll 7", &a, &err), -1);
    T_EXPECT_HAS(err.msg, "a die shows 1 to 6");
    t_refused(s, "hit 2/INF1 4", "the next roll is \"landing 1/FLD1 N\"");
    t_refused(s, "landing 1/INF1 4", "the next roll is \"landing 1/FLD1 N\"");
    t_play(s, "landing 1/FLD1 3");
    t_refused(s, "landing 1/FLD1 4", "the next roll is \"hit 2/INF1 N\"");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_json_and_drawing(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o= w h/o o hw", "INF@a1! CAV@b1>E?", "INF@c2", NULL, NULL);
    eng_state *s = start(g);
    T_EXPECT_STR(pt_top(s, "rules", -1, NULL), "portable-wargame");
    T_EXPECT_STR(pt_top(s, "close_combat", -1, NULL), "1800s");
    T_EXPECT_STR(pt_top(s, "stage", -1, NULL), "initiative");
    T_EXPECT_STR(pt_top(s, "to_act", -1, NULL), "chance");
    T_EXPECT_STR(pt_field(s, "1/INF1", "quality"), "elite");
    T_EXPECT_STR(pt_field(s, "1/CAV1", "quality"), "poor");
    T_EXPECT_STR(pt_field(s, "1/CAV1", "facing"), "E");
    T_EXPECT_STR(pt_field(s, "1/INF1", "type_name"), "infantry");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "-");   /* only with close-combat 2014 */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, false, f);
    fclose(f);
    T_EXPECT_HAS(buf, "The Portable Wargame: t (close combat 1800s)");
    T_EXPECT_HAS(buf, "1INF1^e");
    T_EXPECT_HAS(buf, "1CAV1>p");
    T_EXPECT_HAS(buf, "2INF1va");
    T_EXPECT_HAS(buf, "wood");
    T_EXPECT_HAS(buf, "h-wood");
    T_EXPECT_HAS(buf, "hill");
    T_EXPECT_HAS(buf, "=");
    T_EXPECT_HAS(buf, "1 Red: 2 of 2 units left, 0 lost, exhaustion point 1");
    T_EXPECT_HAS(buf, "Turn 1, initiative, Red rolls");
    free(buf);
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o o/o o", "INF@a1", "INF@b2*2", NULL, "{\"close-combat\": \"2014\"}");
    s = start(g);
    f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, true, f);
    fclose(f);
    T_EXPECT_HAS(buf, "1INF1^a4");
    T_EXPECT_HAS(buf, "2INF1va2");
    T_EXPECT_HAS(buf, "\033[");
    free(buf);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initiative),
        cmocka_unit_test(test_exhaustion_points),
        cmocka_unit_test(test_later_exhaustion_wins),
        cmocka_unit_test(test_same_turn_exhaustion),
        cmocka_unit_test(test_turn_limit),
        cmocka_unit_test(test_objectives),
        cmocka_unit_test(test_heuristic),
        cmocka_unit_test(test_heuristic_threat),
        cmocka_unit_test(test_playout_hint),
        cmocka_unit_test(test_notation_errors),
        cmocka_unit_test(test_json_and_drawing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
