/*
 * test_ptw_readings.c - The Portable Wargame: where the text speaks, the
 * default follows it, and the project's older reading is an option.
 * Each rule twice, from a position with forced dice: the default as the
 * text writes it, then the option.
 *
 *   advance                 either winner advances (a defender into the
 *                           square the attacker left); `attacker`: only the
 *                           attacker. Both close-combat rule sets.
 *   commander-close-combat  a commander's +1 only from next door;
 *                           `in-or-adjacent`: from the unit's square too.
 *   stacking                transports and commanders share squares freely;
 *                           `one-each`: one of each a square.
 *   exhaustion              exhausted the moment the loss happens;
 *                           `end-of-turn`: at the end-of-turn check.
 *   woods-range             1 square when firer and target are both in a
 *                           wood; `from`: whenever the firer is in one.
 */
#include "test_ptw_util.h"

#define MAP "o o o/o o o/o o o"
#define OPT_2014 "{\"close-combat\": \"2014\"}"

/* Red's INF1 at b1 attacks Blue's INF1 at b2 and is beaten back to a1. */
static eng_state *attacker_beaten(eng_game *g, bool cc2014)
{
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "combat 1/INF1 1");
    t_play(s, "combat 2/INF1 6");
    if (!cc2014)
        t_play(s, "hit 1/INF1 6");   /* survives the hit, and must retreat */
    t_play(s, "retreat INF1 a1");
    return s;
}

static void test_defender_advances(void **unused)
{
    (void)unused;
    const char *opts[] = {NULL, OPT_2014};
    for (int k = 0; k < 2; k++) {
        eng_game *g = pt_game(MAP, "INF@b1", "INF@b2>S", NULL, opts[k]);
        eng_state *s = attacker_beaten(g, k == 1);
        T_EXPECT_STR(pt_loc(s, "1/INF1"), "a1");
        T_EXPECT_STR(pt_status(s), "Turn 1, close combat, INF1 won: Blue advances into b1 or "
                                   "stays");
        assert_int_equal(eng_current_player(s), 1);
        T_EXPECT_STR(pt_legal(s), "advance INF1; stay INF1");
        t_play(s, "advance INF1");
        T_EXPECT_STR(pt_loc(s, "2/INF1"), "b1");
        /* next to the beaten attacker: it faces it (rule h), and fights no more */
        T_EXPECT_STR(pt_facing(s, "2/INF1"), "W");
        T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
        eng_state_free(s);
        eng_game_free(g);
    }
}

/* A position at a defender's advance, written without the acting part:
 * Blue decides, in Red's part of the turn. */
