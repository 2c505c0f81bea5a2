/*
 * bench_search.c - what a decision of @search costs, by variant and
 * effort, on one core, next to @greedy's cost of the same decisions
 * measured in the same run (the baseline: machines here are noisy, so
 * compare the ratio between runs).
 *
 * The positions are those of @greedy self-play (every seat @greedy, seed
 * 1, 2, ...): at each decision both players are asked for a move from the
 * same position, @search through its seat's view as the referee gives
 * it; the game goes on with @greedy's. Every decision counts, those with
 * one legal move too, as in a game. Usage: bench_search [SECONDS] [N...]
 * (seconds per variant and effort, default 1; efforts, default 8, the
 * variant's default effort, search_default_effort(), and twice it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "game.h"
#include "search.h"
#include "view.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct cost {
	long decisions;
	double search_s, greedy_s, worst_s;
};

static void measure(const char *variant, const char *key, const char *value, int effort,
		    double seconds, struct cost *c)
{
	struct rules rules;
	struct rng r;
	char err[128];
	struct game *g = malloc(sizeof(*g));
	struct seat_view *v = malloc(sizeof(*v));
	uint64_t seed = 1;
	double t_end = now() + seconds;

	memset(c, 0, sizeof(*c));
	rules_init(&rules, variant_parse(variant));
	if (key)
		rules_set_option(&rules, key, value, err, sizeof(err));
	rules_finish(&rules, err, sizeof(err));
	rng_seed(&r, 7);
	while (now() < t_end) {
		game_init(g, &rules, seed++, NULL, err, sizeof(err));
		while (!game_over(g) && now() < t_end) {
			struct move m, s;
			double t0, t1, t2;

			if (game_hand_over(g)) {
				game_next_hand(g);
				continue;
			}
			t0 = now();
			builtin_greedy(g, &m);
			t1 = now();
			view_seat(g, game_to_move(g), v);
			search_move(v, effort, &r, &s);
			t2 = now();
			c->greedy_s += t1 - t0;
			c->search_s += t2 - t1;
			if (t2 - t1 > c->worst_s)
				c->worst_s = t2 - t1;
			c->decisions++;
			game_apply(g, &m, err, sizeof(err));
		}
	}
	free(g);
	free(v);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 1.0;
	int efforts[16], ne = 0;
	static const struct {
		const char *variant, *key, *value, *label;
	} runs[] = {
		{ "hammerwalt", NULL, NULL, "hammerwalt" },
		{ "indiana", NULL, NULL, "indiana" },
		{ "bloomington", NULL, NULL, "bloomington" },
		{ "fivehand", NULL, NULL, "fivehand" },
		{ "flip", "players", "6", "flip (6 players)" },
	};

	for (int i = 2; i < argc && ne < 16; i++) {
		char *end;
		long n = strtol(argv[i], &end, 10);

		if (end == argv[i] || *end || n < 1 || n > 100000) {
			fprintf(stderr, "bench_search: bad effort '%s'\n", argv[i]);
			return 2;
		}
		efforts[ne++] = (int)n;
	}
	card_tables_init();
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		int def = search_default_effort(variant_parse(runs[i].variant));

		if (argc <= 2) {
			ne = 0;
			efforts[ne++] = 8;
			efforts[ne++] = def;
			efforts[ne++] = 2 * def;
		}
		for (int e = 0; e < ne; e++) {
			struct cost c;
			double ms, base_us;

			measure(runs[i].variant, runs[i].key, runs[i].value, efforts[e], secs, &c);
			ms = 1e3 * c.search_s / (double)c.decisions;
			base_us = 1e6 * c.greedy_s / (double)c.decisions;
			printf("search: %-17s @search:%-4d %7.3f ms/decision (worst %6.1f ms), "
			       "@greedy %6.2f us/decision: %6.0f x @greedy%s\n",
			       runs[i].label, efforts[e], ms, 1e3 * c.worst_s, base_us,
			       ms * 1e3 / base_us,
			       efforts[e] != def ? "" :
			       i < 3 ? "  (default; aim: at most 20 ms)" : "  (default)");
		}
	}
	return 0;
}
