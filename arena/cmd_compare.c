/*
 * cmd_compare.c - bin/arena compare: is bot B (the candidate) better than bot
 * A (the baseline)? (docs/compare.md)
 *
 * Every deal is played twice with the two bots' seats exchanged (a pair):
 * in the partnership variants A and a filler against B and a filler
 * (@greedy by default; --partners copies: A+A against B+B), then the
 * teams exchanged on the same cards; in fivehand and flip, A and B in two
 * seats among fillers, the two seats moving round the table from deal to
 * deal, then exchanged. The statistics are over pairs (rank_sprt.h).
 *
 * A comparison is a small tournament: its options (struct compare_opts)
 * become an arena config through config_from_pairs(), values handed
 * over as they are (never INI text, so a path may hold any byte), and it
 * is played with the arena's own machinery (key, results directory,
 * play_run()), so it resumes, keeps every game's record and can be
 * reported on like any tournament. RESULTS/compare.ini records what it
 * plays, for the reader. Only the schedule is
 * its own: the pairs, in order, so that the sequential test reads them in
 * the same order whatever the number of jobs, and stops at the first pair
 * where it decides (games of later pairs already played are kept, not
 * counted).
 */
#include "cmd_compare.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "botlimits.h"
#include "cpu.h"
#include "plan_config.h"
#include "file.h"
#include "play_interrupt.h"
#include "plan_key.h"
#include "options.h"
#include "path.h"
#include "play.h"
#include "store_result_set.h"
#include "store_results.h"
#include "rules.h"
#include "plan_schedule.h"
#include "rank_sprt.h"
#include "cmd_status.h"
#include "strset.h"
#include "util.h"

/* One game's outcome for B against A. */
struct outcome {
	int done;
	double score;  /* 1 B ranked above A, 0 below, 0.5 level */
	double margin; /* B's (team's) score minus A's */
	int faults[3]; /* of A, B, the fillers */
};
/* A game in which A or B forfeited (a filler played its seat): no margin. */
#define FORFEITED(g) ((g)->faults[0] || (g)->faults[1])

static const char usage_head[] =
	"usage: arena compare [options] BOT_A BOT_B\n"
	"\n"
	"Plays BOT_B (the candidate) against BOT_A (the baseline) on duplicate\n"
	"pairs of deals and says whether B is better (docs/compare.md). A BOT is a\n"
	"SEAT as the referee takes it: @greedy, @random, @search or @search:N, a\n"
	"directory with a 'run' file, or a command line.\n"
	"\n";

static const char usage_tail[] =
	"\n"
	"The last line on stdout is a JSON summary: \"verdict\" is \"H1\", \"H0\" or\n"
	"\"inconclusive\" (or \"none\" without --sprt). Exit status: 0 when the\n"
	"comparison ran (whatever the verdict), 1 runtime error, 2 bad arguments or\n"
	"a results directory that holds something else, 3 games that failed twice,\n"
	"128 + the signal when interrupted (run it again to resume).\n";

static void die_usage(const char *what, const char *arg)
{
	say("compare: %s '%s' (see arena compare --help)", what, arg);
	exit(EXIT_USAGE);
}

#define COMPARE_MAX_GAMES 100000

void compare_opts_init(struct compare_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->variant = "indiana";
	o->games = 2000;
	o->alpha = o->beta = 0.05;
	o->filler = "@greedy";
	for (int i = 0; i < 4; i++)
		o->times[i] = -1;
	for (int i = 0; i < NLIMITS; i++)
		o->limits[i] = -1;
}

/* A whole number from min to max, or a usage error naming opt and its range. */
static long integer(const char *opt, const char *arg, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > max) {
		say("compare: %s needs a whole number from %ld to %ld, not '%s'", opt, min, max, arg);
		exit(EXIT_USAGE);
	}
	return v;
}

/*
 * The option table's actions. Each checks its value as compare always
 * has, with its own words, and ends the program on a bad one (compare's
 * command line is its main's).
 */
static struct compare_opts opts;

/* --games, --jobs, the time limits: a whole number in the entry's range */
static int opt_whole(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	char name[64];

	(void)err, (void)len;
	snprintf(name, sizeof(name), "--%s", opt->long_name);
	*(long *)opt->value = integer(name, arg, opt->min, opt->max);
	return 0;
}

static int opt_seed(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	opts.seed = (uint64_t)integer("--seed", arg, 0, LONG_MAX);
	opts.seeded = 1;
	return 0;
}

/* --alpha, --beta */
static int opt_rate(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	char *end, name[64];
	double v;

	(void)err, (void)len;
	errno = 0;
	v = strtod(arg, &end);
	snprintf(name, sizeof(name), "--%s", opt->long_name);
	if (errno || end == arg || *end || !(v >= 1e-6 && v <= 0.5))
		die_usage(name, arg);
	*(double *)opt->value = v;
	return 0;
}

static int opt_sprt(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	char *end;

	(void)opt, (void)err, (void)len;
	opts.elo0 = strtod(arg, &end);
	if (end == arg || *end != ',')
		die_usage("--sprt needs ELO0,ELO1, not", arg);
	opts.elo1 = strtod(end + 1, &end);
	if (*end || !(opts.elo1 > opts.elo0) || fabs(opts.elo0) > 1000 || fabs(opts.elo1) > 1000)
		die_usage("--sprt needs ELO0,ELO1 with ELO0 < ELO1, not", arg);
	opts.sprt = 1;
	return 0;
}

static int opt_partners(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)err, (void)len;
	if (strcmp(arg, "house") && strcmp(arg, "copies"))
		die_usage("--partners must be house or copies, not", arg);
	opts.copies = !strcmp(arg, "copies");
	return 0;
}

