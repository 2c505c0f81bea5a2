/*
 * scenario.h - helpers for the scenario tests (test_rules_*.c): a game set
 * up from an explicit deal written as a text literal, moves given as text
 * with the seat expected to make them, and the engine's answers turned
 * into text so that a test can compare them with a hand-worked string.
 *
 * Everything here is static: each test binary includes it once, after
 * testhelp.h's counters. A helper that finds a problem counts a failed
 * check and prints the caller's file and line, like the CHECK macros.
 */
#ifndef SCENARIO_H
#define SCENARIO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal.h"
#include "game.h"
#include "rules.h"
#include "util.h"
#include "view.h"
#include "testhelp.h"

/* A game with its rules and the explicit deal it borrows (heap: big). */
struct scen {
	struct rules rules;
	struct deal deal;
	struct game g;
};

/* Counts one failed check (the caller counted the check itself). */
static void scen_fail(const char *file, int line, const char *what, const char *detail)
{
	th_failed++;
	fprintf(stderr, "%s:%d: %s%s%s\n", file, line, what, detail ? ": " : "",
		detail ? detail : "");
}

/*
 * Finished rules for variant with options "key=value,key=value" (NULL or
 * "" for none). Returns 0, or -1 after counting a failed check.
 */
static int scen_rules(struct rules *r, const char *variant, const char *opts,
		      const char *file, int line)
{
	char err[256], key[64], val[64];
	int v = variant_parse(variant);

	if (v < 0) {
		scen_fail(file, line, "unknown variant", variant);
		return -1;
	}
	rules_init(r, (enum variant)v);
	while (opts && *opts) {
		const char *end = strchr(opts, ','), *eq = strchr(opts, '=');
		size_t n = end ? (size_t)(end - opts) : strlen(opts);

		if (!eq || eq > opts + n) {
			scen_fail(file, line, "bad option text", opts);
			return -1;
		}
		snprintf(key, sizeof(key), "%.*s", (int)(eq - opts), opts);
		snprintf(val, sizeof(val), "%.*s", (int)(opts + n - eq - 1), eq + 1);
		if (rules_set_option(r, key, val, err, sizeof(err)) < 0) {
			scen_fail(file, line, "option rejected", err);
			return -1;
		}
		opts = end ? end + 1 : opts + n;
	}
	if (rules_finish(r, err, sizeof(err)) < 0) {
		scen_fail(file, line, "rules_finish failed", err);
		return -1;
	}
	return 0;
}

/*
 * A game of variant (with options) from the explicit deal text. Returns
 * NULL after counting a failed check when the deal or options are refused.
 */
static struct scen *scen_new_at(const char *variant, const char *opts, const char *text,
				const char *file, int line)
{
	struct scen *s = xcalloc(1, sizeof(*s));
	char err[256];

	th_checks++;
	if (scen_rules(&s->rules, variant, opts, file, line) < 0)
		goto fail;
	if (deal_parse(text, strlen(text), &s->rules, &s->deal, err, sizeof(err)) < 0) {
		scen_fail(file, line, "deal refused", err);
		goto fail;
	}
	if (game_init(&s->g, &s->rules, 1, &s->deal, err, sizeof(err)) < 0) {
		scen_fail(file, line, "game_init refused the deal", err);
		goto fail;
	}
	return s;
fail:
	free(s);
	return NULL;
}
#define scen_new(variant, opts, text) scen_new_at(variant, opts, text, __FILE__, __LINE__)

/* The legal moves of the seat to act, as text joined by single spaces. */
static const char *legal_text(const struct game *g)
{
	static char buf[8192];
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && used < sizeof(buf); i++) {
		char one[64];

		move_format(&mv[i], one, sizeof(one));
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s", i ? " " : "", one);
	}
	return buf;
}
#define LEGAL(g, want) CHECK_STR(legal_text(g), want)

/*
 * Applies a list of moves "seat:move,seat:move,...": each must be made by
 * the seat named (game_to_move) and be accepted. Stops at the first
 * problem. Returns 0 when every move applied.
 */
