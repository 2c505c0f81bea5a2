/*
 * game.h - the rules engine: one game of any variant, as a pure state
 * machine.
 *
 * The engine does no I/O, reads no clock and keeps no global state: a
 * struct game holds everything, including the random generator that deals
 * the next hand, so a game can be copied with '=' and replayed exactly.
 * The caller loops:
 *
 *	game_init(&g, &rules, seed, NULL);
 *	while (!game_over(&g)) {
 *		if (game_hand_over(&g)) { game_next_hand(&g); continue; }
 *		n = game_legal(&g, moves);          // for game_to_move(&g)
 *		game_apply(&g, &moves[pick], err, sizeof(err));
 *	}
 *
 * Every hand keeps an event list (g.ev, g.nev) with full information;
 * view.c renders it for one seat, hiding what that seat may not know.
 * Between hands the caller may read the finished hand's events before
 * game_next_hand() clears them.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "rng.h"
#include "rules.h"

/* The kinds of decision a seat can be asked for. */
enum decision {
	DEC_NONE,    /* nobody is to move: the hand or the game is over */
	DEC_BID,     /* an auction turn (five-hand: order up / call a suit) */
	DEC_TRUMP,   /* name trump after winning the auction (hammerwalt) */
	DEC_DECLARE, /* five-hand: take the partner or go alone */
	DEC_GIVE,    /* pass one card to another seat */
	DEC_DISCARD, /* discard one card face down */
	DEC_PLAY,    /* play one card to the trick */
};
const char *decision_name(enum decision d);
/* decision_name() as a token (card.h): every request starts with one. */
const struct token *decision_token(enum decision d);

enum move_type {
	MOVE_PASS,    /* "pass" */
	MOVE_BID,     /* "7" (hammerwalt, flip) or "7 H" / "7 high" (indiana, bloomington) */
	MOVE_ALONE,   /* "alone": hammerwalt's top bid; five-hand's declaration */
	MOVE_MOON,    /* "moon H" (indiana) */
	MOVE_BEST,    /* "best H" (bloomington) */
	MOVE_TRUMP,   /* "H", "high", "low": name trump; five-hand round 2 */
	MOVE_ORDER,   /* "order", or "order H" when the joker is turned (five-hand) */
	MOVE_PARTNER, /* "partner" (five-hand) */
	MOVE_CARD,    /* "JH" to play, give or discard; "9H switch KS" (flip) */
};

/* A move is plain data; unused fields are -1 / CARD_NONE. */
struct move {
	int8_t type;  /* enum move_type */
	int8_t num;   /* MOVE_BID: the number of tricks */
	int8_t trump; /* the trump named by the move, or -1 */
	card_t card;  /* MOVE_CARD: the card */
	card_t swap;  /* MOVE_CARD in flip: the card laid as new calling card */
};

#define MAX_MOVES 128
#define MAX_EVENTS 384

static inline struct move move_make(int type, int num, int trump, card_t card, card_t swap)
{
	struct move m = { (int8_t)type, (int8_t)num, (int8_t)trump, card, swap };
	return m;
}
int move_equal(const struct move *a, const struct move *b);

enum event_type {
	EV_DEAL,     /* a new hand: seat = dealer; every seat sees its own cards */
	EV_TURNUP,   /* five-hand: card turned up from the kitty */
	EV_CALLING,  /* flip: the first calling card */
	EV_BID,      /* seat made move in the auction */
	EV_CONTRACT, /* auction over: seat is the bidder, move the winning bid */
	EV_TRUMP,    /* trump is now move.trump (named by seat, the bidder) */
	EV_DECLARE,  /* five-hand: seat declared move (partner / alone), to = partner or -1 */
	EV_PICKUP,   /* five-hand: the dealer (seat) takes the turned card */
	EV_GIVE,     /* seat gave card to seat 'to' (seen by both) */
	EV_DISCARD,  /* seat discarded card (seen by seat) */
	EV_SITOUT,   /* seat sits this hand out */
	EV_PLAY,     /* seat played card */
	EV_SWITCH,   /* flip: seat laid card as calling card, took card2 (old calling card) */
	EV_FLIP,     /* flip: a Charlie turned card up as calling card (card2 goes face down) */
	EV_TRICK,    /* seat won trick number to (1-based) */
	EV_REDEAL,   /* everyone passed: the hand is thrown in */
	EV_HAND_END, /* the hand is scored (see g.hand_points) */
	EV_GAME_END, /* the game is over (see g.ranks) */
};

