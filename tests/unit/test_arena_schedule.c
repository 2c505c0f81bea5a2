/*
 * test_arena_schedule.c - the tournament schedule: game counts for each
 * kind of variant, duplicate rotations, balance of individual tables, the
 * progressive round robin, deterministic ids and seeds, seeds derived
 * from the tournament key (values checked with Python's hashlib.blake2b),
 * pairing ids that stay put when a bot is excluded, and shards that
 * partition the schedule exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "plan_config.h"
#include "plan_key.h"
#include "plan_schedule.h"
#include "strset.h"
#include "testhelp.h"

static char path[4096];
static struct key key0; /* bytes 0, 1, ..., 31 */

/* Writes text to a scratch INI file and loads it. */
static int load(struct config *c, const char *text)
{
	char err[4096];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/sched-%d.ini", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	ret = config_load(c, path, err, sizeof(err));
	if (ret < 0)
		fprintf(stderr, "%s\n", err);
	unlink(path);
	return ret;
}

/* "[bot bN] command = @greedy|@random" for N = 1..n. */
static void add_bots(char *buf, size_t len, int n)
{
	size_t used = strlen(buf);

	for (int i = 1; i <= n; i++)
		used += (size_t)snprintf(buf + used, len - used, "[bot b%d]\ncommand = %s\n", i,
					 i % 2 ? "@random" : "@greedy");
}

static void build(struct config *c, struct schedule *s, const char *arena, int nbots)
{
	char text[8192], err[512];

	snprintf(text, sizeof(text), "%s", arena);
	add_bots(text, sizeof(text), nbots);
	CHECK(load(c, text) == 0);
	CHECK(schedule_build(s, c, NULL, &key0, err, sizeof(err)) == 0);
}

static void test_team_variants_play_every_pair_twice_per_deal(void)
{
	struct config c;
	struct schedule s;

	/* the copies format: a team is copies of one bot */
	build(&c, &s, "[arena]\nvariants = hammerwalt, bloomington\ndeals = 3\npartners = copies\n", 5);
	/* 10 pairs x 3 deals x 2 rotations, per variant */
	CHECK_INT(s.ngames, 2 * 10 * 3 * 2);
	CHECK_INT(s.variants[0].games, 60);
	CHECK_INT(s.variants[1].pairings, 10);
	CHECK_INT(s.variants[1].rotations, 2);
	/* rotation 1 replays rotation 0's deal with the teams swapped */
	for (int i = 0; i < s.ngames; i += 2) {
		const struct fixture *a = &s.games[i], *b = &s.games[i + 1];

		CHECK(a->seed == b->seed);
		CHECK(a->bot[0] != a->bot[1]);
		for (int p = 0; p < a->nseats; p++) {
			CHECK_INT(a->bot[p], a->bot[p % 2]);
			CHECK_INT(b->bot[p], a->bot[(p + 1) % 2]);
		}
	}
	CHECK_STR(s.games[0].id, "hammerwalt.d0001.b1+b2.r0");
	CHECK_STR(s.games[1].id, "hammerwalt.d0001.b1+b2.r1");
	/* deals are interleaved across variants: bloomington's deal 1 before hammerwalt's 2 */
	CHECK_STR(s.games[20].id, "bloomington.d0001.b1+b2.r0");
	CHECK_STR(s.games[40].id, "hammerwalt.d0002.b1+b2.r0");
	schedule_release(&s);
	config_release(&c);
}

static void test_every_pairing_plays_the_same_deals(void)
{
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = indiana\ndeals = 2\n", 4);
	for (int i = 0; i < s.ngames; i++) {
		long d = s.games[i].id[12] - '1'; /* "indiana.d000D..." */

		CHECK(s.games[i].seed == key_deal_seed(&key0, "indiana", d));
	}
	schedule_release(&s);
	config_release(&c);
}

/*
 * The values were computed independently in Python:
 *   k = bytes(range(32))
 *   h = hashlib.blake2b(b"euchre-arena deal\0flip\0" + (3).to_bytes(8, "little"),
 *                       key=k, digest_size=16).digest()
 *   int.from_bytes(h[:8], "little") >> 1
 * and the same over b"euchre-arena tables\0fivehand\0", b"euchre-arena key id\0"
 * (not shifted), and with the unkeyed key of seed 1,
 *   hashlib.blake2b(b"euchre-arena seed\0" + (1).to_bytes(8, "little"), digest_size=32).
 */
