/*
 * cmd_main.c - bin/arena: runs whole tournaments of euchre bots.
 *
 *   arena [options] CONFIG          play (or resume) a tournament (cmd_run.c)
 *   arena --check [-v] CONFIG       check the config, print the schedule
 *   arena report [--csv|--json|--html FILE] RESULTS...   standings from results files
 *   arena key FILE                  a new tournament key, for shards
 *   arena compare ...               is bot B better than bot A (cmd_compare.c)
 *   arena slurm ...                 the tournament as a Slurm job array (cmd_slurm.c)
 *
 * This file parses the command line, prints, and decides exit codes; a
 * run is cmd_run.c's (cmd_run.h), and the work is done by the modules they call,
 * in the order the data flows: config, key, schedule, play (runner,
 * refargv, results), standings, report.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "cmd_compare.h"
#include "plan_config.h"
#include "report_index_page.h"
#include "options.h"
#include "plan_key.h"
#include "play.h"
#include "play_refargv.h"
#include "report.h"
#include "store_results.h"
#include "cmd_run.h"
#include "plan_schedule.h"
#include "cmd_slurm.h"
#include "rank_standings.h"
#include "cmd_status.h"
#include "strvec.h"
#include "util.h"
#include "version.h"

/* The synopsis and what a run does: --help's text above the options. */
static const char usage_head[] =
	"usage: arena [options] CONFIG\n"
	"       arena --check [-v] [--game ID] [--key FILE] CONFIG\n"
	"       arena report [--csv | --json | --html FILE] RESULTS...\n"
	"       arena key FILE\n"
	"       arena compare [options] BOT_A BOT_B   (see arena compare --help)\n"
	"       arena slurm [options] CONFIG   (a Slurm job array; see arena slurm --help)\n"
	"\n"
	"Runs a tournament of euchre bots described by CONFIG (an INI file, see\n"
	"docs/arena.md): every game in its own referee process, 'jobs' at a time,\n"
	"each finished game appended to RESULTS/results.jsonl. Running the same\n"
	"command again resumes: finished games are kept, the others are played.\n"
	"Bots may change between runs: a new or changed bot (its files and build\n"
	"command are fingerprinted) is built again and its games played; the games\n"
	"of changed and removed bots move to RESULTS/archive/N and no longer count.\n"
	"At the end the standings are printed, and written as a web page to\n"
	"RESULTS/index.html (rewritten every few seconds while games are played),\n"
	"and every bot gets a feedback file, RESULTS/feedback/NAME.txt. Unless\n"
	"CONFIG sets 'seed', every deal comes from a secret key made at the first\n"
	"run (RESULTS/key). No game seats two copies of one program: each bot is\n"
	"partnered by the house player ('house', @greedy) in team variants\n"
	"('partners = copies' makes teams of copies, which can read each other's\n"
	"hands through channels of a shared kernel; see docs/sandbox.md).\n"
	"\n";

/* --help's text below the options: report, key and the exit status. */
static const char usage_tail[] =
	"Options may come before or after CONFIG (arena CONFIG --jobs 2); '--'\n"
	"ends them. 'report', 'key', 'compare' and 'slurm' come first.\n"
	"\n"
	"report: prints the standings of results files or directories (shards are\n"
	"merged; a game id given twice alike counts once; runs whose arena.json\n"
	"differ in key, setup, shard count or a bot's fingerprint, or a game given\n"
	"twice with another result: exit 2); --csv, --json: other formats; --html\n"
	"FILE: one self-contained web page (game links relative to FILE's dir).\n"
	"A result line that differs from its stored schedule is an error\n"
	"(arena report --help lists its options).\n"
	"\n"
	"key: writes a new random tournament key to FILE (mode 0600; never\n"
	"overwrites); give it to every shard of a tournament with --key FILE.\n"
	"\n"
	"exit status:\n"
	"  0    done: every game played (--check: the config is valid)\n"
	"  1    runtime error (results cannot be written, the referee cannot run,\n"
	"       a results or key file is damaged or does not match the schedule)\n"
	"  2    bad arguments or config (no arguments: the short usage), or results\n"
	"       that belong to another schedule or key (report: to another run)\n"
	"  3    finished, but some games failed twice (see failed.jsonl; run the\n"
	"       same command again to retry them)\n"
	"  130  stopped by Ctrl-C (143: SIGTERM, 129: SIGHUP): run it again to resume\n"
	"(arena compare --help and arena slurm --help give theirs)\n";

