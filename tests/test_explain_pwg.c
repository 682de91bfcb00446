/*
 * test_explain_pwg.c - Pocket Wargame's chance results explained, checked
 * against outcomes worked by hand from the rules text with forced coins: a
 * melee's coins (what a head may do for heavy infantry on open ground, the
 * heads on each side and who spends first), a shooting's coins (a light
 * target's head may only cancel), a dealt card's terrain, and the
 * referee's prompts; the board's key and the coins still to place.
 */
#include "test_pwg_util.h"

static char out[1024];

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

static void test_melee_coins(void **unused)
{
    (void)unused;
    /* heavy infantry in melee on open ground may cancel with a head; light
     * infantry may not; the most heads spends first */
    eng_game *g = pw_game("o", "HI@a1", "LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(prompt(s), "Coin 1 of 2 in this melee, for 1/HI1 (heavy infantry, Red): heads "
                            "(H) is one damage to an enemy unit, or one damage cancelled, as "
                            "heavy infantry in melee on open; tails (T) is no head");
    T_EXPECT_STR(explained(s, "toss 1/HI1 H"), "toss 1/HI1 H: a head, worth one damage to an "
                                               "enemy unit, or one damage cancelled, as heavy "
                                               "infantry in melee on open");
    t_play(s, "toss 1/HI1 H");
    T_EXPECT_STR(explained(s, "toss 2/LI1 T"),
                 "toss 2/LI1 T: no head (it takes damage before the heads-throwers, rule 2); "
                 "heads: Red 1, Blue 0; Red spends first");
    T_EXPECT_STR(explained(s, "toss 2/LI1 H"),
                 "toss 2/LI1 H: a head, worth one damage to an enemy unit; heads: Red 1, Blue 1; "
                 "Red spends first");
    t_play(s, "toss 2/LI1 T");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_ranged_coins(void **unused)
{
    (void)unused;
    /* a heavy missile unit shoots at light infantry two cards away: only the
     * target can be damaged, and a light unit shot at may cancel */
    eng_game *g = pw_game("o/o/o", "HM@a1", "LI@a3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot HM1 2/LI1");
    T_EXPECT_STR(explained(s, "toss 1/HM1 T"), "toss 1/HM1 T: no head");
    t_play(s, "toss 1/HM1 T");
    T_EXPECT_STR(prompt(s), "Coin 2 of 2 in this ranged combat, for 2/LI1 (light infantry, "
                            "Blue): heads (H) is one damage to it cancelled, as a light unit "
                            "shot at; tails (T) is no head");
    T_EXPECT_STR(explained(s, "toss 2/LI1 H"),
                 "toss 2/LI1 H: a head, worth one damage to it cancelled, as a light unit shot "
                 "at; heads: Red 0, Blue 1; no head can be spent, so nothing happens");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_deal_and_key(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 1);
    /* normal terrain: clubs woodland, diamonds hills, hearts open, spades rough */
    T_EXPECT_STR(explained(s, "deal a1 7C"), "deal a1 7C: woodland");
    T_EXPECT_STR(explained(s, "deal a1 QD"), "deal a1 QD: hills");
    T_EXPECT_STR(prompt(s), "The card for a1: any of the 54 not dealt yet; its suit is the "
                            "ground there (normal terrain)");
    char now[256];
    eng_standing(s, now, sizeof now);
    T_EXPECT_STR(now, "15 turns; strength Red 0, Blue 0");
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
    t_play(s, "deploy HI a1");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, 1, false, f);
    fclose(f);
    T_EXPECT_HAS(buf, "Key: a card shows its code");
    T_EXPECT_HAS(buf, "F:hc1~ wavering");
    /* Blue cannot know which coin Red placed: all eight still to place */
    T_EXPECT_HAS(buf, "1 Red to place: 2 LI, 2 HI, 1 LC, 1 HC, 1 LM, 1 HM\n");
    T_EXPECT_HAS(buf, "2 Blue to place: 2 LI, 2 HI, 1 LC, 1 HC, 1 LM, 1 HM\n");
    free(buf);
    f = open_memstream(&buf, &len);
    eng_render(s, 0, false, f);
    fclose(f);
    T_EXPECT_HAS(buf, "1 Red to place: 2 LI, 1 HI, 1 LC, 1 HC, 1 LM, 1 HM\n");
    free(buf);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_standing_points(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "mountain-pass", NULL);
    eng_state *s = eng_state_new(g, 1);
    char now[256];
    eng_standing(s, now, sizeof now);
    T_EXPECT_STR(now, "12 turns; strength Red 0, Blue 0; points Red 0, Blue 0 (4 win)");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_melee_coins),
        cmocka_unit_test(test_ranged_coins),
        cmocka_unit_test(test_deal_and_key),
        cmocka_unit_test(test_standing_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
