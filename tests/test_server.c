/*
 * test_server.c - whole games through the server's HTTP API: the server
 * runs in this process on a free loopback port with a fresh store, and a
 * keep-alive client plays every rule set to its end between two seats
 * (random legal actions), and a game against a computer seat. The record
 * the server gives back must replay to the same end. A finished game, and an
 * active one left idle, leave memory and are rebuilt from the store when
 * asked for: the same steps, result and seats, and the idle one plays on.
 * Past the cap on games in memory, the least recently used idle ones leave
 * at once, however fast games are made; the threads that serve requests
 * have the stack the server's fuzz harness dispatches on. (Bad input, secrets,
 * undo, referee entries and the store's survival of kill -9 are checked by
 * tests/cli_server.sh and tests/cli_server_store.sh.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "server.h"
#include "srv_private.h"                /* SRV_HTTP_STACK */
#include "match.h"
#include "http_client.h"

typedef struct fixture {
    char dir[64];
    char db[96];
    srv *s;
    http_conn c;
} fixture;

static int setup_cfg(void **state, int idle_ms, int max_resident)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/pw_test_server.XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/games.db", f->dir);
    srv_config cfg = {.listen = "127.0.0.1:0", .db = f->db, .workers = 2, .idle_ms = idle_ms,
                      .max_resident = max_resident, .create_per_min = 1000000};
    eng_error err;
    f->s = srv_start(&cfg, &err);
    if (!f->s)
        fail_msg("server: %s", err.msg);
    assert_int_equal(http_open(&f->c, srv_port(f->s)), 0);
    *state = f;
    return 0;
}

static int setup(void **state) { return setup_cfg(state, 0, 0); }
/* games idle for 50 ms leave memory */
static int setup_quick(void **state) { return setup_cfg(state, 50, 0); }
/* at most 8 games in memory, however recently used */
static int setup_capped(void **state) { return setup_cfg(state, 0, 8); }

static int teardown(void **state)
{
    fixture *f = *state;
    http_close(&f->c);
    srv_stop(f->s);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", f->dir);
    assert_int_equal(system(cmd), 0);
    free(f);
    return 0;
}

/* Creates a game; fills id and the seats' tokens ("" for computers). */
static void create(fixture *f, const char *rules, const char *seat2, char *id,
                   char tok[2][40])
{
    json_t *body = json_pack("{s:s,s:i,s:[{s:s},{s:s,s:s}]}", "rules", rules, "seed", 12,
                             "seats", "kind", "human", "kind", seat2 ? "computer" : "human",
                             "level", seat2 ? seat2 : "");
    json_t *r;
    assert_int_equal(http_json(&f->c, "POST", "/api/games", body, NULL, &r), 201);
    json_decref(body);
    strcpy(id, json_string_value(json_object_get(json_object_get(r, "game"), "id")));
    tok[0][0] = tok[1][0] = '\0';
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(json_object_get(r, "links"), "seats"), i, s) {
        int seat = (int)json_integer_value(json_object_get(s, "seat"));
        strcpy(tok[seat - 1], json_string_value(json_object_get(s, "token")));
    }
    json_decref(r);
}

/* Plays random legal actions for the human seats until the game is over;
 * returns the finished game's view. */
static json_t *play_out(fixture *f, const char *id, char tok[2][40], uint64_t rng)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *g;
    assert_int_equal(http_json(&f->c, "GET", path, NULL, NULL, &g), 200);
    for (int guard = 0; guard < 100000; guard++) {
        if (strcmp(json_string_value(json_object_get(g, "status")), "finished") == 0)
            return g;
        json_t *ta = json_object_get(g, "to_act");
        int seat = json_is_integer(ta) ? (int)json_integer_value(ta) : 0;
        json_int_t step = json_integer_value(json_object_get(g, "step"));
        json_decref(g);
        if (seat < 1 || !tok[seat - 1][0]) {      /* the computer is thinking */
            nanosleep(&(struct timespec){0, 2000000}, NULL);
            assert_int_equal(http_json(&f->c, "GET", path, NULL, NULL, &g), 200);
            continue;
        }
        char lpath[160];
        snprintf(lpath, sizeof lpath, "%s/legal", path);
        json_t *legal;
        assert_int_equal(http_json(&f->c, "GET", lpath, NULL, tok[seat - 1], &legal), 200);
        size_t n = json_array_size(json_object_get(legal, "actions"));
        json_decref(legal);
        assert_true(n > 0);
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        json_t *act = json_pack("{s:I,s:I}", "step", step, "n", (json_int_t)((rng >> 33) % n) + 1);
        snprintf(lpath, sizeof lpath, "%s/act", path);
        json_t *r;
        assert_int_equal(http_json(&f->c, "POST", lpath, act, tok[seat - 1], &r), 200);
        json_decref(act);
        g = json_incref(json_object_get(r, "game"));
        json_decref(r);
    }
    fail_msg("game %s did not end", id);
    return NULL;
}

