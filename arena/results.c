/*
 * results.c - results directories, result lines and reading them back.
 *
 * Durability: a game counts as done only once its line is on disk. The
 * line and its newline go out in one write() on an O_APPEND descriptor,
 * followed by fdatasync(), so a crash leaves at worst one torn last line,
 * which the next run cuts off (the game is then simply played again).
 * The directory is locked with flock() so two arenas cannot write the
 * same results.
 */
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "jsonl.h"
#include "path.h"
#include "util.h"

struct results {
	char *dir;    /* as given */
	char *abs;    /* the same, absolute */
	int dir_fd;   /* holds the flock */
	int out_fd;   /* results.jsonl, O_APPEND */
	int failed_fd;/* failed.jsonl, opened on first use */
};

void results_meta_init(struct results_meta *m)
{
	memset(m, 0, sizeof(*m));
	strvec_init(&m->excluded);
	strvec_init(&m->bots);
}

void results_meta_release(struct results_meta *m)
{
	strvec_release(&m->excluded);
	strvec_release(&m->bots);
}

/* ---- the referee's output ---- */

int result_make_line(const char *out, size_t outlen, const struct fixture *g,
		     const struct config *c, const struct strvec *argv, struct strbuf *line,
		     int *nfaults, char *err, size_t len)
{
	const struct variant_cfg *v = &c->variants[g->variant];
	json_error_t jerr;
	json_t *ref, *obj = NULL, *bots, *x;
	const char *key;
	char *text;
	int ret = -1;

	if (!outlen) {
		snprintf(err, len, "the referee printed nothing");
		return -1;
	}
	ref = json_loadb(out, outlen, 0, &jerr);
	if (!ref) {
		snprintf(err, len, "the referee's output is not one JSON line (%s)", jerr.text);
		return -1;
	}
	if (!json_is_object(ref)) {
		snprintf(err, len, "the referee's output is not a JSON object");
		goto out;
	}
	x = json_object_get(ref, "variant");
	if (!json_is_string(x) || strcmp(json_string_value(x), variant_name(v->base))) {
		snprintf(err, len, "the referee's output has the wrong 'variant'");
		goto out;
	}
	x = json_object_get(ref, "seed");
	if (!json_is_integer(x) || (uint64_t)json_integer_value(x) != g->seed) {
		snprintf(err, len, "the referee's output has the wrong 'seed'");
		goto out;
	}
	if (!jsonl_int_array_ok(json_object_get(ref, "ranks"), g->nseats, 1, g->nseats) ||
	    !jsonl_number_array_ok(json_object_get(ref, "seat_scores"), g->nseats)) {
		snprintf(err, len, "the referee's output lacks %d 'ranks' and 'seat_scores'",
			 g->nseats);
		goto out;
	}
	x = json_object_get(ref, "faults");
	if (!json_is_array(x)) {
		snprintf(err, len, "the referee's output lacks 'faults'");
		goto out;
	}
	*nfaults = (int)json_array_size(x);
	obj = json_object();
	json_object_set_new(obj, "game", json_string(g->id));
	json_object_set_new(obj, "index", json_integer(g->index));
	bots = json_array();
	for (int s = 0; s < g->nseats; s++)
		json_array_append_new(bots, json_string(config_entrant(c, g->bot[s])->name));
	json_object_set_new(obj, "bots", bots);
	json_object_foreach(ref, key, x)
		if (strcmp(key, "game") && strcmp(key, "index") && strcmp(key, "bots") &&
		    strcmp(key, "cwd") && strcmp(key, "argv"))
			json_object_set(obj, key, x);
	if (argv) {
		json_t *a = json_array();

		for (size_t i = 0; i < argv->nr; i++)
			json_array_append_new(a, json_string(argv->items[i]));
		json_object_set_new(obj, "cwd", json_string(c->dir));
		json_object_set_new(obj, "argv", a);
	}
	text = json_dumps(obj, JSON_COMPACT | JSON_REAL_PRECISION(12));
	if (!text) {
		snprintf(err, len, "the result line cannot be written as JSON (not valid UTF-8?)");
		goto out;
	}
	strbuf_addstr(line, text);
	free(text);
	ret = 0;
out:
	json_decref(ref);
	json_decref(obj);
	return ret;
}

