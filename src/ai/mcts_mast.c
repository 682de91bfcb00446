/*
 * mcts_mast.c - the move-average table of one search (MAST: Finnsson and
 * Björnsson, 2008): for every (player, action) seen in the search, the
 * average result that player got in the iterations where it took that
 * action, wherever it came. Playouts use it to prefer actions that have
 * done well, so both sides play out more like players than like dice.
 */
#include <string.h>
#include "mcts.h"

static uint32_t slot_of(uint64_t key)
{
    key *= UINT64_C(0x9e3779b97f4a7c15);
    return (uint32_t)(key >> (64 - MCTS_MAST_BITS));
}

static uint64_t key_of(int player, eng_action a)
{
    return ((uint64_t)(uint32_t)(player + 1) << 32 | a) + 1;   /* never 0 */
}

void mcts_mast_clear(mcts_mast *m)
{
    memset(m, 0, sizeof *m);
}

/* The entry of (player, a), or NULL if absent (add: make it, unless full). */
static mcts_mast_entry *find(mcts_mast *m, int player, eng_action a, bool add)
{
    uint64_t key = key_of(player, a);
    uint32_t mask = (1u << MCTS_MAST_BITS) - 1;
    for (uint32_t k = slot_of(key);; k = (k + 1) & mask) {
        mcts_mast_entry *e = &m->e[k];
        if (e->key == key)
            return e;
        if (e->key == 0) {
            if (!add || m->used >= (mask + 1) / 4 * 3)
                return NULL;
            m->used++;
            e->key = key;
            return e;
        }
    }
}

void mcts_mast_add(mcts_mast *m, int player, eng_action a, double value)
{
    mcts_mast_entry *e = find(m, player, a, true);
    if (e) {
        e->sum += (float)value;
        e->n++;
    }
}

double mcts_mast_mean(mcts_mast *m, int player, eng_action a, double unseen)
{
    mcts_mast_entry *e = find(m, player, a, false);
    return e && e->n ? e->sum / e->n : unseen;
}
