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
 *
 * The step and the bounded draw are defined here, inline: @random draws
 * once a move, and a call there costs a quarter of the draw.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
/* Fisher-Yates shuffle of n bytes: for i = n-1 down to 1, swap a[i], a[rng_below(i+1)]. */
void rng_shuffle(struct rng *r, uint8_t *a, int n);
/* splitmix64 step, also used to derive independent seeds (arena game ids). */
uint64_t splitmix64(uint64_t *x);

/* The next 64-bit output of the generator. */
static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/*
 * The largest draw kept for a bound of n: 2^64 mod n values at the top
 * would make small residues likelier, so draws above it are rejected.
 */
#define RNG_BELOW_LIMIT(n) (UINT64_MAX - ((UINT64_MAX % (n)) + 1) % (n))

/*
 * Bounds up to RNG_BELOW_MAX (every deck, every list of moves)
 * take their rejection limit and the remainder's constants from a table
 * (rng.c says how the remainder is computed, exactly x % n).
 */
struct rng_below_entry {
	uint64_t limit;
	uint64_t fold;  /* 2^RNG_FOLD_BITS mod n */
	uint64_t magic; /* ceil(2^64 / n); 0 for n = 1, whose remainders are all 0 */
	uint64_t n;     /* the bound itself: a loop over the table reads it, not its counter */
};

#define RNG_FOLD_BITS 56
#define RNG_BELOW_MAX 128
extern const struct rng_below_entry rng_below_table[RNG_BELOW_MAX + 1];

/* x mod n from the table's entry b for n (n at most RNG_BELOW_MAX). */
static inline uint64_t rng_fast_mod(uint64_t x, const struct rng_below_entry *b)
{
	__extension__ typedef unsigned __int128 u128;
	uint64_t a = (x >> RNG_FOLD_BITS) * b->fold + (x & (((uint64_t)1 << RNG_FOLD_BITS) - 1));

	return (uint64_t)(((u128)(b->magic * a) * b->n) >> 64);
}

/*
 * rng_below(r, n) for n from 1 to RNG_SMALL_MAX: the same draws and the
 * same result, with almost none of it waiting for n. The draw's
 * remainders by every such n are looked up at once, 4 bits each (bits
 * 4(n - 1) up): every such n but 7 and 11 divides 360, and those two
 * divide 77, so x % n is (x % 360) % n or (x % 77) % n, and the tables
 * hold those of every remainder by 360 and by 77. Both remainders are by
 * constants and need only the draw, so they are made while the caller is
 * still counting its n (@random counts a hand's cards); once n is known,
 * its remainder is a shift away.
 */
#define RNG_SMALL_MAX 12
extern const uint64_t rng_rems_360[360], rng_rems_77[77];
static inline uint32_t rng_below_small(struct rng *r, uint32_t n)
{
	const struct rng_below_entry *b = &rng_below_table[n];
	uint64_t x;

	do
		x = rng_next(r);
	while (x > b->limit);
	return (uint32_t)((rng_rems_360[x % 360] | rng_rems_77[x % 77]) >> (4 * (n - 1))) & 15;
}

/* Uniform in [0, n); n must be at least 1. Exactly x % n of the first draw x kept. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	uint64_t x;

	if (n <= RNG_BELOW_MAX) {
		const struct rng_below_entry *b = &rng_below_table[n];

		do
			x = rng_next(r);
		while (x > b->limit);
		return (uint32_t)rng_fast_mod(x, b);
	}
	do
		x = rng_next(r);
	while (x > RNG_BELOW_LIMIT(n));
	return (uint32_t)(x % n);
}

#endif
