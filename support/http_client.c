/*
 * http_client.c - the client of http_client.h: writes a request, reads the
 * status line, the headers up to a blank line, and Content-Length bytes.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include "http_client.h"

int http_open(http_conn *c, int port)
{
    memset(c, 0, sizeof *c);
    c->port = port;
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0)
        return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(c->fd);
        c->fd = -1;
        return -1;
    }
    return 0;
}

void http_close(http_conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->buf);
    c->buf = NULL;
    c->len = c->cap = 0;
}

static int fill(http_conn *c)
{
    if (c->len + 4096 > c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16384;
        c->buf = realloc(c->buf, c->cap);
        if (!c->buf)
            abort();
    }
    ssize_t n = read(c->fd, c->buf + c->len, c->cap - c->len - 1);
    if (n <= 0)
        return -1;
    c->len += (size_t)n;
    c->buf[c->len] = '\0';
    return 0;
}

static int send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int once(http_conn *c, const char *method, const char *path, const char *body,
                const char *token, json_t **reply)
{
    char head[1024];
    size_t blen = body ? strlen(body) : 0;
    char auth[128] = "";
    if (token && *token)
        snprintf(auth, sizeof auth, "Authorization: Bearer %s\r\n", token);
    int hn = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s"
                      "Content-Length: %zu\r\nContent-Type: application/json\r\n\r\n",
                      method, path, auth, blen);
    if (send_all(c->fd, head, (size_t)hn) || (blen && send_all(c->fd, body, blen)))
        return -2;
    char *end;
    while (!(c->buf && (end = strstr(c->buf, "\r\n\r\n"))))
        if (fill(c))
            return -2;
    int status = 0;
    sscanf(c->buf, "HTTP/1.%*d %d", &status);
    size_t clen = 0;
    for (char *h = strstr(c->buf, "\r\n"); h && h < end; h = strstr(h + 2, "\r\n"))
        if (strncasecmp(h + 2, "Content-Length:", 15) == 0)
            clen = strtoul(h + 17, NULL, 10);
    size_t hdr = (size_t)(end - c->buf) + 4;
    while (c->len < hdr + clen)
        if (fill(c))
            return -2;
    if (reply)
        *reply = clen ? json_loadb(c->buf + hdr, clen, 0, NULL) : NULL;
    memmove(c->buf, c->buf + hdr + clen, c->len - hdr - clen);
    c->len -= hdr + clen;
    c->buf[c->len] = '\0';
    return status;
}

int http_json(http_conn *c, const char *method, const char *path, const json_t *body,
              const char *token, json_t **reply)
{
    char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
    if (reply)
        *reply = NULL;
    int st = c->fd >= 0 ? once(c, method, path, text, token, reply) : -2;
    if (st == -2) {                 /* the server closed the connection: once more */
        int port = c->port;
        http_close(c);
        st = http_open(c, port) == 0 ? once(c, method, path, text, token, reply) : -1;
        if (st == -2)
            st = -1;
    }
    free(text);
    return st;
}
