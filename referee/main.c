/*
 * main.c - bin/referee: plays games of one variant between seated players
 * and prints one JSON result line per game; also replays a game record
 * and checks a bot for protocol compliance.
 *
 * Only this file prints to the terminal and exits; everything it calls
 * reports through return values and error buffers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "bot.h"
#include "clock.h"
#include "cpu.h"
#include "botbuild.h"
#include "check.h"
#include "deal_file.h"
#include "file.h"
#include "match.h"
#include "options.h"
#include "replay.h"
#include "result_out.h"
#include "rules.h"
#include "seat.h"
#include "sandbox.h"
#include "sleep_read.h"
#include "path.h"
#include "protocol.h"
#include "util.h"
#include "version.h"
#include "viewer.h"

#define EXIT_USAGE 2
/* --hide paths, and those the referee adds: the records, the stderr files, its cwd */
#define MAX_USER_HIDE 16
/* --hide's, --log's 2, --bot-logs, --deal's 3, the seats' stderr files, the cwd, NULL */
#define MAX_HIDE (MAX_USER_HIDE + MAX_SEATS + 8)

/* The synopsis and what the referee does: --help's text above the options. */
static const char usage_head[] =
	"usage: referee --variant NAME [options] SEAT...\n"
	"       referee --check BOT [time options]\n"
	"       referee --replay FILE [--html PAGE]\n"
	"       referee [--build-timeout S] [--limit all:KEY=N] --build SRC DEST -- CMD...\n"
	"       referee --list-variants\n"
	"\n"
	"Plays games of one euchre variant and prints one line of JSON per game.\n"
	"A SEAT is a built-in player, @random (uniform legal moves), @greedy (a\n"
	"simple sound heuristic) or @search (a search over deals drawn to agree\n"
	"with what its seat has seen; @search:N searches N deals a decision, the\n"
	"default 32, 128 in fivehand), a directory holding an executable 'run'\n"
	"file, or a command line such as \"python3 bot.py --depth 2\" (split like a\n"
	"shell would, without expansions). Give one SEAT per player, seat 0\n"
	"first. Bots speak the protocol in protocol.md. @script:MOVES plays the\n"
	"moves given, separated by commas (@script:9H,JD,pass), then as @greedy;\n"
	"a move that is not legal when its turn comes is an 'illegal' fault; a\n"
	"bare @script takes its moves from the --deal file's 'script SEAT' lines.\n"
	"@human is you (one seat at most): the game is drawn on stderr, you answer\n"
	"on stdin with a move's number or text, with no time limit; 'quit' or\n"
	"Ctrl-D faults your seat (eof), @greedy finishes it and you forfeit; the\n"
	"result line is printed, exit 0 (docs/human.md).\n"
	"\n";

/* --help's text below the options. */
static const char usage_tail[] =
	"Options may come anywhere on the line, before or after the SEATs; '--'\n"
	"ends them (the arena puts it before the SEATs; --build needs it before CMD).\n"
	"\n"
	"signals: SIGUSR1 stops the game at once: the bot that used the most time\n"
	"faults (timeout), @greedy finishes every bot's seat, the result is printed\n"
	"and no further game starts (the arena sends it at its game timeout).\n"
	"\n"
	"exit status: 0 when every game was played (bot faults are results, in the\n"
	"JSON 'faults'), or --check found no problem, or --replay verified the game;\n"
	"1 when something failed while playing (no sandbox slot or scratch directory,\n"
	"the record, a bot's stderr file or the result could not be written: then no\n"
	"result line is printed for that game), --check found problems, --replay\n"
	"found a mismatch, or the --html page could not be written; 2 for bad\n"
	"arguments or an unreadable file, or no arguments at all (the short usage\n"
	"is printed).\n";

/*
 * The short usage, for a command line with nothing to do: the synopsis
 * (usage_head up to its first empty line) and the hint.
 */
static void print_short_usage(FILE *f)
{
	const char *end = strstr(usage_head, "\n\n");

	fprintf(f, "%.*s\n(referee --help lists every option)\n", (int)(end - usage_head),
		usage_head);
}

/*
 * Every message to a person: "referee: " first, bytes a user gave (a
 * path, a SEAT) escaped (util.h, message_print()).
 */
#define say(...) message_printf(stderr, "referee", __VA_ARGS__)

/* A bad command line: the problem, then its one hint in parentheses; exit 2. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 0), noreturn))
#endif
static void usage_vfail(const char *hint, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_vaddf(&sb, fmt, ap);
	say("%s (%s)", sb.buf, hint);
	strbuf_release(&sb);
	exit(EXIT_USAGE);
}

/* The usual hint: the usage text. */
#ifdef __GNUC__
__attribute__((format(printf, 1, 2), noreturn))
#endif
static void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_vfail("see referee --help", fmt, ap);
}

/* A problem with a better hint than the usage text. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3), noreturn))
#endif
static void usage_error_hint(const char *hint, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_vfail(hint, fmt, ap);
}

struct options {
	const char *variant;
	unsigned long long seed;
	int seed_given;
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
};

static long number_arg(const char *name, const char *arg, long min, long max)
{
	long v;

	if (parse_long(arg, min, max, &v) < 0)
		usage_error("%s '%s' is not a number from %ld to %ld", name, arg, min, max);
	return v;
}

/* --limit SEAT:KEY=VALUE, SEAT a number or "all" */
static void set_limit(struct options *o, const char *arg)
{
	const char *colon = strchr(arg, ':'), *eq = colon ? strchr(colon, '=') : NULL;
	char seat[16], key[32];
	long s = -1, v;
	int k;

	if (!colon || !eq || colon - arg >= (long)sizeof(seat) || eq - colon - 1 >= (long)sizeof(key))
		usage_error("--limit '%s' is not SEAT:KEY=VALUE", arg);
	snprintf(seat, sizeof(seat), "%.*s", (int)(colon - arg), arg);
	snprintf(key, sizeof(key), "%.*s", (int)(eq - colon - 1), colon + 1);
	if (strcmp(seat, "all") && parse_long(seat, 0, MAX_SEATS - 1, &s) < 0)
		usage_error("--limit '%s': the seat is a number from 0 to 9, or 'all'", arg);
	k = limit_find(key);
	if (k < 0) {
		struct strbuf names = STRBUF_INIT;

		strbuf_init(&names);
		limits_names(&names);
		say("--limit '%s': the key is %s (see referee --help)", arg,
			names.buf);
		exit(EXIT_USAGE);
	}
	if (parse_long(eq + 1, 0, limit_def(k)->max, &v) < 0)
		usage_error("--limit '%s': the value is a number in the key's range (0: no limit)",
			    arg);
	for (int i = 0; i < MAX_SEATS; i++)
		if (s < 0 || i == s)
			*limit_field(&o->env.lim[i], (enum limit_key)k) = v;
}