static void test_deal_seeds_are_keyed_blake2b(void)
{
	struct key k;
	char id[KEY_ID_LEN + 1];

	CHECK(key_deal_seed(&key0, "flip", 3) == 1091888137873832717ULL);
	CHECK(key_deal_seed(&key0, "hammerwalt", 0) == 6682941387535599608ULL);
	CHECK(key_tables_seed(&key0, "fivehand") == 3240291689145284969ULL);
	key_id(&key0, id);
	CHECK_STR(id, "03b14e18535ccced");
	/* an explicit config seed is a public key */
	key_from_seed(&k, 1);
	CHECK_INT(k.bytes[0], 0x6e);
	CHECK_INT(k.bytes[31], 0xac);
	CHECK(key_deal_seed(&k, "hammerwalt", 0) == 2928507075436704715ULL);
	/* another key, variant or deal: another seed; always below 2^63 */
	CHECK(key_deal_seed(&k, "flip", 3) != key_deal_seed(&key0, "flip", 3));
	CHECK(key_deal_seed(&key0, "flip", 4) != key_deal_seed(&key0, "flip", 3));
	CHECK(key_deal_seed(&key0, "fivehand", 3) != key_deal_seed(&key0, "flip", 3));
	for (long d = 0; d < 1000; d++)
		CHECK(key_deal_seed(&key0, "flip", d) < (1ULL << 63));
}

/* Counts seats per bot and meetings per pair over the tables of a variant. */
static void tally_tables(const int *tab, int ntables, int k, int n, int *seats, int *meet)
{
	memset(seats, 0, (size_t)n * sizeof(int));
	memset(meet, 0, (size_t)n * (size_t)n * sizeof(int));
	for (int t = 0; t < ntables; t++)
		for (int s = 0; s < k; s++) {
			seats[tab[t * k + s]]++;
			for (int u = 0; u < s; u++) {
				meet[tab[t * k + s] * n + tab[t * k + u]]++;
				meet[tab[t * k + u] * n + tab[t * k + s]]++;
			}
		}
}

/*
 * For 4 and 5 seats (flip 4, fivehand) and 3 to 6 (flip), every field of
 * 5 to 30 bots: every bot has exactly the same number of seats, and the
 * default number of tables lets every pair meet, with meeting counts no
 * further apart than 2 (docs/arena.md: a heuristic, not a design).
 */
static void test_individual_tables_are_balanced(void)
{
	for (int k = 3; k <= 6; k++)
		for (int n = k; n <= 30; n++) {
			int ntables = schedule_default_tables(n, k);
			int *tab = malloc(sizeof(int) * (size_t)ntables * (size_t)k);
			int seats[30], *meet = malloc(sizeof(int) * 900), lo = 1 << 30, hi = 0;

			CHECK(schedule_tables_balanced(n, k, ntables));
			schedule_draw_tables(n, k, ntables, 99, tab);
			tally_tables(tab, ntables, k, n, seats, meet);
			for (int t = 0; t < ntables; t++)
				for (int s = 0; s < k; s++)
					for (int u = 0; u < s; u++)
						CHECK(tab[t * k + s] != tab[t * k + u]);
			for (int b = 0; b < n; b++) {
				CHECK_INT(seats[b], ntables * k / n);
				for (int o = 0; o < n; o++)
					if (o != b) {
						lo = meet[b * n + o] < lo ? meet[b * n + o] : lo;
						hi = meet[b * n + o] > hi ? meet[b * n + o] : hi;
					}
			}
			if (lo < 1 || hi - lo > 2)
				fprintf(stderr, "n=%d k=%d: meetings %d..%d\n", n, k, lo, hi);
			CHECK(lo >= 1);
			CHECK(hi - lo <= 2);
			free(tab);
			free(meet);
		}
}

static void test_fewer_bots_than_seats_share_tables_evenly(void)
{
	/* 2 bots at 5 seats: 2 tables, 3+2 and 2+3 seats: 5 each */
	int tab[10], seats[2], meet[4];

	CHECK_INT(schedule_default_tables(2, 5), 2);
	schedule_draw_tables(2, 5, 2, 1, tab);
	tally_tables(tab, 2, 5, 2, seats, meet);
	CHECK_INT(seats[0], 5);
	CHECK_INT(seats[1], 5);
	CHECK_INT(schedule_default_tables(3, 5), 3);
	CHECK_INT(schedule_default_tables(2, 4), 1);
	CHECK(!schedule_tables_balanced(3, 5, 2));
}

