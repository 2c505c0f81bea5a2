/*
 * plan_config.c - reading and checking the tournament INI file.
 *
 * inih does the parsing. It only hands us name=value pairs, so the stream
 * reader given to ini_parse_stream() counts lines (each reader call is one
 * line) and notes which lines are section headers; every pair is stored
 * with its line and checked once the whole file is read, because
 * [variant NAME] sections may come before or after the [arena] line that
 * lists them. Problems are collected, not stopped at, so a user fixes a
 * file in one go. Relative bot and submission paths are relative to the
 * config file's directory; the results directory, like --results, is
 * relative to the current directory.
 */
#include "plan_config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <ini.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_tree.h"
#include "path.h"
#include "seat.h"
#include "strvec.h"
#include "util.h"

#define MAX_ERRORS 30

/* config_valid_bot_name() in words, for every message that refuses a name */
#define BOT_NAME_RULE "1-32 letters, digits, '_', '.' or '-', starting with a letter or " \
	"digit, not ending in .log"
_Static_assert(BOT_NAME_MAX == 32, "BOT_NAME_RULE says 32");

/* One name = value pair as inih gave it, with the line it came from. */
struct kv {
	char *section;
	char *label;  /* how messages name the section: "[arena]", or "bot.ini" */
	char *key;
	char *value;
	int line;
	int used;
};

/* One message for the user; they are sorted by line before printing. */
struct problem {
	int line;  /* 0: about the whole file, after the numbered ones */
	int seq;   /* order found, to keep the sort stable */
	char *text;
};

/* A "[...]" line as the reader saw it. */
struct header {
	char *text;
	int line;
};

struct parse {
	const char *path; /* for messages, as the user gave it */
	int no_lines;     /* pairs given by a program (config_from_pairs()): no line to name */
	FILE *f;
	int lineno;
	int continuation; /* the current line starts with white space */
	int broken_header; /* since the last good header, a "[" line had no "]" */
	int named;         /* a pair came since the last good header (inih's prev_name) */
	struct kv *kv;
	int nkv;
	struct header *hdr;
	int nhdr;
	struct problem *errs;
	int nerrs;
};

#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static void fail(struct parse *p, int line, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	strbuf_init(&sb);
	if (line > 0 && !p->no_lines)
		strbuf_addf(&sb, "%s:%d: ", p->path, line);
	else
		strbuf_addf(&sb, "%s: ", p->path);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	p->errs = xrealloc(p->errs, (size_t)(p->nerrs + 1) * sizeof(*p->errs));
	p->errs[p->nerrs].line = line > 0 ? line : INT_MAX;
	p->errs[p->nerrs].seq = p->nerrs;
	p->errs[p->nerrs++].text = strbuf_detach(&sb);
}

/* Is s valid UTF-8 (so that it can go into a JSON results line as it is)? */
static int is_utf8(const char *s, size_t n)
{
	json_t *t = json_stringn(s, n);

	json_decref(t);
	return t != NULL;
}

static int cmp_problem(const void *a, const void *b)
{
	const struct problem *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq - y->seq;
}

/* All problems, sorted by line, one per line (at most MAX_ERRORS), into err. */
static void format_problems(struct parse *p, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	qsort(p->errs, (size_t)p->nerrs, sizeof(*p->errs), cmp_problem);
	for (int i = 0; i < p->nerrs && i < MAX_ERRORS; i++)
		strbuf_addf(&sb, "%s%s", i ? "\n" : "", p->errs[i].text);
	if (p->nerrs > MAX_ERRORS)
		strbuf_addf(&sb, "\n%s: %d more problems not shown", p->path,
			    p->nerrs - MAX_ERRORS);
	snprintf(err, len, "%s", sb.buf);
	strbuf_release(&sb);
}

/*
 * Where inih ends a header's name: at its "]", at an inline comment (a ';'
 * after a blank), or at the end of the line.
 */
static const char *header_end(const char *s)
{
	int was_space = 0;

	while (*s && *s != ']' && !(was_space && *s == ';')) {
		was_space = isspace((unsigned char)*s);
		s++;
	}
	return s;
}

/*
 * The ini_reader: one line per call, so p->lineno is the line of the pair
 * the handler is about to see. A line longer than inih's buffer is
 * reported and cut, keeping the count right.
 */
static char *read_line(char *str, int num, void *stream)
{
	struct parse *p = stream;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, p->f);
	const char *s;

	if (n < 0) {
		free(line);
		return NULL;
	}
	p->lineno++;
	/* a byte-order mark (Windows editors write one) is no part of the text */
	if (p->lineno == 1 && n >= 3 && !memcmp(line, "\xef\xbb\xbf", 3)) {
		memmove(line, line + 3, (size_t)n - 2);
		n -= 3;
	}
	if (n >= num - 1 && !(n == num - 2 && line[n - 1] == '\n')) {
		fail(p, p->lineno, "line too long (at most %d characters)", num - 3);
		n = num - 2;
		line[n] = '\0';
	}
	if (!is_utf8(line, (size_t)n))
		fail(p, p->lineno, "not valid UTF-8 (the results are JSON lines: names, commands "
		     "and paths must be UTF-8)");
	memcpy(str, line, (size_t)n + 1);
	p->continuation = n > 0 && isspace((unsigned char)line[0]) && line[0] != '\n';
	for (s = line; isspace((unsigned char)*s); s++)
		;
	/* a header where inih sees one: an indented line after a pair continues it */
	if (*s == '[' && !(s > line && p->named)) {
		const char *end = header_end(s + 1);

		/*
		 * Without its "]" it is inih's syntax error, and the pairs under
		 * it belong to no section: on_pair() drops them rather than
		 * blame the section above for them.
		 */
		p->broken_header = *end != ']';
		if (!p->broken_header) {
			p->hdr = xrealloc(p->hdr, (size_t)(p->nhdr + 1) * sizeof(*p->hdr));
			p->hdr[p->nhdr].text = xstrndup(s + 1, (size_t)(end - s - 1));
			p->hdr[p->nhdr++].line = p->lineno;
			p->named = 0;
		}
	}
	free(line);
	return str;
}

