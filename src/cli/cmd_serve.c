/*
 * cmd_serve.c - `pocketwar serve`: runs the game server (src/server/)
 * until interrupted, and says where it listens.
 */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "server.h"

static void help(void)
{
    printf("usage: pocketwar serve [--listen ADDR:PORT] [--db FILE] [options]\n\n"
           "Serves games over HTTP: the browser app from the web folder and a JSON\n"
           "API under /api/ (docs/server.md). Games live in an SQLite store and\n"
           "survive restarts. Stop it with Ctrl-C.\n\n"
           "  --listen ADDR:PORT  where to listen (default 127.0.0.1:8080: this machine\n"
           "                      only; 0.0.0.0:8080 for every network; port 0 picks one)\n"
           "  --db FILE           the games store (default pocketwar.db)\n"
           "  --workers N         threads playing the computer seats (default: cores)\n"
           "  --http-threads N    threads answering requests (default 32)\n"
           "  --max-streams N     open live-update streams at once (default: half the\n"
           "                      HTTP threads)\n"
           "  --max-body BYTES    largest request body (default 1048576)\n"
           "  --idle SECONDS      a game nobody uses leaves memory after this long, to be\n"
           "                      rebuilt from the store when asked for (default 300;\n"
           "                      a finished game leaves at once)\n"
           "  --web DIR           the folder of static files (default: the installed web/)\n"
           "  --sync normal|full  how the store commits: full flushes every move to the\n"
           "                      disk, surviving a power cut (default normal: survives\n"
           "                      the server being killed; docs/server.md)\n"
           "  --reports DIR       also list and serve the lab's reports under DIR at\n"
           "                      /reports/ (each run folder of `pocketwar lab run`)\n"
           "limits (docs/server.md, \"Limits\"):\n"
           "  --timeout SECONDS   a request's headers, its body, an idle connection\n"
           "                      (default 5)\n"
           "  --per-address N     connections open at once from one address (default 16)\n"
           "  --reserved N        serving threads kept for requests already arrived, 0\n"
           "                      none (default a quarter of the HTTP threads)\n"
           "  --create-rate N     games one address may make a minute (default 20)\n"
           "  --max-resident N    games held in memory; the least recently used idle\n"
           "                      ones leave first (default 2000)\n"
           "  --max-unfinished N  unfinished games kept in the store (default 20000)\n"
           "  --expire DAYS       unfinished games nobody touched for this long are\n"
           "                      deleted; 0 never (default 90)\n"
           "  --help              this text\n");
}

static bool loopback(const char *listen)
{
    return strncmp(listen, "127.", 4) == 0 || strncmp(listen, "localhost:", 10) == 0 ||
           strncmp(listen, "[::1]", 5) == 0;
}

