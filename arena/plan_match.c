/*
 * plan_match.c - games grouped into matches (see plan_match.h).
 *
 * Sorting does the grouping: each game gets its deal's block (the deal's
 * rank among its variant's deals, in the order they first come, divided
 * by match_games), then the games are sorted by variant, block, seat
 * arrangement and repeat, the order they came in breaking ties, and runs
 * of equal keys are cut into matches of at most match_games games.
 *
 * A seat arrangement may play one deal more than once (two tables drawn
 * alike, or one a rotation of the other, deal the same cards): each
 * game's repeat counts the games before it of its deal and arrangement,
 * so the first of each deal make one match, the second another, and no
 * match holds a deal twice.
 */
#include "plan_match.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct rec {
	struct fixture *g;
	long pos;        /* in todo */
	long deal_first; /* the first pos of the game's deal */
	long block;
	long repeat;     /* earlier games (by pos) of the same deal and arrangement */
};

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

static int cmp_long(long a, long b)
{
	return a < b ? -1 : a > b;
}

/* By deal (variant, seed), then position. */
static int by_deal(const void *x, const void *y)
{
	const struct rec *a = x, *b = y;

	if (a->g->variant != b->g->variant)
		return a->g->variant - b->g->variant;
	if (a->g->seed != b->g->seed)
		return cmp_u64(a->g->seed, b->g->seed);
	return cmp_long(a->pos, b->pos);
}

/* By variant, then the first position of the deal, then position. */
static int by_deal_order(const void *x, const void *y)
{
	const struct rec *a = x, *b = y;

	if (a->g->variant != b->g->variant)
		return a->g->variant - b->g->variant;
	if (a->deal_first != b->deal_first)
		return cmp_long(a->deal_first, b->deal_first);
	return cmp_long(a->pos, b->pos);
}

/* By seat arrangement: seats, a deal file or not, the bot in each seat. */
static int cmp_arrangement(const struct fixture *a, const struct fixture *b)
{
	int d;

	if (a->nseats != b->nseats)
		return a->nseats - b->nseats;
	if ((d = (a->deal != NULL) - (b->deal != NULL)))
		return d;
	for (int s = 0; s < a->nseats; s++)
		if (a->bot[s] != b->bot[s])
			return a->bot[s] - b->bot[s];
	return 0;
}

/* By variant, block, seat arrangement, repeat, then position. */
static int by_key(const void *x, const void *y)
{
	const struct rec *a = x, *b = y;
	int d;

	if (a->g->variant != b->g->variant)
		return a->g->variant - b->g->variant;
	if (a->block != b->block)
		return cmp_long(a->block, b->block);
	if ((d = cmp_arrangement(a->g, b->g)))
		return d;
	if (a->repeat != b->repeat)
		return cmp_long(a->repeat, b->repeat);
	return cmp_long(a->pos, b->pos);
}

/* By deal (variant, seed), seat arrangement, then position. */
static int by_deal_arrangement(const void *x, const void *y)
{
	const struct rec *a = x, *b = y;
	int d;

	if (a->g->variant != b->g->variant)
		return a->g->variant - b->g->variant;
	if (a->g->seed != b->g->seed)
		return cmp_u64(a->g->seed, b->g->seed);
	if ((d = cmp_arrangement(a->g, b->g)))
		return d;
	return cmp_long(a->pos, b->pos);
}

/* Do a and b belong to one match (but for its size)? */
static int same_key(const struct rec *a, const struct rec *b)
{
	return a->g->variant == b->g->variant && a->block == b->block &&
	       a->repeat == b->repeat && !cmp_arrangement(a->g, b->g);
}

static int same_deal(const struct rec *a, const struct rec *b)
{
	return a->g->variant == b->g->variant && a->g->seed == b->g->seed;
}

/*
 * The block size: the largest up to match_games whose largest lane holds
 * at most 1/jobs of the n games r[] (sorted by variant and deal order,
 * block holding the deal's rank), so that no lane, played a match at a
 * time, outlasts what the jobs have to play side by side; 1 when none
 * does.
 */
static long block_size(const struct rec *r, long n, long match_games, int jobs)
{
	for (long b = match_games; b > 1; b--) {
		long most = 0, cur = 0;

		for (long i = 0; i < n; i++) {
			if (i > 0 && (r[i].g->variant != r[i - 1].g->variant ||
				      r[i].block / b != r[i - 1].block / b))
				cur = 0;
			if (++cur > most)
				most = cur;
		}
		if (most * (jobs > 1 ? jobs : 1) <= n)
			return b;
	}
	return 1;
}

/*
 * Each game's block: its deal's rank among the variant's deals, by first
 * position, divided by the block size (block_size()), which it returns.
 */
static long make_blocks(struct rec *r, long n, long match_games, int lanes)
{
	long rank = 0, first = 0;

	qsort(r, (size_t)n, sizeof(*r), by_deal);
	for (long i = 0; i < n; i++) {
		if (i == 0 || !same_deal(&r[i], &r[i - 1]))
			first = r[i].pos;
		r[i].deal_first = first;
	}
	qsort(r, (size_t)n, sizeof(*r), by_deal_order);
	for (long i = 0; i < n; i++) {
		if (i == 0 || r[i].g->variant != r[i - 1].g->variant)
			rank = 0;
		else if (r[i].deal_first != r[i - 1].deal_first)
			rank++;
		r[i].block = rank; /* the deal's rank, for now */
	}
	match_games = block_size(r, n, match_games, lanes);
	for (long i = 0; i < n; i++)
		r[i].block /= match_games;
	return match_games;
}

