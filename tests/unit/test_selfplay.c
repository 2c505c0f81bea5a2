/*
 * test_selfplay.c - hundreds of @random games per variant and option set
 * (400 in each of 44 sets: 17,600 games),
 * with the engine's invariants checked after every move:
 *  - every card of the deck is in exactly one place;
 *  - a seat is to move exactly when the hand is not over, and then the
 *    legal list is not empty, every listed move applies, and a card the
 *    list does not allow is rejected without changing the state;
 *  - hand sizes match the trick count;
 *  - at the end of a hand the tricks sum to the hand size and the score
 *    change equals an independent computation from tricks and bids;
 *  - the game ends within max_hands and its ranks are consistent.
 *
 * SELFPLAY_GAMES overrides the number of games per option set.
 */
#include <stdlib.h>

#include "builtin.h"
#include "game.h"
#include "testhelp.h"

static int games_per_set = 400;

/* Counts of every card kind in every place the engine keeps cards. */
static void census(const struct game *g, int *count)
{
	const struct rules *r = &g->rules;

	memset(count, 0, sizeof(int) * NCARDS);
	for (card_t c = 0; c < NCARDS; c++) {
		for (int s = 0; s < r->seats; s++)
			count[c] += hand_count_of(&g->hand[s], c);
		count[c] += hand_count_of(&g->played, c) + hand_count_of(&g->discarded, c) +
			    hand_count_of(&g->kitty_pile, c) + hand_count_of(&g->stock, c);
	}
	if (r->variant == VAR_FLIP) {
		count[g->calling]++;
		count[g->burn]++;
	}
}

static void full_deck(const struct rules *r, int *count)
{
	memset(count, 0, sizeof(int) * NCARDS);
	for (int s = 0; s < NSUITS; s++)
		for (int rk = r->variant == VAR_FIVEHAND ? RANK_8 : RANK_9; rk < NRANKS; rk++)
			count[CARD(s, rk)] = r->variant == VAR_FIVEHAND ? 1 : 2;
	if (r->variant == VAR_FIVEHAND)
		count[CARD_JOKER] = 1;
	if (r->variant == VAR_FLIP)
		count[CARD_BENNY] = count[CARD_CHARLIE] = r->jokers;
}

/* The points each score slot should gain from the hand just finished. */
static void expected_points(const struct game *g, int *pts)
{
	const struct rules *r = &g->rules;

	memset(pts, 0, sizeof(int) * MAX_SEATS);
	if (r->teams) {
		int bt = g->bidder % 2, taken = 0, n = r->cards_each;
		int bonus = g->contract.type == MOVE_ALONE || g->contract.type == MOVE_MOON ||
			    g->contract.type == MOVE_BEST;

		for (int s = bt; s < r->seats; s += 2)
			taken += g->tricks[s];
		if (bonus)
			pts[bt] = taken == n ? 2 * n : -2 * n;
		else
			pts[bt] = taken >= g->contract.num ? taken : -g->contract.num;
		pts[1 - bt] = n - taken;
	} else if (r->variant == VAR_FIVEHAND) {
		int b = g->bidder, p = g->partner;
		int off = g->tricks[b] + (p >= 0 ? g->tricks[p] : 0);

		for (int s = 0; s < 5; s++) {
			int offence = s == b || s == p;

			if (off <= 2)
				pts[s] = offence ? 0 : 2;
			else if (offence)
				pts[s] = p < 0 ? (off == 5 ? 4 : 1) : (off == 5 ? 2 : 1);
		}
	} else {
		int zilch = r->zilch || r->cards_each == 4;

		for (int s = 0; s < r->players; s++) {
			int t = g->tricks[s], b = g->bids[s];

			if (zilch)
				pts[s] = 5 - 5 * t;
			else
				pts[s] = t >= b ? 30 - 5 * (t - b) : -5 * (b - t);
		}
	}
}

