/*
 * srv_reports.c - the lab's reports over HTTP (`pocketwar serve --reports
 * DIR`): /reports/ lists every run folder under DIR that holds a
 * report.html, with its verdict lines; /reports/NAME/FILE serves that
 * run's report.html, odds.html, summary.json, summary.csv, experiment.json
 * or games.jsonl. Only those names, only folders directly under DIR (a
 * plain name: no "..", no hidden or linked-out paths), only GET and HEAD.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <civetweb.h>
#include <jansson.h>
#include "srv_private.h"
#include "svg.h"

struct srv_reports {
    char dir[PATH_MAX];
};

static const char *const served[] = {"report.html", "odds.html", "summary.json", "summary.csv",
                                     "experiment.json", "games.jsonl", NULL};

static int reply(struct mg_connection *conn, int status, const char *type, const char *body,
                 size_t n)
{
    char clen[32];
    snprintf(clen, sizeof clen, "%zu", n);
    mg_response_header_start(conn, status);
    mg_response_header_add(conn, "Content-Type", type, -1);
    mg_response_header_add(conn, "Content-Length", clen, -1);
    mg_response_header_send(conn);
    if (strcmp(mg_get_request_info(conn)->request_method, "HEAD") != 0)
        mg_write(conn, body, n);
    return status;
}

static int not_found(struct mg_connection *conn)
{
    return reply(conn, 404, "text/plain; charset=utf-8", "no such report\n", 15);
}

static bool name_ok(const char *s, size_t n)
{
    if (n == 0 || n > 200 || s[0] == '.')
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return false;
    }
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list(struct mg_connection *conn, const srv_reports *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return reply(conn, 500, "text/plain", "out of memory\n", 14);
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lab "
            "reports</title><style>body{font:15px/1.45 system-ui,sans-serif;max-width:60em;"
            "margin:1.5em auto;padding:0 1em}li{margin:.6em 0}.v{color:#444;font-size:.92em}"
            "</style></head><body>\n<h1>Lab reports</h1>\n<ul>\n");
    DIR *d = opendir(r->dir);
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while (d && (de = readdir(d))) {
        char path[PATH_MAX + 300];
        struct stat sb;
        if (!name_ok(de->d_name, strlen(de->d_name)))
            continue;
        snprintf(path, sizeof path, "%s/%s/report.html", r->dir, de->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[n++] = strdup(de->d_name);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[PATH_MAX + 300];
        fprintf(f, "<li><a href=\"/reports/");
        svg_text(f, names[i]);
        fprintf(f, "/report.html\">");
        svg_text(f, names[i]);
        fprintf(f, "</a>");
        snprintf(path, sizeof path, "%s/%s/summary.json", r->dir, names[i]);
        json_t *s = json_load_file(path, 0, NULL);
        const json_t *e = json_object_get(s, "experiment");
        if (e) {
            fprintf(f, " &mdash; ");
            svg_text(f, json_string_value(json_object_get(e, "rules")));
            fprintf(f, ", %lld games",
                    (long long)json_integer_value(json_object_get(s, "games")));
        }
        size_t k;
        const json_t *c;
        json_array_foreach(json_object_get(s, "comparisons"), k, c) {
            if (strcmp(json_string_value(json_object_get(c, "quantity")), "side1_score"))
                continue;
            fprintf(f, "<br><span class=\"v\">");
            svg_text(f, json_string_value(json_object_get(c, "verdict")));
            fprintf(f, "</span>");
        }
        json_decref(s);
        fprintf(f, "</li>\n");
        free(names[i]);
    }
    free(names);
    if (!n)
        fprintf(f, "<li>no reports yet: `pocketwar lab run --out DIR/NAME` makes one</li>\n");
    fprintf(f, "</ul>\n</body></html>\n");
    fclose(f);
    int rc = reply(conn, 200, "text/html; charset=utf-8", buf, len);
    free(buf);
    return rc;
}

static int handler(struct mg_connection *conn, void *data)
{
    const srv_reports *r = data;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (strcmp(ri->request_method, "GET") != 0 && strcmp(ri->request_method, "HEAD") != 0)
        return reply(conn, 405, "text/plain; charset=utf-8", "only GET and HEAD\n", 18);
    const char *uri = ri->local_uri ? ri->local_uri : "/reports";
    const char *rest = uri + strlen("/reports");
    if (!*rest || !strcmp(rest, "/"))
        return list(conn, r);
    if (*rest != '/')
        return not_found(conn);
    rest++;
    const char *slash = strchr(rest, '/');
    if (!slash || !name_ok(rest, (size_t)(slash - rest)))
        return not_found(conn);
    const char *file = slash + 1;
    bool known = false;
    for (const char *const *s = served; *s; s++)
        known |= strcmp(*s, file) == 0;
    if (!known)
        return not_found(conn);
    char path[PATH_MAX * 2], real[PATH_MAX];
    snprintf(path, sizeof path, "%s/%.*s/%s", r->dir, (int)(slash - rest), rest, file);
    struct stat sb;
    size_t root = strlen(r->dir);
    if (!realpath(path, real) || stat(real, &sb) != 0 || !S_ISREG(sb.st_mode) ||
        strncmp(real, r->dir, root) != 0 || real[root] != '/')
        return not_found(conn);
    mg_send_file(conn, real);
    return 200;
}

srv_reports *srv_reports_attach(srv *s, const char *dir, eng_error *err)
{
    srv_reports *r = calloc(1, sizeof *r);
    if (!r) {
        eng_error_set(err, "out of memory");
        return NULL;
    }
    struct stat sb;
    if (!realpath(dir, r->dir) || stat(r->dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        eng_error_set(err, "--reports: %s is not a folder", dir);
        free(r);
        return NULL;
    }
    mg_set_request_handler(s->ctx, "/reports", handler, r);
    return r;
}

void srv_reports_free(srv_reports *r)
{
    free(r);
}
