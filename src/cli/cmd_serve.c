/*
 * cmd_serve.c - `pocketwar serve`: runs the game server (src/server/)
 * until interrupted, and says where it listens.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "server.h"

/* The command line: the server's configuration and the values that still
 * become part of it (serve_config). */
typedef struct serve_opts {
    srv_config cfg;
    const char *sync, *reports;
    int body, idle, timeout;            /* 0: not given */
    int reserved, expire;               /* -1: not given; 0 means none, never */
} serve_opts;

/* Parses argv into o: -1 to go on, else the exit status (0 after --help). */
static int parse(int argc, char **argv, serve_opts *o)
{
    *o = (serve_opts){.cfg = {.listen = "127.0.0.1:8080", .db = "pocketwar.db"},
                      .reserved = -1, .expire = -1};
    srv_config *c = &o->cfg;
    const cli_usage usage = {
        "serve [--listen ADDR:PORT] [--db FILE] [options]",
        "Serves games over HTTP: the browser app from the web folder and a JSON\n"
        "API under /api/ (docs/server.md). Games live in an SQLite store and\n"
        "survive restarts. Stop it with Ctrl-C.\n", NULL};
    const cli_opt opts[] = {
        CLI_TEXT("listen", "ADDR:PORT", &c->listen,
                 "where to listen (default 127.0.0.1:8080: this machine\n"
                 "only; 0.0.0.0:8080 for every network; port 0 picks one)"),
        CLI_TEXT("db", "FILE", &c->db, "the games store (default pocketwar.db)"),
        CLI_INT("workers", "N", &c->workers, 1, 256,
                "threads playing the computer seats (default: cores)"),
        CLI_INT("http-threads", "N", &c->http_threads, 2, 1024,
                "threads answering requests (default 32)"),
        CLI_INT("max-streams", "N", &c->max_streams, 1, 1023,
                "open live-update streams at once (default: half the\nHTTP threads)"),
        CLI_INT("max-body", "BYTES", &o->body, 1024, 64 << 20,
                "largest request body (default 1048576)"),
        CLI_INT("idle", "SECONDS", &o->idle, 1, 7 * 24 * 3600,
                "a game nobody uses leaves memory after this long, to be\n"
                "rebuilt from the store when asked for (default 300;\n"
                "a finished game leaves at once)"),
        CLI_TEXT("web", "DIR", &c->web_dir,
                 "the folder of static files (default: the installed web/)"),
        CLI_TEXT("sync", "normal|full", &o->sync,
                 "how the store commits: full flushes every move to the\n"
                 "disk, surviving a power cut (default normal: survives\n"
                 "the server being killed; docs/server.md)"),
        CLI_TEXT("reports", "DIR", &o->reports,
                 "also list and serve the lab's reports under DIR at\n"
                 "/reports/ (each folder of `pocketwar lab run` or\n`lab sweep`)"),
        CLI_HEAD("limits (docs/server.md, \"Limits\"):"),
        CLI_INT("timeout", "SECONDS", &o->timeout, 1, 300,
                "a request's headers, its body, an idle connection\n(default 5)"),
        CLI_INT("per-address", "N", &c->per_address, 1, 1024,
                "connections open at once from one address (default 16)"),
        CLI_INT("reserved", "N", &o->reserved, 0, 1022,
                "serving threads kept for requests already arrived, 0\n"
                "none (default a quarter of the HTTP threads)"),
        CLI_INT("create-rate", "N", &c->create_per_min, 1, 1000000,
                "games one address may make a minute (default 20)"),
        CLI_INT("max-resident", "N", &c->max_resident, 1, 1000000,
                "games held in memory; the least recently used idle\n"
                "ones leave first (default 2000)"),
        CLI_INT("max-unfinished", "N", &c->max_unfinished, 1, 100000000,
                "unfinished games kept in the store (default 20000)"),
        CLI_INT("expire", "DAYS", &o->expire, 0, 100000,
                "unfinished games nobody touched for this long are\n"
                "deleted; 0 never (default 90)"),
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, NULL);
    return r > 0 ? 0 : r < 0 ? 2 : -1;
}

/* Checks what the table cannot and completes o->cfg: 0, or -1 after a
 * message. */
static int serve_config(serve_opts *o)
{
    srv_config *c = &o->cfg;
    if (!strchr(c->listen, ':')) {
        cli_error("serve", "--listen takes ADDR:PORT (e.g. 127.0.0.1:8080), not \"%s\"",
                  c->listen);
        return -1;
    }
    if (o->sync && strcmp(o->sync, "normal") && strcmp(o->sync, "full")) {
        cli_error("serve", "--sync takes normal or full, not \"%s\"", o->sync);
        return -1;
    }
    c->sync_full = o->sync && strcmp(o->sync, "full") == 0;
    c->max_body = (size_t)o->body;
    c->idle_ms = o->idle * 1000;
    c->timeout_ms = o->timeout * 1000;
    c->reserved = o->reserved == 0 ? -1 : o->reserved > 0 ? o->reserved : 0;
    c->expire_days = o->expire == 0 ? -1 : o->expire > 0 ? o->expire : 0;
    int threads = c->http_threads ? c->http_threads : 32;
    if (c->reserved > 0 && c->reserved >= threads - 2) {
        cli_error("serve", "--reserved must be below the serving threads (%d)", threads - 2);
        return -1;
    }
    if (c->http_threads && c->max_streams >= c->http_threads) {
        cli_error("serve", "--max-streams must be below --http-threads");
        return -1;
    }
    return 0;
}

static bool loopback(const char *listen)
{
    return strncmp(listen, "127.", 4) == 0 || strncmp(listen, "localhost:", 10) == 0 ||
           strncmp(listen, "[::1]", 5) == 0;
}

/* Says where the server listens, and whether the network reaches it. */
static void announce(const srv *s, const srv_config *cfg, const char *reports)
{
    const char *colon = strrchr(cfg->listen, ':');
    printf("pocketwar serve: http://%.*s:%d/ (games store %s, %zu game%s in play)\n",
           (int)(colon - cfg->listen), cfg->listen, srv_port(s), cfg->db, srv_games_loaded(s),
           srv_games_loaded(s) == 1 ? "" : "s");
    if (loopback(cfg->listen))
        printf("pocketwar serve: listening on loopback only; --listen 0.0.0.0:PORT opens it "
               "to the network\n");
    else
        printf("pocketwar serve: listening on %s: reachable from the network\n", cfg->listen);
    if (reports)
        printf("pocketwar serve: the lab's reports in %s at /reports/\n", reports);
    fflush(stdout);
}

int cmd_serve(int argc, char **argv)
{
    serve_opts o;
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    if (serve_config(&o) != 0)
        return 2;
    /* the signals that stop the server are waited for, not handled */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    eng_error err;
    srv *s = srv_start(&o.cfg, &err);
    if (!s) {
        cli_error("serve", "%s", err.msg);
        return 1;
    }
    srv_reports *rep = o.reports ? srv_reports_attach(s, o.reports, &err) : NULL;
    if (o.reports && !rep) {
        cli_error("serve", "%s", err.msg);
        srv_stop(s);
        return 2;
    }
    announce(s, &o.cfg, o.reports);
    int sig;
    sigwait(&stop, &sig);
    printf("pocketwar serve: stopping\n");
    srv_stop(s);
    srv_reports_free(rep);
    return 0;
}
