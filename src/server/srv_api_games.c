/*
 * srv_api_games.c - the games list and making games: GET /api/games (with
 * filters), POST /api/games (rule set, scenario, variant, options, seed,
 * seats, referee) and POST /api/games/import (a record, to continue or
 * replay it, with its seats said as when making a game or read from the
 * record). A new game's reply holds each human seat's secret link; the
 * store never gives them out again.
 */
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

/* ---- listing -------------------------------------------------------------------- */

int srv_api_games_list(srv_req *r)
{
    char status[16] = "", rules[64] = "", limit_s[16] = "";
    srv_query(r, "status", status, sizeof status);
    srv_query(r, "rules", rules, sizeof rules);
    int limit = 100;
    if (srv_query(r, "limit", limit_s, sizeof limit_s)) {
        char *end;
        long v = strtol(limit_s, &end, 10);
        if (*end || v < 1 || v > 1000)
            return srv_reply_error(r, 400, "query.limit", "limit must be 1..1000, not \"%s\"",
                                   limit_s);
        limit = (int)v;
    }
    if (*status && strcmp(status, "active") && strcmp(status, "finished"))
        return srv_reply_error(r, 400, "query.status",
                               "status must be \"active\" or \"finished\", not \"%s\"", status);
    if (*rules && !eng_rules_find(rules))
        return srv_reply_error(r, 400, "query.rules", "no rule set named \"%s\"", rules);
    /* from the store's summaries: most games are not in memory */
    size_t n = 0;
    eng_error err;
    json_t *a = srv_store_list(r->s->store, status, rules, limit, &n, &err);
    if (!a)
        return srv_reply_error(r, 503, "store", "%s", err.msg);
    return srv_reply_json(r, 200, json_pack("{s:o,s:I}", "games", a, "total", (json_int_t)n));
}

/* ---- making a game ------------------------------------------------------------------ */

static bool fail400(srv_req *r, const char *where, const char *msg)
{
    srv_reply_error(r, 400, where, "%s", msg);
    return false;
}

/* Fills g's seats from the "seats" array. A seat left out (no array, or
 * null in it) is what g's match names it: a computer level the server
 * offers stays that computer, anything else is a human seat (a new match
 * names every seat human). If that leaves no human seat, every seat left
 * out is human: whoever sent the request plays. */
static bool read_seats(srv_req *r, srv_game *g, const json_t *seats)
{
    static const char *const known[] = {"kind", "level", "name", NULL};
    if (seats && (!json_is_array(seats) || json_array_size(seats) != (size_t)g->nseats)) {
        srv_reply_error(r, 400, "body.seats", "seats must be an array of %d objects, one a "
                        "side", g->nseats);
        return false;
    }
    for (int p = 0; p < g->nseats; p++) {
        srv_seat *se = &g->seat[p];
        json_t *o = seats ? json_array_get(seats, (size_t)p) : NULL;
        if (json_is_null(o))
            o = NULL;
        const char *named = g->m->players[p] ? g->m->players[p] : "human";
        bool named_computer = !o && strcmp(named, "human") && srv_level_known(named);
        char where[48];
        snprintf(where, sizeof where, "body.seats[%d]", p);
        eng_error err;
        if (o && (!json_is_object(o) || !eng_json_check_keys(o, where, known, &err)))
            return fail400(r, where, o && json_is_object(o) ? err.msg
                                                             : "each seat is a JSON object");
        const char *kind = o ? json_string_value(json_object_get(o, "kind"))
                             : named_computer ? "computer" : NULL;
        const char *level = o ? json_string_value(json_object_get(o, "level"))
                              : named_computer ? named : NULL;
        const char *name = o ? json_string_value(json_object_get(o, "name")) : NULL;
        json_t *nm = o ? json_object_get(o, "name") : NULL;
        if (nm && (!name || strlen(name) >= SRV_NAME_MAX))
            return fail400(r, where, "a seat's name is a string of under 64 bytes");
        if (!kind || strcmp(kind, "human") == 0) {
            se->kind = SRV_HUMAN;
            if (o && json_object_get(o, "kind") && !kind)
                return fail400(r, where, "kind is \"human\" or \"computer\"");
            if (!srv_random_hex(se->token, SRV_TOKEN_BYTES))
                return fail400(r, where, "the system's random generator failed");
        } else if (strcmp(kind, "computer") == 0) {
            se->kind = SRV_COMPUTER;
            if (!level)
                level = "thumb";
            eng_error why;
            ai_player *probe = srv_player_new(NULL, level, 0, &why);
            if (!probe)
                return fail400(r, where, why.msg);
            ai_free(probe);
            snprintf(se->level, sizeof se->level, "%s", level);
        } else {
            srv_reply_error(r, 400, where, "kind is \"human\" or \"computer\", not \"%s\"",
                            kind);
            return false;
        }
        snprintf(se->name, sizeof se->name, "%s",
                 name ? name : se->kind == SRV_COMPUTER ? se->level : "");
    }
    bool human = false;
    for (int p = 0; p < g->nseats; p++)
        human |= g->seat[p].kind == SRV_HUMAN;
    for (int p = 0; p < g->nseats && !human; p++) {
        json_t *o = seats ? json_array_get(seats, (size_t)p) : NULL;
        if ((!o || json_is_null(o)) && g->seat[p].kind == SRV_COMPUTER) {
            g->seat[p].kind = SRV_HUMAN;
            g->seat[p].level[0] = g->seat[p].name[0] = '\0';
            if (!srv_random_hex(g->seat[p].token, SRV_TOKEN_BYTES))
                return fail400(r, "body.seats", "the system's random generator failed");
        }
    }
    for (int p = 0; p < g->nseats; p++)
        eng_match_set_player(g->m, p, g->seat[p].kind == SRV_COMPUTER ? g->seat[p].level
                                                                    : "human");
    return true;
}

