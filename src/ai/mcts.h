/*
 * mcts.h - information-set Monte Carlo tree search, inside src/ai only.
 *
 * The tree is open loop: a node stands for a sequence of player actions
 * from the root, whatever chance did in between, so chance outcomes are
 * never stored but sampled afresh in every iteration from the listed
 * probabilities with the searcher's own generator. Every iteration starts
 * from a determinization of the root: a copy in which everything the
 * player to move cannot see is re-dealt (eng_state_resample_hidden), and
 * the game's generator with it. So one tree gathers what is known from all
 * the worlds consistent with what the player has seen (Cowling, Powley and
 * Whitehouse, "Information Set Monte Carlo Tree Search", 2012).
 *
 * With the setting chance=N, chance points with at most N outcomes (a
 * coin, a die) are the exception: each outcome seen there gets a child of
 * its own, so the decisions below it are made knowing how the toss or the
 * roll fell (closed loop), at the price of splitting the visits below it.
 * Wide chance points (a card deal) stay open loop. With common
 * random numbers (crn) the chance draws and playout choices of the n-th
 * iteration through each root action come from the same stream, so root
 * actions are compared on the same dice. Both are settings for experiments
 * (off in the levels; docs/ai.md has what they measured).
 *
 * Because a node's position differs between iterations, its legal actions
 * are listed again each time it is reached; a child is an action seen
 * there (by the player who took it), and its availability counts the
 * iterations in which it was legal, for the selection rule:
 *
 *     mean + explore * sqrt(ln(availability) / visits)
 *
 * Values are vectors, one result per player, and each node's choice
 * maximises the result of the player who moves there, so with three or four
 * forces each plays for itself. A leaf is scored by a random playout cut off
 * at a horizon, where the rule set's heuristic judges each player's
 * prospects (or by the returns, if the game ended).
 *
 * mcts_tree.c owns the nodes and the selection rule; mcts_search.c runs the
 * iterations of one tree; ai_mcts.c is the player, with one tree per thread
 * (root parallelism) whose root counts are added up.
 */
#ifndef MCTS_H
#define MCTS_H

#include <stdint.h>
#include "ai.h"

#define MCTS_NONE UINT32_MAX

typedef struct mcts_node {
    eng_action action;     /* the action leading here (unused at the root) */
    int32_t player;        /* who took it; ENG_CHANCE for a chance outcome */
    uint32_t first_child;  /* MCTS_NONE if none */
    uint32_t next_sibling; /* MCTS_NONE at the end */
    uint32_t visits;       /* iterations through this node */
    uint32_t avail;        /* iterations that reached the parent with this action legal */
    uint32_t amaf_n;       /* iterations in which the mover took this action later on */
    uint32_t at;           /* where the action stood in the legal list when last
                              matched (a guess: the list is often the same) */
    double value;          /* sum of the mover's results over the visits */
    double amaf_value;     /* sum of the mover's results over those iterations */
} mcts_node;

/* A lookup table from action to its index in the legal list, reused for
 * every node (a generation number empties it in O(1)). */
#define MCTS_SLOTS 4096    /* a power of two, at least 2 * ENG_MAX_ACTIONS */

typedef struct mcts_slot {
    uint32_t gen;
    eng_action action;
    int index;
} mcts_slot;

/* The natural logarithms of the availabilities below this, kept as the
 * selection rule first asks for each (log is most of its cost). */
#define MCTS_LOGS 4096

typedef struct mcts_tree {
    mcts_node *nodes;      /* nodes[0] is the root */
    uint32_t count, cap;
    uint32_t max_nodes;    /* when full, iterations go on without growing */
    mcts_slot slots[MCTS_SLOTS];
    uint32_t gen;
    double log_of[MCTS_LOGS];  /* log(k), or -1 until first asked */
} mcts_tree;

/* The move-average table (mcts_mast.c). */
#define MCTS_MAST_BITS 13

typedef struct mcts_mast_entry {
    uint64_t key;          /* (player + 1) << 32 | action, plus 1; 0 = empty */
    float sum;
    uint32_t n;
} mcts_mast_entry;

typedef struct mcts_mast {
    mcts_mast_entry e[1u << MCTS_MAST_BITS];
    uint32_t used;
} mcts_mast;

