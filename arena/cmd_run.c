/*
 * cmd_run.c - bin/arena CONFIG: a tournament run, and what arena --check
 * shares with it (the results directory, jobs, referee, key, excluded
 * bots and built copies), so that --check shows the run as it will play.
 *
 * A run locks the results directory, fingerprints the bots and builds the
 * new and changed ones, checks the schedule against the directory's,
 * plays the games not yet played with a progress line and the standings
 * page rewritten as it goes, then prints the report and writes every
 * bot's feedback file.
 */
#include "cmd_run.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play_build.h"
#include "clock.h"
#include "cpu.h"
#include "path.h"
#include "plan_config.h"
#include "report_feedback.h"
#include "store_incremental.h"
#include "report_index_page.h"
#include "play_interrupt.h"
#include "plan_key.h"
#include "play.h"
#include "report.h"
#include "store_result_set.h"
#include "store_results.h"
#include "plan_schedule.h"
#include "rank_standings.h"
#include "cmd_status.h"
#include "strset.h"
#include "util.h"

/* ---- shared by --check and runs ---- */

char *default_referee(void)
{
	return path_beside_self("referee");
}

char *results_dir_for(const struct options *o, const struct config *c)
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

long default_jobs(const struct options *o, const struct config *c)
{
	if (o->jobs)
		return o->jobs;
	if (c->jobs)
		return c->jobs;
	return cpu_count();
}

int find_key(const struct options *o, const char *dir, struct key *k, int *in_dir,
	     int *status)
{
	struct key dk, fk;
	char err[PATH_MAX + 256], *path = path_join(dir, RESULTS_KEY);
	int hd, hf = 0, ret = -1;

	*in_dir = 0;
	hd = key_read(&dk, path, err, sizeof(err));
	if (hd < 0) {
		say("%s (put the key back, or start over with --fresh)", err);
		*status = EXIT_RUNTIME;
		goto out;
	}
	if (o->key) {
		hf = key_read(&fk, o->key, err, sizeof(err));
		if (hf == 0)
			say("cannot read tournament key '%s': %s (make one with: "
				"arena key %s)", o->key, strerror(ENOENT), o->key);
		else if (hf < 0)
			say("%s", err);
		if (hf <= 0) {
			*status = EXIT_USAGE;
			goto out;
		}
	}
	if (hd && hf && !key_equal(&dk, &fk)) {
		say("--key '%s' is not the key of %s (%s differs): its games "
			"were dealt from another key. Use that key, another --results directory, "
			"or --fresh", o->key, dir, path);
		*status = EXIT_USAGE;
		goto out;
	}
	*in_dir = hd;
	if (hf || hd)
		*k = hf ? fk : dk;
	ret = hf || hd;
out:
	free(path);
	return ret;
}

void apply_excluded(const struct config *c, const struct excluded_bots *excluded, int *active)
{
	for (int i = 0; i < c->nbots; i++)
		if (excluded_bots_reason(excluded, c->bots[i].name))
			active[i] = 0;
}

void use_builds(struct config *c, const char *abs_results, const int *active)
{
	for (int i = 0; i < c->nbots; i++) {
		char path[PATH_MAX];

		if (!active[i] || !c->bots[i].build)
			continue;
		snprintf(path, sizeof(path), "%s/" RESULTS_BUILDS "/%s", abs_results, c->bots[i].name);
		config_use_build(&c->bots[i], path);
	}
}

int run_assign_authors(struct config *c)
{
	char (*code)[FINGERPRINT_LEN + 1] = xcalloc((size_t)c->nbots + 1, sizeof(*code));
	int ret = 0;

	for (int i = 0; i < c->nbots && !ret; i++) {
		c->bots[i].author = i;
		if (fingerprint_code(c, &c->bots[i], code[i]) < 0)
			ret = -1;
		for (int j = 0; j < i && !ret && code[i][0]; j++)
			if (!strcmp(code[i], code[j])) {
				c->bots[i].author = c->bots[j].author;
				break;
			}
	}
	free(code);
	return ret;
}

