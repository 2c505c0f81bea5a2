/*
 * test_arena_deal_queue.c - the order games start in: never two of one deal
 * (variant and seed) at once, the longest chain first, retries at the
 * end, a deal that comes back later still once at a time; worked by
 * hand on small lists.
 */
#include <stdio.h>
#include <string.h>

#include "plan_deal_queue.h"
#include "testhelp.h"

static struct fixture g[7];

/* Game i: variant v, deal seed. */
static void set(int i, int v, uint64_t seed)
{
	memset(&g[i], 0, sizeof(g[i]));
	g[i].index = i;
	g[i].variant = v;
	g[i].seed = seed;
	snprintf(g[i].id, sizeof(g[i].id), "g%d", i);
}

/* The index of the next game, -1 for none; *attempt as handed out. */
static int next(struct deal_queue *q, int *attempt)
{
	struct fixture *f = deal_queue_next(q, attempt);

	return f ? f->index : -1;
}

/*
 * Games 0-2 share variant 0's deal 100 (three pairings or rotations), 3-4
 * variant 1's deal 100 (another variant: another deal), 5-6 variant 0's
 * deal 200.
 */
static void test_two_games_of_one_deal_never_run_at_once(void)
{
	struct fixture *todo[7];
	struct deal_queue *q;
	int a;

	set(0, 0, 100);
	set(1, 0, 100);
	set(2, 0, 100);
	set(3, 1, 100);
	set(4, 1, 100);
	set(5, 0, 200);
	set(6, 0, 200);
	for (int i = 0; i < 7; i++)
		todo[i] = &g[i];
	q = deal_queue_new(todo, 7, NULL, 0);
	CHECK_INT(deal_queue_left(q), 7);
	CHECK_INT(next(q, &a), 0);
	CHECK_INT(a, 1);
	/* 1 and 2 wait for 0: the other variant's deal goes first */
	CHECK_INT(next(q, &a), 3);
	/* a third job would take deal 200; then every deal runs: nothing starts */
	CHECK_INT(next(q, &a), 5);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[3]);
	CHECK_INT(next(q, &a), 4);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[0]);
	CHECK_INT(next(q, &a), 1);
	/* game 1 failed: its retry comes after everything queued */
	deal_queue_add(q, &g[1], 2);
	deal_queue_done(q, &g[1]);
	deal_queue_done(q, &g[5]);
	deal_queue_done(q, &g[4]);
	CHECK_INT(next(q, &a), 2);
	CHECK_INT(a, 1);
	CHECK_INT(next(q, &a), 6);
	CHECK_INT(next(q, &a), -1); /* the retry's deal (0, 100) runs: game 2 */
	deal_queue_done(q, &g[2]);
	CHECK_INT(next(q, &a), 1);
	CHECK_INT(a, 2);
	CHECK_INT(deal_queue_left(q), 0);
	CHECK_INT(next(q, &a), -1);
	deal_queue_free(q);
	deal_queue_free(NULL);
}

/* Game i's seats: a, b, then house seats (4 in all). */
static void seats(int i, int a, int b)
{
	g[i].nseats = 4;
	g[i].bot[0] = a;
	g[i].bot[1] = b;
	g[i].bot[2] = g[i].bot[3] = SEAT_HOUSE;
}

/*
 * No author in two games at once: bots 0 and 3 are one author (a
 * byte-identical copy), 1 and 2 others, 4 a built-in (no author). Every
 * game its own deal, so only the authors keep games apart.
 */
static void test_an_author_plays_one_game_at_a_time(void)
{
	static const int author[5] = { 0, 1, 2, 0, -1 };
	struct fixture *todo[5] = { &g[0], &g[1], &g[2], &g[3], &g[4] };
	struct deal_queue *q;
	int a;

	set(0, 0, 100);
	seats(0, 0, 1);         /* A v B */
	set(1, 0, 200);
	seats(1, 0, 2);         /* A v C */
	set(2, 0, 300);
	seats(2, 1, 2);         /* B v C */
	set(3, 0, 400);
	seats(3, 2, 4);         /* C v the built-in */
	set(4, 0, 500);
	seats(4, 3, 1);         /* A's copy v B */
	q = deal_queue_new(todo, 5, author, 5);
	CHECK_INT(next(q, &a), 0);
	/* 1 waits for A, 2 for B; 3 seats C and a built-in */
	CHECK_INT(next(q, &a), 3);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[0]);
	/* A and B are free, but C plays: 1 and 2 wait; 4 is A's copy and B */
	CHECK_INT(next(q, &a), 4);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[3]);
	/* A still plays (its copy, game 4): 1 waits, 2 (B v C) waits for B */
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[4]);
	CHECK_INT(next(q, &a), 1);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[1]);
	CHECK_INT(next(q, &a), 2);
	CHECK_INT(deal_queue_left(q), 0);
	deal_queue_done(q, &g[2]);
	deal_queue_free(q);
}

