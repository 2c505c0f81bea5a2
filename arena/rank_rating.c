/*
 * rank_rating.c - the Weng-Lin Plackett-Luce update (see rank_rating.h).
 *
 * Notation follows the paper: team i has mu_i = sum of its players' mu,
 * sigma_i^2 = sum of their sigma^2; c^2 = sum_i (sigma_i^2 + beta^2);
 * C_q = teams ranked no better than q; A_q = teams tied with q.
 */
#include "rank_rating.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h" /* MAX_SEATS */
#include "util.h"

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

/* ---- the batch fit ---- */

double rating_elo(double theta)
{
	return RATING_BASE + RATING_ELO_PER_UNIT * theta;
}

double rating_phi(double x)
{
	return 0.5 * erfc(-x / sqrt(2.0));
}

static int cmp_int(int a, int b)
{
	return a < b ? -1 : a > b;
}

/* The canonical order of games: by cluster, then by every field of the game. */
static int cmp_game(const void *x, const void *y)
{
	const struct rating_game *a = x, *b = y;
	int c;

	if (a->cluster != b->cluster)
		return a->cluster < b->cluster ? -1 : 1;
	if ((c = cmp_int(a->nteams, b->nteams)))
		return c;
	for (int i = 0; i < a->nteams; i++) {
		const struct rating_team *s = &a->teams[i], *t = &b->teams[i];

		if ((c = cmp_int(s->rank, t->rank)) || (c = cmp_int(s->n, t->n)))
			return c;
		for (int j = 0; j < s->n; j++)
			if ((c = cmp_int(s->player[j], t->player[j])))
				return c;
	}
	return 0;
}

/*
 * Adds game g at strengths theta: its log-likelihood to *ll, its score
 * (gradient) to grad[] (every player of the game: callers clear the
 * entries they read), and the negative Hessian to hess (n x n), any of
 * them NULL to skip.
 */
static void game_terms(const struct rating_game *g, const double *theta, int n, double *ll,
		       double *grad, double *hess)
{
	double eta[RATING_FIT_ENTRIES], d[RATING_FIT_ENTRIES];
	double h[RATING_FIT_ENTRIES][RATING_FIT_ENTRIES];
	int k = g->nteams;

	for (int e = 0; e < k; e++) {
		eta[e] = 0;
		for (int j = 0; j < g->teams[e].n; j++)
			eta[e] += theta[g->teams[e].player[j]];
		d[e] = 0;
		for (int f = 0; f < k; f++)
			h[e][f] = 0;
	}
	/* one stage per distinct place, best first */
	for (int e = 0; e < k; e++) {
		int place = g->teams[e].rank, first = 1, ng = 0, nr = 0;
		double top = -HUGE_VAL, sum = 0, p[RATING_FIT_ENTRIES];

		for (int f = 0; f < e; f++)
			first &= g->teams[f].rank != place;
		if (!first)
			continue; /* the stage of this place is done */
		for (int f = 0; f < k; f++)
			if (g->teams[f].rank >= place) {
				nr++;
				ng += g->teams[f].rank == place;
				if (eta[f] > top)
					top = eta[f];
			}
		if (nr < 2)
			continue;
		for (int f = 0; f < k; f++)
			if (g->teams[f].rank >= place)
				sum += exp(eta[f] - top);
		for (int f = 0; f < k; f++) {
			p[f] = g->teams[f].rank >= place ? exp(eta[f] - top) / sum : 0;
			if (g->teams[f].rank == place) {
				d[f] += 1.0 / ng;
				if (ll)
					*ll += eta[f] / ng;
			}
			d[f] -= p[f];
		}
		if (ll)
			*ll -= top + log(sum);
		for (int e2 = 0; e2 < k; e2++)
			for (int f = 0; f < k; f++)
				h[e2][f] += (e2 == f ? p[e2] : 0) - p[e2] * p[f];
	}
	for (int e = 0; e < k; e++)
		for (int a = 0; a < g->teams[e].n; a++) {
			int pa = g->teams[e].player[a];

			if (grad)
				grad[pa] += d[e];
			if (!hess)
				continue;
			for (int f = 0; f < k; f++)
				for (int b = 0; b < g->teams[f].n; b++)
					hess[(size_t)pa * (size_t)n + (size_t)g->teams[f].player[b]] +=
						h[e][f];
		}
}

/*
 * The log-posterior at theta, and when grad and hess are given its
 * gradient and negative Hessian (plus 1/n everywhere: J/n, see rank_rating.h).
 */
