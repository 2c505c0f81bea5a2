/*
 * store_result_set.c - reading results back for the report (see store_result_set.h):
 * any number of results files, each game once, every line checked
 * against its schedule, nothing written.
 */
#include "store_result_set.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_jsonl.h"
#include "path.h"
#include "store_results.h"
#include "util.h"

void result_set_init(struct result_set *s)
{
	memset(s, 0, sizeof(*s));
	strvec_init(&s->names);
	strvec_init(&s->sources);
	strset_init(&s->ids);
	stored_games_init(&s->failed);
	excluded_bots_init(&s->excluded);
	strvec_init(&s->shards);
	results_meta_init(&s->meta);
	result_list_init(&s->lines);
	s->where = json_object();
}

/* Frees what res owns. */
static void scored_game_clear(struct scored_game *res)
{
	for (int f = 0; f < res->nfaults; f++)
		free(res->faults[f].detail);
	free(res->id);
	free(res->variant);
	free(res->faults);
}

void result_set_release(struct result_set *s)
{
	for (int i = 0; i < s->n; i++)
		scored_game_clear(&s->r[i]);
	free(s->name);
	free(s->r);
	strvec_release(&s->names);
	strvec_release(&s->sources);
	strset_release(&s->ids);
	stored_games_release(&s->failed);
	excluded_bots_release(&s->excluded);
	strvec_release(&s->shards);
	results_meta_release(&s->meta);
	free(s->meta_dir);
	json_decref(s->where);
	result_list_release(&s->lines);
	memset(s, 0, sizeof(*s));
}

static int intern(struct strvec *v, const char *name)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->items[i], name))
			return (int)i;
	strvec_push(v, name);
	return (int)v->nr - 1;
}

/* Fills res from a stored line. Returns 0, or -1 when the line is not a result. */
static int parse_result(struct result_set *s, const struct result *o, struct scored_game *res)
{
	const char *dot;
	int n = o->bots.n;

	memset(res, 0, sizeof(*res));
	if (!o->game || n < 2 || !result_nums_ints(&o->ranks, n, 1, n) ||
	    !result_nums_numbers(&o->seat_scores, n))
		return -1;
	res->nseats = n;
	for (int p = 0; p < n; p++) {
		const char *name = o->bots.v[p];

		res->bot[p] = name[0] == '@' ? RESULT_HOUSE : intern(&s->names, name);
		res->rank[p] = (int)o->ranks.v[p].i;
		res->score[p] = result_num_value(&o->seat_scores, p);
	}
	if (result_nums_numbers(&o->team_scores, 2)) {
		res->has_teams = 1;
		res->team_score[0] = result_num_value(&o->team_scores, 0);
		res->team_score[1] = result_num_value(&o->team_scores, 1);
	}
	res->index = o->has_index ? o->index : -1;
	res->id = xstrdup(o->game);
	dot = strchr(res->id, '.');
	res->variant = dot ? xstrndup(res->id, (size_t)(dot - res->id)) : xstrdup(res->id);
	if (o->nfaults > 0) {
		res->faults = xcalloc((size_t)o->nfaults, sizeof(*res->faults));
		for (int i = 0; i < o->nfaults; i++) {
			const struct result_fault *x = &o->faults[i];

			if (x->seat < 0 || x->seat >= n || !x->kind)
				continue;
			res->faults[res->nfaults].seat = x->seat;
			snprintf(res->faults[res->nfaults].kind, sizeof(res->faults[0].kind), "%s",
				 x->kind);
			res->faults[res->nfaults].detail = xstrdup(x->detail ? x->detail : "");
			res->nfaults++;
		}
	}
	return 0;
}

