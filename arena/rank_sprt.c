/*
 * rank_sprt.c - statistics over duplicate pairs (see rank_sprt.h).
 */
#include "rank_sprt.h"

#include <math.h>
#include <string.h>

void pair_stats_init(struct pair_stats *ps)
{
	memset(ps, 0, sizeof(*ps));
}

void pair_stats_add(struct pair_stats *ps, double points, double margin, int has_margin)
{
	int k = (int)lround(points * 2);
	double x = points / 2;

	if (k < 0)
		k = 0;
	if (k > 4)
		k = 4;
	ps->n++;
	ps->penta[k]++;
	ps->sum += x;
	ps->sum2 += x * x;
	if (has_margin) {
		ps->mn++;
		ps->msum += margin;
		ps->msum2 += margin * margin;
	}
}

/* The standard error of the mean pair score, from the counts plus the prior. */
static double score_se(const struct pair_stats *ps)
{
	double total = 0, sum = 0, sum2 = 0, mean;

	if (!ps->n)
		return 0;
	for (int i = 0; i < 5; i++) {
		double c = (double)ps->penta[i] + SPRT_PRIOR, x = i / 4.0;

		total += c;
		sum += c * x;
		sum2 += c * x * x;
	}
	mean = sum / total;
	return sqrt((sum2 / total - mean * mean) / (double)ps->n);
}

double pair_stats_score(const struct pair_stats *ps)
{
	return ps->n ? ps->sum / (double)ps->n : 0.5;
}

/* The variance of one pair's score (x), from the sample (0 with fewer than 2). */
static double variance(double sum, double sum2, long n)
{
	double mean, v;

	if (n < 2)
		return 0;
	mean = sum / (double)n;
	v = sum2 / (double)n - mean * mean;
	return v > 0 ? v : 0;
}

double sprt_score_of_elo(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

double sprt_elo_of_score(double score)
{
	if (score <= 0)
		return -INFINITY;
	if (score >= 1)
		return INFINITY;
	return -400 * log10(1 / score - 1);
}

void pair_stats_elo(const struct pair_stats *ps, double *elo, double *lo, double *hi)
{
	double s = pair_stats_score(ps), se = score_se(ps);

	*elo = sprt_elo_of_score(s) + 0.0;
	*lo = sprt_elo_of_score(s - 1.959964 * se);
	*hi = sprt_elo_of_score(s + 1.959964 * se);
}

double pair_stats_los(const struct pair_stats *ps)
{
	double se = score_se(ps), d = pair_stats_score(ps) - 0.5;

	if (se == 0)
		return d > 0 ? 1 : d < 0 ? 0 : 0.5;
	return 0.5 * (1 + erf(d / se / sqrt(2)));
}

void pair_stats_margin(const struct pair_stats *ps, double *mean, double *half)
{
	*mean = ps->mn ? ps->msum / (double)ps->mn : 0;
	*half = ps->mn ? 1.959964 * sqrt(variance(ps->msum, ps->msum2, ps->mn) / (double)ps->mn) : 0;
}

/*
 * The maximum-likelihood pentanomial with mean s, given the observed
 * frequencies f (of the outcomes x = 0, .25, .5, .75, 1): p_i = f_i / (1 +
 * t (x_i - s)), t the root of sum f_i (x_i - s) / (1 + t (x_i - s)) = 0,
 * found by bisection where every denominator stays positive. 0, or -1
 * when s is outside the observed outcomes' range.
 */
static int mle_with_mean(const double *f, double s, double *p)
{
	double lo = -INFINITY, hi = INFINITY;

	for (int i = 0; i < 5; i++) {
		double d = i / 4.0 - s;

		if (f[i] <= 0)
			continue;
		if (d > 0 && -1 / d > lo)
			lo = -1 / d;
		if (d < 0 && -1 / d < hi)
			hi = -1 / d;
	}
	if (!isfinite(lo) || !isfinite(hi))
		return -1;
	for (int it = 0; it < 100; it++) {
		double t = (lo + hi) / 2, g = 0;

		for (int i = 0; i < 5; i++)
			if (f[i] > 0)
				g += f[i] * (i / 4.0 - s) / (1 + t * (i / 4.0 - s));
		if (g > 0)
			lo = t;
		else
			hi = t;
	}
	for (int i = 0; i < 5; i++)
		p[i] = f[i] > 0 ? f[i] / (1 + (lo + hi) / 2 * (i / 4.0 - s)) : 0;
	return 0;
}

double sprt_llr(const struct pair_stats *ps, double elo0, double elo1)
{
	double f[5], p0[5], p1[5], llr = 0, total = 0;

	if (ps->n < 2)
		return 0;
	/*
	 * A small count in every cell, so that a hypothesis's mean is within
	 * reach even when the pairs so far all fell in one or two (a bot that
	 * wins every pair, two equal bots that always split)
	 */
	for (int i = 0; i < 5; i++)
		total += f[i] = (double)ps->penta[i] + SPRT_PRIOR;
	for (int i = 0; i < 5; i++)
		f[i] /= total;
	if (mle_with_mean(f, sprt_score_of_elo(elo0), p0) < 0 ||
	    mle_with_mean(f, sprt_score_of_elo(elo1), p1) < 0)
		return 0;
	for (int i = 0; i < 5; i++)
		llr += f[i] * total * log(p1[i] / p0[i]);
	return llr;
}

void sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
	*lower = log(beta / (1 - alpha));
	*upper = log((1 - beta) / alpha);
}

enum sprt_verdict sprt_decide(double llr, double lower, double upper)
{
	if (llr >= upper)
		return SPRT_H1;
	if (llr <= lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}