static double posterior(const struct rating_game *g, int ngames, const double *theta, int n,
			double prior_sd, double *grad, double *hess)
{
	double ll = 0;

	if (grad)
		memset(grad, 0, (size_t)n * sizeof(*grad));
	if (hess)
		for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
			hess[i] = 1.0 / n;
	for (int i = 0; i < ngames; i++)
		game_terms(&g[i], theta, n, &ll, grad, hess);
	if (prior_sd > 0)
		for (int i = 0; i < n; i++) {
			double prec = 1 / (prior_sd * prior_sd);

			ll -= 0.5 * theta[i] * theta[i] * prec;
			if (grad)
				grad[i] -= theta[i] * prec;
			if (hess)
				hess[(size_t)i * (size_t)n + (size_t)i] += prec;
		}
	return ll;
}

/* Cholesky factor of the n x n matrix a in place (lower); -1 if not positive definite. */
static int cholesky(double *a, int n)
{
	for (int j = 0; j < n; j++) {
		double s = a[(size_t)j * n + j];

		for (int k = 0; k < j; k++)
			s -= a[(size_t)j * n + k] * a[(size_t)j * n + k];
		if (!(s > 1e-300))
			return -1;
		a[(size_t)j * n + j] = sqrt(s);
		for (int i = j + 1; i < n; i++) {
			double t = a[(size_t)i * n + j];

			for (int k = 0; k < j; k++)
				t -= a[(size_t)i * n + k] * a[(size_t)j * n + k];
			a[(size_t)i * n + j] = t / a[(size_t)j * n + j];
		}
	}
	return 0;
}

/* Solves L L^T x = b in place, L from cholesky(). */
static void cholesky_solve(const double *l, int n, double *b)
{
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < i; k++)
			b[i] -= l[(size_t)i * n + k] * b[k];
		b[i] /= l[(size_t)i * n + i];
	}
	for (int i = n - 1; i >= 0; i--) {
		for (int k = i + 1; k < n; k++)
			b[i] -= l[(size_t)k * n + i] * b[k];
		b[i] /= l[(size_t)i * n + i];
	}
}

#if MAX_SEATS > RATING_FIT_ENTRIES
#error "a game of the fit must hold every seat"
#endif

/* w (n x n) becomes the inverse of the Cholesky-factored matrix it holds; step: n scratch doubles. */
static void invert_factored(double *w, int n, double *step)
{
	size_t nn = (size_t)n * (size_t)n;
	double *inv = xcalloc(nn, sizeof(double));

	for (int j = 0; j < n; j++) {
		memset(step, 0, (size_t)n * sizeof(double));
		step[j] = 1;
		cholesky_solve(w, n, step);
		for (int i = 0; i < n; i++)
			inv[(size_t)i * n + j] = step[i];
	}
	memcpy(w, inv, nn * sizeof(double));
	free(inv);
}

/*
 * B of the sandwich (n x n, zeroed), at theta: with more clusters than
 * players the outer products of the clusters' scores (scaled by
 * G/(G-(n-1))), else the likelihood's own information less J/n; plus the
 * prior's precision.
 */
static void sandwich_meat(const struct rating_game *g, int ngames, int clusters,
			  const double *theta, int n, double prior_sd, double *b)
{
	size_t nn = (size_t)n * (size_t)n;
	double *sc = xcalloc((size_t)n, sizeof(double));
	int *who = xcalloc((size_t)n, sizeof(int));

	if (clusters > n) {
		double scale = (double)clusters / (double)(clusters - (n - 1));

		for (int i = 0; i < ngames;) {
			int j = i, np = 0;

			memset(sc, 0, (size_t)n * sizeof(double));
			for (; j < ngames && g[j].cluster == g[i].cluster; j++)
				game_terms(&g[j], theta, n, NULL, sc, NULL);
			/* the players of the cluster, each once, in order of index */
			for (int a = 0; a < n; a++)
				if (sc[a] != 0)
					who[np++] = a;
			for (int x = 0; x < np; x++)
				for (int y = 0; y < np; y++)
					b[(size_t)who[x] * n + who[y]] += scale * sc[who[x]] * sc[who[y]];
			i = j;
		}
	} else {
		posterior(g, ngames, theta, n, 0, NULL, b);
		for (size_t i = 0; i < nn; i++)
			b[i] -= 1.0 / n;
	}
	if (prior_sd > 0)
		for (int i = 0; i < n; i++)
			b[(size_t)i * n + i] += 1 / (prior_sd * prior_sd);
	free(sc);
	free(who);
}