/* "SEAT:REST": the seat (0-9) and where REST starts; -1 when arg is not so. */
static int seat_prefix(const char *arg, const char **rest)
{
	const char *colon = strchr(arg, ':');
	char num[8];
	long s;

	snprintf(num, sizeof(num), "%.*s", colon ? (int)(colon - arg) : 0, arg);
	if (!colon || parse_long(num, 0, MAX_SEATS - 1, &s) < 0)
		return -1;
	*rest = colon + 1;
	return (int)s;
}

static const char *dir_arg(const char *name, const char *arg)
{
	struct stat st;

	if (stat(arg, &st) < 0 || !S_ISDIR(st.st_mode))
		usage_error("%s '%s' is not a directory", name, arg);
	return arg;
}

/*
 * "--seed -": the seed's line on standard input, where no other user of
 * the machine can read it (a command line is in everybody's ps).
 */
static const char *seed_from_stdin(void)
{
	static char line[64];

	if (!fgets(line, sizeof(line), stdin))
		usage_error("--seed -: no seed on standard input");
	line[strcspn(line, "\r\n")] = '\0';
	return line;
}

/*
 * The option table's actions on the options being parsed. A bad value
 * ends the program with its message (usage_error()): this is main's
 * command line.
 */
static struct options ropts;

static int opt_option(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	const char *eq = strchr(arg, '=');

	(void)opt, (void)err, (void)len;
	if (!eq || eq == arg)
		usage_error("--option '%s' is not KEY=VALUE", arg);
	if (ropts.nopts == 64)
		usage_error("too many --option");
	ropts.opt_key[ropts.nopts] = xstrndup(arg, (size_t)(eq - arg));
	ropts.opt_value[ropts.nopts++] = eq + 1;
	return 0;
}

static int opt_seed(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	if (!strcmp(arg, "-"))
		arg = seed_from_stdin();
	if (parse_u64(arg, &ropts.seed) < 0 || ropts.seed > 0x7fffffffffffffffULL)
		usage_error("--seed '%s' is not a number from 0 to 2^63-1", arg);
	ropts.seed_given = 1;
	return 0;
}

static int opt_bot_seed(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	const char *rest;
	unsigned long long v;
	int s = seat_prefix(arg, &rest);

	(void)opt, (void)err, (void)len;
	if (s < 0 || parse_u64(rest, &v) < 0 || v > 0x7fffffffffffffffULL)
		usage_error("--bot-seed '%s' is not SEAT:N with SEAT from 0 to 9 and N "
			    "from 0 to 2^63-1", arg);
	ropts.bot_seed[s] = v;
	ropts.bot_seed_given |= 1u << s;
	return 0;
}

static int opt_bot_logs(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	if (access(arg, F_OK) == 0)
		dir_arg("--bot-logs", arg);
	ropts.bot_logs = arg; /* made by open_outputs() when it is not there */
	return 0;
}

static int opt_stderr_cap(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	ropts.env.stderr_cap = (size_t)number_arg("--stderr-cap", arg, 0, 1L << 40);
	return 0;
}

static int opt_scratch_dir(const struct option_spec *opt, const char *arg, char *err,
			   size_t len)
{
	(void)opt, (void)err, (void)len;
	ropts.env.scratch_root = dir_arg("--scratch-dir", arg);
	return 0;
}

static int opt_seat_dir(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	const char *rest;
	int s = seat_prefix(arg, &rest);

	(void)opt, (void)err, (void)len;
	if (s < 0)
		usage_error("--seat-dir '%s' is not SEAT:DIR with SEAT from 0 to 9", arg);
	ropts.seat_dir[s] = dir_arg("--seat-dir", rest);
	return 0;
}

static int opt_limit(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	set_limit(&ropts, arg);
	return 0;
}

/* --hide, --hide-others: opt->value is 1 for --hide (it holds no bot's own directory) */
static int opt_hide(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)err, (void)len;
	if (ropts.nhide == MAX_USER_HIDE)
		usage_error("too many --%s (at most %d, --hide and --hide-others together)",
			    opt->long_name, MAX_USER_HIDE);
	ropts.hide_strict[ropts.nhide] = !strcmp(opt->long_name, "hide");
	ropts.hide[ropts.nhide++] = arg;
	return 0;
}

static int opt_no_cgroup(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	sandbox_cgroups_off();
	return 0;
}

static int opt_cpu(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	ropts.cpu = (int)number_arg("--cpu", arg, 0, CPU_MAX - 1) + 1;
	return 0;
}

/* The options that print something and exit 0. */
static void print_and_exit(struct strbuf *sb)
{
	fputs(sb->buf, stdout);
	strbuf_release(sb);
	exit(0);
}

static int opt_sandbox_info(const struct option_spec *opt, const char *arg, char *err,
			    size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	struct sandbox_info info;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	sandbox_probe(&info);
	sandbox_info_format(&info, &sb);
	strbuf_addf(&sb, "answers: %s\n", bot_wait_note());
	print_and_exit(&sb);
	return 0;
}