static int on_pair(void *user, const char *section, const char *name, const char *value)
{
	struct parse *p = user;
	struct kv *last = p->nkv ? &p->kv[p->nkv - 1] : NULL;

	p->named = name[0] != '\0'; /* inih's prev_name: an empty name is none */
	if (p->broken_header)
		return 1;
	/* inih's multi-line values: an indented line continues the key above */
	if (p->continuation && last && !strcmp(last->section, section) &&
	    !strcmp(last->key, name)) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%s %s", last->value, value);
		free(last->value);
		last->value = strbuf_detach(&sb);
		return 1;
	}
	p->kv = xrealloc(p->kv, (size_t)(p->nkv + 1) * sizeof(*p->kv));
	p->kv[p->nkv].section = xstrdup(section);
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "[%s]", section);
		p->kv[p->nkv].label = strbuf_detach(&sb);
	}
	p->kv[p->nkv].key = xstrdup(name);
	p->kv[p->nkv].value = xstrdup(value);
	p->kv[p->nkv].line = p->lineno;
	p->kv[p->nkv].used = 0;
	p->nkv++;
	return 1;
}

static void parse_release(struct parse *p)
{
	for (int i = 0; i < p->nkv; i++) {
		free(p->kv[i].section);
		free(p->kv[i].label);
		free(p->kv[i].key);
		free(p->kv[i].value);
	}
	free(p->kv);
	for (int i = 0; i < p->nhdr; i++)
		free(p->hdr[i].text);
	free(p->hdr);
	for (int i = 0; i < p->nerrs; i++)
		free(p->errs[i].text);
	free(p->errs);
}

/* Reads path into p. Returns -1 only when the file cannot be read. */
static int parse_file(struct parse *p, const char *path, char *err, size_t len)
{
	int ret;

	p->f = fopen(path, "r");
	if (!p->f) {
		snprintf(err, len, "cannot read config '%s': %s", path, strerror(errno));
		return -1;
	}
	ret = ini_parse_stream(read_line, p, on_pair, p);
	fclose(p->f);
	p->f = NULL;
	if (ret > 0)
		fail(p, ret, "syntax error (expected [section], key = value or a ; comment)");
	else if (ret < 0)
		fail(p, 0, "cannot parse (out of memory)");
	return 0;
}

/* Splits a section name into its kind ("bot", "variant", "arena") and the name after it. */
static const char *section_arg(const char *section, const char *kind)
{
	size_t n = strlen(kind);

	if (strncmp(section, kind, n) || (section[n] != ' ' && section[n] != '\t'))
		return NULL;
	section += n;
	return section + strspn(section, " \t");
}

int config_valid_bot_name(const char *name)
{
	size_t n = strlen(name);

	if (n < 1 || n > BOT_NAME_MAX)
		return 0;
	if (!((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') ||
	      (name[0] >= '0' && name[0] <= '9')))
		return 0;
	/* builds/NAME.log is NAME's build log: no bot may be called that */
	if (n >= 4 && !strcmp(name + n - 4, ".log"))
		return 0;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == n;
}

static int valid_variant_name(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= 32 && name[0] >= 'a' && name[0] <= 'z' &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

/* Value checkers: each reports "bad value" with what was expected and returns -1. */
static int get_long(struct parse *p, const struct kv *kv, long min, long max, long *out)
{
	if (parse_long(kv->value, min, max, out) == 0)
		return 0;
	fail(p, kv->line, "bad value '%s' for '%s' in %s (expected a number from %ld to %ld)",
	     kv->value, kv->key, kv->label, min, max);
	return -1;
}

static int get_bool(struct parse *p, const struct kv *kv, int *out)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };

	for (int i = 0; i < 4; i++) {
		if (!strcmp(kv->value, yes[i])) {
			*out = 1;
			return 0;
		}
		if (!strcmp(kv->value, no[i])) {
			*out = 0;
			return 0;
		}
	}
	fail(p, kv->line, "bad value '%s' for '%s' in %s (expected true or false)", kv->value,
	     kv->key, kv->label);
	return -1;
}

static int get_text(struct parse *p, const struct kv *kv, char **out)
{
	if (!kv->value[0]) {
		fail(p, kv->line, "empty value for '%s' in %s", kv->key, kv->label);
		return -1;
	}
	free(*out);
	*out = xstrdup(kv->value);
	return 0;
}


/* Reports keys given twice in one section (inih would silently keep both). */
static void check_duplicates(struct parse *p)
{
	for (int i = 0; i < p->nkv; i++) {
		int headers = 0;

		for (int h = 0; h < p->nhdr; h++)
			headers += !strcmp(p->hdr[h].text, p->kv[i].section);
		if (headers > 1)
			continue; /* reported as a duplicate section */
		for (int j = 0; j < i; j++)
			if (!strcmp(p->kv[i].section, p->kv[j].section) &&
			    !strcmp(p->kv[i].key, p->kv[j].key)) {
				fail(p, p->kv[i].line,
				     "duplicate key '%s' in [%s] (first set at line %d)", p->kv[i].key,
				     p->kv[i].section, p->kv[j].line);
				p->kv[i].used = 1;
				break;
			}
	}
}