static json_t *links_json(const srv_game *g)
{
    json_t *seats = json_array();
    char url[160];
    for (int p = 0; p < g->nseats; p++) {
        if (g->seat[p].kind != SRV_HUMAN)
            continue;
        snprintf(url, sizeof url, "/?game=%s&token=%s", g->id, g->seat[p].token);
        json_array_append_new(seats, json_pack("{s:i,s:s,s:s,s:s}", "seat", p + 1, "side",
                                               eng_game_player_name(g->m->game, p), "token",
                                               g->seat[p].token, "url", url));
    }
    snprintf(url, sizeof url, "/?game=%s", g->id);
    json_t *o = json_pack("{s:o,s:s}", "seats", seats, "spectator", url);
    if (g->referee) {
        snprintf(url, sizeof url, "/?game=%s&token=%s", g->id, g->referee_token);
        json_object_set_new(o, "referee", json_pack("{s:s,s:s}", "token", g->referee_token,
                                                    "url", url));
    }
    return o;
}

/* Stores and lists a game whose match and seats are ready, and replies
 * 201 with its links. */
static int register_game(srv_req *r, srv_game *g)
{
    eng_error err;
    g->created = g->updated = srv_now_ms();
    srv_game_times_room(g, g->m->nsteps);
    for (size_t i = 0; i < g->m->nsteps; i++)
        g->times[i] = g->created;
    g->ntimes = g->m->nsteps;
    srv_game_result(g);
    bool ok = srv_random_hex(g->id, SRV_ID_HEX / 2) &&
              (!g->referee || srv_random_hex(g->referee_token, SRV_TOKEN_BYTES));
    if (!ok || srv_store_add_game(r->s->store, g, &err) != 0) {
        srv_game_free(g);
        return srv_reply_error(r, 503, "store", "%s", ok ? err.msg : "no random numbers");
    }
    srv_games_add(r->s, g);
    r->game = g;                     /* held for this request */
    pthread_mutex_lock(&g->mu);
    int rc = srv_game_commit(r->s, g, g->m->nsteps, &err);   /* chance, a computer */
    json_t *reply = json_pack("{s:o,s:o}", "game", srv_view_summary(g), "links",
                              links_json(g));
    pthread_mutex_unlock(&g->mu);
    if (rc != 0) {
        json_decref(reply);
        return srv_reply_error(r, 503, "store", "%s", err.msg);
    }
    return srv_reply_json(r, 201, reply);
}

static uint64_t random_seed(void)
{
    char hex[17];
    if (!srv_random_hex(hex, 8))
        return (uint64_t)srv_now_ms();
    return strtoull(hex, NULL, 16) >> 2;   /* fits a JSON integer */
}

