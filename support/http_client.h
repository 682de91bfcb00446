/*
 * http_client.h - a small blocking HTTP/1.1 client over one keep-alive
 * loopback connection, for the server's load bench and tests (JSON bodies,
 * replies with a Content-Length).
 */
#ifndef HTTP_CLIENT_H
#define HTTP_CLIENT_H

#include <stddef.h>
#include <jansson.h>

typedef struct http_conn {
    int fd;
    int port;
    char *buf;              /* bytes read and not yet used */
    size_t len, cap;
} http_conn;

/* Connects to 127.0.0.1:port; -1 on failure. */
int http_open(http_conn *c, int port);
void http_close(http_conn *c);
/* Sends METHOD path with an optional body and bearer token; returns the
 * status (or -1) and the reply body parsed as JSON in *reply (NULL if none
 * or not JSON; the caller decrefs). Reconnects once if the server closed
 * the connection. */
int http_json(http_conn *c, const char *method, const char *path, const json_t *body,
              const char *token, json_t **reply);

#endif
