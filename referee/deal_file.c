/*
 * deal_file.c - reading a deal file (see deal_file.h).
 */
#include "deal_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "deal.h"

int deal_load(const char *path, const struct rules *r, struct deal *d, char **text,
	      char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[4096], inner[200];
	FILE *f = fopen(path, "r");
	size_t n;
	int ret;

	strbuf_init(&sb);
	if (text)
		*text = NULL;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	ret = deal_parse(sb.buf, sb.len, r, d, inner, sizeof(inner));
	if (ret < 0 && !strncmp(inner, "line ", 5))
		snprintf(err, errlen, "%s:%s", path, inner + 5); /* file:line: problem */
	else if (ret < 0)
		snprintf(err, errlen, "%s: %s", path, inner);
	if (text)
		*text = strbuf_detach(&sb);
	strbuf_release(&sb);
	return ret < 0 ? -1 : 0;
}
