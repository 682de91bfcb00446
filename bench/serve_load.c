/*
 * serve_load.c - the server's load bench: starts `pocketwar serve` on a
 * free loopback port with a fresh store, keeps --games games going at once
 * (every rule set; half of them against a computer seat, the rest between
 * two scripted human seats) and plays --moves human moves through the API
 * from --clients threads, each on its own keep-alive connection. Prints
 * requests per second, the median and 99th-percentile time to answer a
 * move (a human's action: the computer's thinking happens later, in the
 * server's workers), the server's resident memory at the start and after
 * each quarter of the moves (it should stay flat: finished games leave
 * memory), and the machine's load average.
 *
 * usage: serve_load [--server PATH] [--games N] [--moves N] [--clients N]
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include "http_client.h"

typedef struct game {
    char id[32];
    char tok[2][40];
    json_int_t step;
    int to_act;                /* 1, 2, or 0 (computer, chance, over) */
    bool over;
    int kind;                  /* which game: rule set kind % 3, computer seat kind % 2 */
} game;

typedef struct shared {
    int port;
    int games, moves, clients;
    pthread_mutex_t mu;
    int moves_done;
    long requests;
    double *lat;               /* move latencies, ms */
    int nlat;
    int created;
    int running;               /* clients still playing */
} shared;

typedef struct client {
    shared *sh;
    int index;
    http_conn c;
    game *g;
    int ng;
    uint64_t rng;
} client;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static const char *const rules[] = {"pocket-wargame", "portable-wargame", "pocket-battles"};

static void count(client *cl, int n)
{
    pthread_mutex_lock(&cl->sh->mu);
    cl->sh->requests += n;
    pthread_mutex_unlock(&cl->sh->mu);
}

static void read_game(game *g, json_t *v)
{
    g->step = json_integer_value(json_object_get(v, "step"));
    json_t *ta = json_object_get(v, "to_act");
    g->to_act = json_is_integer(ta) ? (int)json_integer_value(ta) : 0;
    if (g->to_act && !g->tok[g->to_act - 1][0])
        g->to_act = 0;         /* the computer's turn */
    g->over = strcmp(json_string_value(json_object_get(v, "status")), "finished") == 0;
}

/* A new game in g; a finished game is followed by one of the same kind
 * (rule set and seats), so the mix of games stays the same. */
static int new_game(client *cl, game *g, bool first)
{
    pthread_mutex_lock(&cl->sh->mu);
    int seed = cl->sh->created++;
    pthread_mutex_unlock(&cl->sh->mu);
    int k = first ? seed : g->kind;
    json_t *body = json_pack("{s:s,s:i,s:[{s:s},{s:s,s:s}]}", "rules", rules[k % 3], "seed", seed,
                             "seats", "kind", "human", "kind", k % 2 ? "computer" : "human",
                             "level", "thumb");
    json_t *r;
    int st = http_json(&cl->c, "POST", "/api/games", body, NULL, &r);
    json_decref(body);
    count(cl, 1);
    if (st != 201 || !r) {
        fprintf(stderr, "serve_load: creating a game: HTTP %d\n", st);
        json_decref(r);
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->kind = k % 6;
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(json_object_get(r, "game"), "id")));
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(json_object_get(r, "links"), "seats"), i, s)
        snprintf(g->tok[json_integer_value(json_object_get(s, "seat")) - 1], 40, "%s",
                 json_string_value(json_object_get(s, "token")));
    read_game(g, json_object_get(r, "game"));
    json_decref(r);
    return 0;
}

/* One turn for g: a human move, or a look whether the computer is done. */
static int step_game(client *cl, game *g)
{
    char path[96];
    json_t *r;
    if (g->over)
        return new_game(cl, g, false);
    if (!g->to_act) {
        snprintf(path, sizeof path, "/api/games/%s", g->id);
        if (http_json(&cl->c, "GET", path, NULL, NULL, &r) != 200)
            return -1;
        count(cl, 1);
        read_game(g, r);
        json_decref(r);
        return 0;
    }
    const char *tok = g->tok[g->to_act - 1];
    snprintf(path, sizeof path, "/api/games/%s/legal", g->id);
    if (http_json(&cl->c, "GET", path, NULL, tok, &r) != 200)
        return -1;
    size_t n = json_array_size(json_object_get(r, "actions"));
    json_decref(r);
    if (n == 0)
        return -1;
    cl->rng = cl->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    json_t *act = json_pack("{s:I,s:I}", "step", g->step, "n", (json_int_t)((cl->rng >> 33) % n) + 1);
    snprintf(path, sizeof path, "/api/games/%s/act", g->id);
    double t0 = now_ms();
    int st = http_json(&cl->c, "POST", path, act, tok, &r);
    double ms = now_ms() - t0;
    json_decref(act);
    count(cl, 2);
    if (st == 409) {           /* the computer moved meanwhile: look again */
        json_decref(r);
        g->to_act = 0;
        return 0;
    }
    if (st != 200) {
        fprintf(stderr, "serve_load: move: HTTP %d\n", st);
        json_decref(r);
        return -1;
    }
    read_game(g, json_object_get(r, "game"));
    json_decref(r);
    pthread_mutex_lock(&cl->sh->mu);
    if (cl->sh->nlat < cl->sh->moves)
        cl->sh->lat[cl->sh->nlat++] = ms;
    cl->sh->moves_done++;
    pthread_mutex_unlock(&cl->sh->mu);
    return 0;
}

static void *client_loop(client *cl);

static void *client_main(void *arg)
{
    client *cl = arg;
    client_loop(cl);
    pthread_mutex_lock(&cl->sh->mu);
    cl->sh->running--;
    pthread_mutex_unlock(&cl->sh->mu);
    return NULL;
}

