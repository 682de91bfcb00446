/*
 * srv_api_odds.c - GET /api/games/ID/odds?action=NOTATION (or ?n=K, a number
 * from the legal list): the exact odds of one legal action of the seat to
 * act, as that seat may know them (eng_odds_compute with its viewer: a
 * position that hides something is worked out only through re-deals).
 * Worked out on a copy of the position, outside the game's lock.
 */
#include <stdlib.h>
#include "srv_private.h"

static int odds_locked(srv_req *r, srv_call *c)
{
    int rc = 0;
    srv_game *g = c->g;
    int role = c->role;
    if (role < 0 || g->status != SRV_ACTIVE || eng_current_player(g->m->state) != role) {
        srv_call_end(c);
        return srv_reply_error(r, 409, "token", "the odds are for the seat to act, of its own "
                               "legal actions");
    }
    eng_state *s = eng_state_clone(g->m->state);
    size_t step = g->m->nsteps;
    srv_call_end(c);
    char text[ENG_TEXT_MAX], num[16];
    eng_action a;
    eng_error err;
    if (srv_query(r, "action", text, sizeof text)) {
        if (eng_action_parse(s, text, &a, &err) != 0) {
            rc = srv_reply_error(r, 422, "query.action", "\"%s\": %s", text, err.msg);
            goto done;
        }
    } else if (srv_query(r, "n", num, sizeof num)) {
        eng_action acts[ENG_MAX_ACTIONS];
        int n = eng_legal_actions(s, acts);
        char *end;
        long k = strtol(num, &end, 10);
        if (*end || k < 1 || k > n) {
            rc = srv_reply_error(r, 422, "query.n", "n must be 1..%d, not \"%s\"", n, num);
            goto done;
        }
        a = acts[k - 1];
    } else {
        rc = srv_reply_error(r, 400, "query", "give ?action=NOTATION or ?n=NUMBER");
        goto done;
    }
    eng_odds *o = eng_odds_compute(s, a, role, &err);
    if (!o) {
        rc = srv_reply_error(r, 422, "query", "%s", err.msg);
        goto done;
    }
    json_t *j = eng_odds_json(o);
    eng_odds_free(o);
    json_object_set_new(j, "step", json_integer((json_int_t)step));
    rc = srv_reply_json(r, 200, j);
done:
    eng_state_free(s);
    return rc;
}

int srv_api_game_odds(srv_req *r)
{
    return srv_call_run(r, NULL, NULL, odds_locked);
}
