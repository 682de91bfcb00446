/*
 * srv_api_common.c - the checks every game request makes: the game named
 * in the path, the role its token gives, the step number the client saw,
 * and that nothing a client sends names a file (scenarios, variants and
 * armies are chosen by their shipped names).
 */
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

srv_game *srv_req_game(srv_req *r)
{
    srv_game *g = strlen(r->game_id) == SRV_ID_HEX ? srv_games_find(r->s, r->game_id) : NULL;
    if (!g)
        srv_reply_error(r, 404, "game", "no game with id \"%.*s\"", SRV_ID_HEX + 1,
                        r->game_id);
    return g;
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
