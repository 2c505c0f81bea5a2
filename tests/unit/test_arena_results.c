/*
 * test_arena_results.c - result lines and results directories: checking a
 * referee's output, appending and reloading, cutting off a torn last
 * line, refusing a damaged file, refusing lines that are not the
 * schedule's games (on resume and in the report), the directory lock and
 * its modes, moving old results aside, replay commands of played games,
 * reading shards back with duplicates counted once, and the run's result
 * set growing as games end.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_config.h"
#include "plan_key.h"
#include "store_result_set.h"
#include "store_results.h"
#include "plan_schedule.h"
#include "strset.h"
#include "testhelp.h"
#include "util.h"

static struct config cfg;
static struct schedule sched;

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	strbuf_init(&sb);
	if (f) {
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			strbuf_add(&sb, buf, n);
		fclose(f);
	}
	return strbuf_detach(&sb);
}

/* A referee line for game g with the given ranks. */
static void referee_line(const struct fixture *g, const char *ranks, struct strbuf *out)
{
	const char *seat[4];

	for (int s = 0; s < 4; s++)
		seat[s] = cfg.bots[g->bot[s]].seat;
	strbuf_addf(out, "{\"variant\":\"hammerwalt\",\"seed\":%llu,\"options\":{},"
		    "\"seats\":[\"%s\",\"%s\",\"%s\",\"%s\"],\"hands\":3,"
		    "\"seat_scores\":[32,-5,32,-5],\"team_scores\":[32,-5],\"ranks\":%s,"
		    "\"faults\":[{\"seat\":1,\"kind\":\"timeout\",\"detail\":\"slow\"}],"
		    "\"decisions\":[1,1,1,1],\"time_ms\":[0.5,0.25,0.0,0.0]}\n",
		    (unsigned long long)g->seed, seat[0], seat[1], seat[2], seat[3], ranks);
}

static void test_result_line_adds_game_index_and_bots_first(void)
{
	struct strbuf ref = STRBUF_INIT, line = STRBUF_INIT;
	const struct fixture *g = &sched.games[1];
	char err[256];
	int nfaults = -1;

	strbuf_init(&ref);
	strbuf_init(&line);
	referee_line(g, "[1,2,1,2]", &ref);
	{
		struct strvec argv;
		char end[4300];

		strvec_init(&argv);
		strvec_push(&argv, "/bin/referee");
		strvec_push(&argv, "--seed");
		strvec_push(&argv, "5");
		CHECK(result_make_line(ref.buf, ref.len, g, &cfg, &argv, &line, &nfaults, err,
				       sizeof(err)) == 0);
		strvec_release(&argv);
		/* the command that played it, and where, come last */
		snprintf(end, sizeof(end), "\"time_ms\":[0.5,0.25,0.0,0.0],\"cwd\":\"%s\","
			 "\"argv\":[\"/bin/referee\",\"--seed\",\"5\"]}", cfg.dir);
		CHECK(strstr(line.buf, end) != NULL);
	}
	CHECK_INT(nfaults, 1);
	{
		const char *start = "{\"game\":\"hammerwalt.d0001.g+r.r1\",\"index\":1,"
				    "\"bots\":[\"r\",\"g\",\"r\",\"g\"],\"variant\":\"hammerwalt\",";

		CHECK(!strncmp(line.buf, start, strlen(start)));
	}
	CHECK(!strchr(line.buf, '\n'));
	strbuf_release(&ref);
	strbuf_release(&line);
}