/* --option KEY=VALUE: a variant option (the rules check the value) */
static int opt_option(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;

	(void)opt, (void)err, (void)len;
	if (!eq || !n || !eq[1] || strspn(arg, "abcdefghijklmnopqrstuvwxyz_") != n ||
	    (n == 7 && !strncmp(arg, "variant", 7)))
		die_usage("--option", arg);
	if (opts.noptions == COMPARE_MAX_OPTIONS)
		die_usage("too many --option (at most 16):", arg);
	opts.options[opts.noptions++] = arg;
	return 0;
}

/* --limit KEY=N: a sandbox limit of every bot (botlimits.h's keys only) */
static int opt_limit(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	const char *eq = strchr(arg, '=');
	char key[64];
	int k;

	(void)opt, (void)err, (void)len;
	if (!eq || eq == arg || !eq[1] || (size_t)(eq - arg) >= sizeof(key))
		die_usage("--limit", arg);
	snprintf(key, sizeof(key), "%.*s", (int)(eq - arg), arg);
	k = limit_find(key);
	if (k < 0) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		limits_names(&sb);
		say("compare: --limit '%s': the key must be one of %s", arg, sb.buf);
		exit(EXIT_USAGE);
	}
	opts.limits[k] = integer("--limit", eq + 1, 1, limit_def((enum limit_key)k)->max);
	return 0;
}

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len);
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len);

/* A whole number from lo to hi into *v, checked by opt_whole(). */
#define OPT_WHOLE(l, v, a, lo, hi, h) \
	{ OPTION_CALLBACK, 0, (l), (v), (a), (h), (lo), (hi), opt_whole, NULL, 0 }

/* The options of arena compare: parsing, --help and docs/compare.md's list. */
static const struct option_spec compare_table[] = {
	OPT_GROUP("options:"),
	OPT_STRING(0, "variant", &opts.variant, "V",
		   "hammerwalt, indiana (default), bloomington, fivehand, flip"),
	OPT_CALLBACK(0, "option", NULL, "KEY=VALUE", opt_option,
		     "a variant option (repeatable, at most 16)"),
	OPT_WHOLE("games", &opts.games, "MAX", 2, COMPARE_MAX_GAMES,
		  "at most MAX games, MAX/2 pairs (default 2000, at most 100000); a larger "
		  "MAX goes on where the last run stopped"),
	OPT_CALLBACK(0, "sprt", NULL, "ELO0,ELO1", opt_sprt,
		     "stop as soon as H1 (B is ELO1 better) or H0 (B is not ELO0 better) is "
		     "accepted"),
	OPT_CALLBACK(0, "alpha", &opts.alpha, "A", opt_rate,
		     "the test's rate of false H1 (default 0.05)"),
	OPT_CALLBACK(0, "beta", &opts.beta, "B", opt_rate,
		     "the test's rate of false H0 (default 0.05)"),
	OPT_STRING(0, "filler", &opts.filler, "SEAT",
		   "the partners in team variants and the other seats in fivehand and flip "
		   "(default @greedy)"),
	OPT_CALLBACK(0, "partners", NULL, "P", opt_partners,
		     "house (default): A and B each partnered by the filler; copies: A+A "
		     "against B+B (copies of one program in partner seats can read each other's "
		     "hands through channels of a shared kernel; see docs/sandbox.md)"),
	OPT_WHOLE("jobs", &opts.jobs, "N", 1, 1024,
		  "games at once (default: one per CPU it may use)"),
	OPT_CALLBACK(0, "seed", NULL, "N", opt_seed,
		     "public deals from N (default: a secret key in RESULTS)"),
	OPT_STRING(0, "deals", &opts.deals, "FILE",
		   "a deal suite: play the deals FILE lists, a seed or a deal file (as --deal "
		   "of the referee takes it) a line, in order, one pair each (at most MAX/2 of "
		   "them), so that comparisons made apart meet the same cards"),
	OPT_STRING(0, "results", &opts.results, "DIR",
		   "where games go (default results/compare-VARIANT); run the same command "
		   "again to resume"),
	OPT_FLAG(0, "fresh", &opts.fresh, "move the earlier results aside first"),
	OPT_WHOLE("startup-ms", &opts.times[0], "N", 1, 3600000,
		  "each bot's time from start to 'ready', as for a tournament"),
	OPT_WHOLE("move-ms", &opts.times[1], "N", 1, 3600000,
		  "each bot's time per decision, as for a tournament"),
	OPT_WHOLE("bank-ms", &opts.times[2], "N", 1, 86400000,
		  "each bot's bank per game, as for a tournament"),
	OPT_WHOLE("game-ms", &opts.times[3], "N", 1, 86400000,
		  "each bot's budget for the whole game, as for a tournament"),
	OPT_FLAG(0, "cpu-time", &opts.cpu_time,
		 "count the bots' CPU time instead of wall-clock time, as for a tournament"),
	OPT_CALLBACK_MORE(0, "limit", NULL, "KEY=N", opt_limit,
			  "a sandbox limit of every bot, as for a tournament; KEY:", limits_help),
	OPT_FLAG(0, "insecure", &opts.insecure,
		 "run the bots without isolation (trusted bots only), as for a tournament"),
	OPT_FLAG(0, "cpu-affinity", &opts.cpu_affinity,
		 "each game on a CPU of its own, as for a tournament (docs/arena.md, One CPU "
		 "per game): faster for quick single-threaded bots, slower for the JVM"),
	OPT_FLAG(0, "no-matches", &opts.no_matches,
		 "the referee starts every bot afresh for each game (compare plays one game per "
		 "referee either way; docs/compare.md)"),
	OPT_STRING(0, "referee", &opts.referee, "PATH",
		   "the referee program, as for a tournament"),
	OPT_FLAG('q', "quiet", &opts.quiet, "no progress lines"),
	OPT_CALLBACK('h', "help", NULL, NULL, opt_help, "show this text"),
	OPT_HIDDEN_CALLBACK("help-markdown", compare_table, opt_markdown),
	OPT_END(),
};

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_help("arena", usage_head, compare_table, usage_tail);
}

