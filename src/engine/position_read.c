/*
 * position_read.c - what the rule sets' position readers (their from_json)
 * share beyond the value readers of position.c: finding a word, or a unit
 * by its label, reading a reference to a unit or a place with a message
 * that says where, an entry of the "units" array, and checking "to_act"
 * (position.h).
 */
#include <string.h>
#include "position.h"

int eng_pos_word_index(const char *(*name)(int), int last, const char *word)
{
    for (int k = 0; k <= last; k++)
        if (strcmp(name(k), word) == 0)
            return k;
    return -1;
}

int eng_pos_find_name(const void *ctx, int count,
                      void (*name)(const void *ctx, int k, char *buf, size_t n), const char *text)
{
    for (int k = 0; k < count; k++) {
        char r[24];
        name(ctx, k, r, sizeof r);
        if (r[0] && strcmp(r, text) == 0)
            return k;
    }
    return -1;
}

static void full_label(const void *t, int u, char *buf, size_t n)
{
    eng_unit_label(t, u, -1, buf, n);
}

int eng_pos_find_unit(const eng_unit_table *t, const char *text)
{
    return eng_pos_find_name(t, t->count, full_label, text);
}

static int unit_find(const void *t, const char *text)
{
    return eng_pos_find_unit(t, text);
}

eng_pos_refs eng_pos_unit_refs(const eng_unit_table *t, uint8_t none, const char *hint)
{
    return (eng_pos_refs){.find = unit_find, .ctx = t, .none = none, .hint = hint,
                          .odd = "(not a string)"};
}

bool eng_pos_ref_opt(const eng_pos_refs *r, const json_t *obj, const char *key,
                     const char *where, uint8_t *out, char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return true;
    if (json_is_null(v)) {
        *out = r->none;
        return true;
    }
    const char *t = json_string_value(v);
    int u = t ? r->find(r->ctx, t) : -1;
    if (u < 0)
        return eng_pos_fail(why, n, "%s.%s: no unit \"%s\"%s", where, key, t ? t : r->odd,
                            r->hint);
    *out = (uint8_t)u;
    return true;
}

bool eng_pos_place_opt(const eng_pos_places *p, const json_t *obj, const char *key,
                       const char *where, bool nullable, uint8_t *out, char *why, size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return true;
    if (json_is_null(v)) {
        if (!nullable)
            return eng_pos_fail(why, n, "%s.%s: must name %s", where, key, p->noun);
        *out = p->none;
        return true;
    }
    if (!json_is_string(v))
        return eng_pos_fail(why, n, "%s.%s: expected %s", where, key, p->expected);
    char w[ENG_ERROR_MAX / 2];
    int place = p->parse(p->ctx, json_string_value(v), w, sizeof w);
    if (place < 0)
        return eng_pos_fail(why, n, "%s.%s: %s", where, key, w);
    *out = (uint8_t)place;
    return true;
}

int eng_pos_unit_entry(const eng_pos_refs *r, const json_t *o, size_t i, char *where, size_t wn,
                       char *why, size_t n)
{
    snprintf(where, wn, "units[%zu]", i);
    if (!json_is_object(o)) {
        eng_pos_fail(why, n, "%s: expected an object", where);
        return -1;
    }
    const char *ref;
    if (!eng_pos_str_opt(o, "ref", where, &ref, why, n))
        return -1;
    int u = ref ? r->find(r->ctx, ref) : -1;
    if (u < 0) {
        eng_pos_fail(why, n, "%s.ref: no unit \"%s\"%s", where, ref ? ref : "(missing)", r->hint);
        return -1;
    }
    snprintf(where, wn, "unit %s", ref);
    return u;
}

bool eng_pos_to_act_is(const json_t *to_act, int who)
{
    return json_is_null(to_act) ? who == ENG_TERMINAL
           : json_is_string(to_act) ? strcmp(json_string_value(to_act), "chance") == 0 &&
                                          who == ENG_CHANCE
           : json_is_integer(to_act) && who == json_integer_value(to_act) - 1;
}
