/*
 * cmd_slurm.c - bin/arena slurm: a tournament as a Slurm job array
 * (docs/cluster.md).
 *
 * The arena already splits a schedule (--shard K/N, every shard dealing
 * from one key) and merges results (the report reads several
 * directories). On a cluster Slurm runs the shards: one array task per
 * shard, each `arena --shard K/N` in RESULTS/shard-K-of-N, then a job
 * that depends on the whole array (afterok) and writes the standings.
 * No shard writes another's files, and the key is made once, here, in
 * RESULTS/key.
 *
 * Resubmitting is resuming: before it writes the array script, this
 * module reads every shard directory (arena.json holds the shard's game
 * count, results.jsonl the games played) and asks only for the tasks of
 * shards that are incomplete. The merge job runs the same check and
 * refuses a partial ladder unless --partial.
 */
#include "cmd_slurm.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plan_config.h"
#include "plan_fingerprint.h"
#include "file.h"
#include "plan_key.h"
#include "options.h"
#include "path.h"
#include "report.h"
#include "store_result_set.h"
#include "store_results.h"
#include "rank_standings.h"
#include "cmd_status.h"
#include "strvec.h"
#include "util.h"

extern char **environ;

static const char usage_head[] =
	"usage: arena slurm [options] CONFIG\n"
	"\n"
	"Plays the tournament of CONFIG on a Slurm cluster: a job array with one\n"
	"task per shard (arena --shard K/N in RESULTS/shard-K-of-N, every shard\n"
	"dealing from RESULTS/key, made here), and a merge job that runs once\n"
	"every task succeeded and writes RESULTS/standings.txt, .csv and .json\n"
	"(and standings.html where 'arena report --html' exists). The two job\n"
	"scripts are written to RESULTS/slurm/; without --submit they are printed.\n"
	"Running the same command again asks only for the shards that are not\n"
	"complete. RESULTS must be on a file system every node shares.\n"
	"\n";

static const char usage_tail[] =
	"\n"
	"exit status: 0 done; 1 runtime error (a file cannot be written, sbatch\n"
	"failed, a shard's results are damaged); 2 bad arguments or config, or\n"
	"shards whose results are not of one run (report's check); 3 with\n"
	"--merge: some shards are incomplete (they are named; nothing is written).\n";

/* A [slurm] setting given as an option: set on the config once it is read. */
struct setting {
	const struct option_spec *opt; /* its value is the [slurm] key */
	const char *value;
};

/* What the command line asked for. */
struct opts {
	const char *config;
	const char *results;
	struct setting set[16];
	int nset;
	int submit, merge, partial;
};

static struct opts slurm_opts;

/* An option named after a [slurm] key: kept until the config is read. */
static int opt_setting(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	if (slurm_opts.nset == (int)(sizeof(slurm_opts.set) / sizeof(slurm_opts.set[0]))) {
		snprintf(err, len, "too many settings (at most %d)", slurm_opts.nset);
		return -1;
	}
	slurm_opts.set[slurm_opts.nset].opt = opt;
	slurm_opts.set[slurm_opts.nset++].value = arg;
	return 0;
}

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len);
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len);

/*
 * The options: one per [slurm] key (the key with '-' for '_'; each
 * entry's value is its key), then the others.
 */