static void test_individual_rotations_seat_every_bot_everywhere(void)
{
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = fivehand\ndeals = 2\n", 7);
	/* 7 bots at 5 seats: 7 tables (35 seats, 5 per bot), 5 rotations */
	CHECK_INT(s.variants[0].pairings, 7);
	CHECK_INT(s.ngames, 7 * 2 * 5);
	for (int i = 0; i < s.ngames; i += 5) {
		const struct fixture *g0 = &s.games[i];

		for (int r = 1; r < 5; r++) {
			const struct fixture *g = &s.games[i + r];

			CHECK(g->seed == g0->seed);
			for (int p = 0; p < 5; p++)
				CHECK_INT(g->bot[p], g0->bot[(p + r) % 5]);
		}
	}
	{
		int games[7] = { 0 };

		for (int i = 0; i < s.ngames; i++)
			for (int p = 0; p < 5; p++)
				games[s.games[i].bot[p]]++;
		for (int b = 0; b < 7; b++)
			CHECK_INT(games[b], 5 * 2 * 5);
	}
	schedule_release(&s);
	config_release(&c);
}

static void test_flip_tables_follow_the_players_option(void)
{
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = flip\n[variant flip]\nplayers = 3\ntables = 4\n", 4);
	CHECK_INT(s.variants[0].pairings, 4);
	CHECK_INT(s.ngames, 4 * 3);
	CHECK_INT(s.games[0].nseats, 3);
	CHECK_STR(s.games[0].id, "flip.d0001.t0001.r0");
	schedule_release(&s);
	config_release(&c);
}

static void test_unbalanced_tables_value_is_refused(void)
{
	struct config c;
	struct schedule s;
	char text[8192] = "[arena]\nvariants = fivehand\n[variant fivehand]\ntables = 3\n", err[512];

	add_bots(text, sizeof(text), 7);
	CHECK(load(&c, text) == 0);
	CHECK(schedule_build(&s, &c, NULL, &key0, err, sizeof(err)) < 0);
	CHECK_STR(err, "tables = 3 in [variant fivehand] does not give each of the 7 bots the "
		       "same number of games (try 7 or a multiple of it)");
	config_release(&c);
}

static void check_progressive(int n)
{
	int partner[12][12] = { { 0 } }, against[12][12] = { { 0 } }, tab[12];

	for (int r = 0; r < n - 1; r++) {
		int seen[12] = { 0 };

		schedule_progressive_round(n, r, tab);
		for (int t = 0; t < n / 4; t++)
			for (int s = 0; s < 4; s++) {
				int a = tab[t * 4 + s];

				seen[a]++;
				for (int u = 0; u < 4; u++) {
					int b = tab[t * 4 + u];

					if (u == s)
						continue;
					if (u % 2 == s % 2)
						partner[a][b]++;
					else
						against[a][b]++;
				}
			}
		for (int p = 0; p < n; p++)
			CHECK_INT(seen[p], 1); /* everyone plays every round, once */
	}
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++)
			if (a != b) {
				CHECK_INT(partner[a][b], 1);
				CHECK_INT(against[a][b], 2);
			}
}

static void test_progressive_pairs_partner_once_and_oppose_twice(void)
{
	check_progressive(8);
	check_progressive(12);
}

static void test_progressive_schedule(void)
{
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = progressive\ndeals = 2\n", 12);
	/* 11 rounds x 3 tables x 2 (teams swapped) per event */
	CHECK_INT(s.ngames, 2 * 11 * 3 * 2);
	CHECK_STR(s.games[0].id, "progressive.d0001.round01.t1.s0");
	CHECK_STR(s.games[1].id, "progressive.d0001.round01.t1.s1");
	/* the swap moves every player to the other team, same deal */
	CHECK(s.games[0].seed == s.games[1].seed);
	for (int p = 0; p < 4; p++)
		CHECK_INT(s.games[1].bot[p], s.games[0].bot[(p + 1) % 4]);
	/* all tables of a round share the deal; rounds differ */
	CHECK(s.games[2].seed == s.games[0].seed);
	CHECK(s.games[6].seed != s.games[0].seed);
	schedule_release(&s);
	config_release(&c);

	build(&c, &s, "[arena]\nvariants = progressive, hammerwalt\n", 5);
	CHECK(s.variants[0].skipped[0] != 0);
	CHECK_STR(s.variants[0].skipped, "needs 8 or 12 bots, there are 5");
	CHECK_INT(s.ngames, 20);
	schedule_release(&s);
	config_release(&c);
}

