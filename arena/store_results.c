/*
 * store_results.c - results directories, result lines and reading them back.
 *
 * Durability: a game counts as done only once its line is on disk. The
 * line and its newline go out in one write() on an O_APPEND descriptor,
 * followed by fdatasync(), so a crash leaves at worst one torn last line,
 * which the next run cuts off (the game is then simply played again).
 * The directory is locked with flock() so two arenas cannot write the
 * same results.
 */
#include "store_results.h"

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
#include "store_jsonl.h"
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
	excluded_bots_init(&m->excluded);
	fingerprint_recs_init(&m->bots);
}

void results_meta_release(struct results_meta *m)
{
	excluded_bots_release(&m->excluded);
	fingerprint_recs_release(&m->bots);
}

/* ---- the referee's output ---- */

int result_make(const char *out, size_t outlen, const struct fixture *g, const struct config *c,
		const struct strvec *argv, struct result *r, int *nfaults, char *err, size_t len)
{
	const struct variant_cfg *v = &c->variants[g->variant];
	char why[ERRLEN];

	if (!outlen) {
		snprintf(err, len, "the referee printed nothing");
		return -1;
	}
	if (result_parse(r, out, outlen, why, sizeof(why)) < 0) {
		snprintf(err, len, "the referee's output is %s", why);
		return -1;
	}
	if (!r->variant || strcmp(r->variant, variant_name(v->base))) {
		snprintf(err, len, "the referee's output has the wrong 'variant'");
		return -1;
	}
	if (!r->has_seed || (uint64_t)r->seed != g->seed) {
		snprintf(err, len, "the referee's output has the wrong 'seed'");
		return -1;
	}
	if (!result_nums_ints(&r->ranks, g->nseats, 1, g->nseats) ||
	    !result_nums_numbers(&r->seat_scores, g->nseats)) {
		snprintf(err, len, "the referee's output lacks %d 'ranks' and 'seat_scores'",
			 g->nseats);
		return -1;
	}
	if (r->nfaults < 0) {
		snprintf(err, len, "the referee's output lacks 'faults'");
		return -1;
	}
	*nfaults = r->nfaults;
	result_set_text(&r->game, g->id);
	r->has_index = 1;
	r->index = g->index;
	for (int s = 0; s < r->bots.n; s++)
		free(r->bots.v[s]);
	r->bots.n = g->nseats;
	for (int s = 0; s < g->nseats; s++)
		r->bots.v[s] = xstrdup(config_entrant(c, g->bot[s])->name);
	result_set_text(&r->cwd, argv ? c->dir : NULL);
	strvec_release(&r->argv);
	r->has_argv = argv != NULL;
	for (size_t i = 0; argv && i < argv->nr; i++)
		strvec_push(&r->argv, argv->items[i]);
	return 0;
}

int result_make_line(const char *out, size_t outlen, const struct fixture *g,
		     const struct config *c, const struct strvec *argv, struct strbuf *line,
		     int *nfaults, char *err, size_t len)
{
	struct result r;
	int ret;

	result_init(&r);
	ret = result_make(out, outlen, g, c, argv, &r, nfaults, err, len);
	if (ret == 0)
		ret = result_format(&r, line, err, len);
	result_release(&r);
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
	static const char *const files[] = { RESULTS_FILE, RESULTS_FAILED, RESULTS_META,
					     RESULTS_LOGS, RESULTS_BUILDS, RESULTS_SCHEDULE, RESULTS_KEY };

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
	path = path_join(dir, RESULTS_FILE);
	logs = path_join(dir, RESULTS_LOGS);
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
	char *path = path_join(dir, RESULTS_META);
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
			excluded_bots_add(&m->excluded, name, "%s", why ? why : "");
	}
	json_array_foreach(json_object_get(o, "bots"), i, ex) {
		const char *name = json_string_value(json_object_get(ex, "bot"));
		const char *fp = json_string_value(json_object_get(ex, "fingerprint"));

		if (name && fp)
			fingerprint_recs_add(&m->bots, name, fp);
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

	for (size_t i = 0; i < m->excluded.nr; i++)
		json_array_append_new(ex, json_pack("{s:s, s:s}", "bot", m->excluded.items[i].name,
						    "reason", m->excluded.items[i].reason));
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
	for (size_t i = 0; i < m->bots.nr; i++)
		json_array_append_new(ex, json_pack("{s:s, s:s}", "bot", m->bots.items[i].name,
						    "fingerprint", m->bots.items[i].fingerprint));
	json_object_set_new(o, "bots", ex);
	text = json_dumps(o, JSON_INDENT(2));
	if (!text) {
		snprintf(err, len, "cannot write '%s/arena.json': the text is not valid UTF-8",
			 r->dir);
	} else {
		size_t n = strlen(text);

		text = xrealloc(text, n + 2);
		memcpy(text + n, "\n", 2);
		ret = replace_file(r, RESULTS_META, text, n + 1, err, len);
	}
	free(text);
	json_decref(o);
	return ret;
}

