/*
 * test_scenario_files.c - reading data files: malformed JSON is reported
 * with file, line and column; a scenario for another rule set, an unknown
 * option or a missing scenario is refused with a message saying so; every
 * shipped scenario and variant of every rule set loads.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "support.h"
#include "scenario.h"

static char *write_temp(const char *text)
{
    char *path = strdup("/tmp/pocketwar-test-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

static void test_malformed_json_names_line_and_column(void **unused)
{
    (void)unused;
    char *path = write_temp("{\n  \"rules\": \"pocket-wargame\",\n  \"forces\": [1, 2,,]\n}\n");
    eng_error err;
    json_t *j = eng_scenario_load(eng_rules_find("pocket-wargame"), path, &err);
    assert_null(j);
    char want[512];
    snprintf(want, sizeof want, "%s:3:", path);
    if (!strstr(err.msg, want))
        fail_msg("\"%s\" does not name %s", err.msg, want);
    unlink(path);
    free(path);
}

static void test_scenario_for_other_rules(void **unused)
{
    (void)unused;
    char *path = write_temp("{\"rules\": \"pocket-battles\", \"name\": \"x\"}");
    eng_error err;
    assert_null(eng_scenario_load(eng_rules_find("pocket-wargame"), path, &err));
    assert_non_null(strstr(err.msg, "is for rule set \"pocket-battles\""));
    unlink(path);
    free(path);
}

static void test_unknown_names(void **unused)
{
    (void)unused;
    eng_error err;
    const eng_rules *r = eng_rules_find("pocket-wargame");
    assert_null(eng_scenario_load(r, "atlantis", &err));
    assert_non_null(strstr(err.msg, "no scenario named \"atlantis\""));
    assert_null(eng_scenario_load(r, "../../etc/passwd", &err));
    assert_null(eng_variant_load(r, "nope", &err));
    assert_non_null(strstr(err.msg, "no variant named \"nope\""));
    json_t *sc = eng_scenario_load(r, eng_rules_default_scenario(r), &err);
    assert_non_null(sc);
    json_t *opt = json_pack("{s:i}", "no-such-option", 3);
    assert_null(eng_game_new(r, sc, opt, &err));
    assert_non_null(strstr(err.msg, "no option \"no-such-option\""));
    json_decref(opt);
    json_decref(sc);
}

static void test_every_shipped_file_loads(void **unused)
{
    (void)unused;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        char **names;
        int n = eng_scenario_names(*r, &names);
        assert_true(n >= 1);
        for (int i = 0; i < n; i++) {
            eng_error err;
            json_t *sc = eng_scenario_load(*r, names[i], &err);
            if (!sc)
                fail_msg("%s", err.msg);
            eng_game *g = eng_game_new(*r, sc, NULL, &err);
            if (!g)
                fail_msg("%s/%s: %s", eng_rules_name(*r), names[i], err.msg);
            assert_non_null(json_string_value(json_object_get(sc, "title")));
            assert_non_null(json_string_value(json_object_get(sc, "description")));
            eng_game_free(g);
            json_decref(sc);
        }
        eng_names_free(names, n);
        n = eng_variant_names(*r, &names);
        for (int i = 0; i < n; i++) {
            eng_error err;
            json_t *v = eng_variant_load(*r, names[i], &err);
            if (!v)
                fail_msg("%s", err.msg);
            json_t *sc = eng_scenario_load(*r, eng_rules_default_scenario(*r), &err);
            eng_game *g = eng_game_new(*r, sc, json_object_get(v, "options"), &err);
            if (!g)
                fail_msg("variant %s/%s: %s", eng_rules_name(*r), names[i], err.msg);
            eng_game_free(g);
            json_decref(sc);
            json_decref(v);
        }
        eng_names_free(names, n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed_json_names_line_and_column),
        cmocka_unit_test(test_scenario_for_other_rules),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_every_shipped_file_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
