/*
 * main.c - bin/arena: runs whole tournaments of euchre bots.
 *
 *   arena [options] CONFIG          play (or resume) a tournament
 *   arena --check [-v] CONFIG       check the config, print the schedule
 *   arena report [--csv|--json] RESULTS...   standings from results files
 *
 * This file parses the command line, prints, and decides exit codes; the
 * work is done by the modules it calls, in the order the data flows:
 * config, schedule, play (runner, refargv, results), standings, report.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "config.h"
#include "interrupt.h"
#include "play.h"
#include "refargv.h"
#include "report.h"
#include "results.h"
#include "schedule.h"
#include "standings.h"
#include "strset.h"
#include "util.h"

#define EXIT_RUNTIME 1
#define EXIT_USAGE 2
#define EXIT_FAILED_GAMES 3

static const char usage_text[] =
	"usage: arena [options] CONFIG\n"
	"       arena --check [-v] [--game ID] CONFIG\n"
	"       arena report [--csv | --json] RESULTS...\n"
	"\n"
	"Runs a tournament of euchre bots described by CONFIG (an INI file, see\n"
	"docs/arena.md): every game in its own referee process, 'jobs' at a time,\n"
	"each finished game appended to RESULTS/results.jsonl. Running the same\n"
	"command again resumes: finished games are kept, the others are played.\n"
	"At the end the standings are printed.\n"
	"\n"
	"options:\n"
	"  --results DIR   results directory (default: 'results' in [arena], else\n"
	"                  results/NAME; with --shard K/N: that plus /shard-K-of-N)\n"
	"  --fresh         start over: move the existing results aside to DIR.old-N\n"
	"  --shard K/N     play only the K-th of N slices of the schedule\n"
	"  --jobs N        games at once (default: 'jobs', else one per core)\n"
	"  --referee PATH  the referee program (default: 'referee', else the\n"
	"                  referee next to this program)\n"
	"  -q, --quiet     no progress line\n"
	"  --check         check CONFIG and print the schedule size; play nothing\n"
	"  -v, --verbose   with --check: every game with the command that replays it\n"
	"  --game ID       with --check -v: only that game\n"
	"  -h, --help      show this text\n"
	"\n"
	"report: prints the standings of one or more results files or directories\n"
	"(shards are merged, a game id is counted once); --csv or --json change\n"
	"the format.\n"
	"\n"
	"exit status:\n"
	"  0    done: every game played (--check: the config is valid)\n"
	"  1    runtime error (results cannot be written, the referee cannot run)\n"
	"  2    bad arguments or config, or results that belong to another schedule\n"
	"  3    finished, but some games failed twice (see failed.jsonl; run the\n"
	"       same command again to retry them)\n"
	"  130  stopped by Ctrl-C (143: SIGTERM, 129: SIGHUP); run the same command\n"
	"       to resume\n";

struct options {
	const char *config;
	const char *results;
	const char *referee;
	const char *game;
	int fresh, check, verbose, quiet;
	long jobs;
	int shard_k, shard_n;
};

static void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "arena: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see arena --help)\n");
	exit(EXIT_USAGE);
}

static void parse_shard(const char *arg, struct options *o)
{
	const char *slash = strchr(arg, '/');
	char k[32];
	long kk, nn;

	if (!slash || (size_t)(slash - arg) >= sizeof(k))
		die_usage("--shard '%s' is not K/N", arg);
	memcpy(k, arg, (size_t)(slash - arg));
	k[slash - arg] = '\0';
	if (parse_long(k, 1, 100000, &kk) < 0 || parse_long(slash + 1, 1, 100000, &nn) < 0 ||
	    kk > nn)
		die_usage("--shard '%s' is not K/N with 1 <= K <= N", arg);
	o->shard_k = (int)kk;
	o->shard_n = (int)nn;
}

static void parse_args(int argc, char **argv, struct options *o)
{
	enum { OPT_RESULTS = 256, OPT_FRESH, OPT_SHARD, OPT_JOBS, OPT_REFEREE, OPT_CHECK,
	       OPT_GAME };
	static const struct option longopts[] = {
		{ "results", required_argument, NULL, OPT_RESULTS },
		{ "fresh", no_argument, NULL, OPT_FRESH },
		{ "shard", required_argument, NULL, OPT_SHARD },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "referee", required_argument, NULL, OPT_REFEREE },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "game", required_argument, NULL, OPT_GAME },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hvq", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_RESULTS:
			o->results = optarg;
			break;
		case OPT_FRESH:
			o->fresh = 1;
			break;
		case OPT_SHARD:
			parse_shard(optarg, o);
			break;
		case OPT_JOBS:
			if (parse_long(optarg, 1, 1024, &o->jobs) < 0)
				die_usage("--jobs '%s' is not a number from 1 to 1024", optarg);
			break;
		case OPT_REFEREE:
			o->referee = optarg;
			break;
		case OPT_CHECK:
			o->check = 1;
			break;
		case OPT_GAME:
			o->game = optarg;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		default:
			if (optopt && optopt < 256)
				die_usage("unknown option '-%s'", (char[]){ (char)optopt, 0 });
			die_usage("unknown or incomplete option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		die_usage("%s", optind >= argc ? "no CONFIG given" : "give exactly one CONFIG");
	o->config = argv[optind];
}

/* ---- report ---- */

