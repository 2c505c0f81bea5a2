/*
 * deal.c - parser for the explicit-deal text format (see deal.h).
 *
 * The parser lays each hand out the way the engine deals a shuffled deck
 * (seat 0's cards first, then seat 1's, ..., then the kitty or the burn
 * card, the calling card and the stock), so an explicit deal and a seeded
 * deal go through the same code in the engine.
 */
#include "deal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hand_text {
	int seen_seat[MAX_SEATS];
	int seen_kitty, seen_burn, seen_calling;
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

/* Checks the hand being closed has every part; fills flip's stock. */
static int close_hand(const struct rules *r, struct deal *d, struct hand_text *ht,
		      char *err, size_t errlen)
{
	int h = d->nhands - 1, k = r->cards_each, pos = r->seats * k;
	int have[NCARDS] = { 0 }, full[NCARDS] = { 0 };

	for (int s = 0; s < r->seats; s++)
		if (!ht->seen_seat[s])
			FAIL("line %d: hand %d has no 'seat %d' line", ht->line, h + 1, s);
	if (r->variant == VAR_FIVEHAND && !ht->seen_kitty)
		FAIL("line %d: hand %d has no 'kitty' line", ht->line, h + 1);
	if (r->variant != VAR_FLIP)
		return 0;
	if (!ht->seen_burn || !ht->seen_calling)
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

/* "seat N CARDS" in hand h. */
static int parse_seat(const struct line *l, int h, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	card_t cards[MAX_DECK];
	char bad[32], num[8];
	size_t nl = 0;
	long seat;
	int n;

	while (nl < l->rlen && l->rest[nl] != ' ' && l->rest[nl] != '\t')
		nl++;
	snprintf(num, sizeof(num), "%.*s", (int)(nl < 7 ? nl : 7), l->rest);
	if (nl > 6 || parse_long(num, 0, r->seats - 1, &seat) < 0)
		FAIL("line %d: '%.*s' is not a seat (0 to %d)", l->lineno, (int)nl, l->rest,
		     r->seats - 1);
	if (l->ht->seen_seat[seat]++)
		FAIL("line %d: seat %ld given twice in hand %d", l->lineno, seat, h + 1);
	n = parse_cards(l->rest + nl, l->rlen - nl, cards, MAX_DECK, bad, sizeof(bad));
	if (n < 0)
		FAIL("line %d: '%s' is not a card", l->lineno, bad);
	if (n != r->cards_each)
		FAIL("line %d: seat %ld has %d cards, %s deals %d", l->lineno, seat, n,
		     variant_name(r->variant), r->cards_each);
	memcpy(l->d->deck[h] + seat * r->cards_each, cards, (size_t)n);
	return 0;
}

/* "kitty CARDS" (five-hand), "burn CARD" and "calling CARD" (flip) in hand h. */
static int parse_extra(const struct line *l, int h, char *err, size_t errlen)
{
	const struct rules *r = l->r;
	int kitty = is_kw(l, "kitty"), want = kitty ? 4 : 1, n;
	int pos = r->seats * r->cards_each + (is_kw(l, "calling") ? 1 : 0);
	int *seen = kitty ? &l->ht->seen_kitty : is_kw(l, "burn") ? &l->ht->seen_burn
							       : &l->ht->seen_calling;
	card_t cards[MAX_DECK];
	char bad[32];

	if ((kitty && r->variant != VAR_FIVEHAND) || (!kitty && r->variant != VAR_FLIP))
		FAIL("line %d: %s has no '%.*s'", l->lineno, variant_name(r->variant), (int)l->kwlen,
		     l->kw);
	if ((*seen)++)
		FAIL("line %d: '%.*s' given twice in hand %d", l->lineno, (int)l->kwlen, l->kw, h + 1);
	n = parse_cards(l->rest, l->rlen, cards, MAX_DECK, bad, sizeof(bad));
	if (n < 0)
		FAIL("line %d: '%s' is not a card", l->lineno, bad);
	if (n != want)
		FAIL("line %d: '%.*s' takes %d card%s, got %d", l->lineno, (int)l->kwlen, l->kw, want,
		     want > 1 ? "s" : "", n);
	memcpy(l->d->deck[h] + pos, cards, (size_t)n);
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
	FAIL("line %d: unknown keyword '%.*s' (expected variant, dealer, scores, hand, seat, "
	     "kitty, burn or calling)", lineno, (int)l.kwlen, s);
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
