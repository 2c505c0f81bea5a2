/*
 * rng.h - the project's only source of randomness: xoshiro256**.
 *
 * The state is seeded from one 64-bit number through splitmix64, exactly
 * as the algorithm's authors recommend (Blackman and Vigna, "Scrambled
 * linear pseudorandom number generators", 2018). Both are defined on
 * unsigned 64-bit integers only, so a seed produces the same stream on
 * every machine and compiler. Bounded draws use rejection sampling, so
 * rng_below(n) is exactly uniform; shuffles are Fisher-Yates from the
 * last position down. docs/rng.md gives the reference values a port can
 * check against.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n); n must be at least 1. */
uint32_t rng_below(struct rng *r, uint32_t n);
/* Fisher-Yates shuffle of n bytes: for i = n-1 down to 1, swap a[i], a[rng_below(i+1)]. */
void rng_shuffle(struct rng *r, uint8_t *a, int n);
/* splitmix64 step, also used to derive independent seeds (arena game ids). */
uint64_t splitmix64(uint64_t *x);

#endif
