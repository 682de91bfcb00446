/*
 * test_input.c - untrusted input that once slipped through: names cut to
 * fit a buffer in the middle of a UTF-8 character (so the position's JSON
 * lost them), seeds that were not plain whole numbers below 2^64, refused
 * record steps whose reason was cut off, and records that named files.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include <unistd.h>
#include "match.h"
#include "scenario.h"

/* ---- the helpers ----------------------------------------------------------- */

static void test_parse_u64(void **unused)
{
    (void)unused;
    uint64_t v = 7;
    assert_true(eng_parse_u64("0", &v) && v == 0);
    assert_true(eng_parse_u64("18446744073709551615", &v) && v == UINT64_MAX);
    const char *bad[] = {"", " 1", "-1", " -1", "+1", "1 ", "18446744073709551616",
                         "99999999999999999999999", "0x10", "1e3", NULL};
    for (int i = 0; bad[i]; i++)
        if (eng_parse_u64(bad[i], &v))
            fail_msg("\"%s\" taken as %llu", bad[i], (unsigned long long)v);
}

static void test_utf8_cut(void **unused)
{
    (void)unused;
    /* "aé€😀": 1 + 2 + 3 + 4 bytes */
    const char *s = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    const size_t want[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 10};
    for (size_t max = 0; max < sizeof want / sizeof want[0]; max++)
        assert_int_equal(eng_utf8_cut(s, max), want[max]);
    char buf[5];
    eng_text_copy(buf, sizeof buf, s);       /* room for 4 bytes: "aé" */
    T_EXPECT_STR(buf, "a\xc3\xa9");
    assert_true(eng_utf8_valid(s));
    assert_false(eng_utf8_valid("a\xc3"));
    assert_false(eng_utf8_valid("\xc0\xaf"));          /* overlong '/' */
    assert_false(eng_utf8_valid("\xed\xa0\x80"));      /* a surrogate */
    char q[16];
    eng_text_quote(q, sizeof q, "\xc3\xa9\xc3\xa9\xc3\xa9", 3);   /* "é" and "..." */
    T_EXPECT_STR(q, "\xc3\xa9...");
}

/* ---- names cut to fit ------------------------------------------------------ */

/* The state JSON of a new game, dumped; NULL-safe check of a string field. */
static char *state_text(eng_game *g)
{
    eng_state *s = eng_state_new(g, 1);
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    eng_state_free(s);
    assert_non_null(text);
    return text;
}

static void test_mirror_match_long_faction_name(void **unused)
{
    (void)unused;
    /* a faction whose name (38 bytes) is cut to 36 for " 1": inside the 'é' */
    eng_error err;
    json_t *fac = eng_rules_data_file("pocket-battles", "factions/elves.json", &err);
    assert_non_null(fac);
    char name[64];
    snprintf(name, sizeof name, "%s\xc3\xa9z", "Elves of the long and winding name.");
    assert_int_equal(strlen(name), 38);
    json_object_set_new(fac, "name", json_string(name));
    char path[] = "/tmp/pocketwar-faction-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(json_dumpfd(fac, fd, 0), 0);
    json_decref(fac);
    char sc[2048];
    snprintf(sc, sizeof sc,
             "{\"rules\":\"pocket-battles\",\"name\":\"m\",\"size\":50,\"players\":["
             "{\"faction\":\"%s\",\"army\":{\"faction\":\"%s\",\"units\":[[\"ELV13\"]]}},"
             "{\"faction\":\"%s\",\"army\":{\"faction\":\"%s\",\"units\":[[\"ELV13\"]]}}]}",
             path, path, path, path);
    eng_game *g = t_game("pocket-battles", sc, NULL);
    remove(path);
    for (int p = 0; p < 2; p++) {
        const char *got = eng_game_player_name(g, p);
        assert_true(eng_utf8_valid(got));
        char want[64];
        snprintf(want, sizeof want, "%s %d", "Elves of the long and winding name.", p + 1);
        T_EXPECT_STR(got, want);
    }
    char *text = state_text(g);
    T_EXPECT_HAS(text, "\"name\":\"Elves of the long and winding name. 1\"");
    T_EXPECT_HAS(text, "\"name\":\"Elves of the long and winding name. 2\"");
    free(text);
    eng_game_free(g);
}

