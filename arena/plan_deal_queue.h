/*
 * plan_deal_queue.h - the games still to start, in an order in which no two
 * games of one deal, and no two games of one submission, run at once.
 *
 * Every pairing and table of a variant plays the same deals, and each deal
 * is played once per seat rotation: a bot that holds one side's cards in
 * one game and the other side's in another game of the same deal would,
 * if the two ran at the same time, hold the cards of an opponent of one
 * of them (a seat of a live game) and could pass them on through any
 * channel of the machine. So with several games at once the arena never
 * starts a game while another of its deal (same variant, same seed) runs
 * (docs/arena.md, "Running").
 *
 * Nor does a submission play in two games at once (with an author per
 * bot: byte-identical submissions are one author). A program running in
 * two games could carry what it learns in one to the other while both
 * run, and so relay a deal's cards from a game that has ended to a later
 * game of that deal through a third game of its own; with one game at a
 * time per author, nothing of it runs beside itself, and what a game
 * leaves in the page cache the sandbox takes back (docs/sandbox.md,
 * Covert channels).
 *
 * Games are grouped by deal in the order they come. deal_queue_next()
 * looks, in that order, at the first 256 queued whose deals and authors
 * are all free (those that wait are passed over, however many), and takes
 * the one with the longest chain queued behind it: the work still queued
 * of its deals (a lane, whose matches run one after another) or of one of
 * its authors (who plays one game at a time), the larger, the earlier on
 * a tie; a match's work is its games' seats that are not house seats.
 * So the submission or lane with the most left to play keeps playing, and
 * the others fill the jobs beside it. A retried game joins a group of its
 * own after every group there is and starts only when no first attempt
 * can, so retries still come at the end.
 *
 * The unit handed out may be a match (plan_match.h): games played one
 * after another by one referee. A match holds all its deals and all its
 * authors while it runs, from its start to deal_queue_done() of its last
 * game, whatever it has played already.
 */
#ifndef DEAL_QUEUE_H
#define DEAL_QUEUE_H

#include "plan_schedule.h"

struct deal_queue;

/*
 * A queue of todo[0..n-1] (borrowed: they must outlive the queue), each at
 * attempt 1. author[b] is bot b's author (of nbots; -1: none, as for a
 * built-in), borrowed for the queue's life; NULL: the deal rule alone.
 */
struct deal_queue *deal_queue_new(struct fixture *const *todo, long n, const int *author,
				  int nbots);
void deal_queue_free(struct deal_queue *q);

/* Adds g again at attempt (a retry), after everything queued so far. */
void deal_queue_add(struct deal_queue *q, struct fixture *g, int attempt);

/*
 * The next game to start, its deal and authors now counted as running,
 * with its attempt in *attempt; NULL when every queued game's deal or one
 * of its authors is running (or nothing is left).
 */
struct fixture *deal_queue_next(struct deal_queue *q, int *attempt);

/*
 * Adds the match g[0..n) (copied; the games borrowed) at attempt, after
 * everything queued so far.
 */
void deal_queue_add_match(struct deal_queue *q, struct fixture *const *g, int n, int attempt);

/*
 * The next match to start, as deal_queue_next(): its n games (valid until
 * deal_queue_free()), every deal and author of them now running; NULL
 * when none can start. Each of its games ends with deal_queue_done().
 */
struct fixture *const *deal_queue_next_match(struct deal_queue *q, int *n, int *attempt);

/*
 * Game g (from deal_queue_next(), or of a match) has ended: its deal and
 * authors no longer run (a match's, once each of its games has ended).
 */
void deal_queue_done(struct deal_queue *q, const struct fixture *g);

/*
 * From now on, hands out the first match in the queue's order that can
 * start, as if every chain were as long: for one job, where no order ends
 * sooner than another, and the games come in the schedule's order.
 */
void deal_queue_in_order(struct deal_queue *q);

/* Games queued and not yet handed out (those of matches counted one by one). */
long deal_queue_left(const struct deal_queue *q);

#endif