static int opt_list_variants(const struct option_spec *opt, const char *arg, char *err,
			     size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	rules_list_variants(&sb);
	print_and_exit(&sb);
	return 0;
}

static int opt_version(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	strbuf_addf(&sb, "referee (euchre-arena) %s, protocol %d\n", EUCHRE_ARENA_VERSION,
		    PROTOCOL_VERSION);
	print_and_exit(&sb);
	return 0;
}

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len);
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len);

/* The referee's options: parsing, --help and docs/referee.md's list. */
static const struct option_spec referee_table[] = {
	OPT_GROUP("game options:"),
	OPT_STRING(0, "variant", &ropts.variant, "NAME",
		   "hammerwalt, indiana, bloomington, fivehand or flip"),
	OPT_CALLBACK(0, "option", NULL, "KEY=VALUE", opt_option,
		     "a variant option, repeatable (see --list-variants); flip's players "
		     "defaults to the number of SEATs"),
	OPT_CALLBACK(0, "seed", NULL, "N", opt_seed,
		     "seed of the first game, 0 to 2^63-1 (default: drawn at random, and shown "
		     "in the result and the record); '-' reads N from standard input (out of "
		     "sight of ps)"),
	OPT_LONG(0, "games", &ropts.games, "N", 1, 100000000,
		 "play N games (default 1) and print a summary line on stderr; with --seed S "
		 "the seeds are S, S+1, ..., else each game's seed is drawn at random; between "
		 "built-in players only, result lines are written in batches, each within 0.1 s "
		 "(and a hand) of its game's end (at once with a bot program, @human, --log or "
		 "a terminal); a signal that ends the referee writes the waiting lines first"),
	OPT_CALLBACK(0, "bot-seed", NULL, "SEAT:N", opt_bot_seed,
		     "the seed of SEAT, 0 to 2^63-1: a bot program's 'seed' line, @random's "
		     "generator's (default: drawn at random for each seat and game, apart from "
		     "the deal, and shown in the result's bot_seeds and the record)"),
	OPT_STRING(0, "deal", &ropts.deal_file, "FILE",
		   "start from an explicit deal or a position: cards, 'rest random', contract, "
		   "trump, leader, scripts (docs/deal-format.md; a mistake names its line: exit "
		   "2); the file and its directory are hidden from the bots (a directory a bot "
		   "is shown shows its other files)"),
	OPT_STRING(0, "log", &ropts.log_file, "FILE",
		   "write the game record: every hand, every line each way with timestamps, "
		   "every move; replayable (created 0600, synced to disk before the result is "
		   "printed; a link, a file of another user or one with a second name is "
		   "refused: exit 1)"),
	OPT_GROUP("time options (milliseconds):"),
	OPT_LONG(0, "startup-ms", &ropts.env.time.startup_ms, "N", 1, 3600000,
		 "from start to the bot's 'ready' (default 10000)"),
	OPT_LONG(0, "move-ms", &ropts.env.time.move_ms, "N", 1, 3600000,
		 "per decision (default 1000)"),
	OPT_LONG(0, "bank-ms", &ropts.env.time.bank_ms, "N", 0, 36000000,
		 "per game, drawn on when a decision takes longer than --move-ms (default 0: "
		 "no bank)"),
	OPT_LONG(0, "game-ms", &ropts.env.time.game_ms, "N", 1, 1000000000,
		 "each bot's budget for the whole game: startup, every decision (default: "
		 "startup + bank + move x the most decisions the variant's rules allow a "
		 "seat)"),
	OPT_FLAG(0, "cpu-time", &ropts.env.time.cpu,
		 "count the bot's CPU time instead of wall-clock time (wall-clock backstops "
		 "stay: 3x the limit + 1 s per decision, the game budget + 1 s per game)"),
	OPT_GROUP("bot options:"),
	OPT_CALLBACK(0, "bot-logs", NULL, "DIR", opt_bot_logs,
		     "save each bot's stderr as DIR/seatN.stderr, keeping the file an earlier "
		     "game (of this run or another) left there as DIR/game-SEED.seatN.stderr, "
		     "SEED that game's (default: next to the --log FILE, as FILE.seatN.stderr, "
		     "each game appended; 0600); DIR and its parents are made (0700) if missing"),
	OPT_CALLBACK(0, "stderr-cap", NULL, "BYTES", opt_stderr_cap,
		     "keep at most this much stderr per bot (default 1048576)"),
	OPT_CALLBACK(0, "scratch-dir", NULL, "DIR", opt_scratch_dir,
		     "where bots' scratch directories go when they cannot have a private /tmp "
		     "(--insecure, no namespaces) and with --keep-scratch (default $TMPDIR or "
		     "/tmp)"),
	OPT_FLAG(0, "keep-scratch", &ropts.env.keep_scratch,
		 "give each bot a directory under --scratch-dir instead of its private /tmp, "
		 "and keep it after the game"),
	OPT_CALLBACK(0, "seat-dir", NULL, "SEAT:DIR", opt_seat_dir,
		     "relative paths in that SEAT's command (and a SEAT that names a "
		     "directory) are looked up in DIR; the bot still runs in its scratch "
		     "directory"),
	OPT_FLAG(0, "no-matches", &ropts.no_matches,
		 "start every bot afresh for each game; by default a bot that answers its "
		 "handshake with 'ready2' stays up for the next of the --games (a 'game' line "
		 "starts it: its scratch is emptied, its seed and limits are the game's own; "
		 "protocol.md, Matches)"),
	OPT_GROUP("sandbox options (docs/sandbox.md):"),
	OPT_CALLBACK_MORE(0, "limit", NULL, "SEAT:KEY=N", opt_limit,
			  "a limit for the bot in SEAT (a number, or 'all'); 0: no limit "
			  "(scratch_mb, scratch_files: the default); KEY:", limits_help),
	OPT_FLAG(0, "insecure", &ropts.env.insecure,
		 "run bots without isolation (trusted bots only); needed where the sandbox "
		 "cannot isolate bots from each other"),
	OPT_CALLBACK(0, "hide", NULL, "PATH", opt_hide,
		     "a path no bot may see even inside its own directory or a system "
		     "directory (repeatable, at most 16); one that is or holds a bot's "
		     "directory, program or a file its command names is refused (exit 2): that "
		     "bot would run hidden files"),
	OPT_CALLBACK(0, "hide-others", NULL, "PATH", opt_hide,
		     "the same, but a bot's own directory inside PATH stays shown to that bot "
		     "(the arena hides its submissions and results so); the record's and the "
		     "bot logs' directories and the current directory are always hidden this "
		     "way"),
	OPT_CALLBACK(0, "no-cgroup", NULL, NULL, opt_no_cgroup,
		     "no cgroup per bot even where the machine has them: mem_mb limits address "
		     "space, nproc the bot's uid"),
	OPT_CALLBACK(0, "cpu", NULL, "N", opt_cpu,
		     "play (or --check) with the referee and every bot on CPU N only; faster "
		     "for quick single-threaded bots on virtual machines, slower for bots that "
		     "run several threads, and a bot's background threads then take CPU from "
		     "the bot on move (docs/arena.md, One CPU per game); a CPU it may not use: "
		     "exit 2, refused by the kernel: exit 1"),
	OPT_CALLBACK(0, "sandbox-info", NULL, NULL, opt_sandbox_info,
		     "print which sandbox layers work on this machine, and how a bot's answer "
		     "is waited for"),
	OPT_GROUP("other:"),
	OPT_STRING(0, "build", &ropts.build_src, "SRC DEST -- CMD...",
		   "copy the bot directory SRC to DEST and run CMD there in the sandbox "
		   "(writable: DEST only); then DEST belongs to the referee's user, readable by "
		   "the bots' uids; each bot is shown only its own copy"),
	OPT_LONG(0, "build-timeout", &ropts.build_timeout_s, "S", 1, 86400,
		 "stop the build after S seconds (default 600)"),
	OPT_STRING(0, "check", &ropts.check, "BOT",
		   "play BOT in every seat of every variant against built-ins for a few hands "
		   "and report every problem; stops at a startup fault, or a problem seen in two "
		   "games in a row (a BOT that is not there: exit 2); a BOT that answers "
		   "'ready2' then plays two games in one process (a match)"),
	OPT_STRING(0, "replay", &ropts.replay, "FILE",
		   "replay a game record without the bots and verify every move and the "
		   "result"),
	OPT_STRING(0, "html", &ropts.html, "PAGE",
		   "with --replay: once the record verifies, write PAGE, a self-contained HTML "
		   "page that steps through the game hand by hand and trick by trick "
		   "(docs/viewer.md; created 0600 like the record; no page when it does not "
		   "verify)"),
	OPT_CALLBACK(0, "list-variants", NULL, NULL, opt_list_variants,
		     "list the variants, player counts and options"),
	OPT_CALLBACK('h', "help", NULL, NULL, opt_help, "show this text"),
	OPT_CALLBACK(0, "version", NULL, NULL, opt_version,
		     "show the release and the protocol version"),
	OPT_HIDDEN_CALLBACK("help-markdown", referee_table, opt_markdown),
	OPT_END(),
};

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	strbuf_addstr(&sb, usage_head);
	options_usage(&sb, referee_table);
	strbuf_addstr(&sb, usage_tail);
	print_and_exit(&sb);
	return 0;
}

