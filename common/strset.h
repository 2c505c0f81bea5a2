/*
 * strset.h - a set of strings (game ids), hashed.
 *
 * Resuming asks "is this game already played?" for every game of the
 * schedule and the report drops duplicate game ids when merging shards;
 * both want a set that stays fast at hundreds of thousands of ids.
 */
#ifndef STRSET_H
#define STRSET_H

#include <stddef.h>

struct strset {
	char **slots; /* open addressing; NULL = empty */
	size_t nr;
	size_t alloc; /* a power of two */
};

void strset_init(struct strset *s);
void strset_release(struct strset *s);
/* Adds a copy of key. Returns 1 if it was added, 0 if it was already there. */
int strset_add(struct strset *s, const char *key);
int strset_has(const struct strset *s, const char *key);

#endif
