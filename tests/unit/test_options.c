/*
 * test_options.c - the option table (common/options.h): parsing in GNU
 * style, each message naming the option, and --help and the docs' list
 * printed from the table.
 */
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "testhelp.h"
#include "util.h"

struct opts {
	const char *results;
	long jobs;
	int quiet, verbose, fresh, hidden;
	const char *last_tag;
	int tags;
};

static struct opts o;

static int tag_cb(const struct option_spec *opt, const char *arg, char *err, size_t len)
{
	struct opts *t = opt->value;

	if (!strcmp(arg, "bad")) {
		snprintf(err, len, "--tag '%s' is not a tag", arg);
		return -1;
	}
	t->last_tag = arg;
	t->tags++;
	return 0;
}

static void more_lines(struct strbuf *out, int indent, int width)
{
	(void)width;
	strbuf_addf(out, "%*sKEY: one, two\n", indent, "");
}

static const struct option_spec table[] = {
	OPT_GROUP("options:"),
	OPT_STRING(0, "results", &o.results, "DIR", "results directory"),
	OPT_LONG('j', "jobs", &o.jobs, "N", 1, 1024, "games at once"),
	OPT_FLAG(0, "fresh", &o.fresh, "start over"),
	OPT_FLAG('q', "quiet", &o.quiet, "no progress line"),
	OPT_FLAG('v', "verbose", &o.verbose, "every game"),
	OPT_GROUP("other:"),
	OPT_CALLBACK_MORE(0, "tag", &o, "T", tag_cb,
			  "a tag, repeatable; the help of this option is long enough to be "
			  "wrapped onto a second line", more_lines),
	OPT_HIDDEN_FLAG(0, "secret", &o.hidden),
	OPT_END(),
};

/* Parses the words of line (at most 16) into o; the return of options_parse(). */
static int parse(const char *line, char **words, char *err, size_t len)
{
	static char buf[512];
	int argc = 0;

	memset(&o, 0, sizeof(o));
	snprintf(buf, sizeof(buf), "prog %s", line);
	for (char *p = buf; *p && argc < 16;) {
		words[argc++] = p;
		p += strcspn(p, " ");
		if (*p)
			*p++ = '\0';
	}
	err[0] = '\0';
	return options_parse(table, argc, words, err, len);
}

static void test_gnu_style(void)
{
	char *w[17], err[256];

	/* options anywhere, both value forms, words kept in order */
	CHECK_INT(parse("a.ini --jobs 4 b --results=out -q c", w, err, sizeof(err)), 3);
	CHECK_STR(w[0], "a.ini");
	CHECK_STR(w[1], "b");
	CHECK_STR(w[2], "c");
	CHECK(w[3] == NULL);
	CHECK_INT(o.jobs, 4);
	CHECK_STR(o.results, "out");
	CHECK_INT(o.quiet, 1);
	CHECK_INT(o.verbose, 0);
	/* bundled short flags, a short option's value attached or apart */
	CHECK_INT(parse("-qvj7 x", w, err, sizeof(err)), 1);
	CHECK_INT(o.quiet + o.verbose, 2);
	CHECK_INT(o.jobs, 7);
	CHECK_INT(parse("-j 9", w, err, sizeof(err)), 0);
	CHECK_INT(o.jobs, 9);
	/* a unique prefix; "--" ends the options */
	CHECK_INT(parse("--fr --res d -- --jobs -q", w, err, sizeof(err)), 2);
	CHECK_INT(o.fresh, 1);
	CHECK_STR(o.results, "d");
	CHECK_STR(w[0], "--jobs");
	CHECK_STR(w[1], "-q");
	CHECK_INT(o.jobs, 0);
	/* a value that starts with '-' is taken (as getopt does); "-" is a word */
	CHECK_INT(parse("--results -x -", w, err, sizeof(err)), 1);
	CHECK_STR(o.results, "-x");
	CHECK_STR(w[0], "-");
	/* callbacks, repeated; a hidden option is parsed */
	CHECK_INT(parse("--tag a --tag=b --secret", w, err, sizeof(err)), 0);
	CHECK_INT(o.tags, 2);
	CHECK_STR(o.last_tag, "b");
	CHECK_INT(o.hidden, 1);
}

