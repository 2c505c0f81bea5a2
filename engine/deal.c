/*
 * deal.c - parser for the explicit-deal text format (see deal.h).
 *
 * The parser lays each hand out the way the engine deals a shuffled deck
 * (seat 0's cards first, then seat 1's, ..., then the kitty or the burn
 * card, the calling card and the stock), so an explicit deal and a seeded
 * deal go through the same code in the engine. A partial hand ("rest
 * random") leaves places empty for the engine to fill from the seed; a
 * position (contract, trump, declare, bids, leader) is checked here
 * against the variant and the hand, with its line, so the engine can
 * apply it without failing.
 */
#include "deal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hand_text {
	/* the line of each statement of the hand (0: not given) */
	int seat_line[MAX_SEATS], kitty_line, burn_line, calling_line, rest_line;
	int contract_line, trump_line, declare_line, leader_line, bids_line;
	int seat_n[MAX_SEATS], kitty_n; /* cards given */
	int line; /* line of the "hand" that opened it */
};

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

/* Reads the cards of s[0..len) into out (at most max); returns the count or -1. */
static int parse_cards(const char *s, size_t len, card_t *out, int max, char *bad, size_t badlen)
{
	int n = 0;
	size_t i = 0;

	while (i < len) {
		size_t j = i;
		card_t c;

		while (j < len && s[j] != ' ' && s[j] != '\t')
			j++;
		if (j > i) {
			if (card_parse(s + i, j - i, &c) != (int)(j - i)) {
				snprintf(bad, badlen, "%.*s", (int)(j - i), s + i);
				return -1;
			}
			if (n < max)
				out[n] = c;
			n++;
		}
		i = j + 1;
	}
	return n;
}

/* Does the hand's setup make seat sit out (the bonus contracts of the team games)? */
static int sits_out(const struct rules *r, const struct deal_setup *su, int seat)
{
	int t = su->contract.type, d = (seat - su->bidder + r->seats) % r->seats;

	if (!su->has_contract)
		return 0;
	if (t == MOVE_ALONE && r->variant == VAR_HAMMERWALT)
		return d == 2;
	if (t == MOVE_MOON)
		return d == 2;
	return t == MOVE_BEST && (d == 2 || d == 4);
}

/* Five-hand: does the contract fit the turned card (given: the parser asks for it)? */
static int check_fivehand_contract(const struct deal_setup *su, card_t up, int line,
				   char *err, size_t errlen)
{
	const struct move *m = &su->contract;

	if (up == CARD_NONE)
		FAIL("line %d: a five-hand contract needs the turned card (the 'kitty' line's "
		     "first card)", line);
	if (m->type == MOVE_ORDER && up == CARD_JOKER && m->trump < 0)
		FAIL("line %d: the turned card is the joker: the contract is 'order SUIT'", line);
	if (m->type == MOVE_ORDER && up != CARD_JOKER && m->trump >= 0)
		FAIL("line %d: 'order %s' names a suit only when the joker is turned (the turned "
		     "card is %s)", line, trump_name(m->trump), card_name(up));
	if (m->type == MOVE_TRUMP && m->trump == card_suit(up))
		FAIL("line %d: the turned card is %s: a suit called in round 2 must be another",
		     line, card_name(up));
	return 0;
}

/* Checks the hand's setup lines fit together and fit the hand. */
static int check_setup(const struct rules *r, struct deal *d, const struct hand_text *ht,
		       char *err, size_t errlen)
{
	int h = d->nhands - 1, flip = r->variant == VAR_FLIP;
	const struct deal_setup *su = &d->setup[h];
	int zilch = flip && (r->zilch || r->cards_each == 4);

	if (ht->trump_line && !su->has_contract)
		FAIL("line %d: 'trump' needs a 'contract' line in hand %d", ht->trump_line, h + 1);
	if (ht->declare_line && !su->has_contract)
		FAIL("line %d: 'declare' needs a 'contract' line in hand %d", ht->declare_line,
		     h + 1);
	if (ht->leader_line && !su->has_contract && !su->has_bids && !zilch)
		FAIL("line %d: 'leader' needs a '%s' line in hand %d", ht->leader_line,
		     flip ? "bids" : "contract", h + 1);
	if (su->has_leader && sits_out(r, su, su->leader))
		FAIL("line %d: seat %d sits out this hand (its partner's contract)",
		     ht->leader_line, su->leader);
	if (r->variant == VAR_HAMMERWALT && su->has_contract && su->contract.type == MOVE_BID &&
	    su->contract.num == 5 && su->bidder != d->dealer)
		FAIL("line %d: only the dealer bids 5 (stuck), and seat %d is not the dealer",
		     ht->contract_line, su->bidder);
	if (r->variant == VAR_FIVEHAND && su->has_contract)
		return check_fivehand_contract(su, d->deck[h][r->seats * r->cards_each],
					       ht->contract_line, err, errlen);
	return 0;
}

