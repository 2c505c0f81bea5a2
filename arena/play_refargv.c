/*
 * play_refargv.c - the referee command line for one game (see play_refargv.h).
 */
#include "play_refargv.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "seat.h"
#include "util.h"

/* Unreachable in hands_per_round hands (24 points at most per hand). */
#define OUT_OF_REACH 100000

void refargv_build(struct strvec *out, const struct config *c, const struct fixture *g,
		   const struct refargv_paths *p)
{
	const struct variant_cfg *v = &c->variants[g->variant];

	const char *log = p->log, *bot_logs = p->bot_logs, *results = p->results;

	strvec_push(out, p->referee);
	strvec_push(out, "--variant");
	strvec_push(out, variant_name(v->base));
	if (p->match) {
		strvec_push(out, "--match");
		strvec_push(out, "-");
		log = bot_logs = NULL;
	} else {
		strvec_push(out, "--seed");
		if (p->seed_on_stdin)
			strvec_push(out, "-");
		else
			strvec_pushf(out, "%llu", (unsigned long long)g->seed);
	}
	if (g->deal && !p->match) {
		strvec_push(out, "--deal");
		strvec_push(out, g->deal);
	}
	if (v->progressive) {
		strvec_push(out, "--option");
		strvec_pushf(out, "target=%d", OUT_OF_REACH);
		strvec_push(out, "--option");
		strvec_pushf(out, "hole=%d", OUT_OF_REACH);
		strvec_push(out, "--option");
		strvec_pushf(out, "max_hands=%ld", v->hands_per_round);
	}
	for (int o = 0; o < v->nopts; o++) {
		strvec_push(out, "--option");
		strvec_pushf(out, "%s=%s", v->opt_key[o], v->opt_value[o]);
	}
	if (c->startup_ms) {
		strvec_push(out, "--startup-ms");
		strvec_pushf(out, "%ld", c->startup_ms);
	}
	if (c->move_ms) {
		strvec_push(out, "--move-ms");
		strvec_pushf(out, "%ld", c->move_ms);
	}
	if (c->bank_ms) {
		strvec_push(out, "--bank-ms");
		strvec_pushf(out, "%ld", c->bank_ms);
	}
	if (c->game_ms) {
		strvec_push(out, "--game-ms");
		strvec_pushf(out, "%ld", c->game_ms);
	}
	if (c->stderr_kb >= 0) {
		strvec_push(out, "--stderr-cap");
		strvec_pushf(out, "%ld", c->stderr_kb * 1024);
	}
	if (c->cpu_time)
		strvec_push(out, "--cpu-time");
	if (c->insecure)
		strvec_push(out, "--insecure");
	if (c->keep_scratch)
		strvec_push(out, "--keep-scratch");
	if (!c->matches && p->seed_on_stdin)
		strvec_push(out, "--no-matches");
	if (p->cpu) {
		strvec_push(out, "--cpu");
		strvec_pushf(out, "%d", p->cpu - 1);
	}
	if (log) {
		strvec_push(out, "--log");
		strvec_push(out, log);
	}
	if (bot_logs) {
		strvec_push(out, "--bot-logs");
		strvec_push(out, bot_logs);
	}
	/* each holds bots' own directories (their built copies, their submissions) */
	if (results) {
		strvec_push(out, "--hide-others");
		strvec_push(out, results);
	}
	if (results && c->submissions) {
		strvec_push(out, "--hide-others");
		strvec_push(out, c->submissions);
	}
	for (int s = 0; s < g->nseats; s++) {
		const struct entrant *b = config_entrant(c, g->bot[s]);

		if (b->builtin)
			continue;
		for (int k = 0; k < NLIMITS; k++) {
			long lim = config_bot_limit(c, b, k);

			if (!lim)
				continue;
			strvec_push(out, "--limit");
			strvec_pushf(out, "%d:%s=%ld", s, limit_def(k)->name, lim);
		}
	}
	for (int s = 0; s < g->nseats; s++) {
		const struct entrant *b = config_entrant(c, g->bot[s]);

		/* a seat's seed, a bot program's too: keyed, so one key plays the same games */
		if (seat_takes_seed(b->seat) && !p->match) {
			strvec_push(out, "--bot-seed");
			strvec_pushf(out, "%d:%llu", s, (unsigned long long)g->bot_seed[s]);
		}
		/* the bot's relative paths start in its directory */
		if (b->dir && !b->builtin && strcmp(b->seat, b->dir)) {
			strvec_push(out, "--seat-dir");
			strvec_pushf(out, "%d:%s", s, b->dir);
		}
	}
	strvec_push(out, "--");
	for (int s = 0; s < g->nseats; s++)
		strvec_push(out, config_entrant(c, g->bot[s])->seat);
}

int refargv_match_line(struct strbuf *out, const struct config *c, const struct fixture *g,
		       const char *log, const char *bot_logs)
{
	json_t *line = json_object(), *seeds = json_object();
	char *text;
	int ret = -1;

	json_object_set_new(line, "seed", json_integer((json_int_t)g->seed));
	for (int s = 0; s < g->nseats; s++) {
		const struct entrant *b = config_entrant(c, g->bot[s]);
		char seat[12]; /* "%d" of any int: -Wformat-truncation under -fsanitize */

		if (seat_takes_seed(b->seat)) {
			snprintf(seat, sizeof(seat), "%d", s);
			json_object_set_new(seeds, seat, json_integer((json_int_t)g->bot_seed[s]));
		}
	}
	if (json_object_size(seeds))
		json_object_set(line, "bot_seeds", seeds);
	json_decref(seeds);
	/* json_string() is NULL for a path that is not UTF-8, and then the set fails */
	if ((log && json_object_set_new(line, "log", json_string(log)) < 0) ||
	    (bot_logs && json_object_set_new(line, "bot_logs", json_string(bot_logs)) < 0) ||
	    (g->deal && json_object_set_new(line, "deal", json_string(g->deal)) < 0))
		goto out;
	text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!text)
		goto out;
	strbuf_addstr(out, text);
	strbuf_addch(out, '\n');
	free(text);
	ret = 0;
out:
	json_decref(line);
	return ret;
}

void refargv_command_line(struct strbuf *out, const struct config *c, const struct fixture *g,
			  const struct strvec *argv)
{
	int programs = 0;

	for (int s = 0; s < g->nseats; s++)
		programs |= !config_entrant(c, g->bot[s])->builtin;
	if (programs) {
		strbuf_addstr(out, "cd ");
		strvec_quote_word(c->dir, out);
		strbuf_addstr(out, " && ");
	}
	strvec_quote(argv, out);
}
