/*
 * result_out.c - the referee's result lines on standard output.
 *
 * Lines are held in one static buffer so that a signal handler can write
 * them without allocating: out[0..held) is always whole lines. Both ways
 * of writing it, result_out_flush() in the normal course and
 * write_polled() when the referee is about to end by a signal, wait for
 * room with poll(2) and then write a piece that fits (a page at most, cut
 * at a line end), so that no write blocks where a signal could not reach
 * it, and giving up on a reader that takes nothing leaves whole lines
 * behind. The header says when lines are held.
 */
#include "result_out.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "file.h"
#include "sleep_read.h"

/*
 * held counts complete lines only: a line is copied in first and counted
 * after (with a signal fence between, so the compiler keeps that order),
 * so a handler that writes out[0..held) never writes half a line.
 * sig_atomic_t is int on Linux: it holds the buffer's size.
 */
static char out[1 << 16];
static volatile sig_atomic_t held;     /* bytes of complete lines in out */
static volatile sig_atomic_t flushing; /* result_out_flush() is writing */
static volatile sig_atomic_t deferred; /* a signal that came meanwhile, or 0 */
static volatile sig_atomic_t ticked;   /* SIGALRM since the last look at the age */
static int holding;
static int untimed;                    /* no timer: look at the age every time */
static double held_since;              /* clock_ms() of the oldest held line */
static void (*end_by)(int sig);

void result_out_init(void (*end)(int sig))
{
	end_by = end;
}

static void on_alarm(int sig)
{
	(void)sig;
	ticked = 1;
}

void result_out_hold(int on)
{
	struct itimerval every = { { 0, RESULT_OUT_HOLD_MS * 1000 / 2 },
				   { 0, RESULT_OUT_HOLD_MS * 1000 / 2 } };
	struct sigaction sa;
	sigset_t alarm;

	holding = on;
	if (!on)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	/*
	 * not on top of a sleeping read's timer or of the stop, whose
	 * wake-up would be lost (sleep_read.h)
	 */
	sigaddset(&sa.sa_mask, sleep_read_signal());
	sigaddset(&sa.sa_mask, SIGUSR1);
	/* a mask inherited from whoever started the referee must not silence it */
	sigemptyset(&alarm);
	sigaddset(&alarm, SIGALRM);
	/* without the timer, every put() and tick looks at the age itself */
	if (sigaction(SIGALRM, &sa, NULL) < 0 || sigprocmask(SIG_UNBLOCK, &alarm, NULL) < 0 ||
	    setitimer(ITIMER_REAL, &every, NULL) < 0)
		untimed = 1;
}

/* CLOCK_MONOTONIC in ms, from a handler too (clock_gettime is async-signal-safe). */
static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The end of the next piece of out[at..n) to write whole: up to the last
 * line end within a page (a pipe takes at most a page whole, once it has
 * room), or the page itself when a line is longer; from the middle of a
 * line (a write a signal cut), the rest of that line first.
 */
static size_t piece_end(size_t at, size_t n)
{
	size_t end = n - at < 4096 ? n : at + 4096;
	const char *nl = end < n ? memrchr(out + at, '\n', end - at) : NULL;

	if (at && out[at - 1] != '\n') {
		const char *rest = memchr(out + at, '\n', end - at);

		return rest ? (size_t)(rest - out) + 1 : end;
	}
	return nl ? (size_t)(nl - out) + 1 : end;
}

/*
 * Writes the next piece of out[at..n) (piece_end()) once poll(2) says
 * the output has room, waiting at most wait_ms: so the write cannot
 * block where a signal could not reach it. The bytes written; 0 when
 * there was no room in time or a signal came (errno EINTR); -1 with errno
 * on an error of the output. Async-signal-safe.
 */
