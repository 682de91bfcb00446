/*
 * srv_private.h - what the server's files share: the server object, a game
 * as the server holds it (its match, seats, undo request and live-update
 * signal), and each file's functions. Nothing outside src/server/ includes
 * this header but the server's fuzz harness and its white-box tests
 * (fuzz/fuzz_server.c, tests/test_server_faults.c).
 *
 * Locking: each game has its own mutex, held while its match is read or
 * changed and while its steps are committed to the store; the store has one
 * mutex of its own, taken inside a game's (never the other way round). The
 * games list and the workers' queue have theirs, always taken last.
 */
#ifndef SRV_PRIVATE_H
#define SRV_PRIVATE_H

#include <pthread.h>
#include <stdint.h>
#include "server.h"
#include "match.h"
#include "ai.h"

#define SRV_TOKEN_BYTES 16              /* 128 bits from getrandom(2) */
#define SRV_TOKEN_HEX (2 * SRV_TOKEN_BYTES)
#define SRV_ID_HEX 12                   /* a game's id: 48 random bits */
#define SRV_NAME_MAX 64
#define SRV_LEVEL_MAX 32
#define SRV_RESULT_MAX 192
/* How deep a request's JSON may nest: the parser recurses once a level, on
 * a serving thread's stack (civetweb's, SRV_HTTP_STACK bytes), so a body
 * is refused before parsing beyond this; no request needs more than 4. */
#define SRV_JSON_DEPTH_MAX 32
/* The stack civetweb (Debian's 1.15, built with USE_STACK_SIZE) gives each
 * HTTP thread: the fuzz harness dispatches on a thread this size, and
 * tests/test_server.c checks it against a real serving thread's. */
#define SRV_HTTP_STACK 102400

enum { SRV_HUMAN, SRV_COMPUTER };
enum { SRV_ACTIVE, SRV_FINISHED };

/* Who a request speaks for: a seat (0..), a spectator or the referee. */
enum { SRV_SPECTATOR = -1, SRV_REFEREE = -2 };

typedef struct srv_seat {
    int kind;                           /* SRV_HUMAN or SRV_COMPUTER */
    char level[SRV_LEVEL_MAX];          /* a computer's player name ("thumb") */
    char name[SRV_NAME_MAX];            /* what the players call it */
    char token[SRV_TOKEN_HEX + 1];      /* a human seat's secret; "" else */
    ai_player *ai;                      /* made by the worker that first needs it */
} srv_seat;

typedef struct srv_undo {
    bool pending;
    int by;                             /* the seat that asked */
    size_t at;                          /* steps when asked */
    size_t back_to;                     /* steps left once taken back */
} srv_undo;

/* The outline of a drawing the server made for a reply (srv_drawn.c): the
 * position after `step` steps, whose fingerprint is `hash`, as `viewer`
 * sees it. */
#define SRV_DRAWN_MAX 4
typedef struct srv_drawn {
    eng_outline *o;                     /* NULL: an empty slot */
    size_t step;
    int viewer;
    uint64_t hash;
    uint64_t used;                      /* when last asked for (the game's drawn_tick) */
} srv_drawn;

typedef struct srv_game {
    char id[SRV_ID_HEX + 1];
    pthread_mutex_t mu;
    pthread_cond_t changed;             /* broadcast after every change */
    uint64_t version;                   /* counts changes: steps, undo, resign */
    eng_match *m;
    int nseats;
    srv_seat seat[ENG_MAX_PLAYERS];
    bool referee;                       /* chance outcomes are entered */
    char referee_token[SRV_TOKEN_HEX + 1];
    int status;                         /* SRV_ACTIVE or SRV_FINISHED */
    char result[SRV_RESULT_MAX];        /* "" while active */
    int64_t created, updated;           /* ms since the epoch */
    int64_t *times;                     /* when each step was taken */
    size_t ntimes, times_cap;
    srv_undo undo;
    bool queued;                        /* waiting for (or held by) a worker */
    /* kept in memory while used (under the server's games_mu): */
    int refs;                           /* requests, streams, the workers' queue */
    int64_t last_used;                  /* when refs last fell to 0 */
    /* drawings' outlines kept for the next requests (srv_drawn.c; g->mu) */
    srv_drawn drawn[SRV_DRAWN_MAX];
    uint64_t drawn_tick;
} srv_game;