static const struct option_spec slurm_table[] = {
	OPT_GROUP("options (or keys of [slurm] in CONFIG; an option wins):"),
	OPT_CALLBACK(0, "shards", "shards", "N", opt_setting,
		     "array tasks, one shard each, 1 to 10000 (shards; required)"),
	OPT_CALLBACK(0, "cpus-per-task", "cpus_per_task", "N", opt_setting,
		     "each task's CPUs, its games at once (cpus_per_task; default: 'jobs' in "
		     "[arena], else 1)"),
	OPT_CALLBACK(0, "time", "time", "LIMIT", opt_setting,
		     "each task's time limit, as sbatch --time takes it: 90, 12:00:00, "
		     "2-00:00:00 (time; default: the partition's)"),
	OPT_CALLBACK(0, "partition", "partition", "NAME", opt_setting,
		     "the partition of both jobs (partition; default: the cluster's)"),
	OPT_CALLBACK(0, "sbatch-args", "sbatch_args", "ARGS", opt_setting,
		     "more sbatch options for both jobs, as one '#SBATCH' line: "
		     "'--account=class --qos=long' (sbatch_args)"),
	OPT_STRING(0, "results", &slurm_opts.results, "DIR",
		   "results directory (default: 'results' in [arena], else results/NAME)"),
	OPT_FLAG(0, "submit", &slurm_opts.submit,
		 "submit both jobs with sbatch; print their ids and the command that shows "
		 "progress"),
	OPT_FLAG(0, "partial", &slurm_opts.partial,
		 "the merge reports whatever has been played, even when shards are incomplete "
		 "(but for shards played with other bots or another setup; none left: exit 3)"),
	OPT_FLAG(0, "merge", &slurm_opts.merge,
		 "what the merge job runs: check that every shard is complete, then write the "
		 "standings"),
	OPT_CALLBACK('h', "help", NULL, NULL, opt_help, "show this text"),
	OPT_HIDDEN_CALLBACK("help-markdown", slurm_table, opt_markdown),
	OPT_END(),
};

static int opt_help(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_help("arena", usage_head, slurm_table, usage_tail);
}

/* --help-markdown: the table as docs/cluster.md lists it (docs/options.sh). */
static int opt_markdown(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	(void)opt, (void)arg, (void)err, (void)len;
	options_print_markdown("arena", slurm_table);
}

/* Everything the job scripts are made of; paths absolute. */
struct plan {
	const struct config *c;
	const char *arena, *config, *dir;
	const char *key; /* NULL when CONFIG sets 'seed' */
	long n, cpus;
	int partial;
	struct fingerprint_recs bots; /* the fingerprints of the config's bots now (plan_fingerprint.h) */
	char setup[17];     /* fingerprint_setup() of the config now */
};

/* One shard directory as found. */
struct shard {
	int started;    /* arena.json is there */
	long games;     /* the shard's schedule (from arena.json) */
	long done;      /* games in results.jsonl */
	int stale;      /* its games were played with other bots or another setup */
};

/*
 * Did the shard play what the config plays now: the same setup and the
 * same bots with the same fingerprints? A shard of an earlier run whose
 * bots then changed counts as incomplete: its task plays what changed.
 */
static int shard_current(const struct plan *p, const struct results_meta *m)
{
	if (m->setup[0] && strcmp(m->setup, p->setup))
		return 0;
	if (m->bots.nr != p->bots.nr)
		return 0;
	for (size_t i = 0; i < p->bots.nr; i++) {
		const char *fp = fingerprint_recs_get(&m->bots, p->bots.items[i].name);

		if (!fp || strcmp(fp, p->bots.items[i].fingerprint))
			return 0;
	}
	return 1;
}

static void die_usage(const char *fmt, const char *arg)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_addf(&sb, fmt, arg);
	say("slurm: %s (see arena slurm --help)", sb.buf);
	strbuf_release(&sb);
	exit(EXIT_USAGE);
}

static void parse(int argc, char **argv, struct opts *o)
{
	char err[512];
	int n;

	/* every [slurm] key is an option: a key added to plan_config_slurm.c needs its entry here */
	for (int i = 0; config_slurm_keys[i]; i++) {
		const struct option_spec *e = slurm_table;

		while (e->type != OPTION_END && !(e->callback == opt_setting &&
						  !strcmp(e->value, config_slurm_keys[i])))
			e++;
		if (e->type == OPTION_END) {
			say("BUG: [slurm] key '%s' is no option of arena slurm", config_slurm_keys[i]);
			abort();
		}
	}
	n = options_parse(slurm_table, argc, argv, err, sizeof(err));
	if (n < 0)
		die_usage("%s", err);
	if (n != 1)
		die_usage("%s", n == 0 ? "no CONFIG given" : "give exactly one CONFIG");
	if (slurm_opts.submit && slurm_opts.merge)
		die_usage("%s", "--merge is what the merge job runs: it goes without --submit");
	*o = slurm_opts;
	o->config = argv[0];
}

