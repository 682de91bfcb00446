/*
 * srv_quota.c - limits on making games: how many one address may make (a
 * bucket of cfg.create_per_min games that fills again at that rate a
 * minute) and how many unfinished games the store keeps
 * (cfg.max_unfinished). A request beyond either is refused with 429 or
 * 503 and Retry-After, before its body is read as a game.
 *
 * Only requests over a connection count against an address (the offline
 * dispatcher has none).
 */
#include <math.h>
#include <string.h>
#include <civetweb.h>
#include "srv_private.h"

#define SRV_MAKERS_MAX 4096              /* addresses remembered at once */
#define SRV_FULL_RETRY_S 600             /* when to try again past max_unfinished */

/* The bucket of addr (games_mu held): the one it has, a full one's slot
 * reused, or the slot least recently filled. */
static srv_maker *bucket(srv *s, const char *addr, int64_t now)
{
    double per_ms = s->cfg.create_per_min / 60000.0, full = s->cfg.create_per_min;
    srv_maker *reuse = NULL, *oldest = NULL;
    for (size_t i = 0; i < s->nmakers; i++) {
        srv_maker *m = &s->makers[i];
        if (strcmp(m->addr, addr) == 0)
            return m;
        if (!reuse && m->tokens + (double)(now - m->at) * per_ms >= full)
            reuse = m;                   /* full again: as good as forgotten */
        if (!oldest || m->at < oldest->at)
            oldest = m;
    }
    if (!reuse)
        reuse = oldest;
    if (s->nmakers < SRV_MAKERS_MAX) {
        if (!s->makers) {
            s->makers = calloc(SRV_MAKERS_MAX, sizeof *s->makers);
            if (!s->makers)
                abort();
        }
        reuse = &s->makers[s->nmakers++];
    }
    snprintf(reuse->addr, sizeof reuse->addr, "%s", addr);
    reuse->tokens = full;
    reuse->at = now;
    return reuse;
}

int srv_quota_create(srv_req *r)
{
    srv *s = r->s;
    if (r->conn) {
        const char *addr = mg_get_request_info(r->conn)->remote_addr;
        int64_t now = srv_now_ms();
        double per_ms = s->cfg.create_per_min / 60000.0;
        pthread_mutex_lock(&s->games_mu);
        srv_maker *m = bucket(s, addr, now);
        m->tokens += (double)(now - m->at) * per_ms;
        if (m->tokens > s->cfg.create_per_min)
            m->tokens = s->cfg.create_per_min;
        m->at = now;
        bool ok = m->tokens >= 1.0;
        int wait_s = ok ? 0 : (int)ceil((1.0 - m->tokens) / per_ms / 1000.0);
        m->tokens -= ok;
        pthread_mutex_unlock(&s->games_mu);
        if (!ok)
            return srv_reply_busy(r, 429, "games", wait_s, "your address made %d games in "
                                  "the last minute, its limit; try again in %d seconds",
                                  s->cfg.create_per_min, wait_s);
    }
    long long n = srv_store_unfinished(s->store);
    if (n >= s->cfg.max_unfinished)
        return srv_reply_busy(r, 503, "games", SRV_FULL_RETRY_S, "the server keeps %lld "
                              "unfinished games, its limit; try again in %d minutes, or "
                              "finish one", n, SRV_FULL_RETRY_S / 60);
    return 0;
}
