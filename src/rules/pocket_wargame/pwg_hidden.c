/*
 * pwg_hidden.c - what one player may not see in Pocket Wargame, and
 * re-dealing it for a computer player that must not peek.
 *
 * The only secret is simultaneous deployment: the coins other forces placed
 * in the current round stay hidden until the round is complete (pwg.h,
 * s->hidden). A viewer knows how many coins each force has placed, not
 * which or where.
 */
#include <assert.h>
#include <string.h>
#include "pwg.h"
#include "rng.h"

bool pwg_hides_from(const void *data, const void *st, int viewer)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    for (int u = 0; u < d->nunits; u++)
        if (!pwg_visible(d, s, u, viewer))
            return true;
    return false;
}

void pwg_action_text_seen(const void *data, const void *st, eng_action a, int viewer,
                          char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int actor = pwg_actor(d, s);
    if (PWG_KIND(a) == PWG_A_DEPLOY && actor >= 0 && actor != viewer) {
        /* hidden if, once placed, the coin is still secret from viewer */
        pwg_state after;
        memcpy(&after, s, sizeof after);
        pwg_apply(d, &after, a);
        for (int u = 0; u < d->nunits; u++)
            if (d->unit[u].force == actor && !pwg_visible(d, &after, u, viewer) &&
                !((s->hidden >> u) & 1)) {
                snprintf(buf, n, "deploy (a coin not shown until the round is complete)");
                return;
            }
    }
    pwg_action_text(data, st, a, buf, n);
}

/* Legal deployment locations of force f for type t; returns the count. */
static int deploy_spots(const pwg_data *d, const pwg_state *s, int f, int t, uint8_t *out)
{
    int n = 0;
    for (int loc = 0; loc < d->nlocs; loc++)
        if (pwg_deploy_ok(d, s, f, t, loc) == PWG_DEP_OK)
            out[n++] = (uint8_t)loc;
    return n;
}

void pwg_resample_hidden(const void *data, void *st, int viewer, uint64_t *rng)
{
    const pwg_data *d = data;
    pwg_state *s = st;
    eng_rng r = {*rng};
    const uint64_t secret = s->hidden;   /* re-deal each secret coin once */
    for (int f = 0; f < d->nforces; f++) {
        if (f == viewer)
            continue;
        const pwg_force *fo = &d->force[f];
        int end = fo->first_unit + fo->nunits;
        for (int u = fo->first_unit; u < end; u++) {
            if (!((secret >> u) & 1))
                continue;
            /* take the secret coin back ... */
            s->cond[u] = PWG_UNPLACED;
            pwg_cache_cond(s, u);
            s->loc[u] = PWG_NONE;
            s->hidden &= ~(UINT64_C(1) << u);
            /* ... and place one the viewer cannot tell from it: any type the
             * force still has and may deploy somewhere, anywhere it may
             * deploy that type. The coin taken back was placed legally, so
             * its own type is among them. */
            int types[PWG_MAX_TYPES], nt = 0;
            uint8_t spots[PWG_MAX_LOCS];
            for (int t = 0; t < d->ntypes; t++)
                if (deploy_spots(d, s, f, t, spots) > 0)
                    types[nt++] = t;
            assert(nt > 0);
            int t = types[rng_below(&r, (uint32_t)nt)];
            int ns = deploy_spots(d, s, f, t, spots);
            int loc = spots[rng_below(&r, (uint32_t)ns)];
            for (int v = fo->first_unit; v < end; v++)
                if (s->cond[v] == PWG_UNPLACED && d->unit[v].type == t) {
                    s->cond[v] = PWG_STEADY;
                    pwg_cache_cond(s, v);
                    s->loc[v] = (uint8_t)loc;
                    s->hidden |= UINT64_C(1) << v;
                    break;
                }
        }
    }
    *rng = r.s;
}
