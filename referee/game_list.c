/*
 * game_list.c - the games of a --match list (see game_list.h), parsed
 * with jansson: a line is a JSON object, never taken apart by hand.
 */
#include "game_list.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define SEED_MAX 0x7fffffffffffffffLL

void game_list_init(struct game_list *gl)
{
	gl->games = NULL;
	gl->n = 0;
}

void game_spec_release(struct game_spec *g)
{
	free(g->log);
	free(g->bot_logs);
	free(g->deal);
	memset(g, 0, sizeof(*g));
}

void game_list_release(struct game_list *gl)
{
	for (long i = 0; i < gl->n; i++)
		game_spec_release(&gl->games[i]);
	free(gl->games);
	game_list_init(gl);
}

/* A seed: a JSON integer from 0 to 2^63-1. */
static int seed_value(json_t *v, const char *what, unsigned long long *out, char *err,
		      size_t len)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > SEED_MAX) {
		snprintf(err, len, "%s is not a number from 0 to 2^63-1", what);
		return -1;
	}
	*out = (unsigned long long)json_integer_value(v);
	return 0;
}

/* A path: a non-empty JSON string without NUL bytes, copied into *out. */
static int path_value(json_t *v, const char *key, char **out, char *err, size_t len)
{
	if (!json_is_string(v) || !json_string_length(v) ||
	    strlen(json_string_value(v)) != json_string_length(v)) {
		snprintf(err, len, "'%s' is not a non-empty string", key);
		return -1;
	}
	*out = xstrdup(json_string_value(v));
	return 0;
}

/* "bot_seeds": {"SEAT": N, ...}, SEAT from 0 to 9. */
static int bot_seeds_value(struct game_spec *g, json_t *v, char *err, size_t len)
{
	const char *k;
	json_t *x;

	if (!json_is_object(v)) {
		snprintf(err, len, "'bot_seeds' is not an object of SEAT: N");
		return -1;
	}
	json_object_foreach(v, k, x) {
		long s;
		unsigned long long seed;

		if (parse_long(k, 0, MAX_SEATS - 1, &s) < 0) {
			snprintf(err, len, "'bot_seeds': seat '%.16s' is not a number from 0 to 9", k);
			return -1;
		}
		if (g->bot_seed_given & (1u << s)) {
			/* "1" and "01": JSON sees two keys, the referee one seat */
			snprintf(err, len, "'bot_seeds': seat %ld given twice", s);
			return -1;
		}
		if (seed_value(x, "a seed of 'bot_seeds'", &seed, err, len) < 0)
			return -1;
		g->bot_seed[s] = seed;
		g->bot_seed_given |= 1u << s;
	}
	return 0;
}

int game_spec_parse(struct game_spec *g, const char *line, size_t len, char *err, size_t errlen)
{
	json_error_t je;
	json_t *root = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je), *v;
	const char *k;
	int seed = 0, ret = -1;

	memset(g, 0, sizeof(*g));
	if (!root) {
		snprintf(err, errlen, "not JSON: %s", je.text);
		return -1;
	}
	if (!json_is_object(root)) {
		snprintf(err, errlen, "not a JSON object");
		goto out;
	}
	json_object_foreach(root, k, v) {
		int r;

		if (!strcmp(k, "seed")) {
			r = seed_value(v, "'seed'", &g->seed, err, errlen);
			seed = 1;
		} else if (!strcmp(k, "bot_seeds")) {
			r = bot_seeds_value(g, v, err, errlen);
		} else if (!strcmp(k, "log")) {
			r = path_value(v, k, &g->log, err, errlen);
		} else if (!strcmp(k, "bot_logs")) {
			r = path_value(v, k, &g->bot_logs, err, errlen);
		} else if (!strcmp(k, "deal")) {
			r = path_value(v, k, &g->deal, err, errlen);
		} else {
			snprintf(err, errlen, "unknown key '%.40s' (seed, bot_seeds, log, bot_logs, "
				 "deal)", k);
			r = -1;
		}
		if (r < 0)
			goto out;
	}
	if (!seed) {
		snprintf(err, errlen, "no 'seed'");
		goto out;
	}
	ret = 0;
out:
	json_decref(root);
	if (ret < 0)
		game_spec_release(g);
	return ret;
}

int game_list_read(struct game_list *gl, FILE *f, const char *name, char *err, size_t len)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	int ret = -1;

	errno = 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		struct game_spec g;
		char why[256];

		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		if (n == 0)
			continue;
		if (gl->n == GAME_LIST_MAX) {
			snprintf(err, len, "%s:%ld: more than %d games", name, lineno, GAME_LIST_MAX);
			goto out;
		}
		if (game_spec_parse(&g, line, (size_t)n, why, sizeof(why)) < 0) {
			snprintf(err, len, "%s:%ld: %s", name, lineno, why);
			goto out;
		}
		g.line = lineno;
		gl->games = xrealloc(gl->games, (size_t)(gl->n + 1) * sizeof(*gl->games));
		gl->games[gl->n++] = g;
	}
	if (ferror(f)) {
		snprintf(err, len, "cannot read %s: %s", name, strerror(errno));
		goto out;
	}
	if (!gl->n) {
		snprintf(err, len, "%s: no game (one line of JSON per game)", name);
		goto out;
	}
	ret = 0;
out:
	free(line);
	return ret;
}
