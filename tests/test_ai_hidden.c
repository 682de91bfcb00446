/*
 * test_ai_hidden.c - the tree search does not peek and does not foresee.
 * In Pocket Wargame's simultaneous deployment a coin placed this round is
 * hidden from the other side: positions that differ only in which coin
 * that is, and where, look the same to the other side, and its search must
 * run exactly the same (the same choice and the same visit counts for every
 * candidate). Likewise positions that differ only in the game's seed (the
 * generator that will toss future coins) must be searched the same, at a
 * moment when coins will be tossed within the search's reach, also with
 * the tree's chance children and common random numbers switched on.
 */
#include <string.h>
#include "support.h"
#include "ai.h"

static eng_state *at_deployment(eng_game *g, uint64_t seed)
{
    eng_state *s = eng_state_new(g, seed);
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
    assert_int_equal(eng_current_player(s), 0);
    return s;
}

static void search_with(const eng_state *s, int threads, int chance, int crn,
                        ai_explanation *why)
{
    ai_config cfg = {.seed = 11, .iterations = 300, .threads = threads,
                     .chance = chance, .crn = crn};
    ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
    (void)ai_choose(p, s, why);
    ai_free(p);
}

static void search(const eng_state *s, int threads, ai_explanation *why)
{
    ai_config cfg = {.seed = 11, .iterations = 300, .threads = threads};
    ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
    (void)ai_choose(p, s, why);
    ai_free(p);
}

static void assert_same_search(const ai_explanation *a, const ai_explanation *b)
{
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->iterations, b->iterations);
    for (int i = 0; i < a->count; i++) {
        assert_int_equal(a->best[i].action, b->best[i].action);
        assert_int_equal(a->best[i].visits, b->best[i].visits);
        assert_true(a->best[i].value == b->best[i].value);
    }
}

static void test_hidden_coin_does_not_matter(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    /* Red's secret first coin: several different ones, all unseen by Blue */
    const char *secret[] = {"deploy HM e1", "deploy LI a1", "deploy HC c1", "deploy LC f1"};
    ai_explanation first, why;
    json_t *blue_view = NULL;
    for (int k = 0; k < 4; k++) {
        eng_state *s = at_deployment(g, 4);
        t_play(s, secret[k]);
        assert_int_equal(eng_current_player(s), 1);
        assert_true(eng_hides_from(s, 1));
        json_t *v = eng_state_json(s, 1);
        if (k == 0) {
            blue_view = v;
            search(s, 1, &first);
            assert_true(first.count > 1);
            assert_true(first.iterations > 0);
        } else {
            assert_true(json_equal(blue_view, v));     /* Blue cannot tell them apart */
            json_decref(v);
            search(s, 1, &why);
            assert_same_search(&first, &why);        /* nor can its search */
            search(s, 2, &why);                      /* two threads: legal all the same */
            assert_true(eng_is_legal(s, why.best[0].action, NULL));
        }
        eng_state_free(s);
    }
    json_decref(blue_view);
    eng_game_free(g);
}

/* The same steps from two seeds: positions that differ only in the
 * generator that will decide the coming tosses. */
static void same_steps(eng_state *x, eng_state *y, int steps)
{
    eng_action acts[ENG_MAX_ACTIONS];
    for (int i = 0; i < steps && !eng_is_terminal(x); i++) {
        eng_action a;
        if (eng_current_player(x) == ENG_CHANCE) {
            a = eng_chance_sample(x);
        } else {
            int n = eng_legal_actions(x, acts);
            a = acts[(i * 7) % n];
        }
        eng_apply_fast(x, a);
        eng_apply_fast(y, a);
    }
    while (eng_current_player(x) == ENG_CHANCE) {
        eng_action a = eng_chance_sample(x);
        eng_apply_fast(x, a);
        eng_apply_fast(y, a);
    }
}

static void test_games_seed_does_not_matter(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    int found = 0;
    for (int steps = 120; steps < 400 && found < 3; steps += 9) {
        eng_state *x = eng_state_new(g, 4), *y = eng_state_new(g, 5);
        same_steps(x, y, steps);
        if (eng_is_terminal(x)) {
            eng_state_free(x);
            eng_state_free(y);
            break;
        }
        assert_false(eng_state_equal(x, y));
        json_t *jx = eng_state_json(x, ENG_VIEW_ALL), *jy = eng_state_json(y, ENG_VIEW_ALL);
        /* the board is the same; only the seed and the generator differ */
        json_object_del(jx, "seed");
        json_object_del(jx, "generator");
        json_object_del(jy, "seed");
        json_object_del(jy, "generator");
        assert_true(json_equal(jx, jy));
        json_decref(jx);
        json_decref(jy);
        /* wanted: a decision with a shot among the choices, so that coins
         * are tossed within the search's reach */
        eng_action acts[ENG_MAX_ACTIONS];
        int n = eng_legal_actions(x, acts);
        bool shot = false;
        for (int i = 0; i < n; i++) {
            char text[ENG_TEXT_MAX];
            eng_action_text(x, acts[i], text, sizeof text);
            shot |= strncmp(text, "shoot ", 6) == 0 || strncmp(text, "move ", 5) == 0;
        }
        if (n > 1 && shot) {
            ai_explanation a, b;
            search(x, 1, &a);
            search(y, 1, &b);
            assert_same_search(&a, &b);
            /* nor with a child per coin toss in the tree, nor with the
             * same tosses met by every root action */
            search_with(x, 1, 2, -1, &a);
            search_with(y, 1, 2, -1, &b);
            assert_same_search(&a, &b);
            search_with(x, 1, -1, 1, &a);
            search_with(y, 1, -1, 1, &b);
            assert_same_search(&a, &b);
            found++;
        }
        eng_state_free(x);
        eng_state_free(y);
    }
    assert_true(found > 0);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hidden_coin_does_not_matter),
        cmocka_unit_test(test_games_seed_does_not_matter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
