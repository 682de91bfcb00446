/*
 * test_pkb_army.c - Pocket Battles armies: order/wound tokens are a tenth
 * of the battle's size; the shipped example armies cost what the Russian
 * edition's lists print, group by group (the Orcs' 80-point list prints
 * 81: one group costs a point less here); army building in play chooses
 * troops within the size and forms units no larger than their lowest
 * formation value; the attacker is rolled for, ties rolled again; bad
 * armies, factions and options are refused with the field named.
 */
#include "test_pkb_util.h"

static void test_tokens_are_a_tenth_of_the_size(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26", "L-front",
                          ",\"size\":60", NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_int_equal(pb_tokens(s, 1, "total"), 6);   /* the rulebook's example: 60 -> 6 */
    assert_int_equal(pb_tokens(s, 1, "unused"), 6);
    assert_int_equal(pb_tokens(s, 2, "unused"), 6);
    eng_state_free(s);
    eng_game_free(g);
    g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    s = eng_state_new(g, 1);
    assert_int_equal(pb_tokens(s, 2, "total"), 5);   /* 50 -> 5 */
    eng_state_free(s);
    eng_game_free(g);
    g = t_game_named("pocket-battles", "elves-vs-orcs-80", "{\"size\": 100}");
    s = eng_state_new(g, 1);
    assert_int_equal(pb_tokens(s, 1, "total"), 10);
    eng_state_free(s);
    eng_game_free(g);
}

