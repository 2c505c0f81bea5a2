/*
 * test_arena_refargv.c - the exact referee command line for a game: the
 * plain case (no time or sandbox flags unless the config sets them), the
 * progressive format, and every flag a config can set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_config.h"
#include "plan_key.h"
#include "play_refargv.h"
#include "plan_schedule.h"
#include "testhelp.h"
#include "util.h"

static char dir[4096];

static int load(struct config *c, const char *text)
{
	char path[4200], err[4096];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/refargv.ini", dir);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	ret = config_load(c, path, err, sizeof(err));
	if (ret < 0)
		fprintf(stderr, "%s\n", err);
	return ret;
}

/* The argv of game i joined with single spaces (no quoting), after the referee. */
static char *argv_of(const struct config *c, const struct schedule *s, int i, const char *log,
		     const char *botlogs, const char *results)
{
	struct strvec v;
	struct strbuf sb = STRBUF_INIT;

	strvec_init(&v);
	strbuf_init(&sb);
	struct refargv_paths p = { "REF", log, botlogs, results, 0, 0, 0 };

	refargv_build(&v, c, &s->games[i], &p);
	for (size_t k = 0; k < v.nr; k++)
		strbuf_addf(&sb, "%s%s", k ? " " : "", v.items[k]);
	strvec_release(&v);
	return strbuf_detach(&sb);
}

/* The schedule of c, dealt from the public key of its seed (0 when it sets none). */
static int build(struct schedule *s, const struct config *c)
{
	struct key k;
	char err[256];

	key_from_seed(&k, c->seed);
	return schedule_build(s, c, NULL, &k, err, sizeof(err));
}

/*
 * Seeds here were checked with Python: the key of seed N is
 * hashlib.blake2b(b"euchre-arena seed\0" + N.to_bytes(8, "little"), digest_size=32),
 * and deal d of variant V is the first 8 bytes (little-endian, >> 1) of
 * hashlib.blake2b(b"euchre-arena deal\0" V b"\0" + d.to_bytes(8, "little"),
 * key=KEY, digest_size=16); @random's seed in seat S of game ID is the same
 * over b"euchre-arena bot seed\0" ID b"\0" + S.to_bytes(8, "little").
 */
static void test_plain_config_passes_only_variant_seed_options_and_seats(void)
{
	struct config c;
	struct schedule s;
	char *a;

	CHECK(load(&c, "[arena]\nvariants = hammerwalt\nseed = 3\npartners = copies\n"
		       "[variant hammerwalt]\ntarget = 32\n"
		       "[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n") == 0);
	CHECK(build(&s, &c) == 0);
	a = argv_of(&c, &s, 0, NULL, NULL, NULL);
	CHECK_STR(a, "REF --variant hammerwalt --seed 8850607706498739327 --option target=32 "
		     "--bot-seed 1:4671256047604432563 --bot-seed 3:8927013709076734224 -- "
		     "@greedy @random @greedy @random");
	free(a);
	a = argv_of(&c, &s, 1, "logs/x.log", NULL, NULL);
	CHECK_STR(a, "REF --variant hammerwalt --seed 8850607706498739327 --option target=32 "
		     "--log logs/x.log --bot-seed 0:1184166833909368611 "
		     "--bot-seed 2:2363674444300210173 -- @random @greedy @random @greedy");
	free(a);
	schedule_release(&s);
	config_release(&c);
}

/*
 * cpu_affinity: play.c gives each game a CPU, which goes after the sandbox
 * flags as --cpu; the config key alone adds nothing (a command printed to
 * replay a game carries no CPU).
 */
static void test_cpu_goes_after_the_sandbox_flags(void)
{
	struct config c;
	struct schedule s;
	struct strvec v;
	struct strbuf sb = STRBUF_INIT;
	struct refargv_paths p = { "REF", "L", NULL, NULL, 0, 1 + 3, 0 };

	CHECK(load(&c, "[arena]\nvariants = hammerwalt\nseed = 3\npartners = copies\ncpu_affinity = true\n"
		       "insecure = true\n[variant hammerwalt]\ntarget = 32\n"
		       "[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n") == 0);
	CHECK_INT(c.cpu_affinity, 1);
	CHECK(build(&s, &c) == 0);
	strvec_init(&v);
	strbuf_init(&sb);
	refargv_build(&v, &c, &s.games[0], &p);
	for (size_t k = 0; k < v.nr; k++)
		strbuf_addf(&sb, "%s%s", k ? " " : "", v.items[k]);
	CHECK_STR(sb.buf, "REF --variant hammerwalt --seed 8850607706498739327 --option target=32 "
		  "--insecure --cpu 3 --log L --bot-seed 1:4671256047604432563 "
		  "--bot-seed 3:8927013709076734224 -- @greedy @random @greedy @random");
	strvec_release(&v);
	strbuf_release(&sb);
	{
		char *a = argv_of(&c, &s, 0, NULL, NULL, NULL);

		CHECK_STR(a, "REF --variant hammerwalt --seed 8850607706498739327 --option target=32 "
			     "--insecure --bot-seed 1:4671256047604432563 "
			     "--bot-seed 3:8927013709076734224 -- @greedy @random @greedy @random");
		free(a);
	}
	schedule_release(&s);
	config_release(&c);
}

