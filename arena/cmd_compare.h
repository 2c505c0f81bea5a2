/*
 * cmd_compare.h - bin/arena compare: the bot author's question, "is my new
 * version better?", answered on duplicate pairs of deals with a
 * sequential test (docs/compare.md, rank_sprt.h).
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdint.h>

#include "botlimits.h"

#define COMPARE_MAX_OPTIONS 16 /* --option KEY=VALUE */

/*
 * What a comparison plays, as its command line gave it (arena compare
 * --help); compare_main() fills it, compare_run() plays it. The strings
 * are borrowed (argv's) and must outlive compare_run().
 */
struct compare_opts {
	const char *variant;  /* "indiana" by default */
	long games;           /* at most this many (pairs: games / 2) */
	long jobs;            /* games at once; 0: one per CPU it may use */
	int seeded;           /* --seed: public deals from seed, else a secret key */
	uint64_t seed;
	const char *results;  /* NULL: results/compare-VARIANT */
	int fresh, quiet, insecure, cpu_time, cpu_affinity;
	int no_matches; /* --no-matches: the referee starts every bot for each game */
	int copies;           /* --partners copies: A+A against B+B */
	int sprt;             /* --sprt ELO0,ELO1 given */
	double elo0, elo1, alpha, beta;
	const char *filler;   /* "@greedy" by default */
	long times[4];        /* startup_ms, move_ms, bank_ms, game_ms; -1: not given */
	long limits[NLIMITS]; /* --limit KEY=N of every bot; -1: not given */
	int noptions;         /* --option KEY=VALUE, as given */
	const char *options[COMPARE_MAX_OPTIONS];
	const char *referee;  /* NULL: the config's default */
	const char *deals;    /* --deals FILE: a suite of seeds, one per pair; NULL: the key's */
	const char *bot[2];   /* A, B */
};

/* The defaults of every option (none given). */
void compare_opts_init(struct compare_opts *o);

/*
 * Plays the comparison o (its values checked as compare_main() checks
 * them); default_referee is the referee beside bin/arena. Prints the
 * progress and the JSON summary; returns the exit status as
 * compare_main() does.
 */
int compare_run(const struct compare_opts *o, const char *default_referee);

/*
 * Runs "arena compare ARGS..." (argv[0] is "compare"); default_referee is
 * the referee beside bin/arena. Returns the exit status: 0 when the
 * comparison ran, whatever its verdict; 1 runtime error; 2 bad arguments;
 * 3 games that failed twice.
 */
int compare_main(int argc, char **argv, const char *default_referee);

#endif
