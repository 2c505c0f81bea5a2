/*
 * store_result.c - the result line's one reader and one writer (see store_result.h).
 * Both go through jansson: the reader walks the parsed object once and
 * keeps every key, typed, in struct result; the writer builds the object
 * back in the order the line has always had and dumps it the way the
 * arena always has (compact, reals with 12 significant digits), so that
 * a line read and written again is the same bytes.
 */
#include "store_result.h"

#include <stdlib.h>
#include <string.h>

/* The known keys in the order of the line; extra ones go before "cwd". */
static const char *const keys[] = {
	"game", "index", "bots", "variant", "seed", "bot_seeds", "options", "seats", "hands",
	"seat_scores", "team_scores", "ranks", "faults", "decisions", "time_ms", "mem_peak_mb",
	"euchred", "stopped", "cwd", "argv",
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))
#define FIRST_AFTER_EXTRA 18 /* "cwd" */

void result_init(struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->bots.n = r->seats.n = -1;
	r->bot_seeds.n = r->seat_scores.n = r->team_scores.n = r->ranks.n = -1;
	r->decisions.n = r->time_ms.n = r->mem_peak_mb.n = r->euchred.n = -1;
	r->noptions = r->nfaults = -1;
	r->stopped = -1;
	/* argv all zero: an empty strvec that pushes and releases, without an allocation */
}

static void strs_release(struct result_strs *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	s->n = -1;
}

void result_release(struct result *r)
{
	free(r->game);
	free(r->variant);
	free(r->cwd);
	strs_release(&r->bots);
	strs_release(&r->seats);
	for (int i = 0; i < r->noptions; i++) {
		free(r->options[i].name);
		free(r->options[i].text);
	}
	free(r->options);
	for (int i = 0; i < r->nfaults; i++) {
		free(r->faults[i].kind);
		free(r->faults[i].detail);
	}
	free(r->faults);
	strvec_release(&r->argv);
	json_decref(r->extra);
	result_init(r);
}

void result_set_text(char **field, const char *s)
{
	free(*field);
	*field = s ? xstrdup(s) : NULL;
}

/* ---- reading ---- */

static char *text_of(json_t *x)
{
	return json_is_string(x) ? xstrdup(json_string_value(x)) : NULL;
}

static void read_nums(json_t *a, struct result_nums *n)
{
	json_t *x;
	size_t i;

	n->n = -1;
	if (!json_is_array(a) || json_array_size(a) > MAX_SEATS)
		return;
	json_array_foreach(a, i, x) {
		struct result_num *v = &n->v[i];

		if (json_is_integer(x)) {
			v->type = RESULT_INT;
			v->i = (long long)json_integer_value(x);
		} else if (json_is_real(x)) {
			v->type = RESULT_REAL;
			v->d = json_real_value(x);
		} else if (json_is_null(x)) {
			v->type = RESULT_NULL;
		} else {
			return;
		}
	}
	n->n = (int)json_array_size(a);
}

static void read_strs(json_t *a, struct result_strs *s)
{
	json_t *x;
	size_t i;

	s->n = -1;
	if (!json_is_array(a) || json_array_size(a) > MAX_SEATS)
		return;
	json_array_foreach(a, i, x)
		if (!json_is_string(x))
			return;
	s->n = 0;
	json_array_foreach(a, i, x)
		s->v[s->n++] = xstrdup(json_string_value(x));
}

static void read_options(json_t *o, struct result *r)
{
	const char *name;
	json_t *x;

	if (!json_is_object(o))
		return;
	r->noptions = 0;
	r->options = xcalloc(json_object_size(o) + 1, sizeof(*r->options));
	json_object_foreach(o, name, x) {
		struct result_option *opt = &r->options[r->noptions];

		if (json_is_integer(x)) {
			opt->type = RESULT_OPT_INT;
			opt->n = (long long)json_integer_value(x);
		} else if (json_is_boolean(x)) {
			opt->type = RESULT_OPT_BOOL;
			opt->n = json_is_true(x);
		} else if (json_is_string(x)) {
			opt->type = RESULT_OPT_TEXT;
			opt->text = xstrdup(json_string_value(x));
		} else {
			continue; /* no option of the rules is anything else */
		}
		opt->name = xstrdup(name);
		r->noptions++;
	}
}

