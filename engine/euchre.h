/*
 * euchre.h - libeuchre, the euchre-arena rules engine as a library: the
 * one public header (docs/library.md).
 *
 * For programs that search or learn: a forward model of the five
 * variants (hammerwalt, indiana, bloomington, fivehand, flip) with the
 * legal moves, copies, a seat's view, and complete deals drawn to agree
 * with that view. It is the engine the referee runs, behind a stable C
 * API: a game made with euchre_new(VARIANT, OPTIONS, SEED) deals exactly
 * as `referee --variant VARIANT --seed SEED` does.
 *
 * Conventions.
 *  - Every call that can fail returns -1 (or NULL) and, when err is not
 *    NULL, writes a message of at most len bytes there (lowercase, the
 *    problem first). Nothing aborts on bad input; only running out of
 *    memory in euchre_new(), euchre_clone() or euchre_view_new() aborts.
 *  - No I/O, no clock, no hidden random state: a game holds its own
 *    generator for the hands still to deal, and a search draws from a
 *    struct euchre_rng the caller owns. The same calls give the same
 *    results on every machine.
 *  - A game is used by one thread at a time; different games are
 *    independent and may be used from different threads.
 *  - Moves have two names: their text, as the protocol writes them
 *    ("pass", "7 H", "JH", "9H switch KS"), and an action id, their index
 *    in a fixed list made from the variant and its options
 *    (euchre_action_count(), euchre_action_text()). Ids suit tables and
 *    learners; text suits people and the protocol.
 *  - Seats are numbered from 0 as in the protocol; flip's dead hand, when
 *    there is one, is the last seat and never moves.
 *  - Costs are given per call for the hot ones; "O(1)" means a few dozen
 *    instructions.
 *
 * The caller's loop (hands are not advanced automatically here):
 *
 *	euchre_game *g = euchre_new("hammerwalt", NULL, 5, err, sizeof(err));
 *	while (!euchre_game_over(g)) {
 *		if (euchre_hand_over(g)) { euchre_next_hand(g); continue; }
 *		n = euchre_legal_ids(g, ids, EUCHRE_MAX_MOVES);
 *		euchre_apply_id(g, ids[pick], err, sizeof(err));
 *	}
 *	euchre_free(g);
 */
#ifndef EUCHRE_H
#define EUCHRE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The API's version: raised when a call changes meaning or a struct
 * changes layout; euchre_api_version() is the version the library was
 * built with (compare it with this one at start-up).
 */
#define EUCHRE_API_VERSION 1

#define EUCHRE_MAX_SEATS 10   /* flip: up to 10 hands with the dead hand */
#define EUCHRE_MAX_MOVES 128  /* legal moves at one decision, at most */
#define EUCHRE_MAX_HAND 24    /* cards one seat holds, at most (an exchange adds some) */
#define EUCHRE_NCARDS 31      /* card codes are 0 .. EUCHRE_NCARDS - 1 */
#define EUCHRE_MAX_EVENTS 384 /* events of one hand, at most */
#define EUCHRE_MOVE_TEXT 32   /* room for any move's text and its NUL */

typedef struct euchre_game euchre_game;
typedef struct euchre_view euchre_view;

/* The caller's generator (xoshiro256**, docs/rng.md): plain data, copy freely. */
struct euchre_rng {
	uint64_t s[4];
};
void euchre_rng_seed(struct euchre_rng *r, uint64_t seed);
/* Uniform in [0, n), n >= 1; O(1). */
uint32_t euchre_rng_below(struct euchre_rng *r, uint32_t n);

int euchre_api_version(void);

/* ---- games ----------------------------------------------------------- */

/*
 * A new game of variant ("hammerwalt", ...) with its first hand dealt
 * from seed (0 to 2^63-1, as the referee's --seed). options is NULL or
 * "key=value" pairs separated by commas or spaces, the referee's
 * --option KEY=VALUE ("target=32,max_hands=10"; flip: "players=5").
 * NULL with a message on an unknown variant, option or value. Cost: one
 * shuffle and deal, about a microsecond.
 */
euchre_game *euchre_new(const char *variant, const char *options, uint64_t seed, char *err,
			size_t len);
/* Frees a game; euchre_free(NULL) does nothing. */
void euchre_free(euchre_game *g);
/* A new game in the same state as g (an independent copy). */
euchre_game *euchre_clone(const euchre_game *g);
/*
 * Makes dst the same state as src (any two games, any variants): the
 * searcher's copy, without allocating. Copies only the events written,
 * so it costs about 1 KB of memory traffic mid-hand. Always 0.
 */
int euchre_copy(euchre_game *dst, const euchre_game *src);

