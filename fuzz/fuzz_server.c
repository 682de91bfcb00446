/*
 * fuzz_server.c - the game server's API (docs/server.md): method, path,
 * query, token and body, answered through srv_http_dispatch (the route
 * table and handlers as the listener runs them, with no socket) by a server
 * with a fresh in-memory store and no computer workers. Each input has
 * three games, each made when the input first names it: Pocket Wargame;
 * Pocket Battles against a computer seat; The Portable Wargame with a
 * referee.
 *
 * The input is up to FZ_MAX_REQUESTS requests, separated by lines "%%":
 * a line `METHOD PATH[?QUERY] [AUTHORIZATION]`, then the body. In them,
 * {gN} stands for game N's id (N: 0-2 the games above, then those the
 * input makes), {tN.S} for the token of its seat S, {rN} for its referee's
 * token, {sN} for its step count now.
 *
 * Hints (GET .../hint) are left out: their cost is the computer player's.
 *
 * Each request is dispatched on a thread with the stack the listener's
 * threads have (SRV_HTTP_STACK, checked against a real one by
 * tests/test_server.c), not this thread's 8 MiB: a request that would
 * overflow a serving thread (a body nested 1,000 deep did) must fail here.
 *
 * Checks: every reply is UTF-8 and JSON (the record text, which must load
 * and round-trip); a 4xx or 5xx reply holds "error" (not empty), "where"
 * and "status" (its own); no 5xx but the 501 of live updates; a refused
 * request (4xx) and every GET leave the store (a digest of every table)
 * and the games in memory unchanged; a reply that shows a seat's view
 * answers a request holding that seat's token, and its position (now, or
 * after K steps with ?at=K) is the engine's view for that seat (a
 * spectator's and the referee's: the public view); at the end, a server started again on the same store rebuilds
 * every game to the same position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <civetweb.h>
#include <sqlite3.h>
#include "fuzz.h"
#include "srv_private.h"

#define FZ_MAX_REQUESTS 12
#define FZ_MAX_GAMES 10
#define FZ_FIXTURES 3

typedef struct fz_game {
    bool made;
    char id[SRV_ID_HEX + 1];
    char token[ENG_MAX_PLAYERS][SRV_TOKEN_HEX + 1];
    char referee[SRV_TOKEN_HEX + 1];
} fz_game;

typedef struct fz_run {
    srv *s;
    char db[64];
    sqlite3 *look;                       /* a second connection, for the digest */
    fz_game games[FZ_MAX_GAMES];
    int ngames;
} fz_run;

static const char *const fixtures[FZ_FIXTURES] = {
    "{\"rules\":\"pocket-wargame\",\"scenario\":\"meeting\",\"seed\":42}",
    ("{\"rules\":\"pocket-battles\",\"seed\":7,\"seats\":[{\"kind\":\"human\",\"name\":\"Ann\"},"
     "{\"kind\":\"computer\",\"level\":\"random\"}]}"),
    "{\"rules\":\"portable-wargame\",\"seed\":5,\"referee\":true}",
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* file:NAME?mode=memory&cache=shared: one store seen by two connections */
    sqlite3_config(SQLITE_CONFIG_URI, 1);
    return 0;
}

/* ---- the store and the games, before and after a request -------------------------- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t store_digest(fz_run *r)
{
    static const char *const tables[] = {
        "SELECT * FROM games ORDER BY id", "SELECT * FROM seats ORDER BY game, seat",
        "SELECT * FROM steps ORDER BY game, n", "SELECT * FROM undos ORDER BY rowid", NULL};
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int t = 0; tables[t]; t++) {
        sqlite3_stmt *q;
        if (sqlite3_prepare_v2(r->look, tables[t], -1, &q, NULL) != SQLITE_OK)
            fz_fail("the store cannot be read: %s", sqlite3_errmsg(r->look));
        while (sqlite3_step(q) == SQLITE_ROW)
            for (int c = 0; c < sqlite3_column_count(q); c++) {
                const unsigned char *v = sqlite3_column_text(q, c);
                h = fnv(h, v ? (const char *)v : "\1", v ? strlen((const char *)v) + 1 : 1);
            }
        sqlite3_finalize(q);
        h = fnv(h, "|", 1);
    }
    return h;
}

/* The game with this id, in memory or rebuilt from the store, held until
 * srv_game_release; NULL if there is none. */
