/*
 * test_server_replies.c - the server's own JSON writer (srv_json.c) writes
 * exactly what jansson's json_dumps(JSON_COMPACT) writes: every escape, key
 * order, numbers, nesting, and whole replies of every rule set (a game's
 * view with its drawing, its legal actions with chance probabilities).
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "srv_private.h"

static void expect_same_text(const json_t *v)
{
    char *want = json_dumps(v, JSON_COMPACT);
    srv_text *got = srv_json_text(v);
    assert_non_null(want);
    assert_non_null(got);
    assert_int_equal(got->len, strlen(want));
    assert_string_equal(got->buf, want);
    free(want);
}

static void values_as_the_library_writes_them(void **state)
{
    (void)state;
    /* every escape: quote, backslash, the named controls, other controls as
     * \u00XX; UTF-8 (two, three and four bytes) and '/' as they are */
    const char s[] = "a\"b\\c\bd\fe\nf\rg\th\x01i\x1fj/k\xc3\xa9l\xe2\x88\x91m\xf0\x9f\x8e\xb2";
    json_t *v = json_pack("{s:s,s:s,s:[i,I,I,f,f,f,b,b,n],s:{},s:[],s:{s:{s:[s]}}}",
                          "z-first", s, "", "",
                          "numbers", 0, (json_int_t)-42, (json_int_t)9007199254740993LL, 0.1666,
                          1.0, 1e300, 1, 0, "empty", "none", "nested", "b", "a", "\"q\"");
    /* keys kept in the order they were set, not sorted */
    json_object_set_new(v, "alpha", json_string("last"));
    expect_same_text(v);
    json_decref(v);
    json_t *top = json_array();
    expect_same_text(top);
    json_array_append_new(top, json_stringn("nul\0inside", 10));
    expect_same_text(top);
    json_decref(top);
}

static json_t *reply(srv *s, const char *method, const char *path, const char *auth,
                     const char *body, char **text)
{
    srv_capture c;
    int st = srv_http_dispatch(s, method, path, NULL, auth, body, body ? strlen(body) : 0, &c);
    if (st >= 400)
        fail_msg("%s %s: %d %s", method, path, st, c.body);
    json_error_t e;
    json_t *j = json_loadb(c.body, c.len, 0, &e);
    if (!j)
        fail_msg("%s %s: no JSON: %s", method, path, e.text);
    *text = c.body;
    return j;
}

/* Each reply, read back and written again by the library, is the same text. */
static void expect_library_text(json_t *j, char *text)
{
    char *again = json_dumps(j, JSON_COMPACT);
    assert_string_equal(again, text);
    free(again);
    free(text);
}

static void whole_replies_of_every_rule_set(void **state)
{
    (void)state;
    srv_config cfg = {.db = ":memory:"};
    eng_error err;
    srv *s = srv_open_offline(&cfg, &err);
    if (!s)
        fail_msg("no server: %s", err.msg);
    const char *const rules[] = {"pocket-wargame", "portable-wargame", "pocket-battles"};
    for (int k = 0; k < 3; k++) {
        char body[160], path[96], auth[64], *text;
        /* a referee game: its legal list at a chance point has probabilities */
        snprintf(body, sizeof body, "{\"rules\":\"%s\",\"seed\":%d,\"referee\":%s}", rules[k],
                 k + 1, k == 2 ? "true" : "false");
        json_t *made = reply(s, "POST", "/api/games", NULL, body, &text);
        expect_library_text(made, text);
        const char *id = json_string_value(json_object_get(json_object_get(made, "game"), "id"));
        const char *tok = json_string_value(json_object_get(json_array_get(json_object_get(
                              json_object_get(made, "links"), "seats"), 0), "token"));
        json_t *ref = json_object_get(json_object_get(made, "links"), "referee");
        snprintf(auth, sizeof auth, "Bearer %s",
                 k == 2 ? json_string_value(json_object_get(ref, "token")) : tok);
        snprintf(path, sizeof path, "/api/games/%s", id);
        json_t *view = reply(s, "GET", path, auth, NULL, &text);
        assert_true(json_is_string(json_object_get(view, "svg")));
        expect_library_text(view, text);
        snprintf(path, sizeof path, "/api/games/%s/legal", id);
        json_t *legal = reply(s, "GET", path, auth, NULL, &text);
        if (k == 2)
            assert_true(json_is_real(json_object_get(json_array_get(
                json_object_get(legal, "actions"), 0), "probability")));
        expect_library_text(legal, text);
        json_decref(legal);
        json_decref(view);
        json_decref(made);
    }
    srv_stop(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_as_the_library_writes_them),
        cmocka_unit_test(whole_replies_of_every_rule_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