typedef struct srv_store srv_store;
typedef struct srv_deadlines srv_deadlines;

/* Connections open from one address (srv_limits.c). */
typedef struct srv_addr_count {
    char addr[48];                      /* as civetweb writes it */
    int open;                           /* 0: a free slot */
} srv_addr_count;

/* Games one address has made lately (srv_flood.c): a bucket that fills by
 * one game every 60/create_per_min seconds, up to create_per_min. */
typedef struct srv_maker {
    char addr[48];
    double tokens;
    int64_t at;                         /* when tokens was last filled */
} srv_maker;

struct srv {
    srv_config cfg;
    char web_dir[4096];
    struct mg_context *ctx;
    int port;
    srv_store *store;
    size_t loaded;

    pthread_mutex_t games_mu;           /* the list below */
    srv_game **games;
    size_t ngames, games_cap;

    pthread_mutex_t q_mu;               /* the workers' queue and `stopping` */
    pthread_cond_t q_cond;
    srv_game **queue;
    size_t qhead, qlen, qcap;
    bool stopping;
    pthread_t *workers;
    int nworkers;

    int streams;                        /* open live streams (under q_mu) */
    int hints;                          /* hints thinking now (under q_mu) */
    int64_t last_sweep;                 /* idle games last looked for (games_mu) */
    int64_t last_trim;                  /* free memory last given back (games_mu) */

    pthread_mutex_t conn_mu;            /* connections held by HTTP threads */
    int serving;                        /* accepted and served (not refused) */
    srv_addr_count *addrs;              /* one slot a thread, at most */
    int naddrs;
    size_t http_stack;                  /* a serving thread's stack, as measured */
    _Atomic long info_offset;           /* where civetweb keeps a connection's
                                           request info in it (0: not known yet;
                                           srv_limits.c) */
    srv_deadlines *deadlines;           /* bodies being read */

    srv_maker *makers;                  /* who made games lately (games_mu) */
    size_t nmakers;
    int64_t last_expire;                /* untouched games last deleted (games_mu) */
};

/* ---- clock and ids (srv_tokens.c) -------------------------------------------- */

int64_t srv_now_ms(void);
/* Fills hex (room for 2*bytes+1) with random bytes from the system. */
bool srv_random_hex(char *hex, size_t bytes);
/* Constant-time comparison of a token a client sent with a stored one. */
bool srv_token_equal(const char *given, const char *stored);
/* Who the token speaks for in g: a seat, SRV_REFEREE, or SRV_SPECTATOR
 * when token is NULL/empty; -3 when it is given but matches nothing. */
int srv_token_role(const srv_game *g, const char *token);
/* The engine viewer for a role: a seat sees as that seat; the referee and
 * spectators see the public view (a viewer index that is no player). */
int srv_role_viewer(const srv_game *g, int role);

/* ---- the games store (srv_store.c) --------------------------------------------- */

#define SRV_SCHEMA_VERSION 3

/* Opens (or makes) the store; sync_full: synchronous=FULL (every commit
 * flushed to the disk) rather than NORMAL. */
srv_store *srv_store_open(const char *path, bool sync_full, eng_error *err);
void srv_store_close(srv_store *st);
/* A new game with its seats, in one transaction. */
int srv_store_add_game(srv_store *st, const srv_game *g, eng_error *err);
/* Steps [from, m->nsteps) and the game's status, in one transaction. */
int srv_store_add_steps(srv_store *st, const srv_game *g, size_t from, eng_error *err);
/* The game's status and result (resign). */
int srv_store_set_status(srv_store *st, const srv_game *g, eng_error *err);
/* An undo request asked, or answered ("accepted", "refused", "dropped");
 * "accepted" also removes the steps taken back, in the same transaction. */