static ssize_t write_piece(size_t at, size_t n, int wait_ms)
{
	struct pollfd p = { STDOUT_FILENO, POLLOUT, 0 };
	ssize_t w;
	int r = poll(&p, 1, wait_ms);

	if (r < 0)
		return errno == EINTR ? 0 : -1;
	if (r == 0)
		return 0;
	/* the output's error (a closed pipe, a full disk) comes from the write */
	w = write(STDOUT_FILENO, out + at, piece_end(at, n) - at);
	return w < 0 && errno == EINTR ? 0 : w;
}

/*
 * Writes out[at..n) piece by piece, giving up when the output takes
 * nothing for a second (interruptions, the timer's among them, do not
 * restart that second) or fails. Async-signal-safe. Returns where it
 * stopped, n when all was written.
 */
static size_t write_polled(size_t at, size_t n)
{
	long until = now_ms() + 1000;

	while (at < n) {
		long left = until - now_ms();
		ssize_t w;

		if (left <= 0 || (w = write_piece(at, n, (int)left)) < 0)
			break;
		if (w > 0) {
			at += (size_t)w;
			until = now_ms() + 1000;
		}
	}
	return at;
}

int result_out_flush(char *err, size_t len)
{
	size_t at = 0, n = (size_t)held;
	int e = 0;

	flushing = 1;
	/*
	 * A piece at a time, each once poll() says it fits, so no write here
	 * can block: a signal that comes just before a write (which it could
	 * not interrupt) is seen within the poll's 0.1 s, not never. A slow
	 * reader is waited for as long as it takes.
	 */
	while (at < n && !deferred) {
		ssize_t w = write_piece(at, n, 100);

		if (w < 0) {
			e = errno;
			break;
		}
		at += (size_t)w;
	}
	if (deferred)
		write_polled(at, n); /* the referee is to end: the rest, unless nobody reads it */
	held = 0;
	flushing = 0;
	/*
	 * a signal from here on takes the handler's own way; one before was
	 * deferred: look again now that no flush will
	 */
	atomic_signal_fence(memory_order_seq_cst);
	if (deferred && end_by)
		end_by(deferred);
	if (e) {
		snprintf(err, len, "cannot write 'the standard output': %s", strerror(e));
		return -1;
	}
	return 0;
}

/*
 * Flushes when the held lines have waited long enough. Ticks come every
 * half of RESULT_OUT_HOLD_MS, so a line is looked at by then at an age of
 * at least half of it: flushing from that age keeps every line's wait
 * under RESULT_OUT_HOLD_MS (without the timer, each look is exact).
 */
static int flush_if_due(char *err, size_t len)
{
	double due = untimed ? RESULT_OUT_HOLD_MS : RESULT_OUT_HOLD_MS / 2;

	ticked = 0;
	if (held && clock_ms() - held_since >= due)
		return result_out_flush(err, len);
	return 0;
}

int result_out_put(const char *line, size_t n, char *err, size_t len)
{
	if ((size_t)held + n + 1 > sizeof(out) && result_out_flush(err, len) < 0)
		return -1;
	if (n + 1 > sizeof(out)) {
		/* longer than the buffer (ten long SEAT command lines): straight out */
		if (file_write_all(STDOUT_FILENO, line, n) < 0 ||
		    file_write_all(STDOUT_FILENO, "\n", 1) < 0) {
			snprintf(err, len, "cannot write 'the standard output': %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!held && holding)
		held_since = clock_ms();
	memcpy(out + held, line, n);
	out[(size_t)held + n] = '\n';
	atomic_signal_fence(memory_order_release);
	held += (sig_atomic_t)(n + 1); /* only now can a handler see the line */
	if (!holding)
		return result_out_flush(err, len);
	return ticked || untimed ? flush_if_due(err, len) : 0;
}

int result_out_tick(char *err, size_t len)
{
	return ticked || untimed ? flush_if_due(err, len) : 0;
}

int result_out_signal(int sig)
{
	int e = errno;

	if (flushing) {
		deferred = sig;
		return 1;
	}
	atomic_signal_fence(memory_order_acquire);
	write_polled(0, (size_t)held);
	held = 0;
	errno = e;
	return 0;
}
