/*
 * test_pwg_hidden.c - secrets in Pocket Wargame and players that do not
 * peek: a coin placed in the current deployment round is hidden from the
 * other forces (view, notation as they see it); re-dealing hidden things
 * for a viewer leaves everything that viewer sees unchanged; and a computer
 * player's choice does not change when the hidden coin is another one, nor
 * when the game's seed for future chance is another.
 */
#include <string.h>
#include "support.h"
#include "ai.h"

/* The meeting scenario dealt, at Red's first deployment (Red places first). */
static eng_state *at_deployment(eng_game *g, uint64_t seed)
{
    eng_state *s = eng_state_new(g, seed);
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
    assert_int_equal(eng_current_player(s), 0);
    return s;
}

static json_t *view(const eng_state *s, int p) { return eng_state_json(s, p); }

static void test_placement_hidden_until_round_ends(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = at_deployment(g, 4);
    assert_false(eng_hides_from(s, 0));
    eng_action a;
    eng_error err;
    char seen[ENG_TEXT_MAX];
    assert_int_equal(eng_action_parse(s, "deploy HI c1", &a, &err), 0);
    eng_action_text_seen(s, a, 1, seen, sizeof seen);
    assert_null(strstr(seen, "c1"));            /* Blue may not see where */
    eng_action_text_seen(s, a, 0, seen, sizeof seen);
    assert_string_equal(seen, "deploy HI c1");  /* Red sees its own move */
    t_play(s, "deploy HI c1");
    assert_true(eng_hides_from(s, 1));
    assert_false(eng_hides_from(s, 0));
    /* Blue's placement completes the round: it is seen by Red at once */
    assert_int_equal(eng_action_parse(s, "deploy LC d6", &a, &err), 0);
    eng_action_text_seen(s, a, 0, seen, sizeof seen);
    assert_string_equal(seen, "deploy LC d6");
    t_play(s, "deploy LC d6");
    assert_false(eng_hides_from(s, 0));
    assert_false(eng_hides_from(s, 1));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_resample_keeps_the_viewers_view(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = at_deployment(g, 4);
    t_play(s, "deploy HM e1");
    json_t *before = view(s, 1);
    json_t *all_before = view(s, ENG_VIEW_ALL);
    int changed = 0;
    uint64_t rng = 99;
    for (int i = 0; i < 20; i++) {
        eng_state *c = eng_state_clone(s);
        eng_state_resample_hidden(c, 1, &rng);
        json_t *after = view(c, 1), *all_after = view(c, ENG_VIEW_ALL);
        assert_true(json_equal(before, after));    /* Blue sees the same */
        changed += !json_equal(all_before, all_after);
        char *l1 = t_legal_text(s), *l2 = t_legal_text(c);
        assert_string_equal(l1, l2);               /* Blue's choices are the same */
        free(l1);
        free(l2);
        json_decref(after);
        json_decref(all_after);
        eng_state_free(c);
    }
    assert_true(changed > 0);   /* the secret coin was really re-dealt */
    json_decref(before);
    json_decref(all_before);
    eng_state_free(s);
    eng_game_free(g);
}

/* Three forces: when Green is to place its coin, Red's and Blue's coins of
 * this round are both secret from Green, and each from the other. */
static void test_three_forces_two_secrets(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame",
                         "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"first\":1,"
                         "\"battlefield\":{\"terrain\":[\"oooo\",\"oooo\",\"oooo\",\"oooo\"]},"
                         "\"forces\":[{\"units\":[\"HI\",\"LC\"]},{\"units\":[\"HI\",\"LI\"]},"
                         "{\"units\":[\"HI\",\"LM\"]}]}", NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_action a;
    eng_error err;
    char seen[3][ENG_TEXT_MAX];
    static const char *const secret = "deploy (a coin not shown until the round is complete)";
    /* Red places: only Red sees where */
    assert_int_equal(eng_action_parse(s, "deploy HI a1", &a, &err), 0);
    for (int v = 0; v < 3; v++)
        eng_action_text_seen(s, a, v, seen[v], sizeof seen[v]);
    assert_string_equal(seen[0], "deploy HI a1");
    assert_string_equal(seen[1], secret);
    assert_string_equal(seen[2], secret);
    t_play(s, "deploy HI a1");
    /* Blue places: only Blue sees where */
    assert_int_equal(eng_action_parse(s, "deploy LI d4", &a, &err), 0);
    for (int v = 0; v < 3; v++)
        eng_action_text_seen(s, a, v, seen[v], sizeof seen[v]);
    assert_string_equal(seen[0], secret);
    assert_string_equal(seen[1], "deploy LI d4");
    assert_string_equal(seen[2], secret);
    t_play(s, "deploy LI d4");
    assert_int_equal(eng_current_player(s), 2);   /* Green to place */
    for (int v = 0; v < 3; v++)
        assert_true(eng_hides_from(s, v));
    /* each viewer sees its own coin and not the other's */
    json_t *red = view(s, 0), *blue = view(s, 1), *green = view(s, 2);
    static const struct { int viewer; const char *ref, *loc, *cond; } expect[] = {
        {0, "1/HI1", "a1", "steady"}, {0, "2/LI1", NULL, "undeployed"},
        {1, "1/HI1", NULL, "undeployed"}, {1, "2/LI1", "d4", "steady"},
        {2, "1/HI1", NULL, "undeployed"}, {2, "2/LI1", NULL, "undeployed"},
    };
    json_t *views[3] = {red, blue, green};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        json_t *u = NULL, *x;
        size_t k;
        json_array_foreach(json_object_get(views[expect[i].viewer], "units"), k, x)
            if (!strcmp(json_string_value(json_object_get(x, "ref")), expect[i].ref))
                u = x;
        assert_non_null(u);
        json_t *loc = json_object_get(u, "loc");
        if (expect[i].loc)
            assert_string_equal(json_string_value(loc), expect[i].loc);
        else
            assert_true(json_is_null(loc));
        assert_string_equal(json_string_value(json_object_get(u, "condition")), expect[i].cond);
    }
    json_t *gf = json_object_get(green, "forces");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(gf, 0), "placed_unseen")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(gf, 1), "placed_unseen")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(gf, 2), "placed_unseen")), 0);
    /* re-dealing for each viewer keeps what that viewer sees (and, for
     * Green to move, its choices); the other secrets really move */
    json_t *all = view(s, ENG_VIEW_ALL);
    uint64_t rng = 5;
    for (int v = 0; v < 3; v++) {
        int changed = 0;
        for (int i = 0; i < 30; i++) {
            eng_state *c = eng_state_clone(s);
            eng_state_resample_hidden(c, v, &rng);
            json_t *after = view(c, v), *all_after = view(c, ENG_VIEW_ALL);
            assert_true(json_equal(views[v], after));
            changed += !json_equal(all, all_after);
            if (v == 2) {
                char *l1 = t_legal_text(s), *l2 = t_legal_text(c);
                assert_string_equal(l1, l2);
                free(l1);
                free(l2);
            }
            json_decref(after);
            json_decref(all_after);
            eng_state_free(c);
        }
        assert_true(changed > 0);
    }
    json_decref(all);
    json_decref(red);
    json_decref(blue);
    json_decref(green);
    /* Green completes the round: everyone sees everything */
    t_play(s, "deploy LM a2");
    for (int v = 0; v < 3; v++)
        assert_false(eng_hides_from(s, v));
    eng_state_free(s);
    eng_game_free(g);
}

