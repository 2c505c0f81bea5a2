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

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t rng_next(struct rng *r)
{
	return next(r);
}

/*
 * The largest draw kept for a bound of n: 2^64 mod n values at the top
 * would make small residues likelier, so draws above it are rejected.
 */
#define BELOW_LIMIT(n) (UINT64_MAX - ((UINT64_MAX % (n)) + 1) % (n))

/*
 * Bounds up to 64 (every deck, nearly every list of moves) take their
 * rejection limit and the remainder's constants from a table. The
 * remainder is Lemire, Kaser and Kurz's direct computation ("Faster
 * remainder by direct computation", 2019): with M = ceil(2^64 / n), the
 * top 64 bits of (M * a mod 2^64) * n are exactly a mod n for every a
 * below 2^(64 - L), where 2^L >= n; for n up to 64 that is every a below
 * 2^58. A 64-bit draw x is first folded below that bound without changing
 * its remainder: x = h * 2^57 + l becomes h * (2^57 mod n) + l, less than
 * 2^57 + 127 * 63. Same draws, same results as x % n, for two
 * multiplications and one of the fold instead of a division.
 */
struct below {
	uint64_t limit;
	uint64_t fold;  /* 2^57 mod n */
	uint64_t magic; /* ceil(2^64 / n); 0 for n = 1, whose remainders are all 0 */
};

#define FOLD_BITS 57
#define BELOW_ENTRY(n) { BELOW_LIMIT(n), ((uint64_t)1 << FOLD_BITS) % (n), UINT64_MAX / (n) + 1 }
#define BELOW_ENTRIES8(b) BELOW_ENTRY(b), BELOW_ENTRY(b + 1), BELOW_ENTRY(b + 2), \
	BELOW_ENTRY(b + 3), BELOW_ENTRY(b + 4), BELOW_ENTRY(b + 5), BELOW_ENTRY(b + 6), \
	BELOW_ENTRY(b + 7)
#define BELOW_MAX 64

static const struct below below_table[BELOW_MAX + 1] = {
	{ 0, 0, 0 },
	BELOW_ENTRIES8(1), BELOW_ENTRIES8(9), BELOW_ENTRIES8(17), BELOW_ENTRIES8(25),
	BELOW_ENTRIES8(33), BELOW_ENTRIES8(41), BELOW_ENTRIES8(49), BELOW_ENTRIES8(57),
};

/* x mod n from the table's entry for n (n at most 64). */
static inline uint64_t fast_mod(uint64_t x, const struct below *b, uint64_t n)
{
	__extension__ typedef unsigned __int128 u128;
	uint64_t a = (x >> FOLD_BITS) * b->fold + (x & (((uint64_t)1 << FOLD_BITS) - 1));

	return (uint64_t)(((u128)(b->magic * a) * n) >> 64);
}

/*
 * One bounded draw, inlined into rng_below() and into the shuffle's loop,
 * where the compiler then keeps the generator's state in registers for the
 * whole deck instead of loading and storing it on every step.
 */
static inline uint32_t below(struct rng *r, uint32_t n)
{
	uint64_t x;

	if (n <= BELOW_MAX) {
		const struct below *b = &below_table[n];

		do
			x = next(r);
		while (x > b->limit);
		return (uint32_t)fast_mod(x, b, n);
	}
	do
		x = next(r);
	while (x > BELOW_LIMIT(n));
	return (uint32_t)(x % n);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	return below(r, n);
}

void rng_shuffle(struct rng *r, uint8_t *a, int n)
{
	struct rng local = *r;

	for (int i = n - 1; i > 0; i--) {
		int j = (int)below(&local, (uint32_t)i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
	*r = local;
}
