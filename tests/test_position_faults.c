/*
 * test_position_faults.c - the faults fuzzing found in the position format
 * (fuzz/fuzz_position.c), one test each: a position whose counters point
 * past what exists is refused with a message saying which counter, before
 * any code indexes with it. Each position starts as the whole JSON of a
 * real position (a random game of a shipped scenario, seeded), with one
 * value changed.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"

/* The whole position after `steps` random steps of a game of rules on
 * scenario (seed 3); the caller frees it. */
static json_t *position_after(const char *rules, const char *scenario, int steps)
{
    eng_error err;
    eng_match *m = eng_match_new(rules, scenario, NULL, 3, &err);
    if (!m)
        fail_msg("%s: %s", scenario, err.msg);
    t_random_playout(m->state, 3, steps);
    json_t *j = eng_state_json(m->state, ENG_VIEW_ALL);
    eng_match_free(m);
    return j;
}

/* Loads pos (its own rules and scenario); expects a refusal naming want. */
static void expect_refused(const json_t *pos, const char *want)
{
    eng_error err;
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, 1, &err);
    if (m) {
        eng_match_free(m);
        fail_msg("loaded, but should be refused (\"%s\")", want);
    }
    T_EXPECT_HAS(err.msg, want);
}

static void expect_loads(const json_t *pos)
{
    eng_error err;
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, 1, &err);
    if (!m)
        fail_msg("refused: %s", err.msg);
    eng_match_free(m);
}

/* Pocket Battles: a unit's contact (unit_foe) is a global unit index; 127
 * is no unit of either army (the check of contacts read it from the array
 * of sides out of bounds). */
static void pkb_foe_out_of_range(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-battles", "romans-vs-celts-50", 60);
    expect_loads(pos);
    json_t *foes = json_object_get(json_array_get(json_object_get(json_object_get(pos,
                                   "internal"), "sides"), 0), "unit_foe");
    assert_true(json_array_size(foes) > 0);
    json_array_set_new(foes, 0, json_integer(127));
    expect_refused(pos, "internal.sides[0].unit_foe[0]: 127 is no enemy unit");
    /* a unit of its own side is no contact either */
    json_array_set_new(foes, 0, json_integer(1));
    expect_refused(pos, "internal.sides[0].unit_foe[0]: 1 is no enemy unit");
    json_decref(pos);
}

/* Pocket Battles: a unit formed but with no troop on top (unit_top 255, as
 * an army being built has when the array is cut short); its stack was
 * listed by shifting its troop mask 255 places. */
static void pkb_stack_without_top(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-battles", "romans-vs-celts-50", 60);
    expect_loads(pos);
    json_t *side = json_array_get(json_object_get(json_object_get(pos, "internal"), "sides"), 1);
    json_t *tops = json_object_get(side, "unit_top");
    assert_true(json_array_size(tops) > 0);
    json_array_set_new(tops, 0, json_integer(255));
    expect_refused(pos, "internal.sides[1].unit_top[0]: every unit formed has a troop on top");
    /* nor may a destroyed unit lose its top: its record still shows it */
    json_t *troops = json_object_get(side, "unit_troops");
    json_array_set_new(troops, 0, json_integer(0));
    expect_refused(pos, "internal.sides[1].unit_top[0]: every unit formed has a troop on top");
    json_decref(pos);
}

/* Any rule set: a position whose counters are each in range but leave the
 * side to decide nothing legal to do (found in The Portable Wargame: seven
 * of Red's units left out, the unit in action on another's square). */
static void dead_end_refused(void **state)
{
    (void)state;
    json_t *pos = t_checkout_json("fuzz/corpus/position/"
                                "portable-wargame-trench-assault-no-legal-action.json");
    expect_refused(pos, "the position leaves Red, who is to act, no legal action");
    json_decref(pos);
}

/* The Portable Wargame: a close combat under way with no side that won the
 * initiative (side_a left out, as a typo in its key leaves it); once the
 * dice were rolled, the side to act was worked out from side 255. */
