/*
 * calls.c - a test shim (LD_PRELOAD) for the referee's wait
 * (tests/sh/t_referee_wait.sh). With COUNT_CALLS=FILE it counts the
 * referee's own read(), write(), epoll_wait() and poll() calls and, at its
 * exit, writes "read R write W epoll_wait E poll P waited X ticks T" to
 * FILE (X: the epoll_wait()s with a timeout, that could sleep; T: the
 * timer_settime()s, one a tick of the sleeping reads' timer; R: the kernel's count
 * of the process's reads, /proc/thread-self/io's syscr, which has the sleeping
 * reads that referee/sleep_read.c makes without the C library; the calls
 * to read() where that cannot be read): unlike strace, it does
 * not slow every call down, so the referee and its bots share a CPU as
 * they do untraced. With SLOW_WRITE_MS=N, each write of a
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
typedef int (*timer_settime_fn)(timer_t, int, const struct itimerspec *, struct itimerspec *);

static long n_read, n_write, n_epoll, n_poll, n_waited, n_ticks;
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

/*
 * syscr of /proc/thread-self/io: every read system call of this thread so
 * far (/proc/self/io adds those of the children it reaped: the bots); else
 * calls
 */
static long kernel_reads(long calls)
{
	REAL(read_fn, "read");
	char buf[512], *p;
	int fd = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : real(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return calls;
	buf[n] = '\0';
	p = strstr(buf, "syscr: ");
	return p ? strtol(p + 7, NULL, 10) : calls;
}

__attribute__((destructor)) static void calls_end(void)
{
	REAL(write_fn, "write");
	const char *path = getenv("COUNT_CALLS");
	char line[160];
	int fd, n;

	if (!path || getpid() != owner)
		return;
	n_read = kernel_reads(n_read);
	n = snprintf(line, sizeof(line), "read %ld write %ld epoll_wait %ld poll %ld waited %ld ticks %ld\n",
		     n_read, n_write, n_epoll, n_poll, n_waited, n_ticks);
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
	n_waited += timeout != 0;
	return real(ep, ev, max, timeout);
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	REAL(poll_fn, "poll");

	n_poll++;
	return real(fds, n, timeout);
}

int timer_settime(timer_t t, int flags, const struct itimerspec *value, struct itimerspec *old)
{
	REAL(timer_settime_fn, "timer_settime");

	n_ticks++;
	return real(t, flags, value, old);
}