/* n copies of "é" */
static void e_acute(char *buf, int n)
{
    for (int i = 0; i < n; i++)
        memcpy(buf + 2 * i, "\xc3\xa9", 2);
    buf[2 * n] = '\0';
}

static void test_long_scenario_names_keep_whole_characters(void **unused)
{
    (void)unused;
    char long_name[256], sc[4096];
    e_acute(long_name, 100);                 /* 200 bytes: more than any buffer */
    snprintf(sc, sizeof sc,
             "{\"rules\":\"portable-wargame\",\"name\":\"%s\",\"title\":\"%s\","
             "\"map\":[\"o o o\",\"o o o\"],\"sides\":[{\"units\":[{\"type\":\"INF\",\"at\":\"a1\"}]},"
             "{\"units\":[{\"type\":\"INF\",\"at\":\"c2\"}]}]}", long_name, long_name);
    eng_game *g = t_game("portable-wargame", sc, NULL);
    char *text = state_text(g);
    /* PTW keeps 63 bytes of the name (31 'é') and 95 of the title (47) */
    char want[256];
    e_acute(want, 31);
    char field[300];
    snprintf(field, sizeof field, "\"scenario\":\"%s\"", want);
    T_EXPECT_HAS(text, field);
    e_acute(want, 47);
    snprintf(field, sizeof field, "\"title\":\"%s\"", want);
    T_EXPECT_HAS(text, field);
    free(text);
    eng_game_free(g);

    snprintf(sc, sizeof sc,
             "{\"rules\":\"pocket-battles\",\"name\":\"%s\",\"title\":\"%s\",\"size\":50,"
             "\"players\":[{\"faction\":\"elves\",\"army\":\"elves-50\"},"
             "{\"faction\":\"orcs\",\"army\":\"orcs-50\"}]}", long_name, long_name);
    g = t_game("pocket-battles", sc, NULL);
    text = state_text(g);
    e_acute(want, 39);                       /* 79 bytes of 80 */
    snprintf(field, sizeof field, "\"scenario\":\"%s\"", want);
    T_EXPECT_HAS(text, field);
    free(text);
    eng_game_free(g);
}

/* ---- records ------------------------------------------------------------------ */

static const char *HEAD =
    "[Game \"pocketwar\"]\n[Rules \"pocket-wargame\"]\n[Scenario \"meeting\"]\n";

static char *load_error(const char *text)
{
    static eng_error err;
    eng_match *m = eng_match_load_text(text, "r.pwr", &err);
    if (m) {
        eng_match_free(m);
        fail_msg("record accepted:\n%s", text);
    }
    assert_true(eng_utf8_valid(err.msg));
    return err.msg;
}

static void test_record_seeds(void **unused)
{
    (void)unused;
    const char *bad[] = {"-1", " -1", "99999999999999999999999", "18446744073709551616", "+5",
                         NULL};
    for (int i = 0; bad[i]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s[Seed \"%s\"]\n", HEAD, bad[i]);
        T_EXPECT_HAS(load_error(text), "the Seed tag must be a whole number from 0 to "
                                       "18446744073709551615");
    }
    char text[512];
    snprintf(text, sizeof text, "%s[Seed \"18446744073709551615\"]\n", HEAD);
    eng_error err;
    eng_match *m = eng_match_load_text(text, "r.pwr", &err);
    assert_non_null(m);
    assert_true(m->seed == UINT64_MAX);
    eng_match_free(m);
}