struct event {
	uint8_t type;
	int8_t seat;
	int8_t to;
	card_t card;
	card_t card2;
	struct move move;
};

enum phase {
	PH_AUCTION,
	PH_TRUMP,
	PH_SCRIPT, /* a fixed sequence of gives, discards and declarations */
	PH_PLAY,
	PH_HAND_OVER,
	PH_GAME_OVER,
};

#define DEAL_MAX_HANDS 64
#define DEAL_MAX_SCRIPT 128

/*
 * A hand that starts past its auction (deal.h: contract, trump, declare,
 * bids, leader). All zero: the hand is bid as usual. The engine applies
 * it as the auction's end would be applied, so the same events follow
 * (contract, trump, the exchanges of the contract); only the bid events
 * are missing (flip: the given bids are announced as bid events).
 */
struct deal_setup {
	uint8_t has_contract;  /* bidder and contract below */
	uint8_t has_trump;     /* hammerwalt: trump named for the bidder */
	uint8_t has_declare;   /* five-hand: the bidder's declaration */
	uint8_t has_leader;    /* the first trick's leader replaces the rules' */
	uint8_t has_bids;      /* flip: every player's bid */
	int8_t bidder, trump, leader;
	struct move contract;  /* the winning bid, as the auction would make it */
	struct move declare;   /* MOVE_PARTNER or MOVE_ALONE */
	int8_t bids[MAX_SEATS];
};

/*
 * An explicit deal (see deal.h for its text form): decks laid out as the
 * engine deals them (deal.h says how), used for the first nhands hands;
 * later hands are dealt from the seed. A hand with rest_random set may
 * leave places empty (CARD_NONE): the engine fills them from the game's
 * generator with the cards not placed, shuffled, so the same seed gives
 * the same rest. Optional starting scores, first dealer, a setup per hand
 * and each seat's scripted moves (for a scripted player, builtin.h).
 */
struct deal {
	int dealer;
	int has_scores;
	int scores[MAX_SEATS]; /* by team in partnership games, else by player */
	int nhands;
	card_t deck[DEAL_MAX_HANDS][MAX_DECK];
	uint8_t rest_random[DEAL_MAX_HANDS];
	struct deal_setup setup[DEAL_MAX_HANDS];
	int nscript[MAX_SEATS];
	struct move script[MAX_SEATS][DEAL_MAX_SCRIPT];
};

/* One step of an exchange script: who does what (and to whom). */
struct step {
	uint8_t dec;
	int8_t seat, to;
};

struct game {
	struct rules rules;
	struct rng rng;
	const struct deal *deal; /* borrowed: must outlive the game; NULL for seeded deals */
	card_t deck[MAX_DECK];   /* the variant's deck in its fixed order, made once */

	/* across hands */
	int hand_no;             /* 1-based number of the current hand */
	int dealer;
	int score[MAX_SEATS];    /* per team in partnership games, else per player */
	int prev_score[MAX_SEATS];
	int euchred[MAX_SEATS];  /* flip: times each player was the hand's most negative */
	enum phase phase;
	int winners;             /* bit mask of winning players once over */
	int ranks[MAX_SEATS];    /* per player once over, 1 = best */

	/* this hand */
	int turn;                /* seat to act in auction, trump, script and play */
	struct hand hand[MAX_SEATS];
	struct hand dealt[MAX_SEATS];
	unsigned sitting_out;    /* bit per seat */
	int nactive;             /* seats that play this hand: the cards of a full trick */
	int bidder;              /* -1 until the auction ends */
	struct move contract;    /* the winning bid */
	int trump;
	int partner;             /* five-hand: the bidder's partner, -1 alone */

	/* auction */
	int high_bid, high_seat, passes, nturns;
	int seat_turns[MAX_SEATS];
	unsigned out;            /* indiana: seats that passed */
	int round;               /* five-hand: 1 or 2 */
	int bids[MAX_SEATS];     /* flip: each player's bid */

	/* script */
	struct step script[8];
	int nscript, script_pos;

	/* five-hand kitty; flip calling card, burn card, dead hand and stock */
	card_t kitty[4];          /* five-hand: the kitty as dealt, kitty[0] turned up */
	struct hand kitty_pile;   /* five-hand: what is still in the kitty */
	card_t calling, burn;     /* flip */
	card_t dead[MAX_HAND];    /* flip: the dead hand, top card first */
	int dead_pos;             /* flip: cards the dead hand has played */
	struct hand stock;        /* flip: cards not dealt */
	struct hand discarded;    /* every card discarded this hand */
	struct hand played;       /* every card played this hand, the trick included */

