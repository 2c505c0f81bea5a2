/*
 * test_arena_rating_fit.c - the batch ratings (rating_fit(), docs/ratings.md):
 * Bradley-Terry and Plackett-Luce fits checked against answers worked by
 * hand, the sandwich variance against its closed form for two bots, the
 * independence from the order of the games, and a calibration: simulated
 * tournaments of duplicate pairs (and of five-player tables played in five
 * rotations) from a known model, identical strengths and a ladder, whose
 * 95% intervals must cover the truth 93-97% of the time with no bias
 * beyond its noise. The figures are printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rank_rating.h"
#include "rng.h"
#include "testhelp.h"

#define CLOSE(a, b, tol) CHECK(fabs((a) - (b)) < (tol))

static struct rating_game duel(int a, int b, int rank_a, int rank_b, long cluster)
{
	struct rating_game g;

	memset(&g, 0, sizeof(g));
	g.nteams = 2;
	g.teams[0].n = 1;
	g.teams[0].player[0] = a;
	g.teams[0].rank = rank_a;
	g.teams[1].n = 1;
	g.teams[1].player[0] = b;
	g.teams[1].rank = rank_b;
	g.cluster = cluster;
	return g;
}

/*
 * 60 wins and 40 losses, no prior: Bradley-Terry's maximum likelihood puts
 * the difference at ln(60/40) natural units, 400 log10(1.5) = 70.437 Elo,
 * the field's mean (1500) halfway: 1535.22 and 1464.78. Each game its own
 * cluster: the sandwich's variance of the difference is n^2 / ((n-1) w l)
 * (the Hessian's, n / (w l), times n / (n - 1)), a rating's a quarter of it.
 */
static void test_two_bots_rate_at_400_log10_of_the_odds(void)
{
	struct rating_game g[100];
	struct rating_fit f;
	char err[128];
	double vd = 100.0 * 100.0 / (99.0 * 60.0 * 40.0);

	for (int i = 0; i < 100; i++)
		g[i] = i < 60 ? duel(0, 1, 1, 2, i) : duel(0, 1, 2, 1, i);
	CHECK(rating_fit(&f, 2, g, 100, 0, err, sizeof(err)) == 0);
	CLOSE(f.theta[0] - f.theta[1], log(1.5), 1e-9);
	CLOSE(rating_elo(f.theta[0]), 1535.218, 1e-3);
	CLOSE(rating_elo(f.theta[1]), 1464.782, 1e-3);
	CLOSE(f.cov[0], vd / 4, 1e-9);
	CLOSE(f.cov[1], -vd / 4, 1e-9);
	CLOSE(f.cov[0] + f.cov[3] - 2 * f.cov[1], vd, 1e-9);
	CHECK(f.clusters == 100);
	rating_fit_release(&f);
}

/*
 * A tie is half a win each: 3 wins, 1 loss and 2 ties score 4 of 6, so
 * p = 2/3 and the difference is ln 2 (120.41 Elo).
 */
static void test_a_tie_is_half_a_win(void)
{
	struct rating_game g[6] = { duel(0, 1, 1, 2, 0), duel(0, 1, 1, 2, 1), duel(0, 1, 1, 2, 2),
				    duel(0, 1, 2, 1, 3), duel(0, 1, 1, 1, 4), duel(1, 0, 1, 1, 5) };
	struct rating_fit f;
	char err[128];

	CHECK(rating_fit(&f, 2, g, 6, 0, err, sizeof(err)) == 0);
	CLOSE(f.theta[0] - f.theta[1], log(2.0), 1e-9);
	CLOSE(RATING_ELO_PER_UNIT * (f.theta[0] - f.theta[1]), 120.412, 1e-3);
	rating_fit_release(&f);
}

/*
 * One game, A beats B: no maximum likelihood (A's strength would go to
 * infinity), but with the prior N(0, s^2) the posterior's maximum is where
 * the score 1 - p(d) of A equals d / (2 s^2) (theta_A = d/2 = -theta_B).
 */
