/*
 * mcts_search.c - the iterations of one search tree (see mcts.h): each
 * starts from a fresh determinization of the root, walks down the tree by
 * the selection rule (sampling chance on the way with the searcher's own
 * generator, and following the outcome's child at a narrow chance point),
 * adds one decision node, plays out at random to the horizon and adds
 * the results to the nodes it passed.
 */
#include <stdlib.h>
#include <string.h>
#include "mcts.h"
#include "ai_private.h"
#include "rng.h"

#define MCTS_MAX_NODES (UINT32_C(1) << 21)   /* about 100 MB for all of a player's trees */
#define MCTS_MIN_NODES (UINT32_C(1) << 16)
#define MCTS_CHECK_EVERY 32                  /* iterations between clock checks */
#define MCTS_PLAYOUT_MAX 100000              /* steps: a game that long is cut */

/* Can no other root action catch up with the most visited in the
 * iterations left? */
static bool settled(const mcts_tree *t, long left)
{
    uint32_t first = 0, second = 0;
    for (uint32_t c = t->nodes[0].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling) {
        uint32_t v = t->nodes[c].visits;
        if (v > first) {
            second = first;
            first = v;
        } else if (v > second) {
            second = v;
        }
    }
    return (long)first - (long)second > left;
}

/* The trail's room doubled (kept apart, so that trail_push inlines). */
static void trail_grow(mcts_trail *tr)
{
    tr->cap = tr->cap ? 2 * tr->cap : 512;
    tr->player = realloc(tr->player, tr->cap * sizeof *tr->player);
    tr->action = realloc(tr->action, tr->cap * sizeof *tr->action);
    if (!tr->player || !tr->action)
        abort();
}

static inline void trail_push(mcts_trail *tr, int player, eng_action a)
{
    if (tr->n == tr->cap)
        trail_grow(tr);
    tr->player[tr->n] = player;
    tr->action[tr->n] = a;
    tr->n++;
}

static void path_push(uint32_t **path, size_t *cap, int depth, uint32_t node)
{
    if ((size_t)depth == *cap) {
        *cap *= 2;
        *path = realloc(*path, *cap * sizeof **path);
        if (!*path)
            abort();
    }
    (*path)[depth] = node;
}

/* What the playout's simulated players go by (play_on's chooser). */
typedef struct playout_ctx {
    const mcts_params *par;
    mcts_mast *mast;
    mcts_trail *tr;
    const ai_hints_weigher *hint;   /* the rule set's playout hint, bound to the work state */
    double *w;                      /* room for ENG_MAX_ACTIONS weights */
} playout_ctx;

/* A simulated player's action: the best by the move-average table among a
 * few random legal ones, one drawn by the rule set's playout hint, or one
 * at random; noted in the iteration's trail. */
static inline eng_action playout_choice(const playout_ctx *c, const eng_state *s, int who,
                                        const eng_action *acts, int n, uint64_t *rng)
{
    const mcts_params *par = c->par;
    double *w = c->w;
    eng_action a;
    if (n > 1 && par->mast_greedy > 0 && ai_rand_fraction(rng) < par->mast_greedy) {
        double best = -1;
        a = acts[0];
        for (int k = 0; k < par->mast_pool; k++) {
            eng_action x = acts[ai_rand_below(rng, (uint32_t)n)];
            double v = mcts_mast_mean(c->mast, who, x, 1.0);
            if (v > best) {
                best = v;
                a = x;
            }
        }
    } else if (n > 1 && par->hint && ai_hints_weigh(c->hint, acts, n, w)) {
        a = ai_weighted_pick(acts, w, n, rng);
    } else {
        a = acts[ai_rand_below(rng, (uint32_t)n)];
    }
    trail_push(c->tr, who, a);
    return a;
}

/* Leaves out of acts[0..n-1] (the legal actions in the position of the
 * state c's hint is bound to) the actions the rule set's playout hint gives
 * no weight, its plainly wrong moves, unless that leaves none; returns the
 * count left. Weighs into c's room for weights, which no playout is using
 * then. */
static int prune_blunders(const playout_ctx *c, eng_action *acts, int n)
{
    double *w = c->w;
    if (n < 2 || !ai_hints_weigh(c->hint, acts, n, w))
        return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (w[i] > 0)
            acts[k++] = acts[i];
    return k > 0 ? k : n;
}

