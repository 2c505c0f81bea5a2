/*
 * game.c - the rules engine for all five variants.
 *
 * A hand moves through phases: the auction (or flip's bids), the naming of
 * trump, a script of card exchanges fixed by the contract (alone, moon,
 * best, five-hand's declaration and discard), trick play, and scoring.
 * Each phase has one function that lists legal moves and one that applies
 * a move; game_apply() checks a move against the list before applying it,
 * so an illegal move can never change the state. Scoring a hand and the
 * end of the game are score.c's.
 *
 * The rules are those of ../shared/RULINGS.md as documented in
 * docs/variants.md; comments cite the ruling where the seed text was
 * ambiguous.
 */
#include "game.h"
#include "score.h"

#include <stdio.h>
#include <string.h>

static int is_team_bid(const struct rules *r)
{
	return r->variant == VAR_HAMMERWALT || r->variant == VAR_INDIANA ||
	       r->variant == VAR_BLOOMINGTON;
}

int game_flip_trump(card_t calling)
{
	return card_is_joker(calling) ? TRUMP_NONE : card_suit(calling);
}

/* the cards of a suit, each rank twice (the double deck) or once (five-hand's) */
#define TWINS(s, r) CARD(s, r), CARD(s, r)
#define DOUBLE_SUIT(s) TWINS(s, RANK_9), TWINS(s, RANK_10), TWINS(s, RANK_J), \
	TWINS(s, RANK_Q), TWINS(s, RANK_K), TWINS(s, RANK_A)
#define SINGLE_SUIT(s) CARD(s, RANK_8), CARD(s, RANK_9), CARD(s, RANK_10), CARD(s, RANK_J), \
	CARD(s, RANK_Q), CARD(s, RANK_K), CARD(s, RANK_A)

/*
 * The full deck of a variant in a fixed order (suits, ranks, jokers):
 * every game makes one, and a copy costs less than the loops.
 */
static int build_deck(const struct rules *r, card_t *deck)
{
	static const card_t doubled[] = {
		DOUBLE_SUIT(SUIT_C), DOUBLE_SUIT(SUIT_D), DOUBLE_SUIT(SUIT_H), DOUBLE_SUIT(SUIT_S),
		CARD_BENNY, CARD_CHARLIE, CARD_BENNY, CARD_CHARLIE, /* flip's, as many as it has */
	};
	static const card_t single[] = {
		SINGLE_SUIT(SUIT_C), SINGLE_SUIT(SUIT_D), SINGLE_SUIT(SUIT_H), SINGLE_SUIT(SUIT_S),
		CARD_JOKER,
	};
	/* the 48 suited cards of the double deck, then flip's jokers */
	int n = 48 + (r->variant == VAR_FLIP ? 2 * r->jokers : 0);

	if (r->variant == VAR_FIVEHAND) {
		memcpy(deck, single, sizeof(single));
		return (int)sizeof(single);
	}
	memcpy(deck, doubled, (size_t)n * sizeof(*deck));
	return n;
}

int game_deck(const struct rules *r, card_t *deck)
{
	return build_deck(r, deck);
}

int game_next_active(const struct game *g, int s)
{
	do
		s = s + 1 == g->rules.seats ? 0 : s + 1;
	while (g->sitting_out & (1u << s));
	return s;
}

static void start_play(struct game *g);
static void play_flip(struct game *g, int seat, card_t c, card_t swap);
static void finish_hand(struct game *g);
static void score_hand(struct game *g);

static void push(struct game *g, int type, int seat, int to, card_t c, card_t c2,
		 const struct move *m)
{
	/* made whole, then copied: fewer stores than writing the fields in place */
	struct event e = { (uint8_t)type, (int8_t)seat, (int8_t)to, c, c2,
			   m ? *m : move_make(-1, -1, -1, CARD_NONE, CARD_NONE) };

	if (g->nev >= MAX_EVENTS)
		return; /* cannot happen: a hand has fewer than 200 events */
	memcpy(&g->ev[g->nev++], &e, sizeof(e));
}

/* Next player clockwise from s (flip's dead hand is not a player). */
static int next_player(const struct game *g, int s)
{
	do
		s = s + 1 == g->rules.seats ? 0 : s + 1;
	while (s == g->rules.dead_seat);
	return s;
}

/*
 * A partial deal's empty places get the cards not placed, shuffled by
 * the game's own generator: the same seed deals the same rest.
 */
static void fill_rest(struct game *g, card_t *deck)
{
	const struct rules *r = &g->rules;
	card_t full[MAX_DECK], rest[MAX_DECK];
	int have[NCARDS] = { 0 }, n = build_deck(r, full), nrest = 0, k = 0;

	for (int i = 0; i < n; i++)
		if (deck[i] < NCARDS)
			have[deck[i]]++;
	for (int i = 0; i < n; i++) {
		if (have[full[i]])
			have[full[i]]--;
		else
			rest[nrest++] = full[i];
	}
	rng_shuffle(&g->rng, rest, nrest);
	for (int i = 0; i < n && k < nrest; i++)
		if (deck[i] >= NCARDS)
			deck[i] = rest[k++];
}

/* The setup of the hand being played (a position, deal.h), or NULL. */
static const struct deal_setup *hand_setup(const struct game *g)
{
	const struct deal_setup *su;

	if (!g->deal || g->hand_no > g->deal->nhands)
		return NULL;
	su = &g->deal->setup[g->hand_no - 1];
	return su->has_contract || su->has_bids || su->has_leader ? su : NULL;
}

