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
 * rng_below_small()'s tables: for a remainder v by 360, v % n in bits
 * 4(n - 1) up for every n up to 12 that divides 360; for a remainder by
 * 77, those of 7 and 11.
 */
#define REM(v, n) ((uint64_t)((v) % (n)) << (4 * ((n) - 1)))
#define REMS_360(v) (REM(v, 1) | REM(v, 2) | REM(v, 3) | REM(v, 4) | REM(v, 5) | REM(v, 6) | \
	REM(v, 8) | REM(v, 9) | REM(v, 10) | REM(v, 12))
#define REMS_77(v) (REM(v, 7) | REM(v, 11))
#define REMS8(f, v) f(v), f(v + 1), f(v + 2), f(v + 3), f(v + 4), f(v + 5), f(v + 6), f(v + 7)
#define REMS40(f, v) REMS8(f, v), REMS8(f, v + 8), REMS8(f, v + 16), REMS8(f, v + 24), \
	REMS8(f, v + 32)

const uint64_t rng_rems_360[360] = {
	REMS40(REMS_360, 0), REMS40(REMS_360, 40), REMS40(REMS_360, 80), REMS40(REMS_360, 120),
	REMS40(REMS_360, 160), REMS40(REMS_360, 200), REMS40(REMS_360, 240),
	REMS40(REMS_360, 280), REMS40(REMS_360, 320),
};

const uint64_t rng_rems_77[77] = {
	REMS40(REMS_77, 0), REMS8(REMS_77, 40), REMS8(REMS_77, 48), REMS8(REMS_77, 56),
	REMS8(REMS_77, 64), REMS_77(72), REMS_77(73), REMS_77(74), REMS_77(75), REMS_77(76),
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
