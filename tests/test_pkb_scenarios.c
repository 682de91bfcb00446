/*
 * test_pkb_scenarios.c - Pocket Battles: every shipped scenario (under
 * every variant: test_conformance.c) plays to its end in random self-play
 * (players that never concede, so that battles are fought out), with the heuristic
 * in [0,1], clones equal, and returns summing to 1; the shipped scenarios
 * hold what they promise (armies, sizes, tokens, who builds).
 */
#include "test_pkb_util.h"
#include "rng.h"
#include "scenario.h"

#define MAX_STEPS 20000

/* A random legal action other than conceding. */
static eng_action pick(const eng_state *s, eng_rng *r)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    for (;;) {
        eng_action a = acts[rng_below(r, (uint32_t)n)];
        char t[ENG_TEXT_MAX];
        eng_action_text(s, a, t, sizeof t);
        if (strcmp(t, "concede") != 0 || n == 1)
            return a;
    }
}

static int play_out(eng_game *g, uint64_t seed, const char *what)
{
    eng_state *s = eng_state_new(g, seed);
    eng_rng r;
    rng_seed(&r, seed * 7919);
    int steps = 0;
    while (!eng_is_terminal(s) && steps < MAX_STEPS) {
        for (int p = 0; p < 2; p++) {
            double h = eng_heuristic(s, p);
            if (!(h >= 0.0 && h <= 1.0))
                fail_msg("%s seed %llu: heuristic %g", what, (unsigned long long)seed, h);
        }
        if (steps % 97 == 0) {
            eng_state *c = eng_state_clone(s);
            assert_true(eng_state_equal(c, s));
            eng_state_free(c);
        }
        eng_apply_fast(s, eng_current_player(s) == ENG_CHANCE ? eng_chance_sample(s) : pick(s, &r));
        steps++;
    }
    if (!eng_is_terminal(s))
        fail_msg("%s seed %llu: no end after %d steps (%s)", what, (unsigned long long)seed,
                 MAX_STEPS, pb_status(s));
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] + ret[1] > 0.999999 && ret[0] + ret[1] < 1.000001);
    int rounds = pb_int(s, "round");
    eng_state_free(s);
    return rounds;
}

static void test_every_scenario_plays_to_its_end(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("pocket-battles");
    char **names;
    int n = eng_scenario_names(r, &names);
    assert_true(n >= 4);
    for (int i = 0; i < n; i++) {
        eng_game *g = t_game_named("pocket-battles", names[i], NULL);
        int most = 0;
        for (uint64_t seed = 1; seed <= 12; seed++) {
            int rounds = play_out(g, seed, names[i]);
            if (rounds > most)
                most = rounds;
        }
        assert_true(most >= 2);   /* battles of several rounds, not only first-round ends */
        eng_game_free(g);
    }
    eng_names_free(names, n);
}

static void test_shipped_scenarios_hold_their_promises(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", eng_rules_default_scenario(
                                   eng_rules_find("pocket-battles")), NULL);
    T_EXPECT_STR(eng_game_scenario_name(g), "elves-vs-orcs-50");
    T_EXPECT_STR(eng_game_player_name(g, 0), "Elves");
    T_EXPECT_STR(eng_game_player_name(g, 1), "Orcs");
    eng_state *s = eng_state_new(g, 1);
    /* ready-made armies: straight to the roll for the attacker */
    T_EXPECT_STR(pb_status(s), "Roll for the attacker, the die of Elves");
    assert_int_equal(pb_player_int(s, 1, "army_points"), 50);
    assert_int_equal(pb_player_int(s, 2, "army_points"), 50);
    assert_int_equal(pb_tokens(s, 1, "total"), 5);
    eng_state_free(s);
    eng_game_free(g);
    g = t_game_named("pocket-battles", "elves-vs-orcs-80", NULL);
    s = eng_state_new(g, 1);
    assert_int_equal(pb_player_int(s, 1, "army_points"), 80);
    assert_int_equal(pb_player_int(s, 2, "army_points"), 80);
    assert_int_equal(pb_tokens(s, 2, "total"), 8);
    eng_state_free(s);
    eng_game_free(g);
    g = t_game_named("pocket-battles", "romans-vs-celts-50", NULL);
    T_EXPECT_STR(eng_game_player_name(g, 0), "Romans");
    T_EXPECT_STR(eng_game_player_name(g, 1), "Celts");
    eng_game_free(g);
    g = t_game_named("pocket-battles", "build-your-armies", NULL);
    s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Army building, Romans choose troops and form units");
    assert_int_equal(pb_tokens(s, 1, "total"), 6);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scenario_plays_to_its_end),
        cmocka_unit_test(test_shipped_scenarios_hold_their_promises),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