/* --help-markdown: the table as docs/referee.md lists it (docs/options.sh). */
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	options_markdown(&sb, referee_table);
	print_and_exit(&sb);
	return 0;
}

/*
 * Parses the command line into *o; the words that are not options (the
 * SEATs, or --build's DEST and command) are moved to argv[0..n). Returns n.
 */
static int parse_args(int argc, char **argv, struct options *o)
{
	const char *tmp = getenv("TMPDIR");
	char err[512];
	int n;

	memset(&ropts, 0, sizeof(ropts));
	ropts.games = 1;
	time_limits_default(&ropts.env.time);
	ropts.env.stderr_cap = 1 << 20;
	ropts.env.scratch_root = tmp && *tmp ? tmp : "/tmp";
	for (int s = 0; s < MAX_SEATS; s++)
		limits_default(&ropts.env.lim[s]);
	/* before any option that probes the sandbox (--sandbox-info), wherever it is */
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--no-cgroup"))
			sandbox_cgroups_off();
	if (argc < 2) {
		print_short_usage(stderr);
		exit(EXIT_USAGE);
	}
	/* GNU style: options anywhere, '--' ends them */
	n = options_parse(referee_table, argc, argv, err, sizeof(err));
	if (n < 0)
		usage_error("%s", err);
	/* game i is dealt from seed + i: the last one must be a seed too */
	if (ropts.seed_given &&
	    (unsigned long long)(ropts.games - 1) > 0x7fffffffffffffffULL - ropts.seed)
		usage_error("--games %ld from this --seed would deal past seed 2^63-1",
			    ropts.games);
	*o = ropts;
	return n;
}