static srv_game *fz_game_get(srv *s, const char *id)
{
    eng_error err;
    return srv_games_get(s, id, &err);
}

static uint64_t memory_digest(fz_run *r)
{
    size_t n;
    srv_game **all = srv_games_list(r->s, &n);
    uint64_t h = fnv(0xcbf29ce484222325ULL, &n, sizeof n);
    for (size_t i = 0; i < n; i++) {
        srv_game *g = all[i];
        pthread_mutex_lock(&g->mu);
        uint64_t pos = eng_state_hash(g->m->state);
        h = fnv(h, g->id, sizeof g->id);
        h = fnv(h, &pos, sizeof pos);
        h = fnv(h, &g->m->nsteps, sizeof g->m->nsteps);
        h = fnv(h, &g->status, sizeof g->status);
        h = fnv(h, g->result, strlen(g->result));
        h = fnv(h, &g->undo, sizeof g->undo);
        pthread_mutex_unlock(&g->mu);
    }
    srv_games_list_release(r->s, all, n);
    return h;
}

/* ---- requests ------------------------------------------------------------------------ */

static void make_fixture(fz_run *r, int k);

/* text with the placeholders replaced; the caller frees it */
static char *expand(fz_run *r, const char *text, size_t len)
{
    size_t cap = len * 2 + 64, k = 0;
    char *out = malloc(cap);
    if (!out)
        abort();
    for (size_t i = 0; i < len;) {
        char val[64] = "";
        size_t used = 0;
        if (text[i] == '{' && i + 3 < len) {
            char kind = text[i + 1];
            int gi = text[i + 2] - '0';
            bool game = gi >= 0 && gi < r->ngames && strchr("grts", kind);
            if (game && !r->games[gi].made)
                make_fixture(r, gi);
            if (game && kind == 'g' && i + 3 < len && text[i + 3] == '}') {
                snprintf(val, sizeof val, "%s", r->games[gi].id);
                used = 4;
            } else if (game && kind == 'r' && i + 3 < len && text[i + 3] == '}') {
                snprintf(val, sizeof val, "%s", r->games[gi].referee);
                used = 4;
            } else if (game && kind == 't' && i + 5 < len && text[i + 3] == '.' &&
                       text[i + 4] >= '1' && text[i + 4] <= '0' + ENG_MAX_PLAYERS &&
                       text[i + 5] == '}') {
                snprintf(val, sizeof val, "%s", r->games[gi].token[text[i + 4] - '1']);
                used = 6;
            } else if (game && kind == 's' && i + 3 < len && text[i + 3] == '}') {
                srv_game *g = fz_game_get(r->s, r->games[gi].id);
                if (g) {
                    pthread_mutex_lock(&g->mu);
                    snprintf(val, sizeof val, "%zu", g->m->nsteps);
                    pthread_mutex_unlock(&g->mu);
                    srv_game_release(r->s, g);
                }
                used = 4;
            }
        }
        size_t vl = used ? strlen(val) : 1;
        if (k + vl + 1 > cap) {
            cap = 2 * (k + vl + 1);
            out = realloc(out, cap);
            if (!out)
                abort();
        }
        if (used) {
            memcpy(out + k, val, vl);
            i += used;
        } else {
            out[k] = text[i++];
        }
        k += vl;
    }
    out[k] = '\0';
    return out;
}