/* Checks section headers: known kinds, valid names, no repeats. */
static void check_headers(struct parse *p)
{
	for (int i = 0; i < p->nhdr; i++) {
		const char *t = p->hdr[i].text, *arg;

		if (!strcmp(t, "arena") || !strcmp(t, "slurm")) {
			/* fine */
		} else if ((arg = section_arg(t, "bot"))) {
			if (!config_valid_bot_name(arg))
				fail(p, p->hdr[i].line, "bad bot name '%s' in [%s] (expected %s)", arg,
				     t, BOT_NAME_RULE);
		} else if ((arg = section_arg(t, "variant"))) {
			if (!valid_variant_name(arg))
				fail(p, p->hdr[i].line,
				     "bad variant name '%s' in [%s] (expected lowercase letters, "
				     "digits, '_' or '-')",
				     arg, t);
		} else {
			fail(p, p->hdr[i].line,
			     "unknown section [%s] (expected [arena], [slurm], [bot NAME] or [variant NAME])",
			     t);
			continue;
		}
		for (int j = 0; j < i; j++)
			if (!strcmp(p->hdr[j].text, t)) {
				fail(p, p->hdr[i].line, "duplicate section [%s] (first at line %d)", t,
				     p->hdr[j].line);
				break;
			}
	}
}

static int header_line(const struct parse *p, const char *section)
{
	for (int i = 0; i < p->nhdr; i++)
		if (!strcmp(p->hdr[i].text, section))
			return p->hdr[i].line;
	return 0;
}

static const struct kv *find_kv(struct parse *p, const char *section, const char *key)
{
	for (int i = 0; i < p->nkv; i++)
		if (!strcmp(p->kv[i].section, section) && !strcmp(p->kv[i].key, key))
			return &p->kv[i];
	return NULL;
}

/* 'partners' (house or copies) and 'house' (a built-in player) in [arena]. */
static void format_key(struct parse *p, struct config *c, const struct kv *kv)
{
	if (!strcmp(kv->key, "house")) {
		if (strcmp(kv->value, "@greedy") && strcmp(kv->value, "@random"))
			fail(p, kv->line, "bad value '%s' for 'house' in [arena] (expected a built-in "
			     "player: @greedy or @random)", kv->value);
		else
			get_text(p, kv, &c->house.seat);
	} else if (!strcmp(kv->value, "house") || !strcmp(kv->value, "copies")) {
		c->partners = !strcmp(kv->value, "copies") ? PARTNERS_COPIES : PARTNERS_HOUSE;
	} else {
		fail(p, kv->line, "bad value '%s' for 'partners' in [arena] (expected house or "
		     "copies)", kv->value);
	}
}

static void arena_key(struct parse *p, struct config *c, struct kv *kv, const struct kv **variants)
{
	static const struct {
		const char *name;
		long min, max;
		size_t offset;
	} ints[] = {
		{ "deals", 1, 1000000, offsetof(struct config, deals) },
		{ "jobs", 0, 1024, offsetof(struct config, jobs) },
		{ "startup_ms", 1, 3600000, offsetof(struct config, startup_ms) },
		{ "move_ms", 1, 3600000, offsetof(struct config, move_ms) },
		{ "bank_ms", 1, 86400000, offsetof(struct config, bank_ms) },
		{ "game_ms", 1, 1000000000, offsetof(struct config, game_ms) },
		{ "game_timeout_s", 0, 604800, offsetof(struct config, game_timeout_s) },
		{ "build_timeout_s", 1, 86400, offsetof(struct config, build_timeout_s) },
		{ "stderr_kb", 0, 1048576, offsetof(struct config, stderr_kb) },
		{ "match_games", 1, 1000, offsetof(struct config, match_games) },
	};
	static const struct {
		const char *name;
		size_t offset;
	} bools[] = {
		{ "cpu_time", offsetof(struct config, cpu_time) },
		{ "insecure", offsetof(struct config, insecure) },
		{ "keep_scratch", offsetof(struct config, keep_scratch) },
		{ "bot_logs", offsetof(struct config, bot_logs) },
		{ "cpu_affinity", offsetof(struct config, cpu_affinity) },
		{ "matches", offsetof(struct config, matches) },
	};
	const char *k = kv->key;
	int lk;

	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
		if (!strcmp(k, ints[i].name)) {
			get_long(p, kv, ints[i].min, ints[i].max,
				 (long *)((char *)c + ints[i].offset));
			if (!strcmp(k, "game_timeout_s"))
				c->game_timeout_line = kv->line;
			return;
		}
	for (size_t i = 0; i < sizeof(bools) / sizeof(bools[0]); i++)
		if (!strcmp(k, bools[i].name)) {
			get_bool(p, kv, (int *)((char *)c + bools[i].offset));
			return;
		}
	if ((lk = limit_find(k)) >= 0) {
		get_long(p, kv, 1, limit_def(lk)->max, &c->limits[lk]);
	} else if (!strcmp(k, "name")) {
		if (get_text(p, kv, &c->name) == 0 && strchr(c->name, '/'))
			fail(p, kv->line, "bad value '%s' for 'name' in [arena] (expected no '/')",
			     kv->value);
	} else if (!strcmp(k, "logs")) {
		if (!strcmp(kv->value, "all"))
			c->logs = LOGS_ALL;
		else if (!strcmp(kv->value, "faults"))
			c->logs = LOGS_FAULTS;
		else if (!strcmp(kv->value, "none"))
			c->logs = LOGS_NONE;
		else
			fail(p, kv->line, "bad value '%s' for 'logs' in [arena] (expected all, faults "
			     "or none)", kv->value);
	} else if (!strcmp(k, "partners") || !strcmp(k, "house")) {
		format_key(p, c, kv);
	} else if (!strcmp(k, "results")) {
		get_text(p, kv, &c->results);
	} else if (!strcmp(k, "referee")) {
		if (get_text(p, kv, &c->referee) == 0) {
			char *abs = path_join(c->dir, kv->value);

			free(c->referee);
			c->referee = abs;
			if (!path_is_executable(abs))
				fail(p, kv->line,
				     "bad value '%s' for 'referee' in [arena] (no executable file "
				     "'%s')", kv->value, abs);
		}
	} else if (!strcmp(k, "seed")) {
		unsigned long long s;

		if (parse_u64(kv->value, &s) < 0 || s > 0x7fffffffffffffffULL)
			fail(p, kv->line,
			     "bad value '%s' for 'seed' in [arena] (expected a number from 0 to "
			     "2^63-1)", kv->value);
		else {
			c->seed = s;
			c->seed_line = kv->line;
		}
	} else if (!strcmp(k, "variants")) {
		*variants = kv;
	} else if (!strcmp(k, "submissions")) {
		/* resolved, as a bot's 'dir': the seats name each submission canonically */
		char *abs = path_join(c->dir, kv->value);
		char *real = path_is_dir(abs) ? realpath(abs, NULL) : NULL;

		free(abs);
		if (!real) {
			fail(p, kv->line,
			     "bad value '%s' for 'submissions' in [arena] (no such directory)",
			     kv->value);
		} else {
			free(c->submissions);
			c->submissions = real;
		}
	} else {
		fail(p, kv->line, "unknown key '%s' in [arena]", k);
	}
}

