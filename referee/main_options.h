/*
 * main_options.h - bin/referee's command line: its options (one table
 * drives parsing, --help and docs/referee.md's list), the usage texts and
 * the messages of a bad command line. Private to bin/referee (main.c).
 */
#ifndef MAIN_OPTIONS_H
#define MAIN_OPTIONS_H

#include <stdint.h>

#include "player.h"
#include "util.h"

#define EXIT_USAGE 2
/* --hide paths, and those the referee adds: the records, the stderr files, its cwd */
#define MAX_USER_HIDE 16
/* --hide's, --log's 2, --bot-logs, --deal's 3, the seats' stderr files, the cwd, NULL */
#define MAX_HIDE (MAX_USER_HIDE + MAX_SEATS + 8)

/*
 * Every message to a person: "referee: " first, bytes a user gave (a
 * path, a SEAT) escaped (util.h, message_print()).
 */
#define say(...) message_printf(stderr, "referee", __VA_ARGS__)

struct options {
	const char *variant;
	unsigned long long seed;
	int seed_given;
	int seed_stdin;  /* --seed -: read from standard input */
	uint64_t bot_seed[MAX_SEATS];
	unsigned bot_seed_given; /* mask of seats */
	long games;
	const char *deal_file;
	const char *log_file;
	const char *check;
	const char *replay;
	const char *html;
	const char *bot_logs;
	char *stderr_prefix;
	const char *seat_dir[MAX_SEATS];
	const char *build_src;
	/* what no bot may see: --hide paths, the records, the current directory */
	const char *hide[MAX_HIDE];
	int nhide;
	unsigned char hide_strict[MAX_HIDE]; /* a --hide (not --hide-others): holds no bot's own */
	char *log_dir;
	char *deal_dir, *deal_real;
	long build_timeout_s;
	int nopts;
	char *opt_key[64];
	const char *opt_value[64];
	struct player_env env;
	int cpu; /* --cpu: 1 + the CPU, 0: not given */
	int no_matches; /* --no-matches: every bot is started for each game */
	const char *match; /* --match FILE ('-': standard input): the list of games */
};

/* A bad command line: the problem, then "(see referee --help)"; exit 2. */
#ifdef __GNUC__
__attribute__((format(printf, 1, 2), noreturn))
#endif
void usage_error(const char *fmt, ...);
/* The same with its own hint in the parentheses. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3), noreturn))
#endif
void usage_error_hint(const char *hint, const char *fmt, ...);

/*
 * Parses the command line into *o; the words that are not options (the
 * SEATs, or --build's DEST and command) are moved to argv[0..n). Returns n.
 * A bad one ends the program (exit 2); --help and the like exit 0.
 */
int parse_args(int argc, char **argv, struct options *o);

#endif