static void test_bad_referee_output_is_refused(void)
{
	const struct fixture *g = &sched.games[0];
	struct strbuf ref = STRBUF_INIT, line = STRBUF_INIT;
	char err[256], text[1024];
	int nf;

	strbuf_init(&line);
	CHECK(result_make_line("", 0, g, &cfg, NULL, &line, &nf, err, sizeof(err)) < 0);
	CHECK_STR(err, "the referee printed nothing");
	CHECK(result_make_line("oops\n", 5, g, &cfg, NULL, &line, &nf, err, sizeof(err)) < 0);
	CHECK(!strncmp(err, "the referee's output is not one JSON line (", 43));
	strbuf_init(&ref);
	referee_line(g, "[1,2,1,2]", &ref);
	snprintf(text, sizeof(text), "%s%s", ref.buf, ref.buf); /* two lines */
	CHECK(result_make_line(text, strlen(text), g, &cfg, NULL, &line, &nf, err, sizeof(err)) < 0);
	strbuf_reset(&ref);
	referee_line(g, "[1,2,1]", &ref);
	CHECK(result_make_line(ref.buf, ref.len, g, &cfg, NULL, &line, &nf, err, sizeof(err)) < 0);
	CHECK_STR(err, "the referee's output lacks 4 'ranks' and 'seat_scores'");
	strbuf_reset(&ref);
	referee_line(&sched.games[2], "[1,2,1,2]", &ref); /* another deal's seed */
	CHECK(result_make_line(ref.buf, ref.len, g, &cfg, NULL, &line, &nf, err, sizeof(err)) < 0);
	CHECK_STR(err, "the referee's output has the wrong 'seed'");
	CHECK_INT(line.len, 0);
	strbuf_release(&ref);
	strbuf_release(&line);
}

/* Appends the results of games [from, to) to r. */
static void append_games(struct results *r, int from, int to)
{
	for (int i = from; i < to; i++) {
		struct strbuf ref = STRBUF_INIT, line = STRBUF_INIT;
		char err[256];
		int nf;

		strbuf_init(&ref);
		strbuf_init(&line);
		referee_line(&sched.games[i], i % 2 ? "[2,1,2,1]" : "[1,2,1,2]", &ref);
		CHECK(result_make_line(ref.buf, ref.len, &sched.games[i], &cfg, NULL, &line, &nf,
				       err, sizeof(err)) == 0);
		CHECK(results_append(r, line.buf, err, sizeof(err)) == 0);
		strbuf_release(&ref);
		strbuf_release(&line);
	}
}

static void test_reload_repairs_a_torn_last_line(void)
{
	struct results *r;
	struct strset done;
	char err[512], *moved, *text;
	long faults = 0, repaired = -1;
	int fd;

	r = results_new("res/a", 0, &moved, err, sizeof(err));
	CHECK(r != NULL);
	CHECK(moved == NULL);
	append_games(r, 0, 3);
	results_free(r);
	/* a crash in mid-write */
	fd = open("res/a/results.jsonl", O_WRONLY | O_APPEND);
	CHECK(write(fd, "{\"game\":\"hammerwalt.d0002", 25) == 25);
	close(fd);
	r = results_new("res/a", 0, &moved, err, sizeof(err));
	strset_init(&done);
	CHECK(results_load(r, &sched, &cfg, 1, 0, &done, &faults, &repaired, NULL,
			   err, sizeof(err)) == 0);
	CHECK_INT(done.nr, 3);
	CHECK_INT(faults, 3);
	CHECK_INT(repaired, 25);
	CHECK(strset_has(&done, "hammerwalt.d0001.g+r.r0"));
	text = read_file("res/a/results.jsonl");
	CHECK(text[strlen(text) - 1] == '\n');
	{
		int lines = 0;

		for (char *p = text; *p; p++)
			lines += *p == '\n';
		CHECK_INT(lines, 3);
	}
	free(text);
	/* appending after the repair gives whole lines; a game written twice
	 * (killed between the write and the count) counts its faults once */
	append_games(r, 3, 4);
	append_games(r, 3, 4);
	results_free(r);
	strset_release(&done);
	r = results_new("res/a", 0, &moved, err, sizeof(err));
	strset_init(&done);
	faults = 0;
	CHECK(results_load(r, &sched, &cfg, 1, 0, &done, &faults, &repaired, NULL,
			   err, sizeof(err)) == 0);
	CHECK_INT(done.nr, 4);
	CHECK_INT(faults, 4);
	CHECK_INT(repaired, 0);
	results_free(r);
	strset_release(&done);
}

static void test_a_damaged_middle_line_is_an_error(void)
{
	struct results *r;
	struct strset done;
	char err[512], *moved, *text, *nl;
	long faults = 0, repaired;

	r = results_new("res/b", 0, &moved, err, sizeof(err));
	append_games(r, 0, 3);
	results_free(r);
	text = read_file("res/b/results.jsonl");
	nl = strchr(text, '\n');
	nl[-1] = 'X'; /* line 1 no longer parses */
	write_file("res/b/results.jsonl", text);
	free(text);
	r = results_new("res/b", 0, &moved, err, sizeof(err));
	strset_init(&done);
	CHECK(results_load(r, &sched, &cfg, 1, 0, &done, &faults, &repaired, NULL,
			   err, sizeof(err)) < 0);
	CHECK_STR(err, "res/b/results.jsonl:1: not a result line (the file is damaged: move it "
		       "aside, or start over with --fresh)");
	strset_release(&done);
	results_free(r);
}

