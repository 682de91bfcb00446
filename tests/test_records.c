/*
 * test_records.c - game records and matches, for every rule set: what a
 * saved game holds, how a bad record is refused (file, line, reason), that
 * undo and reload never roll again, and that entered outcomes are kept as
 * entered and do not shift the drawn ones after them.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"

static char *save_text(const eng_match *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_error err;
    assert_int_equal(eng_match_save(m, f, &err), 0);
    fclose(f);
    return buf;
}

/* Plays random steps until `steps` are taken or the game ends. */
static void play_random(eng_match *m, size_t steps, uint64_t seed)
{
    eng_rng r;
    rng_seed(&r, seed);
    eng_action acts[ENG_MAX_ACTIONS];
    eng_error err;
    while (m->nsteps < steps && !eng_is_terminal(m->state)) {
        if (eng_current_player(m->state) == ENG_CHANCE) {
            eng_match_apply_chance(m);
        } else {
            int n = eng_legal_actions(m->state, acts);
            assert_int_equal(eng_match_apply(m, acts[rng_below(&r, (uint32_t)n)], false, &err), 0);
        }
    }
}

static void expect_load_error(const char *text, const char *because)
{
    eng_error err;
    eng_match *m = eng_match_load_text(text, "bad.pwr", &err);
    if (m) {
        eng_match_free(m);
        fail_msg("record accepted; expected an error about \"%s\"", because);
    }
    if (!strstr(err.msg, because))
        fail_msg("error \"%s\" does not mention \"%s\"", err.msg, because);
}

static const char *HEAD =
    "[Game \"pocketwar\"]\n[Rules \"pocket-wargame\"]\n[Scenario \"meeting\"]\n"
    "[Seed \"5\"]\n";

static void test_header_errors(void **unused)
{
    (void)unused;
    expect_load_error("[Rules \"pocket-wargame\"]\n[Seed \"1\"]\n", "needs Rules, Scenario and Seed");
    expect_load_error("[Rules \"chess\"]\n[Scenario \"x\"]\n[Seed \"1\"]\n", "unknown rule set \"chess\"");
    expect_load_error("[Rules \"pocket-wargame\"]\n[Scenario \"meeting\"]\n[Seed \"abc\"]\n",
                      "Seed tag must be a whole number");
    expect_load_error("[Rules \"pocket-wargame\"]\n[Scenario \"meeting\"]\n[Seed \"1\"]\n"
                      "[Options \"[1,2]\"]\n", "Options tag must hold a JSON object");
    expect_load_error("[Rules \"pocket-wargame\"]\n[Scenario \"nowhere\"]\n[Seed \"1\"]\n",
                      "no scenario named \"nowhere\"");
    expect_load_error("[Rules \"pocket-wargame\"]\n[RulesVersion \"999\"]\n[Scenario \"meeting\"]\n"
                      "[Seed \"1\"]\n", "rules version 999");
    /* a format version this reader does not know, however it is written */
    expect_load_error("[Record \"99999999999999999999\"]\n[Rules \"pocket-wargame\"]\n"
                      "[Scenario \"meeting\"]\n[Seed \"1\"]\n",
                      "format version \"99999999999999999999\"");
    expect_load_error("[Record \"2\"]\n[Rules \"pocket-wargame\"]\n[Scenario \"meeting\"]\n"
                      "[Seed \"1\"]\n", "reads version 1 only");
    expect_load_error("[Rules pocket-wargame]\n", "bad.pwr:1: a tag's value must be in double quotes");
    expect_load_error("[Rules \"pocket-wargame\n", "bad.pwr:1: the tag's value has no closing quote");
}

static void test_step_errors(void **unused)
{
    (void)unused;
    char text[4096];
    /* a decision where chance acts (the deal comes first in Pocket Wargame) */
    snprintf(text, sizeof text, "%s\nP1 end\n", HEAD);
    expect_load_error(text, "bad.pwr:6: out of turn");
    snprintf(text, sizeof text, "%s\nX9 end\n", HEAD);
    expect_load_error(text, "bad.pwr:6: a step starts with P1..P2");
    snprintf(text, sizeof text, "%s\n; a comment\n\nchance zzz\n", HEAD);
    expect_load_error(text, "bad.pwr:8: \"zzz\"");
}