static void test_the_prior_keeps_a_clean_sweep_finite(void)
{
	struct rating_game g = duel(0, 1, 1, 2, 0);
	struct rating_fit f;
	char err[128];
	double s = RATING_PRIOR_ELO / RATING_ELO_PER_UNIT, d;

	CHECK(rating_fit(&f, 2, &g, 1, 0, err, sizeof(err)) == -1);
	CHECK(strstr(err, "do not converge") != NULL);
	CHECK(rating_fit(&f, 2, &g, 1, s, err, sizeof(err)) == 0);
	d = f.theta[0] - f.theta[1];
	CLOSE(1 - 1 / (1 + exp(-d)), d / (2 * s * s), 1e-9);
	/* by bisection of that equation: d = 1.99090 (345.85 Elo) */
	CLOSE(RATING_ELO_PER_UNIT * d, 345.854, 1e-3);
	CLOSE(f.theta[0], -f.theta[1], 1e-12);
	rating_fit_release(&f);
}

/*
 * Three bots, each of the 6 orders once: equal strengths. Then A > B > C
 * five times and C > B > A once: Plackett-Luce's stages are the winner
 * among all three, then the second among the last two; at the maximum
 * every bot's score is zero (S = e^A + e^B + e^C):
 *     A: 5 (1 - e^A/S) - e^A/S - e^A/(e^A + e^B)
 *     C: -5 e^C/S - 5 e^C/(e^B + e^C) + (1 - e^C/S)
 * and the strengths sum to zero (the anchor).
 */
