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

uint8_t card_eff_suit[NTRUMPS][CARD_ROW];
uint8_t card_power[NTRUMPS][CARD_ROW];
uint32_t suit_mask[NTRUMPS][NSUITS + 1];
uint8_t card_trick_key[NTRUMPS][NSUITS + 1][CARD_ROW];
uint32_t card_follow_mask[NTRUMPS][CARD_ROW];

const struct token card_tokens[NCARDS + 1] = {
#define SUIT_TOKENS(s)                                                                    \
	TOKEN_INIT("8" s), TOKEN_INIT("9" s), TOKEN_INIT("10" s), TOKEN_INIT("J" s),      \
	TOKEN_INIT("Q" s), TOKEN_INIT("K" s), TOKEN_INIT("A" s)
	SUIT_TOKENS("C"), SUIT_TOKENS("D"), SUIT_TOKENS("H"), SUIT_TOKENS("S"),
#undef SUIT_TOKENS
	TOKEN_INIT("JOKER"), TOKEN_INIT("BENNY"), TOKEN_INIT("CHARLIE"),
	TOKEN_INIT("?"),
};

const struct token trump_tokens[NTRUMPS + 1] = {
	TOKEN_INIT("C"), TOKEN_INIT("D"), TOKEN_INIT("H"), TOKEN_INIT("S"),
	TOKEN_INIT("high"), TOKEN_INIT("low"), TOKEN_INIT("none"),
	TOKEN_INIT("?"),
};

/*
 * The rank and the suit of a card token's first and last character, plus
 * one (0: none), for either case: what toupper() and a search of "89TJQKA"
 * and "CDHS" found before, in the C locale the programs never leave.
 */
static const uint8_t rank_code[256] = {
	['8'] = RANK_8 + 1, ['9'] = RANK_9 + 1,
	['T'] = RANK_10 + 1, ['t'] = RANK_10 + 1,
	['J'] = RANK_J + 1, ['j'] = RANK_J + 1,
	['Q'] = RANK_Q + 1, ['q'] = RANK_Q + 1,
	['K'] = RANK_K + 1, ['k'] = RANK_K + 1,
	['A'] = RANK_A + 1, ['a'] = RANK_A + 1,
};
static const uint8_t suit_code[256] = {
	['C'] = SUIT_C + 1, ['c'] = SUIT_C + 1,
	['D'] = SUIT_D + 1, ['d'] = SUIT_D + 1,
	['H'] = SUIT_H + 1, ['h'] = SUIT_H + 1,
	['S'] = SUIT_S + 1, ['s'] = SUIT_S + 1,
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

/* mask_nth()'s last step: nibble k of entry v is where v's k-th set bit lies. */
const uint32_t mask_byte_nth[256] = {
	0x00000000, 0x00000000, 0x00000001, 0x00000010, 0x00000002, 0x00000020, 0x00000021, 0x00000210,
	0x00000003, 0x00000030, 0x00000031, 0x00000310, 0x00000032, 0x00000320, 0x00000321, 0x00003210,
	0x00000004, 0x00000040, 0x00000041, 0x00000410, 0x00000042, 0x00000420, 0x00000421, 0x00004210,
	0x00000043, 0x00000430, 0x00000431, 0x00004310, 0x00000432, 0x00004320, 0x00004321, 0x00043210,
	0x00000005, 0x00000050, 0x00000051, 0x00000510, 0x00000052, 0x00000520, 0x00000521, 0x00005210,
	0x00000053, 0x00000530, 0x00000531, 0x00005310, 0x00000532, 0x00005320, 0x00005321, 0x00053210,
	0x00000054, 0x00000540, 0x00000541, 0x00005410, 0x00000542, 0x00005420, 0x00005421, 0x00054210,
	0x00000543, 0x00005430, 0x00005431, 0x00054310, 0x00005432, 0x00054320, 0x00054321, 0x00543210,
	0x00000006, 0x00000060, 0x00000061, 0x00000610, 0x00000062, 0x00000620, 0x00000621, 0x00006210,
	0x00000063, 0x00000630, 0x00000631, 0x00006310, 0x00000632, 0x00006320, 0x00006321, 0x00063210,
	0x00000064, 0x00000640, 0x00000641, 0x00006410, 0x00000642, 0x00006420, 0x00006421, 0x00064210,
	0x00000643, 0x00006430, 0x00006431, 0x00064310, 0x00006432, 0x00064320, 0x00064321, 0x00643210,
	0x00000065, 0x00000650, 0x00000651, 0x00006510, 0x00000652, 0x00006520, 0x00006521, 0x00065210,
	0x00000653, 0x00006530, 0x00006531, 0x00065310, 0x00006532, 0x00065320, 0x00065321, 0x00653210,
	0x00000654, 0x00006540, 0x00006541, 0x00065410, 0x00006542, 0x00065420, 0x00065421, 0x00654210,
	0x00006543, 0x00065430, 0x00065431, 0x00654310, 0x00065432, 0x00654320, 0x00654321, 0x06543210,
	0x00000007, 0x00000070, 0x00000071, 0x00000710, 0x00000072, 0x00000720, 0x00000721, 0x00007210,
	0x00000073, 0x00000730, 0x00000731, 0x00007310, 0x00000732, 0x00007320, 0x00007321, 0x00073210,
	0x00000074, 0x00000740, 0x00000741, 0x00007410, 0x00000742, 0x00007420, 0x00007421, 0x00074210,
	0x00000743, 0x00007430, 0x00007431, 0x00074310, 0x00007432, 0x00074320, 0x00074321, 0x00743210,
	0x00000075, 0x00000750, 0x00000751, 0x00007510, 0x00000752, 0x00007520, 0x00007521, 0x00075210,
	0x00000753, 0x00007530, 0x00007531, 0x00075310, 0x00007532, 0x00075320, 0x00075321, 0x00753210,
	0x00000754, 0x00007540, 0x00007541, 0x00075410, 0x00007542, 0x00075420, 0x00075421, 0x00754210,
	0x00007543, 0x00075430, 0x00075431, 0x00754310, 0x00075432, 0x00754320, 0x00754321, 0x07543210,
	0x00000076, 0x00000760, 0x00000761, 0x00007610, 0x00000762, 0x00007620, 0x00007621, 0x00076210,
	0x00000763, 0x00007630, 0x00007631, 0x00076310, 0x00007632, 0x00076320, 0x00076321, 0x00763210,
	0x00000764, 0x00007640, 0x00007641, 0x00076410, 0x00007642, 0x00076420, 0x00076421, 0x00764210,
	0x00007643, 0x00076430, 0x00076431, 0x00764310, 0x00076432, 0x00764320, 0x00764321, 0x07643210,
	0x00000765, 0x00007650, 0x00007651, 0x00076510, 0x00007652, 0x00076520, 0x00076521, 0x00765210,
	0x00007653, 0x00076530, 0x00076531, 0x00765310, 0x00076532, 0x00765320, 0x00765321, 0x07653210,
	0x00007654, 0x00076540, 0x00076541, 0x00765410, 0x00076542, 0x00765420, 0x00765421, 0x07654210,
	0x00076543, 0x00765430, 0x00765431, 0x07654310, 0x00765432, 0x07654320, 0x07654321, 0x76543210,
};

/* Set bits of each byte value, for mask_places(). */
#define COUNT2(n) n, n + 1, n + 1, n + 2
#define COUNT4(n) COUNT2(n), COUNT2(n + 1), COUNT2(n + 1), COUNT2(n + 2)
#define COUNT6(n) COUNT4(n), COUNT4(n + 1), COUNT4(n + 1), COUNT4(n + 2)
const uint8_t mask_byte_count[256] = { COUNT6(0), COUNT6(1), COUNT6(1), COUNT6(2) };

uint64_t mask_byte_places[4][256];

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
	for (int k = 0; k < 4; k++) {
		for (int b = 0; b < 256; b++) {
			uint64_t p = 0;
			int n = 0;

			for (int bit = 0; bit < 8; bit++)
				if (b & (1 << bit))
					p |= (uint64_t)(8 * k + bit) << (5 * n++);
			mask_byte_places[k][b] = p;
		}
	}
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
		for (card_t c = 0; c < NCARDS; c++)
			card_follow_mask[t][c] = suit_mask[t][card_eff_suit[t][c]];
	}
	atomic_store_explicit(&tables_ready, 1, memory_order_release);
}