static void test_defender_advance_position(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2>S", NULL, NULL);
    eng_state *s = attacker_beaten(g, false);
    json_t *pos = eng_state_json(s, ENG_VIEW_ALL);
    json_object_del(json_object_get(pos, "internal"), "part");
    eng_error err;
    eng_state *t = eng_state_from_json(g, pos, 1, &err);
    if (!t)
        fail_msg("position refused: %s", err.msg);
    T_EXPECT_STR(pt_status(t), "Turn 1, close combat, INF1 won: Blue advances into b1 or stays");
    t_play(t, "advance INF1");
    T_EXPECT_STR(pt_loc(t, "2/INF1"), "b1");
    T_EXPECT_STR(pt_status(t), "Turn 1, side B, Blue to act");
    json_decref(pos);
    eng_state_free(t);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_defender_stays_with_advance_attacker(void **unused)
{
    (void)unused;
    const char *opts[] = {"{\"advance\": \"attacker\"}",
                          "{\"advance\": \"attacker\", \"close-combat\": \"2014\"}"};
    for (int k = 0; k < 2; k++) {
        eng_game *g = pt_game(MAP, "INF@b1", "INF@b2>S", NULL, opts[k]);
        eng_state *s = attacker_beaten(g, k == 1);
        T_EXPECT_STR(pt_loc(s, "2/INF1"), "b2");
        T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
        eng_state_free(s);
        eng_game_free(g);
    }
}

/* Red's INF1 at b1 attacks b2 held by `def`; rolls ra then rd; the first
 * unit hit ("-" if none). */
static const char *fight(const char *def, const char *options, int ra, int rd)
{
    static char out[32];
    eng_game *g = pt_game(MAP, "INF@b1", def, NULL, options);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    char act[16];
    snprintf(act, sizeof act, "%d", ra);
    t_play(s, act);
    snprintf(act, sizeof act, "%d", rd);
    t_play(s, act);
    const char *p = strstr(pt_status(s), "hit on ");
    snprintf(out, sizeof out, "%s", p ? p + 7 : "-");
    char *comma = strchr(out, ',');
    if (comma)
        *comma = '\0';
    eng_state_free(s);
    eng_game_free(g);
    return out;
}

static void test_commander_next_door_only(void **unused)
{
    (void)unused;
    /* the defender needs 3 front-on: a 2 is a hit unless a commander helps */
    T_EXPECT_STR(fight("INF@b2 CMD@c2", NULL, 6, 2), "-");
    T_EXPECT_STR(fight("INF@b2 CMD@b2", NULL, 6, 2), "2/INF1");
    T_EXPECT_STR(fight("INF@b2 CMD@b2", "{\"commander-close-combat\": \"in-or-adjacent\"}", 6,
                       2), "-");
}

static void test_commander_2014(void **unused)
{
    (void)unused;
    /* 2014: the defender's 2 hits the attacker only with a commander's +1 */
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2>S CMD@b2", NULL, OPT_2014);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "1");
    t_play(s, "2");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "4");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game(MAP, "INF@b1", "INF@b2>S CMD@b2", NULL,
                "{\"close-combat\": \"2014\", \"commander-close-combat\": \"in-or-adjacent\"}");
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "1");
    t_play(s, "2");
    T_EXPECT_STR(pt_field(s, "1/INF1", "strength"), "3");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_commanders_and_transports_share(void **unused)
{
    (void)unused;
    const char *o = "o o o o o/o o o o o/o o o o o/o o o o o/o o o o o";
    eng_game *g = pt_game(o, "CMD@a1 CMD@b1 TRN@c1 TRN@d1 INF@e1 INF@e2", "INF@e5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "move CMD1 b1");
    t_play(s, "done");
    t_play(s, "move TRN2 c1");
    t_play(s, "done");
    T_EXPECT_STR(pt_loc(s, "1/CMD1"), "b1");
    T_EXPECT_STR(pt_loc(s, "1/TRN2"), "c1");
    /* a fighting unit still stands alone among fighting units */
    t_refused(s, "move INF1 e2", "e2 holds a friendly unit");
    eng_state_free(s);
    eng_game_free(g);
    /* a scenario may start them together */
    assert_null(pt_refusal(o, "CMD@a1 CMD@a1 TRN@b1 TRN@b1", "INF@e5", NULL, NULL));
}

static void test_stacking_one_each(void **unused)
{
    (void)unused;
    const char *o = "o o o o o/o o o o o/o o o o o/o o o o o/o o o o o";
    const char *opt = "{\"stacking\": \"one-each\"}";
    eng_game *g = pt_game(o, "CMD@a1 CMD@b1 TRN@c1 TRN@d1 INF@e1", "INF@e5", NULL, opt);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    /* a commander may pass through another's square, not stop there */
    t_play(s, "move CMD1 b1");
    t_refused(s, "done", "CMD1 is passing through b1");
    t_play(s, "move CMD1 b2");
    t_play(s, "done");
    t_refused(s, "move TRN2 c1", "c1 holds a friendly unit of the same kind");
    eng_state_free(s);
    eng_game_free(g);
    T_EXPECT_HAS(pt_refusal(o, "CMD@a1 CMD@a1", "INF@e5", NULL, opt),
                 "a1 already holds a commander of its side");
}

/* Blue's gun destroys one of Red's three units in the artillery phase:
 * Red's exhaustion point is 1. */
static eng_state *red_loses_one(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 c1");
    t_play(s, "landing 2/FLD1 3");
    t_play(s, "hit 1/INF2 1");
    pt_to_side_a(s);
    return s;
}

static void test_exhausted_at_once(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o o/o o o o/o o o o/o o o o", "INF@a1 INF@c1 INF@d1",
                          "FLD@c4 INF@a2>E", NULL, NULL);
    eng_state *s = red_loses_one(g);
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted"), "true");
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted_turn"), "1");
    t_refused(s, "assault INF1 a2", "Red has reached its exhaustion point: it takes no "
                                    "aggressive action");
    /* nor a step toward the enemy */
    t_refused(s, "move INF3 d2", "exhaustion");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_exhaustion_end_of_turn(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o o/o o o o/o o o o/o o o o", "INF@a1 INF@c1 INF@d1",
                          "FLD@c4 INF@a2>E", NULL, "{\"exhaustion\": \"end-of-turn\"}");
    eng_state *s = red_loses_one(g);
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted"), "false");
    t_play(s, "assault INF1 a2");
    T_EXPECT_HAS(pt_status(s), "close combat");
    eng_state_free(s);
    eng_game_free(g);
}

/* Red's INF1 at a wood's edge (b2, the square in front of it open) fires at
 * an enemy 2 squares off in the open. */
static void test_woods_range(void **unused)
{
    (void)unused;
    const char *map = "o o o/o w o/o o o/o o o";
    eng_game *g = pt_game(map, "INF@b2", "INF@b4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    T_EXPECT_HAS(pt_legal(s), "fire INF1 b4");
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game(map, "INF@b2", "INF@b4", NULL, "{\"woods-range\": \"from\"}");
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_refused(s, "fire INF1 b4", "reaches 1 square only");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defender_advances),
        cmocka_unit_test(test_defender_advance_position),
        cmocka_unit_test(test_defender_stays_with_advance_attacker),
        cmocka_unit_test(test_commander_next_door_only),
        cmocka_unit_test(test_commander_2014),
        cmocka_unit_test(test_commanders_and_transports_share),
        cmocka_unit_test(test_stacking_one_each),
        cmocka_unit_test(test_exhausted_at_once),
        cmocka_unit_test(test_exhaustion_end_of_turn),
        cmocka_unit_test(test_woods_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