int srv_api_games_create(srv_req *r)
{
    static const char *const known[] = {"rules", "scenario", "variant", "options", "seed",
                                        "seats", "referee", NULL};
    int refused = srv_quota_create(r);
    if (refused)
        return refused;
    json_t *body = srv_body_json(r);
    if (!body)
        return 400;
    eng_error err;
    int rc = 0;
    json_t *opts = NULL;
    if (!eng_json_check_keys(body, "body", known, &err)) {
        rc = srv_reply_error(r, 400, "body", "%s", err.msg);
        goto done;
    }
    json_t *jr = json_object_get(body, "rules"), *js = json_object_get(body, "scenario");
    json_t *jv = json_object_get(body, "variant"), *jo = json_object_get(body, "options");
    json_t *jseed = json_object_get(body, "seed"), *jref = json_object_get(body, "referee");
    if ((jr && !json_is_string(jr)) || (js && !json_is_string(js)) ||
        (jv && !json_is_string(jv)) || (jo && !json_is_object(jo)) ||
        (jseed && (!json_is_integer(jseed) || json_integer_value(jseed) < 0)) ||
        (jref && !json_is_boolean(jref))) {
        rc = srv_reply_error(r, 400, "body", "rules, scenario and variant are strings, "
                             "options an object, seed a whole number >= 0, referee true or "
                             "false");
        goto done;
    }
    const char *rules = jr ? json_string_value(jr) : eng_rules_name(eng_rules_default());
    const eng_rules *rs = eng_rules_find(rules);
    if (!rs) {
        rc = srv_reply_error(r, 400, "body.rules", "no rule set named \"%s\"", rules);
        goto done;
    }
    const char *scenario = js ? json_string_value(js) : eng_rules_default_scenario(rs);
    if (!srv_shipped(rs, "scenario", scenario)) {
        rc = srv_reply_error(r, 400, "body.scenario", "%s has no scenario named \"%s\"",
                             eng_rules_title(rs), scenario);
        goto done;
    }
    if (jv && !srv_shipped(rs, "variant", json_string_value(jv))) {
        rc = srv_reply_error(r, 400, "body.variant", "%s has no variant named \"%s\"",
                             eng_rules_title(rs), json_string_value(jv));
        goto done;
    }
    if (jo && !srv_options_safe(jo, &err)) {
        rc = srv_reply_error(r, 400, "body.options", "%s", err.msg);
        goto done;
    }
    opts = jv ? eng_variant_load(rs, json_string_value(jv), &err) : json_object();
    if (!opts) {
        rc = srv_reply_error(r, 400, "body.variant", "%s", err.msg);
        goto done;
    }
    if (jo)
        json_object_update(opts, jo);
    uint64_t seed = jseed ? (uint64_t)json_integer_value(jseed) : random_seed();
    eng_match *m = eng_match_new(rules, scenario, opts, seed, &err);
    if (!m) {
        rc = srv_reply_error(r, 400, "body.options", "%s", err.msg);
        goto done;
    }
    srv_game *g = srv_game_alloc();
    g->m = m;
    g->nseats = eng_game_players(m->game);
    g->referee = jref && json_is_true(jref);
    if (!read_seats(r, g, json_object_get(body, "seats"))) {
        srv_game_free(g);
        rc = 400;
        goto done;
    }
    rc = register_game(r, g);
done:
    json_decref(opts);
    json_decref(body);
    return rc;
}

/* ---- importing a record -------------------------------------------------------------- */

/* The value of a header tag line `[Name "value"]`, unescaped, into buf. */
static bool tag_value(const char *line, const char *name, char *buf, size_t n)
{
    size_t len = strlen(name);
    if (line[0] != '[' || strncmp(line + 1, name, len) != 0 || strncmp(line + 1 + len, " \"", 2))
        return false;
    const char *p = line + len + 3;
    size_t k = 0;
    while (*p && *p != '"' && *p != '\n' && k + 1 < n) {
        if (*p == '\\' && p[1] && p[1] != '\n')
            p++;
        buf[k++] = *p++;
    }
    buf[k] = '\0';
    return true;
}

/* The line after line's end, or NULL after the last. */
static const char *next_line(const char *line)
{
    const char *nl = strchr(line, '\n');
    return nl ? nl + 1 : NULL;
}

/* Do the brackets of an Options tag's line nest deeper than a body may?
 * Counted on the line as written, strings and all (so at worst a bracket
 * in a string counts too): the loader's JSON parser recurses once a level,
 * on a serving thread's small stack. */
