/*
 * srv_api_play.c - playing a game: its position as the asking seat sees
 * it, the legal actions, applying an action (a seat's, or a chance outcome
 * the referee enters), resigning and the computer's hint. Every change is
 * checked against the step number the client saw and committed before the
 * reply.
 *
 * Each legal action carries the ids of the drawing's elements it involves
 * ("elements", as the asking role's drawing of the position shows them).
 * Each legal action's "odds" is null: they cost an enumeration each, so a
 * client asks for one action's at a time (srv_api_odds.c).
 */
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

static int get_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    int role = c->role;
    char at_s[24];
    json_t *o;
    if (srv_query(r, "at", at_s, sizeof at_s)) {
        char *end;
        long long at = strtoll(at_s, &end, 10);
        if (*end || at < 0 || (size_t)at > g->m->nsteps) {
            rc = srv_reply_error(r, 400, "query.at", "at must be a step 0..%zu, not \"%s\"",
                                 g->m->nsteps, at_s);
            srv_call_end(c);
            return rc;
        }
        eng_state *s = eng_match_state_at(g->m, (size_t)at);
        char st[256];
        eng_status_text(s, st, sizeof st);
        o = json_pack("{s:s,s:I,s:o,s:s}", "id", g->id, "step", (json_int_t)at, "position",
                      eng_state_json(s, srv_role_viewer(g, role)), "status_text", st);
        srv_view_drawing(o, g, (size_t)at, srv_role_viewer(g, role));
        eng_state_free(s);
    } else {
        o = srv_view_game(g, role);
    }
    srv_call_end(c);
    return srv_reply_json(r, 200, o);
}

int srv_api_game_get(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, get_locked);
}

/* Why role may not act now in g (NULL if it may); *status the HTTP code. */
static const char *may_act(const srv_game *g, int role, int *status, char *buf, size_t n)
{
    int p = eng_current_player(g->m->state);
    *status = 409;
    if (g->status == SRV_FINISHED)
        return "the game is over";
    if (role == SRV_SPECTATOR) {
        *status = 403;
        return "acting needs a seat's token (this request has none)";
    }
    if (p == ENG_CHANCE) {
        if (role == SRV_REFEREE)
            return NULL;
        *status = 403;
        return "a chance outcome is for the referee to enter";
    }
    if (role == SRV_REFEREE) {
        *status = 403;
        snprintf(buf, n, "the referee enters chance outcomes only; %s is to act",
                 eng_game_player_name(g->m->game, p));
        return buf;
    }
    if (p != role) {
        *status = g->seat[p].kind == SRV_COMPUTER ? 409 : 403;
        snprintf(buf, n, "it is %s's turn (seat %d%s), and this token is seat %d's",
                 eng_game_player_name(g->m->game, p), p + 1,
                 g->seat[p].kind == SRV_COMPUTER ? ", the computer" : "", role + 1);
        return buf;
    }
    return NULL;
}

static int legal_locked(srv_req *r, srv_call *c)
{
    srv_game *g = c->g;
    int role = c->role;
    json_t *acts = json_array();
    int status;
    char buf[160];
    const char *why = may_act(g, role, &status, buf, sizeof buf);
    if (!why) {
        eng_action a[ENG_MAX_ACTIONS];
        double prob[ENG_MAX_ACTIONS];
        bool chance = eng_current_player(g->m->state) == ENG_CHANCE;
        int n = chance ? eng_chance_outcomes(g->m->state, a, prob)
                       : eng_legal_actions(g->m->state, a);
        /* the position's drawing for this role: usually kept from the last
         * move's reply (srv_drawn.c) */
        const eng_outline *drawn = srv_drawn_get(g, g->m->state, g->m->nsteps,
                                                 srv_role_viewer(g, role), NULL);
        for (int i = 0; i < n; i++) {
            char text[ENG_TEXT_MAX];
            eng_action_text(g->m->state, a[i], text, sizeof text);
            json_t *o = json_pack("{s:i,s:s}", "n", i + 1, "action", text);
            eng_elements e = {0};
            if (drawn)
                eng_outline_elements(drawn, g->m->state, a[i], &e);
            json_object_set_new(o, "elements", eng_elements_json(&e));
            if (chance) {
                json_object_set_new(o, "probability", json_real(prob[i]));
                /* what this result would mean, for the referee who enters it */
                char expl[ENG_ERROR_MAX];
                eng_explain_outcome(g->m->state, a[i], expl, sizeof expl);
                json_object_set_new(o, "explanation", json_string(expl));
            } else {
                /* the action in plain words, for a button */
                char words[ENG_TEXT_MAX];
                eng_action_words(g->m->state, a[i], words, sizeof words);
                json_object_set_new(o, "words", json_string(words));
                /* a shot or an attack still open that this action gives up:
                 * the page asks first, as the terminal does */
                char why_forgo[ENG_ERROR_MAX];
                if (eng_action_forgoes(g->m->state, a[i], why_forgo, sizeof why_forgo))
                    json_object_set_new(o, "forgoes", json_string(why_forgo));
            }
            json_object_set_new(o, "odds", json_null());     /* GET .../odds?n=K */
            json_array_append_new(acts, o);
        }
    }
    json_t *o = json_pack("{s:I,s:o,s:o}", "step", (json_int_t)g->m->nsteps, "to_act",
                          srv_view_to_act(g), "actions", acts);
    if (why)
        json_object_set_new(o, "why_none", json_string(why));
    else if (eng_current_player(g->m->state) == ENG_CHANCE) {
        /* which die or coin, the score needed, the modifiers */
        char note[ENG_ERROR_MAX];
        eng_explain_chance(g->m->state, note, sizeof note);
        json_object_set_new(o, "chance", json_string(note));
    }
    srv_call_end(c);
    return srv_reply_json(r, 200, o);
}

