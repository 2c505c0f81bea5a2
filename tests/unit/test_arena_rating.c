/*
 * test_arena_rating.c - the Weng-Lin Plackett-Luce update against numbers
 * worked out by hand from the paper's formulas (docs/ratings.md), and
 * ordering sanity over many simulated games.
 */
#include <math.h>
#include <stdlib.h>

#include "rank_rating.h"
#include "rng.h"
#include "testhelp.h"

#define CLOSE(a, b) CHECK(fabs((a) - (b)) < 1e-9)

static struct rating_model model;

static struct rating_team team1(int player, int rank)
{
	struct rating_team t = { 1, { player }, rank };

	return t;
}

/*
 * Two new players, A beats B. By hand: sigma^2 = 625/9, beta^2 = 625/36,
 * c^2 = 2 (sigma^2 + beta^2) = 3125/18, both teams have e^(mu/c) equal so
 * the winner's p = 1/2: Omega = sigma^2/c * (1 - 1/2), Delta = (sigma/c)
 * * sigma^2/c^2 * 1/4, and the loser gets -Omega and the same Delta.
 */
static void test_two_players_one_game_matches_hand_worked_update(void)
{
	struct rating r[2] = { rating_initial(&model), rating_initial(&model) };
	struct rating_team t[2] = { team1(0, 1), team1(1, 2) };
	double s2 = 625.0 / 9, c2 = 3125.0 / 18, c = sqrt(c2);
	double omega = s2 / c * 0.5, delta = sqrt(s2) / c * s2 / c2 * 0.25;

	rating_update(&model, r, t, 2);
	CLOSE(r[0].mu, 25 + omega);
	CLOSE(r[1].mu, 25 - omega);
	CLOSE(r[0].sigma, sqrt(s2 * (1 - delta)));
	CLOSE(r[1].sigma, r[0].sigma);
	CLOSE(r[0].mu, 27.63523138347365);
	CLOSE(r[0].sigma, 8.065506316323548);
	CLOSE(r[1].mu, 22.36476861652635);
}

static void test_a_tie_between_equals_moves_no_mean(void)
{
	struct rating r[2] = { rating_initial(&model), rating_initial(&model) };
	struct rating_team t[2] = { team1(0, 1), team1(1, 1) };

	rating_update(&model, r, t, 2);
	CLOSE(r[0].mu, 25.0);
	CLOSE(r[1].mu, 25.0);
	CLOSE(r[0].sigma, 8.065506316323548);
}

/*
 * Two teams of two new players: team sigma^2 = 2 * 625/9, c^2 = 2 * (1250/9
 * + 625/36) = 312.5; the team's Omega = (1250/9)/c * 1/2 is shared by the
 * players in proportion to their variance, so each gets half of it.
 */
static void test_teams_share_the_update_by_variance(void)
{
	struct rating r[4];
	struct rating_team t[2] = { { 2, { 0, 1 }, 1 }, { 2, { 2, 3 }, 2 } };
	double team_s2 = 1250.0 / 9, c = sqrt(312.5);

	for (int i = 0; i < 4; i++)
		r[i] = rating_initial(&model);
	rating_update(&model, r, t, 2);
	CLOSE(r[0].mu, 25 + 0.5 * team_s2 / c * 0.5);
	CLOSE(r[0].mu, 26.964185503295965);
	CLOSE(r[1].mu, r[0].mu);
	CLOSE(r[2].mu, 23.035814496704035);
	CLOSE(r[0].sigma, 8.17755635771097);
	CLOSE(r[3].sigma, 8.17755635771097);
}

static void test_three_player_ranking(void)
{
	struct rating r[3];
	struct rating_team t[3] = { team1(0, 1), team1(1, 2), team1(2, 3) };

	for (int i = 0; i < 3; i++)
		r[i] = rating_initial(&model);
	rating_update(&model, r, t, 3);
	CLOSE(r[0].mu, 27.868876552746237);
	CLOSE(r[1].mu, 25.717219138186557);
	CLOSE(r[2].mu, 21.413904309067206);
	CLOSE(r[0].sigma, 8.204837030780652);
	CLOSE(r[1].sigma, 8.057829747583874);
	CLOSE(r[2].sigma, 8.057829747583874);
	/* the means move by amounts that sum to zero for equal priors */
	CLOSE(r[0].mu + r[1].mu + r[2].mu, 75.0);
}

