/*
 * test_arena_standings.c - from result lines to standings: wins (shared
 * first places split), score margins, copies of a bot at one table merged
 * into one entry, partners never counted as opponents, the crosstable,
 * the batch rating after one game, the fault table; forfeits (a faulting bot
 * ranks last, never wins, and its forfeited games are left out of its
 * margin while the other bots' results stand); and progressive events
 * (individual totals over both plays of every round, the winner, a shared
 * win, a forfeit, an incomplete event); the overall ratings of issue 32's
 * case (a bot first in 4 of 5 variants is first overall, though the
 * pooled games would put it second); standings that do not change, byte
 * for byte, when the games come in another order; house seats (no row,
 * no rating, the bots ranked among themselves). Every expected number is
 * worked out by hand in the comments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "store_result_set.h"
#include "store_results.h"
#include "rng.h"
#include "report_html.h"
#include "rank_standings.h"
#include "testhelp.h"
#include "util.h"

#define CLOSE(a, b) CHECK(fabs((a) - (b)) < 1e-9)

static struct result_set set;
static struct standings st;

/* Reads text as DIR/results.jsonl into set and computes st. */
static int load(const char *dir, const char *text)
{
	char path[256], err[256];
	FILE *f;

	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	fclose(f);
	result_set_init(&set);
	if (result_set_read(&set, dir, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	result_set_finish(&set);
	standings_compute(&st, &set);
	return 0;
}

static void unload(void)
{
	standings_release(&st);
	result_set_release(&set);
}

static int bot(const char *name)
{
	for (size_t i = 0; i < set.names.nr; i++)
		if (!strcmp(set.names.items[i], name))
			return (int)i;
	return -1;
}

static const struct standings_table *table(const char *variant)
{
	for (int t = 0; t < st.ntables; t++)
		if (!strcmp(st.tables[t].variant, variant))
			return &st.tables[t];
	return NULL;
}

static const struct standing *row(const struct standings_table *t, const char *name)
{
	static const struct standing none;

	for (int i = 0; t && i < t->n; i++)
		if (t->rows[i].bot == bot(name))
			return &t->rows[i];
	return &none;
}

static double h2h(const struct standings_table *t, const char *a, const char *b, long *games)
{
	size_t cell = (size_t)bot(a) * (size_t)st.nbots + (size_t)bot(b);

	*games = t->meetings[cell];
	return t->score[cell];
}

/* ---- house seats (docs/arena.md, "Partners and house seats") ---- */

static const char house_lines[] =
	/* A and B each partnered by the house player: B's team wins 20 to 12 */
	"{\"game\":\"hammerwalt.d0001.A+B.r0\",\"index\":0,"
	"\"bots\":[\"A\",\"B\",\"@greedy\",\"@greedy\"],"
	"\"seat_scores\":[12,20,12,20],\"team_scores\":[12,20],\"ranks\":[2,1,2,1],\"faults\":[]}\n"
	/* five-hand: a house seat first, A second, B third, two house seats after */
	"{\"game\":\"fivehand.d0001.t0001.r0\",\"index\":1,"
	"\"bots\":[\"A\",\"@greedy\",\"B\",\"@greedy\",\"@greedy\"],"
	"\"seat_scores\":[5,9,3,1,0],\"team_scores\":null,\"ranks\":[2,1,3,4,5],\"faults\":[]}\n";

/* A house seat is no bot: no row, no rating, ranked among the bots only. */
static void test_house_seats_are_no_bot(void)
{
	const struct standings_table *t = table("hammerwalt"), *f = table("fivehand");
	long games;

	CHECK_INT(set.names.nr, 2);
	CHECK(bot("@greedy") < 0);
	CHECK(t != NULL && f != NULL);
	CHECK_INT(t->n, 2);
	CHECK(row(t, "B")->wins == 1.0);
	CHECK(row(t, "A")->wins == 0.0);
	CHECK(row(t, "B")->margin == 8.0);
	CHECK(row(t, "A")->margin == -8.0);
	CHECK(h2h(t, "B", "A", &games) == 1.0 && games == 1);
	/* one win of two bots, as test_team_game's fit: the partners are not rated */
	CHECK(fabs(row(t, "B")->rating - 1672.9271) < 1e-3);
	CHECK(fabs(row(t, "A")->rating - 1327.0729) < 1e-3);
	/* A (place 2) above B (place 3): A wins among the bots; margins
	 * against every other seat: A 5 - (9+3+1+0)/4, B 3 - (5+9+1+0)/4 */
	CHECK_INT(f->n, 2);
	CHECK(row(f, "A")->wins == 1.0);
	CHECK(row(f, "B")->wins == 0.0);
	CLOSE(row(f, "A")->margin, 5 - 13.0 / 4);
	CLOSE(row(f, "B")->margin, 3 - 15.0 / 4);
	CHECK(h2h(f, "A", "B", &games) == 1.0 && games == 1);
	CHECK_INT(row(table("overall"), "A")->games, 2);
}

/* ---- the basics ---- */

static const char lines[] =
	/* a team game: A's team wins 30 to 10 */
	"{\"game\":\"hammerwalt.d0001.p0001.r0\",\"index\":0,\"bots\":[\"A\",\"B\",\"A\",\"B\"],"
	"\"seat_scores\":[30,10,30,10],\"team_scores\":[30,10],\"ranks\":[1,2,1,2],\"faults\":[]}\n"
	/* five-hand with copies: A at seats 0 and 2, B at 1 and 4; both of B's seats fault */
	"{\"game\":\"fivehand.d0001.t0001.r0\",\"index\":1,\"bots\":[\"A\",\"B\",\"A\",\"C\",\"B\"],"
	"\"seat_scores\":[10,4,2,8,1],\"team_scores\":null,\"ranks\":[1,4,3,2,4],"
	"\"faults\":[{\"seat\":4,\"kind\":\"illegal\",\"detail\":\"x\"},"
	"{\"seat\":1,\"kind\":\"timeout\",\"detail\":\"x\"}]}\n"
	/* flip: B and C share first place */
	"{\"game\":\"flip.d0001.t0001.r0\",\"index\":2,\"bots\":[\"A\",\"B\",\"C\"],"
	"\"seat_scores\":[5,100,100],\"team_scores\":null,\"ranks\":[3,1,1],\"faults\":[]}\n"
	/* progressive: {A, C} lose 5 to 9 against {B, D}; A and C fault */
	"{\"game\":\"progressive.d0001.round01.t1.s0\",\"index\":3,\"bots\":[\"A\",\"B\",\"C\",\"D\"],"
	"\"seat_scores\":[5,9,5,9],\"team_scores\":[5,9],\"ranks\":[2,1,2,1],"
	"\"faults\":[{\"seat\":0,\"kind\":\"timeout\",\"detail\":\"x\"},"
	"{\"seat\":2,\"kind\":\"weird\",\"detail\":\"x\"}]}\n";

static void test_team_game(void)
{
	const struct standings_table *t = table("hammerwalt");
	long games;

	CHECK(t != NULL);
	CHECK_INT(t->games, 1);
	CHECK_INT(t->n, 2);
	CHECK_STR(set.names.items[t->rows[0].bot], "A");
	CHECK(row(t, "A")->wins == 1.0);
	CHECK(row(t, "B")->wins == 0.0);
	CHECK(row(t, "A")->margin == 20.0);
	CHECK(row(t, "B")->margin == -20.0);
	/*
	 * one game: the batch fit's maximum with the prior N(0, s^2), s = 500
	 * Elo, is where 1 - p(d) = d / (2 s^2): d = 1.99090 (345.854 Elo, by
	 * bisection, test_arena_rating_fit.c), 1500 -+ 172.927
	 */
	CHECK(fabs(row(t, "A")->rating - 1672.9271) < 1e-3);
	CHECK(fabs(row(t, "B")->rating - 1327.0729) < 1e-3);
	CHECK(h2h(t, "A", "B", &games) == 1.0);
	CHECK_INT(games, 1);
	CHECK(h2h(t, "B", "A", &games) == 0.0);
}

static void test_copies_at_one_table_are_one_entry(void)
{
	const struct standings_table *t = table("fivehand");
	long games;

	/* mean places: C 2, A 2 (1 and 3), B forfeits: A and C share first */
	CHECK(row(t, "C")->wins == 0.5);
	CHECK(row(t, "A")->wins == 0.5);
	CHECK_INT(row(t, "A")->games, 1);
	/* A: 6 against the others' (4 + 8 + 1) / 3; C: 8 against (10+4+2+1)/4 */
	CLOSE(row(t, "A")->margin, 6 - 13.0 / 3);
	CLOSE(row(t, "C")->margin, 8 - 17.0 / 4);
	/* B's game is left out of its margin: there is none */
	CHECK_INT(row(t, "B")->forfeits, 1);
	CHECK(row(t, "B")->margin == 0.0);
	CHECK(h2h(t, "C", "A", &games) == 0.5 && games == 1);
	CHECK(h2h(t, "A", "B", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "A", "A", &games) == 0.0 && games == 0);
	CHECK_INT(row(t, "B")->faults, 2);
}

static void test_shared_first_place_splits_the_win(void)
{
	const struct standings_table *t = table("flip");
	long games;

	CHECK(row(t, "B")->wins == 0.5);
	CHECK(row(t, "C")->wins == 0.5);
	CHECK(h2h(t, "B", "C", &games) == 0.5 && games == 1);
	CHECK(fabs(row(t, "B")->rating - row(t, "C")->rating) < 1e-9);
}

static void test_partners_are_not_opponents(void)
{
	const struct standings_table *t = table("progressive");
	long games;

	CHECK(row(t, "B")->wins == 1.0);
	CHECK(row(t, "D")->wins == 1.0);
	CHECK(row(t, "B")->margin == 4.0);
	CHECK_INT(row(t, "A")->forfeits, 1);
	CHECK_INT(row(t, "C")->forfeits, 1);
	CHECK(h2h(t, "A", "C", &games) == 0.0 && games == 0);
	CHECK(h2h(t, "B", "A", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "D", "C", &games) == 1.0 && games == 1);
	/*
	 * a team's strength is its players' sum: B = D = x, A = C = -x, and at
	 * the maximum 1 - p(4x) = x / s^2 (s = 500 Elo): x = 108.753 Elo
	 */
	CHECK(fabs(row(t, "B")->rating - 1608.7529) < 1e-3);
	CHECK(fabs(row(t, "D")->rating - 1608.7529) < 1e-3);
	/* one game of an event is not a complete event: no winner */
	CHECK_INT(t->nevents, 1);
	CHECK(!t->events[0].complete);
	CHECK_INT(t->events[0].nwinners, 0);
}

static void test_overall_and_faults(void)
{
	const struct standings_table *t = table("overall");
	const struct fault_row *fa = &st.faults[bot("A")], *fb = &st.faults[bot("B")];

	CHECK(t == &st.tables[0]);
	CHECK_INT(t->games, 4);
	CHECK_INT(row(t, "A")->games, 4);
	CHECK_INT(row(t, "D")->games, 1);
	CHECK(row(t, "B")->wins == 0 + 0 + 0.5 + 1);
	CHECK_INT(st.ntables, 5);
	CHECK_INT(t->nevents, 0);
	CHECK_INT(fb->total, 2);
	CHECK_INT(fb->kind[0], 1); /* timeout */
	CHECK_INT(fb->kind[4], 1); /* illegal */
	CHECK_STR(fb->first_game, "fivehand.d0001.t0001.r0");
	CHECK_INT(fa->kind[0], 1);
	CHECK_INT(st.faults[bot("C")].kind[FAULT_KINDS - 1], 1); /* an unknown kind: other */
	CHECK_INT(st.faults[bot("D")].total, 0);
}

/*
 * Does the CSV in out hold start, then each for every fault kind column
 * after the first given (",0" or "," for empty ones), then ",", then
 * tail? The kinds come from their table (fault.h), so the text is built
 * from it.
 */
static int has_row(const struct strbuf *out, const char *start, int given, const char *each,
		   const char *tail)
{
	struct strbuf want = STRBUF_INIT;
	int found;

	strbuf_init(&want);
	strbuf_addstr(&want, start);
	for (int k = given; k < FAULT_KINDS; k++)
		strbuf_addstr(&want, each);
	strbuf_addch(&want, ',');
	strbuf_addstr(&want, tail);
	found = strstr(out->buf, want.buf) != NULL;
	if (!found)
		fprintf(stderr, "no CSV row with: %s", want.buf);
	strbuf_release(&want);
	return found;
}

static void test_report_formats(void)
{
	struct strbuf out = STRBUF_INIT;

	/* a submission whose build failed, as arena.json lists it */
	excluded_bots_add(&set.excluded, "E", "build failed: exited with status 2, see res/builds/E.log");
	strbuf_init(&out);
	report_write(&out, &st, &set, REPORT_CSV);
	CHECK(!strncmp(out.buf, "variant,rank,bot,games,wins,win_pct,margin,rating,plus_minus,low,"
				"high,se,los,forfeits,events,event_wins,points,faults,faults_timeout,"
				"faults_crash,", 117));
	CHECK(strstr(out.buf, ",faults_other,status,reason\n") != NULL);
	CHECK(strstr(out.buf, ",faults_other,status,reason\n") < strchr(out.buf, '\n'));
	/*
	 * A beat B once: 1672.927 (above); one cluster, so the model's variance:
	 * var(theta_A) = 1 / (2 (2 p (1 - p) + 1 / s^2)), p = 1 / (1 + e^-1.99090),
	 * se 213.136 Elo, +- 417.747; los Phi(345.854 / (2 x 213.136)) = 0.791
	 */
	CHECK(has_row(&out, "\nhammerwalt,1,A,1,1.000,100.000,20.000,1672.9,417.7,1255.2,"
			    "2090.7,213.1,0.791,0,,,,0", 0, ",0", "ranked,\n"));
	/* B in five-hand: no margin, 2 faults (1 timeout, 1 illegal: the first and fifth kinds) */
	CHECK(strstr(out.buf, "\nfivehand,3,B,1,0.000,0.000,,") != NULL);
	CHECK(has_row(&out, ",1,,,,2,1,0,0,0,1", 5, ",0", "ranked,\n"));
	/* every excluded submission has a row, with its reason */
	CHECK(has_row(&out, "\noverall,,E,0,,,,,,,,,,,,,,", 0, ",",
		      "excluded,\"build failed: exited with status 2, see res/builds/E.log\"\n"));
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_TEXT);
	CHECK(strstr(out.buf, "standings: 4 games, 4 bots; ranked by rating, highest first (1500: "
			      "the mean of the table's bots; \u00b1: its 95% interval; see "
			      "docs/ratings.md)\n") == out.buf);
	CHECK(strstr(out.buf, "\nhammerwalt: 1 games\n"
			      "    #  bot   games     wins   win%   margin  rating \u00b1 95%     los "
			      "faults\n"
			      "    1  A         1      1.0  100.0   +20.00    1673 \u00b1 418      79"
			      "      0\n"
			      "    2  B         1      0.0    0.0   -20.00    1327 \u00b1 418        "
			      "      0\n"
			      "  (los: the likelihood, in %, that the bot is stronger than the next)\n")
	      != NULL);
	/* the excluded bots come last */
	CHECK(strstr(out.buf, "\nexcluded bots\n  E: build failed: exited with status 2, see "
			      "res/builds/E.log\n") != NULL);
	CHECK(out.buf[out.len - 1] == '\n' && strstr(out.buf, "res/builds/E.log\n") ==
						       out.buf + out.len - strlen("res/builds/E.log\n"));
	CHECK(strstr(out.buf, "  B: 2 (1 timeout, 1 illegal); first in res/logs/"
			      "fivehand.d0001.t0001.r0.log\n") != NULL);
	CHECK(strstr(out.buf, "  margin leaves out forfeited games (@greedy played the seat):\n"
			      "    B 1 of 1\n") != NULL);
	CHECK(strstr(out.buf, "  event 1 (progressive.d0001): no winner, incomplete: 1 game, "
			      "4 players\n") != NULL);
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_JSON);
	CHECK(strstr(out.buf, "\"first_log\": \"res/logs/fivehand.d0001.t0001.r0.log\"") != NULL);
	CHECK(strstr(out.buf, "\"margin\": null,\n") != NULL);
	CHECK(strstr(out.buf, "\"ranked_by\": \"ranked by rating") != NULL);
	CHECK(strstr(out.buf, "\"rating\": 1672.9,\n") != NULL);
	CHECK(strstr(out.buf, "\"se\": 213.1,\n") != NULL);
	CHECK(strstr(out.buf, "\"los\": 0.791,\n") != NULL);
	CHECK(strstr(out.buf, "\"difference\": 345.9,\n") != NULL);
	CHECK(strstr(out.buf, "\"reason\": \"build failed: exited with status 2, see "
			      "res/builds/E.log\"") != NULL);
	strbuf_release(&out);
}

