/*
 * card.c - card tokens and the per-trump ranking tables.
 *
 * The tables are computed rather than written out so that the ranking
 * rules read as rules: the right bower, the left bower (the other jack of
 * the trump colour, which changes suit), the five-hand joker on top, and
 * low no-trump reversing the plain order.
 */
#include "card.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

uint8_t card_eff_suit[NTRUMPS][CARD_ROW];
uint8_t card_power[NTRUMPS][CARD_ROW];
uint32_t suit_mask[NTRUMPS][NSUITS + 1];
uint8_t card_trick_key[NTRUMPS][NSUITS + 1][CARD_ROW];

static const char *const card_names[NCARDS] = {
	"8C", "9C", "10C", "JC", "QC", "KC", "AC",
	"8D", "9D", "10D", "JD", "QD", "KD", "AD",
	"8H", "9H", "10H", "JH", "QH", "KH", "AH",
	"8S", "9S", "10S", "JS", "QS", "KS", "AS",
	"JOKER", "BENNY", "CHARLIE",
};

static const char *const trump_names[NTRUMPS] = {
	"C", "D", "H", "S", "high", "low", "none",
};

/* The suit of the same colour: clubs/spades, diamonds/hearts. */
static int same_colour(int s)
{
	switch (s) {
	case SUIT_C: return SUIT_S;
	case SUIT_S: return SUIT_C;
	case SUIT_D: return SUIT_H;
	default: return SUIT_D;
	}
}

/* Plain-suit strength, 8 weakest (1) to ace (7); low no-trump reverses. */
static int plain_power(int t, int rank)
{
	if (t == TRUMP_LOW)
		return NRANKS - rank; /* A=1 ... 9=6, 8=7 (no 8s in low games) */
	return rank + 1;
}

/* Strength inside the trump suit: 8 9 10 Q K A left right joker. */
static int trump_power(int rank)
{
	static const int order[NRANKS] = { 1, 2, 3, 0, 4, 5, 6 };
	return order[rank];
}

/*
 * Filled once: game_init() calls this for every game, and a run of short
 * games must not pay for the tables each time. The flag is set after the
 * tables (release) and read before them (acquire); two threads that both
 * find it clear write the same bytes.
 */
static atomic_int tables_ready;

void card_tables_init(void)
{
	if (atomic_load_explicit(&tables_ready, memory_order_acquire))
		return;
	for (int t = 0; t < NTRUMPS; t++) {
		memset(suit_mask[t], 0, sizeof(suit_mask[t]));
		for (card_t c = 0; c < NCARDS; c++) {
			int s = card_suit(c), r = card_rank(c), eff = s, pw;

			if (card_is_joker(c)) {
				/* the five-hand joker is the top trump */
				if (c == CARD_JOKER && trump_is_suit(t)) {
					eff = t;
					pw = TRUMP_POWER + 9;
				} else {
					eff = SUIT_NONE;
					pw = 0;
				}
			} else if (trump_is_suit(t) && r == RANK_J && s == t) {
				pw = TRUMP_POWER + 8; /* right bower */
			} else if (trump_is_suit(t) && r == RANK_J && s == same_colour(t)) {
				eff = t;
				pw = TRUMP_POWER + 7; /* left bower */
			} else if (trump_is_suit(t) && s == t) {
				pw = TRUMP_POWER + trump_power(r);
			} else {
				pw = plain_power(t, r);
			}
			card_eff_suit[t][c] = (uint8_t)eff;
			card_power[t][c] = (uint8_t)pw;
			suit_mask[t][eff] |= CARD_BIT(c);
		}
		for (int led = 0; led <= NSUITS; led++)
			for (card_t c = 0; c < NCARDS; c++)
				card_trick_key[t][led][c] =
					card_is_joker(c) && c != CARD_JOKER ? 0 :
					card_is_trump(t, c) || card_eff_suit[t][c] == led ? card_power[t][c] : 0;
	}
	atomic_store_explicit(&tables_ready, 1, memory_order_release);
}

const char *card_name(card_t c)
{
	return c < NCARDS ? card_names[c] : "?";
}

/* Length of the token starting at s: up to the first space or len. */
static size_t token_len(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && s[n] != ' ')
		n++;
	return n;
}

int card_parse(const char *s, size_t len, card_t *out)
{
	static const char ranks[] = "89TJQKA";
	static const char suits[] = "CDHS";
	size_t n = token_len(s, len);
	const char *p;
	int rank, suit;

	if (n == 5 && !strncasecmp(s, "JOKER", 5))
		*out = CARD_JOKER;
	else if (n == 5 && !strncasecmp(s, "BENNY", 5))
		*out = CARD_BENNY;
	else if (n == 7 && !strncasecmp(s, "CHARLIE", 7))
		*out = CARD_CHARLIE;
	else
		goto suited;
	return (int)n;

suited:
	if (n == 3 && s[0] == '1' && s[1] == '0')
		rank = RANK_10;
	else if (n == 2 && s[0] && (p = strchr(ranks, toupper((unsigned char)s[0]))))
		rank = (int)(p - ranks);
	else
		return -1;
	if (!s[n - 1] || !(p = strchr(suits, toupper((unsigned char)s[n - 1]))))
		return -1;
	suit = (int)(p - suits);
	*out = CARD(suit, rank);
	return (int)n;
}

const char *trump_name(int t)
{
	return t >= 0 && t < NTRUMPS ? trump_names[t] : "?";
}

int trump_parse(const char *s, size_t len, int *out)
{
	size_t n = token_len(s, len);

	for (int t = 0; t < NTRUMPS; t++) {
		if (strlen(trump_names[t]) == n && !strncasecmp(s, trump_names[t], n)) {
			*out = t;
			return (int)n;
		}
	}
	return -1;
}

int hand_format(const struct hand *h, char *buf, size_t len)
{
	size_t used = 0;

	if (!h->one)
		return snprintf(buf, len, "-");
	/* no snprintf per card: this is on the protocol's hot path */
	for (uint32_t b = h->one; b; b &= b - 1) {
		card_t c = mask_first(b);
		const char *name = card_name(c);
		size_t n = strlen(name);

		for (int k = hand_count_of(h, c); k > 0; k--) {
			if (used && used < len)
				buf[used] = ' ';
			used += used > 0;
			if (used < len)
				memcpy(buf + used, name, used + n < len ? n : len - used);
			used += n;
		}
	}
	if (len)
		buf[used < len ? used : len - 1] = '\0';
	return (int)used;
}
