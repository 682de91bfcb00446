/*
 * srv_main.c - the server's life: open the store and rebuild its games,
 * start the computer workers and the civetweb listener; stop them all in
 * the reverse order.
 */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <civetweb.h>
#include "srv_private.h"

static void add_loaded(void *ctx, srv_game *g)
{
    srv *s = ctx;
    srv_games_add(s, g);              /* held until srv_let_go_loaded */
    s->loaded++;
}

void srv_init_locks(srv *s)
{
    pthread_mutex_init(&s->games_mu, NULL);
    pthread_mutex_init(&s->conn_mu, NULL);
    pthread_mutex_init(&s->q_mu, NULL);
    pthread_cond_init(&s->q_cond, NULL);
}

int srv_load_games(srv *s, eng_error *err)
{
    s->store = srv_store_open(s->cfg.db, s->cfg.sync_full, err);
    if (!s->store)
        return -1;
    srv_games_expire(s);                 /* before they are loaded */
    return srv_store_load(s->store, add_loaded, s, err) == 0 ? 0 : -1;
}

void srv_let_go_loaded(srv *s, bool offer)
{
    size_t n;
    srv_game **all = srv_games_list(s, &n);
    for (size_t i = 0; i < n; i++) {
        if (offer) {
            pthread_mutex_lock(&all[i]->mu);
            srv_workers_offer(s, all[i]);
            pthread_mutex_unlock(&all[i]->mu);
        }
        srv_game_release(s, all[i]);
    }
    srv_games_list_release(s, all, n);
}

static int log_message(const struct mg_connection *conn, const char *msg)
{
    (void)conn;
    fprintf(stderr, "pocketwar serve: %s\n", msg);
    return 1;
}

static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

void srv_config_defaults(srv_config *c)
{
    if (c->http_threads <= 0)
        c->http_threads = 32;
    if (c->max_streams <= 0)
        c->max_streams = c->http_threads / 2;
    if (c->max_body == 0)
        c->max_body = 1 << 20;
    if (c->idle_ms <= 0)
        c->idle_ms = 5 * 60 * 1000;
    if (c->timeout_ms <= 0)
        c->timeout_ms = 5000;
    if (c->per_address <= 0)
        c->per_address = 16;
    if (c->reserved == 0)
        c->reserved = c->http_threads / 4;
    if (c->reserved < 0)                 /* none asked for */
        c->reserved = 0;
    if (c->create_per_min <= 0)
        c->create_per_min = 20;
    if (c->max_resident <= 0)
        c->max_resident = 2000;
    if (c->max_unfinished <= 0)
        c->max_unfinished = 20000;
    if (c->expire_days == 0)
        c->expire_days = 90;
}

srv *srv_start(const srv_config *cfg, eng_error *err)
{
    srv *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->cfg = *cfg;
    if (!s->cfg.listen)
        s->cfg.listen = "127.0.0.1:8080";
    if (!s->cfg.db)
        s->cfg.db = "pocketwar.db";
    if (s->cfg.workers <= 0)
        s->cfg.workers = cores();
    srv_config_defaults(&s->cfg);
    s->addrs = calloc((size_t)s->cfg.http_threads, sizeof *s->addrs);
    if (!s->addrs)
        abort();
    s->deadlines = srv_deadlines_start(s->cfg.http_threads);
    /* Memory stays near what is in use: two malloc arenas rather than one
     * per HTTP thread (each keeps its own high-water mark), and blocks of
     * 16 KiB and more (a game's rule-set data, the drawings and replies a
     * request builds) mapped on their own, so they go back whole when freed
     * instead of leaving holes among the games' long-lived data. Measured
     * (docs/benchmarks.md): 64 KiB gave a median move 0.3 ms quicker but
     * memory that still grew by 1.3 MiB over the last 10,000 moves. */
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 16 * 1024);
    srv_init_locks(s);
    const char *web = s->cfg.web_dir ? s->cfg.web_dir : srv_web_dir();
    if (!realpath(web, s->web_dir)) {
        eng_error_set(err, "no web folder at %s (set POCKETWAR_WEB)", web);
        goto fail;
    }
    if (srv_load_games(s, err) != 0)
        goto fail;
    if (srv_workers_start(s, s->cfg.workers, err) != 0)
        goto fail;
    char threads[16], timeout[16];
    snprintf(threads, sizeof threads, "%d", s->cfg.http_threads);
    snprintf(timeout, sizeof timeout, "%d", s->cfg.timeout_ms);
    /* A connection holds an HTTP thread while it is open, so one that sends
     * nothing (or its headers, or reads its reply, at a trickle) is let go
     * after cfg.timeout_ms (civetweb's default is 30 s): its timeout bounds
     * the headers as a whole and each read or write after them. A body is
     * bounded as a whole by srv_http.c; a connection that sends nothing
     * may not take a reserved thread at all (srv_limits.c). */
    const char *options[] = {
        "listening_ports", s->cfg.listen,
        "num_threads", threads,
        "request_timeout_ms", timeout,
        "enable_keep_alive", "yes",
        "keep_alive_timeout_ms", timeout,
        "tcp_nodelay", "1",      /* headers and body go in two writes */
        NULL,
    };
    struct mg_callbacks cb = {.log_message = log_message};
    srv_limits_callbacks(&cb);
    mg_init_library(0);
    s->ctx = mg_start(&cb, s, options);
    if (!s->ctx) {
        eng_error_set(err, "cannot listen on %s (in use, or not an address of this machine?)",
                      s->cfg.listen);
        goto fail;
    }
    struct mg_server_port ports[4];
    if (mg_get_server_ports(s->ctx, 4, ports) > 0)
        s->port = ports[0].port;
    srv_http_routes(s);
    srv_socket_ask_self(s->cfg.listen, s->port);     /* srv_limits.c learns from it */
    /* games whose computer was to act when the server stopped; then each
     * loaded game is let go (held once since it was listed), so a finished
     * one leaves memory and an idle one follows later */
    srv_let_go_loaded(s, true);
    return s;
fail:
    srv_stop(s);
    return NULL;
}

int srv_port(const srv *s)
{
    return s->port;
}

size_t srv_games_loaded(const srv *s)
{
    return s->loaded;
}

void srv_stop(srv *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->q_mu);
    s->stopping = true;
    pthread_mutex_unlock(&s->q_mu);
    srv_live_wake_all(s);
    if (s->ctx) {
        mg_stop(s->ctx);
        mg_exit_library();
    }
    srv_deadlines_stop(s->deadlines);
    srv_workers_stop(s);
    for (size_t i = 0; i < s->ngames; i++)
        srv_game_free(s->games[i]);
    free(s->games);
    free(s->queue);
    free(s->addrs);
    free(s->makers);
    srv_store_close(s->store);
    pthread_cond_destroy(&s->q_cond);
    pthread_mutex_destroy(&s->q_mu);
    pthread_mutex_destroy(&s->games_mu);
    pthread_mutex_destroy(&s->conn_mu);
    free(s);
}
