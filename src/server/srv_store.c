/*
 * srv_store.c - the games store: one SQLite file holding every game's rule
 * set and its version, scenario, options, seed, seats and steps. Positions
 * are never stored: a game is rebuilt by replaying its steps from its seed,
 * which also checks them. Every change is one transaction, committed before
 * the server answers the request that made it.
 *
 * Each game's row also keeps its summary as the games list shows it
 * (JSON, rewritten with every change), so the list is read from the store
 * without rebuilding games that are not in memory.
 *
 * The schema has a version (table schema_version); an older store is
 * upgraded in place, a store from a newer server is refused.
 */
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "legacy.h"
#include "srv_private.h"

#define SRV_STORE_CACHE_KIB "512"

#define SRV_STORE_KEPT 8

struct srv_store {
    sqlite3 *db;
    pthread_mutex_t mu;
    /* the statements every move runs, prepared once (st->mu held) */
    struct {
        const char *sql;
        sqlite3_stmt *q;
    } kept[SRV_STORE_KEPT];
};

static const char schema_v1[] =
    "CREATE TABLE schema_version(version INTEGER NOT NULL);"
    "CREATE TABLE games(id TEXT PRIMARY KEY, rules TEXT NOT NULL, scenario TEXT NOT NULL,"
    " options TEXT NOT NULL, seed INTEGER NOT NULL, referee INTEGER NOT NULL,"
    " referee_token TEXT NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL,"
    " status TEXT NOT NULL, result TEXT NOT NULL);"
    "CREATE TABLE seats(game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,"
    " kind TEXT NOT NULL, level TEXT NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL,"
    " PRIMARY KEY(game, seat));"
    "CREATE TABLE steps(game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,"
    " action INTEGER NOT NULL, notation TEXT NOT NULL, who INTEGER NOT NULL,"
    " time INTEGER NOT NULL, PRIMARY KEY(game, n));"
    "CREATE TABLE undos(game TEXT NOT NULL REFERENCES games(id), asked_by INTEGER NOT NULL,"
    " at_step INTEGER NOT NULL, back_to INTEGER NOT NULL, asked INTEGER NOT NULL,"
    " answer TEXT, answered INTEGER);"
    "INSERT INTO schema_version VALUES(1);";

/* version 2: each game's summary for the list ('' until written) */
static const char schema_v2[] =
    "ALTER TABLE games ADD COLUMN summary TEXT NOT NULL DEFAULT '';"
    "UPDATE schema_version SET version = 2;";

/* version 3: each game's rules version. A game stored before it was made
 * by a pocketwar whose rules versions were The Portable Wargame's 1 and
 * Pocket Battles' 2 (the others unchanged since: '' is today's); a game of
 * an older version replays with the options data/<rules>/versions.json
 * lists for it (legacy.h) */
static const char schema_v3[] =
    "ALTER TABLE games ADD COLUMN rules_version TEXT NOT NULL DEFAULT '';"
    "UPDATE games SET rules_version = CASE rules WHEN 'portable-wargame' THEN '1'"
    " WHEN 'pocket-battles' THEN '2' ELSE '' END;"
    "UPDATE schema_version SET version = 3;";

static bool exec(srv_store *st, const char *sql, eng_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return true;
    eng_error_set(err, "games store: %s", msg ? msg : sqlite3_errmsg(st->db));
    sqlite3_free(msg);
    return false;
}

static int schema_version(srv_store *st)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, "SELECT name FROM sqlite_master WHERE name='schema_version'",
                           -1, &q, NULL) != SQLITE_OK)
        return -1;
    bool have = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    if (!have)
        return 0;
    if (sqlite3_prepare_v2(st->db, "SELECT max(version) FROM schema_version", -1, &q,
                           NULL) != SQLITE_OK)
        return -1;
    int v = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int(q, 0) : -1;
    sqlite3_finalize(q);
    return v;
}

/* Brings an older schema up to SRV_SCHEMA_VERSION; each version's step
 * goes here as the schema grows. */
