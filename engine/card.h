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
 * A mask counted by bytes, for picking its n-th set bit: the mask, the
 * set bits below each byte (below[0] is 0) and its count. Made from the
 * mask alone, so a caller that draws n from the count can have it made
 * while it draws.
 */
struct mask_bytes {
	uint32_t mask;
	int below[4];
	int count;
};

extern const uint32_t mask_byte_nth[256];
extern const uint8_t mask_byte_count[256];

static inline struct mask_bytes mask_bytes_of(uint32_t m)
{
	struct mask_bytes mb;

	mb.mask = m;
	mb.below[0] = 0;
	mb.below[1] = mask_byte_count[m & 0xff];
	mb.below[2] = mb.below[1] + mask_byte_count[(m >> 8) & 0xff];
	mb.below[3] = mb.below[2] + mask_byte_count[(m >> 16) & 0xff];
	mb.count = mb.below[3] + mask_byte_count[m >> 24];
	return mb;
}

/*
 * The n-th (0-based) set bit of the mask of mb, which must have more
 * than n bits. @random asks it with a random n, so it takes no branch (a
 * loop's exit or an if would be mispredicted about once a move): the
 * byte holding the bit is the number of bytes above the first with bits
 * at most n below them, and the byte's entry of mask_byte_nth (nibble k
 * is where the byte's k-th set bit lies), less the bits below it, says
 * where the bit lies. Only these few steps wait for n; the counting, on
 * the path from a player's hand to its card, does not.
 */
static inline card_t mask_bytes_nth(const struct mask_bytes *mb, int n)
{
	int k = (n >= mb->below[1]) + (n >= mb->below[2]) + (n >= mb->below[3]);
	uint32_t nth = mask_byte_nth[(mb->mask >> (8 * k)) & 0xff];

	return (card_t)(8 * k + (int)((nth >> (4 * (n - mb->below[k]))) & 15));
}

/* The n-th (0-based) set bit of m, which must have more than n bits. */
static inline card_t mask_nth(uint32_t m, int n)
{
	struct mask_bytes mb = mask_bytes_of(m);

	return mask_bytes_nth(&mb, n);
}

/*
 * Token text. card_name() returns a static string ("10H", "JOKER") or "?"
 * for an invalid card. card_parse() reads one card token from s[0..len):
 * returns the characters consumed (the token must end at len or at a
 * space) or -1 when the text is not exactly one card.
 */
const char *card_name(card_t c);
int card_parse(const char *s, size_t len, card_t *out);

/* "C" "D" "H" "S" "high" "low" "none"; parse accepts the same (either case). */
const char *trump_name(int t);
int trump_parse(const char *s, size_t len, int *out);

/*
 * Writes the cards of a hand (ascending by suit then rank, jokers last,
 * twins repeated) separated by single spaces into buf; returns the length
 * snprintf would have written. An empty hand writes "-".
 */
int hand_format(const struct hand *h, char *buf, size_t len);

#endif