/* --help-markdown: the table as docs/compare.md lists it (docs/options.sh). */
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_markdown("arena", compare_table);
}

static void parse(int argc, char **argv, struct compare_opts *o)
{
	char err[512];
	int n;

	compare_opts_init(&opts);
	n = options_parse(compare_table, argc, argv, err, sizeof(err));
	if (n < 0) {
		say("compare: %s (see arena compare --help)", err);
		exit(EXIT_USAGE);
	}
	if (n > 2)
		die_usage("give two bots, BOT_A and BOT_B; one more:", argv[2]);
	if (n < 2) {
		say("compare: give two bots, BOT_A and BOT_B (see arena compare --help)");
		exit(EXIT_USAGE);
	}
	opts.bot[0] = argv[0];
	opts.bot[1] = argv[1];
	if (variant_parse(opts.variant) < 0)
		die_usage("--variant must be hammerwalt, indiana, bloomington, fivehand or flip, "
			  "not", opts.variant);
	*o = opts;
}

/* ---- the comparison as an arena config ------------------------------- */

/*
 * The comparison's config, as (section, key, value) pairs for
 * config_from_pairs(): only what the config must check or resolve (the
 * variant and its options, the bots, the referee); the numbers are set
 * on the config as they are (settle_config()). No value is cut or split
 * on its way: a path may hold any byte.
 */
struct pairs {
	struct config_pair *items;
	size_t nr;
	struct strvec owned; /* the strings made for the pairs */
};

static void pairs_add(struct pairs *p, const char *section, const char *key, const char *value)
{
	p->items = xrealloc(p->items, (p->nr + 1) * sizeof(*p->items));
	p->items[p->nr++] = (struct config_pair){ section, key, value };
}

/* The same with a copy of section and value, kept until pairs_release(). */
static void pairs_addf(struct pairs *p, const char *section, const char *key, const char *value)
{
	strvec_push(&p->owned, section);
	strvec_push(&p->owned, value);
	pairs_add(p, p->owned.items[p->owned.nr - 2], key, p->owned.items[p->owned.nr - 1]);
}

static void pairs_release(struct pairs *p)
{
	free(p->items);
	strvec_release(&p->owned);
}

/* The [bot NAME] section of a SEAT: a directory, a built-in or a command. */
static void bot_pairs(struct pairs *p, const char *name, const char *seat, const char *cwd)
{
	char section[32], *real = path_is_dir(seat) ? realpath(seat, NULL) : NULL;

	snprintf(section, sizeof(section), "bot %s", name);
	if (real)
		pairs_addf(p, section, "dir", real);
	else if (seat[0] == '@')
		pairs_addf(p, section, "command", seat);
	else { /* relative paths in the command start where compare was run */
		pairs_addf(p, section, "dir", cwd);
		pairs_addf(p, section, "command", seat);
	}
	free(real);
}

static void make_pairs(const struct compare_opts *o, const char *cwd, struct pairs *p)
{
	memset(p, 0, sizeof(*p));
	strvec_init(&p->owned);
	pairs_add(p, "arena", "name", "compare");
	pairs_add(p, "arena", "variants", o->variant);
	pairs_add(p, "arena", "logs", "faults");
	pairs_add(p, "arena", "partners", o->copies ? "copies" : "house");
	if (o->referee)
		pairs_add(p, "arena", "referee", o->referee);
	for (int i = 0; i < o->noptions; i++) {
		const char *eq = strchr(o->options[i], '=');

		strvec_pushf(&p->owned, "variant %s", o->variant);
		strvec_pushf(&p->owned, "%.*s", (int)(eq - o->options[i]), o->options[i]);
		pairs_add(p, p->owned.items[p->owned.nr - 2], p->owned.items[p->owned.nr - 1],
			  eq + 1);
	}
	bot_pairs(p, "A", o->bot[0], cwd);
	bot_pairs(p, "B", o->bot[1], cwd);
	bot_pairs(p, "filler", o->filler, cwd);
}

/* The numbers and switches of o on the config loaded from its pairs. */
static void settle_config(const struct compare_opts *o, struct config *c)
{
	long *times[4] = { &c->startup_ms, &c->move_ms, &c->bank_ms, &c->game_ms };

	if (o->seeded) {
		c->seed = o->seed;
		c->seed_line = 1; /* set: the deals are public */
	}
	for (int i = 0; i < 4; i++)
		if (o->times[i] >= 0)
			*times[i] = o->times[i];
	for (int k = 0; k < NLIMITS; k++)
		if (o->limits[k] >= 0)
			c->limits[k] = o->limits[k];
	c->cpu_time |= o->cpu_time;
	c->insecure |= o->insecure;
	c->cpu_affinity |= o->cpu_affinity;
	if (o->no_matches)
		c->matches = 0;
}

/*
 * RESULTS/compare.ini: what the comparison plays, for the people who read
 * the directory (compare never reads it back: its options are the
 * command line's).
 */
