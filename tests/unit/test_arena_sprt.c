/*
 * test_arena_sprt.c - the statistics of bin/arena compare (arena/rank_sprt.c):
 * hand-worked values for a few pairs, then the SPRT's calibration against
 * simulated pairs whose true Elo difference is known: over many runs it
 * accepts H1 when H0 is true (a false positive) at most alpha of the time,
 * and H0 when H1 is true (a false negative) at most beta of the time,
 * within a stated tolerance; the average number of pairs is printed.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "rank_sprt.h"
#include "testhelp.h"

#define NEAR(a, b, eps) (fabs((a) - (b)) < (eps))

/*
 * Four pairs: B won both games, split, split, lost one and drew one.
 * x = 1, .5, .5, .25: mean 0.5625, variance 0.390625 - 0.31640625 =
 * 0.07421875; margins 10, -4, 2, 0 (mean 2, half-width 4.997).
 */
static void test_hand_worked(void)
{
	struct pair_stats ps;
	double elo, lo, hi, mean, half, lower, upper;

	pair_stats_init(&ps);
	pair_stats_add(&ps, 2, 10, 1);
	pair_stats_add(&ps, 1, -4, 1);
	pair_stats_add(&ps, 1, 2, 1);
	pair_stats_add(&ps, 0.5, 0, 1);
	/* a pair whose games were both forfeited: points, but no margin */
	pair_stats_add(&ps, 0, 0, 0);
	CHECK_INT(ps.n, 5);
	CHECK_INT(ps.mn, 4);
	pair_stats_init(&ps);
	pair_stats_add(&ps, 2, 10, 1);
	pair_stats_add(&ps, 1, -4, 1);
	pair_stats_add(&ps, 1, 2, 1);
	pair_stats_add(&ps, 0.5, 0, 1);
	CHECK_INT(ps.penta[0], 0);
	CHECK_INT(ps.penta[1], 1);
	CHECK_INT(ps.penta[2], 2);
	CHECK_INT(ps.penta[3], 0);
	CHECK_INT(ps.penta[4], 1);
	CHECK(NEAR(pair_stats_score(&ps), 0.5625, 1e-12));
	pair_stats_elo(&ps, &elo, &lo, &hi);
	/*
	 * -400 log10(1/0.5625 - 1); the interval from 0.5625 -+ 1.96 se, se from
	 * the counts + 0.01 each: 0.136833 (without the prior sqrt(v/4) = 0.136216)
	 */
	CHECK(NEAR(elo, 43.6578, 1e-3));
	CHECK(NEAR(lo, -151.9220, 1e-3));
	CHECK(NEAR(hi, 276.3003, 1e-3));
	CHECK(NEAR(pair_stats_los(&ps), 0.676078, 1e-5));
	pair_stats_margin(&ps, &mean, &half);
	CHECK(NEAR(mean, 2, 1e-12));
	CHECK(NEAR(half, 4.996947, 1e-5));
	/*
	 * The counts (0, 1, 2, 0, 1), each + 0.01 (SPRT_PRIOR): for s0 = 0.5 and
	 * s1 = 1/(1+10^-0.125) = 0.571463, the most likely pentanomials with
	 * those means, and the sum of count x log(p1/p0): 0.1118720 (worked
	 * out with the same formulas in Python; without the prior, 0.1156482,
	 * where p0 = (0, 1/3, 1/2, 0, 1/6) can be checked by hand)
	 */
	CHECK(NEAR(sprt_llr(&ps, 0, 50), 0.1118720, 1e-6));
	sprt_bounds(0.05, 0.05, &lower, &upper);
	CHECK(NEAR(lower, -2.944439, 1e-6));
	CHECK(NEAR(upper, 2.944439, 1e-6));
	CHECK_INT(sprt_decide(2.95, lower, upper), SPRT_H1);
	CHECK_INT(sprt_decide(-2.95, lower, upper), SPRT_H0);
	CHECK_INT(sprt_decide(0.1, lower, upper), SPRT_CONTINUE);
}

/*
 * Pairs all in one cell: 100 splits (two equal bots) are evidence against
 * B being better; a bot that wins every pair is accepted as better.
 */
static void test_one_cell(void)
{
	struct pair_stats ps;

	pair_stats_init(&ps);
	for (int i = 0; i < 100; i++)
		pair_stats_add(&ps, 1, 0, 1);
	CHECK(NEAR(sprt_llr(&ps, 0, 20), -5.854933, 1e-5));
	pair_stats_init(&ps);
	for (int i = 0; i < 10; i++)
		pair_stats_add(&ps, 2, 30, 1);
	CHECK(NEAR(sprt_llr(&ps, 0, 50), 1.339705, 1e-5));
	CHECK(sprt_llr(&ps, 0, 50) > 0);
	pair_stats_init(&ps);
	for (int i = 0; i < 100; i++)
		pair_stats_add(&ps, 1, 0, 1);
	CHECK(NEAR(pair_stats_los(&ps), 0.5, 1e-12));
	CHECK(NEAR(sprt_elo_of_score(sprt_score_of_elo(-123.4)), -123.4, 1e-9));
	/*
	 * 23 pairs all won: the interval's low end is finite, 1 - 1.96 x
	 * 0.0059427 = 0.988352, 771.47 Elo (the prior keeps it from +inf)
	 */
	pair_stats_init(&ps);
	for (int i = 0; i < 23; i++)
		pair_stats_add(&ps, 2, 0, 1);
	{
		double elo, lo, hi;

		pair_stats_elo(&ps, &elo, &lo, &hi);
		CHECK(NEAR(lo, 771.4707, 1e-3));
		CHECK(isinf(elo) && isinf(hi));
		CHECK(pair_stats_los(&ps) > 0.9999);
	}
}

