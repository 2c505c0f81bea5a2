/*
 * store_incremental.c - what changed since the last run (the bots' fingerprints
 * compared), and the archive of superseded games (see store_incremental.h).
 *
 * Superseding is done by rewriting results.jsonl whole (a synced temporary
 * file renamed over it) after the superseded lines are safely in the
 * archive: at any moment every finished game is in one of the two files,
 * whole, and results.jsonl only ever holds whole games.
 */
#include "store_incremental.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "store_jsonl.h"
#include "path.h"
#include "seat.h"
#include "strset.h"
#include "util.h"

/* ---- what changed ---- */

static void add_delta(struct delta *d, const char *name, enum bot_state state, int bot)
{
	struct bot_delta *b;

	d->bots = xrealloc(d->bots, (size_t)(d->n + 1) * sizeof(*d->bots));
	b = &d->bots[d->n++];
	memset(b, 0, sizeof(*b));
	b->name = xstrdup(name);
	b->state = state;
	b->bot = bot;
	d->changes += state != BOT_SAME;
}

void incremental_diff(struct delta *d, const struct config *c, const struct results_meta *meta,
		      char (*fp)[FINGERPRINT_LEN + 1])
{
	int known = meta && meta->bots.nr > 0;

	memset(d, 0, sizeof(*d));
	for (int i = 0; i < c->nbots; i++) {
		const char *old = known ? fingerprint_recs_get(&meta->bots, c->bots[i].name) : NULL;

		add_delta(d, c->bots[i].name, !known ? BOT_SAME : !old ? BOT_ADDED
			  : strcmp(old, fp[i]) ? BOT_CHANGED : BOT_SAME, i);
	}
	for (size_t i = 0; known && i < meta->bots.nr; i++)
		if (!incremental_find(d, meta->bots.items[i].name))
			add_delta(d, meta->bots.items[i].name, BOT_REMOVED, -1);
}

void incremental_release(struct delta *d)
{
	for (int i = 0; i < d->n; i++)
		free(d->bots[i].name);
	free(d->bots);
	free(d->archive);
	memset(d, 0, sizeof(*d));
}

struct bot_delta *incremental_find(struct delta *d, const char *name)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->bots[i].name, name))
			return &d->bots[i];
	return NULL;
}

/* ---- the archive ---- */

