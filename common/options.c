/*
 * options.c - the option table's three readers: the command-line parser,
 * the --help list and the docs' Markdown list (options.h).
 *
 * One table per program keeps the three in step: an option added to the
 * table is parsed, shown by --help and listed in the docs (where a test
 * checks that the docs' copy is up to date), and no getopt loop or usage
 * text kept by hand can drift from it.
 */
#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define USAGE_WIDTH 78
/* the widest "-q, --quiet ARG" that keeps its help on the same line */
#define USAGE_NAMES_MAX 24

static int takes_value(const struct option_spec *o)
{
	return o->type == OPTION_LONG || o->type == OPTION_STRING ||
	       (o->type == OPTION_CALLBACK && o->argh);
}

static int is_option(const struct option_spec *o)
{
	return o->type != OPTION_GROUP && o->type != OPTION_END;
}

/* How messages name an option: "--long", else "-s". */
static void option_name(const struct option_spec *o, char *buf, size_t len)
{
	if (o->long_name)
		snprintf(buf, len, "--%s", o->long_name);
	else
		snprintf(buf, len, "-%c", o->short_name);
}

/* Does what opt says with arg (NULL for an option without a value). 0, or -1 with err. */
static int apply(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	char name[64];

	switch (opt->type) {
	case OPTION_FLAG:
		*(int *)opt->value = 1;
		return 0;
	case OPTION_LONG:
		if (parse_long(arg, opt->min, opt->max, (long *)opt->value) < 0) {
			option_name(opt, name, sizeof(name));
			snprintf(err, len, "%s '%s' is not a number from %ld to %ld", name, arg,
				 opt->min, opt->max);
			return -1;
		}
		return 0;
	case OPTION_STRING:
		*(const char **)opt->value = arg;
		return 0;
	case OPTION_CALLBACK:
		return opt->callback(opt, arg, err, len);
	default:
		return 0;
	}
}

/*
 * The entry of the long option "name" (namelen bytes of it): an exact
 * match, else the one option it is a prefix of. NULL with err when none
 * or several.
 */
static const struct option_spec *find_long(const struct option_spec *opts, const char *name,
					   size_t namelen, char *err, size_t len)
{
	const struct option_spec *found = NULL;
	struct strbuf names = STRBUF_INIT;
	int n = 0;

	for (const struct option_spec *o = opts; o->type != OPTION_END; o++)
		if (is_option(o) && o->long_name && strlen(o->long_name) == namelen &&
		    !strncmp(o->long_name, name, namelen))
			return o;
	strbuf_init(&names);
	for (const struct option_spec *o = opts; o->type != OPTION_END; o++)
		if (is_option(o) && o->long_name && namelen && !strncmp(o->long_name, name, namelen)) {
			strbuf_addf(&names, "%s--%s", n++ ? ", " : "", o->long_name);
			found = o;
		}
	if (n == 0)
		snprintf(err, len, "unknown option '--%.*s'", (int)namelen, name);
	else if (n > 1)
		snprintf(err, len, "option '--%.*s' is ambiguous (%s)", (int)namelen, name,
			 names.buf);
	strbuf_release(&names);
	return n == 1 ? found : NULL;
}

/* "--name", "--name=value" or "--name value" at argv[*i]. 0, or -1 with err. */
static int parse_long_option(const struct option_spec *opts, int argc, char **argv, int *i,
			     char *err, size_t len)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t namelen = eq ? (size_t)(eq - name) : strlen(name);
	const struct option_spec *o = find_long(opts, name, namelen, err, len);

	if (!o)
		return -1;
	if (!takes_value(o)) {
		if (eq) {
			snprintf(err, len, "option '--%s' takes no value", o->long_name);
			return -1;
		}
		return apply(o, NULL, err, len);
	}
	if (eq)
		return apply(o, eq + 1, err, len);
	if (*i + 1 >= argc) {
		snprintf(err, len, "option '--%s' needs a value", o->long_name);
		return -1;
	}
	return apply(o, argv[++*i], err, len);
}

/* "-q", "-qv", "-j4" or "-j 4" at argv[*i]. 0, or -1 with err. */
static int parse_short_options(const struct option_spec *opts, int argc, char **argv, int *i,
			       char *err, size_t len)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const struct option_spec *o = opts;

		while (o->type != OPTION_END && !(is_option(o) && o->short_name == *p))
			o++;
		if (o->type == OPTION_END) {
			snprintf(err, len, "unknown option '-%c'", *p);
			return -1;
		}
		if (!takes_value(o)) {
			if (apply(o, NULL, err, len) < 0)
				return -1;
			continue;
		}
		if (p[1])
			return apply(o, p + 1, err, len);
		if (*i + 1 >= argc) {
			snprintf(err, len, "option '-%c' needs a value", *p);
			return -1;
		}
		return apply(o, argv[++*i], err, len);
	}
	return 0;
}

int options_parse(const struct option_spec *opts, int argc, char **argv, char *err, size_t len)
{
	int n = 0, i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r = 0;

		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] == '-' && a[1] == '-')
			r = parse_long_option(opts, argc, argv, &i, err, len);
		else if (a[0] == '-' && a[1])
			r = parse_short_options(opts, argc, argv, &i, err, len);
		else
			argv[n++] = argv[i]; /* n < i: a word already read */
		if (r < 0)
			return -1;
	}
	for (; i < argc; i++)
		argv[n++] = argv[i];
	if (n < argc)
		argv[n] = NULL;
	return n;
}