/* A final result as the searcher counts it: with contempt, a draw (every
 * side's result alike) is worth less to it than to the others. */
static void final_result(const eng_state *s, const mcts_params *par, int me, double *value)
{
    ai_score_by(par->net, s, value);
    if (par->contempt <= 0 || !eng_is_terminal(s))
        return;
    int np = eng_game_players(eng_state_game(s));
    for (int p = 1; p < np; p++)
        if (value[p] != value[0])
            return;
    value[me] -= par->contempt;
}

/* Plays on from s for at most `steps` steps, players' actions by
 * playout_choice (inlined: a playout's every step), the rule set asked for
 * the player to move once a step; chance sampled from its probabilities,
 * or for the oracle the outcome the game's own seeded generator gives
 * (eng_chance_sample): its cheat, nobody else's. */
static void play_on(eng_state *s, int steps, playout_ctx *c, uint64_t *rng, eng_action *acts)
{
    const bool foresee = c->par->oracle;
    for (int h = 0; h < steps; h++) {
        int who = eng_current_player(s);
        if (who == ENG_TERMINAL)
            break;
        eng_action a;
        if (who == ENG_CHANCE) {
            a = foresee ? eng_chance_sample(s) : ai_sample_chance(s, rng);
        } else {
            int n = eng_legal_actions_by(s, who, acts);
            a = playout_choice(c, s, who, acts, n, rng);
        }
        eng_apply_fast_by(s, who, a);
    }
}

/* The playout: to the horizon, where the heuristic judges; then, if the
 * final result has a weight, on to the end, blending the two. */
static void playout(eng_state *s, playout_ctx *ctx, int me, uint64_t *rng,
                    eng_action *acts, double *value)
{
    const mcts_params *par = ctx->par;
    play_on(s, par->horizon, ctx, rng, acts);
    final_result(s, par, me, value);
    if (par->finish <= 0 || eng_is_terminal(s))
        return;
    double end[ENG_MAX_PLAYERS];
    play_on(s, MCTS_PLAYOUT_MAX, ctx, rng, acts);
    final_result(s, par, me, end);
    int np = eng_game_players(eng_state_game(s));
    for (int p = 0; p < np; p++)
        value[p] = (1 - par->finish) * value[p] + par->finish * end[p];
}

/* The root's children, matched to the real root's legal list; the visits
 * a prior started them with are not counted. */
static void report(const mcts_tree *t, const mcts_params *par, mcts_root *out)
{
    uint32_t k = par->prior ? (uint32_t)par->prior_visits : 0;
    for (uint32_t c = t->nodes[0].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling)
        for (int i = 0; i < out->n; i++)
            if (out->action[i] == t->nodes[c].action) {
                const mcts_node *ch = &t->nodes[c];
                uint32_t v = ch->visits > k ? ch->visits - k : 0;
                out->visits[i] += v;
                if (v)
                    out->value[i] += ch->value - (par->prior ? k * par->prior[i] : 0);
                break;
            }
}

/* With a prior, every root action gets its child at once, started with
 * the prior's visits at the prior's value. */
static void seed_root(mcts_tree *t, const mcts_params *par, const mcts_root *out, int me)
{
    uint32_t k = (uint32_t)par->prior_visits;
    if (!par->prior || k == 0)
        return;
    for (int i = out->n - 1; i >= 0; i--) {
        uint32_t c = mcts_tree_add_child(t, 0, me, out->action[i]);
        t->nodes[c].visits = k;
        t->nodes[c].avail = k;
        t->nodes[c].value = k * par->prior[i];
    }
}

