/*
 * play_refargv.h - the referee command line for one game.
 *
 * This is the only place that knows the referee's flags, so a change in
 * the referee's interface is a change here and in its unit test
 * (tests/unit/test_arena_refargv.c), which checks the exact argv.
 */
#ifndef REFARGV_H
#define REFARGV_H

#include "plan_config.h"
#include "plan_schedule.h"
#include "strvec.h"

/*
 * Appends to out the argv that plays game g of config c:
 *
 *   REFEREE --variant V --seed N [--option K=V]... [time (--game-ms ...) and sandbox
 *   flags the config sets] [--cpu N] [--log LOG] [--bot-logs DIR] [--hide RESULTS]
 *   [--hide SUBMISSIONS] [--limit SEAT:KEY=VALUE]... -- SEAT...
 *
 * Time and sandbox flags appear only when the config sets them, so a
 * config without them runs with any referee version. The results
 * directory and the submissions directory are hidden from every bot even
 * where they would show through its view (docs/sandbox.md). A game the
 * arena plays takes its seed on standard input, out of the machine's ps;
 * a command printed for people has it on the command line. The progressive format is an indiana game with
 * max_hands = hands_per_round and target and hole out of reach. The
 * referee runs in the config file's directory (see play.c), so relative
 * file names in a bot's command are relative to it, like every path in
 * the config.
 */
struct refargv_paths {
	const char *referee;  /* the program */
	const char *log;      /* --log, or NULL */
	const char *bot_logs; /* --bot-logs, or NULL */
	const char *results;  /* the results directory, hidden from every bot, or NULL */
	int seed_on_stdin;    /* "--seed -": the caller writes the seed to the referee's input */
	int cpu;              /* 1 + the CPU for --cpu (play.c, cpu_affinity); 0: none */
	/*
	 * "--match -" in place of --seed, --deal, --log, --bot-logs and
	 * --bot-seed: the referee reads the games of a match, g first, from its
	 * input, one refargv_match_line() each (log and bot_logs unused)
	 */
	int match;
};
/*
 * With seed_on_stdin (a game the arena plays) and 'matches = off' (or
 * --no-matches), the argv also has --no-matches: every bot is started for
 * each game even when it declares matches.
 */
void refargv_build(struct strvec *out, const struct config *c, const struct fixture *g,
		   const struct refargv_paths *p);

/*
 * Appends game g's line of a referee --match list (docs/referee.md): its
 * seed, its built-in seats' seeds, its deal file, and log and bot_logs when
 * not NULL, as one line of JSON ending in a newline. 0; -1 with nothing
 * appended when a path is not UTF-8 text, which a JSON string cannot hold
 * (the game is then played alone, its paths on the command line).
 */
int refargv_match_line(struct strbuf *out, const struct config *c, const struct fixture *g,
		       const char *log, const char *bot_logs);

/*
 * Appends argv (from refargv_build()) as one shell command line that
 * replays game g from any directory: prefixed with "cd CONFIG_DIR && "
 * when a seat is a bot program, whose relative file names are resolved
 * from the config's directory.
 */
void refargv_command_line(struct strbuf *out, const struct config *c, const struct fixture *g,
			  const struct strvec *argv);

#endif
