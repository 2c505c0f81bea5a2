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
 * rng_below() for a bound known when compiling: the compiler turns both
 * divisions into multiplications, which is most of the cost of a shuffle.
 */
static inline uint32_t below_const(struct rng *r, uint64_t n)
{
	uint64_t x;

	do
		x = next(r);
	while (x > BELOW_LIMIT(n));
	return (uint32_t)(x % n);
}

#define BELOW_CASE(k) case k: return below_const(r, k);
#define BELOW_CASES8(b) BELOW_CASE(b) BELOW_CASE(b + 1) BELOW_CASE(b + 2) BELOW_CASE(b + 3) \
	BELOW_CASE(b + 4) BELOW_CASE(b + 5) BELOW_CASE(b + 6) BELOW_CASE(b + 7)

/* Bounds up to 64 (every deck, most lists of moves) through constants; larger ones divide. */
uint32_t rng_below(struct rng *r, uint32_t n)
{
	uint64_t x;

	switch (n) {
	BELOW_CASES8(1) BELOW_CASES8(9) BELOW_CASES8(17) BELOW_CASES8(25)
	BELOW_CASES8(33) BELOW_CASES8(41) BELOW_CASES8(49) BELOW_CASES8(57)
	default:
		break;
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
