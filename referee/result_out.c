/*
 * result_out.c - the referee's result lines on standard output (see the
 * header for when lines are held and what a signal does to them).
 */
#include "result_out.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"

/*
 * held holds complete lines only: a line is copied in first and counted
 * after, so a handler that writes out[0..held) never writes half a line.
 */
static char out[1 << 16];
static volatile sig_atomic_t held;     /* bytes of complete lines in out */
static volatile sig_atomic_t flushing; /* result_out_flush() is writing */
static volatile sig_atomic_t deferred; /* a signal that came meanwhile, or 0 */
static int holding;
static double held_since;              /* clock_ms() of the oldest held line */
static void (*end_by)(int sig);

void result_out_init(void (*end)(int sig))
{
	end_by = end;
}

void result_out_hold(int on)
{
	holding = on;
}

/*
 * write(2) all of buf, through interruptions; 0 or -1 (errno set). With
 * stop_on_signal, a signal deferred meanwhile ends it (returning 0): the
 * referee is to end, and a write that did not finish at once is into a
 * pipe that is not being read.
 */
static int write_all(const char *buf, size_t n, int stop_on_signal)
{
	while (n && !(stop_on_signal && deferred)) {
		ssize_t w = write(STDOUT_FILENO, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

int result_out_flush(char *err, size_t len)
{
	int ret, e;

	if (!held)
		return 0;
	flushing = 1;
	/* a signal now is deferred: a write it interrupts ends the flush */
	ret = write_all(out, (size_t)held, 1);
	e = errno;
	held = 0;
	flushing = 0;
	if (deferred && end_by)
		end_by(deferred);
	if (ret < 0)
		snprintf(err, len, "cannot write 'the standard output': %s", strerror(e));
	return ret;
}

int result_out_put(const char *line, size_t n, char *err, size_t len)
{
	if ((size_t)held + n + 1 > sizeof(out) && result_out_flush(err, len) < 0)
		return -1;
	if (n + 1 > sizeof(out)) {
		/* longer than the buffer (no result line is): straight out */
		if (write_all(line, n, 0) < 0 || write_all("\n", 1, 0) < 0) {
			snprintf(err, len, "cannot write 'the standard output': %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!held && holding)
		held_since = clock_ms();
	memcpy(out + held, line, n);
	out[(size_t)held + n] = '\n';
	held += (sig_atomic_t)(n + 1); /* only now can a handler see the line */
	if (!holding || clock_ms() - held_since >= RESULT_OUT_HOLD_MS)
		return result_out_flush(err, len);
	return 0;
}

/*
 * From a handler: the held lines, a page at a time, each once the output
 * can take it; a pipe that takes nothing for a second is given up, so a
 * signal always ends the referee. (Lines are held only when every seat
 * is a built-in: there is no bot to kill first.)
 */
static void write_held_now(void)
{
	struct pollfd p = { STDOUT_FILENO, POLLOUT, 0 };
	size_t at = 0, n = (size_t)held;

	while (at < n && poll(&p, 1, 1000) == 1 && (p.revents & POLLOUT)) {
		ssize_t w = write(STDOUT_FILENO, out + at, n - at < 4096 ? n - at : 4096);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		at += (size_t)w;
	}
}

int result_out_signal(int sig)
{
	int e = errno;

	if (flushing) {
		deferred = sig;
		return 1;
	}
	if (held)
		write_held_now();
	held = 0;
	errno = e;
	return 0;
}