static void read_side_files(struct result_set *s, const char *dir)
{
	char *failed = path_join(dir, RESULTS_FAILED), *meta = path_join(dir, RESULTS_META);
	struct strbuf sb = STRBUF_INIT;
	json_t *o;

	strbuf_init(&sb);
	if (jsonl_slurp(failed, &sb) == 0) {
		char *line = sb.buf;

		struct failed_game f;
		char why[ERRLEN];

		failed_game_init(&f);
		while (*line) {
			char *nl = strchr(line, '\n');

			if (!nl)
				break;
			if (failed_game_parse(&f, line, (size_t)(nl - line), why, sizeof(why)) == 0 &&
			    f.game)
				stored_games_add(&s->failed, dir, f.game, f.reason ? f.reason : "");
			line = nl + 1;
		}
		failed_game_release(&f);
	}
	o = json_load_file(meta, 0, NULL);
	if (o) {
		json_t *ex;
		size_t i;

		if (!s->name && json_is_string(json_object_get(o, "arena")))
			s->name = xstrdup(json_string_value(json_object_get(o, "arena")));
		if (json_is_integer(json_object_get(o, "games")))
			s->scheduled += (long)json_integer_value(json_object_get(o, "games"));
		if (json_is_string(json_object_get(o, "fingerprint")))
			strvec_push(&s->shards, json_string_value(json_object_get(o, "fingerprint")));
		json_array_foreach(json_object_get(o, "excluded"), i, ex) {
			const char *name = json_string_value(json_object_get(ex, "bot"));
			const char *why = json_string_value(json_object_get(ex, "reason"));

			if (name && !excluded_bots_reason(&s->excluded, name))
				excluded_bots_add(&s->excluded, name, "%s", why ? why : "");
		}
		json_decref(o);
	}
	strbuf_release(&sb);
	free(failed);
	free(meta);
}

/*
 * The schedule stored beside a results file (DIR/schedule.jsonl) as a map
 * from game id to its schedule line, in *map. A directory the arena made
 * (it has arena.json) must have one; without either, *map is NULL and the
 * lines go unchecked (results.jsonl written by hand, or by an arena
 * before schedules were stored). 0, or -1 with err.
 */
static int load_schedule(const char *dir, struct results_expected **map, char *err, size_t len)
{
	char *path = path_join(dir, RESULTS_SCHEDULE), *meta = path_join(dir, RESULTS_META);
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	char why[ERRLEN];
	size_t pos = 0;
	int ret = -1;

	*map = NULL;
	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0) {
		if (errno == ENOENT && access(meta, F_OK) < 0)
			ret = 0;
		else
			snprintf(err, len, "cannot check the results in '%s' against their schedule: "
				 "cannot read '%s': %s", dir, path, strerror(errno));
		goto out;
	}
	*map = xcalloc(1, sizeof(**map));
	results_expected_init(*map);
	while (jsonl_next(sb.buf, sb.len, &pos, &l)) {
		struct result *o = results_expected_add(*map);

		if (result_parse(o, l.text, l.len, why, sizeof(why)) < 0 || !o->game) {
			snprintf(err, len, "%s:%d: not a schedule line (the file is damaged)", path,
				 l.lineno);
			results_expected_release(*map);
			free(*map);
			*map = NULL;
			goto out;
		}
	}
	results_expected_index(*map);
	ret = 0;
out:
	strbuf_release(&sb);
	free(path);
	free(meta);
	return ret;
}

/* The N of a shard "K/N" ("1/1" for a whole run). */
static const char *shard_count(const char *shard)
{
	const char *slash = strchr(shard, '/');

	return slash ? slash + 1 : shard;
}

/* Adds to sb what of b's bots differs from a's (", bot 'x' (...)"). */
static void bots_differ(struct strbuf *sb, const struct results_meta *a,
			const struct results_meta *b)
{
	for (size_t i = 0; i < a->bots.nr; i++) {
		const char *name = a->bots.items[i].name, *fa = a->bots.items[i].fingerprint;
		const char *fb = fingerprint_recs_get(&b->bots, name);

		if (!fb)
			strbuf_addf(sb, ", bot '%s' (only in the first)", name);
		else if (strcmp(fa, fb))
			strbuf_addf(sb, ", bot '%s' (fingerprint %s, %s: another version of it)",
				    name, fa, fb);
	}
	for (size_t i = 0; i < b->bots.nr; i++)
		if (!fingerprint_recs_get(&a->bots, b->bots.items[i].name))
			strbuf_addf(sb, ", bot '%s' (only in the second)", b->bots.items[i].name);
}

/*
 * The arena.json of dir (if any) against the first one read: the games
 * of two directories are comparable only when they were dealt from the
 * same key, with the same setup, sharded alike (two shard counts: two
 * runs of the same games) and played by the same versions of the bots.
 * 0, -1 with err (arena.json damaged), or RESULT_SET_MIXED with err.
 */
