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
#include "game_list.h"
#include "match.h"
#include "options.h"
#include "replay.h"
#include "result_out.h"
#include "rules.h"
#include "seat.h"
#include "sandbox.h"
#include "sleep_read.h"
#include "strvec.h"
#include "path.h"
#include "util.h"
#include "viewer.h"

#include "main_options.h"

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
 * Every bot's stderr file exists before any bot starts, so that each
 * can be hidden from the others even in a directory one of them is
 * shown (a file made later would show through); with hide, each is
 * added to o->hide. Exits 1 when one cannot be made.
 */
static void make_stderr_files(struct options *o, char *const *seats, int nseats, int hide)
{
	static char files[MAX_SEATS][4096];
	char err[4096 + 256];

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
		if (hide)
			o->hide[o->nhide++] = files[s];
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
	make_stderr_files(o, seats, nseats, 1);
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

/*
 * The index in the run (0 for the first game) of the game being played,
 * -1 before the first and between games: what a SIGUSR1 sent with
 * sigqueue() names (docs/referee.md, Matches).
 */
static volatile sig_atomic_t running_game = -1;

/*
 * SIGUSR1: stop the game now (match.h, the stop policy), a sleeping read
 * too. One sent with sigqueue() stops only the game its value names: the
 * arena's stop of a game that has ended since must not land on the next,
 * and between games (running_game -1) no value, -1 neither, names one.
 */
static void on_stop(int sig, siginfo_t *si, void *ucontext)
{
	(void)sig;
	if (si && si->si_code == SI_QUEUE &&
	    (running_game < 0 || si->si_value.sival_int != running_game))
		return;
	bot_interrupt_from(ucontext);
}

/* SIGUSR2: finish the running game, then start no other (the arena's first Ctrl-C). */
static volatile sig_atomic_t last_game;

static void on_last_game(int sig)
{
	(void)sig;
	last_game = 1;
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
	/* --match: the games, and the paths no bot may see in any of them */
	struct game_list list;
	int match;
	struct strvec hide_store;
	const char **match_hide;
	unsigned char *repeats; /* per game of the list: its deal repeats an earlier game's */
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
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_last_game;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
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

/* The --bot-logs directory, the record, where the bots' stderr goes. */
static void open_game_outputs(struct session *se)
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
}

/* The explicit deal, the record, where the bots' stderr goes, what bots must not see. */
static void open_outputs(struct session *se)
{
	open_game_outputs(se);
	hide_records(&se->o, se->seats, se->nseats);
}

/*
 * Is dir (canonical) one of the directories the sandbox shows seat st
 * as its own: the SEAT directory, its program's directory, and without
 * a directory of its own those of the absolute paths its command names
 * (sandbox_view.c, plan_program() and plan_arg())?
 */
static int seat_shows(const struct seat *st, const char *dir)
{
	int shown = 0;

	for (int i = 0; i < st->argc && !shown; i++) {
		const char *w = st->argv[i];
		char *real, *up;

		if ((i == 0 && !strchr(w, '/')) || (i > 0 && (st->dir || w[0] != '/')))
			continue;
		up = path_dir(w);
		real = realpath(i == 0 ? up : w, NULL);
		shown = real && !strcmp(real, dir);
		free(up);
		if (!shown && real && i > 0) {
			up = path_dir(real);
			shown = !strcmp(up, dir);
			free(up);
		}
		free(real);
	}
	if (!shown && st->dir) {
		char *real = realpath(st->dir, NULL);

		shown = real && !strcmp(real, dir);
		free(real);
	}
	return shown;
}

/*
 * A run of several games may not write a game's record or bots' stderr
 * files straight into a directory a bot is shown as its own (exit 2).
 * In a single game such files are covered, each by itself, as they
 * exist when the bots start; a later game's files (a --match's records
 * and stderr files, the new stderr files of --bot-logs, whose last
 * game's files are renamed, the cover going with them) would be made
 * where a bot kept up from the start, or started afresh, reads them:
 * the other seats' stderr as they write it, and whole records.
 * Directories below the bot's own are hidden whole and stay allowed.
 * what names the path ("--bot-logs", "--match: FILE:LINE: 'log'").
 */
static void check_output_dir(const struct session *se, const char *path, int is_dir,
			     const char *what)
{
	char *dir = is_dir ? xstrdup(path) : path_dir(path), *real = realpath(dir, NULL);

	for (int s = 0; real && s < se->nseats; s++) {
		struct seat st;
		char err[512];
		int shown;

		if (seat_is_builtin(se->seats[s]) ||
		    seat_parse(&st, se->seats[s], se->o.seat_dir[s], err, sizeof(err)) < 0)
			continue;
		shown = seat_shows(&st, real);
		seat_release(&st);
		if (shown)
			usage_error_hint("write them elsewhere, or in a directory below it",
					 "%s '%s' %s '%s', seat %d's own directory: in a run of "
					 "several games that bot could read other seats' files there",
					 what, path, is_dir ? "is" : "lies in", real, s);
	}
	free(real);
	free(dir);
}

/* check_output_dir() for every record and bot-logs directory of a run of several games. */
static void check_outputs(const struct session *se)
{
	const char *name = se->match && strcmp(se->o.match, "-") ? se->o.match : "standard input";
	char what[4200];

	if (!se->match) {
		/* --log's record and the stderr files beside it are one file each, appended */
		if (se->o.games > 1 && se->o.bot_logs)
			check_output_dir(se, se->o.bot_logs, 1, "--bot-logs");
		return;
	}
	for (long i = 0; i < se->list.n && se->list.n > 1; i++) {
		const struct game_spec *g = &se->list.games[i];

		if (g->log) {
			snprintf(what, sizeof(what), "--match: %s:%ld: the record", name, g->line);
			check_output_dir(se, g->log, 0, what);
		}
		if (g->bot_logs) {
			snprintf(what, sizeof(what), "--match: %s:%ld: 'bot_logs'", name, g->line);
			check_output_dir(se, g->bot_logs, 1, what);
		}
	}
}

/* ---- --match: a list of games, each with its own seeds and paths --------- */

/* Reads the --match list (exit 2 when it is not one). */
static void match_read(struct session *se)
{
	const char *name = se->o.match;
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	char err[4096 + 256];

	if (!f)
		usage_error("cannot read --match '%s': %s", name, strerror(errno));
	game_list_init(&se->list);
	if (game_list_read(&se->list, f, strcmp(name, "-") ? name : "standard input", err,
			   sizeof(err)) < 0)
		usage_error_hint("see docs/referee.md, Matches", "--match: %s", err);
	if (f != stdin)
		fclose(f);
	se->match = 1;
	se->o.games = se->list.n;
}

/* Game i of the list takes the place of the command line's seeds and paths. */
static void match_select(struct session *se, long i)
{
	struct options *o = &se->o;
	const struct game_spec *g = &se->list.games[i];

	o->seed = g->seed;
	o->seed_given = 1;
	memcpy(o->bot_seed, g->bot_seed, sizeof(o->bot_seed));
	o->bot_seed_given = g->bot_seed_given;
	o->log_file = g->log;
	o->bot_logs = g->bot_logs;
	o->deal_file = g->deal;
	free(se->deal);
	free(se->deal_text);
	se->deal = NULL;
	se->deal_text = NULL;
}

/*
 * Every game's deal parses and gives a bare @script its moves, and its
 * seeds name seats that take one, before the first game starts: a
 * mistake is exit 2 with nothing played.
 */
static void match_check(struct session *se)
{
	const char *name = strcmp(se->o.match, "-") ? se->o.match : "standard input";
	const char *hint = "see docs/referee.md, Matches";
	char **texts = xcalloc((size_t)se->list.n + 1, sizeof(*texts));

	se->repeats = xcalloc((size_t)se->list.n + 1, 1);
	for (long i = 0; i < se->list.n; i++) {
		const struct game_spec *g = &se->list.games[i];

		match_select(se, i);
		load_deal(se);
		/* the same seed, or the same placed cards: one deal again */
		texts[i] = se->deal_text ? xstrdup(se->deal_text) : NULL;
		for (long j = 0; j < i && !se->repeats[i]; j++)
			se->repeats[i] = se->list.games[j].seed == g->seed ||
					 (texts[i] && texts[j] && !strcmp(texts[i], texts[j]));
		/* named by its line, as game_list_read()'s mistakes are */
		for (int s = 0; s < se->nseats; s++) {
			if (!strcmp(se->seats[s], "@script") &&
			    (!se->deal || !se->deal->nscript[s]))
				usage_error_hint(hint, "--match: %s:%ld: seat %d is @script with no "
						 "moves in its deal", name, g->line, s);
			if ((g->bot_seed_given & (1u << s)) && !seat_takes_seed(se->seats[s]))
				usage_error_hint(hint, "--match: %s:%ld: seat %d is %s, which draws "
						 "nothing at random (it takes no seed)", name, g->line,
						 s, se->seats[s]);
		}
		if (g->bot_seed_given >> se->nseats)
			usage_error_hint(hint, "--match: %s:%ld: 'bot_seeds' names a seat the game "
					 "does not have", name, g->line);
	}
	for (long i = 0; i < se->list.n; i++)
		free(texts[i]);
	free(texts);
	match_select(se, 0);
}

/*
 * Does game i deal what an earlier game of the run dealt: the same seed
 * in a --match list, or the same placed cards (a --deal file, every game
 * of --games)? No process plays one deal twice: a bot kept up would know
 * the hands it saw played the first time.
 */
static int game_repeats(const struct session *se, long i)
{
	if (se->match)
		return i < se->list.n && se->repeats[i];
	return i > 0 && se->deal != NULL;
}

/* Adds path to the hidden paths of a --match, and its real path when another. */
static void match_hide_add(struct session *se, const char *path)
{
	char *real = realpath(path, NULL);

	strvec_push(&se->hide_store, path);
	if (real && strcmp(real, path))
		strvec_push(&se->hide_store, real);
	free(real);
}

/*
 * What no bot may see in a match: the list (FILE of --match FILE, or
 * the file standard input is redirected from) and its directory, as a
 * deal's; and, as a bot kept up for the next game
 * keeps the view it started with, every game's record directory, bot
 * logs and deal from the start (the --hide paths and the current
 * directory as in a single game). The directories of the bot logs are
 * made now, so that they can be hidden.
 */
static void match_hide(struct session *se)
{
	struct options *o = &se->o;
	char cwd[4096], *in = NULL;
	const char *list = o->match;
	struct stat st;

	strvec_init(&se->hide_store);
	for (int h = 0; h < o->nhide; h++)
		strvec_push(&se->hide_store, o->hide[h]);
	/*
	 * the list holds every game's seed: its deal, and so every hand
	 * ('-' redirected from a file: that file)
	 */
	if (!strcmp(list, "-") && fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) &&
	    (in = realpath("/proc/self/fd/0", NULL)))
		list = in;
	if (strcmp(list, "-")) {
		char *real = realpath(list, NULL);
		char *dir = path_dir(real ? real : list);

		match_hide_add(se, dir);
		match_hide_add(se, list);
		free(dir);
		free(real);
	}
	free(in);
	for (long i = 0; i < se->list.n; i++) {
		const struct game_spec *g = &se->list.games[i];

		if (g->log) {
			char *dir = path_dir(g->log);

			match_hide_add(se, dir);
			strvec_push(&se->hide_store, g->log);
			free(dir);
		}
		if (g->bot_logs) {
			if (path_mkdir_p(g->bot_logs, 0700) < 0) {
				say("cannot make the bot_logs directory '%s' of --match: %s",
				    g->bot_logs, strerror(errno));
				exit(1);
			}
			match_hide_add(se, g->bot_logs);
		}
		if (g->deal) {
			char *real = realpath(g->deal, NULL);
			char *dir = path_dir(real ? real : g->deal);

			match_hide_add(se, dir);
			match_hide_add(se, g->deal);
			free(dir);
			free(real);
		}
	}
	if (getcwd(cwd, sizeof(cwd)))
		strvec_push(&se->hide_store, cwd);
	o->env.hide = (const char *const *)se->hide_store.items;
}

