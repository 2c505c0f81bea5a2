/*
 * file.h - writing files that must last: every byte written (retrying
 * short writes and EINTR), and the directory entry of a new file synced.
 */
#ifndef FILE_H
#define FILE_H

#include <stddef.h>

/* Writes n bytes of buf to fd; 0, or -1 with errno. */
int file_write_all(int fd, const void *buf, size_t n);

/* fsync()s the directory that holds path, so that path's entry lasts; 0, or -1 with errno. */
int file_sync_parent(const char *path);

#endif