static void apply_setup(struct game *g, const struct deal_setup *su);

static void start_hand(struct game *g)
{
	const struct rules *r = &g->rules;
	card_t deck[MAX_DECK];
	int k = r->cards_each, pos;

	g->hand_no++;
	memcpy(g->prev_score, g->score, sizeof(g->score));
	if (g->deal && g->hand_no <= g->deal->nhands) {
		memcpy(deck, g->deal->deck[g->hand_no - 1], (size_t)r->deck_size);
		if (g->deal->rest_random[g->hand_no - 1])
			fill_rest(g, deck);
	} else {
		memcpy(deck, g->deck, (size_t)r->deck_size);
		rng_shuffle(&g->rng, deck, r->deck_size);
	}

	memset(g->hand, 0, sizeof(g->hand));
	memset(g->tricks, 0, sizeof(g->tricks));
	memset(g->seat_turns, 0, sizeof(g->seat_turns));
	memset(g->hand_points, 0, sizeof(g->hand_points));
	memset(&g->discarded, 0, sizeof(g->discarded));
	memset(&g->played, 0, sizeof(g->played));
	memset(&g->kitty_pile, 0, sizeof(g->kitty_pile));
	memset(&g->stock, 0, sizeof(g->stock));
	for (int s = 0; s < MAX_SEATS; s++)
		g->bids[s] = -1;
	g->sitting_out = 0;
	g->nactive = r->seats;
	g->bidder = -1;
	g->contract = move_make(-1, -1, -1, CARD_NONE, CARD_NONE);
	g->trump = -1;
	g->partner = -1;
	g->high_bid = 0;
	g->high_seat = -1;
	g->passes = g->nturns = 0;
	g->out = 0;
	g->round = 1;
	g->nscript = g->script_pos = 0;
	g->trick_no = g->ntrick = 0;
	g->calling = g->burn = CARD_NONE;
	g->dead_pos = 0;
	g->nev = 0;

	for (int s = 0; s < r->seats; s++)
		g->hand[s] = hand_of(deck + s * k, k);
	memcpy(g->dealt, g->hand, sizeof(g->hand));
	pos = r->seats * k;
	push(g, EV_DEAL, g->dealer, -1, CARD_NONE, CARD_NONE, NULL);
	g->turn = next_player(g, g->dealer);
	g->phase = PH_AUCTION;

	switch (r->variant) {
	case VAR_FIVEHAND:
		for (int i = 0; i < 4; i++) {
			g->kitty[i] = deck[pos + i];
			hand_add(&g->kitty_pile, deck[pos + i]);
		}
		push(g, EV_TURNUP, -1, -1, g->kitty[0], CARD_NONE, NULL);
		break;
	case VAR_FLIP:
		if (r->dead_seat >= 0)
			memcpy(g->dead, deck + r->dead_seat * k, (size_t)k);
		g->burn = deck[pos];
		g->calling = deck[pos + 1];
		for (int i = pos + 2; i < r->deck_size; i++)
			hand_add(&g->stock, deck[i]);
		g->trump = game_flip_trump(g->calling);
		push(g, EV_CALLING, -1, -1, g->calling, CARD_NONE, NULL);
		if (r->zilch || r->cards_each == 4)
			start_play(g);
		break;
	default:
		break;
	}
	if (hand_setup(g))
		apply_setup(g, hand_setup(g));
}

int game_init(struct game *g, const struct rules *rules, uint64_t seed,
	      const struct deal *deal, char *err, size_t len)
{
	/* the events are written before they are read: 3,840 bytes not to clear */
	memset(g, 0, offsetof(struct game, ev));
	card_tables_init();
	g->rules = *rules;
	build_deck(rules, g->deck);
	rng_seed(&g->rng, seed);
	if (deal && game_check_deal(rules, deal, err, len) < 0)
		return -1;
	g->deal = deal;
	if (deal) {
		g->dealer = deal->dealer;
		if (deal->has_scores)
			memcpy(g->score, deal->scores, sizeof(g->score));
	}
	start_hand(g);
	return 0;
}

int game_check_deal(const struct rules *r, const struct deal *d, char *err, size_t len)
{
	card_t full[MAX_DECK];
	int want[NCARDS] = { 0 };
	int n = build_deck(r, full);

	if (d->dealer < 0 || d->dealer >= r->players) {
		snprintf(err, len, "dealer %d is not a player seat (0 to %d)", d->dealer,
			 r->players - 1);
		return -1;
	}
	for (int i = 0; i < n; i++)
		want[full[i]]++;
	for (int h = 0; h < d->nhands; h++) {
		int have[NCARDS] = { 0 };

		for (int i = 0; i < n; i++) {
			if (d->deck[h][i] >= NCARDS && !(d->deck[h][i] == CARD_NONE &&
							   d->rest_random[h])) {
				snprintf(err, len, "hand %d: invalid card", h + 1);
				return -1;
			}
			if (d->deck[h][i] < NCARDS)
				have[d->deck[h][i]]++;
		}
		for (int c = 0; c < NCARDS; c++) {
			if (have[c] > want[c] || (have[c] < want[c] && !d->rest_random[h])) {
				snprintf(err, len, "hand %d: %s appears %d times, the %s deck has %d",
					 h + 1, card_name((card_t)c), have[c],
					 variant_name(r->variant), want[c]);
				return -1;
			}
		}
	}
	return 0;
}

