/*
 * test_pwg_scenarios.c - Pocket Wargame: every shipped scenario, with
 * several seeds, plays to its end in random self-play within a sane number
 * of steps (under every variant: test_conformance.c); along the way the heuristic
 * stays in [0,1], clones stay equal, and at the end the returns sum to 1.
 * Also: the shipped scenarios say what the project promised (sizes,
 * forces, special rules), and their briefings say where the deck and
 * terrain options apply.
 */
#include "test_pwg_util.h"
#include "scenario.h"

#define MAX_STEPS 20000

static void play_out(eng_game *g, uint64_t seed, const char *what)
{
    eng_state *s = eng_state_new(g, seed);
    int players = eng_game_players(g), steps = 0;
    while (!eng_is_terminal(s) && steps < MAX_STEPS) {
        for (int p = 0; p < players; p++) {
            double h = eng_heuristic(s, p);
            if (!(h >= 0.0 && h <= 1.0))
                fail_msg("%s seed %llu: heuristic %g", what, (unsigned long long)seed, h);
        }
        if (steps % 97 == 0) {
            eng_state *c = eng_state_clone(s);
            assert_true(eng_state_equal(c, s));
            eng_state_free(c);
        }
        steps += t_random_playout(s, seed * 7919 + (uint64_t)steps, 1);
    }
    if (!eng_is_terminal(s))
        fail_msg("%s seed %llu: no end after %d steps (%s)", what, (unsigned long long)seed,
                 MAX_STEPS, pw_status(s));
    double ret[ENG_MAX_PLAYERS], sum = 0;
    eng_returns(s, ret);
    for (int p = 0; p < players; p++)
        sum += ret[p];
    assert_true(sum > 0.999999 && sum < 1.000001);
    eng_state_free(s);
}

static void test_every_scenario_plays_to_its_end(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("pocket-wargame");
    char **names;
    int n = eng_scenario_names(r, &names);
    assert_true(n >= 4);
    for (int i = 0; i < n; i++) {
        eng_game *g = t_game_named("pocket-wargame", names[i], NULL);
        for (uint64_t seed = 1; seed <= 20; seed++)
            play_out(g, seed, names[i]);
        eng_game_free(g);
    }
    eng_names_free(names, n);
}

static void test_other_decks_play(void **unused)
{
    (void)unused;
    static const char *const decks[] = {"german", "german36", "spanish", "spanish48"};
    for (int i = 0; i < 4; i++) {
        char opt[64];
        snprintf(opt, sizeof opt, "{\"deck\":\"%s\",\"terrain\":\"wetland-all-courts\"}", decks[i]);
        eng_game *g = t_game("pocket-wargame",
                             "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":"
                             "{\"deal\":true,\"width\":8,\"height\":4},\"forces\":["
                             "{\"units\":{\"LI\":2,\"HI\":1,\"LC\":1,\"LM\":1}},"
                             "{\"units\":{\"LI\":2,\"HI\":1,\"HC\":1,\"HM\":1}}]}", opt);
        for (uint64_t seed = 1; seed <= 5; seed++)
            play_out(g, seed, decks[i]);
        eng_game_free(g);
    }
}

static void test_shipped_scenarios_as_promised(void **unused)
{
    (void)unused;
    /* meeting: two forces of eight, dealt 9x6 */
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    assert_int_equal(eng_game_players(g), 2);
    eng_state *s = eng_state_new(g, 3);
    T_EXPECT_STR(pw_status(s), "Deal: card for a1");
    assert_int_equal(pw_force_int(s, 1, "units_left"), 8);
    assert_int_equal(pw_force_int(s, 2, "units_left"), 8);
    eng_state_free(s);
    eng_game_free(g);

    /* three kingdoms: three forces, alliances, Green on the west edge between
     * the corners (its light cavalry may not go forward into Red's or
     * Blue's area either) */
    g = t_game_named("pocket-wargame", "three-kingdoms", NULL);
    assert_int_equal(eng_game_players(g), 3);
    s = eng_state_new(g, 3);
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
    t_play(s, "deploy LI b1");
    t_play(s, "deploy LI b6");
    const char *legal = pw_legal(s);
    T_EXPECT_LACKS(legal, " a1");
    T_EXPECT_LACKS(legal, " a6");
    T_EXPECT_HAS(legal, "deploy LI a2");
    eng_state_free(s);
    eng_game_free(g);

    /* mountain pass: spades are mountains, a General, the exit rule */
    g = t_game_named("pocket-wargame", "mountain-pass", NULL);
    s = eng_state_new(g, 3);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *a2 = json_array_get(json_object_get(json_object_get(st, "board"), "cells"), 7);
    T_EXPECT_STR(json_string_value(json_object_get(a2, "card")), "AS");
    T_EXPECT_STR(json_string_value(json_object_get(a2, "terrain")), "mountain");
    T_EXPECT_STR(json_string_value(json_object_get(pw_unit(st, "1/GEN1"), "coin")), "\u00a31");
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);

    /* crossroads: Blue's cavalry waits in reserve */
    g = t_game_named("pocket-wargame", "crossroads", NULL);
    s = eng_state_new(g, 3);
    T_EXPECT_STR(pw_cond(s, "2/HC1"), "reserve");
    T_EXPECT_STR(pw_cond(s, "2/LC1"), "reserve");
    eng_state_free(s);
    eng_game_free(g);
}

/* The briefing's special rules, joined as one text. */
static char *special_text(eng_game *g)
{
    json_t *b = eng_briefing(g);
    char *text = json_dumps(json_object_get(b, "special"), 0);
    json_decref(b);
    eng_game_free(g);
    return text;
}

static void test_briefing_says_where_terrain_options_apply(void **unused)
{
    (void)unused;
    /* crossroads' battlefield is fixed by terrain letters: no deck or
     * terrain set reaches it, and the briefing says so */
    char *text = special_text(
        t_game_named("pocket-wargame", "crossroads", "{\"terrain\": \"wetland\"}"));
    T_EXPECT_HAS(text, "is fixed by the scenario, its terrain place by place: the deck and "
                       "terrain options (deck, jokers, joker, terrain) do not apply to it");
    T_EXPECT_LACKS(text, "swamp");
    T_EXPECT_LACKS(text, "Terrain (");
    free(text);
    /* a dealt battlefield takes them */
    text = special_text(
        t_game_named("pocket-wargame", "meeting", "{\"terrain\": \"wetland\"}"));
    T_EXPECT_HAS(text, "is dealt at random");
    T_EXPECT_HAS(text, "spades swamp (court cards lake)");
    free(text);
    /* so does one fixed card by card: the cards' suits give the terrain */
    text = special_text(
        t_game_named("pocket-wargame", "mountain-pass", "{\"terrain\": \"wetland\"}"));
    T_EXPECT_HAS(text, "is fixed by the scenario, card by card");
    T_EXPECT_HAS(text, "spades swamp (court cards lake)");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scenario_plays_to_its_end),
        cmocka_unit_test(test_other_decks_play),
        cmocka_unit_test(test_shipped_scenarios_as_promised),
        cmocka_unit_test(test_briefing_says_where_terrain_options_apply),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