/* ---- forfeits ---- */

/*
 * dave faults in four games. The lines are as the referee writes them:
 * ranks after its forfeit policy (a faulting team loses whatever the
 * score), scores as played (by @greedy in dave's seats after the fault).
 */
static const char forfeit_lines[] =
	/* 1: ann 20, dave 50, dave faults: ann wins; ann's margin -30 stands */
	"{\"game\":\"hammerwalt.d0001.p0001.r0\",\"index\":0,\"bots\":[\"ann\",\"dave\",\"ann\",\"dave\"],"
	"\"seat_scores\":[20,50,20,50],\"team_scores\":[20,50],\"ranks\":[1,2,1,2],"
	"\"faults\":[{\"seat\":1,\"kind\":\"crash\",\"detail\":\"x\"}]}\n"
	/* 2: dave 10, ann 40, dave faults: ann wins, +30 */
	"{\"game\":\"hammerwalt.d0001.p0001.r1\",\"index\":1,\"bots\":[\"dave\",\"ann\",\"dave\",\"ann\"],"
	"\"seat_scores\":[10,40,10,40],\"team_scores\":[10,40],\"ranks\":[2,1,2,1],"
	"\"faults\":[{\"seat\":2,\"kind\":\"timeout\",\"detail\":\"x\"}]}\n"
	/* 3 and 4: ann and bob, no faults: ann +10 then -10, bob -10 then +10 */
	"{\"game\":\"hammerwalt.d0001.p0002.r0\",\"index\":2,\"bots\":[\"ann\",\"bob\",\"ann\",\"bob\"],"
	"\"seat_scores\":[40,30,40,30],\"team_scores\":[40,30],\"ranks\":[1,2,1,2],\"faults\":[]}\n"
	"{\"game\":\"hammerwalt.d0001.p0002.r1\",\"index\":3,\"bots\":[\"bob\",\"ann\",\"bob\",\"ann\"],"
	"\"seat_scores\":[35,25,35,25],\"team_scores\":[35,25],\"ranks\":[1,2,1,2],\"faults\":[]}\n"
	/* 5: bob 10, dave 60, dave faults: bob wins, -50 */
	"{\"game\":\"hammerwalt.d0001.p0003.r0\",\"index\":4,\"bots\":[\"bob\",\"dave\",\"bob\",\"dave\"],"
	"\"seat_scores\":[10,60,10,60],\"team_scores\":[10,60],\"ranks\":[1,2,1,2],"
	"\"faults\":[{\"seat\":3,\"kind\":\"crash\",\"detail\":\"x\"}]}\n"
	/* 6: dave plays clean and wins 30 to 20: dave +10, bob -10 */
	"{\"game\":\"hammerwalt.d0001.p0003.r1\",\"index\":5,\"bots\":[\"dave\",\"bob\",\"dave\",\"bob\"],"
	"\"seat_scores\":[30,20,30,20],\"team_scores\":[30,20],\"ranks\":[1,2,1,2],\"faults\":[]}\n"
	/*
	 * 7: five-hand, ann at seats 0 and 4, dave at 1 and 3, bob at 2; dave's
	 * seat 3 faults. Places by the referee: seat 3 last (5), then by score
	 * 9, 6, 4, 2: seats 1, 4, 0, 2. Mean places: ann (3+2)/2 = 2.5, dave
	 * (1+5)/2 = 3, bob 4, which without the forfeit would put dave second.
	 */
	"{\"game\":\"fivehand.d0001.t0001.r0\",\"index\":6,\"bots\":[\"ann\",\"dave\",\"bob\",\"dave\",\"ann\"],"
	"\"seat_scores\":[4,9,2,1,6],\"team_scores\":null,\"ranks\":[3,1,4,5,2],"
	"\"faults\":[{\"seat\":3,\"kind\":\"illegal\",\"detail\":\"x\"}]}\n"
	/* 8: flip where both players fault (the referee ranks both 1): nobody wins */
	"{\"game\":\"flip.d0001.t0001.r0\",\"index\":7,\"bots\":[\"ann\",\"bob\"],"
	"\"seat_scores\":[30,-5],\"team_scores\":null,\"ranks\":[1,1],"
	"\"faults\":[{\"seat\":0,\"kind\":\"crash\",\"detail\":\"x\"},"
	"{\"seat\":1,\"kind\":\"crash\",\"detail\":\"x\"}]}\n"
	/* 9: hammerwalt where both teams fault: both rank 2, nobody wins */
	"{\"game\":\"hammerwalt.d0002.p0002.r0\",\"index\":8,\"bots\":[\"ann\",\"bob\",\"ann\",\"bob\"],"
	"\"seat_scores\":[50,0,50,0],\"team_scores\":[50,0],\"ranks\":[2,2,2,2],"
	"\"faults\":[{\"seat\":0,\"kind\":\"crash\",\"detail\":\"x\"},"
	"{\"seat\":3,\"kind\":\"crash\",\"detail\":\"x\"}]}\n";