/* "-q, --quiet ARG" as --help shows it. */
static void usage_names(struct strbuf *sb, const struct option_spec *o)
{
	if (o->short_name)
		strbuf_addf(sb, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		strbuf_addstr(sb, ", ");
	if (o->long_name)
		strbuf_addf(sb, "--%s", o->long_name);
	if (o->argh)
		strbuf_addf(sb, " %s", o->argh);
}

static int visible(const struct option_spec *o)
{
	return is_option(o) && !(o->flags & OPTION_HIDDEN);
}

/* Appends text wrapped to USAGE_WIDTH, its first line already at column col. */
static void wrap(struct strbuf *out, const char *text, size_t col)
{
	size_t at = col;

	while (*text) {
		size_t w = strcspn(text, " ");

		if (at > col && at + 1 + w > USAGE_WIDTH) {
			strbuf_addf(out, "\n%*s", (int)col, "");
			at = col;
		} else if (at > col) {
			strbuf_addch(out, ' ');
			at++;
		}
		strbuf_add(out, text, w);
		at += w;
		text += w;
		text += strspn(text, " ");
	}
	strbuf_addch(out, '\n');
}

void options_usage(struct strbuf *out, const struct option_spec *opts)
{
	struct strbuf names = STRBUF_INIT;
	size_t widest = 0, col;

	strbuf_init(&names);
	for (const struct option_spec *o = opts; o->type != OPTION_END; o++) {
		if (!visible(o))
			continue;
		strbuf_reset(&names);
		usage_names(&names, o);
		if (names.len <= USAGE_NAMES_MAX && names.len > widest)
			widest = names.len;
	}
	col = 2 + widest + 2;
	for (const struct option_spec *o = opts; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP) {
			strbuf_addf(out, "%s\n", o->help);
			continue;
		}
		if (!visible(o))
			continue;
		strbuf_reset(&names);
		usage_names(&names, o);
		if (names.len > widest)
			strbuf_addf(out, "  %s\n%*s", names.buf, (int)col, "");
		else
			strbuf_addf(out, "  %-*s", (int)(col - 2), names.buf);
		wrap(out, o->help ? o->help : "", col);
		if (o->help_more)
			o->help_more(out, (int)col, USAGE_WIDTH);
	}
	strbuf_release(&names);
}

/* Appends s with '|' escaped for a Markdown table cell. */
static void add_cell(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			strbuf_addch(out, '\\');
		strbuf_addch(out, *s == '\n' ? ' ' : *s);
	}
}

/* One table row: "| `-q`, `--quiet ARG` | help |". */
static void markdown_row(struct strbuf *out, const struct option_spec *o)
{
	struct strbuf more = STRBUF_INIT;
	const char *m;

	strbuf_addstr(out, "| ");
	if (o->short_name)
		strbuf_addf(out, "`-%c`%s", o->short_name, o->long_name ? ", " : "");
	if (o->long_name)
		strbuf_addf(out, "`--%s%s%s`", o->long_name, o->argh ? " " : "",
			    o->argh ? o->argh : "");
	else if (o->argh)
		strbuf_addf(out, " `%s`", o->argh);
	strbuf_addstr(out, " | ");
	add_cell(out, o->help ? o->help : "");
	if (o->help_more) {
		/* the extra lines as one paragraph: its words, single-spaced */
		strbuf_init(&more);
		o->help_more(&more, 0, 1 << 20);
		for (m = more.buf; *m; ) {
			size_t w;

			m += strspn(m, " \n");
			w = strcspn(m, " \n");
			if (!w)
				break;
			strbuf_addch(out, ' ');
			strbuf_add(out, m, w);
			m += w;
		}
		strbuf_release(&more);
	}
	strbuf_addstr(out, " |\n");
}

void options_markdown(struct strbuf *out, const struct option_spec *opts)
{
	int in_table = 0, groups = 0, ngroups = 0;

	for (const struct option_spec *o = opts; o->type != OPTION_END; o++)
		ngroups += o->type == OPTION_GROUP;
	for (const struct option_spec *o = opts; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP && ngroups == 1)
			continue; /* one table: the docs around it name it */
		if (o->type == OPTION_GROUP) {
			size_t n = strlen(o->help);

			if (n && o->help[n - 1] == ':')
				n--;
			strbuf_addf(out, "%s*%.*s*\n\n", groups++ || in_table ? "\n" : "", (int)n,
				    o->help);
			in_table = 0;
			continue;
		}
		if (!visible(o))
			continue;
		if (!in_table)
			strbuf_addstr(out, "| option | meaning |\n|---|---|\n");
		in_table = 1;
		markdown_row(out, o);
	}
}

/*
 * Writes text to standard output and releases it; exits 0, or 1 with a
 * message when the text could not be written.
 */
#ifdef __GNUC__
__attribute__((noreturn))
#endif
static void print_exit(const char *prog, struct strbuf *text)
{
	int e = 0;

	/* a write to a full disk fails at the flush, a long text's already at fputs() */
	errno = 0;
	if (fputs(text->buf, stdout) == EOF || fflush(stdout) == EOF || ferror(stdout))
		e = errno ? errno : EIO;
	strbuf_release(text);
	if (e) {
		message_printf(stderr, prog, "cannot write standard output: %s", strerror(e));
		exit(1);
	}
	exit(0);
}

void options_print_exit(const char *prog, struct strbuf *text)
{
	print_exit(prog, text);
}

void options_print_help(const char *prog, const char *head, const struct option_spec *opts,
			const char *tail)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_addstr(&sb, head);
	options_usage(&sb, opts);
	strbuf_addstr(&sb, tail);
	print_exit(prog, &sb);
}

void options_print_markdown(const char *prog, const struct option_spec *opts)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	options_markdown(&sb, opts);
	print_exit(prog, &sb);
}