/* The options' settings over the config's [slurm]; exits 2 on a bad value. */
static void apply_options(const struct opts *o, struct config *c)
{
	for (int i = 0; i < o->nset; i++) {
		const struct setting *st = &o->set[i];
		char why[256];

		if (config_slurm_set(&c->slurm, st->opt->value, st->value, why, sizeof(why)) < 0) {
			say("slurm: bad value '%s' for --%s (%s)", st->value, st->opt->long_name,
			    why);
			exit(EXIT_USAGE);
		}
	}
}

static char *shard_dir(const struct plan *p, long k)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s/shard-%ld-of-%ld", p->dir, k, p->n);
	return strbuf_detach(&sb);
}

/*
 * Reads what shard k (from 1) has: arena.json (absent: not started), and
 * the games of results.jsonl, checked against the shard's schedule. 0, or
 * -1 with err.
 */
static int read_shard(const struct plan *p, long k, struct shard *sh, char *err, size_t len)
{
	struct results_meta m;
	struct result_set set;
	char want[32], *dir = shard_dir(p, k), *jsonl = path_join(dir, RESULTS_FILE);
	int got, ret = -1;

	memset(sh, 0, sizeof(*sh));
	results_meta_init(&m);
	result_set_init(&set);
	if ((got = results_read_meta_dir(dir, &m, err, len)) < 0)
		goto out;
	snprintf(want, sizeof(want), "%ld/%ld", k, p->n);
	if (got && strcmp(m.shard, want)) {
		snprintf(err, len, "%s holds shard %s, not %s (move it away)", dir, m.shard, want);
		goto out;
	}
	sh->started = got;
	sh->games = m.games;
	sh->stale = got && !shard_current(p, &m);
	if (got && access(jsonl, F_OK) == 0) {
		if (result_set_read(&set, dir, err, len) < 0)
			goto out;
		result_set_finish(&set);
		sh->done = set.n;
	}
	ret = 0;
out:
	result_set_release(&set);
	results_meta_release(&m);
	free(jsonl);
	free(dir);
	return ret;
}

/*
 * Reads every shard: fills sh[0..n-1], and in todo the array indices of
 * the incomplete ones ("1-3,5"), and in why one line per incomplete shard.
 * Returns the number of incomplete shards, or -1 with err.
 */
static long read_shards(const struct plan *p, struct shard *sh, struct strbuf *todo,
			struct strbuf *why, char *err, size_t len)
{
	long incomplete = 0, from = 0;

	for (long k = 1; k <= p->n + 1; k++) {
		int bad = 0;

		if (k <= p->n) {
			if (read_shard(p, k, &sh[k - 1], err, len) < 0)
				return -1;
			bad = !sh[k - 1].started || sh[k - 1].done < sh[k - 1].games ||
			      sh[k - 1].stale;
		}
		if (bad && k <= p->n) {
			incomplete++;
			if (!sh[k - 1].started)
				strbuf_addf(why, "  shard %ld/%ld: not started\n", k, p->n);
			else if (sh[k - 1].stale)
				strbuf_addf(why, "  shard %ld/%ld: played with other bots or another "
					    "setup than the config's now\n", k, p->n);
			else
				strbuf_addf(why, "  shard %ld/%ld: %ld of %ld games\n", k, p->n,
					    sh[k - 1].done, sh[k - 1].games);
		}
		/* ranges of consecutive incomplete shards */
		if (bad && !from)
			from = k;
		if (!bad && from) {
			if (todo->len)
				strbuf_addch(todo, ',');
			if (from == k - 1)
				strbuf_addf(todo, "%ld", from);
			else
				strbuf_addf(todo, "%ld-%ld", from, k - 1);
			from = 0;
		}
	}
	return incomplete;
}

/* The #SBATCH lines both jobs share. */
static void common_lines(struct strbuf *sb, const struct plan *p)
{
	if (p->c->slurm.partition)
		strbuf_addf(sb, "#SBATCH --partition=%s\n", p->c->slurm.partition);
	if (p->c->slurm.sbatch_args)
		strbuf_addf(sb, "#SBATCH %s\n", p->c->slurm.sbatch_args);
}

