/*
 * srv_view.c - a game as JSON, as one role may see it. A seat sees its own
 * view (eng_state_json with that seat as viewer) and past steps in the
 * notation it saw when they were taken (eng_action_text_seen); spectators
 * and the referee see the public view. The seed (which foretells every
 * coin and die) is shown only once the game is over.
 *
 * A position comes with its drawing ("svg", as the viewer may see it; null
 * for a rule set that draws none), a chance step with its explanation (the
 * arithmetic and meaning of the outcome), a player's step with what it set
 * off that its notation does not say (hidden units revealed, say), if
 * anything.
 * "changed" names the ids the last step changed in the drawing (for the page
 * to highlight).
 */
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"

json_t *srv_view_to_act(const srv_game *g)
{
    if (g->status == SRV_FINISHED)
        return json_null();
    int p = eng_current_player(g->m->state);
    if (p == ENG_CHANCE)
        return json_string("chance");
    return p >= 0 ? json_integer(p + 1) : json_null();
}

static json_t *seats_json(const srv_game *g)
{
    json_t *a = json_array();
    for (int p = 0; p < g->nseats; p++) {
        const srv_seat *se = &g->seat[p];
        json_t *o = json_pack("{s:i,s:s,s:s,s:s}", "seat", p + 1, "side",
                              eng_game_player_name(g->m->game, p), "kind",
                              se->kind == SRV_COMPUTER ? "computer" : "human", "name",
                              se->name);
        if (se->kind == SRV_COMPUTER)
            json_object_set_new(o, "level", json_string(se->level));
        json_array_append_new(a, o);
    }
    return a;
}

json_t *srv_view_summary(const srv_game *g)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(g->id));
    json_object_set_new(o, "rules", json_string(eng_rules_name(g->m->rules)));
    json_object_set_new(o, "scenario", json_string(g->m->scenario));
    json_object_set(o, "options", g->m->options);
    json_object_set_new(o, "referee", json_boolean(g->referee));
    json_object_set_new(o, "status", json_string(g->status == SRV_FINISHED ? "finished"
                                                                         : "active"));
    json_object_set_new(o, "result", g->status == SRV_FINISHED ? json_string(g->result)
                                                               : json_null());
    json_object_set_new(o, "step", json_integer((json_int_t)g->m->nsteps));
    json_object_set_new(o, "to_act", srv_view_to_act(g));
    json_object_set_new(o, "seats", seats_json(g));
    json_object_set_new(o, "created", json_integer(g->created));
    json_object_set_new(o, "updated", json_integer(g->updated));
    return o;
}

static json_t *who_json(int who)
{
    if (who >= 0)
        return json_integer(who + 1);
    return json_string(who == ENG_WHO_ENTERED ? "entered" : "chance");
}

json_t *srv_view_steps(const srv_game *g, int role, size_t from, size_t to)
{
    int viewer = srv_role_viewer(g, role);
    json_t *a = json_array();
    if (to > g->m->nsteps)
        to = g->m->nsteps;
    if (from >= to)
        return a;
    eng_state *s = eng_match_state_at(g->m, from);
    eng_state *before = eng_state_clone(s);
    for (size_t i = from; i < to; i++) {
        const eng_step *st = &g->m->steps[i];
        char text[ENG_TEXT_MAX];
        eng_action_text_seen(s, st->action, viewer, text, sizeof text);
        json_t *o = json_object();
        json_object_set_new(o, "n", json_integer((json_int_t)i + 1));
        json_object_set_new(o, "who", who_json(st->who));
        json_object_set_new(o, "action", json_string(text));
        json_object_set_new(o, "time", json_integer(i < g->ntimes ? g->times[i] : 0));
        if (st->who < 0) {
            char why[512];
            eng_explain_outcome(s, st->action, why, sizeof why);
            json_object_set_new(o, "explanation", json_string(why));
        }
        json_array_append_new(a, o);
        eng_state_copy(before, s);
        eng_apply_fast(s, st->action);
        if (st->who >= 0) {
            /* what a player's step set off that its notation does not say */
            char note[512];
            eng_step_note(before, st->action, s, note, sizeof note);
            json_object_set_new(o, "explanation", note[0] ? json_string(note) : json_null());
        }
    }
    eng_state_free(before);
    eng_state_free(s);
    return a;
}

