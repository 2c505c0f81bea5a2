/*
 * path.c - file names (see path.h).
 */
#include "path.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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

char *path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	return slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
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

char *path_resolve_dir(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	struct strbuf sb = STRBUF_INIT;
	char *dir, *real;

	if (!slash || !*base || !strcmp(base, ".") || !strcmp(base, "..")) {
		real = slash ? realpath(path, NULL) : NULL;
		return real ? real : xstrdup(path);
	}
	dir = xstrndup(path, (size_t)(base - path));
	real = realpath(dir, NULL);
	free(dir);
	if (!real)
		return xstrdup(path);
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base);
	free(real);
	return strbuf_detach(&sb);
}

const char *path_below(const char *path, const char *dir)
{
	if (path[0] != '/' || dir[0] != '/' || !path_inside(path, dir))
		return NULL;
	path += strlen(dir);
	if (*path == '/')
		path++;
	return *path ? path : ".";
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

/* Is st, the entry of cur, one only root and this user can change? 0, or -1 with err. */
static int owned(const char *cur, const struct stat *st, int last, char *err, size_t len)
{
	if (st->st_uid != geteuid() && (st->st_uid != 0 || last)) {
		snprintf(err, len, "'%s' belongs to another user (uid %ld)", cur, (long)st->st_uid);
		return -1;
	}
	if (!last && S_ISDIR(st->st_mode) && (st->st_mode & 022) && !(st->st_mode & S_ISVTX)) {
		snprintf(err, len, "other users may write to '%s' (mode %04o)", cur,
			 (unsigned)(st->st_mode & 07777));
		return -1;
	}
	return 0;
}

int path_check_owned(const char *path, char *err, size_t len)
{
	char cur[PATH_MAX] = "", rest[2 * PATH_MAX], target[PATH_MAX];
	struct stat st;
	int links = 0;

	/* cur: the real path walked so far ("" for /); rest: what is left */
	if (path[0] == '/')
		snprintf(rest, sizeof(rest), "%s", path);
	else if (getcwd(cur, sizeof(cur)))
		snprintf(rest, sizeof(rest), "%s/%s", cur, path);
	else
		goto fail;
	cur[0] = '\0';
	if (lstat("/", &st) < 0)
		goto fail;
	if (owned("/", &st, 0, err, len) < 0)
		return -1;
	while (rest[0]) {
		size_t n = strcspn(rest, "/"), keep = strlen(cur), skip = n + (rest[n] == '/');
		char name[NAME_MAX + 1];
		ssize_t t;

		if (n > NAME_MAX) {
			errno = ENAMETOOLONG;
			goto fail;
		}
		memcpy(name, rest, n);
		name[n] = '\0';
		memmove(rest, rest + skip, strlen(rest + skip) + 1);
		if (!n || !strcmp(name, "."))
			continue;
		if (!strcmp(name, "..")) {
			*(strrchr(cur, '/') ? strrchr(cur, '/') : cur) = '\0';
			continue;
		}
		if (path_cat(cur + keep, sizeof(cur) - keep, "/", name) < 0 || lstat(cur, &st) < 0)
			goto fail;
		if (!S_ISLNK(st.st_mode)) {
			/* the last name is the one nothing but slashes follows */
			if (owned(cur, &st, !rest[strspn(rest, "/")], err, len) < 0)
				return -1;
			continue;
		}
		if (owned(cur, &st, 0, err, len) < 0)
			return -1;
		t = readlink(cur, target, sizeof(target) - 1);
		if (t < 0)
			goto fail;
		if (++links > 40) {
			errno = ELOOP;
			goto fail;
		}
		target[t] = '\0';
		/* the link's target, then what was left after it */
		if (strlen(target) + 1 + strlen(rest) + 1 > sizeof(rest)) {
			errno = ENAMETOOLONG;
			goto fail;
		}
		memmove(rest + t + 1, rest, strlen(rest) + 1);
		memcpy(rest, target, (size_t)t);
		rest[t] = '/';
		cur[target[0] == '/' ? 0 : keep] = '\0';
	}
	return 0;
fail:
	snprintf(err, len, "cannot follow the path to '%s' (at '%s'): %s", path, cur[0] ? cur : "/",
		 strerror(errno));
	return -1;
}

char *path_beside_self(const char *name)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct strbuf sb = STRBUF_INIT;
	char *slash;

	strbuf_init(&sb);
	if (n > 0) {
		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash && name)
			*slash = '\0';
		if (name)
			strbuf_addf(&sb, "%s/%s", self, name);
		else
			strbuf_addstr(&sb, self);
	} else {
		strbuf_addf(&sb, "bin/%s", name ? name : "arena");
	}
	return strbuf_detach(&sb);
}
