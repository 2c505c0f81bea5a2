/*
 * c-search - a euchre-arena bot that plays as the built-in @search does,
 * over the protocol: the example to copy for a search bot of your own.
 *
 * It links the project's rules engine (engine/: the rules, the deal
 * sampler, the search) and does three things the built-in does not need
 * to: it reads the handshake into the variant's rules, it turns the event
 * lines back into the engine's event list (the seat's view, struct
 * seat_view: exactly what the referee would build from the game for this
 * seat), and it answers each request with search_move()'s move. The
 * request blocks themselves are read only for "held" and "legal": the
 * events say everything else. The generator is seeded from the
 * handshake's seed, so a game replays the same with the same seed.
 *
 * Usage: c-search [EFFORT]   (deals searched per decision; default the
 * built-in's, search_default_effort() of the variant). Built by make from
 * this file and the engine's sources.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "rules.h"
#include "search.h"
#include "view.h"

#define LINE_MAX_LEN 8192

static struct {
	struct rules rules;
	int have_rules;
	struct seat_view v;
	int score[MAX_SEATS];  /* after the last hand: the next hand's starting score */
	int bidder;
	struct rng rng;
	int effort;            /* 0: the variant's default, as a bare @search */
	int in_request;
	char request[32];
} st;

/* The card named by the word at s (up to a space or the end), or CARD_NONE. */
static card_t word_card(const char *s)
{
	size_t n = strcspn(s, " ");
	card_t c;

	return card_parse(s, n, &c) == (int)n ? c : CARD_NONE;
}

static void push(int type, int seat, int to, card_t c, card_t c2, const struct move *m)
{
	struct event *e;

	if (st.v.nev >= MAX_EVENTS)
		return;
	e = &st.v.ev[st.v.nev++];
	e->type = (uint8_t)type;
	e->seat = (int8_t)seat;
	e->to = (int8_t)to;
	e->card = c;
	e->card2 = c2;
	e->move = m ? *m : move_make(-1, -1, -1, CARD_NONE, CARD_NONE);
}

/* The cards of a "held"/"cards" list ("9C 9C JH", "-" for none). */
static struct hand read_hand(const char *s)
{
	struct hand h = { 0, 0 };

	while (*s && *s != '-') {
		card_t c = word_card(s);

		if (c != CARD_NONE)
			hand_add(&h, c);
		s += strcspn(s, " ");
		s += *s == ' ';
	}
	return h;
}

static void handshake_line(const char *line)
{
	char key[64], value[64], err[160];

	if (sscanf(line, "variant %63s", value) == 1) {
		rules_init(&st.rules, (enum variant)variant_parse(value));
	} else if (sscanf(line, "option %63s %63s", key, value) == 2) {
		rules_set_option(&st.rules, key, value, err, sizeof(err));
	} else if (sscanf(line, "players %63s", value) == 1 && st.rules.variant == VAR_FLIP) {
		rules_set_option(&st.rules, "players", value, err, sizeof(err));
	} else if (sscanf(line, "seat %d", &st.v.seat) == 1) {
		;
	} else if (!strncmp(line, "seed ", 5)) {
		rng_seed(&st.rng, strtoull(line + 5, NULL, 10));
	}
}