/*
 * Game i's deal, record and bots' stderr files: the last game's record
 * is closed first (its result is in it and synced), exit 1 when one
 * cannot be made.
 */
static void match_game_outputs(struct session *se, long i)
{
	struct options *o = &se->o;

	if (se->log && fclose(se->log) != 0)
		say("warning: closing the record '%s': %s", o->log_file, strerror(errno));
	se->log = NULL;
	free(o->stderr_prefix);
	o->stderr_prefix = NULL;
	o->env.stderr_prefix = NULL;
	match_select(se, i);
	load_deal(se);
	open_game_outputs(se);
	make_stderr_files(o, se->seats, se->nseats, 0);
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
	mc->seed = se->o.seed + (se->match ? 0 : (unsigned long long)i);
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

/*
 * Plays game i and prints its result line. 0; -1 with err when the game
 * failed (exit 1); -2 with err when a SEAT cannot be made for it (a bad
 * argument, exit 2: a directory that lost its 'run' since the first
 * game). Either way the players it made are freed and the kept ones
 * stay in se->kept for the caller to stop.
 */
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
	mc.env.stderr_append = i > 0 && !se->o.bot_logs && !se->match;
	mc.env.stderr_keep = se->o.bot_logs != NULL;
	/* each game of a --match has its own stderr files: a bot kept up moves to them */
	mc.env.stderr_own = se->match;
	mc.hand_end = result_out_tick; /* held result lines wait no longer than a hand */
	mc.result_fixed = se->result_fixed.len ? se->result_fixed.buf : NULL;
	mc.keep_bots = !se->o.no_matches && i + 1 < se->o.games && !game_repeats(se, i + 1);
	mc.env.keep_next = mc.keep_bots;
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
		if (!players[s]) {
			ret = -2;
			goto out;
		}
		if (player_wants_script(players[s]))
			player_set_script(players[s], se->deal->script[s], se->deal->nscript[s]);
	}
	strbuf_reset(line);
	running_game = (sig_atomic_t)i;
	if (match_run(&mc, players, &res, err, len) < 0) {
		running_game = -1;
		goto out;
	}
	/*
	 * over: a stop that names it comes too late, and stops nothing; one
	 * that came before this (even after the last move) stops the run,
	 * and the line says so, which is how the arena tells it from a stop
	 * ignored as stale (docs/referee.md, Matches)
	 */
	running_game = -1;
	res.stopped = bot_interrupted();
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

