/*
 * play.c - the run loop (see play.h).
 */
#include "play.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "cpu.h"
#include "plan_deal_queue.h"
#include "plan_match.h"
#include "file.h"
#include "play_interrupt.h"
#include "path.h"
#include "play_refargv.h"
#include "store_result_set.h"
#include "play_runner.h"
#include "time_limits.h"
#include "util.h"

/* After SIGUSR1 at the game timeout, the referee has this long to finish the game. */
#define REFEREE_STOP_GRACE_S 60

/* A game of a job. */
struct jgame {
	struct fixture *g;
	struct strvec replay; /* argv less --log and --bot-logs: what replays the game */
	char *log, *errlog;
	int err_saved;        /* errlog written by this job: what comes next is appended */
};

/* A referee run: a game alone ("--seed -"), or a match ("--match -", plan_match.h). */
struct job {
	struct jgame *games;
	int n;           /* games */
	int next;        /* a match's games[0..next) have had their result line */
	int stop_answered; /* the last SIGUSR1's game (its index + 1) once its line came
			      saying "stopped":true, else 0 */
	int match;       /* "--match -": result lines are taken as they come */
	int attempt;     /* 1 or 2 */
	long timeout_s;  /* the running game's timeout (0: none) */
	struct strvec argv;
	struct strbuf input; /* the referee's standard input: the seed, or the match's list */
	int cpu_slot;    /* cpu_affinity: its CPU's index in struct play's cpus; else -1 */
};

static void note(const struct play_opts *o, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!o->note)
		return;
	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	o->note(o->arg, sb.buf);
	strbuf_release(&sb);
}

static char *path_of(const char *dir, const char *sub, const char *id, const char *ext)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s/%s/%s%s", dir, sub, id, ext);
	return strbuf_detach(&sb);
}

static void job_free(struct job *j)
{
	for (int i = 0; i < j->n; i++) {
		strvec_release(&j->games[i].replay);
		free(j->games[i].log);
		free(j->games[i].errlog);
	}
	free(j->games);
	strvec_release(&j->argv);
	strbuf_release(&j->input);
	free(j);
}

/*
 * The game timeout: game_timeout_s when the config sets it, else derived
 * from the time limits so that the referee's own budgets always end a
 * slow game first: time_limits_wall_max() for the game's bot programs.
 */
static long game_timeout_s(const struct config *c, const struct fixture *g)
{
	if (c->game_timeout_s >= 0)
		return c->game_timeout_s;
	return play_derived_timeout_s(c, g);
}

long play_derived_timeout_s(const struct config *c, const struct fixture *g)
{
	struct time_limits t;
	int nbots = 0;

	time_limits_default(&t);
	if (c->startup_ms)
		t.startup_ms = c->startup_ms;
	if (c->move_ms)
		t.move_ms = c->move_ms;
	t.bank_ms = c->bank_ms;
	t.game_ms = c->game_ms;
	t.decisions = c->variants[g->variant].decisions;
	t.cpu = c->cpu_time;
	for (int s = 0; s < g->nseats; s++)
		nbots += !config_entrant(c, g->bot[s])->builtin;
	return (time_limits_wall_max(&t, nbots) + 999) / 1000;
}

/*
 * A game_timeout_s below the derived default of a game of the schedule
 * can stop a game that every bot played within its limits, and charge it
 * to the bot that used the most time: a warning (--check and runs).
 */
void play_warn_game_timeout(const struct config *c, const struct schedule *s)
{
	long derived = 0;

	if (c->game_timeout_s <= 0) /* not set (derived), or 0: no timeout */
		return;
	for (int i = 0; i < s->ngames; i++) {
		long d = play_derived_timeout_s(c, &s->games[i]);

		if (d > derived)
			derived = d;
	}
	if (c->game_timeout_s < derived)
		message_printf(stderr, "arena", "%s:%d: warning: game_timeout_s = %ld is below its "
			       "derived default for these limits, %ld s (the longest a game can "
			       "last while its bots keep to their limits): a game stopped sooner "
			       "is charged as a timeout to the bot that used the most time, though "
			       "none broke a limit; leave game_timeout_s out to use the derived "
			       "default", c->path, c->game_timeout_line, c->game_timeout_s, derived);
}

