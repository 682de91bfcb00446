/*
 * server.h - `pocketwar serve`: an HTTP server that lets people play any
 * rule set over the network. It knows games only through the engine
 * (engine.h, match.h) and computer players only through ai.h.
 *
 * One srv object owns everything: the HTTP listener, the games store (a
 * SQLite file), the games in memory, the computer-player worker threads and
 * the live-update streams. The command line (cmd_serve.c) and the tests
 * start and stop it through these functions.
 */
#ifndef SERVER_H
#define SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include "engine.h"

typedef struct srv_config {
    const char *listen;      /* "127.0.0.1:8080"; port 0 picks a free port */
    const char *db;          /* the games store's file */
    const char *web_dir;     /* static files; NULL = the installed web/ folder */
    int http_threads;        /* threads answering requests (0 = 32) */
    int workers;             /* computer-player threads (0 = cores) */
    int max_streams;         /* open live-update streams at once (0 = half the
                                HTTP threads) */
    size_t max_body;         /* largest request body in bytes (0 = 1 MiB) */
    int idle_ms;             /* an active game nobody uses leaves memory after
                                this long (0 = 5 minutes; it is rebuilt from
                                the store when asked for) */
    /* limits against clients that would exhaust the server (docs/server.md,
     * "Limits"); 0 takes the default */
    int timeout_ms;          /* a request's headers, its body, a silent
                                keep-alive connection (0 = 5 s) */
    int per_address;         /* connections open at once from one address
                                (0 = 16) */
    int reserved;            /* serving threads kept for requests that have
                                arrived whole (0 = a quarter, -1 none) */
    int create_per_min;      /* games one address may make a minute (0 = 20;
                                a burst of as many, then one every 60/N s) */
    int max_resident;        /* games held in memory (0 = 2000) */
    int max_unfinished;      /* unfinished games kept in the store (0 = 20000) */
    int expire_days;         /* an unfinished game nobody touched for this
                                long is deleted (0 = 90; -1 never) */
    bool sync_full;          /* the store commits with synchronous=FULL */
} srv_config;

typedef struct srv srv;

/* Opens the store (replaying every game in it), starts the workers and the
 * listener. NULL and err on failure (a store from a newer version, a port
 * in use, ...). */
srv *srv_start(const srv_config *cfg, eng_error *err);
/* The port it listens on (useful after port 0). */
int srv_port(const srv *s);
/* Games loaded from the store at start. */
size_t srv_games_loaded(const srv *s);
/* Games held in memory now (finished and idle ones are not). */
size_t srv_games_resident(srv *s);
/* The stack of the threads that serve requests, as measured on one (0
 * before the first connection). */
size_t srv_http_stack_size(srv *s);
/* Stops the listener, the streams and the workers, closes the store. */
void srv_stop(srv *s);

/* The lab's reports (srv_reports.c): serves /reports/ from the run
 * folders under dir; NULL and err if dir is no folder. Freed after
 * srv_stop. */
typedef struct srv_reports srv_reports;
srv_reports *srv_reports_attach(srv *s, const char *dir, eng_error *err);
void srv_reports_free(srv_reports *r);

/* The installed web/ folder (or $POCKETWAR_WEB). */
const char *srv_web_dir(void);

#endif