	/* play */
	int leader, trick_no, ntrick;
	card_t trick_card[MAX_SEATS];
	int8_t trick_seat[MAX_SEATS];
	int8_t next_active[MAX_SEATS]; /* the seat after each in the play (game_next_active) */
	/*
	 * All but flip, set as the trick is led: the led suit; its row of
	 * card_trick_key under the trump (a pointer into that process-wide
	 * table, filled once by card_tables_init(): a copy of the game in
	 * this process may share it, but the struct is not data to save or
	 * send); the mask of the cards that follow the led suit, 0 before
	 * the lead; and the card holding the trick as key * 256 + (15 - its
	 * place) * 16 + its seat: the largest holds, of equal keys the first,
	 * and the seat that takes the trick is read off it (the last card's
	 * key is waited for, and the next trick's leader with it).
	 */
	int trick_led;
	const uint8_t *trick_keys;
	uint32_t trick_follow;
	int trick_top;
	/*
	 * Flip: the card whose suit the trick follows (under the trump in
	 * force when asked, which a Charlie or a switch may change): the
	 * first card down that is not a joker; Benny when Benny led (no suit
	 * is followed), Charlie when a Charlie led and only jokers followed.
	 * Benny's and Charlie's suit is SUIT_NONE under every trump.
	 */
	card_t flip_led;
	int tricks[MAX_SEATS];

	/* result of the last scored hand, per seat */
	int hand_points[MAX_SEATS];

	/* last: game_init() leaves the events past nev unwritten */
	int nev;
	struct event ev[MAX_EVENTS];
};

/*
 * Starts a game and deals its first hand. rules must be finished
 * (rules_finish). deal may be NULL (every hand from the seed) or an
 * explicit deal that stays valid for the game's life; game_init checks
 * it fits the variant and returns -1 with a message otherwise.
 */
int game_init(struct game *g, const struct rules *rules, uint64_t seed,
	      const struct deal *deal, char *err, size_t len);

/* The seat to act, or -1 when the hand or game is over (inline: asked before every move). */
static inline int game_to_move(const struct game *g)
{
	switch (g->phase) {
	case PH_AUCTION:
	case PH_TRUMP:
	case PH_PLAY:
		return g->turn;
	case PH_SCRIPT:
		return g->script[g->script_pos].seat;
	default:
		return -1;
	}
}
enum decision game_decision(const struct game *g);
static inline int game_over(const struct game *g) { return g->phase == PH_GAME_OVER; }
static inline int game_hand_over(const struct game *g) { return g->phase == PH_HAND_OVER; }

/*
 * Fills moves (room for MAX_MOVES) with every legal move of the seat to
 * act, in a fixed order; returns the count (0 only when nobody is to act).
 */
int game_legal(const struct game *g, struct move *moves);

/*
 * game_legal_count() is the length of game_legal()'s list and
 * game_legal_nth() writes its i-th move (0-based; -1 when i is out of
 * range), both without making the whole list where its shape allows
 * (the indiana and bloomington auctions list up to 80 bids). A player
 * drawing one index over the count gets the move the list would give.
 */
int game_legal_count(const struct game *g);
int game_legal_nth(const struct game *g, int i, struct move *out);

/*
 * One of game_legal()'s moves, uniformly at random: one rng_below(r, n)
 * over the list's length n, and the move at the index drawn, without
 * making the list where its shape allows (@random's move). 0, or -1 when
 * nobody is to act, and then r is not drawn from.
 */
int game_legal_random(const struct game *g, struct rng *r, struct move *out);

/*
 * The draw game_legal_random() makes when the legal moves are the cards
 * of m (not empty): inline, for @random's common case.
 */
static inline void game_random_card(uint32_t m, struct rng *r, struct move *out)
{
	int n;
	uint64_t places = mask_places(m, &n);
	card_t c;

	_Static_assert(MASK_PLACES_MAX <= RNG_SMALL_MAX, "rng_below_small() takes every count listed");
	if (n <= MASK_PLACES_MAX)
		c = (card_t)((places >> (5 * rng_below_small(r, (uint32_t)n))) & 31);
	else
		c = mask_nth(m, (int)rng_below(r, (uint32_t)n));
	*out = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
}

/*
 * Applies the move of the seat to act. An illegal move changes nothing:
 * -1 with the reason in err ("you do not hold QH", "must follow H").
 */
int game_apply(struct game *g, const struct move *m, char *err, size_t len);

/* Clears the finished hand and deals the next one (hand over only). */
void game_next_hand(struct game *g);