/* ---- runs ---- */

struct ui {
	int tty, quiet;
	const char *name;
	double last_print;
	int line_shown;
	/* RESULTS/index.html: rewritten at most every INDEX_PAGE_EVERY_S while games are played */
	const char *dir, *referee;
	struct result_set *set; /* the run's results: the page is made from it */
	double last_page, page_wait;
	int page_failed;
};

static void clear_line(struct ui *ui)
{
	if (ui->tty && ui->line_shown) {
		fputs("\r\033[K", stderr);
		ui->line_shown = 0;
	}
}

/*
 * Writes RESULTS/index.html, with the pages of the games it links to when
 * game_pages (at the end of a run: not while it plays, as replays would
 * hold up the games, nor after a stop). A failure while games are played
 * is said once and does not stop them. The next write waits at least
 * INDEX_PAGE_EVERY_S, and 20 times as long as this one took (a long
 * ladder's standings take a while to compute), so the page never costs the run
 * more than a twentieth of its time. 0; 1: a signal stopped the pages.
 */
static int write_index(struct ui *ui, int running, int game_pages)
{
	char err[PATH_MAX + 256];
	int got;

	ui->last_page = clock_ms() / 1e3;
	got = index_page_write(ui->dir, ui->set, game_pages ? ui->referee : NULL, running, err,
			       sizeof(err));
	ui->page_wait = 20 * (clock_ms() / 1e3 - ui->last_page);
	if (ui->page_wait < INDEX_PAGE_EVERY_S)
		ui->page_wait = INDEX_PAGE_EVERY_S;
	if (got >= 0)
		return got;
	if (!running || !ui->page_failed++) {
		clear_line(ui);
		say("cannot write the standings page: %s", err);
	}
	return -1;
}

static void on_note(void *arg, const char *msg)
{
	struct ui *ui = arg;

	clear_line(ui);
	say("%s", msg);
}

