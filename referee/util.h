/*
 * util.h - allocation wrappers and a growable string buffer.
 *
 * x*alloc() abort with a message on out-of-memory so that callers never
 * carry an allocation-failure path (tmux xmalloc.c). struct strbuf is an
 * always-NUL-terminated byte buffer in the style of git's strbuf: embed
 * it, strbuf_init() it, append with strbuf_add*(), strbuf_release() it.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

struct strbuf {
	char *buf;  /* always NUL-terminated; never NULL after init */
	size_t len; /* bytes used, excluding the NUL */
	size_t alloc;
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* Empties the buffer and keeps its memory. */
void strbuf_reset(struct strbuf *sb);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Appends a decimal integer (a fast path for the protocol's many numbers). */
void strbuf_addint(struct strbuf *sb, long n);
/* Hands the buffer to the caller (free() it) and re-initialises sb. */
char *strbuf_detach(struct strbuf *sb);

/*
 * Parses a decimal integer that fills s exactly, within [min, max].
 * Returns 0, or -1 on empty text, junk, or out of range.
 */
int parse_long(const char *s, long min, long max, long *out);
/* The same for unsigned 64-bit values (seeds). */
int parse_u64(const char *s, unsigned long long *out);

/* The 64-bit FNV-1a hash of a string (stable: results files and seeds use it). */
uint64_t fnv1a64(const char *s);

/* The 64-bit FNV-1a hash of a string (stable: results files and seeds use it). */
uint64_t fnv1a64(const char *s);

#endif
