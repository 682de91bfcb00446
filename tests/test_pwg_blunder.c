/*
 * test_pwg_blunder.c - Pocket Wargame's plainly wrong deployments, which the
 * playout hint gives no weight (pwg_blunder.c) and the tree search never
 * tries while anything else is legal: a cavalry coin placed where it cannot
 * take its Cavalry-phase step (ground that is not good going, or good
 * going with only bad going beside it). Each is checked beside the sound
 * placement it is to be told from.
 */
#include "test_pwg_util.h"

/* A 5x3 battlefield, rows from row 1 (Red's area) up, the last open; Red
 * places first, with an LI, an LC and an HC to deploy; Blue an LI. */
static eng_state *deploying(eng_game **g, const char *row1, const char *row2)
{
    char sc[2048];
    snprintf(sc, sizeof sc,
             "{\"name\":\"test\",\"title\":\"t\",\"description\":\"t\","
             "\"rules\":\"pocket-wargame\",\"battlefield\":{\"terrain\":[\"%s\",\"%s\",\"ooooo\"]},"
             "\"forces\":[{\"deploy\":\"south\",\"units\":{\"LI\":1,\"LC\":1,\"HC\":1}},"
             "{\"deploy\":\"north\",\"units\":{\"LI\":1}}],\"first\":1}",
             row1, row2);
    *g = t_game("pocket-wargame", sc, NULL);
    return eng_state_new(*g, 1);
}

static void test_cavalry_on_bad_going(void **unused)
{
    (void)unused;
    eng_game *g;
    /* row 1: open, hills, rough, woodland, open; row 2: rough, open, open,
     * rough, rough */
    eng_state *s = deploying(&g, "ohrwo", "roorr");
    /* a1 (open, hills beside) and b1 (hills) are good going with good
     * going beside; c1 rough and d1 woodland are not good going; e1 is
     * open with only woodland (d1) and rough (e2) beside it */
    assert_true(t_hint_weight(s, "deploy HC a1") > 0);
    assert_true(t_hint_weight(s, "deploy HC b1") > 0);
    assert_true(t_hint_weight(s, "deploy HC c1") == 0);
    assert_true(t_hint_weight(s, "deploy HC d1") == 0);
    assert_true(t_hint_weight(s, "deploy HC e1") == 0);
    assert_true(t_hint_weight(s, "deploy LC d1") == 0);
    /* the light cavalry's card beyond its area (b2, open) is good */
    assert_true(t_hint_weight(s, "deploy LC b2") > 0);
    /* infantry is never judged so */
    assert_true(t_hint_weight(s, "deploy LI c1") > 0);
    assert_true(t_hint_weight(s, "deploy LI d1") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* With no card of its area letting a cavalry coin step, none of its cards
 * is told from another: the blunder is a choice between cards. */
static void test_no_good_card(void **unused)
{
    (void)unused;
    eng_game *g;
    /* row 1: open, rough, open, woodland, hills; row 2 all rough: every
     * card of row 1 is bad going or has only bad going beside it */
    eng_state *s = deploying(&g, "orowh", "rrrrr");
    assert_true(t_hint_weight(s, "deploy HC a1") > 0);
    assert_true(t_hint_weight(s, "deploy HC b1") > 0);
    assert_true(t_hint_weight(s, "deploy HC e1") > 0);
    assert_true(t_hint_weight(s, "deploy LC d1") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cavalry_on_bad_going),
        cmocka_unit_test(test_no_good_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
