/*
 * bench_library.c - libeuchre (engine/euchre.h) against the engine it
 * wraps, in the same run, one core.
 *
 *  - copy + apply: from positions of every variant taken mid-hand, a
 *    copy of the game and one legal move applied to the copy (what a
 *    searcher does at every node): the engine's own (struct copy,
 *    game_apply) and the library's (euchre_copy, euchre_apply_id, which
 *    copies only the events written).
 *  - random self-play decisions in hammerwalt: the engine's own
 *    (builtin_random, game_apply, hands advanced), the figure
 *    bench/library.sh prints the Python package's next to.
 *  - one seat's env steps with observations in hammerwalt, in C through
 *    the library: every seat's random move, euchre_observe() of seat 0
 *    each time it is to move, the figure for the Python SeatEnv.
 *
 * Machines here are noisy: compare the ratios, not the figures.
 * Usage: bench_library [SECONDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "euchre.h"
#include "euchre_int.h"
#include "game.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *const variants[][2] = {
	{ "hammerwalt", NULL }, { "indiana", NULL },   { "bloomington", NULL },
	{ "fivehand", NULL },   { "flip", "players=6" },
};
#define NV ((int)(sizeof(variants) / sizeof(variants[0])))
#define NPOS 64 /* positions per variant: a mix of points of the hand */

static euchre_game *pos[NV * NPOS];
static int pos_move[NV * NPOS];

/* Random games stopped after a varying number of decisions, mid-hand. */
static void make_positions(void)
{
	struct euchre_rng r;
	char err[256];

	euchre_rng_seed(&r, 34);
	for (int v = 0; v < NV; v++) {
		for (int k = 0; k < NPOS; k++) {
			euchre_game *g = euchre_new(variants[v][0], variants[v][1], (uint64_t)k, err,
						    sizeof(err));
			int steps = 5 + k % 40;

			for (int s = 0; s < steps || euchre_to_move(g) < 0; s++) {
				if (euchre_game_over(g))
					break;
				if (euchre_hand_over(g)) {
					euchre_next_hand(g, err, sizeof(err));
					continue;
				}
				euchre_apply_id(g, euchre_random_move(g, &r), err, sizeof(err));
			}
			pos[v * NPOS + k] = g;
			pos_move[v * NPOS + k] = euchre_random_move(g, &r);
		}
	}
}

/* The same positions as engine games, and their moves as engine moves. */
static struct game *epos;
static struct move emove[NV * NPOS];

static void make_engine_positions(void)
{
	epos = malloc(sizeof(*epos) * NV * NPOS);
	for (int i = 0; i < NV * NPOS; i++) {
		char text[EUCHRE_MOVE_TEXT];

		epos[i] = *euchre_game_engine(pos[i]);
		euchre_action_text(pos[i], pos_move[i], text, sizeof(text));
		move_parse(text, strlen(text), &emove[i]);
	}
}

static double copy_apply_engine(double seconds)
{
	struct game *h = malloc(sizeof(*h));
	char err[128];
	long n = 0;
	double t0 = now();

	do {
		for (int i = 0; i < NV * NPOS; i++, n++) {
			*h = epos[i];
			game_apply(h, &emove[i], err, sizeof(err));
		}
	} while (now() - t0 < seconds);
	free(h);
	return (double)n / (now() - t0);
}

static double copy_apply_library(double seconds)
{
	euchre_game *h = euchre_clone(pos[0]);
	char err[128];
	long n = 0;
	double t0 = now();

	do {
		for (int i = 0; i < NV * NPOS; i++, n++) {
			euchre_copy(h, pos[i]);
			euchre_apply_id(h, pos_move[i], err, sizeof(err));
		}
	} while (now() - t0 < seconds);
	euchre_free(h);
	return (double)n / (now() - t0);
}

/* The engine's own random self-play: decisions a second, hands advanced. */
static double selfplay_decisions(double seconds)
{
	struct rules rules;
	struct rng r;
	char err[128];
	struct game *g = malloc(sizeof(*g));
	long n = 0;
	uint64_t seed = 1;
	double t0 = now();

	rules_init(&rules, VAR_HAMMERWALT);
	rules_finish(&rules, err, sizeof(err));
	rng_seed(&r, 7);
	do {
		game_init(g, &rules, seed++, NULL, err, sizeof(err));
		while (!game_over(g)) {
			struct move m;

			if (game_hand_over(g)) {
				game_next_hand(g);
				continue;
			}
			builtin_random(g, &r, &m);
			game_apply(g, &m, err, sizeof(err));
			n++;
		}
	} while (now() - t0 < seconds);
	free(g);
	return (double)n / (now() - t0);
}

/* Seat 0's env steps in C: its move, the others' random moves, its observation. */
static double env_steps(double seconds)
{
	struct euchre_rng r;
	char err[128];
	static float obs[4096];
	long n = 0;
	uint64_t seed = 1;
	double t0 = now();

	euchre_rng_seed(&r, 9);
	do {
		euchre_game *g = euchre_new("hammerwalt", NULL, seed++, err, sizeof(err));

		while (!euchre_game_over(g)) {
			if (euchre_hand_over(g)) {
				euchre_next_hand(g, err, sizeof(err));
				continue;
			}
			euchre_apply_id(g, euchre_random_move(g, &r), err, sizeof(err));
			if (euchre_to_move(g) == 0 || euchre_game_over(g)) {
				euchre_observe(g, 0, obs, 4096);
				n++;
			}
		}
		euchre_free(g);
	} while (now() - t0 < seconds);
	return (double)n / (now() - t0);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? strtod(argv[1], NULL) : 1.0;
	double eng, lib;

	card_tables_init();
	make_positions();
	make_engine_positions();
	eng = copy_apply_engine(secs);
	lib = copy_apply_library(secs);
	printf("library: engine copy+apply (struct copy, game_apply)  %10.0f /s\n", eng);
	printf("library: libeuchre copy+apply (euchre_copy, apply_id) %10.0f /s  (%.2f x the engine's; "
	       "must show: 5000000)\n", lib, lib / eng);
	printf("library: engine random self-play (C, hammerwalt)      %10.0f decisions/s\n",
	       selfplay_decisions(secs));
	printf("library: env steps with observations (C, hammerwalt)  %10.0f steps/s\n",
	       env_steps(secs));
	return 0;
}
