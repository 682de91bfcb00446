/*
 * srv_limits.c - connections: how many the server serves at once, from
 * one address, and which may wait on a thread before their request has
 * arrived.
 *
 * civetweb gives each connection one of its HTTP threads for as long as it
 * stays open (keep-alive included), and a thread waits up to the request
 * timeout for a request that does not come. So:
 *  - at most srv_limits_serving() connections are served at once; the
 *    other threads are kept to refuse the rest at once (503, Retry-After);
 *  - at most cfg.per_address connections from one address are open at
 *    once; the next gets 429 with Retry-After;
 *  - the last cfg.reserved serving threads, and every refusal, go only to
 *    connections whose request has already arrived (or arrives within
 *    SRV_ARRIVE_MS): one that has sent nothing is closed at once instead
 *    of holding a thread for the timeout.
 * So silent connections hold at most the unreserved threads, and from one
 * address no more than cfg.per_address; a client that sends its request
 * is always answered at once. (Live streams have their own, lower, limit:
 * srv_live.c.)
 */
#define _GNU_SOURCE                 /* pthread_getattr_np */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <civetweb.h>
#include "srv_private.h"

#define SRV_RETRY_AFTER_S 2
#define SRV_ARRIVE_MS 100           /* a request must have arrived this soon */

/* What was decided for a connection when it opened (srv_conn.kind). */
enum { SRV_CONN_SERVED, SRV_CONN_REFUSED, SRV_CONN_ADDRESS };

/* civetweb fills a connection's client address before it calls
 * init_connection but gives no access to it until a request has been read
 * (mg_get_request_info is NULL before). The request info is a member of
 * the connection, so its place in it (s->info_offset) is learned from the
 * first request (srv_start sends one) and read there from then on; until
 * it is known, no connection is limited by address or kept from a
 * reserved thread. */
static const struct mg_request_info *early_info(srv *s, const struct mg_connection *conn)
{
    long off = s->info_offset;
    return off <= 0 ? NULL : (const struct mg_request_info *)((const char *)conn + off);
}

int srv_limits_serving(const srv *s)
{
    int t = s->cfg.http_threads;
    return t >= 4 ? t - 2 : t >= 2 ? t - 1 : 1;
}

/* The open-connection count of addr (conn_mu held): its slot in the
 * table, added if new and `add`, else NULL. A connection is open on one
 * HTTP thread, so no more addresses are open at once than there are
 * threads, the table's size. */
static srv_addr_count *addr_slot(srv *s, const char *addr, bool add)
{
    srv_addr_count *free_slot = NULL;
    for (int i = 0; i < s->naddrs; i++) {
        if (s->addrs[i].open && strcmp(s->addrs[i].addr, addr) == 0)
            return &s->addrs[i];
        if (!s->addrs[i].open && !free_slot)
            free_slot = &s->addrs[i];
    }
    if (!add)
        return NULL;
    if (!free_slot && s->naddrs < s->cfg.http_threads)
        free_slot = &s->addrs[s->naddrs++];
    if (!free_slot)                      /* cannot happen; counted with the last */
        return &s->addrs[s->naddrs - 1];
    snprintf(free_slot->addr, sizeof free_slot->addr, "%s", addr);
    free_slot->open = 0;
    return free_slot;
}

static int on_connect(const struct mg_connection *conn, void **data)
{
    srv *s = mg_get_user_data(mg_get_context(conn));
    const struct mg_request_info *ri = early_info(s, conn);
    const char *addr = ri ? ri->remote_addr : "";
    int serving = srv_limits_serving(s);
    size_t stack = 0;
    pthread_attr_t attr;
    if (!s->http_stack && pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstacksize(&attr, &stack);
        pthread_attr_destroy(&attr);
    }
    pthread_mutex_lock(&s->conn_mu);
    if (stack)
        s->http_stack = stack;
    srv_addr_count *a = addr_slot(s, addr, true);
    int kind = ri && a->open >= s->cfg.per_address ? SRV_CONN_ADDRESS
             : s->serving < serving ? SRV_CONN_SERVED : SRV_CONN_REFUSED;
    /* only a request already there may take a reserved thread or a refusal */
    bool must_arrive = ri && (kind != SRV_CONN_SERVED ||
                              s->serving >= serving - s->cfg.reserved);
    a->open++;
    s->serving += kind == SRV_CONN_SERVED;
    pthread_mutex_unlock(&s->conn_mu);
    srv_conn *c = malloc(sizeof *c);
    if (!c)
        abort();
    *c = (srv_conn){.kind = kind, .fd = -2};
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    *data = c;
    if (must_arrive) {
        c->fd = srv_socket_of(ri, s->port);
        if (c->fd >= 0 && !srv_socket_request_ready(c->fd, SRV_ARRIVE_MS))
            srv_socket_cut(c->fd);      /* closed by civetweb, on_close follows */
    }
    return 0;
}

static void on_close(const struct mg_connection *conn)
{
    srv *s = mg_get_user_data(mg_get_context(conn));
    srv_conn *c = mg_get_user_connection_data(conn);
    if (!c)
        return;
    pthread_mutex_lock(&s->conn_mu);
    srv_addr_count *a = addr_slot(s, c->addr, false);
    if (a)
        a->open--;
    s->serving -= c->kind == SRV_CONN_SERVED;
    pthread_mutex_unlock(&s->conn_mu);
    free(c);
}

/* Before civetweb handles a request: refuses it on a connection marked so;
 * 0 lets it through. */
static int on_request(struct mg_connection *conn)
{
    srv_conn *c = mg_get_user_connection_data(conn);
    srv *s = mg_get_user_data(mg_get_context(conn));
    if (s->info_offset <= 0) {
        long off = (long)((const char *)mg_get_request_info(conn) - (const char *)conn);
        if (off > 0 && off < 65536)
            s->info_offset = off;
    }
    if (!c || c->kind == SRV_CONN_SERVED)
        return 0;
    srv_req r = {.s = s, .conn = conn, .close = true};
    /* the reply, then the connection is cut (a client may not go on sending
     * requests on it) */
    if (c->fd == -2)
        c->fd = srv_socket_of(mg_get_request_info(conn), s->port);
    int status;
    if (c->kind == SRV_CONN_ADDRESS)
        status = srv_reply_busy(&r, 429, "connections", SRV_RETRY_AFTER_S,
                                "your address has %d connections open, its limit; close one "
                                "or try again in %d seconds", s->cfg.per_address,
                                SRV_RETRY_AFTER_S);
    else
        status = srv_reply_busy(&r, 503, "connections", SRV_RETRY_AFTER_S,
                                "the server is serving %d connections, its limit; try again "
                                "in %d seconds", srv_limits_serving(s), SRV_RETRY_AFTER_S);
    srv_socket_cut(c->fd);
    return status;
}

int srv_conn_socket(srv *s, const struct mg_connection *conn)
{
    srv_conn *c = mg_get_user_connection_data(conn);
    if (!c)
        return srv_socket_of(mg_get_request_info(conn), s->port);
    if (c->fd == -2)                    /* looked for once a connection */
        c->fd = srv_socket_of(mg_get_request_info(conn), s->port);
    return c->fd;
}

size_t srv_http_stack_size(srv *s)
{
    pthread_mutex_lock(&s->conn_mu);
    size_t n = s->http_stack;
    pthread_mutex_unlock(&s->conn_mu);
    return n;
}

void srv_limits_callbacks(struct mg_callbacks *cb)
{
    cb->init_connection = on_connect;
    cb->connection_close = on_close;
    cb->begin_request = on_request;
}