int srv_store_undo(srv_store *st, const srv_game *g, const char *answer, eng_error *err);
/* Rebuilds every active stored game (and any game a version-1 store has
 * not summarised yet), calling add for each (which takes it). */
int srv_store_load(srv_store *st, void (*add)(void *ctx, srv_game *g), void *ctx,
                   eng_error *err);
/* Rebuilds the stored game with this id by replaying its steps: NULL with
 * err->msg "" when there is none, NULL with a message on a store error. */
srv_game *srv_store_load_game(srv_store *st, const char *id, eng_error *err);
/* The stored games' summaries (as srv_view_summary wrote them), newest
 * first, filtered by status and rules ("" for any), at most limit; *total
 * the number of games in the store. NULL and err on a store error. */
json_t *srv_store_list(srv_store *st, const char *status, const char *rules, int limit,
                       size_t *total, eng_error *err);
/* How many unfinished games the store keeps (-1 on a store error). */
long long srv_store_unfinished(srv_store *st);
/* Deletes (in one transaction) up to 1,000 unfinished games last changed
 * before `before` (ms), but not those keep says to keep; finished games
 * are never deleted. The number deleted, or -1 with err. */
int srv_store_expire(srv_store *st, int64_t before, bool (*keep)(void *ctx, const char *id),
                     void *ctx, eng_error *err);

/* ---- games in memory (srv_games.c) ---------------------------------------------- */

/* A game stays in memory while something holds it (a request, a live
 * stream, the workers' queue). Once nothing does, a finished game is
 * dropped at once and an active one after cfg.idle_ms; asked for again, it
 * is rebuilt from the store by replaying its steps. */
srv_game *srv_game_alloc(void);
void srv_game_free(srv_game *g);
/* Lists g (new or rebuilt), held once for the caller. */
void srv_games_add(srv *s, srv_game *g);
/* The game with this id, held for the caller (from memory, or rebuilt from
 * the store); NULL if there is none, or the store failed (err says). */
srv_game *srv_games_get(srv *s, const char *id, eng_error *err);
/* Holds g once more (g->mu may be held), or lets go of it (nothing held). */
void srv_game_hold(srv *s, srv_game *g);
void srv_game_release(srv *s, srv_game *g);
/* A snapshot of the games in memory, each held (let go with
 * srv_games_list_release). */
srv_game **srv_games_list(srv *s, size_t *n);
void srv_games_list_release(srv *s, srv_game **all, size_t n);
/* Deletes from the store the unfinished games (not in memory) nobody has
 * touched for cfg.expire_days (none if it is < 0), and says so on stderr. */
void srv_games_expire(srv *s);

/* The steps of the match after `from` are new: stamps their times, plays
 * chance outcomes from the seeded generator unless a referee enters them,
 * commits them all in one transaction, updates the status, wakes the live
 * streams and queues a computer to act. With g->mu held. On a store error
 * the new steps are taken back and -1 returned. */
int srv_game_commit(srv *s, srv_game *g, size_t from, eng_error *err);
/* Makes room for n step times in g->times (grown by doubling). */
void srv_game_times_room(srv_game *g, size_t n);
/* Marks a change (undo asked, resign) for the live streams. g->mu held. */
void srv_game_touch(srv_game *g);
/* Result text for a finished match. */
void srv_game_result(srv_game *g);

/* ---- views (srv_view.c): what a role may see -------------------------------------- */

json_t *srv_view_game(srv_game *g, int role);
/* "svg" and "changed" of the position after `at` steps, drawn for viewer. */
void srv_view_drawing(json_t *o, srv_game *g, size_t at, int viewer);
json_t *srv_view_summary(const srv_game *g);
/* Steps [from, to) as role saw them when taken. */
json_t *srv_view_steps(const srv_game *g, int role, size_t from, size_t to);
/* "1", "chance" ... : who acts now, as JSON (null once over). */
json_t *srv_view_to_act(const srv_game *g);

