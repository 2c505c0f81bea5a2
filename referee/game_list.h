/*
 * game_list.h - the games of a --match list: one line of JSON per game,
 * read before the first game starts.
 *
 * The arena plays a match (the games of one seat arrangement over several
 * deals) in one referee, so that bots that play matches stay up between
 * games; each game has its own seed, its built-in seats' seeds, its record,
 * its bots' stderr directory and its deal file. Seeds are secret, so the
 * list comes on standard input (or a file), never on the command line.
 *
 * One line per game, each a JSON object (docs/referee.md, --match):
 *
 *   {"seed": 7, "bot_seeds": {"1": 42}, "log": "logs/g1.log",
 *    "bot_logs": "bot-logs/g1", "deal": "deals/d1.txt"}
 *
 * "seed" is required (0 to 2^63-1); the others may be left out. Empty
 * lines are skipped. An unknown key is an error, so a misspelt one is not
 * silently ignored.
 */
#ifndef GAME_LIST_H
#define GAME_LIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h" /* MAX_SEATS */

/* At most this many games in one list. */
#define GAME_LIST_MAX 100000

struct game_spec {
	unsigned long long seed;
	uint64_t bot_seed[MAX_SEATS];
	unsigned bot_seed_given; /* mask of seats */
	char *log;               /* --log, or NULL (owned) */
	char *bot_logs;          /* --bot-logs, or NULL (owned) */
	char *deal;              /* --deal, or NULL (owned) */
	long line;               /* its line in the list, from 1 (game_list_read()) */
};

struct game_list {
	struct game_spec *games;
	long n;
};

void game_list_init(struct game_list *gl);
void game_list_release(struct game_list *gl);

/*
 * Parses one line (len bytes, no newline needed) into *g. 0, or -1 with
 * the problem in err (no line number: the caller adds it).
 */
int game_spec_parse(struct game_spec *g, const char *line, size_t len, char *err, size_t errlen);
/* Frees what *g owns. */
void game_spec_release(struct game_spec *g);

/*
 * Reads every line of f into gl (appending). 0, or -1 with
 * "NAME:N: problem" in err; what was read stays in gl, to be released.
 * A list with no game is an error.
 */
int game_list_read(struct game_list *gl, FILE *f, const char *name, char *err, size_t len);

#endif
