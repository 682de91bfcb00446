/*
 * test_ptw_cc1800.c - The Portable Wargame: close combat by the 19th-
 * century table. Each side rolls a die; a unit is not hit when its score
 * (after modifiers) reaches its row's figure: front-on to the enemy, or
 * flank or rear on. Every row, front and flank, for defenders and for
 * attackers; the modifiers (a commander next to it, cover or
 * fortifications, attacking uphill, a wood, a river, crossing a trench);
 * who may attack; the winner advancing and fighting again; a transport's
 * towed gun hit with it; an exhausted side not attacking.
 *
 * Red's attacker stands at b1 facing north, the defender at b2.
 */
#include "test_ptw_util.h"

#define MAP "o o o/o o o/o o o"

static const char *hit_on(const eng_state *s)
{
    static char buf[32];
    const char *p = strstr(pt_status(s), "hit on ");
    if (!p)
        return "-";
    snprintf(buf, sizeof buf, "%s", p + 7);
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = '\0';
    return buf;
}

/* Red's `att` (a unit spec) attacks b2 held by `def`; rolls ra then rd;
 * returns the first unit hit ("-" if none). */
static const char *fight(const char *map, const char *att, const char *def, const char *options,
                         int ra, int rd)
{
    static char out[32];
    eng_game *g = pt_game(map, att, def, NULL, options);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    char code[16], act[48];
    int k = 0;
    while (att[k] && att[k] != '@' && k < 15) {
        code[k] = att[k];
        k++;
    }
    code[k] = '\0';
    snprintf(act, sizeof act, "assault %s1 b2", code);
    t_play(s, act);
    snprintf(act, sizeof act, "%d", ra);
    t_play(s, act);
    snprintf(act, sizeof act, "%d", rd);
    t_play(s, act);
    snprintf(out, sizeof out, "%s", hit_on(s));
    eng_state_free(s);
    eng_game_free(g);
    return out;
}

static const struct { const char *code; int front, flank; } rows[] = {
    {"INF", 3, 5}, {"DCAV", 3, 5}, {"CAV", 2, 4}, {"MG", 3, 5}, {"HVY", 4, 5},
    {"MED", 4, 5}, {"FLD", 4, 5}, {"MTN", 4, 5}, {"TRN", 5, 6}, {"CMD", 3, 3},
};

static void test_defender_rows_front_and_flank(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char def[32], who[32];
        snprintf(who, sizeof who, "2/%s1", rows[i].code);
        /* front-on: it faces south, towards the attacker */
        snprintf(def, sizeof def, "%s@b2", rows[i].code);
        T_EXPECT_STR(fight(MAP, "INF@b1", def, NULL, 6, rows[i].front - 1), who);
        T_EXPECT_STR(fight(MAP, "INF@b1", def, NULL, 6, rows[i].front), "-");
        /* flank-on: it faces east; rear-on: north */
        snprintf(def, sizeof def, "%s@b2>E", rows[i].code);
        T_EXPECT_STR(fight(MAP, "INF@b1", def, NULL, 6, rows[i].flank - 1), who);
        if (rows[i].flank <= 6)
            T_EXPECT_STR(fight(MAP, "INF@b1", def, NULL, 6, rows[i].flank), "-");
        snprintf(def, sizeof def, "%s@b2>N", rows[i].code);
        T_EXPECT_STR(fight(MAP, "INF@b1", def, NULL, 6, rows[i].flank - 1), who);
    }
}

static void test_attacker_rows_front_and_flank(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *c = rows[i].code;
        if (!strcmp(c, "HVY") || !strcmp(c, "MED") || !strcmp(c, "FLD") || !strcmp(c, "MTN") ||
            !strcmp(c, "TRN"))
            continue;   /* artillery and transport only defend: below */
        char att[32], who[32];
        snprintf(who, sizeof who, "1/%s1", c);
        snprintf(att, sizeof att, "%s@b1", c);
        T_EXPECT_STR(fight(MAP, att, "INF@b2", NULL, rows[i].front - 1, 6), who);
        T_EXPECT_STR(fight(MAP, att, "INF@b2", NULL, rows[i].front, 6), "-");
        snprintf(att, sizeof att, "%s@b1>E", c);
        T_EXPECT_STR(fight(MAP, att, "INF@b2", NULL, rows[i].flank - 1, 6), who);
        T_EXPECT_STR(fight(MAP, att, "INF@b2", NULL, rows[i].flank, 6), "-");
    }
}