static bool upgrade(srv_store *st, int from, const char *path, eng_error *err)
{
    if (from == 0) {
        /* an empty file, or one that is not ours */
        sqlite3_stmt *q;
        sqlite3_prepare_v2(st->db, "SELECT count(*) FROM sqlite_master", -1, &q, NULL);
        int tables = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int(q, 0) : 0;
        sqlite3_finalize(q);
        if (tables > 0)
            return eng_error_fail(err, "%s is an SQLite file but not a pocketwar games store",
                                  path);
        if (!(exec(st, "BEGIN", err) && exec(st, schema_v1, err) && exec(st, "COMMIT", err)))
            return false;
        from = 1;
    }
    if (from == 1) {
        if (!(exec(st, "BEGIN", err) && exec(st, schema_v2, err) && exec(st, "COMMIT", err)))
            return false;
        from = 2;
    }
    if (from == 2)
        return exec(st, "BEGIN", err) && exec(st, schema_v3, err) && exec(st, "COMMIT", err);
    return true;
}

srv_store *srv_store_open(const char *path, bool sync_full, eng_error *err)
{
    srv_store *st = calloc(1, sizeof *st);
    if (!st)
        abort();
    pthread_mutex_init(&st->mu, NULL);
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                        SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        eng_error_set(err, "cannot open the games store %s: %s", path,
                      st->db ? sqlite3_errmsg(st->db) : "out of memory");
        srv_store_close(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    /* a bounded page cache: the store grows with every game, the server's
     * memory must not (the file is read again as needed) */
    exec(st, "PRAGMA cache_size=-" SRV_STORE_CACHE_KIB ";", err);
    /* WAL: a transaction is in the file (the operating system's) once
     * COMMIT returns, so a killed process loses nothing it answered. With
     * NORMAL the log is flushed to the disk at checkpoints only, so a power
     * cut or a crash of the machine may take the last answered moves (never
     * the file's integrity); FULL flushes it at every commit, so an
     * answered move survives those too, at the cost of a disk flush a
     * move (docs/server.md, "The store"). */
    if (!exec(st, sync_full ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                              " PRAGMA foreign_keys=ON;"
                            : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                              " PRAGMA foreign_keys=ON;", err)) {
        eng_error_set(err, "cannot use %s as a games store: %s", path,
                      sqlite3_errmsg(st->db));
        srv_store_close(st);
        return NULL;
    }
    int v = schema_version(st);
    if (v < 0 || v > SRV_SCHEMA_VERSION) {
        if (v < 0)
            eng_error_set(err, "cannot read the games store %s: %s", path,
                          sqlite3_errmsg(st->db));
        else
            eng_error_set(err, "the games store %s has schema version %d, from a newer "
                          "pocketwar (this one knows up to %d): use that version, or "
                          "another --db file", path, v, SRV_SCHEMA_VERSION);
        srv_store_close(st);
        return NULL;
    }
    if (v < SRV_SCHEMA_VERSION && !upgrade(st, v, path, err)) {
        srv_store_close(st);
        return NULL;
    }
    /* what the limits ask of the store (srv_store_unfinished and
     * srv_store_expire) without reading every game: an index a server that
     * does not know it ignores, so the schema's version stays */
    if (!exec(st, "CREATE INDEX IF NOT EXISTS games_by_status ON games(status, updated);",
              err)) {
        srv_store_close(st);
        return NULL;
    }
    return st;
}

void srv_store_close(srv_store *st)
{
    if (!st)
        return;
    for (int i = 0; i < SRV_STORE_KEPT; i++)
        sqlite3_finalize(st->kept[i].q);
    sqlite3_close(st->db);
    pthread_mutex_destroy(&st->mu);
    free(st);
}

/* ---- writing -------------------------------------------------------------------- */

static sqlite3_stmt *prep(srv_store *st, const char *sql)
{
    sqlite3_stmt *q = NULL;
    sqlite3_prepare_v2(st->db, sql, -1, &q, NULL);
    return q;
}

static bool run(srv_store *st, sqlite3_stmt *q, eng_error *err)
{
    int rc = q ? sqlite3_step(q) : SQLITE_ERROR;
    if (q)
        sqlite3_finalize(q);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW)
        return true;
    eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
    return false;
}

/* A statement of the writes every move makes, prepared the first time and
 * kept (found by the address of its SQL text, a literal); run it with
 * run_kept. st->mu held. */
static sqlite3_stmt *prep_kept(srv_store *st, const char *sql)
{
    for (int i = 0; i < SRV_STORE_KEPT; i++) {
        if (st->kept[i].sql == sql)
            return st->kept[i].q;
        if (!st->kept[i].sql) {
            sqlite3_stmt *q = prep(st, sql);
            if (q)
                st->kept[i].sql = sql, st->kept[i].q = q;
            return q;
        }
    }
    return prep(st, sql);                /* more than kept: run_kept finalizes it */
}