/* Each unit's points, in order, as "7 6 5 ..." */
static void unit_totals(const char *army, int size, char *out, size_t n)
{
    char opt[128];
    snprintf(opt, sizeof opt, "{\"army1\": \"%s\", \"size\": %d}", army, size);
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", opt);
    eng_state *s = eng_state_new(g, 1);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    size_t i, k, len = 0;
    json_t *u, *t;
    int sum = 0;
    out[0] = '\0';
    json_array_foreach(json_object_get(pb_player_json(st, 1), "units"), i, u) {
        int pts = 0;
        json_array_foreach(json_object_get(u, "troops"), k, t)
            pts += (int)json_integer_value(json_object_get(t, "points"));
        sum += pts;
        len += (size_t)snprintf(out + len, n - len, "%s%d", i ? " " : "", pts);
    }
    assert_int_equal(sum, json_integer_value(json_object_get(pb_player_json(st, 1), "army_points")));
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_example_armies_cost_the_printed_totals(void **unused)
{
    (void)unused;
    char t[256];
    /* the Russian edition's lists, group by group */
    unit_totals("elves-50", 50, t, sizeof t);
    T_EXPECT_STR(t, "7 6 5 2 7 7 6 10");
    unit_totals("elves-80", 80, t, sizeof t);
    T_EXPECT_STR(t, "6 7 6 8 5 2 16 14 6 10");
    unit_totals("orcs-50", 50, t, sizeof t);
    T_EXPECT_STR(t, "6 6 5 14 10 9");
    unit_totals("orcs-80", 80, t, sizeof t);
    T_EXPECT_STR(t, "16 5 6 6 5 12 10 9 11");   /* printed: ... 13 ..., summing to 81 */
    /* the armies designed after the English examples */
    unit_totals("romans-50", 50, t, sizeof t);
    T_EXPECT_STR(t, "6 5 11 9 10 4 5");
    unit_totals("romans-80", 80, t, sizeof t);
    T_EXPECT_STR(t, "6 5 11 9 10 4 5 13 4 5 8");
    unit_totals("celts-50", 50, t, sizeof t);
    T_EXPECT_STR(t, "6 5 8 5 8 6 9 3");
    unit_totals("celts-80", 80, t, sizeof t);
    T_EXPECT_STR(t, "6 5 8 5 8 6 9 3 8 5 5 4 5 3");
}

static eng_game *building_game(const char *options)
{
    return t_game("pocket-battles",
                  "{\"name\":\"t\",\"title\":\"t\",\"description\":\"t\",\"size\":50,\"attacker\":1,"
                  "\"players\":[{\"faction\":\"elves\",\"army\":\"build\"},"
                  "{\"faction\":\"orcs\",\"army\":\"orcs-50\"}]}", options);
}

static void test_building_respects_formation_and_size(void **unused)
{
    (void)unused;
    eng_game *g = building_game(NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Army building, Elves choose troops and form units");
    t_refused(s, "done", "at least one troop");
    t_refused(s, "add ELV26", "no unit to add to yet");
    /* the Russian example's unit: Horse Guard, Spearmen, Forest Spirits */
    t_play(s, "unit ELV13");
    t_play(s, "add ELV28");
    t_play(s, "add ELV08");
    t_refused(s, "add ELV26", "formation value is 3");
    T_EXPECT_LACKS(pb_legal(s), "add ");   /* the unit is full */
    t_refused(s, "unit ELV13", "already in the army");
    /* a troop of formation value 1 stays alone */
    t_play(s, "unit ELV06");
    t_refused(s, "add ELV26", "formation value is 1");
    t_play(s, "unit ELV03");            /* 4 + 2 + 4 + 6 + 7 = 23 points */
    t_play(s, "unit ELV09");            /* 31 */
    t_play(s, "unit ELV01");            /* 37 */
    t_play(s, "add ELV11");             /* 42: Queen (formation 2) and Horse Archers (2) */
    t_refused(s, "add ELV26", "formation value is 2");
    t_play(s, "unit ELV05");            /* 48 */
    t_refused(s, "unit ELV17", "the army would have 52, more than the battle's size 50");
    T_EXPECT_STR(pb_legal(s), "unit ELV26; add ELV26; unit ELV27; add ELV27; "
                               "unit ELV29; add ELV29; unit ELV30; add ELV30; done");
    t_play(s, "add ELV29");             /* 50 */
    T_EXPECT_STR(pb_legal(s), "done");
    t_play(s, "done");
    T_EXPECT_STR(pb_status(s), "Deployment, Elves place a stack");
    assert_int_equal(pb_player_int(s, 1, "army_points"), 50);
    T_EXPECT_STR(pb_unit_field(s, "A1", "troops"), "ELV13 ELV08 ELV28");   /* top first */
    T_EXPECT_STR(pb_unit_field(s, "A4", "troops"), "ELV09");
    T_EXPECT_STR(pb_unit_field(s, "A5", "troops"), "ELV01 ELV11");
    T_EXPECT_STR(pb_unit_field(s, "A6", "troops"), "ELV05 ELV29");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_both_build_then_roll_for_attacker(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "build-your-armies", NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_int_equal(pb_tokens(s, 1, "total"), 6);
    t_play(s, "unit ROM01");
    t_play(s, "unit ROM15");
    t_play(s, "add ROM16");
    t_play(s, "done");
    T_EXPECT_STR(pb_status(s), "Army building, Celts choose troops and form units");
    t_play(s, "unit CEL01");
    t_play(s, "done");
    T_EXPECT_STR(pb_status(s), "Roll for the attacker, the die of Romans");
    t_play(s, "roll 3");
    T_EXPECT_STR(pb_status(s), "Roll for the attacker, the die of Celts");
    t_play(s, "roll 3");                /* a tie: both roll again */
    T_EXPECT_STR(pb_status(s), "Roll for the attacker, the die of Romans");
    t_play(s, "roll 2");
    t_play(s, "roll 5");
    /* the higher roller attacks, and places first */
    assert_int_equal(pb_int(s, "attacker"), 2);
    T_EXPECT_STR(pb_status(s), "Deployment, Celts place a stack");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_options_choose_armies_and_factions(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50",
                               "{\"army1\": \"romans-50\", \"army2\": \"celts-50\"}");
    T_EXPECT_STR(eng_game_player_name(g, 0), "Romans");
    T_EXPECT_STR(eng_game_player_name(g, 1), "Celts");
    eng_game_free(g);
    /* a faction alone: that player builds an army of it */
    g = t_game_named("pocket-battles", "elves-vs-orcs-50", "{\"faction2\": \"orcs\", \"size\": 60}");
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pb_status(s), "Army building, Orcs choose troops and form units");
    T_EXPECT_HAS(pb_legal(s), "unit ORC01; unit ORC02;");
    eng_state_free(s);
    eng_game_free(g);
    /* a mirror match tells the sides apart */
    g = t_game_named("pocket-battles", "elves-vs-orcs-50", "{\"army2\": \"elves-50\"}");
    T_EXPECT_STR(eng_game_player_name(g, 0), "Elves 1");
    T_EXPECT_STR(eng_game_player_name(g, 1), "Elves 2");
    eng_game_free(g);
}

#define SC_HEAD "{\"name\":\"t\",\"title\":\"t\",\"description\":\"t\",\"size\":50,"

static void test_bad_input_names_the_field(void **unused)
{
    (void)unused;
    const char *why;
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":{\"faction\":\"elves\",\"units\":[[\"ELV99\"]]}},"
                     "{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].army.units[0][0]: \"ELV99\" is not one of the Elves' troops");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":{\"faction\":\"elves\",\"units\":"
                     "[[\"ELV06\",\"ELV26\"]]}},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].army.units[0]: 2 troops, but ELV06's formation value is 1");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":{\"faction\":\"elves\",\"units\":"
                     "[[\"ELV26\"],[\"ELV26\"]]}},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "units[1][0]: ELV26 is already in the army");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-80\"},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].army \"elves-80\": its troops cost 80 points, more than the "
                       "battle's size 50");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\"},{\"army\":\"orcs-50\"}]}",
                     "{\"size\": 55}");
    T_EXPECT_HAS(why, "option size: 55 is not a multiple of 10");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\"},{\"army\":\"orcs-50\"}]}",
                     "{\"faction1\": \"dwarves\"}");
    T_EXPECT_HAS(why, "no faction named \"dwarves\"");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\"},{\"army\":\"orcs-50\"}]}",
                     "{\"army2\": \"orcs-90\"}");
    T_EXPECT_HAS(why, "no army named \"orcs-90\"");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\"},{\"army\":\"orcs-50\"}]}",
                     "{\"special-actions\": \"never\"}");
    T_EXPECT_HAS(why, "option special-actions: expected after-first-turn or after-first-round");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"build\"},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0]: to build an army in play a player needs a faction");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"build\",\"faction\":{\"name\":\"Dwarves\","
                     "\"troops\":[{\"code\":\"DW1\",\"name\":\"Axes\",\"engagement\":[3,7],"
                     "\"wounds\":1,\"points\":2,\"formation\":4}]}},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].faction.troops[0].engagement[1]: a die face is a whole number "
                       "from 1 to 6");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"build\",\"faction\":{\"name\":\"Dwarves\","
                     "\"troops\":[{\"code\":\"DW1\",\"name\":\"Axes\",\"engagement\":[3],"
                     "\"wounds\":1,\"points\":2,\"formation\":4,\"traits\":[\"flying\"]}]}},"
                     "{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].faction.troops[0].traits[0]: unknown trait \"flying\"");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\",\"deploy\":[\"L-eng\"]},"
                     "{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].deploy: expected a list of 8 zones");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"orcs-50\",\"deploy\":[\"L-eng\",\"L-front\","
                     "\"L-front\",\"L-front\",\"L-front\",\"L-front\"]},{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0].deploy[0]: units deploy in a front or a rear");
    why = pb_refusal(SC_HEAD "\"players\":[{\"army\":\"elves-50\",\"horses\":3},"
                     "{\"army\":\"orcs-50\"}]}", NULL);
    T_EXPECT_HAS(why, "players[0]: unknown field \"horses\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens_are_a_tenth_of_the_size),
        cmocka_unit_test(test_example_armies_cost_the_printed_totals),
        cmocka_unit_test(test_building_respects_formation_and_size),
        cmocka_unit_test(test_both_build_then_roll_for_attacker),
        cmocka_unit_test(test_options_choose_armies_and_factions),
        cmocka_unit_test(test_bad_input_names_the_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