static void test_a_forfeit_is_a_loss_and_leaves_the_margin(void)
{
	const struct standings_table *t = table("hammerwalt");
	long games;

	/* games 1-6 and 9 */
	CHECK_INT(t->games, 7);
	/* ann: games 1-4 and 9; wins in 1, 2, 3; margins -30 +30 +10 -10, 9 forfeited */
	CHECK_INT(row(t, "ann")->games, 5);
	CHECK(row(t, "ann")->wins == 3.0);
	CHECK_INT(row(t, "ann")->forfeits, 1);
	CHECK(row(t, "ann")->margin == 0.0);
	/* bob: games 3-6 and 9; wins in 4 and 5; margins -10 +10 -50 -10 = -60 / 4 */
	CHECK_INT(row(t, "bob")->games, 5);
	CHECK(row(t, "bob")->wins == 2.0);
	CHECK(row(t, "bob")->margin == -15.0);
	/* dave: games 1, 2, 5, 6; won 6 only; only 6 counts in the margin: +10 (not
	 * the (30 + 30 + 50 + 10) / 4 = +30 that @greedy's points would give) */
	CHECK_INT(row(t, "dave")->games, 4);
	CHECK(row(t, "dave")->wins == 1.0);
	CHECK_INT(row(t, "dave")->forfeits, 3);
	CHECK_INT(row(t, "dave")->faults, 3);
	CHECK(row(t, "dave")->margin == 10.0);
	/* head to head: ann beat dave twice; bob and dave won one each; ann and
	 * bob one each, and game 9 a tie (both forfeited) */
	CHECK(h2h(t, "ann", "dave", &games) == 2.0 && games == 2);
	CHECK(h2h(t, "dave", "ann", &games) == 0.0 && games == 2);
	CHECK(h2h(t, "bob", "dave", &games) == 1.0 && games == 2);
	CHECK(h2h(t, "dave", "bob", &games) == 1.0 && games == 2);
	CHECK(h2h(t, "ann", "bob", &games) == 1.5 && games == 3);
	CHECK(h2h(t, "bob", "ann", &games) == 1.5 && games == 3);
}

