/*
 * srv_reports.c - the lab's reports over HTTP (`pocketwar serve --reports
 * DIR`): /reports/ lists every run folder under DIR that holds a
 * report.html, with its verdict lines, and every sweep folder (one that
 * holds a sweep.html), with what it swept, its answer and its probes'
 * reports. /reports/NAME/FILE serves that run's report.html, odds.html,
 * summary.json, summary.csv, experiment.json or games.jsonl, or that
 * sweep's sweep.html or sweep.json; /reports/NAME/probe-X/FILE serves the
 * run files of a balance search's probe. Only those names, only folders
 * directly under DIR and their probe-X folders (plain names: no "..", no
 * hidden names, no links to folders, no file whose real path leaves DIR),
 * only GET and HEAD.
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

/* a run's files, served from a run's folder and a probe's */
static const char *const served[] = {"report.html", "odds.html", "summary.json", "summary.csv",
                                     "experiment.json", "games.jsonl", NULL};
/* a sweep's own files, served from the sweep's folder only */
static const char *const served_sweep[] = {"sweep.html", "sweep.json", NULL};

/* a sweep's probe folders: the lab's sweep writes them as "%s/probe-%s"
 * (src/lab/lab_sweep.c), which the server does not include */
#define PROBE_PREFIX "probe-"

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

