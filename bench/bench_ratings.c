/*
 * bench_ratings.c - what the standings' batch fit costs (rating_fit(),
 * docs/ratings.md), next to a baseline measured in the same run: the
 * online Weng-Lin update (rating_update()) over the same games, once each,
 * which is what the standings cost before the fit. A tournament of 40 bots
 * is simulated: a round robin of two-team games in duplicate pairs and
 * five-seat tables in five rotations. The standings page refits every
 * time it is rewritten during a run, so this is the price of that. CPU
 * time of this process, as the machine is shared.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rank_rating.h"
#include "rng.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

enum { BOTS = 40, DEALS = 6 };

/* The tournament: every pair DEALS duplicate pairs, then 5-seat tables. */
static int make_games(struct rating_game *g, struct rng *r)
{
	int n = 0;
	long cluster = 0;

	for (int a = 0; a < BOTS; a++)
		for (int b = a + 1; b < BOTS; b++)
			for (int d = 0; d < DEALS; d++, cluster++)
				for (int rot = 0; rot < 2; rot++, n++) {
					int win = (int)rng_below(r, 100) < 50 + (b - a) / 2;

					memset(&g[n], 0, sizeof(g[n]));
					g[n].nteams = 2;
					g[n].cluster = cluster;
					g[n].teams[0].n = g[n].teams[1].n = 1;
					g[n].teams[0].player[0] = rot ? b : a;
					g[n].teams[1].player[0] = rot ? a : b;
					g[n].teams[0].rank = (win != rot) ? 1 : 2;
					g[n].teams[1].rank = (win != rot) ? 2 : 1;
				}
	for (int t = 0; t < BOTS * DEALS; t++, cluster++)
		for (int rot = 0; rot < 5; rot++, n++) {
			memset(&g[n], 0, sizeof(g[n]));
			g[n].nteams = 5;
			g[n].cluster = cluster;
			for (int s = 0; s < 5; s++) {
				g[n].teams[s].n = 1;
				g[n].teams[s].player[0] = (t + s * 7 + rot) % BOTS;
				g[n].teams[s].rank = 1 + (int)((s + rot + rng_below(r, 3)) % 5);
			}
		}
	return n;
}

int main(void)
{
	int max = BOTS * (BOTS - 1) / 2 * DEALS * 2 + BOTS * DEALS * 5;
	struct rating_game *g = calloc((size_t)max, sizeof(*g));
	struct rating_model m;
	struct rating online[BOTS];
	struct rating_fit f;
	struct rng r;
	char err[160];
	double t0, base, fit;
	int n, reps = 0;

	rng_seed(&r, 1);
	n = make_games(g, &r);
	rating_model_default(&m);
	t0 = now();
	do {
		for (int i = 0; i < BOTS; i++)
			online[i] = rating_initial(&m);
		for (int i = 0; i < n; i++)
			rating_update(&m, online, g[i].teams, g[i].nteams);
		reps++;
	} while (now() - t0 < 0.5);
	base = (now() - t0) / reps;
	t0 = now();
	if (rating_fit(&f, BOTS, g, n, RATING_PRIOR_ELO / RATING_ELO_PER_UNIT, err,
		       sizeof(err)) < 0) {
		fprintf(stderr, "bench_ratings: %s\n", err);
		return 1;
	}
	fit = now() - t0;
	printf("ratings: baseline (online update, %d games, %d bots): %.2f ms\n", n, BOTS,
	       base * 1e3);
	printf("ratings: batch fit with clustered intervals: %.2f ms, %d Newton steps "
	       "(%.1f x the baseline)\n",
	       fit * 1e3, f.iterations, fit / base);
	rating_fit_release(&f);
	free(g);
	return 0;
}
