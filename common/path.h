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

/* out = a followed by b, or -1 (errno ENAMETOOLONG) when it does not fit. */
int path_cat(char *out, size_t len, const char *a, const char *b);

/* Makes path and its missing parents with mode; 0, or -1 (errno). */
int path_mkdir_p(const char *path, mode_t mode);

/*
 * Is path dir itself or below it? Both absolute and canonical; by name
 * only. Async-signal-safe.
 */
int path_inside(const char *path, const char *dir);

/* Is path a directory (following links)? */
int path_is_dir(const char *path);
/* Is path a regular file we may execute (following links)? */
int path_is_executable(const char *path);

#endif
