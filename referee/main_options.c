/*
 * main_options.c - bin/referee's command line (see main_options.h).
 */
#include "main_options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot.h"
#include "cpu.h"
#include "options.h"
#include "protocol.h"
#include "rules.h"
#include "sandbox.h"
#include "seat.h"
#include "version.h"

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
	"and no further game starts (the arena sends it at its game timeout); that\n"
	"game's result line, and no other, ends with \"stopped\":true; sent\n"
	"with sigqueue(), it stops only the game whose index in the run (0 for the\n"
	"first) its value names, and is ignored once that game is over;\n"
	"SIGUSR2 lets the running game finish and starts no further one (the\n"
	"arena sends it to a match at its first Ctrl-C).\n"
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
void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_vfail("see referee --help", fmt, ap);
}

/* A problem with a better hint than the usage text. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3), noreturn))
#endif
void usage_error_hint(const char *hint, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_vfail(hint, fmt, ap);
}



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
	if (!strcmp(arg, "-")) {
		arg = seed_from_stdin();
		ropts.seed_stdin = 1;
	}
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
	options_print_exit("referee", &sb);
}

static int opt_list_variants(const struct option_spec *opt, const char *arg, char *err,
			     size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	rules_list_variants(&sb);
	options_print_exit("referee", &sb);
}

static int opt_version(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	strbuf_addf(&sb, "referee (euchre-arena) %s, protocol %d, handshake %d\n",
		    EUCHRE_ARENA_VERSION, PROTOCOL_VERSION_MAX, PROTOCOL_VERSION);
	options_print_exit("referee", &sb);
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
	OPT_STRING(0, "match", &ropts.match, "FILE",
		   "play the games FILE lists, one line of JSON per game with its own seed, "
		   "built-in seats' seeds, record, bot logs and deal: {\"seed\": N, \"bot_seeds\": "
		   "{\"SEAT\": N}, \"log\": FILE, \"bot_logs\": DIR, \"deal\": FILE} (seed "
		   "required); '-' reads it from standard input (out of sight of ps); each game's "
		   "result line is printed as it ends; not with --seed, --games, --bot-seed, "
		   "--log, --bot-logs or --deal (docs/referee.md, Matches)"),
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
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_help("referee", usage_head, referee_table, usage_tail);
}

/* --help-markdown: the table as docs/referee.md lists it (docs/options.sh). */
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_markdown("referee", referee_table);
}

/*
 * Parses the command line into *o; the words that are not options (the
 * SEATs, or --build's DEST and command) are moved to argv[0..n). Returns n.
 */
int parse_args(int argc, char **argv, struct options *o)
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
	if (ropts.match && (ropts.seed_given || ropts.games != 1 || ropts.bot_seed_given ||
			    ropts.log_file || ropts.bot_logs || ropts.deal_file))
		usage_error("--match gives each game's seeds, record, bot logs and deal: not "
			    "with --seed, --games, --bot-seed, --log, --bot-logs or --deal");
	/* game i is dealt from seed + i: the last one must be a seed too */
	if (ropts.seed_given &&
	    (unsigned long long)(ropts.games - 1) > 0x7fffffffffffffffULL - ropts.seed)
		usage_error("--games %ld from this --seed would deal past seed 2^63-1",
			    ropts.games);
	*o = ropts;
	return n;
}