/* A deal that comes back after another is a group of its own: still never twice at once. */
static void test_a_deal_in_two_places_runs_once_at_a_time(void)
{
	struct fixture *todo[3] = { &g[0], &g[1], &g[2] };
	struct deal_queue *q;
	int a;

	set(0, 0, 100);
	set(1, 0, 200);
	set(2, 0, 100);
	q = deal_queue_new(todo, 3, NULL, 0);
	CHECK_INT(next(q, &a), 0);
	CHECK_INT(next(q, &a), 1);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[1]);
	CHECK_INT(next(q, &a), -1);
	deal_queue_done(q, &g[0]);
	CHECK_INT(next(q, &a), 2);
	deal_queue_free(q);
}

/* The indexes of a match handed out, "0,2", or "-" for none. */
static void next_match(struct deal_queue *q, char *out, size_t len, int *attempt)
{
	int n;
	struct fixture *const *m = deal_queue_next_match(q, &n, attempt);
	size_t k = 0;

	snprintf(out, len, "-");
	for (int i = 0; m && i < n; i++)
		k += (size_t)snprintf(out + k, len - k, "%s%d", i ? "," : "", m[i]->index);
}

/*
 * A match holds every deal and author of it until each of its games is
 * done: matches A = {0, 1} and B = {2, 3} share deals 100 and 200 (two
 * arrangements), C = {4, 5} has 300 and 400, D = {6} seats A's author
 * on deal 500.
 */
static void test_a_match_holds_its_deals_and_authors(void)
{
	static const int author[3] = { 0, 1, 2 };
	struct fixture *a[2] = { &g[0], &g[1] }, *b[2] = { &g[2], &g[3] };
	struct fixture *c[2] = { &g[4], &g[5] }, *d[1] = { &g[6] };
	struct deal_queue *q;
	char s[32];
	int at;

	set(0, 0, 100);
	seats(0, 0, 1);
	set(1, 0, 200);
	seats(1, 0, 1);
	set(2, 0, 100);
	seats(2, 1, 0);
	set(3, 0, 200);
	seats(3, 1, 0);
	set(4, 0, 300);
	seats(4, 2, 4);
	set(5, 0, 400);
	seats(5, 2, 4);
	set(6, 0, 500);
	seats(6, 0, 4);
	q = deal_queue_new(NULL, 0, author, 3);
	deal_queue_add_match(q, a, 2, 1);
	deal_queue_add_match(q, b, 2, 1);
	deal_queue_add_match(q, c, 2, 1);
	deal_queue_add_match(q, d, 1, 1);
	CHECK_INT(deal_queue_left(q), 7);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "0,1");
	CHECK_INT(at, 1);
	/* B waits for A's deals, D for A's author */
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "4,5");
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "-");
	/* A's first game is done: its deal 200 and its authors still run */
	deal_queue_done(q, &g[0]);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "-");
	deal_queue_done(q, &g[1]);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "2,3");
	/* game 3 of B is queued again alone, at attempt 2, after D */
	deal_queue_add(q, &g[3], 2);
	deal_queue_done(q, &g[2]);
	deal_queue_done(q, &g[3]);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "6");
	CHECK_INT(at, 1);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "-"); /* 3 seats A's author too */
	deal_queue_done(q, &g[6]);
	next_match(q, s, sizeof(s), &at);
	CHECK_STR(s, "3");
	CHECK_INT(at, 2);
	CHECK_INT(deal_queue_left(q), 0);
	deal_queue_free(q);
}

/*
 * Authors A..F are bots 0..5, every game its own deal and two bot seats
 * (work 2). Queued behind each author: A 4 (games 0, 1), B 2, C 4 (1, 4),
 * D 6 (2, 3, 4), E 2, F 2; so game 0's chain is 4 (A), game 1's 4, games
 * 2 to 4 have D's 6. The queue of these five games.
 */