int cmd_serve(int argc, char **argv)
{
    enum { O_LISTEN = 1, O_DB, O_WORKERS, O_HTTP, O_STREAMS, O_BODY, O_WEB, O_IDLE, O_SYNC,
           O_TIMEOUT, O_PER_ADDR, O_RESERVED, O_RATE, O_RESIDENT, O_UNFINISHED, O_EXPIRE, O_REPORTS };
    static const struct option longopts[] = {
        {"listen", required_argument, 0, O_LISTEN}, {"db", required_argument, 0, O_DB},
        {"workers", required_argument, 0, O_WORKERS},
        {"http-threads", required_argument, 0, O_HTTP},
        {"max-streams", required_argument, 0, O_STREAMS},
        {"max-body", required_argument, 0, O_BODY}, {"web", required_argument, 0, O_WEB},
        {"idle", required_argument, 0, O_IDLE}, {"sync", required_argument, 0, O_SYNC},
        {"timeout", required_argument, 0, O_TIMEOUT},
        {"per-address", required_argument, 0, O_PER_ADDR},
        {"reserved", required_argument, 0, O_RESERVED},
        {"create-rate", required_argument, 0, O_RATE},
        {"max-resident", required_argument, 0, O_RESIDENT},
        {"max-unfinished", required_argument, 0, O_UNFINISHED},
        {"expire", required_argument, 0, O_EXPIRE},
        {"reports", required_argument, 0, O_REPORTS},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    srv_config cfg = {.listen = "127.0.0.1:8080", .db = "pocketwar.db"};
    int c, body = 0, idle = 0, secs = 0, days = 0;
    const char *reports = NULL;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case O_LISTEN:
            if (!strchr(optarg, ':')) {
                cli_error("serve", "--listen takes ADDR:PORT (e.g. 127.0.0.1:8080), not "
                          "\"%s\"", optarg);
                return 2;
            }
            cfg.listen = optarg;
            break;
        case O_DB: cfg.db = optarg; break;
        case O_WEB: cfg.web_dir = optarg; break;
        case O_REPORTS: reports = optarg; break;
        case O_WORKERS:
            if (cli_parse_int("--workers", optarg, 1, 256, &cfg.workers)) return 2;
            break;
        case O_HTTP:
            if (cli_parse_int("--http-threads", optarg, 2, 1024, &cfg.http_threads)) return 2;
            break;
        case O_STREAMS:
            if (cli_parse_int("--max-streams", optarg, 1, 1023, &cfg.max_streams)) return 2;
            break;
        case O_BODY:
            if (cli_parse_int("--max-body", optarg, 1024, 64 << 20, &body)) return 2;
            cfg.max_body = (size_t)body;
            break;
        case O_IDLE:
            if (cli_parse_int("--idle", optarg, 1, 7 * 24 * 3600, &idle)) return 2;
            cfg.idle_ms = idle * 1000;
            break;
        case O_SYNC:
            if (strcmp(optarg, "normal") && strcmp(optarg, "full")) {
                cli_error("serve", "--sync takes normal or full, not \"%s\"", optarg);
                return 2;
            }
            cfg.sync_full = strcmp(optarg, "full") == 0;
            break;
        case O_TIMEOUT:
            if (cli_parse_int("--timeout", optarg, 1, 300, &secs)) return 2;
            cfg.timeout_ms = secs * 1000;
            break;
        case O_PER_ADDR:
            if (cli_parse_int("--per-address", optarg, 1, 1024, &cfg.per_address)) return 2;
            break;
        case O_RESERVED:
            if (cli_parse_int("--reserved", optarg, 0, 1022, &cfg.reserved)) return 2;
            cfg.reserved = cfg.reserved ? cfg.reserved : -1;
            break;
        case O_RATE:
            if (cli_parse_int("--create-rate", optarg, 1, 1000000, &cfg.create_per_min))
                return 2;
            break;
        case O_RESIDENT:
            if (cli_parse_int("--max-resident", optarg, 1, 1000000, &cfg.max_resident))
                return 2;
            break;
        case O_UNFINISHED:
            if (cli_parse_int("--max-unfinished", optarg, 1, 100000000, &cfg.max_unfinished))
                return 2;
            break;
        case O_EXPIRE:
            if (cli_parse_int("--expire", optarg, 0, 100000, &days)) return 2;
            cfg.expire_days = days ? days : -1;
            break;
        case 'h': help(); return 0;
        default:
            fprintf(stderr, "(see `pocketwar serve --help`)\n");
            return 2;
        }
    }
    if (optind < argc) {
        cli_error("serve", "unexpected argument \"%s\"", argv[optind]);
        return 2;
    }
    int threads = cfg.http_threads ? cfg.http_threads : 32;
    if (cfg.reserved > 0 && cfg.reserved >= threads - 2) {
        cli_error("serve", "--reserved must be below the serving threads (%d)", threads - 2);
        return 2;
    }
    if (cfg.http_threads && cfg.max_streams >= cfg.http_threads) {
        cli_error("serve", "--max-streams must be below --http-threads");
        return 2;
    }
    /* the signals that stop the server are waited for, not handled */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    eng_error err;
    srv *s = srv_start(&cfg, &err);
    if (!s) {
        cli_error("serve", "%s", err.msg);
        return 1;
    }
    srv_reports *rep = reports ? srv_reports_attach(s, reports, &err) : NULL;
    if (reports && !rep) {
        cli_error("serve", "%s", err.msg);
        srv_stop(s);
        return 2;
    }
    const char *colon = strrchr(cfg.listen, ':');
    printf("pocketwar serve: http://%.*s:%d/ (games store %s, %zu game%s in play)\n",
           (int)(colon - cfg.listen), cfg.listen, srv_port(s), cfg.db, srv_games_loaded(s),
           srv_games_loaded(s) == 1 ? "" : "s");
    if (loopback(cfg.listen))
        printf("pocketwar serve: listening on loopback only; --listen 0.0.0.0:PORT opens it "
               "to the network\n");
    else
        printf("pocketwar serve: listening on %s: reachable from the network\n", cfg.listen);
    if (rep)
        printf("pocketwar serve: the lab's reports in %s at /reports/\n", reports);
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    printf("pocketwar serve: stopping\n");
    srv_stop(s);
    srv_reports_free(rep);
    return 0;
}