static void ptw_combat_without_side_a(void **state)
{
    (void)state;
#define PTW_COMBAT(SIDE_A)                                                                    \
    "{\"rules\":\"portable-wargame\",\"scenario\":\"meeting\",\"turn\":3,"                     \
    "\"stage\":\"close combat\"," SIDE_A "\"to_act\":\"chance\",\"units\":["                   \
    "{\"ref\":\"1/INF2\",\"loc\":\"d4\",\"facing\":\"N\"},"                                   \
    "{\"ref\":\"2/INF2\",\"loc\":\"d5\",\"facing\":\"S\"}],"                                  \
    "\"activation\":{\"unit\":\"1/INF2\",\"steps\":0},"                                         \
    "\"combat\":{\"attacker\":\"1/INF2\",\"defender\":\"2/INF2\"}}"
    json_t *pos = json_loads(PTW_COMBAT("\"side_a\":1,"), 0, NULL);
    assert_non_null(pos);
    expect_loads(pos);
    json_decref(pos);
    pos = json_loads(PTW_COMBAT(""), 0, NULL);
    assert_non_null(pos);
    expect_refused(pos, "side_a: at stage \"close combat\" a side acts");
    json_decref(pos);
}

/* The Portable Wargame: internal counters naming a unit or square that is
 * not in the scenario (a hit being resolved on unit 200 indexed its hits). */
static void ptw_internal_out_of_range(void **state)
{
    (void)state;
    json_t *pos = position_after("portable-wargame", "meeting", 40);
    expect_loads(pos);
    json_t *in = json_object_get(pos, "internal");
    json_object_set_new(in, "hit_unit", json_integer(200));
    expect_refused(pos, "internal.hit_unit: no unit 200");
    json_object_set_new(in, "hit_unit", json_integer(255));
    json_object_set_new(in, "cc_sq", json_integer(250));
    expect_refused(pos, "internal.cc_sq: no square 250");
    json_decref(pos);
}

/* Pocket Wargame: internal counters naming a force, unit or location that
 * is not in the scenario. */
static void pwg_internal_out_of_range(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-wargame", "meeting", 80);
    expect_loads(pos);
    json_t *in = json_object_get(pos, "internal");
    json_object_set_new(in, "first", json_integer(9));
    expect_refused(pos, "internal.first: no force 9 (the game has 2)");
    json_object_set_new(in, "first", json_integer(0));
    json_t *loc = json_object_get(in, "loc");
    assert_true(json_array_size(loc) > 0);
    json_array_set_new(loc, 0, json_integer(200));
    expect_refused(pos, "internal.loc[0]: no location 200");
    json_decref(pos);
}

/* Pocket Battles: a turn with no active player (the position of
 * tests/positions/pkb-engaged.json with "active": null); its legal actions
 * were read from the side 255. */
static void pkb_turn_without_active(void **state)
{
    (void)state;
    json_t *pos = t_checkout_json("tests/positions/pkb-engaged.json");
    expect_loads(pos);
    json_object_set_new(pos, "active", json_null());
    json_object_del(pos, "to_act");
    expect_refused(pos, "active: in the \"turn\" phase a player is active");
    json_decref(pos);
}

/* Pocket Battles: the deployment with no attacker (the battle's first round
 * is worked out from it once the armies are placed: from side 255). */
static void pkb_deployment_without_attacker(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-battles", "romans-vs-celts-50", 0);
    for (int k = 0; k < 40 && strcmp(json_string_value(json_object_get(pos, "phase")),
                                     "deployment") != 0; k++) {
        json_decref(pos);
        pos = position_after("pocket-battles", "romans-vs-celts-50", k + 1);
    }
    T_EXPECT_STR(json_string_value(json_object_get(pos, "phase")), "deployment");
    expect_loads(pos);
    json_object_set_new(pos, "attacker", json_null());
    json_object_del(pos, "internal");
    json_object_del(pos, "to_act");
    expect_refused(pos, "attacker: in the \"deployment\" phase the attacker is known");
    json_decref(pos);
}