/*
 * Game g's paths in the results directory (its record, its referee
 * stderr), its bot logs directory (made; NULL unless bot_logs) and the
 * argv that replays it. 0, or -1 with err.
 */
static int jgame_init(struct jgame *jg, const struct config *c, struct results *res,
		      const struct play_opts *o, struct fixture *g, char **botlogs, char *err,
		      size_t len)
{
	struct refargv_paths replay = { o->referee, NULL, NULL, NULL, 0, 0, 0 };

	jg->g = g;
	/* absolute: the referee runs in the config file's directory */
	jg->log = path_of(results_abs_dir(res), RESULTS_LOGS, g->id, ".log");
	jg->errlog = path_of(results_dir(res), RESULTS_LOGS, g->id, ".err");
	strvec_init(&jg->replay);
	refargv_build(&jg->replay, c, g, &replay);
	*botlogs = NULL;
	if (c->bot_logs) {
		*botlogs = path_of(results_abs_dir(res), RESULTS_BOT_LOGS, g->id, "/");
		if (path_mkdir_p(*botlogs, 0700) < 0) {
			snprintf(err, len, "cannot make '%s': %s", *botlogs, strerror(errno));
			free(*botlogs);
			*botlogs = NULL;
			return -1;
		}
	}
	return 0;
}

/*
 * Starts the referee of games g[0..*n) (one: a game alone; more: a match,
 * cut to the games whose list fits the referee's input, or to the first
 * game alone when its paths cannot be told in the list, *n then made
 * that many); with cpu >= 0, on that CPU alone (--cpu). The job
 * remembers cpu_slot, to give the CPU back when it ends.
 */
static int start(struct runner *r, const struct config *c, struct results *res,
		 const struct play_opts *o, struct fixture *const *g, int *n, int attempt,
		 int cpu, int cpu_slot, char *err, size_t len)
{
	struct job *j = xcalloc(1, sizeof(*j));
	struct runner_job rj;
	char *botlogs = NULL, *first_botlogs = NULL;
	int untold = 0; /* a game's line could not be written: refargv_match_line() */

	j->attempt = attempt;
	j->cpu_slot = cpu_slot;
	j->match = *n > 1;
	j->games = xcalloc((size_t)*n, sizeof(*j->games));
	strvec_init(&j->argv);
	strbuf_init(&j->input);
	for (int i = 0; i < *n; i++) {
		size_t before = j->input.len;

		if (jgame_init(&j->games[i], c, res, o, g[i], &botlogs, err, len) < 0) {
			j->n = i + 1;
			job_free(j);
			free(first_botlogs);
			return -1;
		}
		j->n = i + 1;
		if (j->match && refargv_match_line(&j->input, c, g[i],
						   c->logs == LOGS_NONE ? NULL : j->games[i].log,
						   botlogs) < 0)
			untold = 1;
		if (i == 0)
			first_botlogs = botlogs;
		else
			free(botlogs);
		botlogs = NULL;
		if (untold && i == 0) {
			/* a path the list cannot hold: game 0 alone, the rest later */
			j->n = 1;
			break;
		}
		if (untold || (j->input.len > RUNNER_INPUT_MAX && i > 0)) {
			/* the rest is the caller's to queue again */
			strbuf_setlen(&j->input, before);
			strvec_release(&j->games[i].replay);
			free(j->games[i].log);
			free(j->games[i].errlog);
			j->n = i;
			break;
		}
	}
	*n = j->n;
	if (j->n == 1)
		j->match = 0;
	{
		struct refargv_paths play = { o->referee,
					      c->logs == LOGS_NONE ? NULL : j->games[0].log,
					      first_botlogs, results_abs_dir(res), 1, cpu + 1,
					      j->match };

		refargv_build(&j->argv, c, g[0], &play);
	}
	if (!j->match) {
		strbuf_reset(&j->input);
		strbuf_addf(&j->input, "%llu\n", (unsigned long long)g[0]->seed);
	}
	free(first_botlogs);
	memset(&rj, 0, sizeof(rj));
	rj.argv = j->argv.items;
	rj.cwd = c->dir;
	rj.input = j->input.buf;
	rj.lines = j->match;
	/* a match's referee takes SIGUSR2 (the first Ctrl-C) from its start on */
	rj.hold_signal = j->match ? SIGUSR2 : 0;
	/* a match's: the running game's, restarted as each game ends (play_line()) */
	j->timeout_s = game_timeout_s(c, g[0]);
	rj.timeout_ms = j->timeout_s * 1000;
	/* at the timeout the referee is asked to stop the game and charge the slowest bot */
	rj.stop_signal = SIGUSR1;
	rj.stop_grace_ms = REFEREE_STOP_GRACE_S * 1000L;
	rj.tag = j;
	if (runner_start(r, &rj, err, len) < 0) {
		job_free(j);
		return -1;
	}
	return 0;
}