/* Line n (from 1) of the file, without its newline, into out. */
static void nth_line(const char *text, int n, char *out, size_t len)
{
	const char *p = text;

	while (--n > 0 && (p = strchr(p, '\n')))
		p++;
	snprintf(out, len, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
}

/* Replaces the first occurrence of from in line by to. */
static void edit(char *line, size_t len, const char *from, const char *to)
{
	char *at = strstr(line, from), rest[4096];

	if (!at)
		return;
	snprintf(rest, sizeof(rest), "%s", at + strlen(from));
	snprintf(at, len - (size_t)(at - line), "%s%s", to, rest);
}

/*
 * A resumed run refuses a results line that is not the schedule's game:
 * an id not in it (a 7th game of 6), or an index, bots, seats, variant or
 * seed that differ; the message names the file, the line and the field.
 */
static void test_lines_that_are_not_the_schedules_stop_a_resume(void)
{
	static const struct {
		const char *from, *to, *message;
	} cases[] = {
		{ "hammerwalt.d0001.g+r.r1", "hammerwalt.d0004.g+r.r1",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0004.g+r.r1' is not in the schedule "
		  "of these results (the line does not belong here: move the file aside, or start "
		  "over with --fresh)" },
		{ "\"index\":1", "\"index\":4",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0001.g+r.r1': 'index' is 4, the "
		  "schedule says 1 (an incremental run stopped while it superseded games leaves "
		  "this: run the same arena command again to finish it; else the line was "
		  "changed: move the file aside, or start over with --fresh)" },
		{ "\"bots\":[\"r\",\"g\",\"r\",\"g\"]", "\"bots\":[\"g\",\"r\",\"g\",\"r\"]",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0001.g+r.r1': 'bots' is "
		  "[\"g\",\"r\",\"g\",\"r\"], the schedule says [\"r\",\"g\",\"r\",\"g\"] (the line "
		  "was changed: move the file aside, or start over with --fresh)" },
		{ "\"variant\":\"hammerwalt\"", "\"variant\":\"indiana\"",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0001.g+r.r1': 'variant' is "
		  "\"indiana\", the schedule says \"hammerwalt\" (the line was changed: move the "
		  "file aside, or start over with --fresh)" },
		{ "\"seats\":[\"@random\"", "\"seats\":[\"@greedy\"",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0001.g+r.r1': 'seats' is "
		  "[\"@greedy\",\"@greedy\",\"@random\",\"@greedy\"], the schedule says "
		  "[\"@random\",\"@greedy\",\"@random\",\"@greedy\"] (the line was changed: move the "
		  "file aside, or start over with --fresh)" },
		{ ",\"index\":1", "",
		  "res/v/results.jsonl:2: game 'hammerwalt.d0001.g+r.r1': 'index' is missing, the "
		  "schedule says 1 (the line was changed: move the file aside, or start over with "
		  "--fresh)" },
	};
	char err[1024], *moved, *text, good[4096], bad[4096], seed[64], other[64];
	struct results *r;

	r = results_new("res/v", 0, &moved, err, sizeof(err));
	append_games(r, 0, 3);
	results_free(r);
	text = read_file("res/v/results.jsonl");
	nth_line(text, 2, good, sizeof(good));
	for (size_t i = 0; i <= sizeof(cases) / sizeof(cases[0]); i++) {
		struct strset done;
		struct strbuf sb = STRBUF_INIT;
		long faults = 0, repaired;

		snprintf(bad, sizeof(bad), "%s", good);
		if (i < sizeof(cases) / sizeof(cases[0])) {
			edit(bad, sizeof(bad), cases[i].from, cases[i].to);
		} else {
			/* the seed of another deal */
			snprintf(seed, sizeof(seed), "\"seed\":%llu",
				 (unsigned long long)sched.games[1].seed);
			snprintf(other, sizeof(other), "\"seed\":%llu",
				 (unsigned long long)sched.games[2].seed);
			edit(bad, sizeof(bad), seed, other);
		}
		CHECK(strcmp(bad, good) != 0);
		strbuf_init(&sb);
		nth_line(text, 1, good, sizeof(good));
		strbuf_addf(&sb, "%s\n%s\n", good, bad);
		nth_line(text, 3, good, sizeof(good));
		strbuf_addf(&sb, "%s\n", good);
		write_file("res/v/results.jsonl", sb.buf);
		nth_line(text, 2, good, sizeof(good));
		strbuf_release(&sb);
		r = results_new("res/v", 0, &moved, err, sizeof(err));
		strset_init(&done);
		err[0] = '\0';
		CHECK(results_load(r, &sched, &cfg, 1, 0, &done, &faults, &repaired, NULL, err,
				   sizeof(err)) < 0);
		if (i < sizeof(cases) / sizeof(cases[0])) {
			CHECK_STR(err, cases[i].message);
		} else {
			char expect[1024];

			snprintf(expect, sizeof(expect), "res/v/results.jsonl:2: game "
				 "'hammerwalt.d0001.g+r.r1': 'seed' is %llu, the schedule says %llu "
				 "(the line was changed: move the file aside, or start over with "
				 "--fresh)", (unsigned long long)sched.games[2].seed,
				 (unsigned long long)sched.games[1].seed);
			CHECK_STR(err, expect);
		}
		strset_release(&done);
		results_free(r);
	}
	/* a game of another shard is not this shard's */
	{
		struct strset done;
		long faults = 0, repaired;

		strset_init(&done);
		r = results_new("res/v", 0, &moved, err, sizeof(err));
		write_file("res/v/results.jsonl", "");
		append_games(r, 1, 2);
		CHECK(results_load(r, &sched, &cfg, 1, 2, &done, &faults, &repaired, NULL, err,
				   sizeof(err)) < 0);
		CHECK(strstr(err, "res/v/results.jsonl:1: game 'hammerwalt.d0001.g+r.r1' is not "
				  "in the schedule") == err);
		CHECK(results_load(r, &sched, &cfg, 2, 2, &done, &faults, &repaired, NULL, err,
				   sizeof(err)) == 0);
		strset_release(&done);
		results_free(r);
	}
	free(text);
}

/*
 * The report checks every line against the schedule stored beside it:
 * an edited line is an error naming it, never counted; a directory the
 * arena made must have its schedule.
 */
/*
 * A seat that is a path in the config's directory is checked as seen
 * from there (the 'cwd' of each line), so a tournament moved with its
 * results keeps its games; every other seat, and every seat of a line
 * without 'cwd' (an earlier arena's), must be the same text.
 */
static void test_seats_in_a_moved_tournament(void)
{
	static const struct {
		const char *seats, *cwd; /* of the stored line */
		int ok;
	} cases[] = {
		{ "[\"/a/cfg/bots/x\", \"/srv/y\", \"@random\"]", "\"/a/cfg\"", 1 },
		/* moved: the same places as seen from the new directory */
		{ "[\"/b/new/bots/x\", \"/srv/y\", \"@random\"]", "\"/b/new\"", 1 },
		/* another bot in the tree, or outside it */
		{ "[\"/b/new/bots/z\", \"/srv/y\", \"@random\"]", "\"/b/new\"", 0 },
		{ "[\"/b/new/bots/x\", \"/srv/z\", \"@random\"]", "\"/b/new\"", 0 },
		/* outside the tree does not move with it */
		{ "[\"/b/new/bots/x\", \"/b/new/y\", \"@random\"]", "\"/b/new\"", 0 },
		/* a directory that only starts like the config's is not in it */
		{ "[\"/a/cfgx/bots/x\", \"/srv/y\", \"@random\"]", "\"/a/cfg\"", 0 },
		/* no 'cwd' (an earlier arena): the text itself */
		{ "[\"/b/new/bots/x\", \"/srv/y\", \"@random\"]", NULL, 0 },
		{ "[\"/a/cfg/bots/x\", \"/srv/y\", \"@random\"]", NULL, 1 },
	};
	static const char want[] = "{\"game\": \"g1\", \"index\": 0, \"bots\": [\"x\", "
		"\"y\", \"r\"], \"variant\": \"fivehand\", \"seed\": 7, \"seats\": "
		"[\"/a/cfg/bots/x\", \"/srv/y\", \"@random\"], \"cwd\": \"/a/cfg\"}";
	struct results_expected map;
	struct result o;
	char err[512];

	results_expected_init(&map);
	CHECK(result_parse(results_expected_add(&map), want, strlen(want), err, sizeof(err)) == 0);
	results_expected_index(&map);
	result_init(&o);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512];

		snprintf(text, sizeof(text), "{\"game\": \"g1\", \"index\": 0, \"bots\": [\"x\", "
			 "\"y\", \"r\"], \"variant\": \"fivehand\", \"seed\": 7, \"seats\": %s%s%s}",
			 cases[i].seats, cases[i].cwd ? ", \"cwd\": " : "",
			 cases[i].cwd ? cases[i].cwd : "");
		CHECK(result_parse(&o, text, strlen(text), err, sizeof(err)) == 0);
		err[0] = '\0';
		CHECK_INT(results_check_line(&o, &map, "r.jsonl", 3, err, sizeof(err)),
			  cases[i].ok ? 0 : -1);
		if (!cases[i].ok)
			CHECK(!strncmp(err, "r.jsonl:3: game 'g1': 'seats' is ", 33));
	}
	result_release(&o);
	results_expected_release(&map);
}

