/*
 * srv_api_undo.c - undo by agreement: a seat asks to take back its last
 * action (and whatever followed it); another human seat accepts or refuses.
 * Computer seats always agree, so against the computer an undo is at once.
 * The request and its answer are stored. Taking back rebuilds the position
 * from the seed and the remaining steps, so no coin or die is rolled again:
 * the same action brings the same outcome.
 */
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

static bool other_human(const srv_game *g, int seat)
{
    for (int p = 0; p < g->nseats; p++)
        if (p != seat && g->seat[p].kind == SRV_HUMAN)
            return true;
    return false;
}

/* Takes the steps back (store first, then memory); -1 on a store error. */
static int take_back(srv *s, srv_game *g, eng_error *err)
{
    if (srv_store_undo(s->store, g, "accepted", err) != 0)
        return -1;
    eng_match_undo(g->m, g->m->nsteps - g->undo.back_to);
    g->ntimes = g->m->nsteps;
    g->undo.pending = false;
    /* the games list's summary follows the position taken back to (a
     * failure here leaves only the list behind until the next step) */
    if (srv_store_set_status(s->store, g, err) != 0)
        fprintf(stderr, "pocketwar serve: game %s: %s\n", g->id, err->msg);
    srv_game_touch(g);
    srv_workers_offer(s, g);
    return 0;
}

static int ask(srv_req *r, srv_game *g, int role)
{
    eng_error err;
    if (g->undo.pending)
        return srv_reply_error(r, 409, "undo", "seat %d has already asked; answer that first",
                               g->undo.by + 1);
    size_t k = g->m->nsteps;
    while (k > 0 && g->m->steps[k - 1].who != role)
        k--;
    if (k == 0)
        return srv_reply_error(r, 409, "undo", "seat %d has no action to take back",
                               role + 1);
    g->undo = (srv_undo){true, role, g->m->nsteps, k - 1};
    g->updated = srv_now_ms();
    if (srv_store_undo(r->s->store, g, NULL, &err) != 0) {
        g->undo.pending = false;
        return srv_reply_error(r, 503, "store", "%s", err.msg);
    }
    if (!other_human(g, role) && take_back(r->s, g, &err) != 0)
        return srv_reply_error(r, 503, "store", "%s", err.msg);
    srv_game_touch(g);
    return srv_reply_json(r, 200, json_pack("{s:o}", "game", srv_view_game(g, role)));
}

static int answer(srv_req *r, srv_game *g, int role, bool accept)
{
    eng_error err;
    if (!g->undo.pending)
        return srv_reply_error(r, 409, "undo", "no undo has been asked");
    if (accept && role == g->undo.by)
        return srv_reply_error(r, 403, "undo", "the other side answers an undo request");
    g->updated = srv_now_ms();
    if (accept) {
        if (take_back(r->s, g, &err) != 0)
            return srv_reply_error(r, 503, "store", "%s", err.msg);
    } else {
        if (srv_store_undo(r->s->store, g, role == g->undo.by ? "withdrawn" : "refused",
                           &err) != 0)
            return srv_reply_error(r, 503, "store", "%s", err.msg);
        g->undo.pending = false;
        srv_game_touch(g);
    }
    return srv_reply_json(r, 200, json_pack("{s:o}", "game", srv_view_game(g, role)));
}

static const char *const undo_keys[] = {"step", NULL};
static int undo_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    if (!srv_req_step(r, c->g, c->body))
        rc = 409;
    else if (strstr(r->path, "/undo/accept"))
        rc = answer(r, c->g, c->role, true);
    else if (strstr(r->path, "/undo/refuse"))
        rc = answer(r, c->g, c->role, false);
    else
        rc = ask(r, c->g, c->role);
    srv_call_end(c);
    return rc;
}

int srv_api_game_undo(srv_req *r)
{
    return srv_call_run(r, undo_keys, "undo", undo_locked);
}
