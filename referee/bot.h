/*
 * bot.h - one running bot program and its three pipes.
 *
 * A struct bot owns a child process (and, through the sandbox, its whole
 * process tree), the write end of its stdin, the read ends of its stdout
 * and stderr, and the buffers in between. Every wait is bounded by a
 * deadline on the monotonic clock, so no bot can make the referee hang:
 * a bot that does not read, does not answer, or floods is reported as a
 * fault and stopped.
 *
 * While a bot is waited on, its stderr is drained into its capped log, so
 * it never blocks on a full pipe while its time runs; the pipes of the
 * other bots are not read then (a bot could make such reads slow: see
 * bot.c), only noted.
 */
#ifndef BOT_H
#define BOT_H

#include <stddef.h>

#include "fault.h"
#include "botlimits.h"
#include "util.h"

struct bot;

struct bot_spec {
	char **argv;              /* argv[0] is looked up in the bot's PATH when it has no '/' */
	const char *scratch;      /* existing directory: the bot's cwd, HOME and TMPDIR, or NULL
				   * for the sandbox's private one (sandbox_private_scratch) */
	const char *botdir;       /* the bot's own directory, shown read-only, or NULL */
	const char *const *hide;  /* paths the bot must not see; NULL-terminated, or NULL */
	const char *stderr_path;  /* where the bot's stderr is copied, or NULL */
	int stderr_append;        /* append to it (else truncate) */
	const char *stderr_header; /* a line written first, or NULL */
	size_t stderr_cap;        /* bytes of stderr kept in that file */
	struct sandbox_limits lim;
	int slot;                 /* sandbox slot (sandbox_slot_acquire) */
	int insecure;             /* sandbox layer 1 only (trusted bots) */
};

/* Why bot_start() failed: whose failure it is. */
enum bot_start_failure {
	BOT_START_PROGRAM, /* the program cannot be run: the bot's fault (startup) */
	BOT_START_REFEREE, /* the referee's own: no pipes, the stderr file cannot be written */
};

/*
 * Starts the program. NULL with err when it cannot be started at all, and
 * *why saying whose failure that is. The stderr file (spec->stderr_path)
 * is created 0600, or made 0600 when it exists.
 */
struct bot *bot_start(const struct bot_spec *spec, enum bot_start_failure *why, char *err,
		      size_t len);

/*
 * Writes data[0..len) to the bot's stdin before deadline (clock_ms
 * scale). 0, or -1 with the fault kind and a detail. Every wait ends early
 * with a FAULT_TIMEOUT once bot_interrupt() was called: the caller checks
 * bot_interrupted() before blaming the bot.
 */
int bot_write(struct bot *b, const char *data, size_t len, double deadline, struct fault *f);

/*
 * Reads one line into line (without "\n" or "\r\n") before deadline. 0, or
 * -1 with the fault: timeout (f->no_answer set when the deadline passed:
 * the caller words the detail), eof (stdout closed), crash (the process
 * ended), sandbox (killed by the sandbox), overflow (line too long).
 * Interrupted like bot_write().
 */
int bot_read_line(struct bot *b, double deadline, struct strbuf *line, struct fault *f);

/*
 * Notes when the bot's next output arrives, while the referee waits on any
 * bot (bot_output_time(): clock_ms() of its arrival, 0 while none came),
 * so a bot that answered while the referee was busy with another is not
 * charged the wait. The handshakes of all bots run side by side this way.
 */
void bot_watch_output(struct bot *b);
double bot_output_time(const struct bot *b);

/*
 * Does the bot have output nobody asked for (already buffered or
 * pending)? Where its answer will be read in a sleeping read, first looks
 * at the epoll set without waiting (output any bot wrote unasked is noted
 * then). Reads the pipe to know, unless a look (or a wait on another bot)
 * found it empty after its last read, and nothing came since: so a
 * decision costs that look, the request's write and the answer's read.
 */
int bot_has_output(struct bot *b);

/*
 * Has the bot's process ended (exited, or killed), waiting for its end up
 * to grace_ms (0: only a look)? 1 if so (it is then reaped: every byte it
 * wrote is in its pipes), 0 while it runs. Between the games of a match
 * this tells a bot that ended from one that hangs (protocol.md, Matches).
 */
int bot_ended(struct bot *b, double grace_ms);

/* CPU time used so far by the bot (user + system), in milliseconds. */
double bot_cpu_ms(struct bot *b);

/*
 * The most memory the bot's process tree held (MiB): so far while it
 * runs, in all once stopped; -1 without a cgroup (sandbox_mem_peak_mb()).
 */
double bot_mem_peak_mb(const struct bot *b);

/*
 * Between the games of a match (the bot stays up): empties its scratch
 * (sandbox_scratch_clear(); scratch is the host directory it was started
 * with, or NULL for its private /tmp). 0, or -1 with errno: then stop it.
 */
int bot_scratch_clear(struct bot *b, const char *scratch);

/*
 * Between the games of a match: reads what the bot wrote to stderr, ends
 * the last game's part of its stderr file (the cap's note) and starts the
 * next one's with header; the cap counts again from 0. With path (the
 * caller has moved the last game's file away: --bot-logs), the next game
 * writes a new file there (file_open_private()) instead of going on in
 * the last one. 0, or -1 with err when that file cannot be made (the
 * bot keeps its last file). A bot that had no file gets one at path.
 */
int bot_stderr_next_game(struct bot *b, const char *header, const char *path, char *err,
			 size_t len);
/*
 * Between the games of a match whose next game keeps no stderr file (a
 * referee --match game without a record or bot logs): the last game's
 * file is ended and closed; the bot's stderr is read and dropped.
 */
void bot_stderr_drop(struct bot *b);

/*
 * The last lines the bot wrote to stderr (for fault reports), joined by
 * '|' and escaped (strbuf_add_escaped()); "" if none.
 */
const char *bot_stderr_tail(struct bot *b, char *buf, size_t len);

/*
 * Stops the bot: when polite, writes "quit", closes stdin and gives it up
 * to grace_ms to exit; then kills the whole process tree and reaps it.
 * Idempotent.
 */
void bot_stop(struct bot *b, int polite, double grace_ms);

/*
 * Why keeping the bot's stderr file failed ("cannot write 'FILE': ..."),
 * or "" when every write, and the close once stopped, worked.
 */
const char *bot_log_error(const struct bot *b);

/* Stops (impolitely, if still running) and frees. NULL is a no-op. */
void bot_free(struct bot *b);

/*
 * Stopping a game from a signal handler (the arena's game timeout sends
 * SIGUSR1): bot_interrupt_init() makes the wake-up pipe (once, before the
 * handler is installed); bot_interrupt() is async-signal-safe and makes
 * every wait on a bot end at once, for good; bot_interrupted() tells.
 * bot_interrupt_from() is bot_interrupt() for a handler installed with
 * SA_SIGINFO, given its third argument: it also ends at once a sleeping
 * read (sleep_read.h) that the signal interrupted, which bot_interrupt()
 * alone ends at its next tick (10 ms at most).
 */
int bot_interrupt_init(char *err, size_t len);
void bot_interrupt(void);
void bot_interrupt_from(void *ucontext);
int bot_interrupted(void);

/*
 * How a bot's answer is waited for on this machine, for --sandbox-info:
 * in a read that sleeps (sleep_read.h), or in epoll_wait().
 */
const char *bot_wait_note(void);

/* Stops every live bot at once (for the referee's signal handling). */
void bot_kill_all(void);

#endif