/* ---- drawings kept (srv_drawn.c) ------------------------------------------------ */

/* The outline of the drawing of s, the position after `step` steps of g, as
 * viewer sees it: the one kept if g has it, else made from svg (the caller's
 * drawing of s for viewer) or, without svg, from a new drawing; then kept,
 * in place of the one least recently asked for. Each picture is keyed by
 * its step, its viewer and the position's fingerprint, so a viewer never
 * gets another's, nor a position taken back. NULL if the rule set draws
 * none. g->mu held; the outline is g's, and stays valid through the next
 * call too (it is then the most recently asked for, and SRV_DRAWN_MAX >= 2). */
const eng_outline *srv_drawn_get(srv_game *g, const eng_state *s, size_t step, int viewer,
                                 const char *svg);
/* Lets go of every kept outline. */
void srv_drawn_clear(srv_game *g);

/* ---- computer players (srv_workers.c) ------------------------------------------- */

int srv_workers_start(srv *s, int n, eng_error *err);
void srv_workers_stop(srv *s);
/* Queues g if a computer seat is to act (g->mu held). */
void srv_workers_offer(srv *s, srv_game *g);
/* Is this spec a computer player the server offers? (Plain names; never
 * the cheating yardstick.) */
bool srv_level_known(const char *level);
/* A player of that level for a game of this rule set (its budget scaled to
 * it, one thread); NULL and err if the server does not offer it. */
ai_player *srv_player_new(const eng_game *game, const char *level, uint64_t seed,
                          eng_error *err);
/* What a hint uses unless asked otherwise: the terminal's helper. */
#define SRV_HINT_LEVEL "thumb"

/* ---- HTTP (srv_http.c) ------------------------------------------------------------ */

struct mg_connection;

/* One request as the handlers see it. */
typedef struct srv_req {
    srv *s;
    struct mg_connection *conn;
    const char *method;
    const char *path;                   /* after /api */
    const char *query;                  /* may be NULL */
    char *body;                         /* NUL-ended; may be NULL */
    size_t body_len;
    char game_id[SRV_ID_HEX + 2];
    char token[SRV_TOKEN_HEX + 2];      /* from the header or ?token= */
    srv_game *game;                     /* held by srv_req_game; let go after the reply */
    struct srv_capture *capture;        /* no connection: the reply goes here */
    int retry_after;                    /* > 0: the reply says when to try again */
    bool close;                         /* the reply closes the connection */
} srv_req;

/* Replies. srv_reply_json takes the reference. Return 0 so handlers can
 * `return srv_reply_error(...)`. */