/* Pocket Wargame, during the deal: a location listed twice (its second
 * entry took the card off but left the card's terrain), and a location the
 * deal has not reached given a card. Either made a position whose JSON
 * reloaded to another state. */
static void pwg_deal_cells(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-wargame", "three-kingdoms", 5);
    T_EXPECT_STR(json_string_value(json_object_get(pos, "stage")), "deal");
    expect_loads(pos);
    json_t *cells = json_object_get(json_object_get(pos, "board"), "cells");
    size_t last = json_array_size(cells) - 1;
    json_t *first = json_array_get(cells, 0);
    T_EXPECT_STR(json_string_value(json_object_get(first, "loc")), "a1");
    json_t *again = json_pack("{s:s,s:n,s:n}", "loc", "a1", "card", "terrain");
    json_array_append_new(cells, again);
    char want[64];
    snprintf(want, sizeof want, "board.cells[%zu]: a1 is listed twice", last + 1);
    expect_refused(pos, want);
    json_array_remove(cells, last + 1);
    json_object_set(json_array_get(cells, last), "card", json_object_get(first, "card"));
    expect_refused(pos, "but the deal has not reached it");
    json_decref(pos);
}

/* The Portable Wargame hides nothing, so its views were not marked: a
 * side's view loaded as a whole position, with a new generator in place of
 * the one it left out (another position for what chance brings). */
static void ptw_view_refused(void **state)
{
    (void)state;
    eng_error err;
    eng_match *m = eng_match_new("portable-wargame", "meeting", NULL, 3, &err);
    assert_non_null(m);
    t_random_playout(m->state, 3, 30);
    json_t *view = eng_state_json(m->state, 0);
    assert_int_equal(json_integer_value(json_object_get(view, "viewer")), 1);
    expect_refused(view, "position field \"viewer\": this is one side's view");
    json_decref(view);
    json_t *whole = eng_state_json(m->state, ENG_VIEW_ALL);
    expect_loads(whole);
    assert_null(json_object_get(whole, "viewer"));     /* unchanged for the whole position */
    json_decref(whole);
    eng_match_free(m);
}

/* Pocket Wargame: a position without "options" of a scenario that sets its
 * own (mountain-pass: mountainous terrain) was recorded with the options
 * given, none, while the position the record holds lists the scenario's; so
 * the record read back named them and saved differently, though the game
 * was the same. The record now names the options the position holds. */
static void pwg_position_options_recorded(void **state)
{
    (void)state;
    json_t *pos = position_after("pocket-wargame", "mountain-pass", 60);
    json_t *held = json_object_get(pos, "options");
    assert_string_equal(json_string_value(json_object_get(held, "terrain")), "mountainous");
    json_object_del(pos, "options");
    eng_error err;
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, 1, &err);
    if (!m)
        fail_msg("refused: %s", err.msg);
    char *first = t_record_text(m);
    T_EXPECT_HAS(first, "[Options \"{\\\"terrain\\\":\\\"mountainous\\\"}\"]");
    eng_match *back = eng_match_load_text(first, "saved", &err);
    if (!back)
        fail_msg("the record does not load: %s", err.msg);
    char *second = t_record_text(back);
    assert_string_equal(first, second);
    assert_true(eng_state_equal(m->state, back->state));
    free(first);
    free(second);
    eng_match_free(back);
    eng_match_free(m);
    json_decref(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pkb_foe_out_of_range),
        cmocka_unit_test(ptw_combat_without_side_a),
        cmocka_unit_test(ptw_internal_out_of_range),
        cmocka_unit_test(pwg_internal_out_of_range),
        cmocka_unit_test(pkb_turn_without_active),
        cmocka_unit_test(pwg_deal_cells),
        cmocka_unit_test(ptw_view_refused),
        cmocka_unit_test(pkb_deployment_without_attacker),
        cmocka_unit_test(pwg_position_options_recorded),
        cmocka_unit_test(pkb_stack_without_top),
        cmocka_unit_test(dead_end_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