/* The array job: task K plays shard K of n. */
static void script_shards(struct strbuf *sb, const struct plan *p, const char *array)
{
	strbuf_addf(sb, "#!/bin/sh\n"
		    "# the shards of tournament '%s': array task K plays shard K of %ld\n"
		    "# (made by arena slurm; running it again asks only for the shards not done)\n"
		    "#SBATCH --job-name=%s\n"
		    "#SBATCH --array=%s\n"
		    "#SBATCH --cpus-per-task=%ld\n",
		    p->c->name, p->n, p->c->name, array, p->cpus);
	if (p->c->slurm.time)
		strbuf_addf(sb, "#SBATCH --time=%s\n", p->c->slurm.time);
	strbuf_addf(sb, "#SBATCH --output=%s/slurm/shard-%%a.out\n"
		    "#SBATCH --open-mode=append\n", p->dir);
	common_lines(sb, p);
	strbuf_addstr(sb, "k=$SLURM_ARRAY_TASK_ID\nexec ");
	strvec_quote_word(p->arena, sb);
	strbuf_addf(sb, " --shard \"$k/%ld\"", p->n);
	if (p->key) {
		strbuf_addstr(sb, " --key ");
		strvec_quote_word(p->key, sb);
	}
	strbuf_addf(sb, " --results %s/shard-\"$k\"-of-%ld --jobs %ld ", p->dir, p->n, p->cpus);
	strvec_quote_word(p->config, sb);
	strbuf_addch(sb, '\n');
}

/* The merge job: the standings, once every shard is complete. */
static void script_merge(struct strbuf *sb, const struct plan *p)
{
	strbuf_addf(sb, "#!/bin/sh\n"
		    "# the standings of tournament '%s' from its %ld shards (made by arena slurm)\n"
		    "#SBATCH --job-name=%s-merge\n"
		    "#SBATCH --cpus-per-task=1\n"
		    "#SBATCH --output=%s/slurm/merge.out\n"
		    "#SBATCH --open-mode=append\n",
		    p->c->name, p->n, p->c->name, p->dir);
	common_lines(sb, p);
	strbuf_addstr(sb, "set -e\n");
	strvec_quote_word(p->arena, sb);
	strbuf_addf(sb, " slurm --merge%s --shards %ld --results %s ", p->partial ? " --partial" : "",
		    p->n, p->dir);
	strvec_quote_word(p->config, sb);
	strbuf_addstr(sb, "\n# the standings page, where this arena makes one\nif ");
	strvec_quote_word(p->arena, sb);
	strbuf_addstr(sb, " report --help | grep -q -e '--html'; then\n\t");
	strvec_quote_word(p->arena, sb);
	strbuf_addf(sb, " report --html %s/standings.html", p->dir);
	/* the shards by name, never a pattern another directory could match */
	for (long k = 1; k <= p->n; k++)
		strbuf_addf(sb, " %s/shard-%ld-of-%ld", p->dir, k, p->n);
	strbuf_addstr(sb, "\nfi\n");
}