/* Applies --option values and completes the rules; flip's players from the seat count. */
static void make_rules(const struct options *o, int nseats, struct rules *r)
{
	char err[256];
	int v = variant_parse(o->variant);
	int players_given = 0;

	if (v < 0)
		usage_error_hint("see referee --list-variants", "unknown variant '%s'", o->variant);
	rules_init(r, (enum variant)v);
	for (int i = 0; i < o->nopts; i++) {
		if (rules_set_option(r, o->opt_key[i], o->opt_value[i], err, sizeof(err)) < 0)
			usage_error("%s", err);
		players_given |= !strcmp(o->opt_key[i], "players");
	}
	if (r->variant == VAR_FLIP && !players_given) {
		char n[16];

		snprintf(n, sizeof(n), "%d", nseats);
		if (rules_set_option(r, "players", n, err, sizeof(err)) < 0)
			usage_error("flip needs 2 to 10 SEATs, got %s", n);
	}
	if (rules_finish(r, err, sizeof(err)) < 0)
		usage_error("%s", err);
	if (nseats != r->players) {
		snprintf(err, sizeof(err), "%s needs %d SEATs, got %d", variant_name(r->variant),
			 r->players, nseats);
		usage_error("%s", err);
	}
}

/*
 * Adds to the paths no bot may see wherever they show through its view:
 * the record's directory, the bots' stderr directory and the directory the
 * referee runs in (the arena runs it in the config's), besides --hide.
 */
static void hide_records(struct options *o, char *const *seats, int nseats)
{
	static char cwd[4096];
	static char files[MAX_SEATS][4096];
	char err[4096 + 256];

	if (o->log_file) {
		o->log_dir = path_dir(o->log_file);
		o->hide[o->nhide++] = o->log_dir;
		/* the record itself, should its directory be the bot's own */
		o->hide[o->nhide++] = o->log_file;
	}
	if (o->bot_logs)
		o->hide[o->nhide++] = o->bot_logs;
	/*
	 * the deal places every hand: the file, and the directory of its like,
	 * where they really are (a link's directory may be another), and the
	 * path given
	 */
	if (o->deal_file) {
		o->deal_real = realpath(o->deal_file, NULL);
		if (!o->deal_real)
			o->deal_real = xstrdup(o->deal_file);
		o->deal_dir = path_dir(o->deal_real);
		o->hide[o->nhide++] = o->deal_dir;
		o->hide[o->nhide++] = o->deal_real;
		if (strcmp(o->deal_real, o->deal_file))
			o->hide[o->nhide++] = o->deal_file;
	}
	/*
	 * Every bot's stderr file exists before any bot starts, so that each
	 * can be hidden from the others even in a directory one of them is
	 * shown (a file made later would show through).
	 */
	for (int s = 0; s < nseats; s++) {
		int fd;

		if (seat_is_builtin(seats[s]) ||
		    !player_stderr_path(&o->env, s, files[s], sizeof(files[s])))
			continue;
		/* an earlier run's file under --bot-logs: kept under its game's name */
		o->env.stderr_keep = o->bot_logs != NULL;
		if (player_keep_stderr(&o->env, s, err, sizeof(err)) < 0) {
			say("%s", err);
			exit(1);
		}
		fd = file_open_private(files[s], 0, err, sizeof(err));
		if (fd < 0) {
			say("%s", err);
			exit(1);
		}
		close(fd);
		o->hide[o->nhide++] = files[s];
	}
	if (getcwd(cwd, sizeof(cwd)))
		o->hide[o->nhide++] = cwd;
	o->hide[o->nhide] = NULL;
	o->env.hide = o->hide;
}

