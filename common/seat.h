/*
 * seat.h - what a SEAT text means, for the referee and the arena alike.
 *
 * A SEAT is a built-in player ("@random", "@greedy", "@search" or
 * "@search:N", a search over N sampled deals a decision, "@script:MOVES" or
 * "@script", a seat playing given moves: the caller reads them; or "@human":
 * a person at the referee's terminal), a directory holding
 * an executable "run" file, or a command line split like a shell would,
 * without variables, globs or redirections ("python3 bot.py --depth 2").
 * seat_parse() turns it into the argv a bot is started with: a bot runs
 * in a scratch directory of its own, so the program and every argument
 * naming an existing file are made absolute. The arena checks its bots
 * with the same code the referee starts them with.
 */
#ifndef SEAT_H
#define SEAT_H

#include <stddef.h>

/* The PATH a bot gets, and where a bare program name is looked up. */
#define SEAT_PATH "/usr/local/bin:/usr/bin:/bin"

enum seat_kind { SEAT_RANDOM, SEAT_GREEDY, SEAT_SEARCH, SEAT_SCRIPT, SEAT_HUMAN, SEAT_PROGRAM };

/* "@search:N": the largest N (deals searched per decision) */
#define SEAT_SEARCH_MAX 100000

struct seat {
	enum seat_kind kind;
	int effort;   /* SEAT_SEARCH: N of "@search:N", 0 for a bare "@search" (the default) */
	char *script; /* SEAT_SCRIPT: the moves after "@script:" ("" for a bare "@script") */
	char **argv; /* SEAT_PROGRAM: the bot's argv, NULL-terminated; else NULL */
	int argc;
	char *dir;   /* the bot's own directory (absolute): the SEAT directory, or dir; or NULL */
};

/* Does text name a built-in player (it starts with '@')? */
int seat_is_builtin(const char *text);

/*
 * Does the player text names take a seed of its own: a bot program (its
 * handshake's 'seed' line) or a built-in that draws at random (@random's
 * generator, @search's)? Drawn for each game independently of the deal, shown in
 * the result's bot_seeds and the record's botseed lines; @greedy,
 * @script and @human draw nothing and take none.
 */
int seat_takes_seed(const char *text);

/* Does text name a scripted seat ("@script" or "@script:MOVES")? */
int seat_is_script(const char *text);

/*
 * Parses text, with relative paths looked up in dir (NULL: the current
 * directory). 0, or -1 with err: an unknown built-in, a directory without
 * an executable 'run', a malformed command line. seat_release() after
 * either.
 */
int seat_parse(struct seat *s, const char *text, const char *dir, char *err, size_t len);
void seat_release(struct seat *s);

/*
 * Does every path s names (its program, followed through links, and each
 * absolute argument that exists) lie inside dir or a system directory
 * (/usr, /bin, /sbin, /lib*, /etc)? A student's submission must not name
 * a classmate's files. 0, or -1 with why.
 */
int seat_check_inside(const struct seat *s, const char *dir, char *why, size_t len);

/*
 * Does every symbolic link under dir (a bot's built copy: its build may
 * make links, its source's are never copied) lead inside dir or into a
 * system directory, as seat_check_inside() allows? A link to a
 * classmate's directory or the teacher's bot, absolute or relative, or
 * one that leads nowhere (it could lead somewhere later), and dir being
 * a link itself, are refused: 0, or -1 with why ("'DIR/lnk' is a link to
 * '/opt/teacher-bot'"). Links are not followed; at most SEAT_TREE_MAX
 * entries are looked at (more: -1, said so).
 */
#define SEAT_TREE_MAX 200000
int seat_check_tree(const char *dir, char *why, size_t len);

/*
 * Can prog (a bot's argv[0]) be started? A path must be an executable
 * regular file; a bare name must be in SEAT_PATH. 0, or -1 with why
 * ("'x/run' is not executable (fix: chmod +x x/run)").
 */
int seat_check_program(const char *prog, char *why, size_t len);

/*
 * Is s's program there (seat_check_program()), and is every argument
 * that is an absolute path ("/srv/bots/x.py") an existing file? A
 * relative name that exists was made absolute by seat_parse(); one that
 * does not may be a word, not a file, and is left alone. 0, or -1 with
 * why ("no file '/nowhere/x.py' (argument 1 of the command)").
 */
int seat_check_files(const struct seat *s, char *why, size_t len);

#endif