/* Length of the token starting at s: up to the first space or len. */
static size_t token_len(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && s[n] != ' ')
		n++;
	return n;
}

/*
 * 1 if s[0..n) is token t in either case. Every letter of a token is a
 * letter, and only a letter and its other case are the same with bit 0x20
 * set (strncasecmp() in the C locale).
 */
static int token_is(const char *s, size_t n, const struct token *t)
{
	if (n != t->len)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((s[i] | 0x20) != (t->text[i] | 0x20))
			return 0;
	return 1;
}

int card_parse(const char *s, size_t len, card_t *out)
{
	size_t n = token_len(s, len);
	int rank, suit;

	switch (n) {
	case 2:
		rank = rank_code[(unsigned char)s[0]];
		break;
	case 3:
		rank = s[0] == '1' && s[1] == '0' ? RANK_10 + 1 : 0;
		break;
	case 5:
	case 7:
		for (card_t c = CARD_JOKER; c < NCARDS; c++) {
			if (token_is(s, n, &card_tokens[c])) {
				*out = c;
				return (int)n;
			}
		}
		return -1;
	default:
		return -1;
	}
	suit = suit_code[(unsigned char)s[n - 1]];
	if (!rank || !suit)
		return -1;
	*out = CARD(suit - 1, rank - 1);
	return (int)n;
}

int trump_parse(const char *s, size_t len, int *out)
{
	size_t n = token_len(s, len);

	for (int t = 0; t < NTRUMPS; t++) {
		if (token_is(s, n, &trump_tokens[t])) {
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
	/* no snprintf or strlen per card: this is on the protocol's hot path (view_hand()) */
	for (uint32_t b = h->one; b; b &= b - 1) {
		card_t c = mask_first(b);
		const char *name = card_tokens[c].text;
		size_t n = card_tokens[c].len;

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