int srv_api_game_legal(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, legal_locked);
}

/* Reads the body's action ("action": notation, or "n": its number in the
 * legal list) in g's position; false after a reply. */
static bool read_action(srv_req *r, srv_game *g, const json_t *body, eng_action *out)
{
    json_t *text = json_object_get(body, "action"), *num = json_object_get(body, "n");
    if (json_is_string(text)) {
        eng_error err;
        if (eng_action_parse(g->m->state, json_string_value(text), out, &err) != 0) {
            srv_reply_error(r, 422, "body.action", "\"%s\": %s", json_string_value(text),
                            err.msg);
            return false;
        }
        return true;
    }
    if (json_is_integer(num)) {
        eng_action a[ENG_MAX_ACTIONS];
        double prob[ENG_MAX_ACTIONS];
        bool chance = eng_current_player(g->m->state) == ENG_CHANCE;
        int n = chance ? eng_chance_outcomes(g->m->state, a, prob)
                       : eng_legal_actions(g->m->state, a);
        json_int_t k = json_integer_value(num);
        if (k < 1 || k > n) {
            srv_reply_error(r, 422, "body.n", "n must be 1..%d (the legal actions' numbers), "
                            "not %lld", n, (long long)k);
            return false;
        }
        *out = a[k - 1];
        return true;
    }
    srv_reply_error(r, 400, "body.action", "give \"action\" (notation, e.g. \"end\") or "
                    "\"n\" (a number from the legal list)");
    return false;
}

static const char *const act_keys[] = {"step", "action", "n", NULL};
static int act_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    int role = c->role;
    eng_error err;
    int status;
    char buf[160];
    const char *why = may_act(g, role, &status, buf, sizeof buf);
    eng_action a;
    if (why) {
        rc = srv_reply_error(r, status, "token", "%s", why);
    } else if (!srv_req_step(r, g, c->body) || !read_action(r, g, c->body, &a)) {
        rc = 400;
    } else {
        size_t from = g->m->nsteps;
        if (eng_match_apply(g->m, a, role == SRV_REFEREE, &err) != 0) {
            char text[ENG_TEXT_MAX];
            eng_action_text(g->m->state, a, text, sizeof text);
            rc = srv_reply_error(r, 422, "body.action", "%s is not allowed: %s", text,
                                 err.msg);
        } else if (srv_game_commit(r->s, g, from, &err) != 0) {
            rc = srv_reply_error(r, 503, "store", "%s (the action was not taken)", err.msg);
        } else {
            rc = srv_reply_json(r, 200, json_pack("{s:o,s:o}", "game", srv_view_game(g, role),
                                                  "steps", srv_view_steps(g, role, from,
                                                                          g->m->nsteps)));
        }
    }
    srv_call_end(c);
    return rc;
}

int srv_api_game_act(srv_req *r)
{
    return srv_call_run(r, act_keys, NULL, act_locked);
}

static int resign_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    int role = c->role;
    eng_error err;
    int was = g->status;
    g->status = SRV_FINISHED;
    if (g->nseats == 2)
        snprintf(g->result, sizeof g->result, "%s resigns: %s wins",
                 eng_game_player_name(g->m->game, role),
                 eng_game_player_name(g->m->game, 1 - role));
    else
        snprintf(g->result, sizeof g->result, "%s resigns",
                 eng_game_player_name(g->m->game, role));
    g->undo.pending = false;
    int64_t updated = g->updated;
    g->updated = srv_now_ms();
    if (srv_store_set_status(r->s->store, g, &err) != 0) {
        g->status = was;
        g->result[0] = '\0';
        g->updated = updated;
        rc = srv_reply_error(r, 503, "store", "%s", err.msg);
    } else {
        srv_game_touch(g);
        rc = srv_reply_json(r, 200, json_pack("{s:o}", "game", srv_view_game(g, role)));
    }
    srv_call_end(c);
    return rc;
}

int srv_api_game_resign(srv_req *r)
{
    return srv_call_run(r, NULL, "resigning", resign_locked);
}

