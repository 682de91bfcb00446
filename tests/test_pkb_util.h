/*
 * test_pkb_util.h - helpers shared by the Pocket Battles tests
 * (tests/test_pkb_*.c): a position from ready-made armies placed in given
 * zones, in a few characters, and readers of the state's JSON.
 *
 *   pb_game("orcs", "ORC21+ORC18 ORC06", "L-front C-rear",
 *           "elves", "ELV13", "R-front", NULL, NULL)
 *
 * is a battle of 50 points (5 tokens each) between an Orc army of two units
 * (A1: ORC21 on top of ORC18, in its left front; A2: the Troll in its
 * centre rear) and an Elf army of one unit (B1, the Horse Guard, in its
 * right front, which faces player 1's left). Player 1 is the attacker and
 * takes the first turn. `extra` is more scenario fields (a JSON fragment
 * starting with a comma: ",\"size\":80", ",\"attacker\":2"), `options` a
 * JSON object or NULL. Dice are forced with t_play(s, "roll 4").
 *
 * pb_game plays the strike back under option strike-back always (it
 * follows every first strike with no decision), the reading the combat
 * tests were written for; pb_game_choice keeps the default, where the
 * unit struck's owner decides (back or hold).
 */
#ifndef TEST_PKB_UTIL_H
#define TEST_PKB_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

#define PB_BIG 8192

/* "ORC21+ORC18 ORC06" into [["ORC21","ORC18"],["ORC06"]] */
static inline void pb_units(const char *spec, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[[");
    bool first_unit = true, first_troop = true;
    for (const char *p = spec; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (!first_unit)
            len += (size_t)snprintf(out + len, n - len, "],[");
        first_unit = false;
        first_troop = true;
        while (*p && *p != ' ') {
            char code[16];
            int k = 0;
            while (*p && *p != ' ' && *p != '+' && k < 15)
                code[k++] = *p++;
            code[k] = '\0';
            len += (size_t)snprintf(out + len, n - len, "%s\"%s\"", first_troop ? "" : ",", code);
            first_troop = false;
            if (*p == '+')
                p++;
        }
    }
    snprintf(out + len, n - len, "]]");
}

/* "L-front C-rear" into ["L-front","C-rear"] */
static inline void pb_zones(const char *spec, char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "[");
    bool first = true;
    for (const char *p = spec; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char z[16];
        int k = 0;
        while (*p && *p != ' ' && k < 15)
            z[k++] = *p++;
        z[k] = '\0';
        len += (size_t)snprintf(out + len, n - len, "%s\"%s\"", first ? "" : ",", z);
        first = false;
    }
    snprintf(out + len, n - len, "]");
}

static inline void pb_player(const char *faction, const char *units, const char *deploy, char *out,
                             size_t n)
{
    char u[1024], z[512];
    pb_units(units, u, sizeof u);
    size_t len = (size_t)snprintf(out, n, "{\"faction\":\"%s\",\"army\":{\"faction\":\"%s\",\"units\":%s}",
                                  faction, faction, u);
    if (deploy) {
        pb_zones(deploy, z, sizeof z);
        len += (size_t)snprintf(out + len, n - len, ",\"deploy\":%s", z);
    }
    snprintf(out + len, n - len, "}");
}

static inline char *pb_scenario(const char *f1, const char *u1, const char *d1, const char *f2,
                                const char *u2, const char *d2, const char *extra)
{
    char *sc = malloc(PB_BIG), p1[2048], p2[2048];
    pb_player(f1, u1, d1, p1, sizeof p1);
    pb_player(f2, u2, d2, p2, sizeof p2);
    bool has_att = extra && strstr(extra, "\"attacker\"");
    bool has_size = extra && strstr(extra, "\"size\"");
    snprintf(sc, PB_BIG,
             "{\"name\":\"test\",\"title\":\"t\",\"description\":\"t\",\"rules\":\"pocket-battles\","
             "\"players\":[%s,%s]%s%s%s}", p1, p2, has_att ? "" : ",\"attacker\":1",
             has_size ? "" : ",\"size\":50", extra ? extra : "");
    return sc;
}

static inline eng_game *pb_game_choice(const char *f1, const char *u1, const char *d1,
                                       const char *f2, const char *u2, const char *d2,
                                       const char *extra, const char *options)
{
    char *sc = pb_scenario(f1, u1, d1, f2, u2, d2, extra);
    eng_game *g = t_game("pocket-battles", sc, options);
    free(sc);
    return g;
}

static inline eng_game *pb_game(const char *f1, const char *u1, const char *d1, const char *f2,
                                const char *u2, const char *d2, const char *extra,
                                const char *options)
{
    char opts[512];
    if (options && strstr(options, "strike-back"))
        snprintf(opts, sizeof opts, "%s", options);
    else if (options && strchr(options, ':'))   /* {"k": v} -> {"strike-back": "always", "k": v} */
        snprintf(opts, sizeof opts, "{\"strike-back\":\"always\",%s", strchr(options, '{') + 1);
    else
        snprintf(opts, sizeof opts, "{\"strike-back\":\"always\"}");
    return pb_game_choice(f1, u1, d1, f2, u2, d2, extra, opts);
}

/* The refusal of a scenario (static text), or NULL if accepted. */
static inline const char *pb_refusal(const char *scenario, const char *options)
{
    static char msg[ENG_ERROR_MAX];
    json_error_t jerr;
    json_t *sc = json_loads(scenario, 0, &jerr);
    if (!sc)
        fail_msg("test scenario JSON: %s: %s", jerr.text, scenario);
    json_t *opt = options ? json_loads(options, 0, &jerr) : NULL;
    if (options && !opt)
        fail_msg("test options JSON: %s", jerr.text);
    eng_error err;
    eng_game *g = eng_game_new(eng_rules_find("pocket-battles"), sc, opt, &err);
    json_decref(sc);
    json_decref(opt);
    if (g) {
        eng_game_free(g);
        return NULL;
    }
    snprintf(msg, sizeof msg, "%s", err.msg);
    return msg;
}

/* ---- reading the JSON view ------------------------------------------------------- */

static inline json_t *pb_player_json(json_t *st, int player)
{
    return json_array_get(json_object_get(st, "players"), (size_t)(player - 1));
}

static inline json_t *pb_unit_in(json_t *st, const char *label)
{
    int player = label[0] == 'A' ? 1 : 2;
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(pb_player_json(st, player), "units"), i, u)
        if (strcmp(json_string_value(json_object_get(u, "label")), label) == 0)
            return u;
    fail_msg("no unit %s", label);
    return NULL;
}

