/*
 * sample.h - complete deals consistent with what one seat has seen.
 *
 * A player that cannot see the other hands can still reason about them
 * by drawing whole deals that agree with everything its seat knows (its
 * cards, the turned-up card, the calling cards, the cards it gave or was
 * given, the auction, every card played and every void those plays
 * showed) and playing each out with the engine. sample_deal() draws one
 * such deal from a struct seat_view (view.h), the seat's information and
 * nothing more; sample_game() rebuilds the engine's state of the hand from
 * it by replaying the view's moves, so the rebuilt game is at the same
 * point of the hand, with the same legal moves for the seat.
 *
 * The draw: the unseen cards are walked back from where they are now
 * (each other hand, the kitty, discards, flip's burn card, stock and dead
 * hand) to the deal, each place that showed a void marked against that
 * suit, and the unseen cards are then dealt to the unmarked places
 * uniformly (a shuffle, kept when it breaks no void). When many shuffles
 * in a row break a void, a slower fill that deals the most constrained
 * places first is used instead: still consistent, no longer exactly
 * uniform. Which card an unseen pass carried is drawn uniformly among the
 * receiver's cards at the time. Randomness only from the caller's rng.
 */
#ifndef SAMPLE_H
#define SAMPLE_H

#include <stddef.h>

#include "game.h"
#include "rng.h"
#include "view.h"

#define SAMPLE_MAX_HIDDEN 16

/*
 * One complete deal of the hand in play: the deck laid out as the engine
 * deals it (game.h: seat 0's cards first, flip's dead hand in the order it
 * plays, then five-hand's kitty with its turned card first, or flip's burn
 * card, calling card and stock), and the cards of the moves the seat did
 * not see (the view's gives and discards whose card is CARD_NONE), in the
 * order of the view's events.
 */
struct sample {
	card_t deck[MAX_DECK];
	int nhidden;
	card_t hidden[SAMPLE_MAX_HIDDEN];
};

/*
 * Draws into out a deal consistent with v (a view made by view_seat()).
 * 0, or -1 when no consistent deal was found (a view no game could make).
 */
int sample_deal(const struct seat_view *v, struct rng *r, struct sample *out);

/*
 * Plays the hand of v on the deal s up to v's point: g becomes a game
 * whose view for v->seat is v (scores, dealer and events alike). scratch
 * holds the explicit deal the game borrows: it must outlive g and every
 * copy of g. 0, or -1 with the reason in err when a move of v is not
 * legal on s (s was not drawn for v).
 */
int sample_game(const struct seat_view *v, const struct sample *s, struct deal *scratch,
		struct game *g, char *err, size_t len);

#endif