/* Ends the referee by sig, as if it had not been caught. */
static void end_by_signal(int sig)
{
	/* no bot may outlive the referee */
	bot_kill_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_signal(int sig)
{
	/* the result lines held first; mid-flush, the flush ends the referee */
	if (result_out_signal(sig))
		return;
	end_by_signal(sig);
}

/* SIGUSR1: stop the game now (match.h, the stop policy), a sleeping read too. */
static void on_stop(int sig, siginfo_t *si, void *ucontext)
{
	(void)sig;
	(void)si;
	bot_interrupt_from(ucontext);
}

/*
 * Opens the game record: a private file (file.h: 0600, never through a
 * link, never another user's), since it holds every seat's cards. NULL,
 * with a message in err.
 */
static FILE *open_record(const char *path, char *err, size_t len)
{
	int fd = file_open_private(path, 0, err, len);
	FILE *f;

	if (fd < 0)
		return NULL;
	if (!(f = stream_fdopen(fd))) {
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		close(fd);
	}
	return f;
}

/*
 * The end of a game: the result goes into the record, which is flushed
 * and synced to disk (the arena counts on the record once it sees the
 * result), then to stdout. 0, or -1 with err when a write failed.
 */
static int write_result(FILE *log, const char *log_path, const struct strbuf *line, char *err,
			size_t len)
{
	if (log) {
		fprintf(log, "result %s\n", line->buf);
		if (stream_check(log, log_path, err, len) < 0)
			return -1;
		if (fsync(stream_fd(log)) < 0 && errno != EINVAL && errno != EROFS &&
		    errno != ENOTSUP) {
			snprintf(err, len, "cannot write '%s': %s", log_path, strerror(errno));
			return -1;
		}
	}
	return result_out_put(line->buf, line->len, err, len);
}

/*
 * Untrusted bots need isolation from each other: refuse them where the
 * sandbox cannot give it, unless the user said --insecure.
 */
static void require_isolation(const struct options *o)
{
	struct sandbox_info info;

	if (o->env.insecure)
		return;
	sandbox_probe(&info);
	if (!sandbox_isolates(&info))
		usage_error_hint("see referee --sandbox-info, or pass --insecure for trusted bots",
				 "the sandbox cannot isolate bots from each other here");
}

/*
 * --cpu N: the referee and every bot it starts from now on run on CPU N
 * only. A CPU it may not use is a usage error naming those it may.
 */
static void pin_cpu(int cpu)
{
	char err[256];
	int r = cpu_pin(cpu, err, sizeof(err));

	if (r == -2) {
		int cpus[CPU_MAX], n = cpu_allowed(cpus, CPU_MAX);
		char list[256], hint[300];

		cpu_list_format(cpus, n < 0 ? 0 : n, list, sizeof(list));
		snprintf(hint, sizeof(hint), "it may use %s", list);
		usage_error_hint(hint, "--cpu '%d' is not a CPU this referee may use", cpu);
	}
	if (r < 0) {
		say("--cpu %d: %s", cpu, err);
		exit(1);
	}
}

static int run_check(const struct options *o)
{
	struct strbuf report = STRBUF_INIT;
	char err[1024] = "";
	int problems;

	strbuf_init(&report);
	problems = check_bot(o->check, &o->env, &report, err, sizeof(err));
	fputs(report.buf, stdout);
	if (err[0])
		say("--check '%s': %s", o->check, err);
	strbuf_release(&report);
	return problems == -1 ? EXIT_USAGE : problems ? 1 : 0;
}

/*
 * The game page of a verified record (viewer.h), written as a private
 * file like the record itself: it shows every seat's cards. 0, or -1 with
 * err.
 */
/* --replay FILE [--html PAGE]: the page only when every game verified. */
static int run_replay(const char *path, const char *html)
{
	struct strbuf report = STRBUF_INIT;
	struct viewer *v = html ? viewer_new() : NULL;
	struct replay_watch watch;
	char err[4096 + 256];
	int ret;

	strbuf_init(&report);
	if (v)
		viewer_watch(v, &watch);
	ret = replay_file_watch(path, &report, v ? &watch : NULL);
	fputs(report.buf, ret == 0 ? stdout : stderr);
	if (ret == 0 && v && viewer_write_page(v, path, html, err, sizeof(err)) < 0) {
		fprintf(stderr, "referee: %s\n", err);
		ret = 1;
	} else if (ret != 0 && v) {
		fprintf(stderr, "referee: no page written: '%s' does not verify\n", path);
	}
	viewer_free(v);
	strbuf_release(&report);
	return ret;
}

/* What the games of one run share. */
struct session {
	struct options o;
	struct rules rules;
	struct deal *deal;
	char *deal_text;
	FILE *log;
	char **seats;       /* the SEAT texts */
	int nseats;
	struct player *kept[MAX_SEATS]; /* @random and @greedy players, made once a run */
	struct strbuf result_fixed;     /* what every result line says of options and SEATs */
	struct strbuf line;             /* the result line, its memory kept from game to game */
	long played;
	long wins[MAX_SEATS];
	double total[MAX_SEATS];
};

static void install_signals(void)
{
	struct sigaction sa;
	char err[256];

	signal(SIGPIPE, SIG_IGN);
	/* no SA_RESTART: a result flush into a pipe nobody reads must give way */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* one ending handler at a time: a second must not write the held lines again */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGHUP);
	/* and not on top of a sleeping read's timer or of the stop (sleep_read.h) */
	sigaddset(&sa.sa_mask, sleep_read_signal());
	sigaddset(&sa.sa_mask, SIGUSR1);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	result_out_init(end_by_signal);
	if (bot_interrupt_init(err, sizeof(err)) < 0) {
		say("%s", err);
		exit(1);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_stop;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, sleep_read_signal());
	sigaction(SIGUSR1, &sa, NULL);
}

/* referee [options] --build SRC DEST [--] COMMAND...: argv[0] is DEST. */
static int run_build(struct options *o, int argc, char **argv)
{
	struct strbuf msg = STRBUF_INIT;
	int cmd = 1 + (1 < argc && !strcmp(argv[1], "--"));
	int ret;

	if (cmd >= argc)
		usage_error("--build SRC needs DEST and a command: --build SRC DEST -- CMD...");
	require_isolation(o);
	strbuf_init(&msg);
	ret = botbuild_run(o->build_src, argv[0], argv + cmd,
			   o->build_timeout_s ? o->build_timeout_s : 600, &o->env.lim[0],
			   o->env.insecure, &msg);
	fputs(msg.buf, ret == 0 ? stdout : stderr);
	strbuf_release(&msg);
	return ret;
}

/* The --deal file, before the SEATs are checked (a bare @script takes its moves from it). */
static void load_deal(struct session *se)
{
	char err[4096 + 256];

	if (!se->o.deal_file)
		return;
	se->deal = xmalloc(sizeof(*se->deal));
	if (deal_load(se->o.deal_file, &se->rules, se->deal, &se->deal_text, err, sizeof(err)) < 0)
		usage_error_hint("see docs/deal-format.md", "%s", err);
}

/*
 * A built-in SEAT must make a player (@script's moves parse), and a bare
 * @script needs the deal's moves for its seat.
 */
static void check_builtin(const struct session *se, int s)
{
	char err[256];
	struct player *p = player_new(se->seats[s], 0, err, sizeof(err));

	if (!p && !strncmp(se->seats[s], "@script", 7))
		usage_error_hint("moves are separated by commas, as in @script:9H,JD",
				 "seat %d: %s", s, err);
	if (!p)
		usage_error("seat %d: %s", s, err);
	if (player_wants_script(p) && (!se->deal || !se->deal->nscript[s]))
		usage_error_hint("give @script:MOVES, or a 'script SEAT MOVES' line in the --deal "
				 "file", "seat %d is @script with no moves", s);
	player_free(p);
}

/*
 * Every SEAT is UTF-8 (it goes into JSON); bot seeds name bots; programs
 * need isolation; one person at most, as there is one terminal.
 */
static void check_seats(struct session *se)
{
	int humans = 0;

	for (int s = 0; s < se->nseats; s++) {
		if (!strcmp(se->seats[s], "@human") && ++humans > 1)
			usage_error("more than one @human seat (a game has one terminal to play on)");
	}
	for (int s = 0; s < se->nseats; s++) {
		json_t *utf8 = json_string(se->seats[s]);

		if (!utf8) {
			char q[200];

			escape_text(se->seats[s], strlen(se->seats[s]), 60, q, sizeof(q));
			usage_error("SEAT '%s' is not valid UTF-8", q);
		}
		json_decref(utf8);
		if (!seat_is_builtin(se->seats[s]))
			require_isolation(&se->o);
		else
			check_builtin(se, s);
		if (!seat_takes_seed(se->seats[s]) && (se->o.bot_seed_given & (1u << s)))
			usage_error("--bot-seed: seat %d is %s, which draws nothing at random "
				    "(it takes no seed)", s, se->seats[s]);
	}
	if (se->o.bot_seed_given >> se->nseats)
		usage_error("--bot-seed names a seat the game does not have");
}

