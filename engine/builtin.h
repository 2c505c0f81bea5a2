/*
 * builtin.h - the built-in players, as pure functions of a game.
 *
 * builtin_random() picks uniformly among the legal moves with the caller's
 * generator. builtin_greedy() plays simple sound euchre (see builtin.c)
 * and reads only what the seat to act may know. Both return 0 with the
 * move in out, or -1 when no move is due.
 */
#ifndef BUILTIN_H
#define BUILTIN_H

#include "game.h"
#include "rng.h"

int builtin_random(const struct game *g, struct rng *r, struct move *out);
int builtin_greedy(const struct game *g, struct move *out);

#endif