/* The player's look-ahead recurses deeper than an HTTP thread's small stack
 * allows, so it thinks on a thread of its own with a full-sized one. */
typedef struct hint_job {
    ai_player *p;
    const eng_state *s;
    ai_explanation ex;
    eng_action best;
} hint_job;

static void *hint_think(void *arg)
{
    hint_job *j = arg;
    j->best = ai_choose(j->p, j->s, &j->ex);
    return NULL;
}

static void choose_on_big_stack(hint_job *j)
{
    pthread_attr_t at;
    pthread_t t;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 8u << 20);
    if (pthread_create(&t, &at, hint_think, j) == 0)
        pthread_join(t, NULL);
    else
        hint_think(j);
    pthread_attr_destroy(&at);
}

/* Reads ?level= (default: the terminal's helper, thumb) into a player for
 * g's rule set; NULL after a 400. */
static ai_player *hint_player(srv_req *r, const srv_game *g, char *level, size_t n)
{
    if (!srv_query(r, "level", level, n))
        snprintf(level, n, "%s", SRV_HINT_LEVEL);
    eng_error err;
    ai_player *p = srv_player_new(g->m->game, level, (uint64_t)srv_now_ms(), &err);
    if (!p)
        srv_reply_error(r, 400, "query.level", "%s", err.msg);
    return p;
}

static int hint_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    int status;
    char buf[160], level[SRV_LEVEL_MAX];
    const char *why = may_act(g, c->role, &status, buf, sizeof buf);
    if (!why && c->role < 0)
        why = "the hint is for the seat to act";
    ai_player *p = NULL;
    if (why)
        rc = srv_reply_error(r, status, "token", "%s", why);
    else if (!(p = hint_player(r, g, level, sizeof level)))
        rc = 400;
    if (rc) {
        srv_call_end(c);
        return rc;
    }
    eng_state *s = eng_state_clone(g->m->state);
    size_t step = g->m->nsteps;
    srv_call_end(c);
    /* thinks on a thread of its own, outside the game's lock; at most as
     * many hints at once as computer workers, so HTTP threads stay free */
    if (!srv_hint_slot_take(r->s)) {
        ai_free(p);
        eng_state_free(s);
        return srv_reply_busy(r, 429, "hint", 2, "%d hints are being worked out already (the "
                              "limit); try again in 2 seconds", r->s->cfg.workers);
    }
    hint_job job = {.p = p, .s = s};
    choose_on_big_stack(&job);
    srv_hint_slot_give(r->s);
    ai_explanation ex = job.ex;
    json_t *cands = json_array();
    for (int i = 0; i < ex.count; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, ex.best[i].action, text, sizeof text);
        /* value null: not searched (no visits), no estimate */
        json_array_append_new(cands, json_pack("{s:s,s:i,s:o}", "action", text, "visits",
                                               ex.best[i].visits, "value",
                                               ex.best[i].visits > 0 ? json_real(ex.best[i].value)
                                                                     : json_null()));
    }
    char text[ENG_TEXT_MAX];
    eng_action_text(s, job.best, text, sizeof text);
    ai_free(p);
    eng_state_free(s);
    return srv_reply_json(r, 200, json_pack("{s:I,s:s,s:s,s:o}", "step", (json_int_t)step,
                                            "player", level, "best", text, "candidates",
                                            cands));
}

int srv_api_game_hint(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, hint_locked);
}

static int steps_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    char from_s[24];
    long long from = 0;
    if (srv_query(r, "from", from_s, sizeof from_s)) {
        char *end;
        from = strtoll(from_s, &end, 10);
        if (*end || from < 0 || (size_t)from > g->m->nsteps) {
            rc = srv_reply_error(r, 400, "query.from", "from must be a step 0..%zu, not "
                                 "\"%s\"", g->m->nsteps, from_s);
            srv_call_end(c);
            return rc;
        }
    }
    json_t *o = json_pack("{s:I,s:o}", "step", (json_int_t)g->m->nsteps, "steps",
                          srv_view_steps(g, c->role, (size_t)from, g->m->nsteps));
    srv_call_end(c);
    return srv_reply_json(r, 200, o);
}

int srv_api_game_steps(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, steps_locked);
}

static int record_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    if (g->status != SRV_FINISHED) {
        rc = srv_reply_error(r, 409, "game", "the record is given once the game is over: "
                             "it holds the seed, which foretells every coin and die");
        srv_call_end(c);
        return rc;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    eng_error err;
    int ok = f ? eng_match_save(g->m, f, &err) : -1;
    if (f)
        fclose(f);
    srv_call_end(c);
    char name[SRV_ID_HEX + 8];
    snprintf(name, sizeof name, "%s.pwr", g->id);
    rc = ok == 0 ? srv_reply_text(r, 200, "text/plain; charset=utf-8", text, name)
                     : srv_reply_error(r, 503, "record", "the record could not be written");
    free(text);
    return rc;
}

int srv_api_game_record(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, record_locked);
}
