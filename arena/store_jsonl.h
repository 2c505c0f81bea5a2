/*
 * store_jsonl.h - files of JSON lines, as the arena keeps its results: reading
 * one whole, and walking its lines. A last line without its newline is a
 * write a crash cut short ("torn"); what to do with it is the caller's.
 */
#ifndef JSONL_H
#define JSONL_H

#include <jansson.h>
#include <stddef.h>

#include "util.h"

/* Reads the whole file at path into out. 0, or -1 with errno set. */
int jsonl_slurp(const char *path, struct strbuf *out);

struct jsonl_line {
	const char *text; /* the line, without its newline */
	size_t len;
	int lineno;       /* from 1 */
	int complete;     /* it ends with a newline (else it is torn) */
	int last;         /* nothing follows it */
};

/*
 * The line of buf[0..len) that starts at *pos, in l; *pos moves to the
 * next. 1, or 0 when there is none left. l->lineno counts on from the
 * previous call (start it at 0).
 */
int jsonl_next(const char *buf, size_t len, size_t *pos, struct jsonl_line *l);

/* Is a an array of n integers from min to max? */
int jsonl_int_array_ok(json_t *a, int n, int min, int max);
/* Is a an array of n numbers? */
int jsonl_number_array_ok(json_t *a, int n);

#endif