enum decision game_decision(const struct game *g)
{
	switch (g->phase) {
	case PH_AUCTION: return DEC_BID;
	case PH_TRUMP: return DEC_TRUMP;
	case PH_SCRIPT: return (enum decision)g->script[g->script_pos].dec;
	case PH_PLAY: return DEC_PLAY;
	default: return DEC_NONE;
	}
}

/* ---- legal moves ---------------------------------------------------- */

static int add(struct move *mv, int n, int type, int num, int trump)
{
	mv[n] = move_make(type, num, trump, CARD_NONE, CARD_NONE);
	return n + 1;
}

/* Bids "lo".."hi" with every trump (indiana, bloomington), then the top bid. */
static int add_trump_bids(struct move *mv, int n, int lo, int hi, int top)
{
	for (int b = lo; b <= hi; b++)
		for (int t = 0; t < TRUMP_NONE; t++)
			n = add(mv, n, MOVE_BID, b, t);
	for (int t = 0; t < TRUMP_NONE; t++)
		n = add(mv, n, top, -1, t);
	return n;
}

/* Hammerwalt: the dealer's second turn with no bid standing is stuck. */
static int hammerwalt_stuck(const struct game *g)
{
	return g->high_bid == 0 && g->turn == g->dealer && g->seat_turns[g->turn] == 1;
}

/* Indiana and bloomington: may the seat to act pass? */
static inline int may_pass(const struct game *g)
{
	const struct rules *r = &g->rules;
	unsigned all = (1u << r->seats) - 1;

	if (r->all_pass != ALL_PASS_STICK || g->high_bid)
		return 1;
	if (r->variant == VAR_INDIANA)
		return (g->out | (1u << g->turn)) != all;
	return g->turn != g->dealer;
}

static int legal_auction(const struct game *g, struct move *mv)
{
	const struct rules *r = &g->rules;
	int n = 0;

	switch (r->variant) {
	case VAR_HAMMERWALT: {
		int stuck = hammerwalt_stuck(g);
		int lo = stuck ? 5 : g->high_bid + 1 > 6 ? g->high_bid + 1 : 6;

		if (!stuck)
			n = add(mv, n, MOVE_PASS, -1, -1);
		for (int b = lo; b <= r->cards_each; b++)
			n = add(mv, n, MOVE_BID, b, -1);
		return add(mv, n, MOVE_ALONE, -1, -1);
	}
	case VAR_INDIANA:
	case VAR_BLOOMINGTON:
		if (may_pass(g))
			n = add(mv, n, MOVE_PASS, -1, -1);
		return add_trump_bids(mv, n, g->high_bid + 1, r->cards_each,
				      r->variant == VAR_INDIANA ? MOVE_MOON : MOVE_BEST);
	case VAR_FIVEHAND:
		if (g->round == 1) {
			n = add(mv, n, MOVE_PASS, -1, -1);
			if (g->kitty[0] != CARD_JOKER)
				return add(mv, n, MOVE_ORDER, -1, -1);
			for (int t = 0; t < NSUITS; t++)
				n = add(mv, n, MOVE_ORDER, -1, t);
			return n;
		}
		if (g->turn != g->dealer)
			n = add(mv, n, MOVE_PASS, -1, -1);
		for (int t = 0; t < NSUITS; t++)
			if (t != card_suit(g->kitty[0]))
				n = add(mv, n, MOVE_TRUMP, -1, t);
		return n;
	case VAR_FLIP:
		for (int b = r->min_bid; b <= r->cards_each; b++)
			n = add(mv, n, MOVE_BID, b, -1);
		return n;
	default:
		return 0;
	}
}

/* The led suit of a flip trick (n cards) under trump t, or SUIT_NONE. */
static int flip_led_of(const card_t *cards, int n, int t)
{
	if (!n || cards[0] == CARD_BENNY)
		return SUIT_NONE;
	for (int i = 0; i < n; i++)
		if (!card_is_joker(cards[i]))
			return card_eff_suit[t][cards[i]];
	return SUIT_NONE; /* a led Charlie and only jokers since */
}

/* flip_led_of() the trick on the table, kept as its cards fall (g->flip_led) */
static int flip_led_suit(const struct game *g, int t)
{
	return g->ntrick ? card_eff_suit[t][g->flip_led] : SUIT_NONE;
}

uint32_t game_flip_play_mask(const struct game *g)
{
	uint32_t one = g->hand[g->turn].one, follow;
	int led = flip_led_suit(g, g->trump);

	if (led == SUIT_NONE)
		return one;
	follow = one & suit_mask[g->trump][led] & ~MASK_FLIP_JOKERS;
	return follow ? follow | (one & MASK_FLIP_JOKERS) : one;
}

/* Flip: may a player who plays c switch the calling card? */
static int is_match_card(const struct game *g, card_t c)
{
	return g->rules.variant == VAR_FLIP && c != CARD_CHARLIE &&
	       (c == CARD_BENNY || c == g->calling);
}