static int make_dir(const char *path, char *err, size_t len)
{
	if (mkdir(path, 0700) < 0 && errno != EEXIST) {
		snprintf(err, len, "cannot make directory '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* fsync()s the directory dir/sub (sub NULL: dir). 0, or -1 with err. */
static int sync_dir(const char *dir, const char *sub, char *err, size_t len)
{
	char *path = sub ? path_join(dir, sub) : xstrdup(dir);
	int ret = file_sync_dir(path);

	if (ret < 0)
		snprintf(err, len, "cannot sync '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

/*
 * After moves from sub/ to the archive's sub/ (made by the first of
 * them): both directories, and the archive that holds the new one,
 * synced, so the moves are on disk before results.jsonl is replaced.
 */
static int sync_moves(struct delta *d, struct results *r, const char *sub, char *err, size_t len)
{
	if (sync_dir(results_dir(r), sub, err, len) < 0 || sync_dir(d->archive, sub, err, len) < 0)
		return -1;
	return sync_dir(d->archive, NULL, err, len);
}

const char *incremental_archive(struct delta *d, struct results *r, char *err, size_t len)
{
	char *top;

	if (d->archive)
		return d->archive;
	top = path_join(results_dir(r), RESULTS_ARCHIVE);
	if (make_dir(top, err, len) < 0) {
		free(top);
		return NULL;
	}
	for (int n = 1;; n++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%s/%d", top, n);
		if (mkdir(sb.buf, 0700) == 0) {
			d->archive = strbuf_detach(&sb);
			break;
		}
		strbuf_release(&sb);
		if (errno != EEXIST) {
			snprintf(err, len, "cannot make directory '%s/%d': %s", top, n,
				 strerror(errno));
			free(top);
			return NULL;
		}
	}
	/* archive/N's entry (in archive/), and archive/'s (in the results directory) */
	if (file_sync_parent(d->archive) < 0 || file_sync_parent(top) < 0) {
		snprintf(err, len, "cannot sync the directories that hold '%s': %s", d->archive,
			 strerror(errno));
		free(top);
		return NULL;
	}
	free(top);
	return d->archive;
}

/*
 * Moves DIR/SUB/NAME to ARCHIVE/SUB/NAME when it exists: 1 if it moved,
 * 0 if there was none, -1 with err. The caller syncs (sync_moves()).
 */
static int move_to_archive(struct delta *d, struct results *r, const char *sub, const char *name,
			   char *err, size_t len)
{
	struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;
	const char *arch;
	int ret = -1;

	strbuf_init(&from);
	strbuf_init(&to);
	strbuf_addf(&from, "%s/%s/%s", results_dir(r), sub, name);
	if (access(from.buf, F_OK) < 0) {
		ret = 0;
		goto out;
	}
	if (!(arch = incremental_archive(d, r, err, len)))
		goto out;
	strbuf_addf(&to, "%s/%s", arch, sub);
	if (make_dir(to.buf, err, len) < 0)
		goto out;
	strbuf_addf(&to, "/%s", name);
	if (rename(from.buf, to.buf) < 0) {
		snprintf(err, len, "cannot move '%s' to '%s': %s", from.buf, to.buf,
			 strerror(errno));
		goto out;
	}
	ret = 1;
out:
	strbuf_release(&from);
	strbuf_release(&to);
	return ret;
}

int incremental_archive_builds(struct delta *d, struct results *r, char *err, size_t len)
{
	int builds = 0, feedback = 0;

	for (int i = 0; i < d->n; i++) {
		struct strbuf log = STRBUF_INIT;
		int a = 0, b = 0, c = 0;

		if (d->bots[i].state != BOT_CHANGED && d->bots[i].state != BOT_REMOVED)
			continue;
		strbuf_init(&log);
		strbuf_addf(&log, "%s.log", d->bots[i].name);
		if ((a = move_to_archive(d, r, RESULTS_BUILDS, d->bots[i].name, err, len)) >= 0)
			b = move_to_archive(d, r, RESULTS_BUILDS, log.buf, err, len);
		strbuf_reset(&log);
		strbuf_addf(&log, "%s.txt", d->bots[i].name);
		if (a >= 0 && b >= 0 && d->bots[i].state == BOT_REMOVED)
			c = move_to_archive(d, r, RESULTS_FEEDBACK, log.buf, err, len);
		strbuf_release(&log);
		if (a < 0 || b < 0 || c < 0)
			return -1;
		builds |= a || b;
		feedback |= c;
	}
	if ((builds && sync_moves(d, r, RESULTS_BUILDS, err, len) < 0) ||
	    (feedback && sync_moves(d, r, RESULTS_FEEDBACK, err, len) < 0))
		return -1;
	return 0;
}

/*
 * The game id a file of a game is named for: NAME less one of the
 * endings the referee and the arena give it (ID.log, ID.err,
 * ID.seatN.stderr, ID.html; a bot-logs/ID directory has none), into id;
 * 0, or -1 when it has none of them. Endings, not dots: bot names (and so
 * ids) may hold dots.
 */
static int id_of(const char *name, int whole, char *id, size_t len)
{
	static const char *const ends[] = { ".log", ".err", ".html", ".stderr" };
	size_t n = strlen(name);

	if (whole)
		return (size_t)snprintf(id, len, "%s", name) < len ? 0 : -1;
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t k = strlen(ends[i]);

		if (n <= k || strcmp(name + n - k, ends[i]) || n - k >= len)
			continue;
		snprintf(id, len, "%.*s", (int)(n - k), name);
		if (i == 3) { /* ID.seatN.stderr */
			char *dot = strrchr(id, '.');

			if (!dot || strncmp(dot, ".seat", 5) || !dot[5] ||
			    strspn(dot + 5, "0123456789") != strlen(dot + 5))
				return -1;
			*dot = '\0';
		}
		return 0;
	}
	return -1;
}

/* Moves what sub/ holds of the games in ids to the archive's sub/. */
static int archive_sub(struct delta *d, struct results *r, const char *sub, int whole,
		       const struct strset *ids, char *err, size_t len)
{
	char *path = path_join(results_dir(r), sub), id[512];
	DIR *dir = opendir(path);
	struct dirent *e;
	struct strvec names;
	int ret = 0;

	free(path);
	strvec_init(&names);
	while (dir && (e = readdir(dir)))
		if (e->d_name[0] != '.' && id_of(e->d_name, whole, id, sizeof(id)) == 0 &&
		    strset_has(ids, id))
			strvec_push(&names, e->d_name);
	if (dir)
		closedir(dir);
	for (size_t i = 0; i < names.nr && ret >= 0; i++) {
		int m = move_to_archive(d, r, sub, names.items[i], err, len);

		ret = m < 0 ? -1 : ret | m;
	}
	if (ret > 0)
		ret = sync_moves(d, r, sub, err, len);
	strvec_release(&names);
	return ret < 0 ? -1 : 0;
}

/*
 * Moves the records of the games in ids to the archive: logs/ID.*, the
 * bots' stderr in bot-logs/ID/, the game's page pages/ID.html (a replayed
 * game keeps its id: an old page would show the old game).
 */
static int archive_records(struct delta *d, struct results *r, const struct strset *ids,
			   char *err, size_t len)
{
	if (archive_sub(d, r, RESULTS_LOGS, 0, ids, err, len) < 0 ||
	    archive_sub(d, r, RESULTS_BOT_LOGS, 1, ids, err, len) < 0 ||
	    archive_sub(d, r, RESULTS_PAGES, 0, ids, err, len) < 0)
		return -1;
	return 0;
}

/* Is any bot of the line's "bots" changed or removed? (Counts it against each.) */
static int stale_bots(struct delta *d, const struct result_strs *bots, int count)
{
	int stale = 0;

	for (int i = 0; i < bots->n; i++) {
		struct bot_delta *b = incremental_find(d, bots->v[i]);

		if (bots->v[i][0] == '@')
			continue; /* a house seat (no bot name starts with '@') */
		if (!b || b->state == BOT_CHANGED || b->state == BOT_REMOVED)
			stale = 1;
	}
	if (!stale || !count)
		return stale;
	/* count the game once per bot, however many seats it held */
	for (int k = 0; k < d->n; k++) {
		for (int i = 0; i < bots->n; i++)
			if (!strcmp(bots->v[i], d->bots[k].name)) {
				d->bots[k].archived++;
				break;
			}
	}
	return 1;
}

/* The game ids of shard k of n of s, each with its fixture. */
static json_t *fixture_map(const struct schedule *s, int k, int n)
{
	json_t *map = json_object();

	for (int i = 0; i < s->ngames; i++)
		if (!n || schedule_in_shard(&s->games[i], k, n))
			json_object_set_new(map, s->games[i].id, json_integer(i));
	return map;
}

/* Does the stored line's "bots" name the bots g seats? */
static int same_seats(const struct config *c, const struct fixture *g,
		      const struct result_strs *bots)
{
	if (bots->n != g->nseats)
		return 0;
	for (int p = 0; p < g->nseats; p++)
		if (strcmp(bots->v[p], config_entrant(c, g->bot[p])->name))
			return 0;
	return 1;
}

/*
 * Is a stored line of game g (NULL: not in this schedule or shard)
 * superseded? bots is the line's "bots" (NULL for a failed.jsonl line,
 * whose bots are the schedule's); count: count it against its bots.
 */
static int superseded(struct delta *d, const struct config *c, const struct fixture *g,
		      const struct result_strs *bots, int count)
{
	if (bots)
		return stale_bots(d, bots, count) || !g || !same_seats(c, g, bots);
	if (!g)
		return 1;
	for (int p = 0; p < g->nseats; p++) {
		struct bot_delta *b = incremental_find(d, config_entrant(c, g->bot[p])->name);

		if (b && b->state == BOT_CHANGED)
			return 1;
	}
	return 0;
}


/*
 * Splits the lines of the results directory's file name into kept (their
 * index rewritten) and gone (superseded), adding each superseded id to
 * ids. A torn last line is dropped (its game is played again).
 */
static int split_file(struct delta *d, struct results *r, const char *name,
		      const struct schedule *s, const struct config *c, json_t *map,
		      struct strbuf *kept, struct strbuf *gone, struct strset *ids, char *err,
		      size_t len)
{
	char *path = path_join(results_dir(r), name);
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	struct result o;
	struct failed_game f;
	char why[ERRLEN];
	size_t pos = 0;
	int results = !strcmp(name, RESULTS_FILE), ret = -1;

	strbuf_init(&sb);
	result_init(&o);
	failed_game_init(&f);
	if (jsonl_slurp(path, &sb) < 0 && errno != ENOENT) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &l) && l.complete) {
		const char *id;
		const struct fixture *g;
		json_t *at;
		int bad;

		bad = results ? result_parse(&o, l.text, l.len, why, sizeof(why)) < 0 :
				failed_game_parse(&f, l.text, l.len, why, sizeof(why)) < 0;
		id = bad ? NULL : results ? o.game : f.game;
		if (!id) {
			snprintf(err, len, "%s:%d: not a result line (the file is damaged: move it "
				 "aside, or start over with --fresh)", path, l.lineno);
			goto out;
		}
		at = json_object_get(map, id);
		g = at ? &s->games[json_integer_value(at)] : NULL;
		if (superseded(d, c, g, results ? &o.bots : NULL, results)) {
			strbuf_add(gone, l.text, l.len);
			strbuf_addch(gone, '\n');
			strset_add(ids, id);
			d->archived += results;
			continue;
		}
		/* a kept line takes its game's index in the new schedule */
		if (results) {
			o.has_index = 1;
			o.index = g->index;
			if (result_format(&o, kept, err, len) < 0)
				goto out;
		} else {
			f.has_index = 1;
			f.index = g->index;
			failed_game_format(&f, kept);
		}
		strbuf_addch(kept, '\n');
		d->kept += results;
	}
	ret = 0;
out:
	result_release(&o);
	failed_game_release(&f);
	strbuf_release(&sb);
	free(path);
	return ret;
}

/* Writes text to ARCHIVE/name (0600) and syncs it. 0, or -1 with err. */
static int write_archived(struct delta *d, struct results *r, const char *name,
			  const struct strbuf *text, char *err, size_t len)
{
	const char *arch = incremental_archive(d, r, err, len);
	char *path;
	int fd, ret = -1;

	if (!arch)
		return -1;
	path = path_join(arch, name);
	fd = file_open_private(path, 1, err, len);
	if (fd >= 0) {
		if (file_write_all(fd, text->buf, text->len) < 0 || fsync(fd) < 0 ||
		    file_sync_parent(path) < 0)
			snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		else
			ret = 0;
		close(fd);
	}
	free(path);
	return ret;
}

int incremental_reconcile(struct delta *d, struct results *r, const struct schedule *s,
			  const struct config *c, int k, int n, char *err, size_t len)
{
	static const char *const files[] = { RESULTS_FILE, RESULTS_FAILED };
	json_t *map = fixture_map(s, k, n);
	struct strbuf kept[2], gone[2];
	struct strset ids;
	int ret = -1;

	strset_init(&ids);
	for (int f = 0; f < 2; f++) {
		strbuf_init(&kept[f]);
		strbuf_init(&gone[f]);
	}
	for (int f = 0; f < 2; f++)
		if (split_file(d, r, files[f], s, c, map, &kept[f], &gone[f], &ids, err, len) < 0)
			goto out;
	/* first the archive, synced; then the files without the superseded lines */
	for (int f = 0; f < 2; f++)
		if (gone[f].len && write_archived(d, r, files[f], &gone[f], err, len) < 0)
			goto out;
	if (archive_records(d, r, &ids, err, len) < 0)
		goto out;
	for (int f = 0; f < 2; f++) {
		char *path = path_join(results_dir(r), files[f]);
		int there = access(path, F_OK) == 0;

		free(path);
		if ((there || kept[f].len) &&
		    results_replace(r, files[f], kept[f].buf, kept[f].len, err, len) < 0)
			goto out;
	}
	ret = 0;
out:
	for (int f = 0; f < 2; f++) {
		strbuf_release(&kept[f]);
		strbuf_release(&gone[f]);
	}
	strset_release(&ids);
	json_decref(map);
	return ret;
}
