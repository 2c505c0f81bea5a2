/*
 * score.c - scoring a hand and the end of a game, for game.c: the points
 * each variant gives for the tricks taken, whether a side has reached the
 * target (or the hole, or the last hand), and the players' ranks once the
 * game is over. The rules are RULINGS.md's, as docs/variants.md has them.
 */
#include "score.h"

/*
 * A partnership hand: the bidding team scores its tricks if it made the
 * bid, else loses the bid; a bonus contract (alone, moon, best) wins or
 * loses twice the cards dealt; the defenders always score their tricks.
 */
static void score_team_hand(struct game *g)
{
	const struct rules *r = &g->rules;
	int bt = g->bidder % 2, taken = 0, delta[2];

	for (int s = bt; s < r->seats; s += 2)
		taken += g->tricks[s];
	if (score_bonus_contract(&g->contract))
		delta[bt] = taken == r->cards_each ? 2 * r->cards_each : -2 * r->cards_each;
	else
		delta[bt] = taken >= g->contract.num ? taken : -g->contract.num;
	delta[1 - bt] = r->cards_each - taken;
	for (int t = 0; t < 2; t++)
		g->score[t] += delta[t];
	for (int s = 0; s < r->seats; s++)
		g->hand_points[s] = delta[s % 2];
}

/*
 * A five-hand hand: a bidding side held to two tricks or fewer gives the
 * others 2 points each; else the bidder (and partner) scores 1 point, or
 * for all five tricks 2 with a partner and 4 alone.
 */
static void score_fivehand(struct game *g)
{
	int b = g->bidder, p = g->partner;
	int taken = g->tricks[b] + (p >= 0 ? g->tricks[p] : 0);
	int each;

	if (taken <= 2) {
		for (int s = 0; s < 5; s++)
			if (s != b && s != p)
				g->hand_points[s] = 2;
	} else {
		if (p >= 0)
			each = taken == 5 ? 2 : 1;
		else
			each = taken == 5 ? 4 : 1;
		g->hand_points[b] = each;
		if (p >= 0)
			g->hand_points[p] = each;
	}
	for (int s = 0; s < 5; s++)
		g->score[s] += g->hand_points[s];
}

/*
 * A flip hand: each player scores by its own bid (30 for making it, less 5
 * per trick over; -5 per trick short), or under zilch 5 less 5 per trick.
 */
static void score_flip(struct game *g)
{
	const struct rules *r = &g->rules;
	int zilch = r->zilch || r->cards_each == 4, worst = 0;

	for (int s = 0; s < r->players; s++) {
		int t = g->tricks[s], pts;

		if (zilch)
			pts = 5 - 5 * t;
		else if (t >= g->bids[s])
			pts = 30 - 5 * (t - g->bids[s]);
		else
			pts = -5 * (g->bids[s] - t);
		g->hand_points[s] = pts;
		g->score[s] += pts;
		if (pts < worst)
			worst = pts;
	}
	/* the hand's most negative players are "euchred" (a statistic only) */
	for (int s = 0; s < r->players && worst < 0; s++)
		if (g->hand_points[s] == worst)
			g->euchred[s]++;
}

/* Winners mask of the players holding the highest score. */
static int leaders_mask(const struct game *g)
{
	const struct rules *r = &g->rules;
	int best = 0, mask = 0;

	for (int p = 0; p < r->players; p++) {
		int sc = game_seat_score(g, p);

		if (!mask || sc > best) {
			best = sc;
			mask = 1 << p;
		} else if (sc == best) {
			mask |= 1 << p;
		}
	}
	return mask;
}

/* The seats of team (0 or 1: the even seats or the odd) as a mask. */
static int team_mask(const struct game *g, int team)
{
	int m = 0;

	for (int s = team; s < g->rules.seats; s += 2)
		m |= 1 << s;
	return m;
}

/* Partnership games: the winners mask after a scored hand, or 0. */
static int team_end(const struct game *g)
{
	const struct rules *r = &g->rules;
	int a = g->bidder % 2, d = 1 - a;
	int sa = g->score[a], sd = g->score[d];

	if (sa >= r->target && sd >= r->target) {
		if (r->variant == VAR_HAMMERWALT && sd > sa)
			return team_mask(g, d);
		return team_mask(g, a); /* the bidding team wins the tie */
	}
	if (sa >= r->target)
		return team_mask(g, a);
	if (sd >= r->target)
		return team_mask(g, d);
	if (sa <= -r->hole && sd <= -r->hole)
		return 0; /* cannot happen: defenders never lose points */
	if (sa <= -r->hole)
		return team_mask(g, d);
	if (sd <= -r->hole)
		return team_mask(g, a);
	return 0;
}

/*
 * Five-hand: the winners mask after a scored hand, or 0. end=lead: a sole
 * leader at the target; end=first: of those who reached it, the lowest
 * score before this hand.
 */
static int fivehand_end(const struct game *g)
{
	const struct rules *r = &g->rules;
	int lead = leaders_mask(g), p = __builtin_ctz(lead), mask = 0, low = 0;

	if (r->end == END_LEAD)
		return g->score[p] >= r->target && !(lead & (lead - 1)) ? lead : 0;
	/* end=first: of those at the target, the lowest score before the hand wins */
	for (int s = 0; s < 5; s++) {
		if (g->score[s] < r->target)
			continue;
		if (!mask || g->prev_score[s] < low) {
			low = g->prev_score[s];
			mask = 1 << s;
		} else if (g->prev_score[s] == low) {
			mask |= 1 << s;
		}
	}
	return mask;
}

/*
 * Flip: the leaders once anyone reaches the target (or, under zilch,
 * falls to minus the target), else 0.
 */
static int flip_end(const struct game *g)
{
	const struct rules *r = &g->rules;
	int zilch = r->zilch || r->cards_each == 4;

	for (int p = 0; p < r->players; p++)
		if (g->score[p] >= r->target || (zilch && g->score[p] <= -r->target))
			return leaders_mask(g);
	return 0;
}

/*
 * Ranks: in the partnership games the team's place (1 or 2; 1 for all on
 * a shared win); elsewhere winners 1 and the rest by score, ties sharing
 * a rank (1, 2, 2, 4).
 */
void score_set_ranks(struct game *g)
{
	const struct rules *r = &g->rules;
	int nwin = mask_count(g->winners);

	for (int p = 0; p < r->players; p++) {
		int above = 0;

		if (g->winners & (1 << p)) {
			g->ranks[p] = 1;
			continue;
		}
		if (r->teams) {
			g->ranks[p] = 2;
			continue;
		}
		for (int q = 0; q < r->players; q++)
			if (!(g->winners & (1 << q)) && game_seat_score(g, q) > game_seat_score(g, p))
				above++;
		g->ranks[p] = 1 + nwin + above;
	}
}

int score_winners(const struct game *g)
{
	const struct rules *r = &g->rules;
	int w = 0;

	if (g->bidder >= 0 || r->variant == VAR_FLIP) {
		switch (r->variant) {
		case VAR_FIVEHAND: w = fivehand_end(g); break;
		case VAR_FLIP: w = flip_end(g); break;
		default: w = team_end(g); break;
		}
	}
	if (!w && g->hand_no >= r->max_hands)
		w = leaders_mask(g);
	return w;
}

void score_hand_points(struct game *g)
{
	switch (g->rules.variant) {
	case VAR_FIVEHAND: score_fivehand(g); break;
	case VAR_FLIP: score_flip(g); break;
	default: score_team_hand(g); break;
	}
}

int game_seat_score(const struct game *g, int player)
{
	return g->rules.teams ? g->score[player % 2] : g->score[player];
}
