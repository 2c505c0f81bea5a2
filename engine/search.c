/*
 * search.c - @search: perfect-information Monte Carlo over sampled deals
 * (see search.h).
 *
 * Every candidate is played on the same deals (common random numbers:
 * the candidates' totals differ by the moves, not by luck of the draw),
 * and the rest of the hand is @greedy's for every seat (but for the
 * searching side's bids, rollout_move()), which is deterministic, so the only randomness is the deals' draw. Up to
 * SEARCH_WIDE candidates are each played on every deal. A longer list
 * (the indiana and bloomington auctions list up to 80 bids) is narrowed
 * by successive halving: rounds of deals, each keeping the better half,
 * until SEARCH_WIDE remain for the last round; the work stays within
 * about twice SEARCH_WIDE rollouts a deal.
 */
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "sample.h"

#define SEARCH_WIDE 12
#define SAMPLE_TRIES 8

/* The seat's points less its opponents' (search.h), after the hand. */
static double outcome(const struct game *g, int seat)
{
	const struct rules *r = &g->rules;
	double others = 0;

	if (r->teams)
		return g->hand_points[seat] - g->hand_points[(seat + 1) % r->seats];
	for (int s = 0; s < r->players; s++)
		if (s != seat)
			others += g->hand_points[s];
	return g->hand_points[seat] - others / (r->players - 1);
}

/* The trump of the last bid of the side of seat us that named one, or -1. */
static int side_trump(const struct game *g, int us)
{
	for (int i = g->nev - 1; i >= 0; i--) {
		const struct event *e = &g->ev[i];

		if (e->type == EV_BID && e->seat % 2 == us % 2 && e->move.trump >= 0)
			return e->move.trump;
	}
	return -1;
}

/*
 * The searching side's own later bids in a rollout: @greedy's, except
 * that it passes rather than outbid its partner, and that it keeps the
 * trump its side last bid (at @greedy's level). @greedy bids its own
 * hand and would outbid a partner as readily as an opponent, and would
 * name its own trump the next time round; played out so, the trump of
 * the bid searched would hardly ever become the contract's, and every
 * bid of one level would score the same. So each bid is searched as a
 * plan: this trump, bid up as far as @greedy would go.
 */
static int rollout_move(const struct game *g, int us, struct move *m)
{
	int s = game_to_move(g), t;
	struct move mv[MAX_MOVES], want;

	if (!g->rules.teams || g->phase != PH_AUCTION || s % 2 != us % 2)
		return builtin_greedy(g, m);
	if (g->high_seat >= 0 && g->high_seat != s && g->high_seat % 2 == s % 2)
		want = move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE);
	else if (builtin_greedy(g, m) < 0)
		return -1;
	else if (m->trump < 0 || (t = side_trump(g, us)) < 0 || t == m->trump)
		return 0;
	else
		want = move_make(m->type, m->num, t, CARD_NONE, CARD_NONE);
	for (int i = 0, n = game_legal(g, mv); i < n; i++)
		if (move_equal(&mv[i], &want)) {
			*m = want;
			return 0;
		}
	return builtin_greedy(g, m);
}

/* Plays the hand out: @greedy in every seat, rollout_move() for the side of seat us. */
static void rollout(struct game *g, int us)
{
	char err[80];

	while (!game_hand_over(g) && !game_over(g)) {
		struct move m;

		if (rollout_move(g, us, &m) < 0 || game_apply(g, &m, err, sizeof(err)) < 0)
			return; /* cannot happen: the moves are legal ones */
	}
}

/* Draws one deal of v and rebuilds its game in g; -1 when none is found. */
static int draw_world(const struct seat_view *v, struct rng *r, struct deal *scratch,
		      struct game *g)
{
	struct sample s;
	char err[120];

	for (int t = 0; t < SAMPLE_TRIES; t++)
		if (sample_deal(v, r, &s) == 0 && sample_game(v, &s, scratch, g, err, sizeof(err)) == 0)
			return 0;
	return -1;
}

struct cand {
	struct move m;
	double total;
};

/* Adds each candidate's outcome on the deal of world to its total. */
static void score_world(const struct game *world, int seat, struct cand *c, int n,
			struct game *tmp)
{
	char err[80];

	for (int i = 0; i < n; i++) {
		*tmp = *world;
		if (game_apply(tmp, &c[i].m, err, sizeof(err)) < 0)
			continue;
		rollout(tmp, seat);
		c[i].total += outcome(tmp, seat);
	}
}

/* Sorts the best total first; equal totals keep the legal list's order. */
static void keep_best(struct cand *c, int n, int keep)
{
	for (int i = 1; i < n; i++) {
		struct cand x = c[i];
		int j = i;

		while (j > 0 && c[j - 1].total < x.total) {
			c[j] = c[j - 1];
			j--;
		}
		c[j] = x;
	}
	(void)keep;
}

int search_move(const struct seat_view *v, int effort, struct rng *r, struct move *out)
{
	struct deal *scratch = malloc(sizeof(*scratch));
	struct game *world = malloc(sizeof(*world)), *tmp = malloc(sizeof(*tmp));
	struct move moves[MAX_MOVES];
	struct cand c[MAX_MOVES];
	int n, ret = -1, done = 0, rounds = 0, kept;

	if (!scratch || !world || !tmp)
		goto out;
	if (effort < 1)
		effort = 1;
	if (draw_world(v, r, scratch, world) < 0 || game_to_move(world) != v->seat)
		goto out;
	n = game_legal(world, moves);
	if (!n)
		goto out;
	ret = 0;
	*out = moves[0];
	if (n == 1)
		goto out;
	for (int i = 0; i < n; i++) {
		c[i].m = moves[i];
		c[i].total = 0;
	}
	/* halving rounds of effort/2 deals over all, then the last round */
	for (int k = n; k > SEARCH_WIDE; k = (k + 1) / 2)
		rounds++;
	kept = n;
	if (rounds) {
		int per = effort / 2 / rounds;

		if (per < 1)
			per = 1;
		for (int round = 0; round < rounds; round++) {
			for (int d = 0; d < per; d++, done++) {
				if (done && draw_world(v, r, scratch, world) < 0)
					goto best;
				score_world(world, v->seat, c, kept, tmp);
			}
			keep_best(c, kept, (kept + 1) / 2);
			kept = (kept + 1) / 2;
		}
	}
	for (int d = 0; d < effort - (rounds ? effort / 2 : 0) || !done; d++, done++) {
		if (done && draw_world(v, r, scratch, world) < 0)
			break;
		score_world(world, v->seat, c, kept, tmp);
	}
best:
	keep_best(c, kept, 1);
	*out = c[0].m;
out:
	free(scratch);
	free(world);
	free(tmp);
	return ret;
}
