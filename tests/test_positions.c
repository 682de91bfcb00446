/*
 * test_positions.c - positions as data, over every rule set and shipped
 * scenario: the whole position's JSON loads back to an equal state with the
 * same fingerprint and the same JSON, at every position of random games
 * (thousands per rule set), and every fifth one with its "internal"
 * counters left out (as by hand) loads and has the same legal actions;
 * hand-written positions of each rule set
 * (tests/positions/) load and play on by the rules; and each check that
 * loading makes refuses a position that breaks it, saying what and where,
 * and loads nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"
#include "ai.h"

#define GAMES_PER_SCENARIO 6
#define MAX_STEPS 20000

static long positions_checked, positions_readable;

/* The position's readable keys alone ("internal" left out, as a position
 * written by hand): it loads, and the same actions are legal there. */
static void readable_alone(const eng_state *s, const json_t *j)
{
    json_t *r = json_deep_copy(j);
    json_object_del(r, "internal");
    eng_error err;
    eng_state *t = eng_state_from_json(eng_state_game(s), r, 1, &err);
    char st[256];
    eng_status_text(s, st, sizeof st);
    /* armies formed in play: their make-up is in "internal" alone */
    bool built = false;
    for (size_t p = 0; p < json_array_size(json_object_get(j, "players")); p++) {
        const char *army = json_string_value(
            json_object_get(json_array_get(json_object_get(j, "players"), p), "army"));
        built |= army && strcmp(army, "built in play") == 0;
    }
    if (built) {
        eng_state_free(t);
        json_decref(r);
        return;
    }
    if (!t)
        fail_msg("without \"internal\", the position at \"%s\" is refused: %s", st, err.msg);
    char *a = t_legal_text(s), *b = t_legal_text(t);
    if (strcmp(a, b) != 0)
        fail_msg("without \"internal\", other actions are legal at \"%s\":\n  %s\n  %s", st, a,
                 b);
    free(a);
    free(b);
    eng_state_free(t);
    json_decref(r);
    positions_readable++;
}

static void round_trip(const eng_state *s)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    /* through text, as a file would carry it */
    char *text = json_dumps(j, JSON_COMPACT);
    json_error_t jerr;
    json_t *back = json_loads(text, 0, &jerr);
    assert_non_null(back);
    eng_error err;
    eng_state *t = eng_state_from_json(eng_state_game(s), back, 12345, &err);
    if (!t) {
        char st[256];
        eng_status_text(s, st, sizeof st);
        fail_msg("%s: position refused at \"%s\": %s", eng_rules_name(eng_game_rules(
                 eng_state_game(s))), st, err.msg);
    }
    json_t *j2 = eng_state_json(t, ENG_VIEW_ALL);
    if (!json_equal(j, j2)) {
        char *a = json_dumps(j, JSON_INDENT(1) | JSON_SORT_KEYS);
        char *b = json_dumps(j2, JSON_INDENT(1) | JSON_SORT_KEYS);
        FILE *f = fopen("/tmp/pos_a.json", "w"); fputs(a, f); fclose(f);
        f = fopen("/tmp/pos_b.json", "w"); fputs(b, f); fclose(f);
        free(a);
        free(b);
        fail_msg("the loaded position prints other JSON (/tmp/pos_a.json, /tmp/pos_b.json)");
    }
    if (!eng_state_equal(s, t) || eng_state_hash(s) != eng_state_hash(t)) {
        size_t n = eng_state_size(eng_state_game(s));
        const unsigned char *p = (const void *)s, *q = (const void *)t;
        size_t first = 0;
        for (size_t i = sizeof(void *); i < n; i++)
            if (p[i] != q[i]) {
                first = i;
                break;
            }
        fail_msg("loaded position differs from the original at byte %zu", first);
    }
    if (positions_checked % 5 == 0)
        readable_alone(s, j);
    positions_checked++;
    eng_state_free(t);
    json_decref(j);
    json_decref(j2);
    json_decref(back);
    free(text);
}

static void random_game(const eng_rules *r, const char *scenario, uint64_t seed)
{
    eng_error err;
    eng_match *m = eng_match_new(eng_rules_name(r), scenario, NULL, seed, &err);
    if (!m)
        fail_msg("%s/%s: %s", eng_rules_name(r), scenario, err.msg);
    eng_rng pick;
    rng_seed(&pick, seed * 131 + 3);
    eng_action acts[ENG_MAX_ACTIONS];
    while (!eng_is_terminal(m->state) && m->nsteps < MAX_STEPS) {
        round_trip(m->state);
        if (eng_current_player(m->state) == ENG_CHANCE) {
            eng_match_apply_chance(m);
        } else {
            /* as the random player: conceding (weight 0) left out */
            int n = eng_legal_actions(m->state, acts);
            double w[ENG_MAX_ACTIONS];
            if (ai_hints_playout_weights(m->state, acts, n, w)) {
                int k = 0;
                for (int i = 0; i < n; i++)
                    if (w[i] > 0)
                        acts[k++] = acts[i];
                n = k;
            }
            eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false, &err);
        }
    }
    round_trip(m->state);
    eng_match_free(m);
}