static int legal_play(const struct game *g, struct move *mv)
{
	const struct hand *h = &g->hand[g->turn];
	uint32_t m = game_play_mask(g);
	int n = 0;

	for (uint32_t b = m; b; b &= b - 1) {
		card_t c = mask_first(b);

		mv[n++] = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
		if (is_match_card(g, c)) {
			struct hand rest = *h;

			hand_remove(&rest, c);
			for (uint32_t r = rest.one; r; r &= r - 1)
				mv[n++] = move_make(MOVE_CARD, -1, -1, c, mask_first(r));
		}
	}
	return n;
}

int game_legal(const struct game *g, struct move *mv)
{
	int n = 0;

	switch (g->phase) {
	case PH_AUCTION:
		return legal_auction(g, mv);
	case PH_TRUMP:
		for (int t = 0; t < TRUMP_NONE; t++)
			n = add(mv, n, MOVE_TRUMP, -1, t);
		return n;
	case PH_SCRIPT:
		if (g->script[g->script_pos].dec == DEC_DECLARE) {
			n = add(mv, n, MOVE_PARTNER, -1, -1);
			return add(mv, n, MOVE_ALONE, -1, -1);
		}
		for (uint32_t b = g->hand[game_to_move(g)].one; b; b &= b - 1)
			mv[n++] = move_make(MOVE_CARD, -1, -1, mask_first(b), CARD_NONE);
		return n;
	case PH_PLAY:
		return legal_play(g, mv);
	default:
		return 0;
	}
}

/*
 * The indiana and bloomington auctions list up to 80 moves: a pass (when
 * allowed), every bid from high_bid + 1 up with every trump, then the top
 * bid with every trump; simple enough to count, index and check unlisted.
 */
static inline int team_bid_count(const struct game *g, int *pass, int *nbids)
{
	int lo = g->high_bid + 1, hi = g->rules.cards_each;

	*pass = may_pass(g);
	*nbids = hi >= lo ? (hi - lo + 1) * TRUMP_NONE : 0;
	return *pass + *nbids + TRUMP_NONE;
}

static int is_team_auction(const struct game *g)
{
	return g->phase == PH_AUCTION &&
	       (g->rules.variant == VAR_INDIANA || g->rules.variant == VAR_BLOOMINGTON);
}

/* The i-th move of a team auction's list (0 <= i < its count, pass and nbids as counted). */
static inline void team_bid_nth(const struct game *g, int i, int pass, int nbids, struct move *out)
{
	if (i < pass)
		*out = move_make(MOVE_PASS, -1, -1, CARD_NONE, CARD_NONE);
	else if ((i -= pass) < nbids)
		*out = move_make(MOVE_BID, g->high_bid + 1 + i / TRUMP_NONE, i % TRUMP_NONE,
				 CARD_NONE, CARD_NONE);
	else
		*out = move_make(g->rules.variant == VAR_INDIANA ? MOVE_MOON : MOVE_BEST, -1,
				 i - nbids, CARD_NONE, CARD_NONE);
}

/* Is m in a team auction's list? */
static inline int team_bid_legal(const struct game *g, const struct move *m)
{
	if (m->card != CARD_NONE || m->swap != CARD_NONE)
		return 0;
	if (m->type == MOVE_PASS)
		return m->num == -1 && m->trump == -1 && may_pass(g);
	if (m->trump < 0 || m->trump >= TRUMP_NONE)
		return 0;
	if (m->type == MOVE_BID)
		return m->num > g->high_bid && m->num <= g->rules.cards_each;
	return m->num == -1 && m->type == (g->rules.variant == VAR_INDIANA ? MOVE_MOON : MOVE_BEST);
}

/* The i-th card of m as a move, lowest card first, as game_legal() lists cards. */
static int nth_card(uint32_t m, int i, struct move *out)
{
	if (i < 0 || i >= mask_count(m))
		return -1;
	*out = move_make(MOVE_CARD, -1, -1, mask_nth(m, i), CARD_NONE);
	return 0;
}

int game_legal_count(const struct game *g)
{
	struct move mv[MAX_MOVES];
	int pass, nbids;
	uint32_t cards;

	if (is_team_auction(g))
		return team_bid_count(g, &pass, &nbids);
	cards = game_card_moves(g);
	return cards ? mask_count(cards) : game_legal(g, mv);
}

int game_legal_nth(const struct game *g, int i, struct move *out)
{
	struct move mv[MAX_MOVES];
	int pass, nbids, n;
	uint32_t cards;

	if (is_team_auction(g)) {
		n = team_bid_count(g, &pass, &nbids);
		if (i < 0 || i >= n)
			return -1;
		team_bid_nth(g, i, pass, nbids, out);
		return 0;
	}
	if ((cards = game_card_moves(g)))
		return nth_card(cards, i, out);
	n = game_legal(g, mv);
	if (i < 0 || i >= n)
		return -1;
	*out = mv[i];
	return 0;
}

int game_legal_random(const struct game *g, struct rng *r, struct move *out)
{
	struct move mv[MAX_MOVES];
	int pass, nbids, n;
	uint32_t cards;

	if (is_team_auction(g)) {
		n = team_bid_count(g, &pass, &nbids);
		team_bid_nth(g, (int)rng_below(r, (uint32_t)n), pass, nbids, out);
		return 0;
	}
	if ((cards = game_card_moves(g))) {
		game_random_card(cards, r, out);
		return 0;
	}
	if (!(n = game_legal(g, mv)))
		return -1;
	*out = mv[rng_below(r, (uint32_t)n)];
	return 0;
}