/*
 * Per-player results: the score shown for each player (their team's in
 * partnership games) and the team score (-1 index means none).
 */
int game_seat_score(const struct game *g, int player);

/*
 * The next three are inline: a player asks one before every move, and
 * game_apply() asks the play mask again to check a play.
 */

/* game_play_mask() in flip, whose jokers follow no suit (the play only). */
uint32_t game_flip_play_mask(const struct game *g);

/* Mask of the cards the seat to act may play now (DEC_PLAY only; else 0). */
static inline uint32_t game_play_mask(const struct game *g)
{
	uint32_t one, follow;

	if (g->phase != PH_PLAY)
		return 0;
	if (g->rules.variant == VAR_FLIP)
		return game_flip_play_mask(g);
	/* before the lead nothing follows, so the whole hand may be played */
	one = g->hand[g->turn].one;
	follow = one & g->trick_follow;
	return follow ? follow : one;
}

/*
 * The cards of the seat to act when its legal moves are plain card plays
 * only: game_legal() would list one move per card of the mask, lowest
 * card first. 0 when no card is to be played, or when the list holds
 * more than that (flip's switches of the calling card: a player holding
 * Benny, or the calling card unless it is Charlie, may switch).
 */
static inline uint32_t game_plain_plays(const struct game *g)
{
	uint32_t m = game_play_mask(g), match = CARD_BIT(CARD_BENNY);

	if (g->rules.variant != VAR_FLIP)
		return m;
	if (g->calling < NCARDS && g->calling != CARD_CHARLIE)
		match |= CARD_BIT(g->calling);
	return m & match ? 0 : m;
}

/*
 * The cards of the seat to act when each of its legal moves is one card
 * (game_plain_plays(), or a card to give or discard): game_legal() would
 * list one move per card of the mask, lowest card first. 0 otherwise.
 */
static inline uint32_t game_card_moves(const struct game *g)
{
	const struct step *st = &g->script[g->script_pos];

	if (g->phase == PH_SCRIPT && st->dec != DEC_DECLARE)
		return g->hand[st->seat].one;
	return game_plain_plays(g);
}

/*
 * Text of moves. move_format writes the canonical form ("7 H", "JH",
 * "9H switch KS"); move_parse reads exactly one move from s[0..len)
 * (tokens separated by single spaces, nothing else), returning len or -1.
 * The caller checks legality with game_apply.
 */
int move_format(const struct move *m, char *buf, size_t len);
/*
 * move_format()'s text without the NUL and never cut, for a printer that
 * appends in place: written at t, which has room for MOVE_TEXT_ROOM bytes
 * (some after the text may be written too); returns its length, which is
 * below MOVE_TEXT_ROOM - TOKEN_ROOM.
 */
#define MOVE_TEXT_ROOM 32
size_t move_text(const struct move *m, char *t);
int move_parse(const char *s, size_t len, struct move *m);
/*
 * Reads s[0..len), moves separated by commas with any blanks around them
 * ("9H, 7 H,pass"), into out (room for max). The count (at least 1), or
 * -1 with the problem in bad ("'XX' is not a move", "more than N moves").
 * Lives in move.c with the two above.
 */
int move_list_parse(const char *s, size_t len, struct move *out, int max, char *bad,
		    size_t badlen);

/*
 * Index in the current trick (0 = the lead) of the card winning it under
 * the trump now in force; the trick must hold at least one card.
 */
int game_trick_winner(const struct game *g);

/*
 * Would card c, played now by the seat to act, hold the trick so far (under
 * the trump now in force)? A pure question: nothing is applied.
 */
int game_would_win(const struct game *g, card_t c);

/*
 * Next seat clockwise from s that plays this hand (skips sitting-out
 * seats), at any time; in the play, g->next_active[s] holds the same.
 */
int game_next_active(const struct game *g, int s);

/*
 * Checks that every hand of an explicit deal is a permutation of the
 * variant's deck (a rest_random hand: holds no card more often than the
 * deck, its empty places aside) and the dealer is a player. 0, or -1 with
 * err. The setups are the parser's to check (deal.c).
 */
int game_check_deal(const struct rules *r, const struct deal *d, char *err, size_t len);

/*
 * The variant's deck in its fixed order (suits, ranks, jokers), the order
 * a seed shuffles: writes r->deck_size cards to deck and returns the count.
 */
int game_deck(const struct rules *r, card_t *deck);

/* Current trump as flip sees it (suit of the calling card). */
int game_flip_trump(card_t calling);

#endif
