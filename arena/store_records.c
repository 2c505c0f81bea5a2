/*
 * store_records.c - lists of small typed records (see store_records.h).
 */
#include "store_records.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Room for one more item of size bytes in *items (nr used of *alloc). */
static void *grow(void *items, size_t nr, size_t *alloc, size_t size)
{
	if (nr < *alloc)
		return items;
	*alloc = *alloc ? 2 * *alloc : 8;
	return xrealloc(items, *alloc * size);
}

void excluded_bots_init(struct excluded_bots *l)
{
	memset(l, 0, sizeof(*l));
}

void excluded_bots_release(struct excluded_bots *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->items[i].name);
		free(l->items[i].reason);
	}
	free(l->items);
	excluded_bots_init(l);
}

void excluded_bots_add(struct excluded_bots *l, const char *name, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	l->items = grow(l->items, l->nr, &l->alloc, sizeof(*l->items));
	l->items[l->nr].name = xstrdup(name);
	l->items[l->nr].reason = strbuf_detach(&sb);
	l->nr++;
}

const char *excluded_bots_reason(const struct excluded_bots *l, const char *name)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i].name, name))
			return l->items[i].reason;
	return NULL;
}

void fingerprint_recs_init(struct fingerprint_recs *l)
{
	memset(l, 0, sizeof(*l));
}

void fingerprint_recs_release(struct fingerprint_recs *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->items[i].name);
		free(l->items[i].fingerprint);
	}
	free(l->items);
	fingerprint_recs_init(l);
}

void fingerprint_recs_add(struct fingerprint_recs *l, const char *name, const char *fingerprint)
{
	l->items = grow(l->items, l->nr, &l->alloc, sizeof(*l->items));
	l->items[l->nr].name = xstrdup(name);
	l->items[l->nr].fingerprint = xstrdup(fingerprint);
	l->nr++;
}

const char *fingerprint_recs_get(const struct fingerprint_recs *l, const char *name)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i].name, name))
			return l->items[i].fingerprint;
	return NULL;
}

void stored_games_init(struct stored_games *l)
{
	memset(l, 0, sizeof(*l));
}

void stored_games_release(struct stored_games *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->items[i].dir);
		free(l->items[i].id);
		free(l->items[i].reason);
	}
	free(l->items);
	stored_games_init(l);
}

void stored_games_add(struct stored_games *l, const char *dir, const char *id, const char *reason)
{
	l->items = grow(l->items, l->nr, &l->alloc, sizeof(*l->items));
	l->items[l->nr].dir = xstrdup(dir);
	l->items[l->nr].id = xstrdup(id);
	l->items[l->nr].reason = xstrdup(reason);
	l->nr++;
}