/* ---- the writer ---- */

/*
 * Makes path and its missing parents: the parents 0755, path itself with
 * mode (whatever the umask: an existing path is set to mode too). An
 * existing path must be a directory of ours, not a link.
 */
static int make_dirs(const char *path, mode_t mode, char *err, size_t len)
{
	char *p = xstrdup(path);
	struct stat st;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			snprintf(err, len, "cannot make directory '%s': %s", p, strerror(errno));
			free(p);
			return -1;
		}
		*s = '/';
	}
	if ((mkdir(p, mode) < 0 && errno != EEXIST) || lstat(p, &st) < 0) {
		snprintf(err, len, "cannot make directory '%s': %s", p, strerror(errno));
		free(p);
		return -1;
	}
	/* another user's directory (made first in /tmp) could hold links to our files */
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(err, len, "'%s' is not a directory of uid %d (%s of uid %d): the results "
			 "must be in a directory of your own", p, (int)geteuid(),
			 S_ISDIR(st.st_mode) ? "a directory" : "not a directory", (int)st.st_uid);
		free(p);
		return -1;
	}
	if (chmod(p, mode) < 0) {
		snprintf(err, len, "cannot make directory '%s': %s", p, strerror(errno));
		free(p);
		return -1;
	}
	free(p);
	return 0;
}

/*
 * make_dirs, then: can no one else change where dir leads? Another user
 * who could rename dir, or a directory above it, could put a directory of
 * his own in its place between two writes, with links and records of his.
 */
static int make_private_dir(const char *dir, char *err, size_t len)
{
	char why[PATH_MAX + 128];

	if (make_dirs(dir, 0700, err, len) < 0)
		return -1;
	if (path_check_owned(dir, why, sizeof(why)) < 0) {
		snprintf(err, len, "results directory '%s' is not safe: %s, who could put a "
			 "directory of their own in its place; choose a place only you and root can "
			 "change", dir, why);
		return -1;
	}
	return 0;
}

static int lock_dir(const char *dir, char *err, size_t len)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, len, "cannot open results directory '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno == EWOULDBLOCK)
			snprintf(err, len, "results directory '%s' is in use by another arena", dir);
		else
			snprintf(err, len, "cannot lock results directory '%s': %s", dir,
				 strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int dir_is_empty(const char *dir)
{
	static const char *const files[] = { "results.jsonl", "failed.jsonl", "arena.json",
					     "logs", "builds", RESULTS_SCHEDULE, RESULTS_KEY };

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *p = path_join(dir, files[i]);
		int there = access(p, F_OK) == 0;

		free(p);
		if (there)
			return 0;
	}
	return 1;
}

struct results *results_new(const char *dir, int fresh, char **moved, char *err, size_t len)
{
	struct results *r;
	char *path, *logs;
	int fd, ok = 1;

