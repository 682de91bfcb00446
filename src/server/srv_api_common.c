/*
 * srv_api_common.c - the checks every game request makes: the game named
 * in the path (held for the request, rebuilt from the store if it had left
 * memory), its body, the role its token gives, the step number the client
 * saw (the preamble srv_call_begin runs them in the order game, role,
 * body, step, so that no body is parsed for a token refused), and that
 * nothing a client sends names a file (scenarios, variants and armies are
 * chosen by their shipped names).
 */
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

srv_game *srv_req_game(srv_req *r)
{
    eng_error err = {.msg = ""};
    srv_game *g = strlen(r->game_id) == SRV_ID_HEX && !r->game
                  ? srv_games_get(r->s, r->game_id, &err) : r->game;
    if (g)
        r->game = g;
    else if (err.msg[0])
        srv_reply_error(r, 503, "store", "%s", err.msg);
    else
        srv_reply_error(r, 404, "game", "no game with id \"%.*s\"", SRV_ID_HEX + 1,
                        r->game_id);
    return g;
}

void srv_req_done(srv_req *r)
{
    srv_game_release(r->s, r->game);
    r->game = NULL;
}

int srv_call_begin(srv_req *r, const char *const *known, const char *seat_for, srv_call *c)
{
    *c = (srv_call){.role = -3};
    if (!(c->g = srv_req_game(r)))
        return 404;
    /* the role first: a body is parsed only for a token that may send one
     * (every request with a body changes the game: a spectator may not) */
    pthread_mutex_lock(&c->g->mu);
    int status = 0;
    c->role = srv_req_role(r, c->g);
    if (c->role == -3)
        status = 403;
    else if (seat_for && c->role < 0)
        status = srv_reply_error(r, 403, "token", "%s needs a seat's token", seat_for);
    else if (known && c->role == SRV_SPECTATOR)
        status = srv_reply_error(r, 403, "token", "acting needs a seat's token (this request "
                                 "has none)");
    else if (seat_for && c->g->status == SRV_FINISHED)
        status = srv_reply_error(r, 409, "game", "the game is over");
    if (!status && known) {
        eng_error err;
        if (!(c->body = srv_body_json(r)))
            status = 400;
        else if (!eng_json_check_keys(c->body, "body", known, &err))
            status = srv_reply_error(r, 400, "body", "%s", err.msg);
    }
    if (status)
        srv_call_end(c);
    return status;
}

void srv_call_end(srv_call *c)
{
    if (c->g)
        pthread_mutex_unlock(&c->g->mu);
    json_decref(c->body);
    c->g = NULL;
    c->body = NULL;
}

int srv_call_run(srv_req *r, const char *const *known, const char *seat_for,
                 int (*fn)(srv_req *r, srv_call *c))
{
    srv_call c;
    int status = srv_call_begin(r, known, seat_for, &c);
    if (status)
        return status;
    status = fn(r, &c);
    srv_call_end(&c);
    return status;
}

int srv_req_role(srv_req *r, srv_game *g)
{
    int role = srv_token_role(g, r->token);
    if (role == -3)
        srv_reply_error(r, 403, "token", "this token is not a seat of game %s", g->id);
    return role;
}

bool srv_req_step(srv_req *r, srv_game *g, const json_t *body)
{
    json_t *step = json_object_get(body, "step");
    if (!json_is_integer(step)) {
        srv_reply_error(r, 400, "body.step", "give \"step\": the number of steps in the "
                        "position you saw (%zu now)", g->m->nsteps);
        return false;
    }
    if (json_integer_value(step) != (json_int_t)g->m->nsteps) {
        srv_reply_error(r, 409, "body.step", "the position has moved on: you saw step %lld, "
                        "the game is at step %zu", (long long)json_integer_value(step),
                        g->m->nsteps);
        return false;
    }
    return true;
}

static bool names_file(const char *v)
{
    size_t n = strlen(v);
    return strchr(v, '/') || strchr(v, '\\') || (n >= 5 && strcmp(v + n - 5, ".json") == 0);
}

bool srv_options_safe(const json_t *opts, eng_error *err)
{
    const char *key;
    json_t *v;
    if (json_is_string(opts)) {
        if (names_file(json_string_value(opts)))
            return eng_error_fail(err, "\"%s\" looks like a file path; the server takes "
                                  "shipped names only", json_string_value(opts));
        return true;
    }
    if (json_is_array(opts)) {
        size_t i;
        json_array_foreach(opts, i, v)
            if (!srv_options_safe(v, err))
                return false;
        return true;
    }
    if (json_is_object(opts))
        json_object_foreach((json_t *)opts, key, v)
            if (!srv_options_safe(v, err))
                return false;
    return true;
}

bool srv_shipped(const eng_rules *r, const char *kind, const char *name)
{
    char **names;
    int n = strcmp(kind, "scenario") == 0 ? eng_scenario_names(r, &names)
                                          : eng_variant_names(r, &names);
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= strcmp(names[i], name) == 0;
    eng_names_free(names, n);
    return found;
}