static void check_state(const struct game *g)
{
	const struct rules *r = &g->rules;
	int have[NCARDS], want[NCARDS];

	census(g, have);
	full_deck(r, want);
	for (int c = 0; c < NCARDS; c++)
		if (have[c] != want[c]) {
			CHECK_INT(have[c], want[c]);
			fprintf(stderr, "  card %s, variant %s hand %d\n", card_name((card_t)c),
				variant_name(r->variant), g->hand_no);
			return;
		}
	if (g->phase == PH_PLAY) {
		for (int s = 0; s < r->seats; s++) {
			int in_trick = 0, want_n;

			if (g->sitting_out & (1u << s)) {
				continue;
			}
			for (int i = 0; i < g->ntrick; i++)
				in_trick += g->trick_seat[i] == s;
			want_n = r->cards_each - g->trick_no - in_trick;
			if (hand_size(&g->hand[s]) != want_n) {
				CHECK_INT(hand_size(&g->hand[s]), want_n);
				return;
			}
		}
	}
	CHECK((game_to_move(g) >= 0) == (g->phase != PH_HAND_OVER && g->phase != PH_GAME_OVER));
}

static long bids_tried;

/*
 * An auction move is accepted exactly when it is listed: every move type
 * with every bid number and trump near the legal ones is tried.
 */
static void check_bids_outside(const struct game *g, const struct move *mv, int n)
{
	char err[128];
	int bad = 0;

	for (int type = MOVE_PASS; type <= MOVE_PARTNER; type++)
		for (int num = -1; num <= 13; num++)
			for (int t = -1; t <= NTRUMPS; t++) {
				struct move m = move_make(type, num, t, CARD_NONE, CARD_NONE);
				struct game copy = *g;
				int listed = 0;

				for (int i = 0; i < n && !listed; i++)
					listed = move_equal(&m, &mv[i]);
				bad += (game_apply(&copy, &m, err, sizeof(err)) == 0) != listed;
			}
	CHECK_INT(bad, 0); /* an auction move's acceptance differs from the list */
}

static void check_moves(const struct game *g, int thorough)
{
	struct move mv[MAX_MOVES];
	char err[128];
	int n = game_legal(g, mv);

	if (n <= 0) {
		CHECK(n > 0);
		return;
	}
	/* the counted and indexed list is the list */
	CHECK_INT(game_legal_count(g), n);
	for (int i = 0; i < n; i++) {
		struct move m;

		if (game_legal_nth(g, i, &m) < 0 || !move_equal(&m, &mv[i])) {
			CHECK(!"game_legal_nth differs from game_legal");
			break;
		}
	}
	if (thorough && game_decision(g) == DEC_BID && bids_tried++ % 64 == 0)
		check_bids_outside(g, mv, n);
	if (thorough) {
		for (int i = 0; i < n; i++) {
			struct game *copy = malloc(sizeof(*copy));

			*copy = *g;
			if (game_apply(copy, &mv[i], err, sizeof(err)) < 0) {
				CHECK(!"a listed move was rejected");
				fprintf(stderr, "  %s\n", err);
			}
			free(copy);
		}
	}
	if (game_decision(g) == DEC_PLAY) {
		uint32_t legal = game_play_mask(g);

		for (card_t c = 0; c < NCARDS; c++) {
			struct move m = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
			struct game *copy;

			if (legal & CARD_BIT(c))
				continue;
			copy = malloc(sizeof(*copy));
			*copy = *g;
			CHECK(game_apply(copy, &m, err, sizeof(err)) < 0);
			CHECK(!memcmp(copy, g, sizeof(*g)));
			free(copy);
			break;
		}
	}
}

static void check_hand_end(const struct game *g)
{
	const struct rules *r = &g->rules;
	int sum = 0, pts[MAX_SEATS];
	int nscore = r->teams ? 2 : r->players;

	if (g->ev[g->nev - 1].type == EV_REDEAL ||
	    (g->nev >= 2 && g->ev[g->nev - 2].type == EV_REDEAL)) {
		for (int i = 0; i < nscore; i++)
			CHECK_INT(g->score[i], g->prev_score[i]);
		return;
	}
	for (int s = 0; s < r->seats; s++)
		sum += g->tricks[s];
	CHECK_INT(sum, r->cards_each);
	expected_points(g, pts);
	for (int i = 0; i < nscore; i++)
		CHECK_INT(g->score[i] - g->prev_score[i], pts[i]);
}

