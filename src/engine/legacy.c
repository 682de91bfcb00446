/*
 * legacy.c - reading data/<rules>/versions.json: the older rules versions a
 * rule set still replays and the options that reproduce each (see legacy.h).
 */
#include <stdio.h>
#include <string.h>
#include "legacy.h"
#include "scenario.h"

/* versions.json of rule set r, checked; *table NULL when there is none. */
static bool versions_load(const eng_rules *r, json_t **table, eng_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/versions.json", eng_data_dir(), eng_rules_name(r));
    *table = NULL;
    FILE *f = fopen(path, "r");
    if (!f)
        return true;
    fclose(f);
    json_t *t = eng_json_file(path, err);
    if (!t)
        return false;
    if (!json_is_object(t)) {
        json_decref(t);
        return eng_error_fail(err, "%s: must be a JSON object mapping older rules versions "
                              "to options", path);
    }
    const char *v, *key;
    json_t *opts, *x;
    json_object_foreach(t, v, opts) {
        if (v[0] == '_')
            continue;
        char q[40];
        eng_text_quote(q, sizeof q, v, 20);
        bool ok = true;
        if (!strcmp(v, eng_rules_version(r)))
            ok = eng_error_fail(err, "%s: lists version \"%s\", this pocketwar's own", path, q);
        else if (!json_is_object(opts))
            ok = eng_error_fail(err, "%s: version \"%s\" must map to an object of options",
                                path, q);
        else
            json_object_foreach(opts, key, x)
                if (ok && !json_is_string(x) && !json_is_integer(x) && !json_is_boolean(x)) {
                    char k[40];
                    eng_text_quote(k, sizeof k, key, 20);
                    ok = eng_error_fail(err, "%s: version \"%s\", option \"%s\": a value is a "
                                        "string, a whole number or true/false", path, q, k);
                }
        if (!ok) {
            json_decref(t);
            return false;
        }
    }
    *table = t;
    return true;
}

/* "key=value" of one option, appended to buf. */
static void put_option(char *buf, size_t n, const char *key, const json_t *v)
{
    size_t len = strlen(buf);
    if (len >= n)
        return;
    const char *sep = len ? ", " : "";
    if (json_is_string(v))
        snprintf(buf + len, n - len, "%s%s=%s", sep, key, json_string_value(v));
    else if (json_is_integer(v))
        snprintf(buf + len, n - len, "%s%s=%lld", sep, key, (long long)json_integer_value(v));
    else
        snprintf(buf + len, n - len, "%s%s=%s", sep, key, json_is_true(v) ? "true" : "false");
}

json_t *eng_legacy_options(const eng_rules *r, const char *version, const json_t *options,
                           char *note, size_t n, eng_error *err)
{
    json_t *table;
    if (!versions_load(r, &table, err))
        return NULL;
    json_t *old = table && version[0] != '_' ? json_object_get(table, version) : NULL;
    if (!old) {
        char list[256] = "";
        const char *v;
        json_t *x;
        if (table)
            json_object_foreach(table, v, x)
                if (v[0] != '_') {
                    size_t len = strlen(list);
                    snprintf(list + len, sizeof list - len, ", %s", v);
                }
        eng_error_set(err, "this pocketwar has version %s and replays records of version%s "
                      "%s%s only", eng_rules_version(r), list[0] ? "s" : "",
                      eng_rules_version(r), list);
        json_decref(table);
        return NULL;
    }
    json_t *opts = json_deep_copy(old);
    char added[512] = "";
    const char *key;
    json_t *x;
    json_object_foreach(old, key, x)
        if (!options || !json_object_get(options, key))
            put_option(added, sizeof added, key, x);
    if (options)
        json_object_update(opts, (json_t *)options);
    snprintf(note, n, "made with %s rules version %s; it replays under version %s%s%s",
             eng_rules_name(r), version, eng_rules_version(r),
             added[0] ? " with options " : "", added);
    json_decref(table);
    return opts;
}