static struct deal_queue *five_chains(void)
{
	static const int author[6] = { 0, 1, 2, 3, 4, 5 };
	struct fixture *todo[5] = { &g[0], &g[1], &g[2], &g[3], &g[4] };

	set(0, 0, 100);
	seats(0, 0, 1);         /* A v B */
	set(1, 0, 200);
	seats(1, 0, 2);         /* A v C */
	set(2, 0, 300);
	seats(2, 3, 4);         /* D v E */
	set(3, 0, 400);
	seats(3, 3, 5);         /* D v F */
	set(4, 0, 500);
	seats(4, 3, 2);         /* D v C */
	return deal_queue_new(todo, 5, author, 6);
}

/*
 * The longest chain first, in five_chains(): the schedule's order would
 * start game 0, then game 2 beside it.
 */
static void test_the_longest_chain_starts_first(void)
{
	struct deal_queue *q = five_chains();
	int a;

	CHECK_INT(next(q, &a), 2);
	/* D plays: 3 and 4 wait; 0 and 1 have A's 4, and 0 comes first */
	CHECK_INT(next(q, &a), 0);
	CHECK_INT(next(q, &a), -1);
	/* D is free, with 4 queued (3, 4); 1 waits for A */
	deal_queue_done(q, &g[2]);
	CHECK_INT(next(q, &a), 3);
	/* A is free with 2 queued (1) and C has 4 (1, 4): 1's chain is 4 */
	deal_queue_done(q, &g[0]);
	CHECK_INT(next(q, &a), 1);
	deal_queue_done(q, &g[3]);
	CHECK_INT(next(q, &a), -1); /* 4 waits for C */
	deal_queue_done(q, &g[1]);
	CHECK_INT(next(q, &a), 4);
	CHECK_INT(deal_queue_left(q), 0);
	deal_queue_done(q, &g[4]);
	deal_queue_free(q);
}

/*
 * For one job (deal_queue_in_order()): the queue's order, as if every
 * chain were as long: the games of five_chains() start 0, 1, 2, as the
 * schedule lists them.
 */
static void test_one_job_keeps_the_order(void)
{
	struct deal_queue *q = five_chains();
	int a;

	deal_queue_in_order(q);
	CHECK_INT(next(q, &a), 0);
	deal_queue_done(q, &g[0]);
	CHECK_INT(next(q, &a), 1);
	deal_queue_done(q, &g[1]);
	CHECK_INT(next(q, &a), 2);
	deal_queue_free(q);
}

/*
 * A deal's games are a chain too (a lane): deal 100's three games (work 2
 * each, 6 in all) start before games of authors with less queued, and a
 * retry (attempt 2) comes after every first attempt that can start,
 * whatever its chain.
 */
static void test_a_lane_is_a_chain_and_retries_come_last(void)
{
	static const int author[6] = { 0, 1, 2, 3, 4, 5 };
	struct fixture *todo[5] = { &g[0], &g[1], &g[2], &g[3], &g[4] };
	struct deal_queue *q;
	int a;

	set(0, 0, 200);
	seats(0, 4, 5);         /* E v F, deal 200 */
	set(1, 0, 100);
	seats(1, 0, 1);         /* A v B */
	set(2, 0, 100);
	seats(2, 2, 3);         /* C v D */
	set(3, 0, 100);
	seats(3, 1, 0);         /* B v A */
	set(4, 0, 300);
	seats(4, 2, 3);         /* C v D, deal 300 */
	q = deal_queue_new(todo, 5, author, 6);
	/* deal 100's chain is 6 (A, B: 4; C, D: 4); game 0's 2 */
	CHECK_INT(next(q, &a), 1);
	/* deal 100 runs: 2 and 3 wait; 4 has C and D's 4, 0 has 2 */
	CHECK_INT(next(q, &a), 4);
	/* game 4 failed: its retry has C's and D's 4 again; game 0 goes first */
	deal_queue_add(q, &g[4], 2);
	deal_queue_done(q, &g[4]);
	CHECK_INT(next(q, &a), 0);
	CHECK_INT(a, 1);
	/* nothing else of attempt 1 can start (deal 100): the retry does */
	CHECK_INT(next(q, &a), 4);
	CHECK_INT(a, 2);
	deal_queue_done(q, &g[0]);
	deal_queue_done(q, &g[1]);
	deal_queue_done(q, &g[4]);
	/* deal 100 again: 2 (C, D: 2 left) and 3 (A, B: 2 left) tie: 2 first */
	CHECK_INT(next(q, &a), 2);
	deal_queue_done(q, &g[2]);
	CHECK_INT(next(q, &a), 3);
	deal_queue_done(q, &g[3]);
	CHECK_INT(deal_queue_left(q), 0);
	deal_queue_free(q);
}