/* The record the server gives replays to the same number of steps and result. */
static void check_record(fixture *f, const char *id, json_t *g)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/record", id);
    /* the record is text: read it with a raw request */
    char *text = NULL;
    {
        http_conn c;
        assert_int_equal(http_open(&c, srv_port(f->s)), 0);
        char req[256];
        int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                         path);
        assert_int_equal(write(c.fd, req, (size_t)n), n);
        size_t len = 0, cap = 1 << 16;
        text = malloc(cap);
        ssize_t k;
        while ((k = read(c.fd, text + len, cap - len - 1)) > 0) {
            len += (size_t)k;
            if (len + 1 >= cap)
                text = realloc(text, cap *= 2);
        }
        text[len] = '\0';
        http_close(&c);
    }
    assert_non_null(strstr(text, "HTTP/1.1 200"));
    char *rec = strstr(text, "\r\n\r\n");
    assert_non_null(rec);
    eng_error err;
    eng_match *m = eng_match_load_text(rec + 4, "served record", &err);
    if (!m)
        fail_msg("%s", err.msg);
    assert_int_equal((json_int_t)m->nsteps, json_integer_value(json_object_get(g, "step")));
    assert_true(eng_is_terminal(m->state));
    char result[256];
    eng_result_text(m->state, result, sizeof result);
    assert_string_equal(result, json_string_value(json_object_get(g, "result")));
    eng_match_free(m);
    free(text);
}

/* Waits (at most 2 s) until the server holds n games in memory. */
static void wait_resident(fixture *f, size_t n)
{
    for (int i = 0; i < 400 && srv_games_resident(f->s) != n; i++)
        nanosleep(&(struct timespec){0, 5000000}, NULL);
    assert_int_equal(srv_games_resident(f->s), n);
}

static void whole_game(void **state, const char *rules)
{
    fixture *f = *state;
    char id[32], tok[2][40];
    create(f, rules, NULL, id, tok);
    assert_int_equal(strlen(tok[0]), 32);
    assert_string_not_equal(tok[0], tok[1]);
    json_t *g = play_out(f, id, tok, 99);
    /* finished, and no request holds it: it has left memory */
    wait_resident(f, 0);
    /* asked for, it is rebuilt by replaying the store: the same game */
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *again;
    assert_int_equal(http_json(&f->c, "GET", path, NULL, tok[0], &again), 200);
    assert_int_equal(json_integer_value(json_object_get(again, "step")),
                     json_integer_value(json_object_get(g, "step")));
    assert_string_equal(json_string_value(json_object_get(again, "result")),
                        json_string_value(json_object_get(g, "result")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(again, "you"), "role")),
                        "seat");                     /* its seats' tokens came back too */
    json_decref(again);
    /* the list reads the store: the finished game with its result */
    json_t *list;
    assert_int_equal(http_json(&f->c, "GET", "/api/games?status=finished", NULL, NULL, &list),
                     200);
    json_t *first = json_array_get(json_object_get(list, "games"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "id")), id);
    assert_string_equal(json_string_value(json_object_get(first, "result")),
                        json_string_value(json_object_get(g, "result")));
    json_decref(list);
    check_record(f, id, g);
    json_decref(g);
    wait_resident(f, 0);
}

static void test_whole_pocket_wargame(void **state) { whole_game(state, "pocket-wargame"); }
static void test_whole_portable_wargame(void **state) { whole_game(state, "portable-wargame"); }
static void test_whole_pocket_battles(void **state) { whole_game(state, "pocket-battles"); }

static void test_vs_computer(void **state)
{
    fixture *f = *state;
    char id[32], tok[2][40];
    create(f, "pocket-battles", "thumb", id, tok);
    assert_string_equal(tok[1], "");
    json_t *g = play_out(f, id, tok, 5);
    check_record(f, id, g);
    json_decref(g);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/steps", id);
    json_t *r;
    assert_int_equal(http_json(&f->c, "GET", path, NULL, NULL, &r), 200);
    size_t i, mine = 0;
    json_t *st;
    json_array_foreach(json_object_get(r, "steps"), i, st)
        mine += json_integer_value(json_object_get(st, "who")) == 2;
    json_decref(r);
    assert_true(mine > 5);                 /* the computer played its side */
}

/* An active game nobody uses leaves memory once idle; its next request
 * rebuilds it where it was, with its pending undo request, and play goes on. */
