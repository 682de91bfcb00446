/*
 * test_explain_ptw.c - The Portable Wargame's dice explained, checked
 * against outcomes worked by hand from the rules text with forced dice:
 * the landing roll (each modifier by name, the total, where the shell
 * lands, who it hits), a hit by quality, small-arms fire, close combat
 * (front-on and flank scores), initiative, and the referee's prompts.
 */
#include "test_ptw_util.h"

static char out[1024];

/* The explanation of `notation` at the chance point s stands at. */
static const char *explained(const eng_state *s, const char *notation)
{
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, notation, &a, &err) != 0)
        fail_msg("cannot parse %s: %s", notation, err.msg);
    eng_explain_outcome(s, a, out, sizeof out);
    return out;
}

static const char *prompt(const eng_state *s)
{
    eng_explain_chance(s, out, sizeof out);
    return out;
}

/* Red's gun at a1 facing north lays on a4 (Blue infantry at a3, a4, a5). */
static eng_state *laid(eng_game **g, const char *map, const char *red, const char *blue)
{
    *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = eng_state_new(*g, 1);
    t_play(s, "bombard FLD1 a4");
    return s;
}

static void test_landing(void **unused)
{
    (void)unused;
    eng_game *g;
    const char *blue = "INF@a3 INF@a4 INF@a5";
    /* the hill at a2 hides a4: indirect, no modifier; 4 lands in front (a3) */
    eng_state *s = laid(&g, "o/h/o/o/o/o", "FLD@a1", blue);
    T_EXPECT_STR(prompt(s), "Landing die for 1/FLD1 firing at a4 (indirect fire): no modifiers. "
                            "After modifiers: 5 or more lands on a4, 2 or 4 one square in front "
                            "(a3), 1 or 3 one square behind (a5), below 1 totally ineffective");
    T_EXPECT_STR(explained(s, "landing 1/FLD1 4"),
                 "landing 1/FLD1 4: lands one square in front of a4, on a3: hits 2/INF1");
    T_EXPECT_STR(explained(s, "landing 1/FLD1 3"),
                 "landing 1/FLD1 3: lands one square behind a4, on a5: hits 2/INF3");
    T_EXPECT_STR(explained(s, "landing 1/FLD1 5"), "landing 1/FLD1 5: lands on the target, a4: "
                                                   "hits 2/INF2");
    t_play(s, "landing 1/FLD1 4");
    T_EXPECT_HAS(pt_status(s), "hit on 2/INF1");   /* as explained */
    eng_state_free(s);
    eng_game_free(g);

    /* in the open: direct sight, +2; 1 + 2 = 3 lands behind */
    s = laid(&g, "o/o/o/o/o/o", "FLD@a1", blue);
    T_EXPECT_STR(explained(s, "landing 1/FLD1 1"), "landing 1/FLD1 1, +2 direct sight = 3: lands "
                                                   "one square behind a4, on a5: hits 2/INF3");
    eng_state_free(s);
    eng_game_free(g);

    /* a target in woods: indirect and -1 cover; 1 - 1 = 0 is ineffective */
    s = laid(&g, "o/o/o/w/o/o", "FLD@a1", blue);
    T_EXPECT_STR(explained(s, "landing 1/FLD1 1"), "landing 1/FLD1 1, -1 target in cover = 0: "
                                                   "below 1, the fire is totally ineffective");
    T_EXPECT_HAS(prompt(s), "(indirect fire): -1 target in cover.");
    eng_state_free(s);
    eng_game_free(g);

    /* a commander next to the gun: +1; 4 + 1 = 5 on the target */
    s = laid(&g, "o o/h o/o o/o o/o o/o o", "FLD@a1 CMD@b1", blue);
    T_EXPECT_STR(explained(s, "landing 1/FLD1 4"), "landing 1/FLD1 4, +1 commander = 5: lands on "
                                                   "the target, a4: hits 2/INF2");
    t_play(s, "landing 1/FLD1 4");
    T_EXPECT_HAS(pt_status(s), "hit on 2/INF2");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_hits_by_quality(void **unused)
{
    (void)unused;
    eng_game *g;
    /* average destroyed on 1-3, elite on 1-2, poor on 1-4 */
    eng_state *s = laid(&g, "o/h/o/o/o/o", "FLD@a1", "INF@a4");
    t_play(s, "landing 1/FLD1 5");
    T_EXPECT_STR(prompt(s), "Hit die for 2/INF1, average: 1 to 3 destroys it; 4 to 6 it "
                            "survives and must retreat 1 square (or is destroyed)");
    T_EXPECT_STR(explained(s, "hit 2/INF1 1"), "hit 2/INF1 1, average (destroyed on 1-3): "
                                               "destroyed");
    T_EXPECT_STR(explained(s, "hit 2/INF1 4"), "hit 2/INF1 4, average (destroyed on 1-3): "
                                               "survives, and retreats 1 square or is destroyed");
    eng_state_free(s);
    eng_game_free(g);
    s = laid(&g, "o/h/o/o/o/o", "FLD@a1", "INF@a4!");
    t_play(s, "landing 1/FLD1 6");
    T_EXPECT_STR(explained(s, "hit 2/INF1 3"), "hit 2/INF1 3, elite (destroyed on 1-2): "
                                               "survives, and retreats 1 square or is destroyed");
    eng_state_free(s);
    eng_game_free(g);
    s = laid(&g, "o/h/o/o/o/o", "FLD@a1", "INF@a4?");
    t_play(s, "landing 1/FLD1 6");
    T_EXPECT_STR(explained(s, "hit 2/INF1 4"), "hit 2/INF1 4, poor (destroyed on 1-4): "
                                               "destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_initiative(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o/o/o", "INF@a1", "INF@a3>S", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    while (strstr(pt_status(s), "lay its guns"))
        t_play(s, "end");
    T_EXPECT_STR(prompt(s), "Initiative die for Red: the higher die is side A and acts first; "
                            "equal dice roll again");
    T_EXPECT_STR(explained(s, "initiative 1 4"), "initiative 1 4: Red rolls 4");
    t_play(s, "initiative 1 4");
    T_EXPECT_STR(explained(s, "initiative 2 4"),
                 "initiative 2 4: Blue rolls 4 against Red 4: equal, both roll again");
    T_EXPECT_STR(explained(s, "initiative 2 2"),
                 "initiative 2 2: Blue rolls 2 against Red 4: Red is side A and acts first");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_small_arms(void **unused)
{
    (void)unused;
    /* a 5 or more after modifiers hits; +1 for a firer that has not moved */
    eng_game *g = pt_game("o/o/o/o", "INF@a1", "INF@a3>S", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "fire INF1 a3");
    T_EXPECT_STR(prompt(s), "Fire die 1 of 1 for 1/INF1 at a3: +1 not moved; 5 or more after "
                            "modifiers is a hit on every enemy unit there");
    T_EXPECT_STR(explained(s, "shot 1/INF1 4"),
                 "shot 1/INF1 4, +1 not moved = 5, needing 5: a hit; 1 hit on the enemy at a3");
    T_EXPECT_STR(explained(s, "shot 1/INF1 3"),
                 "shot 1/INF1 3, +1 not moved = 4, needing 5: a miss; 0 hits on the enemy at a3");
    t_play(s, "shot 1/INF1 4");
    T_EXPECT_HAS(pt_status(s), "hit on 2/INF1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_close_combat(void **unused)
{
    (void)unused;
    /* 1800s: infantry front-on needs 3+ not to be hit, flank or rear on 5+ */
    eng_game *g = pt_game("o/o/o", "INF@a1", "INF@a2>E", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 a2");
    T_EXPECT_STR(prompt(s), "Close-combat die for 1/INF1, the attacker, against 2/INF1: no "
                            "modifiers; it needs 3 or more after modifiers not to be hit "
                            "(front-on)");
    T_EXPECT_STR(explained(s, "combat 1/INF1 2"), "combat 1/INF1 2 (attacker), needing 3+ "
                                                  "front-on not to be hit: hit");
    t_play(s, "combat 1/INF1 3");
    /* Blue faces east: Red is on its flank */
    T_EXPECT_STR(explained(s, "combat 2/INF1 4"), "combat 2/INF1 4 (defender), needing 5+ flank "
                                                  "or rear on not to be hit: hit");
    T_EXPECT_STR(explained(s, "combat 2/INF1 5"), "combat 2/INF1 5 (defender), needing 5+ flank "
                                                  "or rear on not to be hit: not hit");
    t_play(s, "combat 2/INF1 4");
    T_EXPECT_HAS(pt_status(s), "hit on 2/INF1");   /* the defender is hit, the attacker not */
    eng_state_free(s);
    eng_game_free(g);

    /* 2014: 3+ hits; the defender attacked in the flank takes 1 off; the lower retreats */
    g = pt_game("o/o/o", "INF@a1", "INF@a2>E", NULL, "{\"close-combat\":\"2014\"}");
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 a2");
    T_EXPECT_STR(explained(s, "combat 1/INF1 4"), "combat 1/INF1 4 (attacker), needing 3+ to "
                                                  "hit: hits 2/INF1");
    t_play(s, "combat 1/INF1 4");
    T_EXPECT_STR(explained(s, "combat 2/INF1 4"),
                 "combat 2/INF1 4, -1 attacked in flank or rear = 3 (defender), needing 3+ to "
                 "hit: hits 1/INF1; 4 against 3: 2/INF1, the lower, retreats 1 square or loses "
                 "another strength point");
    T_EXPECT_STR(explained(s, "combat 2/INF1 5"),
                 "combat 2/INF1 5, -1 attacked in flank or rear = 4 (defender), needing 3+ to "
                 "hit: hits 1/INF1; 4 against 4, equal: another round unless one is destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

/* Outside a chance point, or for an outcome not of this die, the plain
 * notation. */
static void test_fallback(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = laid(&g, "o/h/o/o/o/o", "FLD@a1", "INF@a4");
    T_EXPECT_STR(explained(s, "initiative 1 3"), "initiative 1 3");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_landing),       cmocka_unit_test(test_hits_by_quality),
        cmocka_unit_test(test_initiative),    cmocka_unit_test(test_small_arms),
        cmocka_unit_test(test_close_combat),  cmocka_unit_test(test_fallback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