/*
 * Does the strict --hide hidden (canonical) hold path, or is it path?
 * what names the path in the message; exits 2 when it does.
 */
static void hide_holds(const char *given, const char *hidden, const char *path, int s,
		       const char *what)
{
	char *real = path ? realpath(path, NULL) : NULL;

	if (real && path_inside(real, hidden))
		usage_error_hint("hide less, or seat the bot elsewhere",
				 "--hide '%s' holds seat %d's %s '%s': that bot would run hidden "
				 "files", given, s, what, real);
	free(real);
}

/*
 * A --hide wins over what a bot is shown as its own, whatever the
 * nesting: one that is or holds a bot program's directory (SEAT or
 * --seat-dir), its program (followed through links, as the sandbox
 * shows its directory) or a path its command names is refused before
 * any bot starts. Inside a bot's directory it covers what it names.
 * --hide-others is not looked at: a bot's own directory inside it stays.
 */
static void check_hides(const struct options *o, char *const *seats, const char *const *dirs,
			int nseats)
{
	for (int h = 0; h < o->nhide; h++) {
		char *hidden;

		if (!o->hide_strict[h] || !(hidden = realpath(o->hide[h], NULL)))
			continue;
		for (int s = 0; s < nseats; s++) {
			struct seat st;
			char err[512];

			if (seat_is_builtin(seats[s]) ||
			    seat_parse(&st, seats[s], dirs ? dirs[s] : NULL, err, sizeof(err)) < 0)
				continue; /* its fault is said when it starts */
			hide_holds(o->hide[h], hidden, st.dir, s, "directory");
			for (int i = 0; i < st.argc; i++) {
				const char *w = st.argv[i];

				if (i == 0 && strchr(w, '/'))
					hide_holds(o->hide[h], hidden, w, s, "program");
				else if (i > 0 && w[0] == '/')
					hide_holds(o->hide[h], hidden, w, s, "file");
			}
			seat_release(&st);
		}
		free(hidden);
	}
}

/* The explicit deal, the record, where the bots' stderr goes, what bots must not see. */
static void open_outputs(struct session *se)
{
	struct options *o = &se->o;
	char err[4096 + 256];

	if (o->bot_logs && path_mkdir_p(o->bot_logs, 0700) < 0) {
		say("cannot make the --bot-logs directory '%s': %s", o->bot_logs, strerror(errno));
		exit(1);
	}
	if (o->log_file && !(se->log = open_record(o->log_file, err, sizeof(err)))) {
		say("%s", err);
		exit(1);
	}
	/* the bots' stderr: DIR/seatN.stderr, or beside the record as FILE.seatN.stderr */
	if (o->bot_logs || o->log_file) {
		struct strbuf sb = STRBUF_INIT;
		size_t n = o->log_file ? strlen(o->log_file) : 0;

		strbuf_init(&sb);
		if (o->bot_logs)
			strbuf_addf(&sb, "%s/", o->bot_logs);
		else
			strbuf_add(&sb, o->log_file,
				   n - (n > 4 && !strcmp(o->log_file + n - 4, ".log") ? 4 : 0));
		o->stderr_prefix = strbuf_detach(&sb);
		o->env.stderr_prefix = o->stderr_prefix;
	}
	hide_records(o, se->seats, se->nseats);
}

/*
 * The seeds of game i: the deal's, and each seat's own (seat_takes_seed()):
 * a bot program's 'seed' line, @random's generator's. A seat's seed is
 * drawn apart from the deal's, so two @random seats never play from one
 * stream, and a game is replayed from the record's botseed lines. 0, or
 * -1 with err.
 */
static int game_seeds(const struct session *se, long i, struct match_config *mc, char *err,
		      size_t len)
{
	mc->seed = se->o.seed + (unsigned long long)i;
	/* secret unless given: a bot must not be able to guess the deal */
	if (!se->o.seed_given && random_seed(&mc->seed, err, len) < 0)
		return -1;
	for (int s = 0; s < se->nseats; s++) {
		mc->bot_seed[s] = se->o.bot_seed[s];
		if (!(se->o.bot_seed_given & (1u << s)) && seat_takes_seed(se->seats[s]) &&
		    random_seed(&mc->bot_seed[s], err, len) < 0)
			return -1;
	}
	return 0;
}