static json_t *you_json(const srv_game *g, int role)
{
    if (role >= 0)
        return json_pack("{s:s,s:i,s:s}", "role", "seat", "seat", role + 1, "side",
                         eng_game_player_name(g->m->game, role));
    return json_pack("{s:s}", "role", role == SRV_REFEREE ? "referee" : "spectator");
}

/* Sets "svg" (the drawing of the position after `at` steps for viewer, null
 * if the rule set draws none) and "changed" (what step `at` changed in it). */
void srv_view_drawing(json_t *o, srv_game *g, size_t at, int viewer)
{
    const eng_match *m = g->m;
    eng_state *s = at == m->nsteps ? NULL : eng_match_state_at(m, at);
    const eng_state *cur = s ? s : m->state;
    const char *svg = srv_draw(cur, viewer);
    json_object_set_new(o, "svg", svg ? json_string(svg) : json_null());
    json_t *changed = json_array();
    if (svg && at > 0) {
        /* the picture before the step is usually kept from the last reply
         * (srv_drawn.c); this one is kept for the next */
        eng_state *before = eng_match_state_at(m, at - 1);
        const eng_outline *now = srv_drawn_get(g, cur, at, viewer, svg);
        const eng_outline *was = srv_drawn_get(g, before, at - 1, viewer, NULL);
        eng_elements e;
        eng_outline_changes(was, before, m->steps[at - 1].action, now, &e);
        json_decref(changed);
        changed = eng_elements_json(&e);
        eng_state_free(before);
    } else if (svg) {
        srv_drawn_get(g, cur, at, viewer, svg);
    }
    json_object_set_new(o, "changed", changed);
    eng_state_free(s);
}

json_t *srv_view_game(srv_game *g, int role)
{
    json_t *o = srv_view_summary(g);
    int viewer = srv_role_viewer(g, role);
    json_object_set_new(o, "you", you_json(g, role));
    char buf[256];
    eng_status_text(g->m->state, buf, sizeof buf);
    json_object_set_new(o, "status_text", json_string(buf));
    /* how the victory conditions stand ("turn 6 of 15; ..."), where the
     * position hides nothing from this role (it counts what all sides hold) */
    buf[0] = '\0';
    if (!eng_hides_from(g->m->state, viewer))
        eng_standing(g->m->state, buf, sizeof buf);
    json_object_set_new(o, "standing", buf[0] ? json_string(buf) : json_null());
    if (g->status == SRV_FINISHED) {
        json_object_set_new(o, "seed", json_integer((json_int_t)g->m->seed));
        /* the result and why the game ended, one line (a resignation
         * says it already) */
        char ending[ENG_ERROR_MAX];
        if (eng_is_terminal(g->m->state))
            eng_ending(g->m->state, ending, sizeof ending);
        else
            eng_text_copy(ending, sizeof ending, g->result);
        json_object_set_new(o, "ending", json_string(ending));
    }
    json_object_set_new(o, "undo", g->undo.pending
                        ? json_pack("{s:i,s:I,s:I}", "asked_by", g->undo.by + 1, "back_to",
                                    (json_int_t)g->undo.back_to, "steps",
                                    (json_int_t)(g->undo.at - g->undo.back_to))
                        : json_null());
    json_object_set_new(o, "position", eng_state_json(g->m->state, viewer));
    srv_view_drawing(o, g, g->m->nsteps, viewer);
    json_t *losses = eng_losses(g->m->state, viewer);
    json_object_set_new(o, "losses", losses ? losses : json_null());
    size_t n = g->m->nsteps;
    json_t *last = srv_view_steps(g, role, n ? n - 1 : 0, n);
    json_object_set(o, "last_step", json_array_size(last) ? json_array_get(last, 0)
                                                           : json_null());
    json_decref(last);
    return o;
}