static int cmd_report(int argc, char **argv)
{
	enum report_format fmt = REPORT_TEXT;
	struct result_set set;
	struct standings st;
	struct strbuf out = STRBUF_INIT;
	char err[1024];
	int i, npaths = 0;

	result_set_init(&set);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv"))
			fmt = REPORT_CSV;
		else if (!strcmp(argv[i], "--json"))
			fmt = REPORT_JSON;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1])
			die_usage("unknown report option '%s'", argv[i]);
		else {
			npaths++;
			if (result_set_read(&set, argv[i], err, sizeof(err)) < 0) {
				fprintf(stderr, "arena: %s\n", err);
				result_set_release(&set);
				return EXIT_RUNTIME;
			}
		}
	}
	if (!npaths)
		die_usage("%s", "report needs RESULTS (a results.jsonl file or a results directory)");
	result_set_finish(&set);
	standings_compute(&st, &set);
	strbuf_init(&out);
	report_write(&out, &st, &set, fmt);
	fputs(out.buf, stdout);
	strbuf_release(&out);
	standings_release(&st);
	result_set_release(&set);
	return 0;
}

/* ---- shared by --check and runs ---- */

static char *default_referee(void)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct strbuf sb = STRBUF_INIT;
	char *slash;

	strbuf_init(&sb);
	if (n > 0) {
		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash)
			*slash = '\0';
		strbuf_addf(&sb, "%s/referee", self);
	} else {
		strbuf_addstr(&sb, "bin/referee");
	}
	return strbuf_detach(&sb);
}

static char *results_dir_for(const struct options *o, const struct config *c)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	if (o->results)
		strbuf_addstr(&sb, o->results);
	else if (o->shard_n)
		strbuf_addf(&sb, "%s/shard-%d-of-%d", c->results, o->shard_k, o->shard_n);
	else
		strbuf_addstr(&sb, c->results);
	while (sb.len > 1 && sb.buf[sb.len - 1] == '/')
		sb.buf[--sb.len] = '\0';
	return strbuf_detach(&sb);
}