/* Checks the keys of one [bot NAME] (or a submission's bot.ini) into b. */
static void bot_key(struct parse *p, struct config *c, struct entrant *b, const struct kv *kv,
		    const char **dir_rel)
{
	int lk = limit_find(kv->key);

	if (lk >= 0) {
		get_long(p, kv, 1, limit_def(lk)->max, &b->limits[lk]);
	} else if (!strcmp(kv->key, "command")) {
		if (get_text(p, kv, &b->seat) == 0 && seat_is_builtin(kv->value)) {
			struct seat st;
			char why[256];

			if (seat_parse(&st, kv->value, NULL, why, sizeof(why)) < 0)
				fail(p, kv->line, "bad value '%s' for 'command' in %s (%s)",
				     kv->value, kv->label, why);
			else if (st.kind == SEAT_SCRIPT)
				/* its moves would come from a deal file, which a tournament has not */
				fail(p, kv->line, "bad value '%s' for 'command' in %s (@script seats "
				     "are for teaching positions with the referee's --deal; a tournament "
				     "plays dealt games)", kv->value, kv->label);
			else if (st.kind == SEAT_HUMAN)
				fail(p, kv->line, "bad value '%s' for 'command' in %s (a person "
				     "plays only in bin/referee)", kv->value, kv->label);
			seat_release(&st);
			b->builtin = 1;
		}
	} else if (!strcmp(kv->key, "build")) {
		get_text(p, kv, &b->build);
	} else if (!strcmp(kv->key, "dir") && dir_rel) {
		char *abs = path_join(c->dir, kv->value);
		char *real = path_is_dir(abs) ? realpath(abs, NULL) : NULL;

		if (!real) {
			fail(p, kv->line, "bad value '%s' for 'dir' in %s (no such directory)",
			     kv->value, kv->label);
		} else {
			char why[PATH_MAX + 512];

			/* what the fingerprint cannot take whole (plan_tree.h) */
			if (tree_check(real, why, sizeof(why)) < 0)
				fail(p, kv->line, "bad value '%s' for 'dir' in %s (%s)", kv->value,
				     kv->label, why);
			free(b->dir);
			b->dir = real;
			*dir_rel = kv->value;
		}
		free(abs);
	} else {
		fail(p, kv->line, "unknown key '%s' in %s", kv->key, kv->label);
	}
}

/*
 * Asks the referee's own SEAT parser (seat.h) whether it can make a bot of the seat
 * text, and whether its program is there and executable; a bot with a
 * build command may make its program in the build, so its program is
 * checked after the build instead (arena/cmd_main.c).
 */
static void check_seat(struct parse *p, const struct entrant *b, const struct kv *kv)
{
	char why[PATH_MAX + 512];
	struct seat st;
	int bad = seat_parse(&st, b->seat, b->dir, why, sizeof(why)) < 0;

	if (!bad && !b->build)
		bad = seat_check_files(&st, why, sizeof(why)) < 0;
	seat_release(&st);
	if (!bad)
		return;
	if (kv)
		fail(p, kv->line, "bad value '%s' for 'command' in %s (%s)", kv->value, kv->label,
		     why);
	else
		fail(p, 0, "bot %s: %s", b->name, why);
}

/* A submission's SEAT (its directory, with 'run') leads nowhere outside it: 0, or -1 with why. */
static int seat_inside(const char *subdir, const char *name, char *why, size_t len)
{
	char w[PATH_MAX + 256];
	struct seat st;
	int ret = seat_parse(&st, subdir, NULL, w, sizeof(w));

	if (ret == 0 && st.kind == SEAT_PROGRAM)
		ret = seat_check_inside(&st, subdir, w, sizeof(w));
	if (ret < 0)
		snprintf(why, len, "bot %s: %s", name, w);
	seat_release(&st);
	return ret;
}

