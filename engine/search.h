/*
 * search.h - @search, a player that searches sampled deals.
 *
 * Perfect-information Monte Carlo: for each decision the player draws
 * complete deals consistent with its seat's view (sample.h), and on every
 * deal plays each candidate move and then the rest of the hand with
 * @greedy for every seat; the move with the best total outcome over the
 * deals is played. The outcome of a hand is the seat's points less its
 * opponents' (the other team's in the partnership games, the mean of the
 * other players' in five-hand and flip). Every decision is searched so:
 * bids, trump, declarations, passes, discards, switches and plays. The
 * searching side's own later bids in a rollout keep to the trump it bid
 * and never outbid a partner; the deals kept are those that best fit the
 * other seats' bids (search.c).
 *
 * The effort is counted in work, never in time: effort deals a decision
 * (a long auction list is narrowed on half of them, see search.c; each
 * deal is the best fitting of up to 16 drawn). The same view, effort and
 * generator state give the same move on any machine.
 *
 * The player takes a struct seat_view (view.h), never the game: what it
 * may know is decided by view_seat() alone.
 */
#ifndef SEARCH_H
#define SEARCH_H

#include "game.h"
#include "rng.h"
#include "view.h"

/*
 * The effort of "@search" without ":N", deals per decision: 32, and 128
 * in five-hand, where a deal costs about a third of the partnership
 * games' and the extra deals measured stronger (docs/search.md).
 */
#define SEARCH_DEFAULT_EFFORT 32
#define SEARCH_FIVEHAND_EFFORT 128
#define SEARCH_MAX_EFFORT 100000

/* The effort of "@search" in variant (enum variant, rules.h). */
int search_default_effort(int variant);

/*
 * The move of v->seat, which must be the seat to act in v's position,
 * searched over effort (>= 1) deals drawn with r. 0 with the move in out,
 * or -1 when no move is due or no deal agrees with v (a view no game
 * could make).
 */
int search_move(const struct seat_view *v, int effort, struct rng *r, struct move *out);

#endif
