/*
 * play.h - playing the games of a schedule, many at once.
 *
 * Each game, or each match (plan_match.h: the games of one seat
 * arrangement over a block of deals), is one referee process
 * (refargv_build() gives its command line; a match gets its games as
 * lines of JSON on its input, refargv_match_line()), run by a struct
 * runner in the config file's directory (so that relative file names in
 * bot commands mean what they mean in the config), at most 'jobs' at a
 * time, and never two games of one deal at once (plan_deal_queue.h: the
 * next match is the first none of whose deals a running one has; a match
 * holds its deals and authors until it ends). A match's result lines are
 * taken as they come, each game's timeout starting when the last game's
 * line arrives. A game whose referee exits non-zero, times out or prints
 * no valid result is a failed game: it is not counted as played, it is
 * retried once, alone, and if it fails again it is written to
 * failed.jsonl (a later run retries it again); the games of a match its
 * referee did not reach are queued again. A played game's line is on
 * disk (results_append()) before it counts.
 *
 * Interruption: on the first SIGINT/SIGTERM no new game starts and the
 * running ones finish and are recorded (a match's referee gets SIGUSR2:
 * it finishes its running game and starts no other); on the second the
 * running referees' process groups are killed and their running games
 * are left unplayed. Either way results.jsonl only ever holds whole games.
 */
#ifndef PLAY_H
#define PLAY_H

#include <stddef.h>

#include "plan_config.h"
#include "store_results.h"
#include "plan_schedule.h"

struct result_set;

struct play_status {
	long total;    /* games in this run's schedule (or shard) */
	long done;     /* played, including earlier runs */
	long done_now; /* played by this run */
	long failed;   /* given up after the retry */
	long retried;
	long faults;   /* bot faults in played games, including earlier runs */
	int running;
	int stopping;  /* 1 after the first signal, 2 after the second */
	double elapsed;/* seconds since play_run() started */
};

struct play_opts {
	int jobs;
	const char *referee; /* an absolute path: referees run in the config's directory */
	/* progress(arg, st, final): after each game and at least every second */
	void (*progress)(void *arg, const struct play_status *st, int final);
	/* note(arg, msg): a failed game, a retry, a signal (may be NULL) */
	void (*note)(void *arg, const char *msg);
	void *arg;
	/* the run's result set: each game stored, or given up, is added (may be NULL) */
	struct result_set *set;
	/*
	 * 1: the games of one seat arrangement over a block of deals are a
	 * match, one referee (plan_match.h), when the config's 'matches' is
	 * on; 0: a referee per game (compare)
	 */
	int matches;
};

/*
 * Plays the ntodo games of todo (pointers into the schedule). st must come
 * in with total, done and faults filled. Returns 0 when every game was
 * played or given up, 1 when a signal stopped the run, -1 with err on a
 * runtime error (results cannot be written, the referee cannot start).
 */
int play_run(const struct config *c, struct fixture *const *todo, long ntodo,
	     struct results *res, const struct play_opts *o, struct play_status *st,
	     char *err, size_t len);
/*
 * Game g's timeout when the config does not set game_timeout_s, in
 * seconds: the longest its referee can take while every bot program in it
 * keeps to its time limits (time_limits_wall_max()), so that it never cuts
 * short such a game.
 */
long play_derived_timeout_s(const struct config *c, const struct fixture *g);
/*
 * A game_timeout_s below the derived default of a game of s can stop a
 * game that every bot played within its limits, and charge it to the bot
 * that used the most time: a warning on stderr naming the config file,
 * the key's line and the largest derived default (--check and runs).
 */
void play_warn_game_timeout(const struct config *c, const struct schedule *s);

#endif
