/*
 * seat.c - SEAT texts (see seat.h).
 */
#include "seat.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "util.h"

int seat_is_builtin(const char *text)
{
	return text[0] == '@';
}

int seat_takes_seed(const char *text)
{
	return !seat_is_builtin(text) || !strcmp(text, "@random") || !strcmp(text, "@search") ||
	       !strncmp(text, "@search:", 8);
}

int seat_is_script(const char *text)
{
	return !strcmp(text, "@script") || !strncmp(text, "@script:", 8);
}

/*
 * Splits a command line into words: blanks separate words, single quotes
 * keep everything literally, double quotes keep blanks, a backslash
 * escapes the next character. No variables, globs or redirections.
 */
static int split_words(const char *s, struct strbuf *words, int max, int *n,
		       char *err, size_t len)
{
	*n = 0;
	while (*s) {
		struct strbuf *w;
		char q = 0;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (*n == max) {
			snprintf(err, len, "command has more than %d words", max);
			return -1;
		}
		w = &words[(*n)++];
		strbuf_init(w);
		for (; *s && (q || (*s != ' ' && *s != '\t')); s++) {
			if (q == '\'' && *s == '\'') {
				q = 0;
			} else if (q == '\'') {
				strbuf_addch(w, *s);
			} else if (*s == '\\' && s[1]) {
				strbuf_addch(w, *++s);
			} else if (*s == '"') {
				q = q ? 0 : '"';
			} else if (*s == '\'' && !q) {
				q = '\'';
			} else {
				strbuf_addch(w, *s);
			}
		}
		if (q) {
			snprintf(err, len, "unterminated %c quote in command", q);
			return -1;
		}
	}
	if (!*n) {
		snprintf(err, len, "empty command");
		return -1;
	}
	return 0;
}

/* path as seen from directory base (NULL: the current directory), in a strbuf. */
static void in_dir(const char *base, const char *path, struct strbuf *out)
{
	strbuf_reset(out);
	if (base && path[0] != '/')
		strbuf_addf(out, "%s/", base);
	strbuf_addstr(out, path);
}

/* An absolute version of a path that exists relative to base (or the current directory). */
static char *absolute(const char *base, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char *r;

	strbuf_init(&sb);
	in_dir(base, path, &sb);
	r = realpath(sb.buf, NULL);
	if (!r)
		r = strbuf_detach(&sb);
	strbuf_release(&sb);
	return r;
}

/*
 * The same, with only the directory resolved: the last part stays as it
 * is, so a program that is a link is still started by its own name (and
 * the sandbox shows the link's directory, not where it leads).
 */
static char *absolute_dir_of(const char *base, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char *r;

	strbuf_init(&sb);
	in_dir(base, path, &sb);
	r = path_resolve_dir(sb.buf);
	strbuf_release(&sb);
	return r;
}

/*
 * The argv for a SEAT: a directory runs its "run"; otherwise the words of
 * the command, with the program and any argument naming an existing file
 * made absolute (the bot runs in its scratch directory).
 */
static int make_argv(struct seat *p, const char *text, const char *base, char *err, size_t len)
{
	struct strbuf words[64], where = STRBUF_INIT;
	struct stat st;
	int n = 0;

	strbuf_init(&where);
	in_dir(base, text, &where);
	if (stat(where.buf, &st) == 0 && S_ISDIR(st.st_mode)) {
		struct strbuf run = STRBUF_INIT;

		strbuf_init(&run);
		strbuf_addf(&run, "%s/run", where.buf);
		strbuf_release(&where);
		if (access(run.buf, X_OK) != 0) {
			snprintf(err, len, "'%s' is a directory without an executable 'run' file",
				 text);
			strbuf_release(&run);
			return -1;
		}
		p->argv = xcalloc(2, sizeof(char *));
		p->argv[0] = absolute_dir_of(NULL, run.buf);
		p->argc = 1;
		p->dir = absolute(base, text);
		strbuf_release(&run);
		return 0;
	}
	if (split_words(text, words, 64, &n, err, len) < 0) {
		for (int i = 0; i < n; i++)
			strbuf_release(&words[i]);
		strbuf_release(&where);
		return -1;
	}
	p->argv = xcalloc((size_t)n + 1, sizeof(char *));
	p->argc = n;
	if (base)
		p->dir = absolute(NULL, base);
	for (int i = 0; i < n; i++) {
		const char *w = words[i].buf;
		int as_path;

		in_dir(base, w, &where);
		as_path = i == 0 ? strchr(w, '/') != NULL
				 : w[0] != '-' && w[0] != '/' && access(where.buf, F_OK) == 0;
		p->argv[i] = !as_path || w[0] == '/' ? xstrdup(w)
			     : i == 0		       ? absolute_dir_of(base, w)
						       : absolute(base, w);
		strbuf_release(&words[i]);
	}
	strbuf_release(&where);
	return 0;
}

