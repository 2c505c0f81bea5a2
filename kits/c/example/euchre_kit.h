/*
 * euchre_kit.h - a starter kit for euchre-arena bots in C (C11, libc only).
 *
 * It reads the referee's lines (protocol.md) into a struct kit_state,
 * keeps the hand's public history, and offers the helpers a strategy
 * needs: the effective suit of a card (bowers, the five-hand joker, flip's
 * Benny and Charlie), its power under every trump mode, the led suit, the
 * winner of a trick and whether a card would win it, and the cards that
 * may legally be played.
 *
 * A card is a small integer: suit * 7 + rank (suits C D H S = 0..3, ranks
 * 8 9 10 J Q K A = 0..6), then KIT_JOKER, KIT_BENNY, KIT_CHARLIE. Trump
 * modes: KIT_TC..KIT_TS (the suits), KIT_HIGH, KIT_LOW, KIT_TNONE (flip, a
 * joker as the calling card: ranked as high) and KIT_TUNSET (no trump yet).
 *
 * Write a bot as a decide() function returning one of st->legal and call
 * kit_run(); example/bot.c shows one.
 */
#ifndef EUCHRE_KIT_H
#define EUCHRE_KIT_H
#include <stddef.h>

#define KIT_JOKER 28
#define KIT_BENNY 29
#define KIT_CHARLIE 30
#define KIT_NCARDS 31
#define KIT_NOCARD (-1)
#define KIT_TRUMP_POWER 64 /* added to a trump's power: any trump beats any plain card */
#define KIT_MAX_SEATS 11   /* flip's 10 players and a dead hand */
#define KIT_MAX_HELD 32
#define KIT_MAX_PLAYED 128
#define KIT_MAX_LEGAL 512
#define KIT_MAX_AUCTION 64

enum { KIT_TC, KIT_TD, KIT_TH, KIT_TS, KIT_HIGH, KIT_LOW, KIT_TNONE, KIT_TUNSET };

/* Cards and trumps as text. kit_card_parse() accepts either case and "T"
 * for 10; it returns the card or KIT_NOCARD. kit_card_name() returns the
 * canonical token ("10H"), a static string. */
int kit_card_parse(const char *s);
const char *kit_card_name(int c);
int kit_trump_parse(const char *s); /* "C".."S", high, low, none; else KIT_TUNSET */
const char *kit_trump_name(int t);

int kit_card_suit(int c); /* printed suit 0..3, -1 for a joker */
int kit_card_rank(int c); /* 0 (8) .. 6 (A), -1 for a joker */
int kit_same_colour(int suit);
int kit_trump_of_calling(int c); /* flip: the calling card's suit, KIT_TNONE for a joker */

/* The suit c belongs to under trump t: the left bower and the five-hand
 * joker belong to the trump suit; flip's jokers to none (-1). */
int kit_effective_suit(int c, int t);
int kit_is_trump(int c, int t);
/* Strength inside its effective suit, 1 = weakest; trumps get
 * KIT_TRUMP_POWER added. Trump: joker, right, left, A K Q 10 9 8; plain:
 * A K Q J 10 9 8; low: 9 10 J Q K A. Flip's jokers: 0. */
int kit_power(int c, int t);
/* The suit to follow in a trick of n cards (play order), or -1: none led,
 * a Benny led, only Charlies so far (after a led Charlie the first
 * non-joker card sets it). In flip, taken under the trump in force now. */
int kit_led_suit(const int *cards, int n, int t);
/* What c is worth in a trick led in suit led: its power when a trump or
 * following, else 0. */
int kit_trick_key(int c, int led, int t);
/* Index of the card winning the trick so far: the first Benny; else the
 * best trump, else the best of the led suit, the first of two identical
 * cards; only Charlies: the first. -1 for an empty trick. */
int kit_trick_winner(const int *cards, int n, int t);
int kit_would_win(const int *cards, int n, int c, int t);
/* The distinct cards of hand that may be played to the trick: those of the
 * led suit if any (plus flip's jokers, always playable), else any; in
 * hand order, written to out (room for nhand). Returns how many. */
int kit_legal_plays(const int *hand, int nhand, const int *trick, int n, int t, int *out);

