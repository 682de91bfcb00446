/*
 * test_ai_eval_levels.c - which computer players judge by a rule set's
 * learned evaluation by default (ai_hints_eval_net_for_level): The Portable
 * Wargame names no levels, so every level and a bare tree search do;
 * Pocket Battles names normal and hard, so they load its network and easy
 * and a tree search named by its kind judge by the heuristic; the setting
 * eval= overrides either way.
 */
#include "support.h"
#include "ai.h"
#include "ai_private.h"

static ai_player *player(const char *spec)
{
    const ai_kind *k;
    ai_config cfg = {.seed = 1};
    eng_error err;
    assert_int_equal(ai_spec_parse(spec, NULL, &k, &cfg, &err), 0);
    return ai_new(k, &cfg);
}

static void test_levels_named(void **unused)
{
    (void)unused;
    const ai_kind *k;
    ai_config cfg = {0};
    eng_error err;
    assert_int_equal(ai_spec_parse("hard:iterations=10", NULL, &k, &cfg, &err), 0);
    assert_string_equal(cfg.level, "hard");
    assert_int_equal(ai_spec_parse("normal", NULL, &k, &cfg, &err), 0);
    assert_string_equal(cfg.level, "normal");
    assert_int_equal(ai_spec_parse("mcts:iterations=10", NULL, &k, &cfg, &err), 0);
    assert_null(cfg.level);

    eng_game *pw = t_game_named("portable-wargame", "meeting", NULL);
    assert_true(ai_hints_eval_net_for_level(pw, "normal"));
    assert_true(ai_hints_eval_net_for_level(pw, "hard"));
    assert_true(ai_hints_eval_net_for_level(pw, NULL));
    eng_game *pb = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    assert_true(ai_hints_eval_net_for_level(pb, "hard"));
    assert_true(ai_hints_eval_net_for_level(pb, "normal"));
    assert_false(ai_hints_eval_net_for_level(pb, "easy"));
    assert_false(ai_hints_eval_net_for_level(pb, "har"));
    assert_false(ai_hints_eval_net_for_level(pb, NULL));
    eng_game *pg = t_game_named("pocket-wargame", "meeting", NULL);   /* no network at all */
    assert_false(ai_hints_eval_net_for_level(pg, "hard"));
    eng_game_free(pw);
    eng_game_free(pb);
    eng_game_free(pg);
}

/* In Pocket Battles hard and normal load the network from the rule set's
 * weights file; easy and a bare tree search do not, unless told to. */
static void test_pocket_battles_players(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    eng_state *s = eng_state_new(g, 1);
    struct { const char *spec; bool net; } cases[] = {
        {"hard", true}, {"normal", true}, {"easy", false}, {"mcts", false},
        {"hard:eval=heuristic", false}, {"normal:eval=heuristic", false},
        {"easy:eval=net", true}, {"mcts:eval=net", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ai_player *p = player(cases[i].spec);
        bool has = ai_player_net(p, s) != NULL;
        if (has != cases[i].net)
            fail_msg("%s: network %s", cases[i].spec, has ? "loaded" : "not loaded");
        ai_free(p);
    }
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_named),
        cmocka_unit_test(test_pocket_battles_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
