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
 * rejection limit and the remainder's multiplier from a table. The
 * remainder is Lemire, Kaser and Kurz's direct computation ("Faster
 * remainder by direct computation", 2019): with M = ceil(2^128 / n), the
 * top 64 bits of (M * x mod 2^128) * n are exactly x mod n for every
 * 64-bit x. Same draws, same results as x % n, but a few multiplications
 * instead of a division or a jump through a table of constant cases
 * (which the moves' changing bounds kept mispredicting).
 */
__extension__ typedef unsigned __int128 u128;

struct below {
	uint64_t limit;
	u128 magic; /* 0 for n = 1: every remainder is 0 */
};

#define BELOW_ENTRY(n) { BELOW_LIMIT(n), ~(u128)0 / (n) + 1 }
#define BELOW_ENTRIES8(b) BELOW_ENTRY(b), BELOW_ENTRY(b + 1), BELOW_ENTRY(b + 2), \
	BELOW_ENTRY(b + 3), BELOW_ENTRY(b + 4), BELOW_ENTRY(b + 5), BELOW_ENTRY(b + 6), \
	BELOW_ENTRY(b + 7)
#define BELOW_MAX 64

static const struct below below_table[BELOW_MAX + 1] = {
	{ 0, 0 },
	BELOW_ENTRIES8(1), BELOW_ENTRIES8(9), BELOW_ENTRIES8(17), BELOW_ENTRIES8(25),
	BELOW_ENTRIES8(33), BELOW_ENTRIES8(41), BELOW_ENTRIES8(49), BELOW_ENTRIES8(57),
};

/* x mod n from the table's multiplier for n (n at most 64, so no carry is lost). */
static inline uint64_t fast_mod(uint64_t x, u128 magic, uint64_t n)
{
	u128 low = magic * x;
	u128 t = ((u128)(uint64_t)low * n) >> 64;

	t += (u128)(uint64_t)(low >> 64) * n;
	return (uint64_t)(t >> 64);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	uint64_t x;

	if (n <= BELOW_MAX) {
		const struct below *b = &below_table[n];

		do
			x = next(r);
		while (x > b->limit);
		return (uint32_t)fast_mod(x, b->magic, n);
	}
	do
		x = next(r);
	while (x > BELOW_LIMIT(n));
	return (uint32_t)(x % n);
}

void rng_shuffle(struct rng *r, uint8_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}
