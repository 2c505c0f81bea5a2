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
 *
 * "hand" starts the next hand; the first "hand" line may be left out.
 * Flip's dead hand is "seat P" (P = number of players) listed top card
 * first. Cards not given (flip's undealt stock) are filled in; every other
 * card must be placed exactly as often as the deck holds it.
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
