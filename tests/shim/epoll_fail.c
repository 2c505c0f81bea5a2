/*
 * epoll_fail.c - a test shim (LD_PRELOAD) that takes the epoll set away
 * from the referee, to play its other wait (referee/bot.c): with
 * EPOLL_FAIL=create, epoll_create1() fails (EMFILE), so there is no set;
 * with EPOLL_FAIL=N, only the first N additions to a set succeed and the
 * rest fail as when a uid's fs.epoll.max_user_watches is used up (ENOSPC).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>

int epoll_create1(int flags)
{
	const char *how = getenv("EPOLL_FAIL");
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "epoll_create1");

	if (how && !strcmp(how, "create")) {
		errno = EMFILE;
		return -1;
	}
	return real(flags);
}

int epoll_ctl(int ep, int op, int fd, struct epoll_event *ev)
{
	static int added;
	const char *how = getenv("EPOLL_FAIL");
	int (*real)(int, int, int, struct epoll_event *) =
		(int (*)(int, int, int, struct epoll_event *))dlsym(RTLD_NEXT, "epoll_ctl");

	if (op == EPOLL_CTL_ADD && how && strcmp(how, "create") && added++ >= atoi(how)) {
		errno = ENOSPC;
		return -1;
	}
	return real(ep, op, fd, ev);
}