/* A submission names nothing outside itself (seat_check_inside()). */
static void check_inside(struct parse *p, const struct entrant *b)
{
	char why[PATH_MAX + 512];
	struct seat st;

	if (seat_parse(&st, b->seat, b->dir, why, sizeof(why)) == 0 && st.kind == SEAT_PROGRAM &&
	    seat_check_inside(&st, b->dir, why, sizeof(why)) < 0)
		fail(p, 0, "bot %s: %s", b->name, why);
	seat_release(&st);
}

enum run_state { RUN_OK, RUN_MISSING, RUN_NOT_EXECUTABLE };

/* Is dir/run an executable file? With RUN_NOT_EXECUTABLE, why says how to fix it. */
static enum run_state run_problem(const char *dir, char *why, size_t len)
{
	char *run = path_join(dir, "run");
	struct stat st;
	enum run_state ret = RUN_OK;

	why[0] = '\0';
	if (stat(run, &st) < 0 || !S_ISREG(st.st_mode)) {
		ret = RUN_MISSING;
	} else if (!path_is_executable(run)) {
		snprintf(why, len, "its 'run' file is not executable (fix: chmod +x %s)", run);
		ret = RUN_NOT_EXECUTABLE;
	}
	free(run);
	return ret;
}

static struct entrant *add_bot(struct config *c, const char *name, const char *origin)
{
	struct entrant *b;

	c->bots = xrealloc(c->bots, (size_t)(c->nbots + 1) * sizeof(*c->bots));
	b = &c->bots[c->nbots++];
	memset(b, 0, sizeof(*b));
	b->name = xstrdup(name);
	b->origin = xstrdup(origin);
	return b;
}

static void bot_release(struct entrant *b)
{
	free(b->name);
	free(b->seat);
	free(b->dir);
	free(b->build);
	free(b->origin);
}

static void load_bots(struct parse *p, struct config *c)
{
	for (int h = 0; h < p->nhdr; h++) {
		const char *name = section_arg(p->hdr[h].text, "bot");
		const char *dir_rel = NULL;
		struct entrant *b;
		char origin[PATH_MAX + 16];
		int dup = 0;

		if (!name || !config_valid_bot_name(name))
			continue;
		for (int i = 0; i < c->nbots; i++)
			dup |= !strcmp(c->bots[i].name, name);
		if (dup)
			continue; /* reported as a duplicate section */
		snprintf(origin, sizeof(origin), "%s:%d", p->path, p->hdr[h].line);
		b = add_bot(c, name, origin);
		for (int i = 0; i < p->nkv; i++) {
			struct kv *kv = &p->kv[i];

			if (kv->used || strcmp(kv->section, p->hdr[h].text))
				continue;
			kv->used = 1;
			bot_key(p, c, b, kv, &dir_rel);
		}
		if (b->seat && !b->builtin)
			check_seat(p, b, find_kv(p, p->hdr[h].text, "command"));
		if (!b->seat && !b->dir && !find_kv(p, p->hdr[h].text, "dir")) {
			fail(p, p->hdr[h].line, "missing 'command' or 'dir' in [bot %s]", name);
		} else if (!b->seat && b->dir) {
			char why[PATH_MAX + 64];
			enum run_state rs = run_problem(b->dir, why, sizeof(why));
			int line = find_kv(p, p->hdr[h].text, "dir")->line;

			/* with a build, 'run' may come out of it: checked after the build */
			if (rs == RUN_MISSING && !b->build)
				fail(p, line, "bad value '%s' for 'dir' in [bot %s] (no executable "
				     "'run' file in it; give 'command' too)", dir_rel, name);
			else if (rs == RUN_NOT_EXECUTABLE && !b->build)
				fail(p, line, "bad value '%s' for 'dir' in [bot %s] (%s)", dir_rel,
				     name, why);
			else
				b->seat = xstrdup(b->dir);
		}
	}
}

/*
 * One submission directory: a bot.ini manifest (command, build, limits)
 * or an executable run file. Problems reject this submission only.
 */