/* Game id of set, or NULL. */
static const struct scored_game *game(const char *id)
{
	for (int i = 0; i < set.n; i++)
		if (!strcmp(set.r[i].id, id))
			return &set.r[i];
	return NULL;
}

/* Whether name lost game id (standings_lost()), -1 when there is no such game or bot. */
static int lost(const char *id, const char *name)
{
	const struct scored_game *g = game(id);

	return g && bot(name) >= 0 ? standings_lost(g, bot(name)) : -1;
}

/* lost() over forfeit_lines, worked out game by game in its comments */
static void test_lost_games(void)
{
	int idx[2];

	/* 1, 2: dave faults, ann wins either way; 3, 4: each wins one */
	CHECK_INT(lost("hammerwalt.d0001.p0001.r0", "ann"), 0);
	CHECK_INT(lost("hammerwalt.d0001.p0001.r0", "dave"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0001.r1", "ann"), 0);
	CHECK_INT(lost("hammerwalt.d0001.p0001.r1", "dave"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0002.r0", "ann"), 0);
	CHECK_INT(lost("hammerwalt.d0001.p0002.r0", "bob"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0002.r1", "ann"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0002.r1", "bob"), 0);
	/* 5: dave's fault; 6: dave wins clean; ann did not play 5 */
	CHECK_INT(lost("hammerwalt.d0001.p0003.r0", "dave"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0003.r0", "bob"), 0);
	CHECK_INT(lost("hammerwalt.d0001.p0003.r1", "dave"), 0);
	CHECK_INT(lost("hammerwalt.d0001.p0003.r1", "bob"), 1);
	CHECK_INT(lost("hammerwalt.d0001.p0003.r0", "ann"), 0);
	/* 7: ann first; bob second: a loss in an individual game; dave forfeits */
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "ann"), 0);
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "bob"), 1);
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "dave"), 1);
	/* 8, 9: both forfeit, both lose (the referee's rank 1 does not save them) */
	CHECK_INT(lost("flip.d0001.t0001.r0", "ann"), 1);
	CHECK_INT(lost("flip.d0001.t0001.r0", "bob"), 1);
	CHECK_INT(lost("hammerwalt.d0002.p0002.r0", "ann"), 1);
	CHECK_INT(lost("hammerwalt.d0002.p0002.r0", "bob"), 1);
	/* dave's games to study: 1, 2, 5 and 7 (lost or faulted); the last 2 kept */
	CHECK_INT(report_html_study_games(&set, bot("dave"), idx, 2), 4);
	CHECK_STR(set.r[idx[0]].id, "hammerwalt.d0001.p0003.r0");
	CHECK_STR(set.r[idx[1]].id, "fivehand.d0001.t0001.r0");
	/* ann's: 4, 8 and 9, all within a cap of 10 */
	{
		int all[10];

		CHECK_INT(report_html_study_games(&set, bot("ann"), all, 10), 3);
		CHECK_STR(set.r[all[0]].id, "hammerwalt.d0001.p0002.r1");
		CHECK_STR(set.r[all[1]].id, "flip.d0001.t0001.r0");
		CHECK_STR(set.r[all[2]].id, "hammerwalt.d0002.p0002.r0");
	}
}