/* cov = C W B W C, C = I - J/n: the covariance relative to the field's mean (cov zeroed). */
static void sandwich(const double *w, const double *b, int n, double *cov)
{
	size_t nn = (size_t)n * (size_t)n;
	double *t = xcalloc(nn, sizeof(double)), *mean = xcalloc((size_t)n, sizeof(double));
	double all = 0;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < n; k++) {
			double wik = w[(size_t)i * n + k];

			if (wik != 0)
				for (int j = 0; j < n; j++)
					t[(size_t)i * n + j] += wik * b[(size_t)k * n + j];
		}
	for (int i = 0; i < n; i++)
		for (int k = 0; k < n; k++) {
			double tik = t[(size_t)i * n + k];

			for (int j = 0; j < n; j++)
				cov[(size_t)i * n + j] += tik * w[(size_t)k * n + j];
		}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			mean[i] += cov[(size_t)i * n + j] / n;
		all += mean[i] / n;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cov[(size_t)i * n + j] += all - mean[i] - mean[j];
	free(t);
	free(mean);
}

#define FIT_MAX_STEPS 200
#define FIT_TOLERANCE 1e-10

int rating_fit(struct rating_fit *f, int nplayers, const struct rating_game *games, int ngames,
	       double prior_sd, char *err, size_t len)
{
	int n = nplayers > 0 ? nplayers : 1, ret = -1, done = 0;
	size_t nn = (size_t)n * (size_t)n;
	struct rating_game *g = xmalloc((size_t)(ngames ? ngames : 1) * sizeof(*g));
	double *grad = xcalloc((size_t)n, sizeof(double)), *step = xcalloc((size_t)n, sizeof(double));
	double *next = xcalloc((size_t)n, sizeof(double)), *hess = xmalloc(nn * sizeof(double));
	double *w = xcalloc(nn, sizeof(double)), *b = xcalloc(nn, sizeof(double));
	double lp;

	memset(f, 0, sizeof(*f));
	f->n = nplayers;
	f->theta = xcalloc((size_t)n, sizeof(double));
	f->cov = xcalloc(nn, sizeof(double));
	if (ngames)
		memcpy(g, games, (size_t)ngames * sizeof(*g));
	qsort(g, (size_t)ngames, sizeof(*g), cmp_game);
	for (int i = 0; i < ngames; i++)
		f->clusters += !i || g[i].cluster != g[i - 1].cluster;
	lp = posterior(g, ngames, f->theta, n, prior_sd, grad, hess);
	while (!done) {
		double biggest = 0, t = 1, lq = lp;

		if (f->iterations++ >= FIT_MAX_STEPS || cholesky(hess, n) < 0) {
			snprintf(err, len, "the ratings do not converge (a bot won or lost every "
				 "game, or the games do not connect the bots)");
			goto out;
		}
		memcpy(step, grad, (size_t)n * sizeof(double));
		cholesky_solve(hess, n, step);
		for (int i = 0; i < n; i++)
			if (fabs(step[i]) > biggest)
				biggest = fabs(step[i]);
		/* the posterior is concave: halve a step that overshoots */
		for (int halve = 0; halve < 40; halve++, t /= 2) {
			for (int i = 0; i < n; i++)
				next[i] = f->theta[i] + t * step[i];
			lq = posterior(g, ngames, next, n, prior_sd, NULL, NULL);
			if (lq >= lp - 1e-12 * (1 + fabs(lp)))
				break;
		}
		memcpy(f->theta, next, (size_t)n * sizeof(double));
		lp = posterior(g, ngames, f->theta, n, prior_sd, grad, hess);
		done = biggest * t < FIT_TOLERANCE;
	}
	/* W: the inverse of the negative Hessian (+ J/n), column by column */
	memcpy(w, hess, nn * sizeof(double));
	if (cholesky(w, n) < 0) {
		snprintf(err, len, "the ratings' covariance is singular");
		goto out;
	}
	invert_factored(w, n, step);
	/* B: the clusters' scores (or the likelihood's Hessian), plus the prior's precision */
	sandwich_meat(g, ngames, f->clusters, f->theta, n, prior_sd, b);
	sandwich(w, b, n, f->cov);
	{
		double mean = 0;

		for (int i = 0; i < n; i++)
			mean += f->theta[i] / n;
		for (int i = 0; i < n; i++)
			f->theta[i] -= mean;
	}
	ret = 0;
out:
	if (ret < 0) {
		free(f->theta);
		free(f->cov);
		f->theta = f->cov = NULL;
	}
	free(g);
	free(grad);
	free(step);
	free(next);
	free(hess);
	free(w);
	free(b);
	return ret;
}

void rating_fit_release(struct rating_fit *f)
{
	free(f->theta);
	free(f->cov);
	memset(f, 0, sizeof(*f));
}
