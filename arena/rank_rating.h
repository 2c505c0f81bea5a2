/*
 * rank_rating.h - Weng-Lin Bayesian ratings (Plackett-Luce model).
 *
 * R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
 * Ranking", JMLR 12 (2011), Algorithm 4; the same update as OpenSkill's
 * PlackettLuce model. A player's skill is a normal belief N(mu, sigma^2);
 * one game is a ranking of teams (1 = best, equal ranks are ties), a
 * team's skill the sum of its players'. Each game moves every player's
 * mu towards what the result says and shrinks sigma. docs/ratings.md
 * gives the formulas, the parameters and a worked example. The arena uses
 * it only where games arrive one at a time (the rating chart of the
 * standings page, drawn as the games were played).
 *
 * The tables rate a finished set of games all at once: rating_fit() below,
 * a Plackett-Luce (Bradley-Terry for two entries) fit of one strength per
 * player by maximum a posteriori with a weak normal prior, with a
 * covariance that is robust to the dependence of games of one cluster
 * (the games of one deal and pairing: a duplicate pair).
 */
#ifndef RATING_H
#define RATING_H

#include <stddef.h>

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

/*
 * Batch ratings (docs/ratings.md, "The model").
 *
 * Player i has a strength theta_i (natural units); an entry's strength is
 * the sum of its players'. A game is a ranking of entries; it is rated as
 * Plackett-Luce stages, one per distinct place from the best: the entries
 * at that place G against the entries not better R contribute
 *     (1/|G|) sum_{e in G} eta_e - log sum_{e in R} exp(eta_e)
 * to the log-likelihood (no ties: exactly Plackett-Luce; entries sharing a
 * place share the stage's win, as a chess draw is half a win each). For
 * two entries this is Bradley-Terry, p = 1 / (1 + exp(-(eta_a - eta_b))).
 * The prior is theta_i ~ N(0, prior_sd^2) for every player, which puts the
 * mean strength at 0 (the field's anchor) and keeps a player who won every
 * game finite. The maximum of the posterior is found by Newton's method
 * to a fixed tolerance.
 *
 * The covariance of theta is the sandwich W (B + P) W, W the inverse of
 * the negative Hessian of the log-posterior (plus 1/n J, which only moves
 * the field's mean), B the sum over clusters of the outer product of the
 * cluster's score (times G / (G - k) for G clusters and k = n - 1 free
 * strengths, as the HC1 correction of least squares), P the prior's
 * precision; then centred (the anchor is the field's mean, so the
 * covariance is of theta_i - mean theta). With no more clusters than
 * players B is the Hessian of the likelihood (the model's own variance).
 */
#define RATING_FIT_ENTRIES 10

/* One game for the fit: its entries (players by index 0..n-1) and cluster. */
struct rating_game {
	int nteams;
	struct rating_team teams[RATING_FIT_ENTRIES];
	long cluster; /* games with equal clusters are dependent (one duplicate pair) */
};

struct rating_fit {
	int n;          /* players */
	double *theta;  /* n strengths, natural units, mean 0 (owned) */
	double *cov;    /* n x n covariance of theta, row major (owned) */
	int iterations; /* Newton steps taken */
	long clusters;  /* distinct clusters among the rated games */
};

/* The arena's prior: a player's strength is within about +-2 x 500 Elo of the field. */
#define RATING_PRIOR_ELO 500.0
/* Elo points per natural unit of strength: 400 / ln 10. */
#define RATING_ELO_PER_UNIT 173.71779276130073

/*
 * Fits nplayers strengths to ngames games. The result does not depend on
 * the order of games[] (they are rated in a canonical order: by cluster,
 * then by content). prior_sd is in natural units (RATING_PRIOR_ELO /
 * RATING_ELO_PER_UNIT for the arena); 0 is plain maximum likelihood, which
 * exists only when every player both won and lost against a connected
 * field. Returns 0, or -1 with err filled (no convergence). f is the
 * caller's; rating_fit_release() frees what it holds.
 */
int rating_fit(struct rating_fit *f, int nplayers, const struct rating_game *games, int ngames,
	       double prior_sd, char *err, size_t len);
void rating_fit_release(struct rating_fit *f);

/* A strength on the scale the tables print: RATING_BASE at the field's mean. */
double rating_elo(double theta);
/* Phi(x): the standard normal's distribution function. */
double rating_phi(double x);

#endif