static bool run_kept(srv_store *st, sqlite3_stmt *q, eng_error *err)
{
    bool kept = false;
    for (int i = 0; i < SRV_STORE_KEPT && q && !kept; i++)
        kept = st->kept[i].q == q;
    if (!kept)
        return run(st, q, err);
    int rc = sqlite3_step(q);
    bool ok = rc == SQLITE_DONE || rc == SQLITE_ROW;
    if (!ok)
        eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return ok;
}

static const char *status_name(int status)
{
    return status == SRV_FINISHED ? "finished" : "active";
}

static bool put_status(srv_store *st, const srv_game *g, eng_error *err)
{
    sqlite3_stmt *q = prep_kept(st, "UPDATE games SET status=?, result=?, updated=?, "
                                    "summary=? WHERE id=?");
    json_t *sum = srv_view_summary(g);
    char *text = json_dumps(sum, JSON_COMPACT);
    json_decref(sum);
    if (q) {
        sqlite3_bind_text(q, 1, status_name(g->status), -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 2, g->result, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 3, g->updated);
        sqlite3_bind_text(q, 4, text ? text : "", -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(q, 5, g->id, -1, SQLITE_TRANSIENT);
    }
    free(text);
    return run_kept(st, q, err);
}

/* Runs body between BEGIN and COMMIT under the store's lock; rolls back
 * on failure. */
static int transaction(srv_store *st, bool (*body)(srv_store *, const srv_game *, const void *,
                                                  eng_error *),
                       const srv_game *g, const void *arg, eng_error *err)
{
    pthread_mutex_lock(&st->mu);
    bool ok = run_kept(st, prep_kept(st, "BEGIN IMMEDIATE"), err);
    if (ok) {
        ok = body(st, g, arg, err) && run_kept(st, prep_kept(st, "COMMIT"), err);
        if (!ok)
            sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    }
    pthread_mutex_unlock(&st->mu);
    return ok ? 0 : -1;
}

static bool add_game(srv_store *st, const srv_game *g, const void *arg, eng_error *err)
{
    (void)arg;
    char *opts = json_dumps(g->m->options, JSON_COMPACT | JSON_SORT_KEYS);
    sqlite3_stmt *q = prep(st, "INSERT INTO games VALUES(?,?,?,?,?,?,?,?,?,?,?,'',?)");
    if (q) {
        sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(q, 2, eng_rules_name(g->m->rules), -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 3, g->m->scenario, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(q, 4, opts ? opts : "{}", -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 5, (sqlite3_int64)g->m->seed);
        sqlite3_bind_int(q, 6, g->referee);
        sqlite3_bind_text(q, 7, g->referee_token, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 8, g->created);
        sqlite3_bind_int64(q, 9, g->updated);
        sqlite3_bind_text(q, 10, status_name(g->status), -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 11, g->result, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(q, 12, eng_rules_version(g->m->rules), -1, SQLITE_STATIC);
    }
    free(opts);
    if (!run(st, q, err))
        return false;
    for (int p = 0; p < g->nseats; p++) {
        const srv_seat *se = &g->seat[p];
        q = prep(st, "INSERT INTO seats VALUES(?,?,?,?,?,?)");
        if (q) {
            sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(q, 2, p);
            sqlite3_bind_text(q, 3, se->kind == SRV_COMPUTER ? "computer" : "human", -1,
                              SQLITE_STATIC);
            sqlite3_bind_text(q, 4, se->level, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(q, 5, se->name, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(q, 6, se->token, -1, SQLITE_TRANSIENT);
        }
        if (!run(st, q, err))
            return false;
    }
    return put_status(st, g, err);
}

int srv_store_add_game(srv_store *st, const srv_game *g, eng_error *err)
{
    if (transaction(st, add_game, g, NULL, err) != 0)
        return -1;
    return g->m->nsteps ? srv_store_add_steps(st, g, 0, err) : 0;
}

static bool add_steps(srv_store *st, const srv_game *g, const void *arg, eng_error *err)
{
    size_t from = *(const size_t *)arg;
    eng_state *s = eng_match_state_at(g->m, from);
    bool ok = true;
    for (size_t i = from; i < g->m->nsteps && ok; i++) {
        const eng_step *step = &g->m->steps[i];
        char text[ENG_TEXT_MAX];
        eng_action_text(s, step->action, text, sizeof text);
        eng_apply_fast(s, step->action);
        sqlite3_stmt *q = prep_kept(st, "INSERT INTO steps VALUES(?,?,?,?,?,?)");
        if (q) {
            sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(q, 2, (sqlite3_int64)i);
            sqlite3_bind_int64(q, 3, step->action);
            sqlite3_bind_text(q, 4, text, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(q, 5, step->who);
            sqlite3_bind_int64(q, 6, i < g->ntimes ? g->times[i] : g->updated);
        }
        ok = run_kept(st, q, err);
    }
    eng_state_free(s);
    /* a new step drops an undo request that was waiting */
    if (ok) {
        sqlite3_stmt *q = prep_kept(st, "UPDATE undos SET answer='dropped', answered=? "
                                        "WHERE game=? AND answer IS NULL");
        if (q) {
            sqlite3_bind_int64(q, 1, g->updated);
            sqlite3_bind_text(q, 2, g->id, -1, SQLITE_TRANSIENT);
        }
        ok = run_kept(st, q, err);
    }
    return ok && put_status(st, g, err);
}

int srv_store_add_steps(srv_store *st, const srv_game *g, size_t from, eng_error *err)
{
    return transaction(st, add_steps, g, &from, err);
}

static bool set_status(srv_store *st, const srv_game *g, const void *arg, eng_error *err)
{
    (void)arg;
    return put_status(st, g, err);
}

int srv_store_set_status(srv_store *st, const srv_game *g, eng_error *err)
{
    return transaction(st, set_status, g, NULL, err);
}

static bool undo(srv_store *st, const srv_game *g, const void *arg, eng_error *err)
{
    const char *answer = arg;
    sqlite3_stmt *q;
    if (!answer) {
        q = prep(st, "INSERT INTO undos VALUES(?,?,?,?,?,NULL,NULL)");
        if (q) {
            sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(q, 2, g->undo.by);
            sqlite3_bind_int64(q, 3, (sqlite3_int64)g->undo.at);
            sqlite3_bind_int64(q, 4, (sqlite3_int64)g->undo.back_to);
            sqlite3_bind_int64(q, 5, g->updated);
        }
        return run(st, q, err);
    }
    q = prep(st, "UPDATE undos SET answer=?, answered=? WHERE game=? AND answer IS NULL");
    if (q) {
        sqlite3_bind_text(q, 1, answer, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 2, g->updated);
        sqlite3_bind_text(q, 3, g->id, -1, SQLITE_TRANSIENT);
    }
    if (!run(st, q, err))
        return false;
    if (strcmp(answer, "accepted") == 0) {
        q = prep(st, "DELETE FROM steps WHERE game=? AND n>=?");
        if (q) {
            sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(q, 2, (sqlite3_int64)g->undo.back_to);
        }
        if (!run(st, q, err))
            return false;
    }
    return put_status(st, g, err);
}

int srv_store_undo(srv_store *st, const srv_game *g, const char *answer, eng_error *err)
{
    return transaction(st, undo, g, answer, err);
}

/* ---- reading back ------------------------------------------------------------------ */

static const char *col(sqlite3_stmt *q, int i)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    return t ? (const char *)t : "";
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src);
}

/* Seats, steps and a waiting undo request of g, whose match is new. */
static bool load_rest(srv_store *st, srv_game *g, eng_error *err)
{
    sqlite3_stmt *q = prep(st, "SELECT seat, kind, level, name, token FROM seats "
                               "WHERE game=? ORDER BY seat");
    sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
    while (sqlite3_step(q) == SQLITE_ROW) {
        int p = sqlite3_column_int(q, 0);
        if (p < 0 || p >= g->nseats)
            continue;
        srv_seat *se = &g->seat[p];
        se->kind = strcmp(col(q, 1), "computer") == 0 ? SRV_COMPUTER : SRV_HUMAN;
        copy(se->level, sizeof se->level, col(q, 2));
        copy(se->name, sizeof se->name, col(q, 3));
        copy(se->token, sizeof se->token, col(q, 4));
    }
    sqlite3_finalize(q);
    q = prep(st, "SELECT n, action, who, time, notation FROM steps WHERE game=? ORDER BY n");
    sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
    bool ok = true;
    while (ok && sqlite3_step(q) == SQLITE_ROW) {
        int64_t n = sqlite3_column_int64(q, 0);
        eng_action a = (eng_action)sqlite3_column_int64(q, 1);
        int who = sqlite3_column_int(q, 2);
        if ((size_t)n != g->m->nsteps) {
            ok = eng_error_fail(err, "game %s: step %lld is missing", g->id,
                                (long long)g->m->nsteps + 1);
            break;
        }
        eng_error why;
        if (eng_match_apply(g->m, a, who == ENG_WHO_ENTERED, &why) != 0) {
            ok = eng_error_fail(err, "game %s: step %lld (%s) does not replay: %s", g->id,
                                (long long)n + 1, col(q, 4), why.msg);
            break;
        }
        g->m->steps[g->m->nsteps - 1].who = who;
        srv_game_times_room(g, g->ntimes + 1);
        g->times[g->ntimes++] = sqlite3_column_int64(q, 3);
    }
    sqlite3_finalize(q);
    if (!ok)
        return false;
    q = prep(st, "SELECT asked_by, at_step, back_to FROM undos WHERE game=? AND answer IS NULL");
    sqlite3_bind_text(q, 1, g->id, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(q) == SQLITE_ROW &&
        (size_t)sqlite3_column_int64(q, 1) == g->m->nsteps) {
        g->undo.pending = true;
        g->undo.by = sqlite3_column_int(q, 0);
        g->undo.at = (size_t)sqlite3_column_int64(q, 1);
        g->undo.back_to = (size_t)sqlite3_column_int64(q, 2);
    }
    sqlite3_finalize(q);
    return true;
}

#define SRV_GAME_COLUMNS "id, rules, scenario, options, seed, referee, referee_token, " \
                         "created, updated, status, result, summary, rules_version"

/* The game of the row q (SRV_GAME_COLUMNS) rebuilt by replaying its steps;
 * NULL and err if it does not replay. With the store's lock held. */
static srv_game *load_row(srv_store *st, sqlite3_stmt *q, eng_error *err)
{
    json_error_t jerr;
    json_t *opts = json_loads(col(q, 3), 0, &jerr);
    eng_error why;
    const eng_rules *r = eng_rules_find(col(q, 1));
    const char *version = col(q, 12);
    if (r && *version && strcmp(version, eng_rules_version(r)) != 0) {
        /* a game of an older rules version: today's rules with the options
         * that give that version's game */
        char note[ENG_ERROR_MAX];
        json_t *now = eng_legacy_options(r, version, opts, note, sizeof note, &why);
        json_decref(opts);
        if (!now) {
            eng_error_set(err, "game %s was made with %s rules version %s; %s", col(q, 0),
                          col(q, 1), version, why.msg);
            return NULL;
        }
        opts = now;
    }
    eng_match *m = eng_match_new(col(q, 1), col(q, 2), opts,
                                 (uint64_t)sqlite3_column_int64(q, 4), &why);
    json_decref(opts);
    if (!m) {
        eng_error_set(err, "game %s: %s", col(q, 0), why.msg);
        return NULL;
    }
    srv_game *g = srv_game_alloc();
    g->m = m;
    copy(g->id, sizeof g->id, col(q, 0));
    g->nseats = eng_game_players(m->game);
    g->referee = sqlite3_column_int(q, 5) != 0;
    copy(g->referee_token, sizeof g->referee_token, col(q, 6));
    g->created = sqlite3_column_int64(q, 7);
    g->updated = sqlite3_column_int64(q, 8);
    g->status = strcmp(col(q, 9), "finished") == 0 ? SRV_FINISHED : SRV_ACTIVE;
    copy(g->result, sizeof g->result, col(q, 10));
    if (!load_rest(st, g, err)) {
        srv_game_free(g);
        return NULL;
    }
    for (int p = 0; p < g->nseats; p++)
        if (g->seat[p].kind == SRV_HUMAN)
            eng_match_set_player(m, p, "human");
        else
            eng_match_set_player(m, p, g->seat[p].level);
    return g;
}

int srv_store_load(srv_store *st, void (*add)(void *ctx, srv_game *g), void *ctx,
                   eng_error *err)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *q = prep(st, "SELECT " SRV_GAME_COLUMNS " FROM games "
                               "WHERE status='active' OR summary='' ORDER BY created, id");
    int rc = 0;
    srv_game **unsummed = NULL;
    size_t nun = 0;
    while (q && sqlite3_step(q) == SQLITE_ROW) {
        srv_game *g = load_row(st, q, err);
        if (!g) {
            rc = -1;
            break;
        }
        if (!*col(q, 11)) {              /* from a version-1 store: summarise it */
            unsummed = realloc(unsummed, (nun + 1) * sizeof *unsummed);
            if (!unsummed)
                abort();
            unsummed[nun++] = g;
        }
        add(ctx, g);
    }
    if (!q) {
        eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
        rc = -1;
    }
    sqlite3_finalize(q);
    pthread_mutex_unlock(&st->mu);
    for (size_t i = 0; i < nun && rc == 0; i++)
        rc = srv_store_set_status(st, unsummed[i], err);
    free(unsummed);
    return rc;
}

srv_game *srv_store_load_game(srv_store *st, const char *id, eng_error *err)
{
    err->msg[0] = '\0';
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *q = prep(st, "SELECT " SRV_GAME_COLUMNS " FROM games WHERE id=?");
    srv_game *g = NULL;
    if (!q) {
        eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
    } else {
        sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(q) == SQLITE_ROW)
            g = load_row(st, q, err);
    }
    sqlite3_finalize(q);
    pthread_mutex_unlock(&st->mu);
    return g;
}

json_t *srv_store_list(srv_store *st, const char *status, const char *rules, int limit,
                       size_t *total, eng_error *err)
{
    pthread_mutex_lock(&st->mu);
    json_t *a = json_array();
    sqlite3_stmt *q = prep(st, "SELECT summary FROM games WHERE (?1 = '' OR status = ?1) "
                               "AND (?2 = '' OR rules = ?2) "
                               "ORDER BY created DESC, rowid DESC LIMIT ?3");
    sqlite3_stmt *c = prep(st, "SELECT count(*) FROM games");
    if (!q || !c) {
        eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
        json_decref(a);
        a = NULL;
    } else {
        sqlite3_bind_text(q, 1, status, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(q, 2, rules, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(q, 3, limit);
        while (sqlite3_step(q) == SQLITE_ROW) {
            json_t *o = json_loads(col(q, 0), 0, NULL);
            if (o)
                json_array_append_new(a, o);
        }
        *total = sqlite3_step(c) == SQLITE_ROW ? (size_t)sqlite3_column_int64(c, 0) : 0;
    }
    sqlite3_finalize(q);
    sqlite3_finalize(c);
    pthread_mutex_unlock(&st->mu);
    return a;
}

/* ---- limits --------------------------------------------------------------------------- */

long long srv_store_unfinished(srv_store *st)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *q = prep(st, "SELECT count(*) FROM games WHERE status='active'");
    long long n = q && sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
    sqlite3_finalize(q);
    pthread_mutex_unlock(&st->mu);
    return n;
}

int srv_store_expire(srv_store *st, int64_t before, bool (*keep)(void *ctx, const char *id),
                     void *ctx, eng_error *err)
{
    static const char *const drop[] = {
        "DELETE FROM undos WHERE game=?", "DELETE FROM steps WHERE game=?",
        "DELETE FROM seats WHERE game=?", "DELETE FROM games WHERE id=?",
    };
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *q = prep(st, "SELECT id FROM games WHERE status='active' AND updated < ? "
                               "ORDER BY updated LIMIT 1000");
    int n = 0;
    bool ok = q && exec(st, "BEGIN", err);
    if (ok)
        sqlite3_bind_int64(q, 1, before);
    while (ok && sqlite3_step(q) == SQLITE_ROW) {
        const char *id = col(q, 0);
        if (keep(ctx, id))
            continue;
        for (size_t i = 0; ok && i < sizeof drop / sizeof *drop; i++) {
            sqlite3_stmt *d = prep(st, drop[i]);
            if (d)
                sqlite3_bind_text(d, 1, id, -1, SQLITE_TRANSIENT);
            ok = run(st, d, err);
        }
        n++;
    }
    sqlite3_finalize(q);
    if (ok)
        ok = exec(st, "COMMIT", err);
    else if (q)
        exec(st, "ROLLBACK", &(eng_error){0});
    if (!q)
        eng_error_set(err, "games store: %s", sqlite3_errmsg(st->db));
    pthread_mutex_unlock(&st->mu);
    return ok ? n : -1;
}
