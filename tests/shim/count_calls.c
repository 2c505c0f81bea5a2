/*
 * count_calls.c - a test shim (LD_PRELOAD) that counts the referee's own
 * read(), write(), epoll_wait() and poll() calls and, at its exit, writes
 * "read R write W epoll_wait E poll P" to the file COUNT_CALLS names.
 * Unlike strace, it does not slow every call down, so the referee's
 * choices that depend on how long a call took (referee/bot.c,
 * read_first()) are the ones it makes untraced. Processes forked from the
 * referee (the sandbox's init) do not write the file.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

static long n_read, n_write, n_epoll, n_poll;
static pid_t owner;
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static int (*real_epoll_wait)(int, struct epoll_event *, int, int);
static int (*real_poll)(struct pollfd *, nfds_t, int);

__attribute__((constructor)) static void count_start(void)
{
	owner = getpid();
	real_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	real_epoll_wait = (int (*)(int, struct epoll_event *, int, int))dlsym(RTLD_NEXT,
									     "epoll_wait");
	real_poll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
}

__attribute__((destructor)) static void count_end(void)
{
	const char *path = getenv("COUNT_CALLS");
	char line[160];
	int fd, n;

	if (!path || getpid() != owner)
		return;
	n = snprintf(line, sizeof(line), "read %ld write %ld epoll_wait %ld poll %ld\n", n_read,
		     n_write, n_epoll, n_poll);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd >= 0) {
		if (real_write(fd, line, (size_t)n) < 0) {
			/* the test then finds no counts */
		}
		close(fd);
	}
}

ssize_t read(int fd, void *buf, size_t len)
{
	n_read++;
	return real_read(fd, buf, len);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	n_write++;
	return real_write(fd, buf, len);
}

int epoll_wait(int ep, struct epoll_event *ev, int max, int timeout)
{
	n_epoll++;
	return real_epoll_wait(ep, ev, max, timeout);
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	n_poll++;
	return real_poll(fds, n, timeout);
}