static void test_schedule_is_deterministic_with_unique_ids(void)
{
	struct config c;
	struct schedule a, b;
	struct strset ids;
	char fa[17], fb[17], err[256];

	build(&c, &a, "[arena]\nvariants = hammerwalt, fivehand, flip\ndeals = 3\n", 6);
	CHECK(schedule_build(&b, &c, NULL, &key0, err, sizeof(err)) == 0);
	CHECK_INT(a.ngames, b.ngames);
	strset_init(&ids);
	for (int i = 0; i < a.ngames; i++) {
		CHECK_STR(a.games[i].id, b.games[i].id);
		CHECK(a.games[i].seed == b.games[i].seed);
		CHECK(!memcmp(a.games[i].bot, b.games[i].bot, sizeof(a.games[i].bot)));
		CHECK_INT(a.games[i].index, i);
		CHECK(strset_add(&ids, a.games[i].id));
	}
	schedule_fingerprint(&a, &c, fa);
	schedule_fingerprint(&b, &c, fb);
	CHECK_STR(fa, fb);
	strset_release(&ids);
	schedule_release(&b);
	/* another key: other deals, other tables, another fingerprint */
	{
		struct key k2 = key0;
		int tables_differ = 0;

		k2.bytes[0] ^= 1;
		CHECK(schedule_build(&b, &c, NULL, &k2, err, sizeof(err)) == 0);
		CHECK_INT(b.ngames, a.ngames);
		CHECK(a.games[0].seed != b.games[0].seed);
		for (int i = 0; i < a.ngames; i++)
			tables_differ |= memcmp(a.games[i].bot, b.games[i].bot, sizeof(a.games[i].bot));
		CHECK(tables_differ);
		schedule_fingerprint(&b, &c, fb);
		CHECK(strcmp(fa, fb) != 0);
		schedule_release(&b);
	}
	/* a bot left out: another schedule */
	{
		int active[6] = { 1, 1, 1, 0, 1, 1 };

		CHECK(schedule_build(&b, &c, active, &key0, err, sizeof(err)) == 0);
		for (int i = 0; i < b.ngames; i++)
			for (int p = 0; p < b.games[i].nseats; p++)
				CHECK(b.games[i].bot[p] != 3);
		schedule_fingerprint(&b, &c, fb);
		CHECK(strcmp(fa, fb) != 0);
		schedule_release(&b);
	}
	schedule_release(&a);
	config_release(&c);
}

/*
 * Pairing numbers count every pair of the config's bots, so excluding a
 * bot (a failed build) removes its pairings and leaves every other game's
 * id, seats and seed as they were: a pairing's id names its two bots
 * (b1+b3), so without b2 the pairs b1+b3, b1+b4 and b3+b4 keep theirs.
 */
static void test_pairing_ids_stay_when_a_bot_is_excluded(void)
{
	struct config c;
	struct schedule all, some;
	int active[4] = { 1, 0, 1, 1 };
	char err[256];
	int j = 0;

	build(&c, &all, "[arena]\nvariants = hammerwalt\n", 4);
	CHECK(schedule_build(&some, &c, active, &key0, err, sizeof(err)) == 0);
	CHECK_INT(all.ngames, 12);
	CHECK_INT(some.ngames, 6);
	CHECK_STR(some.games[0].id, "hammerwalt.d0001.b1+b3.r0");
	CHECK_STR(some.games[2].id, "hammerwalt.d0001.b1+b4.r0");
	CHECK_STR(some.games[4].id, "hammerwalt.d0001.b3+b4.r0");
	for (int i = 0; i < all.ngames; i++) {
		if (j < some.ngames && !strcmp(all.games[i].id, some.games[j].id)) {
			CHECK(all.games[i].seed == some.games[j].seed);
			CHECK(!memcmp(all.games[i].bot, some.games[j].bot, sizeof(all.games[i].bot)));
			j++;
		}
	}
	CHECK_INT(j, some.ngames);
	CHECK_INT(some.games[5].index, 5); /* indices count the games played */
	schedule_release(&all);
	schedule_release(&some);
	config_release(&c);
}

