/*
 * srv_socket.c - a connection's own socket, for what civetweb 1.15 has no
 * call for: seeing whether a whole request has already arrived before a
 * thread waits on it, and cutting a connection short (its reads end at
 * once, so civetweb stops reading it and closes it); and the request the
 * server sends itself when it starts, so that it learns where civetweb
 * keeps a connection's address (srv_limits.c).
 *
 * civetweb does not hand out a connection's socket, so it is found among
 * the process's descriptors by its two ends: the client's address and port
 * and the server's port. Only the connection's own HTTP thread asks, while
 * civetweb holds the socket open for it, so the descriptor found cannot be
 * closed or reused meanwhile.
 */
#define _GNU_SOURCE                 /* memmem */
#include <arpa/inet.h>
#include <dirent.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <civetweb.h>
#include "srv_private.h"

#define SRV_PEEK_BYTES 8192         /* a header this long counts as arrived */

/* Is the socket fd the connection from addr:port to our port? */
static bool same_ends(int fd, const struct in6_addr *want6, const struct in_addr *want4,
                      bool v6, int port, int our_port)
{
    struct sockaddr_storage peer, self;
    socklen_t pl = sizeof peer, sl = sizeof self;
    if (getpeername(fd, (struct sockaddr *)&peer, &pl) != 0 ||
        getsockname(fd, (struct sockaddr *)&self, &sl) != 0)
        return false;
    if (peer.ss_family == AF_INET && !v6) {
        const struct sockaddr_in *p = (const struct sockaddr_in *)&peer;
        const struct sockaddr_in *m = (const struct sockaddr_in *)&self;
        return ntohs(p->sin_port) == port && p->sin_addr.s_addr == want4->s_addr &&
               ntohs(m->sin_port) == our_port;
    }
    if (peer.ss_family == AF_INET6 && v6) {
        const struct sockaddr_in6 *p = (const struct sockaddr_in6 *)&peer;
        const struct sockaddr_in6 *m = (const struct sockaddr_in6 *)&self;
        return ntohs(p->sin6_port) == port && !memcmp(&p->sin6_addr, want6, sizeof *want6) &&
               ntohs(m->sin6_port) == our_port;
    }
    return false;
}

int srv_socket_of(const struct mg_request_info *ri, int our_port)
{
    if (!ri)
        return -1;
    struct in6_addr a6;
    struct in_addr a4;
    bool v6 = strchr(ri->remote_addr, ':') != NULL;
    if (v6 ? inet_pton(AF_INET6, ri->remote_addr, &a6) != 1
           : inet_pton(AF_INET, ri->remote_addr, &a4) != 1)
        return -1;
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return -1;
    int found = -1;
    struct dirent *e;
    while (found < 0 && (e = readdir(d))) {
        char *end;
        long fd = strtol(e->d_name, &end, 10);
        if (*end || end == e->d_name || fd == dirfd(d))
            continue;
        if (same_ends((int)fd, &a6, &a4, v6, ri->remote_port, our_port))
            found = (int)fd;
    }
    closedir(d);
    return found;
}

bool srv_socket_request_ready(int fd, int wait_ms)
{
    char *buf = malloc(SRV_PEEK_BYTES);
    if (!buf)
        abort();
    int64_t until = srv_now_ms() + wait_ms;
    bool ready = false;
    for (;;) {
        int64_t left = until - srv_now_ms();
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, left > 0 ? (int)left : 0) > 0) {
            ssize_t n = recv(fd, buf, SRV_PEEK_BYTES, MSG_PEEK | MSG_DONTWAIT);
            if (n <= 0)
                break;                       /* closed by the client, or an error */
            if (n == SRV_PEEK_BYTES || memmem(buf, (size_t)n, "\r\n\r\n", 4) ||
                memmem(buf, (size_t)n, "\n\n", 2)) {
                ready = true;
                break;
            }
        }
        if (srv_now_ms() >= until)
            break;
        /* part of a request: wait a little for the rest (poll would return
         * at once, the bytes already there being unread) */
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    }
    free(buf);
    return ready;
}

void srv_socket_cut(int fd)
{
    if (fd >= 0)
        shutdown(fd, SHUT_RD);
}

void srv_socket_ask_self(const char *listen, int port)
{
    char host[256];
    const char *colon = strrchr(listen, ':');
    size_t n = colon ? (size_t)(colon - listen) : 0;
    snprintf(host, sizeof host, "%.*s", (int)n, listen);
    if (host[0] == '[') {                        /* [::1] */
        memmove(host, host + 1, strlen(host));
        host[strcspn(host, "]")] = '\0';
    }
    if (!host[0] || !strcmp(host, "0.0.0.0"))
        snprintf(host, sizeof host, "127.0.0.1");
    else if (!strcmp(host, "::"))
        snprintf(host, sizeof host, "::1");
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV}, *ai;
    if (getaddrinfo(host, service, &hints, &ai) != 0)
        return;
    int fd = socket(ai->ai_family, SOCK_STREAM, 0);
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
        static const char ask[] = "GET /api/ HTTP/1.0\r\n\r\n";
        char buf[512];
        struct timeval tv = {.tv_sec = 2};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (send(fd, ask, sizeof ask - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof ask - 1))
            while (recv(fd, buf, sizeof buf, 0) > 0)
                ;
    }
    if (fd >= 0)
        close(fd);
    freeaddrinfo(ai);
}