	*moved = NULL;
	while (strlen(dir) > 1 && dir[strlen(dir) - 1] == '/') {
		snprintf(err, len, "results directory '%s' must not end in '/'", dir);
		return NULL;
	}
	if (make_private_dir(dir, err, len) < 0 || (fd = lock_dir(dir, err, len)) < 0)
		return NULL;
	if (fresh && !dir_is_empty(dir)) {
		struct strbuf aside = STRBUF_INIT;

		strbuf_init(&aside);
		for (int n = 1;; n++) {
			strbuf_reset(&aside);
			strbuf_addf(&aside, "%s.old-%d", dir, n);
			if (access(aside.buf, F_OK) < 0)
				break;
		}
		if (rename(dir, aside.buf) < 0) {
			snprintf(err, len, "cannot move '%s' aside to '%s': %s", dir, aside.buf,
				 strerror(errno));
			strbuf_release(&aside);
			close(fd);
			return NULL;
		}
		close(fd);
		*moved = strbuf_detach(&aside);
		if (make_private_dir(dir, err, len) < 0 || (fd = lock_dir(dir, err, len)) < 0)
			return NULL;
	}
	r = xcalloc(1, sizeof(*r));
	r->dir = xstrdup(dir);
	r->abs = realpath(dir, NULL);
	if (!r->abs)
		r->abs = xstrdup(dir);
	r->dir_fd = fd;
	r->failed_fd = -1;
	path = path_join(dir, "results.jsonl");
	logs = path_join(dir, "logs");
	r->out_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (r->out_fd < 0 || fchmod(r->out_fd, 0600) < 0) {
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		ok = 0;
	} else if (make_dirs(logs, 0700, err, len) < 0) {
		ok = 0;
	} else if (fsync(fd) < 0 || file_sync_parent(dir) < 0) {
		/* the new entries (results.jsonl, logs/, the directory itself) last too */
		snprintf(err, len, "cannot sync results directory '%s': %s", dir, strerror(errno));
		ok = 0;
	}
	free(path);
	free(logs);
	if (!ok) {
		results_free(r);
		return NULL;
	}
	return r;
}

void results_free(struct results *r)
{
	if (!r)
		return;
	if (r->out_fd >= 0)
		close(r->out_fd);
	if (r->failed_fd >= 0)
		close(r->failed_fd);
	close(r->dir_fd);
	free(r->dir);
	free(r->abs);
	free(r);
}

const char *results_dir(const struct results *r)
{
	return r->dir;
}

const char *results_abs_dir(const struct results *r)
{
	return r->abs;
}

int results_read_meta(struct results *r, struct results_meta *m, char *err, size_t len)
{
	return results_read_meta_dir(r->dir, m, err, len);
}

int results_read_meta_dir(const char *dir, struct results_meta *m, char *err, size_t len)
{
	char *path = path_join(dir, "arena.json");
	json_error_t jerr;
	json_t *o, *x, *ex;
	size_t i;
	int ret = -1;

	o = json_load_file(path, 0, &jerr);
	if (!o) {
		if (access(path, F_OK) < 0) {
			free(path);
			return 0;
		}
		snprintf(err, len, "%s: not readable (%s)", path, jerr.text);
		free(path);
		return -1;
	}
	x = json_object_get(o, "fingerprint");
	if (!json_is_string(x) || strlen(json_string_value(x)) != 16 ||
	    !json_is_string(json_object_get(o, "shard"))) {
		snprintf(err, len, "%s: no 'fingerprint' and 'shard'", path);
		goto out;
	}
	snprintf(m->fingerprint, sizeof(m->fingerprint), "%s", json_string_value(x));
	snprintf(m->shard, sizeof(m->shard), "%s", json_string_value(json_object_get(o, "shard")));
	m->games = (long)json_integer_value(json_object_get(o, "games"));
	x = json_object_get(o, "key_id");
	if (json_is_string(x))
		snprintf(m->key_id, sizeof(m->key_id), "%s", json_string_value(x));
	json_array_foreach(json_object_get(o, "excluded"), i, ex) {
		const char *name = json_string_value(json_object_get(ex, "bot"));
		const char *why = json_string_value(json_object_get(ex, "reason"));

		if (name)
			strvec_pushf(&m->excluded, "%s\t%s", name, why ? why : "");
	}
	json_array_foreach(json_object_get(o, "bots"), i, ex) {
		const char *name = json_string_value(json_object_get(ex, "bot"));
		const char *fp = json_string_value(json_object_get(ex, "fingerprint"));

		if (name && fp)
			strvec_pushf(&m->bots, "%s\t%s", name, fp);
	}
	x = json_object_get(o, "setup");
	if (json_is_string(x))
		snprintf(m->setup, sizeof(m->setup), "%s", json_string_value(x));
	ret = 1;
out:
	json_decref(o);
	free(path);
	return ret;
}

