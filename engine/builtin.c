/*
 * builtin.c - the built-in players: @random and @greedy.
 *
 * Both are pure functions of the game and the seat to act. @greedy is a
 * short list of card-table habits (bid what the hand is worth, win a trick
 * as cheaply as possible unless a partner already holds it, throw the
 * weakest card otherwise). It reads only what its seat may know: its own
 * cards, the public auction and plays, trump and the calling card. It
 * never looks at another seat's hand, so it is also a fair fallback player
 * for a bot that faulted.
 */
#include "builtin.h"

#include <string.h>

/*
 * Outside flip the card moves' mask is made inline and calls nothing,
 * a play asked first (most moves are plays); everything else (flip's
 * plays, the auction, the listed moves) is game_legal_random()'s, a tail
 * call.
 */
int builtin_random(const struct game *g, struct rng *r, struct move *out)
{
	uint32_t cards = 0;

	if (g->rules.variant != VAR_FLIP)
		cards = g->phase == PH_PLAY ? game_play_mask(g) : game_card_moves(g);

	if (cards) {
		game_random_card(cards, r, out);
		return 0;
	}
	return game_legal_random(g, r, out);
}

/* ---- hand evaluation ------------------------------------------------ */

/*
 * Expected tricks a hand takes alone with trump t: a rough count in the
 * spirit of bridge's honour points, tuned only to beat random play
 * clearly. Twins of a top card are worth almost as much as the first.
 */
static double card_worth(int t, card_t c, int variant)
{
	int r = card_rank(c);

	if (c == CARD_JOKER)
		return 1.0;
	if (c == CARD_BENNY)
		return 1.0;
	if (c == CARD_CHARLIE)
		return 0.0;
	if (card_is_trump(t, c)) {
		int pw = card_power[t][c] - TRUMP_POWER;

		if (pw >= 8)
			return 0.95;
		if (pw == 7)
			return 0.85;
		return pw >= 6 ? 0.7 : pw >= 5 ? 0.55 : 0.4;
	}
	if (t == TRUMP_LOW)
		return r == RANK_9 ? 0.8 : r == RANK_10 ? 0.4 : 0.0;
	if (t == TRUMP_HIGH || t == TRUMP_NONE)
		return r == RANK_A ? 0.8 : r == RANK_K ? 0.4 : 0.0;
	(void)variant;
	return r == RANK_A ? 0.55 : r == RANK_K ? 0.15 : 0.0;
}

double builtin_hand_worth(const struct hand *h, int t, int variant)
{
	double w = 0;

	for (card_t c = 0; c < NCARDS; c++)
		for (int k = hand_count_of(h, c); k > 0; k--)
			w += card_worth(t, c, variant);
	return w;
}

/* The best trump among the first ntrumps modes (4: suits only, 6: with no-trump). */
static int best_trump(const struct hand *h, int ntrumps, int variant, double *worth)
{
	int best = 0;
	double bw = -1;

	for (int t = 0; t < ntrumps; t++) {
		double w = builtin_hand_worth(h, t, variant);

		if (w > bw) {
			bw = w;
			best = t;
		}
	}
	*worth = bw;
	return best;
}

/* Picks the legal move equal to want, else the first legal move. */
static int pick(const struct game *g, struct move want, struct move *out)
{
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);

	if (!n)
		return -1;
	for (int i = 0; i < n; i++) {
		if (move_equal(&mv[i], &want)) {
			*out = want;
			return 0;
		}
	}
	*out = mv[0];
	return 0;
}

/* The cheapest legal bid at or above n (with trump t), or pass. */
static int bid_at_least(const struct game *g, int n, int top, int t, int stretch,
			struct move *out)
{
	struct move mv[MAX_MOVES];
	int cnt = game_legal(g, mv);

	for (int i = 0; i < cnt; i++) {
		if (mv[i].type == MOVE_BID && mv[i].trump == t && mv[i].num <= n) {
			*out = mv[i];
			return 0;
		}
		if (stretch && mv[i].type == MOVE_BID && mv[i].trump == t) {
			*out = mv[i]; /* stuck: the cheapest bid */
			return 0;
		}
	}
	if (top >= 0)
		for (int i = 0; i < cnt; i++)
			if (mv[i].type == top && (mv[i].trump == t || mv[i].trump < 0)) {
				*out = mv[i];
				return 0;
			}
	return pick(g, move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE), out);
}