/* Is m in game_legal()'s list? */
static int is_legal(const struct game *g, const struct move *m)
{
	struct move mv[MAX_MOVES];

	if (is_team_auction(g))
		return team_bid_legal(g, m);
	for (int i = 0, n = game_legal(g, mv); i < n; i++)
		if (move_equal(&mv[i], m))
			return 1;
	return 0;
}

/* ---- applying moves ------------------------------------------------- */

static void script_add(struct game *g, int dec, int seat, int to)
{
	struct step *st = &g->script[g->nscript++];

	st->dec = (uint8_t)dec;
	st->seat = (int8_t)seat;
	st->to = (int8_t)to;
}

/* Moves on from the script: its next step, or the play when it is done. */
static void run_script(struct game *g)
{
	if (g->script_pos < g->nscript)
		g->phase = PH_SCRIPT;
	else
		start_play(g);
}

static void end_team_auction(struct game *g, int bidder, const struct move *m)
{
	const struct rules *r = &g->rules;
	int partner = (bidder + 2) % r->seats;

	g->bidder = bidder;
	g->contract = *m;
	push(g, EV_CONTRACT, bidder, -1, CARD_NONE, CARD_NONE, m);
	if (r->variant == VAR_HAMMERWALT) {
		/* the winner names trump next; alone exchanges follow that */
		g->phase = PH_TRUMP;
		g->turn = bidder;
		return;
	}
	g->trump = m->trump;
	push(g, EV_TRUMP, bidder, -1, CARD_NONE, CARD_NONE, m);
	if (m->type == MOVE_MOON) {
		for (int i = 0; i < 3; i++)
			script_add(g, DEC_DISCARD, bidder, -1);
		for (int i = 0; i < 3; i++)
			script_add(g, DEC_GIVE, partner, bidder);
	} else if (m->type == MOVE_BEST) {
		script_add(g, DEC_GIVE, (bidder + 2) % r->seats, bidder);
		script_add(g, DEC_GIVE, (bidder + 4) % r->seats, bidder);
		script_add(g, DEC_DISCARD, bidder, -1);
		script_add(g, DEC_DISCARD, bidder, -1);
	}
	run_script(g);
}

static void redeal(struct game *g)
{
	push(g, EV_REDEAL, g->dealer, -1, CARD_NONE, CARD_NONE, NULL);
	finish_hand(g);
}

static void auction_hammerwalt(struct game *g, int s, const struct move *m)
{
	g->seat_turns[s]++;
	g->nturns++;
	if (m->type == MOVE_ALONE) {
		end_team_auction(g, s, m);
		return;
	}
	if (m->type == MOVE_BID) {
		g->high_bid = m->num;
		g->high_seat = s;
		g->contract = *m;
		g->passes = 0;
	} else {
		g->passes++;
	}
	/* ends when three pass after a bid, or after two turns each */
	if ((g->high_bid && g->passes >= 3) || g->nturns >= 2 * g->rules.seats) {
		struct move c = g->contract;

		end_team_auction(g, g->high_seat, &c);
		return;
	}
	g->turn = next_player(g, s);
}

static void auction_indiana(struct game *g, int s, const struct move *m)
{
	unsigned left;

	if (m->type == MOVE_MOON) {
		end_team_auction(g, s, m);
		return;
	}
	if (m->type == MOVE_BID) {
		g->high_bid = m->num;
		g->high_seat = s;
		g->contract = *m;
	} else {
		g->out |= 1u << s;
	}
	left = ((1u << g->rules.seats) - 1) & ~g->out;
	if (!left) {
		redeal(g);
		return;
	}
	if (g->high_bid && left == 1u << g->high_seat) {
		struct move c = g->contract;

		end_team_auction(g, g->high_seat, &c);
		return;
	}
	do
		s = s + 1 == g->rules.seats ? 0 : s + 1;
	while (g->out & (1u << s));
	g->turn = s;
}

static void auction_bloomington(struct game *g, int s, const struct move *m)
{
	if (m->type == MOVE_BEST) {
		end_team_auction(g, s, m);
		return;
	}
	if (m->type == MOVE_BID) {
		g->high_bid = m->num;
		g->high_seat = s;
		g->contract = *m;
	}
	if (s == g->dealer) {
		struct move c = g->contract;

		if (g->high_bid)
			end_team_auction(g, g->high_seat, &c);
		else
			redeal(g);
		return;
	}
	g->turn = next_player(g, s);
}

static void auction_fivehand(struct game *g, int s, const struct move *m)
{
	if (m->type == MOVE_PASS) {
		if (s == g->dealer)
			g->round = 2; /* round 2 cannot end in four passes: the dealer is stuck */
		g->turn = next_player(g, s);
		return;
	}
	g->bidder = s;
	g->contract = *m;
	g->trump = m->trump >= 0 ? m->trump : card_suit(g->kitty[0]);
	push(g, EV_CONTRACT, s, -1, CARD_NONE, CARD_NONE, m);
	push(g, EV_TRUMP, s, -1, CARD_NONE, CARD_NONE,
	     &(struct move){ MOVE_TRUMP, -1, (int8_t)g->trump, CARD_NONE, CARD_NONE });
	script_add(g, DEC_DECLARE, s, -1);
	if (m->type == MOVE_ORDER) {
		/* the dealer takes the turned card and discards after the declaration */
		hand_remove(&g->kitty_pile, g->kitty[0]);
		hand_add(&g->hand[g->dealer], g->kitty[0]);
		push(g, EV_PICKUP, g->dealer, -1, g->kitty[0], CARD_NONE, NULL);
		script_add(g, DEC_DISCARD, g->dealer, -1);
	}
	run_script(g);
}

