/*
 * test_legacy.c - records of older rules versions (src/engine/legacy.c,
 * data/<rules>/versions.json): a record made by pocketwar before a rule
 * set's version changed replays, with the options versions.json lists, to
 * the final position and result it had (tests/records/, each with the
 * position the older pocketwar reached); the record's own options win; a
 * version not listed is refused saying which are; a malformed versions.json
 * is refused naming the file.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "support.h"
#include "match.h"

/* Loads the record file `name` of tests/records/; it must load, with a
 * note and no other warning. */
static eng_match *load_old(const char *name, eng_error *err)
{
    char path[256];
    snprintf(path, sizeof path, "tests/records/%s", name);
    eng_match *m = eng_match_load_file(path, err);
    if (!m)
        fail_msg("%s does not load: %s", path, err->msg);
    T_EXPECT_LACKS(err->msg, "cut short");
    return m;
}

/* The final position must be the older pocketwar's (its options aside). */
static void expect_position(const eng_match *m, const char *golden)
{
    char path[256];
    snprintf(path, sizeof path, "tests/records/%s", golden);
    json_t *want = t_checkout_json(path);
    json_t *got = eng_state_json(m->state, ENG_VIEW_ALL);
    json_object_del(got, "options");
    if (!json_equal(got, want)) {
        char *g = json_dumps(got, JSON_COMPACT);
        fail_msg("the final position differs from %s: %.400s", path, g);
    }
    json_decref(got);
    json_decref(want);
}

/* Saved again, the game is one of today's version with the options
 * written out: it loads with no note and reaches the same position. */
static void expect_saved_as_today(const eng_match *m, const char *today)
{
    char *text = t_record_text(m);
    char tag[64];
    snprintf(tag, sizeof tag, "[RulesVersion \"%s\"]", today);
    T_EXPECT_HAS(text, tag);
    eng_error err;
    eng_match *back = eng_match_load_text(text, "again.pwr", &err);
    if (!back)
        fail_msg("saved again, it does not load: %s", err.msg);
    T_EXPECT_STR(err.msg, "");
    assert_true(eng_state_hash(back->state) == eng_state_hash(m->state));
    eng_match_free(back);
    free(text);
}

static void test_portable_wargame_v1(void **unused)
{
    (void)unused;
    eng_error err;
    eng_match *m = load_old("ptw-v1.pwr", &err);
    T_EXPECT_HAS(err.msg, "warning: tests/records/ptw-v1.pwr: made with portable-wargame "
                          "rules version 1; it replays under version 2 with options "
                          "advance=attacker, commander-close-combat=in-or-adjacent, "
                          "stacking=one-each, exhaustion=end-of-turn");
    assert_null(strchr(err.msg, '\n'));
    assert_true(eng_is_terminal(m->state));
    char result[256];
    eng_result_text(m->state, result, sizeof result);
    T_EXPECT_STR(result, "Blue wins");
    assert_int_equal(m->nsteps, 105);
    expect_position(m, "ptw-v1.state.json");
    expect_saved_as_today(m, "2");
    eng_match_free(m);
}

static void test_pocket_battles_v2(void **unused)
{
    (void)unused;
    eng_error err;
    eng_match *m = load_old("pkb-v2.pwr", &err);
    T_EXPECT_HAS(err.msg, "made with pocket-battles rules version 2; it replays under "
                          "version 3 with options rounds=20");
    assert_true(eng_is_terminal(m->state));
    char result[256];
    eng_result_text(m->state, result, sizeof result);
    T_EXPECT_HAS(result, "the battle stopped after round 20");
    expect_position(m, "pkb-v2.state.json");
    expect_saved_as_today(m, "3");
    eng_match_free(m);
}

static void test_record_options_win(void **unused)
{
    (void)unused;
    const char *text = "[Rules \"pocket-battles\"]\n[RulesVersion \"2\"]\n"
                       "[Scenario \"elves-vs-orcs-50\"]\n[Seed \"3\"]\n"
                       "[Options \"{\\\"rounds\\\":30}\"]\n";
    eng_error err;
    eng_match *m = eng_match_load_text(text, "own.pwr", &err);
    assert_non_null(m);
    assert_int_equal(json_integer_value(json_object_get(m->options, "rounds")), 30);
    T_EXPECT_HAS(err.msg, "warning: own.pwr: made with pocket-battles rules version 2; it "
                          "replays under version 3");
    T_EXPECT_LACKS(err.msg, "rounds=");
    eng_match_free(m);
}

static void expect_refused(const char *text, const char *because)
{
    eng_error err;
    eng_match *m = eng_match_load_text(text, "old.pwr", &err);
    if (m) {
        eng_match_free(m);
        fail_msg("record accepted; expected an error about \"%s\"", because);
    }
    T_EXPECT_HAS(err.msg, because);
}

