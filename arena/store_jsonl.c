/*
 * store_jsonl.c - files of JSON lines (see store_jsonl.h).
 */
#include "store_jsonl.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int jsonl_slurp(const char *path, struct strbuf *out)
{
	char buf[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			close(fd);
			errno = e;
			return -1;
		}
		strbuf_add(out, buf, (size_t)n);
	}
	close(fd);
	return 0;
}

int jsonl_next(const char *buf, size_t len, size_t *pos, struct jsonl_line *l)
{
	const char *nl;
	size_t end;

	if (*pos >= len)
		return 0;
	nl = memchr(buf + *pos, '\n', len - *pos);
	end = nl ? (size_t)(nl - buf) : len;
	l->text = buf + *pos;
	l->len = end - *pos;
	l->lineno++;
	l->complete = nl != NULL;
	*pos = nl ? end + 1 : len;
	l->last = *pos >= len;
	return 1;
}

int jsonl_int_array_ok(json_t *a, int n, int min, int max)
{
	if (!json_is_array(a) || (int)json_array_size(a) != n)
		return 0;
	for (int i = 0; i < n; i++) {
		json_t *x = json_array_get(a, (size_t)i);

		if (!json_is_integer(x) || json_integer_value(x) < min || json_integer_value(x) > max)
			return 0;
	}
	return 1;
}

int jsonl_number_array_ok(json_t *a, int n)
{
	if (!json_is_array(a) || (int)json_array_size(a) != n)
		return 0;
	for (int i = 0; i < n; i++)
		if (!json_is_number(json_array_get(a, (size_t)i)))
			return 0;
	return 1;
}