static void auction_flip(struct game *g, int s, const struct move *m)
{
	g->bids[s] = m->num;
	if (++g->nturns == g->rules.players)
		start_play(g);
	else
		g->turn = next_player(g, s);
}

static void apply_auction(struct game *g, const struct move *m)
{
	int s = g->turn;

	push(g, EV_BID, s, -1, CARD_NONE, CARD_NONE, m);
	switch (g->rules.variant) {
	case VAR_HAMMERWALT: auction_hammerwalt(g, s, m); break;
	case VAR_INDIANA: auction_indiana(g, s, m); break;
	case VAR_BLOOMINGTON: auction_bloomington(g, s, m); break;
	case VAR_FIVEHAND: auction_fivehand(g, s, m); break;
	case VAR_FLIP: auction_flip(g, s, m); break;
	default: break;
	}
}

static void apply_trump(struct game *g, const struct move *m)
{
	int b = g->bidder, p = (b + 2) % g->rules.seats;

	g->trump = m->trump;
	push(g, EV_TRUMP, b, -1, CARD_NONE, CARD_NONE, m);
	if (g->contract.type == MOVE_ALONE) {
		for (int i = 0; i < 3; i++)
			script_add(g, DEC_GIVE, b, p);
		for (int i = 0; i < 3; i++)
			script_add(g, DEC_GIVE, p, b);
	}
	run_script(g);
}

/*
 * Returns 0 (game_apply()'s success), so that game_apply() ends in a jump
 * to it. A card given or discarded is held: game_apply() has checked it.
 */
static int apply_script(struct game *g, const struct move *m)
{
	const struct step *st = &g->script[g->script_pos];

	switch (st->dec) {
	case DEC_DECLARE:
		g->partner = m->type == MOVE_PARTNER ? (st->seat + 2) % g->rules.seats : -1;
		push(g, EV_DECLARE, st->seat, g->partner, CARD_NONE, CARD_NONE, m);
		break;
	case DEC_GIVE:
		hand_take(&g->hand[st->seat], m->card);
		hand_add(&g->hand[st->to], m->card);
		push(g, EV_GIVE, st->seat, st->to, m->card, CARD_NONE, NULL);
		break;
	case DEC_DISCARD:
		hand_take(&g->hand[st->seat], m->card);
		hand_add(&g->discarded, m->card);
		push(g, EV_DISCARD, st->seat, -1, m->card, CARD_NONE, NULL);
		break;
	}
	g->script_pos++;
	run_script(g);
	return 0;
}

/*
 * Starts a hand past its auction (a position, deal.h): the auction's end
 * applied as a real one would apply it, so the contract's exchanges and
 * events follow. The parser has checked the setup against the hand.
 */
static void apply_setup(struct game *g, const struct deal_setup *su)
{
	const struct rules *r = &g->rules;

	if (su->has_bids) {
		/* flip: the bids announced in turn from the dealer's left */
		for (int i = 0, s = next_player(g, g->dealer); i < r->players; i++) {
			struct move m = move_make(MOVE_BID, su->bids[s], -1, CARD_NONE, CARD_NONE);

			g->turn = s;
			apply_auction(g, &m);
			s = next_player(g, s);
		}
		return;
	}
	if (!su->has_contract)
		return;
	if (r->variant == VAR_FIVEHAND) {
		auction_fivehand(g, su->bidder, &su->contract);
		if (su->has_declare)
			apply_script(g, &su->declare);
		return;
	}
	end_team_auction(g, su->bidder, &su->contract);
	if (su->has_trump)
		apply_trump(g, &(struct move){ MOVE_TRUMP, -1, su->trump, CARD_NONE, CARD_NONE });
}

/* Flip's dead hand plays its top card whenever it is its turn. */
static void dead_hand_turns(struct game *g)
{
	while (g->phase == PH_PLAY && g->turn == g->rules.dead_seat)
		play_flip(g, g->turn, g->dead[g->dead_pos++], CARD_NONE);
}

static void start_play(struct game *g)
{
	const struct rules *r = &g->rules;
	const struct deal_setup *su;
	unsigned in;
	int next;

	if (is_team_bid(r) && score_bonus_contract(&g->contract)) {
		for (int k = 2; k < r->seats; k += 2) {
			int p = (g->bidder + k) % r->seats;

			g->sitting_out |= 1u << p;
			push(g, EV_SITOUT, p, -1, CARD_NONE, CARD_NONE, NULL);
		}
		g->nactive = r->seats - mask_count(g->sitting_out);
	}
	/*
	 * The next seat that plays after each (game_next_active()), from the
	 * last seat down: the seat after s is the nearest one above it that
	 * plays, else the first
	 */
	in = ((1u << r->seats) - 1) & ~g->sitting_out;
	next = __builtin_ctz(in);
	for (int s = r->seats - 1; s >= 0; s--) {
		g->next_active[s] = (int8_t)next;
		next = in & (1u << s) ? s : next;
	}
	g->phase = PH_PLAY;
	g->trick_follow = 0;
	g->leader = is_team_bid(r) ? g->bidder : next_player(g, g->dealer);
	if ((su = hand_setup(g)) && su->has_leader)
		g->leader = su->leader;
	g->turn = g->leader;
	dead_hand_turns(g);
}

