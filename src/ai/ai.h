/*
 * ai.h - computer players. They see a game only through engine.h, so each
 * works for every rule set, and they never foresee chance: outcomes are
 * sampled from the listed probabilities with the player's own generator,
 * never from the game's.
 *
 * A kind of player is a const table in the registry (ai_registry); an
 * instance holds its own generator and budget and is used by one thread.
 */
#ifndef AI_H
#define AI_H

#include "engine.h"

#define AI_EXPLAIN_MAX 8

typedef struct ai_config {
    uint64_t seed;         /* the player's own generator */
    int iterations;        /* search budget; 0 = the kind's default */
    int time_ms;           /* or a time budget; 0 = none */
    int threads;           /* 0 = 1 */
} ai_config;

/* One candidate move and what the player thinks of it. */
typedef struct ai_candidate {
    eng_action action;
    double value;          /* estimated result for the mover, 0..1 */
    int visits;            /* samples or visits behind the value */
} ai_candidate;

typedef struct ai_explanation {
    int count;             /* candidates filled, best first */
    ai_candidate best[AI_EXPLAIN_MAX];
} ai_explanation;

typedef struct ai_player ai_player;

typedef struct ai_kind {
    const char *name;      /* "random", "thumb" */
    const char *summary;
    ai_player *(*create)(const ai_config *cfg);
    void (*destroy)(ai_player *p);
    /* Chooses a legal action for the player to move in s (never a chance
     * point). Fills why if not NULL. */
    eng_action (*choose)(ai_player *p, const eng_state *s, ai_explanation *why);
} ai_kind;

const ai_kind *const *ai_registry(void);
const ai_kind *ai_kind_find(const char *name);

/* Wrappers. */
ai_player *ai_new(const ai_kind *k, const ai_config *cfg);
void ai_free(ai_player *p);
eng_action ai_choose(ai_player *p, const eng_state *s, ai_explanation *why);
const ai_kind *ai_player_kind(const ai_player *p);

/* Draws a chance outcome from its probabilities with the caller's
 * generator state (never the game's). */
eng_action ai_sample_chance(const eng_state *s, uint64_t *rng);

#endif
