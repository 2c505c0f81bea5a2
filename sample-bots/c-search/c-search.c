/*
 * c-search - a euchre-arena bot that plays as the built-in @search does,
 * over the protocol: the example to copy for a search bot of your own in C.
 *
 * It is a program over libeuchre's one header, euchre.h (docs/library.md),
 * linked in statically, so the bot is one file that needs nothing at run
 * time. Every line from the referee goes to a euchre_view
 * (euchre_view_feed()), which reads the handshake into the variant's rules
 * and the event lines into what this seat knows, exactly as the referee's
 * own view of the seat would be. At each request it answers with
 * euchre_search_move()'s move, drawn from a generator seeded with the
 * handshake's seed, so that a game replays the same with the same seed
 * and @search's game given @search's seed is played move for move.
 *
 * Usage: c-search [EFFORT]   (deals searched per decision, 1 to 100000;
 * default: the variant's, as the built-in @search's: 128 in five-hand, 32
 * in the others). Built by make from this file and
 * libeuchre's sources.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "euchre.h"

#define LINE_MAX_LEN 8192
#define EFFORT_MAX 100000 /* @search:N's */

static struct {
	euchre_view *view;
	euchre_game *world; /* a deal drawn to agree with the view: names the move */
	struct euchre_rng rng;
	int effort;
	char request[32];
} st;

/*
 * The text of action id (empty when there is none): ids are the variant's
 * fixed action list, which any game of the view's rules names, such as a
 * deal drawn to agree with the view. It is drawn from a generator of its
 * own, so that the search's draws stay @search's.
 */
static void action_text(int id, char *buf, size_t len)
{
	struct euchre_rng r;
	char err[160];

	buf[0] = '\0';
	euchre_rng_seed(&r, 0);
	if (id >= 0 && euchre_sample(st.view, &r, st.world, err, sizeof(err)) == 0)
		euchre_action_text(st.world, id, buf, len);
}

/* The answer to a request: the search's move, or the first legal one. */
static void answer(const char *legal)
{
	char text[EUCHRE_MOVE_TEXT];
	size_t n;

	if (!strcmp(st.request, "ready")) {
		puts("ready2 c-search"); /* ready2: it plays matches (a "game" line) */
		fflush(stdout);
		return;
	}
	action_text(euchre_search_move(st.view, st.effort, &st.rng), text, sizeof(text));
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
	char err[256];

	st.effort = 0; /* the variant's default, as a bare @search */
	if (argc > 1) {
		/* the effort, as @search:N takes it */
		char *end;
		long n;

		errno = 0;
		n = strtol(argv[1], &end, 10);
		if (errno || end == argv[1] || *end || n < 1 || n > EFFORT_MAX) {
			fprintf(stderr, "c-search: bad effort '%s' (deals per decision, 1 to %d)\n",
				argv[1], EFFORT_MAX);
			return 2;
		}
		st.effort = (int)n;
	}
	st.view = euchre_view_new();
	st.world = euchre_new("hammerwalt", NULL, 0, err, sizeof(err));
	if (!st.world) {
		fprintf(stderr, "c-search: %s\n", err);
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		size_t len = strcspn(line, "\r\n");
		int r;

		line[len] = '\0';
		if (!strcmp(line, "quit"))
			break;
		if (!strcmp(line, "game")) {
			/* the next game of a match: its handshake follows; forget this one */
			euchre_view_free(st.view);
			st.view = euchre_view_new();
			continue;
		}
		if (!strncmp(line, "seed ", 5))
			euchre_rng_seed(&st.rng, strtoull(line + 5, NULL, 10));
		else if (!strncmp(line, "request ", 8))
			snprintf(st.request, sizeof(st.request), "%.31s", line + 8);
		r = euchre_view_feed(st.view, line, len, err, sizeof(err));
		if (r < 0)
			fprintf(stderr, "c-search: %s\n", err);
		else if (r == 1)
			answer(line + 6); /* the request's "legal" line: a move is due */
	}
	euchre_view_free(st.view);
	euchre_free(st.world);
	return 0;
}