static void test_a_forfeiting_copy_puts_its_bot_last(void)
{
	const struct standings_table *t = table("fivehand");
	long games;

	/* ann 1st, bob 2nd, dave last (3rd) although its mean place is 3 < 4 */
	CHECK(row(t, "ann")->wins == 1.0);
	CHECK(row(t, "bob")->wins == 0.0);
	CHECK(row(t, "dave")->wins == 0.0);
	/* ann: (4+6)/2 = 5 against (9+2+1)/3 = 4; bob: 2 against (4+9+1+6)/4 = 5 */
	CHECK(row(t, "ann")->margin == 1.0);
	CHECK(row(t, "bob")->margin == -3.0);
	CHECK_INT(row(t, "dave")->forfeits, 1);
	CHECK(h2h(t, "bob", "dave", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "dave", "bob", &games) == 0.0 && games == 1);
	CHECK(h2h(t, "ann", "bob", &games) == 1.0 && games == 1);
	/*
	 * ratings follow the places 1, 2, 3: the Plackett-Luce maximum with the
	 * prior, where (S = e^a + e^b + e^d, s = 500 Elo in natural units)
	 *     ann:  1 - e^a/S - a/s^2 = 0
	 *     bob:  -e^b/S + 1 - e^b/(e^b + e^d) - b/s^2 = 0
	 *     dave: -e^d/S - e^d/(e^b + e^d) - d/s^2 = 0,
	 * solved apart (gradient ascent in Python): 1779.769, 1501.734, 1218.498
	 */
	CHECK(fabs(row(t, "ann")->rating - 1779.7689) < 1e-3);
	CHECK(fabs(row(t, "bob")->rating - 1501.7336) < 1e-3);
	CHECK(fabs(row(t, "dave")->rating - 1218.4975) < 1e-3);
	CHECK_STR(set.names.items[t->rows[2].bot], "dave");
}

static void test_nobody_wins_when_everyone_forfeits(void)
{
	const struct standings_table *t = table("flip");
	long games;

	CHECK(row(t, "ann")->wins == 0.0);
	CHECK(row(t, "bob")->wins == 0.0);
	CHECK_INT(row(t, "ann")->forfeits, 1);
	CHECK(h2h(t, "ann", "bob", &games) == 0.5 && games == 1);
	CHECK(fabs(row(t, "ann")->rating - 1500.0) < 1e-9);
}

static void test_forfeits_overall(void)
{
	const struct standings_table *t = table("overall");
	struct strbuf out = STRBUF_INIT;

	/* dave: 5 games, 4 forfeited, won game 6: margin +10 over 1 game */
	CHECK_INT(row(t, "dave")->games, 5);
	CHECK_INT(row(t, "dave")->forfeits, 4);
	CHECK(row(t, "dave")->wins == 1.0);
	CHECK(row(t, "dave")->margin == 10.0);
	/* ann: 7 games, 2 forfeited (8, 9); margins 0 (hammerwalt) + 1 over 5 */
	CHECK_INT(row(t, "ann")->games, 7);
	CHECK(row(t, "ann")->wins == 4.0);
	CHECK(fabs(row(t, "ann")->margin - 1.0 / 5) < 1e-12);
	/* bob: hammerwalt -60 and five-hand -3 over 5 games */
	CHECK(fabs(row(t, "bob")->margin - -63.0 / 5) < 1e-12);
	strbuf_init(&out);
	report_write(&out, &st, &set, REPORT_TEXT);
	CHECK(strstr(out.buf, "  margin leaves out forfeited games (@greedy played the seat):\n"
			      "    ann 2 of 7, bob 2 of 7, dave 4 of 5\n") != NULL);
	strbuf_release(&out);
}

/* ---- progressive events ---- */

/*
 * The 28 games of an 8-player event, as arena/plan_schedule.c lays them out
 * (RULINGS.md's round robin, player a being infinity): seats 0 and 2
 * partner against 1 and 3, and every game is played again with the teams
 * swapped. Every pair of players partners in exactly one round.
 */
static const struct {
	const char *key, *seats;
} event8[28] = {
	{ "round01.t1.s0", "acbe" }, { "round01.t1.s1", "cbea" }, { "round01.t2.s0", "dfhg" },
	{ "round01.t2.s1", "fhgd" }, { "round02.t1.s0", "adcf" }, { "round02.t1.s1", "dcfa" },
	{ "round02.t2.s0", "egbh" }, { "round02.t2.s1", "gbhe" }, { "round03.t1.s0", "aedg" },
	{ "round03.t1.s1", "edga" }, { "round03.t2.s0", "fhcb" }, { "round03.t2.s1", "hcbf" },
	{ "round04.t1.s0", "afeh" }, { "round04.t1.s1", "feha" }, { "round04.t2.s0", "gbdc" },
	{ "round04.t2.s1", "bdcg" }, { "round05.t1.s0", "agfb" }, { "round05.t1.s1", "gfba" },
	{ "round05.t2.s0", "hced" }, { "round05.t2.s1", "cedh" }, { "round06.t1.s0", "ahgc" },
	{ "round06.t1.s1", "hgca" }, { "round06.t2.s0", "bdfe" }, { "round06.t2.s1", "dfeb" },
	{ "round07.t1.s0", "abhd" }, { "round07.t1.s1", "bhda" }, { "round07.t2.s0", "cegf" },
	{ "round07.t2.s1", "egfc" },
};

/*
 * Appends the games [from, to) of event8 as event number ev: a team scores
 * the sum of its players' strengths k[] in both plays. faulty (a player or
 * 0) faults in the game with key fault_key.
 */
static void add_event(struct strbuf *sb, int ev, const int *k, int from, int to, char faulty,
		      const char *fault_key)
{
	static int index;

	for (int g = from; g < to; g++) {
		const char *s = event8[g].seats;
		int a = k[s[0] - 'a'] + k[s[2] - 'a'], b = k[s[1] - 'a'] + k[s[3] - 'a'];
		int fseat = -1, ra, rb;

		for (int i = 0; i < 4 && faulty && !strcmp(event8[g].key, fault_key); i++)
			if (s[i] == faulty)
				fseat = i;
		ra = fseat >= 0 ? (fseat % 2 ? 1 : 2) : a >= b ? 1 : 2;
		rb = fseat >= 0 ? (fseat % 2 ? 2 : 1) : b >= a ? 1 : 2;
		strbuf_addf(sb, "{\"game\":\"progressive.d%04d.%s\",\"index\":%d,"
			    "\"bots\":[\"%c\",\"%c\",\"%c\",\"%c\"],\"seat_scores\":[%d,%d,%d,%d],"
			    "\"team_scores\":[%d,%d],\"ranks\":[%d,%d,%d,%d],\"faults\":[",
			    ev, event8[g].key, index++, s[0], s[1], s[2], s[3], a, b, a, b, a, b, ra,
			    rb, ra, rb);
		if (fseat >= 0)
			strbuf_addf(sb, "{\"seat\":%d,\"kind\":\"crash\",\"detail\":\"x\"}", fseat);
		strbuf_addstr(sb, "]}\n");
	}
}

