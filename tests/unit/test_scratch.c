/*
 * test_scratch.c - emptying a scratch directory that a running bot may
 * change under the walk (sandbox_scratch_clear() between the games of a
 * match; sandbox_scratch_remove() shares the walk). A bot can swap a
 * directory for a link at any moment; the walk must never act on what
 * such a link names. The swap is made at the worst moment on purpose:
 * this file's unlinkat() stands in for libc's, and when the walk finds
 * the directory "swap" not empty, it puts a link to a file outside the
 * scratch in its place before the walk goes on.
 */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "testhelp.h"

static const char *swap_to; /* armed: where the link made in place of "swap" points */

/* libc's unlinkat, but for the swap a racing bot would make */
int unlinkat(int dfd, const char *name, int flags)
{
	long r = syscall(SYS_unlinkat, dfd, name, flags);

	if (r < 0 && errno == ENOTEMPTY && swap_to && (flags & AT_REMOVEDIR) &&
	    !strcmp(name, "swap")) {
		if (renameat(dfd, "swap", dfd, "swapped") < 0 || symlinkat(swap_to, dfd, "swap") < 0)
			abort();
		swap_to = NULL;
		errno = ENOTEMPTY;
	}
	return (int)r;
}

static void make_file(const char *path, mode_t mode)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f)
		fclose(f);
	CHECK_INT(chmod(path, mode), 0);
}

/* "swap" is a full directory when the walk tries it, a link when it acts on it */
static void test_a_directory_swapped_for_a_link_is_not_followed(void)
{
	char base[] = "/tmp/test_scratch.XXXXXX", dir[PATH_MAX], sub[PATH_MAX + 8];
	char file[PATH_MAX + 16], victim[PATH_MAX + 8];
	struct stat st;

	CHECK(mkdtemp(base) != NULL);
	snprintf(dir, sizeof(dir), "%s/scratch", base);
	snprintf(sub, sizeof(sub), "%s/swap", dir);
	snprintf(file, sizeof(file), "%s/f", sub);
	snprintf(victim, sizeof(victim), "%s/victim", base);
	CHECK_INT(mkdir(dir, 0700), 0);
	CHECK_INT(mkdir(sub, 0755), 0);
	make_file(file, 0600);
	make_file(victim, 0644);
	swap_to = victim;
	/* the pass that met the link gives up (the referee then starts a fresh bot) */
	CHECK_INT(sandbox_scratch_clear(NULL, dir), -1);
	CHECK(swap_to == NULL); /* the swap was made */
	/* the file the link named keeps its mode: the walk did not chmod it */
	CHECK_INT(stat(victim, &st), 0);
	CHECK_INT((int)(st.st_mode & 07777), 0644);
	/* the next walk removes the link, not what it names */
	CHECK_INT(sandbox_scratch_clear(NULL, dir), 0);
	CHECK_INT(rmdir(dir), 0);
	CHECK_INT(unlink(victim), 0);
	CHECK_INT(rmdir(base), 0);
}

int main(void)
{
	RUN(test_a_directory_swapped_for_a_link_is_not_followed);
	return TEST_REPORT();
}