/* Checks the hand being closed has every part; fills flip's stock. */
static int close_hand(const struct rules *r, struct deal *d, struct hand_text *ht,
		      char *err, size_t errlen)
{
	int h = d->nhands - 1, k = r->cards_each, pos = r->seats * k, rnd = d->rest_random[h];
	int have[NCARDS] = { 0 }, full[NCARDS] = { 0 };

	for (int s = 0; s < r->seats && !rnd; s++) {
		if (!ht->seat_line[s])
			FAIL("line %d: hand %d has no 'seat %d' line", ht->line, h + 1, s);
		if (ht->seat_n[s] != k)
			FAIL("line %d: seat %d has %d cards, %s deals %d", ht->seat_line[s], s,
			     ht->seat_n[s], variant_name(r->variant), k);
	}
	if (r->variant == VAR_FIVEHAND && !rnd && !ht->kitty_line)
		FAIL("line %d: hand %d has no 'kitty' line", ht->line, h + 1);
	if (r->variant == VAR_FIVEHAND && !rnd && ht->kitty_n != 4)
		FAIL("line %d: 'kitty' takes 4 cards, got %d", ht->kitty_line, ht->kitty_n);
	if (check_setup(r, d, ht, err, errlen) < 0)
		return -1;
	if (r->variant != VAR_FLIP || rnd)
		return 0;
	if (!ht->burn_line || !ht->calling_line)
		FAIL("line %d: hand %d needs 'burn' and 'calling' lines", ht->line, h + 1);
	/* the stock: every card of the deck not yet placed, in deck order */
	for (int i = 0; i < pos + 2; i++)
		if (d->deck[h][i] < NCARDS)
			have[d->deck[h][i]]++;
	for (int s = 0; s < NSUITS; s++)
		for (int rk = RANK_9; rk < NRANKS; rk++)
			full[CARD(s, rk)] = 2;
	full[CARD_BENNY] = full[CARD_CHARLIE] = r->jokers;
	pos += 2;
	for (int c = 0; c < NCARDS; c++)
		for (int n = have[c]; n < full[c] && pos < r->deck_size; n++)
			d->deck[h][pos++] = (card_t)c;
	return 0;
}

/* One line being parsed: its keyword, the rest, and where things go. */
struct line {
	const char *kw;    /* the keyword: kw[0..kwlen) */
	size_t kwlen;
	const char *rest;  /* after it and its blanks: rest[0..rlen) */
	size_t rlen;
	int lineno;
	const struct rules *r;
	struct deal *d;
	struct hand_text *ht;
};

static int is_kw(const struct line *l, const char *word)
{
	return l->kwlen == strlen(word) && !strncmp(l->kw, word, l->kwlen);
}

/* "dealer N" or "scores N N...". */
static int parse_numbers(const struct line *l, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	long v[MAX_SEATS];
	int dealer = is_kw(l, "dealer"), nv = 0, want = dealer ? 1 : r->teams ? 2 : r->players;
	char *end, buf[256];

	snprintf(buf, sizeof(buf), "%.*s", (int)l->rlen, l->rest);
	for (char *p = buf; *p && nv <= MAX_SEATS;) {
		long x;

		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		errno = 0;
		x = strtol(p, &end, 10);
		if (end == p || errno || (*end && *end != ' ' && *end != '\t') || x < -100000 ||
		    x > 100000)
			FAIL("line %d: '%.*s' is not a number", l->lineno, (int)strcspn(p, " \t"), p);
		if (nv < MAX_SEATS)
			v[nv] = x;
		nv++;
		p = end;
	}
	if (nv != want)
		FAIL("line %d: '%.*s' needs %d number%s, got %d", l->lineno, (int)l->kwlen, l->kw,
		     want, want > 1 ? "s" : "", nv);
	if (dealer) {
		if (v[0] < 0 || v[0] >= r->players)
			FAIL("line %d: dealer %ld is not a player seat (0 to %d)", l->lineno, v[0],
			     r->players - 1);
		l->d->dealer = (int)v[0];
	} else {
		l->d->has_scores = 1;
		for (int i = 0; i < nv; i++)
			l->d->scores[i] = (int)v[i];
	}
	return 0;
}

