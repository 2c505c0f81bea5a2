/*
 * plan_schedule.h - every game of a tournament, decided before any is played.
 *
 * The schedule is a pure function of the config, the set of bots that
 * take part and the tournament key (plan_key.h): the same config and key always
 * give the same games, in the same order, with the same ids and seeds, on
 * every machine. That is what makes resuming, sharding and replaying a
 * single game possible; the key keeps the seeds secret.
 *
 * Formats (docs/arena.md has the details and the reasons):
 *  - team variants (hammerwalt, indiana, bloomington): every pair of bots
 *    of different authors meets; a team is one bot and house partners
 *    (partners = house, the default: seats 0 and 1 are the bots, the
 *    others SEAT_HOUSE) or copies of one bot (partners = copies); each
 *    deal is played twice, the second time with the teams swapped;
 *  - individual variants (fivehand, flip): the bots are drawn into tables
 *    so that every bot plays the same number of games and pairs meet as
 *    evenly as possible (schedule_draw_tables()); each deal is played once
 *    per rotation of the table's seats. With partners = house a table
 *    never holds two seats of one author: with fewer bots than seats each
 *    table holds every bot once and the house player in the other seats
 *    (schedule_draw_house()), and a seat the draw could give only to a
 *    second bot of one author goes to the house player;
 *  - progressive (indiana on 2 or 3 tables of 8 or 12 bots): the round
 *    robin of RULINGS.md; every game is replayed with the teams swapped.
 *
 * Every deal of a variant has one seed, shared by all pairings and tables
 * (duplicate style), from key_deal_seed().
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#include "plan_config.h"
#include "plan_key.h"

/* "VARIANT.dDDDD.A+B.rR": a 32-character variant name and two bot names fit */
#define GAME_ID_MAX 128

/* One fixture of the schedule: a game to play, with its deal and its seats. */
struct fixture {
	int index;            /* position in the full schedule, from 0 */
	int variant;          /* index into config->variants */
	char id[GAME_ID_MAX]; /* "hammerwalt.d0001.alice+bob.r1" */
	uint64_t seed;        /* the referee's --seed */
	int nseats;
	int bot[MAX_SEATS];   /* index into config->bots, or SEAT_HOUSE, per seat */
	uint64_t bot_seed[MAX_SEATS]; /* a seat's --bot-seed (key_bot_seed()), or 0 */
	const char *deal;     /* the referee's --deal FILE (compare --deals), or NULL; not owned */
};

/*
 * g's seats that are not house seats: a game's work when the jobs are
 * handed out (a house seat is @greedy, microseconds a move; plan_match.h,
 * plan_deal_queue.h).
 */
int schedule_bot_seats(const struct fixture *g);

/*
 * Gives g's seats that take a seed (a bot program's handshake seed, the
 * generator of a built-in that draws at random) their seeds from k and
 * g's id (key_bot_seed()); the schedule's games have them already.
 */
void schedule_seed_seats(struct fixture *g, const struct config *c, const struct key *k);

/* What the schedule holds for one variant, for --check and the report. */
struct schedule_variant {
	int pairings;   /* pairs of bots, tables, or progressive tables per event */
	int rotations;  /* games per deal and pairing */
	long deals;
	int games;
	const char *unit; /* "pairing", "table" or "table-round" */
	char skipped[160]; /* why the variant has no games, or "" */
};

struct schedule {
	int ngames;
	struct fixture *games;
	int nvariants;
	struct schedule_variant *variants; /* parallel to config->variants */
	int nactive;                       /* bots taking part */
};

/*
 * Builds the schedule of c for the bots whose active[i] is non-zero (NULL:
 * all), with every seed derived from key (never NULL). A variant that cannot be played by these bots (progressive without
 * exactly 8 or 12, fewer bots than needed) gets no games and a reason in
 * variants[v].skipped. Returns 0, or -1 with err (no games at all, or a
 * 'tables' value that cannot give every bot the same number of games);
 * after -1 there is nothing to release.
 */
int schedule_build(struct schedule *s, const struct config *c, const int *active,
		   const struct key *key, char *err, size_t len);
void schedule_release(struct schedule *s);

/*
 * Shard k of n (1 <= k <= n): the games whose id hashes (64-bit FNV-1a) to
 * k-1 modulo n. The shards partition the schedule, each gets a similar mix,
 * and a game stays in its shard when bots are added or removed (its id
 * does not change, its index may).
 */
int schedule_in_shard(const struct fixture *g, int k, int n);

/*
 * Hex digest (16 characters + NUL) of everything that decides what is
 * played: ids, seeds, seat assignments, bot names and seats (a path in the
 * config's directory as seen from it, so that a tournament moved or copied
 * keeps its digest), variant options. Time limits and jobs are not part
 * of it.
 */
void schedule_fingerprint(const struct schedule *s, const struct config *c, char out[17]);

/*
 * Default number of tables for n bots at k-seat tables: the fewest that
 * give every bot the same number of seats and, when n >= k, enough seats
 * for every pair to be able to meet once.
 */
int schedule_default_tables(int n, int k);
/* Is ntables a count that gives every bot the same number of seats? */
int schedule_tables_balanced(int n, int k, int ntables);

/*
 * Draws ntables tables of k seats for bots 0..n-1 into out[t*k + s]. With
 * n >= k a table holds k different bots: a greedy pass fills each table
 * with the bots that have played least (ties: who has met the others
 * least, then a seeded shuffle), then pairwise swaps of bots between
 * tables lower the sum of squared meeting counts until no swap helps.
 * With n < k every table holds every bot, floor(k/n) or one more times.
 */
void schedule_draw_tables(int n, int k, int ntables, uint64_t seed, int *out);

/*
 * schedule_draw_tables() keeping bots of one author apart: author[i] (NULL:
 * all differ) is bot i's author; a pair of one author counts as having met
 * many times, so that the draw seats them together only where it must.
 */
void schedule_draw_authors(int n, int k, int ntables, uint64_t seed, const int *author, int *out);

/*
 * ntables tables of k > n seats for the house format: each holds bots
 * 0..n-1 once and SEAT_HOUSE in its other k-n seats, in an order shuffled
 * from seed.
 */
void schedule_draw_house(int n, int k, int ntables, uint64_t seed, int *out);

/*
 * Round r (0 <= r < n-1) of the progressive format for n = 8 or 12
 * players: out[t*4 + s] is the player (0..n-1, 0 being RULINGS.md's
 * infinity) at seat s of table t; seats 0 and 2 are partners against 1 and 3.
 */
void schedule_progressive_round(int n, int r, int *out);

#endif
