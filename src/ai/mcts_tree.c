/*
 * mcts_tree.c - the nodes of one search tree and the selection rule (see
 * mcts.h): nodes live in one growing array and refer to each other by
 * index; a child list is walked once per visit, matching children to the
 * legal actions of this iteration's position at their places in the last
 * visit's list, or through a small hash table where the list has changed.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mcts.h"
#include "ai_private.h"

void mcts_tree_init(mcts_tree *t, uint32_t expect_nodes, uint32_t max_nodes)
{
    memset(t, 0, sizeof *t);
    t->cap = expect_nodes < 64 ? 64 : expect_nodes;
    t->max_nodes = max_nodes < 1 ? 1 : max_nodes;
    if (t->cap > t->max_nodes)
        t->cap = t->max_nodes;
    t->nodes = malloc((size_t)t->cap * sizeof *t->nodes);
    if (!t->nodes)
        abort();
    t->nodes[0] = (mcts_node){.player = -1, .first_child = MCTS_NONE, .next_sibling = MCTS_NONE};
    t->count = 1;
    for (int k = 0; k < MCTS_LOGS; k++)
        t->log_of[k] = -1;
}

/* log(k) for an availability k >= 1: the same bits as log's, computed
 * once per tree for the small ones. */
static inline double log_avail(mcts_tree *t, uint32_t k)
{
    if (k >= MCTS_LOGS)
        return log((double)k);
    if (t->log_of[k] < 0)
        t->log_of[k] = log((double)k);
    return t->log_of[k];
}

void mcts_tree_free(mcts_tree *t)
{
    free(t->nodes);
    t->nodes = NULL;
}

static uint32_t slot_of(eng_action a)
{
    uint32_t h = a * UINT32_C(0x9e3779b1);
    return h >> (32 - 12);                /* MCTS_SLOTS == 1 << 12 */
}

_Static_assert(MCTS_SLOTS == 1 << 12, "slot_of assumes 4096 slots");
_Static_assert(MCTS_SLOTS >= 2 * ENG_MAX_ACTIONS, "the table must stay half empty");

static void index_actions(mcts_tree *t, const eng_action *acts, int n)
{
    if (++t->gen == 0) {                  /* wrapped: empty for real */
        memset(t->slots, 0, sizeof t->slots);
        t->gen = 1;
    }
    for (int i = 0; i < n; i++) {
        uint32_t k = slot_of(acts[i]);
        while (t->slots[k].gen == t->gen && t->slots[k].action != acts[i])
            k = (k + 1) & (MCTS_SLOTS - 1);
        t->slots[k] = (mcts_slot){t->gen, acts[i], i};
    }
}

static int lookup(const mcts_tree *t, eng_action a)
{
    uint32_t k = slot_of(a);
    while (t->slots[k].gen == t->gen) {
        if (t->slots[k].action == a)
            return t->slots[k].index;
        k = (k + 1) & (MCTS_SLOTS - 1);
    }
    return -1;
}

uint32_t mcts_tree_add_child(mcts_tree *t, uint32_t parent, int who, eng_action a)
{
    if (t->count == t->cap) {
        uint32_t cap = t->cap > t->max_nodes / 2 ? t->max_nodes : t->cap * 2;
        mcts_node *grown = realloc(t->nodes, (size_t)cap * sizeof *grown);
        if (!grown)
            abort();
        t->nodes = grown;
        t->cap = cap;
    }
    uint32_t c = t->count++;
    t->nodes[c] = (mcts_node){.action = a, .player = who, .first_child = MCTS_NONE,
                              .next_sibling = t->nodes[parent].first_child, .avail = 1};
    t->nodes[parent].first_child = c;
    return c;
}

#define TRIED(i) (tried[(i) >> 6] >> ((i) & 63) & 1)

/* Where child ch's action stands in acts[0..n-1], or -1 if not there: at
 * its place the last time if it is still there (the legal list of a node
 * is often the same from one visit to the next), else by the table, which
 * is filled at the first child not found at its old place. The same answer
 * as the table's alone while the list holds each action once, which debug
 * builds check. */
static int place_of(mcts_tree *t, mcts_node *ch, const eng_action *acts, int n, bool *indexed)
{
    int i = (int)ch->at;
    bool still = i < n && acts[i] == ch->action;
#ifdef NDEBUG
    if (still)
        return i;
#endif
    if (!*indexed) {
        index_actions(t, acts, n);
        *indexed = true;
    }
    int j = lookup(t, ch->action);
    assert(!still || j == i);
    if (j >= 0)
        ch->at = (uint32_t)j;
    return j;
}

