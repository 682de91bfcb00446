/*
 * test_chance_batch.c - chance outcomes entered as one list (chance_batch.c):
 * Pocket Wargame's referee deals the whole 9x6 battlefield of the meeting
 * scenario at once. The run is the 54 cards still to deal; the list is in
 * the terminal's notation (bare cards, or "deal a1 AS", between blanks,
 * commas or new lines, several between two commas too); each card goes to
 * the next location in order (a1 .. i1, a2 .. i6); a card twice, a word
 * that is no card or more entries than cards left are refused, naming the
 * entry; a short list deals the first locations only. Rule sets without
 * such runs (The Portable Wargame's dice) take no list.
 */
#include "support.h"

static void full_deck(char *buf, size_t n)
{
    static const char *const ranks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                        "Q", "K"};
    static const char suits[] = "SHDC";
    size_t len = 0;
    for (int su = 0; su < 4; su++)
        for (int r = 0; r < 13; r++)
            len += (size_t)snprintf(buf + len, n - len, "%s%s%c", len ? " " : "", ranks[r],
                                    suits[su]);
    snprintf(buf + len, n - len, " JK1 JK2");
}

static void test_whole_deal_at_once(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_int_equal(eng_current_player(s), ENG_CHANCE);
    assert_int_equal(eng_chance_run(s), 54);
    /* the short notation of an outcome: the card alone */
    eng_action a[ENG_MAX_ACTIONS];
    double p[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, a, p);
    assert_int_equal(n, 54);
    char text[ENG_TEXT_MAX], full[ENG_TEXT_MAX];
    eng_chance_short_text(s, a[0], text, sizeof text);
    eng_action_text(s, a[0], full, sizeof full);
    T_EXPECT_HAS(full, "deal a1 ");
    T_EXPECT_STR(full + strlen("deal a1 "), text);

    char deck[512];
    full_deck(deck, sizeof deck);
    eng_error err;
    n = eng_chance_batch_parse(s, deck, a, ENG_MAX_ACTIONS, &err);
    assert_int_equal(n, 54);
    eng_state *t = eng_state_clone(s);
    for (int i = 0; i < n; i++) {
        eng_action_text(t, a[i], text, sizeof text);
        if (i == 0)
            T_EXPECT_STR(text, "deal a1 AS");
        if (i == 9)
            T_EXPECT_STR(text, "deal a2 10S");
        if (i == 53)
            T_EXPECT_STR(text, "deal i6 JK2");
        assert_int_equal(eng_apply(t, a[i], &err), 0);
    }
    /* the deal is over: deployment follows, no run is left */
    assert_int_equal(eng_chance_run(t), 0);
    assert_true(eng_current_player(t) != ENG_CHANCE);
    eng_state_free(t);

    /* commas or new lines between entries, the long notation too */
    n = eng_chance_batch_parse(s, "deal a1 QS,\n 7H ; deal c1 JK1", a, ENG_MAX_ACTIONS, &err);
    assert_int_equal(n, 3);
    t = eng_state_clone(s);
    t_play(t, "deal a1 QS");
    t_play(t, "7H");
    eng_action_text(t, a[2], text, sizeof text);
    T_EXPECT_STR(text, "deal c1 JK1");
    assert_int_equal(eng_chance_run(t), 52);
    eng_state_free(t);

    /* several cards between two commas */
    n = eng_chance_batch_parse(s, "QS 7H 2C, JK1", a, ENG_MAX_ACTIONS, &err);
    assert_int_equal(n, 4);
    eng_action_text(s, a[0], text, sizeof text);
    T_EXPECT_STR(text, "deal a1 QS");

    /* refused, naming the entry */
    assert_int_equal(eng_chance_batch_parse(s, "QS 7H QS", a, ENG_MAX_ACTIONS, &err), -1);
    T_EXPECT_HAS(err.msg, "entry 3 (\"QS\")");
    assert_int_equal(eng_chance_batch_parse(s, "QS 7X", a, ENG_MAX_ACTIONS, &err), -1);
    T_EXPECT_HAS(err.msg, "entry 2 (\"7X\")");
    char more[600];
    snprintf(more, sizeof more, "%s QS", deck);
    assert_int_equal(eng_chance_batch_parse(s, more, a, ENG_MAX_ACTIONS, &err), -1);
    T_EXPECT_HAS(err.msg, "entry 55");
    assert_int_equal(eng_chance_batch_parse(s, "  ", a, ENG_MAX_ACTIONS, &err), -1);
    T_EXPECT_HAS(err.msg, "empty");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_no_run_elsewhere(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 1);
    /* play to the first chance point: a die, not a run */
    eng_action a[ENG_MAX_ACTIONS];
    for (int i = 0; i < 50 && eng_current_player(s) != ENG_CHANCE; i++) {
        assert_true(eng_legal_actions(s, a) > 0);
        eng_apply_fast(s, a[0]);
    }
    assert_int_equal(eng_current_player(s), ENG_CHANCE);
    assert_int_equal(eng_chance_run(s), 0);
    eng_error err;
    assert_int_equal(eng_chance_batch_parse(s, "1 2", a, ENG_MAX_ACTIONS, &err), -1);
    T_EXPECT_HAS(err.msg, "no chance point");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_deal_at_once),
        cmocka_unit_test(test_no_run_elsewhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