/*
 * Handing out looks 256 matches into the queue: games 0 to 255 each seat
 * a bot of their own (a chain of 1), games 256 to 259 one more bot (a
 * chain of 4); the first starts at the head, the 257th game in the queue
 * being out of sight, and once a game has started the window moves on.
 */
static void test_handing_out_looks_256_matches_ahead(void)
{
	enum { N = 260, BOTS = 257 };
	static struct fixture f[N];
	static struct fixture *todo[N];
	static int author[BOTS];
	struct deal_queue *q;
	int a;

	for (int b = 0; b < BOTS; b++)
		author[b] = b;
	for (int i = 0; i < N; i++) {
		memset(&f[i], 0, sizeof(f[i]));
		f[i].index = i;
		f[i].seed = 1000 + (uint64_t)i;
		f[i].nseats = 4;
		f[i].bot[0] = i < 256 ? i : 256;
		f[i].bot[1] = f[i].bot[2] = f[i].bot[3] = SEAT_HOUSE;
		todo[i] = &f[i];
	}
	q = deal_queue_new(todo, N, author, BOTS);
	/* games 0..255 are in sight, all with a chain of 2: the first */
	CHECK_INT(deal_queue_next(q, &a)->index, 0);
	/* game 256 is now in sight: its bot's chain is 4 */
	CHECK_INT(deal_queue_next(q, &a)->index, 256);
	CHECK_INT(deal_queue_next(q, &a)->index, 1);
	deal_queue_free(q);
}

/*
 * The window counts only matches that can start: games 0 to 299 share
 * deal 100 (each its own bot, work 1), game 300 is deal 200, games 301 to
 * 599 each a deal of their own and all seat bot 600 (work 2: a chain of
 * 598), game 600 is deal 400. Once game 0 runs, its 299 fellows wait and
 * game 301 (the 302nd queued) starts beside it; once 301 runs, bot 600's
 * other 298 games wait and games 300 and 600 (the 601st) start. Counting
 * the 256 first queued whatever they wait for, jobs would stay idle.
 */
static void test_the_window_skips_what_cannot_start(void)
{
	enum { N = 601, BOTS = 602 };
	static struct fixture f[N];
	static struct fixture *todo[N];
	static int author[BOTS];
	struct deal_queue *q;
	int a;

	for (int b = 0; b < BOTS; b++)
		author[b] = b;
	for (int i = 0; i < N; i++) {
		memset(&f[i], 0, sizeof(f[i]));
		f[i].index = i;
		f[i].seed = i < 300 ? 100 : i == 300 ? 200 : i < 600 ? 300 + (uint64_t)i : 400;
		f[i].nseats = 2;
		f[i].bot[0] = i < 600 ? i : 601;
		f[i].bot[1] = i > 300 && i < 600 ? 600 : SEAT_HOUSE;
		todo[i] = &f[i];
	}
	q = deal_queue_new(todo, N, author, BOTS);
	/* the first 256 queued are deal 100's, all free: the first */
	CHECK_INT(next(q, &a), 0);
	/* deal 100 runs: past its 299 games, bot 600's chain (598) is the longest */
	CHECK_INT(next(q, &a), 301);
	/* deal 100 and bot 600 busy: 599 queued wait; 300 and 600 (chain 1) can start */
	CHECK_INT(next(q, &a), 300);
	CHECK_INT(next(q, &a), 600);
	CHECK_INT(next(q, &a), -1);
	CHECK_INT(deal_queue_left(q), 597);
	deal_queue_free(q);
}

int main(void)
{
	RUN(test_a_match_holds_its_deals_and_authors);
	RUN(test_two_games_of_one_deal_never_run_at_once);
	RUN(test_a_deal_in_two_places_runs_once_at_a_time);
	RUN(test_an_author_plays_one_game_at_a_time);
	RUN(test_the_longest_chain_starts_first);
	RUN(test_one_job_keeps_the_order);
	RUN(test_a_lane_is_a_chain_and_retries_come_last);
	RUN(test_handing_out_looks_256_matches_ahead);
	RUN(test_the_window_skips_what_cannot_start);
	return TEST_REPORT();
}
