/*
 * rename_race.c - a test shim (LD_PRELOAD) that loses the referee a race
 * for a name (tests/sh/t_bot_logs.sh). When the referee moves a bot's
 * stderr file to a kept name "game-SEED.seatN.stderr" (without a "-N"
 * after the seed) that is free, the shim first makes a file of that name
 * holding "racer", as another referee writing into the same --bot-logs
 * directory would between a check for the name and the rename. A rename
 * that does not refuse an existing name then destroys that file. With
 * RENAME_RACE=no-flag, renameat2() fails with EINVAL, as on a file system
 * without RENAME_NOREPLACE (NFS).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Makes path with "racer" in it when it names a plain kept file not there yet. */
static void race(const char *path)
{
	const char *base = strrchr(path, '/'), *p;
	int fd;

	base = base ? base + 1 : path;
	if (strncmp(base, "game-", 5))
		return;
	for (p = base + 5; isdigit((unsigned char)*p); p++)
		;
	if (p == base + 5 || strncmp(p, ".seat", 5))
		return;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0) {
		if (write(fd, "racer\n", 6) != 6)
			_exit(99);
		close(fd);
	}
}

int rename(const char *from, const char *to)
{
	int (*real)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");

	race(to);
	return real(from, to);
}

int renameat2(int fromdir, const char *from, int todir, const char *to, unsigned flags)
{
	int (*real)(int, const char *, int, const char *, unsigned) =
		(int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT,
									     "renameat2");

	const char *how = getenv("RENAME_RACE");

	if (how && !strcmp(how, "no-flag") && flags) {
		errno = EINVAL;
		return -1;
	}
	race(to);
	return real(fromdir, from, todir, to, flags);
}

int link(const char *from, const char *to)
{
	int (*real)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "link");

	race(to);
	return real(from, to);
}
