/*
 * file.c - writing files that must last (see file.h).
 */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

int file_write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = EIO;
			return -1;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int file_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret;

	if (fd < 0)
		return -1;
	ret = fsync(fd);
	close(fd);
	return ret;
}

int file_sync_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int ret, e;

	if (slash == dir) {
		dir[1] = '\0';
	} else if (slash) {
		*slash = '\0';
	} else {
		free(dir);
		dir = xstrdup(".");
	}
	ret = file_sync_dir(dir);
	e = errno;
	free(dir);
	errno = e;
	return ret;
}

/*
 * Reopens the file that pfd (an O_PATH fd) names, for writing, once it is
 * known to be ours: the checks and the open see the same inode. -2 when
 * the file was removed to be made anew.
 */
static int reopen_checked(int pfd, const char *path, int append, char *err, size_t len)
{
	struct stat st;
	char proc[64];
	int fd;

	if (fstat(pfd, &st) < 0) {
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	if (st.st_uid != geteuid() && !(S_ISCHR(st.st_mode) && st.st_uid == 0)) {
		snprintf(err, len, "cannot write '%s': it belongs to another user (uid %ld), who "
			 "could read what is written; remove it or write elsewhere", path,
			 (long)st.st_uid);
		return -1;
	}
	if (S_ISREG(st.st_mode) && st.st_nlink != 1) {
		snprintf(err, len, "cannot write '%s': it has %ld names (hard links), and any of "
			 "them could be read; remove it or write elsewhere", path,
			 (long)st.st_nlink);
		return -1;
	}
	/*
	 * Readable by others until now: someone may hold it open already and
	 * would read through that descriptor whatever its mode becomes. It is
	 * replaced by a new file instead (the caller tries again).
	 */
	if (S_ISREG(st.st_mode) && (st.st_mode & 077)) {
		if (unlink(path) < 0) {
			snprintf(err, len, "cannot write '%s': it was open to others (mode %04o) and "
				 "cannot be replaced: %s", path, (unsigned)(st.st_mode & 07777),
				 strerror(errno));
			return -1;
		}
		errno = EAGAIN;
		return -2;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
	fd = open(proc, O_WRONLY | O_CLOEXEC | O_NOCTTY | (append ? O_APPEND : 0));
	if (fd < 0 || (S_ISREG(st.st_mode) && ((!append && ftruncate(fd, 0) < 0) ||
					       fchmod(fd, 0600) < 0))) {
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

int file_open_private(const char *path, int append, char *err, size_t len)
{
	/* a file made or removed between the two opens: try again */
	for (int tries = 0; tries < 8; tries++) {
		struct stat st;
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY,
			      0600), wfd;

		if (fd >= 0) {
			int e;

			if (fchmod(fd, 0600) == 0)
				return fd;
			e = errno;
			close(fd);
			errno = e;
			break;
		}
		if (errno != EEXIST)
			break;
		/* O_PATH | O_NOFOLLOW: a link is opened as itself, never followed */
		fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd < 0)
			break;
		if (fstat(fd, &st) == 0 && S_ISLNK(st.st_mode)) {
			close(fd);
			snprintf(err, len, "cannot write '%s': it is a symbolic link; remove it or "
				 "write elsewhere", path);
			return -1;
		}
		wfd = reopen_checked(fd, path, append, err, len);
		close(fd);
		if (wfd == -2)
			continue; /* replaced: make it anew */
		return wfd;
	}
	snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
	return -1;
}