static void read_faults(json_t *a, struct result *r)
{
	json_t *x;
	size_t i;

	if (!json_is_array(a))
		return;
	r->nfaults = (int)json_array_size(a);
	r->faults = xcalloc(json_array_size(a) + 1, sizeof(*r->faults));
	json_array_foreach(a, i, x) {
		struct result_fault *f = &r->faults[i];
		json_t *seat = json_object_get(x, "seat"), *hand = json_object_get(x, "hand");

		f->seat = json_is_integer(seat) && json_integer_value(seat) >= 0 &&
			  json_integer_value(seat) < MAX_SEATS ? (int)json_integer_value(seat) : -1;
		f->hand = json_is_integer(hand) ? (long)json_integer_value(hand) : -1;
		f->kind = text_of(json_object_get(x, "kind"));
		f->detail = text_of(json_object_get(x, "detail"));
	}
}

/* Reads the value x of key into r; 0 when the key is not one of the line's. */
static int read_key(struct result *r, const char *key, json_t *x)
{
	struct { const char *key; struct result_nums *nums; } arrays[] = {
		{ "bot_seeds", &r->bot_seeds }, { "seat_scores", &r->seat_scores },
		{ "ranks", &r->ranks }, { "decisions", &r->decisions }, { "time_ms", &r->time_ms },
		{ "mem_peak_mb", &r->mem_peak_mb }, { "euchred", &r->euchred },
	};

	for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++)
		if (!strcmp(key, arrays[i].key)) {
			read_nums(x, arrays[i].nums);
			return 1;
		}
	if (!strcmp(key, "game"))
		r->game = text_of(x);
	else if (!strcmp(key, "index"))
		r->has_index = json_is_integer(x), r->index = (long)json_integer_value(x);
	else if (!strcmp(key, "bots"))
		read_strs(x, &r->bots);
	else if (!strcmp(key, "variant"))
		r->variant = text_of(x);
	else if (!strcmp(key, "seed"))
		r->has_seed = json_is_integer(x), r->seed = (long long)json_integer_value(x);
	else if (!strcmp(key, "options"))
		read_options(x, r);
	else if (!strcmp(key, "seats"))
		read_strs(x, &r->seats);
	else if (!strcmp(key, "hands"))
		r->has_hands = json_is_integer(x), r->hands = (long long)json_integer_value(x);
	else if (!strcmp(key, "team_scores"))
		r->team_scores_null = json_is_null(x), read_nums(x, &r->team_scores);
	else if (!strcmp(key, "faults"))
		read_faults(x, r);
	else if (!strcmp(key, "stopped"))
		r->stopped = json_is_boolean(x) ? json_is_true(x) : -1;
	else if (!strcmp(key, "cwd"))
		r->cwd = text_of(x);
	else if (!strcmp(key, "argv")) {
		json_t *w;
		size_t i;

		json_array_foreach(x, i, w)
			if (!json_is_string(w))
				return 1;
		r->has_argv = json_is_array(x);
		json_array_foreach(x, i, w)
			strvec_push(&r->argv, json_string_value(w));
	} else
		return 0;
	return 1;
}

int result_parse(struct result *r, const char *text, size_t len, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *o = json_loadb(text, len, 0, &jerr), *x;
	const char *key;

	result_release(r);
	if (!o) {
		snprintf(err, errlen, "not one JSON line (%s)", jerr.text);
		return -1;
	}
	if (!json_is_object(o)) {
		snprintf(err, errlen, "not a JSON object");
		json_decref(o);
		return -1;
	}
	json_object_foreach(o, key, x) {
		if (read_key(r, key, x))
			continue;
		if (!r->extra)
			r->extra = json_object();
		json_object_set(r->extra, key, x);
	}
	json_decref(o);
	return 0;
}

/* ---- writing ---- */

static json_t *nums_json(const struct result_nums *n)
{
	json_t *a;

	if (n->n < 0)
		return NULL;
	a = json_array();
	for (int i = 0; i < n->n; i++)
		json_array_append_new(a, n->v[i].type == RESULT_INT ? json_integer(n->v[i].i) :
					 n->v[i].type == RESULT_REAL ? json_real(n->v[i].d) :
					 json_null());
	return a;
}

static json_t *strs_json(const struct result_strs *s)
{
	json_t *a;

	if (s->n < 0)
		return NULL;
	a = json_array();
	for (int i = 0; i < s->n; i++)
		json_array_append_new(a, json_string(s->v[i]));
	return a;
}

static json_t *text_json(const char *s)
{
	return s ? json_string(s) : NULL;
}

static json_t *options_json(const struct result *r)
{
	json_t *o;

	if (r->noptions < 0)
		return NULL;
	o = json_object();
	for (int i = 0; i < r->noptions; i++) {
		const struct result_option *opt = &r->options[i];

		json_object_set_new(o, opt->name, opt->type == RESULT_OPT_INT ? json_integer(opt->n) :
				    opt->type == RESULT_OPT_BOOL ? json_boolean(opt->n) :
				    json_string(opt->text));
	}
	return o;
}