static long default_jobs(const struct options *o, const struct config *c)
{
	long n;

	if (o->jobs)
		return o->jobs;
	if (c->jobs)
		return c->jobs;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

static void print_schedule(const struct config *c, const struct schedule *s)
{
	for (int v = 0; v < c->nvariants; v++) {
		const struct schedule_variant *sv = &s->variants[v];

		if (sv->skipped[0]) {
			printf("  %-12s skipped: %s\n", c->variants[v].name, sv->skipped);
			continue;
		}
		printf("  %-12s %4d %s%s x %ld deal%s x %d rotations = %d games\n",
		       c->variants[v].name, sv->pairings, sv->unit, sv->pairings == 1 ? "" : "s",
		       sv->deals, sv->deals == 1 ? "" : "s", sv->rotations, sv->games);
	}
	printf("  total %d games\n", s->ngames);
}

static int cmd_check(const struct options *o, struct config *c)
{
	struct schedule s;
	char err[1024], *referee, *results;
	int nbuild = 0, skipped = 0, ret = 0;

	if (schedule_build(&s, c, NULL, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", c->path, err);
		return EXIT_USAGE;
	}
	referee = o->referee ? xstrdup(o->referee) : c->referee ? xstrdup(c->referee)
								 : default_referee();
	{
		char *abs = realpath(referee, NULL);

		if (abs) {
			free(referee);
			referee = abs;
		}
	}
	results = results_dir_for(o, c);
	printf("%s: ok\n", c->path);
	printf("arena %s: seed %llu, %ld jobs, results in %s\n", c->name,
	       (unsigned long long)c->seed, default_jobs(o, c), results);
	printf("bots: %d (", c->nbots);
	for (int i = 0; i < c->nbots; i++) {
		printf("%s%s", i ? ", " : "", c->bots[i].name);
		nbuild += c->bots[i].build != NULL;
	}
	printf(")\n");
	for (int i = 0; i < c->nrejected; i++)
		printf("rejected submission %s: %s\n", c->rejected[i].name, c->rejected[i].reason);
	if (nbuild)
		printf("builds: %d bot%s %s a build command (run without --check to build; a "
		       "failed build excludes that bot)\n", nbuild, nbuild == 1 ? "" : "s",
		       nbuild == 1 ? "has" : "have");
	printf("schedule:\n");
	print_schedule(c, &s);
	for (int v = 0; v < s.nvariants; v++)
		skipped |= s.variants[v].skipped[0] != 0;
	if (o->shard_n) {
		int n = 0;

		for (int i = 0; i < s.ngames; i++)
			n += schedule_in_shard(&s.games[i], o->shard_k, o->shard_n);
		printf("shard %d/%d: %d games\n", o->shard_k, o->shard_n, n);
	}
	if (o->verbose) {
		int found = 0;

		for (int i = 0; i < s.ngames; i++) {
			const struct game *g = &s.games[i];
			struct strvec argv;
			struct strbuf cmd = STRBUF_INIT;

			if (o->shard_n && !schedule_in_shard(g, o->shard_k, o->shard_n))
				continue;
			if (o->game && strcmp(o->game, g->id))
				continue;
			found = 1;
			strvec_init(&argv);
			strbuf_init(&cmd);
			refargv_build(&argv, c, g, referee, NULL, NULL);
			refargv_command_line(&cmd, c, g, &argv);
			printf("%s  %s\n", g->id, cmd.buf);
			strvec_release(&argv);
			strbuf_release(&cmd);
		}
		if (o->game && !found) {
			fprintf(stderr, "arena: no game '%s' in the schedule\n", o->game);
			ret = EXIT_USAGE;
		}
	}
	if (skipped) {
		fprintf(stderr, "%s: some variants cannot be played by these bots (see above)\n",
			c->path);
		ret = EXIT_USAGE;
	}
	free(referee);
	free(results);
	schedule_release(&s);
	return ret;
}

/* ---- runs ---- */

struct ui {
	int tty, quiet;
	const char *name;
	double last_print;
	int line_shown;
};

static double wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void clear_line(struct ui *ui)
{
	if (ui->tty && ui->line_shown) {
		fputs("\r\033[K", stderr);
		ui->line_shown = 0;
	}
}

static void on_note(void *arg, const char *msg)
{
	struct ui *ui = arg;

	clear_line(ui);
	fprintf(stderr, "arena: %s\n", msg);
}

static void on_progress(void *arg, const struct play_status *st, int final)
{
	struct ui *ui = arg;
	double t = wall(), rate = st->elapsed > 0 ? (double)st->done_now / st->elapsed : 0;
	long left = st->total - st->done - st->failed;
	char eta[32];

	if (ui->quiet)
		return;
	if (!final && t - ui->last_print < (ui->tty ? 0.2 : 10.0))
		return;
	ui->last_print = t;
	if (rate > 0 && left > 0) {
		long s = (long)((double)left / rate + 0.5);

		snprintf(eta, sizeof(eta), "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	} else {
		snprintf(eta, sizeof(eta), "-");
	}
	clear_line(ui);
	fprintf(stderr, "[%s] %ld/%ld games (%.1f%%)  %.1f games/s  ETA %s  faults %ld  failed %ld%s",
		ui->name, st->done, st->total,
		st->total ? 100.0 * (double)st->done / (double)st->total : 100.0, rate, eta,
		st->faults, st->failed,
		st->stopping == 1 ? "  stopping" : st->stopping == 2 ? "  aborting" : "");
	if (ui->tty && !final) {
		ui->line_shown = 1;
		fflush(stderr);
	} else {
		fputc('\n', stderr);
	}
}

/* Marks inactive the bots that earlier builds excluded (recorded in arena.json). */
static void apply_excluded(const struct config *c, const struct strvec *excluded, int *active)
{
	for (int i = 0; i < c->nbots; i++)
		for (size_t k = 0; k < excluded->nr; k++) {
			size_t n = strlen(c->bots[i].name);

			if (!strncmp(excluded->items[k], c->bots[i].name, n) &&
			    excluded->items[k][n] == '\t')
				active[i] = 0;
		}
}

static int print_final_report(const char *dir)
{
	struct result_set set;
	struct standings st;
	struct strbuf out = STRBUF_INIT;
	char err[1024];

	result_set_init(&set);
	if (result_set_read(&set, dir, err, sizeof(err)) < 0) {
		fprintf(stderr, "arena: %s\n", err);
		result_set_release(&set);
		return -1;
	}
	result_set_finish(&set);
	standings_compute(&st, &set);
	strbuf_init(&out);
	report_write(&out, &st, &set, REPORT_TEXT);
	fputs(out.buf, stdout);
	fflush(stdout);
	strbuf_release(&out);
	standings_release(&st);
	result_set_release(&set);
	return 0;
}

/*
 * The referee to run, as an absolute path (referees run in the config's
 * directory). NULL, after a message, when it cannot be run.
 */
static char *find_referee(const struct options *o, const struct config *c)
{
	char *referee = o->referee ? xstrdup(o->referee)
				   : c->referee ? xstrdup(c->referee) : default_referee();
	char *abs;

	if (access(referee, X_OK) < 0) {
		fprintf(stderr, "arena: cannot run the referee '%s': %s (build it with make, or "
			"set 'referee' in [arena] or --referee)\n", referee, strerror(errno));
		free(referee);
		return NULL;
	}
	abs = realpath(referee, NULL);
	if (abs) {
		free(referee);
		referee = abs;
	}
	return referee;
}

/* Points every active bot that was built at its built copy (builds/NAME). */
static void use_builds(struct config *c, const char *builds, const int *active)
{
	for (int i = 0; i < c->nbots; i++) {
		char path[PATH_MAX], real[PATH_MAX];

		if (!active[i] || !c->bots[i].build)
			continue;
		snprintf(path, sizeof(path), "%s/%s", builds, c->bots[i].name);
		if (realpath(path, real))
			config_use_build(&c->bots[i], real);
	}
}

/*
 * Which bots play (active[]). A resumed run keeps the first run's verdict
 * (meta, from arena.json); a first run builds the bots now and records
 * failures and rejected submissions in now->excluded. 0, or an exit status.
 */
static int choose_bots(struct config *c, const char *referee, const char *dir, long jobs,
		       int have_meta, const struct results_meta *meta, struct results_meta *now,
		       int *active, struct ui *ui)
{
	char builds[PATH_MAX], err[1024];
	int *excluded;

	for (int i = 0; i < c->nbots; i++)
		active[i] = 1;
	snprintf(builds, sizeof(builds), "%s/builds", dir);
	if (have_meta) {
		apply_excluded(c, &meta->excluded, active);
		use_builds(c, builds, active);
		return 0;
	}
	excluded = xcalloc((size_t)c->nbots + 1, sizeof(int));
	if (build_all(c, referee, builds, (int)jobs, excluded, &now->excluded, on_note, ui,
		      interrupt_fd(), err, sizeof(err)) < 0) {
		fprintf(stderr, "arena: %s\n", err);
		free(excluded);
		return !strcmp(err, "interrupted") ? 128 + interrupt_signal() : EXIT_RUNTIME;
	}
	for (int i = 0; i < c->nbots; i++)
		active[i] = !excluded[i];
	free(excluded);
	use_builds(c, builds, active);
	for (int i = 0; i < c->nrejected; i++)
		strvec_pushf(&now->excluded, "%s\trejected: %s", c->rejected[i].name,
			     c->rejected[i].reason);
	return 0;
}

/*
 * A results directory belongs to one schedule and one shard: checks that
 * against arena.json, or writes arena.json on a first run. 0, or an exit
 * status after a message.
 */
static int claim_results(const struct config *c, struct results *res, const char *dir,
			 int have_meta, const struct results_meta *meta, struct results_meta *now,
			 const char *fp, const char *shard, long games)
{
	char err[1024];

	if (have_meta && strcmp(meta->fingerprint, fp)) {
		fprintf(stderr,
			"arena: %s holds results of a different schedule (%ld games; now %ld): "
			"the config changed what is played. Use --fresh to start over (the old "
			"results are moved aside), or another --results directory\n",
			dir, meta->games, games);
		return EXIT_USAGE;
	}
	if (have_meta && strcmp(meta->shard, shard)) {
		fprintf(stderr, "arena: %s holds shard %s, not %s; use another --results "
			"directory\n", dir, meta->shard, shard);
		return EXIT_USAGE;
	}
	if (have_meta)
		return 0;
	snprintf(now->fingerprint, sizeof(now->fingerprint), "%s", fp);
	snprintf(now->shard, sizeof(now->shard), "%s", shard);
	now->games = games;
	if (results_write_meta(res, now, c->name, c->path, err, sizeof(err)) < 0) {
		fprintf(stderr, "arena: %s\n", err);
		return EXIT_RUNTIME;
	}
	return 0;
}

/* Plays todo[], then prints the report. Returns the exit status. */
static int play_and_report(const struct config *c, struct game **todo, long ntodo,
			   struct results *res, const char *dir, const char *referee, long jobs,
			   struct play_status *st, struct ui *ui)
{
	struct play_opts po;
	char err[1024];

	if (!ntodo) {
		fprintf(stderr, "arena: nothing to play: all %ld games are in %s\n", st->total, dir);
	} else {
		int played;

		if (st->done)
			fprintf(stderr, "arena: resuming %s: %ld of %ld games already played\n", dir,
				st->done, st->total);
		memset(&po, 0, sizeof(po));
		po.jobs = (int)(jobs < ntodo ? jobs : ntodo);
		po.referee = referee;
		po.progress = on_progress;
		po.note = on_note;
		po.arg = ui;
		played = play_run(c, todo, ntodo, res, &po, st, err, sizeof(err));
		if (played < 0) {
			fprintf(stderr, "arena: %s\n", err);
			return EXIT_RUNTIME;
		}
		if (played == 1) {
			fprintf(stderr, "arena: stopped: %ld of %ld games played; run the same command "
				"again to resume\n", st->done, st->total);
			return 128 + (interrupt_signal() ? interrupt_signal() : SIGINT);
		}
	}
	if (print_final_report(dir) < 0)
		return EXIT_RUNTIME;
	if (st->failed) {
		fprintf(stderr, "arena: %ld game%s failed twice (see %s/failed.jsonl); run the same "
			"command again to retry\n", st->failed, st->failed == 1 ? "" : "s", dir);
		return EXIT_FAILED_GAMES;
	}
	return 0;
}

/*
 * A run: the results directory (locked), the bots (built on a first run),
 * the schedule (checked against the directory's), the games not yet
 * played, then the report.
 */
static int cmd_run(const struct options *o, struct config *c)
{
	struct results *res = NULL;
	struct results_meta meta, now;
	struct schedule s;
	struct strset done;
	struct play_status st;
	struct ui ui;
	struct game **todo = NULL;
	char err[2048], fp[17], shard[32], *moved = NULL, *referee, *dir;
	int *active = xcalloc((size_t)c->nbots + 1, sizeof(int));
	int have_meta, ret = EXIT_RUNTIME, schedule_ok = 0;
	long ntodo = 0, repaired = 0, jobs = default_jobs(o, c);

	results_meta_init(&meta);
	results_meta_init(&now);
	strset_init(&done);
	memset(&st, 0, sizeof(st));
	memset(&ui, 0, sizeof(ui));
	ui.tty = isatty(2);
	ui.quiet = o->quiet;
	ui.name = c->name;
	dir = results_dir_for(o, c);
	snprintf(shard, sizeof(shard), "%d/%d", o->shard_n ? o->shard_k : 1,
		 o->shard_n ? o->shard_n : 1);
	if (!(referee = find_referee(o, c)))
		goto out;
	if (interrupt_install(err, sizeof(err)) < 0 ||
	    !(res = results_new(dir, o->fresh, &moved, err, sizeof(err))) ||
	    (have_meta = results_read_meta(res, &meta, err, sizeof(err))) < 0) {
		fprintf(stderr, "arena: %s\n", err);
		goto out;
	}
	if (moved)
		fprintf(stderr, "arena: moved the earlier results aside to %s\n", moved);
	if ((ret = choose_bots(c, referee, dir, jobs, have_meta, &meta, &now, active, &ui)) != 0)
		goto out;
	if (schedule_build(&s, c, active, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", c->path, err);
		ret = EXIT_USAGE;
		goto out;
	}
	schedule_ok = 1;
	for (int v = 0; v < s.nvariants; v++)
		if (s.variants[v].skipped[0])
			fprintf(stderr, "arena: warning: skipping %s: %s\n", c->variants[v].name,
				s.variants[v].skipped);
	schedule_fingerprint(&s, c, fp);
	for (int i = 0; i < s.ngames; i++)
		st.total += !o->shard_n || schedule_in_shard(&s.games[i], o->shard_k, o->shard_n);
	ret = claim_results(c, res, dir, have_meta, &meta, &now, fp, shard, st.total);
	if (ret)
		goto out;
	ret = EXIT_RUNTIME;
	if (results_load(res, &done, &st.faults, &repaired, err, sizeof(err)) < 0) {
		fprintf(stderr, "arena: %s\n", err);
		goto out;
	}
	if (repaired)
		fprintf(stderr, "arena: repaired results.jsonl: cut off a torn last line (%ld "
			"bytes); that game will be played again\n", repaired);
	todo = xcalloc((size_t)s.ngames + 1, sizeof(*todo));
	for (int i = 0; i < s.ngames; i++) {
		struct game *g = &s.games[i];

		if (o->shard_n && !schedule_in_shard(g, o->shard_k, o->shard_n))
			continue;
		if (strset_has(&done, g->id))
			st.done++;
		else
			todo[ntodo++] = g;
	}
	ret = play_and_report(c, todo, ntodo, res, dir, referee, jobs, &st, &ui);
out:
	free(todo);
	if (schedule_ok)
		schedule_release(&s);
	results_free(res);
	results_meta_release(&meta);
	results_meta_release(&now);
	strset_release(&done);
	free(active);
	free(referee);
	free(dir);
	free(moved);
	return ret;
}

int main(int argc, char **argv)
{
	struct options o;
	struct config c;
	char err[8192];
	int ret;

	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	memset(&o, 0, sizeof(o));
	parse_args(argc, argv, &o);
	if (!o.check && (o.verbose || o.game))
		die_usage("%s", "-v and --game go with --check");
	if (config_load(&c, o.config, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		config_release(&c);
		return EXIT_USAGE;
	}
	ret = o.check ? cmd_check(&o, &c) : cmd_run(&o, &c);
	config_release(&c);
	return ret;
}
