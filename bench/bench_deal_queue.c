/*
 * bench_deal_queue.c - how well, and at what cost, the arena hands out
 * matches (plan_deal_queue.h, docs/arena.md "Which game starts next").
 * A house-format schedule (every pair of B submissions, two rotations,
 * two house seats, D deals of V variants) is grouped into matches
 * (plan_match.h) and played by a simulated arena of J jobs in which every
 * game takes one unit: a free job asks the queue for a match at every
 * game's end, as play_run() does at every result line. Printed: the units
 * the run took against the least any hand-out could take (the games over
 * the jobs, the longest submission's games, the longest lane's), and the
 * CPU time of handing out against that of grouping the schedule into
 * matches (the baseline), CPU time of this process, as the machine is
 * shared. Nothing here is timed against a limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "plan_deal_queue.h"
#include "plan_match.h"
#include "util.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct job {
	struct fixture *const *g; /* the match it plays, NULL: free */
	int n, next;
	long end;                 /* when its game now playing ends */
};

/* One schedule: V variants, D deals, B submissions, matches of up to M games, J jobs. */
static void run(int V, int D, int B, int M, int J)
{
	long n = (long)V * D * B * (B - 1), k = 0, clock = 0, most = 0, calls = 0;
	struct fixture *f = xcalloc((size_t)n, sizeof(*f));
	struct fixture **todo = xcalloc((size_t)n, sizeof(*todo));
	int *author = xcalloc((size_t)B, sizeof(*author));
	struct job *jobs = xcalloc((size_t)J, sizeof(*jobs));
	struct deal_queue *q;
	struct matches m;
	double t0, t1, hand = 0;
	int running = 0;

	for (int v = 0; v < V; v++)
		for (int d = 0; d < D; d++)
			for (int a = 0; a < B; a++)
				for (int b = a + 1; b < B; b++)
					for (int r = 0; r < 2; r++) {
						struct fixture *g = &f[k];

						g->index = (int)k;
						g->variant = v;
						g->seed = 1000 + (uint64_t)d;
						g->nseats = 4;
						g->bot[0] = r ? b : a;
						g->bot[2] = r ? a : b;
						g->bot[1] = g->bot[3] = SEAT_HOUSE;
						snprintf(g->id, sizeof(g->id), "g%ld", k);
						todo[k++] = g;
					}
	for (int b = 0; b < B; b++)
		author[b] = b;
	t0 = now();
	matches_group(&m, todo, n, M, M > 1, J);
	t1 = now();
	q = deal_queue_new(NULL, 0, author, B);
	for (long i = 0; i < m.n; i++)
		deal_queue_add_match(q, m.games + m.start[i], (int)(m.start[i + 1] - m.start[i]), 1);
	hand += now() - t1;
	for (;;) {
		int at = -1;
		double h = now();

		while (running < J) {
			int got, attempt, j = 0;
			struct fixture *const *g = deal_queue_next_match(q, &got, &attempt);

			calls++;
			if (!g)
				break;
			while (jobs[j].g)
				j++;
			jobs[j].g = g;
			jobs[j].n = got;
			jobs[j].next = 0;
			jobs[j].end = clock + 1;
			running++;
		}
		hand += now() - h;
		if (!running)
			break;
		for (int j = 0; j < J; j++)
			if (jobs[j].g && (at < 0 || jobs[j].end < jobs[at].end))
				at = j;
		clock = jobs[at].end;
		if (++jobs[at].next < jobs[at].n) {
			jobs[at].end = clock + 1;
			continue;
		}
		h = now();
		for (int i = 0; i < jobs[at].n; i++)
			deal_queue_done(q, jobs[at].g[i]);
		hand += now() - h;
		jobs[at].g = NULL;
		running--;
	}
	/* the least: the games over the jobs, a submission's games (2 (B - 1) V D), a lane's */
	most = (n + J - 1) / J;
	if (2L * (B - 1) * V * D > most)
		most = 2L * (B - 1) * V * D;
	for (long i = 0; i < m.n; i++) {
		long lane = 0;

		for (long e = 0; e < m.n; e++)
			if (m.start[e + 1] - m.start[e] == m.start[i + 1] - m.start[i] &&
			    m.games[m.start[e]]->variant == m.games[m.start[i]]->variant &&
			    m.games[m.start[e]]->seed == m.games[m.start[i]]->seed)
				lane += m.start[e + 1] - m.start[e];
		if (lane > most)
			most = lane;
		if (m.n > 2000)
			break; /* every lane is as long: the first is enough */
	}
	printf("deal_queue: %d variant(s) x %4d deals, %3d submissions, match_games %2d, jobs %d:"
	       " %6ld games in %6ld units (%.2f x the least, %ld); handing out %7.3f s"
	       " (%.1f x grouping the matches), %ld asks\n",
	       V, D, B, M, J, n, clock, (double)clock / (double)most, most, hand,
	       hand / (t1 - t0 > 1e-6 ? t1 - t0 : 1e-6), calls);
	deal_queue_free(q);
	matches_release(&m);
	free(jobs);
	free(author);
	free(todo);
	free(f);
}

int main(void)
{
	run(1, 200, 4, 2, 2);
	run(3, 20, 10, 16, 8);
	run(1, 20, 40, 16, 8);
	run(1, 4, 100, 16, 8);
	return 0;
}