static void test_report_refuses_lines_that_are_not_the_schedules(void)
{
	struct results *r;
	struct results_meta m;
	struct result_set set;
	char err[1024], *moved, *text;

	r = results_new("res/w", 0, &moved, err, sizeof(err));
	CHECK(results_write_schedule(r, &sched, &cfg, 1, 0, err, sizeof(err)) == 0);
	results_meta_init(&m);
	snprintf(m.fingerprint, sizeof(m.fingerprint), "0123456789abcdef");
	snprintf(m.shard, sizeof(m.shard), "1/1");
	CHECK(results_write_meta(r, &m, "cup", "c.ini", err, sizeof(err)) == 0);
	results_meta_release(&m);
	append_games(r, 0, 4);
	results_free(r);
	text = read_file("res/w/schedule.jsonl");
	CHECK(!strncmp(text, "{\"game\":\"hammerwalt.d0001.g+r.r0\",\"index\":0,\"bots\":"
			     "[\"g\",\"r\",\"g\",\"r\"],\"variant\":\"hammerwalt\",\"seed\":", 99));
	free(text);
	result_set_init(&set);
	CHECK(result_set_read(&set, "res/w", err, sizeof(err)) == 0);
	CHECK_INT(set.n, 4);
	result_set_release(&set);
	/* game 3's bots edited: the report refuses the file */
	text = read_file("res/w/results.jsonl");
	{
		char *line3 = strstr(text, "\"index\":2,\"bots\":[\"g\",\"r\"");

		CHECK(line3 != NULL);
		if (line3)
			memcpy(line3 + 18, "\"r\",\"g\"", 7);
	}
	write_file("res/w/results.jsonl", text);
	free(text);
	result_set_init(&set);
	CHECK(result_set_read(&set, "res/w", err, sizeof(err)) < 0);
	CHECK_STR(err, "res/w/results.jsonl:3: game 'hammerwalt.d0002.g+r.r0': 'bots' is "
		       "[\"r\",\"g\",\"g\",\"r\"], the schedule says [\"g\",\"r\",\"g\",\"r\"] (the "
		       "line was changed: move the file aside, or start over with --fresh)");
	result_set_release(&set);
	/* the schedule gone from a directory the arena made */
	unlink("res/w/schedule.jsonl");
	result_set_init(&set);
	CHECK(result_set_read(&set, "res/w/results.jsonl", err, sizeof(err)) < 0);
	CHECK_STR(err, "cannot check the results in 'res/w' against their schedule: cannot read "
		       "'res/w/schedule.jsonl': No such file or directory");
	result_set_release(&set);
}