static eng_action choice_of(const char *kind, const eng_state *s)
{
    ai_config cfg = {.seed = 7, .iterations = 200};
    ai_player *p = ai_new(ai_kind_find(kind), &cfg);
    eng_action a = ai_choose(p, s, NULL);
    ai_free(p);
    return a;
}

static void test_thumb_and_flat_do_not_peek(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *a = at_deployment(g, 4), *b = at_deployment(g, 4);
    t_play(a, "deploy HM e1");      /* Red's secret coin differs ... */
    t_play(b, "deploy LI a1");
    json_t *va = view(a, 1), *vb = view(b, 1);
    assert_true(json_equal(va, vb));   /* ... but Blue cannot tell */
    json_decref(va);
    json_decref(vb);
    assert_false(eng_state_equal(a, b));
    assert_int_equal(choice_of("thumb", a), choice_of("thumb", b));
    assert_int_equal(choice_of("flat", a), choice_of("flat", b));
    eng_state_free(a);
    eng_state_free(b);
    eng_game_free(g);
}

static void test_thumb_and_flat_ignore_the_games_seed(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    /* the same steps from two seeds: the positions differ only in the
     * generator that will decide future coin tosses */
    eng_state *x = eng_state_new(g, 4), *y = eng_state_new(g, 5);
    eng_action acts[ENG_MAX_ACTIONS];
    for (int i = 0; i < 220; i++) {
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
    while (eng_current_player(x) < 0) {
        eng_action a = eng_chance_sample(x);
        eng_apply_fast(x, a);
        eng_apply_fast(y, a);
    }
    json_t *jx = eng_state_json(x, ENG_VIEW_ALL), *jy = eng_state_json(y, ENG_VIEW_ALL);
    /* the board is the same; only the seed and the generator differ */
    json_object_del(jx, "seed");
    json_object_del(jx, "generator");
    json_object_del(jy, "seed");
    json_object_del(jy, "generator");
    assert_true(json_equal(jx, jy));
    assert_false(eng_state_equal(x, y));
    json_decref(jx);
    json_decref(jy);
    assert_int_equal(choice_of("thumb", x), choice_of("thumb", y));
    assert_int_equal(choice_of("flat", x), choice_of("flat", y));
    eng_state_free(x);
    eng_state_free(y);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placement_hidden_until_round_ends),
        cmocka_unit_test(test_resample_keeps_the_viewers_view),
        cmocka_unit_test(test_three_forces_two_secrets),
        cmocka_unit_test(test_thumb_and_flat_do_not_peek),
        cmocka_unit_test(test_thumb_and_flat_ignore_the_games_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
