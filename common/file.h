/*
 * file.h - writing files that must last: every byte written (retrying
 * short writes and EINTR), and the directory entry of a new file synced;
 * opening a file that must stay private.
 */
#ifndef FILE_H
#define FILE_H

#include <stddef.h>

/* Writes n bytes of buf to fd; 0, or -1 with errno. */
int file_write_all(int fd, const void *buf, size_t n);

/* fsync()s the directory dir, so that its entries last; 0, or -1 with errno. */
int file_sync_dir(const char *dir);

/* fsync()s the directory that holds path, so that path's entry lasts; 0, or -1 with errno. */
int file_sync_parent(const char *path);

/*
 * Opens path for writing, as a private file: never through a symbolic
 * link; a new file is made 0600; an existing one must belong to this
 * user (a device of root's, such as /dev/null, will do) and, if regular,
 * have no other name (hard link), and is emptied (unless append) and
 * made 0600. Someone else's file is refused, not reused: whoever owns a
 * file can read what is written into it. A file of ours that others could
 * read is replaced by a new one (someone may hold it open). An fd, or -1
 * with a message naming path in err.
 */
int file_open_private(const char *path, int append, char *err, size_t len);

#endif