static const struct event *event(const struct standings_table *t, long number)
{
	for (int i = 0; t && i < t->nevents; i++)
		if (t->events[i].number == number)
			return &t->events[i];
	return NULL;
}

static const struct event_row *event_row(const struct event *ev, const char *name)
{
	static const struct event_row none = { .bot = -1 };

	for (int i = 0; ev && i < ev->n; i++)
		if (ev->rows[i].bot == bot(name))
			return &ev->rows[i];
	return &none;
}

/*
 * A player's total, with strengths k and both plays counted: in each of
 * the 7 rounds he gets 2 * (k_self + k_partner), and his 7 partners are
 * the 7 others, so the total is 2 * (7 k_self + (S - k_self)) = 12 k_self
 * + 2 S, with S the sum of all strengths.
 *
 * Event 1: k = 0..7 (a..h), S = 28: a 56, b 68, c 80, ..., g 128, h 140.
 * Event 2: k = 0, 1, 2, 3, 4, 5, 7, 7, S = 29: f 118, g and h 142 (a tie).
 * Event 3: as event 1, but h crashes in round 1, table 2, first play,
 *   where h partners d (k 3): h loses those 3 + 7 = 10 points (130); d
 *   keeps them (92); h is placed after every player without a forfeit.
 * Event 4: only the four games of round 1.
 * Event 5: 27 games and one of a round 8 that 8 players do not have.
 */
static void test_progressive_event_totals_and_winner(void)
{
	const struct standings_table *t = table("progressive");
	const struct event *e1 = event(t, 1);
	static const int expect[8] = { 56, 68, 80, 92, 104, 116, 128, 140 };

	CHECK(t != NULL && t->progressive);
	CHECK_INT(t->nevents, 5);
	CHECK(e1 != NULL);
	if (!e1)
		return;
	CHECK_STR(e1->id, "progressive.d0001");
	CHECK_INT(e1->games, 28);
	CHECK_INT(e1->expected, 28);
	CHECK(e1->complete);
	CHECK_INT(e1->n, 8);
	for (int p = 0; p < 8; p++) {
		char name[2] = { (char)('a' + p), 0 };

		CHECK(event_row(e1, name)->points == expect[p]);
		CHECK_INT(event_row(e1, name)->games, 14);
		CHECK_INT(event_row(e1, name)->place, 8 - p);
	}
	CHECK_INT(e1->nwinners, 1);
	CHECK_STR(set.names.items[e1->rows[0].bot], "h");
	CHECK(event_row(e1, "h")->share == 1.0);
	CHECK(event_row(e1, "g")->share == 0.0);
}

static void test_progressive_tie_shares_the_win(void)
{
	const struct event *e2 = event(table("progressive"), 2);

	CHECK(e2 != NULL && e2->complete);
	if (!e2)
		return;
	CHECK(event_row(e2, "g")->points == 142);
	CHECK(event_row(e2, "h")->points == 142);
	CHECK(event_row(e2, "f")->points == 118);
	CHECK(event_row(e2, "a")->points == 58);
	CHECK_INT(e2->nwinners, 2);
	CHECK_INT(event_row(e2, "g")->place, 1);
	CHECK_INT(event_row(e2, "h")->place, 1);
	CHECK_INT(event_row(e2, "f")->place, 3);
	CHECK(event_row(e2, "g")->share == 0.5);
	CHECK(event_row(e2, "h")->share == 0.5);
}

static void test_progressive_forfeit_cannot_win(void)
{
	const struct event *e3 = event(table("progressive"), 3);

	CHECK(e3 != NULL && e3->complete);
	if (!e3)
		return;
	CHECK(event_row(e3, "h")->points == 130);
	CHECK_INT(event_row(e3, "h")->forfeits, 1);
	CHECK_INT(event_row(e3, "h")->place, 8);
	CHECK(event_row(e3, "d")->points == 92);
	CHECK(event_row(e3, "g")->points == 128);
	CHECK_INT(event_row(e3, "g")->place, 1);
	CHECK_INT(e3->nwinners, 1);
	CHECK(event_row(e3, "g")->share == 1.0);
}

static void test_progressive_incomplete_event_has_no_winner(void)
{
	const struct event *e4 = event(table("progressive"), 4);

	CHECK(e4 != NULL);
	if (!e4)
		return;
	CHECK_INT(e4->games, 4);
	CHECK_INT(e4->expected, 28);
	CHECK(!e4->complete);
	CHECK_INT(e4->nwinners, 0);
	/* round 1 only: h partners d (3 + 7) in both plays */
	CHECK(event_row(e4, "h")->points == 20);
}

static void test_progressive_games_must_be_the_events(void)
{
	const struct event *e5 = event(table("progressive"), 5);

	CHECK(e5 != NULL);
	if (!e5)
		return;
	CHECK_INT(e5->games, 28);
	CHECK(!e5->complete);
	CHECK_INT(e5->nwinners, 0);
	/* g misses round 7, table 2, second play: "egfc", g and c (6 + 2) */
	CHECK(event_row(e5, "g")->points == 128 - 8);
	CHECK_INT(event_row(e5, "g")->games, 13);
}

