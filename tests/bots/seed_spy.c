/*
 * seed_spy.c - a bot that tries to compute every seat's cards from what it
 * is told, with the project's own rules engine linked in, for
 * tests/sh/t_sealed.sh. It plays the first legal move every time.
 *
 * At its first decision it knows its seat, the variant and options, the
 * handshake's "seed" line and its own cards. It then
 *  - inverts the handshake seed, in case it is splitmix64(deal_seed * 16 +
 *    seat) as it once was, and deals that game;
 *  - deals every seed from 0 to 100000 (the referee's default was 1, and
 *    people pick small seeds) and keeps the one whose cards for its seat
 *    are its own;
 * and prints, for each candidate, every seat's first hand as
 * "spy cards WHY SEAT CARDS" (the record's "| cards SEAT CARDS" spelling).
 * The test checks that no line names another seat's real hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "rules.h"

#define SEARCH 100000

static struct rules rules;
static int seat = -1;
static char own[256];

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

/* Deals seed's first hand; 0 and every seat's cards in hands[], or -1. */
static int deal(uint64_t seed, char hands[][256])
{
	static struct game g;
	char err[128];

	if (game_init(&g, &rules, seed, NULL, err, sizeof(err)) < 0)
		return -1;
	for (int s = 0; s < rules.players; s++)
		hand_format(&g.dealt[s], hands[s], sizeof(hands[s]));
	return 0;
}

static void show(const char *why, uint64_t seed)
{
	char hands[MAX_SEATS][256];

	if (deal(seed, hands) < 0)
		return;
	for (int s = 0; s < rules.players; s++)
		fprintf(stderr, "spy cards %s %d %s\n", why, s, hands[s]);
}

static void attack(uint64_t hello_seed)
{
	char hands[MAX_SEATS][256];
	int found = 0;

	/* the handshake seed lost its top bit: two candidates */
	for (uint64_t top = 0; top < 2; top++) {
		uint64_t x = unmix(hello_seed | top << 63) - 0x9e3779b97f4a7c15ULL;

		if ((int)(x % 16) == seat)
			show("inverted", x / 16);
	}
	for (uint64_t s = 0; s <= SEARCH; s++)
		if (deal(s, hands) == 0 && !strcmp(hands[seat], own)) {
			show("searched", s);
			found++;
		}
	fprintf(stderr, "spy searched %d seeds, %d matched\n", SEARCH + 1, found);
}

int main(void)
{
	static char line[1 << 16];
	unsigned long long hello_seed = 0;
	int decisions = 0;
	enum variant v = VAR_HAMMERWALT;
	char err[128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char key[64], value[64];
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "variant ", 8)) {
			v = (enum variant)variant_parse(line + 8);
			rules_init(&rules, v);
		} else if (sscanf(line, "option %63s %63s", key, value) == 2) {
			rules_set_option(&rules, key, value, err, sizeof(err));
		} else if (!strncmp(line, "seat ", 5)) {
			seat = atoi(line + 5);
		} else if (!strncmp(line, "seed ", 5)) {
			hello_seed = strtoull(line + 5, NULL, 10);
		} else if (!strncmp(line, "cards ", 6) && !own[0]) {
			snprintf(own, sizeof(own), "%s", line + 6);
		}
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			if (rules_finish(&rules, err, sizeof(err)) < 0)
				fprintf(stderr, "spy rules: %s\n", err);
			printf("ready seed-spy\n");
			continue;
		}
		if (++decisions == 1)
			attack(hello_seed);
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