/* Notes the ids and tokens of a game the reply made. */
static void note_game(fz_run *r, const json_t *reply, fz_game *fg)
{
    const char *id = json_string_value(json_object_get(json_object_get(reply, "game"), "id"));
    const json_t *links = json_object_get(reply, "links");
    if (!id || !links)
        fz_fail("a game was made but the reply lacks its id or links");
    if (!fg) {
        if (r->ngames == FZ_MAX_GAMES)
            return;
        fg = &r->games[r->ngames++];
    }
    memset(fg, 0, sizeof *fg);
    fg->made = true;
    snprintf(fg->id, sizeof fg->id, "%s", id);
    size_t i;
    const json_t *se;
    json_array_foreach(json_object_get(links, "seats"), i, se) {
        json_int_t k = json_integer_value(json_object_get(se, "seat"));
        const char *tok = json_string_value(json_object_get(se, "token"));
        if (k < 1 || k > ENG_MAX_PLAYERS || !tok)
            fz_fail("a seat's link lacks its seat or token");
        snprintf(fg->token[k - 1], sizeof fg->token[0], "%s", tok);
    }
    const char *ref = json_string_value(json_object_get(json_object_get(links, "referee"),
                                                        "token"));
    snprintf(fg->referee, sizeof fg->referee, "%s", ref ? ref : "");
}

/* Makes fixture game k, the first time the input names it (each costs a
 * game's setting up, which The Portable Wargame's is not small). */
static void make_fixture(fz_run *r, int k)
{
    srv_capture c;
    srv_http_dispatch(r->s, "POST", "/api/games", NULL, NULL, fixtures[k],
                      strlen(fixtures[k]), &c);
    if (c.status != 201)
        fz_fail("a fixture game was refused: %s", c.body);
    json_t *j = json_loads(c.body, 0, NULL);
    note_game(r, j, &r->games[k]);
    json_decref(j);
    free(c.body);
}

/* The role a request's token plainly gives in g: a seat (0..), SRV_REFEREE,
 * SRV_SPECTATOR (no token at all), or -3 when it is not plain (a token
 * written otherwise, or one that is no role's). */
static int plain_role(const srv_game *g, const char *auth, const char *query)
{
    const char *tok = NULL;
    char buf[SRV_TOKEN_HEX + 2] = "";
    if (auth && strncmp(auth, "Bearer ", 7) == 0) {
        tok = auth + 7;
    } else if (query) {
        for (const char *q = query; q; q = strchr(q, '&') ? strchr(q, '&') + 1 : NULL)
            if (strncmp(q, "token=", 6) == 0) {
                if (tok)
                    return -3;                       /* two: not plain */
                size_t n = strcspn(q + 6, "&");
                if (n >= sizeof buf)
                    return -3;
                memcpy(buf, q + 6, n);
                buf[n] = '\0';
                tok = buf;
            }
    }
    if (!tok || !*tok)
        return tok ? -3 : SRV_SPECTATOR;
    for (int p = 0; p < g->nseats; p++)
        if (g->seat[p].token[0] && strcmp(tok, g->seat[p].token) == 0)
            return p;
    if (g->referee && strcmp(tok, g->referee_token) == 0)
        return SRV_REFEREE;
    return -3;
}

/* A game (or a past position of it) as a role sees it: a seat's view
 * answers a request holding that seat's token, and the position is the
 * engine's view for the role (a seat's own; the public view for the
 * referee and spectators). */