/* A bad command line: the problem, its one hint, exit 2. */
static void die_usage(const char *fmt, const char *arg)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_addf(&sb, fmt, arg);
	say("%s (see arena --help)", sb.buf);
	strbuf_release(&sb);
	exit(EXIT_USAGE);
}

/* What a run's or --check's command line asks for (the table below fills it). */
static struct options run_opts;

static int opt_shard(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct options *o = opt->value;
	const char *slash = strchr(arg, '/');
	char k[32];
	long kk, nn;

	if (!slash || (size_t)(slash - arg) >= sizeof(k)) {
		snprintf(err, len, "--shard '%s' is not K/N", arg);
		return -1;
	}
	memcpy(k, arg, (size_t)(slash - arg));
	k[slash - arg] = '\0';
	if (parse_long(k, 1, 100000, &kk) < 0 || parse_long(slash + 1, 1, 100000, &nn) < 0 ||
	    kk > nn) {
		snprintf(err, len, "--shard '%s' is not K/N with 1 <= K <= N", arg);
		return -1;
	}
	o->shard_k = (int)kk;
	o->shard_n = (int)nn;
	return 0;
}

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len);
static int opt_version(const struct option_spec *opt, const char *arg, char *err, size_t len);
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len);

/* The options of a run and of --check: parsing, --help and docs/arena.md's list. */
static const struct option_spec run_table[] = {
	OPT_GROUP("options:"),
	OPT_STRING(0, "results", &run_opts.results, "DIR",
		   "results directory (default: 'results' in [arena], else results/NAME; "
		   "with --shard K/N: that plus /shard-K-of-N)"),
	OPT_FLAG(0, "fresh", &run_opts.fresh,
		 "start over (new key, every game played again): move the existing results "
		 "aside to DIR.old-N (nothing is deleted)"),
	OPT_CALLBACK(0, "shard", &run_opts, "K/N", opt_shard,
		     "play only the K-th of N slices of the schedule (needs --key FILE unless "
		     "CONFIG sets 'seed')"),
	OPT_STRING(0, "key", &run_opts.key, "FILE",
		   "deal from the tournament key in FILE (made by 'arena key FILE'), so that "
		   "shards deal the same cards; with --check: show the seeds of that key"),
	OPT_LONG(0, "jobs", &run_opts.jobs, "N", 1, 1024,
		 "games at once (default: 'jobs', else one per CPU the arena may use: its "
		 "affinity, which taskset, a cpuset or Slurm may make fewer than the "
		 "machine's); never two games of one deal"),
	OPT_FLAG(0, "cpu-affinity", &run_opts.cpu_affinity,
		 "run each game, referee and bots, on a CPU of its own (as 'cpu_affinity = "
		 "true'; docs/arena.md, One CPU per game)"),
	OPT_FLAG(0, "no-matches", &run_opts.no_matches,
		 "start the referee, and every bot, for each game (as 'matches = off'; "
		 "docs/arena.md, Matches)"),
	OPT_STRING(0, "referee", &run_opts.referee, "PATH",
		   "the referee program (default: 'referee', else the referee next to this "
		   "program)"),
	OPT_FLAG('q', "quiet", &run_opts.quiet, "no progress line"),
	OPT_FLAG(0, "check", &run_opts.check,
		 "check CONFIG and print the schedule size per variant; play nothing"),
	OPT_FLAG('v', "verbose", &run_opts.verbose,
		 "with --check: every game with the exact command that replays it (only the "
		 "game ids while there is no key yet)"),
	OPT_STRING(0, "game", &run_opts.game, "ID",
		   "with --check -v: only that game (needs the run's results directory, "
		   "--results DIR, or its --key FILE, unless CONFIG sets 'seed')"),
	OPT_CALLBACK('h', "help", NULL, NULL, opt_help, "show this text"),
	OPT_CALLBACK(0, "version", NULL, NULL, opt_version, "show the release"),
	OPT_HIDDEN_CALLBACK("help-markdown", run_table, opt_markdown),
	OPT_END(),
};

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_help("arena", usage_head, run_table, usage_tail);
}

static int opt_version(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	(void)opt, (void)arg, (void)err, (void)len;
	strbuf_init(&sb);
	strbuf_addf(&sb, "arena (euchre-arena) %s\n", EUCHRE_ARENA_VERSION);
	options_print_exit("arena", &sb);
}