static void load_submission(struct config *c, const char *subdir, const char *name)
{
	char *manifest = path_join(subdir, "bot.ini");
	char why[PATH_MAX + 512];
	struct entrant *b = NULL;

	why[0] = '\0';
	if (!config_valid_bot_name(name)) {
		snprintf(why, sizeof(why), "bad bot name (expected %s)", BOT_NAME_RULE);
	} else {
		for (int i = 0; i < c->nbots; i++)
			if (!strcmp(c->bots[i].name, name))
				snprintf(why, sizeof(why), "a bot named '%s' is defined at %s", name,
					 c->bots[i].origin);
	}
	/* a tree the fingerprint cannot take whole could change unseen (plan_tree.h) */
	if (!why[0] && tree_check(subdir, why, sizeof(why)) < 0) {
		/* why says it */
	} else if (!why[0] && access(manifest, F_OK) == 0) {
		struct parse mp;
		char rd[512];

		memset(&mp, 0, sizeof(mp));
		mp.path = "bot.ini";
		rd[0] = '\0';
		if (parse_file(&mp, manifest, rd, sizeof(rd)) < 0) {
			snprintf(why, sizeof(why), "%s", rd);
		} else {
			struct entrant nb;
			struct config mc = *c;

			memset(&nb, 0, sizeof(nb));
			mc.dir = (char *)subdir;
			for (int i = 0; i < mp.nhdr; i++)
				fail(&mp, mp.hdr[i].line, "unexpected section [%s] (bot.ini has "
				     "no sections)", mp.hdr[i].text);
			for (int i = 0; i < mp.nkv; i++) {
				free(mp.kv[i].label);
				mp.kv[i].label = xstrdup("bot.ini");
				bot_key(&mp, &mc, &nb, &mp.kv[i], NULL);
			}
			if (!nb.seat && !nb.build) {
				char rw[PATH_MAX + 64];

				if (run_problem(subdir, rw, sizeof(rw)) == RUN_MISSING)
					fail(&mp, 0, "no 'command' and no 'run' file");
				else if (rw[0])
					fail(&mp, 0, "no 'command' and %s", rw);
			}
			if (nb.seat && !nb.builtin) {
				struct entrant tmp = nb;

				tmp.name = (char *)name;
				tmp.dir = (char *)subdir; /* where its relative paths start */
				check_seat(&mp, &tmp, NULL);
				check_inside(&mp, &tmp);
			}
			if (mp.nerrs) {
				char *nl;

				format_problems(&mp, why, sizeof(why));
				if ((nl = strchr(why, '\n')))
					*nl = '\0';
				bot_release(&nb);
			} else {
				b = add_bot(c, name, subdir);
				b->seat = nb.seat ? nb.seat : xstrdup(subdir);
				b->builtin = nb.builtin;
				b->build = nb.build;
				memcpy(b->limits, nb.limits, sizeof(b->limits));
				b->dir = xstrdup(subdir); /* where it builds, and its paths start */
			}
		}
		parse_release(&mp);
	} else if (!why[0]) {
		char rw[PATH_MAX + 64];
		enum run_state rs = run_problem(subdir, rw, sizeof(rw));

		if (rs == RUN_OK && seat_inside(subdir, name, why, sizeof(why)) == 0) {
			b = add_bot(c, name, subdir);
			b->seat = xstrdup(subdir);
			b->dir = xstrdup(subdir);
		} else if (rs == RUN_OK) {
			/* why says it */
		} else if (rs == RUN_MISSING) {
			snprintf(why, sizeof(why), "no executable 'run' file and no bot.ini");
		} else {
			snprintf(why, sizeof(why), "%s", rw);
		}
	}
	if (!b) {
		/* a submitter chooses both: escaped, so that no byte of theirs reaches a terminal */
		struct strbuf en = STRBUF_INIT, ew = STRBUF_INIT;

		strbuf_init(&en);
		strbuf_init(&ew);
		strbuf_add_escaped(&en, name, strlen(name));
		strbuf_add_escaped(&ew, why, strlen(why));
		c->rejected = xrealloc(c->rejected, (size_t)(c->nrejected + 1) * sizeof(*c->rejected));
		c->rejected[c->nrejected].name = strbuf_detach(&en);
		c->rejected[c->nrejected++].reason = strbuf_detach(&ew);
	}
	free(manifest);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_submissions(struct parse *p, struct config *c, int line)
{
	DIR *d = opendir(c->submissions);
	struct dirent *de;
	struct strvec names;

	if (!d) {
		fail(p, line, "cannot read submissions directory '%s': %s", c->submissions,
		     strerror(errno));
		return;
	}
	strvec_init(&names);
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			strvec_push(&names, de->d_name);
	closedir(d);
	qsort(names.items, names.nr, sizeof(*names.items), cmp_str);
	for (size_t i = 0; i < names.nr; i++) {
		char *sub = path_join(c->submissions, names.items[i]);

		if (path_is_dir(sub))
			load_submission(c, sub, names.items[i]);
		free(sub);
	}
	strvec_release(&names);
}

static const char *const format_names[] = {
	"hammerwalt", "indiana", "bloomington", "fivehand", "flip", "progressive",
};

/* Base variant for a name: 0..NVARIANTS-1, NVARIANTS for progressive, or -1. */
static int base_of(const char *name)
{
	for (int i = 0; i <= NVARIANTS; i++)
		if (!strcmp(name, format_names[i]))
			return i;
	return -1;
}

/* Applies [variant NAME] keys to v (already given its base) and checks them with the rules. */
static void load_variant_keys(struct parse *p, struct variant_cfg *v, const char *section)
{
	struct rules r;
	char why[256];

	rules_init(&r, v->base);
	for (int i = 0; i < p->nkv; i++) {
		struct kv *kv = &p->kv[i];
		int known = 0;

		if (kv->used || strcmp(kv->section, section) || !strcmp(kv->key, "variant"))
			continue;
		kv->used = 1;
		if (!strcmp(kv->key, "deals")) {
			get_long(p, kv, 1, 1000000, &v->deals);
			continue;
		}
		if (!strcmp(kv->key, "tables") && !v->teams && !v->progressive &&
		    v->base != VAR_HAMMERWALT && v->base != VAR_INDIANA &&
		    v->base != VAR_BLOOMINGTON) {
			get_long(p, kv, 1, 100000, &v->tables);
			continue;
		}
		if (!strcmp(kv->key, "hands_per_round") && v->progressive) {
			get_long(p, kv, 1, 1000, &v->hands_per_round);
			continue;
		}
		known = rules_option_find(v->base, kv->key) >= 0;
		if (!known) {
			fail(p, kv->line, "unknown key '%s' in [%s]", kv->key, section);
			continue;
		}
		if (v->progressive && (!strcmp(kv->key, "target") || !strcmp(kv->key, "hole") ||
				       !strcmp(kv->key, "max_hands"))) {
			fail(p, kv->line,
			     "'%s' is set by the progressive format in [%s] (use hands_per_round)",
			     kv->key, section);
			continue;
		}
		if (rules_set_option(&r, kv->key, kv->value, why, sizeof(why)) < 0) {
			fail(p, kv->line, "bad value '%s' for '%s' in [%s] (%s)", kv->value, kv->key,
			     section, why);
			continue;
		}
		if (v->nopts == VARIANT_OPTS_MAX)
			continue;
		v->opt_key[v->nopts] = xstrdup(kv->key);
		v->opt_value[v->nopts++] = xstrdup(kv->value);
	}
	if (rules_finish(&r, why, sizeof(why)) < 0)
		fail(p, header_line(p, section), "bad options in [%s] (%s)", section, why);
	v->seats = r.players;
	v->teams = r.teams;
	/* a progressive round is hands_per_round hands (play_refargv.c) */
	if (v->progressive && v->hands_per_round > 0)
		r.max_hands = (int)v->hands_per_round;
	v->decisions = rules_max_decisions(&r);
}

static void load_variants(struct parse *p, struct config *c, const struct kv *list)
{
	struct strvec names;
	struct strbuf section = STRBUF_INIT;

	strvec_init(&names);
	strbuf_init(&section);
	strvec_split(&names, list->value);
	if (!names.nr)
		fail(p, list->line, "empty value for 'variants' in [arena]");
	c->variants = xcalloc(names.nr, sizeof(*c->variants));
	for (size_t i = 0; i < names.nr; i++) {
		const char *name = names.items[i];
		const struct kv *base_kv;
		struct variant_cfg *v;
		int base = base_of(name), dup = 0;

		strbuf_reset(&section);
		strbuf_addf(&section, "variant %s", name);
		base_kv = find_kv(p, section.buf, "variant");
		for (int j = 0; j < c->nvariants; j++)
			dup |= !strcmp(c->variants[j].name, name);
		if (dup) {
			fail(p, list->line, "variant '%s' is listed twice in 'variants'", name);
			continue;
		}
		if (base >= 0 && base_kv) {
			fail(p, base_kv->line, "'variant' is only for new variant names, not in [%s]",
			     section.buf);
			continue;
		}
		if (base < 0 && base_kv) {
			base = base_of(base_kv->value);
			if (base < 0) {
				fail(p, base_kv->line,
				     "bad value '%s' for 'variant' in [%s] (expected hammerwalt, "
				     "indiana, bloomington, fivehand, flip or progressive)",
				     base_kv->value, section.buf);
				continue;
			}
		}
		if (base < 0 && header_line(p, section.buf)) {
			fail(p, header_line(p, section.buf),
			     "missing 'variant' in [%s] (a new variant name needs 'variant = BASE')",
			     section.buf);
			continue;
		}
		if (base < 0) {
			fail(p, list->line,
			     "unknown variant '%s' in 'variants' (expected hammerwalt, indiana, "
			     "bloomington, fivehand, flip, progressive or a [variant %s] section "
			     "with 'variant = BASE')", name, name);
			continue;
		}
		v = &c->variants[c->nvariants++];
		v->name = xstrdup(name);
		v->progressive = base == NVARIANTS;
		v->base = v->progressive ? VAR_INDIANA : (enum variant)base;
		v->teams = v->base == VAR_HAMMERWALT || v->base == VAR_INDIANA ||
			   v->base == VAR_BLOOMINGTON;
		v->hands_per_round = 4;
		load_variant_keys(p, v, section.buf);
	}
	/* [variant NAME] sections not listed are allowed (switched off), but checked */
	for (int h = 0; h < p->nhdr; h++) {
		const char *name = section_arg(p->hdr[h].text, "variant");
		int listed = 0;

		if (!name || !valid_variant_name(name))
			continue;
		for (size_t i = 0; i < names.nr; i++)
			listed |= !strcmp(names.items[i], name);
		if (!listed) {
			struct variant_cfg tmp;
			const struct kv *base_kv = find_kv(p, p->hdr[h].text, "variant");
			int base = base_of(base_kv ? base_kv->value : name);

			if (base < 0) {
				if (base_kv)
					fail(p, base_kv->line,
					     "bad value '%s' for 'variant' in [%s] (expected "
					     "hammerwalt, indiana, bloomington, fivehand, flip or "
					     "progressive)", base_kv->value, p->hdr[h].text);
				else
					fail(p, p->hdr[h].line,
					     "missing 'variant' in [%s] (a new variant name needs "
					     "'variant = BASE')", p->hdr[h].text);
				continue;
			}
			memset(&tmp, 0, sizeof(tmp));
			tmp.progressive = base == NVARIANTS;
			tmp.base = tmp.progressive ? VAR_INDIANA : (enum variant)base;
			tmp.teams = tmp.base <= VAR_BLOOMINGTON;
			load_variant_keys(p, &tmp, p->hdr[h].text);
			for (int o = 0; o < tmp.nopts; o++) {
				free(tmp.opt_key[o]);
				free(tmp.opt_value[o]);
			}
		}
	}
	strvec_release(&names);
	strbuf_release(&section);
}

static void slurm_key(struct parse *p, struct config *c, const struct kv *kv)
{
	char why[256];
	int got = config_slurm_set(&c->slurm, kv->key, kv->value, why, sizeof(why));

	if (got == -2)
		fail(p, kv->line, "unknown key '%s' in [slurm] (expected shards, cpus_per_task, "
		     "time, partition or sbatch_args)", kv->key);
	else if (got < 0)
		fail(p, kv->line, "bad value '%s' for '%s' in [slurm] (%s)", kv->value, kv->key,
		     why);
}

static char *default_name(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && !strcmp(base + n - 4, ".ini"))
		n -= 4;
	return n ? xstrndup(base, n) : xstrdup("arena");
}

