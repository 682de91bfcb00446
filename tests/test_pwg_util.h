/*
 * test_pwg_util.h - helpers shared by the Pocket Wargame tests
 * (tests/test_pwg_*.c): set up a position from fixed terrain and placed
 * units in a few characters, and read units and status back from the
 * state's JSON.
 *
 *   pw_game("ooo/ooo/ooo", "HI@a1 LI@b1~", "HI@a3", NULL, NULL)
 *
 * is a 3x3 battlefield of open ground (rows from row 1 up, terrain symbols
 * o h w r s m l), Red with a steady HI at a1 and a wavering LI at b1, Blue
 * with an HI at a3; Red goes first. `extra` is more scenario fields (a
 * JSON fragment starting with a comma), `options` a JSON object or NULL.
 */
#ifndef TEST_PWG_UTIL_H
#define TEST_PWG_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

#define PW_BIG 16384

/* "HI@a1 LI@b1~" into a JSON list of placed units. */
static inline void pw_placed(const char *spec, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[");
    const char *p = spec ? spec : "";
    bool first = true;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char unit[16], at[8];
        int k = 0;
        while (*p && *p != '@' && k < 15)
            unit[k++] = *p++;
        unit[k] = '\0';
        if (*p == '@')
            p++;
        k = 0;
        while (*p && *p != ' ' && *p != '~' && k < 7)
            at[k++] = *p++;
        at[k] = '\0';
        bool wav = *p == '~';
        if (wav)
            p++;
        len += (size_t)snprintf(out + len, n - len, "%s{\"unit\":\"%s\",\"at\":\"%s\"%s}",
                                first ? "" : ",", unit, at, wav ? ",\"condition\":\"wavering\"" : "");
        first = false;
    }
    snprintf(out + len, n - len, "]");
}

/* Rows "ooo/ohw" (row 1 first) into a JSON list of strings. */
static inline void pw_rows(const char *rows, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[\"");
    for (const char *p = rows; *p; p++)
        len += (size_t)snprintf(out + len, n - len, *p == '/' ? "\",\"" : "%c", *p);
    snprintf(out + len, n - len, "\"]");
}

/* A game of up to 4 forces (NULL-ended list of placed-unit specs). */
static inline eng_game *pw_game_n(const char *rows, const char *const *forces, const char *extra,
                                  const char *options)
{
    char *sc = malloc(PW_BIG), buf[2048];
    size_t len = 0;
    pw_rows(rows, buf, sizeof buf);
    len += (size_t)snprintf(sc + len, PW_BIG - len,
                            "{\"name\":\"test\",\"title\":\"t\",\"description\":\"t\","
                            "\"rules\":\"pocket-wargame\",\"battlefield\":{\"terrain\":%s},"
                            "\"forces\":[", buf);
    for (int f = 0; forces[f]; f++) {
        pw_placed(forces[f], buf, sizeof buf);
        len += (size_t)snprintf(sc + len, PW_BIG - len, "%s{\"placed\":%s}", f ? "," : "", buf);
    }
    bool has_first = extra && strstr(extra, "\"first\"");
    snprintf(sc + len, PW_BIG - len, "]%s%s}", has_first ? "" : ",\"first\":1", extra ? extra : "");
    eng_game *g = t_game("pocket-wargame", sc, options);
    free(sc);
    return g;
}

static inline eng_game *pw_game(const char *rows, const char *red, const char *blue,
                                const char *extra, const char *options)
{
    const char *forces[] = {red, blue, NULL};
    return pw_game_n(rows, forces, extra, options);
}

/* Builds a game from full scenario text; returns the refusal (static) or
 * NULL if accepted. */
static inline const char *pw_refusal(const char *scenario, const char *options)
{
    static char msg[ENG_ERROR_MAX];
    json_error_t jerr;
    json_t *sc = json_loads(scenario, 0, &jerr);
    if (!sc)
        fail_msg("test scenario JSON: %s: %s", jerr.text, scenario);
    json_t *opt = options ? json_loads(options, 0, &jerr) : NULL;
    eng_error err;
    eng_game *g = eng_game_new(eng_rules_find("pocket-wargame"), sc, opt, &err);
    json_decref(sc);
    json_decref(opt);
    if (g) {
        eng_game_free(g);
        return NULL;
    }
    snprintf(msg, sizeof msg, "%s", err.msg);
    return msg;
}

/* The unit with this ref ("2/HI1") in the state's JSON as viewer sees it. */
static inline json_t *pw_unit(json_t *st, const char *ref)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(st, "units"), i, u)
        if (strcmp(json_string_value(json_object_get(u, "ref")), ref) == 0)
            return u;
    fail_msg("no unit %s", ref);
    return NULL;
}

/* A unit's field as a string ("condition", "loc"; "-" for null) */
static inline const char *pw_field_as(const eng_state *s, int viewer, const char *ref,
                                      const char *field)
{
    static char buf[8][64];
    static int k;
    json_t *st = eng_state_json(s, viewer);
    json_t *v = json_object_get(pw_unit(st, ref), field);
    char *out = buf[k++ % 8];
    snprintf(out, 64, "%s", json_is_string(v) ? json_string_value(v) : "-");
    json_decref(st);
    return out;
}

static inline const char *pw_cond(const eng_state *s, const char *ref)
{
    return pw_field_as(s, ENG_VIEW_ALL, ref, "condition");
}

static inline const char *pw_loc(const eng_state *s, const char *ref)
{
    return pw_field_as(s, ENG_VIEW_ALL, ref, "loc");
}

static inline const char *pw_status(const eng_state *s)
{
    static char buf[256];
    eng_status_text(s, buf, sizeof buf);
    return buf;
}

/* The JSON integer at obj[key] of the state (top level) or of force f (1..). */
static inline long pw_force_int(const eng_state *s, int force, const char *key)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *f = json_array_get(json_object_get(st, "forces"), (size_t)(force - 1));
    long v = (long)json_integer_value(json_object_get(f, key));
    json_decref(st);
    return v;
}

static inline long pw_int(const eng_state *s, const char *key)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    long v = (long)json_integer_value(json_object_get(st, key));
    json_decref(st);
    return v;
}

/* The legal actions as text, joined by "; " (static). */
static inline const char *pw_legal(const eng_state *s)
{
    static char buf[PW_BIG];
    char *t = t_legal_text(s);
    snprintf(buf, sizeof buf, "%s", t);
    free(t);
    return buf;
}

#endif