/*
 * A match: r[from..to), the position of its first game, its lane (the
 * first position of its variant and block: matches of one lane share
 * deals and run one after another) and its rank in the lane.
 */
struct span {
	long from, to, first, lane, rank;
	int variant;
	long block;
	long work; /* its games' bot seats (not house seats) */
	long left; /* its lane's work from this match on */
};

static int by_first(const void *x, const void *y)
{
	return cmp_long(((const struct span *)x)->first, ((const struct span *)y)->first);
}

/* By variant and block, then first position: each lane's matches in order. */
static int by_lane(const void *x, const void *y)
{
	const struct span *a = x, *b = y;

	if (a->variant != b->variant)
		return a->variant - b->variant;
	if (a->block != b->block)
		return cmp_long(a->block, b->block);
	return cmp_long(a->first, b->first);
}

/*
 * The lane with the most work left first (its matches' work from this one
 * on), then round robin over the lanes: every lane's first match, then
 * every lane's second, ...
 */
static int by_left(const void *x, const void *y)
{
	const struct span *a = x, *b = y;

	if (a->left != b->left)
		return cmp_long(b->left, a->left);
	if (a->rank != b->rank)
		return cmp_long(a->rank, b->rank);
	if (a->lane != b->lane)
		return cmp_long(a->lane, b->lane);
	return cmp_long(a->first, b->first);
}

/*
 * Orders matches of several games so that the lanes with the most work
 * left come first. A lane is played a match at a time, so it is a chain
 * that no number of jobs shortens: the longest must start at once and
 * keep its place, the others filling the other jobs beside it (longest
 * remaining chain first). In the order of the schedule (or round robin)
 * the lanes of heavy games (five-hand's and flip's tables of four and
 * five bots against a pairing's two) fell behind and were played alone
 * at the end, a match at a time. A match's work is its games' bot seats
 * (a house seat is @greedy, microseconds a move); equal work goes round
 * robin.
 */
static void interleave(struct span *sp, long nsp)
{
	long start = 0;

	qsort(sp, (size_t)nsp, sizeof(*sp), by_lane);
	for (long i = 0; i <= nsp; i++) {
		int same = i > 0 && i < nsp && sp[i].variant == sp[i - 1].variant &&
			   sp[i].block == sp[i - 1].block;
		long left = 0;

		if (i < nsp && same)
			continue;
		/* sp[start..i) is a lane: what is left at each of its matches */
		for (long j = i - 1; j >= start && i > 0; j--) {
			left += sp[j].work;
			sp[j].left = left;
			sp[j].lane = sp[start].first;
			sp[j].rank = j - start;
		}
		start = i;
	}
	qsort(sp, (size_t)nsp, sizeof(*sp), by_left);
}

void matches_group(struct matches *m, struct fixture *const *todo, long ntodo,
		   long match_games, int on, int lanes)
{
	struct rec *r = xcalloc((size_t)ntodo + 1, sizeof(*r));
	struct span *sp = xcalloc((size_t)ntodo + 1, sizeof(*sp));
	long nsp = 0, k = 0;

	if (!on || match_games < 1)
		match_games = 1;
	for (long i = 0; i < ntodo; i++) {
		r[i].g = todo[i];
		r[i].pos = i;
	}
	match_games = make_blocks(r, ntodo, match_games, lanes);
	/* the repeats: games of one deal and arrangement, side by side in this order */
	qsort(r, (size_t)ntodo, sizeof(*r), by_deal_arrangement);
	for (long i = 1; i < ntodo; i++)
		if (same_deal(&r[i], &r[i - 1]) && !cmp_arrangement(r[i].g, r[i - 1].g))
			r[i].repeat = r[i - 1].repeat + 1;
	qsort(r, (size_t)ntodo, sizeof(*r), by_key);
	for (long i = 0; i < ntodo; i++) {
		if (i == 0 || !same_key(&r[i], &r[i - 1]) || i - sp[nsp - 1].from == match_games) {
			sp[nsp].from = i;
			sp[nsp].variant = r[i].g->variant;
			sp[nsp].block = r[i].block;
			sp[nsp++].first = r[i].pos;
		}
		sp[nsp - 1].to = i + 1;
		sp[nsp - 1].work += schedule_bot_seats(r[i].g);
	}
	if (match_games > 1)
		interleave(sp, nsp);
	else
		qsort(sp, (size_t)nsp, sizeof(*sp), by_first);
	m->n = nsp;
	m->games = xcalloc((size_t)ntodo + 1, sizeof(*m->games));
	m->start = xcalloc((size_t)nsp + 1, sizeof(*m->start));
	for (long i = 0; i < nsp; i++) {
		m->start[i] = k;
		for (long j = sp[i].from; j < sp[i].to; j++)
			m->games[k++] = r[j].g;
	}
	m->start[nsp] = k;
	free(r);
	free(sp);
}

void matches_release(struct matches *m)
{
	free(m->games);
	free(m->start);
	memset(m, 0, sizeof(*m));
}