/* Index of the winning card among n cards of one trick under trump t. */
static int winner_of(const struct game *g, const card_t *cards, int n, int t)
{
	int led, best = 0, best_key = -1;

	if (g->rules.variant == VAR_FLIP) {
		for (int i = 0; i < n; i++)
			if (cards[i] == CARD_BENNY)
				return i; /* the first Benny wins */
		led = flip_led_of(cards, n, t);
		if (led == SUIT_NONE)
			return 0; /* nothing but Charlies */
	} else {
		led = card_eff_suit[t][cards[0]];
	}
	for (int i = 0; i < n; i++) {
		int key = card_trick_key[t][led][cards[i]]; /* a Charlie's is 0: it never wins */

		if (key > best_key) {
			best_key = key;
			best = i; /* strictly greater: a twin played later loses */
		}
	}
	return best;
}

int game_trick_winner(const struct game *g)
{
	return winner_of(g, g->trick_card, g->ntrick, g->trump);
}

int game_would_win(const struct game *g, card_t c)
{
	card_t cards[MAX_SEATS];

	if (g->phase != PH_PLAY || g->ntrick >= MAX_SEATS)
		return 0;
	memcpy(cards, g->trick_card, (size_t)g->ntrick);
	cards[g->ntrick] = c;
	return winner_of(g, cards, g->ntrick + 1, g->trump) == g->ntrick;
}

/* The trick is full and seat w took it. Returns 0, as apply_script() does. */
static int finish_trick(struct game *g, int w)
{
	g->tricks[w]++;
	push(g, EV_TRICK, w, g->trick_no + 1, CARD_NONE, CARD_NONE, NULL);
	g->trick_no++;
	g->ntrick = 0;
	g->trick_follow = 0;
	g->leader = g->turn = w;
	if (g->trick_no == g->rules.cards_each)
		score_hand(g);
	return 0;
}

static void set_calling(struct game *g, card_t c)
{
	g->calling = c;
	g->trump = game_flip_trump(c);
}

/*
 * A card played in the variants without flip's jokers and dead hand. The
 * trick's winner so far is kept as each card falls (the first of equal
 * keys holds), so a full trick needs no second look at its cards.
 */
static inline int play_plain(struct game *g, int seat, card_t c)
{
	int n = g->ntrick, top;

	hand_take(&g->hand[seat], c);
	hand_add(&g->played, c);
	if (!n) {
		g->trick_led = card_eff_suit[g->trump][c];
		g->trick_keys = card_trick_key[g->trump][g->trick_led];
		g->trick_follow = card_follow_mask[g->trump][c];
		g->trick_top = 0;
	}
	/* which card holds the trick is random: a select (the larger), not a branch */
	top = g->trick_keys[c] * 256 + (15 - n) * 16 + seat;
	g->trick_top = top > g->trick_top ? top : g->trick_top;
	g->trick_card[n] = c;
	g->trick_seat[n] = (int8_t)seat;
	g->ntrick = n + 1;
	push(g, EV_PLAY, seat, -1, c, CARD_NONE, NULL);
	if (n + 1 == g->nactive)
		return finish_trick(g, g->trick_top & 15);
	g->turn = g->next_active[seat];
	return 0;
}

/*
 * Flip's play: a Charlie turns the burn card up, a match card may switch.
 * The seat holds c, and swap besides (checked, or the dead hand's card).
 */
static void play_flip(struct game *g, int seat, card_t c, card_t swap)
{
	hand_take(&g->hand[seat], c);
	hand_add(&g->played, c);
	if (!g->ntrick || (g->flip_led == CARD_CHARLIE && !card_is_joker(c)))
		g->flip_led = c;
	g->trick_card[g->ntrick] = c;
	g->trick_seat[g->ntrick] = (int8_t)seat;
	g->ntrick++;
	push(g, EV_PLAY, seat, -1, c, CARD_NONE, NULL);
	if (c == CARD_CHARLIE) {
		card_t old = g->calling;

		set_calling(g, g->burn);
		g->burn = old;
		push(g, EV_FLIP, seat, -1, g->calling, CARD_NONE, NULL);
	} else if (swap != CARD_NONE) {
		card_t old = g->calling;

		hand_take(&g->hand[seat], swap);
		hand_add(&g->hand[seat], old);
		set_calling(g, swap);
		push(g, EV_SWITCH, seat, -1, swap, old, NULL);
	}
	if (g->ntrick == g->nactive)
		finish_trick(g, g->trick_seat[game_trick_winner(g)]);
	else
		g->turn = g->next_active[seat];
	if (g->phase == PH_PLAY)
		dead_hand_turns(g);
}

static inline void play_card(struct game *g, int seat, card_t c, card_t swap)
{
	if (g->rules.variant == VAR_FLIP)
		play_flip(g, seat, c, swap);
	else
		play_plain(g, seat, c);
}

/* ---- scoring and the end of the game -------------------------------- */