static void test_progressive_summary_and_report(void)
{
	const struct standings_table *t = table("progressive");
	struct strbuf out = STRBUF_INIT;

	/* complete events 1-3: h won 1 + 1/2 + 0, g 0 + 1/2 + 1 */
	CHECK_INT(row(t, "h")->events, 3);
	CHECK(row(t, "h")->event_wins == 1.5);
	CHECK(row(t, "g")->event_wins == 1.5);
	CHECK(row(t, "f")->event_wins == 0.0);
	CHECK(row(t, "h")->points == 140 + 142 + 130);
	CHECK(row(t, "g")->points == 128 + 142 + 128);
	strbuf_init(&out);
	report_write(&out, &st, &set, REPORT_TEXT);
	CHECK(strstr(out.buf, "  event 1 (progressive.d0001): h wins with 140 points\n") != NULL);
	CHECK(strstr(out.buf, "  event 2 (progressive.d0002): g and h share the win with 142 "
			      "points\n") != NULL);
	CHECK(strstr(out.buf, "  event 3 (progressive.d0003): g wins with 128 points; "
			      "forfeited: h 1\n") != NULL);
	CHECK(strstr(out.buf, "  event 4 (progressive.d0004): no winner, 4 of 28 games "
			      "played\n") != NULL);
	CHECK(strstr(out.buf, "  event 5 (progressive.d0005): no winner, 28 games but not one per "
			      "round, table and play\n") != NULL);
	/* the summary: g (1.5 wins, 398 points) before h (1.5 wins, 412 points,
	 * but a forfeit), as in an event */
	CHECK(strstr(out.buf, "    1  g         3     1.5      398        0     128    *142    *128"
			      "      22     120\n") != NULL);
	CHECK(strstr(out.buf, "    2  h         3     1.5      412        1    *140    *142     130"
			      "      20     140\n") != NULL);
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_CSV);
	CHECK(strstr(out.buf, "\nprogressive,1,h,58,") != NULL);
	CHECK(has_row(&out, ",1,3,1.500,412,1,0,1", 2, ",0", "ranked,\n")); /* 1 crash */
	CHECK(strstr(out.buf, "\nprogressive.d0002,1,g,14,") != NULL);
	CHECK(has_row(&out, ",,,,,,0,1,0.500,142,", 0, ",", "event,\n"));
	CHECK(strstr(out.buf, "\nprogressive.d0003,8,h,14,") != NULL);
	CHECK(has_row(&out, ",,,,,,1,1,0.000,130,", 0, ",", "event,\n"));
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_JSON);
	CHECK(strstr(out.buf, "\"winners\": [\n            \"g\",\n            \"h\"\n") !=
	      NULL);
	CHECK(strstr(out.buf, "\"event\": \"progressive.d0004\",\n          \"number\": 4,\n"
			      "          \"games\": 4,\n          \"expected\": 28,\n"
			      "          \"complete\": false,") != NULL);
	strbuf_release(&out);
}

/* ---- batch ratings: variants weigh the same, the order of games does not matter ---- */

/* One result line: team games (4 seats) score 10 for the winners, others 10 - place. */
static void add_line(struct strbuf *sb, const char *prefix, const char *id, long index,
		     const char *const *bots, const int *ranks, int nseats, int team)
{
	strbuf_addf(sb, "{\"game\":\"%s%s\",\"index\":%ld,\"bots\":[", prefix, id, index);
	for (int i = 0; i < nseats; i++)
		strbuf_addf(sb, "%s\"%s\"", i ? "," : "", bots[i]);
	strbuf_addstr(sb, "],\"seat_scores\":[");
	for (int i = 0; i < nseats; i++)
		strbuf_addf(sb, "%s%d", i ? "," : "", team ? (ranks[i] == 1 ? 10 : 0) : 10 - ranks[i]);
	if (team)
		strbuf_addf(sb, "],\"team_scores\":[%d,%d]", ranks[0] == 1 ? 10 : 0,
			    ranks[1] == 1 ? 10 : 0);
	else
		strbuf_addstr(sb, "],\"team_scores\":null");
	strbuf_addstr(sb, ",\"ranks\":[");
	for (int i = 0; i < nseats; i++)
		strbuf_addf(sb, "%s%d", i ? "," : "", ranks[i]);
	strbuf_addstr(sb, "],\"faults\":[]}\n");
}

/*
 * The case of issue 32. Five bots A-E. In hammerwalt, indiana, bloomington
 * and flip every pair plays 5 deals x 2 rotations: A beats B 6-4, A and B
 * beat C, D and E 7-3, C, D and E split 5-5: A is first in all four. In
 * fivehand one table plays 20 deals x 5 rotations, finishing in the order
 * ABCDE 5 times in 10, BACDE 3 and BCADE 2: B is first. Head to head A
 * leads B 74 to 66 (24 of 40 duels, 50 of 100 five-hand games) and has 8
 * more wins. With prefix "pool.", every game is one variant: the fit of
 * the pooled games, which five-hand's 100 games of 4 stages each dominate.
 */
static void issue_case(struct strbuf *sb, const char *prefix)
{
	static const char *const five[] = { "A", "B", "C", "D", "E" };
	static const char *const variants[] = { "hammerwalt", "indiana", "bloomington", "flip" };
	static const char *const orders[10] = { "ABCDE", "ABCDE", "ABCDE", "ABCDE", "ABCDE",
						"BACDE", "BACDE", "BACDE", "BCADE", "BCADE" };
	long index = 0;
	char id[128];

	for (int v = 0; v < 4; v++)
		for (int x = 0; x < 5; x++)
			for (int y = x + 1; y < 5; y++) {
				int wins = x == 0 && y == 1 ? 6 : x < 2 ? 7 : 5;
				int team = v < 3, n = team ? 4 : 2;

				for (int d = 0; d < 5; d++)
					for (int r = 0; r < 2; r++) {
						const char *winner = five[d * 2 + r < wins ? x : y];
						const char *bots[4];
						int ranks[4];

						for (int s = 0; s < n; s++) {
							bots[s] = five[(s + r) % 2 ? y : x];
							ranks[s] = strcmp(bots[s], winner) ? 2 : 1;
						}
						snprintf(id, sizeof(id), "%s.d%04d.%s+%s.r%d", variants[v],
							 d + 1, five[x], five[y], r);
						add_line(sb, prefix, id, index++, bots, ranks, n, team);
					}
			}
	for (int d = 0; d < 20; d++)
		for (int r = 0; r < 5; r++) {
			const char *order = orders[(d * 5 + r) % 10];
			const char *bots[5];
			int ranks[5];

			for (int s = 0; s < 5; s++) {
				bots[s] = five[(s + r) % 5];
				ranks[s] = (int)(strchr(order, bots[s][0]) - order) + 1;
			}
			snprintf(id, sizeof(id), "fivehand.d%04d.t0001.r%d", d + 1, r);
			add_line(sb, prefix, id, index++, bots, ranks, 5, 0);
		}
}

static const char *first_of(const char *variant)
{
	const struct standings_table *t = table(variant);

	return t && t->n ? set.names.items[t->rows[0].bot] : "";
}

static void test_a_bot_first_in_4_of_5_variants_is_first_overall(void)
{
	struct strbuf sb = STRBUF_INIT;
	const struct standings_table *t;
	long games;
	double ab;

	strbuf_init(&sb);
	issue_case(&sb, "");
	if (load("issue", sb.buf) < 0) {
		CHECK(0);
		return;
	}
	CHECK_STR(first_of("hammerwalt"), "A");
	CHECK_STR(first_of("indiana"), "A");
	CHECK_STR(first_of("bloomington"), "A");
	CHECK_STR(first_of("flip"), "A");
	CHECK_STR(first_of("fivehand"), "B");
	t = table("overall");
	ab = h2h(t, "A", "B", &games);
	CHECK(ab == 74.0 && games == 140);
	CHECK(row(t, "A")->wins == row(t, "B")->wins + 8);
	CHECK_STR(first_of("overall"), "A");
	/* the overall rating is the mean of the five variants' */
	{
		double sum = 0;
		const char *v[] = { "hammerwalt", "indiana", "bloomington", "flip", "fivehand" };

		for (int i = 0; i < 5; i++)
			sum += row(table(v[i]), "A")->rating;
		CHECK(fabs(row(t, "A")->rating - sum / 5) < 1e-9);
	}
	unload();
	/* pooled into one variant, the same games put B first */
	strbuf_reset(&sb);
	issue_case(&sb, "pool.");
	if (load("issue-pooled", sb.buf) < 0) {
		CHECK(0);
		return;
	}
	CHECK_STR(first_of("pool"), "B");
	unload();
	strbuf_release(&sb);
}