int seat_parse(struct seat *s, const char *text, const char *dir, char *err, size_t len)
{
	memset(s, 0, sizeof(*s));
	if (!strcmp(text, "@random")) {
		s->kind = SEAT_RANDOM;
		return 0;
	}
	if (!strcmp(text, "@greedy")) {
		s->kind = SEAT_GREEDY;
		return 0;
	}
	if (!strncmp(text, "@search", 7) && (!text[7] || text[7] == ':')) {
		char *end;
		long n = 0;

		if (text[7]) {
			errno = 0;
			n = strtol(text + 8, &end, 10);
			if (errno || end == text + 8 || *end || n < 1 || n > SEAT_SEARCH_MAX) {
				snprintf(err, len, "'%s': the effort of @search:N is a number of "
					 "deals from 1 to %d", text, SEAT_SEARCH_MAX);
				return -1;
			}
		}
		s->kind = SEAT_SEARCH;
		s->effort = (int)n;
		return 0;
	}
	if (seat_is_script(text)) {
		s->kind = SEAT_SCRIPT;
		s->script = xstrdup(text[7] ? text + 8 : "");
		return 0;
	}
	if (!strcmp(text, "@human")) {
		s->kind = SEAT_HUMAN;
		return 0;
	}
	if (seat_is_builtin(text)) {
		snprintf(err, len, "unknown built-in player '%s' (known: @random, @greedy, "
			 "@search, @search:N, @script:MOVES, @human)", text);
		return -1;
	}
	s->kind = SEAT_PROGRAM;
	return make_argv(s, text, dir, err, len);
}

void seat_release(struct seat *s)
{
	for (int i = 0; i < s->argc; i++)
		free(s->argv[i]);
	free(s->argv);
	free(s->dir);
	free(s->script);
	memset(s, 0, sizeof(*s));
}

int seat_check_program(const char *prog, char *why, size_t len)
{
	struct stat st;

	if (!strchr(prog, '/')) {
		const char *d = SEAT_PATH;

		while (*d) {
			size_t n = strcspn(d, ":");
			char path[PATH_MAX];

			snprintf(path, sizeof(path), "%.*s/%s", (int)n, d, prog);
			if (path_is_executable(path))
				return 0;
			d += n + (d[n] == ':');
		}
		snprintf(why, len, "no program '%s' in the bots' PATH, %s", prog, SEAT_PATH);
		return -1;
	}
	if (stat(prog, &st) < 0) {
		snprintf(why, len, "cannot run '%s': %s", prog, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(why, len, "'%s' is a directory, not a program", prog);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, len, "'%s' is not a regular file", prog);
		return -1;
	}
	if (!(st.st_mode & 0111) || access(prog, X_OK) < 0) {
		snprintf(why, len, "'%s' is not executable (fix: chmod +x %s)", prog, prog);
		return -1;
	}
	return 0;
}


/* Is path (canonical) inside dir (canonical) or a system directory? */
static int allowed_place(const char *path, const char *dir)
{
	static const char *const sys[] = { "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
					   "/libx32", "/etc" };
	if (path_inside(path, dir))
		return 1;
	for (size_t i = 0; i < sizeof(sys) / sizeof(sys[0]); i++)
		if (path_inside(path, sys[i]))
			return 1;
	return 0;
}

int seat_check_inside(const struct seat *s, const char *dir, char *why, size_t len)
{
	char *own = realpath(dir, NULL);
	int ret = 0;

	for (int i = 0; own && !ret && i < s->argc; i++) {
		const char *w = s->argv[i];
		char *real;

		if (w[0] != '/' || (i == 0 && !strchr(w, '/')))
			continue;
		real = realpath(w, NULL);
		if (real && !allowed_place(real, own)) {
			snprintf(why, len, "'%s' leads outside the submission, to '%s'", w, real);
			ret = -1;
		}
		free(real);
	}
	free(own);
	return ret;
}

/* One walk of seat_check_tree(): what it found wrong goes to why, once. */
static struct {
	const char *own;
	char *why;
	size_t len;
	long left;
} tree;

static int tree_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *real;

	(void)st;
	(void)ftw;
	if (--tree.left < 0) {
		snprintf(tree.why, tree.len, "'%s' holds more than %d files", tree.own,
			 SEAT_TREE_MAX);
		return 1;
	}
	if (flag == FTW_DNR || flag == FTW_NS) {
		snprintf(tree.why, tree.len, "cannot look into '%s'", path);
		return 1;
	}
	if (flag != FTW_SL)
		return 0;
	real = realpath(path, NULL);
	if (!real) {
		char to[PATH_MAX];
		ssize_t n = readlink(path, to, sizeof(to) - 1);

		to[n > 0 ? n : 0] = '\0';
		snprintf(tree.why, tree.len, "'%s' is a link to '%s', which leads nowhere", path,
			 to);
		return 1;
	}
	if (!allowed_place(real, tree.own)) {
		snprintf(tree.why, tree.len, "'%s' is a link to '%s'", path, real);
		free(real);
		return 1;
	}
	free(real);
	return 0;
}

int seat_check_tree(const char *dir, char *why, size_t len)
{
	struct stat st;
	char *own;
	int got;

	if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(why, len, "'%s' is not a directory", dir);
		return -1;
	}
	own = realpath(dir, NULL);
	if (!own) {
		snprintf(why, len, "cannot find '%s': %s", dir, strerror(errno));
		return -1;
	}
	tree.own = own;
	tree.why = why;
	tree.len = len;
	tree.left = SEAT_TREE_MAX;
	got = nftw(own, tree_entry, 16, FTW_PHYS);
	if (got < 0)
		snprintf(why, len, "cannot look into '%s': %s", own, strerror(errno));
	free(own);
	return got ? -1 : 0;
}

int seat_check_files(const struct seat *s, char *why, size_t len)
{
	struct stat st;

	if (s->kind != SEAT_PROGRAM)
		return 0;
	if (seat_check_program(s->argv[0], why, len) < 0)
		return -1;
	for (int i = 1; i < s->argc; i++)
		if (s->argv[i][0] == '/' && stat(s->argv[i], &st) < 0) {
			snprintf(why, len, "no file '%s' (argument %d of the command): %s",
				 s->argv[i], i, strerror(errno));
			return -1;
		}
	return 0;
}
