/*
 * card.h - cards, trump modes and hands for every euchre-arena variant.
 *
 * A card is a small integer "kind": suit * 7 + rank for the suited cards
 * (8 through ace) plus three jokers. Double-deck variants hold two
 * identical copies of a kind, so a hand is two bit sets: the kinds held at
 * least once and the kinds held twice. Every question the rules ask of a
 * hand (which cards follow suit, which are trump) becomes a mask operation
 * against tables precomputed per trump mode, which is what makes self-play
 * fast enough to check millions of positions.
 *
 * Tokens: ranks 8 9 10 (or T) J Q K A, suits C D H S, so "10H", "TH", "JS";
 * the jokers are JOKER (five-hand), BENNY and CHARLIE (flip). Printing
 * always uses the canonical form ("10H"); parsing accepts either case.
 */
#ifndef CARD_H
#define CARD_H

#include <stddef.h>
#include <stdint.h>

enum suit { SUIT_C, SUIT_D, SUIT_H, SUIT_S, NSUITS, SUIT_NONE = NSUITS };
enum rank { RANK_8, RANK_9, RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A, NRANKS };

typedef uint8_t card_t;

#define CARD(s, r) ((card_t)((s) * NRANKS + (r)))
#define CARD_JOKER 28   /* five-hand: the best trump, always a trump */
#define CARD_BENNY 29   /* flip: high joker, wins the trick it is played to */
#define CARD_CHARLIE 30 /* flip: low joker, never wins, flips trump */
#define NCARDS 31
#define CARD_NONE 255

#define CARD_BIT(c) ((uint32_t)1 << (c))
#define MASK_FLIP_JOKERS (CARD_BIT(CARD_BENNY) | CARD_BIT(CARD_CHARLIE))

static inline int card_suit(card_t c) { return c < CARD_JOKER ? c / NRANKS : SUIT_NONE; }
static inline int card_rank(card_t c) { return c < CARD_JOKER ? c % NRANKS : -1; }
static inline int card_is_joker(card_t c) { return c >= CARD_JOKER && c < NCARDS; }

/*
 * Trump modes: a suit, high no-trump (ace high, no bowers), low no-trump
 * (nine high, ace low, no bowers), and "none", flip's state when a joker is
 * the calling card (ranks as high no-trump).
 */
enum trump { TRUMP_C, TRUMP_D, TRUMP_H, TRUMP_S, TRUMP_HIGH, TRUMP_LOW, TRUMP_NONE, NTRUMPS };

static inline int trump_is_suit(int t) { return t >= 0 && t < NSUITS; }

/*
 * Per-trump tables, filled once by card_tables_init() (idempotent, not
 * thread-hostile: every thread computes the same bytes).
 *  - card_eff_suit[t][c]: the suit a card belongs to under trump t (the
 *    left bower and the five-hand joker belong to the trump suit; flip
 *    jokers have SUIT_NONE).
 *  - card_power[t][c]: strength inside its effective suit, 1 = weakest;
 *    trump cards get TRUMP_POWER added so any trump beats any plain card.
 *  - suit_mask[t][s]: kinds whose effective suit under t is s.
 *  - card_trick_key[t][led][c]: what card c is worth in a trick led in
 *    suit led under t: its power when it is a trump or follows, else 0
 *    (and 0 for flip's jokers; Benny's win is the trick's rule, not a key).
 *    The highest key takes the trick, the first of equal keys.
 *  - card_follow_mask[t][c]: suit_mask[t] of card_eff_suit[t][c], the
 *    cards that follow c when it is led: one load where the trick's lead
 *    sets what the next seats may play, which they all wait for.
 */
#define TRUMP_POWER 64
/* NCARDS rounded up: the tables' rows by card are 32 long, so that an index is a shift */
#define CARD_ROW 32
extern uint8_t card_eff_suit[NTRUMPS][CARD_ROW];
extern uint8_t card_power[NTRUMPS][CARD_ROW];
extern uint32_t suit_mask[NTRUMPS][NSUITS + 1];
extern uint8_t card_trick_key[NTRUMPS][NSUITS + 1][CARD_ROW];
extern uint32_t card_follow_mask[NTRUMPS][CARD_ROW];
void card_tables_init(void);

