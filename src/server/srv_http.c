/*
 * srv_http.c - HTTP on top of civetweb: the route table of the JSON API
 * under /api/, request bodies (with their size limit), tokens from the
 * Authorization header or ?token=, and JSON replies and errors. Every
 * other path goes to the static files. srv_http_dispatch answers a request
 * given by its parts, with no connection (the fuzz harness drives the API
 * through it).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <civetweb.h>
#include "srv_private.h"

static const char *reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return status >= 500 ? "Internal Server Error" : "Error";
    }
}

static int send_body(srv_req *r, int status, const char *type, const char *body, size_t len,
                     const char *filename)
{
    if (r->capture) {                    /* srv_http_dispatch: no connection */
        srv_capture *c = r->capture;
        free(c->body);
        c->status = status;
        snprintf(c->type, sizeof c->type, "%s", type);
        c->body = malloc(len + 1);
        if (!c->body)
            abort();
        memcpy(c->body, body, len);
        c->body[len] = '\0';
        c->len = len;
        return status;
    }
    struct mg_connection *conn = r->conn;
    char clen[32], disp[160];
    snprintf(clen, sizeof clen, "%zu", len);
    mg_response_header_start(conn, status);
    mg_response_header_add(conn, "Content-Type", type, -1);
    mg_response_header_add(conn, "Content-Length", clen, -1);
    mg_response_header_add(conn, "Cache-Control", "no-store", -1);
    mg_response_header_add(conn, "X-Content-Type-Options", "nosniff", -1);
    if (filename) {
        snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", filename);
        mg_response_header_add(conn, "Content-Disposition", disp, -1);
    }
    if (r->retry_after > 0) {
        char after[16];
        snprintf(after, sizeof after, "%d", r->retry_after);
        mg_response_header_add(conn, "Retry-After", after, -1);
    }
    if (r->close)
        mg_response_header_add(conn, "Connection", "close", -1);
    mg_response_header_send(conn);
    if (len)
        mg_write(conn, body, len);
    return status;
}

int srv_reply_json(srv_req *r, int status, json_t *body)
{
    srv_text *text = srv_json_text(body);
    json_decref(body);
    send_body(r, status, "application/json", text ? text->buf : "{}", text ? text->len : 2,
              NULL);
    return status;
}

/* How many bytes the well-formed UTF-8 character at p takes; 0 if none. */
static size_t utf8_char(const unsigned char *p)
{
    unsigned char c = p[0];
    int more = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2
             : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (more < 0)
        return 0;
    unsigned char lo = 0x80, hi = 0xbf;        /* the second byte's range */
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
    for (int k = 1; k <= more; k++)
        if (p[k] < (k == 1 ? lo : 0x80) || p[k] > (k == 1 ? hi : 0xbf))
            return 0;
    return (size_t)more + 1;
}

/* Replaces each byte that is not part of a UTF-8 character with '?': a
 * message quoting what a client sent (a path, a query value), or cut to
 * fit, must stay a JSON string. */
static void utf8_scrub(char *text)
{
    for (unsigned char *p = (unsigned char *)text; *p;) {
        size_t n = utf8_char(p);
        if (n == 0)
            *p++ = '?';
        else
            p += n;
    }
}

static int reply_error_v(srv_req *r, int status, const char *where, const char *fmt,
                         va_list ap) __attribute__((format(printf, 4, 0)));
static int reply_error_v(srv_req *r, int status, const char *where, const char *fmt,
                         va_list ap)
{
    char msg[ENG_ERROR_MAX + 128];
    vsnprintf(msg, sizeof msg, fmt, ap);
    utf8_scrub(msg);
    json_t *o = json_pack("{s:s,s:i}", "error", msg, "status", status);
    if (where)
        json_object_set_new(o, "where", json_string(where));
    if (r->retry_after > 0)
        json_object_set_new(o, "retry_after", json_integer(r->retry_after));
    (void)reason;
    return srv_reply_json(r, status, o);
}

int srv_reply_error(srv_req *r, int status, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = reply_error_v(r, status, where, fmt, ap);
    va_end(ap);
    return rc;
}

int srv_reply_busy(srv_req *r, int status, const char *where, int retry_s, const char *fmt,
                   ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->retry_after = retry_s < 1 ? 1 : retry_s;
    int rc = reply_error_v(r, status, where, fmt, ap);
    va_end(ap);
    return rc;
}

int srv_reply_text(srv_req *r, int status, const char *type, const char *text,
                   const char *filename)
{
    return send_body(r, status, type, text, strlen(text), filename);
}

