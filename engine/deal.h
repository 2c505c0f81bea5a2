/*
 * deal.h - the explicit-deal text format.
 *
 * Scenario tests and teachers set up positions with a small line-based
 * text (documented in docs/deal-format.md):
 *
 *	# hammerwalt, seat 1 holds both right bowers
 *	dealer 0
 *	scores 60 -20
 *	hand
 *	seat 0 9C 9C 10C ...        (exactly the variant's hand size)
 *	seat 1 ...
 *	kitty JOKER 9H 9D 9S        (five-hand: first card is turned up)
 *	burn 9H                     (flip: the face-down card)
 *	calling KS                  (flip: the face-up calling card)
 *	rest random                 (the cards not placed: dealt from the seed)
 *	contract 1 8                (start past the auction: seat 1 won with 8)
 *	trump H                     (hammerwalt: trump named; else asked)
 *	declare partner             (five-hand: the bidder's declaration)
 *	bids 3 2 4                  (flip: every player's bid)
 *	leader 2                    (who leads the first trick)
 *	script 0 JD, AH, 9C         (moves for a scripted seat, "@script")
 *
 * "hand" starts the next hand; the first "hand" line may be left out.
 * Flip's dead hand is "seat P" (P = number of players) listed top card
 * first. Cards not given (flip's undealt stock) are filled in; every other
 * card must be placed exactly as often as the deck holds it, unless the
 * hand says "rest random". The setup lines belong to the hand they are in;
 * "script" lines to the game.
 */
#ifndef DEAL_H
#define DEAL_H

#include <stddef.h>

#include "game.h"

/*
 * Parses text[0..len) for the variant of r (finished rules) into d.
 * Returns len, or -1 with "line N: problem" in err.
 */
int deal_parse(const char *text, size_t len, const struct rules *r, struct deal *d,
	       char *err, size_t errlen);

#endif
