/*
 * rating.h - Weng-Lin Bayesian ratings (Plackett-Luce model).
 *
 * R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
 * Ranking", JMLR 12 (2011), Algorithm 4; the same update as OpenSkill's
 * PlackettLuce model. A player's skill is a normal belief N(mu, sigma^2);
 * one game is a ranking of teams (1 = best, equal ranks are ties), a
 * team's skill the sum of its players'. Each game moves every player's
 * mu towards what the result says and shrinks sigma. docs/ratings.md
 * gives the formulas, the parameters and a worked example.
 */
#ifndef RATING_H
#define RATING_H

#define RATING_TEAM_MAX 10

struct rating {
	double mu, sigma;
};

struct rating_model {
	double mu0;    /* prior mean (25) */
	double sigma0; /* prior standard deviation (25/3) */
	double beta;   /* performance noise (25/6) */
	double kappa;  /* floor for the variance shrink factor (1e-4) */
	double tau;    /* added to sigma before each game (0: skills do not drift) */
};

struct rating_team {
	int n;
	int player[RATING_TEAM_MAX]; /* indices into the ratings array */
	int rank;                    /* 1 = best; equal ranks tie */
};

/* The parameters above. */
void rating_model_default(struct rating_model *m);

/*
 * The scale people read (docs/ratings.md, "The rating scale"): a new bot
 * is RATING_BASE, and rating points are Elo's, so that 400 points more
 * are odds of 10 to 1 in a game between two bots whose ratings have
 * settled (sigma near 0: p = 1 / (1 + e^-(d / (beta sqrt 2))), Elo's
 * p = 1 / (1 + 10^-(D / 400))). rating_points() converts a difference or
 * a sigma on the mu scale, rating_shown() a mu.
 */
#define RATING_BASE 1500.0
double rating_points(const struct rating_model *m, double mu_difference);
double rating_shown(const struct rating_model *m, double mu);
/* A player's rating before any game. */
struct rating rating_initial(const struct rating_model *m);

/*
 * Updates r[] for one game between nteams >= 2 teams. A player must not
 * appear in two teams (the caller merges copies of one bot first).
 */
void rating_update(const struct rating_model *m, struct rating *r,
		   const struct rating_team *teams, int nteams);

#endif
