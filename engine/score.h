/*
 * score.h - scoring a hand and ending a game; game.c's own split, not a
 * module for callers (game.h is the contract: game_seat_score() is there).
 */
#ifndef SCORE_H
#define SCORE_H

#include "game.h"

/* The bonus contracts: hammerwalt alone, indiana moon, bloomington best. */
static inline int score_bonus_contract(const struct move *m)
{
	return m->type == MOVE_ALONE || m->type == MOVE_MOON || m->type == MOVE_BEST;
}

/* Adds the points of the hand just played to g->score and sets g->hand_points. */
void score_hand_points(struct game *g);

/*
 * The winners (bit mask of players) once a hand is over, scored or thrown
 * in: someone reached the target or the hole, or it was the last hand.
 * 0 when the game goes on.
 */
int score_winners(const struct game *g);

/* Fills g->ranks from g->winners and the scores (1 = best, ties share). */
void score_set_ranks(struct game *g);

#endif