static void test_long_refused_step_keeps_its_reason(void **unused)
{
    (void)unused;
    /* a step of 600 characters that parses (a chance outcome's word) but is
     * refused: the message quotes it short and still says why */
    char text[2048];
    int n = snprintf(text, sizeof text, "%s[Seed \"5\"]\n\nP1 ", HEAD);
    for (int i = 0; i < 600; i++)
        text[n++] = 'x';
    strcpy(text + n, "\n");
    const char *msg = load_error(text);
    T_EXPECT_HAS(msg, "r.pwr:6: out of turn: ");      /* chance deals first */
    n = snprintf(text, sizeof text, "%s[Seed \"5\"]\n\nchance ", HEAD);
    for (int i = 0; i < 600; i++)
        text[n++] = i % 2 ? ' ' : 'y';
    strcpy(text + n, "\n");
    msg = load_error(text);
    T_EXPECT_HAS(msg, "r.pwr:6: \"y y y");
    T_EXPECT_HAS(msg, "...\": ");
    assert_true(strlen(msg) < 300);                   /* the reason follows, whole */
}

static void test_untrusted_record_names_no_file(void **unused)
{
    (void)unused;
    const char *tail = "[Seed \"1\"]\n";
    char text[1024];
    snprintf(text, sizeof text, "[Rules \"pocket-wargame\"]\n[Scenario \"/etc/passwd\"]\n%s",
             tail);
    const char *msg = load_error(text);
    T_EXPECT_HAS(msg, "the Scenario tag \"/etc/passwd\" must name a shipped scenario");
    snprintf(text, sizeof text, "[Rules \"pocket-wargame\"]\n[Scenario \"meeting.json\"]\n%s",
             tail);
    T_EXPECT_HAS(load_error(text), "must name a shipped scenario");
    /* nor may an option name a file (Pocket Battles reads armies by path) */
    snprintf(text, sizeof text, "[Rules \"pocket-battles\"]\n[Scenario \"elves-vs-orcs-50\"]\n"
             "[Options \"{\\\"army1\\\":\\\"/etc/passwd\\\"}\"]\n%s", tail);
    T_EXPECT_HAS(load_error(text), "the Options tag: \"/etc/passwd\" names a file");
    /* a line that is not UTF-8 */
    snprintf(text, sizeof text, "%s[Event \"caf\xe9\"]\n%s", HEAD, tail);
    T_EXPECT_HAS(load_error(text), "r.pwr:4: the line is not UTF-8 text");
}

static void test_record_file_names_a_scenario_beside_it(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/pocketwar-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    eng_error err;
    json_t *sc = eng_scenario_load(eng_rules_find("pocket-wargame"), "meeting", &err);
    assert_non_null(sc);
    snprintf(path, sizeof path, "%s/mine.json", dir);
    assert_int_equal(json_dump_file(sc, path, 0), 0);
    json_decref(sc);
    snprintf(path, sizeof path, "%s/g.pwr", dir);
    FILE *f = fopen(path, "w");
    fputs("[Rules \"pocket-wargame\"]\n[Scenario \"mine.json\"]\n[Seed \"3\"]\n", f);
    fclose(f);
    eng_match *m = eng_match_load_file(path, &err);
    if (!m)
        fail_msg("%s", err.msg);
    T_EXPECT_STR(m->scenario, "mine.json");      /* saved again as named */
    eng_match_free(m);
    /* a scenario file that is not JSON: the error does not quote it */
    snprintf(path, sizeof path, "%s/mine.json", dir);
    f = fopen(path, "w");
    fputs("secret-word and more\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/g.pwr", dir);
    assert_null(eng_match_load_file(path, &err));
    T_EXPECT_LACKS(err.msg, "secret");
    T_EXPECT_HAS(err.msg, "mine.json:1:");
    remove(path);
    snprintf(path, sizeof path, "%s/mine.json", dir);
    remove(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_u64),
        cmocka_unit_test(test_utf8_cut),
        cmocka_unit_test(test_mirror_match_long_faction_name),
        cmocka_unit_test(test_long_scenario_names_keep_whole_characters),
        cmocka_unit_test(test_record_seeds),
        cmocka_unit_test(test_long_refused_step_keeps_its_reason),
        cmocka_unit_test(test_untrusted_record_names_no_file),
        cmocka_unit_test(test_record_file_names_a_scenario_beside_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
