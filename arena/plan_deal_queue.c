/*
 * plan_deal_queue.c - games grouped by deal, handed out so that no two of one
 * deal, and no two of one author, run at once (see plan_deal_queue.h).
 *
 * A group is a FIFO of games of one deal (variant and seed) and one
 * attempt, side by side in the order given: the schedule lists the games
 * of a deal next to each other, so a deal is one group (a retry of it
 * another, at the end). Handing out scans the groups from the first that
 * is not yet empty, and takes the first whose deal is not running; the
 * deals running are few (at most 'jobs').
 */
#include "plan_deal_queue.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct group {
	int variant;
	uint64_t seed;
	int attempt;
	long head, tail; /* into items, -1: none */
};

struct item {
	struct fixture *g;
	long next;
};

struct deal_queue {
	struct group *groups;
	long ngroups, agroups, first;
	struct item *items;
	long nitems, aitems, left;
	struct running {
		int variant;
		uint64_t seed;
		int count;
	} *run;
	long nrun, arun;
	const int *author; /* per bot, -1: none (built-ins); NULL: no author rule */
	int nbots;
	int *busy;         /* per author: games running that seat it */
};

static int same_deal(const struct fixture *g, int variant, uint64_t seed)
{
	return g->variant == variant && g->seed == seed;
}

void deal_queue_add(struct deal_queue *q, struct fixture *g, int attempt)
{
	struct group *gr = NULL;
	struct item *it;

	/*
	 * the last group or a new one: the schedule lists a deal's games side
	 * by side, and retries come last; two groups of one deal are still
	 * never run at once (deal_queue_next() looks at the deals running)
	 */
	if (q->ngroups > q->first) {
		struct group *x = &q->groups[q->ngroups - 1];

		if (x->attempt == attempt && same_deal(g, x->variant, x->seed))
			gr = x;
	}
	if (!gr) {
		if (q->ngroups == q->agroups) {
			q->agroups = q->agroups * 2 + 16;
			q->groups = xrealloc(q->groups, (size_t)q->agroups * sizeof(*q->groups));
		}
		gr = &q->groups[q->ngroups++];
		gr->variant = g->variant;
		gr->seed = g->seed;
		gr->attempt = attempt;
		gr->head = gr->tail = -1;
	}
	if (q->nitems == q->aitems) {
		q->aitems = q->aitems * 2 + 64;
		q->items = xrealloc(q->items, (size_t)q->aitems * sizeof(*q->items));
	}
	it = &q->items[q->nitems];
	it->g = g;
	it->next = -1;
	if (gr->tail >= 0)
		q->items[gr->tail].next = q->nitems;
	else
		gr->head = q->nitems;
	gr->tail = q->nitems++;
	q->left++;
}

struct deal_queue *deal_queue_new(struct fixture *const *todo, long n, const int *author,
				  int nbots)
{
	struct deal_queue *q = xcalloc(1, sizeof(*q));

	if (author && nbots > 0) {
		q->author = author;
		q->nbots = nbots;
		q->busy = xcalloc((size_t)nbots, sizeof(*q->busy));
	}

	for (long i = 0; i < n; i++)
		deal_queue_add(q, todo[i], 1);
	return q;
}

void deal_queue_free(struct deal_queue *q)
{
	if (!q)
		return;
	free(q->groups);
	free(q->items);
	free(q->run);
	free(q->busy);
	free(q);
}

static struct running *find_running(struct deal_queue *q, int variant, uint64_t seed)
{
	for (long i = 0; i < q->nrun; i++)
		if (q->run[i].variant == variant && q->run[i].seed == seed)
			return &q->run[i];
	return NULL;
}

/* The author of g's seat p, or -1 (a house seat, a built-in, no author rule). */
static int seat_author(const struct deal_queue *q, const struct fixture *g, int p)
{
	int b = g->bot[p];

	return q->author && b >= 0 && b < q->nbots ? q->author[b] : -1;
}

/* Does g seat an author that a running game seats? */
static int author_busy(const struct deal_queue *q, const struct fixture *g)
{
	for (int p = 0; p < g->nseats; p++) {
		int a = seat_author(q, g, p);

		if (a >= 0 && a < q->nbots && q->busy[a])
			return 1;
	}
	return 0;
}

/* Counts g's authors as running (by +1) or not (by -1), each once. */
static void mark_authors(struct deal_queue *q, const struct fixture *g, int by)
{
	for (int p = 0; p < g->nseats; p++) {
		int a = seat_author(q, g, p), seen = 0;

		for (int e = 0; e < p && !seen; e++)
			seen = seat_author(q, g, e) == a;
		if (a >= 0 && a < q->nbots && !seen)
			q->busy[a] += by;
	}
}

struct fixture *deal_queue_next(struct deal_queue *q, int *attempt)
{
	while (q->first < q->ngroups && q->groups[q->first].head < 0)
		q->first++;
	for (long i = q->first; i < q->ngroups; i++) {
		struct group *gr = &q->groups[i];
		struct running *r;
		struct item *it;
		long at, prev = -1;

		if (gr->head < 0 || find_running(q, gr->variant, gr->seed))
			continue;
		/* the group's first game none of whose authors plays elsewhere now */
		for (at = gr->head; at >= 0 && author_busy(q, q->items[at].g);
		     prev = at, at = q->items[at].next)
			;
		if (at < 0)
			continue;
		it = &q->items[at];
		if (prev < 0)
			gr->head = it->next;
		else
			q->items[prev].next = it->next;
		if (gr->tail == at)
			gr->tail = prev;
		if (gr->head < 0)
			gr->tail = -1;
		q->left--;
		mark_authors(q, it->g, 1);
		if (q->nrun == q->arun) {
			q->arun = q->arun * 2 + 8;
			q->run = xrealloc(q->run, (size_t)q->arun * sizeof(*q->run));
		}
		r = &q->run[q->nrun++];
		r->variant = gr->variant;
		r->seed = gr->seed;
		r->count = 1;
		*attempt = gr->attempt;
		return it->g;
	}
	return NULL;
}

void deal_queue_done(struct deal_queue *q, const struct fixture *g)
{
	struct running *r = find_running(q, g->variant, g->seed);

	mark_authors(q, g, -1);
	if (r && --r->count == 0)
		*r = q->run[--q->nrun];
}

long deal_queue_left(const struct deal_queue *q)
{
	return q->left;
}