static void test_progressive_is_indiana_with_max_hands(void)
{
	struct config c;
	struct schedule s;
	char text[4096], *a;

	snprintf(text, sizeof(text), "[arena]\nvariants = progressive\n"
		 "[variant progressive]\nhands_per_round = 3\nall_pass = redeal\n");
	for (int i = 0; i < 8; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "[bot p%d]\ncommand = %s\n", i, i % 2 ? "@random" : "@greedy");
	CHECK(load(&c, text) == 0);
	CHECK(build(&s, &c) == 0);
	a = argv_of(&c, &s, 0, NULL, NULL, NULL);
	/* round 1, table 1: {inf, 0} v {1, 3}: seats p0 p2 p1 p4 */
	CHECK_STR(a, "REF --variant indiana --seed 7410528737959513150 --option target=100000 "
		     "--option hole=100000 --option max_hands=3 --option all_pass=redeal "
		     "--bot-seed 2:4808219732233163141 -- @greedy @greedy @random @greedy");
	free(a);
	schedule_release(&s);
	config_release(&c);
}

static void test_every_flag_the_config_can_set(void)
{
	struct config c;
	struct schedule s;
	char text[8192], *a, *expect;
	struct strbuf sb = STRBUF_INIT;
	FILE *f;

	/* a directory bot (with run) and a command bot with a working directory */
	snprintf(text, sizeof(text), "%s/botdir", dir);
	mkdir(text, 0755);
	snprintf(text, sizeof(text), "%s/botdir/run", dir);
	f = fopen(text, "w");
	fputs("#!/bin/sh\n", f);
	fclose(f);
	chmod(text, 0755);
	CHECK(load(&c, "[arena]\nvariants = flip\nseed = 9\nstartup_ms = 2000\nmove_ms = 100\n"
		       "bank_ms = 5000\ngame_ms = 30000\ncpu_time = true\ninsecure = yes\n"
		       "keep_scratch = on\nstderr_kb = 64\n"
		       "mem_mb = 256\nnofile = 64\n"
		       "[variant flip]\nplayers = 3\ntables = 1\n"
		       "[bot d]\ndir = botdir\nmem_mb = 512\ncpu_s = 10\n"
		       "[bot p]\ncommand = python3 bot.py\ndir = botdir\n"
		       "[bot g]\ncommand = @greedy\n") == 0);
	CHECK(build(&s, &c) == 0);
	a = argv_of(&c, &s, 0, "L", "B", "R");
	strbuf_init(&sb);
	/* seat order of the one table is drawn: rebuild the expectation from it */
	strbuf_addf(&sb, "REF --variant flip --seed %llu --option players=3 --startup-ms 2000 "
		    "--move-ms 100 --bank-ms 5000 --game-ms 30000 --stderr-cap 65536 --cpu-time "
		    "--insecure "
		    "--keep-scratch --log L "
		    "--bot-logs B --hide-others R", (unsigned long long)s.games[0].seed);
	for (int p = 0; p < 3; p++) {
		const char *n = c.bots[s.games[0].bot[p]].name;

		if (!strcmp(n, "d"))
			strbuf_addf(&sb, " --limit %d:mem_mb=512 --limit %d:cpu_s=10 "
				    "--limit %d:nofile=64", p, p, p);
		else if (!strcmp(n, "p"))
			strbuf_addf(&sb, " --limit %d:mem_mb=256 --limit %d:nofile=64", p, p);
	}
	/*
	 * each bot program's handshake seed, from the key (@greedy takes
	 * none); a command with a directory: its relative paths start there
	 */
	for (int p = 0; p < 3; p++) {
		const char *n = c.bots[s.games[0].bot[p]].name;

		if (strcmp(n, "d") && strcmp(n, "p")) {
			CHECK(s.games[0].bot_seed[p] == 0);
			continue;
		}
		CHECK(s.games[0].bot_seed[p] != 0);
		strbuf_addf(&sb, " --bot-seed %d:%llu", p,
			    (unsigned long long)s.games[0].bot_seed[p]);
		if (!strcmp(n, "p"))
			strbuf_addf(&sb, " --seat-dir %d:%s/botdir", p, c.dir);
	}
	strbuf_addstr(&sb, " --");
	for (int p = 0; p < 3; p++) {
		const char *n = c.bots[s.games[0].bot[p]].name;

		if (!strcmp(n, "d"))
			strbuf_addf(&sb, " %s/botdir", c.dir);
		else if (!strcmp(n, "p"))
			strbuf_addstr(&sb, " python3 bot.py");
		else
			strbuf_addstr(&sb, " @greedy");
	}
	expect = strbuf_detach(&sb);
	CHECK_STR(a, expect);
	free(a);
	free(expect);
	schedule_release(&s);
	config_release(&c);
}

