/*
 * standings.h - from finished games to tables a person can trust.
 *
 * For every variant and for all games together: games, wins, average
 * score margin and a Weng-Lin rating per bot, a head-to-head crosstable,
 * and per bot a count of faults by kind with the first game's log. Games
 * are taken in schedule order (struct result_set is sorted), so the same
 * results give the same standings however they were split into shards or
 * interrupted runs.
 *
 * One game is a ranking of entries. In a partnership game the two teams
 * are the entries (a team of copies of one bot is that bot; in the
 * progressive format a team is two bots). In an individual game each bot
 * is one entry; copies of a bot at one table (fewer bots than seats) are
 * merged: the entry's place is the mean of its seats' places, re-ranked.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include "rating.h"
#include "results.h"

#define FAULT_KINDS 9 /* the referee's eight kinds, then "other" */
extern const char *const standings_fault_kinds[FAULT_KINDS];

struct standing {
	int bot;           /* index into the result set's names */
	long games;
	double wins;       /* 1 per outright first place; 1/m when m entries share it */
	double margin;     /* mean score margin per game */
	struct rating rating;
	long faults;
};

struct standings_table {
	char *variant;     /* "overall" or the variant's name (owned) */
	long games;
	int n;
	struct standing *rows; /* best first: by rating mu, then name */
	/*
	 * Head to head, nbots x nbots: score[a*nbots+b] sums, over every game
	 * where a and b were opponents, 1 if a placed better, 1/2 if equal;
	 * meetings[] counts those games.
	 */
	double *score;
	long *meetings;
};

struct fault_row {
	long kind[FAULT_KINDS];
	long total;
	char *first_game;  /* id of the first game with a fault (owned), or NULL */
	int first_source;  /* its result source (directory) */
};

struct standings {
	int nbots;
	int ntables;
	struct standings_table *tables; /* [0] is overall, then each variant */
	struct fault_row *faults;        /* per bot */
};

/* Computes the standings of a finished (result_set_finish()ed) set. */
void standings_compute(struct standings *st, const struct result_set *set);
void standings_release(struct standings *st);

#endif
