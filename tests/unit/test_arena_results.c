/*
 * test_arena_results.c - result lines and results directories: checking a
 * referee's output, appending and reloading, cutting off a torn last
 * line, refusing a damaged file, the directory lock, moving old results
 * aside, and reading shards back with duplicates counted once.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "results.h"
#include "schedule.h"
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
static void referee_line(const struct game *g, const char *ranks, struct strbuf *out)
{
	strbuf_addf(out, "{\"variant\":\"hammerwalt\",\"seed\":%llu,\"options\":{},"
		    "\"seats\":[\"@greedy\",\"@random\",\"@greedy\",\"@random\"],\"hands\":3,"
		    "\"seat_scores\":[32,-5,32,-5],\"team_scores\":[32,-5],\"ranks\":%s,"
		    "\"faults\":[{\"seat\":1,\"kind\":\"timeout\",\"detail\":\"slow\"}],"
		    "\"decisions\":[1,1,1,1],\"time_ms\":[0.5,0.25,0.0,0.0]}\n",
		    (unsigned long long)g->seed, ranks);
}

static void test_result_line_adds_game_index_and_bots_first(void)
{
	struct strbuf ref = STRBUF_INIT, line = STRBUF_INIT;
	const struct game *g = &sched.games[1];
	char err[256];
	int nfaults = -1;

	strbuf_init(&ref);
	strbuf_init(&line);
	referee_line(g, "[1,2,1,2]", &ref);
	CHECK(result_make_line(ref.buf, ref.len, g, &cfg, &line, &nfaults, err, sizeof(err)) == 0);
	CHECK_INT(nfaults, 1);
	{
		const char *start = "{\"game\":\"hammerwalt.d0001.p0001.r1\",\"index\":1,"
				    "\"bots\":[\"r\",\"g\",\"r\",\"g\"],\"variant\":\"hammerwalt\",";

		CHECK(!strncmp(line.buf, start, strlen(start)));
	}
	CHECK(strstr(line.buf, "\"time_ms\":[0.5,0.25,0.0,0.0]}") != NULL);
	CHECK(!strchr(line.buf, '\n'));
	strbuf_release(&ref);
	strbuf_release(&line);
}

static void test_bad_referee_output_is_refused(void)
{
	const struct game *g = &sched.games[0];
	struct strbuf ref = STRBUF_INIT, line = STRBUF_INIT;
	char err[256], text[1024];
	int nf;

	strbuf_init(&line);
	CHECK(result_make_line("", 0, g, &cfg, &line, &nf, err, sizeof(err)) < 0);
	CHECK_STR(err, "the referee printed nothing");
	CHECK(result_make_line("oops\n", 5, g, &cfg, &line, &nf, err, sizeof(err)) < 0);
	CHECK(!strncmp(err, "the referee's output is not one JSON line (", 43));
	strbuf_init(&ref);
	referee_line(g, "[1,2,1,2]", &ref);
	snprintf(text, sizeof(text), "%s%s", ref.buf, ref.buf); /* two lines */
	CHECK(result_make_line(text, strlen(text), g, &cfg, &line, &nf, err, sizeof(err)) < 0);
	strbuf_reset(&ref);
	referee_line(g, "[1,2,1]", &ref);
	CHECK(result_make_line(ref.buf, ref.len, g, &cfg, &line, &nf, err, sizeof(err)) < 0);
	CHECK_STR(err, "the referee's output lacks 4 'ranks' and 'seat_scores'");
	strbuf_reset(&ref);
	referee_line(&sched.games[2], "[1,2,1,2]", &ref); /* another deal's seed */
	CHECK(result_make_line(ref.buf, ref.len, g, &cfg, &line, &nf, err, sizeof(err)) < 0);
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
		CHECK(result_make_line(ref.buf, ref.len, &sched.games[i], &cfg, &line, &nf, err,
				       sizeof(err)) == 0);
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
	CHECK(results_load(r, &done, &faults, &repaired, err, sizeof(err)) == 0);
	CHECK_INT(done.nr, 3);
	CHECK_INT(faults, 3);
	CHECK_INT(repaired, 25);
	CHECK(strset_has(&done, "hammerwalt.d0001.p0001.r0"));
	text = read_file("res/a/results.jsonl");
	CHECK(text[strlen(text) - 1] == '\n');
	{
		int lines = 0;

		for (char *p = text; *p; p++)
			lines += *p == '\n';
		CHECK_INT(lines, 3);
	}
	free(text);
	/* appending after the repair gives whole lines */
	append_games(r, 3, 4);
	results_free(r);
	strset_release(&done);
	r = results_new("res/a", 0, &moved, err, sizeof(err));
	strset_init(&done);
	faults = 0;
	CHECK(results_load(r, &done, &faults, &repaired, err, sizeof(err)) == 0);
	CHECK_INT(done.nr, 4);
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
	CHECK(results_load(r, &done, &faults, &repaired, err, sizeof(err)) < 0);
	CHECK_STR(err, "res/b/results.jsonl:1: not a result line (the file is damaged: move it "
		       "aside, or start over with --fresh)");
	strset_release(&done);
	results_free(r);
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
	strvec_push(&m.excluded, "zed\tbuild failed (exit status 2)");
	CHECK(results_write_meta(r, &m, "cup", "c.ini", err, sizeof(err)) == 0);
	results_meta_release(&m);
	results_meta_init(&m);
	CHECK(results_read_meta(r, &m, err, sizeof(err)) == 1);
	CHECK_STR(m.fingerprint, "0123456789abcdef");
	CHECK_STR(m.shard, "2/3");
	CHECK_INT(m.games, 7);
	CHECK_INT(m.excluded.nr, 1);
	CHECK_STR(m.excluded.items[0], "zed\tbuild failed (exit status 2)");
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

int main(void)
{
	char dir[4096], err[512];
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/results-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;
	f = fopen("c.ini", "w");
	fputs("[arena]\nvariants = hammerwalt\ndeals = 3\n[bot g]\ncommand = @greedy\n"
	      "[bot r]\ncommand = @random\n", f);
	fclose(f);
	if (config_load(&cfg, "c.ini", err, sizeof(err)) < 0 ||
	    schedule_build(&sched, &cfg, NULL, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	RUN(test_result_line_adds_game_index_and_bots_first);
	RUN(test_bad_referee_output_is_refused);
	RUN(test_reload_repairs_a_torn_last_line);
	RUN(test_a_damaged_middle_line_is_an_error);
	RUN(test_directory_lock_and_fresh_start);
	RUN(test_shards_merge_with_duplicates_once);
	schedule_release(&sched);
	config_release(&cfg);
	return TEST_REPORT();
}