static int has_move(const struct game *g, int type)
{
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);

	for (int i = 0; i < n; i++)
		if (mv[i].type == type)
			return 1;
	return 0;
}

static int greedy_bid(const struct game *g, int seat, struct move *out)
{
	const struct hand *h = &g->hand[seat];
	const struct rules *r = &g->rules;
	double w;
	int t, stuck = !has_move(g, MOVE_PASS);

	switch (r->variant) {
	case VAR_HAMMERWALT:
		t = best_trump(h, TRUMP_NONE, r->variant, &w);
		if (w >= 10.5)
			return pick(g, move_make(MOVE_ALONE, -1, -1, CARD_NONE, CARD_NONE), out);
		return bid_at_least(g, (int)(w + 2.5), -1, -1, stuck, out);
	case VAR_INDIANA:
		t = best_trump(h, TRUMP_NONE, r->variant, &w);
		if (w >= 10.5)
			return pick(g, move_make(MOVE_MOON, -1, t, CARD_NONE, CARD_NONE), out);
		return bid_at_least(g, (int)(w + 2.5), -1, t, stuck, out);
	case VAR_BLOOMINGTON:
		t = best_trump(h, TRUMP_NONE, r->variant, &w);
		if (w >= 7.0)
			return pick(g, move_make(MOVE_BEST, -1, t, CARD_NONE, CARD_NONE), out);
		return bid_at_least(g, (int)(w + 1.8), -1, t, stuck, out);
	case VAR_FIVEHAND: {
		card_t up = g->kitty[0];

		if (g->round == 1) {
			struct hand hh = *h;

			if (up == CARD_JOKER) {
				t = best_trump(h, NSUITS, r->variant, &w);
				w += 1.0;
			} else {
				t = card_suit(up);
				if (seat == g->dealer)
					hand_add(&hh, up);
				w = builtin_hand_worth(&hh, t, r->variant);
			}
			if (w >= 2.3)
				return pick(g, move_make(MOVE_ORDER, -1, up == CARD_JOKER ? t : -1,
							 CARD_NONE, CARD_NONE), out);
			return pick(g, move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE), out);
		}
		{
			double bw = -1;

			t = -1;
			for (int s = 0; s < NSUITS; s++) {
				double x = builtin_hand_worth(h, s, r->variant);

				if (s != card_suit(up) && x > bw) {
					bw = x;
					t = s;
				}
			}
			if (bw >= 2.3 || stuck)
				return pick(g, move_make(MOVE_TRUMP, -1, t, CARD_NONE, CARD_NONE), out);
			return pick(g, move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE), out);
		}
	}
	case VAR_FLIP: {
		int n = (int)(builtin_hand_worth(h, g->trump, r->variant) + 0.5);

		if (n < r->min_bid)
			n = r->min_bid;
		return pick(g, move_make(MOVE_BID, n, -1, CARD_NONE, CARD_NONE), out);
	}
	default:
		return pick(g, move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE), out);
	}
}

/* ---- card play ------------------------------------------------------ */

/* Strength of a card for keeping or throwing away, under the trump in force. */
static int strength(const struct game *g, card_t c)
{
	int t = g->trump < 0 ? TRUMP_HIGH : g->trump;

	if (c == CARD_BENNY || c == CARD_JOKER)
		return 200;
	if (c == CARD_CHARLIE)
		return 0;
	return card_power[t][c];
}

/* The weakest (or strongest) card of mask. */
static card_t extreme(const struct game *g, uint32_t mask, int strongest)
{
	card_t best = CARD_NONE;

	for (uint32_t b = mask; b; b &= b - 1) {
		card_t c = mask_first(b);

		if (best == CARD_NONE || (strongest ? strength(g, c) > strength(g, best)
						    : strength(g, c) < strength(g, best)))
			best = c;
	}
	return best;
}