/* Writes text to dir/name, atomically (a temporary name, then rename). 0, or -1 with err. */
static int write_file(const char *dir, const char *name, const char *text, char *err, size_t len)
{
	char *path = path_join(dir, name), *tmp = xmalloc(strlen(path) + 8);
	int fd, ret = -1;

	snprintf(tmp, strlen(path) + 8, "%s.tmp", path);
	if ((fd = file_open_private(tmp, 0, err, len)) < 0)
		goto out;
	if (file_write_all(fd, text, strlen(text)) < 0 || fsync(fd) < 0) {
		snprintf(err, len, "cannot write %s: %s", tmp, strerror(errno));
		close(fd);
		goto out;
	}
	close(fd);
	if (rename(tmp, path) < 0) {
		snprintf(err, len, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		goto out;
	}
	ret = 0;
out:
	free(tmp);
	free(path);
	return ret;
}

/*
 * Runs "sbatch --parsable [--dependency=afterok:AFTER] SCRIPT" and reads
 * the job id it prints ("ID" or "ID;CLUSTER"). sbatch's own messages go
 * to our stderr. 0, or -1 with err.
 */
static int sbatch(const char *script, const char *after, char *id, size_t idlen, char *err,
		  size_t len)
{
	posix_spawn_file_actions_t fa;
	char dep[64], out[256];
	char *argv[5];
	int fds[2], status, argc = 0;
	ssize_t got;
	size_t n = 0;
	pid_t pid;

	argv[argc++] = (char *)"sbatch";
	argv[argc++] = (char *)"--parsable";
	if (after) {
		snprintf(dep, sizeof(dep), "--dependency=afterok:%s", after);
		argv[argc++] = dep;
	}
	argv[argc++] = (char *)script;
	argv[argc] = NULL;
	if (pipe2(fds, O_CLOEXEC) < 0) {
		snprintf(err, len, "cannot run sbatch: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	status = posix_spawnp(&pid, "sbatch", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (status != 0) {
		close(fds[0]);
		snprintf(err, len, "cannot run sbatch: %s (is this a Slurm login node? sbatch "
			 "must be in PATH)", strerror(status));
		return -1;
	}
	while ((got = read(fds[0], out + n, sizeof(out) - 1 - n)) > 0 ||
	       (got < 0 && errno == EINTR))
		n += got > 0 ? (size_t)got : 0;
	close(fds[0]);
	out[n] = '\0';
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		snprintf(err, len, "sbatch %s failed (exit status %d; its message is above)",
			 script, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return -1;
	}
	n = strspn(out, "0123456789_");
	if (!n || n >= idlen) {
		snprintf(err, len, "sbatch %s printed no job id", script);
		return -1;
	}
	memcpy(id, out, n);
	id[n] = '\0';
	return 0;
}

/*
 * --merge: every shard must be complete (or --partial); then the
 * standings of all shards, in the three formats, into the results
 * directory, and the text on stdout.
 */
static int merge(const struct plan *p)
{
	static const struct { enum report_format fmt; const char *name; } outs[] = {
		{ REPORT_CSV, "standings.csv" },
		{ REPORT_JSON, "standings.json" },
		{ REPORT_TEXT, "standings.txt" },
	};
	struct shard *sh = xcalloc((size_t)p->n, sizeof(*sh));
	struct strbuf todo = STRBUF_INIT, why = STRBUF_INIT, out = STRBUF_INIT;
	struct result_set set;
	struct standings st;
	char err[PATH_MAX + 1024];
	long bad;
	int ret = EXIT_RUNTIME;

	strbuf_init(&todo);
	strbuf_init(&why);
	strbuf_init(&out);
	result_set_init(&set);
	if ((bad = read_shards(p, sh, &todo, &why, err, sizeof(err))) < 0) {
		say("%s", err);
		goto out;
	}
	if (bad && !p->partial) {
		say("the ladder is incomplete: %ld of %ld shards are not done (submit the same "
		    "arena slurm command again to play what is missing, or merge what there is "
		    "with --partial):\n%.*s", bad, p->n, (int)why.len - 1, why.buf);
		ret = EXIT_INCOMPLETE;
		goto out;
	}
	if (bad)
		say("--partial: merging an incomplete ladder (a shard played with other bots or "
		    "another setup is left out: its games are not those of the config now):\n%.*s",
		    (int)why.len - 1, why.buf);
	for (long k = 1; k <= p->n; k++) {
		char *dir = shard_dir(p, k);
		/* as report: never games of two versions of a bot in one table */
		int r = sh[k - 1].done && !sh[k - 1].stale ?
			result_set_read(&set, dir, err, sizeof(err)) : 0;

		free(dir);
		if (r < 0) {
			say("%s", err);
			if (r == RESULT_SET_MIXED)
				ret = EXIT_USAGE;
			goto out;
		}
	}
	if (bad && !set.n) {
		/* standings of no game would overwrite what an earlier merge wrote */
		say("--partial: no shard holds games of the config as it is now: nothing merged, "
		    "the standings are left as they are");
		ret = EXIT_INCOMPLETE;
		goto out;
	}
	result_set_finish(&set);
	standings_compute(&st, &set);
	for (size_t i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		strbuf_reset(&out);
		report_write(&out, &st, &set, outs[i].fmt);
		if (write_file(p->dir, outs[i].name, out.buf, err, sizeof(err)) < 0) {
			say("%s", err);
			standings_release(&st);
			goto out;
		}
	}
	fputs(out.buf, stdout);
	standings_release(&st);
	ret = 0;
out:
	result_set_release(&set);
	strbuf_release(&todo);
	strbuf_release(&why);
	strbuf_release(&out);
	free(sh);
	return ret;
}

/* Prints what was submitted, and how to follow it. */
static void print_submitted(const struct plan *p, const char *array, const char *shards_id,
			    const char *merge_id)
{
	if (shards_id[0])
		printf("shards: job %s (array tasks %s of %ld)\n"
		       "merge: job %s (runs once every task succeeded)\n"
		       "progress: squeue --jobs=%s,%s\n"
		       "logs: %s/slurm/shard-K.out, %s/slurm/merge.out\n",
		       shards_id, array, p->n, merge_id, shards_id, merge_id, p->dir, p->dir);
	else
		printf("shards: all %ld complete, none submitted\n"
		       "merge: job %s\n"
		       "progress: squeue --jobs=%s\n"
		       "logs: %s/slurm/merge.out\n", p->n, merge_id, merge_id, p->dir);
	printf("standings: %s/standings.txt (and .csv, .json) once the merge is done\n", p->dir);
}

/*
 * Writes the job scripts (the array only when some shard is incomplete)
 * into RESULTS/slurm/, then submits them or prints them.
 */
static int launch(const struct plan *p, int submit)
{
	struct shard *sh = xcalloc((size_t)p->n, sizeof(*sh));
	struct strbuf todo = STRBUF_INIT, why = STRBUF_INIT, a = STRBUF_INIT, m = STRBUF_INIT;
	char err[PATH_MAX + 1024], sid[64] = "", mid[64], *sdir = path_join(p->dir, "slurm");
	char *apath = path_join(sdir, "shards.sbatch"), *mpath = path_join(sdir, "merge.sbatch");
	long bad;
	int ret = EXIT_RUNTIME;

	strbuf_init(&todo);
	strbuf_init(&why);
	strbuf_init(&a);
	strbuf_init(&m);
	if ((bad = read_shards(p, sh, &todo, &why, err, sizeof(err))) < 0)
		goto fail;
	if (bad)
		script_shards(&a, p, todo.buf);
	script_merge(&m, p);
	if (path_mkdir_p(sdir, 0700) < 0) {
		snprintf(err, sizeof(err), "cannot make %s: %s", sdir, strerror(errno));
		goto fail;
	}
	if ((bad && write_file(sdir, "shards.sbatch", a.buf, err, sizeof(err)) < 0) ||
	    write_file(sdir, "merge.sbatch", m.buf, err, sizeof(err)) < 0)
		goto fail;
	if (!submit) {
		if (bad)
			printf("# ---- %s\n%s", apath, a.buf);
		printf("# ---- %s\n%s# ---- to submit them (what arena slurm --submit does):\n",
		       mpath, m.buf);
		if (bad)
			printf("# jid=$(sbatch --parsable %s) &&\n#   sbatch "
			       "--dependency=afterok:\"${jid%%;*}\" %s\n", apath, mpath);
		else
			printf("# (every shard is complete)\n# sbatch %s\n", mpath);
		ret = 0;
		goto out;
	}
	if ((bad && sbatch(apath, NULL, sid, sizeof(sid), err, sizeof(err)) < 0) ||
	    sbatch(mpath, bad ? sid : NULL, mid, sizeof(mid), err, sizeof(err)) < 0)
		goto fail;
	print_submitted(p, todo.buf, sid, mid);
	ret = 0;
	goto out;
fail:
	say("%s", err);
out:
	strbuf_release(&todo);
	strbuf_release(&why);
	strbuf_release(&a);
	strbuf_release(&m);
	free(apath);
	free(mpath);
	free(sdir);
	free(sh);
	return ret;
}

/*
 * The results directory, made (0700) and absolute. Its path goes into
 * '#SBATCH --output=' lines, which have no quoting and take '%' for a
 * pattern: it may hold only characters that need none. NULL after a
 * message.
 */
static char *results_dir_abs(const char *given, int make)
{
	char *abs;

	if (make && path_mkdir_p(given, 0700) < 0) {
		say("cannot make the results directory '%s': %s", given, strerror(errno));
		return NULL;
	}
	if (!(abs = realpath(given, NULL))) {
		say("cannot find the results directory '%s': %s", given, strerror(errno));
		return NULL;
	}
	{
		/*
		 * the job scripts and the key go here: no other user may be able
		 * to change them (as for every results directory, store_results.h)
		 */
		char err[PATH_MAX + 256];

		if (path_check_owned(abs, err, sizeof(err)) < 0) {
			say("the results directory is not safe: %s", err);
			free(abs);
			return NULL;
		}
	}
	if (strspn(abs, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
			"/_.,+=:@-") != strlen(abs)) {
		say("slurm: the results directory '%s' has a character that job scripts would "
		    "need to quote (use letters, digits and / _ . , + = : @ -)", abs);
		free(abs);
		return NULL;
	}
	return abs;
}

/*
 * The tournament key, RESULTS/key: made (0600) on the first run, else
 * read, which checks that it is private. 0, or an exit status.
 */
static int ensure_key(const char *path)
{
	struct key k;
	char err[PATH_MAX + 256];
	int got = key_read(&k, path, err, sizeof(err));

	if (got == 0 && (key_generate(&k, err, sizeof(err)) < 0 ||
			 key_write(&k, path, err, sizeof(err)) < 0))
		got = -1;
	if (got < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	return 0;
}

int slurm_main(int argc, char **argv, const char *arena)
{
	struct opts o;
	struct config c;
	struct plan p;
	char err[8192], *dir = NULL, *cfg = NULL, *key = NULL;
	int ret = EXIT_USAGE;

	memset(&o, 0, sizeof(o));
	parse(argc, argv, &o);
	if (config_load(&c, o.config, err, sizeof(err)) < 0) {
		say("%s", err);
		goto out;
	}
	apply_options(&o, &c);
	if (!c.slurm.shards) {
		say("slurm: how many shards? (give --shards N, or 'shards' in [slurm])");
		goto out;
	}
	ret = EXIT_RUNTIME;
	if (!(cfg = realpath(o.config, NULL))) {
		say("cannot find '%s': %s", o.config, strerror(errno));
		goto out;
	}
	if (!(dir = results_dir_abs(o.results ? o.results : c.results, !o.merge)))
		goto out;
	memset(&p, 0, sizeof(p));
	p.c = &c;
	p.arena = arena;
	p.config = cfg;
	p.dir = dir;
	p.n = c.slurm.shards;
	p.cpus = c.slurm.cpus_per_task ? c.slurm.cpus_per_task : c.jobs ? c.jobs : 1;
	p.partial = o.partial;
	fingerprint_recs_init(&p.bots);
	for (int i = 0; i < c.nbots; i++) {
		char fp[17];

		(void)fingerprint_bot(&c, &c.bots[i], fp); /* no signal is caught here */
		fingerprint_recs_add(&p.bots, c.bots[i].name, fp);
	}
	fingerprint_setup(&c, p.setup);
	if (!c.seed_line) {
		key = path_join(dir, RESULTS_KEY);
		p.key = key;
		if (!o.merge && (ret = ensure_key(key)) != 0)
			goto out;
	}
	ret = o.merge ? merge(&p) : launch(&p, o.submit);
	fingerprint_recs_release(&p.bots);
out:
	config_release(&c);
	free(key);
	free(cfg);
	free(dir);
	return ret;
}
