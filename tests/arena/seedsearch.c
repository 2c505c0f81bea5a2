/*
 * seedsearch - a bot that tries to learn every hand from its own, for
 * tests/sh/t_arena_run.sh.
 *
 * It plays the first legal move every time. On its first 'cards' line it
 * deals the first hand of the game's variant (with the options of the
 * handshake) from every candidate seed an attacker could guess, with the
 * engine itself, and looks for one that gives its seat these cards:
 *
 *   - the seeds 0 to 100000 (the referee's default is 1);
 *   - what the arena derived from a public config seed before it had a
 *     key: splitmix64((seed ^ fnv1a64(variant)) + d * golden) >> 1, for
 *     config seeds 0 to 1000 and deals 0 to 99 (seed 1 was the default);
 *   - what it derives from 'seed = N' now: key_deal_seed(key_from_seed(N),
 *     variant, d), for N from 0 to 1000 and deals 0 to 99.
 *
 * It prints on stderr what it searched and either "not found" or the seed
 * and every seat's hand, which the test compares with the game record.
 * Built from the engine's sources without sanitizers (Makefile), so that
 * it runs in the sandbox under any build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "key.h"
#include "rng.h"
#include "util.h"

#define GOLDEN 0x9e3779b97f4a7c15ULL

static struct rules rules;
static char variant[64];
static int seat = -1;

/* Does seed deal 'mine' to our seat in the first hand? */
static int deals(uint64_t seed, const char *mine, struct game *g)
{
	char buf[256], err[128];

	if (game_init(g, &rules, seed, NULL, err, sizeof(err)) < 0)
		return 0;
	hand_format(&g->dealt[seat], buf, sizeof(buf));
	return !strcmp(buf, mine);
}

static void search(const char *mine)
{
	static struct game g;
	struct key k;
	char err[128];
	long tried = 0;
	uint64_t found = 0;
	const char *how = NULL;

	if (rules_finish(&rules, err, sizeof(err)) < 0) {
		fprintf(stderr, "seedsearch: cannot set up the rules: %s\n", err);
		return;
	}
	for (uint64_t s = 0; s <= 100000 && !how; s++, tried++)
		if (deals(s, mine, &g))
			found = s, how = "a small seed";
	for (uint64_t cs = 0; cs <= 1000 && !how; cs++)
		for (uint64_t d = 0; d < 100 && !how; d++, tried++) {
			uint64_t x = (cs ^ fnv1a64(variant)) + d * GOLDEN, s = splitmix64(&x) >> 1;

			if (deals(s, mine, &g))
				found = s, how = "the old arena derivation of a config seed";
		}
	for (uint64_t cs = 0; cs <= 1000 && !how; cs++) {
		key_from_seed(&k, cs);
		for (long d = 0; d < 100 && !how; d++, tried++) {
			uint64_t s = key_deal_seed(&k, variant, d);

			if (deals(s, mine, &g))
				found = s, how = "the key of a config seed";
		}
	}
	fprintf(stderr, "seedsearch: seat %d holds %s; searched %ld seeds: ", seat, mine, tried);
	if (!how) {
		fprintf(stderr, "not found\n");
		return;
	}
	fprintf(stderr, "found seed %llu (%s)\n", (unsigned long long)found, how);
	deals(found, mine, &g);
	for (int p = 0; p < rules.players; p++) {
		char buf[256];

		hand_format(&g.dealt[p], buf, sizeof(buf));
		fprintf(stderr, "seedsearch: cards %d %s\n", p, buf);
	}
}

int main(void)
{
	static char line[1 << 16];
	int searched = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char key[64], value[64];

		line[strcspn(line, "\r\n")] = '\0';
		if (sscanf(line, "variant %63s", variant) == 1 && variant_parse(variant) >= 0) {
			rules_init(&rules, (enum variant)variant_parse(variant));
		} else if (sscanf(line, "option %63s %63s", key, value) == 2) {
			char err[128];

			rules_set_option(&rules, key, value, err, sizeof(err));
		} else if (sscanf(line, "seat %d", &seat) == 1) {
			/* ours */
		} else if (!strncmp(line, "cards ", 6) && !searched && seat >= 0) {
			searched = 1;
			search(line + 6);
		} else if (!strncmp(line, "legal ", 6)) {
			char *comma = strchr(line + 6, ',');

			if (comma)
				*comma = '\0';
			if (!strcmp(line + 6, "ready"))
				printf("ready seedsearch\n");
			else
				printf("%s\n", line + 6);
		} else if (!strcmp(line, "quit")) {
			break;
		}
	}
	return 0;
}