static int check_meta(struct result_set *s, const char *dir, char *err, size_t len)
{
	struct results_meta m;
	struct strbuf sb = STRBUF_INIT;
	const struct results_meta *a = &s->meta;
	int got, ret = 0;

	results_meta_init(&m);
	if ((got = results_read_meta_dir(dir, &m, err, len)) <= 0) {
		results_meta_release(&m);
		return got;
	}
	if (!s->meta_dir) {
		s->meta_dir = xstrdup(dir);
		results_meta_release(&s->meta);
		s->meta = m; /* s owns it now */
		return 0;
	}
	strbuf_init(&sb);
	if (strcmp(a->key_id, m.key_id))
		strbuf_addf(&sb, ", key (%s, %s)", a->key_id[0] ? a->key_id : "none: a seed",
			    m.key_id[0] ? m.key_id : "none: a seed");
	if (a->setup[0] && m.setup[0] && strcmp(a->setup, m.setup))
		strbuf_addf(&sb, ", setup (%s, %s: variants, deals or seed)", a->setup, m.setup);
	if (strcmp(shard_count(a->shard), shard_count(m.shard)))
		strbuf_addf(&sb, ", shard count (%s, %s)", shard_count(a->shard),
			    shard_count(m.shard));
	if (a->bots.nr && m.bots.nr)
		bots_differ(&sb, a, &m);
	if (sb.len) {
		snprintf(err, len, "%s and %s hold games of different runs, not to be merged: %s. "
			 "Report the directories of one run (shards: shard-*-of-N)",
			 s->meta_dir, dir, sb.buf + 2);
		ret = RESULT_SET_MIXED;
	}
	strbuf_release(&sb);
	results_meta_release(&m);
	return ret;
}

/* Do a and b (the same game id) count the same? */
static int same_result(const struct scored_game *a, const struct scored_game *b)
{
	if (a->nseats != b->nseats || a->has_teams != b->has_teams || a->nfaults != b->nfaults)
		return 0;
	for (int p = 0; p < a->nseats; p++)
		if (a->bot[p] != b->bot[p] || a->rank[p] != b->rank[p] || a->score[p] != b->score[p])
			return 0;
	if (a->has_teams && (a->team_score[0] != b->team_score[0] ||
			     a->team_score[1] != b->team_score[1]))
		return 0;
	for (int f = 0; f < a->nfaults; f++)
		if (a->faults[f].seat != b->faults[f].seat ||
		    strcmp(a->faults[f].kind, b->faults[f].kind))
			return 0;
	return 1;
}

/*
 * Adds the parsed line o (line lineno of file, from source src) to s,
 * checked against map (may be NULL). 0; 1 when o is not a result (no
 * message); -1 with err when it is not a game of map; RESULT_SET_MIXED
 * with err when its game was read before with another result.
 */
static int add_line(struct result_set *s, const struct result *o, int src,
		    const struct results_expected *map, const char *file, int lineno, char *err,
		    size_t len)
{
	struct scored_game res;

	if (parse_result(s, o, &res) < 0)
		return 1;
	if (map && results_check_line(o, map, file, lineno, err, len) < 0) {
		scored_game_clear(&res);
		return -1;
	}
	if (!strset_add(&s->ids, res.id)) {
		const struct scored_game *was =
			&s->r[json_integer_value(json_object_get(s->where, res.id))];

		if (!same_result(was, &res)) {
			snprintf(err, len, "%s:%d: game %s was read before, from %s, with "
				 "another result: two plays of one game, by different runs. "
				 "Report the results of one run", file, lineno, res.id,
				 s->sources.items[was->source]);
			scored_game_clear(&res);
			return RESULT_SET_MIXED;
		}
		s->duplicates++;
		scored_game_clear(&res);
		return 0;
	}
	json_object_set_new(s->where, res.id, json_integer(s->n));
	res.source = src;
	if (s->n == s->alloc) {
		s->alloc = s->alloc * 2 + 64;
		s->r = xrealloc(s->r, (size_t)s->alloc * sizeof(*s->r));
	}
	s->r[s->n++] = res;
	return 0;
}