static void test_chance_must_match_seed(void **unused)
{
    (void)unused;
    eng_error err;
    eng_match *m = eng_match_new("pocket-wargame", "meeting", NULL, 5, &err);
    assert_non_null(m);
    assert_int_equal(eng_current_player(m->state), ENG_CHANCE);
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(m->state, acts, prob);
    eng_action drawn = eng_chance_sample(m->state), other = acts[0] == drawn ? acts[1] : acts[0];
    char t_other[ENG_TEXT_MAX], text[4096];
    eng_action_text(m->state, other, t_other, sizeof t_other);
    assert_true(n > 1);

    snprintf(text, sizeof text, "%s\nchance %s\n", HEAD, t_other);
    expect_load_error(text, "is not what seed 5 gives here");

    /* typed in at the table: accepted, kept as entered */
    snprintf(text, sizeof text, "%s\nentered %s\n", HEAD, t_other);
    eng_match *e = eng_match_load_text(text, "ok.pwr", &err);
    if (!e)
        fail_msg("%s", err.msg);
    assert_int_equal(e->nsteps, 1);
    assert_int_equal(e->steps[0].who, ENG_WHO_ENTERED);
    assert_int_equal(e->steps[0].action, other);
    char *saved = save_text(e);
    assert_non_null(strstr(saved, "\nentered "));
    free(saved);

    /* an entered outcome takes the generator's draw: entering the outcome the
     * generator would give leaves the same position as drawing it */
    eng_match *same = eng_match_new("pocket-wargame", "meeting", NULL, 5, &err);
    assert_non_null(same);
    assert_int_equal(eng_match_apply(same, drawn, true, &err), 0);
    eng_match_apply_chance(m);
    assert_true(eng_state_equal(same->state, m->state));
    eng_match_apply_chance(m);
    eng_match_apply_chance(same);
    assert_int_equal(m->steps[1].action, same->steps[1].action);
    eng_match_free(same);
    eng_match_free(e);
    eng_match_free(m);
}

static void test_undo_never_rerolls(void **unused)
{
    (void)unused;
    eng_error err;
    eng_match *m = eng_match_new("pocket-wargame", "meeting", NULL, 77, &err);
    assert_non_null(m);
    play_random(m, 400, 3);
    size_t n = m->nsteps;
    assert_true(n > 100);
    eng_state *before = eng_state_clone(m->state);
    eng_step *steps = malloc(n * sizeof *steps);
    memcpy(steps, m->steps, n * sizeof *steps);
    eng_match_undo(m, 60);
    assert_int_equal(m->nsteps, n - 60);
    /* redo: chance points drawn again give what they gave before */
    for (size_t i = n - 60; i < n; i++) {
        if (steps[i].who == ENG_WHO_CHANCE) {
            eng_match_apply_chance(m);
            assert_int_equal(m->steps[i].action, steps[i].action);
        } else {
            assert_int_equal(eng_match_apply(m, steps[i].action, false, &err), 0);
        }
    }
    assert_true(eng_state_equal(before, m->state));
    free(steps);
    eng_state_free(before);
    eng_match_free(m);
}

static void test_save_resume_midgame(void **unused)
{
    (void)unused;
    eng_error err;
    eng_match *m = eng_match_new("pocket-wargame", "meeting", NULL, 1234, &err);
    assert_non_null(m);
    eng_match_set_player(m, 1, "thumb");
    play_random(m, 250, 9);
    char *text = save_text(m);
    assert_non_null(strstr(text, "[Result \"*\"]"));
    assert_non_null(strstr(text, "[P2 \"Blue: thumb\"]"));
    eng_match *back = eng_match_load_text(text, "mid.pwr", &err);
    if (!back)
        fail_msg("%s", err.msg);
    assert_true(eng_state_equal(back->state, m->state));
    assert_string_equal(back->players[1], "thumb");
    /* both go on identically */
    play_random(m, 100000, 11);
    play_random(back, 100000, 11);
    assert_true(eng_is_terminal(m->state));
    assert_true(eng_state_equal(back->state, m->state));
    /* a step after the end is refused */
    char *done = save_text(m);
    size_t len = strlen(done);
    char *extra = malloc(len + 32);
    snprintf(extra, len + 32, "%sP1 end\n", done);
    expect_load_error(extra, "the game is already over");
    /* and a wrong Result tag */
    char *res = strstr(done, "[Result \"");
    assert_non_null(res);
    char *q = strchr(res + 9, '"');
    size_t head = (size_t)(res - done);
    char *wrong = malloc(len + 64);
    snprintf(wrong, len + 64, "%.*s[Result \"nobody\"]%s", (int)head, done, strchr(q, ']') + 1);
    expect_load_error(wrong, "the Result tag says \"nobody\"");
    free(wrong);
    free(extra);
    free(done);
    free(text);
    eng_match_free(back);
    eng_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_step_errors),
        cmocka_unit_test(test_chance_must_match_seed),
        cmocka_unit_test(test_undo_never_rerolls),
        cmocka_unit_test(test_save_resume_midgame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
