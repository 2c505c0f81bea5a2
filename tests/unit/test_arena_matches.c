/*
 * test_arena_matches.c - games grouped into matches (plan_match.h): one
 * variant, one seat arrangement, a block of match_games deals; the lane
 * (a variant's block) with the most bot seats left first, equal ones
 * round robin; worked by hand on small lists.
 */
#include <stdio.h>
#include <string.h>

#include "plan_match.h"
#include "testhelp.h"

static struct fixture g[8];

/* Game i: variant v, deal seed, bots a and b in seats 0 and 1. */
static void set(int i, int v, uint64_t seed, int a, int b)
{
	memset(&g[i], 0, sizeof(g[i]));
	g[i].index = i;
	g[i].variant = v;
	g[i].seed = seed;
	g[i].nseats = 2;
	g[i].bot[0] = a;
	g[i].bot[1] = b;
	snprintf(g[i].id, sizeof(g[i].id), "g%d", i);
}

/* The matches of m as "0,2 1,3 4": game indexes, a space between matches. */
static void show(const struct matches *m, char *out, size_t len)
{
	size_t n = 0;

	out[0] = '\0';
	for (long i = 0; i < m->n; i++)
		for (long k = m->start[i]; k < m->start[i + 1]; k++)
			n += (size_t)snprintf(out + n, len - n, "%s%d",
					      k == m->start[i] ? (i ? " " : "") : ",",
					      m->games[k]->index);
}

/*
 * The schedule's order: each deal's games side by side. Variant 0 deals
 * 100, 200, 300, each as A v B (bots 0, 1) and B v A; variant 1 deal 100
 * as A v B; the deal 100 of variant 1 is another deal.
 */
static void schedule(struct fixture **todo)
{
	set(0, 0, 100, 0, 1);
	set(1, 0, 100, 1, 0);
	set(2, 0, 200, 0, 1);
	set(3, 0, 200, 1, 0);
	set(4, 0, 300, 0, 1);
	set(5, 0, 300, 1, 0);
	set(6, 1, 100, 0, 1);
	for (int i = 0; i < 7; i++)
		todo[i] = &g[i];
}