int result_set_read(struct result_set *s, const char *path, char *err, size_t len)
{
	struct stat st;
	struct strbuf sb = STRBUF_INIT;
	char *file, *dir, *slash;
	struct results_expected *map = NULL;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	struct result o;
	char why[ERRLEN];
	size_t pos = 0;
	int ret = -1, src;

	if (stat(path, &st) < 0) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		file = path_join(path, RESULTS_FILE);
		dir = xstrdup(path);
	} else {
		file = xstrdup(path);
		dir = xstrdup(path);
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		else {
			free(dir);
			dir = xstrdup(".");
		}
	}
	strbuf_init(&sb);
	result_init(&o);
	if (jsonl_slurp(file, &sb) < 0) {
		if (!(S_ISDIR(st.st_mode) && errno == ENOENT)) {
			snprintf(err, len, "cannot read '%s': %s", file, strerror(errno));
			goto out;
		}
	}
	if ((ret = check_meta(s, dir, err, len)) < 0)
		goto out;
	ret = -1;
	if (load_schedule(dir, &map, err, len) < 0)
		goto out;
	src = intern(&s->sources, dir);
	while (jsonl_next(sb.buf, sb.len, &pos, &l)) {
		ret = 1; /* not a result */
		if (l.complete && result_parse(&o, l.text, l.len, why, sizeof(why)) == 0)
			ret = add_line(s, &o, src, map, file, l.lineno, err, len);
		if (ret == 1 && l.last) {
			s->torn++;
			break;
		}
		if (ret == 1)
			snprintf(err, len, "%s:%d: not a result line", file, l.lineno);
		if (ret != 0)
			goto out;
	}
	read_side_files(s, dir);
	ret = 0;
out:
	if (map)
		results_expected_release(map);
	free(map);
	result_release(&o);
	strbuf_release(&sb);
	free(file);
	free(dir);
	return ret;
}

static int cmp_result(const void *a, const void *b)
{
	const struct scored_game *x = a, *y = b;

	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return strcmp(x->id, y->id);
}

void result_set_finish(struct result_set *s)
{
	struct strset seen;
	size_t keep = 0;

	if (s->n)
		qsort(s->r, (size_t)s->n, sizeof(*s->r), cmp_result);
	json_object_clear(s->where); /* its indices moved */
	for (int i = 0; i < s->n; i++)
		json_object_set_new(s->where, s->r[i].id, json_integer(i));
	strset_init(&seen);
	for (size_t i = 0; i < s->failed.nr; i++) {
		struct stored_game *f = &s->failed.items[i];

		if (!strset_has(&s->ids, f->id) && strset_add(&seen, f->id)) {
			s->failed.items[keep++] = *f;
		} else {
			free(f->dir);
			free(f->id);
			free(f->reason);
		}
	}
	s->failed.nr = keep;
	strset_release(&seen);
}

/* Moves r into s->lines when it is kept there; r is left empty. */
static void keep(struct result_set *s, struct result *r)
{
	if (s->keep_all || r->nfaults > 0)
		result_list_take(&s->lines, r);
	else
		result_release(r);
}

int result_set_start(struct result_set *s, const char *dir, struct result_list *lines,
		     char *err, size_t len)
{
	char *file = path_join(dir, RESULTS_FILE);
	int ret = 0, src;

	if (check_meta(s, dir, err, len) < 0) {
		free(file);
		return -1;
	}
	src = intern(&s->sources, dir);
	s->live = 1;
	for (int i = 0; i < lines->n && ret == 0; i++) {
		/* results_load() checked each against the schedule */
		ret = add_line(s, &lines->r[i], src, NULL, file, i + 1, err, len);
		if (ret == 1)
			snprintf(err, len, "%s:%d: not a result line", file, i + 1);
		keep(s, &lines->r[i]);
	}
	result_list_release(lines);
	if (ret == 0)
		read_side_files(s, dir);
	free(file);
	return ret ? -1 : 0;
}

int result_set_add(struct result_set *s, struct result *r, char *err, size_t len)
{
	int ret = add_line(s, r, 0, NULL, RESULTS_FILE, s->lines.n + 1, err, len);

	if (ret == 1)
		snprintf(err, len, "game %s: not a result", r->game ? r->game : "(no id)");
	keep(s, r);
	return ret ? -1 : 0;
}

void result_set_add_failed(struct result_set *s, const char *id, const char *reason)
{
	stored_games_add(&s->failed, s->sources.items[0], id, reason);
}