/* The results directory and everything the arena writes in it are the user's alone. */
static void test_results_files_are_private_whatever_the_umask(void)
{
	struct results *r;
	struct results_meta m;
	struct stat st;
	char err[512], *moved;
	mode_t old = umask(0);

	mkdir("res/p", 0755); /* made by an older arena: tightened */
	r = results_new("res/p", 0, &moved, err, sizeof(err));
	CHECK(r != NULL);
	append_games(r, 0, 1);
	CHECK(results_append_failed(r, "{\"game\":\"x\"}", err, sizeof(err)) == 0);
	CHECK(results_write_schedule(r, &sched, &cfg, 1, 0, err, sizeof(err)) == 0);
	results_meta_init(&m);
	snprintf(m.shard, sizeof(m.shard), "1/1");
	CHECK(results_write_meta(r, &m, "cup", "c.ini", err, sizeof(err)) == 0);
	results_meta_release(&m);
	results_free(r);
	CHECK(stat("res/p", &st) == 0 && (st.st_mode & 07777) == 0700);
	CHECK(stat("res/p/logs", &st) == 0 && (st.st_mode & 07777) == 0700);
	CHECK(stat("res/p/results.jsonl", &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(stat("res/p/failed.jsonl", &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(stat("res/p/schedule.jsonl", &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(stat("res/p/arena.json", &st) == 0 && (st.st_mode & 07777) == 0600);
	umask(old);
}

/*
 * The replay command of a played game is the one stored with it, with the
 * bots' handshake seeds given back (--bot-seed) when the result has them.
 */
static void test_replay_command_of_a_played_game(void)
{
	struct results_played *p;
	char err[512];

	mkdir("res/q", 0700);
	write_file("res/q/results.jsonl",
		   "{\"game\":\"a.d0001.p0001.r0\",\"seed\":5,\"bot_seeds\":[11,22],"
		   "\"cwd\":\"/c d\",\"argv\":[\"/ref\",\"--seed\",\"5\",\"--\",\"@greedy\","
		   "\"./bot x\"]}\n"
		   "{\"game\":\"a.d0001.p0001.r1\",\"seed\":5,\"cwd\":\"/c\","
		   "\"argv\":[\"/ref\",\"--seed\",\"5\",\"--\",\"@greedy\",\"@random\"]}\n"
		   "{\"game\":\"a.d0002.p0001.r0\",\"seed\":6}\n");
	p = results_played_read("res/q", NULL, err, sizeof(err));
	CHECK(p != NULL);
	CHECK_STR(results_played_command(p, "a.d0001.p0001.r0"),
		  "cd '/c d' && /ref --seed 5 --bot-seed 0:11 --bot-seed 1:22 -- @greedy './bot x'");
	CHECK_STR(results_played_command(p, "a.d0001.p0001.r1"), "/ref --seed 5 -- @greedy @random");
	CHECK(results_played_command(p, "a.d0002.p0001.r0") == NULL); /* no argv stored */
	CHECK(results_played_command(p, "a.d0009.p0001.r0") == NULL);
	results_played_free(p);
	p = results_played_read("res/q", "a.d0001.p0001.r1", err, sizeof(err));
	CHECK(results_played_command(p, "a.d0001.p0001.r0") == NULL);
	CHECK(results_played_command(p, "a.d0001.p0001.r1") != NULL);
	results_played_free(p);
	p = results_played_read("res/none", NULL, err, sizeof(err));
	CHECK(p != NULL && results_played_command(p, "a.d0001.p0001.r1") == NULL);
	results_played_free(p);
}

static void test_directory_lock_and_fresh_start(void)
{
	struct results *r, *r2;
	struct results_meta m;
	char err[512], *moved;

	r = results_new("res/c", 0, &moved, err, sizeof(err));
	CHECK(r != NULL);
	r2 = results_new("res/c", 0, &moved, err, sizeof(err));
	CHECK(r2 == NULL);
	CHECK_STR(err, "results directory 'res/c' is in use by another arena");
	append_games(r, 0, 2);
	results_meta_init(&m);
	snprintf(m.fingerprint, sizeof(m.fingerprint), "0123456789abcdef");
	snprintf(m.shard, sizeof(m.shard), "2/3");
	m.games = 7;
	excluded_bots_add(&m.excluded, "zed", "build failed (exit status 2)");
	CHECK(results_write_meta(r, &m, "cup", "c.ini", err, sizeof(err)) == 0);
	results_meta_release(&m);
	results_meta_init(&m);
	CHECK(results_read_meta(r, &m, err, sizeof(err)) == 1);
	CHECK_STR(m.fingerprint, "0123456789abcdef");
	CHECK_STR(m.shard, "2/3");
	CHECK_INT(m.games, 7);
	CHECK_INT(m.excluded.nr, 1);
	CHECK_STR(m.excluded.items[0].name, "zed");
	CHECK_STR(m.excluded.items[0].reason, "build failed (exit status 2)");
	results_meta_release(&m);
	results_free(r);
	r = results_new("res/c", 1, &moved, err, sizeof(err));
	CHECK(r != NULL);
	CHECK_STR(moved, "res/c.old-1");
	free(moved);
	CHECK(access("res/c.old-1/results.jsonl", F_OK) == 0);
	results_meta_init(&m);
	CHECK(results_read_meta(r, &m, err, sizeof(err)) == 0);
	results_meta_release(&m);
	results_free(r);
}

static void test_shards_merge_with_duplicates_once(void)
{
	struct results *r;
	struct result_set set;
	char err[512], *moved;
	int fd;

	/* shard 1 has games 0..3, shard 2 has 2..5 (2 and 3 twice), and a torn tail */
	r = results_new("res/s1", 0, &moved, err, sizeof(err));
	append_games(r, 0, 4);
	results_free(r);
	r = results_new("res/s2", 0, &moved, err, sizeof(err));
	append_games(r, 4, 6);
	append_games(r, 2, 4);
	results_free(r);
	fd = open("res/s2/results.jsonl", O_WRONLY | O_APPEND);
	CHECK(write(fd, "{\"ga", 4) == 4);
	close(fd);
	result_set_init(&set);
	CHECK(result_set_read(&set, "res/s2", err, sizeof(err)) == 0);
	CHECK(result_set_read(&set, "res/s1/results.jsonl", err, sizeof(err)) == 0);
	result_set_finish(&set);
	CHECK_INT(set.n, 6);
	CHECK_INT(set.duplicates, 2);
	CHECK_INT(set.torn, 1);
	for (int i = 0; i < 6; i++) {
		CHECK_INT(set.r[i].index, i);
		CHECK_STR(set.r[i].id, sched.games[i].id);
		CHECK_STR(set.r[i].variant, "hammerwalt");
		CHECK_INT(set.r[i].nfaults, 1);
		CHECK_STR(set.r[i].faults[0].kind, "timeout");
	}
	CHECK_INT(set.r[0].rank[0], 1);
	CHECK_INT(set.r[1].rank[0], 2);
	CHECK(set.r[0].has_teams);
	CHECK(set.r[0].team_score[0] == 32);
	CHECK_STR(set.names.items[set.r[0].bot[0]], "g");
	CHECK_STR(set.names.items[set.r[1].bot[0]], "r");
	result_set_release(&set);
	result_set_init(&set);
	CHECK(result_set_read(&set, "res/nothing", err, sizeof(err)) < 0);
	CHECK_STR(err, "cannot read 'res/nothing': No such file or directory");
	result_set_release(&set);
}

/* The result of game i as the run makes it (ranks as append_games() gives them). */
static void make_result(int i, struct result *o)
{
	struct strbuf ref = STRBUF_INIT;
	char err[256];
	int nf;

	strbuf_init(&ref);
	referee_line(&sched.games[i], i % 2 ? "[2,1,2,1]" : "[1,2,1,2]", &ref);
	CHECK(result_make(ref.buf, ref.len, &sched.games[i], &cfg, NULL, o, &nf, err,
			  sizeof(err)) == 0);
	CHECK_INT(nf, 1);
	strbuf_release(&ref);
}

static void test_the_run_set_grows_without_reading_the_file(void)
{
	struct results *r;
	struct result_set set;
	struct result_list lines;
	struct strset done;
	struct result o;
	char err[512], *moved;
	long faults = 0, repaired = 0;

	r = results_new("res/live", 0, &moved, err, sizeof(err));
	append_games(r, 0, 3);
	results_free(r);
	r = results_new("res/live", 0, &moved, err, sizeof(err));
	strset_init(&done);
	result_list_init(&lines);
	result_set_init(&set);
	result_init(&o);
	CHECK(results_load(r, &sched, &cfg, 1, 0, &done, &faults, &repaired, &lines, err,
			   sizeof(err)) == 0);
	CHECK_INT(lines.n, 3);
	CHECK_STR(lines.r[2].game, sched.games[2].id);
	CHECK(result_set_start(&set, "res/live", &lines, err, sizeof(err)) == 0);
	CHECK_INT(lines.n, 0); /* moved into the set */
	CHECK(set.live);
	CHECK_INT(set.n, 3);
	CHECK_INT(set.lines.n, 3);
	/* game 4 ends before game 3; the page is made between them */
	make_result(4, &o);
	CHECK(result_set_add(&set, &o, err, sizeof(err)) == 0);
	CHECK(o.game == NULL); /* moved */
	result_set_add_failed(&set, sched.games[5].id, "the referee exited with status 3");
	result_set_add_failed(&set, sched.games[0].id, "killed by signal 9");
	result_set_finish(&set);
	CHECK_INT(set.n, 4);
	CHECK_INT(set.r[3].index, 4);
	make_result(3, &o);
	CHECK(result_set_add(&set, &o, err, sizeof(err)) == 0);
	/* the same game once more (written twice before a crash) counts once */
	make_result(3, &o);
	CHECK(result_set_add(&set, &o, err, sizeof(err)) == 0);
	result_set_finish(&set);
	CHECK_INT(set.n, 5);
	CHECK_INT(set.duplicates, 1);
	for (int i = 0; i < 5; i++) {
		CHECK_INT(set.r[i].index, i);
		CHECK_STR(set.r[i].id, sched.games[i].id);
		CHECK_INT(set.r[i].rank[0], i % 2 ? 2 : 1);
		CHECK_STR(set.names.items[set.r[i].bot[0]], i % 2 ? "r" : "g");
	}
	/* the lines with faults as stored, in the order they were added: feedback's */
	CHECK_INT(set.lines.n, 6);
	CHECK_STR(set.lines.r[3].game, sched.games[4].id);
	CHECK_STR(set.lines.r[5].game, sched.games[3].id);
	CHECK_STR(set.lines.r[5].faults[0].detail, "slow");
	/* game 0 was played after all: only game 5's failure stays */
	CHECK_INT(set.failed.nr, 1);
	CHECK_STR(set.failed.items[0].id, sched.games[5].id);
	CHECK_STR(set.failed.items[0].dir, "res/live");
	CHECK_STR(set.failed.items[0].reason, "the referee exited with status 3");
	/* game 5 played at last, without a fault: counted, its line not kept */
	make_result(5, &o);
	for (int f = 0; f < o.nfaults; f++) {
		free(o.faults[f].kind);
		free(o.faults[f].detail);
	}
	free(o.faults);
	o.faults = NULL;
	o.nfaults = 0;
	CHECK(result_set_add(&set, &o, err, sizeof(err)) == 0);
	CHECK(o.game == NULL);
	result_set_finish(&set);
	CHECK_INT(set.n, 6);
	CHECK_INT(set.r[5].nfaults, 0);
	CHECK_INT(set.lines.n, 6);
	CHECK_INT((long)set.failed.nr, 0);
	result_release(&o);
	result_set_release(&set);
	result_list_release(&lines);
	strset_release(&done);
	results_free(r);
}

int main(void)
{
	char dir[4096], err[512];
	struct key key;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/results-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;
	f = fopen("c.ini", "w");
	fputs("[arena]\nvariants = hammerwalt\ndeals = 3\npartners = copies\n[bot g]\ncommand = @greedy\n"
	      "[bot r]\ncommand = @random\n", f);
	fclose(f);
	for (int i = 0; i < KEY_BYTES; i++)
		key.bytes[i] = (unsigned char)i;
	if (config_load(&cfg, "c.ini", err, sizeof(err)) < 0 ||
	    schedule_build(&sched, &cfg, NULL, &key, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	RUN(test_result_line_adds_game_index_and_bots_first);
	RUN(test_bad_referee_output_is_refused);
	RUN(test_reload_repairs_a_torn_last_line);
	RUN(test_a_damaged_middle_line_is_an_error);
	RUN(test_lines_that_are_not_the_schedules_stop_a_resume);
	RUN(test_seats_in_a_moved_tournament);
	RUN(test_report_refuses_lines_that_are_not_the_schedules);
	RUN(test_results_files_are_private_whatever_the_umask);
	RUN(test_replay_command_of_a_played_game);
	RUN(test_directory_lock_and_fresh_start);
	RUN(test_shards_merge_with_duplicates_once);
	RUN(test_the_run_set_grows_without_reading_the_file);
	schedule_release(&sched);
	config_release(&cfg);
	return TEST_REPORT();
}