typedef struct mcts_params {
    long iterations;       /* 0 = until the deadline */
    double deadline;       /* ai_now() time to stop; 0 = none */
    double explore;
    int horizon;           /* playout steps before the heuristic judges */
    double finish;         /* weight of the final result, played on to the end */
    uint64_t seed;
    int trees;             /* trees searched at once (threads): they share the memory */
    bool early_stop;       /* stop once no other root action can overtake the best */
    double mast_greedy;    /* playouts: chance of the MAST-best of a few, else random */
    bool hint;             /* playouts draw from the rule set's playout hint */
    int mast_pool;         /* how many random legal actions MAST chooses among */
    double rave_k;         /* RAVE equivalence: visits at which AMAF and the mean
                              weigh alike; 0 = no RAVE (try each action once first) */
    bool rave_all;         /* AMAF counts the mover's actions to the end of the
                              iteration, not only its own run of decisions */
    bool crn;              /* common random numbers: the n-th iteration through
                              each root action meets the same chance draws */
    int chance_branch;     /* a chance point with at most this many outcomes gets
                              a child per outcome seen (closed loop); 0 = none */
    const double *prior;   /* per root action (in the root's legal order): a value
                              to start its child with; NULL = none */
    double prior_visits;   /* ... counted as this many visits */
    double contempt;       /* a drawn ending counts this much less for the searcher */
    bool prune;            /* at tree nodes, leave out the actions the rule set's
                              playout hint gives no weight (its plainly wrong
                              moves) while any other has weight */
    bool oracle;           /* cheat (the oracle yardstick): no re-deal of what is
                              hidden, and chance takes the game's own outcome */
    const struct ai_net *net;  /* judges at the horizon instead of the heuristic;
                              NULL = the heuristic (read-only, shared by threads) */
} mcts_params;

/* One iteration's player decisions, in the tree and in the playout, for
 * the move averages and AMAF. */
typedef struct mcts_trail {
    int32_t *player;
    eng_action *action;
    size_t n, cap;
} mcts_trail;

/* What one search found at the root. */
typedef struct mcts_root {
    int n;                              /* root actions (the real root's legal list) */
    eng_action action[ENG_MAX_ACTIONS];
    uint32_t visits[ENG_MAX_ACTIONS];
    double value[ENG_MAX_ACTIONS];      /* sums of the mover's results */
    long iterations;
} mcts_root;

/* ---- mcts_tree.c ---------------------------------------------------------- */

void mcts_tree_init(mcts_tree *t, uint32_t expect_nodes, uint32_t max_nodes);
void mcts_tree_free(mcts_tree *t);

/* The child of `node` to follow in position s (player `who` to move, legal
 * actions acts[0..n-1]), counting availability on the way. Without RAVE:
 * an action not tried yet if there is one (at random), else the best by
 * the selection rule. With RAVE every legal action gets its child at once
 * and the rule blends each child's mean with its AMAF mean. Returns the
 * child's index, or MCTS_NONE when the tree is full and the action to play
 * is returned in *fallback. */
uint32_t mcts_tree_select(mcts_tree *t, uint32_t node, int who, const eng_action *acts,
                          int n, const mcts_params *par, uint64_t *rng, eng_action *fallback);

/* A new child of `parent` for `who`'s action a (the tree must have room). */
uint32_t mcts_tree_add_child(mcts_tree *t, uint32_t parent, int who, eng_action a);

/* The child of `node` for chance outcome a, added if new; MCTS_NONE when
 * the tree is full. */
uint32_t mcts_tree_chance_child(mcts_tree *t, uint32_t node, eng_action a);

/* Adds an iteration's results to the nodes on its path (path[0] the root,
 * trail->action[d] the action taken at path[d]) and, with RAVE, to the
 * AMAF counts of every child of a path node whose action the same player
 * took later in the iteration. */
void mcts_tree_backup(mcts_tree *t, const uint32_t *path, int depth, const double *value,
                      const mcts_trail *trail, const mcts_params *par);

/* ---- mcts_mast.c ---------------------------------------------------------- */

void mcts_mast_clear(mcts_mast *m);
void mcts_mast_add(mcts_mast *m, int player, eng_action a, double value);
/* The average result of player after a, or `unseen` if never taken. */
double mcts_mast_mean(mcts_mast *m, int player, eng_action a, double unseen);

/* ---- mcts_search.c -------------------------------------------------------- */

/* Searches from root for the player to move there, within the budget, and
 * fills out with the root actions' counts. Never reads what that player
 * cannot see, never uses the game's generator. */
void mcts_search(const eng_state *root, const mcts_params *par, mcts_root *out);

#endif
