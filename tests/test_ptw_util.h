/*
 * test_ptw_util.h - helpers shared by The Portable Wargame's tests
 * (tests/test_ptw_*.c): set up a position from a small map and placed
 * units in a few characters, play forced dice, and read units and status
 * back from the state's JSON (and a square's name as coordinates).
 *
 *   pt_game("o o o/o w o/o o o", "INF@b1 CMD@a1", "INF@b3>E!", NULL, NULL)
 *
 * is a 3x3 board (rows from row 1 up, map tokens as in scenarios: o open,
 * h hills, hw wooded hill, w woods, b built-up, f fortification, t trench,
 * r river, d ford, = road, # wire), Red with an infantry at b1 and a
 * commander at a1 (facing north, Red's default), Blue with an elite
 * infantry at b3 facing east. A unit is TYPE@SQ then any of: >F a facing
 * (N E S W), ! elite, ? poor, *N strength N, ~ limbered (a gun sharing a
 * transport's square). `extra` is more scenario fields (a JSON fragment
 * starting with a comma), `options` a JSON object or NULL.
 *
 * The game starts at turn 1's artillery phase; pt_to_side_a() plays the
 * guns' `end`s and the initiative dice so that Red acts first.
 */
#ifndef TEST_PTW_UTIL_H
#define TEST_PTW_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

#define PT_BIG 16384

/* "INF@c2>E! FLD@d1~" into a JSON list of units. */
static inline void pt_units(const char *spec, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[");
    const char *p = spec ? spec : "";
    bool first = true;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char type[16], at[8], extra[96] = "";
        int k = 0;
        while (*p && *p != '@' && k < 15)
            type[k++] = *p++;
        type[k] = '\0';
        if (*p == '@')
            p++;
        k = 0;
        while (*p && *p != ' ' && *p != '>' && *p != '!' && *p != '?' && *p != '*' && *p != '~' &&
               k < 7)
            at[k++] = *p++;
        at[k] = '\0';
        while (*p && *p != ' ') {
            size_t e = strlen(extra);
            char c = *p++;
            if (c == '>')
                snprintf(extra + e, sizeof extra - e, ",\"facing\":\"%c\"", *p++);
            else if (c == '!')
                snprintf(extra + e, sizeof extra - e, ",\"quality\":\"elite\"");
            else if (c == '?')
                snprintf(extra + e, sizeof extra - e, ",\"quality\":\"poor\"");
            else if (c == '*')
                snprintf(extra + e, sizeof extra - e, ",\"strength\":%c", *p++);
            else if (c == '~')
                snprintf(extra + e, sizeof extra - e, ",\"limbered\":true");
        }
        len += (size_t)snprintf(out + len, n - len, "%s{\"type\":\"%s\",\"at\":\"%s\"%s}",
                                first ? "" : ",", type, at, extra);
        first = false;
    }
    snprintf(out + len, n - len, "]");
}

/* Rows "o o/o w" (row 1 first) into a JSON list of strings. */
static inline void pt_rows(const char *rows, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[\"");
    for (const char *p = rows; *p; p++)
        len += (size_t)snprintf(out + len, n - len, *p == '/' ? "\",\"" : "%c", *p);
    snprintf(out + len, n - len, "\"]");
}

static inline char *pt_scenario(const char *rows, const char *red, const char *blue,
                                const char *extra)
{
    char *sc = malloc(PT_BIG), map[2048], r[4096], b[4096];
    pt_rows(rows, map, sizeof map);
    pt_units(red, r, sizeof r);
    pt_units(blue, b, sizeof b);
    snprintf(sc, PT_BIG,
             "{\"name\":\"test\",\"title\":\"t\",\"description\":\"t\","
             "\"rules\":\"portable-wargame\",\"map\":%s,"
             "\"sides\":[{\"name\":\"Red\",\"units\":%s},{\"name\":\"Blue\",\"units\":%s}]%s}",
             map, r, b, extra ? extra : "");
    return sc;
}

static inline eng_game *pt_game(const char *rows, const char *red, const char *blue,
                                const char *extra, const char *options)
{
    char *sc = pt_scenario(rows, red, blue, extra);
    eng_game *g = t_game("portable-wargame", sc, options);
    free(sc);
    return g;
}