static void test_errors(void)
{
	char *w[17], err[256];

	CHECK_INT(parse("--jobs x", w, err, sizeof(err)), -1);
	CHECK_STR(err, "--jobs 'x' is not a number from 1 to 1024");
	CHECK_INT(parse("-j 0", w, err, sizeof(err)), -1);
	CHECK_STR(err, "--jobs '0' is not a number from 1 to 1024");
	CHECK_INT(parse("--jobs=1025", w, err, sizeof(err)), -1);
	CHECK_STR(err, "--jobs '1025' is not a number from 1 to 1024");
	CHECK_INT(parse("a --frobnicate", w, err, sizeof(err)), -1);
	CHECK_STR(err, "unknown option '--frobnicate'");
	CHECK_INT(parse("--frob=1", w, err, sizeof(err)), -1);
	CHECK_STR(err, "unknown option '--frob'");
	CHECK_INT(parse("-qx", w, err, sizeof(err)), -1);
	CHECK_STR(err, "unknown option '-x'");
	CHECK_INT(parse("--results", w, err, sizeof(err)), -1);
	CHECK_STR(err, "option '--results' needs a value");
	CHECK_INT(parse("-j", w, err, sizeof(err)), -1);
	CHECK_STR(err, "option '-j' needs a value");
	CHECK_INT(parse("--fresh=yes", w, err, sizeof(err)), -1);
	CHECK_STR(err, "option '--fresh' takes no value");
	CHECK_INT(parse("--re x", w, err, sizeof(err)), 0); /* --results: the only one */
	CHECK_STR(o.results, "x");
	CHECK_INT(parse("--f", w, err, sizeof(err)), 0); /* --fresh: the only one */
	CHECK_INT(parse("--tag bad", w, err, sizeof(err)), -1);
	CHECK_STR(err, "--tag 'bad' is not a tag");
	/* "--" alone is the end of the options, not an unknown one */
	CHECK_INT(parse("--", w, err, sizeof(err)), 0);
}

static void test_ambiguous(void)
{
	static int a, b;
	static const struct option_spec two[] = {
		OPT_FLAG(0, "referee", &a, "x"),
		OPT_FLAG(0, "results", &b, "y"),
		OPT_FLAG(0, "re", &b, "z"),
		OPT_END(),
	};
	char *w[] = { "prog", "--res", NULL }, err[128];

	CHECK_INT(options_parse(two, 2, w, err, sizeof(err)), 0);
	CHECK_INT(b, 1);
	w[1] = "--r";
	CHECK_INT(options_parse(two, 2, w, err, sizeof(err)), -1);
	CHECK_STR(err, "option '--r' is ambiguous (--referee, --results, --re)");
	w[1] = "--re"; /* an exact name wins over the names it begins */
	a = b = 0;
	CHECK_INT(options_parse(two, 2, w, err, sizeof(err)), 0);
	CHECK_INT(a, 0);
	CHECK_INT(b, 1);
}

static void test_usage(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	/* the names' column: 2 + the widest, "--results DIR" (13), + 2 */
	options_usage(&sb, table);
	CHECK_STR(sb.buf,
		  "options:\n"
		  "  --results DIR  results directory\n"
		  "  -j, --jobs N   games at once\n"
		  "  --fresh        start over\n"
		  "  -q, --quiet    no progress line\n"
		  "  -v, --verbose  every game\n"
		  "other:\n"
		  "  --tag T        a tag, repeatable; the help of this option is long enough to\n"
		  "                 be wrapped onto a second line\n"
		  "                 KEY: one, two\n");
	strbuf_release(&sb);
}

static void test_markdown(void)
{
	struct strbuf sb = STRBUF_INIT;
	static int x;
	static const struct option_spec pipe[] = {
		OPT_GROUP("options:"), /* the only group: no title */
		OPT_FLAG(0, "partners", &x, "house | copies"),
		OPT_END(),
	};

	strbuf_init(&sb);
	options_markdown(&sb, table);
	CHECK_STR(sb.buf,
		  "*options*\n\n"
		  "| option | meaning |\n|---|---|\n"
		  "| `--results DIR` | results directory |\n"
		  "| `-j`, `--jobs N` | games at once |\n"
		  "| `--fresh` | start over |\n"
		  "| `-q`, `--quiet` | no progress line |\n"
		  "| `-v`, `--verbose` | every game |\n"
		  "\n*other*\n\n"
		  "| option | meaning |\n|---|---|\n"
		  "| `--tag T` | a tag, repeatable; the help of this option is long enough to be "
		  "wrapped onto a second line KEY: one, two |\n");
	strbuf_reset(&sb);
	options_markdown(&sb, pipe);
	CHECK_STR(sb.buf, "| option | meaning |\n|---|---|\n| `--partners` | house \\| copies |\n");
	strbuf_release(&sb);
}

int main(void)
{
	RUN(test_gnu_style);
	RUN(test_errors);
	RUN(test_ambiguous);
	RUN(test_usage);
	RUN(test_markdown);
	return TEST_REPORT();
}