/* The text, CSV and JSON reports of the set now loaded, one after the other. */
static void all_reports(struct strbuf *out)
{
	report_write(out, &st, &set, REPORT_TEXT);
	report_write(out, &st, &set, REPORT_CSV);
	report_write(out, &st, &set, REPORT_JSON);
}

/*
 * The lines of the issue's case shuffled, and their schedule indices
 * shuffled too (the order the online update would take them in): every
 * table, the CSV and the JSON stay the same, byte for byte.
 */
static void test_any_order_of_the_games_gives_the_same_standings(void)
{
	struct strbuf sb = STRBUF_INIT, first = STRBUF_INIT, again = STRBUF_INIT;
	struct strvec all;
	struct rng r;

	strbuf_init(&sb);
	strbuf_init(&first);
	strbuf_init(&again);
	strvec_init(&all);
	issue_case(&sb, "");
	if (load("order", sb.buf) < 0) {
		CHECK(0);
		return;
	}
	all_reports(&first);
	unload();
	for (char *p = sb.buf, *nl; (nl = strchr(p, '\n')); p = nl + 1) {
		*nl = 0;
		strvec_push(&all, p);
	}
	rng_seed(&r, 32);
	for (int round = 0; round < 3; round++) {
		size_t n = all.nr;
		long *index = xcalloc(n, sizeof(long)); /* by a line's index as made */
		char **made = xcalloc(n, sizeof(char *)); /* the lines by that index */

		/*
		 * each variant's games take its indices in a random order (the
		 * first index of each variant stays among its own, so the tables
		 * keep the schedule's order of variants); the lines in any order
		 */
		for (size_t i = 0; i < n; i++) {
			const char *idx = strstr(all.items[i], ",\"index\"");

			made[strtol(idx + 9, NULL, 10)] = all.items[i];
			index[i] = (long)i;
		}
		for (size_t i = n - 1; i > 0; i--) {
			size_t j = rng_below(&r, (uint32_t)(i + 1));
			/* "{"game":"VARIANT.": the variant starts at 9 */
			size_t vi = strcspn(made[i] + 9, "."), vj = strcspn(made[j] + 9, ".");
			char *tmp = all.items[i];

			if (vi == vj && !strncmp(made[i] + 9, made[j] + 9, vi)) {
				long t = index[i];

				index[i] = index[j];
				index[j] = t;
			}
			j = rng_below(&r, (uint32_t)(i + 1));
			all.items[i] = all.items[j];
			all.items[j] = tmp;
		}
		strbuf_reset(&sb);
		for (size_t i = 0; i < n; i++) {
			const char *rest = strstr(all.items[i], ",\"bots\"");
			const char *idx = strstr(all.items[i], ",\"index\"");
			long m = strtol(idx + 9, NULL, 10);

			strbuf_addf(&sb, "%.*s,\"index\":%ld%s\n", (int)(idx - all.items[i]),
				    all.items[i], index[m], rest);
		}
		free(index);
		free(made);
		if (load("order", sb.buf) < 0) {
			CHECK(0);
			break;
		}
		strbuf_reset(&again);
		all_reports(&again);
		CHECK(again.len == first.len && !memcmp(again.buf, first.buf, first.len));
		unload();
	}
	strvec_release(&all);
	strbuf_release(&sb);
	strbuf_release(&first);
	strbuf_release(&again);
}

int main(void)
{
	static const int k1[8] = { 0, 1, 2, 3, 4, 5, 6, 7 }, k2[8] = { 0, 1, 2, 3, 4, 5, 7, 7 };
	struct strbuf ev = STRBUF_INIT;
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/standings-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;

	if (load("res", lines) < 0)
		return 1;
	RUN(test_team_game);
	RUN(test_copies_at_one_table_are_one_entry);
	RUN(test_shared_first_place_splits_the_win);
	/* a shared first place is no loss (flip: B and C; fivehand: A and C) */
	CHECK_INT(lost("flip.d0001.t0001.r0", "B"), 0);
	CHECK_INT(lost("flip.d0001.t0001.r0", "C"), 0);
	CHECK_INT(lost("flip.d0001.t0001.r0", "A"), 1);
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "A"), 0);
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "C"), 0);
	CHECK_INT(lost("fivehand.d0001.t0001.r0", "B"), 1);
	RUN(test_partners_are_not_opponents);
	RUN(test_overall_and_faults);
	RUN(test_report_formats);
	unload();

	if (load("house", house_lines) < 0)
		return 1;
	RUN(test_house_seats_are_no_bot);
	unload();

	if (load("forfeit", forfeit_lines) < 0)
		return 1;
	RUN(test_a_forfeit_is_a_loss_and_leaves_the_margin);
	RUN(test_a_forfeiting_copy_puts_its_bot_last);
	RUN(test_lost_games);
	RUN(test_nobody_wins_when_everyone_forfeits);
	RUN(test_forfeits_overall);
	unload();

	strbuf_init(&ev);
	add_event(&ev, 1, k1, 0, 28, 0, "");
	add_event(&ev, 2, k2, 0, 28, 0, "");
	add_event(&ev, 3, k1, 0, 28, 'h', "round01.t2.s0");
	add_event(&ev, 4, k1, 0, 4, 0, "");
	/* event 5: 27 games and one from a round an 8-player event does not have */
	add_event(&ev, 5, k1, 0, 27, 0, "");
	strbuf_addf(&ev, "{\"game\":\"progressive.d0005.round08.t1.s0\",\"index\":999,"
		    "\"bots\":[\"a\",\"c\",\"b\",\"e\"],\"seat_scores\":[1,5,1,5],"
		    "\"team_scores\":[1,5],\"ranks\":[2,1,2,1],\"faults\":[]}\n");
	if (load("prog", ev.buf) < 0)
		return 1;
	strbuf_release(&ev);
	RUN(test_progressive_event_totals_and_winner);
	RUN(test_progressive_tie_shares_the_win);
	RUN(test_progressive_forfeit_cannot_win);
	RUN(test_progressive_incomplete_event_has_no_winner);
	RUN(test_progressive_games_must_be_the_events);
	RUN(test_progressive_summary_and_report);
	unload();

	RUN(test_a_bot_first_in_4_of_5_variants_is_first_overall);
	RUN(test_any_order_of_the_games_gives_the_same_standings);
	return TEST_REPORT();
}
