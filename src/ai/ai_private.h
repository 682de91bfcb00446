/*
 * ai_private.h - what every kind of computer player shares inside src/ai:
 * the common head of a player instance and the kinds' tables.
 */
#ifndef AI_PRIVATE_H
#define AI_PRIVATE_H

#include "ai.h"

struct ai_player {
    const ai_kind *kind;   /* set by ai_new */
    ai_config cfg;
    uint64_t rng;          /* the player's own generator (SplitMix64 state) */
};

extern const ai_kind ai_random_kind;
extern const ai_kind ai_thumb_kind;

#endif
