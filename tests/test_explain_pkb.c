/*
 * test_explain_pkb.c - Pocket Battles' dice explained, checked against
 * outcomes worked by hand from the rules text with forced dice: the roll
 * for the attacker, a charge's two dice against engagement dice 3 3 4 4 5
 * (the rulebook's example: a 4 is two hits), a strike back with the brace
 * trait's extra die, and the referee's prompts; the standing line and the
 * board's key, with the field last; the buttons' words (a hit's wound
 * choices, strike back or hold) and the reveal said in the log.
 */
#include "test_pkb_util.h"

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

static void test_roll_for_attacker(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(prompt(s), "Die for the attacker, Elves': the higher roll attacks; equal dice "
                            "roll again");
    T_EXPECT_STR(explained(s, "roll 1"), "roll 1: Elves' die for the attacker");
    t_play(s, "roll 1");
    T_EXPECT_STR(explained(s, "roll 5"), "roll 5: Orcs 5 against Elves 1: Orcs, the higher, is "
                                         "the attacker and places and acts first");
    T_EXPECT_STR(explained(s, "roll 1"), "roll 1: Orcs 1 against Elves 1: equal, both roll "
                                         "again");
    char now[256];
    eng_standing(s, now, sizeof now);
    /* no round limit, as in the rulebook */
    T_EXPECT_STR(now, "to win, destroy half the enemy army's points");
    eng_state_free(s);
    eng_game_free(g);
    /* a house limit (option rounds) is named */
    g = t_game_named("pocket-battles", "elves-vs-orcs-50", "{\"rounds\": 20}");
    s = eng_state_new(g, 1);
    eng_standing(s, now, sizeof now);
    T_EXPECT_STR(now, "20 rounds; to win, destroy half the enemy army's points");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_strike_dice(void **unused)
{
    (void)unused;
    /* A1: Half-orcs 3-3-4 on Orcs 4-5: engagement dice 3 3 4 4 5 */
    eng_game *g = pb_game("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                          "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    /* a charge: one die and one for the charge */
    T_EXPECT_STR(prompt(s), "Die 1 of 2 for A1's charge at B1: each of its engagement dice 3 3 "
                            "4 4 5 that shows the face rolled is a hit; 0 hits so far. Its dice: "
                            "1, +1 charge");
    T_EXPECT_STR(explained(s, "roll 4"), "roll 4 for A1's charge against engagement dice 3 3 4 "
                                         "4 5: 2 hits (die 1 of 2)");
    t_play(s, "roll 1");
    T_EXPECT_STR(explained(s, "roll 5"), "roll 5 for A1's charge against engagement dice 3 3 4 "
                                         "4 5: 1 hit (die 2 of 2); rolled 1 5: 1 hit on B1");
    t_play(s, "roll 2");
    /* no hit: B1 strikes back, 2 dice (the spearmen's brace against a charger) */
    T_EXPECT_STR(prompt(s), "Die 1 of 2 for B1's strike back at A1: each of its engagement dice "
                            "2 3 4 5 6 6 that shows the face rolled is a hit; 0 hits so far. Its "
                            "dice: 1, +1 Brace");
    t_play(s, "roll 1");
    t_play(s, "roll 1");
    t_play(s, "pass");
    /* carrying on the engagement: one die, no charge die; a 4 is two hits */
    t_play(s, "order A1 fight B1");
    T_EXPECT_STR(explained(s, "roll 4"), "roll 4 for A1's strike against engagement dice 3 3 4 "
                                         "4 5: 2 hits on B1");
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 2);
    char now[256];
    eng_standing(s, now, sizeof now);
    /* Elves 4 + 2 + 4 = 10 points: the Orcs need 5; Orcs 3 + 2 = 5: the Elves need 3 */
    T_EXPECT_STR(now, "round 1; destroyed (half needed) Orcs 0 (5), Elves 0 (3)");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_key_and_field_last(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13", "R-front", NULL,
                          NULL);
    eng_state *s = eng_state_new(g, 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, false, f);
    fclose(f);
    T_EXPECT_HAS(buf, "Key: a troop: tile code, name, E/S engagement/shooting dice");
    T_EXPECT_HAS(buf, "A1! a charger choosing its target");
    /* the field comes after the armies, just before the status line */
    assert_true(strstr(buf, " engaged |") > strstr(buf, "ORC21"));
    assert_true(strstr(buf, "Key: ") < strstr(buf, " engaged |"));
    const char *field = strstr(buf, " engaged |");
    int after = 0;
    for (const char *p = field; *p; p++)
        after += *p == '\n';
    assert_true(after <= 8);   /* the rest of the field and the status line */
    free(buf);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_button_words(void **unused)
{
    (void)unused;
    eng_game *g = pb_game_choice("orcs", "ORC21+ORC18", "L-front", "elves", "ELV13+ELV28+ELV08",
                                 "R-front", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(t_words(s, "pass"), "Pass");
    T_EXPECT_STR(t_words(s, "concede"), "Concede the battle");
    /* an order keeps its notation: it is pointed at on the board */
    T_EXPECT_STR(t_words(s, "order A1 charge"), "order A1 charge");
    t_play(s, "order A1 charge");
    T_EXPECT_STR(t_words(s, "react wait"), "Wait: no reaction to the charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 1");
    t_play(s, "roll 2");
    T_EXPECT_STR(pb_legal(s), "back; hold");
    T_EXPECT_STR(t_words(s, "back"), "Strike back: B1 strikes back at A1");
    T_EXPECT_STR(t_words(s, "hold"), "Hold: B1 does not strike back at A1");
    t_play(s, "hold");
    t_play(s, "pass");
    t_play(s, "order A1 fight B1");
    t_play(s, "roll 4");                  /* two hits on B1 */
    T_EXPECT_STR(pb_legal(s), "wound B1 remove ELV08; wound B1 remove ELV13; "
                               "wound B1 remove ELV28; wound B1 ELV13");
    T_EXPECT_STR(t_words(s, "wound B1 remove ELV13"),
                 "Remove ELV13 Horse Guard 2-3-6: it is destroyed, taking 2 hits");
    T_EXPECT_STR(t_words(s, "wound B1 remove ELV28"),
                 "Remove ELV28 Spearmen 4-5: it is destroyed, taking 1 hit");
    T_EXPECT_STR(t_words(s, "wound B1 ELV13"), "Wound ELV13 Horse Guard 2-3-6 with an unused token");
    eng_state_free(s);
    eng_game_free(g);
}

/* The last stack placed reveals every army: the step says so (for the
 * log), and no other step of the set-up says anything. */
static void test_reveal_said(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    eng_state *s = eng_state_new(g, 7), *before = eng_state_clone(s);
    int notes = 0;
    char note[512], status_before[256], status_after[256];
    for (int i = 0; i < 400 && notes == 0 && !eng_is_terminal(s); i++) {
        eng_state_copy(before, s);
        eng_action a[ENG_MAX_ACTIONS];
        eng_action act = eng_current_player(s) == ENG_CHANCE ? eng_chance_sample(s)
                       : (eng_legal_actions(s, a), a[0]);
        eng_apply_fast(s, act);
        eng_step_note(before, act, s, note, sizeof note);
        if (note[0]) {
            notes++;
            eng_status_text(before, status_before, sizeof status_before);
            eng_status_text(s, status_after, sizeof status_after);
        }
    }
    assert_int_equal(notes, 1);
    T_EXPECT_HAS(status_before, "Deployment");
    T_EXPECT_HAS(status_after, "Round 1 turn 1");
    T_EXPECT_HAS(note, "deployment is over: every stack is revealed to both players, and round 1 "
                       "begins with ");
    /* the next step says nothing more */
    eng_state_copy(before, s);
    eng_action a[ENG_MAX_ACTIONS];
    eng_legal_actions(s, a);
    eng_apply_fast(s, a[0]);
    eng_step_note(before, a[0], s, note, sizeof note);
    T_EXPECT_STR(note, "");
    eng_state_free(before);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roll_for_attacker),
        cmocka_unit_test(test_strike_dice),
        cmocka_unit_test(test_key_and_field_last),
        cmocka_unit_test(test_button_words),
        cmocka_unit_test(test_reveal_said),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
