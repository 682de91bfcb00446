/*
 * srv_live.c - live updates by Server-Sent Events: GET /api/games/ID/events
 * keeps the connection open and sends an "update" event at once and after
 * every change of the game (a step, an undo asked or answered, a
 * resignation), each in the view of the token's role, with the steps taken
 * since the last event as that role saw them. A comment line every 15 s
 * keeps proxies from closing an idle stream and notices a page gone.
 *
 * Each open stream holds one HTTP thread, so their number is limited (429
 * beyond it) to leave threads for requests.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <civetweb.h>
#include "srv_private.h"

#define SRV_KEEPALIVE_S 15

static bool stream_open(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    bool ok = !s->stopping && s->streams < s->cfg.max_streams;
    if (ok)
        s->streams++;
    pthread_mutex_unlock(&s->q_mu);
    return ok;
}

static void stream_close(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    s->streams--;
    pthread_mutex_unlock(&s->q_mu);
}

static bool stopping(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    bool st = s->stopping;
    pthread_mutex_unlock(&s->q_mu);
    return st;
}

static bool send_event(struct mg_connection *conn, uint64_t version, json_t *data)
{
    srv_text *text = srv_json_text(data);
    json_decref(data);
    if (!text)
        return false;
    char head[64];
    int h = snprintf(head, sizeof head, "id: %llu\nevent: update\ndata: ",
                     (unsigned long long)version);
    return mg_write(conn, head, (size_t)h) > 0 && mg_write(conn, text->buf, text->len) > 0 &&
           mg_write(conn, "\n\n", 2) > 0;
}

static int stream_locked(srv_req *r, srv_call *c)
{
    srv_game *g = c->g;               /* held (so kept in memory) while the stream is open */
    int role = c->role;
    srv_call_end(c);
    if (!stream_open(r->s))
        return srv_reply_busy(r, 429, "connections", 15, "too many open live streams (the "
                              "limit is %d); close a page or try again in 15 seconds",
                              r->s->cfg.max_streams);
    mg_response_header_start(r->conn, 200);
    mg_response_header_add(r->conn, "Content-Type", "text/event-stream", -1);
    mg_response_header_add(r->conn, "Cache-Control", "no-store", -1);
    mg_response_header_add(r->conn, "X-Accel-Buffering", "no", -1);
    mg_response_header_send(r->conn);

    uint64_t sent = UINT64_MAX;
    size_t steps_sent = SIZE_MAX;
    bool alive = true;
    while (alive && !stopping(r->s)) {
        pthread_mutex_lock(&g->mu);
        if (g->version == sent) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += SRV_KEEPALIVE_S;
            int rc = 0;
            while (g->version == sent && rc != ETIMEDOUT && !stopping(r->s))
                rc = pthread_cond_timedwait(&g->changed, &g->mu, &until);
            if (g->version == sent) {
                pthread_mutex_unlock(&g->mu);
                alive = mg_printf(r->conn, ": still here\n\n") > 0;
                continue;
            }
        }
        uint64_t version = g->version;
        size_t n = g->m->nsteps;
        size_t from = steps_sent == SIZE_MAX || steps_sent > n ? n : steps_sent;
        json_t *data = json_pack("{s:o,s:o}", "game", srv_view_game(g, role), "steps",
                                 srv_view_steps(g, role, from, n));
        pthread_mutex_unlock(&g->mu);
        alive = send_event(r->conn, version, data);
        sent = version;
        steps_sent = n;
    }
    stream_close(r->s);
    return 200;
}

int srv_live_stream(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, stream_locked);
}

void srv_live_wake_all(srv *s)
{
    size_t n;
    srv_game **all = srv_games_list(s, &n);
    for (size_t i = 0; i < n; i++) {
        pthread_mutex_lock(&all[i]->mu);
        pthread_cond_broadcast(&all[i]->changed);
        pthread_mutex_unlock(&all[i]->mu);
    }
    srv_games_list_release(s, all, n);
}