static void format_record(struct strbuf *out, const struct compare_opts *o,
			  const struct pairs *p)
{
	static const char *const tkeys[4] = { "startup_ms", "move_ms", "bank_ms", "game_ms" };
	const char *section = "";

	strbuf_addstr(out, "; made by arena compare: what it plays (a record: compare reads its "
		      "options, not this file)\n");
	if (o->deals)
		strbuf_addf(out, "; deal suite: %s (its seeds, one pair each)\n", o->deals);
	for (size_t i = 0; i < p->nr; i++) {
		if (strcmp(section, p->items[i].section)) {
			if (!strcmp(section, "arena")) {
				/* the numbers, after the [arena] pairs */
				strbuf_addstr(out, "deals = 1\n");
				if (o->seeded)
					strbuf_addf(out, "seed = %llu\n",
						    (unsigned long long)o->seed);
				for (int t = 0; t < 4; t++)
					if (o->times[t] >= 0)
						strbuf_addf(out, "%s = %ld\n", tkeys[t], o->times[t]);
				if (o->cpu_time)
					strbuf_addstr(out, "cpu_time = true\n");
				if (o->insecure)
					strbuf_addstr(out, "insecure = true\n");
				if (o->cpu_affinity)
					strbuf_addstr(out, "cpu_affinity = true\n");
				if (o->no_matches)
					strbuf_addstr(out, "matches = off\n");
				for (int k = 0; k < NLIMITS; k++)
					if (o->limits[k] >= 0)
						strbuf_addf(out, "%s = %ld\n",
							    limit_def((enum limit_key)k)->name,
							    o->limits[k]);
			}
			section = p->items[i].section;
			strbuf_addf(out, "%s[%s]\n", i ? "\n" : "", section);
		}
		strbuf_addf(out, "%s = %s\n", p->items[i].key, p->items[i].value);
	}
}

/* Writes the record to RESULTS/compare.ini.new. 0, or -1 with err. */
static int write_config(const struct strbuf *ini, const char *dir, char *path_out, size_t plen,
			char *err, size_t len)
{
	int fd, ret = 0;

	/* a new name until the directory is known to be this comparison's (claim()) */
	snprintf(path_out, plen, "%s/compare.ini.new", dir);
	fd = file_open_private(path_out, 0, err, len);
	if (fd < 0 || file_write_all(fd, ini->buf, ini->len) < 0 || close(fd) < 0) {
		if (fd >= 0)
			snprintf(err, len, "cannot write '%s': %s", path_out, strerror(errno));
		ret = -1;
	}
	return ret;
}

/* ---- the schedule: pairs in order ------------------------------------- */

/* --deals FILE: the deals of a suite, one a line, in order. */
struct deal_suite {
	uint64_t *seeds;
	char **files; /* per deal: a deal file (absolute), or NULL for a seed */
	long n;
};

static void suite_release(struct deal_suite *d)
{
	for (long i = 0; i < d->n; i++)
		free(d->files[i]);
	free(d->files);
	free(d->seeds);
	d->files = NULL;
	d->seeds = NULL;
	d->n = 0;
}

/*
 * A deal file line of the suite at path: the file (relative to the
 * suite's directory), resolved, into d->files[d->n]. 0, or -1 with err.
 */
static int suite_deal_file(struct deal_suite *d, const char *path, long lineno, const char *name,
			   char *err, size_t len)
{
	char *dir = path_dir(path), *joined = name[0] == '/' ? xstrdup(name) : path_join(dir, name);
	char *real = realpath(joined, NULL);
	struct stat st;
	int ret = 0;

	if (!real || stat(real, &st) < 0 || !S_ISREG(st.st_mode) || access(real, R_OK) < 0) {
		snprintf(err, len, "%s:%ld: cannot read the deal file '%.200s': %s", path, lineno,
			 joined, real ? "not a readable file" : strerror(errno));
		free(real);
		ret = -1;
	} else {
		d->files[d->n] = real;
	}
	free(dir);
	free(joined);
	return ret;
}

/*
 * Reads the suite at path: a deal a line, a seed (0 to 2^63-1) or a deal
 * file as the referee's --deal takes it (a line that does not start with
 * a digit; relative to the suite's directory); '#' starts a comment, blank
 * lines are skipped. 0, or -1 with "PATH:LINE: ..." in err.
 */
static int suite_read(struct deal_suite *d, const char *path, char *err, size_t len)
{
	FILE *f = fopen(path, "r");
	char line[PATH_MAX];
	long alloc = 0, lineno = 0;

	d->seeds = NULL;
	d->files = NULL;
	d->n = 0;
	if (!f) {
		snprintf(err, len, "cannot read the deal suite '%s': %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *end;
		unsigned long long v;
		size_t n;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			snprintf(err, len, "%s:%ld: line too long (a seed a line)", path, lineno);
			goto fail;
		}
		line[strcspn(line, "#\n")] = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		n = strlen(s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			s[--n] = '\0';
		if (!n)
			continue;
		if (d->n == COMPARE_MAX_GAMES / 2) {
			snprintf(err, len, "%s:%ld: more than %d deals (compare plays at most %d "
				 "games)", path, lineno, COMPARE_MAX_GAMES / 2, COMPARE_MAX_GAMES);
			goto fail;
		}
		if (d->n == alloc) {
			alloc = alloc * 2 + 64;
			d->seeds = xrealloc(d->seeds, (size_t)alloc * sizeof(*d->seeds));
			d->files = xrealloc(d->files, (size_t)alloc * sizeof(*d->files));
		}
		d->seeds[d->n] = 0;
		d->files[d->n] = NULL;
		if (*s < '0' || *s > '9') {
			if (suite_deal_file(d, path, lineno, s, err, len) < 0)
				goto fail;
			d->n++;
			continue;
		}
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno || *end || v > 0x7fffffffffffffffULL) {
			snprintf(err, len, "%s:%ld: '%.40s' is not a seed (a whole number from 0 to "
				 "2^63-1) nor a deal file", path, lineno, s);
			goto fail;
		}
		d->seeds[d->n++] = v;
	}
	if (ferror(f)) {
		snprintf(err, len, "cannot read the deal suite '%s': %s", path, strerror(errno));
		goto fail;
	}
	fclose(f);
	if (!d->n) {
		snprintf(err, len, "%s: no deals (a deal suite lists a seed or a deal file a line)",
			 path);
		return -1;
	}
	return 0;
fail:
	fclose(f);
	suite_release(d);
	return -1;
}

