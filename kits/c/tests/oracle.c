/*
 * oracle.c - holds the C kit's helpers against the engine: reads game
 * records (referee --log FILE) and checks what the kit computes against
 * what the referee said, as kits/python/tests/oracle.py does:
 *  - each seat played by a program ("T S< line"): its lines feed a
 *    kit_state; at each play request the kit's legal cards must be the
 *    legal list (flip's "X switch Y" counted as X) and the trick tracked
 *    from the events the table line; at each trick event kit_trick_winner
 *    and kit_would_win of the last card must name the referee's winner;
 *  - the record's own lines ("| line", every seat's plays) feed one more
 *    state, held to the same trick check.
 * Usage: oracle LOG...; exit 1 on any disagreement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "euchre_kit.h"

static long nlegal, ntables, ntricks, nfails;

static void fail(const char *where, const char *msg)
{
	if (++nfails <= 20)
		printf("FAIL %s: %s\n", where, msg);
}

static void trick_done(const struct kit_state *st, const char *where)
{
	const struct kit_trick *t = &st->tricks[st->ntricks - 1];
	int i = kit_trick_winner(t->card, t->n, t->trump);
	int last = kit_would_win(t->card, t->n - 1, t->card[t->n - 1], t->trump);
	char msg[128];

	if (i < 0 || t->seat[i] != t->winner) {
		snprintf(msg, sizeof(msg), "trick of %d cards under %s: kit says seat %d, referee %d",
			 t->n, kit_trump_name(t->trump), i < 0 ? -1 : t->seat[i], t->winner);
		fail(where, msg);
	}
	if (last != (t->seat[t->n - 1] == t->winner))
		fail(where, "would_win of the trick's last card");
	ntricks++;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void feed(struct kit_state *st, const char *line, const char *where)
{
	int before = st->ntricks, done = kit_state_feed(st, line);

	if (st->ntricks > before)
		trick_done(st, where);
	if (done && !strcmp(st->request, "play")) {
		int want[KIT_MAX_LEGAL], nwant = 0, got[KIT_MAX_HELD], ngot, same;

		for (int i = 0; i < st->nlegal; i++) {
			char tok[16];
			int c;

			snprintf(tok, sizeof(tok), "%.*s", (int)strcspn(st->legal[i], " "), st->legal[i]);
			c = kit_card_parse(tok);
			if (!nwant || want[nwant - 1] != c)
				want[nwant++] = c;
		}
		qsort(want, (size_t)nwant, sizeof(int), cmp_int);
		ngot = kit_state_legal_cards(st, got);
		qsort(got, (size_t)ngot, sizeof(int), cmp_int);
		same = nwant == ngot && !memcmp(want, got, (size_t)ngot * sizeof(int));
		if (!same)
			fail(where, "legal cards differ from the legal line");
		same = st->table_n == st->trick.n;
		for (int i = 0; same && i < st->table_n; i++)
			same = st->table_seat[i] == st->trick.seat[i] &&
			       st->table_card[i] == st->trick.card[i];
		if (!same)
			fail(where, "the tracked trick differs from the table line");
		nlegal++;
		ntables++;
	}
	if (done)
		st->request[0] = '\0';
}

static int is_full_key(const char *s)
{
	static const char *const keys[] = { "hand ", "trump ", "calling ", "flip ", "switch ",
					    "play ", "trick ", "contract ", NULL };
	for (int i = 0; keys[i]; i++)
		if (!strncmp(s, keys[i], strlen(keys[i])))
			return 1;
	return 0;
}

static struct kit_state seats[KIT_MAX_SEATS], full;

static int check_log(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, where[512];
	size_t cap = 0;
	long n = 0;
	ssize_t len;

	if (!f) {
		perror(path);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		char *sp;

		n++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		snprintf(where, sizeof(where), "%s:%ld", path, n);
		if (!strncmp(line, "game ", 5)) {
			for (int s = 0; s < KIT_MAX_SEATS; s++)
				kit_state_init(&seats[s]);
			kit_state_init(&full);
			continue;
		}
		if (!strncmp(line, "| ", 2)) {
			if (is_full_key(line + 2))
				feed(&full, line + 2, where);
			continue;
		}
		sp = strchr(line, ' ');
		if (sp && sp[1] >= '0' && sp[1] <= '9') {
			char *end;
			long seat = strtol(sp + 1, &end, 10);

			if (*end == '<' && end[1] == ' ' && seat >= 0 && seat < KIT_MAX_SEATS)
				feed(&seats[seat], end + 2, where);
		}
	}
	free(line);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: oracle LOG...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (check_log(argv[i]))
			return 2;
	printf("c oracle: %ld legal lists, %ld tables, %ld tricks checked, %ld disagreements\n",
	       nlegal, ntables, ntricks, nfails);
	if (nlegal < 1000 || ntricks < 1000) {
		printf("FAIL: too few positions in the records\n");
		return 1;
	}
	return nfails != 0;
}
