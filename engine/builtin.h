/*
 * builtin.h - the built-in players, as pure functions of a game.
 *
 * builtin_random() picks uniformly among the legal moves with the caller's
 * generator. builtin_greedy() plays simple sound euchre (see builtin.c)
 * and reads only what the seat to act may know. Both return 0 with the
 * move in out, or -1 when no move is due.
 *
 * builtin_script() plays a fixed list of moves (a scripted seat,
 * "@script:9H,JD"), *pos being the next one; the caller keeps the list
 * and *pos across the game.
 */
#ifndef BUILTIN_H
#define BUILTIN_H

#include "game.h"
#include "rng.h"

int builtin_random(const struct game *g, struct rng *r, struct move *out);
int builtin_greedy(const struct game *g, struct move *out);
/*
 * @greedy's measure of a hand: the tricks it expects the cards to take
 * with trump t (a suit, high or low) in variant, a rough count; @search
 * uses it to judge how well a drawn deal fits a seat's bids.
 */
double builtin_hand_worth(const struct hand *h, int t, int variant);

enum script_step {
	SCRIPT_MOVE,    /* out is the next move of the list, legal now; *pos advanced */
	SCRIPT_DONE,    /* the list is used up: out is @greedy's move (the seat plays on) */
	SCRIPT_ILLEGAL, /* the next move is not legal now: out is that move, *pos unchanged */
	SCRIPT_NONE,    /* no move is due */
};
enum script_step builtin_script(const struct game *g, const struct move *list, int n,
				int *pos, struct move *out);

#endif