/* Reads a seat number (0 to max) from s[0..len) up to the first blank; *used gets its length. */
static int read_seat(const char *s, size_t len, int max, size_t *used)
{
	char num[8];
	size_t nl = 0;
	long seat;

	while (nl < len && s[nl] != ' ' && s[nl] != '\t')
		nl++;
	*used = nl;
	snprintf(num, sizeof(num), "%.*s", (int)(nl < 7 ? nl : 7), s);
	if (nl > 6 || parse_long(num, 0, max, &seat) < 0)
		return -1;
	return (int)seat;
}

/* "seat N CARDS" in hand h: at most the hand size (a short seat: checked at the hand's end). */
static int parse_seat(const struct line *l, int h, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	card_t cards[MAX_DECK];
	char bad[32];
	size_t nl;
	int seat = read_seat(l->rest, l->rlen, r->seats - 1, &nl), n;

	if (seat < 0)
		FAIL("line %d: '%.*s' is not a seat (0 to %d)", l->lineno, (int)nl, l->rest,
		     r->seats - 1);
	if (l->ht->seat_line[seat])
		FAIL("line %d: seat %d given twice in hand %d", l->lineno, seat, h + 1);
	l->ht->seat_line[seat] = l->lineno;
	n = parse_cards(l->rest + nl, l->rlen - nl, cards, MAX_DECK, bad, sizeof(bad));
	if (n < 0)
		FAIL("line %d: '%s' is not a card", l->lineno, bad);
	if (n > r->cards_each)
		FAIL("line %d: seat %d has %d cards, %s deals %d", l->lineno, seat, n,
		     variant_name(r->variant), r->cards_each);
	l->ht->seat_n[seat] = n;
	memcpy(l->d->deck[h] + seat * r->cards_each, cards, (size_t)n);
	return 0;
}

/* "kitty CARDS" (five-hand), "burn CARD" and "calling CARD" (flip) in hand h. */
static int parse_extra(const struct line *l, int h, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	int kitty = is_kw(l, "kitty"), want = kitty ? 4 : 1, n;
	int pos = r->seats * r->cards_each + (is_kw(l, "calling") ? 1 : 0);
	int *seen = kitty ? &l->ht->kitty_line : is_kw(l, "burn") ? &l->ht->burn_line
							       : &l->ht->calling_line;
	card_t cards[MAX_DECK];
	char bad[32];

	if ((kitty && r->variant != VAR_FIVEHAND) || (!kitty && r->variant != VAR_FLIP))
		FAIL("line %d: %s has no '%.*s'", l->lineno, variant_name(r->variant), (int)l->kwlen,
		     l->kw);
	if (*seen)
		FAIL("line %d: '%.*s' given twice in hand %d", l->lineno, (int)l->kwlen, l->kw, h + 1);
	*seen = l->lineno;
	n = parse_cards(l->rest, l->rlen, cards, MAX_DECK, bad, sizeof(bad));
	if (n < 0)
		FAIL("line %d: '%s' is not a card", l->lineno, bad);
	/* a short kitty is checked at the hand's end ('rest random' allows it) */
	if (n > want || n < (kitty ? 1 : want))
		FAIL("line %d: '%.*s' takes %d card%s, got %d", l->lineno, (int)l->kwlen, l->kw, want,
		     want > 1 ? "s" : "", n);
	if (kitty)
		l->ht->kitty_n = n;
	memcpy(l->d->deck[h] + pos, cards, (size_t)n);
	return 0;
}