/*
 * A match (referee --match -): no --seed, --bot-seed, --log or
 * --bot-logs on the command line; each game's line of JSON carries them.
 * With 'matches = off' a game the arena plays passes --no-matches (a
 * command printed to replay a game does not).
 */
static void test_a_match_takes_its_games_as_lines_of_json(void)
{
	struct config c;
	struct schedule s;
	struct strvec v;
	struct strbuf sb = STRBUF_INIT;
	struct refargv_paths p = { "REF", "logs/x.log", "bl/x/", "res", 1, 0, 1 };
	char *a;

	CHECK(load(&c, "[arena]\nvariants = hammerwalt\nseed = 3\npartners = copies\n"
		       "[variant hammerwalt]\ntarget = 32\n"
		       "[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n") == 0);
	CHECK(build(&s, &c) == 0);
	strvec_init(&v);
	strbuf_init(&sb);
	refargv_build(&v, &c, &s.games[0], &p);
	for (size_t k = 0; k < v.nr; k++)
		strbuf_addf(&sb, "%s%s", k ? " " : "", v.items[k]);
	CHECK_STR(sb.buf, "REF --variant hammerwalt --match - --option target=32 --hide-others res "
			  "-- @greedy @random @greedy @random");
	strbuf_reset(&sb);
	refargv_match_line(&sb, &c, &s.games[0], "logs/x.log", NULL);
	CHECK_STR(sb.buf, "{\"seed\":8850607706498739327,\"bot_seeds\":{\"1\":4671256047604432563,"
			  "\"3\":8927013709076734224},\"log\":\"logs/x.log\"}\n");
	strbuf_reset(&sb);
	CHECK_INT(refargv_match_line(&sb, &c, &s.games[1], "l", "b/"), 0);
	CHECK_STR(sb.buf, "{\"seed\":8850607706498739327,\"bot_seeds\":{\"0\":1184166833909368611,"
			  "\"2\":2363674444300210173},\"log\":\"l\",\"bot_logs\":\"b/\"}\n");
	/* a path that is not UTF-8 (a JSON string cannot hold it): -1, nothing added */
	CHECK_INT(refargv_match_line(&sb, &c, &s.games[1], "res\377/l", "b/"), -1);
	CHECK_INT(refargv_match_line(&sb, &c, &s.games[1], "l", "b\377/"), -1);
	CHECK_STR(sb.buf, "{\"seed\":8850607706498739327,\"bot_seeds\":{\"0\":1184166833909368611,"
			  "\"2\":2363674444300210173},\"log\":\"l\",\"bot_logs\":\"b/\"}\n");
	c.matches = 0;
	a = argv_of(&c, &s, 0, NULL, NULL, NULL);
	CHECK_STR(a, "REF --variant hammerwalt --seed 8850607706498739327 --option target=32 "
		     "--bot-seed 1:4671256047604432563 --bot-seed 3:8927013709076734224 -- "
		     "@greedy @random @greedy @random");
	free(a);
	strvec_release(&v);
	strvec_init(&v);
	p.match = 0;
	p.log = p.bot_logs = NULL;
	refargv_build(&v, &c, &s.games[0], &p);
	strbuf_reset(&sb);
	for (size_t k = 0; k < v.nr; k++)
		strbuf_addf(&sb, "%s%s", k ? " " : "", v.items[k]);
	CHECK_STR(sb.buf, "REF --variant hammerwalt --seed - --option target=32 --no-matches "
			  "--hide-others res --bot-seed 1:4671256047604432563 "
			  "--bot-seed 3:8927013709076734224 -- @greedy @random @greedy @random");
	strvec_release(&v);
	strbuf_release(&sb);
	schedule_release(&s);
	config_release(&c);
}

int main(void)
{
	RUN(test_a_match_takes_its_games_as_lines_of_json);
	snprintf(dir, sizeof(dir), "%s/refargv-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	RUN(test_plain_config_passes_only_variant_seed_options_and_seats);
	RUN(test_progressive_is_indiana_with_max_hands);
	RUN(test_cpu_goes_after_the_sandbox_flags);
	RUN(test_every_flag_the_config_can_set);
	return TEST_REPORT();
}
