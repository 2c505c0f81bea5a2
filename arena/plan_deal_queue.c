/*
 * plan_deal_queue.c - games grouped by deal, handed out so that no two of one
 * deal, and no two of one author, run at once (see plan_deal_queue.h).
 *
 * A group is a FIFO of matches (a single game is a match of one) with the
 * same deals (variant and seed) and one attempt, side by side in the order
 * given: the schedule lists the games of a deal next to each other, and
 * plan_match.h the matches of a block of deals, so a deal (or a block) is
 * one group (a retry another, at the end).
 *
 * Handing out looks, in queue order, at the first LOOK_AHEAD matches none
 * of whose deals and authors is running (those that wait are passed over
 * uncounted: a running lane or author can hold back any number), and
 * takes the one with the longest chain still queued behind it: the work
 * queued of its lane (the matches with its deals, which run one after
 * another) or of one of its authors (whose matches run one after another
 * too), the larger; a lower attempt first, the earlier on a tie. A
 * match's work is its games' seats that are not house seats. The lanes'
 * and authors' work is kept as matches are queued and handed out.
 */
#include "plan_deal_queue.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct item {
	struct fixture **g; /* the match's games (owned) */
	int n;
	long next;
	long work;          /* its games' seats that are not house seats */
	long lane;          /* into lanes: the matches of its deals */
};

/* How many matches that can start handing out weighs against each other. */
#define LOOK_AHEAD 256

struct group {
	int attempt;
	long key;        /* the item whose deals all of the group's have */
	long head, tail; /* into items, -1: none */
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
	long window;       /* matches that can start weighed (LOOK_AHEAD; 1: in order) */
	int *busy;         /* per author: games running that seat it */
	long *work;        /* per author: the work of the matches queued that seat it */
	struct lane {
		long key;  /* an item with the lane's deals */
		long work; /* of its matches queued */
	} *lanes;
	long nlanes, alanes;
};

/* Do the items a and the games g[0..n) have the same deals, in the same order? */
static int same_deals(const struct item *a, struct fixture *const *g, int n)
{
	if (a->n != n)
		return 0;
	for (int i = 0; i < n; i++)
		if (a->g[i]->variant != g[i]->variant || a->g[i]->seed != g[i]->seed)
			return 0;
	return 1;
}

/* The author of g's seat p, or -1 (a house seat, a built-in, no author rule). */
static int seat_author(const struct deal_queue *q, const struct fixture *g, int p)
{
	int b = g->bot[p];

	return q->author && b >= 0 && b < q->nbots ? q->author[b] : -1;
}

/* Is a an author of the match it, at a seat before game i's seat p? */
static int seen_before(const struct deal_queue *q, const struct item *it, int i, int p, int a)
{
	for (int k = 0; k <= i; k++)
		for (int e = 0; e < (k < i ? it->g[k]->nseats : p); e++)
			if (seat_author(q, it->g[k], e) == a)
				return 1;
	return 0;
}

/*
 * Adds the work of the match it to what its lane and each of its authors
 * (once) have queued (by +1), or takes it away (by -1).
 */
static void count_work(struct deal_queue *q, const struct item *it, int by)
{
	q->lanes[it->lane].work += by * it->work;
	for (int i = 0; i < it->n; i++)
		for (int p = 0; p < it->g[i]->nseats; p++) {
			int a = seat_author(q, it->g[i], p);

			if (a >= 0 && a < q->nbots && !seen_before(q, it, i, p, a))
				q->work[a] += by * it->work;
		}
}

/* The lane of the games g[0..n): one with their deals, or a new one. */
static long lane_of(struct deal_queue *q, struct fixture *const *g, int n)
{
	for (long l = q->nlanes - 1; l >= 0; l--)
		if (same_deals(&q->items[q->lanes[l].key], g, n))
			return l;
	if (q->nlanes == q->alanes) {
		q->alanes = q->alanes * 2 + 16;
		q->lanes = xrealloc(q->lanes, (size_t)q->alanes * sizeof(*q->lanes));
	}
	q->lanes[q->nlanes].key = q->nitems;
	q->lanes[q->nlanes].work = 0;
	return q->nlanes++;
}

void deal_queue_add_match(struct deal_queue *q, struct fixture *const *g, int n, int attempt)
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

		if (x->attempt == attempt && same_deals(&q->items[x->key], g, n))
			gr = x;
	}
	if (q->nitems == q->aitems) {
		q->aitems = q->aitems * 2 + 64;
		q->items = xrealloc(q->items, (size_t)q->aitems * sizeof(*q->items));
	}
	it = &q->items[q->nitems];
	it->g = xmalloc((size_t)n * sizeof(*it->g));
	memcpy(it->g, g, (size_t)n * sizeof(*it->g));
	it->n = n;
	it->next = -1;
	it->work = 0;
	for (int i = 0; i < n; i++)
		it->work += schedule_bot_seats(g[i]);
	it->lane = lane_of(q, g, n);
	if (!gr) {
		if (q->ngroups == q->agroups) {
			q->agroups = q->agroups * 2 + 16;
			q->groups = xrealloc(q->groups, (size_t)q->agroups * sizeof(*q->groups));
		}
		gr = &q->groups[q->ngroups++];
		gr->attempt = attempt;
		gr->key = q->nitems;
		gr->head = gr->tail = -1;
	}
	if (gr->tail >= 0)
		q->items[gr->tail].next = q->nitems;
	else
		gr->head = q->nitems;
	gr->tail = q->nitems++;
	q->left += n;
	count_work(q, it, 1);
}