/* What the contract of each variant may be, for the error message. */
static const char *contract_forms(enum variant v)
{
	switch (v) {
	case VAR_HAMMERWALT: return "a bid from 5 to 12, or alone";
	case VAR_INDIANA: return "a bid from 1 to 12 with a trump, or moon with a trump";
	case VAR_BLOOMINGTON: return "a bid from 1 to 8 with a trump, or best with a trump";
	default: return "order, 'order SUIT' when the joker is turned, or a suit called in round 2";
	}
}

/* Is m a winning bid the variant's auction can end on (the turned card aside)? */
static int contract_fits(const struct rules *r, const struct move *m)
{
	switch (r->variant) {
	case VAR_HAMMERWALT:
		return m->type == MOVE_ALONE ||
		       (m->type == MOVE_BID && m->trump < 0 && m->num >= 5 && m->num <= r->cards_each);
	case VAR_INDIANA:
	case VAR_BLOOMINGTON:
		if (m->type == (r->variant == VAR_INDIANA ? MOVE_MOON : MOVE_BEST))
			return 1;
		return m->type == MOVE_BID && m->trump >= 0 && m->num >= 1 &&
		       m->num <= r->cards_each;
	case VAR_FIVEHAND:
		return m->type == MOVE_ORDER || (m->type == MOVE_TRUMP && trump_is_suit(m->trump));
	default:
		return 0;
	}
}

/* "contract SEAT BID": the hand starts with the auction won by SEAT with BID. */
static int parse_contract(const struct line *l, struct deal_setup *su, char *err,
			  size_t errlen)
{
	const struct rules *r = l->r;
	size_t nl, i;
	int seat = read_seat(l->rest, l->rlen, r->players - 1, &nl);
	char text[64];
	size_t k = 0;

	if (r->variant == VAR_FLIP)
		FAIL("line %d: flip has no contract (give 'bids', one per player)", l->lineno);
	if (seat < 0)
		FAIL("line %d: '%.*s' is not a player seat (0 to %d)", l->lineno, (int)nl, l->rest,
		     r->players - 1);
	/* the bid as move_parse() reads it: single spaces */
	for (i = nl; i < l->rlen && (l->rest[i] == ' ' || l->rest[i] == '\t'); i++)
		;
	for (; i < l->rlen && k < sizeof(text) - 1; i++) {
		int blank = l->rest[i] == ' ' || l->rest[i] == '\t';

		if (!blank || (i + 1 < l->rlen && l->rest[i + 1] != ' ' && l->rest[i + 1] != '\t'))
			text[k++] = blank ? ' ' : l->rest[i];
	}
	text[k] = '\0';
	if (!k)
		FAIL("line %d: 'contract' needs a seat and a bid", l->lineno);
	if (move_parse(text, k, &su->contract) < 0 || !contract_fits(r, &su->contract))
		FAIL("line %d: '%s' is not a %s contract (%s)", l->lineno, text,
		     variant_name(r->variant), contract_forms(r->variant));
	su->has_contract = 1;
	su->bidder = (int8_t)seat;
	return 0;
}

/* "trump T" (hammerwalt), "declare partner|alone" (five-hand), "leader SEAT". */
static int parse_after_contract(const struct line *l, struct deal_setup *su, char *err,
				size_t errlen)
{
	const struct rules *r = l->r;
	size_t nl;
	int t, seat;

	if (is_kw(l, "leader")) {
		seat = read_seat(l->rest, l->rlen, r->players - 1, &nl);
		if (seat < 0 || nl != l->rlen)
			FAIL("line %d: '%.*s' is not a player seat (0 to %d)", l->lineno,
			     (int)l->rlen, l->rest, r->players - 1);
		su->has_leader = 1;
		su->leader = (int8_t)seat;
		return 0;
	}
	if (is_kw(l, "trump")) {
		if (r->variant != VAR_HAMMERWALT)
			FAIL("line %d: %s takes trump from the %s, not a 'trump' line", l->lineno,
			     variant_name(r->variant),
			     r->variant == VAR_FLIP ? "calling card" : "contract");
		if (trump_parse(l->rest, l->rlen, &t) != (int)l->rlen || t == TRUMP_NONE ||
		    !l->rlen)
			FAIL("line %d: '%.*s' is not a trump (C, D, H, S, high or low)", l->lineno,
			     (int)l->rlen, l->rest);
		su->has_trump = 1;
		su->trump = (int8_t)t;
		return 0;
	}
	/* declare */
	if (r->variant != VAR_FIVEHAND)
		FAIL("line %d: only fivehand has 'declare'", l->lineno);
	if (move_parse(l->rest, l->rlen, &su->declare) < 0 ||
	    (su->declare.type != MOVE_PARTNER && su->declare.type != MOVE_ALONE))
		FAIL("line %d: '%.*s' is not a declaration (partner or alone)", l->lineno,
		     (int)l->rlen, l->rest);
	su->has_declare = 1;
	return 0;
}

