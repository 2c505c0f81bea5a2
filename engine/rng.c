/*
 * rng.c - xoshiro256** seeded by splitmix64 (public-domain algorithms by
 * David Blackman and Sebastiano Vigna, written here from their papers).
 */
#include "rng.h"

uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;

	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

/*
 * The remainder of a bounded draw (rng_fast_mod) is Lemire, Kaser and
 * Kurz's direct computation ("Faster remainder by direct computation",
 * 2019): with M = ceil(2^64 / n), the top 64 bits of (M * a mod 2^64) * n
 * are exactly a mod n for every a below 2^(64 - L), where 2^L >= n; for n
 * up to 128 that is every a below 2^57. A 64-bit draw x is first folded
 * below that bound without changing its remainder: x = h * 2^56 + l
 * becomes h * (2^56 mod n) + l, less than 2^56 + 255 * 127. Same draws,
 * same results as x % n, for two multiplications and one of the fold
 * instead of a division.
 */
#define BELOW_ENTRY(n) { RNG_BELOW_LIMIT(n), ((uint64_t)1 << RNG_FOLD_BITS) % (n), \
	UINT64_MAX / (n) + 1, (n) }
#define BELOW_ENTRIES8(b) BELOW_ENTRY(b), BELOW_ENTRY(b + 1), BELOW_ENTRY(b + 2), \
	BELOW_ENTRY(b + 3), BELOW_ENTRY(b + 4), BELOW_ENTRY(b + 5), BELOW_ENTRY(b + 6), \
	BELOW_ENTRY(b + 7)

const struct rng_below_entry rng_below_table[RNG_BELOW_MAX + 1] = {
	{ 0, 0, 0, 0 },
	BELOW_ENTRIES8(1), BELOW_ENTRIES8(9), BELOW_ENTRIES8(17), BELOW_ENTRIES8(25),
	BELOW_ENTRIES8(33), BELOW_ENTRIES8(41), BELOW_ENTRIES8(49), BELOW_ENTRIES8(57),
	BELOW_ENTRIES8(65), BELOW_ENTRIES8(73), BELOW_ENTRIES8(81), BELOW_ENTRIES8(89),
	BELOW_ENTRIES8(97), BELOW_ENTRIES8(105), BELOW_ENTRIES8(113), BELOW_ENTRIES8(121),
};

/*
 * The shuffle draws into a copy of the generator: the compiler then keeps
 * its state in registers for the whole deck instead of loading and
 * storing it on every step. Past the first bound of at most
 * RNG_BELOW_MAX every bound is in the table, so the second loop asks
 * nothing but the table.
 */
void rng_shuffle(struct rng *r, uint8_t *a, int n)
{
	struct rng local = *r;
	uint64_t i = n > 0 ? (uint64_t)n : 1; /* the bound of the step: a[i - 1] swaps */

	for (; i > RNG_BELOW_MAX; i--) {
		uint64_t j = rng_below(&local, (uint32_t)i);
		uint8_t t = a[i - 1];

		a[i - 1] = a[j];
		a[j] = t;
	}
	for (; i > 1; i--) {
		const struct rng_below_entry *b = &rng_below_table[i];
		uint64_t x, j;
		uint8_t t;

		do
			x = rng_next(&local);
		while (x > b->limit);
		j = rng_fast_mod(x, b);
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
	*r = local;
}
