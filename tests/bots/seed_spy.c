/*
 * seed_spy.c - a bot that tries to compute every seat's cards from its
 * own, with the project's rules engine and key derivation linked in, for
 * tests/sh/t_sealed.sh (one referee game) and tests/sh/t_arena_run.sh
 * (arena games). It plays the first legal move every time.
 *
 * On its first 'cards' line it knows its seat, the variant and options,
 * the handshake's 'seed' line and its own cards. It then
 *  - inverts the handshake seed, in case it were splitmix64(deal_seed * 16
 *    + seat) as it once was, and prints that deal's hands as
 *    "seed_spy: inverted SEAT CARDS";
 *  - deals the first hand from every seed an attacker could guess, and
 *    stops at the first that gives its seat these cards:
 *      the seeds 0 to 100000 (the referee's default was 1);
 *      the arena's old derivation of a public config seed,
 *        splitmix64((seed ^ fnv1a64(variant)) + d * golden) >> 1,
 *        for config seeds 0 to 1000 and deals 0 to 99;
 *      today's, key_deal_seed(key_from_seed(N), variant, d), for N from
 *        0 to 1000 and deals 0 to 99;
 *    and prints "seed_spy: seat S holds CARDS; searched N seeds: " and
 *    either "not found" or "found seed X (HOW)" followed by every seat's
 *    hand as "seed_spy: cards SEAT CARDS" (the record's spelling).
 * Everything goes to stderr, which the tests compare with the record.
 * Built from the sources without sanitizers (Makefile), so that it runs
 * within the sandbox's limits under any build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "plan_key.h"
#include "rng.h"
#include "util.h"

#define GOLDEN 0x9e3779b97f4a7c15ULL

static struct rules rules;
static char variant[64];
static int seat = -1;
static unsigned long long hello_seed;

/* The inverse of splitmix64's output function. */
static uint64_t unmix(uint64_t z)
{
	z ^= z >> 31 ^ z >> 62;
	z *= 0x319642b2d24d8ec3ULL; /* inverse of 0x94d049bb133111eb */
	z ^= z >> 27 ^ z >> 54;
	z *= 0x96de1b173f119089ULL; /* inverse of 0xbf58476d1ce4e5b9 */
	z ^= z >> 30 ^ z >> 60;
	return z;
}

/* Deals seed's first hand into g; 0, or -1 if the seed cannot be dealt. */
static int deal(uint64_t seed, struct game *g)
{
	char err[128];

	return game_init(g, &rules, seed, NULL, err, sizeof(err));
}

/* Does seed deal 'mine' to our seat in the first hand? */
static int deals(uint64_t seed, const char *mine, struct game *g)
{
	char buf[256];

	if (deal(seed, g) < 0)
		return 0;
	hand_format(&g->dealt[seat], buf, sizeof(buf));
	return !strcmp(buf, mine);
}

static void show(const char *prefix, struct game *g)
{
	for (int p = 0; p < rules.players; p++) {
		char buf[256];

		hand_format(&g->dealt[p], buf, sizeof(buf));
		fprintf(stderr, "seed_spy: %s %d %s\n", prefix, p, buf);
	}
}

static void invert(void)
{
	static struct game g;

	/* the handshake seed lost its top bit: two candidates */
	for (uint64_t top = 0; top < 2; top++) {
		uint64_t x = unmix(hello_seed | top << 63) - GOLDEN;

		if ((int)(x % 16) == seat && deal(x / 16, &g) == 0)
			show("inverted", &g);
	}
}

static void search(const char *mine)
{
	static struct game g;
	struct key k;
	long tried = 0;
	uint64_t found = 0;
	const char *how = NULL;

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
	fprintf(stderr, "seed_spy: seat %d holds %s; searched %ld seeds: ", seat, mine, tried);
	if (!how) {
		fprintf(stderr, "not found\n");
		return;
	}
	fprintf(stderr, "found seed %llu (%s)\n", (unsigned long long)found, how);
	deal(found, &g);
	show("cards", &g);
}

int main(void)
{
	static char line[1 << 16];
	int searched = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char key[64], value[64], err[128];

		line[strcspn(line, "\r\n")] = '\0';
		if (sscanf(line, "variant %63s", variant) == 1 && variant_parse(variant) >= 0) {
			rules_init(&rules, (enum variant)variant_parse(variant));
		} else if (sscanf(line, "option %63s %63s", key, value) == 2) {
			rules_set_option(&rules, key, value, err, sizeof(err));
		} else if (sscanf(line, "seat %d", &seat) == 1) {
			/* ours */
		} else if (sscanf(line, "seed %llu", &hello_seed) == 1) {
			/* the handshake's */
		} else if (!strncmp(line, "cards ", 6) && !searched && seat >= 0) {
			searched = 1;
			if (rules_finish(&rules, err, sizeof(err)) < 0) {
				fprintf(stderr, "seed_spy: cannot set up the rules: %s\n", err);
			} else {
				invert();
				search(line + 6);
			}
		} else if (!strncmp(line, "legal ", 6)) {
			char *comma = strchr(line + 6, ',');

			if (comma)
				*comma = '\0';
			if (!strcmp(line + 6, "ready"))
				printf("ready seed_spy\n");
			else
				printf("%s\n", line + 6);
		} else if (!strcmp(line, "quit")) {
			break;
		}
	}
	return 0;
}