/* The text of tests/records/ptw-v1.pwr, less its RulesVersion tag when
 * `drop_version`, less its last `drop_steps` lines (the caller frees it). */
static char *ptw_v1_text(bool drop_version, int drop_steps)
{
    FILE *f = fopen("tests/records/ptw-v1.pwr", "r");
    assert_non_null(f);
    char *lines[512];
    int n = 0;
    char *line = NULL;
    size_t cap = 0;
    while (n < 512 && getline(&line, &cap, f) != -1)
        lines[n++] = strdup(line);
    free(line);
    fclose(f);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    for (int i = 0; i < n; i++) {
        if (i < n - drop_steps && !(drop_version && !strncmp(lines[i], "[RulesVersion ", 14)))
            fputs(lines[i], out);
        free(lines[i]);
    }
    fclose(out);
    return text;
}

/* Without its version's options the same steps give another game: read
 * as today's (no RulesVersion tag), the record is refused at a step. */
static void test_needs_the_options(void **unused)
{
    (void)unused;
    char *text = ptw_v1_text(true, 0);
    expect_refused(text, "is not allowed: Red has reached its exhaustion point");
    free(text);
}

/* An older record cut short: both warnings, a line each. */
static void test_cut_short_too(void **unused)
{
    (void)unused;
    char *text = ptw_v1_text(false, 10);
    eng_error err;
    eng_match *m = eng_match_load_text(text, "cut.pwr", &err);
    assert_non_null(m);
    assert_int_equal(m->nsteps, 95);
    T_EXPECT_HAS(err.msg, "warning: cut.pwr: the Result tag says \"Blue wins\", but the "
                          "record stops after 95 steps");
    T_EXPECT_HAS(err.msg, "the steps that are there replay\nwarning: cut.pwr: made with "
                          "portable-wargame rules version 1");
    eng_match_free(m);
    free(text);
}

static void test_unknown_version_refused(void **unused)
{
    (void)unused;
    expect_refused("[Rules \"portable-wargame\"]\n[RulesVersion \"0\"]\n[Scenario \"meeting\"]\n"
                   "[Seed \"1\"]\n",
                   "old.pwr: the record was made with portable-wargame rules version 0; this "
                   "pocketwar has version 2 and replays records of versions 2, 1 only");
    /* a rule set with no versions.json replays its own version only */
    expect_refused("[Rules \"pocket-wargame\"]\n[RulesVersion \"7\"]\n[Scenario \"meeting\"]\n"
                   "[Seed \"1\"]\n",
                   "the record was made with pocket-wargame rules version 7; this pocketwar "
                   "has version 2 and replays records of version 2 only");
    /* a note's key is no version */
    expect_refused("[Rules \"pocket-battles\"]\n[RulesVersion \"_about\"]\n"
                   "[Scenario \"elves-vs-orcs-50\"]\n[Seed \"1\"]\n", "replays records of "
                   "versions 3, 2 only");
}

/* A data folder whose portable-wargame/versions.json holds `json`. */
static void write_versions(const char *dir, const char *json)
{
    char path[512];
    snprintf(path, sizeof path, "%s/portable-wargame", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/portable-wargame/versions.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(json, f);
    fclose(f);
}

static void test_malformed_versions_file(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/pw-legacy-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *saved = t_env_save("POCKETWAR_DATA");
    setenv("POCKETWAR_DATA", dir, 1);
    const char *rec = "[Rules \"portable-wargame\"]\n[RulesVersion \"1\"]\n"
                      "[Scenario \"meeting\"]\n[Seed \"1\"]\n";
    char want[600];
    struct {
        const char *json, *because;
    } cases[] = {
        {"{\"1\": {\"advance\": \"attacker\"}", "versions.json:1:"},
        {"[1]", "versions.json: must be a JSON object mapping older rules versions"},
        {"{\"1\": \"attacker\"}", "versions.json: version \"1\" must map to an object of "
                                  "options"},
        {"{\"1\": {\"advance\": [1]}}", "versions.json: version \"1\", option \"advance\": "
                                        "a value is a string"},
        {"{\"2\": {}}", "versions.json: lists version \"2\", this pocketwar's own"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        write_versions(dir, cases[i].json);
        snprintf(want, sizeof want, "old.pwr: the record was made with portable-wargame rules "
                 "version 1; %s/portable-wargame/%s", dir, cases[i].because);
        expect_refused(rec, want);
    }
    t_env_restore("POCKETWAR_DATA", saved);
    char path[512];
    snprintf(path, sizeof path, "%s/portable-wargame/versions.json", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/portable-wargame", dir);
    rmdir(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_portable_wargame_v1),
        cmocka_unit_test(test_pocket_battles_v2),
        cmocka_unit_test(test_needs_the_options),
        cmocka_unit_test(test_cut_short_too),
        cmocka_unit_test(test_record_options_win),
        cmocka_unit_test(test_unknown_version_refused),
        cmocka_unit_test(test_malformed_versions_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
