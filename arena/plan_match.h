/*
 * plan_match.h - the games of a run grouped into matches: each match is
 * played by one referee (referee --match), so that bots that play matches
 * (protocol.md, Matches) start once per match instead of once per game.
 *
 * A match is games of one variant with the same bot in each seat (a bot
 * kept up between games keeps its seat) over different deals: never two
 * rotations of one deal, which would let a process that held one seat's
 * cards play another seat of that deal, nor one deal twice in one
 * arrangement (two tables drawn alike, or one a rotation of the other:
 * such games go to separate matches). Every pairing plays the same
 * deals, so deals are cut into blocks of up to match_games (the variant's
 * deals in the order the games come): a match is a seat arrangement
 * (pairing or table and rotation) on one block, and the matches of
 * different blocks have no deal in common and may run side by side
 * (plan_deal_queue.h). A lane (the matches of one variant and block) is
 * played a match at a time, so blocks are made smaller until no lane
 * holds more than 1/jobs of the games: two variants of 2 deals with 2
 * jobs, the larger with most of the games, are better played a game a
 * referee (4 deals, 4 lanes) than in matches of 2 (2 lanes, the larger
 * alone at the end).
 *
 * The matches of one variant and block (a lane) share their deals, so
 * they run one after another: a lane is a chain no number of jobs
 * shortens. So the lane with the most work left comes first in the
 * order (a match's work: its games' bot seats, house seats not counted),
 * its matches keeping their place while the other jobs play the lighter
 * lanes beside it; lanes with as much left take turns (each lane's first
 * match, in the order the lanes first come, then each lane's second,
 * ...). The queue then starts, of the first matches in this order that
 * can start, the one with the longest chain behind it, its lane's or an
 * author's (plan_deal_queue.h). Within a match games keep the order they
 * came in. With
 * matches off, or match_games 1, every game is a match of its own, in
 * the order given.
 */
#ifndef PLAN_MATCH_H
#define PLAN_MATCH_H

#include "plan_schedule.h"

struct matches {
	long n;               /* matches */
	struct fixture **games;/* every game, the games of match i at games[start[i]..start[i+1]) */
	long *start;          /* n + 1 entries */
};

/*
 * Groups todo[0..ntodo) (pointers into a schedule; borrowed) into m, at
 * most match_games (>= 1) games a match; on 0: one game a match. Blocks
 * are the largest, up to match_games deals, whose largest lane holds at
 * most 1/lanes of the games (lanes: the jobs that may run at once); where
 * none does, a game a match.
 */
void matches_group(struct matches *m, struct fixture *const *todo, long ntodo,
		   long match_games, int on, int lanes);
void matches_release(struct matches *m);

#endif
