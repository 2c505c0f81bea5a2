/*
 * rank_standings.h - from finished games to tables a person can trust.
 *
 * For every variant and for all games together: games, wins, average
 * score margin and a rating per bot, a head-to-head crosstable, and per
 * bot a count of faults by kind with the first game's log. Games are
 * tallied in schedule order (struct result_set is sorted), so the same
 * results give the same standings however they were split into shards or
 * interrupted runs.
 *
 * Ratings (docs/ratings.md): each variant's come from one batch fit of all
 * its games (rating_fit(): Plackett-Luce, the games of one deal and
 * pairing or table a cluster, the games taken in the order of their ids,
 * so no order of play or of the results matters), 1500 at the mean of the
 * variant's bots. The overall rating is the mean of a bot's variant
 * ratings, every variant weighing the same however many games it had,
 * with the variances combined; the other overall columns (games, wins,
 * margin, head to head) count every game. The online Weng-Lin rating
 * (rating_update()) is kept only for the history of the overall rating
 * as the games were played (the page's chart).
 *
 * One game is a ranking of entries. In a partnership game the two teams
 * are the entries (a team of copies of one bot is that bot; in the
 * progressive format a team is two bots). In an individual game each bot
 * is one entry; copies of a bot at one table (fewer bots than seats) are
 * merged: the entry's place is the mean of its seats' places, re-ranked.
 *
 * Forfeits (docs/arena.md, "Forfeits"): a bot with a fault in a game
 * forfeits it. Its entry ranks after every entry without a fault (entries
 * that all forfeit tie for last) and never wins; wins, the crosstable and
 * the ratings all follow these places. The points scored in its seat after
 * the fault are @greedy's, so the game is left out of its margin (and of
 * its progressive event total); the other bots' results stand.
 *
 * Progressive events: the games of one event of a progressive variant
 * (ids NAME.dDDDD.roundRR.tT.sS, both plays of every round) are scored as
 * the rule text scores them: every player is credited with his own team's
 * points in every game he finished and the credits are summed. In a
 * complete event the highest total among the players without a forfeit
 * wins (equal totals share the win); players with a forfeit are placed
 * after them.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include "fault.h"
#include "rank_rating.h"
#include "store_result_set.h"

/* Faults counted per kind: the referee's kinds (fault.h) from 0, then "other". */
#define FAULT_KINDS FAULT_NKINDS
/* The name of counted kind k ("timeout", ..., "other"). */
const char *standings_fault_kind(int k);
/* Appends the kinds counted in kind[] that occurred: "3 timeout, 1 crash". */
void standings_fault_kinds(const long *kind, struct strbuf *out);

struct standing {
	int bot;           /* index into the result set's names */
	long games;
	double wins;       /* 1 per outright first place; 1/m when m entries share it */
	double margin;     /* mean score margin over the games it did not forfeit (0: none) */
	long forfeits;     /* games it forfeited (faulted in), left out of margin */
	double rating;     /* the batch rating, Elo scale: 1500 is the table's field mean */
	double se;         /* its standard error, in rating points (95%: +- 1.96 se) */
	double los;        /* likelihood it is stronger than the next row, 0..1; -1 for the last */
	long faults;
	long fault_kind[FAULT_KINDS]; /* faults by kind (standings_fault_kind()) */
	/* progressive variants only: over the complete events the bot played */
	long events;
	double event_wins; /* 1 per event won alone, 1/m when m players share it */
	double points;     /* sum of its event totals */
	long event_forfeits; /* games of those events it forfeited */
};

/* One player's line in a progressive event. */
struct event_row {
	int bot;
	long games;        /* games of the event it played */
	double wins;       /* of those, games won (a shared first place: 1/2) */
	long forfeits;     /* games it forfeited (faulted in) */
	double points;     /* its individual total (forfeited games left out) */
	int place;         /* 1 = best: without forfeits first, then by points; ties share */
	double share;      /* of the event win: 1, 1/m for m co-winners, 0; 0 if incomplete */
};

/* One event (one "deal") of a progressive variant. */
struct event {
	char *id;          /* "progressive.d0001", the prefix of its game ids (owned) */
	long number;       /* 1, 2, ... */
	long games;        /* games read */
	long expected;     /* games of a complete event (7x2x2 or 11x3x2); 0 if unknown */
	int complete;      /* every game is there: the event has a winner */
	int nwinners;      /* rows[0..nwinners-1] won it (0 when incomplete, or all forfeited) */
	int n;
	struct event_row *rows; /* by place, then name */
};

struct standings_table {
	char *variant;     /* "overall" or the variant's name (owned) */
	long games;
	int n;
	struct standing *rows; /* best first: by rating, then name (the one ranking rule) */
	/*
	 * The covariance of the ratings, nbots x nbots in rating points
	 * squared: cov[a*nbots+b] (0 for a bot not in the table). The
	 * standard error of a difference is standings_difference_se().
	 */
	double *cov;
	/*
	 * Head to head, nbots x nbots: score[a*nbots+b] sums, over every game
	 * where a and b were opponents, 1 if a placed better, 1/2 if equal;
	 * meetings[] counts those games.
	 */
	double *score;
	long *meetings;
	/* a progressive variant: its events, by number (none elsewhere) */
	int progressive;
	int nevents;
	struct event *events;
};

struct fault_row {
	long kind[FAULT_KINDS];
	long total;
	char *first_game;  /* id of the first game with a fault (owned), or NULL */
	int first_source;  /* its result source (directory) */
};

/* The most points of the rating history: enough for a line, small on a page. */
#define STANDINGS_HISTORY_MAX 60

struct standings {
	int nbots;
	int ntables;
	struct standings_table *tables; /* [0] is overall, then each variant */
	struct fault_row *faults;        /* per bot */
	/*
	 * The online (Weng-Lin) overall ratings as the games were taken
	 * (schedule order: not the tables' ratings, see above), at
	 * nhistory points, evenly spaced, the last after every game: after
	 * history_games[p] games, bot b had history[p * nbots + b] and had
	 * played history_played[p * nbots + b] of them (0: not yet rated).
	 */
	int nhistory;
	long *history_games;
	struct rating *history;
	long *history_played;
};

/* The standard error of bot a's rating minus bot b's in table t, rating points. */
double standings_difference_se(const struct standings_table *t, int nbots, int a, int b);
/* The likelihood that a is stronger than b (0..1): Phi(difference / its se). */
double standings_los(const struct standings_table *t, int nbots, int a, int b);

/*
 * Whether bot lost game res, as the tables count it: its entry (its team,
 * or its seats merged) is placed below first, or forfeited. 0 when it won,
 * shared the first place, or has no entry in the game.
 */
int standings_lost(const struct scored_game *res, int bot);

/* Computes the standings of a finished (result_set_finish()ed) set. */
void standings_compute(struct standings *st, const struct result_set *set);
void standings_release(struct standings *st);

#endif
