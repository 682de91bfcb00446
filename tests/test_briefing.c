/*
 * test_briefing.c - every shipped scenario of every rule set has a
 * briefing whose limit and victory numbers are the scenario data's: Pocket
 * Wargame's turn limit and points to win, The Portable Wargame's turn
 * limit, exhaustion points (a third of each side's units, rounded up) and
 * objectives, Pocket Battles' round limit, size and the half of each army
 * to destroy. Also the shape every front end relies on.
 */
#include <stdlib.h>
#include "support.h"
#include "scenario.h"

static long num(const json_t *o, const char *key, long dflt)
{
    const json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

/* The shape: title, limit, victory sentences, sides with forces, special. */
static void check_shape(const json_t *b, const char *rules, const char *name, int sides)
{
    T_EXPECT_STR(json_string_value(json_object_get(b, "rules")), rules);
    T_EXPECT_STR(json_string_value(json_object_get(b, "scenario")), name);
    assert_true(json_is_string(json_object_get(b, "title")));
    assert_true(json_array_size(json_object_get(b, "victory")) > 0);
    assert_true(json_is_array(json_object_get(b, "special")));
    const json_t *ss = json_object_get(b, "sides");
    assert_int_equal(json_array_size(ss), sides);
    for (size_t i = 0; i < json_array_size(ss); i++)
        assert_true(json_array_size(json_object_get(json_array_get(ss, i), "forces")) > 0);
}

static void check_pwg(const json_t *sc, const json_t *b)
{
    const json_t *v = json_object_get(sc, "victory");
    long limit = num(v, "turn_limit", 0);
    assert_int_equal(num(b, "turn_limit", -1), limit);
    assert_int_equal(num(b, "points_to_win", -1), num(v, "points_to_win", 0));
    if (limit)
        assert_int_equal(num(json_object_get(b, "limit"), "count", -1), limit);
    T_EXPECT_STR(json_string_value(json_object_get(b, "at_limit")),
                 json_string_value(json_object_get(v, "at_limit")));
}

static void check_ptw(const json_t *sc, const json_t *b)
{
    const json_t *v = json_object_get(sc, "victory");
    long limit = num(v, "turn_limit", 15);
    assert_int_equal(num(b, "turn_limit", -1), limit);
    assert_int_equal(num(json_object_get(b, "limit"), "count", -1), limit);
    const json_t *sides = json_object_get(sc, "sides");
    const json_t *ex = json_object_get(b, "exhaustion");
    for (size_t i = 0; i < 2; i++) {
        long units = (long)json_array_size(json_object_get(json_array_get(sides, i), "units"));
        assert_int_equal(json_integer_value(json_array_get(ex, i)), (units + 2) / 3);
    }
    assert_int_equal(json_array_size(json_object_get(b, "objectives")),
                     json_array_size(json_object_get(v, "objectives")));
}

static void check_pkb(const json_t *sc, const json_t *b, const eng_game *g)
{
    const json_t *opts = json_object_get(sc, "options");
    long rounds = num(opts, "rounds", 0);   /* the rulebook has no round limit */
    assert_int_equal(num(b, "round_limit", -1), rounds);
    if (rounds)
        assert_int_equal(num(json_object_get(b, "limit"), "count", -1), rounds);
    else
        assert_true(json_is_null(json_object_get(b, "limit")));
    assert_int_equal(num(b, "size", -1), num(sc, "size", 50));
    assert_int_equal(num(b, "tokens", -1), num(sc, "size", 50) / 10);
    /* a ready-made army's points and half as the position counts them */
    eng_state *s = eng_state_new(g, 1);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    const json_t *players = json_object_get(st, "players");
    for (size_t p = 0; p < 2; p++) {
        const json_t *side = json_array_get(json_object_get(b, "sides"), p);
        long pts = num(json_array_get(players, p), "army_points", -1);
        if (num(side, "points", 0) == 0)
            continue;   /* built in play */
        assert_int_equal(num(side, "points", -1), pts);
        assert_int_equal(num(side, "half", -1), (pts + 1) / 2);
    }
    json_decref(st);
    eng_state_free(s);
}

static void test_every_shipped_scenario(void **unused)
{
    (void)unused;
    int checked = 0;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        char **names;
        int n = eng_scenario_names(*r, &names);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            eng_error err;
            json_t *sc = eng_scenario_load(*r, names[i], &err);
            if (!sc)
                fail_msg("%s", err.msg);
            eng_game *g = eng_game_new(*r, sc, NULL, &err);
            if (!g)
                fail_msg("%s: %s", names[i], err.msg);
            json_t *b = eng_briefing(g);
            assert_non_null(b);
            const char *rn = eng_rules_name(*r);
            check_shape(b, rn, names[i], eng_game_players(g));
            T_EXPECT_STR(json_string_value(json_object_get(b, "title")),
                         json_string_value(json_object_get(sc, "title")));
            if (strcmp(rn, "pocket-wargame") == 0)
                check_pwg(sc, b);
            else if (strcmp(rn, "portable-wargame") == 0)
                check_ptw(sc, b);
            else if (strcmp(rn, "pocket-battles") == 0)
                check_pkb(sc, b, g);
            else
                fail_msg("no briefing check for %s", rn);
            json_decref(b);
            eng_game_free(g);
            json_decref(sc);
            checked++;
        }
        eng_names_free(names, n);
    }
    assert_int_equal(checked, 11);   /* 4 + 3 + 4 shipped scenarios */
}

/* The sentences come from the data: a scenario's own numbers appear. */
static void test_sentences_follow_the_data(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "river-crossing", NULL);
    json_t *b = eng_briefing(g);
    char *text = json_dumps(b, 0);
    T_EXPECT_HAS(text, "at the end of turn 12");
    T_EXPECT_HAS(text, "objectives e7, f7 and g6");
    T_EXPECT_HAS(text, "(Red 4 units lost, Blue 2");   /* 10 units and 6 */
    free(text);
    json_decref(b);
    eng_game_free(g);
    g = t_game_named("pocket-wargame", "crossroads", NULL);
    b = eng_briefing(g);
    text = json_dumps(b, 0);
    T_EXPECT_HAS(text, "At the end of turn 12, the force with the most points");
    T_EXPECT_HAS(text, "End phase of turn 3");
    T_EXPECT_HAS(text, "Blue's reinforcements arrive at a6 or i6: 1 light cavalry (LC), 1 heavy "
                       "cavalry (HC)");
    free(text);
    json_decref(b);
    eng_game_free(g);
    /* an option changes the briefing: a house round limit */
    g = t_game_named("pocket-battles", "elves-vs-orcs-50", "{\"rounds\":20}");
    b = eng_briefing(g);
    assert_int_equal(num(json_object_get(b, "limit"), "count", -1), 20);
    json_decref(b);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_shipped_scenario),
        cmocka_unit_test(test_sentences_follow_the_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
