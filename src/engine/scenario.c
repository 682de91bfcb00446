/*
 * scenario.c - locating and parsing scenario, variant and rules data files,
 * and the small helpers every rule set's loader words its messages with.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

#ifndef POCKETWAR_DATA_DIR
#define POCKETWAR_DATA_DIR "data"
#endif

const char *eng_data_dir(void)
{
    const char *env = getenv("POCKETWAR_DATA");
    return env && *env ? env : POCKETWAR_DATA_DIR;
}

json_t *eng_json_file(const char *path, eng_error *err)
{
    json_error_t jerr;
    json_t *j = json_load_file(path, 0, &jerr);
    if (!j) {
        /* jansson quotes the text near the fault: drop it, so a message never
         * shows a file's content (the line and column say where) */
        char *near = strstr(jerr.text, " near '");
        if (near)
            *near = '\0';
        if (jerr.line <= 0)
            eng_error_set(err, "%s: %s", path, jerr.text);
        else
            eng_error_set(err, "%s:%d:%d: %s", path, jerr.line, jerr.column, jerr.text);
    }
    return j;
}

bool eng_data_is_path(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 5 && strcmp(s + n - 5, ".json") == 0);
}

static json_t *load_named(const eng_rules *r, const char *kind, const char *name,
                          eng_error *err)
{
    char path[4096];
    if (eng_data_is_path(name)) {
        snprintf(path, sizeof path, "%s", name);
    } else {
        for (const char *p = name; *p; p++)
            if (!(*p == '-' || *p == '_' || (*p >= 'a' && *p <= 'z') ||
                  (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) {
                eng_error_set(err, "bad %s name \"%s\"", kind, name);
                return NULL;
            }
        snprintf(path, sizeof path, "%s/%s/%ss/%s.json", eng_data_dir(),
                 eng_rules_name(r), kind, name);
        FILE *f = fopen(path, "r");
        if (!f) {
            eng_error_set(err, "%s has no %s named \"%s\" (see `pocketwar rules %s`)",
                          eng_rules_title(r), kind, name, eng_rules_name(r));
            return NULL;
        }
        fclose(f);
    }
    return eng_json_file(path, err);
}

json_t *eng_scenario_load(const eng_rules *r, const char *name, eng_error *err)
{
    json_t *j = load_named(r, "scenario", name, err);
    if (!j)
        return NULL;
    if (!json_is_object(j)) {
        eng_error_set(err, "%s: a scenario must be a JSON object", name);
        json_decref(j);
        return NULL;
    }
    const char *rules = json_string_value(json_object_get(j, "rules"));
    if (rules && strcmp(rules, eng_rules_name(r)) != 0) {
        /* a known rule set is named; anything else in the file is not echoed */
        if (eng_rules_find(rules))
            eng_error_set(err, "%s: scenario is for rule set \"%s\", not \"%s\"", name, rules,
                          eng_rules_name(r));
        else
            eng_error_set(err, "%s: scenario is for another rule set, not \"%s\"", name,
                          eng_rules_name(r));
        json_decref(j);
        return NULL;
    }
    if (!json_object_get(j, "name")) {
        /* name a file-given scenario after its file */
        const char *base = strrchr(name, '/');
        base = base ? base + 1 : name;
        char buf[256];
        eng_text_copy(buf, sizeof buf, base);
        char *dot = strstr(buf, ".json");
        if (dot)
            *dot = '\0';
        json_object_set_new(j, "name", json_string(buf));
    }
    return j;
}

json_t *eng_variant_load(const eng_rules *r, const char *name, eng_error *err)
{
    json_t *j = load_named(r, "variant", name, err);
    if (j && !json_is_object(json_object_get(j, "options"))) {
        eng_error_set(err, "%s: a variant file needs an \"options\" object", name);
        json_decref(j);
        return NULL;
    }
    return j;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list_names(const eng_rules *r, const char *kind, char ***names)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%ss", eng_data_dir(), eng_rules_name(r), kind);
    *names = NULL;
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            *names = realloc(*names, (size_t)cap * sizeof **names);
        }
        (*names)[n++] = strndup(e->d_name, len - 5);
    }
    closedir(d);
    if (n)
        qsort(*names, (size_t)n, sizeof **names, cmp_str);
    return n;
}

int eng_scenario_names(const eng_rules *r, char ***names) { return list_names(r, "scenario", names); }
int eng_variant_names(const eng_rules *r, char ***names) { return list_names(r, "variant", names); }

void eng_names_free(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

json_t *eng_rules_data_file(const char *rules_name, const char *file, eng_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", eng_data_dir(), rules_name, file);
    return eng_json_file(path, err);
}

bool eng_json_check_keys(const json_t *obj, const char *path, const char *const *known,
                         eng_error *err)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        if (key[0] == '_')
            continue;
        int i = 0;
        while (known[i] && strcmp(known[i], key) != 0)
            i++;
        if (!known[i])
            return eng_error_fail(err, "%s: unknown field \"%s\"", path, key);
    }
    return true;
}

void eng_pathf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

/* ---- names from untrusted input ------------------------------------------------ */

bool eng_data_name_ok(const char *name)
{
    if (!*name || strlen(name) > 64)
        return false;
    for (const char *p = name; *p; p++)
        if (!(*p == '-' || *p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9')))
            return false;
    return true;
}

static bool names_a_file(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n >= 5 && strcmp(s + n - 5, ".json") == 0);
}

bool eng_options_name_no_files(const json_t *v, eng_error *err)
{
    if (json_is_string(v)) {
        if (!names_a_file(json_string_value(v)))
            return true;
        char q[84];
        eng_text_quote(q, sizeof q, json_string_value(v), 60);
        return eng_error_fail(err, "\"%s\" names a file; only shipped data may be named here", q);
    }
    const char *key;
    json_t *x;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach((json_t *)v, key, x)
            if (!eng_options_name_no_files(x, err))
                return false;
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            if (!eng_options_name_no_files(x, err))
                return false;
    }
    return true;
}