/* splitmix64: the simulation's own generator, seeded per run */
static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
	return (double)(mix(s) >> 11) / 9007199254740992.0;
}

/* One independent game: a draw (both forfeit) 4% of the time, else B wins with w. */
static double game_points(double w, uint64_t *s)
{
	if (uniform(s) < 0.04)
		return 0.5;
	return uniform(s) < w;
}

/*
 * One simulated pair, as euchre's pairs behave: with probability 0.408 the
 * deal decides both games (each bot wins with the good cards: a split);
 * otherwise two independent games, B's wins chosen so that its expected
 * score per game is that of the true Elo. At Elo 0 a pair's score (points
 * / 2) then has variance 0.592 x 0.12 = 0.071, as measured between two
 * copies of a bot of equal strength (issue 32's audit; docs/compare.md);
 * an earlier 0.6 gave 0.048, half again too little.
 */
static double pair_points(double elo, uint64_t *s)
{
	const double decided = 0.408;
	double q = (sprt_score_of_elo(elo) - 0.5 * decided) / (1 - decided);
	double w = (q - 0.02) / 0.96;

	if (uniform(s) < decided)
		return 1;
	return game_points(w, s) + game_points(w, s);
}

/* Runs SPRT(elo0, elo1) on pairs of true Elo elo until a verdict; the pairs it took. */
static long run_sprt(double elo, double elo0, double elo1, double alpha, double beta,
		     uint64_t seed, enum sprt_verdict *v)
{
	struct pair_stats ps;
	double lower, upper;
	uint64_t s = seed;

	sprt_bounds(alpha, beta, &lower, &upper);
	pair_stats_init(&ps);
	*v = SPRT_CONTINUE;
	while (*v == SPRT_CONTINUE && ps.n < 200000) {
		pair_stats_add(&ps, pair_points(elo, &s), 0, 0);
		if (ps.n >= 2)
			*v = sprt_decide(sprt_llr(&ps, elo0, elo1), lower, upper);
	}
	return ps.n;
}

/*
 * 2000 runs at the true Elo of H0 and 2000 at that of H1, SPRT(0, 40):
 * each wrong verdict must come at most its rate + 1.5% of the time (the
 * binomial's standard error at 2000 runs is 0.5 to 0.7%), and at least
 * half its rate (a test that never errs is one that is too slow, or
 * whose bounds were mixed up). Once with alpha = beta = 0.05, once with
 * alpha = 0.05, beta = 0.10, so that the two bounds cannot be swapped.
 */
static void calibrate(double alpha, double beta)
{
	enum { RUNS = 2000 };
	const double elo0 = 0, elo1 = 40;
	long wrong0 = 0, wrong1 = 0, pairs0 = 0, pairs1 = 0;
	double fp, fn;

	for (int i = 0; i < RUNS; i++) {
		enum sprt_verdict v;

		pairs0 += run_sprt(elo0, elo0, elo1, alpha, beta, 1000 + (uint64_t)i, &v);
		wrong0 += v == SPRT_H1;
		pairs1 += run_sprt(elo1, elo0, elo1, alpha, beta, 500000 + (uint64_t)i, &v);
		wrong1 += v == SPRT_H0;
	}
	fp = (double)wrong0 / RUNS;
	fn = (double)wrong1 / RUNS;
	printf("SPRT(0, 40), alpha %.2f, beta %.2f, %d runs each: true Elo 0: H1 accepted "
	       "%.2f%% (mean %ld pairs); true Elo 40: H0 accepted %.2f%% (mean %ld pairs)\n",
	       alpha, beta, RUNS, 100 * fp, pairs0 / RUNS, 100 * fn, pairs1 / RUNS);
	CHECK(fp <= alpha + 0.015 && fp >= alpha / 2);
	CHECK(fn <= beta + 0.015 && fn >= beta / 2);
}

static void test_calibration(void)
{
	double lower, upper;

	sprt_bounds(0.05, 0.10, &lower, &upper);
	CHECK(NEAR(lower, -2.251292, 1e-6)); /* ln(0.10 / 0.95) */
	CHECK(NEAR(upper, 2.890372, 1e-6));  /* ln(0.90 / 0.05) */
	calibrate(0.05, 0.05);
	calibrate(0.05, 0.10);
}

int main(void)
{
	RUN(test_hand_worked);
	RUN(test_one_cell);
	RUN(test_calibration);
	return TEST_REPORT();
}
