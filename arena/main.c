/*
 * main.c - bin/arena: runs whole tournaments of euchre bots.
 *
 *   arena [options] CONFIG          play (or resume) a tournament (run.c)
 *   arena --check [-v] CONFIG       check the config, print the schedule
 *   arena report [--csv|--json|--html FILE] RESULTS...   standings from results files
 *   arena key FILE                  a new tournament key, for shards
 *   arena compare ...               is bot B better than bot A (compare.c)
 *   arena slurm ...                 the tournament as a Slurm job array (slurm.c)
 *
 * This file parses the command line, prints, and decides exit codes; a
 * run is run.c's (run.h), and the work is done by the modules they call,
 * in the order the data flows: config, key, schedule, play (runner,
 * refargv, results), standings, report.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "compare.h"
#include "config.h"
#include "index_page.h"
#include "key.h"
#include "play.h"
#include "refargv.h"
#include "report.h"
#include "results.h"
#include "run.h"
#include "schedule.h"
#include "slurm.h"
#include "standings.h"
#include "status.h"
#include "util.h"
#include "version.h"

static const char usage_text[] =
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
	"\n"
	"options:\n"
	"  --results DIR   results directory (default: 'results' in [arena], else\n"
	"                  results/NAME; with --shard K/N: that plus /shard-K-of-N)\n"
	"  --fresh         start over (new key, every game played again): move the\n"
	"                  existing results aside to DIR.old-N\n"
	"  --shard K/N     play only the K-th of N slices of the schedule (needs\n"
	"                  --key FILE unless CONFIG sets 'seed')\n"
	"  --key FILE      deal from the tournament key in FILE (made by 'arena key\n"
	"                  FILE'), so that shards deal the same cards\n"
	"  --jobs N        games at once (default: 'jobs', else one per CPU the\n"
	"                  arena may use); never two games of one deal\n"
	"  --cpu-affinity  run each game, referee and bots, on a CPU of its own\n"
	"                  (as 'cpu_affinity = true'; docs/arena.md)\n"
	"  --referee PATH  the referee program (default: 'referee', else the\n"
	"                  referee next to this program)\n"
	"  -q, --quiet     no progress line\n"
	"  --check         check CONFIG and print the schedule size; play nothing\n"
	"  -v, --verbose   with --check: every game with the command that replays it\n"
	"  --game ID       with --check -v: only that game\n"
	"  -h, --help      show this text\n"
	"  --version       show the release\n"
	"Options may come before or after CONFIG (arena CONFIG --jobs 2); '--'\n"
	"ends them. 'report', 'key', 'compare' and 'slurm' come first.\n"
	"\n"
	"report: prints the standings of results files or directories (shards are\n"
	"merged; a game id given twice alike counts once; runs whose arena.json\n"
	"differ in key, setup, shard count or a bot's fingerprint, or a game given\n"
	"twice with another result: exit 2); --csv, --json: other formats; --html\n"
	"FILE: one self-contained web page (game links relative to FILE's dir).\n"
	"A result line that differs from its stored schedule is an error.\n"
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
	       OPT_GAME, OPT_KEY, OPT_VERSION, OPT_AFFINITY };
	static const struct option longopts[] = {
		{ "results", required_argument, NULL, OPT_RESULTS },
		{ "fresh", no_argument, NULL, OPT_FRESH },
		{ "shard", required_argument, NULL, OPT_SHARD },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "cpu-affinity", no_argument, NULL, OPT_AFFINITY },
		{ "referee", required_argument, NULL, OPT_REFEREE },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "game", required_argument, NULL, OPT_GAME },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	if (argc < 2) {
		/* the synopsis: usage_text up to its first empty line */
		fprintf(stderr, "%.*s\n(arena --help lists every option)\n",
			(int)(strstr(usage_text, "\n\n") - usage_text), usage_text);
		exit(EXIT_USAGE);
	}
	opterr = 0;
	/* GNU style: options anywhere, '--' ends them */
	while ((c = getopt_long(argc, argv, "hvq", longopts, NULL)) != -1) {
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
		case OPT_AFFINITY:
			o->cpu_affinity = 1;
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
		case OPT_KEY:
			o->key = optarg;
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
		case OPT_VERSION:
			printf("arena (euchre-arena) %s\n", EUCHRE_ARENA_VERSION);
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
	char err[2 * PATH_MAX + 1024];
	const char *html = NULL;
	int i, npaths = 0, ret = 0, r;

	result_set_init(&set);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--csv"))
			fmt = REPORT_CSV;
		else if (!strcmp(argv[i], "--json"))
			fmt = REPORT_JSON;
		else if (!strcmp(argv[i], "--html") && (i + 1 == argc || argv[i + 1][0] == '-'))
			die_usage("%s", "--html needs FILE, the page to write");
		else if (!strcmp(argv[i], "--html"))
			html = argv[++i];
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1])
			die_usage("unknown report option '%s'", argv[i]);
		else {
			npaths++;
			if ((r = result_set_read(&set, argv[i], err, sizeof(err))) < 0) {
				say("%s", err);
				result_set_release(&set);
				return r == RESULT_SET_MIXED ? EXIT_USAGE : EXIT_RUNTIME;
			}
		}
	}
	if (!npaths)
		die_usage("%s", "report needs RESULTS (a results.jsonl file or a results directory)");
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
			struct refargv_paths rp = { referee, NULL, NULL, NULL, 0, 0 };

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
		if (have_key < 0)
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

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(usage_text, stdout);
		return 0;
	}
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