/*
 * Game 2p + g of pair p (g = 0, then 1 with the seats exchanged). Bots:
 * 0 is A, 1 is B, 2 the filler (the config's order).
 */
static void make_fixture(struct fixture *f, const struct config *c, const struct key *k,
			 const struct deal_suite *d, long p, int g)
{
	const struct variant_cfg *v = &c->variants[0];
	int a = g ? 1 : 0, b = g ? 0 : 1;

	memset(f, 0, sizeof(*f));
	f->index = (int)(2 * p + g);
	f->variant = 0;
	snprintf(f->id, sizeof(f->id), "%s.d%05ld.g%d", v->name, p + 1, g);
	/* a deal file's game goes on, after its hands, with the key's deal */
	f->seed = d->n && !d->files[p] ? d->seeds[p] : key_deal_seed(k, v->name, p);
	f->deal = d->n ? d->files[p] : NULL;
	f->nseats = v->seats;
	if (v->teams && c->partners == PARTNERS_COPIES) {
		/* A+A against B+B, then B+B against A+A */
		for (int s = 0; s < v->seats; s++)
			f->bot[s] = s % 2 ? b : a;
	} else if (v->teams) {
		/* A and the fillers against B and the fillers, then the teams exchanged */
		for (int s = 0; s < v->seats; s++)
			f->bot[s] = s == 0 ? a : s == 1 ? b : 2;
	} else {
		/* A and B in two seats among fillers, moving round the table */
		int i = (int)(p % v->seats), j = (i + 1) % v->seats;

		for (int s = 0; s < v->seats; s++)
			f->bot[s] = 2;
		f->bot[i] = a;
		f->bot[j] = b;
	}
}

static void build_schedule(struct schedule *s, const struct config *c, const struct key *k,
			   const struct deal_suite *d, long pairs)
{
	memset(s, 0, sizeof(*s));
	s->ngames = (int)(2 * pairs);
	s->games = xcalloc((size_t)s->ngames, sizeof(*s->games));
	for (long p = 0; p < pairs; p++)
		for (int g = 0; g < 2; g++) {
			make_fixture(&s->games[2 * p + g], c, k, d, p, g);
			schedule_seed_seats(&s->games[2 * p + g], c, k);
		}
	s->nvariants = 1;
	s->variants = xcalloc(1, sizeof(*s->variants));
	s->variants[0].pairings = 1;
	s->variants[0].rotations = 2;
	s->variants[0].deals = pairs;
	s->variants[0].games = s->ngames;
	s->variants[0].unit = "pair";
	s->nactive = c->variants[0].teams && c->partners == PARTNERS_COPIES ? 2 : 3;
}

/* ---- reading the outcomes --------------------------------------------- */

/* Which of A (0), B (1), filler (2) a "bots" entry is. */
static int who(const char *n)
{
	return !n ? -1 : !strcmp(n, "A") ? 0 : !strcmp(n, "B") ? 1 : 2;
}

/* Number k of n as an integer (0 when it is not one, or not there). */
static long long int_at(const struct result_nums *n, int k)
{
	return k >= 0 && k < n->n && n->v[k].type == RESULT_INT ? n->v[k].i : 0;
}

/* One result line into out[index]. Lines that are not a game of ours are skipped. */
static void read_outcome(const struct result *o, struct outcome *out, long max)
{
	long idx = o->has_index ? o->index : 0;
	int sa = -1, sb = -1;
	struct outcome *r;

	if (idx < 0 || idx >= max || o->bots.n < 0 || o->ranks.n < 0)
		return;
	for (int i = 0; i < o->bots.n; i++) {
		int w = who(o->bots.v[i]);

		if (w == 0 && sa < 0)
			sa = i;
		if (w == 1 && sb < 0)
			sb = i;
	}
	if (sa < 0 || sb < 0)
		return;
	r = &out[idx];
	memset(r, 0, sizeof(*r));
	r->done = 1;
	{
		long long ra = int_at(&o->ranks, sa), rb = int_at(&o->ranks, sb);

		r->score = rb < ra ? 1 : rb > ra ? 0 : 0.5;
	}
	if (o->team_scores.n >= 0)
		r->margin = (double)(int_at(&o->team_scores, sb % 2) - int_at(&o->team_scores, sa % 2));
	else
		r->margin = (double)(int_at(&o->seat_scores, sb) - int_at(&o->seat_scores, sa));
	for (int i = 0; i < o->nfaults; i++) {
		int seat = o->faults[i].seat < 0 ? 0 : o->faults[i].seat;
		int w = seat < o->bots.n ? who(o->bots.v[seat]) : -1;

		if (w >= 0)
			r->faults[w]++;
	}
}

/*
 * The outcomes of the results l from its *from'th on (*from moves to its
 * end) into out[0..max) (may be NULL); *highest gets the highest game
 * index seen (-1 before any, *from 0).
 */
static void add_outcomes(const struct result_list *l, int *from, struct outcome *out, long max,
			 long *highest)
{
	if (!*from)
		*highest = -1;
	for (; *from < l->n; (*from)++) {
		const struct result *o = &l->r[*from];
		long idx = o->has_index ? o->index : 0;

		if (idx > *highest)
			*highest = idx;
		if (out)
			read_outcome(o, out, max);
	}
}

/*
 * The highest game index stored in dir before this run (-1: none), read
 * from results.jsonl before the schedule is made: games of an earlier,
 * longer run stay valid. 0, or -1 with err.
 */
