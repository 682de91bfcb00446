/*
 * srv_limits.c - too many connections. civetweb gives each connection one
 * of its HTTP threads for as long as it stays open (keep-alive included)
 * and queues the connections beyond them without bound. So the server
 * serves at most srv_limits_serving() connections at once and keeps the
 * other threads to refuse the rest at once: a connection accepted beyond
 * that number gets, to its first request, a 503 with a JSON error and
 * Retry-After, and is closed. (Live streams have their own, lower, limit:
 * srv_live.c.)
 */
#include <string.h>
#include <civetweb.h>
#include "srv_private.h"

#define SRV_RETRY_AFTER_S "2"

/* A connection's mark (its user data): served, or to be refused. */
static char served_mark, refused_mark;

int srv_limits_serving(const srv *s)
{
    int t = s->cfg.http_threads;
    return t >= 4 ? t - 2 : t >= 2 ? t - 1 : 1;
}

static int on_connect(const struct mg_connection *conn, void **data)
{
    srv *s = mg_get_user_data(mg_get_context(conn));
    pthread_mutex_lock(&s->conn_mu);
    bool ok = s->serving < srv_limits_serving(s);
    s->serving += ok;
    pthread_mutex_unlock(&s->conn_mu);
    *data = ok ? &served_mark : &refused_mark;
    return 0;
}

static void on_close(const struct mg_connection *conn)
{
    srv *s = mg_get_user_data(mg_get_context(conn));
    if (mg_get_user_connection_data(conn) != &served_mark)
        return;
    pthread_mutex_lock(&s->conn_mu);
    s->serving--;
    pthread_mutex_unlock(&s->conn_mu);
}

/* Before civetweb handles a request: refuses it on a connection marked so;
 * 0 lets it through. */
static int on_request(struct mg_connection *conn)
{
    if (mg_get_user_connection_data(conn) != &refused_mark)
        return 0;
    srv *s = mg_get_user_data(mg_get_context(conn));
    char body[256];
    int n = snprintf(body, sizeof body, "{\"error\":\"the server is serving %d connections, "
                     "its limit; try again in " SRV_RETRY_AFTER_S " seconds\",\"where\":"
                     "\"connections\",\"status\":503}", srv_limits_serving(s));
    char len[16];
    snprintf(len, sizeof len, "%d", n);
    mg_response_header_start(conn, 503);
    mg_response_header_add(conn, "Content-Type", "application/json", -1);
    mg_response_header_add(conn, "Content-Length", len, -1);
    mg_response_header_add(conn, "Retry-After", SRV_RETRY_AFTER_S, -1);
    mg_response_header_add(conn, "Connection", "close", -1);
    mg_response_header_add(conn, "Cache-Control", "no-store", -1);
    mg_response_header_send(conn);
    mg_write(conn, body, (size_t)n);
    return 503;
}

void srv_limits_callbacks(struct mg_callbacks *cb)
{
    cb->init_connection = on_connect;
    cb->connection_close = on_close;
    cb->begin_request = on_request;
}
