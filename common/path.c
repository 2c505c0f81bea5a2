/*
 * path.c - file names (see path.h).
 */
#include "path.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

char *path_join(const char *dir, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	if (name[0] == '/' || !dir)
		strbuf_addstr(&sb, name);
	else
		strbuf_addf(&sb, "%s/%s", dir, name);
	return strbuf_detach(&sb);
}

int path_cat(char *out, size_t len, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	if (na + nb + 1 > len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(out, a, na);
	memcpy(out + na, b, nb + 1);
	return 0;
}

int path_mkdir_p(const char *path, mode_t mode)
{
	char buf[PATH_MAX];
	size_t n = strlen(path);

	if (n >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST)
			return -1;
		buf[i] = i == n ? '\0' : '/';
	}
	return 0;
}

int path_inside(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return path[0] == '/';
	return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

int path_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int path_is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}