/* 1 if card c is a trump under trump mode t (always 0 for no-trump modes). */
static inline int card_is_trump(int t, card_t c)
{
	return trump_is_suit(t) && card_eff_suit[t][c] == t;
}

/*
 * A hand: the kinds held at least once (one) and held twice (two). A
 * kind is never held three times. Plain data; copy freely.
 */
struct hand {
	uint32_t one, two;
};

/*
 * Set bits of a mask. __builtin_popcount() becomes a call into libgcc
 * when the target has no popcnt instruction (the default x86-64 build),
 * and it is on every move's path, so without one the bits are summed in
 * place.
 */
static inline int mask_count(uint32_t m)
{
#ifdef __POPCNT__
	return __builtin_popcount(m);
#else
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (int)((m * 0x01010101u) >> 24);
#endif
}

static inline int hand_count_of(const struct hand *h, card_t c)
{
	return !!(h->one & CARD_BIT(c)) + !!(h->two & CARD_BIT(c));
}
static inline int hand_size(const struct hand *h)
{
	return mask_count(h->one) + mask_count(h->two);
}
/*
 * Without a branch: a dealt hand's twins fall at random, and a branch
 * on them would be mispredicted about as often as it is taken.
 */
static inline void hand_add(struct hand *h, card_t c)
{
	h->two |= h->one & CARD_BIT(c);
	h->one |= CARD_BIT(c);
}
/*
 * The hand of n cards (no kind more than twice): a kind seen an even
 * number of times is a twin; fewer steps a card than hand_add().
 */
static inline struct hand hand_of(const card_t *c, int n)
{
	uint32_t any = 0, odd = 0;

	for (int i = 0; i < n; i++) {
		any |= CARD_BIT(c[i]);
		odd ^= CARD_BIT(c[i]);
	}
	return (struct hand){ any, any & ~odd };
}
/* Removes one copy; returns -1 if the hand holds none. */
static inline int hand_remove(struct hand *h, card_t c)
{
	if (h->two & CARD_BIT(c))
		h->two &= ~CARD_BIT(c);
	else if (h->one & CARD_BIT(c))
		h->one &= ~CARD_BIT(c);
	else
		return -1;
	return 0;
}

/*
 * Removes one copy of a card the hand holds, without a branch (which copy
 * goes is a coin toss to a predictor): the second copy if there is one.
 */
static inline void hand_take(struct hand *h, card_t c)
{
	uint32_t twin = h->two & CARD_BIT(c);

	h->two ^= twin;
	h->one ^= CARD_BIT(c) ^ twin;
}

/* Lowest set bit of a nonzero mask as a card; CARD_NONE for 0. */
static inline card_t mask_first(uint32_t m)
{
	return m ? (card_t)__builtin_ctz(m) : CARD_NONE;
}
/*
 * Bytes of w (byte sums, each below 128) at most n, as the high bit of
 * each byte; ones and highs hold 1 and 0x80 in every byte of w's width.
 */
#define MASK_BYTES_AT_MOST(w, n, ones, highs) (((((n) * (ones)) | (highs)) - (w)) & (highs))

/*
 * The n-th (0-based) set bit of m, which must have more than n bits.
 * @random asks it with a random n, so it takes no branch (a loop's exit
 * would be mispredicted about once a move). The byte holding the bit is
 * found from the running bit counts of m's bytes (its place is how many
 * running counts are at most n), then the bit in that byte from a table.
 */
extern const uint32_t mask_byte_nth[256];
static inline card_t mask_nth(uint32_t m, int n)
{
	uint32_t b = m - ((m >> 1) & 0x55555555u), run, at;
	uint64_t byte, rest;
	int shift;

	b = (b & 0x33333333u) + ((b >> 2) & 0x33333333u);
	b = (b + (b >> 4)) & 0x0f0f0f0fu;
	run = b * 0x01010101u; /* byte k: the bits of bytes 0 to k */
	at = MASK_BYTES_AT_MOST(run, (uint32_t)n, 0x01010101u, 0x80808080u);
	shift = (int)(((at >> 7) * 0x01010101u) >> 24) * 8;
	byte = (m >> shift) & 0xff;
	rest = (uint64_t)n - (((run << 8) >> shift) & 0xff); /* less the bits below the byte */
	return (card_t)(shift + (int)((mask_byte_nth[byte] >> (rest * 4)) & 15));
}