static void test_artillery_and_transport_only_defend(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "FLD@b1 TRN@a1 INF@c1", "INF@b2 INF@a2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "end");
    pt_to_side_a(s);
    t_refused(s, "assault FLD1 b2", "FLD1 (field artillery) does not start close combats: "
                                    "artillery and transport only defend");
    t_refused(s, "assault TRN1 a2", "does not start close combats");
    t_refused(s, "assault INF1 b2", "b2 is not orthogonally adjacent to INF1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_modifiers(void **unused)
{
    (void)unused;
    /* a commander next to the defender: +1 (in its square only with option
     * commander-close-combat in-or-adjacent; test_ptw_readings.c) */
    T_EXPECT_STR(fight(MAP, "INF@b1", "INF@b2", NULL, 6, 2), "2/INF1");
    T_EXPECT_STR(fight(MAP, "INF@b1", "INF@b2 CMD@c2", NULL, 6, 2), "-");
    T_EXPECT_STR(fight(MAP, "INF@b1", "INF@b2 CMD@b2", NULL, 6, 2), "2/INF1");
    T_EXPECT_STR(fight(MAP, "INF@b1", "INF@b2 CMD@b2",
                       "{\"commander-close-combat\": \"in-or-adjacent\"}", 6, 2), "-");
    T_EXPECT_STR(fight(MAP, "INF@b1", "INF@b2 CMD@c3", NULL, 6, 2), "2/INF1");
    /* and next to the attacker */
    T_EXPECT_STR(fight(MAP, "INF@b1 CMD@a1", "INF@b2", NULL, 2, 6), "-");
    /* cover or fortifications: +1 */
    T_EXPECT_STR(fight("o o o/o w o/o o o", "INF@b1", "INF@b2", NULL, 6, 2), "-");
    T_EXPECT_STR(fight("o o o/o b o/o o o", "INF@b1", "INF@b2", NULL, 6, 2), "-");
    T_EXPECT_STR(fight("o o o/o f o/o o o", "INF@b1", "INF@b2", NULL, 6, 2), "-");
    T_EXPECT_STR(fight("o o o/o f o/o o o", "INF@b1", "INF@b2", NULL, 6, 1), "2/INF1");
    /* woods: +1 (the cover bonus), or +2 with woods-close-combat plus-2 */
    T_EXPECT_STR(fight("o o o/o w o/o o o", "INF@b1", "INF@b2", NULL, 6, 1), "2/INF1");
    T_EXPECT_STR(fight("o o o/o w o/o o o", "INF@b1", "INF@b2",
                        "{\"woods-close-combat\": \"plus-2\"}", 6, 1), "-");
    /* attacking uphill: -1 to the attacker; from a hill of its own, none */
    T_EXPECT_STR(fight("o o o/o h o/o o o", "INF@b1", "INF@b2", NULL, 3, 6), "1/INF1");
    T_EXPECT_STR(fight("o h o/o h o/o o o", "INF@b1", "INF@b2", NULL, 3, 6), "-");
    /* the defender on the hill has no bonus of its own */
    T_EXPECT_STR(fight("o o o/o h o/o o o", "INF@b1", "INF@b2", NULL, 6, 2), "2/INF1");
    /* in a river (at a ford): -1 */
    T_EXPECT_STR(fight("o o o/r d r/o o o", "INF@b1", "INF@b2", NULL, 6, 3), "2/INF1");
    T_EXPECT_STR(fight("o o o/r d r/o o o", "INF@b1", "INF@b2", NULL, 6, 4), "-");
}

static void test_crossing_a_trench(void **unused)
{
    (void)unused;
    /* holding a trench: +1 for the fortification */
    eng_game *g = pt_game("o/t/o", "INF@a2", "INF@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 a3");
    t_play(s, "2");
    t_play(s, "6");
    T_EXPECT_STR(hit_on(s), "-");
    eng_state_free(s);
    eng_game_free(g);
    /* just entered it: crossing, -1 (with the +1, no better than the open) */
    g = pt_game("o/t/o", "INF@a1", "INF@a3", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "move INF1 a2");
    T_EXPECT_STR(pt_facing(s, "1/INF1"), "N");
    t_play(s, "assault INF1 a3");
    t_play(s, "2");
    t_play(s, "6");
    T_EXPECT_STR(hit_on(s), "1/INF1");
    eng_state_free(s);
    eng_game_free(g);
}

/* Option trench-crossing: a unit crossing a trench (it entered it this
 * turn) that attacks with a 3 needs 3 (infantry, front-on). fortified
 * (default): 3 + 1 fortification - 1 crossing = 3, not hit; exposed:
 * 3 - 1 = 2, hit. Holding the trench, both readings give the +1 alone. */
static void test_trench_crossing_option(void **unused)
{
    (void)unused;
    static const char *const opts[] = {NULL, "{\"trench-crossing\":\"fortified\"}",
                                       "{\"trench-crossing\":\"exposed\"}"};
    static const char *const want[] = {"-", "-", "1/INF1"};
    for (int k = 0; k < 3; k++) {
        eng_game *g = pt_game("o/t/o", "INF@a1", "INF@a3", NULL, opts[k]);
        eng_state *s = eng_state_new(g, 1);
        pt_to_side_a(s);
        t_play(s, "move INF1 a2");
        T_EXPECT_STR(pt_field(s, "1/INF1", "crossing_trench"), "true");
        t_play(s, "assault INF1 a3");
        t_play(s, "3");
        t_play(s, "6");
        T_EXPECT_STR(hit_on(s), want[k]);
        eng_state_free(s);
        eng_game_free(g);
        /* holding it (there from the start): 2 + 1 = 3, not hit, either way */
        g = pt_game("o/t/o", "INF@a2", "INF@a3", NULL, opts[k]);
        s = eng_state_new(g, 1);
        pt_to_side_a(s);
        t_play(s, "assault INF1 a3");
        t_play(s, "2");
        t_play(s, "6");
        T_EXPECT_STR(hit_on(s), "-");
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_winner_advances_and_fights_again(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2 INF@b3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "combat 1/INF1 6");
    t_play(s, "combat 2/INF1 1");
    t_play(s, "hit 2/INF1 1");
    T_EXPECT_STR(pt_field(s, "2/INF1", "status"), "destroyed");
    T_EXPECT_STR(pt_status(s), "Turn 1, close combat, INF1 won: Red advances into b2 or stays");
    T_EXPECT_STR(pt_legal(s), "advance INF1; stay INF1");
    t_play(s, "advance INF1");
    T_EXPECT_STR(pt_loc(s, "1/INF1"), "b2");
    T_EXPECT_STR(pt_facing(s, "1/INF1"), "N");
    /* next to 2/INF2 now: it may fight again, and nothing else */
    T_EXPECT_STR(pt_legal(s), "assault INF1 b3; done");
    t_play(s, "assault INF1 b3");
    t_play(s, "6");
    t_play(s, "6");
    /* nobody hit; INF1 has nothing left to do, nor has Red */
    T_EXPECT_STR(pt_status(s), "Turn 1, side B, Blue to act");
    eng_state_free(s);
    eng_game_free(g);
    /* a defender that retreats leaves its square to the winner too */
    g = pt_game(MAP, "CAV@b1", "INF@b2", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault CAV1 b2");
    t_play(s, "6");
    t_play(s, "1");
    t_play(s, "hit 2/INF1 6");
    t_play(s, "retreat INF1 b3");
    t_play(s, "advance CAV1");
    T_EXPECT_STR(pt_loc(s, "1/CAV1"), "b2");
    eng_state_free(s);
    eng_game_free(g);
    /* machine guns and commanders do not advance */
    g = pt_game(MAP, "MG@b1", "INF@b2", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault MG1 b2");
    t_play(s, "6");
    t_play(s, "1");
    t_play(s, "hit 2/INF1 1");
    assert_true(eng_is_terminal(s));
    T_EXPECT_STR(pt_loc(s, "1/MG1"), "b1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_attacker_hit_resolved_after_defender(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "INF@b2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    t_play(s, "2");
    t_play(s, "2");
    T_EXPECT_STR(hit_on(s), "2/INF1");
    t_play(s, "1");
    T_EXPECT_STR(hit_on(s), "1/INF1");
    t_play(s, "5");
    /* the defender is gone: any empty square next to no enemy will do, even
     * the one it held */
    T_EXPECT_STR(pt_legal(s), "retreat INF1 b2; retreat INF1 c1; retreat INF1 a1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_towed_gun_hit_with_its_transport(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "INF@b1", "TRN@b2 FLD@b2~", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault INF1 b2");
    T_EXPECT_STR(pt_status(s), "Turn 1, close combat, 1/INF1 attacks 2/TRN1, the attacker rolls");
    t_play(s, "6");
    t_play(s, "4");
    T_EXPECT_STR(hit_on(s), "2/TRN1");
    t_play(s, "hit 2/TRN1 1");
    T_EXPECT_STR(hit_on(s), "2/FLD1");
    t_play(s, "hit 2/FLD1 2");
    T_EXPECT_STR(pt_field(s, "2/TRN1", "status"), "destroyed");
    T_EXPECT_STR(pt_field(s, "2/FLD1", "status"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_exhausted_side_does_not_attack(void **unused)
{
    (void)unused;
    /* Red loses one of three units to the gun: exhausted from turn 2 */
    eng_game *g = pt_game("o o o o/o o o o/o o o o/o o o o", "INF@a1 INF@c1 INF@d1",
                          "FLD@c4 INF@a2>E", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "bombard FLD1 c1");
    t_play(s, "landing 2/FLD1 3");
    t_play(s, "hit 1/INF2 1");
    pt_to_side_a(s);
    t_play(s, "end");
    t_play(s, "end");
    pt_to_side_a(s);
    T_EXPECT_STR(pt_top(s, "sides", 0, "exhausted"), "true");
    t_refused(s, "assault INF1 a2", "Red has reached its exhaustion point: it takes no "
                                    "aggressive action");
    eng_state_free(s);
    eng_game_free(g);
}

/* Close-combat rule d speaks of infantry and cavalry: dismounted cavalry
 * advances after winning as mounted cavalry does. */
static void test_dismounted_cavalry_advances(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP, "DCAV@b1", "INF@b2 INF@c3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "assault DCAV1 b2");
    t_play(s, "6");
    t_play(s, "1");
    t_play(s, "hit 2/INF1 1");
    T_EXPECT_STR(pt_legal(s), "advance DCAV1; stay DCAV1");
    t_play(s, "advance DCAV1");
    T_EXPECT_STR(pt_loc(s, "1/DCAV1"), "b2");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defender_rows_front_and_flank),
        cmocka_unit_test(test_attacker_rows_front_and_flank),
        cmocka_unit_test(test_artillery_and_transport_only_defend),
        cmocka_unit_test(test_modifiers),
        cmocka_unit_test(test_crossing_a_trench),
        cmocka_unit_test(test_trench_crossing_option),
        cmocka_unit_test(test_winner_advances_and_fights_again),
        cmocka_unit_test(test_attacker_hit_resolved_after_defender),
        cmocka_unit_test(test_towed_gun_hit_with_its_transport),
        cmocka_unit_test(test_exhausted_side_does_not_attack),
        cmocka_unit_test(test_dismounted_cavalry_advances),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