/* "bids N N ..." (flip): every player's bid, seat 0 first. */
static int parse_bids(const struct line *l, struct deal_setup *su, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	size_t i = 0;
	int n = 0;

	if (r->variant != VAR_FLIP)
		FAIL("line %d: only flip has 'bids' (give 'contract SEAT BID')", l->lineno);
	if (r->zilch || r->cards_each == 4)
		FAIL("line %d: a zilch hand has no bids", l->lineno);
	while (i < l->rlen) {
		size_t j = i;
		char num[8];
		long b;

		while (j < l->rlen && l->rest[j] != ' ' && l->rest[j] != '\t')
			j++;
		if (j > i) {
			snprintf(num, sizeof(num), "%.*s", (int)(j - i < 7 ? j - i : 7), l->rest + i);
			if (j - i > 6 || parse_long(num, r->min_bid, r->cards_each, &b) < 0)
				FAIL("line %d: bid '%.*s' is not a number from %d to %d", l->lineno,
				     (int)(j - i), l->rest + i, r->min_bid, r->cards_each);
			if (n < MAX_SEATS)
				su->bids[n] = (int8_t)b;
			n++;
		}
		i = j + 1;
	}
	if (n != r->players)
		FAIL("line %d: 'bids' needs %d numbers (one per player), got %d", l->lineno,
		     r->players, n);
	su->has_bids = 1;
	return 0;
}

/* The setup lines of hand h: rest random, contract, trump, declare, leader, bids. */
static int parse_setup(const struct line *l, int h, char *err, size_t errlen)
{
	static const char *const kws[] = { "rest", "contract", "trump", "declare", "leader",
					   "bids" };
	struct hand_text *ht = l->ht;
	int *seen[] = { &ht->rest_line, &ht->contract_line, &ht->trump_line, &ht->declare_line,
			&ht->leader_line, &ht->bids_line };
	struct deal_setup *su = &l->d->setup[h];
	size_t k = 0;

	while (!is_kw(l, kws[k]))
		k++;
	if (*seen[k])
		FAIL("line %d: '%s' given twice in hand %d", l->lineno, kws[k], h + 1);
	*seen[k] = l->lineno;
	if (k == 0) {
		if (l->rlen != 6 || strncmp(l->rest, "random", 6))
			FAIL("line %d: 'rest' takes the word 'random' (the cards not placed are "
			     "dealt from the seed)", l->lineno);
		l->d->rest_random[h] = 1;
		return 0;
	}
	if (k == 1)
		return parse_contract(l, su, err, errlen);
	if (k == 5)
		return parse_bids(l, su, err, errlen);
	return parse_after_contract(l, su, err, errlen);
}

/* "script SEAT MOVE, MOVE, ...": moves for a scripted player (several lines add up). */
static int parse_script(const struct line *l, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	struct deal *d = l->d;
	size_t nl, i;
	int seat = read_seat(l->rest, l->rlen, r->players - 1, &nl), n;
	char bad[80];

	if (seat < 0)
		FAIL("line %d: '%.*s' is not a player seat (0 to %d)", l->lineno, (int)nl, l->rest,
		     r->players - 1);
	for (i = nl; i < l->rlen && (l->rest[i] == ' ' || l->rest[i] == '\t'); i++)
		;
	if (i == l->rlen)
		FAIL("line %d: 'script %d' needs moves, separated by commas", l->lineno, seat);
	n = move_list_parse(l->rest + i, l->rlen - i, d->script[seat] + d->nscript[seat],
			    DEAL_MAX_SCRIPT - d->nscript[seat], bad, sizeof(bad));
	if (n < 0 && !strncmp(bad, "more", 4))
		FAIL("line %d: more than %d moves for seat %d", l->lineno, DEAL_MAX_SCRIPT, seat);
	if (n < 0)
		FAIL("line %d: %s", l->lineno, bad);
	d->nscript[seat] += n;
	return 0;
}