int srv_reply_json(srv_req *r, int status, json_t *body);
int srv_reply_error(srv_req *r, int status, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int srv_reply_text(srv_req *r, int status, const char *type, const char *text,
                   const char *filename);
/* An error for a limit reached: with Retry-After (and "retry_after" in the
 * JSON) of retry_s seconds. */
int srv_reply_busy(srv_req *r, int status, const char *where, int retry_s, const char *fmt,
                   ...) __attribute__((format(printf, 5, 6)));
/* A query parameter (copied into buf); false when absent. */
bool srv_query(const srv_req *r, const char *name, char *buf, size_t n);
/* The body as a JSON object, or NULL after replying 400. */
json_t *srv_body_json(srv_req *r);

/* A reply's JSON text (srv_json.c): what json_dumps(v, JSON_COMPACT) writes,
 * into a buffer the calling thread keeps for its next reply (valid until
 * then); NULL if v holds what JSON cannot. */
typedef struct srv_text {
    char *buf;
    size_t len, cap;
} srv_text;
srv_text *srv_json_text(const json_t *v);
/* The drawing of s for viewer (eng_svg), in a buffer the calling thread
 * keeps (valid until its next srv_draw); NULL if the rule set draws none. */
const char *srv_draw(const eng_state *s, int viewer);

/* ---- handlers ----------------------------------------------------------------------- */

int srv_api_rules(srv_req *r);          /* GET /rules, /rules/NAME */
int srv_api_games_list(srv_req *r);     /* GET /games */
int srv_api_games_create(srv_req *r);   /* POST /games */
int srv_api_games_import(srv_req *r);   /* POST /games/import */
int srv_api_game_get(srv_req *r);       /* GET /games/ID */
int srv_api_game_legal(srv_req *r);     /* GET /games/ID/legal */
int srv_api_game_act(srv_req *r);       /* POST /games/ID/act */
int srv_api_game_undo(srv_req *r);      /* POST /games/ID/undo[/accept|/refuse] */
int srv_api_game_resign(srv_req *r);    /* POST /games/ID/resign */
int srv_api_game_hint(srv_req *r);      /* GET /games/ID/hint */
int srv_api_game_steps(srv_req *r);     /* GET /games/ID/steps */
int srv_api_game_record(srv_req *r);    /* GET /games/ID/record */
int srv_live_stream(srv_req *r);        /* GET /games/ID/events */
int srv_api_game_odds(srv_req *r);      /* GET /games/ID/odds */
int srv_api_game_batch_get(srv_req *r);   /* GET /games/ID/batch */
int srv_api_game_batch_post(srv_req *r);  /* POST /games/ID/batch */
/* Wakes every stream so it notices the server stopping. */
void srv_live_wake_all(srv *s);

/* Hooks the API and the static files into the listener (srv_http.c). */
void srv_http_routes(srv *s);

/* Connections beyond what the HTTP threads can serve soon are refused with
 * a 503 and Retry-After rather than queued (srv_limits.c): civetweb's
 * callbacks, set on cb. */
struct mg_callbacks;
void srv_limits_callbacks(struct mg_callbacks *cb);
/* Connections served at once: the HTTP threads less a few kept to refuse. */
int srv_limits_serving(const srv *s);
/* A connection's socket (srv_socket.c), found by its ends (the client's,
 * from its request info ri, and our_port; civetweb gives none): -1 if not
 * found. Only the connection's own thread may ask. */
struct mg_request_info;
int srv_socket_of(const struct mg_request_info *ri, int our_port);
/* Has a whole request's header arrived on fd (waiting up to wait_ms)? */
bool srv_socket_request_ready(int fd, int wait_ms);
/* Ends the connection's reads at once (fd -1: nothing), so civetweb
 * closes it after any reply. */
void srv_socket_cut(int fd);
/* Sends one request to the server itself (at listen's address, or
 * loopback for a wildcard one, on port) and reads the reply. */
void srv_socket_ask_self(const char *listen, int port);
/* A connection as srv_limits.c keeps it (civetweb's user data for it). */
typedef struct srv_conn {
    int kind;                           /* served, or refused and why */
    int fd;                             /* its socket; -2 not looked for yet */
    char addr[48];                      /* its client's address ("" unknown) */
} srv_conn;
/* The connection's socket (looked for once, then kept); -1 if not found. */
int srv_conn_socket(srv *s, const struct mg_connection *conn);

/* Request bodies' deadlines (srv_deadline.c): a thread that cuts a
 * socket still armed when its time (srv_now_ms) comes. */
srv_deadlines *srv_deadlines_start(int slots);
void srv_deadlines_stop(srv_deadlines *d);
/* Arms fd until at: the slot (to disarm), or -1 (fd -1, or no slot). */
int srv_deadline_arm(srv_deadlines *d, int fd, int64_t at);
/* Disarms slot k (-1: nothing); true if the socket was cut meanwhile. */
bool srv_deadline_disarm(srv_deadlines *d, int k);

/* May this request make a game (srv_quota.c)? 0, or the status it replied
 * with: 429 past its address's rate, 503 past the unfinished games kept. */
int srv_quota_create(srv_req *r);
/* A thinking slot for a hint (at most cfg.workers at once); false if none. */
bool srv_hint_slot_take(srv *s);
void srv_hint_slot_give(srv *s);

/* Static files from the web folder (srv_static.c). */
int srv_static_serve(srv *s, struct mg_connection *conn, const char *uri);

/* Shared checks for the handlers (srv_api_common.c). */
/* The game named in the path (held in r->game until srv_req_done), or NULL
 * after a 404 (503 if the store failed). */
srv_game *srv_req_game(srv_req *r);
/* Lets go of what the request held (its game). */
void srv_req_done(srv_req *r);

/* The preamble of a request on one game. */
typedef struct srv_call {
    srv_game *g;                        /* locked between begin and end */
    int role;                           /* the token's role */
    json_t *body;                       /* the body, when keys were given */
} srv_call;
/* Finds the game named in the path (404); locks the game and reads the
 * token's role (403); with `seat_for` ("undo", "resigning"), the role must
 * be a seat ("... needs a seat's token", 403) and the game still going
 * (409); with `known` (NULL-ended), the role may not be a spectator's (403)
 * and only then is the body read, as a JSON object holding only those keys
 * (400). Returns 0 with c->g locked, or the status it replied with
 * (nothing held). */
int srv_call_begin(srv_req *r, const char *const *known, const char *seat_for, srv_call *c);
/* Unlocks the game and frees the body (again: nothing). */
void srv_call_end(srv_call *c);
/* The preamble (srv_call_begin), then fn with the game locked, then
 * srv_call_end (fn may end it sooner, to work or reply unlocked). Returns
 * fn's status, or the preamble's. */
int srv_call_run(srv_req *r, const char *const *known, const char *seat_for,
                 int (*fn)(srv_req *r, srv_call *c));
/* The role of the request's token in g (g->mu held), or -3 after a 403. */
int srv_req_role(srv_req *r, srv_game *g);
/* Checks the body's "step" against the game's; false after a 400/409. */
bool srv_req_step(srv_req *r, srv_game *g, const json_t *body);
/* Refuses option values that would name a file; false with err. */
bool srv_options_safe(const json_t *opts, eng_error *err);
/* Is name one of rule set r's shipped scenarios (or variants)? */
bool srv_shipped(const eng_rules *r, const char *kind, const char *name);

/* ---- requests without a connection (srv_http.c, srv_offline.c) ---------------- */

/* A reply kept instead of sent: its status, type and body (malloc'ed). */
typedef struct srv_capture {
    int status;
    char type[64];
    char *body;
    size_t len;
} srv_capture;

/* Answers one API request as the listener would, from its parts: method,
 * the URI's path (URL-decoded, starting /api) and query (may be NULL), the
 * Authorization header (may be NULL) and the body. The reply goes into out
 * (free out->body). Live updates need a connection: they get 501. */
int srv_http_dispatch(srv *s, const char *method, const char *path, const char *query,
                      const char *authorization, const char *body, size_t len,
                      srv_capture *out);
/* A server with its store and games but no listener and no computer
 * workers (a computer seat to act waits): for srv_http_dispatch. Stop it
 * with srv_stop. */
srv *srv_open_offline(const srv_config *cfg, eng_error *err);

/* srv_main.c, shared with srv_open_offline: a new server's locks; its store
 * opened (s->cfg.db) and games loaded, each held once (-1 with err on
 * failure); then each loaded game let go, after offering it to the computer
 * workers if offer (a finished game leaves memory until asked for). */
void srv_init_locks(srv *s);
/* Fills the limits left 0 in c with their defaults (docs/server.md). */
void srv_config_defaults(srv_config *c);
int srv_load_games(srv *s, eng_error *err);
void srv_let_go_loaded(srv *s, bool offer);

#endif
