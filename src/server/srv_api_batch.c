/*
 * srv_api_batch.c - a referee entering a run of chance outcomes at once (a
 * whole deal of cards). GET /games/ID/batch says whether the chance point
 * the game stands at takes a list ("steps": how many outcomes in a row, 0:
 * none) and gives each possible outcome's short notation ("entries", the
 * words the terminal takes: "3H"); POST /games/ID/batch {"step", "text"}
 * reads the list (eng_chance_batch_parse: each entry checked where it
 * falls) and applies it as single entered steps, so the record is the same
 * as had they been entered one by one. Nothing here knows a rule set.
 */
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

/* Why role may not enter outcomes in g now (NULL if it may). */
static const char *batch_refused(const srv_game *g, int role, int *status)
{
    *status = 409;
    if (g->status == SRV_FINISHED)
        return "the game is over";
    if (role != SRV_REFEREE) {
        *status = 403;
        return "entering chance outcomes needs the referee's token";
    }
    if (eng_chance_run(g->m->state) == 0)
        return "the game does not stand at a chance point that takes a list";
    return NULL;
}

int srv_api_game_batch_get(srv_req *r)
{
    srv_game *g = srv_req_game(r);
    if (!g)
        return 404;
    pthread_mutex_lock(&g->mu);
    int role = srv_req_role(r, g);
    if (role == -3) {
        pthread_mutex_unlock(&g->mu);
        return 403;
    }
    int status;
    const char *why = batch_refused(g, role, &status);
    json_t *entries = json_array();
    int run = why ? 0 : eng_chance_run(g->m->state);
    if (run) {
        eng_action a[ENG_MAX_ACTIONS];
        double prob[ENG_MAX_ACTIONS];
        int n = eng_chance_outcomes(g->m->state, a, prob);
        for (int i = 0; i < n; i++) {
            char text[ENG_TEXT_MAX];
            eng_chance_short_text(g->m->state, a[i], text, sizeof text);
            json_array_append_new(entries, json_string(text));
        }
    }
    json_t *o = json_pack("{s:I,s:i,s:o}", "step", (json_int_t)g->m->nsteps, "steps", run,
                          "entries", entries);
    if (why)
        json_object_set_new(o, "why_none", json_string(why));
    pthread_mutex_unlock(&g->mu);
    return srv_reply_json(r, 200, o);
}

int srv_api_game_batch_post(srv_req *r)
{
    static const char *const known[] = {"step", "text", NULL};
    srv_game *g = srv_req_game(r);
    if (!g)
        return 404;
    /* the token first: no body is parsed for one refused */
    pthread_mutex_lock(&g->mu);
    int role = srv_req_role(r, g), rc, status;
    pthread_mutex_unlock(&g->mu);
    if (role == -3)
        return 403;
    if (role == SRV_SPECTATOR)
        return srv_reply_error(r, 403, "token", "entering outcomes needs the referee's token "
                               "(this request has none)");
    json_t *body = srv_body_json(r);
    if (!body)
        return 400;
    eng_error err;
    if (!eng_json_check_keys(body, "body", known, &err)) {
        json_decref(body);
        return srv_reply_error(r, 400, "body", "%s", err.msg);
    }
    pthread_mutex_lock(&g->mu);
    const char *why = batch_refused(g, role, &status);
    const char *text = json_string_value(json_object_get(body, "text"));
    eng_action *a = NULL;
    int n = 0;
    if (why) {
        rc = srv_reply_error(r, status, "token", "%s", why);
    } else if (!srv_req_step(r, g, body)) {
        rc = 400;
    } else if (!text) {
        rc = srv_reply_error(r, 400, "body.text", "give \"text\": the outcomes in order, as "
                             "the terminal takes them");
    } else if (!(a = malloc(ENG_MAX_ACTIONS * sizeof *a))) {
        rc = srv_reply_error(r, 503, "server", "out of memory");
    } else if ((n = eng_chance_batch_parse(g->m->state, text, a, ENG_MAX_ACTIONS, &err)) < 0) {
        rc = srv_reply_error(r, 422, "body.text", "%s (nothing was entered)", err.msg);
    } else {
        size_t from = g->m->nsteps;
        int i = 0;
        for (; i < n; i++)
            if (eng_match_apply(g->m, a[i], true, &err) != 0)
                break;
        if (i < n) {
            eng_match_undo(g->m, g->m->nsteps - from);
            rc = srv_reply_error(r, 422, "body.text", "entry %d: %s (nothing was entered)", i + 1,
                                 err.msg);
        } else if (srv_game_commit(r->s, g, from, &err) != 0)
            rc = srv_reply_error(r, 503, "store", "%s (nothing was entered)", err.msg);
        else
            rc = srv_reply_json(r, 200, json_pack("{s:o,s:o}", "game", srv_view_game(g, role),
                                                  "steps", srv_view_steps(g, role, from,
                                                                          g->m->nsteps)));
    }
    free(a);
    pthread_mutex_unlock(&g->mu);
    json_decref(body);
    return rc;
}
