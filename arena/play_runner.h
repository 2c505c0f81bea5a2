/*
 * play_runner.h - child processes run side by side, with their output.
 *
 * A struct runner owns every child it starts: their pids, the pipes their
 * standard output comes through and their deadlines (tmux job.c: only the
 * struct's name is public). Spawning follows git's run-command.c: the
 * argv is built before fork(), the child makes only async-signal-safe
 * calls, and an exec failure comes back through a close-on-exec pipe.
 *
 * Every child leads its own process group, so a Ctrl-C on the terminal
 * reaches the arena alone (which then decides what to stop), and killing
 * a job kills everything it started. Children also get PR_SET_PDEATHSIG,
 * so they die with the arena even when it is killed with SIGKILL. When a
 * child exits, whatever is left in its process group is killed, so a job
 * never leaves a process behind.
 */
#ifndef RUNNER_H
#define RUNNER_H

#include <stddef.h>

struct runner;

/* The most a job's input may hold. */
#define RUNNER_INPUT_MAX 65536

struct runner_job {
	char *const *argv;     /* argv[0] is a path, run with execv() (no PATH search) */
	const char *cwd;       /* NULL: the arena's */
	const char *out_path;  /* NULL: capture stdout and stderr in memory; else both
				  are written to this file (created or truncated) */
	long timeout_ms;       /* the job is killed after this long; 0: never */
	/*
	 * When set, the deadline first sends this signal to the job's own
	 * process (not its group), asking it to finish at once, and the job
	 * is killed only stop_grace_ms later (the referee's SIGUSR1). A
	 * 'lines' job gets it with sigqueue(), its value the number of lines
	 * handed back so far (a match's referee: the index of the game to
	 * stop); once a line has been handed back after it (that game has
	 * ended), runner_set_timeout() ends the grace and starts a deadline
	 * of its own, whose end sends the signal again.
	 */
	int stop_signal;
	long stop_grace_ms;
	/*
	 * A signal the job catches (runner_signal_each()), ignored from the
	 * fork until the job sets its handler, so that one sent in between
	 * does not kill it; 0: none.
	 */
	int hold_signal;
	/*
	 * What the job reads on its standard input (at most RUNNER_INPUT_MAX
	 * bytes, kept in a memory file, memfd_create(): no pipe, which may
	 * hold less), or NULL for /dev/null: how a secret reaches it without
	 * showing on its command line to every user of the machine.
	 */
	const char *input;
	/*
	 * Hand back each whole line of its standard output as it comes
	 * (runner_wait() returns 2), not only what is left of it at the end,
	 * with the stderr that came before it (both pipes are read in turn:
	 * stderr written before a line is always its, stderr written just
	 * after it may be too); at the deadline, a line already printed goes
	 * back before the stop signal is sent (the caller may restart the
	 * deadline for it).
	 */
	int lines;
	void *tag;             /* handed back in struct runner_done */
};

struct runner_done {
	void *tag;
	int line;       /* runner_wait() returned 2: out is one line of a running job (with
			   its newline), err what came on its stderr since the last line
			   handed back, stop_sent whether the stop signal went before the
			   line was handed back, and stop_line as below; nothing else
			   is set */
	int status;     /* as from waitpid() */
	int timed_out;  /* killed at its deadline */
	int stop_sent;  /* its stop_signal was sent at the timeout */
	int stop_line;  /* then: the lines handed back before the (last) stop was sent */
	int killed;     /* killed by runner_kill_all() */
	char *out;      /* captured stdout, NUL-terminated (the caller frees it) */
	size_t outlen;
	int truncated;  /* stdout was longer than the capture limit (4 MiB) */
	char *err;      /* captured stderr, its first 64 KiB (the caller frees it); with
			   'lines', what came after the last line handed back (64 KiB
			   of it) */
	size_t errlen;
	double secs;    /* wall time */
};

struct runner *runner_new(void);
/* Kills and reaps every job still running, then frees. runner_free(NULL) is a no-op. */
void runner_free(struct runner *r);

/*
 * Starts a job. Returns 0, or -1 with err when the program could not be
 * started (not found, not executable, no such cwd); nothing is left
 * running then.
 */
int runner_start(struct runner *r, const struct runner_job *job, char *err, size_t len);

/*
 * Restarts the deadline of the job tagged tag: timeout_ms from now (0:
 * none); a stop signal already sent stays sent, and its grace runs on,
 * unless a line was handed back since it was sent (a 'lines' job).
 */
void runner_set_timeout(struct runner *r, const void *tag, long timeout_ms);

/* Number of jobs started and not yet handed back by runner_wait(). */
int runner_count(const struct runner *r);

/*
 * Waits until a job has ended, at most timeout_ms (-1: no limit), or until
 * wake_fd (-1: none) is readable. Returns 1 with done filled for one ended
 * job (with 'lines', out holds what came after its last whole line), 2
 * with done->line and done->out for a whole line of a 'lines' job, 0 when
 * the time ran out or wake_fd woke it, -1 with err on a system error.
 */
int runner_wait(struct runner *r, int timeout_ms, int wake_fd, struct runner_done *done,
		char *err, size_t len);

/* Sends sig to the own process (not the group) of each running job for which want(tag) is 1. */
void runner_signal_each(struct runner *r, int sig, int (*want)(void *tag));

/* Kills every running job's process group with SIGKILL (they are reaped by runner_wait()). */
void runner_kill_all(struct runner *r);

#endif