/*
 * Replaces the file NAME of the results directory with text, whole or not
 * at all: a temporary file written and synced, renamed over NAME, and the
 * directory synced. 0, or -1 with a message in err.
 */
static int replace_file(struct results *r, const char *name, const char *text, size_t n,
			char *err, size_t len)
{
	char *path = path_join(r->dir, name), *tmp;
	struct strbuf sb = STRBUF_INIT;
	int fd, ret = -1;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s.tmp", path);
	tmp = strbuf_detach(&sb);

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || file_write_all(fd, text, n) < 0 || fsync(fd) < 0) {
		snprintf(err, len, "cannot write '%s': %s", tmp, strerror(errno));
		goto out;
	}
	if (rename(tmp, path) < 0) {
		snprintf(err, len, "cannot rename '%s': %s", tmp, strerror(errno));
		goto out;
	}
	if (fsync(r->dir_fd) < 0) {
		snprintf(err, len, "cannot sync results directory '%s': %s", r->dir,
			 strerror(errno));
		goto out;
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	if (ret < 0)
		unlink(tmp);
	free(path);
	free(tmp);
	return ret;
}

int results_write_meta(struct results *r, const struct results_meta *m, const char *arena_name,
		       const char *config_path, char *err, size_t len)
{
	json_t *o = json_object(), *ex = json_array();
	char *text = NULL;
	int ret = -1;

	for (size_t i = 0; i < m->excluded.nr; i++) {
		const char *tab = strchr(m->excluded.items[i], '\t');
		char *name = xstrndup(m->excluded.items[i], (size_t)(tab - m->excluded.items[i]));

		json_array_append_new(ex, json_pack("{s:s, s:s}", "bot", name, "reason", tab + 1));
		free(name);
	}
	json_object_set_new(o, "arena", json_string(arena_name));
	json_object_set_new(o, "config", json_string(config_path));
	json_object_set_new(o, "fingerprint", json_string(m->fingerprint));
	json_object_set_new(o, "shard", json_string(m->shard));
	json_object_set_new(o, "games", json_integer(m->games));
	if (m->key_id[0])
		json_object_set_new(o, "key_id", json_string(m->key_id));
	json_object_set_new(o, "excluded", ex);
	if (m->setup[0])
		json_object_set_new(o, "setup", json_string(m->setup));
	ex = json_array();
	for (size_t i = 0; i < m->bots.nr; i++) {
		const char *tab = strchr(m->bots.items[i], '\t');
		char *name = xstrndup(m->bots.items[i], (size_t)(tab - m->bots.items[i]));

		json_array_append_new(ex, json_pack("{s:s, s:s}", "bot", name, "fingerprint",
						    tab + 1));
		free(name);
	}
	json_object_set_new(o, "bots", ex);
	text = json_dumps(o, JSON_INDENT(2));
	if (!text) {
		snprintf(err, len, "cannot write '%s/arena.json': the text is not valid UTF-8",
			 r->dir);
	} else {
		size_t n = strlen(text);

		text = xrealloc(text, n + 2);
		memcpy(text + n, "\n", 2);
		ret = replace_file(r, "arena.json", text, n + 1, err, len);
	}
	free(text);
	json_decref(o);
	return ret;
}

/* The schedule's line for game g: what a result line of g must hold. */
static json_t *results_schedule_line(const struct fixture *g, const struct config *c)
{
	json_t *o = json_object(), *bots = json_array(), *seats = json_array();

	for (int s = 0; s < g->nseats; s++) {
		json_array_append_new(bots, json_string(config_entrant(c, g->bot[s])->name));
		json_array_append_new(seats, json_string(config_entrant(c, g->bot[s])->seat));
	}
	json_object_set_new(o, "game", json_string(g->id));
	json_object_set_new(o, "index", json_integer(g->index));
	json_object_set_new(o, "bots", bots);
	json_object_set_new(o, "variant", json_string(variant_name(c->variants[g->variant].base)));
	json_object_set_new(o, "seed", json_integer((json_int_t)g->seed));
	json_object_set_new(o, "seats", seats);
	/* where the seats' paths start, so that they compare as results_check_line() does */
	json_object_set_new(o, "cwd", json_string(c->dir));
	return o;
}