/* Is dir/sub/file a regular file (sub NULL: dir/file)? */
static bool has_file(const char *dir, const char *sub, const char *file)
{
    char path[PATH_MAX + 600];
    struct stat sb;
    if (sub)
        snprintf(path, sizeof path, "%s/%s/%s", dir, sub, file);
    else
        snprintf(path, sizeof path, "%s/%s", dir, file);
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Is dir/name a folder itself, not a link? Only such folders are listed
 * and served (a link, even to a folder inside DIR, is neither); what keeps
 * a served path inside DIR is the handler's realpath check. */
static bool real_folder(const char *dir, const char *name)
{
    char path[PATH_MAX * 2];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* The names (plain, starting with prefix) of the real folders under dir
 * (real_folder), sorted; the count in *n. Caller frees. */
static char **folders(const char *dir, const char *prefix, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t cap = 0;
    struct dirent *de;
    *n = 0;
    while (d && (de = readdir(d))) {
        if (!name_ok(de->d_name, strlen(de->d_name)) ||
            strncmp(de->d_name, prefix, strlen(prefix)) != 0 || !real_folder(dir, de->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[(*n)++] = strdup(de->d_name);
    }
    if (d)
        closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, by_name);
    return names;
}

/* A run's rule set, games and verdict lines, from its summary.json. */
static void list_verdicts(FILE *f, const char *dir, const char *name)
{
    char path[PATH_MAX + 300];
    snprintf(path, sizeof path, "%s/%s/summary.json", dir, name);
    json_t *s = json_load_file(path, 0, NULL);
    const json_t *e = json_object_get(s, "experiment");
    if (e) {
        fprintf(f, " &mdash; ");
        svg_text(f, json_string_value(json_object_get(e, "rules")));
        fprintf(f, ", %lld games", (long long)json_integer_value(json_object_get(s, "games")));
    }
    size_t k;
    const json_t *c;
    json_array_foreach(json_object_get(s, "comparisons"), k, c) {
        const char *q = json_string_value(json_object_get(c, "quantity"));
        if (!q || strcmp(q, "side1_score"))
            continue;
        fprintf(f, "<br><span class=\"v\">");
        svg_text(f, json_string_value(json_object_get(c, "verdict")));
        fprintf(f, "</span>");
    }
    json_decref(s);
}

/* A sweep's line: what it swept, over how many values, the balance
 * search's answer, and its probes' reports. */
static void list_sweep(FILE *f, const char *dir, const char *name)
{
    char path[PATH_MAX + 300];
    snprintf(path, sizeof path, "%s/%s/sweep.json", dir, name);
    json_t *s = json_load_file(path, 0, NULL);
    fprintf(f, "<br><a href=\"/reports/");
    svg_text(f, name);
    fprintf(f, "/sweep.html\">sweep</a>");
    const char *key = json_string_value(json_object_get(s, "key"));
    if (key) {
        fprintf(f, " of ");
        svg_text(f, key);
        fprintf(f, " over %zu values", json_array_size(json_object_get(s, "values")));
    }
    const json_t *chosen = json_object_get(s, "chosen");
    const char *v = json_string_value(json_object_get(chosen, "value"));
    if (key && v) {
        fprintf(f, "<br><span class=\"v\">Balance: ");
        svg_text(f, key);
        fprintf(f, " = ");
        svg_text(f, v);
        fprintf(f, "%s</span>", json_is_true(json_object_get(chosen, "balanced"))
                                    ? " (balanced)" : " (the nearest to balance probed)");
    }
    json_decref(s);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t n;
    char **probes = folders(path, PROBE_PREFIX, &n);
    for (size_t i = 0, shown = 0; i < n; i++) {
        if (has_file(path, probes[i], "report.html")) {
            fprintf(f, "%s<a href=\"/reports/", shown++ ? ", " : "<br>probes: ");
            svg_text(f, name);
            fprintf(f, "/");
            svg_text(f, probes[i]);
            fprintf(f, "/report.html\">");
            svg_text(f, probes[i] + strlen(PROBE_PREFIX));
            fprintf(f, "</a>");
        }
        free(probes[i]);
    }
    free(probes);
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
    size_t n, shown = 0;
    char **names = folders(r->dir, "", &n);
    for (size_t i = 0; i < n; i++) {
        bool run = has_file(r->dir, names[i], "report.html");
        bool sweep = has_file(r->dir, names[i], "sweep.html");
        if (!run && !sweep) {
            free(names[i]);
            continue;
        }
        shown++;
        if (run) {
            fprintf(f, "<li><a href=\"/reports/");
            svg_text(f, names[i]);
            fprintf(f, "/report.html\">");
            svg_text(f, names[i]);
            fprintf(f, "</a>");
            list_verdicts(f, r->dir, names[i]);
        } else {
            fprintf(f, "<li>");
            svg_text(f, names[i]);
        }
        if (sweep)
            list_sweep(f, r->dir, names[i]);
        fprintf(f, "</li>\n");
        free(names[i]);
    }
    free(names);
    if (!shown)
        fprintf(f, "<li>no reports yet: `pocketwar lab run --out DIR/NAME` makes one</li>\n");
    fprintf(f, "</ul>\n</body></html>\n");
    fclose(f);
    int rc = reply(conn, 200, "text/html; charset=utf-8", buf, len);
    free(buf);
    return rc;
}

static bool among(const char *const *names, const char *file)
{
    for (const char *const *s = names; *s; s++)
        if (strcmp(*s, file) == 0)
            return true;
    return false;
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
    /* NAME/FILE, or NAME/probe-X/FILE: a sweep's probe */
    const char *file = slash + 1, *sub = strchr(file, '/');
    int nsub = 0;
    if (sub) {
        nsub = (int)(sub - file);
        if (!name_ok(file, (size_t)nsub) || strncmp(file, PROBE_PREFIX, strlen(PROBE_PREFIX)) ||
            !among(served, sub + 1))
            return not_found(conn);
        sub = file;
        file += nsub + 1;
    } else if (!among(served, file) && !among(served_sweep, file)) {
        return not_found(conn);
    }
    /* the folders as the listing takes them (real_folder: no links), and
     * the file's real path inside DIR */
    char name[256], folder[PATH_MAX + 300], probe[256], path[PATH_MAX * 2], real[PATH_MAX];
    snprintf(name, sizeof name, "%.*s", (int)(slash - rest), rest);
    snprintf(probe, sizeof probe, "%.*s", nsub, sub ? sub : "");
    snprintf(folder, sizeof folder, "%s/%s", r->dir, name);
    if (!real_folder(r->dir, name) || (sub && !real_folder(folder, probe)))
        return not_found(conn);
    snprintf(path, sizeof path, "%s/%s%s%s", folder, probe, sub ? "/" : "", file);
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