void deal_queue_add(struct deal_queue *q, struct fixture *g, int attempt)
{
	deal_queue_add_match(q, &g, 1, attempt);
}

struct deal_queue *deal_queue_new(struct fixture *const *todo, long n, const int *author,
				  int nbots)
{
	struct deal_queue *q = xcalloc(1, sizeof(*q));

	q->window = LOOK_AHEAD;

	if (author && nbots > 0) {
		q->author = author;
		q->nbots = nbots;
		q->busy = xcalloc((size_t)nbots, sizeof(*q->busy));
		q->work = xcalloc((size_t)nbots, sizeof(*q->work));
	}

	for (long i = 0; i < n; i++)
		deal_queue_add(q, todo[i], 1);
	return q;
}

void deal_queue_free(struct deal_queue *q)
{
	if (!q)
		return;
	for (long i = 0; i < q->nitems; i++)
		free(q->items[i].g);
	free(q->groups);
	free(q->items);
	free(q->run);
	free(q->busy);
	free(q->work);
	free(q->lanes);
	free(q);
}

static struct running *find_running(struct deal_queue *q, int variant, uint64_t seed)
{
	for (long i = 0; i < q->nrun; i++)
		if (q->run[i].variant == variant && q->run[i].seed == seed)
			return &q->run[i];
	return NULL;
}

/* Is a deal of the games g[0..n) running? */
static int deals_running(struct deal_queue *q, struct fixture *const *g, int n)
{
	for (int i = 0; i < n; i++)
		if (find_running(q, g[i]->variant, g[i]->seed))
			return 1;
	return 0;
}

/* Does a game of it seat an author that a running game seats? */
static int author_busy(const struct deal_queue *q, const struct item *it)
{
	for (int i = 0; i < it->n; i++)
		for (int p = 0; p < it->g[i]->nseats; p++) {
			int a = seat_author(q, it->g[i], p);

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

/* Counts the deal of g as running once more. */
static void mark_running(struct deal_queue *q, const struct fixture *g)
{
	struct running *r = find_running(q, g->variant, g->seed);

	if (!r) {
		if (q->nrun == q->arun) {
			q->arun = q->arun * 2 + 8;
			q->run = xrealloc(q->run, (size_t)q->arun * sizeof(*q->run));
		}
		r = &q->run[q->nrun++];
		r->variant = g->variant;
		r->seed = g->seed;
		r->count = 0;
	}
	r->count++;
}

/* The longest chain queued behind the match it: its lane's work or an author's. */
static long chain(const struct deal_queue *q, const struct item *it)
{
	long most = q->lanes[it->lane].work;

	for (int i = 0; i < it->n; i++)
		for (int p = 0; p < it->g[i]->nseats; p++) {
			int a = seat_author(q, it->g[i], p);

			if (a >= 0 && a < q->nbots && q->work[a] > most)
				most = q->work[a];
		}
	return most;
}

struct fixture *const *deal_queue_next_match(struct deal_queue *q, int *n, int *attempt)
{
	long best = -1, best_prev = -1, best_group = -1, best_chain = 0, seen = 0;
	struct group *gr;
	struct item *it;

	while (q->first < q->ngroups && q->groups[q->first].head < 0)
		q->first++;
	/*
	 * only matches that can start count towards the window: a lane or an
	 * author running can hold back far more than LOOK_AHEAD matches, and
	 * a job must not idle behind them
	 */
	for (long i = q->first; i < q->ngroups && seen < q->window; i++) {
		long at, prev = -1;

		gr = &q->groups[i];
		if (gr->head < 0 || (best >= 0 && gr->attempt > q->groups[best_group].attempt) ||
		    deals_running(q, q->items[gr->key].g, q->items[gr->key].n))
			continue;
		for (at = gr->head; at >= 0 && seen < q->window; prev = at, at = q->items[at].next) {
			long c;

			if (author_busy(q, &q->items[at]))
				continue;
			seen++;
			c = chain(q, &q->items[at]);
			if (best < 0 || gr->attempt < q->groups[best_group].attempt ||
			    (gr->attempt == q->groups[best_group].attempt && c > best_chain)) {
				best = at;
				best_prev = prev;
				best_group = i;
				best_chain = c;
			}
		}
	}
	if (best < 0)
		return NULL;
	gr = &q->groups[best_group];
	it = &q->items[best];
	if (best_prev < 0)
		gr->head = it->next;
	else
		q->items[best_prev].next = it->next;
	if (gr->tail == best)
		gr->tail = best_prev;
	if (gr->head < 0)
		gr->tail = -1;
	q->left -= it->n;
	count_work(q, it, -1);
	for (int k = 0; k < it->n; k++) {
		mark_authors(q, it->g[k], 1);
		mark_running(q, it->g[k]);
	}
	*n = it->n;
	*attempt = gr->attempt;
	return it->g;
}

struct fixture *deal_queue_next(struct deal_queue *q, int *attempt)
{
	int n;
	struct fixture *const *g = deal_queue_next_match(q, &n, attempt);

	return g ? g[0] : NULL;
}

void deal_queue_done(struct deal_queue *q, const struct fixture *g)
{
	struct running *r = find_running(q, g->variant, g->seed);

	mark_authors(q, g, -1);
	if (r && --r->count == 0)
		*r = q->run[--q->nrun];
}

void deal_queue_in_order(struct deal_queue *q)
{
	q->window = 1;
}

long deal_queue_left(const struct deal_queue *q)
{
	return q->left;
}