static void test_plackett_luce_on_three(void)
{
	static const int orders[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
					  { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
	struct rating_game g[6];
	struct rating_fit f;
	char err[128];

	memset(g, 0, sizeof(g));
	for (int i = 0; i < 6; i++) {
		g[i].nteams = 3;
		g[i].cluster = i;
		for (int p = 0; p < 3; p++) {
			g[i].teams[p].n = 1;
			g[i].teams[p].player[0] = orders[i][p];
			g[i].teams[p].rank = p + 1;
		}
	}
	CHECK(rating_fit(&f, 3, g, 6, 0, err, sizeof(err)) == 0);
	for (int i = 0; i < 3; i++)
		CLOSE(f.theta[i], 0, 1e-12);
	rating_fit_release(&f);
	for (int i = 0; i < 6; i++)
		for (int p = 0; p < 3; p++)
			g[i].teams[p].player[0] = i < 5 ? p : 2 - p;
	CHECK(rating_fit(&f, 3, g, 6, 0, err, sizeof(err)) == 0);
	{
		double ea = exp(f.theta[0]), eb = exp(f.theta[1]), ec = exp(f.theta[2]);
		double s = ea + eb + ec;

		CLOSE(5 * (1 - ea / s) - ea / s - ea / (ea + eb), 0, 1e-9);
		CLOSE(-5 * ec / s - 5 * ec / (eb + ec) + (1 - ec / s), 0, 1e-9);
		CLOSE(f.theta[0] + f.theta[1] + f.theta[2], 0, 1e-12);
		CHECK(f.theta[0] > f.theta[1] && f.theta[1] > f.theta[2]);
	}
	rating_fit_release(&f);
}

/* Every order of the same games gives the same bits. */
static void test_the_order_of_games_does_not_matter(void)
{
	enum { N = 300, BOTS = 6 };
	struct rating_game g[N];
	struct rating_fit a, b;
	struct rng r;
	char err[128];

	rng_seed(&r, 7);
	for (int i = 0; i < N; i++) {
		int x = (int)rng_below(&r, BOTS), y = (int)(x + 1 + rng_below(&r, BOTS - 1)) % BOTS;
		int w = (int)rng_below(&r, 100) < 50 + 8 * (x - y);

		g[i] = duel(x, y, w ? 1 : 2, w ? 2 : (rng_below(&r, 10) ? 1 : 2), i / 2);
	}
	CHECK(rating_fit(&a, BOTS, g, N, 2.0, err, sizeof(err)) == 0);
	for (int round = 0; round < 5; round++) {
		for (int i = N - 1; i > 0; i--) {
			int j = (int)rng_below(&r, (uint32_t)i + 1);
			struct rating_game t = g[i];

			g[i] = g[j];
			g[j] = t;
		}
		CHECK(rating_fit(&b, BOTS, g, N, 2.0, err, sizeof(err)) == 0);
		CHECK(!memcmp(a.theta, b.theta, BOTS * sizeof(double)));
		CHECK(!memcmp(a.cov, b.cov, BOTS * BOTS * sizeof(double)));
		rating_fit_release(&b);
	}
	rating_fit_release(&a);
}

/* ---- calibration ---- */

static double uniform(struct rng *r)
{
	return ((double)(rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

struct tally {
	long covered, n, dcovered, dn;
	double z2, err_sum[5], err2_sum[5];
	int reps;
};

/* Adds one fit's errors against the truth theta (centred) to t. */
static void score_fit(struct tally *t, const struct rating_fit *f, const double *truth, int n)
{
	double mean = 0;

	for (int i = 0; i < n; i++)
		mean += truth[i] / n;
	for (int i = 0; i < n; i++) {
		double e = f->theta[i] - (truth[i] - mean), sd = sqrt(f->cov[i * n + i]);

		t->covered += fabs(e) <= 1.959964 * sd;
		t->n++;
		t->z2 += e * e / (sd * sd);
		t->err_sum[i] += e;
		t->err2_sum[i] += e * e;
	}
	for (int i = 0; i + 1 < n; i++) {
		double e = (f->theta[i] - f->theta[i + 1]) - (truth[i] - truth[i + 1]);
		double v = f->cov[i * n + i] + f->cov[(i + 1) * n + i + 1] - 2 * f->cov[i * n + i + 1];

		t->dcovered += fabs(e) <= 1.959964 * sqrt(v);
		t->dn++;
	}
	t->reps++;
}

/*
 * Checks and prints the figures: coverage of the ratings' and the
 * neighbours' differences' 95% intervals in 93-97%, the root mean square
 * of z = error / standard error near 1, and each bot's mean error within
 * 3.5 of its standard errors (its sd over sqrt(reps)) of zero.
 */
static void check_tally(const char *what, const struct tally *t, int n)
{
	double cov = 100.0 * (double)t->covered / (double)t->n;
	double dcov = 100.0 * (double)t->dcovered / (double)t->dn;
	double rmsz = sqrt(t->z2 / (double)t->n), worst = 0, worst_bias = 0;

	for (int i = 0; i < n; i++) {
		double m = t->err_sum[i] / t->reps;
		double sd = sqrt(t->err2_sum[i] / t->reps - m * m);
		double z = m / (sd / sqrt((double)t->reps));

		if (fabs(z) > fabs(worst)) {
			worst = z;
			worst_bias = m * RATING_ELO_PER_UNIT;
		}
	}
	printf("calibration %s: %d tournaments, coverage %.1f%% (ratings) %.1f%% "
	       "(neighbours' differences), rms z %.3f, largest bias %+.1f Elo (%.2f of its "
	       "standard errors)\n",
	       what, t->reps, cov, dcov, rmsz, worst_bias, worst);
	CHECK(cov >= 93 && cov <= 97);
	CHECK(dcov >= 93 && dcov <= 97);
	CHECK(rmsz > 0.9 && rmsz < 1.1);
	CHECK(fabs(worst) < 3.5);
}

/*
 * Round robins of 5 bots, D deals per pairing, each deal a duplicate pair
 * of two games (one cluster). Game outcomes are exactly Bradley-Terry at
 * the true strengths; the pair is correlated as the seats' luck makes it:
 * with probability 1/2 the second game's uniform is 1 - the first's (the
 * deal favoured one seat: a split is likely), else independent.
 */
static void calibrate_pairs(const char *what, const double *elo, int reps, int deals,
			    uint64_t seed)
{
	enum { B = 5 };
	double truth[B];
	struct tally t;
	struct rng r;
	int ngames = B * (B - 1) / 2 * deals * 2;
	struct rating_game *g = calloc((size_t)ngames, sizeof(*g));

	memset(&t, 0, sizeof(t));
	rng_seed(&r, seed);
	for (int i = 0; i < B; i++)
		truth[i] = elo[i] / RATING_ELO_PER_UNIT;
	for (int rep = 0; rep < reps; rep++) {
		struct rating_fit f;
		char err[128];
		int k = 0;

		for (int a = 0; a < B; a++)
			for (int b = a + 1; b < B; b++)
				for (int d = 0; d < deals; d++) {
					double p = 1 / (1 + exp(-(truth[a] - truth[b])));
					double u = uniform(&r);
					double v = uniform(&r) < 0.5 ? 1 - u : uniform(&r);

					g[k] = duel(a, b, u < p ? 1 : 2, u < p ? 2 : 1, k / 2);
					k++;
					g[k] = duel(b, a, v < p ? 2 : 1, v < p ? 1 : 2, k / 2);
					k++;
				}
		CHECK(rating_fit(&f, B, g, ngames, RATING_PRIOR_ELO / RATING_ELO_PER_UNIT, err,
				 sizeof(err)) == 0);
		score_fit(&t, &f, truth, B);
		rating_fit_release(&f);
	}
	check_tally(what, &t, B);
	free(g);
}

/*
 * Five bots at one five-seat table, D deals, each deal played in five
 * rotations (one cluster): a bot's performance is its strength plus Gumbel
 * noise, which makes each game's finishing order exactly Plackett-Luce.
 * The deal gives each seat a uniform, and with probability 1/2 a seat's
 * player uses it (the luck of the seat's cards, which moves to another bot
 * in the next rotation), else a fresh one.
 */
static void calibrate_tables(const char *what, const double *elo, int reps, int deals,
			     uint64_t seed)
{
	enum { B = 5 };
	double truth[B];
	struct tally t;
	struct rng r;
	int ngames = deals * B;
	struct rating_game *g = calloc((size_t)ngames, sizeof(*g));

	memset(&t, 0, sizeof(t));
	rng_seed(&r, seed);
	for (int i = 0; i < B; i++)
		truth[i] = elo[i] / RATING_ELO_PER_UNIT;
	for (int rep = 0; rep < reps; rep++) {
		struct rating_fit f;
		char err[128];
		int k = 0;

		for (int d = 0; d < deals; d++) {
			double seat_u[B];

			for (int s = 0; s < B; s++)
				seat_u[s] = uniform(&r);
			for (int rot = 0; rot < B; rot++, k++) {
				double perf[B];

				g[k].nteams = B;
				g[k].cluster = d;
				for (int s = 0; s < B; s++) {
					int b = (s + rot) % B;
					double u = uniform(&r) < 0.5 ? seat_u[s] : uniform(&r);

					perf[s] = truth[b] - log(-log(u));
					g[k].teams[s].n = 1;
					g[k].teams[s].player[0] = b;
				}
				for (int s = 0; s < B; s++) {
					g[k].teams[s].rank = 1;
					for (int o = 0; o < B; o++)
						g[k].teams[s].rank += perf[o] > perf[s];
				}
			}
		}
		CHECK(rating_fit(&f, B, g, ngames, RATING_PRIOR_ELO / RATING_ELO_PER_UNIT, err,
				 sizeof(err)) == 0);
		score_fit(&t, &f, truth, B);
		rating_fit_release(&f);
	}
	check_tally(what, &t, B);
	free(g);
}

static void test_calibration(void)
{
	static const double equal[5] = { 0, 0, 0, 0, 0 };
	static const double ladder[5] = { 200, 100, 0, -100, -200 };

	calibrate_pairs("pairs, equal", equal, 600, 10, 11);
	calibrate_pairs("pairs, ladder", ladder, 600, 10, 12);
	calibrate_tables("tables of 5, equal", equal, 600, 16, 13);
	calibrate_tables("tables of 5, ladder", ladder, 600, 16, 14);
}

int main(void)
{
	RUN(test_two_bots_rate_at_400_log10_of_the_odds);
	RUN(test_a_tie_is_half_a_win);
	RUN(test_the_prior_keeps_a_clean_sweep_finite);
	RUN(test_plackett_luce_on_three);
	RUN(test_the_order_of_games_does_not_matter);
	RUN(test_calibration);
	return TEST_REPORT();
}
