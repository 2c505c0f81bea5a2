/*
 * strset.c - hashed string set with linear probing (see strset.h).
 */
#include "strset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"


void strset_init(struct strset *s)
{
	s->nr = 0;
	s->alloc = 64;
	s->slots = xcalloc(s->alloc, sizeof(*s->slots));
}

void strset_release(struct strset *s)
{
	for (size_t i = 0; i < s->alloc; i++)
		free(s->slots[i]);
	free(s->slots);
	s->slots = NULL;
	s->nr = s->alloc = 0;
}

static size_t find(const struct strset *s, const char *key)
{
	size_t i = (size_t)fnv1a64(key) & (s->alloc - 1);

	while (s->slots[i] && strcmp(s->slots[i], key))
		i = (i + 1) & (s->alloc - 1);
	return i;
}

static void grow(struct strset *s)
{
	char **old = s->slots;
	size_t n = s->alloc;

	s->alloc *= 2;
	s->slots = xcalloc(s->alloc, sizeof(*s->slots));
	for (size_t i = 0; i < n; i++)
		if (old[i])
			s->slots[find(s, old[i])] = old[i];
	free(old);
}

int strset_add(struct strset *s, const char *key)
{
	size_t i;

	if ((s->nr + 1) * 2 > s->alloc)
		grow(s);
	i = find(s, key);
	if (s->slots[i])
		return 0;
	s->slots[i] = xstrdup(key);
	s->nr++;
	return 1;
}

int strset_has(const struct strset *s, const char *key)
{
	return s->slots[find(s, key)] != NULL;
}
