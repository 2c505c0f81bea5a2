/*
 * test_files.c - files that must stay private (common/file.h) and paths
 * no other user can change (common/path.h): a new file is 0600, an old
 * one of ours is emptied and made 0600 (replaced when others could read
 * it: they may hold it open), another user's file, a file with
 * a second name and a link are refused with messages naming them; a
 * directory reached through others' directories, writable ones or links
 * is refused, naming the place. The cases with another user need root
 * (chown); as another user they are left out.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "path.h"
#include "testhelp.h"

#define OTHER_UID 65534

static char top[PATH_MAX];

/* top/name, for the messages */
static const char *at(const char *name)
{
	static char buf[2][PATH_MAX + 64];
	static int i;

	i = !i;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", top, name);
	return buf[i];
}

static void put(const char *name, const char *text, mode_t mode)
{
	FILE *f = fopen(name, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
	chmod(name, mode);
}

static long size_of(const char *name)
{
	struct stat st;

	return stat(name, &st) == 0 ? (long)st.st_size : -1;
}

static void test_private_files(void)
{
	struct stat st;
	char err[PATH_MAX + 256], want[PATH_MAX + 256];
	int fd;

	umask(0);
	fd = file_open_private("new.log", 0, err, sizeof(err));
	CHECK(fd >= 0);
	CHECK(fstat(fd, &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(write(fd, "abc", 3) == 3);
	close(fd);
	umask(022);
	/* ours already: emptied, or appended to, and 0600 */
	put("old.log", "0123456789", 0600);
	fd = file_open_private("old.log", 1, err, sizeof(err));
	CHECK(fd >= 0 && write(fd, "x", 1) == 1);
	close(fd);
	CHECK_INT((int)size_of("old.log"), 11);
	fd = file_open_private("old.log", 0, err, sizeof(err));
	CHECK(fd >= 0);
	close(fd);
	CHECK_INT((int)size_of("old.log"), 0);
	CHECK(stat("old.log", &st) == 0 && (st.st_mode & 07777) == 0600);
	/* ours, but others could read it: someone may hold it open, so a new file */
	{
		struct stat before, after;
		char got[64] = "";
		int held;

		put("open.log", "old text\n", 0644);
		held = open("open.log", O_RDONLY);
		CHECK(held >= 0 && fstat(held, &before) == 0);
		fd = file_open_private("open.log", 0, err, sizeof(err));
		CHECK(fd >= 0 && write(fd, "the cards\n", 10) == 10);
		close(fd);
		CHECK(stat("open.log", &after) == 0 && after.st_ino != before.st_ino);
		CHECK_INT((int)(after.st_mode & 07777), 0600);
		CHECK_INT((int)read(held, got, sizeof(got) - 1), 9);
		CHECK_STR(got, "old text\n");
		close(held);
	}
	/* a link, even to a file of ours, is refused and left alone */
	put("target", "keep", 0600);
	CHECK(symlink("target", "link.log") == 0);
	CHECK_INT(file_open_private("link.log", 0, err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write 'link.log': it is a symbolic link; remove it or write elsewhere");
	CHECK_INT((int)size_of("target"), 4);
	/* a file with a second name */
	CHECK(link("target", "second") == 0);
	CHECK_INT(file_open_private("target", 0, err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write 'target': it has 2 names (hard links), and any of them could "
		  "be read; remove it or write elsewhere");
	CHECK_INT((int)size_of("second"), 4);
	/* a device of root's will do */
	fd = file_open_private("/dev/null", 0, err, sizeof(err));
	CHECK(fd >= 0);
	close(fd);
	/* no such directory */
	CHECK_INT(file_open_private("nodir/x.log", 0, err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write 'nodir/x.log': No such file or directory");
	if (geteuid() != 0)
		return;
	/* another user's file, whatever its mode: refused, not emptied */
	put("theirs.log", "their text", 0666);
	CHECK(chown("theirs.log", OTHER_UID, OTHER_UID) == 0);
	CHECK_INT(file_open_private("theirs.log", 0, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot write 'theirs.log': it belongs to another user (uid %d), "
		 "who could read what is written; remove it or write elsewhere", OTHER_UID);
	CHECK_STR(err, want);
	CHECK_INT((int)size_of("theirs.log"), 10);
}

static void test_owned_paths(void)
{
	char err[PATH_MAX + 256], want[PATH_MAX + 256];

	CHECK(mkdir("mine", 0755) == 0 && mkdir("mine/res", 0700) == 0);
	CHECK_INT(path_check_owned("mine/res", err, sizeof(err)), 0);
	CHECK_INT(path_check_owned(at("mine/res"), err, sizeof(err)), 0);
	CHECK_INT(path_check_owned("mine/../mine/./res/", err, sizeof(err)), 0);
	/* through a link of ours */
	CHECK(symlink("mine", "via") == 0);
	CHECK_INT(path_check_owned("via/res", err, sizeof(err)), 0);
	CHECK(symlink(at("mine/res"), "abs") == 0);
	CHECK_INT(path_check_owned("abs", err, sizeof(err)), 0);
	/* a directory on the way others may write to */
	CHECK(mkdir("open", 0755) == 0 && mkdir("open/res", 0700) == 0);
	chmod("open", 0777);
	CHECK_INT(path_check_owned("open/res", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "other users may write to '%s' (mode 0777)", at("open"));
	CHECK_STR(err, want);
	/* ... unless it is sticky, like /tmp */
	chmod("open", 01777);
	CHECK_INT(path_check_owned("open/res", err, sizeof(err)), 0);
	chmod("open", 0775);
	CHECK_INT(path_check_owned("open/res", err, sizeof(err)), -1);
	/* the path itself is ours: its own mode is its owner's business */
	chmod("open", 0755);
	chmod("open/res", 0777);
	CHECK_INT(path_check_owned("open/res", err, sizeof(err)), 0);
	/* a link through a directory others may write to */
	CHECK(symlink("open/../open/res", "bad") == 0);
	chmod("open", 0757);
	CHECK_INT(path_check_owned("bad", err, sizeof(err)), -1);
	chmod("open", 0755);
	CHECK_INT(path_check_owned("missing/res", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot follow the path to 'missing/res' (at '%s'): No such "
		 "file or directory", at("missing"));
	CHECK_STR(err, want);
	if (geteuid() != 0)
		return;
	/* another user's directory on the way, link, or the path itself */
	CHECK(mkdir("theirs", 0755) == 0 && mkdir("theirs/res", 0700) == 0);
	CHECK(chown("theirs", OTHER_UID, OTHER_UID) == 0);
	CHECK_INT(path_check_owned("theirs/res", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "'%s' belongs to another user (uid %d)", at("theirs"),
		 OTHER_UID);
	CHECK_STR(err, want);
	CHECK(symlink("mine/res", "their-link") == 0);
	CHECK(lchown("their-link", OTHER_UID, OTHER_UID) == 0);
	CHECK_INT(path_check_owned("their-link", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "'%s' belongs to another user (uid %d)", at("their-link"),
		 OTHER_UID);
	CHECK_STR(err, want);
	CHECK(chown("mine/res", OTHER_UID, OTHER_UID) == 0);
	CHECK_INT(path_check_owned("mine/res", err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "'%s' belongs to another user (uid %d)", at("mine/res"),
		 OTHER_UID);
	CHECK_STR(err, want);
}

int main(void)
{
	char *base = getenv("TMPDIR"), path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/test_files.XXXXXX", base ? base : "/tmp");
	if (!mkdtemp(path) || chdir(path) < 0 || !getcwd(top, sizeof(top))) {
		perror("test_files: scratch directory");
		return 1;
	}
	RUN(test_private_files);
	RUN(test_owned_paths);
	return TEST_REPORT();
}
