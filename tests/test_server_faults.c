/*
 * test_server_faults.c - the faults fuzzing found in the server's request
 * handling (fuzz/fuzz_server.c), one test each, through srv_http_dispatch
 * (the route table and handlers as the listener runs them, no socket) on
 * a server with an in-memory store:
 *
 * - an error that quotes what the client sent (a path, a query value, a
 *   game id cut to its buffer) that is not UTF-8 still replies JSON with
 *   its error, where and status (the message could not be a JSON string,
 *   and the reply was "{}");
 * - a record imported with no newline at its end (the header scan stepped
 *   past the end with a null pointer).
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "srv_private.h"

typedef struct reply {
    int status;
    json_t *j;
    srv_capture c;
} reply;

static srv *open_server(void)
{
    srv_config cfg = {.db = ":memory:"};
    eng_error err;
    srv *s = srv_open_offline(&cfg, &err);
    if (!s)
        fail_msg("no server: %s", err.msg);
    return s;
}

static reply ask(srv *s, const char *method, const char *path, const char *query,
                 const char *body)
{
    reply r;
    r.status = srv_http_dispatch(s, method, path, query, NULL, body, body ? strlen(body) : 0,
                                 &r.c);
    json_error_t jerr;
    r.j = json_loadb(r.c.body, r.c.len, 0, &jerr);
    if (!r.j)
        fail_msg("%s %s: the reply is not JSON (%s): %s", method, path, jerr.text, r.c.body);
    return r;
}

static void done(reply *r)
{
    json_decref(r->j);
    free(r->c.body);
}

/* A refusal with its documented fields; the message holds want. */
static void expect_error(srv *s, const char *path, const char *query, int status,
                         const char *where, const char *want)
{
    reply r = ask(s, "GET", path, query, NULL);
    assert_int_equal(r.status, status);
    const char *e = json_string_value(json_object_get(r.j, "error"));
    if (!e)
        fail_msg("GET %s: no \"error\" in %s", path, r.c.body);
    assert_true(eng_utf8_valid(e));
    T_EXPECT_HAS(e, want);
    T_EXPECT_STR(json_string_value(json_object_get(r.j, "where")), where);
    assert_int_equal(json_integer_value(json_object_get(r.j, "status")), status);
    done(&r);
}

static void errors_quoting_bad_utf8(void **state)
{
    (void)state;
    srv *s = open_server();
    /* a path with bytes that are no UTF-8 (as %FF%FE decodes) */
    expect_error(s, "/api/ga\xff\xfe", NULL, 404, "path", "no such API path: /api/ga??");
    /* a game id of 7 two-byte letters, cut to 13 bytes in the middle of the last */
    expect_error(s, "/api/games/\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", NULL,
                 404, "game", "no game with id \"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9?\"");
    /* a query value that decodes to a byte that is no UTF-8 */
    expect_error(s, "/api/games", "status=%FFx", 400, "query.status", "not \"?x\"");
    srv_stop(s);
}

static void import_without_final_newline(void **state)
{
    (void)state;
    srv *s = open_server();
    /* a game made here, resigned, and its record sent back with its last
     * newline taken off */
    reply made = ask(s, "POST", "/api/games", NULL,
                     "{\"rules\":\"pocket-wargame\",\"scenario\":\"meeting\",\"seed\":42}");
    assert_int_equal(made.status, 201);
    const char *id = json_string_value(json_object_get(json_object_get(made.j, "game"), "id"));
    const char *tok = json_string_value(json_object_get(json_array_get(json_object_get(
                          json_object_get(made.j, "links"), "seats"), 0), "token"));
    char path[64], auth[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", id);
    snprintf(auth, sizeof auth, "Bearer %s", tok);
    srv_capture c;
    assert_int_equal(srv_http_dispatch(s, "POST", path, NULL, auth, "", 0, &c), 200);
    free(c.body);
    snprintf(path, sizeof path, "/api/games/%s/record", id);
    assert_int_equal(srv_http_dispatch(s, "GET", path, NULL, NULL, NULL, 0, &c), 200);
    T_EXPECT_HAS(c.body, "[Rules \"pocket-wargame\"]");
    while (c.len > 0 && c.body[c.len - 1] == '\n')
        c.body[--c.len] = '\0';
    reply imported = ask(s, "POST", "/api/games/import", NULL, c.body);
    if (imported.status != 201)
        fail_msg("import refused: %s", imported.c.body);
    const json_t *g = json_object_get(imported.j, "game");
    T_EXPECT_STR(json_string_value(json_object_get(g, "rules")), "pocket-wargame");
    assert_int_equal(json_integer_value(json_object_get(g, "step")),
                     json_integer_value(json_object_get(json_object_get(made.j, "game"),
                                                        "step")));
    free(c.body);
    done(&imported);
    done(&made);
    srv_stop(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(errors_quoting_bad_utf8),
        cmocka_unit_test(import_without_final_newline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