/* Starts hand number d->nhands + 1 (at its "hand" line, or the first line of the first). */
static void open_hand(struct deal *d, struct hand_text *ht, int lineno)
{
	memset(ht, 0, sizeof(*ht));
	ht->line = lineno;
	memset(d->deck[d->nhands], CARD_NONE, sizeof(d->deck[0]));
	d->nhands++;
}

static int is_setup_kw(const struct line *l)
{
	return is_kw(l, "rest") || is_kw(l, "contract") || is_kw(l, "trump") ||
	       is_kw(l, "declare") || is_kw(l, "leader") || is_kw(l, "bids");
}

static int parse_line(const char *s, size_t len, int lineno, const struct rules *r,
		      struct deal *d, struct hand_text *ht, char *err, size_t errlen)
{
	struct line l = { s, 0, NULL, 0, lineno, r, d, ht };

	while (l.kwlen < len && s[l.kwlen] != ' ' && s[l.kwlen] != '\t')
		l.kwlen++;
	l.rest = s + l.kwlen;
	l.rlen = len - l.kwlen;
	while (l.rlen && (*l.rest == ' ' || *l.rest == '\t'))
		l.rest++, l.rlen--;
	if (is_kw(&l, "variant")) {
		if (l.rlen != strlen(variant_name(r->variant)) ||
		    strncmp(l.rest, variant_name(r->variant), l.rlen))
			FAIL("line %d: deal is for '%.*s', the game is %s", lineno, (int)l.rlen, l.rest,
			     variant_name(r->variant));
		return 0;
	}
	if (is_kw(&l, "dealer") || is_kw(&l, "scores"))
		return parse_numbers(&l, err, errlen);
	if (is_kw(&l, "script"))
		return parse_script(&l, err, errlen);
	if (is_kw(&l, "hand")) {
		if (l.rlen)
			FAIL("line %d: 'hand' takes nothing after it", lineno);
		if (d->nhands && close_hand(r, d, ht, err, errlen) < 0)
			return -1;
		if (d->nhands == DEAL_MAX_HANDS)
			FAIL("line %d: more than %d hands", lineno, DEAL_MAX_HANDS);
		open_hand(d, ht, lineno);
		return 0;
	}
	/* the first hand needs no "hand" line */
	if (!d->nhands)
		open_hand(d, ht, lineno);
	if (is_kw(&l, "seat"))
		return parse_seat(&l, d->nhands - 1, err, errlen);
	if (is_kw(&l, "kitty") || is_kw(&l, "burn") || is_kw(&l, "calling"))
		return parse_extra(&l, d->nhands - 1, err, errlen);
	if (is_setup_kw(&l))
		return parse_setup(&l, d->nhands - 1, err, errlen);
	FAIL("line %d: unknown keyword '%.*s' (expected variant, dealer, scores, script, hand, "
	     "seat, kitty, burn, calling, rest, contract, trump, declare, leader or bids)", lineno,
	     (int)l.kwlen, s);
}

int deal_parse(const char *text, size_t len, const struct rules *r, struct deal *d,
	       char *err, size_t errlen)
{
	struct hand_text ht;
	size_t i = 0;
	int lineno = 0;

	memset(d, 0, sizeof(*d));
	memset(&ht, 0, sizeof(ht));
	while (i < len) {
		size_t j = i, e;

		while (j < len && text[j] != '\n')
			j++;
		e = j;
		lineno++;
		/* strip a comment, a trailing CR and surrounding blanks */
		for (size_t k = i; k < e; k++)
			if (text[k] == '#')
				e = k;
		while (e > i && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r'))
			e--;
		while (i < e && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (e > i && parse_line(text + i, e - i, lineno, r, d, &ht, err, errlen) < 0)
			return -1;
		i = j + 1;
	}
	if (!d->nhands)
		FAIL("no hands in the deal");
	if (close_hand(r, d, &ht, err, errlen) < 0)
		return -1;
	if (game_check_deal(r, d, err, errlen) < 0)
		return -1;
	return (int)len;
}