static void *client_loop(client *cl)
{
    for (;;) {
        bool idle = true;
        for (int i = 0; i < cl->ng; i++) {
            pthread_mutex_lock(&cl->sh->mu);
            bool done = cl->sh->moves_done >= cl->sh->moves;
            pthread_mutex_unlock(&cl->sh->mu);
            if (done)
                return NULL;
            idle &= !cl->g[i].to_act;
            if (step_game(cl, &cl->g[i]) != 0)
                return NULL;
        }
        if (idle)
            usleep(1000);
    }
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = atol(line + 6);
    if (f)
        fclose(f);
    return kb;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const char *server = "build/pocketwar";
    shared sh = {.games = 200, .moves = 10000, .clients = 8};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            printf("usage: serve_load [--server PATH] [--games N] [--moves N] [--clients N]\n");
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "serve_load: %s needs a value\n", argv[i]);
            return 2;
        }
        if (!strcmp(argv[i], "--server")) server = argv[++i];
        else if (!strcmp(argv[i], "--games")) sh.games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--moves")) sh.moves = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--clients")) sh.clients = atoi(argv[++i]);
        else { fprintf(stderr, "serve_load: unknown option %s\n", argv[i]); return 2; }
    }
    if (sh.games < 1 || sh.moves < 1 || sh.clients < 1 || sh.clients > sh.games) {
        fprintf(stderr, "serve_load: games, moves and clients must be positive, clients <= games\n");
        return 2;
    }
    char dir[] = "/tmp/pw_serve_load.XXXXXX", db[64];
    if (!mkdtemp(dir))
        return 1;
    snprintf(db, sizeof db, "%s/bench.db", dir);
    int out[2];
    if (pipe(out) != 0)
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        /* every game comes from one address: its rate of making games is
         * lifted (the bench measures moves, not that limit) */
        execl(server, server, "serve", "--listen", "127.0.0.1:0", "--db", db, "--workers", "2",
              "--create-rate", "1000000", (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *so = fdopen(out[0], "r");
    char line[512];
    bool started = false;
    while (so && !started && fgets(line, sizeof line, so))
        started = strstr(line, "127.0.0.1:") != NULL;   /* the line saying where */
    if (!started) {
        fprintf(stderr, "serve_load: %s serve did not start\n", server);
        return 1;
    }
    sh.port = atoi(strstr(line, "127.0.0.1:") + 10);
    pthread_mutex_init(&sh.mu, NULL);
    sh.lat = malloc(sizeof *sh.lat * (size_t)sh.moves);
    client *cl = calloc((size_t)sh.clients, sizeof *cl);
    int rc = 0;
    for (int i = 0; i < sh.clients && rc == 0; i++) {
        cl[i].sh = &sh;
        cl[i].rng = (uint64_t)i * 7919 + 1;
        cl[i].ng = sh.games / sh.clients + (i < sh.games % sh.clients);
        cl[i].g = calloc((size_t)cl[i].ng, sizeof *cl[i].g);
        rc = http_open(&cl[i].c, sh.port);
        for (int k = 0; k < cl[i].ng && rc == 0; k++)
            rc = new_game(&cl[i], &cl[i].g[k], true);
    }
    long rss0 = rss_kb(pid);
    sh.requests = 0;
    sh.running = sh.clients;
    double t0 = now_ms();
    pthread_t *th = calloc((size_t)sh.clients, sizeof *th);
    for (int i = 0; i < sh.clients && rc == 0; i++)
        pthread_create(&th[i], NULL, client_main, &cl[i]);
    /* the server's memory after each quarter of the moves */
    long rss_at[4] = {-1, -1, -1, -1};
    for (int q = 0; q < 4 && rc == 0;) {
        pthread_mutex_lock(&sh.mu);
        int done = sh.moves_done, running = sh.running;
        pthread_mutex_unlock(&sh.mu);
        if (done >= (int)((long)sh.moves * (q + 1) / 4)) {
            rss_at[q++] = rss_kb(pid);
            continue;
        }
        if (!running)
            break;
        usleep(2000);
    }
    for (int i = 0; i < sh.clients && rc == 0; i++)
        pthread_join(th[i], NULL);
    double secs = (now_ms() - t0) / 1e3;
    double load[3] = {0, 0, 0};
    FILE *la = fopen("/proc/loadavg", "r");
    if (!la || fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
        load[0] = -1;
    if (la)
        fclose(la);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    if (rc != 0 || sh.nlat < sh.moves) {
        fprintf(stderr, "serve_load: stopped early (%d moves)\n", sh.nlat);
        rc = 1;
    }
    if (sh.nlat > 0) {
        qsort(sh.lat, (size_t)sh.nlat, sizeof *sh.lat, cmp);
        printf("server load: %d games at once (every rule set; half against the computer, thumb),"
               " %d clients on loopback\n", sh.games, sh.clients);
        printf("  %d human moves, %ld requests in %.1f s: %.0f requests/s\n", sh.nlat,
               sh.requests, secs, sh.requests / secs);
        printf("  move answered: median %.2f ms, 99th percentile %.2f ms\n",
               sh.lat[sh.nlat / 2], sh.lat[(int)(sh.nlat * 0.99)]);
        printf("  server memory (RSS, KiB): %ld at the start", rss0);
        for (int q = 0; q < 4; q++)
            printf(", %ld after %ld moves", rss_at[q], (long)sh.moves * (q + 1) / 4);
        printf("\n  %d games made; load average %.2f %.2f %.2f\n", sh.created, load[0], load[1],
               load[2]);
    }
    for (int i = 0; i < sh.clients; i++) {
        http_close(&cl[i].c);
        free(cl[i].g);
    }
    free(cl);
    free(th);
    free(sh.lat);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        rc = 1;
    return rc;
}