/* Are seats a and b on the same side this hand (as far as a may know)? */
static int same_side(const struct game *g, int a, int b)
{
	if (a == b)
		return 1;
	if (g->rules.teams)
		return a % 2 == b % 2;
	if (g->rules.variant == VAR_FIVEHAND && g->bidder >= 0) {
		int off_a = a == g->bidder || a == g->partner;
		int off_b = b == g->bidder || b == g->partner;

		return off_a == off_b;
	}
	return 0;
}

/* Flip: does the player want tricks now (short of the bid and not zilch)? */
static int wants_tricks(const struct game *g, int seat)
{
	const struct rules *r = &g->rules;

	if (r->variant != VAR_FLIP)
		return 1;
	if (r->zilch || r->cards_each == 4)
		return 0;
	return g->tricks[seat] < g->bids[seat];
}

static int greedy_play(const struct game *g, int seat, struct move *out)
{
	uint32_t legal = game_play_mask(g), winners = 0, losers = 0;
	int want = wants_tricks(g, seat);
	card_t c;

	if (!g->ntrick) {
		/* lead: the strongest card when it wants tricks, else the weakest */
		c = extreme(g, legal, want);
		*out = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
		return 0;
	}
	for (uint32_t b = legal; b; b &= b - 1) {
		card_t x = mask_first(b);

		if (game_would_win(g, x))
			winners |= CARD_BIT(x);
		else
			losers |= CARD_BIT(x);
	}
	if (!want)
		c = losers ? extreme(g, losers, 1) : extreme(g, winners, 0);
	else if (same_side(g, seat, g->trick_seat[game_trick_winner(g)]) && losers)
		c = extreme(g, losers, 0); /* partner holds it: throw the weakest */
	else if (winners)
		c = extreme(g, winners, 0); /* win as cheaply as possible */
	else
		c = extreme(g, losers, 0);
	*out = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
	return 0;
}

/* Gives and discards: keep the strongest; give the bidder the best. */
static int greedy_exchange(const struct game *g, int seat, struct move *out)
{
	const struct step *st = &g->script[g->script_pos];
	uint32_t held = g->hand[seat].one;
	int best = st->dec == DEC_GIVE && st->to == g->bidder;

	*out = move_make(MOVE_CARD, -1, -1, extreme(g, held, best), CARD_NONE);
	return 0;
}

int builtin_greedy(const struct game *g, struct move *out)
{
	int seat = game_to_move(g);
	double w;

	switch (game_decision(g)) {
	case DEC_BID:
		return greedy_bid(g, seat, out);
	case DEC_TRUMP:
		return pick(g, move_make(MOVE_TRUMP, -1,
					 best_trump(&g->hand[seat], TRUMP_NONE, g->rules.variant, &w),
					 CARD_NONE, CARD_NONE), out);
	case DEC_DECLARE:
		w = builtin_hand_worth(&g->hand[seat], g->trump, g->rules.variant);
		return pick(g, move_make(w >= 4.5 ? MOVE_ALONE : MOVE_PARTNER, -1, -1, CARD_NONE,
					 CARD_NONE), out);
	case DEC_GIVE:
	case DEC_DISCARD:
		return greedy_exchange(g, seat, out);
	case DEC_PLAY:
		return greedy_play(g, seat, out);
	default:
		return -1;
	}
}

/*
 * The next scripted move, checked against the legal list (game_legal's
 * moves are exactly what game_apply accepts); past the list, @greedy.
 */
enum script_step builtin_script(const struct game *g, const struct move *list, int n,
				int *pos, struct move *out)
{
	struct move mv[MAX_MOVES];
	int nlegal;

	if (game_decision(g) == DEC_NONE)
		return SCRIPT_NONE;
	if (*pos >= n)
		return builtin_greedy(g, out) == 0 ? SCRIPT_DONE : SCRIPT_NONE;
	*out = list[*pos];
	nlegal = game_legal(g, mv);
	for (int i = 0; i < nlegal; i++)
		if (move_equal(&mv[i], out)) {
			(*pos)++;
			return SCRIPT_MOVE;
		}
	return SCRIPT_ILLEGAL;
}