static void test_idle_game_rebuilt(void **state)
{
    fixture *f = *state;
    char id[32], tok[2][40], path[128];
    create(f, "portable-wargame", NULL, id, tok);
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *g;
    assert_int_equal(http_json(&f->c, "GET", path, NULL, NULL, &g), 200);
    int seat = (int)json_integer_value(json_object_get(g, "to_act"));
    json_int_t step = json_integer_value(json_object_get(g, "step"));
    json_decref(g);
    char apath[160];
    snprintf(apath, sizeof apath, "%s/act", path);
    json_t *act = json_pack("{s:I,s:i}", "step", step, "n", 1), *r;
    assert_int_equal(http_json(&f->c, "POST", apath, act, tok[seat - 1], &r), 200);
    json_decref(act);
    step = json_integer_value(json_object_get(json_object_get(r, "game"), "step"));
    json_decref(r);
    snprintf(apath, sizeof apath, "%s/undo", path);
    act = json_pack("{s:I}", "step", step);
    assert_int_equal(http_json(&f->c, "POST", apath, act, tok[seat - 1], &r), 200);
    json_decref(act);
    json_decref(r);
    /* idle past the limit; the sweep runs when some request lets go of a game */
    nanosleep(&(struct timespec){1, 100000000}, NULL);
    assert_int_equal(http_json(&f->c, "GET", "/api/games/000000000000", NULL, NULL, &r), 404);
    json_decref(r);
    assert_int_equal(http_json(&f->c, "GET", "/api/rules", NULL, NULL, &r), 200);
    json_decref(r);
    char other[32], otok[2][40];
    create(f, "pocket-wargame", NULL, other, otok);    /* a request that holds a game */
    wait_resident(f, 1);                               /* only the new one */
    assert_int_equal(http_json(&f->c, "GET", path, NULL, tok[2 - seat], &g), 200);
    assert_int_equal(json_integer_value(json_object_get(g, "step")), step);
    json_t *undo = json_object_get(g, "undo");
    assert_int_equal(json_integer_value(json_object_get(undo, "asked_by")), seat);
    json_decref(g);
    /* the other seat accepts: the game goes back and plays on */
    snprintf(apath, sizeof apath, "%s/undo/accept", path);
    act = json_pack("{s:I}", "step", step);
    assert_int_equal(http_json(&f->c, "POST", apath, act, tok[2 - seat], &r), 200);
    json_decref(act);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "game"), "to_act")),
                     seat);
    json_decref(r);
    g = play_out(f, id, tok, 3);
    check_record(f, id, g);
    json_decref(g);
}

/* Games made as fast as one client can: no more than the cap stay in
 * memory (the least recently used go, though not idle for --idle), and one
 * that left is rebuilt when asked for. */
static void test_games_capped(void **state)
{
    fixture *f = *state;
    char id[32], first[32], tok[2][40];
    size_t most = 0;
    for (int i = 0; i < 60; i++) {
        create(f, "pocket-wargame", NULL, id, tok);
        if (i == 0)
            strcpy(first, id);
        size_t n = srv_games_resident(f->s);
        most = n > most ? n : most;
    }
    /* the request that made the last one may still hold it as it lets go */
    assert_true(most <= 8 + 1);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", first);
    json_t *g;
    assert_int_equal(http_json(&f->c, "GET", path, NULL, NULL, &g), 200);
    assert_string_equal(json_string_value(json_object_get(g, "id")), first);
    json_decref(g);
    assert_true(srv_games_resident(f->s) <= 8 + 1);
}

/* The threads that serve requests have the stack the fuzz harness gives
 * its dispatching thread (fuzz/fuzz_server.c), so that a request too deep
 * for them is found there too. */
static void test_http_stack(void **state)
{
    fixture *f = *state;
    json_t *r;
    assert_int_equal(http_json(&f->c, "GET", "/api/rules", NULL, NULL, &r), 200);
    json_decref(r);
    size_t real = srv_http_stack_size(f->s);
    if (real < SRV_HTTP_STACK || real > SRV_HTTP_STACK + 16384)
        fail_msg("a serving thread has a stack of %zu bytes; the fuzz harness uses %d", real,
                 SRV_HTTP_STACK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_whole_pocket_wargame, setup, teardown),
        cmocka_unit_test_setup_teardown(test_whole_portable_wargame, setup, teardown),
        cmocka_unit_test_setup_teardown(test_whole_pocket_battles, setup, teardown),
        cmocka_unit_test_setup_teardown(test_vs_computer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_idle_game_rebuilt, setup_quick, teardown),
        cmocka_unit_test_setup_teardown(test_games_capped, setup_capped, teardown),
        cmocka_unit_test_setup_teardown(test_http_stack, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