static json_t *faults_json(const struct result *r)
{
	json_t *a;

	if (r->nfaults < 0)
		return NULL;
	a = json_array();
	for (int i = 0; i < r->nfaults; i++) {
		const struct result_fault *f = &r->faults[i];
		json_t *o = json_object();

		if (f->seat >= 0)
			json_object_set_new(o, "seat", json_integer(f->seat));
		if (f->kind)
			json_object_set_new(o, "kind", json_string(f->kind));
		if (f->hand >= 0)
			json_object_set_new(o, "hand", json_integer(f->hand));
		if (f->detail)
			json_object_set_new(o, "detail", json_string(f->detail));
		json_array_append_new(a, o);
	}
	return a;
}

/* Field name of r as a new JSON value, or NULL when r does not hold it. */
static json_t *field_json(const struct result *r, const char *name)
{
	const struct { const char *key; const struct result_nums *nums; } arrays[] = {
		{ "bot_seeds", &r->bot_seeds }, { "seat_scores", &r->seat_scores },
		{ "ranks", &r->ranks }, { "decisions", &r->decisions }, { "time_ms", &r->time_ms },
		{ "mem_peak_mb", &r->mem_peak_mb }, { "euchred", &r->euchred },
	};

	for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++)
		if (!strcmp(name, arrays[i].key))
			return nums_json(arrays[i].nums);
	if (!strcmp(name, "game"))
		return text_json(r->game);
	if (!strcmp(name, "index"))
		return r->has_index ? json_integer(r->index) : NULL;
	if (!strcmp(name, "bots"))
		return strs_json(&r->bots);
	if (!strcmp(name, "variant"))
		return text_json(r->variant);
	if (!strcmp(name, "seed"))
		return r->has_seed ? json_integer(r->seed) : NULL;
	if (!strcmp(name, "options"))
		return options_json(r);
	if (!strcmp(name, "seats"))
		return strs_json(&r->seats);
	if (!strcmp(name, "hands"))
		return r->has_hands ? json_integer(r->hands) : NULL;
	if (!strcmp(name, "team_scores"))
		return r->team_scores_null ? json_null() : nums_json(&r->team_scores);
	if (!strcmp(name, "faults"))
		return faults_json(r);
	if (!strcmp(name, "stopped"))
		return r->stopped < 0 ? NULL : json_boolean(r->stopped);
	if (!strcmp(name, "cwd"))
		return text_json(r->cwd);
	if (!strcmp(name, "argv")) {
		json_t *a;

		if (!r->has_argv)
			return NULL;
		a = json_array();
		for (size_t i = 0; i < r->argv.nr; i++)
			json_array_append_new(a, json_string(r->argv.items[i]));
		return a;
	}
	return NULL;
}

/* Can JSON hold s (valid UTF-8), or is it absent (NULL)? */
static int text_ok(const char *s)
{
	json_t *t;
	int ok;

	if (!s)
		return 1;
	t = json_string(s);
	ok = t != NULL;
	json_decref(t);
	return ok;
}

/*
 * The key of the first of r's texts that JSON cannot hold (not valid
 * UTF-8), or NULL when it can hold them all: jansson makes no string of
 * such a text, and the field would go missing from the line unsaid.
 */
static const char *bad_text_key(const struct result *r)
{
	if (!text_ok(r->game))
		return "game";
	if (!text_ok(r->variant))
		return "variant";
	if (!text_ok(r->cwd))
		return "cwd";
	for (int i = 0; i < r->bots.n; i++)
		if (!text_ok(r->bots.v[i]))
			return "bots";
	for (int i = 0; i < r->seats.n; i++)
		if (!text_ok(r->seats.v[i]))
			return "seats";
	for (int i = 0; i < r->noptions; i++)
		if (!text_ok(r->options[i].name) || !text_ok(r->options[i].text))
			return "options";
	for (int i = 0; i < r->nfaults; i++)
		if (!text_ok(r->faults[i].kind) || !text_ok(r->faults[i].detail))
			return "faults";
	for (size_t i = 0; i < r->argv.nr; i++)
		if (!text_ok(r->argv.items[i]))
			return "argv";
	return NULL;
}

int result_format(const struct result *r, struct strbuf *out, char *err, size_t errlen)
{
	json_t *o, *x;
	const char *key = bad_text_key(r);
	char *text;

	if (key) {
		snprintf(err, errlen, "the result line cannot be written as JSON: its '%s' is not "
			 "valid UTF-8", key);
		return -1;
	}
	o = json_object();

	for (size_t i = 0; i < NKEYS; i++) {
		if (i == FIRST_AFTER_EXTRA && r->extra)
			json_object_foreach(r->extra, key, x)
				json_object_set(o, key, x);
		if ((x = field_json(r, keys[i])))
			json_object_set_new(o, keys[i], x);
	}
	text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
	json_decref(o);
	if (!text) {
		snprintf(err, errlen, "the result line cannot be written as JSON (not valid UTF-8?)");
		return -1;
	}
	strbuf_addstr(out, text);
	free(text);
	return 0;
}

