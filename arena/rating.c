/*
 * rating.c - the Weng-Lin Plackett-Luce update (see rating.h).
 *
 * Notation follows the paper: team i has mu_i = sum of its players' mu,
 * sigma_i^2 = sum of their sigma^2; c^2 = sum_i (sigma_i^2 + beta^2);
 * C_q = teams ranked no better than q; A_q = teams tied with q.
 */
#include "rating.h"

#include <math.h>

#include "rules.h" /* MAX_SEATS */

void rating_model_default(struct rating_model *m)
{
	m->mu0 = 25.0;
	m->sigma0 = 25.0 / 3.0;
	m->beta = 25.0 / 6.0;
	m->kappa = 0.0001;
	m->tau = 0.0;
}

double rating_points(const struct rating_model *m, double mu_difference)
{
	return mu_difference * 400.0 / (log(10.0) * m->beta * sqrt(2.0));
}

double rating_shown(const struct rating_model *m, double mu)
{
	return RATING_BASE + rating_points(m, mu - m->mu0);
}

struct rating rating_initial(const struct rating_model *m)
{
	struct rating r = { m->mu0, m->sigma0 };

	return r;
}

void rating_update(const struct rating_model *m, struct rating *r,
		   const struct rating_team *teams, int nteams)
{
	double mu[MAX_SEATS], s2[MAX_SEATS], e[MAX_SEATS], sum_q[MAX_SEATS];
	double omega[MAX_SEATS], delta[MAX_SEATS];
	int a[MAX_SEATS];
	double c2 = 0, c;

	if (nteams < 2 || nteams > MAX_SEATS)
		return;
	for (int i = 0; i < nteams; i++)
		for (int j = 0; j < teams[i].n; j++) {
			struct rating *p = &r[teams[i].player[j]];

			p->sigma = sqrt(p->sigma * p->sigma + m->tau * m->tau);
		}
	for (int i = 0; i < nteams; i++) {
		mu[i] = s2[i] = 0;
		for (int j = 0; j < teams[i].n; j++) {
			const struct rating *p = &r[teams[i].player[j]];

			mu[i] += p->mu;
			s2[i] += p->sigma * p->sigma;
		}
		c2 += s2[i] + m->beta * m->beta;
	}
	c = sqrt(c2);
	for (int i = 0; i < nteams; i++)
		e[i] = exp(mu[i] / c);
	for (int q = 0; q < nteams; q++) {
		sum_q[q] = 0;
		a[q] = 0;
		for (int s = 0; s < nteams; s++) {
			if (teams[s].rank >= teams[q].rank)
				sum_q[q] += e[s];
			a[q] += teams[s].rank == teams[q].rank;
		}
	}
	for (int i = 0; i < nteams; i++) {
		double om = 0, de = 0, gamma = sqrt(s2[i]) / c;

		for (int q = 0; q < nteams; q++) {
			double p = e[i] / sum_q[q];

			if (teams[q].rank > teams[i].rank)
				continue; /* i is in C_q only when q is ranked no worse */
			om += ((q == i ? 1.0 : 0.0) - p) / a[q];
			de += p * (1 - p) / a[q];
		}
		omega[i] = s2[i] / c * om;
		delta[i] = gamma * s2[i] / c2 * de;
	}
	for (int i = 0; i < nteams; i++)
		for (int j = 0; j < teams[i].n; j++) {
			struct rating *p = &r[teams[i].player[j]];
			double share = p->sigma * p->sigma / s2[i];
			double shrink = 1 - share * delta[i];

			p->mu += share * omega[i];
			p->sigma *= sqrt(shrink > m->kappa ? shrink : m->kappa);
		}
}
