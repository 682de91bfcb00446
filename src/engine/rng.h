/*
 * rng.h - the seeded generator that decides chance outcomes.
 *
 * SplitMix64 (Steele, Lea and Flood, 2014): the state is one 64-bit counter,
 * each draw adds the golden-ratio constant and mixes. It is exact integer
 * arithmetic, so the same seed gives the same numbers on every machine.
 * An outcome is picked by drawing a 53-bit fraction u in [0,1) and walking
 * the outcomes' cumulative probabilities.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

typedef struct eng_rng {
    uint64_t s;
} eng_rng;

static inline uint64_t rng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static inline void rng_seed(eng_rng *r, uint64_t seed) { r->s = seed; }

/* The next 64-bit number, advancing the generator. */
static inline uint64_t rng_next(eng_rng *r)
{
    r->s += UINT64_C(0x9e3779b97f4a7c15);
    return rng_mix(r->s);
}

/* The next number without advancing. */
static inline uint64_t rng_peek(const eng_rng *r)
{
    return rng_mix(r->s + UINT64_C(0x9e3779b97f4a7c15));
}

/* A fraction in [0,1) from a 64-bit draw. */
static inline double rng_fraction(uint64_t x)
{
    return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* A whole number in [0, n), n > 0 (Lemire's multiply; tiny bias is fine
 * for players and search, never used for records' chance). */
static inline uint32_t rng_below(eng_rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