/* a unit's field as text: strings as they are, numbers in decimal, null "-",
 * lists joined by spaces (troops by code) */
static inline const char *pb_unit_field(const eng_state *s, const char *label, const char *field)
{
    static char buf[8][256];
    static int k;
    char *out = buf[k++ % 8];
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *v = json_object_get(pb_unit_in(st, label), field);
    if (json_is_string(v))
        snprintf(out, 256, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(out, 256, "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(out, 256, "%s", json_is_true(v) ? "true" : "false");
    else if (json_is_array(v)) {
        size_t i, len = 0;
        json_t *x;
        out[0] = '\0';
        json_array_foreach(v, i, x) {
            const char *t = json_is_object(x) ? json_string_value(json_object_get(x, "code"))
                                              : json_string_value(x);
            len += (size_t)snprintf(out + len, 256 - len, "%s%s", i ? " " : "", t ? t : "?");
        }
    } else
        snprintf(out, 256, "-");
    json_decref(st);
    return out;
}

static inline const char *pb_zone(const eng_state *s, const char *label)
{
    return pb_unit_field(s, label, "zone");
}

static inline int pb_orders(const eng_state *s, const char *label)
{
    return atoi(pb_unit_field(s, label, "orders"));
}

/* wound tokens on a troop of a unit; -1 if the troop is not (alive) in it */
static inline int pb_wounds(const eng_state *s, const char *label, const char *code)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    size_t i;
    json_t *t;
    int w = -1;
    json_array_foreach(json_object_get(pb_unit_in(st, label), "troops"), i, t)
        if (strcmp(json_string_value(json_object_get(t, "code")), code) == 0)
            w = (int)json_integer_value(json_object_get(t, "wounds"));
    json_decref(st);
    return w;
}

/* a player's token count: "total", "unused", "orders", "wounds", "passed", "set_aside" */
static inline int pb_tokens(const eng_state *s, int player, const char *which)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    int v = (int)json_integer_value(
        json_object_get(json_object_get(pb_player_json(st, player), "tokens"), which));
    json_decref(st);
    return v;
}

/* a player's integer field ("points_lost", "points_destroyed", "army_points") */
static inline int pb_player_int(const eng_state *s, int player, const char *field)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    int v = (int)json_integer_value(json_object_get(pb_player_json(st, player), field));
    json_decref(st);
    return v;
}

static inline int pb_int(const eng_state *s, const char *field)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    int v = (int)json_integer_value(json_object_get(st, field));
    json_decref(st);
    return v;
}

static inline const char *pb_str(const eng_state *s, const char *field)
{
    static char buf[4][256];
    static int k;
    char *out = buf[k++ % 4];
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    const char *v = json_string_value(json_object_get(st, field));
    snprintf(out, 256, "%s", v ? v : "-");
    json_decref(st);
    return out;
}

/* the hits of the roll being resolved */
static inline int pb_hits(const eng_state *s)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    int v = (int)json_integer_value(json_object_get(json_object_get(st, "resolution"), "hits"));
    json_decref(st);
    return v;
}

static inline const char *pb_status(const eng_state *s)
{
    static char buf[256];
    eng_status_text(s, buf, sizeof buf);
    return buf;
}

static inline const char *pb_legal(const eng_state *s)
{
    static char buf[PB_BIG * 2];
    char *t = t_legal_text(s);
    snprintf(buf, sizeof buf, "%s", t);
    free(t);
    return buf;
}

static inline const char *pb_result(const eng_state *s)
{
    static char buf[256];
    eng_result_text(s, buf, sizeof buf);
    return buf;
}

#endif
