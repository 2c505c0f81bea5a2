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
#include <stdio.h>
#include <string.h>

/*
 * The error convention of library code: a function returns 0 (or a
 * pointer) on success and -1 (or NULL) on failure, with the message in the
 * caller's buffer "char *err, size_t len" (lowercase, the problem first,
 * no final period); only main() prints it. ERRLEN is the size of such a
 * buffer: a caller that keeps a message declares char err[ERRLEN] (one
 * that embeds paths, PATH_MAX + ERRLEN).
 */
#define ERRLEN 1024

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

/*
 * The appends are inline: the protocol's lines and the result line are
 * built from many short pieces, and a call for each cost more than the
 * copy (git's strbuf_addch is inline for the same reason).
 */
static inline void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (sb->len + len + 1 > sb->alloc)
		strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

static inline void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

static inline void strbuf_addch(struct strbuf *sb, int c)
{
	if (sb->len + 2 > sb->alloc)
		strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}
/*
 * Appends the first len bytes (len < 8) of the 8 bytes at field, which
 * hold NULs from len on, with one copy of a fixed size: a short token
 * (a card's name) whose copy of a variable length, and the strlen()
 * before it, cost more than the rest of the append.
 */
static inline void strbuf_add8(struct strbuf *sb, const char *field, size_t len)
{
	if (sb->len + 9 > sb->alloc)
		strbuf_grow(sb, 8);
	memcpy(sb->buf + sb->len, field, 8);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

/*
 * Sets the length to len, which must be below sb->alloc, and ends the
 * text there: bytes written in place into the room strbuf_grow() made
 * (git's strbuf_setlen()).
 */
static inline void strbuf_setlen(struct strbuf *sb, size_t len)
{
	sb->len = len;
	sb->buf[len] = '\0';
}

#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/*
 * Appends a decimal integer (a fast path for the protocol's many numbers;
 * inline for the commonest, a seat or a trick count of one digit).
 */
void strbuf_addint_long(struct strbuf *sb, long n); /* any n: call strbuf_addint() */
static inline void strbuf_addint(struct strbuf *sb, long n)
{
	if (n >= 0 && n < 10)
		strbuf_addch(sb, (int)('0' + n));
	else
		strbuf_addint_long(sb, n);
}
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

/*
 * Appends n bytes of untrusted text (a bot's line, its stderr) as
 * printable ASCII: bytes 0x20 to 0x7e stay, except the backslash, which
 * becomes "\\"; every other byte becomes "\xHH" (lowercase hex), so
 * "\xff", "\x1b", "\x0a". Nothing is lost and nothing reaches a
 * terminal, a JSON string or a record line raw.
 */
void strbuf_add_escaped(struct strbuf *sb, const char *s, size_t n);

/*
 * Writes one message for a person to f: "PROG: " then text, each line of
 * it (a list of config errors has several) starting with "PROG: ", and
 * every byte outside space to '~' but the newlines escaped as "\xHH" (a
 * path or name given by a user may hold anything; the backslash is left
 * alone, since text may quote a bot's line already escaped). A final
 * newline is added.
 */
void message_print(FILE *f, const char *prog, const char *text);
/*
 * message_print() of a printf format and its arguments: what each
 * program's say() is (a macro that names the program).
 */
#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
void message_printf(FILE *f, const char *prog, const char *fmt, ...);

/*
 * The same into a fixed buffer: escapes at most max bytes of s (adding
 * "..." when s is longer) and stops before an escape would not fit, so
 * out never ends in half an escape. out is always NUL-terminated.
 */
void escape_text(const char *s, size_t n, size_t max, char *out, size_t outlen);

/*
 * A seed nobody can predict: 63 random bits from getrandom() (0 to
 * 2^63-1, the range of --seed). 0, or -1 with err.
 */
int random_seed(uint64_t *out, char *err, size_t len);
/*
 * Wipes the seeds drawn but not yet handed out (a process cloned from the
 * referee, such as a sandbox's init, must not keep the next games' deals).
 * Safe in a raw clone: no lock, no allocation.
 */
void random_seed_forget(void);

/*
 * A buffered stream writing to fd, like fdopen(fd, "w"), that keeps the
 * error of its first failed write for stream_check(). fclose() closes fd.
 * NULL, with errno, if it cannot be made. Such streams are listed in a
 * list of the process's own: make and close them from one thread.
 */
FILE *stream_fdopen(int fd);

/* The fd f writes to (fileno() is -1 for a stream of stream_fdopen()). */
int stream_fd(FILE *f);

/*
 * Flushes f and reports whether every write to it so far worked (the
 * stream's error indicator, which a failed write sets for good). 0, or -1
 * with err naming the file (path) and the error: "cannot write 'game.log':
 * No space left on device". Only a stream of stream_fdopen() is sure to
 * have the error: stdio drops the bytes of a failed write, so the flush
 * here may have nothing to retry, and then says "write error".
 */
int stream_check(FILE *f, const char *path, char *err, size_t len);

#endif