static void check_view_of(fz_run *r, srv_game *g, const json_t *gv, const char *head,
                          const char *auth, const char *query)
{
    const json_t *you = json_object_get(gv, "you");
    const json_t *pos = json_object_get(gv, "position");
    int seat = -1;
    long long at = -1;                       /* -1: the position now */
    if (you) {
        const char *role = json_string_value(json_object_get(you, "role"));
        if (!role)
            fz_fail("\"you\" lacks its role");
        if (strcmp(role, "seat") == 0) {
            seat = (int)json_integer_value(json_object_get(you, "seat")) - 1;
            if (seat < 0 || seat >= g->nseats)
                fz_fail("a seat's view names no seat");
            if (!g->seat[seat].token[0] || !strstr(head, g->seat[seat].token))
                fz_fail("a reply shows seat %d's view to a request without its token: %s",
                        seat + 1, head);
        } else if (strcmp(role, "referee") == 0) {
            if (!g->referee || !strstr(head, g->referee_token))
                fz_fail("a reply shows the referee's role to a request without its token");
        }
    } else {
        /* a past position (?at=K): the role from the token, when it is plain */
        const json_t *step = json_object_get(gv, "step");
        int role = plain_role(g, auth, query);
        if (!json_is_integer(step) || role == -3)
            return;
        seat = role >= 0 ? role : -1;
        at = json_integer_value(step);
    }
    pthread_mutex_lock(&g->mu);
    int viewer = seat >= 0 ? seat : g->nseats;   /* a viewer who is no player: public */
    if (at > (long long)g->m->nsteps)
        fz_fail("a position after step %lld of a game of %zu steps", at, g->m->nsteps);
    eng_state *past = at >= 0 ? eng_match_state_at(g->m, (size_t)at) : NULL;
    json_t *want = eng_state_json(past ? past : g->m->state, viewer);
    eng_state_free(past);
    pthread_mutex_unlock(&g->mu);
    if (!json_equal(want, (json_t *)pos)) {
        char *a = json_dumps(pos, JSON_COMPACT), *b = json_dumps(want, JSON_COMPACT);
        fz_fail("the position shown to seat %d (0: no seat) is not that role's view:\n%s\n"
                "---\n%s\nto: %s", seat + 1, a, b, head);
    }
    json_decref(want);
}

static void check_view(fz_run *r, const json_t *gv, const char *head, const char *auth,
                       const char *query)
{
    const char *id = json_string_value(json_object_get(gv, "id"));
    if (!json_object_get(gv, "position") || !id)
        return;
    srv_game *g = fz_game_get(r->s, id);
    if (!g)
        return;
    check_view_of(r, g, gv, head, auth, query);
    srv_game_release(r->s, g);
}

static void check_reply(fz_run *r, const char *head, const char *auth, const char *query,
                        const srv_capture *c)
{
    if (!c->body)
        fz_fail("no reply to: %s", head);
    fz_check_utf8(c->body, "a reply");
    if (c->status >= 500 && c->status != 501)
        fz_fail("a server error (%d) to: %s\n%s", c->status, head, c->body);
    if (strncmp(c->type, "text/plain", 10) == 0) {
        if (c->status != 200)
            fz_fail("a text reply with status %d", c->status);
        eng_error err;
        eng_match *m = eng_match_load_text(c->body, "reply", &err);
        if (!m)
            fz_fail("the record the server gives does not load: %s", err.msg);
        fz_check_round_trip(m);
        eng_match_free(m);
        return;
    }
    if (strcmp(c->type, "application/json") != 0)
        fz_fail("a reply of type %s", c->type);
    json_error_t jerr;
    json_t *j = json_loadb(c->body, c->len, 0, &jerr);
    if (!json_is_object(j))
        fz_fail("a reply is not a JSON object (%s): %s", jerr.text, c->body);
    if (c->status >= 400) {
        const char *e = json_string_value(json_object_get(j, "error"));
        if (!e || !*e || !json_is_string(json_object_get(j, "where")) ||
            json_integer_value(json_object_get(j, "status")) != c->status)
            fz_fail("a %d reply lacks its error fields (error, where, status): %s\nto: %s",
                    c->status, c->body, head);
    } else if (c->status == 201) {
        note_game(r, j, NULL);
    } else if (c->status != 200) {
        fz_fail("a reply with status %d", c->status);
    }
    const json_t *gv = json_object_get(j, "game");
    check_view(r, gv ? gv : j, head, auth, query);
    json_decref(j);
}

typedef struct fz_dispatch {
    srv *s;
    const char *method, *path, *query, *auth, *body;
    srv_capture *out;
} fz_dispatch;

static void *dispatch_main(void *arg)
{
    fz_dispatch *d = arg;
    srv_http_dispatch(d->s, d->method, d->path, d->query, d->auth, d->body, strlen(d->body),
                      d->out);
    return NULL;
}