/*
 * Both readers: the file path, or (pairs not NULL) pairs[0..n) numbered
 * as the lines of a file would be, so that the checks keep their order.
 */
static int config_read(struct config *c, const char *path, const struct config_pair *pairs,
		       size_t n, char *err, size_t len)
{
	struct parse p;
	const struct kv *variants = NULL;
	char *dir, *slash;
	int ret = -1, arena_line;

	memset(c, 0, sizeof(*c));
	memset(&p, 0, sizeof(p));
	p.path = path;
	c->path = xstrdup(path);
	c->deals = 1;
	c->game_timeout_s = -1;
	c->stderr_kb = -1;
	c->build_timeout_s = 120;
	c->matches = 1;
	c->match_games = 16;
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	c->dir = realpath(slash ? (dir[0] ? dir : "/") : ".", NULL);
	free(dir);
	if (!c->dir)
		c->dir = xstrdup(".");
	for (size_t i = 0; pairs && i < n; i++) {
		if (!i || strcmp(pairs[i].section, pairs[i - 1].section)) {
			p.hdr = xrealloc(p.hdr, (size_t)(p.nhdr + 1) * sizeof(*p.hdr));
			p.hdr[p.nhdr].text = xstrdup(pairs[i].section);
			p.hdr[p.nhdr++].line = ++p.lineno;
		}
		p.lineno++;
		on_pair(&p, pairs[i].section, pairs[i].key, pairs[i].value);
	}
	p.no_lines = pairs != NULL;
	if (!pairs && parse_file(&p, path, err, len) < 0)
		goto out;
	if (!is_utf8(c->dir, strlen(c->dir)))
		fail(&p, 0, "the config's directory is not valid UTF-8 (the results are JSON lines: "
		     "paths must be UTF-8)");
	check_headers(&p);
	check_duplicates(&p);
	arena_line = header_line(&p, "arena");
	for (int i = 0; i < p.nkv; i++) {
		struct kv *kv = &p.kv[i];

		if (kv->used)
			continue;
		if (!kv->section[0]) {
			fail(&p, kv->line, "key '%s' outside any section (put it under [arena])",
			     kv->key);
			kv->used = 1;
		} else if (!strcmp(kv->section, "arena")) {
			arena_key(&p, c, kv, &variants);
			kv->used = 1;
		} else if (!strcmp(kv->section, "slurm")) {
			slurm_key(&p, c, kv);
			kv->used = 1;
		}
	}
	if (!arena_line)
		fail(&p, 0, "missing section [arena]");
	else if (!variants)
		fail(&p, arena_line, "missing 'variants' in [arena]");
	else
		load_variants(&p, c, variants);
	load_bots(&p, c);
	if (c->submissions)
		load_submissions(&p, c, find_kv(&p, "arena", "submissions")->line);
	if (!c->name)
		c->name = default_name(path);
	c->house.seat = c->house.seat ? c->house.seat : xstrdup("@greedy");
	c->house.name = c->house.seat; /* one string: no bot name starts with '@' */
	c->house.builtin = 1;
	for (int i = 0; i < c->nbots; i++)
		c->bots[i].author = i;
	if (!c->results) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "results/%s", c->name);
		c->results = strbuf_detach(&sb);
	}
	if (arena_line && c->nbots < 2 && c->nrejected) {
		/* say why, or a teacher sees one bot where 30 were handed in */
		fail(&p, 0, "need at least 2 bots, found %d; %d submission%s rejected:", c->nbots,
		     c->nrejected, c->nrejected == 1 ? " was" : "s were");
		for (int i = 0; i < c->nrejected; i++)
			fail(&p, 0, "rejected submission %s: %s", c->rejected[i].name,
			     c->rejected[i].reason);
	} else if (arena_line && c->nbots < 2) {
		fail(&p, 0, "need at least 2 bots, found %d (add [bot NAME] sections or "
		     "'submissions')", c->nbots);
	}
	if (p.nerrs) {
		format_problems(&p, err, len);
		goto out;
	}
	ret = 0;