/*
 * Seeds read from standard input (--seed -, --match -) leave it spent:
 * /dev/null takes its place, so that no file the referee holds keeps
 * them (the arena's input is a memory file, which reads again from the
 * start through /proc/PID/fd/0). A @human seat plays on it: kept.
 */
static void spend_stdin(const struct session *se)
{
	int fd;

	if (!se->o.seed_stdin && !(se->match && !strcmp(se->o.match, "-")))
		return;
	for (int s = 0; s < se->nseats; s++)
		if (!strcmp(se->seats[s], "@human"))
			return;
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || dup2(fd, STDIN_FILENO) < 0) {
		say("cannot replace standard input by /dev/null: %s", strerror(errno));
		exit(1);
	}
	if (fd != STDIN_FILENO)
		close(fd);
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
	if (o->match) {
		match_read(&se);
		match_check(&se);
	}
	load_deal(&se);
	check_seats(&se);
	check_hides(o, se.seats, o->seat_dir, se.nseats);
	check_outputs(&se);
	if (se.match)
		match_hide(&se);
	else
		open_outputs(&se);
	spend_stdin(&se);
	strbuf_init(&se.result_fixed);
	strbuf_init(&se.line);
	/* a SEAT it cannot encode leaves it empty: each result line then says why */
	match_result_fixed(&se.rules, (const char *const *)se.seats, &se.result_fixed, err,
			   sizeof(err));
	/* a match's lines go out as each game ends: the arena counts them as they come */
	result_out_hold(!se.match && holds_results(&se));
	for (long i = 0; i < o->games; i++) {
		if (se.match)
			match_game_outputs(&se, i);
		int played = play_game(&se, i, err, sizeof(err));

		if (played < 0) {
			char ferr[512];

			if (played == -1)
				say("%s", err);
			if (result_out_flush(ferr, sizeof(ferr)) < 0)
				say("%s", ferr);
			/* a match's bots, left up for the next game: stopped, their scratch removed */
			for (int s = 0; s < se.nseats; s++)
				player_free(se.kept[s]);
			if (played == -2)
				usage_error("%s", err);
			return 1;
		}
		if (bot_interrupted() || last_game)
			break; /* stopped: no further game */
	}
	if (result_out_flush(err, sizeof(err)) < 0) {
		say("%s", err);
		return 1;
	}
	/* a match's games are the arena's to sum up: its stderr stays empty */
	if (o->games > 1 && !se.match)
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
	if (se.match) {
		game_list_release(&se.list);
		strvec_release(&se.hide_store);
		free(se.repeats);
	}
	return 0;
}