int results_write_schedule(struct results *r, const struct schedule *s, const struct config *c,
			   int k, int n, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = -1;

	strbuf_init(&sb);
	for (int i = 0; i < s->ngames; i++) {
		json_t *o;
		char *text;

		if (n && !schedule_in_shard(&s->games[i], k, n))
			continue;
		o = results_schedule_line(&s->games[i], c);
		text = json_dumps(o, JSON_COMPACT);
		json_decref(o);
		if (!text) {
			snprintf(err, len, "cannot write '%s/%s': game '%s' is not valid UTF-8",
				 r->dir, RESULTS_SCHEDULE, s->games[i].id);
			goto out;
		}
		strbuf_addstr(&sb, text);
		strbuf_addch(&sb, '\n');
		free(text);
	}
	ret = replace_file(r, RESULTS_SCHEDULE, sb.buf, sb.len, err, len);
out:
	strbuf_release(&sb);
	return ret;
}

/* The fields of a result line that must be the schedule's, in the order they are checked. */
/*
 * The index comes last: a line that differs only there is most likely a
 * kept line renumbered by an incremental run that was stopped before it
 * wrote the new schedule (incremental.c), and the message says so.
 */
static const char *const checked_fields[] = { "game", "bots", "variant", "seed", "seats", "index" };

/*
 * Are the seats got, of a line whose "cwd" (the config's directory they
 * were given in) is got_dir, those of exp, of a line whose "cwd" is
 * exp_dir? A seat that is a path under its config's directory counts as
 * seen from there (path_below(): "bots/alice"), as the bots' fingerprints
 * see it (incremental.c), so a tournament's directory moved or copied
 * with its bots and results keeps its games; any other seat must be the
 * same text. Without both directories (a line written by an earlier
 * arena, which stored no "cwd" in the schedule), every seat must be.
 */
static int same_seats(json_t *got, json_t *got_dir, json_t *exp, json_t *exp_dir)
{
	const char *gd = json_string_value(got_dir), *ed = json_string_value(exp_dir);

	if (!json_is_array(got) || !json_is_array(exp) ||
	    json_array_size(got) != json_array_size(exp))
		return 0;
	for (size_t i = 0; i < json_array_size(got); i++) {
		const char *g = json_string_value(json_array_get(got, i));
		const char *e = json_string_value(json_array_get(exp, i));
		const char *gr = g && gd ? path_below(g, gd) : NULL;
		const char *er = e && ed ? path_below(e, ed) : NULL;

		if (!g || !e)
			return 0;
		if (gd && ed ? strcmp(gr ? gr : g, er ? er : e) : strcmp(g, e))
			return 0;
	}
	return 1;
}

/*
 * Is the stored result line o the game the schedule (map: id -> schedule
 * line) has under its id? 0, or -1 with "FILE:LINE: what differs" in err.
 */
int results_check_line(json_t *o, json_t *map, const char *file, int lineno, char *err,
		      size_t len)
{
	json_t *id = json_object_get(o, "game"), *want;

	if (!json_is_string(id))
		return 0; /* not a result line at all: the callers say so */
	want = json_object_get(map, json_string_value(id));
	if (!want) {
		snprintf(err, len, "%s:%d: game '%s' is not in the schedule of these results "
			 "(the line does not belong here: move the file aside, or start over with "
			 "--fresh)", file, lineno, json_string_value(id));
		return -1;
	}
	for (size_t i = 0; i < sizeof(checked_fields) / sizeof(checked_fields[0]); i++) {
		json_t *got = json_object_get(o, checked_fields[i]);
		json_t *exp = json_object_get(want, checked_fields[i]);
		char *g, *e;

		if (got && !strcmp(checked_fields[i], "seats") ?
		    same_seats(got, json_object_get(o, "cwd"), exp, json_object_get(want, "cwd")) :
		    got && json_equal(got, exp))
			continue;
		g = got ? json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
		e = json_dumps(exp, JSON_COMPACT | JSON_ENCODE_ANY);
		snprintf(err, len, "%s:%d: game '%s': '%s' is %.200s, the schedule says %.200s "
			 "(%sthe line was changed: move the file aside, or start over with --fresh)",
			 file, lineno, json_string_value(id), checked_fields[i],
			 g ? g : "missing", e ? e : "?",
			 got && !strcmp(checked_fields[i], "index") ?
			 "an incremental run stopped while it superseded games leaves this: run "
			 "the same arena command again to finish it; else " : "");
		free(g);
		free(e);
		return -1;
	}
	return 0;
}

