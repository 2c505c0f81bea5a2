/*
 * bench_engine.c - rules engine throughput: @random self-play, in process,
 * one core, in hands per second per variant, next to a baseline measured
 * in the same run: shuffling and dealing a deck into bit-set hands, the
 * least any hand costs. Machines here are noisy, so the ratio to the
 * baseline is the number to compare between runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "game.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Shuffle and deal a 48-card double deck into four 12-card hands. */
static double baseline(double seconds)
{
	struct rng r;
	card_t deck[48];
	struct hand h[4];
	long n = 0;
	unsigned sink = 0;
	double t0 = now();

	rng_seed(&r, 1);
	for (int i = 0; i < 48; i++)
		deck[i] = CARD(i / 12, RANK_9 + (i % 12) / 2);
	do {
		for (int k = 0; k < 1000; k++, n++) {
			rng_shuffle(&r, deck, 48);
			memset(h, 0, sizeof(h));
			for (int i = 0; i < 48; i++)
				hand_add(&h[i / 12], deck[i]);
			sink += h[0].one;
		}
	} while (now() - t0 < seconds);
	if (sink == 12345)
		puts("");
	return (double)n / (now() - t0);
}

static double selfplay(const char *variant, const char *key, const char *value, double seconds)
{
	struct rules rules;
	struct rng r;
	char err[128];
	struct game *g = malloc(sizeof(*g));
	long hands = 0;
	uint64_t seed = 1;
	double t0 = now();

	rules_init(&rules, variant_parse(variant));
	if (key)
		rules_set_option(&rules, key, value, err, sizeof(err));
	rules_finish(&rules, err, sizeof(err));
	rng_seed(&r, 7);
	do {
		game_init(g, &rules, seed++, NULL, err, sizeof(err));
		while (!game_over(g)) {
			struct move m;

			if (game_hand_over(g)) {
				game_next_hand(g);
				hands++;
				continue;
			}
			builtin_random(g, &r, &m);
			game_apply(g, &m, err, sizeof(err));
		}
		hands++;
	} while (now() - t0 < seconds);
	free(g);
	return (double)hands / (now() - t0);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 1.0;
	double base = baseline(secs);
	static const struct {
		const char *variant, *key, *value, *label;
	} runs[] = {
		{ "hammerwalt", NULL, NULL, "hammerwalt" },
		{ "indiana", NULL, NULL, "indiana" },
		{ "bloomington", NULL, NULL, "bloomington" },
		{ "fivehand", NULL, NULL, "fivehand" },
		{ "flip", "players", "6", "flip (6 players)" },
	};

	card_tables_init();
	printf("engine: baseline (shuffle and deal 48 cards): %.0f deals/s\n", base);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		double hps = selfplay(runs[i].variant, runs[i].key, runs[i].value, secs);

		printf("engine: %-18s %9.0f hands/s with @random  (%.3f of the baseline)%s\n",
		       runs[i].label, hps, hps / base,
		       !strcmp(runs[i].variant, "indiana") ? "  (aim: 1000000 hands/s on one core)" : "");
	}
	return 0;
}