bool srv_query(const srv_req *r, const char *name, char *buf, size_t n)
{
    if (!r->query)
        return false;
    int got = mg_get_var(r->query, strlen(r->query), name, buf, n);
    if (got == -2 && n > 4) {
        /* there, but longer than any good value: given as its start, cut
         * with "...", so the caller refuses it (rather than taking it as
         * absent, and a default in its place) */
        const char *v = strstr(r->query, name);
        v = v ? v + strlen(name) + 1 : "";
        size_t keep = strcspn(v, "&");
        if (keep > n - 4)
            keep = n - 4;
        snprintf(buf, n, "%.*s...", (int)keep, v);
        return true;
    }
    return got >= 0;
}

/* How deep the arrays and objects of the JSON text p nest, counted up to
 * max + 1 (strings skipped, escapes included). The parser recurses once a
 * level on a serving thread's small stack, so the depth is checked first. */
static int json_depth(const char *p, size_t n, int max)
{
    int depth = 0, deepest = 0;
    bool in_string = false;
    for (size_t i = 0; i < n && deepest <= max; i++) {
        char c = p[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > deepest)
                deepest = depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return deepest;
}

json_t *srv_body_json(srv_req *r)
{
    if (!r->body || r->body_len == 0) {
        srv_reply_error(r, 400, "body", "the request needs a JSON object as its body");
        return NULL;
    }
    if (json_depth(r->body, r->body_len, SRV_JSON_DEPTH_MAX) > SRV_JSON_DEPTH_MAX) {
        srv_reply_error(r, 400, "body", "the body's arrays and objects nest more than %d "
                        "deep, the limit", SRV_JSON_DEPTH_MAX);
        return NULL;
    }
    json_error_t e;
    json_t *j = json_loadb(r->body, r->body_len, JSON_REJECT_DUPLICATES, &e);
    if (!j) {
        srv_reply_error(r, 400, "body", "malformed JSON at line %d, column %d: %s", e.line,
                        e.column, e.text);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        srv_reply_error(r, 400, "body", "the body must be a JSON object");
        return NULL;
    }
    return j;
}

/* ---- reading the request ------------------------------------------------------ */

/* The body took too long: a 408, then the connection is cut (civetweb
 * would otherwise go on reading the rest of it, at the client's pace). */
static void body_too_slow(srv_req *r, int fd)
{
    r->close = true;
    srv_reply_error(r, 408, "body", "the body did not arrive within %d seconds; the "
                    "connection is closed", r->s->cfg.timeout_ms / 1000);
    srv_socket_cut(fd);
}

/* Reads the body into r (at most max_body bytes, all of it within
 * cfg.timeout_ms); false after a 413 or 408. */
static bool read_body(srv_req *r, const struct mg_request_info *ri)
{
    size_t max = r->s->cfg.max_body;
    /* civetweb's timeout bounds each wait, not the body: a body sent a
     * byte at a time would hold the thread as long as it lasts, so its
     * socket is cut when the time is up (srv_deadline.c) */
    int64_t deadline = srv_now_ms() + r->s->cfg.timeout_ms;
    int fd = srv_conn_socket(r->s, r->conn);
    int armed = srv_deadline_arm(r->s->deadlines, fd, deadline);
    if (ri->content_length > (long long)max) {
        srv_reply_error(r, 413, "body", "the body has %lld bytes; the limit is %zu",
                        ri->content_length, max);
        return false;
    }
    size_t cap = ri->content_length > 0 ? (size_t)ri->content_length + 1 : 4096;
    r->body = malloc(cap);
    if (!r->body)
        abort();
    bool ok = false;
    for (;;) {
        if (r->body_len + 1 >= cap) {
            if (cap > max + 1) {
                srv_reply_error(r, 413, "body", "the body is over the limit of %zu bytes",
                                max);
                goto done;
            }
            cap *= 2;
            r->body = realloc(r->body, cap);
            if (!r->body)
                abort();
        }
        int n = mg_read(r->conn, r->body + r->body_len, cap - 1 - r->body_len);
        if (n <= 0)
            break;
        r->body_len += (size_t)n;
        if (r->body_len > max) {
            srv_reply_error(r, 413, "body", "the body is over the limit of %zu bytes", max);
            goto done;
        }
    }
    ok = true;
done:
    if ((srv_deadline_disarm(r->s->deadlines, armed) || srv_now_ms() > deadline) && ok) {
        body_too_slow(r, fd);
        return false;
    }
    r->body[r->body_len] = '\0';
    return ok;
}

/* The token from the Authorization header (auth, may be NULL) or ?token=. */
static void read_token(srv_req *r, const char *auth)
{
    if (auth && strncmp(auth, "Bearer ", 7) == 0)
        snprintf(r->token, sizeof r->token, "%s", auth + 7);
    else
        srv_query(r, "token", r->token, sizeof r->token);
}

/* ---- routes ------------------------------------------------------------------------ */

typedef struct route {
    const char *method;
    const char *pattern;       /* '*' stands for a game id segment */
    int (*handler)(srv_req *r);
} route;

static const route routes[] = {
    {"GET", "/rules", srv_api_rules},
    {"GET", "/rules/+", srv_api_rules},
    {"GET", "/games", srv_api_games_list},
    {"POST", "/games", srv_api_games_create},
    {"POST", "/games/import", srv_api_games_import},
    {"GET", "/games/*", srv_api_game_get},
    {"GET", "/games/*/legal", srv_api_game_legal},
    {"POST", "/games/*/act", srv_api_game_act},
    {"POST", "/games/*/undo", srv_api_game_undo},
    {"POST", "/games/*/undo/accept", srv_api_game_undo},
    {"POST", "/games/*/undo/refuse", srv_api_game_undo},
    {"POST", "/games/*/resign", srv_api_game_resign},
    {"GET", "/games/*/hint", srv_api_game_hint},
    {"GET", "/games/*/steps", srv_api_game_steps},
    {"GET", "/games/*/record", srv_api_game_record},
    {"GET", "/games/*/events", srv_live_stream},
    {"GET", "/games/*/odds", srv_api_game_odds},
    {"GET", "/games/*/batch", srv_api_game_batch_get},
    {"POST", "/games/*/batch", srv_api_game_batch_post},
    {NULL, NULL, NULL},
};

/* Does path match pattern? '*' takes one segment (the game id, copied to
 * id); '+' takes one segment of anything. */
static bool match(const char *pattern, const char *path, char *id, size_t idn)
{
    while (*pattern) {
        if (*pattern == '*' || *pattern == '+') {
            size_t n = strcspn(path, "/");
            if (n == 0)
                return false;
            if (*pattern == '*')
                snprintf(id, idn, "%.*s", (int)n, path);
            path += n;
            pattern++;
        } else if (*pattern++ != *path++) {
            return false;
        }
    }
    return *path == '\0' || (path[0] == '/' && path[1] == '\0');
}

/* The route for r's method and path (its game id copied to r), or NULL
 * after replying 404 or 405 (*status). uri: the whole path, for messages. */
static const route *find_route(srv_req *r, const char *uri, int *status)
{
    bool path_known = false;
    for (const route *rt = routes; rt->method; rt++) {
        char id[sizeof r->game_id] = "";
        if (!match(rt->pattern, r->path, id, sizeof id))
            continue;
        path_known = true;
        if (strcmp(rt->method, r->method) == 0) {
            memcpy(r->game_id, id, sizeof id);
            return rt;
        }
    }
    if (path_known)
        *status = srv_reply_error(r, 405, "method", "%s is not allowed on %s", r->method, uri);
    else
        *status = srv_reply_error(r, 404, "path", "no such API path: %s", uri);
    return NULL;
}

static int api_handler(struct mg_connection *conn, void *cbdata)
{
    srv *s = cbdata;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    srv_req r = {.s = s, .conn = conn, .method = ri->request_method,
                 .path = ri->local_uri + 4, .query = ri->query_string};
    read_token(&r, mg_get_header(conn, "Authorization"));
    int status;
    const route *hit = find_route(&r, ri->local_uri, &status);
    if (hit && strcmp(r.method, "POST") == 0 && !read_body(&r, ri))
        status = r.close ? 408 : 413;
    else if (hit)
        status = hit->handler(&r);
    srv_req_done(&r);
    free(r.body);
    return status;
}

int srv_http_dispatch(srv *s, const char *method, const char *path, const char *query,
                      const char *authorization, const char *body, size_t len,
                      srv_capture *out)
{
    memset(out, 0, sizeof *out);
    if (strncmp(path, "/api", 4) != 0)
        return srv_reply_error(&(srv_req){.s = s, .capture = out}, 404, "path",
                               "not an API path");
    srv_req r = {.s = s, .method = method, .path = path + 4, .query = query, .capture = out};
    read_token(&r, authorization);
    int status;                              /* the reply's, in out */
    const route *hit = find_route(&r, path, &status);
    if (hit && hit->handler == srv_live_stream) {
        srv_reply_error(&r, 501, "path", "live updates need a connection");
    } else if (hit && strcmp(method, "POST") == 0 && len > s->cfg.max_body) {
        srv_reply_error(&r, 413, "body", "the body has %zu bytes; the limit is %zu", len,
                        s->cfg.max_body);
    } else if (hit) {
        if (strcmp(method, "POST") == 0) {     /* as read_body leaves it: NUL-ended */
            r.body = malloc(len + 1);
            if (!r.body)
                abort();
            memcpy(r.body, body, len);
            r.body[len] = '\0';
            r.body_len = len;
        }
        hit->handler(&r);
    }
    srv_req_done(&r);
    free(r.body);
    return out->status;
}

static int static_handler(struct mg_connection *conn, void *cbdata)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    return srv_static_serve(cbdata, conn, ri->local_uri ? ri->local_uri : "/");
}

void srv_http_routes(srv *s)
{
    mg_set_request_handler(s->ctx, "/api", api_handler, s);
    mg_set_request_handler(s->ctx, "/", static_handler, s);
}
