/*
 * pipe_small.c - a test shim (LD_PRELOAD) that gives a process the pipes
 * of a user past fs.pipe-user-pages-soft: with PIPE_SMALL set, every pipe
 * made with pipe() or pipe2() holds one page (4 KiB), and F_SETPIPE_SZ
 * to anything larger fails with EPERM, as over fs.pipe-max-size
 * (tests/sh/t_arena_match.sh: a match's list longer than a page still
 * reaches its referee).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define SMALL 4096

typedef int (*fcntl_fn)(int, int, ...);

static fcntl_fn real_fcntl(void)
{
	static fcntl_fn f;

	if (!f)
		f = (fcntl_fn)dlsym(RTLD_NEXT, "fcntl");
	return f;
}

static void shrink(int ret, const int p[2])
{
	if (ret == 0 && getenv("PIPE_SMALL"))
		real_fcntl()(p[1], F_SETPIPE_SZ, SMALL);
}

int pipe(int p[2])
{
	int (*real)(int[2]) = (int (*)(int[2]))dlsym(RTLD_NEXT, "pipe");
	int ret = real(p);

	shrink(ret, p);
	return ret;
}

int pipe2(int p[2], int flags)
{
	int (*real)(int[2], int) = (int (*)(int[2], int))dlsym(RTLD_NEXT, "pipe2");
	int ret = real(p, flags);

	shrink(ret, p);
	return ret;
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (cmd == F_SETPIPE_SZ && getenv("PIPE_SMALL") && (int)(intptr_t)arg > SMALL) {
		errno = EPERM;
		return -1;
	}
	return real_fcntl()(fd, cmd, arg);
}