static void check_game_end(const struct game *g)
{
	const struct rules *r = &g->rules;
	int best = 1 << 30;

	CHECK(g->hand_no <= r->max_hands);
	CHECK(g->winners != 0);
	for (int p = 0; p < r->players; p++) {
		CHECK(g->ranks[p] >= 1 && g->ranks[p] <= r->players);
		CHECK((g->ranks[p] == 1) == !!(g->winners & (1 << p)));
		if (g->ranks[p] < best)
			best = g->ranks[p];
	}
	CHECK_INT(best, 1);
}

static long total_hands;

static void play_set(const char *variant, const char *opts[][2], int nopts)
{
	struct rules r;
	char err[256];
	struct rng rng;
	struct game *g = malloc(sizeof(*g));

	rules_init(&r, variant_parse(variant));
	for (int i = 0; i < nopts; i++)
		if (rules_set_option(&r, opts[i][0], opts[i][1], err, sizeof(err)) < 0)
			fprintf(stderr, "%s\n", err);
	CHECK(rules_finish(&r, err, sizeof(err)) == 0);
	rng_seed(&rng, 12345);
	/* the bound time budgets are made of: per hand, three per card dealt and eight more */
	long per_hand = rules_max_decisions(&r) / r.max_hands;

	for (int n = 0; n < games_per_set; n++) {
		int failed = th_failed, asked[MAX_SEATS] = { 0 };
		long hands = 1;

		CHECK(game_init(g, &r, (uint64_t)n, NULL, err, sizeof(err)) == 0);
		while (!game_over(g) && th_failed == failed) {
			struct move m;

			if (game_hand_over(g)) {
				check_hand_end(g);
				for (int s = 0; s < r.seats; s++) {
					CHECK(asked[s] <= per_hand);
					asked[s] = 0;
				}
				game_next_hand(g);
				total_hands++;
				hands++;
				continue;
			}
			asked[game_to_move(g)]++;
			check_state(g);
			check_moves(g, n % 10 == 0);
			/* odd games seat @greedy at even seats: realistic contracts too */
			if (n % 2 && game_to_move(g) % 2 == 0)
				CHECK(builtin_greedy(g, &m) == 0);
			else
				CHECK(builtin_random(g, &rng, &m) == 0);
			if (game_apply(g, &m, err, sizeof(err)) < 0) {
				CHECK(!"random move rejected");
				fprintf(stderr, "  %s\n", err);
			}
		}
		if (th_failed != failed) {
			fprintf(stderr, "  in %s game seed %d\n", variant, n);
			break;
		}
		check_hand_end(g);
		check_game_end(g);
		for (int s = 0; s < r.seats; s++)
			CHECK(asked[s] <= per_hand);
		CHECK(hands <= r.max_hands);
		total_hands++;
	}
	free(g);
}

int main(void)
{
	const char *env = getenv("SELFPLAY_GAMES");
	static const char *none[1][2];

	if (env)
		games_per_set = (int)strtol(env, NULL, 10) > 0 ? (int)strtol(env, NULL, 10) : 400;
	play_set("hammerwalt", none, 0);
	play_set("hammerwalt", (const char *[][2]){ { "target", "32" } }, 1);
	play_set("indiana", none, 0);
	play_set("indiana", (const char *[][2]){ { "all_pass", "redeal" } }, 1);
	play_set("bloomington", none, 0);
	play_set("bloomington", (const char *[][2]){ { "all_pass", "redeal" } }, 1);
	play_set("fivehand", none, 0);
	play_set("fivehand", (const char *[][2]){ { "end", "first" } }, 1);
	for (int p = 2; p <= 10; p++) {
		char pl[4];

		snprintf(pl, sizeof(pl), "%d", p);
		for (int j = 1; j <= 2; j++) {
			for (int z = 0; z <= 1; z++) {
				const char *o[3][2] = { { "players", pl }, { "jokers", j == 1 ? "1" : "2" },
							{ "zilch", z ? "true" : "false" } };

				play_set("flip", o, 3);
			}
		}
	}
	printf("self-play: %ld hands\n", total_hands);
	return TEST_REPORT();
}