static void round_trips_of(const char *rules)
{
    const eng_rules *r = eng_rules_find(rules);
    assert_non_null(r);
    assert_true(eng_rules_loads_positions(r));
    char **names;
    int ns = eng_scenario_names(r, &names);
    long before = positions_checked, readable_before = positions_readable;
    for (int k = 0; k < ns; k++)
        for (uint64_t seed = 1; seed <= GAMES_PER_SCENARIO; seed++)
            random_game(r, names[k], seed);
    eng_names_free(names, ns);
    assert_true(positions_checked - before >= 1000);
    printf("# %s: %ld positions round-tripped, %ld of them also loaded from their readable "
           "keys alone\n", rules, positions_checked - before, positions_readable - readable_before);
}

static void pwg_round_trip(void **state) { (void)state; round_trips_of("pocket-wargame"); }
static void ptw_round_trip(void **state) { (void)state; round_trips_of("portable-wargame"); }
static void pkb_round_trip(void **state) { (void)state; round_trips_of("pocket-battles"); }

/* ---- hand-written positions ---------------------------------------------------- */

static json_t *position_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/positions/%s", name);
    return t_checkout_json(path);
}

static eng_match *load_at(const json_t *pos)
{
    eng_error err;
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, 7, &err);
    if (!m)
        fail_msg("position refused: %s", err.msg);
    return m;
}

static const char *status_of(const eng_state *s)
{
    static char buf[256];
    eng_status_text(s, buf, sizeof buf);
    return buf;
}

static json_t *unit_of(json_t *st, const char *list, const char *key, const char *ref)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(st, list), i, u)
        if (strcmp(json_string_value(json_object_get(u, key)), ref) == 0)
            return u;
    fail_msg("no unit %s", ref);
    return NULL;
}

/* The Portable Wargame: Red's infantry in the town at d4 assaults Blue's at
 * d5 (both in a built-up area, +1 each for cover; infantry front-on needs
 * 3): Red rolls 3 (4, not hit), Blue 1 (2, hit). */
static void ptw_hand_written(void **state)
{
    (void)state;
    json_t *pos = position_file("ptw-assault.json");
    eng_match *m = load_at(pos);
    T_EXPECT_STR(status_of(m->state), "Turn 3, side A, Red to act");
    json_t *st = eng_state_json(m->state, ENG_VIEW_ALL);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(json_object_get(st, "sides"),
                                                                       1), "lost")), 1);
    T_EXPECT_STR(json_string_value(json_object_get(unit_of(st, "units", "ref", "1/INF2"), "loc")),
                 "d4");
    json_decref(st);
    char *legal = t_legal_text(m->state);
    T_EXPECT_HAS(legal, "assault INF2 d5");
    free(legal);
    eng_error err;
    assert_int_equal(eng_match_apply_text(m, "assault INF2 d5", false, &err), 0);
    assert_int_equal(eng_match_apply_text(m, "3", true, &err), 0);
    assert_int_equal(eng_match_apply_text(m, "1", true, &err), 0);
    T_EXPECT_HAS(status_of(m->state), "hit on 2/INF2");
    /* the record starts from the position and replays from it */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(eng_match_save(m, f, &err), 0);
    fclose(f);
    T_EXPECT_HAS(buf, "[Position \"{");
    eng_match *back = eng_match_load_text(buf, "saved", &err);
    if (!back)
        fail_msg("%s", err.msg);
    assert_true(eng_state_equal(back->state, m->state));
    eng_match_undo(back, 3);
    T_EXPECT_STR(status_of(back->state), "Turn 3, side A, Red to act");
    eng_match_free(back);
    free(buf);
    eng_match_free(m);
    json_decref(pos);
}

/* The Portable Wargame: the same fight loaded while it is under way (a
 * combat in progress): the dice come next, and fall as above. */
static void ptw_combat_in_progress(void **state)
{
    (void)state;
    json_t *pos = position_file("ptw-close-combat.json");
    eng_match *m = load_at(pos);
    assert_int_equal(eng_current_player(m->state), ENG_CHANCE);
    T_EXPECT_STR(status_of(m->state), "Turn 3, close combat, 1/INF2 attacks 2/INF2, the attacker "
                                      "rolls");
    eng_error err;
    assert_int_equal(eng_match_apply_text(m, "3", true, &err), 0);
    assert_int_equal(eng_match_apply_text(m, "1", true, &err), 0);
    T_EXPECT_HAS(status_of(m->state), "hit on 2/INF2");
    eng_match_free(m);
    json_decref(pos);
}