/* The refusal of a scenario (static), or NULL if accepted. */
static inline const char *pt_refusal_of(const char *scenario, const char *options)
{
    static char msg[ENG_ERROR_MAX];
    json_error_t jerr;
    json_t *sc = json_loads(scenario, 0, &jerr);
    if (!sc)
        fail_msg("test scenario JSON: %s: %s", jerr.text, scenario);
    json_t *opt = options ? json_loads(options, 0, &jerr) : NULL;
    eng_error err;
    eng_game *g = eng_game_new(eng_rules_find("portable-wargame"), sc, opt, &err);
    json_decref(sc);
    json_decref(opt);
    if (g) {
        eng_game_free(g);
        return NULL;
    }
    snprintf(msg, sizeof msg, "%s", err.msg);
    return msg;
}

static inline const char *pt_refusal(const char *rows, const char *red, const char *blue,
                                     const char *extra, const char *options)
{
    char *sc = pt_scenario(rows, red, blue, extra);
    const char *m = pt_refusal_of(sc, options);
    free(sc);
    return m;
}

/* Square "c4" as column and row (0-based). */
static inline void pt_sq_xy(const char *sq, int *x, int *y)
{
    *x = sq[0] - 'a';
    *y = atoi(sq + 1) - 1;
}

/* The unit with this ref ("2/INF1") in the state's JSON. */
static inline json_t *pt_unit(json_t *st, const char *ref)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(st, "units"), i, u)
        if (strcmp(json_string_value(json_object_get(u, "ref")), ref) == 0)
            return u;
    fail_msg("no unit %s", ref);
    return NULL;
}

/* A unit's field as a string ("loc", "facing", "status"; "-" for null or
 * missing; numbers and booleans written out). */
static inline const char *pt_field(const eng_state *s, const char *ref, const char *field)
{
    static char buf[8][64];
    static int k;
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *v = json_object_get(pt_unit(st, ref), field);
    char *out = buf[k++ % 8];
    if (json_is_string(v))
        snprintf(out, 64, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(out, 64, "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(out, 64, "%s", json_is_true(v) ? "true" : "false");
    else
        snprintf(out, 64, "-");
    json_decref(st);
    return out;
}

static inline const char *pt_loc(const eng_state *s, const char *ref) { return pt_field(s, ref, "loc"); }
static inline const char *pt_facing(const eng_state *s, const char *ref) { return pt_field(s, ref, "facing"); }

static inline const char *pt_status(const eng_state *s)
{
    static char buf[256];
    eng_status_text(s, buf, sizeof buf);
    return buf;
}

/* The legal actions as text, joined by "; " (static). */
static inline const char *pt_legal(const eng_state *s)
{
    static char buf[PT_BIG];
    char *t = t_legal_text(s);
    snprintf(buf, sizeof buf, "%s", t);
    free(t);
    return buf;
}

/* A top-level JSON field of the state, as pt_field writes it. */
static inline const char *pt_top(const eng_state *s, const char *path1, int idx, const char *path2)
{
    static char buf[4][128];
    static int k;
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *v = json_object_get(st, path1);
    if (idx >= 0)
        v = json_array_get(v, (size_t)idx);
    if (path2)
        v = json_object_get(v, path2);
    char *out = buf[k++ % 4];
    if (json_is_string(v))
        snprintf(out, 128, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(out, 128, "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(out, 128, "%s", json_is_true(v) ? "true" : "false");
    else
        snprintf(out, 128, "-");
    json_decref(st);
    return out;
}

/* Plays "end" at every artillery decision and the initiative dice (Red 6,
 * Blue 1) so that Red is side A; the state must be at turn start. */
static inline void pt_to_side_a(eng_state *s)
{
    while (eng_current_player(s) >= 0 && strstr(pt_status(s), "lay its guns"))
        t_play(s, "end");
    if (strstr(pt_status(s), "initiative")) {
        t_play(s, "initiative 1 6");
        t_play(s, "initiative 2 1");
    }
}

#endif
