/*
 * test_overrides.c - a scenario's own values for unit types, without
 * editing the shipped data files: The Portable Wargame's "unit_types" laid
 * over units.json (a changed close-combat figure decides a fight; a new
 * type), a Pocket Battles faction's own traits; and the data files each
 * game read, as the records and `pocketwar rules` name them.
 */
#include <stdio.h>
#include <unistd.h>
#include "test_ptw_util.h"
#include "match.h"

/* Red's infantry attacks from b1 with a 2 against Blue's at b2 (who rolls
 * 6): infantry front-on needs 3, so it is hit; with the scenario's front
 * figure 2 it is not. */
static void ptw_unit_type_override(void **unused)
{
    (void)unused;
    static const char *const extra[] = {
        NULL, ",\"unit_types\":[{\"code\":\"INF\",\"close_combat\":{\"front\":2}}]"};
    static const char *const want[] = {"1/INF1", "-"};
    for (int k = 0; k < 2; k++) {
        eng_game *g = pt_game("o o o/o o o/o o o", "INF@b1", "INF@b2", extra[k], NULL);
        eng_state *s = eng_state_new(g, 1);
        pt_to_side_a(s);
        t_play(s, "assault INF1 b2");
        t_play(s, "2");
        t_play(s, "6");
        const char *p = strstr(pt_status(s), "hit on ");
        char hit[32] = "-";
        if (p)
            snprintf(hit, sizeof hit, "%.6s", p + 7);
        T_EXPECT_STR(hit, want[k]);
        eng_state_free(s);
        eng_game_free(g);
    }
    /* the other fields of INF stay units.json's (flank 5) */
    eng_game *g = pt_game("o o o/o o o/o o o", "INF@b1", "INF@b2", extra[1], NULL);
    eng_game_free(g);
}

/* A new unit type, defined by the scenario alone. */
static void ptw_new_unit_type(void **unused)
{
    (void)unused;
    const char *extra = ",\"unit_types\":[{\"code\":\"GRD\",\"name\":\"guards\","
                        "\"class\":\"infantry\",\"move\":1,\"weapon\":\"small-arms\",\"range\":3,"
                        "\"close_combat\":{\"front\":2,\"flank\":4},\"strength\":5,"
                        "\"assault\":true,\"advance\":true}]";
    eng_game *g = pt_game("o o o/o o o/o o o", "GRD@b1", "INF@b3", extra, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pt_field(s, "1/GRD1", "type_name"), "guards");
    pt_to_side_a(s);
    T_EXPECT_HAS(pt_legal(s), "fire GRD1 b3");
    eng_state_free(s);
    eng_game_free(g);
    /* a bad value is refused as units.json's would be */
    T_EXPECT_HAS(pt_refusal("o o/o o", "INF@a1", "INF@b2",
                            ",\"unit_types\":[{\"code\":\"INF\",\"move\":9}]", NULL),
                 "scenario.unit_types, type INF.move");
    T_EXPECT_HAS(pt_refusal("o o/o o", "INF@a1", "INF@b2", ",\"unit_types\":[{\"move\":1}]", NULL),
                 "unit_types[0]: expected an object with a \"code\"");
}

/* A Pocket Battles faction (a file given by path) with a trait of its own. */
static void pkb_faction_traits(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/pkb_faction_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/dwarves.json", dir);
    FILE *f = fopen(path, "w");
    fputs("{\"name\": \"Dwarves\", \"traits\": [{\"name\": \"stubborn\", \"effect\": "
          "\"fewer-hits\", \"when\": \"engagement\", \"amount\": 1, \"text\": \"one hit fewer "
          "in engagements\"}], \"troops\": [{\"code\": \"DWF01\", \"name\": \"Longbeards\", "
          "\"engagement\": [4, 5, 6], \"shooting\": [], \"wounds\": 2, \"points\": 5, "
          "\"formation\": 2, \"traits\": [\"stubborn\", \"fury\"]}]}", f);
    fclose(f);
    char sc[2048];
    snprintf(sc, sizeof sc,
             "{\"name\":\"t\",\"title\":\"t\",\"rules\":\"pocket-battles\",\"size\":50,"
             "\"attacker\":1,\"players\":[{\"faction\":\"%s\",\"army\":{\"faction\":\"%s\","
             "\"units\":[[\"DWF01\"]]}},{\"faction\":\"elves\",\"army\":\"elves-50\"}]}",
             path, path);
    eng_game *g = t_game("pocket-battles", sc, NULL);
    eng_state *s = eng_state_new(g, 1);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *troop = json_array_get(json_object_get(json_array_get(json_object_get(
        json_array_get(json_object_get(st, "players"), 0), "units"), 0), "troops"), 0);
    json_t *tr = json_object_get(troop, "traits");
    assert_int_equal(json_array_size(tr), 2);
    T_EXPECT_STR(json_string_value(json_array_get(tr, 0)), "fury");
    T_EXPECT_STR(json_string_value(json_array_get(tr, 1)), "stubborn");
    json_decref(st);
    char files[1024];
    eng_game_data_files(g, files, sizeof files);
    T_EXPECT_HAS(files, "pocket-battles/traits.json");
    T_EXPECT_HAS(files, path);
    T_EXPECT_HAS(files, "pocket-battles/armies/elves-50.json");
    eng_state_free(s);
    eng_game_free(g);
    /* a faction may add traits, not change traits.json's */
    f = fopen(path, "w");
    fputs("{\"name\": \"Dwarves\", \"traits\": [{\"name\": \"fury\", \"effect\": \"hex\", \"text\": \"t\"}], "
          "\"troops\": []}", f);
    fclose(f);
    json_error_t jerr;
    json_t *scj = json_loads(sc, 0, &jerr);
    eng_error err;
    assert_null(eng_game_new(eng_rules_find("pocket-battles"), scj, NULL, &err));
    T_EXPECT_HAS(err.msg, "trait \"fury\" is defined in traits.json already");
    json_decref(scj);
    remove(path);
    rmdir(dir);
}

/* Every rule set names the data files it read, and a record carries them. */
static void data_files_named(void **unused)
{
    (void)unused;
    static const char *const rules[] = {"portable-wargame", "pocket-wargame", "pocket-battles"};
    static const char *const want[] = {"portable-wargame/units.json",
                                       "pocket-wargame/terrain.json",
                                       "pocket-battles/factions/orcs.json"};
    for (int k = 0; k < 3; k++) {
        eng_error err;
        eng_match *m = eng_match_new(rules[k], NULL, NULL, 3, &err);
        assert_non_null(m);
        char files[1024];
        eng_game_data_files(m->game, files, sizeof files);
        T_EXPECT_HAS(files, want[k]);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_int_equal(eng_match_save(m, f, &err), 0);
        fclose(f);
        T_EXPECT_HAS(buf, "[Data \"");
        T_EXPECT_HAS(buf, want[k]);
        /* read back and saved again: one Data tag, not two */
        eng_match *back = eng_match_load_text(buf, "saved", &err);
        assert_non_null(back);
        char *buf2 = NULL;
        f = open_memstream(&buf2, &len);
        assert_int_equal(eng_match_save(back, f, &err), 0);
        fclose(f);
        assert_string_equal(buf, buf2);
        free(buf);
        free(buf2);
        eng_match_free(back);
        eng_match_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ptw_unit_type_override),
        cmocka_unit_test(ptw_new_unit_type),
        cmocka_unit_test(pkb_faction_traits),
        cmocka_unit_test(data_files_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