/* One event line (protocol.md, "Events"), appended to the hand's events. */
static void event_line(const char *line)
{
	int a, b, n;
	struct move m;
	const char *p;

	if (sscanf(line, "hand %d dealer %d", &a, &b) == 2) {
		st.v.nev = 0;
		st.v.hand_no = a;
		st.v.dealer = b;
		memcpy(st.v.score, st.score, sizeof(st.score));
		push(EV_DEAL, b, -1, CARD_NONE, CARD_NONE, NULL);
	} else if (!strncmp(line, "cards ", 6)) {
		st.v.dealt = st.v.held = read_hand(line + 6);
	} else if (!strncmp(line, "turnup ", 7)) {
		push(EV_TURNUP, -1, -1, word_card(line + 7), CARD_NONE, NULL);
	} else if (!strncmp(line, "calling ", 8)) {
		push(EV_CALLING, -1, -1, word_card(line + 8), CARD_NONE, NULL);
	} else if (sscanf(line, "bid %d %n", &a, &n) == 1 &&
		   move_parse(line + n, strlen(line + n), &m) >= 0) {
		push(EV_BID, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "contract %d %n", &a, &n) == 1 &&
		   move_parse(line + n, strlen(line + n), &m) >= 0) {
		st.bidder = a;
		push(EV_CONTRACT, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (!strncmp(line, "trump ", 6) && move_parse(line + 6, strlen(line + 6), &m) >= 0) {
		push(EV_TRUMP, st.bidder, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "declare %d partner %d", &a, &b) == 2) {
		m = move_make(MOVE_PARTNER, -1, -1, CARD_NONE, CARD_NONE);
		push(EV_DECLARE, a, b, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "declare %d alone", &a) == 1) {
		m = move_make(MOVE_ALONE, -1, -1, CARD_NONE, CARD_NONE);
		push(EV_DECLARE, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "pickup %d %n", &a, &n) == 1) {
		push(EV_PICKUP, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "give %d %d%n", &a, &b, &n) == 2) {
		p = line + n;
		push(EV_GIVE, a, b, *p == ' ' ? word_card(p + 1) : CARD_NONE, CARD_NONE, NULL);
	} else if (sscanf(line, "discard %d%n", &a, &n) == 1) {
		p = line + n;
		push(EV_DISCARD, a, -1, *p == ' ' ? word_card(p + 1) : CARD_NONE, CARD_NONE, NULL);
	} else if (sscanf(line, "sitout %d", &a) == 1) {
		push(EV_SITOUT, a, -1, CARD_NONE, CARD_NONE, NULL);
	} else if (sscanf(line, "play %d %n", &a, &n) == 1) {
		push(EV_PLAY, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "switch %d %n", &a, &n) == 1) {
		p = line + n;
		push(EV_SWITCH, a, -1, word_card(p), word_card(p + strcspn(p, " ") + 1), NULL);
	} else if (sscanf(line, "flip %d %n", &a, &n) == 1) {
		push(EV_FLIP, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "trick %d winner %d", &a, &b) == 2) {
		push(EV_TRICK, b, a, CARD_NONE, CARD_NONE, NULL);
	} else if (!strncmp(line, "handend ", 8) && (p = strstr(line, " score "))) {
		p += 7;
		for (int i = 0; i < MAX_SEATS && *p; i++) {
			char *end;

			st.score[i] = (int)strtol(p, &end, 10);
			if (end == p)
				break;
			p = end + (*end == ' ');
		}
	}
}

/* The answer to a request: search_move()'s move, or the first legal one. */
static void answer(const char *legal)
{
	char text[64], err[160];
	struct move m;
	size_t n;

	if (!strcmp(st.request, "ready")) {
		puts("ready2 c-search"); /* ready2: it plays matches (a "game" line) */
		fflush(stdout);
		return;
	}
	if (!st.have_rules) {
		rules_finish(&st.rules, err, sizeof(err));
		st.have_rules = 1;
	}
	st.v.rules = st.rules;
	text[0] = '\0';
	if (search_move(&st.v, st.effort ? st.effort : search_default_effort(st.rules.variant),
			&st.rng, &m) == 0)
		move_format(&m, text, sizeof(text));
	/* the move must be one of the legal list ("a,b,c"): it always is, but check */
	n = strlen(text);
	for (const char *p = legal; n && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
		if (strcspn(p, ",") == n && !strncmp(p, text, n)) {
			puts(text);
			fflush(stdout);
			return;
		}
	}
	fprintf(stderr, "c-search: no search move (%s); playing the first legal one\n", text);
	printf("%.*s\n", (int)strcspn(legal, ","), legal);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static char line[LINE_MAX_LEN];

	if (argc > 1) {
		/* the effort, as @search:N takes it: 1 to SEAT_SEARCH_MAX deals */
		char *end;
		long n;

		errno = 0;
		n = strtol(argv[1], &end, 10);
		if (errno || end == argv[1] || *end || n < 1 || n > 100000) {
			fprintf(stderr, "c-search: bad effort '%s' (deals per decision, 1 to 100000)\n",
				argv[1]);
			return 2;
		}
		st.effort = (int)n;
	}
	rules_init(&st.rules, VAR_HAMMERWALT);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "request ", 8)) {
			st.in_request = 1;
			snprintf(st.request, sizeof(st.request), "%.31s", line + 8);
		} else if (st.in_request && !strncmp(line, "legal ", 6)) {
			st.in_request = 0;
			answer(line + 6);
		} else if (st.in_request && !strncmp(line, "held ", 5)) {
			st.v.held = read_hand(line + 5);
		} else if (!st.in_request && !st.have_rules && st.v.nev == 0 &&
			   strncmp(line, "hand ", 5)) {
			handshake_line(line);
		} else if (!st.in_request && !strcmp(line, "quit")) {
			break;
		} else if (!st.in_request && !strcmp(line, "game")) {
			/* the next game of a match: its handshake follows; forget this one */
			int effort = st.effort;

			memset(&st, 0, sizeof(st));
			st.effort = effort;
			rules_init(&st.rules, VAR_HAMMERWALT);
		} else if (!st.in_request) {
			event_line(line);
		}
	}
	return 0;
}
