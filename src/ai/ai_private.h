/*
 * ai_private.h - what every kind of computer player shares inside src/ai:
 * the common head of a player instance, the kinds' tables and the random
 * playout that flat and the tree search both score positions with.
 */
#ifndef AI_PRIVATE_H
#define AI_PRIVATE_H

#include <stdbool.h>
#include "ai.h"

struct ai_player {
    const ai_kind *kind;   /* set by ai_new */
    ai_config cfg;
    uint64_t rng;          /* the player's own generator (SplitMix64 state) */
    /* the learned evaluation, loaded at the first decision of a game */
    struct ai_net *net;
    const eng_game *net_game;   /* the game it was looked for */
};

extern const ai_kind ai_random_kind;
extern const ai_kind ai_thumb_kind;
extern const ai_kind ai_flat_kind;
extern const ai_kind ai_mcts_kind;
extern const ai_kind ai_oracle_kind;

/* The rule set's playout hint (ai_hints_playout_weights, ai.h) bound once
 * to one state object (a search asks it at every step of every playout,
 * always of its one working copy): while s lives,
 * ai_hints_weigh(&h, acts, n, w) is ai_hints_playout_weights(s, acts, n,
 * w) for whatever position s then holds. */
typedef struct ai_hints_weigher {
    void (*fn)(const void *data, const void *st, const eng_action *acts, int n, double *w);
    const void *data, *body;
} ai_hints_weigher;
ai_hints_weigher ai_hints_playout_weigher(const eng_state *s);
static inline bool ai_hints_weigh(const ai_hints_weigher *h, const eng_action *acts, int n,
                                  double *w)
{
    if (!h->fn || n <= 0)
        return false;
    h->fn(h->data, h->body, acts, n, w);
    return true;
}

/* The tree-search player's decision (ai_mcts.c); with `oracle` the search
 * foresees chance and reads what the position hides (the oracle kind). */
eng_action ai_mcts_decide(ai_player *p, const eng_state *s, ai_explanation *why, bool oracle);

/* The whole-turn planner's decision (ai_plan.c), budgeted by the player's
 * iterations and time; *planned is false (and the action no choice) where
 * the side's run is a single decision, with nothing to plan. */
eng_action ai_plan_decide(ai_player *p, const eng_state *s, ai_explanation *why, bool *planned);

/* Every player's prospects in s into value[]: the returns if the game is
 * over, else the rule set's heuristic. */
void ai_score(const eng_state *s, double *value);

/* The network player p judges s's game by (its setting eval, else the
 * rule set's default), loaded at its first use in a game; NULL: the
 * heuristic. A network asked for (eval=net) that does not load is said on
 * standard error once and the heuristic judges. */
const struct ai_net *ai_player_net(ai_player *p, const eng_state *s);

/* ai_score by the network net, or by the heuristic when net is NULL. */
void ai_score_by(const struct ai_net *net, const eng_state *s, double *value);

/* Plays on from s at random for at most `horizon` steps, chance sampled
 * from its probabilities with *rng, then ai_score. */
void ai_playout(eng_state *s, int horizon, uint64_t *rng, double *value);

/* The sum of `me`'s results over `count` continuations of action a from s,
 * each a random playout of `horizon` steps; when s hides something from me
 * (`secrets`), each starts from a copy re-dealt from what me can see, and
 * is skipped where a is not legal there. *done gets how many ran. work is
 * scratch (a clone of s). */
double ai_sample_action(const eng_state *s, int me, eng_action a, int count, int horizon,
                        bool secrets, eng_state *work, uint64_t *rng, int *done);

/* A candidate and its sort key (its value with a whisker of noise, which
 * breaks ties without favouring the legal list's order). */
typedef struct ai_scored {
    ai_candidate c;
    double key;
} ai_scored;

/* Sorts c[0..n-1] best key first and returns the best action, filling
 * `why` (may be NULL) with the leaders and `work` (positions judged) for a
 * one-thread player that builds no tree. */
eng_action ai_rank(ai_scored *c, int n, long work, ai_explanation *why);

/* The rule of thumb's judgement (ai_thumb.c) of each of acts[0..n-1] for the
 * player to move in s, its chance of winning by the heuristic once the
 * next decision comes, into value[]; visits[] (may be NULL) gets how many
 * re-dealt positions each was judged in. budget: the most positions
 * judged per action (0: the default). Never peeks, never foresees. */
long ai_thumb_judge(const eng_state *s, const eng_action *acts, int n, int budget,
                    uint64_t *rng, double *value, int *visits);
/* The same, positions judged by the network net (NULL: the heuristic). */
long ai_thumb_judge_by(const struct ai_net *net, const eng_state *s, const eng_action *acts,
                       int n, int budget, uint64_t *rng, double *value, int *visits);

/* The rule of thumb's own decisions inside a combat it follows (setting
 * follow) where the rule set's hints ask it and the spec does not say. */
#define AI_THUMB_FOLLOWS 4
#define AI_STR_(x) #x
#define AI_STR(x) AI_STR_(x)   /* a macro's value as a string literal */

/* A uniformly random whole number below n from *rng. */
uint32_t ai_rand_below(uint64_t *rng, uint32_t n);
/* A uniformly random fraction in [0, 1) from *rng. */
double ai_rand_fraction(uint64_t *rng);
/* One of acts[0..n-1], drawn in proportion to the weights w (not all 0). */
eng_action ai_weighted_pick(const eng_action *acts, const double *w, int n, uint64_t *rng);

#endif