/*
 * --help-markdown: the table (opt->value) as the docs list it; exit 0
 * (docs/options.sh writes it into the docs, t_options checks them).
 */
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)arg, (void)err, (void)len;
	options_print_markdown("arena", opt->value);
}

static void parse_args(int argc, char **argv, struct options *o)
{
	char err[PATH_MAX + 256];
	int n;

	if (argc < 2) {
		/* the synopsis: the text up to its first empty line */
		fprintf(stderr, "%.*s\n(arena --help lists every option)\n",
			(int)(strstr(usage_head, "\n\n") - usage_head), usage_head);
		exit(EXIT_USAGE);
	}
	/* GNU style: options anywhere, '--' ends them */
	n = options_parse(run_table, argc, argv, err, sizeof(err));
	if (n < 0)
		die_usage("%s", err);
	if (n != 1)
		die_usage("%s", n == 0 ? "no CONFIG given" : "give exactly one CONFIG");
	*o = run_opts;
	o->config = argv[0];
}

/* ---- report ---- */

static const char report_head[] =
	"usage: arena report [--csv | --json | --html FILE] RESULTS...\n"
	"\n"
	"Prints the standings of results files or directories (shards are merged;\n"
	"a game id given twice alike counts once; runs whose arena.json differ in\n"
	"key, setup, shard count or a bot's fingerprint, or a game given twice with\n"
	"another result: exit 2). A result line that differs from its stored\n"
	"schedule is an error.\n"
	"\n";

static const char report_tail[] =
	"\n"
	"A directory without results.jsonl is read as a sharded ladder's\n"
	"directory: its shard-K-of-N/ directories (of one count N) are merged.\n"
	"\n"
	"exit status: 0 printed (or the page written); 1 a results file cannot be\n"
	"read or is damaged, or the page cannot be written; 2 bad arguments, a\n"
	"directory with no results (nor shards of one count), or results of\n"
	"different runs.\n";

static enum report_format report_fmt;
static const char *report_html;

/* --csv, --json: the last one given wins */
static int opt_format(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)arg, (void)err, (void)len;
	report_fmt = !strcmp(opt->long_name, "csv") ? REPORT_CSV : REPORT_JSON;
	return 0;
}

/* --html FILE: never the next option (a page named --csv) */
static int opt_html(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt;
	if (arg[0] == '-') {
		snprintf(err, len, "--html needs FILE, the page to write");
		return -1;
	}
	report_html = arg;
	return 0;
}

static int opt_report_help(const struct option_spec *opt, const char *arg, char *err,
			   size_t len);

/* The options of arena report. */
static const struct option_spec report_table[] = {
	OPT_GROUP("options:"),
	OPT_CALLBACK(0, "csv", NULL, NULL, opt_format,
		     "print the standings as CSV: one row per bot and table"),
	OPT_CALLBACK(0, "json", NULL, NULL, opt_format, "print the standings as JSON"),
	OPT_CALLBACK(0, "html", NULL, "FILE", opt_html,
		     "write one self-contained web page to FILE instead (game links relative "
		     "to FILE's directory); goes alone, without --csv or --json"),
	OPT_CALLBACK('h', "help", NULL, NULL, opt_report_help, "show this text"),
	OPT_HIDDEN_CALLBACK("help-markdown", report_table, opt_markdown),
	OPT_END(),
};

static int opt_report_help(const struct option_spec *opt, const char *arg, char *err,
			   size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_help("arena", report_head, report_table, report_tail);
}

/*
 * The results to read for path: path itself, or for a directory without
 * RESULTS_FILE the shard directories of a sharded ladder in it
 * (shard-K-of-N/, one count N). Anything else is an error: -1 with the
 * message in err (exit 2: the argument names no results).
 */
