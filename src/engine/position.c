/*
 * position.c - positions as data: loading a position from JSON into a new
 * state (eng_state_from_json), the engine's part of a position's JSON (the
 * options, the seed, the generator and the step count), and the helpers the
 * rule sets share to read and write their parts (position.h).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "position.h"
#include "engine_private.h"

bool eng_pos_fail(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- the field tables ------------------------------------------------------ */

static int field_len(const eng_pos_field *f, const int *limits)
{
    if (f->limit < 0 || !limits)
        return f->count;
    int l = limits[f->limit];
    return l < 0 ? 0 : l > f->count ? f->count : l;
}

static long long get_elem(const eng_pos_field *f, const void *st, int i)
{
    const unsigned char *p = (const unsigned char *)st + f->offset + (size_t)i * f->size;
    switch (f->size) {
    case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
    case 2:
        if (f->is_signed) { int16_t v; memcpy(&v, p, 2); return v; }
        else { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return (long long)v; }
    }
}

static void set_elem(const eng_pos_field *f, void *st, int i, long long x)
{
    unsigned char *p = (unsigned char *)st + f->offset + (size_t)i * f->size;
    switch (f->size) {
    case 1: { uint8_t v = (uint8_t)x; memcpy(p, &v, 1); break; }
    case 2: { uint16_t v = (uint16_t)x; memcpy(p, &v, 2); break; }
    case 4: { uint32_t v = (uint32_t)x; memcpy(p, &v, 4); break; }
    default: { uint64_t v = (uint64_t)x; memcpy(p, &v, 8); break; }
    }
}

/* 64-bit values go out as strings: JSON numbers lose them past 2^53 */
static json_t *elem_json(const eng_pos_field *f, const void *st, int i)
{
    long long v = get_elem(f, st, i);
    if (f->size == 8) {
        char buf[24];
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        return json_string(buf);
    }
    return json_integer(v);
}

json_t *eng_pos_fields_json(const eng_pos_field *f, const void *st, const int *limits)
{
    json_t *o = json_object();
    for (; f->name; f++) {
        if (f->count == 1 && f->limit < 0) {
            json_object_set_new(o, f->name, elem_json(f, st, 0));
            continue;
        }
        json_t *a = json_array();
        int len = field_len(f, limits);
        for (int i = 0; i < len; i++)
            json_array_append_new(a, elem_json(f, st, i));
        json_object_set_new(o, f->name, a);
    }
    return o;
}

static bool read_elem(const eng_pos_field *f, void *st, int i, const json_t *v, const char *where,
                      char *why, size_t n)
{
    if (f->size == 8) {
        const char *txt = json_string_value(v);
        unsigned long long x;
        if (txt) {
            char *end;
            x = strtoull(txt, &end, 10);
            if (!*txt || *end || *txt == '-')
                return eng_pos_fail(why, n, "%s: \"%s\" is not a whole number", where, txt);
        } else if (json_is_integer(v) && json_integer_value(v) >= 0) {
            x = (unsigned long long)json_integer_value(v);
        } else {
            return eng_pos_fail(why, n, "%s: expected a whole number (as a string)", where);
        }
        set_elem(f, st, i, (long long)x);
        return true;
    }
    long lo = f->is_signed ? -32768 : 0;
    long hi = f->size == 1 ? 255 : f->size == 2 ? (f->is_signed ? 32767 : 65535) : 0x7fffffffL;
    long x;
    if (!eng_pos_int(v, where, lo, hi, &x, why, n))
        return false;
    set_elem(f, st, i, x);
    return true;
}

bool eng_pos_fields_read(const eng_pos_field *table, void *st, const int *limits,
                         const json_t *obj, char *why, size_t n)
{
    if (!obj || json_is_null(obj))
        return true;
    if (!json_is_object(obj))
        return eng_pos_fail(why, n, "internal: must be an object");
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)obj, key, val) {
        const eng_pos_field *f = table;
        while (f->name && strcmp(f->name, key) != 0)
            f++;
        if (!f->name) {
            if (key[0] == '_')
                continue;
            return eng_pos_fail(why, n, "internal: unknown field \"%s\"", key);
        }
        char where[96];
        snprintf(where, sizeof where, "internal.%s", key);
        if (f->count == 1 && f->limit < 0) {
            if (!read_elem(f, st, 0, val, where, why, n))
                return false;
            continue;
        }
        if (!json_is_array(val))
            return eng_pos_fail(why, n, "%s: must be an array", where);
        int len = field_len(f, limits);
        if ((int)json_array_size(val) > len)
            return eng_pos_fail(why, n, "%s: %zu values, at most %d", where,
                                json_array_size(val), len);
        for (int i = 0; i < (int)json_array_size(val); i++) {
            char w2[112];
            snprintf(w2, sizeof w2, "%s[%d]", where, i);
            if (!read_elem(f, st, i, json_array_get(val, (size_t)i), w2, why, n))
                return false;
        }
    }
    return true;
}

/* ---- readers ---------------------------------------------------------------- */

bool eng_pos_int(const json_t *v, const char *where, long lo, long hi, long *out, char *why,
                 size_t n)
{
    if (!json_is_integer(v))
        return eng_pos_fail(why, n, "%s: expected a whole number", where);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return eng_pos_fail(why, n, "%s: %lld is out of range (%ld..%ld)", where, (long long)x,
                            lo, hi);
    *out = (long)x;
    return true;
}

bool eng_pos_int_opt(const json_t *obj, const char *key, const char *where, long lo, long hi,
                     long *out, char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return true;
    char w[128];
    snprintf(w, sizeof w, "%s%s%s", where, *where ? "." : "", key);
    return eng_pos_int(v, w, lo, hi, out, why, n);
}

