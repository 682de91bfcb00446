/*
 * test_ai_thumb.c - the rule-of-thumb player judges an action by the
 * position it leads to once the dice have fallen, every outcome weighed
 * by its chance: it takes the shot with the better odds (The Portable
 * Wargame: a target in a wood is hit on a modified 5 or 6 with one less),
 * it finds nothing to choose between moves that change nothing and then
 * tries them in random continuations, and its choice is reproducible.
 * In Pocket Wargame a shot's tosses leave the shooter a decision (spending
 * its head) before any damage lands: thumb makes it by its rule and judges
 * after, so the shots' estimates are their exact odds weighed, above `end`.
 */
#include <math.h>
#include <string.h>
#include "test_ptw_util.h"
#include "test_pwg_util.h"
#include "ai.h"
#include "ai_private.h"

/* Red to act first in a small position (see test_ptw_util.h); `kind` with
 * `cfg` decides. Returns the choice's notation in text and fills why. */
static void decide(const char *map, const char *red, const char *blue, const char *kind,
                   ai_config cfg, char *text, size_t n, ai_explanation *why,
                   double (*values)[3], const char *const probe[3])
{
    eng_game *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    ai_player *p = ai_new(ai_kind_find(kind), &cfg);
    eng_action a = ai_choose(p, s, why);
    eng_action_text(s, a, text, n);
    for (int k = 0; probe && k < 3 && probe[k]; k++) {
        eng_action b;
        if (eng_action_parse(s, probe[k], &b, NULL) != 0)
            fail_msg("\"%s\" does not parse", probe[k]);
        (*values)[k] = -1;
        for (int i = 0; i < why->count; i++)
            if (why->best[i].action == b)
                (*values)[k] = why->best[i].value;
        if ((*values)[k] < 0)
            fail_msg("\"%s\" is not among the candidates", probe[k]);
    }
    ai_free(p);
    eng_state_free(s);
    eng_game_free(g);
}

#define TWO_TARGETS "o o o/o o o/w o o/o o o", "INF@b1", "INF@a3>S INF@c3>S"

/* Red's infantry at b1 has two targets at the same distance, an infantry
 * in the open at c3 and one in the wood at a3 (-1 for cover). It fires at
 * the one in the open, and judges that shot above the other. */
static void test_takes_the_better_shot(void **unused)
{
    (void)unused;
    char text[64];
    ai_explanation why;
    double v[3];
    const char *const probe[3] = {"fire INF1 c3", "fire INF1 a3", NULL};
    decide(TWO_TARGETS, "thumb", (ai_config){.seed = 3}, text, sizeof text, &why, &v, probe);
    assert_string_equal(text, "fire INF1 c3");
    assert_true(v[0] > v[1]);
}

/* The Portable Wargame's hints leave the follow-ups off (judging after
 * them measured weaker there): the same choice and estimates as follow=0. */
static void test_ptw_judges_as_before(void **unused)
{
    (void)unused;
    char text[64], text0[64];
    ai_explanation why, why0;
    double v[3], v0[3];
    const char *const probe[3] = {"fire INF1 c3", "fire INF1 a3", NULL};
    decide(TWO_TARGETS, "thumb", (ai_config){.seed = 3}, text, sizeof text, &why, &v, probe);
    decide(TWO_TARGETS, "thumb", (ai_config){.seed = 3, .follow = -1}, text0, sizeof text0,
           &why0, &v0, probe);
    assert_string_equal(text, text0);
    assert_true(v[0] == v0[0] && v[1] == v0[1]);
}

/* A poor infantry beside an elite one in a town (cover, and +1 to the
 * town's side in close combat): it fires rather than assault, and judges
 * even stepping back better than the assault. */
static void test_keeps_out_of_a_losing_fight(void **unused)
{
    (void)unused;
    char text[64];
    ai_explanation why;
    double v[3];
    const char *const probe[3] = {"assault INF1 a2", "move INF1 b1", NULL};
    decide("o o o/b o o/o o o", "INF@a1?", "INF@a2>S!", "thumb", (ai_config){.seed = 3}, text,
           sizeof text, &why, &v, probe);
    assert_string_equal(text, "fire INF1 a2");
    assert_true(v[0] < v[1]);
}

/* The tree search with the rule of thumb's values as a prior at the root:
 * with a heavy prior and a few iterations it fires at the target in the
 * open; the prior's visits are not reported as the search's. */
static void test_prior_for_the_search(void **unused)
{
    (void)unused;
    char text[64];
    ai_explanation why;
    ai_config cfg = {.seed = 4, .iterations = 40, .threads = 1, .prior = 1000, .plan = -1};
    decide(TWO_TARGETS, "mcts", cfg, text, sizeof text, &why, NULL, NULL);
    assert_string_equal(text, "fire INF1 c3");
    long sum = 0;
    for (int i = 0; i < why.count; i++)
        sum += why.best[i].visits;
    assert_true(why.iterations > 0 && why.iterations <= 40);   /* it may stop early */
    assert_true(sum <= why.iterations);
}

static eng_action think(const eng_state *s, uint64_t seed, ai_explanation *why)
{
    ai_config cfg = {.seed = seed};
    ai_player *p = ai_new(ai_kind_find("thumb"), &cfg);
    eng_action a = ai_choose(p, s, why);
    ai_free(p);
    return a;
}

/* The same decision from the same seed is the same choice with the same
 * judgement; the game's own seed (future dice) makes no difference. */
