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
#define SAMPLE_TRIES 4
#define SEARCH_DRAWS 16

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

/* How far a hand worth w (@greedy's count) falls short of need, 0 when not. */
static double short_of(double need, double w)
{
	return w < need ? need - w : 0;
}

/*
 * How badly the drawn deal s fits the other seats' bids in v: for each
 * bid, how far the bidder's dealt hand, by @greedy's count of its worth
 * in the trump bid (flip: under the first calling card), falls short of
 * what such a bid promises (@greedy's own bidding thresholds); a pass
 * with a hand worth more than the bid it declined counts half, a flip
 * bid by its distance from the hand's worth, half too. 0 is a deal that
 * fits every bid. The deals are drawn uniformly among those the cards
 * allow; bids are evidence of another kind, weighed here and not in the
 * draw. Read off the deal itself: no game is replayed for it.
 */
static double misfit(const struct seat_view *v, const struct sample *s)
{
	const struct rules *r = &v->rules;
	int k = r->cards_each, standing = 0, passes = 0, flip_trump = TRUMP_NONE;
	card_t turnup = r->variant == VAR_FIVEHAND ? s->deck[r->seats * k] : CARD_NONE;
	double bad = 0;

	for (int i = 0; i < v->nev; i++) {
		const struct event *e = &v->ev[i];
		const struct move *m = &e->move;
		struct hand h;
		double w, best = 0;

		if (e->type == EV_CALLING)
			flip_trump = game_flip_trump(e->card);
		if (e->type != EV_BID)
			continue;
		h = hand_of(s->deck + e->seat * k, k);
		if (e->seat == v->seat) {
			;
		} else if (r->variant == VAR_FIVEHAND) {
			int up = card_suit(turnup), round2 = passes >= r->players;

			if (!round2 && e->seat == v->dealer && m->trump < 0)
				hand_add(&h, turnup);
			for (int t = 0; t < NSUITS; t++) {
				double x = builtin_hand_worth(&h, t, r->variant);

				if (round2 ? t != up : (up == SUIT_NONE || t == up))
					best = x > best ? x : best;
			}
			w = m->trump >= 0 ? builtin_hand_worth(&h, m->trump, r->variant) : best;
			bad += m->type == MOVE_PASS ? 0.5 * short_of(best, 2.3) : short_of(2.3, w);
		} else if (r->variant == VAR_FLIP) {
			w = builtin_hand_worth(&h, flip_trump, r->variant);
			bad += 0.5 * (w > m->num ? w - m->num : m->num - w);
		} else {
			double lo = r->variant == VAR_BLOOMINGTON ? 1.8 : 2.5;
			double top = r->variant == VAR_BLOOMINGTON ? 6.0 : 9.0;

			for (int t = 0; t < TRUMP_NONE; t++) {
				double x = builtin_hand_worth(&h, t, r->variant);

				best = x > best ? x : best;
			}
			w = m->trump >= 0 ? builtin_hand_worth(&h, m->trump, r->variant) : best;
			if (m->type == MOVE_BID)
				bad += short_of(m->num - lo, w);
			else if (m->type == MOVE_PASS)
				bad += 0.5 * short_of(best, standing + 1 - lo + 1.5);
			else
				bad += short_of(top, w); /* alone, moon, best */
		}
		passes += m->type == MOVE_PASS;
		if (m->type == MOVE_BID && m->num > standing)
			standing = m->num;
	}
	return bad;
}

/*
 * Draws a deal of v and rebuilds its game in g: the best fitting of
 * SEARCH_DRAWS draws (misfit(), the first of equal fits; a draw that
 * fits every bid is taken at once); -1 when none is found.
 */
static int draw_world(const struct seat_view *v, struct rng *r, struct deal *scratch,
		      struct game *g)
{
	struct sample s, best = { { 0 }, 0, { 0 } };
	char err[120];

	for (int t = 0; t < SAMPLE_TRIES; t++) {
		double best_bad = -1;

		for (int d = 0; d < SEARCH_DRAWS; d++) {
			double bad;

			if (sample_deal(v, r, &s) < 0)
				continue;
			bad = misfit(v, &s);
			if (best_bad < 0 || bad < best_bad) {
				best_bad = bad;
				best = s;
			}
			if (bad == 0)
				break;
		}
		if (best_bad >= 0 && sample_game(v, &best, scratch, g, err, sizeof(err)) == 0)
			return 0;
	}
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
static void sort_best(struct cand *c, int n)
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
}

int search_default_effort(int variant)
{
	return variant == VAR_FIVEHAND ? SEARCH_FIVEHAND_EFFORT : SEARCH_DEFAULT_EFFORT;
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
			sort_best(c, kept);
			kept = (kept + 1) / 2;
		}
	}
	for (int d = 0; d < effort - (rounds ? effort / 2 : 0) || !done; d++, done++) {
		if (done && draw_world(v, r, scratch, world) < 0)
			break;
		score_world(world, v->seat, c, kept, tmp);
	}
best:
	sort_best(c, kept);
	*out = c[0].m;
out:
	free(scratch);
	free(world);
	free(tmp);
	return ret;
}