const char *euchre_variant(const euchre_game *g); /* "hammerwalt", ... */
int euchre_players(const euchre_game *g);         /* seats that take decisions */
int euchre_seats(const euchre_game *g);           /* players, plus flip's dead hand */
int euchre_teams(const euchre_game *g);           /* 2 in the partnership games, else 0 */
int euchre_target(const euchre_game *g);
int euchre_cards_each(const euchre_game *g);
/*
 * The options in force as the handshake gives them, "key=value" joined
 * by commas; returns the length snprintf would write.
 */
int euchre_options_text(const euchre_game *g, char *buf, size_t len);

/* The seat to act, -1 when the hand or the game is over. O(1). */
int euchre_to_move(const euchre_game *g);
/* The decision due: "bid", "trump", "declare", "give", "discard", "play", or "none". */
const char *euchre_decision(const euchre_game *g);
int euchre_hand_over(const euchre_game *g); /* 1 between hands (not at the game's end) */
int euchre_game_over(const euchre_game *g);
/* Deals the next hand; 0, or -1 when the hand is not over. */
int euchre_next_hand(euchre_game *g, char *err, size_t len);
int euchre_hand_no(const euchre_game *g); /* 1-based */
int euchre_dealer(const euchre_game *g);

/*
 * Scores: euchre_score() is the score of player's side (their team's in
 * the partnership games); euchre_team_score() a team's (0 or 1, -1 when
 * the variant has no teams); euchre_hand_points() what player's side made
 * in the last hand scored; euchre_rank() is 1 for the best once the game
 * is over (ties share), 0 before. Players out of range give 0.
 */
int euchre_score(const euchre_game *g, int player);
int euchre_team_score(const euchre_game *g, int team);
int euchre_hand_points(const euchre_game *g, int player);
int euchre_rank(const euchre_game *g, int player);
/* The tricks seat took this hand so far. */
int euchre_tricks(const euchre_game *g, int seat);

/* ---- moves ----------------------------------------------------------- */

/*
 * The fixed action list of g's variant and options: every move the
 * variant can ever allow, in an order that never changes for them
 * (passes, bids, the bonus bids, trumps, orders, declarations, cards in
 * the deck's order, then flip's switches). Ids are 0 .. count - 1.
 */
int euchre_action_count(const euchre_game *g);
/* An id's text ("7 H"); the length written, or -1 for an id out of range. */
int euchre_action_text(const euchre_game *g, int id, char *buf, size_t len);
/*
 * The id of a move's text (either case, "T" for "10"), or -1 with a message
 * when the text is not one move of the variant. Legality is not checked.
 */
int euchre_action_parse(const euchre_game *g, const char *text, size_t len, char *err,
			size_t errlen);

/*
 * The legal moves of the seat to act, as ids (in the order the protocol
 * lists them, which is not always ascending): the count (0 when nobody is
 * to act), at most max written. O(moves).
 */
int euchre_legal_ids(const euchre_game *g, int *ids, int max);
/* The same as the protocol's "legal" line ("pass,6,7,alone"); snprintf's length. */
int euchre_legal_text(const euchre_game *g, char *buf, size_t len);
/* 1 when id is a legal move now, else 0. */
int euchre_is_legal(const euchre_game *g, int id);

/*
 * Applies the move of the seat to act. An illegal or unknown move
 * changes nothing: -1 with the reason ("you do not hold QH"). O(1) for a
 * play; the hand's scoring on its last card. Hands are not advanced:
 * euchre_hand_over() then euchre_next_hand().
 */
int euchre_apply_id(euchre_game *g, int id, char *err, size_t len);
int euchre_apply_text(euchre_game *g, const char *text, size_t len, char *err, size_t errlen);

/* The moves of the built-in players, as ids (-1 when no move is due). */
int euchre_random_move(const euchre_game *g, struct euchre_rng *r);
int euchre_greedy_move(const euchre_game *g);

/* ---- cards ----------------------------------------------------------- */

/* A card code's name ("10H", "JOKER", "BENNY"; "?" when out of range). */
const char *euchre_card_name(int card);
/* The code of a card's name (either case, "T" for "10"), or -1. */
int euchre_card_parse(const char *s, size_t len);
/* The cards seat holds now, ascending (twins repeated): the count, at most max written. */
int euchre_hand(const euchre_game *g, int seat, int *cards, int max);
/* The deck's kinds in the game's order (the order of the card ids): the count. */
int euchre_deck_kinds(const euchre_game *g, int *cards, int max);

/* ---- events and views -------------------------------------------------- */

