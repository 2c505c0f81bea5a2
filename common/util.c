/*
 * util.c - allocation wrappers, strbuf and strict number parsing.
 */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

static void oom(size_t n)
{
	fprintf(stderr, "fatal: out of memory allocating %zu bytes\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need <= sb->alloc)
		return;
	size_t n = sb->alloc ? sb->alloc : 64;
	while (n < need)
		n *= 2;
	if (sb->alloc) {
		sb->buf = xrealloc(sb->buf, n);
	} else {
		sb->buf = xmalloc(n);
		sb->buf[0] = '\0';
	}
	sb->alloc = n;
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	/* one pass when the text fits in the spare room, else grow and redo */
	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0) {
		sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

/* "00" "01" ... "99": two digits a step, half the multiplications of one */
static const char digit_pairs[] =
	"000102030405060708091011121314151617181920212223242526272829"
	"303132333435363738394041424344454647484950515253545556575859"
	"606162636465666768697071727374757677787980818283848586878889"
	"90919293949596979899";

void strbuf_addint_long(struct strbuf *sb, long n)
{
	char tmp[24];
	int i = (int)sizeof(tmp);
	unsigned long v = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;

	while (v >= 100) {
		unsigned long k = (v % 100) * 2;

		v /= 100;
		tmp[--i] = digit_pairs[k + 1];
		tmp[--i] = digit_pairs[k];
	}
	if (v >= 10) {
		tmp[--i] = digit_pairs[v * 2 + 1];
		tmp[--i] = digit_pairs[v * 2];
	} else {
		tmp[--i] = (char)('0' + v);
	}
	if (n < 0)
		tmp[--i] = '-';
	strbuf_add(sb, tmp + i, sizeof(tmp) - (size_t)i);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p = sb->alloc ? sb->buf : xstrdup("");

	strbuf_init(sb);
	return p;
}

int parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s || *s == ' ' || *s == '+')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_u64(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

uint64_t fnv1a64(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* The escape of byte c into out (at least 5 bytes); returns its length. */
static size_t escape_byte(unsigned char c, char *out)
{
	static const char hex[] = "0123456789abcdef";

	if (c == '\\') {
		out[0] = out[1] = '\\';
		return 2;
	}
	if (c >= 0x20 && c < 0x7f) {
		out[0] = (char)c;
		return 1;
	}
	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	return 4;
}

void strbuf_add_escaped(struct strbuf *sb, const char *s, size_t n)
{
	char e[5];

	strbuf_grow(sb, n);
	for (size_t i = 0; i < n; i++)
		strbuf_add(sb, e, escape_byte((unsigned char)s[i], e));
}

void message_print(FILE *f, const char *prog, const char *text)
{
	static const char hex[] = "0123456789abcdef";
	int start = 1;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (start)
			fprintf(f, "%s: ", prog);
		start = *p == '\n' && p[1];
		if (*p == '\n' && !p[1])
			break;
		if ((*p >= 0x20 && *p < 0x7f) || *p == '\n')
			fputc(*p, f);
		else
			fprintf(f, "\\x%c%c", hex[*p >> 4], hex[*p & 15]);
	}
	fputc('\n', f);
}

void message_printf(FILE *f, const char *prog, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	message_print(f, prog, sb.buf);
	strbuf_release(&sb);
}

void escape_text(const char *s, size_t n, size_t max, char *out, size_t outlen)
{
	size_t k = 0, i;
	char e[5];

	if (!outlen)
		return;
	for (i = 0; i < n && i < max; i++) {
		size_t m = escape_byte((unsigned char)s[i], e);

		if (k + m + 4 > outlen) /* room for "..." and the NUL */
			break;
		memcpy(out + k, e, m);
		k += m;
	}
	if (i < n && k + 4 <= outlen) {
		memcpy(out + k, "...", 3);
		k += 3;
	}
	out[k] = '\0';
}

/*
 * Seeds are drawn 32 at a time (256 bytes: the most getrandom() returns
 * whole even when a signal comes): a game of built-in players costs a few
 * microseconds, and a system call per seed was a twentieth of it. Each
 * seed is wiped from the pool as it is handed out.
 */
static uint64_t seed_pool[32];
static int seeds_left;

int random_seed(uint64_t *out, char *err, size_t len)
{
	int left = seeds_left;

	if (!left) {
		ssize_t n;

		while ((n = getrandom(seed_pool, sizeof(seed_pool), 0)) < 0 && errno == EINTR)
			;
		if (n != (ssize_t)sizeof(seed_pool)) {
			snprintf(err, len, "cannot get random bytes: %s",
				 n < 0 ? strerror(errno) : "short read");
			return -1;
		}
		left = 32;
	}
	left--;
	*out = seed_pool[left] >> 1;
	explicit_bzero(&seed_pool[left], sizeof(seed_pool[left]));
	seeds_left = left;
	return 0;
}

void random_seed_forget(void)
{
	explicit_bzero(seed_pool, sizeof(seed_pool));
	seeds_left = 0;
}

/* A stream_fdopen() stream: its fd, and the error of its first failed write. */
struct stream_cookie {
	FILE *f;
	int fd;
	int err;
	struct stream_cookie *next;
};

static struct stream_cookie *streams;

static ssize_t stream_write(void *cookie, const char *buf, size_t n)
{
	struct stream_cookie *s = cookie;
	size_t done = 0;

	/* as stdio's own: what a write takes, until one fails (EINTR too) */
	while (done < n) {
		ssize_t k = write(s->fd, buf + done, n - done);

		if (k <= 0) {
			if (!s->err)
				s->err = k < 0 ? errno : ENOSPC;
			break;
		}
		done += (size_t)k;
	}
	return (ssize_t)done; /* short: stdio sets the stream's error indicator */
}

static int stream_close(void *cookie)
{
	struct stream_cookie *s = cookie;
	int ret = close(s->fd);

	for (struct stream_cookie **p = &streams; *p; p = &(*p)->next) {
		if (*p == s) {
			*p = s->next;
			break;
		}
	}
	free(s);
	return ret;
}

FILE *stream_fdopen(int fd)
{
	cookie_io_functions_t io = { NULL, stream_write, NULL, stream_close };
	struct stream_cookie *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->fd = fd;
	if (!(s->f = fopencookie(s, "w", io))) {
		free(s);
		return NULL;
	}
	s->next = streams;
	streams = s;
	return s->f;
}

/* f's cookie, if stream_fdopen() made f */
static const struct stream_cookie *stream_cookie_of(FILE *f)
{
	for (const struct stream_cookie *s = streams; s; s = s->next)
		if (s->f == f)
			return s;
	return NULL;
}

int stream_fd(FILE *f)
{
	const struct stream_cookie *s = stream_cookie_of(f);

	return s ? s->fd : fileno(f);
}

int stream_check(FILE *f, const char *path, char *err, size_t len)
{
	const struct stream_cookie *s;
	int e;

	errno = 0;
	if (fflush(f) == 0 && !ferror(f))
		return 0;
	/*
	 * The first failed write is the cause. stdio drops the bytes of a
	 * write that fails, so this flush may have had nothing to retry and
	 * left errno 0: a stream of stream_fdopen() kept the first error.
	 */
	s = stream_cookie_of(f);
	e = s && s->err ? s->err : errno;
	snprintf(err, len, "cannot write '%s': %s", path, e ? strerror(e) : "write error");
	return -1;
}