int result_field_equal(const struct result *a, const struct result *b, const char *name)
{
	json_t *x = field_json(a, name), *y = field_json(b, name);
	int same = x && y ? json_equal(x, y) : !x && !y;

	json_decref(x);
	json_decref(y);
	return same;
}

int result_text_equal(const char *a, size_t alen, const char *b, size_t blen)
{
	json_t *x = json_loadb(a, alen, 0, NULL), *y = x ? json_loadb(b, blen, 0, NULL) : NULL;
	int same = x && y && json_equal(x, y);

	json_decref(x);
	json_decref(y);
	return same;
}

char *result_field_text(const struct result *r, const char *name)
{
	json_t *x = field_json(r, name);
	char *text = x ? json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;

	json_decref(x);
	return text;
}

int result_nums_ints(const struct result_nums *n, int count, long long min, long long max)
{
	if (n->n != count)
		return 0;
	for (int i = 0; i < count; i++)
		if (n->v[i].type != RESULT_INT || n->v[i].i < min || n->v[i].i > max)
			return 0;
	return 1;
}

int result_nums_numbers(const struct result_nums *n, int count)
{
	if (n->n != count)
		return 0;
	for (int i = 0; i < count; i++)
		if (n->v[i].type == RESULT_NULL)
			return 0;
	return 1;
}

double result_num_value(const struct result_nums *n, int k)
{
	return n->v[k].type == RESULT_INT ? (double)n->v[k].i :
	       n->v[k].type == RESULT_REAL ? n->v[k].d : 0;
}

/* ---- failed.jsonl ---- */

void failed_game_init(struct failed_game *f)
{
	memset(f, 0, sizeof(*f));
}

void failed_game_release(struct failed_game *f)
{
	free(f->game);
	free(f->reason);
	free(f->command);
	json_decref(f->extra);
	failed_game_init(f);
}

int failed_game_parse(struct failed_game *f, const char *text, size_t len, char *err,
		      size_t errlen)
{
	json_error_t jerr;
	json_t *o = json_loadb(text, len, 0, &jerr), *x;
	const char *key;

	failed_game_release(f);
	if (!o || !json_is_object(o)) {
		snprintf(err, errlen, o ? "not a JSON object" : "not one JSON line (%s)", jerr.text);
		json_decref(o);
		return -1;
	}
	json_object_foreach(o, key, x) {
		if (!strcmp(key, "game"))
			f->game = text_of(x);
		else if (!strcmp(key, "index"))
			f->has_index = json_is_integer(x), f->index = (long)json_integer_value(x);
		else if (!strcmp(key, "attempts"))
			f->has_attempts = json_is_integer(x),
			f->attempts = (long)json_integer_value(x);
		else if (!strcmp(key, "reason"))
			f->reason = text_of(x);
		else if (!strcmp(key, "command"))
			f->command = text_of(x);
		else {
			if (!f->extra)
				f->extra = json_object();
			json_object_set(f->extra, key, x);
		}
	}
	json_decref(o);
	return 0;
}

/* s as a JSON string; escaped (util.h) when it is not valid UTF-8, never dropped. */
static json_t *json_text(const char *s)
{
	json_t *t = json_string(s);
	struct strbuf sb = STRBUF_INIT;

	if (t)
		return t;
	strbuf_init(&sb);
	strbuf_add_escaped(&sb, s, strlen(s));
	t = json_string(sb.buf);
	strbuf_release(&sb);
	return t;
}

void failed_game_format(const struct failed_game *f, struct strbuf *out)
{
	json_t *o = json_object(), *x;
	const char *key;
	char *text;

	if (f->game)
		json_object_set_new(o, "game", json_text(f->game));
	if (f->has_index)
		json_object_set_new(o, "index", json_integer(f->index));
	if (f->has_attempts)
		json_object_set_new(o, "attempts", json_integer(f->attempts));
	if (f->reason)
		json_object_set_new(o, "reason", json_text(f->reason));
	if (f->command)
		json_object_set_new(o, "command", json_text(f->command));
	if (f->extra)
		json_object_foreach(f->extra, key, x)
			json_object_set(o, key, x);
	text = json_dumps(o, JSON_COMPACT);
	strbuf_addstr(out, text ? text : "{}");
	free(text);
	json_decref(o);
}
