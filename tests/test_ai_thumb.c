/*
 * test_ai_thumb.c - the rule-of-thumb player judges an action by the
 * position it leads to once the dice have fallen, every outcome weighed
 * by its chance: it takes the shot with the better odds (The Portable
 * Wargame: a target in a wood is hit on a modified 5 or 6 with one less),
 * it finds nothing to choose between moves that change nothing and then
 * tries them in random continuations, and its choice is reproducible.
 */
#include <string.h>
#include "test_ptw_util.h"
#include "ai.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takes_the_better_shot),
        cmocka_unit_test(test_keeps_out_of_a_losing_fight),
        cmocka_unit_test(test_prior_for_the_search),
        cmocka_unit_test(test_reproducible_and_blind_to_the_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
