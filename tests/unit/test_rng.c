/*
 * test_rng.c - the generator produces the reference values of docs/rng.md,
 * so deals are the same on every machine, and a seed deals what the
 * documentation says it deals.
 */
#include "game.h"
#include "rng.h"
#include "testhelp.h"

static void splitmix_reference(void)
{
	uint64_t x = 0;

	CHECK(splitmix64(&x) == 0xe220a8397b1dcdafULL);
	CHECK(splitmix64(&x) == 0x6e789e6aa1b965f4ULL);
}

static void xoshiro_reference(void)
{
	static const uint64_t want[4] = {
		0xb3f2af6d0fc710c5ULL, 0x853b559647364ceaULL,
		0x92f89756082a4514ULL, 0x642e1c7bc266a3a7ULL,
	};
	struct rng r;

	rng_seed(&r, 1);
	for (int i = 0; i < 4; i++)
		CHECK(rng_next(&r) == want[i]);
}

static void bounded_and_shuffle_reference(void)
{
	static const uint32_t below[8] = { 7, 2, 0, 3, 1, 2, 6, 9 };
	static const uint8_t shuffled[10] = { 7, 3, 8, 9, 5, 6, 4, 1, 0, 2 };
	uint8_t a[10];
	struct rng r;

	rng_seed(&r, 1);
	for (int i = 0; i < 8; i++)
		CHECK_INT(rng_below(&r, 10), below[i]);
	for (int i = 0; i < 10; i++)
		a[i] = (uint8_t)i;
	rng_seed(&r, 42);
	rng_shuffle(&r, a, 10);
	for (int i = 0; i < 10; i++)
		CHECK_INT(a[i], shuffled[i]);
}

/* rng_below is uniform: 60000 draws below 6 land 10000 +- 400 in each bin. */
static void bounded_is_uniform(void)
{
	struct rng r;
	int bins[6] = { 0 };

	rng_seed(&r, 3);
	for (int i = 0; i < 60000; i++)
		bins[rng_below(&r, 6)]++;
	for (int i = 0; i < 6; i++)
		CHECK(bins[i] > 9600 && bins[i] < 10400);
}

/*
 * rng_below(n) is the first draw at or below the rejection limit, mod n,
 * for every bound the table covers and beyond it (a copy of the generator
 * replays the draws with plain '%').
 */
static void bounded_matches_plain_remainder(void)
{
	struct rng r, copy;
	int bad = 0;

	rng_seed(&r, 12345);
	for (int k = 0; k < 20000; k++) {
		uint32_t n = 1 + (uint32_t)k % 130;
		uint64_t limit = UINT64_MAX - ((UINT64_MAX % n) + 1) % n, x;

		copy = r;
		do
			x = rng_next(&copy);
		while (x > limit);
		bad += rng_below(&r, n) != (uint32_t)(x % n);
		bad += memcmp(&r, &copy, sizeof(r)) != 0;
	}
	CHECK_INT(bad, 0);
}

/*
 * rng_below_small(n) makes the same draws and gives the same result as
 * rng_below(n) for every bound it takes (1 to RNG_SMALL_MAX), by way of
 * its tables of remainders.
 */
static void small_bounds_match_rng_below(void)
{
	struct rng r, copy;
	int bad = 0;

	rng_seed(&r, 777);
	for (int k = 0; k < 50000; k++) {
		uint32_t n = 1 + (uint32_t)k % RNG_SMALL_MAX;

		copy = r;
		bad += rng_below_small(&r, n) != rng_below(&copy, n);
		bad += memcmp(&r, &copy, sizeof(r)) != 0;
	}
	CHECK_INT(bad, 0);
}

/* The tables of remainders hold v % n for every v below 360 (or 77) and each n they serve. */
static void small_bound_tables_hold_the_remainders(void)
{
	int bad = 0;

	for (uint64_t v = 0; v < 360; v++)
		for (int n = 1; n <= RNG_SMALL_MAX; n++)
			if (360 % n == 0)
				bad += ((rng_rems_360[v] >> (4 * (n - 1))) & 15) != v % (uint64_t)n;
	for (uint64_t v = 0; v < 77; v++) {
		bad += ((rng_rems_77[v] >> 24) & 15) != v % 7;
		bad += ((rng_rems_77[v] >> 40) & 15) != v % 11;
		bad += (rng_rems_77[v] & ~((uint64_t)15 << 24 | (uint64_t)15 << 40)) != 0;
	}
	CHECK_INT(bad, 0);
}

/*
 * mask_places() lists the set bits of a mask lowest first, as mask_nth()
 * finds them, for masks of up to MASK_PLACES_MAX bits, and counts the
 * bits of any mask: masks of every size from 0 to 31 bits, spread over
 * all four bytes, against a loop.
 */
static void mask_places_match_a_loop(void)
{
	struct rng r;
	int bad = 0, listed = 0;

	card_tables_init();
	rng_seed(&r, 31);
	for (int k = 0; k < 40000; k++) {
		uint32_t m = (uint32_t)rng_next(&r) & 0x7fffffffu;
		uint64_t places;
		int n = 0, count;

		if (k % 2 == 0)
			m &= (uint32_t)rng_next(&r) & (uint32_t)rng_next(&r); /* sparser masks */
		if (k < 32)
			m = k == 31 ? 0x7fffffffu : (1u << k); /* one bit at every place, and all */
		places = mask_places(m, &count);
		bad += count != mask_count(m);
		listed += count <= MASK_PLACES_MAX;
		for (int b = 0; b < 31; b++) {
			if (!(m & (1u << b)))
				continue;
			bad += mask_nth(m, n) != b;
			if (count <= MASK_PLACES_MAX)
				bad += (int)((places >> (5 * n)) & 31) != b;
			n++;
		}
	}
	CHECK_INT(bad, 0);
	CHECK(listed > 10000);
}

static void seed_one_deal(void)
{
	struct rules rules;
	struct game g;
	char err[128], hand[128];

	rules_init(&rules, VAR_HAMMERWALT);
	rules_finish(&rules, err, sizeof(err));
	CHECK(game_init(&g, &rules, 1, NULL, err, sizeof(err)) == 0);
	hand_format(&g.hand[0], hand, sizeof(hand));
	CHECK_STR(hand, "9C JC AC 9D 9D JD JD QD KD AD KS KS");
}

int main(void)
{
	RUN(splitmix_reference);
	RUN(xoshiro_reference);
	RUN(bounded_and_shuffle_reference);
	RUN(bounded_is_uniform);
	RUN(bounded_matches_plain_remainder);
	RUN(small_bounds_match_rng_below);
	RUN(small_bound_tables_hold_the_remainders);
	RUN(mask_places_match_a_loop);
	RUN(seed_one_deal);
	return TEST_REPORT();
}