static void test_reproducible_and_blind_to_the_seed(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "meeting", NULL);
    eng_state *x = eng_state_new(g, 1), *y = eng_state_new(g, 99);
    ai_explanation a, b;
    assert_int_equal(think(x, 5, &a), think(y, 5, &b));
    assert_int_equal(a.count, b.count);
    for (int i = 0; i < a.count; i++) {
        assert_int_equal(a.best[i].action, b.best[i].action);
        assert_true(a.best[i].value == b.best[i].value);
    }
    eng_state_free(x);
    eng_state_free(y);
    eng_game_free(g);
}

/* ---- Pocket Wargame: the head spent before the damage lands ------------------- */

/* Red's LM at b1 may shoot Blue's LI at a1 (light: it tosses too, and a
 * head cancels) or Blue's HI at c1 (heavy in the open: no toss); a head
 * wavers the target. `spec` decides for Red; the estimates of the two
 * shots and of `end` go to v. */
static eng_action pwg_shot(const char *spec, double v[3], eng_game **game, eng_state **out)
{
    eng_game *g = *game = pw_game("ooo", "LM@b1", "LI@a1 HI@c1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s), "shoot LM1 2/LI1; shoot LM1 2/HI1; end");
    ai_config cfg = {.seed = 7};
    const ai_kind *k;
    assert_int_equal(ai_spec_parse(spec, NULL, &k, &cfg, NULL), 0);
    ai_player *p = ai_new(k, &cfg);
    ai_explanation why;
    eng_action a = ai_choose(p, s, &why);
    const char *const probe[3] = {"shoot LM1 2/HI1", "shoot LM1 2/LI1", "end"};
    for (int j = 0; j < 3; j++) {
        eng_action b;
        assert_int_equal(eng_action_parse(s, probe[j], &b, NULL), 0);
        v[j] = -1;
        for (int i = 0; i < why.count; i++)
            if (why.best[i].action == b && why.best[i].visits > 0)
                v[j] = why.best[i].value;
        if (v[j] < 0)
            fail_msg("\"%s\" was not judged", probe[j]);
    }
    ai_free(p);
    *out = s;
    return a;
}

/* Red's heuristic once the dice fell as `steps` say (from s, untouched). */
static double red_after(const eng_state *s, const char *const *steps)
{
    eng_state *x = eng_state_clone(s);
    t_play_list(x, steps);
    double h = eng_heuristic(x, 0);
    eng_state_free(x);
    return h;
}

static void test_pwg_takes_the_shot_with_the_better_odds(void **unused)
{
    (void)unused;
    double v[3];
    eng_game *g;
    eng_state *s;
    eng_action a = pwg_shot("thumb", v, &g, &s);
    char text[64];
    eng_action_text(s, a, text, sizeof text);
    assert_string_equal(text, "shoot LM1 2/HI1");
    /* the exact odds, weighed: the heavy target wavers on the shooter's
     * head (1 in 2), the light one only if its own toss is tails (1 in 4) */
    const char *const hit_hi[] = {"shoot LM1 2/HI1", "toss 1/LM1 H", "damage 2/HI1", NULL};
    const char *const miss_hi[] = {"shoot LM1 2/HI1", "toss 1/LM1 T", NULL};
    const char *const hit_li[] = {"shoot LM1 2/LI1", "toss 1/LM1 H", "toss 2/LI1 T",
                                  "damage 2/LI1", NULL};
    double hit = red_after(s, hit_hi), miss = red_after(s, miss_hi);
    assert_true(hit > miss + 0.01);
    assert_true(fabs(red_after(s, hit_li) - hit) < 1e-12);
    assert_true(fabs(v[0] - (0.5 * hit + 0.5 * miss)) < 1e-9);
    assert_true(fabs(v[1] - (0.25 * hit + 0.75 * miss)) < 1e-9);
    assert_true(fabs(v[2] - miss) < 1e-9);   /* end: nothing changes */
    assert_true(v[0] > v[1] && v[1] > v[2]);
    eng_state_free(s);
    eng_game_free(g);
}

/* follow=0, the rule of thumb as it was (and as the tree search's prior
 * still asks it, ai_thumb_judge): judged when the head is to be spent, no
 * damage landed yet, all three level, so random continuations decide (more
 * than the one look-ahead try each). */
static void test_pwg_without_the_follow_up_all_level(void **unused)
{
    (void)unused;
    double v[3];
    eng_game *g;
    eng_state *s;
    (void)pwg_shot("thumb:follow=0", v, &g, &s);
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts), visits[ENG_MAX_ACTIONS];
    double value[ENG_MAX_ACTIONS];
    uint64_t rng = 1;
    assert_int_equal(n, 3);
    ai_thumb_judge(s, acts, n, 0, &rng, value, visits);
    for (int i = 0; i < n; i++) {
        assert_int_equal(visits[i], 1);
        assert_true(fabs(value[i] - value[0]) < 1e-12);
    }
    ai_explanation why;
    ai_config cfg = {.seed = 7, .follow = -1};
    ai_player *p = ai_new(ai_kind_find("thumb"), &cfg);
    (void)ai_choose(p, s, &why);
    assert_int_equal(why.count, 3);
    for (int i = 0; i < why.count; i++)
        assert_true(why.best[i].visits > 1);
    ai_free(p);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takes_the_better_shot),
        cmocka_unit_test(test_ptw_judges_as_before),
        cmocka_unit_test(test_keeps_out_of_a_losing_fight),
        cmocka_unit_test(test_prior_for_the_search),
        cmocka_unit_test(test_reproducible_and_blind_to_the_seed),
        cmocka_unit_test(test_pwg_takes_the_shot_with_the_better_odds),
        cmocka_unit_test(test_pwg_without_the_follow_up_all_level),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
