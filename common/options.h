/*
 * options.h - one table of options per program, which drives the parsing
 * of its command line, its --help and the option lists of its docs (in the
 * manner of git's parse-options).
 *
 * A program (or a subcommand) declares a table, ended by OPT_END():
 *
 *   static const struct option_spec opts[] = {
 *           OPT_GROUP("options:"),
 *           OPT_STRING(0, "results", &o.results, "DIR", "results directory"),
 *           OPT_LONG(0, "jobs", &o.jobs, "N", 1, 1024, "games at once"),
 *           OPT_FLAG('q', "quiet", &o.quiet, "no progress line"),
 *           OPT_END(),
 *   };
 *   int n = options_parse(opts, argc, argv, err, sizeof(err));
 *
 * options_parse() reads GNU style: options anywhere on the line, long
 * ones as --name VALUE or --name=VALUE (or a unique prefix of the name),
 * short ones as -q, bundled (-qv), with a value as -j4 or -j 4; "--"
 * ends the options. The words that are not options are moved, in order,
 * to argv[0..n). options_usage() prints the option list of --help from
 * the same table, options_markdown() the list the docs hold.
 *
 * Messages name the option and the value as typed, the problem first
 * ("--jobs 'x' is not a number from 1 to 1024"); the caller adds its
 * program's name and hint.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>

#include "util.h"

enum option_type {
	OPTION_END,
	OPTION_GROUP,    /* a heading of --help; help is its title */
	OPTION_FLAG,     /* no value: *(int *)value = 1 */
	OPTION_LONG,     /* a whole number from min to max: *(long *)value */
	OPTION_STRING,   /* *(const char **)value = the argument (the last one given wins) */
	OPTION_CALLBACK, /* callback(opt, arg): arg is NULL when argh is NULL (no value) */
};

/* A parsed option not listed in --help nor in the docs (a helper for scripts). */
#define OPTION_HIDDEN 1u

struct option_spec;

/*
 * An option's own action: 0, or -1 with a message in err (the problem
 * first; the caller adds the program's name and hint). arg is valid as
 * long as argv.
 */
typedef int (*option_callback)(const struct option_spec *opt, const char *arg, char *err,
			       size_t len);
/*
 * More lines of help after an entry's own (a list made from another
 * table, such as the sandbox limits): each line indented by indent
 * spaces, at most width columns.
 */
typedef void (*option_help_more)(struct strbuf *out, int indent, int width);

struct option_spec {
	enum option_type type;
	int short_name;       /* 'q', or 0: none */
	const char *long_name;/* "quiet", or NULL: none */
	void *value;          /* where the value goes (see enum option_type) */
	const char *argh;     /* the value's name in --help ("N", "FILE"); NULL: no value */
	const char *help;     /* one paragraph, wrapped by options_usage() */
	long min, max;        /* OPTION_LONG's range */
	option_callback callback;
	option_help_more help_more;
	unsigned flags;       /* OPTION_HIDDEN */
};

#define OPT_END() { OPTION_END, 0, NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, 0 }
#define OPT_GROUP(title) { OPTION_GROUP, 0, NULL, NULL, NULL, (title), 0, 0, NULL, NULL, 0 }
/* (1 ? (v) : (T *)0): a value of another type than the parser writes does not compile */
#define OPT_FLAG(s, l, v, h) \
	{ OPTION_FLAG, (s), (l), (1 ? (v) : (int *)0), NULL, (h), 0, 0, NULL, NULL, 0 }
#define OPT_LONG(s, l, v, a, lo, hi, h) \
	{ OPTION_LONG, (s), (l), (1 ? (v) : (long *)0), (a), (h), (lo), (hi), NULL, NULL, 0 }
#define OPT_STRING(s, l, v, a, h) \
	{ OPTION_STRING, (s), (l), (1 ? (v) : (const char **)0), (a), (h), 0, 0, NULL, NULL, 0 }
#define OPT_CALLBACK(s, l, v, a, cb, h) \
	{ OPTION_CALLBACK, (s), (l), (v), (a), (h), 0, 0, (cb), NULL, 0 }
/* A callback entry whose help continues with help_more's lines. */
#define OPT_CALLBACK_MORE(s, l, v, a, cb, h, more) \
	{ OPTION_CALLBACK, (s), (l), (v), (a), (h), 0, 0, (cb), (more), 0 }
#define OPT_HIDDEN_FLAG(s, l, v) \
	{ OPTION_FLAG, (s), (l), (1 ? (v) : (int *)0), NULL, NULL, 0, 0, NULL, NULL, OPTION_HIDDEN }
#define OPT_HIDDEN_CALLBACK(l, v, cb) { OPTION_CALLBACK, 0, (l), (void *)(v), NULL, NULL, 0, 0, \
					(cb), NULL, OPTION_HIDDEN }

/*
 * Parses argv[1..argc) against opts, acting on each option in the order
 * given. The other words (and every word after the first "--") are moved
 * to argv[0..n), in order; returns n. On the first problem returns -1
 * with a message in err: "unknown option '--frob'", "option '--seed'
 * needs a value", "option '--fresh' takes no value", "option '--re' is
 * ambiguous (--referee, --results)", "--jobs 'x' is not a number from 1
 * to 1024", or a callback's.
 */
int options_parse(const struct option_spec *opts, int argc, char **argv, char *err, size_t len);

/*
 * Appends the option list of --help: each group's title, then each
 * visible option as "  -q, --quiet    help", the help wrapped to 78
 * columns in a column wide enough for the table's names (at most 24;
 * a longer name puts its help on the next line).
 */
void options_usage(struct strbuf *out, const struct option_spec *opts);

/*
 * Appends the docs' option list in Markdown: per group a table with the
 * columns "option" and "meaning" ("`-q`, `--quiet`" and the help), after
 * the group's title in italics; a table of one group is one table, with
 * no title (the docs around it name it).
 */
void options_markdown(struct strbuf *out, const struct option_spec *opts);

/*
 * What an option such as --help or --version does: writes text (which
 * it releases) to standard output and exits 0. When it cannot be
 * written (a full disk, a closed descriptor) says "PROG: cannot write
 * standard output: ERROR" on stderr and exits 1, so that a script never
 * takes a lost --help for a printed one.
 */
#ifdef __GNUC__
__attribute__((noreturn))
#endif
void options_print_exit(const char *prog, struct strbuf *text);

/* --help: head, then options_usage() of opts, then tail; options_print_exit(). */
#ifdef __GNUC__
__attribute__((noreturn))
#endif
void options_print_help(const char *prog, const char *head, const struct option_spec *opts,
			const char *tail);

/* --help-markdown: options_markdown() of opts; options_print_exit(). */
#ifdef __GNUC__
__attribute__((noreturn))
#endif
void options_print_markdown(const char *prog, const struct option_spec *opts);

#endif