static void test_three_players_with_a_shared_first_place(void)
{
	struct rating r[3];
	struct rating_team t[3] = { team1(0, 1), team1(1, 1), team1(2, 3) };

	for (int i = 0; i < 3; i++)
		r[i] = rating_initial(&model);
	rating_update(&model, r, t, 3);
	CLOSE(r[0].mu, 25.717219138186557);
	CLOSE(r[1].mu, r[0].mu);
	CLOSE(r[2].mu, 23.56556172362688);
}

static void test_an_upset_moves_the_favourite_down(void)
{
	struct rating r[2] = { { 30, 4 }, { 20, 6 } };
	struct rating_team t[2] = { team1(0, 2), team1(1, 1) };

	rating_update(&model, r, t, 2);
	CLOSE(r[0].mu, 28.71943969509025);
	CLOSE(r[0].sigma, 3.9698011978302223);
	CLOSE(r[1].mu, 22.881260686046932);
	CLOSE(r[1].sigma, 5.845711934619008);
}

/*
 * Five players of increasing hidden strength play 3000 four-player games
 * whose ranking is drawn from their strengths: the ratings must come out
 * in the same order, with shrinking uncertainty.
 */
static void test_ratings_order_players_by_hidden_strength(void)
{
	struct rating r[5];
	struct rng g;
	double strength[5] = { 0, 1, 2, 3, 4 };

	rng_seed(&g, 42);
	for (int i = 0; i < 5; i++)
		r[i] = rating_initial(&model);
	for (int game = 0; game < 3000; game++) {
		int seat[4], used = 0, n = 0;
		double perf[4];
		struct rating_team t[4];

		while (n < 4) {
			int p = (int)rng_below(&g, 5);

			if (used & (1 << p))
				continue;
			used |= 1 << p;
			seat[n] = p;
			/* strength plus logistic noise */
			{
				double u = ((double)rng_below(&g, 1000000) + 0.5) / 1000000.0;

				perf[n++] = strength[p] + log(u / (1 - u));
			}
		}
		for (int i = 0; i < 4; i++) {
			t[i] = team1(seat[i], 1);
			for (int j = 0; j < 4; j++)
				t[i].rank += perf[j] > perf[i];
		}
		rating_update(&model, r, t, 4);
	}
	for (int i = 0; i < 4; i++)
		CHECK(r[i].mu < r[i + 1].mu);
	for (int i = 0; i < 5; i++)
		CHECK(r[i].sigma < 1.5);
}

/*
 * The scale the report prints (docs/ratings.md): a new bot is 1500, and
 * 400 points between two settled bots are Elo's odds of 10 to 1.
 */
static void test_rating_scale_is_elo_like(void)
{
	struct rating_model m;
	double c, d, p;

	rating_model_default(&m);
	CHECK(fabs(rating_shown(&m, 25.0) - 1500.0) < 1e-9);
	CHECK(fabs(rating_points(&m, 1.0) - 29.480887) < 1e-5);
	/* settled players (sigma 0): c = beta sqrt 2; the mu gap worth 400 points */
	c = m.beta * sqrt(2.0);
	d = 400.0 / rating_points(&m, 1.0);
	p = 1.0 / (1.0 + exp(-d / c));
	CHECK(fabs(p - 10.0 / 11.0) < 1e-9);
	/* a new bot's interval: 1.96 x 25/3 x 29.481 = 481.5 */
	CHECK(fabs(rating_points(&m, 1.96 * 25.0 / 3.0) - 481.52) < 0.01);
}

int main(void)
{
	rating_model_default(&model);
	RUN(test_two_players_one_game_matches_hand_worked_update);
	RUN(test_rating_scale_is_elo_like);
	RUN(test_a_tie_between_equals_moves_no_mean);
	RUN(test_teams_share_the_update_by_variance);
	RUN(test_three_player_ranking);
	RUN(test_three_players_with_a_shared_first_place);
	RUN(test_an_upset_moves_the_favourite_down);
	RUN(test_ratings_order_players_by_hidden_strength);
	return TEST_REPORT();
}
