/*
 * srv_drawn.c - the drawings a game's replies were made from, kept as
 * outlines (eng_outline: the ids and a digest of each element's line, a
 * few KiB) so that the next request needs no new drawing of the same
 * picture: a move's reply compares the new position's drawing with the
 * outline of the one before, which the legal actions' reply drew; the
 * legal actions name their elements from the outline of the position's
 * drawing, which the last move's reply made. Each outline is keyed by the
 * step, the viewer and the position's fingerprint: a seat never gets what
 * was drawn for another (hidden pieces), nor what was drawn before an undo.
 */
#include "srv_private.h"

const eng_outline *srv_drawn_get(srv_game *g, const eng_state *s, size_t step, int viewer,
                                 const char *svg)
{
    uint64_t hash = eng_state_hash(s);
    srv_drawn *slot = &g->drawn[0];
    for (int i = 0; i < SRV_DRAWN_MAX; i++) {
        srv_drawn *d = &g->drawn[i];
        if (d->o && d->step == step && d->viewer == viewer && d->hash == hash) {
            d->used = ++g->drawn_tick;
            return d->o;
        }
        if (!d->o || (slot->o && d->used < slot->used))
            slot = d;                   /* an empty slot, or the least recently asked for */
    }
    eng_outline *o = eng_outline_new(svg ? svg : srv_draw(s, viewer));
    if (!o)
        return NULL;
    eng_outline_free(slot->o);
    *slot = (srv_drawn){.o = o, .step = step, .viewer = viewer, .hash = hash,
                        .used = ++g->drawn_tick};
    return o;
}

void srv_drawn_clear(srv_game *g)
{
    for (int i = 0; i < SRV_DRAWN_MAX; i++) {
        eng_outline_free(g->drawn[i].o);
        g->drawn[i].o = NULL;
    }
}
