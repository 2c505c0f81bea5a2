/*
 * path.h - file names: joining them, asking what they are, making
 * directories. path_cat() and path_mkdir_p() use no memory of their own
 * and only system calls, so the sandbox's children may call them between
 * clone() and execve().
 */
#ifndef PATH_H
#define PATH_H

#include <stddef.h>
#include <sys/types.h>

/* "dir/name" (name alone when it is absolute or dir is NULL); free() it. */
char *path_join(const char *dir, const char *name);

/* The directory path names its last part in: "/" for "/x", "." for "x"; free() it. */
char *path_dir(const char *path);

/* out = a followed by b, or -1 (errno ENAMETOOLONG) when it does not fit. */
int path_cat(char *out, size_t len, const char *a, const char *b);

/* Makes path and its missing parents with mode; 0, or -1 (errno). */
int path_mkdir_p(const char *path, mode_t mode);

/*
 * Is path dir itself or below it? Both absolute and canonical; by name
 * only. Async-signal-safe.
 */
int path_inside(const char *path, const char *dir);

/*
 * The absolute path with the links of its directory followed, its last
 * part as it is (a program that is a link keeps its own name, and the
 * sandbox shows the link's directory, not where it leads), unless that
 * part is "", "." or "..", which are followed too; path itself when that
 * fails. free() it.
 */
char *path_resolve_dir(const char *path);

/*
 * path as seen from dir, when it is dir or lies below it (path_inside()):
 * "b/c" for /a/b/c from /a, "usr/bin" for /usr/bin from /, "." for dir
 * itself; NULL when it lies elsewhere (/a2/x from /a) or either is not
 * absolute. Both canonical; by name only. Points into path.
 */
const char *path_below(const char *path, const char *dir);

/*
 * Can no other user change what path leads to? Every directory on the way
 * to it and every symbolic link followed (as the kernel follows them)
 * must belong to root or to this user, and no directory on the way may
 * be writable by others unless it is sticky (like /tmp: then only an
 * entry's owner may rename it, and that entry is checked in turn). path
 * itself must belong to this user. 0, or -1 with a message in err that
 * names the place: "'DIR' belongs to another user (uid N)" and the like.
 */
int path_check_owned(const char *path, char *err, size_t len);

/*
 * The file name beside the running program (/proc/self/exe): for bin/arena,
 * path_beside_self("referee") is bin/referee; NULL gives the program
 * itself. "bin/NAME" when the program cannot be found. The caller frees it.
 */
char *path_beside_self(const char *name);

/* Is path a directory (following links)? */
int path_is_dir(const char *path);
/* Is path a regular file we may execute (following links)? */
int path_is_executable(const char *path);

#endif
