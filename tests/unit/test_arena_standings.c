/*
 * test_arena_standings.c - from result lines to standings: wins (shared
 * first places split), score margins, copies of a bot at one table merged
 * into one entry, partners never counted as opponents, the crosstable,
 * the rating after one game, and the fault table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "results.h"
#include "standings.h"
#include "testhelp.h"
#include "util.h"

static struct result_set set;
static struct standings st;

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
	for (int i = 0; i < t->n; i++)
		if (t->rows[i].bot == bot(name))
			return &t->rows[i];
	return NULL;
}

static double h2h(const struct standings_table *t, const char *a, const char *b, long *games)
{
	size_t cell = (size_t)bot(a) * (size_t)st.nbots + (size_t)bot(b);

	*games = t->meetings[cell];
	return t->score[cell];
}

static const char lines[] =
	/* a team game: A's team wins 30 to 10 */
	"{\"game\":\"hammerwalt.d0001.p0001.r0\",\"index\":0,\"bots\":[\"A\",\"B\",\"A\",\"B\"],"
	"\"seat_scores\":[30,10,30,10],\"team_scores\":[30,10],\"ranks\":[1,2,1,2],\"faults\":[]}\n"
	/* five-hand with copies: A at seats 0 and 2, B at 1 and 4 */
	"{\"game\":\"fivehand.d0001.t0001.r0\",\"index\":1,\"bots\":[\"A\",\"B\",\"A\",\"C\",\"B\"],"
	"\"seat_scores\":[10,4,2,8,1],\"team_scores\":null,\"ranks\":[1,3,4,2,5],"
	"\"faults\":[{\"seat\":4,\"kind\":\"illegal\",\"detail\":\"x\"}]}\n"
	/* flip: B and C share first place */
	"{\"game\":\"flip.d0001.t0001.r0\",\"index\":2,\"bots\":[\"A\",\"B\",\"C\"],"
	"\"seat_scores\":[5,100,100],\"team_scores\":null,\"ranks\":[3,1,1],"
	"\"faults\":[{\"seat\":1,\"kind\":\"timeout\",\"detail\":\"x\"},"
	"{\"seat\":0,\"kind\":\"weird\",\"detail\":\"x\"}]}\n"
	/* progressive: {A, C} lose 5 to 9 against {B, D} */
	"{\"game\":\"progressive.d0001.round01.t1.s0\",\"index\":3,\"bots\":[\"A\",\"B\",\"C\",\"D\"],"
	"\"seat_scores\":[5,9,5,9],\"team_scores\":[5,9],\"ranks\":[2,1,2,1],"
	"\"faults\":[{\"seat\":1,\"kind\":\"timeout\",\"detail\":\"x\"}]}\n";

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
	/* one 1-v-1 Weng-Lin update (test_arena_rating.c) */
	CHECK(fabs(row(t, "A")->rating.mu - 27.63523138347365) < 1e-9);
	CHECK(h2h(t, "A", "B", &games) == 1.0);
	CHECK_INT(games, 1);
	CHECK(h2h(t, "B", "A", &games) == 0.0);
}

static void test_copies_at_one_table_are_one_entry(void)
{
	const struct standings_table *t = table("fivehand");
	long games;

	/* mean places: C 2, A 2.5, B 4: C first */
	CHECK(row(t, "C")->wins == 1.0);
	CHECK(row(t, "A")->wins == 0.0);
	CHECK_INT(row(t, "A")->games, 1);
	/* A: 6 against the others' (4 + 8 + 1) / 3; C: 8 against (10+4+2+1)/4 */
	CHECK(fabs(row(t, "A")->margin - (6 - 13.0 / 3)) < 1e-12);
	CHECK(fabs(row(t, "C")->margin - (8 - 17.0 / 4)) < 1e-12);
	CHECK(fabs(row(t, "B")->margin - (2.5 - 20.0 / 3)) < 1e-12);
	CHECK(h2h(t, "C", "A", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "A", "B", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "A", "A", &games) == 0.0 && games == 0);
	CHECK_INT(row(t, "B")->faults, 1);
}

static void test_shared_first_place_splits_the_win(void)
{
	const struct standings_table *t = table("flip");
	long games;

	CHECK(row(t, "B")->wins == 0.5);
	CHECK(row(t, "C")->wins == 0.5);
	CHECK(h2h(t, "B", "C", &games) == 0.5 && games == 1);
	CHECK(fabs(row(t, "B")->rating.mu - row(t, "C")->rating.mu) < 1e-12);
}

static void test_partners_are_not_opponents(void)
{
	const struct standings_table *t = table("progressive");
	long games;

	CHECK(row(t, "B")->wins == 1.0);
	CHECK(row(t, "D")->wins == 1.0);
	CHECK(row(t, "A")->margin == -4.0);
	CHECK(h2h(t, "A", "C", &games) == 0.0 && games == 0);
	CHECK(h2h(t, "B", "A", &games) == 1.0 && games == 1);
	CHECK(h2h(t, "D", "C", &games) == 1.0 && games == 1);
	/* a team of two new players: each gets half the team's update */
	CHECK(fabs(row(t, "B")->rating.mu - 26.964185503295965) < 1e-9);
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
	CHECK_INT(fb->total, 3);
	CHECK_INT(fb->kind[0], 2); /* timeout */
	CHECK_INT(fb->kind[4], 1); /* illegal */
	CHECK_STR(fb->first_game, "fivehand.d0001.t0001.r0");
	CHECK_INT(fa->kind[FAULT_KINDS - 1], 1); /* an unknown kind counts as other */
	CHECK_INT(st.faults[bot("C")].total, 0);
}

static void test_report_formats(void)
{
	struct strbuf out = STRBUF_INIT;

	strbuf_init(&out);
	report_write(&out, &st, &set, REPORT_CSV);
	CHECK(!strncmp(out.buf, "variant,rank,bot,games,wins,win_pct,margin,mu,sigma,low,high,"
				"faults\noverall,1,", 78));
	CHECK(strstr(out.buf, "\nhammerwalt,1,A,1,1.000,100.000,20.000,27.635,8.066,11.827,"
			      "43.444,0\n") != NULL);
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_TEXT);
	CHECK(strstr(out.buf, "standings: 4 games, 4 bots\n") == out.buf);
	CHECK(strstr(out.buf, "  B: 3 (2 timeout, 1 illegal); first in res/logs/"
			      "fivehand.d0001.t0001.r0.log\n") != NULL);
	strbuf_reset(&out);
	report_write(&out, &st, &set, REPORT_JSON);
	CHECK(strstr(out.buf, "\"first_log\": \"res/logs/fivehand.d0001.t0001.r0.log\"") != NULL);
	strbuf_release(&out);
}

int main(void)
{
	char dir[4096], err[256];
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/standings-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;
	mkdir("res", 0755);
	f = fopen("res/results.jsonl", "w");
	fputs(lines, f);
	fclose(f);
	result_set_init(&set);
	if (result_set_read(&set, "res", err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	result_set_finish(&set);
	standings_compute(&st, &set);
	RUN(test_team_game);
	RUN(test_copies_at_one_table_are_one_entry);
	RUN(test_shared_first_place_splits_the_win);
	RUN(test_partners_are_not_opponents);
	RUN(test_overall_and_faults);
	RUN(test_report_formats);
	standings_release(&st);
	result_set_release(&set);
	return TEST_REPORT();
}
