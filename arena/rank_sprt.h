/*
 * rank_sprt.h - is bot B better than bot A? Statistics over duplicate pairs.
 *
 * bin/arena compare plays every deal twice with the two bots' seats
 * exchanged (a pair). B's points in a pair are 0, 0.5, 1, 1.5 or 2: a
 * pentanomial outcome, whose variance is smaller than that of the two
 * games counted apart, because the luck of the deal cancels within the
 * pair (the model fishtest, OpenBench and fastchess use for game pairs;
 * docs/compare.md cites it).
 *
 * Pure arithmetic: no I/O.
 */
#ifndef SPRT_H
#define SPRT_H

/* What the pairs so far add up to. */
struct pair_stats {
	long n;             /* pairs */
	long penta[5];      /* pairs in which B scored 0, 0.5, 1, 1.5, 2 points */
	double sum, sum2;   /* of x = B's points / 2 (B's mean score per game), and x^2 */
	double msum, msum2; /* of the score margin per deal (B's team minus A's, game mean) */
	long mn;            /* pairs with a margin (a pair whose games were all forfeited has none) */
};

void pair_stats_init(struct pair_stats *ps);
/*
 * Adds a pair: B's points (0, 0.5, 1, 1.5 or 2) and, when has_margin, its
 * mean margin per game.
 */
void pair_stats_add(struct pair_stats *ps, double points, double margin, int has_margin);

/* B's mean score per game, 0..1 (0.5 with no pairs). */
double pair_stats_score(const struct pair_stats *ps);
/*
 * The logistic Elo difference of B over A, with its 95% interval (from the
 * normal approximation of the pair scores' mean, each end turned into Elo);
 * a score of 0 or 1 gives -inf or +inf. The standard error (here and in
 * the LOS) comes from the counts with SPRT_PRIOR added to each cell, so
 * that a few pairs all in one cell do not claim certainty.
 */
void pair_stats_elo(const struct pair_stats *ps, double *elo, double *lo, double *hi);
/* The likelihood that B is better (LOS): Phi((score - 0.5) / its standard error). */
double pair_stats_los(const struct pair_stats *ps);
/* The mean margin per deal and the half-width of its 95% interval. */
void pair_stats_margin(const struct pair_stats *ps, double *mean, double *half);

/* The expected score per game of a logistic Elo difference. */
double sprt_score_of_elo(double elo);
double sprt_elo_of_score(double score);

/*
 * The generalized SPRT's log-likelihood ratio of H1 (B is ELO1 better)
 * against H0 (ELO0) over the pairs' pentanomial counts: for each
 * hypothesis, the most likely pentanomial whose mean is that Elo's score,
 * and the log of the ratio of their likelihoods (as fishtest computes it).
 * Every cell of the counts gets SPRT_PRIOR more pairs first, so that pairs
 * that all fell in one cell still tell something. 0 with fewer than 2 pairs.
 */
#define SPRT_PRIOR 0.01
double sprt_llr(const struct pair_stats *ps, double elo0, double elo1);
/* The bounds: H0 is accepted at or below lower, H1 at or above upper. */
void sprt_bounds(double alpha, double beta, double *lower, double *upper);

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };
enum sprt_verdict sprt_decide(double llr, double lower, double upper);

#endif