/* srv_http_dispatch, on a thread with a serving thread's stack. */
static void dispatch(fz_dispatch *d)
{
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SRV_HTTP_STACK);
    if (pthread_create(&t, &attr, dispatch_main, d) != 0)
        fz_fail("no thread to dispatch on");
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
}

static void one_request(fz_run *r, const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    size_t hl = nl ? (size_t)(nl - text) : len;
    char *head = expand(r, text, hl);
    char *body = nl ? expand(r, nl + 1, len - hl - 1) : strdup("");
    /* METHOD TARGET [AUTHORIZATION] */
    char *sp = strchr(head, ' ');
    if (!sp) {
        free(head);
        free(body);
        return;
    }
    char *method = strndup(head, (size_t)(sp - head));
    char *target = strdup(sp + 1);
    char *auth = strchr(target, ' ');
    if (auth)
        *auth++ = '\0';
    char *query = strchr(target, '?');
    if (query)
        *query++ = '\0';
    char *path = strdup(target);
    mg_url_decode(target, (int)strlen(target), path, (int)strlen(target) + 1, 0);
    if (strstr(path, "/hint"))            /* left out: its cost is the computer's */
        goto done;
    uint64_t store = store_digest(r), mem = memory_digest(r);
    srv_capture c;
    dispatch(&(fz_dispatch){r->s, method, path, query, auth, body, &c});
    check_reply(r, head, auth, query, &c);
    if (c.status >= 400 || strcmp(method, "GET") == 0) {
        if (store_digest(r) != store)
            fz_fail("a %d reply to %s changed the store", c.status, head);
        if (memory_digest(r) != mem)
            fz_fail("a %d reply to %s changed a game in memory", c.status, head);
    }
    free(c.body);
done:
    free(method);
    free(target);
    free(path);
    free(head);
    free(body);
}

/* A server started again on the store rebuilds every game to the same
 * position, steps and status. */
static void check_restart(fz_run *r)
{
    srv_config cfg = {.db = r->db};
    eng_error err;
    srv *again = srv_open_offline(&cfg, &err);
    if (!again)
        fz_fail("the store does not open again: %s", err.msg);
    size_t n;
    srv_game **all = srv_games_list(r->s, &n);
    for (size_t i = 0; i < n; i++) {
        srv_game *g = all[i], *h = fz_game_get(again, g->id);
        if (!h)
            fz_fail("game %s is not in the store", g->id);
        if (h->m->nsteps != g->m->nsteps || h->status != g->status ||
            strcmp(h->result, g->result) != 0 || !eng_state_equal(h->m->state, g->m->state))
            fz_fail("game %s comes back from the store otherwise (%zu steps, not %zu)", g->id,
                    h->m->nsteps, g->m->nsteps);
        srv_game_release(again, h);
    }
    srv_games_list_release(r->s, all, n);
    srv_stop(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned serial;
    fz_run r = {0};
    snprintf(r.db, sizeof r.db, "file:fuzz_server_%u?mode=memory&cache=shared", serial++);
    srv_config cfg = {.db = r.db, .max_body = 1 << 16};
    eng_error err;
    r.s = srv_open_offline(&cfg, &err);
    if (!r.s)
        fz_fail("no server: %s", err.msg);
    if (sqlite3_open_v2(r.db, &r.look, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) !=
        SQLITE_OK)
        fz_fail("the store cannot be opened twice");
    r.ngames = FZ_FIXTURES;                  /* made when first named */
    char *text = fz_text(data, size);
    size_t len = strlen(text);
    const char *at = text;
    bool changed = false;
    for (int k = 0; k < FZ_MAX_REQUESTS && at < text + len; k++) {
        const char *sep = strstr(at, "\n%%\n");
        size_t n = sep ? (size_t)(sep - at) : strlen(at);
        uint64_t before = store_digest(&r);
        one_request(&r, at, n);
        changed |= store_digest(&r) != before;
        at += n + (sep ? 4 : 0);
    }
    if (changed)
        check_restart(&r);
    free(text);
    sqlite3_close(r.look);
    srv_stop(r.s);
    return 0;
}
