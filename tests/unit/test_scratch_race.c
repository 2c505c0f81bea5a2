/*
 * test_scratch_race.c - emptying the scratch of a match bot that is still
 * running (sandbox_scratch_clear(), between the games of a match) while
 * the bot changes it underneath. The walk found a directory that was not
 * empty and made it 0700 before it entered it (now only when an entry in
 * it cannot be removed, through the fd it opened); a bot that swaps that
 * name for a symbolic link to a file outside (renameat2 RENAME_EXCHANGE,
 * in a loop in a thread) at that moment made the change follow the link:
 * as root, any file of the machine became 0700. The race is narrow, so
 * this test makes the bot's move at its worst moment: its own unlinkat()
 * wraps the C library's and, right after the walk's rmdir of the
 * directory failed, swaps the name for a link to the file outside, once,
 * as the bot would.
 */
#include "sandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "testhelp.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static char victim[PATH_MAX];
static int armed, swapped;

/*
 * The C library's unlinkat, then the bot's move: when the walk's rmdir of
 * d fails because d is not empty, d becomes a link to the file outside
 * (once), before the walk's next step.
 */
int unlinkat(int dirfd, const char *name, int flags)
{
	static int (*real)(int, const char *, int);
	int rc, e;

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "unlinkat");
	rc = real(dirfd, name, flags);
	e = errno;
	if (rc < 0 && e == ENOTEMPTY && armed && !strcmp(name, "d")) {
		armed = 0;
		if (symlinkat(victim, dirfd, "swap") == 0 &&
		    syscall(SYS_renameat2, dirfd, "swap", dirfd, name, RENAME_EXCHANGE) == 0)
			swapped = 1;
	}
	errno = e;
	return rc;
}

static void make_file(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);

	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK_INT(write(fd, text, strlen(text)), (long long)strlen(text));
		close(fd);
	}
	CHECK_INT(chmod(path, mode), 0);
}

static void test_clear_never_changes_a_file_outside(void)
{
	char top[PATH_MAX - 64], scratch[PATH_MAX], path[PATH_MAX + 16], err[256], text[16] = "";
	const char *tmp = getenv("TMPDIR");
	struct stat st;
	int fd;

	snprintf(top, sizeof(top), "%s/scratch_race-XXXXXX", tmp ? tmp : "/tmp");
	CHECK(mkdtemp(top) != NULL);
	snprintf(victim, sizeof(victim), "%s/victim", top);
	make_file(victim, "kept\n", 0644);
	CHECK_INT(sandbox_scratch_new(top, 3, scratch, sizeof(scratch), err, sizeof(err)), 0);
	/* the bot's scratch: d/f, a directory the walk must enter */
	snprintf(path, sizeof(path), "%s/d", scratch);
	CHECK_INT(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/d/f", scratch);
	make_file(path, "x", 0600);
	armed = 1;
	CHECK_INT(sandbox_scratch_clear(NULL, scratch), 0);
	CHECK_INT(swapped, 1);
	/* the file outside is as it was, and only the link to it went */
	CHECK_INT(stat(victim, &st), 0);
	CHECK_INT(st.st_mode & 07777, 0644);
	fd = open(victim, O_RDONLY | O_CLOEXEC);
	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK_INT(read(fd, text, sizeof(text) - 1), 5);
		close(fd);
	}
	CHECK_STR(text, "kept\n");
	/* the scratch directory stays, emptied (the swapped-out d with it) */
	CHECK_INT(stat(scratch, &st), 0);
	CHECK_INT(rmdir(scratch), 0);
	CHECK_INT(unlink(victim), 0);
	CHECK_INT(rmdir(top), 0);
}

int main(void)
{
	RUN(test_clear_never_changes_a_file_outside);
	return TEST_REPORT();
}