/* Pocket Wargame: in the Ranged phase Red's missile troops at e3 may shoot
 * at Blue's heavy infantry next to them, or Red ends the phase. */
static void pwg_hand_written(void **state)
{
    (void)state;
    json_t *pos = position_file("pwg-ranged.json");
    eng_match *m = load_at(pos);
    T_EXPECT_STR(status_of(m->state), "Turn 2, Ranged phase, Red to act");
    char *legal = t_legal_text(m->state);
    T_EXPECT_STR(legal, "shoot LM1 2/HI1; end");
    free(legal);
    json_t *st = eng_state_json(m->state, ENG_VIEW_ALL);
    T_EXPECT_STR(json_string_value(json_object_get(unit_of(st, "units", "ref", "2/LI2"),
                                                   "condition")), "wavering");
    json_decref(st);
    eng_match_free(m);
    json_decref(pos);
}

/* Pocket Battles: the Elves' A7 and the Orcs' B4 are engaged in the
 * centre; A7 (one order on it already) may carry on the fight for two
 * more tokens, the cost of a second order; tokens balance (5 each). */
static void pkb_hand_written(void **state)
{
    (void)state;
    json_t *pos = position_file("pkb-engaged.json");
    eng_match *m = load_at(pos);
    T_EXPECT_STR(status_of(m->state), "Round 1 turn 3 (Elves), Elves to redeploy or act");
    char *legal = t_legal_text(m->state);
    T_EXPECT_HAS(legal, "order A7 fight B4");
    T_EXPECT_LACKS(legal, "order A1 fight");
    free(legal);
    json_t *st = eng_state_json(m->state, ENG_VIEW_ALL);
    json_t *elves = json_array_get(json_object_get(st, "players"), 0);
    json_t *tk = json_object_get(elves, "tokens");
    assert_int_equal(json_integer_value(json_object_get(tk, "orders")), 2);   /* 1 + 1 passed */
    assert_int_equal(json_integer_value(json_object_get(tk, "unused")), 3);
    json_t *a7 = unit_of(elves, "units", "label", "A7");
    T_EXPECT_STR(json_string_value(json_array_get(json_object_get(a7, "contacts"), 0)), "B4");
    json_decref(st);
    eng_match_free(m);
    json_decref(pos);
}

/* ---- refusals --------------------------------------------------------------------- */

/* The position text refused for a game of rules/scenario, with `want` in
 * the message. */
static void refused(const char *rules, const char *scenario, const char *text, const char *want)
{
    json_error_t jerr;
    json_t *pos = json_loads(text, 0, &jerr);
    if (!pos)
        fail_msg("test JSON: %s: %s", jerr.text, text);
    eng_error err;
    eng_match *m = eng_match_new(rules, scenario, NULL, 1, &err);
    assert_non_null(m);
    eng_state *s = eng_state_from_json(m->game, pos, 1, &err);
    if (s)
        fail_msg("loaded, but should be refused (\"%s\"): %s", want, text);
    T_EXPECT_HAS(err.msg, want);
    eng_match_free(m);
    json_decref(pos);
}

static void ptw_refusals(void **state)
{
    (void)state;
    const char *R = "portable-wargame";
    refused(R, "river-crossing", "{\"units\":[{\"ref\":\"1/INF1\",\"loc\":\"a5\"}]}",
            "unit 1/INF1: a5 is impassable river");
    refused(R, "meeting", "{\"units\":[{\"ref\":\"1/INF1\",\"loc\":\"c2\"}]}",
            "unit 1/INF2: c2 already holds 1/INF1");
    refused(R, "meeting", "{\"units\":[{\"ref\":\"2/INF1\",\"loc\":\"b2\"}]}",
            "units of both sides never share a square");
    refused(R, "meeting", "{\"turn\":2,\"stage\":\"close combat\",\"side_a\":1}",
            "the combat has no attacker and defender");
    refused(R, "meeting", "{\"stage\":\"combat\",\"combat\":{\"attacker\":\"1/INF1\"}}",
            "has no stage \"combat\"");
    refused(R, "meeting", "{\"stage\":\"activation\",\"combat\":{\"attacker\":\"1/INF1\"}}",
            "combat: a close combat needs an attacker and a defender");
    refused(R, "meeting", "{\"turn\":0}", "turn: 0 is out of range");
    refused(R, "meeting", "{\"stage\":\"initiative\",\"to_act\":2}",
            "to_act: at stage \"initiative\" the decision is chance's");
    refused(R, "meeting", "{\"units\":[{\"ref\":\"3/INF1\"}]}", "no unit \"3/INF1\"");
    refused(R, "meeting", "{\"close_combat\":\"2014\"}", "option close-combat");
    refused(R, "meeting", "{\"rules\":\"pocket-wargame\"}", "the position is of pocket-wargame");
    refused(R, "meeting", "{\"viewer\":1}", "one side's view");
    refused(R, "meeting", "{\"internal\":{\"cursor\":300}}", "internal.cursor: 300 is out of range");
}