/* Event kinds, as the protocol's event lines (protocol.md, "Events"). */
enum euchre_event_type {
	EUCHRE_EV_DEAL, EUCHRE_EV_TURNUP, EUCHRE_EV_CALLING, EUCHRE_EV_BID, EUCHRE_EV_CONTRACT,
	EUCHRE_EV_TRUMP, EUCHRE_EV_DECLARE, EUCHRE_EV_PICKUP, EUCHRE_EV_GIVE, EUCHRE_EV_DISCARD,
	EUCHRE_EV_SITOUT, EUCHRE_EV_PLAY, EUCHRE_EV_SWITCH, EUCHRE_EV_FLIP, EUCHRE_EV_TRICK,
	EUCHRE_EV_REDEAL, EUCHRE_EV_HAND_END, EUCHRE_EV_GAME_END,
};

/*
 * One event as a seat sees it: card and card2 are card codes, -1 when
 * none or hidden from the seat; move is the action id of a bid, a
 * contract or a declaration, else -1; trump is the trump an EUCHRE_EV_TRUMP
 * names (0 to 5: C D H S high low), else -1; to is the receiving seat of a
 * give, the trick's number of a trick, the partner of a declaration, else
 * -1; seat is the seat that acted (the dealer for a deal, the winner for a
 * trick, -1 for a turned-up or calling card).
 */
struct euchre_event {
	int type, seat, to, card, card2, move, trump;
};

/* The events of the hand so far: the count. */
int euchre_event_count(const euchre_game *g);
/*
 * Event lines i .. count - 1 of this hand as seat sees them (-1: all, as
 * the referee's --log writes them after "| "), each ending in '\n';
 * snprintf's length. The hand's last events (the trick, "handend",
 * "gameover") are there until euchre_next_hand().
 */
int euchre_events_text(const euchre_game *g, int seat, int from, char *buf, size_t len);

/*
 * A seat's view: everything one seat may know now and nothing more (its
 * own cards, the public auction and plays, the cards it gave or got),
 * made only from a game by euchre_view_take() or from the protocol's
 * lines by euchre_view_feed(). The input of the sampler and the search.
 */
euchre_view *euchre_view_new(void);
void euchre_view_free(euchre_view *v);
/* Fills v with what seat (a player) may know of g now; 0 or -1. About 4 KB copied. */
int euchre_view_take(euchre_view *v, const euchre_game *g, int seat, char *err, size_t len);
/*
 * Feeds one line the referee sent to a bot (without its newline): the
 * handshake, event lines, request blocks. 1 when the line ended a request
 * (its "legal" line: a move is due), 0 for any other line, -1 with a
 * message for an event line that is not understood or names a seat the
 * game does not have (then the view is as before the line), or for a
 * hand that starts after a handshake whose seat is not a player.
 */
int euchre_view_feed(euchre_view *v, const char *line, size_t len, char *err, size_t errlen);

/* The struct form of a view. */
struct euchre_view_info {
	int seat, dealer, hand_no, players, seats, teams;
	int score[EUCHRE_MAX_SEATS]; /* at the start of this hand: per team, or per player */
	int ndealt, dealt[EUCHRE_MAX_HAND]; /* the seat's cards as dealt */
	int nheld, held[EUCHRE_MAX_HAND];   /* and now */
	int nev;
	struct euchre_event ev[EUCHRE_MAX_EVENTS];
};
int euchre_view_info(const euchre_view *v, struct euchre_view_info *out);

/*
 * The protocol text of seat's view of g ("view 2", "variant ...", "score
 * ...", the hand's event lines, "held ..."): snprintf's length. Two games
 * that differ only in cards the seat cannot see give the same text.
 */
int euchre_view_text(const euchre_game *g, int seat, char *buf, size_t len);

/*
 * Fixed-length observation of seat in g (docs/library.md lists the
 * fields): euchre_obs_size() floats, made from the seat's view only.
 * euchre_obs_field() names field i (NULL past the last) with its offset
 * and length.
 */
int euchre_obs_size(const euchre_game *g);
int euchre_observe(const euchre_game *g, int seat, float *out, int n);
const char *euchre_obs_field(const euchre_game *g, int i, int *offset, int *length);

/* ---- sampling and search --------------------------------------------------- */

/*
 * Makes out a game at v's point of the hand on a complete deal drawn to
 * agree with everything v's seat knows (cards held, played, passed,
 * voids shown, the auction), uniformly over such deals (sample.h says
 * when it falls back to a near-uniform fill); the sampler the built-in
 * @search uses. out's later hands are dealt from a seed drawn from r.
 * 0, or -1 when no deal agrees (a view no game could make). Cost: tens
 * of microseconds, more late in a hand with many voids.
 */
int euchre_sample(const euchre_view *v, struct euchre_rng *r, euchre_game *out, char *err,
		  size_t len);
/*
 * The built-in @search:effort move for v's seat, as an id; -1 when none is
 * due. effort 0: the variant's default, as a bare @search (128 deals in
 * five-hand, 32 in the others).
 */
int euchre_search_move(const euchre_view *v, int effort, struct euchre_rng *r);

#ifdef __cplusplus
}
#endif

#endif
