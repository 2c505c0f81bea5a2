/*
 * file.c - writing files that must last (see file.h).
 */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
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

int file_sync_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int fd, ret;

	if (slash == dir) {
		dir[1] = '\0';
	} else if (slash) {
		*slash = '\0';
	} else {
		free(dir);
		dir = xstrdup(".");
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd < 0)
		return -1;
	ret = fsync(fd);
	close(fd);
	return ret;
}
