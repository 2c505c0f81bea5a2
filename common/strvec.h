/*
 * strvec.h - a growable, NULL-terminated array of owned strings.
 *
 * The arena builds command lines (the referee's argv, a build's argv) and
 * word lists (the variants key) as a strvec: the array is always
 * NULL-terminated, so v.items can go straight to execv(). Embed it,
 * strvec_init() it, push copies of strings, strvec_release() it.
 */
#ifndef STRVEC_H
#define STRVEC_H

#include <stddef.h>

struct strvec {
	char **items; /* NULL-terminated; never NULL after init */
	size_t nr;
	size_t alloc;
};

void strvec_init(struct strvec *v);
/* Frees every string and the array, and re-initialises v. */
void strvec_release(struct strvec *v);
/* Appends a copy of s. */
void strvec_push(struct strvec *v, const char *s);
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
/* Appends a formatted string. */
void strvec_pushf(struct strvec *v, const char *fmt, ...);

/*
 * Splits text into words separated by commas and/or white space and
 * appends each word; empty words are skipped.
 */
void strvec_split(struct strvec *v, const char *text);

/*
 * Appends the words of v to out as one shell-safe command line: words
 * made only of safe characters stay bare, others are single-quoted.
 */
struct strbuf;
void strvec_quote(const struct strvec *v, struct strbuf *out);
/* Appends one word, quoted the same way. */
void strvec_quote_word(const char *word, struct strbuf *out);

/*
 * For a list of "NAME\tVALUE" items (a results directory's bots and
 * exclusions): the VALUE of the first item named name, or NULL.
 */
const char *strvec_value(const struct strvec *v, const char *name);

#endif