static void pwg_refusals(void **state)
{
    (void)state;
    const char *W = "pocket-wargame";
    refused(W, "crossroads", "{\"board\":{\"cells\":[{\"loc\":\"e3\",\"terrain\":\"lake\"}]},"
            "\"units\":[{\"ref\":\"1/LM1\",\"loc\":\"e3\",\"condition\":\"steady\"}]}",
            "unit 1/LM1: e3 is lake, where no unit may stand");
    refused(W, "crossroads", "{\"turn\":2,\"phase\":\"melee\",\"stage\":\"cavalry\"}",
            "a \"cavalry\" stage belongs to the cavalry phase, not the melee phase");
    refused(W, "crossroads", "{\"turn\":2,\"phase\":\"alliances\",\"stage\":\"alliances\"}",
            "no alliances phase");
    refused(W, "crossroads", "{\"turn\":2,\"phase\":\"melee\",\"stage\":\"toss\"}",
            "no combat with combatants");
    refused(W, "crossroads", "{\"turn\":0,\"phase\":\"movement\",\"stage\":\"movement\"}",
            "set-up is turn 0");
    refused(W, "crossroads", "{\"units\":[{\"ref\":\"1/LI1\",\"condition\":\"steady\"}]}",
            "a steady unit needs a location");
    refused(W, "meeting", "{\"turn\":1,\"phase\":\"cavalry\",\"stage\":\"cavalry\"}",
            "has no card, but the deal is over");
}

static void pkb_refusals(void **state)
{
    (void)state;
    const char *B = "pocket-battles";
    const char *start = "\"round\":1,\"turn\":1,\"phase\":\"turn\",\"attacker\":1,"
                        "\"first\":1,\"active\":1,\"to_act\":1";
    char text[1024];
    snprintf(text, sizeof text, "{%s,\"players\":[{\"tokens\":{\"unused\":5},\"units\":"
             "[{\"label\":\"A1\",\"zone\":\"L-front\",\"orders\":1}]},{}]}", start);
    refused(B, "elves-vs-orcs-50", text,
            "5 unused + 0 passed + 0 set aside + 1 orders on units + 0 wounds on troops make 6, "
            "but each player has 5 tokens");
    snprintf(text, sizeof text, "{%s,\"players\":[{\"units\":[{\"label\":\"A1\",\"zone\":"
             "\"L-front\",\"contacts\":[\"B1\"]}]},{\"units\":[{\"label\":\"B1\","
             "\"zone\":\"R-front\"}]}]}", start);
    refused(B, "elves-vs-orcs-50", text, "units in contact stand together in an engagement zone");
    refused(B, "elves-vs-orcs-50", "{\"round\":0,\"phase\":\"turn\"}",
            "the battle's rounds start at 1");
    refused(B, "elves-vs-orcs-50", "{\"round\":2,\"phase\":\"deployment\"}",
            "a battle round has no \"deployment\" phase");
    snprintf(text, sizeof text, "{%s,\"phase\":\"dice\"}", start + 0);
    refused(B, "elves-vs-orcs-50", "{\"round\":1,\"turn\":1,\"phase\":\"dice\","
            "\"attacker\":1,\"active\":1}", "nothing is being resolved");
    refused(B, "elves-vs-orcs-50", "{\"phase\":\"melee\"}", "no phase \"melee\"");
    snprintf(text, sizeof text, "{%s,\"players\":[{\"units\":[{\"label\":\"A8\",\"troops\":"
             "[{\"code\":\"ELV13\",\"wounds\":2},{\"code\":\"ELV08\"},{\"code\":\"ELV28\"}]}]},"
             "{}]}", start);
    refused(B, "elves-vs-orcs-50", text, "wounds would have destroyed it");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ptw_hand_written),
        cmocka_unit_test(ptw_combat_in_progress),
        cmocka_unit_test(pwg_hand_written),
        cmocka_unit_test(pkb_hand_written),
        cmocka_unit_test(ptw_refusals),
        cmocka_unit_test(pwg_refusals),
        cmocka_unit_test(pkb_refusals),
        cmocka_unit_test(ptw_round_trip),
        cmocka_unit_test(pwg_round_trip),
        cmocka_unit_test(pkb_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
