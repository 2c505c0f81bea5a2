/*
 * strvec.c - growable NULL-terminated string arrays (see strvec.h).
 */
#include "strvec.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void strvec_init(struct strvec *v)
{
	v->nr = 0;
	v->alloc = 4;
	v->items = xcalloc(v->alloc, sizeof(*v->items));
}

void strvec_release(struct strvec *v)
{
	for (size_t i = 0; i < v->nr; i++)
		free(v->items[i]);
	free(v->items);
	v->items = NULL;
	v->nr = v->alloc = 0;
}

static void push_owned(struct strvec *v, char *s)
{
	if (v->nr + 2 > v->alloc) {
		v->alloc = v->alloc * 2 + 4;
		v->items = xrealloc(v->items, v->alloc * sizeof(*v->items));
	}
	v->items[v->nr++] = s;
	v->items[v->nr] = NULL;
}

void strvec_push(struct strvec *v, const char *s)
{
	push_owned(v, xstrdup(s));
}

void strvec_pushf(struct strvec *v, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	push_owned(v, strbuf_detach(&sb));
}

const char *strvec_value(const struct strvec *v, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < v->nr; i++)
		if (!strncmp(v->items[i], name, n) && v->items[i][n] == '\t')
			return v->items[i] + n + 1;
	return NULL;
}

void strvec_split(struct strvec *v, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n;

		p += strspn(p, ", \t\r\n");
		n = strcspn(p, ", \t\r\n");
		if (n)
			push_owned(v, xstrndup(p, n));
		p += n;
	}
}

static int is_safe(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789@%+=:,./_-", *s))
			return 0;
	return 1;
}

void strvec_quote_word(const char *s, struct strbuf *out)
{
	if (is_safe(s)) {
		strbuf_addstr(out, s);
		return;
	}
	strbuf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(out, "'\\''");
		else
			strbuf_addch(out, *s);
	}
	strbuf_addch(out, '\'');
}

void strvec_quote(const struct strvec *v, struct strbuf *out)
{
	for (size_t i = 0; i < v->nr; i++) {
		if (i)
			strbuf_addch(out, ' ');
		strvec_quote_word(v->items[i], out);
	}
}