static int moves_at(struct game *g, const char *list, const char *file, int line)
{
	char item[64], err[256], msg[512];

	th_checks++;
	while (*list) {
		const char *end = strchr(list, ','), *p;
		size_t n = end ? (size_t)(end - list) : strlen(list);
		long seat;
		char *colon;
		struct move m;

		snprintf(item, sizeof(item), "%.*s", (int)n, list);
		list = end ? end + 1 : list + n;
		for (p = item; *p == ' '; p++)
			;
		memmove(item, p, strlen(p) + 1);
		while (*item && item[strlen(item) - 1] == ' ')
			item[strlen(item) - 1] = '\0';
		colon = strchr(item, ':');
		if (!colon) {
			scen_fail(file, line, "move without 'seat:'", item);
			return -1;
		}
		*colon = '\0';
		if (parse_long(item, 0, MAX_SEATS - 1, &seat) < 0) {
			scen_fail(file, line, "bad seat in move list", item);
			return -1;
		}
		if (game_to_move(g) != seat) {
			snprintf(msg, sizeof(msg), "'%ld:%s': seat %d is to move", seat, colon + 1,
				 game_to_move(g));
			scen_fail(file, line, "wrong seat", msg);
			return -1;
		}
		if (move_parse(colon + 1, strlen(colon + 1), &m) < 0) {
			scen_fail(file, line, "move text not understood", colon + 1);
			return -1;
		}
		if (game_apply(g, &m, err, sizeof(err)) < 0) {
			snprintf(msg, sizeof(msg), "'%ld:%s': %s (legal: %s)", seat, colon + 1, err,
				 legal_text(g));
			scen_fail(file, line, "move rejected", msg);
			return -1;
		}
	}
	return 0;
}
#define MOVES(g, list) moves_at(g, list, __FILE__, __LINE__)

/*
 * Checks that move (text) is refused for the seat to act, with a reason
 * containing 'why' (and not 'not_why' unless NULL), and that the refusal left the state byte for byte as
 * it was.
 */
static void reject_at(struct game *g, const char *text, const char *why, const char *not_why,
		      const char *file, int line)
{
	struct game *copy = xmalloc(sizeof(*copy));
	char err[256] = "", msg[512];
	struct move m;

	memcpy(copy, g, sizeof(*g));
	th_checks++;
	if (move_parse(text, strlen(text), &m) < 0) {
		scen_fail(file, line, "move text not understood", text);
		free(copy);
		return;
	}
	th_checks++;
	if (game_apply(g, &m, err, sizeof(err)) != -1) {
		scen_fail(file, line, "illegal move was accepted", text);
		memcpy(g, copy, sizeof(*g));
		free(copy);
		return;
	}
	th_checks++;
	if (!strstr(err, why) || (not_why && strstr(err, not_why))) {
		snprintf(msg, sizeof(msg),
			 "'%s' refused with \"%s\", expected a reason with \"%s\"%s%s%s", text,
			 err, why, not_why ? " and without \"" : "", not_why ? not_why : "",
			 not_why ? "\"" : "");
		scen_fail(file, line, "unhelpful reason", msg);
	}
	th_checks++;
	if (memcmp(copy, g, sizeof(*g))) {
		scen_fail(file, line, "a refused move changed the state", text);
	}
	free(copy);
}
#define REJECT(g, text, why) reject_at(g, text, why, NULL, __FILE__, __LINE__)
/* The same, and the reason must not contain not_why (a misleading word). */
#define REJECT_NOT(g, text, why, not_why) reject_at(g, text, why, not_why, __FILE__, __LINE__)

/* The winners of this hand's finished tricks, in order ("2 3 1"). */
static const char *trick_winners(const struct game *g)
{
	static char buf[128];
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < g->nev && used < sizeof(buf); i++)
		if (g->ev[i].type == EV_TRICK)
			used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%d",
						 used ? " " : "", g->ev[i].seat);
	return buf;
}

/* Space-separated ints of an array ("0 1 0 0 1"). */
static const char *ints_text(const int *v, int n)
{
	static char buf[4][128];
	static int which;
	char *b = buf[which++ % 4];
	size_t used = 0;

	b[0] = '\0';
	for (int i = 0; i < n; i++)
		used += (size_t)snprintf(b + used, 128 - used, "%s%d", i ? " " : "", v[i]);
	return b;
}
#define SCORES(g) ints_text((g)->score, (g)->rules.players)
#define POINTS(g) ints_text((g)->hand_points, (g)->rules.players)
#define TRICKS(g) ints_text((g)->tricks, (g)->rules.seats)
#define RANKS(g) ints_text((g)->ranks, (g)->rules.players)

/* What seat may see now (view_render); the caller frees it. */
static char *render(const struct game *g, int seat)
{
	struct strbuf sb;

	strbuf_init(&sb);
	view_render(g, seat, &sb);
	return strbuf_detach(&sb);
}

/* A card from its token, CARD_NONE (and a failed check) if it is not one. */
static card_t card_of(const char *tok)
{
	card_t c;

	if (card_parse(tok, strlen(tok), &c) != (int)strlen(tok)) {
		fprintf(stderr, "not a card token: %s\n", tok);
		th_checks++;
		th_failed++;
		return CARD_NONE;
	}
	return c;
}

/* Copies of the card (token) in seat's hand now. */
static int holds(const struct game *g, int seat, const char *tok)
{
	card_t c = card_of(tok);

	return c == CARD_NONE ? -1 : hand_count_of(&g->hand[seat], c);
}

#endif