static int stored_highest(const char *dir, long *highest, char *err, size_t len)
{
	struct result_list l;
	int from = 0, ret;

	result_list_init(&l);
	ret = results_read_list(dir, &l, err, len);
	add_outcomes(&l, &from, NULL, 0, highest);
	result_list_release(&l);
	return ret;
}

/* ---- the verdict ------------------------------------------------------ */

struct tally {
	struct pair_stats ps;
	long games, faults[3];
	double llr, lower, upper;
	enum sprt_verdict verdict;
};

/*
 * Adds up the pairs in order, from the first, up to the first pair not
 * yet whole; with --sprt, stops at the first pair where the test decides.
 */
static void tally(const struct compare_opts *o, const struct outcome *out, long pairs,
		  struct tally *t)
{
	memset(t, 0, sizeof(*t));
	pair_stats_init(&t->ps);
	sprt_bounds(o->alpha, o->beta, &t->lower, &t->upper);
	for (long p = 0; p < pairs && out[2 * p].done && out[2 * p + 1].done; p++) {
		const struct outcome *g0 = &out[2 * p], *g1 = &out[2 * p + 1];

		/* the margin of the games nobody forfeited: @greedy's points are not the bot's */
		if (!FORFEITED(g0) && !FORFEITED(g1))
			pair_stats_add(&t->ps, g0->score + g1->score, (g0->margin + g1->margin) / 2, 1);
		else if (!FORFEITED(g0) || !FORFEITED(g1))
			pair_stats_add(&t->ps, g0->score + g1->score,
				       FORFEITED(g0) ? g1->margin : g0->margin, 1);
		else
			pair_stats_add(&t->ps, g0->score + g1->score, 0, 0);
		t->games += 2;
		for (int w = 0; w < 3; w++)
			t->faults[w] += g0->faults[w] + g1->faults[w];
		if (!o->sprt)
			continue;
		t->llr = sprt_llr(&t->ps, o->elo0, o->elo1);
		t->verdict = sprt_decide(t->llr, t->lower, t->upper);
		if (t->verdict != SPRT_CONTINUE)
			break;
	}
}

/*
 * The progress line, after each round of pairs: rewritten in place on a
 * terminal, else a line at most every 10 s, and always the last one.
 */
/* a progress line without its newline is on the terminal */
static int progress_pending;

static void print_progress(const struct compare_opts *o, const struct tally *t, long pairs,
			   int last)
{
	static double printed;
	int tty = isatty(2);
	double elo, lo, hi, now = clock_ms();

	if (o->quiet || (!last && !tty && now - printed < 10000))
		return;
	printed = now;
	fprintf(stderr, "%s[compare] %ld/%ld pairs", tty ? "\r\033[K" : "", t->ps.n, pairs);
	if (t->ps.n) { /* no score of no pairs; + 0.0 makes -0 +0 */
		pair_stats_elo(&t->ps, &elo, &lo, &hi);
		fprintf(stderr, "  B scores %.3f  Elo %+.0f [%+.0f, %+.0f]",
			pair_stats_score(&t->ps), elo + 0.0, lo + 0.0, hi + 0.0);
	}
	if (o->sprt && t->ps.n)
		fprintf(stderr, "  LLR %.2f (%.2f, %.2f)", t->llr, t->lower, t->upper);
	if (!tty || last)
		fputc('\n', stderr);
	progress_pending = tty && !last;
}

static double finite_or(double x, double big)
{
	return isfinite(x) ? round(x * 10) / 10 + 0.0 : x > 0 ? big : -big;
}

/* The JSON summary line on stdout. */
static void print_summary(const struct compare_opts *o, const struct tally *t, const char *dir)
{
	double elo, lo, hi, mean, half;
	json_t *j;
	char *text;
	const char *verdict = !o->sprt ? "none" : t->verdict == SPRT_H1 ? "H1" :
			      t->verdict == SPRT_H0 ? "H0" : "inconclusive";

	pair_stats_elo(&t->ps, &elo, &lo, &hi);
	pair_stats_margin(&t->ps, &mean, &half);
	j = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:[I,I,I,I,I], s:{s:I, s:I, s:I}, s:f, s:f, "
		      "s:[f,f], s:f, s:f, s:[f,f], s:{s:I, s:I, s:I}, s:s}",
		      "verdict", verdict, "variant", o->variant, "baseline", o->bot[0],
		      "candidate", o->bot[1], "pairs", (json_int_t)t->ps.n,
		      "games", (json_int_t)t->games,
		      "pentanomial", (json_int_t)t->ps.penta[0], (json_int_t)t->ps.penta[1],
		      (json_int_t)t->ps.penta[2], (json_int_t)t->ps.penta[3],
		      (json_int_t)t->ps.penta[4],
		      "pairs_by_outcome", "both_lost", (json_int_t)t->ps.penta[0],
		      "split", (json_int_t)t->ps.penta[2], "both_won", (json_int_t)t->ps.penta[4],
		      "score", round(pair_stats_score(&t->ps) * 10000) / 10000,
		      "elo", finite_or(elo, 9999), "elo_95", finite_or(lo, 9999), finite_or(hi, 9999),
		      "los", round(pair_stats_los(&t->ps) * 10000) / 10000,
		      "margin_per_deal", round(mean * 100) / 100, "margin_95",
		      round((mean - half) * 100) / 100, round((mean + half) * 100) / 100,
		      "faults", "A", (json_int_t)t->faults[0], "B", (json_int_t)t->faults[1],
		      "filler", (json_int_t)t->faults[2], "results", dir);
	if (j && o->sprt) {
		json_object_set_new(j, "llr", json_real(round(t->llr * 1000) / 1000));
		json_object_set_new(j, "bounds", json_pack("[f,f]", round(t->lower * 1000) / 1000,
							   round(t->upper * 1000) / 1000));
		json_object_set_new(j, "sprt", json_pack("{s:f, s:f, s:f, s:f}", "elo0", o->elo0,
							 "elo1", o->elo1, "alpha", o->alpha,
							 "beta", o->beta));
	}
	text = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(10)) : NULL;
	if (text)
		printf("%s\n", text);
	free(text);
	json_decref(j);
}