/* Every game of the schedule (of shard k of n; n = 0: all) by id, as its schedule line. */
static json_t *schedule_map(const struct schedule *s, const struct config *c, int k, int n)
{
	json_t *map = json_object();

	for (int i = 0; i < s->ngames; i++)
		if (!n || schedule_in_shard(&s->games[i], k, n))
			json_object_set_new(map, s->games[i].id, results_schedule_line(&s->games[i], c));
	return map;
}

int results_load(struct results *r, const struct schedule *s, const struct config *c, int k,
		 int n, struct strset *done, long *faults, long *repaired, char *err, size_t len)
{
	char *path = path_join(r->dir, "results.jsonl");
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	size_t pos = 0, good_end = 0;
	int ret = -1;
	json_t *map = schedule_map(s, c, k, n);

	*repaired = 0;
	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &l)) {
		json_t *o = l.complete ? json_loadb(l.text, l.len, 0, NULL) : NULL;
		json_t *id = o ? json_object_get(o, "game") : NULL;

		if (!json_is_string(id)) {
			json_decref(o);
			if (l.last)
				break; /* the torn last line */
			snprintf(err, len,
				 "%s:%d: not a result line (the file is damaged: move it aside, "
				 "or start over with --fresh)", path, l.lineno);
			goto out;
		}
		if (results_check_line(o, map, path, l.lineno, err, len) < 0) {
			json_decref(o);
			goto out;
		}
		/* a line written twice (a crash between write and count) counts once */
		if (strset_add(done, json_string_value(id)))
			*faults += (long)json_array_size(json_object_get(o, "faults"));
		json_decref(o);
		good_end = pos;
	}
	if (good_end < sb.len) {
		if (ftruncate(r->out_fd, (off_t)good_end) < 0 || fdatasync(r->out_fd) < 0) {
			snprintf(err, len, "cannot repair '%s': %s", path, strerror(errno));
			goto out;
		}
		*repaired = (long)(sb.len - good_end);
	}
	ret = 0;
out:
	json_decref(map);
	strbuf_release(&sb);
	free(path);
	return ret;
}

static int append_synced(int fd, const char *line, const char *what, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = 0;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s\n", line);
	if (file_write_all(fd, sb.buf, sb.len) < 0 || fdatasync(fd) < 0) {
		snprintf(err, len, "cannot write '%s': %s", what, strerror(errno));
		ret = -1;
	}
	strbuf_release(&sb);
	return ret;
}

int results_replace(struct results *r, const char *name, const char *text, size_t n, char *err,
		    size_t len)
{
	int *fd = !strcmp(name, "failed.jsonl") ? &r->failed_fd : &r->out_fd;
	char *path;

	if (replace_file(r, name, text, n, err, len) < 0)
		return -1;
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
	if (fd == &r->failed_fd)
		return 0; /* opened again on first use */
	path = path_join(r->dir, name);
	*fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	free(path);
	if (*fd < 0) {
		snprintf(err, len, "cannot write '%s': %s", name, strerror(errno));
		return -1;
	}
	return 0;
}

int results_append(struct results *r, const char *line, char *err, size_t len)
{
	return append_synced(r->out_fd, line, "results.jsonl", err, len);
}