bool eng_pos_bool_opt(const json_t *obj, const char *key, const char *where, bool *out,
                      char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return true;
    if (!json_is_boolean(v))
        return eng_pos_fail(why, n, "%s%s%s: expected true or false", where, *where ? "." : "",
                            key);
    *out = json_is_true(v);
    return true;
}

bool eng_pos_str_opt(const json_t *obj, const char *key, const char *where, const char **out,
                     char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v || json_is_null(v))
        return true;
    if (!json_is_string(v))
        return eng_pos_fail(why, n, "%s%s%s: expected a string", where, *where ? "." : "", key);
    *out = json_string_value(v);
    return true;
}

bool eng_pos_keys(const json_t *obj, const char *where, const char *const *known, char *why,
                  size_t n)
{
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)obj, key, val) {
        bool ok = key[0] == '_';
        for (const char *const *k = known; !ok && *k; k++)
            ok = strcmp(*k, key) == 0;
        if (!ok)
            return eng_pos_fail(why, n, "%s: unknown field \"%s\"", *where ? where : "position",
                                key);
    }
    return true;
}

/* ---- the engine's part -------------------------------------------------------- */

static json_t *u64_json(uint64_t v)
{
    if (v <= (uint64_t)INT64_MAX / 2)
        return json_integer((json_int_t)v);
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return json_string(buf);
}

static bool u64_read(const json_t *v, const char *key, uint64_t *out, eng_error *err)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return true;
    }
    const char *t = json_string_value(v);
    if (t && *t && *t != '-') {
        char *end;
        unsigned long long x = strtoull(t, &end, 10);
        if (!*end) {
            *out = x;
            return true;
        }
    }
    return eng_error_fail(err, "position field \"%s\": expected a whole number", key);
}

void eng_position_decorate(const eng_state *s, int viewer, json_t *j)
{
    json_object_set_new(j, "options", json_deep_copy(eng_game_options(eng_state_game(s))));
    if (viewer != ENG_VIEW_ALL) {
        /* a view lacks the generator (and what the viewer may not see): marked, so
         * that it is refused as a position even where the rule set hides nothing */
        if (!json_object_get(j, "viewer"))
            json_object_set_new(j, "viewer", json_integer(viewer + 1));
        return;   /* the generator foretells chance: only the whole position shows it */
    }
    json_object_set_new(j, "seed", u64_json(eng_state_seed(s)));
    json_object_set_new(j, "generator", u64_json(eng_state_generator(s)));
    json_object_set_new(j, "steps", json_integer(eng_state_steps(s)));
}

void eng_game_data_files(const eng_game *g, char *buf, size_t n)
{
    buf[0] = '\0';
    const eng_rules *r = eng_game_rules(g);
    if (r->core->data_files)
        r->core->data_files(eng_game_data(g), buf, n);
}

bool eng_rules_loads_positions(const eng_rules *r)
{
    return r->core->from_json != NULL;
}

eng_state *eng_state_from_json(const eng_game *g, const json_t *pos, uint64_t seed,
                               eng_error *err)
{
    const eng_rules *r = eng_game_rules(g);
    if (!r->core->from_json) {
        eng_error_set(err, "%s cannot load positions", r->title);
        return NULL;
    }
    if (!json_is_object(pos)) {
        eng_error_set(err, "a position must be a JSON object");
        return NULL;
    }
    const char *rules = json_string_value(json_object_get(pos, "rules"));
    if (json_object_get(pos, "rules") && (!rules || strcmp(rules, r->name) != 0)) {
        eng_error_set(err, "position field \"rules\": the position is of %s, the game of %s",
                      rules ? rules : "(not a string)", r->name);
        return NULL;
    }
    const json_t *viewer = json_object_get(pos, "viewer");
    if (viewer && !(json_is_string(viewer) && strcmp(json_string_value(viewer), "all") == 0)) {
        eng_error_set(err, "position field \"viewer\": this is one side's view, with its "
                      "secrets left out; load the whole position (`pocketwar state` "
                      "without --view)");
        return NULL;
    }
    uint64_t gen = 0, steps = 0;
    bool has_gen = false;
    const json_t *v;
    if ((v = json_object_get(pos, "seed")) && !u64_read(v, "seed", &seed, err))
        return NULL;
    if ((v = json_object_get(pos, "generator"))) {
        if (!u64_read(v, "generator", &gen, err))
            return NULL;
        has_gen = true;
    }
    if ((v = json_object_get(pos, "steps"))) {
        if (!u64_read(v, "steps", &steps, err))
            return NULL;
        if (steps > UINT32_MAX) {
            eng_error_set(err, "position field \"steps\": too large");
            return NULL;
        }
    }
    eng_state *s = eng_state_new(g, seed);
    char why[ENG_ERROR_MAX] = "";
    if (!r->core->from_json(eng_game_data(g), eng_state_body(s), pos, why, sizeof why)) {
        eng_error_set(err, "%s", why[0] ? why : "the position is not valid");
        eng_state_free(s);
        return NULL;
    }
    eng_state_set_header(s, seed, has_gen ? gen : seed, (uint32_t)steps);
    /* every rule set's counters may be in range and still leave a dead end:
     * a game goes on only while the side to decide has something to do */
    int who = eng_current_player(s);   /* a player, chance or the end */
    if (who >= 0) {
        eng_action acts[ENG_MAX_ACTIONS];
        if (eng_legal_actions(s, acts) <= 0) {
            eng_error_set(err, "the position leaves %s, who is to act, no legal action: its "
                          "parts do not fit together", eng_game_player_name(g, who));
            eng_state_free(s);
            return NULL;
        }
    }
    return s;
}