/* ---- the run ---------------------------------------------------------- */

static void no_progress(void *arg, const struct play_status *st, int final)
{
	(void)arg;
	(void)st;
	(void)final;
}

static void on_note(void *arg, const char *msg)
{
	(void)arg;
	if (progress_pending)
		fputc('\n', stderr);
	progress_pending = 0;
	say("%s", msg);
}

/*
 * The tournament key: --seed's public one, or RESULTS/key; on a first run
 * a new one, *fresh set: claim() writes it once the directory is ours.
 */
static int get_key(const struct compare_opts *o, const char *dir, struct key *k, int *fresh,
		   char *err, size_t len)
{
	char *path;
	int ret = 0;

	*fresh = 0;
	if (o->seeded) {
		key_from_seed(k, o->seed);
		return 0;
	}
	path = path_join(dir, RESULTS_KEY);
	if (access(path, F_OK) == 0) {
		ret = key_read(k, path, err, len);
	} else {
		ret = key_generate(k, err, len);
		*fresh = 1;
	}
	free(path);
	return ret;
}

/*
 * The directory holds this comparison, or is new: its identity is the
 * first pair (bots, variant, options, deal key), not the number of games,
 * so that a later run may ask for more. Writes arena.json and
 * schedule.jsonl. 0, or an exit status after a message.
 */
static int claim(struct results *res, const struct config *c, const struct key *k,
		 const struct deal_suite *d, int fresh_key, const struct schedule *s,
		 const char *dir, const char *record)
{
	struct results_meta meta, now;
	struct schedule first;
	char err[PATH_MAX + 512], fp[17], *ini = path_join(dir, "compare.ini");
	char *key_path = path_join(dir, RESULTS_KEY);
	int have, ret = 0;

	results_meta_init(&meta);
	results_meta_init(&now);
	build_schedule(&first, c, k, d, 1);
	schedule_fingerprint(&first, c, fp);
	schedule_release(&first);
	have = results_read_meta(res, &meta, err, sizeof(err));
	if (have < 0) {
		say("%s", err);
		ret = EXIT_RUNTIME;
	} else if (have && access(ini, F_OK) < 0) {
		say("%s holds a tournament, not a comparison: use another --results directory",
		    dir);
		ret = EXIT_USAGE;
	} else if (have && strcmp(meta.fingerprint, fp)) {
		say("%s holds another comparison (other bots, variant, options or deals): use "
		    "another --results directory, or --fresh to start over (the old results are "
		    "moved aside)", dir);
		ret = EXIT_USAGE;
	} else if (fresh_key && key_write(k, key_path, err, sizeof(err)) != 0) {
		say("%s", err);
		ret = EXIT_RUNTIME;
	} else if (rename(record, ini) < 0) {
		say("cannot rename '%s' to '%s': %s", record, ini, strerror(errno));
		ret = EXIT_RUNTIME;
	} else {
		snprintf(now.fingerprint, sizeof(now.fingerprint), "%s", fp);
		if (!c->seed_line)
			key_id(k, now.key_id);
		snprintf(now.shard, sizeof(now.shard), "1/1");
		now.games = s->ngames;
		if (results_write_meta(res, &now, c->name, ini, err, sizeof(err)) < 0 ||
		    results_write_schedule(res, s, c, 0, 0, err, sizeof(err)) < 0) {
			say("%s", err);
			ret = EXIT_RUNTIME;
		}
	}
	if (ret)
		unlink(record); /* compare.ini.new: the directory is not ours */
	results_meta_release(&meta);
	results_meta_release(&now);
	free(ini);
	free(key_path);
	return ret;
}

/*
 * The games of the next pairs not yet played, from pair 'from' on, at
 * most 'want' pairs. How many games.
 */
static long next_games(struct schedule *s, const struct outcome *out, long from, long pairs,
		       long want, struct fixture **todo)
{
	long n = 0;

	for (long p = from; p < pairs && want > 0; p++) {
		int added = 0;

		for (int g = 0; g < 2; g++)
			if (!out[2 * p + g].done) {
				todo[n++] = &s->games[2 * p + g];
				added = 1;
			}
		want -= added;
	}
	return n;
}

/* Plays pairs in chunks of 'jobs' until the test decides or MAX is reached. */
static int play_pairs(const struct compare_opts *o, const struct config *c, struct results *res,
		      struct result_set *set, struct schedule *s, const char *referee,
		      const char *dir, long jobs, struct tally *t)
{
	long pairs = s->ngames / 2, ntodo;
	struct outcome *out = xcalloc((size_t)s->ngames, sizeof(*out));
	struct fixture **todo = xcalloc((size_t)s->ngames, sizeof(*todo));
	struct play_status st;
	struct play_opts po;
	char err[PATH_MAX + 1024];
	long highest = -1;
	int from = 0, ret = 0;

	memset(&po, 0, sizeof(po));
	po.referee = referee;
	po.progress = no_progress;
	po.note = on_note;
	po.set = set;
	for (;;) {
		/* the games stored so far: each round's are added to set as they end */
		add_outcomes(&set->lines, &from, out, s->ngames, &highest);
		tally(o, out, pairs, t);
		if (t->verdict != SPRT_CONTINUE || t->ps.n == pairs) {
			print_progress(o, t, pairs, 1);
			break;
		}
		print_progress(o, t, pairs, 0);
		ntodo = next_games(s, out, t->ps.n, pairs, jobs, todo);
		memset(&st, 0, sizeof(st));
		st.total = ntodo;
		po.jobs = (int)(jobs < ntodo ? jobs : ntodo);
		switch (play_run(c, todo, ntodo, res, &po, &st, err, sizeof(err))) {
		case -1:
			say("%s", err);
			ret = EXIT_RUNTIME;
			break;
		case 1:
			say("stopped: run the same command again to resume");
			ret = 128 + (interrupt_signal() ? interrupt_signal() : 2);
			break;
		default:
			if (st.failed) {
				say("%ld game%s failed twice (see %s/" RESULTS_FAILED "); run the same "
				    "command again to retry", st.failed, st.failed == 1 ? "" : "s",
				    dir);
				ret = EXIT_FAILED_GAMES;
			}
		}
		if (ret)
			break;
	}
	free(out);
	free(todo);
	return ret;
}