/*
 * The places of the set bits of a mask of at most MASK_PLACES_MAX bits,
 * lowest first, 5 bits each: (mask_places(m, &n) >> 5 * i) & 31 is the
 * i-th set bit, the same as mask_nth(m, i). @random draws i from the
 * count, so the places are made while it draws, from the mask alone, and
 * once i is drawn its card is a shift away where mask_nth() has a dozen
 * steps to go. The count (set in *count for any mask) is summed from a
 * table of the bytes', which waits less than mask_count(). Byte k of the
 * mask with value b has its places in mask_byte_places[k][b] (filled by
 * card_tables_init()), shifted past the places of the bytes below it; the
 * shift is cut to 63 for a mask with more bits than fit, whose places are
 * then not to be read.
 */
#define MASK_PLACES_MAX 12
extern const uint8_t mask_byte_count[256];
extern uint64_t mask_byte_places[4][256];

static inline uint64_t mask_places(uint32_t m, int *count)
{
	uint32_t b0 = m & 0xff, b1 = (m >> 8) & 0xff, b2 = (m >> 16) & 0xff, b3 = m >> 24;
	int below1 = mask_byte_count[b0];
	int below2 = below1 + mask_byte_count[b1];
	int below3 = below2 + mask_byte_count[b2];

	*count = below3 + mask_byte_count[b3];
	return mask_byte_places[0][b0] | mask_byte_places[1][b1] << ((5 * below1) & 63) |
	       mask_byte_places[2][b2] << ((5 * below2) & 63) |
	       mask_byte_places[3][b3] << ((5 * below3) & 63);
}

/*
 * A token's text for printers on the protocol's hot path: the name with
 * NULs after it to fill 8 bytes, and its length (at most 7), so that
 * appending it is one fixed-size copy and needs no strlen().
 */
#define TOKEN_ROOM 8
struct token {
	char text[TOKEN_ROOM];
	uint8_t len;
};
/*
 * The initializer of a token from a string literal of at most 7
 * characters; a longer one (which would lose its NUL) does not compile.
 */
#define TOKEN_INIT(s) { s, sizeof(s) - 1 + 0 * sizeof(char[sizeof(s) <= TOKEN_ROOM ? 1 : -1]) }

/*
 * Every card's token, then "?" at index NCARDS; every trump mode's, then
 * "?" at index NTRUMPS. card_token() and trump_token() pick the "?" for
 * anything out of range, as card_name() and trump_name() do.
 */
extern const struct token card_tokens[NCARDS + 1];
extern const struct token trump_tokens[NTRUMPS + 1];

static inline const struct token *card_token(card_t c)
{
	return &card_tokens[c < NCARDS ? c : NCARDS];
}
static inline const struct token *trump_token(int t)
{
	return &trump_tokens[t >= 0 && t < NTRUMPS ? t : NTRUMPS];
}

/*
 * Token text. card_name() returns a static string ("10H", "JOKER") or "?"
 * for an invalid card. card_parse() reads one card token from s[0..len):
 * returns the characters consumed (the token must end at len or at a
 * space) or -1 when the text is not exactly one card.
 */
static inline const char *card_name(card_t c)
{
	return card_token(c)->text;
}
int card_parse(const char *s, size_t len, card_t *out);

/* "C" "D" "H" "S" "high" "low" "none"; parse accepts the same (either case). */
static inline const char *trump_name(int t)
{
	return trump_token(t)->text;
}
int trump_parse(const char *s, size_t len, int *out);

/*
 * Writes the cards of a hand (ascending by suit then rank, jokers last,
 * twins repeated) separated by single spaces into buf; returns the length
 * snprintf would have written. An empty hand writes "-".
 */
int hand_format(const struct hand *h, char *buf, size_t len);

#endif