out:
	parse_release(&p);
	return ret;
}

int config_load(struct config *c, const char *path, char *err, size_t len)
{
	return config_read(c, path, NULL, 0, err, len);
}

int config_from_pairs(struct config *c, const char *name, const struct config_pair *pairs,
		      size_t n, char *err, size_t len)
{
	return config_read(c, name, pairs, n, err, len);
}

void config_release(struct config *c)
{
	for (int i = 0; i < c->nvariants; i++) {
		free(c->variants[i].name);
		for (int o = 0; o < c->variants[i].nopts; o++) {
			free(c->variants[i].opt_key[o]);
			free(c->variants[i].opt_value[o]);
		}
	}
	free(c->variants);
	for (int i = 0; i < c->nbots; i++)
		bot_release(&c->bots[i]);
	free(c->bots);
	free(c->house.seat); /* and its name */
	for (int i = 0; i < c->nrejected; i++) {
		free(c->rejected[i].name);
		free(c->rejected[i].reason);
	}
	free(c->rejected);
	free(c->path);
	free(c->dir);
	free(c->name);
	free(c->results);
	free(c->referee);
	free(c->submissions);
	config_slurm_release(&c->slurm);
	memset(c, 0, sizeof(*c));
}

long config_bot_limit(const struct config *c, const struct entrant *b, int key)
{
	return b->limits[key] ? b->limits[key] : c->limits[key];
}

void config_use_build(struct entrant *b, const char *dir)
{
	if (b->seat && b->dir && !strcmp(b->seat, b->dir)) {
		free(b->seat);
		b->seat = xstrdup(dir);
	}
	free(b->dir);
	b->dir = xstrdup(dir);
}