int compare_run(const struct compare_opts *o, const char *default_referee)
{
	struct config c;
	struct results *res = NULL;
	struct schedule s;
	struct strset done;
	struct result_set set;    /* the games stored, kept up to date round by round */
	struct result_list lines;
	struct strbuf ini = STRBUF_INIT;
	struct pairs cp;
	struct tally t;
	struct key key;
	struct deal_suite suite = { NULL, NULL, 0 };
	char err[PATH_MAX + 4096], cfg[PATH_MAX + 32], cwd[PATH_MAX], *dir, *moved = NULL;
	char *referee = NULL;
	long pairs, highest, faults = 0, repaired = 0, jobs;
	int ret = EXIT_RUNTIME, have_config = 0, have_schedule = 0, have_pairs = 0, fresh_key = 0;

	strset_init(&done);
	result_set_init(&set);
	set.keep_all = 1; /* every round's outcomes are read from set.lines */
	result_list_init(&lines);
	strbuf_init(&ini);
	if (o->results) {
		dir = xstrdup(o->results);
	} else {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "results/compare-%s", o->variant);
		dir = strbuf_detach(&sb);
	}
	if (!getcwd(cwd, sizeof(cwd))) {
		say("cannot find the current directory: %s", strerror(errno));
		goto out;
	}
	if (o->deals && suite_read(&suite, o->deals, err, sizeof(err)) < 0) {
		say("%s", err);
		ret = EXIT_USAGE;
		goto out;
	}
	make_pairs(o, cwd, &cp);
	have_pairs = have_config = 1;
	/* checked before anything is written */
	if (config_from_pairs(&c, "compare", cp.items, cp.nr, err, sizeof(err)) < 0) {
		say("%s", err);
		ret = EXIT_USAGE;
		goto out;
	}
	settle_config(o, &c);
	/* the referee runs where compare was run: relative paths mean what they meant there */
	free(c.dir);
	c.dir = xstrdup(cwd);
	format_record(&ini, o, &cp);
	if (interrupt_install(err, sizeof(err)) < 0 ||
	    !(res = results_new(dir, o->fresh, &moved, err, sizeof(err))) ||
	    get_key(o, dir, &key, &fresh_key, err, sizeof(err)) < 0 ||
	    write_config(&ini, dir, cfg, sizeof(cfg), err, sizeof(err)) < 0) {
		say("%s", err);
		goto out;
	}
	if (moved)
		say("moved the earlier results aside to %s", moved);
	referee = realpath(c.referee ? c.referee : default_referee, NULL);
	if (!referee || access(referee, X_OK) < 0) {
		say("cannot run the referee '%s' (build it with make, or give --referee)",
		    c.referee ? c.referee : default_referee);
		unlink(cfg);
		goto out;
	}
	pairs = o->games / 2;
	if (suite.n && pairs > suite.n)
		pairs = suite.n; /* the suite ends the comparison */
	if (stored_highest(dir, &highest, err, sizeof(err)) < 0) {
		say("%s", err);
		unlink(cfg);
		goto out;
	}
	if (highest / 2 + 1 > pairs && (!suite.n || highest / 2 < suite.n))
		pairs = highest / 2 + 1; /* games of an earlier, longer run stay valid */
	build_schedule(&s, &c, &key, &suite, pairs);
	have_schedule = 1;
	if ((ret = claim(res, &c, &key, &suite, fresh_key, &s, dir, cfg)) != 0)
		goto out;
	ret = EXIT_RUNTIME;
	if (results_load(res, &s, &c, 0, 0, &done, &faults, &repaired, &lines, err,
			 sizeof(err)) < 0 ||
	    result_set_start(&set, dir, &lines, err, sizeof(err)) < 0) {
		say("%s", err);
		goto out;
	}
	jobs = o->jobs ? o->jobs : cpu_count();
	if (jobs < 1)
		jobs = 1;
	/* play up to this run's MAX (or the suite's end) */
	s.ngames = (int)(2 * (suite.n && o->games / 2 > suite.n ? suite.n : o->games / 2));
	ret = play_pairs(o, &c, res, &set, &s, referee, dir, jobs, &t);
	if (ret == 0 || ret == EXIT_FAILED_GAMES)
		print_summary(o, &t, dir);
out:
	if (have_schedule) {
		s.ngames = (int)(2 * pairs);
		schedule_release(&s);
	}
	if (have_config)
		config_release(&c);
	if (have_pairs)
		pairs_release(&cp);
	results_free(res);
	strset_release(&done);
	result_set_release(&set);
	result_list_release(&lines);
	strbuf_release(&ini);
	free(referee);
	free(moved);
	free(dir);
	suite_release(&suite);
	return ret;
}

int compare_main(int argc, char **argv, const char *default_referee)
{
	struct compare_opts o;

	parse(argc, argv, &o);
	return compare_run(&o, default_referee);
}