static void test_a_match_is_one_arrangement_over_a_block_of_deals(void)
{
	struct fixture *todo[7];
	struct matches m;
	char s[128];

	schedule(todo);
	/*
	 * blocks of 2 deals: 100 and 200, then 300 alone. The bot seats left
	 * from each match on: lane 100-200 8 at 0,2 and 4 at 1,3; lane 300 4
	 * at 4 and 2 at 5; variant 1's lane 2 at 6. The most first; equal
	 * ones by their place in the lane (4 before 1,3; 6 before 5)
	 */
	matches_group(&m, todo, 7, 2, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,2 4 1,3 6 5");
	CHECK_INT(m.n, 5);
	matches_release(&m);
	/* one block: every deal of the variant; its lane has 12 and 6 left, variant 1's 2 */
	matches_group(&m, todo, 7, 16, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,2,4 1,3,5 6");
	matches_release(&m);
}

static void test_matches_off_or_of_one_game_keep_the_order(void)
{
	struct fixture *todo[7];
	struct matches m;
	char s[128];

	schedule(todo);
	matches_group(&m, todo, 7, 16, 0, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0 1 2 3 4 5 6");
	matches_release(&m);
	matches_group(&m, todo, 7, 1, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0 1 2 3 4 5 6");
	matches_release(&m);
	matches_group(&m, todo, 0, 16, 1, 1);
	CHECK_INT(m.n, 0);
	matches_release(&m);
}

/*
 * What is left to play (a resume, a shard) is grouped as it comes: the
 * blocks count the deals there are, in their order.
 */
static void test_blocks_count_the_deals_left(void)
{
	struct fixture *todo[7]; /* schedule() fills 7; the first 4 are then replaced */
	struct matches m;
	char s[128];

	schedule(todo);
	todo[0] = &g[1]; /* B v A of 100 */
	todo[1] = &g[2]; /* A v B of 200 */
	todo[2] = &g[4]; /* A v B of 300 */
	todo[3] = &g[5]; /* B v A of 300 */
	matches_group(&m, todo, 4, 2, 1, 1);
	show(&m, s, sizeof(s));
	/* deals 100 and 200 are the first block, 300 the second */
	CHECK_STR(s, "1 4 2 5");
	matches_release(&m);
	matches_group(&m, todo, 4, 3, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "1,5 2,4");
	matches_release(&m);
}

/*
 * Two tables drawn alike (or one a rotation of the other) seat one
 * arrangement on one deal twice: a process kept up through the match
 * would play the cards it has seen played. The first game of each deal
 * is one match, the second another, whatever match_games allows.
 */
static void test_a_match_never_holds_one_deal_twice(void)
{
	struct fixture *todo[5];
	struct matches m;
	char s[128];

	set(0, 0, 100, 0, 1);
	set(1, 0, 100, 0, 1); /* A v B of 100 again: another table */
	set(2, 0, 200, 0, 1);
	set(3, 0, 200, 0, 1);
	set(4, 0, 200, 1, 0);
	for (int i = 0; i < 5; i++)
		todo[i] = &g[i];
	matches_group(&m, todo, 5, 16, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,2 1,3 4");
	matches_release(&m);
	/* blocks of one deal: one game a match */
	matches_group(&m, todo, 5, 1, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0 1 2 3 4");
	matches_release(&m);
}

/*
 * Blocks shrink until no lane (a variant's block, played a match at a
 * time) holds more than 1/jobs of the games. With variant 1's deal 200
 * (game 7) too, 8 games: in blocks of 16 variant 0's lane holds 6, in
 * blocks of 2 the largest lane (100 and 200 of variant 0) holds 4.
 */
static void test_blocks_shrink_so_that_no_lane_outlasts_the_jobs(void)
{
	struct fixture *todo[8];
	struct matches m;
	char s[128];

	schedule(todo);
	set(7, 1, 200, 0, 1);
	todo[7] = &g[7];
	/* 1 job: blocks of 16; variant 0's lane has 12 and 6 left, variant 1's 4 */
	matches_group(&m, todo, 8, 16, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,2,4 1,3,5 6,7");
	matches_release(&m);
	/*
	 * 2 jobs: 6 > 8 / 2 in blocks of 16 (or 3), 4 <= 8 / 2 in blocks of
	 * 2; left: 8 at 0,2, then 4 at 4, 6,7 (first in their lanes) and 1,3
	 */
	matches_group(&m, todo, 8, 16, 1, 2);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,2 4 6,7 1,3 5");
	matches_release(&m);
	/* 3 jobs: no block size will do: a game a match, in the order given */
	matches_group(&m, todo, 8, 16, 1, 3);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0 1 2 3 4 5 6 7");
	CHECK_INT(m.n, 8);
	matches_release(&m);
}

/*
 * The lane with the most bot seats left comes first, whatever the
 * schedule's order; a house seat (@greedy, microseconds a move) counts
 * none. Variant 0 plays deals 100 and 200 in two seats, variant 1 deal
 * 100 at a table of four bots (4 seats).
 */
static void test_the_lane_with_most_bot_seats_left_comes_first(void)
{
	struct fixture *todo[3];
	struct matches m;
	char s[128];

	set(0, 0, 100, 0, 1);
	set(1, 0, 200, 0, 1);
	set(2, 1, 100, 0, 1);
	g[2].nseats = 4;
	g[2].bot[2] = 2;
	g[2].bot[3] = 3;
	for (int i = 0; i < 3; i++)
		todo[i] = &g[i];
	/* 4 seats against 4: the lanes in their order */
	matches_group(&m, todo, 3, 16, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "0,1 2");
	matches_release(&m);
	/* a house partner in variant 0's second seat: 2 against 4 */
	g[0].bot[1] = g[1].bot[1] = SEAT_HOUSE;
	matches_group(&m, todo, 3, 16, 1, 1);
	show(&m, s, sizeof(s));
	CHECK_STR(s, "2 0,1");
	matches_release(&m);
}

int main(void)
{
	RUN(test_the_lane_with_most_bot_seats_left_comes_first);
	RUN(test_blocks_shrink_so_that_no_lane_outlasts_the_jobs);
	RUN(test_a_match_is_one_arrangement_over_a_block_of_deals);
	RUN(test_matches_off_or_of_one_game_keep_the_order);
	RUN(test_blocks_count_the_deals_left);
	RUN(test_a_match_never_holds_one_deal_twice);
	return TEST_REPORT();
}