/* The last non-empty line of the referee's stderr, for messages. */
static void stderr_tail(const struct runner_done *d, char *out, size_t len)
{
	const char *end = d->err + d->errlen, *start;

	while (end > d->err && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	start = end;
	while (start > d->err && start[-1] != '\n')
		start--;
	snprintf(out, len, "%.*s", (int)(end - start), start);
}

/*
 * With logs = faults, a game played without a fault leaves no files: its
 * record and its bots' stderr (ID.seatN.stderr, beside the record) go.
 */
static void drop_clean_logs(const struct jgame *j)
{
	size_t n = strlen(j->log) - 4; /* without ".log" */

	unlink(j->log);
	for (int s = 0; s < j->g->nseats; s++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%.*s.seat%d.stderr", (int)n, j->log, s);
		unlink(sb.buf);
		strbuf_release(&sb);
	}
}

/*
 * Keeps what the referee wrote on stderr about game j, err[0..errlen), in
 * logs/ID.err: the first time in a job the file is made afresh, then
 * appended to (a match: what came before the game's result line, then
 * what came after the referee's last line). Most games write nothing,
 * and then no file is made: creating and deleting a file per game costs
 * more than the game on some file systems.
 */
static void save_stderr(struct jgame *j, const char *err, size_t errlen)
{
	char msg[4096 + 256];
	int fd;

	if (!errlen)
		return;
	fd = file_open_private(j->errlog, j->err_saved, msg, sizeof(msg));
	if (fd < 0)
		return; /* a diagnostic only: the game's fate is decided */
	j->err_saved = 1;
	(void)file_write_all(fd, err, errlen); /* a diagnostic: a short file is no failure */
	close(fd);
}

/*
 * Is the game's record complete? It must end with "result " and the very
 * result the referee printed, out[0..outlen) (a record cut short by a
 * full disk does not), and is synced to disk before the game counts. ""
 * or why not.
 */
static void check_record(const struct jgame *j, const char *out, size_t outlen, int logs_fd,
			 char *why, size_t len)
{
	struct stat st;
	size_t want = outlen + 4096, n;
	char *tail, *end, *start;
	int same = 0, fd = open(j->log, O_RDONLY | O_CLOEXEC);

	why[0] = '\0';
	if (fd < 0) {
		snprintf(why, len, "the game record %s is missing (%s)", j->log, strerror(errno));
		return;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(why, len, "cannot read the game record %s: %s", j->log, strerror(errno));
		close(fd);
		return;
	}
	n = (size_t)st.st_size < want ? (size_t)st.st_size : want;
	tail = xmalloc(n + 1);
	if (pread(fd, tail, n, st.st_size - (off_t)n) != (ssize_t)n) {
		snprintf(why, len, "cannot read the game record %s: %s", j->log, strerror(errno));
		goto out;
	}
	tail[n] = '\0';
	end = n && tail[n - 1] == '\n' ? tail + n - 1 : NULL;
	if (end) {
		*end = '\0';
		start = strrchr(tail, '\n');
		start = start ? start + 1 : tail;
		/* the same result: one JSON value, every byte of meaning counted */
		same = !strncmp(start, "result ", 7) &&
		       result_text_equal(start + 7, (size_t)(end - start - 7), out, outlen);
	}
	if (!same)
		snprintf(why, len, "the game record %s is incomplete (%lld bytes; it does not end "
			 "with the game's result)", j->log, (long long)st.st_size);
	else if (fdatasync(fd) < 0 || (logs_fd >= 0 && fsync(logs_fd) < 0))
		snprintf(why, len, "cannot sync the game record %s: %s", j->log, strerror(errno));
out:
	free(tail);
	close(fd);
}

/*
 * Why a result line out[0..outlen) of game jg does not count, or "" when
 * it does (r filled): a valid result and, when the record is to be kept,
 * a complete record.
 */
static void judge_line(const struct config *c, const struct jgame *jg, const char *out,
		       size_t outlen, int logs_fd, struct result *r, int *nfaults, char *why,
		       size_t len)
{
	why[0] = '\0';
	if (result_make(out, outlen, jg->g, c, &jg->replay, r, nfaults, why, len) < 0)
		return;
	if (c->logs == LOGS_ALL || (c->logs == LOGS_FAULTS && *nfaults))
		check_record(jg, out, outlen, logs_fd, why, len);
}

/*
 * Why a finished referee did not produce a result, or "" when it did (r
 * filled): it must exit 0 with one valid result line and, when its record
 * is to be kept, a complete record.
 */
static void judge(const struct config *c, const struct job *j, const struct runner_done *d,
		  int logs_fd, struct result *r, int *nfaults, char *why, size_t len)
{
	char tail[300], late[96] = "";
	const struct jgame *jg = &j->games[j->next];

	why[0] = '\0';
	/* a stop sent for an earlier game of the match, which ended, is not this game's */
	if (d->stop_sent && d->stop_line == j->next)
		snprintf(late, sizeof(late), "the referee ran longer than game_timeout_s (%ld s) and ",
			 j->timeout_s);
	if (d->timed_out) {
		snprintf(why, len, "%sdid not stop within %d s of SIGUSR1", late,
			 REFEREE_STOP_GRACE_S);
		return;
	}
	if (WIFSIGNALED(d->status) || WEXITSTATUS(d->status) != 0) {
		stderr_tail(d, tail, sizeof(tail));
		if (WIFSIGNALED(d->status))
			snprintf(why, len, "%s%s killed by signal %d%s%s", late,
				 late[0] ? "was" : "the referee was", WTERMSIG(d->status),
				 tail[0] ? ": " : "", tail);
		else
			snprintf(why, len, "%s%s with status %d%s%s", late,
				 late[0] ? "exited" : "the referee exited", WEXITSTATUS(d->status),
				 tail[0] ? ": " : "", tail);
		return;
	}
	if (d->truncated) {
		snprintf(why, len, "the referee printed more than 4 MiB");
		return;
	}
	if (j->match) {
		snprintf(why, len, "%sended without the game's result",
			 late[0] ? late : "the referee ");
		return;
	}
	judge_line(c, jg, d->out, d->outlen, logs_fd, r, nfaults, why, len);
}

static int record_failure(const struct config *c, struct results *res, const struct jgame *j,
			  int attempt, const char *why, char *err, size_t len)
{
	struct failed_game f;
	struct strbuf cmd = STRBUF_INIT, line = STRBUF_INIT;
	int ret;

	strbuf_init(&cmd);
	strbuf_init(&line);
	failed_game_init(&f);
	refargv_command_line(&cmd, c, j->g, &j->replay);
	f.game = xstrdup(j->g->id);
	f.has_index = f.has_attempts = 1;
	f.index = j->g->index;
	f.attempts = attempt;
	f.reason = xstrdup(why);
	f.command = strbuf_detach(&cmd);
	failed_game_format(&f, &line);
	ret = results_append_failed(res, line.buf, err, len);
	failed_game_release(&f);
	strbuf_release(&line);
	return ret;
}

/* What play_run() keeps while games run. */
struct play {
	const struct config *c;
	struct results *res;
	const struct play_opts *o;
	struct play_status *st;
	struct runner *r;
	struct deal_queue *q;    /* games to start; no two of one deal or author at once */
	int *author;             /* per bot, for q (house format), or NULL */
	int logs_fd;
	int seen_signals;
	/*
	 * cpu_affinity: the CPUs the arena may use and the games running on
	 * each; a new game goes to the CPU with the fewest (ncpus 0: off)
	 */
	int cpus[CPU_MAX], load[CPU_MAX], ncpus;
};

/* Is the job a match (its referee takes SIGUSR2: no game after the running one)? */
static int is_match(void *tag)
{
	return ((struct job *)tag)->match;
}

/*
 * Ctrl-C once: let the running games finish (a match its running game:
 * SIGUSR2 tells its referee to start no other); twice: stop them now.
 */
static void handle_signals(struct play *pl)
{
	struct play_status *st = pl->st;
	int n;

	if (interrupt_count() <= pl->seen_signals)
		return;
	pl->seen_signals = interrupt_count();
	interrupt_drain();
	n = runner_count(pl->r);
	if (st->stopping == 0 && n > 0) {
		st->stopping = 1;
		runner_signal_each(pl->r, SIGUSR2, is_match);
		note(pl->o, "interrupted: waiting for %d running game%s to finish (press Ctrl-C "
		     "again to stop %s now)", n, n == 1 ? "" : "s", n == 1 ? "it" : "them");
	} else if (st->stopping == 0) {
		st->stopping = 1;
	} else if (st->stopping == 1) {
		st->stopping = 2;
		note(pl->o, "stopping %d running game%s now", n, n == 1 ? "" : "s");
		runner_kill_all(pl->r);
	}
}

/* Game jg's result r, with nfaults bot faults: stored, then counted. 0, or -1 with err. */
static int count_game(struct play *pl, const struct jgame *jg, struct result *r, int nfaults,
		      char *err, size_t len)
{
	struct play_status *st = pl->st;
	struct strbuf line = STRBUF_INIT;
	int ret = -1;

	strbuf_init(&line);
	/* stored, then counted in the run's set (the file is not read again) */
	if (result_format(r, &line, err, len) < 0 ||
	    results_append(pl->res, line.buf, err, len) < 0 ||
	    (pl->o->set && result_set_add(pl->o->set, r, err, len) < 0))
		goto out;
	st->done++;
	st->done_now++;
	st->faults += nfaults;
	if (pl->c->logs == LOGS_FAULTS && !nfaults)
		drop_clean_logs(jg);
	ret = 0;
out:
	strbuf_release(&line);
	return ret;
}

/*
 * Game jg failed at attempt (why): it is played once more, alone, or,
 * after its second attempt, recorded as failed. 0, or -1 with err.
 */
static int fail_game(struct play *pl, const struct jgame *jg, int attempt, const char *why,
		     char *err, size_t len)
{
	struct play_status *st = pl->st;

	if (attempt == 1) {
		st->retried++;
		deal_queue_add(pl->q, jg->g, 2);
		note(pl->o, "game %s failed (%s); it will be retried", jg->g->id, why);
		return 0;
	}
	st->failed++;
	note(pl->o, "game %s failed again (%s); giving up on it (see %s)", jg->g->id, why,
	     jg->errlog);
	if (record_failure(pl->c, pl->res, jg, attempt, why, err, len) < 0)
		return -1;
	if (pl->o->set)
		result_set_add_failed(pl->o->set, jg->g->id, why);
	return 0;
}

/*
 * A result line of a running match: it counts for the match's next game
 * (or that game failed, and is retried alone), and the next game's
 * timeout starts. What the referee wrote on stderr before it is that
 * game's. 0, or -1 with err (the results cannot be written).
 */
static int play_line(struct play *pl, struct runner_done *d, char *err, size_t len)
{
	struct job *j = d->tag;
	struct result r;
	char why[1024];
	int nfaults = 0, ret = 0;

	save_stderr(&j->games[j->next < j->n ? j->next : j->n - 1], d->err, d->errlen);
	free(d->err);
	if (j->next >= j->n) {
		note(pl->o, "the referee of %s printed more lines than its match has games",
		     j->games[0].g->id);
		free(d->out);
		return 0;
	}
	result_init(&r);
	judge_line(pl->c, &j->games[j->next], d->out, d->outlen, pl->logs_fd, &r, &nfaults, why,
		   sizeof(why));
	/*
	 * the game SIGUSR1 stopped has ended, and its line says the stop
	 * ended it: no later game was started; without "stopped" the stop
	 * came too late for it, was ignored, and the referee plays on
	 */
	if (d->stop_sent && d->stop_line == j->next && r.stopped == 1)
		j->stop_answered = j->next + 1;
	if (!why[0])
		ret = count_game(pl, &j->games[j->next], &r, nfaults, err, len);
	else
		ret = fail_game(pl, &j->games[j->next], j->attempt, why, err, len);
	j->next++;
	if (j->next < j->n) {
		j->timeout_s = game_timeout_s(pl->c, j->games[j->next].g);
		runner_set_timeout(pl->r, j, j->timeout_s * 1000);
	}
	result_release(&r);
	free(d->out);
	return ret;
}

/*
 * Has a match's referee, told to start no further game, stopped with no
 * game failed: the rest were not reached? Told by SIGUSR1 at the game
 * timeout: the running game's result line came after it saying
 * "stopped":true (that game ended, and counted or failed on its own
 * line; the stop ended it, so the referee starts no other), and the
 * referee ended with no later line, whatever its status. Any line starts
 * the next game's timeout (runner_set_timeout()), so a referee killed at
 * the end of the stop's grace passes here only when the stopped game was
 * the match's last. A line without "stopped" means the stop came as its
 * game ended and was ignored (docs/referee.md): the referee plays on,
 * and when it ends without the next game's line, that game fails, an
 * attempt, as in any referee that ends mid-match. Without the stopped
 * game's line, the stopped game fails (a referee that exits 0 without it
 * would otherwise have it played again and again, each time stopped).
 * Told by SIGUSR2 at the first Ctrl-C (every match running
 * then): it exited 0, or died of SIGUSR2, which came before its handler
 * was in place (between fork() and main()), before any game.
 */
static int match_stopped(const struct play *pl, const struct job *j, const struct runner_done *d)
{
	if (!j->match)
		return 0;
	if (d->stop_sent && j->stop_answered == d->stop_line + 1)
		return 1;
	if (pl->st->stopping && WIFSIGNALED(d->status) && WTERMSIG(d->status) == SIGUSR2)
		return 1;
	return pl->st->stopping && !d->timed_out && WIFEXITED(d->status) &&
	       WEXITSTATUS(d->status) == 0;
}

/*
 * A referee has ended: a game alone counts its result, or is scheduled
 * once more, or recorded as failed twice; a match's game that was
 * running fails so (unless it was told to stop and did, match_stopped()),
 * and the games it did not reach are queued again, as a match. What the
 * referee wrote on stderr after its last result line goes to the game
 * it was playing (that failed), else to its last game with a result
 * line (a match's), else to its first. 0, or -1 with err (the results
 * cannot be written).
 */
static int finish_game(struct play *pl, struct runner_done *d, char *err, size_t len)
{
	struct job *j = d->tag;
	struct result r;
	char why[1024];
	int nfaults = 0, ret = 0, failed = -1;

	result_init(&r);
	if (d->killed)
		goto out; /* stopped by the second signal: simply not played */
	if (j->next < j->n && !match_stopped(pl, j, d)) {
		judge(pl->c, j, d, pl->logs_fd, &r, &nfaults, why, sizeof(why));
		if (!why[0]) {
			ret = count_game(pl, &j->games[j->next], &r, nfaults, err, len);
		} else {
			failed = j->next;
			ret = fail_game(pl, &j->games[j->next], j->attempt, why, err, len);
		}
		j->next++;
	}
	if (ret == 0 && j->next < j->n && !pl->st->stopping) {
		struct fixture **rest = xcalloc((size_t)(j->n - j->next), sizeof(*rest));

		for (int i = j->next; i < j->n; i++)
			rest[i - j->next] = j->games[i].g;
		deal_queue_add_match(pl->q, rest, j->n - j->next, j->attempt);
		free(rest);
	}
	save_stderr(&j->games[failed >= 0 ? failed : j->next > 0 ? j->next - 1 : 0], d->err,
		    d->errlen);
out:
	for (int i = 0; i < j->n; i++)
		deal_queue_done(pl->q, j->games[i].g);
	if (j->cpu_slot >= 0)
		pl->load[j->cpu_slot]--;
	result_release(&r);
	free(d->out);
	free(d->err);
	job_free(j);
	return ret;
}

/* After an error: the running games are killed and reaped. */
static void abandon(struct runner *r)
{
	/* their deals stay running in the queue: nothing starts after this */
	runner_kill_all(r);
	while (runner_count(r) > 0) {
		struct runner_done d;
		char e2[64];

		int got = runner_wait(r, -1, -1, &d, e2, sizeof(e2));

		if (got == 2) {
			free(d.out);
			free(d.err);
		} else if (got == 1) {
			job_free(d.tag);
			free(d.out);
			free(d.err);
		}
	}
}

int play_run(const struct config *c, struct fixture *const *todo, long ntodo,
	     struct results *res, const struct play_opts *o, struct play_status *st,
	     char *err, size_t len)
{
	/* seen_signals 0: a signal before the first game counts too */
	struct play pl;
	struct matches m;
	int ret = -1;
	double t0 = (clock_ms() / 1e3), last_tick = 0;
	char *logs = path_of(results_abs_dir(res), RESULTS_LOGS, "", "");

	memset(&pl, 0, sizeof(pl));
	pl.c = c;
	pl.res = res;
	pl.o = o;
	pl.st = st;
	pl.r = runner_new();
	pl.logs_fd = -1;
	if (c->cpu_affinity && (pl.ncpus = cpu_allowed(pl.cpus, CPU_MAX)) < 0) {
		snprintf(err, len, "cpu_affinity: cannot read the arena's CPUs: %s", strerror(errno));
		runner_free(pl.r);
		free(logs);
		return -1;
	}
	if (c->partners == PARTNERS_HOUSE) {
		/* a submission never beside itself (plan_deal_queue.h); built-ins have no author */
		pl.author = xcalloc((size_t)c->nbots + 1, sizeof(*pl.author));
		for (int b = 0; b < c->nbots; b++)
			pl.author[b] = c->bots[b].builtin ? -1 : c->bots[b].author;
	}
	/* a match per referee (plan_match.h); else, or for compare, a game per referee */
	matches_group(&m, todo, ntodo, c->match_games, o->matches && c->matches, o->jobs);
	pl.q = deal_queue_new(NULL, 0, pl.author, c->nbots);
	if (o->jobs <= 1)
		deal_queue_in_order(pl.q); /* no order ends sooner: the schedule's */
	for (long i = 0; i < m.n; i++)
		deal_queue_add_match(pl.q, m.games + m.start[i], (int)(m.start[i + 1] - m.start[i]),
				     1);
	matches_release(&m);
	pl.logs_fd = open(logs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	st->done_now = st->failed = st->retried = 0;
	st->running = st->stopping = 0;
	for (;;) {
		struct runner_done d;
		int got;

		handle_signals(&pl);
		/*
		 * stopping: told again at every turn of the loop (a line, an
		 * end, a second), as a match's referee ignores SIGUSR2 until
		 * its handler is in place and would otherwise play its match
		 * through; a referee told twice does as when told once
		 */
		if (st->stopping == 1)
			runner_signal_each(pl.r, SIGUSR2, is_match);
		while (!st->stopping && runner_count(pl.r) < o->jobs) {
			int attempt, slot, n, all;
			/* a match whose deals and authors no running game has (plan_deal_queue.h) */
			struct fixture *const *g = deal_queue_next_match(pl.q, &n, &attempt);

			if (!g)
				break;
			slot = cpu_least_loaded(pl.load, pl.ncpus);
			all = n;
			if (start(pl.r, c, res, o, g, &n, attempt, slot < 0 ? -1 : pl.cpus[slot],
				  slot, err, len) < 0)
				goto out;
			if (n < all) {
				/* the games whose list did not fit the referee's input: later */
				deal_queue_add_match(pl.q, g + n, all - n, attempt);
				for (int i = n; i < all; i++)
					deal_queue_done(pl.q, g[i]);
			}
			if (slot >= 0)
				pl.load[slot]++;
		}
		st->running = runner_count(pl.r);
		st->elapsed = (clock_ms() / 1e3) - t0;
		if (!runner_count(pl.r))
			break;
		got = runner_wait(pl.r, 1000, interrupt_fd(), &d, err, len);
		if (got < 0 || (got == 1 && finish_game(&pl, &d, err, len) < 0) ||
		    (got == 2 && play_line(&pl, &d, err, len) < 0))
			goto out;
		st->running = runner_count(pl.r);
		st->elapsed = (clock_ms() / 1e3) - t0;
		if (o->progress && (got >= 1 || st->elapsed - last_tick >= 1.0)) {
			last_tick = st->elapsed;
			o->progress(o->arg, st, 0);
		}
	}
	ret = st->stopping ? 1 : 0;
out:
	if (ret < 0)
		abandon(pl.r);
	st->running = 0;
	st->elapsed = (clock_ms() / 1e3) - t0;
	if (o->progress)
		o->progress(o->arg, st, 1);
	runner_free(pl.r);
	deal_queue_free(pl.q);
	free(pl.author);
	if (pl.logs_fd >= 0)
		close(pl.logs_fd);
	free(logs);
	return ret;
}
