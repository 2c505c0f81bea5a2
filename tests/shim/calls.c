/*
 * calls.c - a test shim (LD_PRELOAD) for the referee's wait
 * (tests/sh/t_referee_wait.sh). With COUNT_CALLS=FILE it counts the
 * referee's own read(), write(), epoll_wait() and poll() calls and, at its
 * exit, writes "read R write W epoll_wait E poll P" to FILE: unlike
 * strace, it does not slow every call down, so the referee and its bots
 * share a CPU as they do untraced. With SLOW_WRITE_MS=N, each write of a
 * request (data holding a line that starts "request ") returns N ms after
 * it wrote, as when a bot hangs wake-ups on its stdin pipe: the bot
 * answers meanwhile. Processes forked from the referee (the sandbox's
 * init) do not write the file.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

typedef ssize_t (*read_fn)(int, void *, size_t);
typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef int (*epoll_wait_fn)(int, struct epoll_event *, int, int);
typedef int (*poll_fn)(struct pollfd *, nfds_t, int);
typedef ssize_t (*read_chk_fn)(int, void *, size_t, size_t);
typedef int (*poll_chk_fn)(struct pollfd *, nfds_t, int, size_t);

static long n_read, n_write, n_epoll, n_poll;
static pid_t owner;

/* real: the next definition of name (the C library's), looked up once */
#define REAL(type, name) \
	static type real; \
	if (!real) \
		real = (type)dlsym(RTLD_NEXT, name)

__attribute__((constructor)) static void calls_start(void)
{
	owner = getpid();
}

__attribute__((destructor)) static void calls_end(void)
{
	REAL(write_fn, "write");
	const char *path = getenv("COUNT_CALLS");
	char line[160];
	int fd, n;

	if (!path || getpid() != owner)
		return;
	n = snprintf(line, sizeof(line), "read %ld write %ld epoll_wait %ld poll %ld\n", n_read,
		     n_write, n_epoll, n_poll);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd >= 0) {
		if (real(fd, line, (size_t)n) < 0) {
			/* the test then finds no counts */
		}
		close(fd);
	}
}

ssize_t read(int fd, void *buf, size_t len)
{
	REAL(read_fn, "read");

	n_read++;
	return real(fd, buf, len);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	REAL(write_fn, "write");
	const char *slow = getenv("SLOW_WRITE_MS");
	ssize_t n;

	n_write++;
	n = real(fd, buf, len);
	if (slow && n > 0 && getpid() == owner &&
	    ((len >= 8 && !memcmp(buf, "request ", 8)) || memmem(buf, len, "\nrequest ", 9))) {
		long ms = atol(slow);
		struct timespec t = { ms / 1000, ms % 1000 * 1000000 };

		while (nanosleep(&t, &t) < 0)
			; /* a signal: the rest of the time */
	}
	return n;
}

/* what read() and poll() become in a build with _FORTIFY_SOURCE */
ssize_t __read_chk(int fd, void *buf, size_t len, size_t room);
int __poll_chk(struct pollfd *fds, nfds_t n, int timeout, size_t room);

ssize_t __read_chk(int fd, void *buf, size_t len, size_t room)
{
	REAL(read_chk_fn, "__read_chk");

	n_read++;
	return real(fd, buf, len, room);
}

int __poll_chk(struct pollfd *fds, nfds_t n, int timeout, size_t room)
{
	REAL(poll_chk_fn, "__poll_chk");

	n_poll++;
	return real(fds, n, timeout, room);
}

int epoll_wait(int ep, struct epoll_event *ev, int max, int timeout)
{
	REAL(epoll_wait_fn, "epoll_wait");

	n_epoll++;
	return real(ep, ev, max, timeout);
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	REAL(poll_fn, "poll");

	n_poll++;
	return real(fds, n, timeout);
}