/* Plays game i and prints its result line. 0, or -1 with err (exit 1). */
static int play_game(struct session *se, long i, char *err, size_t len)
{
	struct player *players[MAX_SEATS] = { NULL };
	struct match_config mc;
	struct match_result res;
	struct strbuf *line = &se->line;
	int ret = -1;

	memset(&mc, 0, sizeof(mc));
	mc.rules = &se->rules;
	if (game_seeds(se, i, &mc, err, len) < 0)
		return -1;
	mc.deal = se->deal;
	mc.deal_text = se->deal_text;
	mc.log = se->log;
	mc.log_path = se->o.log_file;
	mc.env = se->o.env;
	mc.env.t0 = clock_ms();
	mc.env.seed = mc.seed;
	/* --bot-logs keeps each game's file apart (player_keep_stderr()); --log's appends */
	mc.env.stderr_append = i > 0 && !se->o.bot_logs;
	mc.env.stderr_keep = se->o.bot_logs != NULL;
	mc.hand_end = result_out_tick; /* held result lines wait no longer than a hand */
	mc.result_fixed = se->result_fixed.len ? se->result_fixed.buf : NULL;
	mc.keep_bots = !se->o.no_matches && i + 1 < se->o.games;
	/* a built-in that draws at random draws from its own seed's stream */
	for (int s = 0; s < se->nseats; s++) {
		uint64_t seed = mc.bot_seed[s];

		/* a built-in that renews, or a bot kept up from the last game (a match) */
		if (se->kept[s] && (player_renew(se->kept[s], seed) == 0 ||
				    player_plays_matches(se->kept[s]))) {
			players[s] = se->kept[s];
			continue;
		}
		players[s] = player_new_in(se->seats[s], se->o.seat_dir[s], seed, err, len);
		if (!players[s])
			usage_error("%s", err);
		if (player_wants_script(players[s]))
			player_set_script(players[s], se->deal->script[s], se->deal->nscript[s]);
	}
	strbuf_reset(line);
	if (match_run(&mc, players, &res, err, len) < 0)
		goto out;
	if (match_result_json(&mc, (const char *const *)se->seats, &res, line, err, len) == 0 &&
	    write_result(se->log, se->o.log_file, line, err, len) == 0) {
		for (int s = 0; s < se->nseats; s++) {
			se->wins[s] += res.ranks[s] == 1;
			se->total[s] += game_seat_score(res.game, s);
		}
		se->played++;
		ret = 0;
	}
	match_result_release(&res);
out:
	for (int s = 0; s < se->nseats; s++) {
		/*
		 * a player that renews (the next game gives it its own seed) is
		 * kept, and so is a bot left running for the next game; a bot
		 * that faulted or quit is started afresh
		 */
		if (players[s] && (player_renewable(players[s]) || player_plays_matches(players[s]))) {
			se->kept[s] = players[s];
			continue;
		}
		if (players[s] == se->kept[s])
			se->kept[s] = NULL;
		player_free(players[s]);
	}
	return ret;
}

/*
 * Result lines are gathered (result_out.h) when every seat is a built-in
 * that plays in microseconds, nothing waits for each line in a record,
 * and no person watches a terminal.
 */
static int holds_results(const struct session *se)
{
	for (int s = 0; s < se->nseats; s++)
		if (!seat_is_builtin(se->seats[s]) || !strcmp(se->seats[s], "@human"))
			return 0;
	return !se->log && !isatty(STDOUT_FILENO);
}

static void print_summary(const struct session *se)
{
	fprintf(stderr, "summary: %ld games, wins", se->played);
	for (int s = 0; s < se->nseats; s++)
		fprintf(stderr, " %ld", se->wins[s]);
	fprintf(stderr, ", mean score");
	for (int s = 0; s < se->nseats; s++)
		fprintf(stderr, " %.1f", se->total[s] / (double)se->played);
	fputc('\n', stderr);
}

int main(int argc, char **argv)
{
	static struct session se;
	struct options *o = &se.o;
	char err[512];
	int nwords;

	install_signals();
	nwords = parse_args(argc, argv, o);
	if (o->html && !o->replay)
		usage_error("--html needs --replay FILE");
	if (o->cpu && (o->replay || o->build_src))
		usage_error("--cpu goes with games and --check, not with %s",
			    o->replay ? "--replay" : "--build");
	if (o->cpu)
		pin_cpu(o->cpu - 1);
	if (o->replay)
		return run_replay(o->replay, o->html);
	if (o->check) {
		if (!strcmp(o->check, "@human"))
			usage_error("--check takes a bot, not @human");
		require_isolation(o);
		check_hides(o, (char *const[]){ (char *)o->check }, NULL, 1);
		o->hide[o->nhide] = NULL;
		o->env.hide = o->hide;
		return run_check(o);
	}
	if (o->build_src)
		return run_build(o, nwords, argv);
	if (!o->variant)
		usage_error("--variant is required");
	se.seats = argv;
	se.nseats = nwords;
	if (se.nseats < 1)
		usage_error("no SEATs given");
	if (se.nseats > MAX_SEATS)
		usage_error("too many SEATs (at most 10)");
	make_rules(o, se.nseats, &se.rules);
	o->env.time.decisions = rules_max_decisions(&se.rules);
	load_deal(&se);
	check_seats(&se);
	check_hides(o, se.seats, o->seat_dir, se.nseats);
	open_outputs(&se);
	strbuf_init(&se.result_fixed);
	strbuf_init(&se.line);
	/* a SEAT it cannot encode leaves it empty: each result line then says why */
	match_result_fixed(&se.rules, (const char *const *)se.seats, &se.result_fixed, err,
			   sizeof(err));
	result_out_hold(holds_results(&se));
	for (long i = 0; i < o->games; i++) {
		if (play_game(&se, i, err, sizeof(err)) < 0) {
			say("%s", err);
			if (result_out_flush(err, sizeof(err)) < 0)
				say("%s", err);
			/* a match's bots, left up for the next game: stopped, their scratch removed */
			for (int s = 0; s < se.nseats; s++)
				player_free(se.kept[s]);
			return 1;
		}
		if (bot_interrupted())
			break; /* stopped: no further game */
	}
	if (result_out_flush(err, sizeof(err)) < 0) {
		say("%s", err);
		return 1;
	}
	if (o->games > 1)
		print_summary(&se);
	/*
	 * Every result is in the record, checked and synced, before it is
	 * printed: a result printed stands, so a failing close only warns.
	 */
	if (se.log && fclose(se.log) != 0)
		say("warning: closing the record '%s': %s", o->log_file,
			strerror(errno));
	for (int s = 0; s < se.nseats; s++)
		player_free(se.kept[s]);
	strbuf_release(&se.result_fixed);
	strbuf_release(&se.line);
	free(se.deal);
	free(se.deal_text);
	free(o->stderr_prefix);
	free(o->log_dir);
	free(o->deal_dir);
	free(o->deal_real);
	for (int i = 0; i < o->nopts; i++)
		free(o->opt_key[i]);
	return 0;
}