static int report_paths(struct strvec *out, const char *path, char *err, size_t len)
{
	struct dirent **names;
	struct strvec found;
	char *file;
	long count = 0, other = 0;
	int n, have;

	if (!path_is_dir(path)) {
		strvec_push(out, path); /* a file, or a path result_set_read() names */
		return 0;
	}
	file = path_join(path, RESULTS_FILE);
	have = access(file, F_OK) == 0;
	free(file);
	if (have) {
		strvec_push(out, path);
		return 0;
	}
	if ((n = scandir(path, &names, NULL, alphasort)) < 0)
		n = 0;
	strvec_init(&found);
	for (int i = 0; i < n; i++) {
		long k, m;
		int end = 0;
		char *dir = path_join(path, names[i]->d_name);

		file = path_join(dir, RESULTS_FILE);
		if (sscanf(names[i]->d_name, "shard-%ld-of-%ld%n", &k, &m, &end) == 2 &&
		    !names[i]->d_name[end] && access(file, F_OK) == 0) {
			if (!count || m == count) {
				count = m;
				strvec_push(&found, dir);
			} else if (!other) {
				other = m;
			}
		}
		free(file);
		free(dir);
		free(names[i]);
	}
	if (n > 0)
		free(names);
	if (other)
		snprintf(err, len, "no %s in '%s', and shards of more than one count "
			 "(shard-K-of-%ld, shard-K-of-%ld): name the shards of one ladder "
			 "(arena report %s/shard-*-of-N)", RESULTS_FILE, path,
			 count < other ? count : other, count < other ? other : count, path);
	else if (!count)
		snprintf(err, len, "no results in '%s': expected a results directory "
			 "(with %s), a %s file, or a sharded ladder's directory (with "
			 "shard-K-of-N/)", path, RESULTS_FILE, RESULTS_FILE);
	if (other || !count) {
		strvec_release(&found);
		return -1;
	}
	say("'%s' holds no %s: reading its %zu shard director%s (shard-*-of-%ld)", path,
	    RESULTS_FILE, found.nr, found.nr == 1 ? "y" : "ies", count);
	for (size_t i = 0; i < found.nr; i++)
		strvec_push(out, found.items[i]);
	strvec_release(&found);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	enum report_format fmt;
	struct result_set set;
	struct standings st;
	struct strbuf out = STRBUF_INIT;
	struct strvec paths;
	char err[2 * PATH_MAX + 1024];
	const char *html;
	int i, npaths, ret = 0, r;

	npaths = options_parse(report_table, argc, argv, err, sizeof(err));
	if (npaths < 0)
		die_usage("%s", err);
	fmt = report_fmt;
	html = report_html;
	if (!npaths)
		die_usage("%s", "report needs RESULTS (a results.jsonl file or a results directory)");
	strvec_init(&paths);
	for (i = 0; i < npaths; i++) {
		if (report_paths(&paths, argv[i], err, sizeof(err)) < 0) {
			say("%s", err);
			strvec_release(&paths);
			return EXIT_USAGE;
		}
	}
	result_set_init(&set);
	for (size_t p = 0; p < paths.nr; p++) {
		if ((r = result_set_read(&set, paths.items[p], err, sizeof(err))) < 0) {
			say("%s", err);
			result_set_release(&set);
			strvec_release(&paths);
			return r == RESULT_SET_MIXED ? EXIT_USAGE : EXIT_RUNTIME;
		}
	}
	strvec_release(&paths);
	if (html && fmt != REPORT_TEXT)
		die_usage("%s", "--html goes alone: --csv and --json print to standard output");
	result_set_finish(&set);
	standings_compute(&st, &set);
	strbuf_init(&out);
	if (html && index_page_save(html, &st, &set, 0, err, sizeof(err)) < 0) {
		say("%s", err);
		ret = EXIT_RUNTIME;
	} else if (!html) {
		report_write(&out, &st, &set, fmt);
		fputs(out.buf, stdout);
	}
	strbuf_release(&out);
	standings_release(&st);
	result_set_release(&set);
	return ret;
}

/* ---- --check ---- */

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