/* Classic UCT over availability: untried actions first. */
static uint32_t select_uct(mcts_tree *t, uint32_t node, int who, const eng_action *acts,
                           int n, const mcts_params *par, uint64_t *rng, eng_action *fallback)
{
    uint64_t tried[ENG_MAX_ACTIONS / 64] = {0};
    int matched = 0;
    bool indexed = false;
    uint32_t best = MCTS_NONE;
    double best_score = -1e300;
    for (uint32_t c = t->nodes[node].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling) {
        mcts_node *ch = &t->nodes[c];
        if (ch->player != who)
            continue;
        int i = place_of(t, ch, acts, n, &indexed);
        if (i < 0)
            continue;                     /* not legal in this world */
        tried[i >> 6] |= UINT64_C(1) << (i & 63);
        matched++;
        ch->avail++;
        double score = ch->visits == 0 ? 1e300
                     : ch->value / ch->visits
                       + par->explore * sqrt(log_avail(t, ch->avail) / ch->visits);
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    if (matched == n)
        return best;
    /* an action not tried yet: try it now (one of them at random) */
    uint32_t k = ai_rand_below(rng, (uint32_t)(n - matched));
    int pick = -1;
    for (int i = 0; i < n; i++)
        if (!TRIED(i) && k-- == 0) {
            pick = i;
            break;
        }
    if (t->count >= t->max_nodes) {      /* full: play it without a node */
        *fallback = acts[pick];
        return MCTS_NONE;
    }
    uint32_t c = mcts_tree_add_child(t, node, who, acts[pick]);
    t->nodes[c].at = (uint32_t)pick;
    return c;
}

/* UCT-RAVE (Gelly and Silver, 2007): every legal action has its child,
 * scored by its mean blended with its AMAF mean, the blend moving to the
 * mean as visits grow: beta = sqrt(k / (3 visits + k)). A child never
 * visited nor seen later in any iteration scores as the average child. */
static uint32_t select_rave(mcts_tree *t, uint32_t node, int who, const eng_action *acts,
                            int n, const mcts_params *par, uint64_t *rng, eng_action *fallback)
{
    uint64_t tried[ENG_MAX_ACTIONS / 64] = {0};
    int matched = 0;
    double sum = 0;
    uint32_t vis = 0;
    for (uint32_t c = t->nodes[node].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling) {
        mcts_node *ch = &t->nodes[c];
        if (ch->player != who)
            continue;
        int i = lookup(t, ch->action);
        if (i < 0)
            continue;
        tried[i >> 6] |= UINT64_C(1) << (i & 63);
        matched++;
        ch->avail++;
        sum += ch->value;
        vis += ch->visits;
    }
    for (int i = 0; i < n && matched < n; i++)
        if (!TRIED(i)) {
            if (t->count >= t->max_nodes) {
                if (matched == 0) {       /* full, and nothing here yet */
                    *fallback = acts[ai_rand_below(rng, (uint32_t)n)];
                    return MCTS_NONE;
                }
                break;
            }
            mcts_tree_add_child(t, node, who, acts[i]);
            matched++;
        }
    double fpu = vis ? sum / vis : 0.5;
    uint32_t best = MCTS_NONE;
    double best_score = -1e300;
    for (uint32_t c = t->nodes[node].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling) {
        mcts_node *ch = &t->nodes[c];
        if (ch->player != who || lookup(t, ch->action) < 0)
            continue;
        double v;
        if (ch->amaf_n == 0)
            v = ch->visits ? ch->value / ch->visits : fpu;
        else {
            double a = ch->amaf_value / ch->amaf_n;
            double beta = sqrt(par->rave_k / (3.0 * ch->visits + par->rave_k));
            v = ch->visits ? (1 - beta) * ch->value / ch->visits + beta * a : a;
        }
        double score = v + par->explore * sqrt(log_avail(t, ch->avail) / (ch->visits + 1));
        if (ch->visits == 0)
            score += ai_rand_fraction(rng) * 1e-9;   /* ties among the untried: at random */
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

uint32_t mcts_tree_select(mcts_tree *t, uint32_t node, int who, const eng_action *acts,
                          int n, const mcts_params *par, uint64_t *rng, eng_action *fallback)
{
    if (par->rave_k <= 0)
        return select_uct(t, node, who, acts, n, par, rng, fallback);
    index_actions(t, acts, n);
    return select_rave(t, node, who, acts, n, par, rng, fallback);
}

uint32_t mcts_tree_chance_child(mcts_tree *t, uint32_t node, eng_action a)
{
    for (uint32_t c = t->nodes[node].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling)
        if (t->nodes[c].player == ENG_CHANCE && t->nodes[c].action == a)
            return c;
    if (t->count >= t->max_nodes)
        return MCTS_NONE;
    return mcts_tree_add_child(t, node, ENG_CHANCE, a);
}

void mcts_tree_backup(mcts_tree *t, const uint32_t *path, int depth, const double *value,
                      const mcts_trail *trail, const mcts_params *par)
{
    t->nodes[path[0]].visits++;
    for (int d = 1; d < depth; d++) {
        mcts_node *nd = &t->nodes[path[d]];
        nd->visits++;
        if (nd->player >= 0)
            nd->value += value[nd->player];
    }
    if (par->rave_k <= 0)
        return;
    for (int d = 0; d < depth && (size_t)d < trail->n; d++) {
        int mover = trail->player[d];
        if (mover < 0)
            continue;                     /* a chance outcome */
        /* the actions mover took from here on: its run, or to the end */
        if (++t->gen == 0) {
            memset(t->slots, 0, sizeof t->slots);
            t->gen = 1;
        }
        int count = 0;
        for (size_t k = (size_t)d; k < trail->n && count < ENG_MAX_ACTIONS; k++) {
            if (trail->player[k] == ENG_CHANCE)
                continue;
            if (trail->player[k] != mover) {
                if (!par->rave_all)
                    break;
                continue;
            }
            eng_action a = trail->action[k];
            uint32_t s = slot_of(a);
            while (t->slots[s].gen == t->gen && t->slots[s].action != a)
                s = (s + 1) & (MCTS_SLOTS - 1);
            if (t->slots[s].gen != t->gen) {
                t->slots[s] = (mcts_slot){t->gen, a, 0};
                count++;
            }
        }
        for (uint32_t c = t->nodes[path[d]].first_child; c != MCTS_NONE;
             c = t->nodes[c].next_sibling) {
            mcts_node *ch = &t->nodes[c];
            if (ch->player == mover && lookup(t, ch->action) >= 0) {
                ch->amaf_n++;
                ch->amaf_value += value[mover];
            }
        }
    }
}