static void test_shards_partition_the_schedule(void)
{
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = hammerwalt, fivehand\ndeals = 2\n", 5);
	for (int n = 1; n <= 7; n++) {
		int total = 0;

		for (int i = 0; i < s.ngames; i++) {
			int in = 0;

			for (int k = 1; k <= n; k++)
				in += schedule_in_shard(&s.games[i], k, n);
			CHECK_INT(in, 1);
		}
		for (int k = 1; k <= n; k++) {
			int size = 0;

			for (int i = 0; i < s.ngames; i++)
				size += schedule_in_shard(&s.games[i], k, n);
			total += size;
			/* a hash of the id: every slice near the mean, none empty */
			CHECK(size * 2 >= s.ngames / n && size <= s.ngames / n * 3 / 2 + 2);
		}
		CHECK_INT(total, s.ngames);
	}
	schedule_release(&s);
	config_release(&c);
}


#define H SEAT_HOUSE

/* Checks the seats of game i of s against want[0..nseats-1]. */
static void check_seats(const struct schedule *s, int i, const char *id, const int *want)
{
	CHECK_STR(s->games[i].id, id);
	for (int p = 0; p < s->games[i].nseats; p++)
		CHECK_INT(s->games[i].bot[p], want[p]);
}

/*
 * The default format, worked by hand for 3 bots, one deal of hammerwalt
 * and bloomington: each pairing's bots sit in seats 0 and 1, the house
 * player partners each (seats 2, and 2 to 5), and the second game swaps
 * the teams.
 */
static void test_house_partners_every_team(void)
{
	static const int h[6][4] = {
		{ 0, 1, H, H }, { 1, 0, H, H }, { 0, 2, H, H },
		{ 2, 0, H, H }, { 1, 2, H, H }, { 2, 1, H, H },
	};
	static const char *const ids[6] = {
		"hammerwalt.d0001.b1+b2.r0", "hammerwalt.d0001.b1+b2.r1",
		"hammerwalt.d0001.b1+b3.r0", "hammerwalt.d0001.b1+b3.r1",
		"hammerwalt.d0001.b2+b3.r0", "hammerwalt.d0001.b2+b3.r1",
	};
	static const int b0[6] = { 0, 1, H, H, H, H }, b1[6] = { 1, 0, H, H, H, H };
	struct config c;
	struct schedule s;

	build(&c, &s, "[arena]\nvariants = hammerwalt, bloomington\n", 3);
	CHECK_INT(c.partners, PARTNERS_HOUSE);
	CHECK_STR(c.house.seat, "@greedy");
	CHECK_STR(config_entrant(&c, SEAT_HOUSE)->name, "@greedy");
	CHECK_INT(s.ngames, 12);
	for (int i = 0; i < 6; i++)
		check_seats(&s, i, ids[i], h[i]);
	check_seats(&s, 6, "bloomington.d0001.b1+b2.r0", b0);
	check_seats(&s, 7, "bloomington.d0001.b1+b2.r1", b1);
	CHECK(s.games[0].seed == s.games[1].seed);
	schedule_release(&s);
	config_release(&c);
	/* another house player */
	build(&c, &s, "[arena]\nvariants = indiana\nhouse = @random\n", 2);
	CHECK_STR(config_entrant(&c, s.games[0].bot[2])->seat, "@random");
	schedule_release(&s);
	config_release(&c);
}

/*
 * 2 bots at five-hand in the default format: one table per deal holding
 * each bot once and the house player three times; over the 5 rotations
 * each bot sits in every seat once.
 */