static bool options_too_deep(const char *line)
{
    int depth = 0, deepest = 0;
    for (const char *p = line + 1; *p && *p != '\n'; p++) {
        if (*p == '[' || *p == '{')
            deepest = ++depth > deepest ? depth : deepest;
        else if ((*p == ']' || *p == '}') && depth > 0)
            depth--;
    }
    return deepest > SRV_JSON_DEPTH_MAX;
}

/* Checks what a record's header would make the loader open: its scenario
 * must be shipped, its options must name no file. */
static bool record_safe(srv_req *r, const char *text)
{
    char rules[64] = "", value[4096];
    const eng_rules *rs = NULL;
    int scenarios = 0;
    for (const char *line = text; line && *line; line = next_line(line)) {
        if (tag_value(line, "Rules", rules, sizeof rules))
            rs = eng_rules_find(rules);
        else if (tag_value(line, "Scenario", value, sizeof value)) {
            scenarios++;
            if (!rs || !srv_shipped(rs, "scenario", value)) {
                srv_reply_error(r, 400, "body", "the record's scenario \"%s\" is not a shipped "
                                "scenario of its rule set (the Rules tag comes first)", value);
                return false;
            }
        } else if (strncmp(line, "[Options ", 9) == 0 && options_too_deep(line)) {
            srv_reply_error(r, 400, "body", "the record's Options nest more than %d deep, the "
                            "limit", SRV_JSON_DEPTH_MAX);
            return false;
        } else if (tag_value(line, "Options", value, sizeof value)) {
            json_t *o = json_loads(value, 0, NULL);
            eng_error err;
            bool ok = !o || srv_options_safe(o, &err);
            json_decref(o);
            if (!ok) {
                srv_reply_error(r, 400, "body", "the record's options: %s", err.msg);
                return false;
            }
        }
    }
    if (scenarios != 1) {
        srv_reply_error(r, 400, "body", "a record has exactly one Scenario tag (this one has "
                        "%d)", scenarios);
        return false;
    }
    return true;
}

/* Does the record hold an outcome entered at the table (a referee game)? */
static bool has_entered(const eng_match *m)
{
    for (size_t i = 0; i < m->nsteps; i++)
        if (m->steps[i].who == ENG_WHO_ENTERED)
            return true;
    return false;
}

int srv_api_games_import(srv_req *r)
{
    static const char *const known[] = {"record", "seats", "referee", NULL};
    int refused = srv_quota_create(r);
    if (refused)
        return refused;
    if (!r->body || r->body_len == 0)
        return srv_reply_error(r, 400, "body", "send the record (.pwr text) as the body, or "
                               "{\"record\": TEXT, \"seats\": [...]}");
    if (memchr(r->body, '\0', r->body_len))
        return srv_reply_error(r, 400, "body", "a record is text; this body holds a NUL byte");
    /* the record as the body, or a JSON object holding it and the seats */
    json_t *body = NULL;
    const char *text = r->body;
    const char *where = "body";
    if (r->body[strspn(r->body, " \t\r\n")] == '{') {
        eng_error err;
        if (!(body = srv_body_json(r)))
            return 400;
        json_t *rec = json_object_get(body, "record"), *ref = json_object_get(body, "referee");
        int rc = 0;
        if (!eng_json_check_keys(body, "body", known, &err))
            rc = srv_reply_error(r, 400, "body", "%s", err.msg);
        else if (!json_is_string(rec))
            rc = srv_reply_error(r, 400, "body.record", "give \"record\": the record's text "
                                 "(.pwr)");
        else if (ref && !json_is_boolean(ref))
            rc = srv_reply_error(r, 400, "body.referee", "referee is true or false");
        if (rc) {
            json_decref(body);
            return rc;
        }
        text = json_string_value(rec);
        where = "body.record";
    }
    int rc;
    eng_error err;
    eng_match *m = NULL;
    if (!record_safe(r, text)) {
        rc = 400;
    } else if (!(m = eng_match_load_text(text, "record", &err))) {
        rc = srv_reply_error(r, 422, where, "%s", err.msg);
    } else {
        srv_game *g = srv_game_alloc();
        g->m = m;
        g->nseats = eng_game_players(m->game);
        json_t *ref = json_object_get(body, "referee");
        g->referee = ref ? json_is_true(ref) : has_entered(m);
        if (!read_seats(r, g, json_object_get(body, "seats"))) {
            srv_game_free(g);
            rc = 400;
        } else {
            rc = register_game(r, g);
        }
    }
    json_decref(body);
    return rc;
}