static void finish_hand(struct game *g)
{
	int w = score_winners(g);

	if (!w) {
		g->phase = PH_HAND_OVER;
		return;
	}
	g->winners = w;
	score_set_ranks(g);
	g->phase = PH_GAME_OVER;
	push(g, EV_GAME_END, -1, -1, CARD_NONE, CARD_NONE, NULL);
}

static void score_hand(struct game *g)
{
	score_hand_points(g);
	push(g, EV_HAND_END, -1, -1, CARD_NONE, CARD_NONE, NULL);
	finish_hand(g);
}

void game_next_hand(struct game *g)
{
	if (g->phase != PH_HAND_OVER)
		return;
	g->dealer = next_player(g, g->dealer);
	start_hand(g);
}

/* ---- checking a move ------------------------------------------------- */

static const char *suit_word(int s)
{
	static const char *const words[] = { "clubs", "diamonds", "hearts", "spades" };

	return s >= 0 && s < NSUITS ? words[s] : "?";
}

/* Checks a card move: 0 if legal, else -1 with the reason in err. */
static int check_card(const struct game *g, const struct move *m, char *err, size_t len)
{
	int seat = game_to_move(g);
	struct hand rest = g->hand[seat];

	if (m->card >= NCARDS || (m->swap >= NCARDS && m->swap != CARD_NONE)) {
		snprintf(err, len, "not a card");
		return -1;
	}
	if (hand_remove(&rest, m->card) < 0) {
		snprintf(err, len, "you do not hold %s", card_name(m->card));
		return -1;
	}
	if (g->phase == PH_SCRIPT) {
		if (m->swap != CARD_NONE) {
			snprintf(err, len, "no switch when giving or discarding");
			return -1;
		}
		return 0;
	}
	if (!(game_play_mask(g) & CARD_BIT(m->card))) {
		int led = g->rules.variant == VAR_FLIP ? flip_led_suit(g, g->trump) : g->trick_led;

		snprintf(err, len, "must follow %s", suit_word(led));
		return -1;
	}
	if (m->swap == CARD_NONE)
		return 0;
	if (!is_match_card(g, m->card)) {
		snprintf(err, len, "%s is not a match card (the calling card is %s)",
			 card_name(m->card), card_name(g->calling));
		return -1;
	}
	if (hand_remove(&rest, m->swap) < 0) {
		snprintf(err, len, "you do not hold %s to switch", card_name(m->swap));
		return -1;
	}
	return 0;
}

/* game_apply() past its common case: every other move, checked. */
static int apply_checked(struct game *g, const struct move *m, char *err, size_t len)
{
	enum decision d = game_decision(g);
	char text[64];

	if (d == DEC_PLAY && m->type == MOVE_CARD && m->swap == CARD_NONE && m->card < NCARDS &&
	    (game_play_mask(g) & CARD_BIT(m->card))) {
		play_card(g, g->turn, m->card, CARD_NONE);
		return 0;
	}
	if (is_team_auction(g) && team_bid_legal(g, m)) {
		apply_auction(g, m);
		return 0;
	}
	if (d == DEC_NONE) {
		snprintf(err, len, "no move is due");
		return -1;
	}
	if ((d == DEC_PLAY || d == DEC_GIVE || d == DEC_DISCARD) && m->type == MOVE_CARD) {
		if (check_card(g, m, err, len) < 0)
			return -1;
		if (d == DEC_PLAY)
			play_card(g, g->turn, m->card, m->swap);
		else
			apply_script(g, m);
		return 0;
	}
	if (!is_legal(g, m)) {
		move_format(m, text, sizeof(text));
		if (d == DEC_BID && m->type == MOVE_PASS && g->rules.variant == VAR_FLIP)
			snprintf(err, len, "flip has no pass: bid from %d to %d", g->rules.min_bid,
				 g->rules.cards_each);
		else if (d == DEC_BID && m->type == MOVE_PASS)
			snprintf(err, len, "the dealer may not pass now"); /* the only other refusal */
		else if (d == DEC_BID && m->type == MOVE_BID && m->num <= g->high_bid)
			snprintf(err, len, "bid must be above %d", g->high_bid);
		else
			snprintf(err, len, "'%s' is not a legal %s now", text, decision_name(d));
		return -1;
	}
	switch (g->phase) {
	case PH_AUCTION: apply_auction(g, m); break;
	case PH_TRUMP: apply_trump(g, m); break;
	case PH_SCRIPT: apply_script(g, m); break;
	default: break;
	}
	return 0;
}

int game_apply(struct game *g, const struct move *m, char *err, size_t len)
{
	card_t c = m->card;
	const struct step *st = &g->script[g->script_pos];

	/*
	 * The common cases first, on a path that needs no registers saved: a
	 * plain play (flip's are apply_checked()'s first case) of a card in
	 * the mask, which the seat holds; a held card given or discarded.
	 */
	if (m->type != MOVE_CARD || m->swap != CARD_NONE || c >= NCARDS)
		return apply_checked(g, m, err, len);
	if (g->phase == PH_PLAY && g->rules.variant != VAR_FLIP && (game_play_mask(g) & CARD_BIT(c)))
		return play_plain(g, g->turn, c);
	if (g->phase == PH_SCRIPT && st->dec != DEC_DECLARE && (g->hand[st->seat].one & CARD_BIT(c)))
		return apply_script(g, m);
	return apply_checked(g, m, err, len);
}
