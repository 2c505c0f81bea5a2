/*
 * deal_file.h - an explicit deal read from a file (referee --deal): the
 * engine parses text only (deal.h); reading the file is the referee's.
 */
#ifndef DEAL_FILE_H
#define DEAL_FILE_H

#include "game.h"

/*
 * Reads and parses a deal file; -1 with "FILE:N: problem" in err. When
 * text is not NULL it gets the file's text (free() it), also on errors
 * after the file was read (else NULL).
 */
int deal_load(const char *path, const struct rules *r, struct deal *d, char **text,
	      char *err, size_t errlen);

#endif