static void test_house_fills_a_table_of_few_bots(void)
{
	struct config c;
	struct schedule s;
	int where[2][5] = { { 0 } };

	build(&c, &s, "[arena]\nvariants = fivehand\n", 2);
	CHECK_INT(s.variants[0].pairings, 1);
	CHECK_INT(s.ngames, 5);
	for (int i = 0; i < 5; i++) {
		int count[3] = { 0 };

		CHECK(s.games[i].seed == s.games[0].seed);
		for (int p = 0; p < 5; p++) {
			int b = s.games[i].bot[p];

			count[b == H ? 2 : b]++;
			if (b != H)
				where[b][p]++;
			CHECK_INT(b, s.games[0].bot[(p + i) % 5]);
		}
		CHECK_INT(count[0], 1);
		CHECK_INT(count[1], 1);
		CHECK_INT(count[2], 3);
	}
	for (int b = 0; b < 2; b++)
		for (int p = 0; p < 5; p++)
			CHECK_INT(where[b][p], 1);
	schedule_release(&s);
	config_release(&c);
	/* any 'tables' gives each bot a seat per table; the copies format keeps its rule */
	build(&c, &s, "[arena]\nvariants = fivehand\n[variant fivehand]\ntables = 3\n", 2);
	CHECK_INT(s.ngames, 15);
	schedule_release(&s);
	config_release(&c);
	build(&c, &s, "[arena]\nvariants = fivehand\npartners = copies\n", 2);
	CHECK_INT(s.variants[0].pairings, 2);
	for (int p = 0; p < 5; p++)
		CHECK(s.games[0].bot[p] != H);
	schedule_release(&s);
	config_release(&c);
}

/*
 * Bots of one author (byte-identical code) never share a game: their
 * pairing is left out of team variants, and the draw keeps them apart
 * at individual tables (or gives the seat to the house player).
 */
static void test_one_author_never_holds_two_seats(void)
{
	struct config c;
	struct schedule s;
	char text[8192] = "[arena]\nvariants = hammerwalt, fivehand\n", err[256];

	add_bots(text, sizeof(text), 7);
	CHECK(load(&c, text) == 0);
	c.bots[2].author = 0; /* b3 is a copy of b1 */
	c.bots[5].author = 0; /* and so is b6 */
	CHECK(schedule_build(&s, &c, NULL, &key0, err, sizeof(err)) == 0);
	/* 21 pairs less b1+b3, b1+b6, b3+b6 */
	CHECK_INT(s.variants[0].pairings, 18);
	for (int i = 0; i < s.ngames; i++) {
		int of_a = 0;

		CHECK(!strstr(s.games[i].id, "b1+b3") && !strstr(s.games[i].id, "b3+b6"));
		for (int p = 0; p < s.games[i].nseats; p++) {
			int b = s.games[i].bot[p];

			of_a += b == 0 || b == 2 || b == 5;
		}
		CHECK(of_a <= 1);
	}
	schedule_release(&s);
	config_release(&c);
	/* the copies format does not look at authors */
	snprintf(text, sizeof(text), "[arena]\nvariants = hammerwalt\npartners = copies\n");
	add_bots(text, sizeof(text), 3);
	CHECK(load(&c, text) == 0);
	c.bots[2].author = 0;
	CHECK(schedule_build(&s, &c, NULL, &key0, err, sizeof(err)) == 0);
	CHECK_INT(s.variants[0].pairings, 3);
	schedule_release(&s);
	config_release(&c);
}

int main(void)
{
	RUN(test_team_variants_play_every_pair_twice_per_deal);
	for (int i = 0; i < KEY_BYTES; i++)
		key0.bytes[i] = (unsigned char)i;
	RUN(test_every_pairing_plays_the_same_deals);
	RUN(test_deal_seeds_are_keyed_blake2b);
	RUN(test_individual_tables_are_balanced);
	RUN(test_fewer_bots_than_seats_share_tables_evenly);
	RUN(test_individual_rotations_seat_every_bot_everywhere);
	RUN(test_flip_tables_follow_the_players_option);
	RUN(test_unbalanced_tables_value_is_refused);
	RUN(test_house_partners_every_team);
	RUN(test_house_fills_a_table_of_few_bots);
	RUN(test_one_author_never_holds_two_seats);
	RUN(test_progressive_pairs_partner_once_and_oppose_twice);
	RUN(test_progressive_schedule);
	RUN(test_schedule_is_deterministic_with_unique_ids);
	RUN(test_pairing_ids_stay_when_a_bot_is_excluded);
	RUN(test_shards_partition_the_schedule);
	return TEST_REPORT();
}