/* The schedule's line for game g, in r (initialised): what a result line of g must hold. */
static void schedule_line(struct result *r, const struct fixture *g, const struct config *c)
{
	result_set_text(&r->game, g->id);
	r->has_index = 1;
	r->index = g->index;
	r->bots.n = r->seats.n = g->nseats;
	for (int s = 0; s < g->nseats; s++) {
		r->bots.v[s] = xstrdup(config_entrant(c, g->bot[s])->name);
		r->seats.v[s] = xstrdup(config_entrant(c, g->bot[s])->seat);
	}
	result_set_text(&r->variant, variant_name(c->variants[g->variant].base));
	r->has_seed = 1;
	r->seed = (long long)g->seed;
	/* where the seats' paths start, so that they compare as results_check_line() does */
	result_set_text(&r->cwd, c->dir);
}

int results_write_schedule(struct results *r, const struct schedule *s, const struct config *c,
			   int k, int n, char *err, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = -1;

	strbuf_init(&sb);
	for (int i = 0; i < s->ngames; i++) {
		struct result line;
		char why[ERRLEN];
		int bad;

		if (n && !schedule_in_shard(&s->games[i], k, n))
			continue;
		result_init(&line);
		schedule_line(&line, &s->games[i], c);
		bad = result_format(&line, &sb, why, sizeof(why)) < 0;
		result_release(&line);
		if (bad) {
			snprintf(err, len, "cannot write '%s/%s': game '%s' is not valid UTF-8",
				 r->dir, RESULTS_SCHEDULE, s->games[i].id);
			goto out;
		}
		strbuf_addch(&sb, '\n');
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
 * wrote the new schedule (store_incremental.c), and the message says so.
 */
static const char *const checked_fields[] = { "game", "bots", "variant", "seed", "seats", "index" };

/*
 * Are the seats got, of a line whose "cwd" (the config's directory they
 * were given in) is got_dir, those of exp, of a line whose "cwd" is
 * exp_dir? A seat that is a path under its config's directory counts as
 * seen from there (path_below(): "bots/alice"), as the bots' fingerprints
 * see it (plan_fingerprint.c), so a tournament's directory moved or copied
 * with its bots and results keeps its games; any other seat must be the
 * same text. Without both directories (a line written by an earlier
 * arena, which stored no "cwd" in the schedule), every seat must be.
 */
static int same_seats(const struct result *got, const struct result *exp)
{
	const char *gd = got->cwd, *ed = exp->cwd;

	if (got->seats.n < 0 || got->seats.n != exp->seats.n)
		return 0;
	for (int i = 0; i < got->seats.n; i++) {
		const char *g = got->seats.v[i], *e = exp->seats.v[i];
		const char *gr = gd ? path_below(g, gd) : NULL;
		const char *er = ed ? path_below(e, ed) : NULL;

		if (gd && ed ? strcmp(gr ? gr : g, er ? er : e) : strcmp(g, e))
			return 0;
	}
	return 1;
}

void results_expected_init(struct results_expected *e)
{
	memset(e, 0, sizeof(*e));
	e->by_id = json_object();
}

void results_expected_release(struct results_expected *e)
{
	for (int i = 0; i < e->n; i++)
		result_release(&e->lines[i]);
	free(e->lines);
	json_decref(e->by_id);
	memset(e, 0, sizeof(*e));
}

struct result *results_expected_add(struct results_expected *e)
{
	if (e->n == e->alloc) {
		e->alloc = e->alloc ? 2 * e->alloc : 64;
		e->lines = xrealloc(e->lines, (size_t)e->alloc * sizeof(*e->lines));
	}
	result_init(&e->lines[e->n]);
	return &e->lines[e->n++];
}

void results_expected_index(struct results_expected *e)
{
	json_object_clear(e->by_id);
	for (int i = 0; i < e->n; i++)
		if (e->lines[i].game)
			json_object_set_new(e->by_id, e->lines[i].game, json_integer(i));
}

const struct result *results_expected_get(const struct results_expected *e, const char *id)
{
	json_t *at = id ? json_object_get(e->by_id, id) : NULL;

	return at ? &e->lines[json_integer_value(at)] : NULL;
}

int results_check_line(const struct result *o, const struct results_expected *map,
		       const char *file, int lineno, char *err, size_t len)
{
	const struct result *want;

	if (!o->game)
		return 0; /* not a result line at all: the callers say so */
	want = results_expected_get(map, o->game);
	if (!want) {
		snprintf(err, len, "%s:%d: game '%s' is not in the schedule of these results "
			 "(the line does not belong here: move the file aside, or start over with "
			 "--fresh)", file, lineno, o->game);
		return -1;
	}
	for (size_t i = 0; i < sizeof(checked_fields) / sizeof(checked_fields[0]); i++) {
		char *g = result_field_text(o, checked_fields[i]), *e;
		int seats = !strcmp(checked_fields[i], "seats");

		if (g && (seats ? same_seats(o, want) :
			  result_field_equal(o, want, checked_fields[i]))) {
			free(g);
			continue;
		}
		e = result_field_text(want, checked_fields[i]);
		snprintf(err, len, "%s:%d: game '%s': '%s' is %.200s, the schedule says %.200s "
			 "(%sthe line was changed: move the file aside, or start over with --fresh)",
			 file, lineno, o->game, checked_fields[i],
			 g ? g : "missing", e ? e : "?",
			 g && !strcmp(checked_fields[i], "index") ?
			 "an incremental run stopped while it superseded games leaves this: run "
			 "the same arena command again to finish it; else " : "");
		free(g);
		free(e);
		return -1;
	}
	return 0;
}

void results_expected_schedule(struct results_expected *e, const struct schedule *s,
			       const struct config *c, int k, int n)
{
	for (int i = 0; i < s->ngames; i++)
		if (!n || schedule_in_shard(&s->games[i], k, n))
			schedule_line(results_expected_add(e), &s->games[i], c);
	results_expected_index(e);
}

int results_load(struct results *r, const struct schedule *s, const struct config *c, int k,
		 int n, struct strset *done, long *faults, long *repaired, struct result_list *lines,
		 char *err, size_t len)
{
	char *path = path_join(r->dir, RESULTS_FILE);
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	size_t pos = 0, good_end = 0;
	int ret = -1;
	struct results_expected map;
	struct result o;
	char why[ERRLEN];

	results_expected_init(&map);
	results_expected_schedule(&map, s, c, k, n);
	result_init(&o);
	*repaired = 0;
	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &l)) {
		if (!l.complete || result_parse(&o, l.text, l.len, why, sizeof(why)) < 0 || !o.game) {
			if (l.last)
				break; /* the torn last line */
			snprintf(err, len,
				 "%s:%d: not a result line (the file is damaged: move it aside, "
				 "or start over with --fresh)", path, l.lineno);
			goto out;
		}
		if (results_check_line(&o, &map, path, l.lineno, err, len) < 0)
			goto out;
		/* a line written twice (a crash between write and count) counts once */
		if (strset_add(done, o.game) && o.nfaults > 0)
			*faults += o.nfaults;
		if (lines)
			result_list_take(lines, &o);
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
	result_release(&o);
	results_expected_release(&map);
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
	int *fd = !strcmp(name, RESULTS_FAILED) ? &r->failed_fd : &r->out_fd;
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
	return append_synced(r->out_fd, line, RESULTS_FILE, err, len);
}

int results_append_failed(struct results *r, const char *line, char *err, size_t len)
{
	if (r->failed_fd < 0) {
		char *path = path_join(r->dir, RESULTS_FAILED);

		r->failed_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
		free(path);
		if (r->failed_fd < 0 || fchmod(r->failed_fd, 0600) < 0 || fsync(r->dir_fd) < 0) {
			snprintf(err, len, "cannot write 'failed.jsonl': %s", strerror(errno));
			return -1;
		}
	}
	return append_synced(r->failed_fd, line, RESULTS_FAILED, err, len);
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
static char *replay_command(const struct result *o)
{
	struct strvec v;
	struct strbuf sb = STRBUF_INIT;
	int programs = 0, added = 0;

	if (!o->argv.nr)
		return NULL;
	strvec_init(&v);
	for (size_t i = 0; i < o->argv.nr; i++) {
		const char *w = o->argv.items[i];

		if (!strcmp(w, "--") && !added) {
			/* a built-in's seed (key_bot_seed()) is on the command line already */
			for (int seat = 0; seat < o->bot_seeds.n; seat++) {
				if (o->bot_seeds.v[seat].type == RESULT_INT &&
				    !has_bot_seed(&v, (size_t)seat)) {
					strvec_push(&v, "--bot-seed");
					strvec_pushf(&v, "%d:%lld", seat, o->bot_seeds.v[seat].i);
				}
			}
			added = 1;
		} else if (added && w[0] != '@') {
			programs = 1;
		}
		strvec_push(&v, w);
	}
	strbuf_init(&sb);
	if (programs && o->cwd) {
		strbuf_addstr(&sb, "cd ");
		strvec_quote_word(o->cwd, &sb);
		strbuf_addstr(&sb, " && ");
	}
	strvec_quote(&v, &sb);
	strvec_release(&v);
	return strbuf_detach(&sb);
}

void result_list_init(struct result_list *l)
{
	memset(l, 0, sizeof(*l));
}

void result_list_release(struct result_list *l)
{
	for (int i = 0; i < l->n; i++)
		result_release(&l->r[i]);
	free(l->r);
	result_list_init(l);
}

void result_list_take(struct result_list *l, struct result *r)
{
	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 64;
		l->r = xrealloc(l->r, (size_t)l->alloc * sizeof(*l->r));
	}
	l->r[l->n++] = *r;
	result_init(r);
}

int results_read_list(const char *dir, struct result_list *l, char *err, size_t len)
{
	char *path = path_join(dir, RESULTS_FILE);
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line line = { NULL, 0, 0, 0, 0 };
	char why[ERRLEN];
	size_t pos = 0;
	int ret = -1;

	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0 && errno != ENOENT) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &line)) {
		if (l->n == l->alloc) {
			l->alloc = l->alloc ? 2 * l->alloc : 64;
			l->r = xrealloc(l->r, (size_t)l->alloc * sizeof(*l->r));
		}
		result_init(&l->r[l->n]);
		if (line.complete && result_parse(&l->r[l->n], line.text, line.len, why,
						  sizeof(why)) == 0)
			l->n++;
		else
			result_release(&l->r[l->n]);
	}
	ret = 0;
out:
	strbuf_release(&sb);
	free(path);
	return ret;
}

/* Adds the replay command of o, when it has one, to p. */
static void add_played(struct results_played *p, const struct result *o)
{
	char *cmd;

	if (o->game && (cmd = replay_command(o))) {
		json_object_set_new(p->commands, o->game, json_string(cmd));
		free(cmd);
	}
}

struct results_played *results_played_of(const struct result_list *l)
{
	struct results_played *p = xcalloc(1, sizeof(*p));

	p->commands = json_object();
	for (int i = 0; i < l->n; i++)
		add_played(p, &l->r[i]);
	return p;
}

struct results_played *results_played_read(const char *dir, const char *only, char *err,
					   size_t len)
{
	struct result_list l;
	struct results_played *p = NULL;

	result_list_init(&l);
	if (results_read_list(dir, &l, err, len) == 0) {
		p = xcalloc(1, sizeof(*p));
		p->commands = json_object();
		for (int i = 0; i < l.n; i++)
			if (!only || (l.r[i].game && !strcmp(l.r[i].game, only)))
				add_played(p, &l.r[i]);
	}
	result_list_release(&l);
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
