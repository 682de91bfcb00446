/*
 * srv_static.c - the browser app: files from the web folder, by path. A
 * path with a ".." segment, a hidden name or anything that resolves outside
 * the folder (a symbolic link, say) is refused, so no file outside the
 * app's folder is ever sent.
 */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <civetweb.h>
#include "srv_private.h"

#ifndef POCKETWAR_WEB_DIR
#define POCKETWAR_WEB_DIR "web"
#endif

const char *srv_web_dir(void)
{
    const char *env = getenv("POCKETWAR_WEB");
    return env && *env ? env : POCKETWAR_WEB_DIR;
}

static int refuse(struct mg_connection *conn, int status, const char *msg)
{
    char clen[32];
    snprintf(clen, sizeof clen, "%zu", strlen(msg));
    mg_response_header_start(conn, status);
    mg_response_header_add(conn, "Content-Type", "text/plain; charset=utf-8", -1);
    mg_response_header_add(conn, "Content-Length", clen, -1);
    mg_response_header_send(conn);
    mg_write(conn, msg, strlen(msg));
    return status;
}

static bool path_clean(const char *uri)
{
    if (uri[0] != '/')
        return false;
    for (const char *p = uri; *p; p++) {
        if (*p == '\\' || (unsigned char)*p < 0x20)
            return false;
        if (p[0] == '/' && p[1] == '.')      /* "..", ".git", ".hidden" */
            return false;
    }
    return true;
}

int srv_static_serve(srv *s, struct mg_connection *conn, const char *uri)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (strcmp(ri->request_method, "GET") != 0 && strcmp(ri->request_method, "HEAD") != 0)
        return refuse(conn, 405, "only GET and HEAD are allowed here\n");
    if (!path_clean(uri))
        return refuse(conn, 404, "no such file\n");
    char path[PATH_MAX + 32], real[PATH_MAX];
    size_t len = strlen(uri);
    snprintf(path, sizeof path, "%s%s%s", s->web_dir, uri,
             uri[len - 1] == '/' ? "index.html" : "");
    struct stat sb;
    if (!realpath(path, real) || stat(real, &sb) != 0 || !S_ISREG(sb.st_mode))
        return refuse(conn, 404, "no such file\n");
    size_t root = strlen(s->web_dir);
    if (strncmp(real, s->web_dir, root) != 0 || real[root] != '/')
        return refuse(conn, 404, "no such file\n");
    mg_send_file(conn, real);
    return 200;
}