int results_append_failed(struct results *r, const char *line, char *err, size_t len)
{
	if (r->failed_fd < 0) {
		char *path = path_join(r->dir, "failed.jsonl");

		r->failed_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
		free(path);
		if (r->failed_fd < 0 || fchmod(r->failed_fd, 0600) < 0 || fsync(r->dir_fd) < 0) {
			snprintf(err, len, "cannot write 'failed.jsonl': %s", strerror(errno));
			return -1;
		}
	}
	return append_synced(r->failed_fd, line, "failed.jsonl", err, len);
}

/* ---- replay commands of played games ---- */

struct results_played {
	json_t *commands; /* game id -> command line */
};

/* Does argv (the words before the "--") give SEAT's seed already? */
static int has_bot_seed(const struct strvec *argv, size_t seat)
{
	char want[32];

	snprintf(want, sizeof(want), "%zu:", seat);
	for (size_t k = 0; k + 1 < argv->nr; k++)
		if (!strcmp(argv->items[k], "--bot-seed") &&
		    !strncmp(argv->items[k + 1], want, strlen(want)))
			return 1;
	return 0;
}

/*
 * The command that replays a stored result line: "cd CWD && " and its
 * argv, with "--bot-seed SEAT:N" before the "--" for each handshake seed
 * the result records that the argv does not give already (so the bots
 * get the seeds they were given; a built-in's is in the argv). NULL
 * when the line holds no argv (written by an older arena).
 */
static char *replay_command(json_t *o)
{
	json_t *argv = json_object_get(o, "argv"), *seeds = json_object_get(o, "bot_seeds");
	json_t *cwd = json_object_get(o, "cwd"), *x;
	struct strvec v;
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int programs = 0, added = 0;

	if (!json_is_array(argv) || !json_array_size(argv))
		return NULL;
	strvec_init(&v);
	json_array_foreach(argv, i, x) {
		const char *w = json_string_value(x);

		if (!w) {
			strvec_release(&v);
			return NULL;
		}
		if (!strcmp(w, "--") && !added) {
			json_t *seed;
			size_t seat;

			/* a built-in's seed (key_bot_seed()) is on the command line already */
			json_array_foreach(seeds, seat, seed) {
				if (json_is_integer(seed) && !has_bot_seed(&v, seat)) {
					strvec_push(&v, "--bot-seed");
					strvec_pushf(&v, "%zu:%lld", seat,
						     (long long)json_integer_value(seed));
				}
			}
			added = 1;
		} else if (added && w[0] != '@') {
			programs = 1;
		}
		strvec_push(&v, w);
	}
	strbuf_init(&sb);
	if (programs && json_is_string(cwd)) {
		strbuf_addstr(&sb, "cd ");
		strvec_quote_word(json_string_value(cwd), &sb);
		strbuf_addstr(&sb, " && ");
	}
	strvec_quote(&v, &sb);
	strvec_release(&v);
	return strbuf_detach(&sb);
}

struct results_played *results_played_read(const char *dir, const char *only, char *err,
					   size_t len)
{
	char *path = path_join(dir, "results.jsonl");
	struct results_played *p = xcalloc(1, sizeof(*p));
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	size_t pos = 0;

	p->commands = json_object();
	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0 && errno != ENOENT) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		results_played_free(p);
		p = NULL;
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &l)) {
		json_t *o;
		const char *id;
		char *cmd;

		/* cheap filter before parsing: the id is the line's first field */
		if (only && !memmem(l.text, l.len, only, strlen(only)))
			continue;
		o = json_loadb(l.text, l.len, 0, NULL);
		id = json_string_value(json_object_get(o, "game"));
		if (id && (!only || !strcmp(id, only)) && (cmd = replay_command(o))) {
			json_object_set_new(p->commands, id, json_string(cmd));
			free(cmd);
		}
		json_decref(o);
	}
out:
	strbuf_release(&sb);
	free(path);
	return p;
}

const char *results_played_command(const struct results_played *p, const char *id)
{
	return json_string_value(json_object_get(p->commands, id));
}

void results_played_free(struct results_played *p)
{
	if (!p)
		return;
	json_decref(p->commands);
	free(p);
}