static void on_progress(void *arg, const struct play_status *st, int final)
{
	struct ui *ui = arg;
	double t = (clock_ms() / 1e3), rate = st->elapsed > 0 ? (double)st->done_now / st->elapsed : 0;
	long left = st->total - st->done - st->failed;
	char eta[32];

	if (!final && ui->dir && t - ui->last_page >= ui->page_wait)
		write_index(ui, 1, 0);
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

/*
 * Prints the standings of set, the run's results in dir, and, when c is
 * given, writes every bot's feedback file (report_feedback.h) with the
 * exclusions of meta.
 */
static int print_final_report(const char *dir, struct result_set *set, const struct config *c,
			      const struct results_meta *meta)
{
	struct standings st;
	struct strbuf out = STRBUF_INIT;
	char err[PATH_MAX + ERRLEN];
	int ret = 0;

	result_set_finish(set);
	standings_compute(&st, set);
	strbuf_init(&out);
	report_write(&out, &st, set, REPORT_TEXT);
	fputs(out.buf, stdout);
	fflush(stdout);
	if (c && feedback_write(dir, c, meta, &st, set, err, sizeof(err)) < 0) {
		say("%s", err);
		ret = -1;
	}
	strbuf_release(&out);
	standings_release(&st);
	return ret;
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
		say("cannot run the referee '%s': %s (build it with make, or "
			"set 'referee' in [arena] or --referee)", referee, strerror(errno));
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

/*
 * Which bots play (active[]). Every bot is fingerprinted and compared with
 * the last run (d; store_incremental.h): an unchanged bot keeps the last run's
 * verdict (meta), a new or changed one is built now (its old build moved
 * to the archive), as every bot is on a first run. now gets the
 * fingerprints and the exclusions (failed builds, rejected submissions).
 * A built bot whose program is not in its built copy, or whose copy or
 * command leads outside that copy (a link to another's program), is
 * excluded like a failed build. 0, or an exit status.
 */
static int choose_bots(struct config *c, const char *referee, struct results *res, long jobs,
		       int have_meta, const struct results_meta *meta, struct results_meta *now,
		       int *active, struct delta *d, struct ui *ui)
{
	char builds[PATH_MAX], err[PATH_MAX + 1024];
	char (*fp)[FINGERPRINT_LEN + 1] = xcalloc((size_t)c->nbots + 1, sizeof(*fp));
	int *excluded = xcalloc((size_t)c->nbots + 1, sizeof(int));
	int *only = xcalloc((size_t)c->nbots + 1, sizeof(int)), nbuild = 0, ret = 0;

	for (int i = 0; i < c->nbots; i++) {
		if (fingerprint_bot(c, &c->bots[i], fp[i]) < 0) { /* a signal came */
			say("stopped while fingerprinting the bots; run the same command again");
			ret = 128 + interrupt_signal();
			goto out;
		}
		fingerprint_recs_add(&now->bots, c->bots[i].name, fp[i]);
	}
	incremental_diff(d, c, have_meta ? meta : NULL, fp);
	for (int i = 0; i < c->nbots; i++) {
		const char *why = have_meta ? excluded_bots_reason(&meta->excluded, c->bots[i].name) :
				  NULL;

		only[i] = !have_meta || d->bots[i].state != BOT_SAME;
		nbuild += only[i] && c->bots[i].build;
		if (!only[i] && why) {
			excluded[i] = 1; /* an unchanged bot keeps the last run's verdict */
			excluded_bots_add(&now->excluded, c->bots[i].name, "%s", why);
		}
	}
	snprintf(builds, sizeof(builds), "%s/builds", results_dir(res));
	if (incremental_archive_builds(d, res, err, sizeof(err)) < 0 ||
	    (nbuild && build_all(c, only, referee, builds, (int)jobs, excluded, &now->excluded,
				 on_note, ui, interrupt_fd(), err, sizeof(err)) < 0)) {
		say("%s", err);
		ret = !strcmp(err, "interrupted") ? 128 + interrupt_signal() : EXIT_RUNTIME;
		goto out;
	}
	for (int i = 0; i < c->nbots; i++)
		active[i] = !excluded[i];
	use_builds(c, results_abs_dir(res), active);
	for (int i = 0; i < c->nbots; i++) {
		struct entrant *b = &c->bots[i];

		if (!active[i] || !only[i] || !b->build ||
		    config_bot_runnable(b, err, sizeof(err)) == 0)
			continue;
		active[i] = 0;
		excluded_bots_add(&now->excluded, b->name, "the build did not make the bot's program: %s",
				  err);
		clear_line(ui);
		say("excluding %s: the build did not make the bot's program: %s",
			b->name, err);
	}
	/* after the build: its links may lead to a classmate's or the teacher's program */
	for (int i = 0; i < c->nbots; i++) {
		struct entrant *b = &c->bots[i];

		if (!active[i] || !only[i] || !b->build ||
		    config_bot_inside_build(b, err, sizeof(err)) == 0)
			continue;
		active[i] = 0;
		excluded_bots_add(&now->excluded, b->name, "the built copy leads outside itself: %s",
				  err);
		clear_line(ui);
		say("excluding %s: the built copy leads outside itself: %s", b->name, err);
	}
	for (int i = 0; i < c->nrejected; i++)
		excluded_bots_add(&now->excluded, c->rejected[i].name, "rejected: %s",
				  c->rejected[i].reason);
out:
	free(fp);
	free(excluded);
	free(only);
	return ret;
}

/*
 * The key of a run: the config seed's public key, or the tournament key
 * (from --key FILE or RESULTS/key; a new one on a first run). *in_dir
 * tells whether RESULTS/key holds it already. 0, or an exit status after
 * a message.
 */
static int run_key(const struct options *o, const struct config *c, const char *dir,
		   int have_meta, const struct results_meta *meta, struct key *k, int *in_dir)
{
	char err[PATH_MAX + 256];
	int status = 0, got;

	*in_dir = 0;
	if (c->seed_line) {
		key_from_seed(k, c->seed);
		return 0;
	}
	got = find_key(o, dir, k, in_dir, &status);
	if (got < 0)
		return status;
	if (got)
		return 0;
	if (have_meta && meta->key_id[0]) {
		say("cannot read tournament key '%s/%s': %s (the games in %s were "
			"dealt from it: put it back, give it with --key FILE, or start over with "
			"--fresh)", dir, RESULTS_KEY, strerror(ENOENT), dir);
		return EXIT_USAGE;
	}
	if (key_generate(k, err, sizeof(err)) < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	return 0;
}

/*
 * Before anything is built or moved: do the results in dir belong to this
 * key, this setup (variants, options, deals, seed; bots may change) and
 * this shard? 0, or an exit status after a message.
 */
/*
 * In the house format, the authors of the bots (byte-identical submissions
 * are one), before anything builds a schedule: check_claim()'s must be the
 * run's. 0, or an exit status (a signal came).
 */
static int authors(struct config *c, struct ui *ui)
{
	if (c->partners != PARTNERS_HOUSE)
		return 0;
	if (run_assign_authors(c) < 0) {
		clear_line(ui);
		say("stopped while fingerprinting the bots; run the same command again");
		return 128 + interrupt_signal();
	}
	for (int i = 0; i < c->nbots; i++)
		if (c->bots[i].author != i)
			say("%s has the same code as %s (byte-identical): they never share a game",
			    c->bots[i].name, c->bots[c->bots[i].author].name);
	return 0;
}

static int check_claim(const struct config *c, const char *dir, const struct results_meta *meta,
		       const struct options *o, const struct key *k, const char *shard)
{
	char kid[KEY_ID_LEN + 1], setup[17], fp[17], err[1024];
	int *active = xcalloc((size_t)c->nbots + 1, sizeof(int));
	struct schedule s;
	long games = 0;
	int ret = 0;

	key_id(k, kid);
	fingerprint_setup(c, setup);
	if (meta->key_id[0] && !c->seed_line && strcmp(meta->key_id, kid)) {
		say("%s holds games dealt from another tournament key (key %s; this one "
		    "is %s). Use that key, another --results directory, or --fresh to start over "
		    "(the old results are moved aside)", dir, meta->key_id, kid);
		ret = EXIT_USAGE;
		goto out;
	}
	for (int i = 0; i < c->nbots; i++)
		active[i] = 1;
	apply_excluded(c, &meta->excluded, active);
	if (schedule_build(&s, c, active, k, err, sizeof(err)) == 0) {
		for (int i = 0; i < s.ngames; i++)
			games += !o->shard_n || schedule_in_shard(&s.games[i], o->shard_k, o->shard_n);
		schedule_fingerprint(&s, c, fp);
		schedule_release(&s);
	} else {
		fp[0] = '\0';
	}
	if (meta->setup[0] ? strcmp(meta->setup, setup) != 0 : strcmp(meta->fingerprint, fp) != 0) {
		say("%s holds results of a different schedule (%ld games; now %ld): the config "
		    "changed what is played%s. Use --fresh to start over (the old results are "
		    "moved aside), or another --results directory", dir, meta->games, games,
		    meta->setup[0] ? "" : ", or an older arena played them (its team games' ids "
		    "numbered the pairings)");
		ret = EXIT_USAGE;
	} else if (strcmp(meta->shard, shard)) {
		say("%s holds shard %s, not %s; use another --results "
			"directory", dir, meta->shard, shard);
		ret = EXIT_USAGE;
	}
out:
	free(active);
	return ret;
}

/*
 * A results directory belongs to one setup (variants, options, deals,
 * seed), one key and one shard: checks that against arena.json, or, on a
 * first run, writes the key (when it is not there yet). When bots changed
 * since the last run (d) or the schedule differs, the superseded games
 * move to the archive first (store_incremental.h). Then the schedule and
 * arena.json are written, in that order. 0, or an exit status after a
 * message.
 */
static int claim_results(const struct config *c, struct results *res, const char *dir,
			 int have_meta, const struct results_meta *meta, struct results_meta *now,
			 const struct schedule *s, const struct options *o, const struct key *k,
			 int key_in_dir, const char *shard, long games, struct delta *d)
{
	char err[PATH_MAX + 1024], fp[17], kid[KEY_ID_LEN + 1], *path;
	int got, renew;

	schedule_fingerprint(s, c, fp);
	fingerprint_setup(c, now->setup);
	key_id(k, kid);
	if (!c->seed_line && !key_in_dir) {
		/* a first run, or a directory whose copy of the --key key went missing */
		path = path_join(dir, RESULTS_KEY);
		got = key_write(k, path, err, sizeof(err));
		free(path);
		if (got != 0) {
			if (got > 0)
				snprintf(err, sizeof(err), "%s/%s appeared while the arena started",
					 dir, RESULTS_KEY);
			say("%s", err);
			return EXIT_RUNTIME;
		}
	}
	renew = have_meta && (d->changes || strcmp(meta->fingerprint, fp) ||
			      !meta->setup[0] || meta->bots.nr == 0);
	if (renew && (d->changes || strcmp(meta->fingerprint, fp)) &&
	    incremental_reconcile(d, res, s, c, o->shard_k, o->shard_n, err, sizeof(err)) < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	path = path_join(dir, RESULTS_SCHEDULE);
	got = !have_meta || renew || access(path, F_OK) < 0;
	free(path);
	if (got && results_write_schedule(res, s, c, o->shard_k, o->shard_n, err, sizeof(err)) < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	if (have_meta && !renew)
		return 0;
	snprintf(now->fingerprint, sizeof(now->fingerprint), "%s", fp);
	if (!c->seed_line)
		snprintf(now->key_id, sizeof(now->key_id), "%s", kid);
	snprintf(now->shard, sizeof(now->shard), "%s", shard);
	now->games = games;
	if (results_write_meta(res, now, c->name, c->path, err, sizeof(err)) < 0) {
		say("%s", err);
		return EXIT_RUNTIME;
	}
	return 0;
}

/*
 * Says what changed since the last run, one line per bot that did, with
 * the games of this run that involve it (todo) and those archived.
 */
static void print_changes(const struct config *c, struct delta *d, const struct results_meta *now,
			  struct fixture *const *todo, long ntodo)
{
	if (!d->changes && d->archived) /* no bot changed: the seats did ('partners', 'house') */
		say("the schedule seats other players than the last run: %ld games kept, %ld "
		    "superseded%s%s%s", d->kept, d->archived, d->archive ? " (moved to " : "",
		    d->archive ? d->archive : "", d->archive ? ")" : "");
	if (!d->changes)
		return;
	for (long t = 0; t < ntodo; t++)
		for (int i = 0; i < d->n; i++)
			for (int p = 0; p < todo[t]->nseats; p++)
				if (d->bots[i].bot >= 0 && d->bots[i].bot == todo[t]->bot[p]) {
					d->bots[i].to_play++;
					break;
				}
	say("changes since the last run: %ld games kept, %ld superseded%s%s%s", d->kept,
	    d->archived, d->archive ? " (moved to " : "", d->archive ? d->archive : "",
	    d->archive ? ")" : "");
	for (int i = 0; i < d->n; i++) {
		const struct bot_delta *b = &d->bots[i];
		const char *why = excluded_bots_reason(&now->excluded, b->name);
		struct strbuf sb = STRBUF_INIT;
		int built = b->bot >= 0 && c->bots[b->bot].build;

		if (b->state == BOT_SAME)
			continue;
		strbuf_init(&sb);
		strbuf_addf(&sb, "%s: %s", b->name, b->state == BOT_ADDED ? "new" :
			    b->state == BOT_CHANGED ? "changed" : why ? "rejected" : "removed");
		if (b->state == BOT_REMOVED && why)
			strbuf_addf(&sb, " (%s)", why);
		else if (why)
			strbuf_addf(&sb, ", excluded (%s)", why);
		else if (built)
			strbuf_addstr(&sb, b->state == BOT_ADDED ? ", built" : ", rebuilt");
		if (b->state != BOT_REMOVED && !why)
			strbuf_addf(&sb, ", %ld game%s to play", b->to_play,
				    b->to_play == 1 ? "" : "s");
		if (b->archived)
			strbuf_addf(&sb, ", %ld game%s archived", b->archived,
				    b->archived == 1 ? "" : "s");
		say("%s", sb.buf);
		strbuf_release(&sb);
	}
}

/*
 * Reads the results stored in dir, once for the whole run: the games done
 * (done, st's faults) and the run's result set, which grows from these as
 * games end. 0, or -1 after a message.
 */
static int load_results(const struct options *o, const struct config *c, struct results *res,
			const struct schedule *s, const char *dir, struct strset *done,
			struct play_status *st, struct result_set *set)
{
	struct result_list lines;
	char err[PATH_MAX + ERRLEN];
	long repaired = 0;
	int ret = 0;

	result_list_init(&lines);
	if (results_load(res, s, c, o->shard_k, o->shard_n, done, &st->faults, &repaired, &lines,
			 err, sizeof(err)) < 0 ||
	    result_set_start(set, dir, &lines, err, sizeof(err)) < 0) {
		say("%s", err);
		ret = -1;
	} else if (repaired) {
		say("repaired results.jsonl: cut off a torn last line (%ld "
			"bytes); that game will be played again", repaired);
	}
	result_list_release(&lines);
	return ret;
}

/* Plays todo[], then prints the report. Returns the exit status. */
static int play_and_report(const struct config *c, struct fixture **todo, long ntodo,
			   struct results *res, const char *dir, const char *referee, long jobs,
			   struct play_status *st, struct ui *ui, const struct results_meta *meta)
{
	struct play_opts po;
	char err[1024];
	int got;

	if (!ntodo) {
		say("nothing to play: all %ld games are in %s", st->total, dir);
	} else {
		int played;

		if (st->done)
			say("resuming %s: %ld of %ld games already played", dir, st->done, st->total);
		memset(&po, 0, sizeof(po));
		po.jobs = (int)(jobs < ntodo ? jobs : ntodo);
		po.referee = referee;
		po.progress = on_progress;
		po.note = on_note;
		po.arg = ui;
		po.set = ui->set;
		po.matches = 1; /* when the config's 'matches' is on */
		played = play_run(c, todo, ntodo, res, &po, st, err, sizeof(err));
		if (played < 0) {
			say("%s", err);
			return EXIT_RUNTIME;
		}
		if (played == 1) {
			say("stopped: %ld of %ld games played; run the same command "
				"again to resume", st->done, st->total);
			write_index(ui, 0, 0);
			return 128 + (interrupt_signal() ? interrupt_signal() : SIGINT);
		}
	}
	if (print_final_report(dir, ui->set, c, meta) < 0)
		return EXIT_RUNTIME;
	if ((got = write_index(ui, 0, 1)) < 0)
		return EXIT_RUNTIME;
	if (got == 1) {
		say("stopped while making the game pages (the games are all played); run the "
		    "same command again to make the rest");
		return 128 + (interrupt_signal() ? interrupt_signal() : SIGINT);
	}
	if (st->failed) {
		say("%ld game%s failed twice (see %s/" RESULTS_FAILED "); run the same "
			"command again to retry", st->failed, st->failed == 1 ? "" : "s", dir);
		return EXIT_FAILED_GAMES;
	}
	return 0;
}

int cmd_run(const struct options *o, struct config *c)
{
	struct results *res = NULL;
	struct results_meta meta, now;
	struct schedule s;
	struct strset done;
	struct play_status st;
	struct ui ui;
	struct fixture **todo = NULL;
	struct key key;
	struct delta delta;
	struct result_set set;   /* the results, kept up to date as games end */
	char err[PATH_MAX + 2048], shard[32], *moved = NULL, *referee = NULL, *dir, *kpath;
	char *name = NULL; /* the progress line's: "NAME K/N" for a shard */
	int *active = xcalloc((size_t)c->nbots + 1, sizeof(int));
	int have_meta, ret = EXIT_RUNTIME, schedule_ok = 0, key_in_dir = 0;
	long ntodo = 0, jobs = default_jobs(o, c);

	results_meta_init(&meta);
	results_meta_init(&now);
	strset_init(&done);
	result_set_init(&set);
	memset(&delta, 0, sizeof(delta));
	memset(&st, 0, sizeof(st));
	memset(&ui, 0, sizeof(ui));
	ui.set = &set;
	ui.tty = isatty(2);
	ui.quiet = o->quiet;
	if (o->shard_n) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%s %d/%d", c->name, o->shard_k, o->shard_n);
		name = strbuf_detach(&sb);
	}
	ui.name = name ? name : c->name;
	dir = results_dir_for(o, c);
	ui.dir = dir;
	snprintf(shard, sizeof(shard), "%d/%d", o->shard_n ? o->shard_k : 1,
		 o->shard_n ? o->shard_n : 1);
	kpath = path_join(dir, RESULTS_KEY);
	if (o->shard_n && !c->seed_line && !o->key && access(kpath, F_OK) < 0) {
		/* each shard would draw its own key: the same deal would differ between shards */
		say("--shard needs --key FILE when the config sets no 'seed': "
			"every shard must deal from the same key (make one with: arena key FILE; "
			"copy it to every machine)");
		free(kpath);
		ret = EXIT_USAGE;
		goto out;
	}
	free(kpath);
	if (!(referee = find_referee(o, c)))
		goto out;
	ui.referee = referee;
	if (interrupt_install(err, sizeof(err)) < 0 ||
	    !(res = results_new(dir, o->fresh, &moved, err, sizeof(err))) ||
	    (have_meta = results_read_meta(res, &meta, err, sizeof(err))) < 0) {
		say("%s", err);
		goto out;
	}
	if (moved)
		say("moved the earlier results aside to %s", moved);
	if ((ret = run_key(o, c, dir, have_meta, &meta, &key, &key_in_dir)) != 0 ||
	    (ret = authors(c, &ui)) != 0 ||
	    (have_meta && (ret = check_claim(c, dir, &meta, o, &key, shard)) != 0) ||
	    (ret = choose_bots(c, referee, res, jobs, have_meta, &meta, &now, active, &delta,
			       &ui)) != 0)
		goto out;
	if (schedule_build(&s, c, active, &key, err, sizeof(err)) < 0) {
		say("%s: %s", c->path, err);
		ret = EXIT_USAGE;
		goto out;
	}
	schedule_ok = 1;
	play_warn_game_timeout(c, &s);
	for (int v = 0; v < s.nvariants; v++)
		if (s.variants[v].skipped[0])
			say("warning: skipping %s: %s", c->variants[v].name,
				s.variants[v].skipped);
	for (int i = 0; i < s.ngames; i++)
		st.total += !o->shard_n || schedule_in_shard(&s.games[i], o->shard_k, o->shard_n);
	ret = claim_results(c, res, dir, have_meta, &meta, &now, &s, o, &key, key_in_dir, shard,
			    st.total, &delta);
	if (ret)
		goto out;
	ret = EXIT_RUNTIME;
	if (load_results(o, c, res, &s, dir, &done, &st, &set) < 0)
		goto out;
	todo = xcalloc((size_t)s.ngames + 1, sizeof(*todo));
	for (int i = 0; i < s.ngames; i++) {
		struct fixture *g = &s.games[i];

		if (o->shard_n && !schedule_in_shard(g, o->shard_k, o->shard_n))
			continue;
		if (strset_has(&done, g->id))
			st.done++;
		else
			todo[ntodo++] = g;
	}
	print_changes(c, &delta, &now, todo, ntodo);
	ret = play_and_report(c, todo, ntodo, res, dir, referee, jobs, &st, &ui, &now);
out:
	free(todo);
	if (schedule_ok)
		schedule_release(&s);
	results_free(res);
	results_meta_release(&meta);
	results_meta_release(&now);
	incremental_release(&delta);
	strset_release(&done);
	result_set_release(&set);
	free(active);
	free(referee);
	free(dir);
	free(moved);
	free(name);
	return ret;
}