void mcts_search(const eng_state *root, const mcts_params *par, mcts_root *out)
{
    const int me = eng_current_player(root);
    uint64_t rng = par->seed;
    out->n = eng_legal_actions(root, out->action);
    memset(out->visits, 0, sizeof out->visits);
    memset(out->value, 0, sizeof out->value);
    out->iterations = 0;

    /* The root as this player knows it: what it cannot see re-dealt, and
     * the game's generator replaced, so that nothing in any copy foretells
     * a coin or a die. */
    const bool hides = !par->oracle && eng_hides_from(root, me);
    eng_state *base = eng_state_clone(root), *work = eng_state_clone(root);
    if (!par->oracle)      /* the oracle alone keeps the real dice and secrets */
        eng_state_resample_hidden(base, me, &rng);

    mcts_tree *t = malloc(sizeof *t);
    if (!t)
        abort();
    /* a tree stops growing at its share of the player's memory; iterations
     * go on below its leaves */
    uint32_t room = MCTS_MAX_NODES / (uint32_t)(par->trees > 0 ? par->trees : 1);
    if (room < MCTS_MIN_NODES)
        room = MCTS_MIN_NODES;
    long want = par->iterations > 0 ? par->iterations + 1 : 1 << 16;
    mcts_tree_init(t, want < (long)room ? (uint32_t)want : room, room);
    size_t path_cap = 256;
    uint32_t *path = malloc(path_cap * sizeof *path);
    eng_action *acts = malloc(ENG_MAX_ACTIONS * sizeof *acts);
    mcts_mast *mast = malloc(sizeof *mast);
    if (!path || !acts || !mast)
        abort();
    mcts_mast_clear(mast);
    mcts_trail tr = {0};
    const ai_hints_weigher hint = ai_hints_playout_weigher(work);   /* work's positions */
    double *weights = malloc(ENG_MAX_ACTIONS * sizeof *weights);
    if (!weights)
        abort();
    playout_ctx ctx = {.par = par, .mast = mast, .tr = &tr, .hint = &hint, .w = weights};
    seed_root(t, par, out, me);

    long it = 0;
    for (;; it++) {
        if (par->iterations > 0 && it >= par->iterations)
            break;
        if (it % MCTS_CHECK_EVERY == 0 && it > 0) {
            if (par->deadline > 0 && ai_now() >= par->deadline)
                break;
            if (par->early_stop && par->iterations > 0 && settled(t, par->iterations - it))
                break;
        }
        eng_state_copy(work, base);
        if (hides)
            eng_state_resample_hidden(work, me, &rng);
        /* chance and playouts draw from *dice: the tree's own stream, or
         * with common random numbers a stream set by the root action's
         * visit count, so the n-th trial of every root action meets the
         * same dice */
        uint64_t dice = 0, *dp = par->crn ? &dice : &rng;
        int depth = 0;
        path[depth++] = 0;
        tr.n = 0;
        uint32_t node = 0;
        bool grown = false;
        while (!grown) {
            int who = eng_current_player(work);
            if (who == ENG_CHANCE) {
                eng_action o;
                int k = ai_sample_chance_of(work, dp, &o);
                if (par->oracle)
                    o = eng_chance_sample(work);
                eng_apply_fast_by(work, ENG_CHANCE, o);
                if (k > par->chance_branch)
                    continue;             /* wide: open loop */
                uint32_t c = mcts_tree_chance_child(t, node, o);
                if (c == MCTS_NONE)
                    break;                /* full: play out from here */
                trail_push(&tr, ENG_CHANCE, o);
                path_push(&path, &path_cap, depth++, c);
                node = c;
                continue;
            }
            if (who == ENG_TERMINAL)
                break;
            int n = eng_legal_actions_by(work, who, acts);
            if (par->prune)
                n = prune_blunders(&ctx, acts, n);
            eng_action fallback;
            uint32_t c = mcts_tree_select(t, node, who, acts, n, par, &rng, &fallback);
            if (c == MCTS_NONE) {
                trail_push(&tr, who, fallback);
                eng_apply_fast_by(work, who, fallback);
                break;
            }
            trail_push(&tr, who, t->nodes[c].action);
            grown = t->nodes[c].visits == 0;
            if (depth == 1 && par->crn)
                dice = rng_mix(par->seed ^ rng_mix(t->nodes[c].visits + UINT64_C(1)));
            eng_apply_fast_by(work, who, t->nodes[c].action);
            path_push(&path, &path_cap, depth++, c);
            node = c;
        }
        double value[ENG_MAX_PLAYERS];
        playout(work, &ctx, me, dp, acts, value);
        mcts_tree_backup(t, path, depth, value, &tr, par);
        if (par->mast_greedy > 0)
            for (size_t k = 0; k < tr.n; k++)
                if (tr.player[k] >= 0)
                    mcts_mast_add(mast, tr.player[k], tr.action[k], value[tr.player[k]]);
    }
    out->iterations = it;
    report(t, par, out);

    free(weights);
    free(tr.player);
    free(tr.action);
    free(mast);
    free(acts);
    free(path);
    mcts_tree_free(t);
    free(t);
    eng_state_free(work);
    eng_state_free(base);
}