struct kit_trick {
	int n, seat[KIT_MAX_SEATS], card[KIT_MAX_SEATS];
	int trump;  /* in force at its end */
	int winner; /* the seat, from the referee (-1 while being played) */
};

struct kit_bid {
	int seat;
	char text[32]; /* "pass", "7", "7 H", "moon S", "order", ... */
};

struct kit_state {
	/* the game (handshake) */
	char variant[16];
	int players, seat, deadhand; /* deadhand: flip's dead hand seat, else -1 */
	int nteams, team_of[KIT_MAX_SEATS]; /* nteams 0: everyone alone */
	unsigned long long seed;
	int startup_ms, move_ms, bank_ms, budget_ms;
	char options[512]; /* "target=64 hole=64 ..." */
	int nscore, score[KIT_MAX_SEATS], ranks[KIT_MAX_SEATS];
	/* the hand */
	int hand_no, dealer;
	int ndealt, dealt[KIT_MAX_HELD], nheld, held[KIT_MAX_HELD];
	int upcard, calling, trump;
	int nauction;
	struct kit_bid auction[KIT_MAX_AUCTION]; /* flip's bids too */
	int bidder; /* -1: no contract (yet) */
	char bid[32];
	int declared, declared_partner; /* five-hand: the bidder, partner (-1 alone) */
	int sitting_out[KIT_MAX_SEATS];
	struct kit_trick trick; /* this trick, from the play events */
	int ntricks;
	struct kit_trick tricks[16]; /* finished tricks */
	int won[KIT_MAX_SEATS];
	int nplayed, played_seat[KIT_MAX_PLAYED], played[KIT_MAX_PLAYED];
	unsigned voids[KIT_MAX_SEATS]; /* bit s: that seat showed it lacks suit s */
	int ngave, gave_to[4], gave[4], nreceived, received_from[4], received[4];
	int ndiscarded, discarded[4];
	int pickup; /* five-hand: the card the dealer took, or KIT_NOCARD */
	int nswitches; /* flip: switches and flips of the calling card */
	/* the decision being asked */
	char request[16]; /* ready, bid, trump, declare, give, discard, play; "" between */
	int to;           /* give requests: the receiver */
	int table_n, table_seat[KIT_MAX_SEATS], table_card[KIT_MAX_SEATS]; /* the table line */
	int time_move, time_bank; /* time_bank -1: none */
	int nlegal;
	const char *legal[KIT_MAX_LEGAL]; /* point into legal_buf until the next line */
	char legal_buf[8192];
};

void kit_state_init(struct kit_state *st);
/* Reads one line (with or without its newline). Returns 1 when the line
 * completes a request (its legal line): st->request and st->legal say
 * what to answer; else 0. */
int kit_state_feed(struct kit_state *st, const char *line);

int kit_state_led_suit(const struct kit_state *st);
int kit_state_legal_cards(const struct kit_state *st, int *out); /* from held, trick, trump */
int kit_state_winning_seat(const struct kit_state *st);        /* -1: empty trick */
int kit_state_would_win(const struct kit_state *st, int c);
/* This seat's partners now (team, five-hand's declared side, none in
 * flip) written to out; returns how many. */
int kit_state_partners(const struct kit_state *st, int *out);
int kit_state_is_partner(const struct kit_state *st, int seat);
int kit_state_is_legal(const struct kit_state *st, const char *move);

/* The answer move with a comment: "JH # cheapest winner" (protocol.md,
 * "Comments"). The game's page shows it beside the move; no other bot
 * ever sees it. text is made one line of printable ASCII (other bytes and
 * runs of spaces become one space) and cut to KIT_COMMENT_MAX bytes; an
 * empty text gives the move alone. The result is a static buffer, valid
 * until the next call. kit_run() checks the move before the '#'. */
#define KIT_COMMENT_MAX 200
const char *kit_with_comment(const char *move, const char *text);

/* The bot's loop on stdin/stdout: answers the handshake with "ready NAME"
 * and every other request with decide(st) (a string that must stay
 * valid until the next call; it may carry a comment, kit_with_comment());
 * an answer whose move is not in st->legal is replaced by the first legal
 * move, with a line on stderr. Returns 0 at quit or EOF. */
typedef const char *kit_decide_fn(const struct kit_state *st);
int kit_run(const char *name, kit_decide_fn *decide);

#endif