/* dir as an absolute path: resolved when it exists, else below the current directory. */
static char *absolute_dir(const char *dir)
{
	char *real = realpath(dir, NULL), cwd[PATH_MAX];

	if (real)
		return real;
	if (dir[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(dir);
	return path_join(cwd, dir);
}

/* Prints every game (of the shard, or game o->game) with the command that replays it. */
static int print_games(const struct options *o, const struct config *c, const struct schedule *s,
		       const char *referee, const char *dir, int have_key)
{
	struct results_played *played = NULL;
	char err[PATH_MAX + 256];
	int found = 0;

	if (have_key && !(played = results_played_read(dir, o->game, err, sizeof(err)))) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	for (int i = 0; i < s->ngames; i++) {
		const struct fixture *g = &s->games[i];
		const char *stored;
		struct strvec argv;
		struct strbuf cmd = STRBUF_INIT;

		if (o->shard_n && !schedule_in_shard(g, o->shard_k, o->shard_n))
			continue;
		if (o->game && strcmp(o->game, g->id))
			continue;
		found = 1;
		if (!have_key) {
			printf("%s\n", g->id);
			continue;
		}
		/* a played game: the command it was played with */
		stored = results_played_command(played, g->id);
		strbuf_init(&cmd);
		if (stored) {
			strbuf_addstr(&cmd, stored);
		} else {
			strvec_init(&argv);
			struct refargv_paths rp = { referee, NULL, NULL, NULL, 0, 0, 0 };

			refargv_build(&argv, c, g, &rp);
			refargv_command_line(&cmd, c, g, &argv);
			strvec_release(&argv);
		}
		printf("%s  %s\n", g->id, cmd.buf);
		strbuf_release(&cmd);
	}
	results_played_free(played);
	if (!have_key && o->shard_n)
		say("the deals are secret and no key is given (shards deal from "
			"--key FILE; make one with: arena key FILE): the commands that replay each "
			"game are listed with it");
	else if (!have_key)
		say("the deals are secret and there is no key yet (%s/%s is made "
			"at the first run, or give --key FILE): the commands that replay each game "
			"are listed once it exists", dir, RESULTS_KEY);
	if (o->game && !found) {
		say("no game '%s' in the schedule", o->game);
		return EXIT_USAGE;
	}
	return 0;
}

/* --check's line on the seating format (docs/arena.md, "Partners and house seats"). */
static void print_partners(const struct config *c)
{
	if (c->partners == PARTNERS_HOUSE)
		printf("partners: house (%s partners each bot in team variants and fills the seats "
		       "of a table no other bot can; no game seats one author twice)\n",
		       c->house.seat);
	else
		printf("partners: copies (a team is copies of one bot; copies in partner seats can "
		       "read each other's hands through channels of a shared kernel; see "
		       "docs/sandbox.md)\n");
	for (int i = 0; i < c->nbots; i++)
		if (c->partners == PARTNERS_HOUSE && c->bots[i].author != i)
			printf("same code: %s is %s's (byte-identical): never seated in one game\n",
			       c->bots[i].name, c->bots[c->bots[i].author].name);
}

/*
 * --check --game ID where no key is found: a key drawn here would deal
 * another schedule than the run's. Says so; the exit status.
 */
static int refuse_game(const char *game, const char *results)
{
	say("--game %s: no run in '%s' (no %s file): give the --results DIR the run played "
	    "into (or its --key FILE) for the command that replays the game", game, results,
	    RESULTS_KEY);
	return EXIT_USAGE;
}

/*
 * arena --check: the config, the schedule as the run plays it (with the
 * results directory's key, excluded bots and built copies when a run has
 * begun), and with -v every game's replay command. Reads, never writes.
 */
static int cmd_check(const struct options *o, struct config *c)
{
	struct schedule s;
	struct results_meta meta;
	struct key key;
	char err[PATH_MAX + 1024], *referee, *results, *abs_results, kid[KEY_ID_LEN + 1];
	int *active = xcalloc((size_t)c->nbots + 1, sizeof(int));
	int nbuild = 0, skipped = 0, ret = 0, have_key = 1, in_dir = 0, have_meta;

	results = results_dir_for(o, c);
	results_meta_init(&meta);
	if (c->seed_line) {
		key_from_seed(&key, c->seed);
		say("%s:%d: warning: 'seed' makes every deal predictable to anyone "
			"who knows it (without it, the deals come from a secret key)", c->path,
			c->seed_line);
	} else {
		have_key = find_key(o, results, &key, &in_dir, &ret);
		if (have_key < 0 || (!have_key && o->game && (ret = refuse_game(o->game, results))))
			goto out_early;
		if (!have_key && key_generate(&key, err, sizeof(err)) < 0) {
			/* only to count the games: nothing is shown or kept of it */
			say("%s", err);
			ret = EXIT_RUNTIME;
			goto out_early;
		}
	}
	have_meta = results_read_meta_dir(results, &meta, err, sizeof(err));
	if (have_meta < 0) {
		say("%s", err);
		ret = EXIT_RUNTIME;
		goto out_early;
	}
	for (int i = 0; i < c->nbots; i++)
		active[i] = 1;
	if (have_meta)
		apply_excluded(c, &meta.excluded, active);
	if (c->partners == PARTNERS_HOUSE)
		run_assign_authors(c); /* no signal is caught: a signal stops it */
	abs_results = absolute_dir(results);
	use_builds(c, abs_results, active);
	free(abs_results);
	if (schedule_build(&s, c, active, &key, err, sizeof(err)) < 0) {
		say("%s: %s", c->path, err);
		ret = EXIT_USAGE;
		goto out_early;
	}
	play_warn_game_timeout(c, &s);
	referee = o->referee ? xstrdup(o->referee) : c->referee ? xstrdup(c->referee)
								 : default_referee();
	{
		char *abs = realpath(referee, NULL);

		if (abs) {
			free(referee);
			referee = abs;
		}
	}
	printf("%s: ok\n", c->path);
	if (c->seed_line)
		printf("arena %s: seed %llu, %ld jobs, results in %s\n", c->name,
		       (unsigned long long)c->seed, default_jobs(o, c), results);
	else if (have_key) {
		key_id(&key, kid);
		printf("arena %s: secret deals (key %s), %ld jobs, results in %s\n", c->name, kid,
		       default_jobs(o, c), results);
	} else
		printf("arena %s: secret deals (the key is made at the first run), %ld jobs, "
		       "results in %s\n", c->name, default_jobs(o, c), results);
	printf("bots: %d (", s.nactive);
	for (int i = 0, n = 0; i < c->nbots; i++) {
		if (!active[i])
			continue;
		printf("%s%s", n++ ? ", " : "", c->bots[i].name);
		nbuild += c->bots[i].build != NULL;
	}
	printf(")\n");
	print_partners(c);
	for (int i = 0; i < c->nrejected; i++)
		printf("rejected submission %s: %s\n", c->rejected[i].name, c->rejected[i].reason);
	for (size_t i = 0; i < meta.excluded.nr; i++) {
		const struct excluded_bot *x = &meta.excluded.items[i];
		int rejected = 0;

		for (int r = 0; r < c->nrejected; r++)
			rejected |= !strcmp(c->rejected[r].name, x->name);
		if (!rejected) /* rejected submissions are listed above */
			printf("excluded bot %s: %s\n", x->name, x->reason);
	}
	if (nbuild && !have_meta)
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
	if (o->verbose)
		ret = print_games(o, c, &s, referee, results, have_key);
	if (skipped) {
		say("%s: some variants cannot be played by these bots (see above)",
			c->path);
		ret = EXIT_USAGE;
	}
	free(referee);
	schedule_release(&s);
out_early:
	results_meta_release(&meta);
	free(results);
	free(active);
	return ret;
}

/* arena key FILE: a new random tournament key in FILE. */
static int cmd_key(int argc, char **argv)
{
	struct key k;
	char err[PATH_MAX + 256];
	int got;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		options_print_help("arena", usage_head, run_table, usage_tail);
	if (argc != 2 || (argv[1][0] == '-' && argv[1][1]))
		die_usage("%s", "key needs one FILE to write the new key to");
	if (key_generate(&k, err, sizeof(err)) < 0 ||
	    (got = key_write(&k, argv[1], err, sizeof(err))) < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	if (got == 1) {
		say("'%s' exists; a key is never overwritten (remove it first, "
			"if no tournament uses it)", argv[1]);
		return EXIT_USAGE;
	}
	say("wrote a new tournament key to %s; give every shard --key %s",
		argv[1], argv[1]);
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	struct config c;
	char err[8192];
	int ret;

	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "key"))
		return cmd_key(argc - 1, argv + 1);
	if (argc > 1 && (!strcmp(argv[1], "slurm") || !strcmp(argv[1], "compare"))) {
		/* slurm's job scripts run this program; compare runs the referee beside it */
		char *prog = path_beside_self(argv[1][0] == 's' ? NULL : "referee");

		ret = argv[1][0] == 's' ? slurm_main(argc - 1, argv + 1, prog)
					: compare_main(argc - 1, argv + 1, prog);
		free(prog);
		return ret;
	}
	memset(&o, 0, sizeof(o));
	parse_args(argc, argv, &o);
	if (!o.check && (o.verbose || o.game))
		die_usage("%s", "-v and --game go with --check");
	if (config_load(&c, o.config, err, sizeof(err)) < 0) {
		say("%s", err);
		config_release(&c);
		return EXIT_USAGE;
	}
	c.cpu_affinity |= o.cpu_affinity;
	if (o.no_matches)
		c.matches = 0;
	if (o.key && c.seed_line) {
		say("%s:%d: 'seed' decides every deal, so --key '%s' would not be used "
			"(leave one of them out)", c.path, c.seed_line, o.key);
		config_release(&c);
		return EXIT_USAGE;
	}
	ret = o.check ? cmd_check(&o, &c) : cmd_run(&o, &c);
	config_release(&c);
	return ret;
}
