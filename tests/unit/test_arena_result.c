/*
 * test_arena_result.c - the result line's one reader and one writer
 * (arena/store_result.h): a line the arena writes reads into the fields it
 * holds and writes back byte for byte; missing or misshapen fields read
 * as missing; unknown keys survive; "stopped" (a game the arena's stop
 * ended) reads and writes back in its place; a failed.jsonl line likewise; a
 * line checked against its schedule line names the field that differs;
 * and two lines compared as JSON values differ where what result_parse()
 * keeps does not.
 */
#include <stdlib.h>
#include <string.h>

#include "store_result.h"
#include "store_results.h"
#include "testhelp.h"

/* A line as the arena writes it (a flip game: euchred, one fault, reals). */
static const char line[] =
	"{\"game\":\"flip.d0001.t0001.r0\",\"index\":12,\"bots\":[\"heur\",\"@greedy\",\"evil\","
	"\"@greedy\"],\"variant\":\"flip\",\"seed\":8743925756017262926,\"bot_seeds\":[null,"
	"42,7,null],\"options\":{\"target\":100,\"zilch\":false,\"deck\":\"short\"},\"seats\":"
	"[\"heur/run\",\"@greedy\",\"/w/evil\",\"@greedy\"],\"hands\":3,\"seat_scores\":[30,"
	"-12,5,1],\"team_scores\":null,\"ranks\":[1,4,2,3],\"faults\":[{\"seat\":2,\"kind\":"
	"\"malformed\",\"hand\":1,\"detail\":\"'x' is not a move\"}],\"decisions\":[40,39,1,"
	"38],\"time_ms\":[3.466,0.0,0.25,0.0],\"mem_peak_mb\":[0.8,null,1.5,null],"
	"\"euchred\":[0,1,0,0],\"cwd\":\"/w\",\"argv\":[\"/bin/referee\",\"--variant\","
	"\"flip\",\"--\",\"heur/run\"]}";

static void test_a_line_reads_into_its_fields(void)
{
	struct result r;
	char err[ERRLEN];

	result_init(&r);
	CHECK_INT(result_parse(&r, line, strlen(line), err, sizeof(err)), 0);
	CHECK_STR(r.game, "flip.d0001.t0001.r0");
	CHECK_INT(r.has_index, 1);
	CHECK_INT(r.index, 12);
	CHECK_INT(r.bots.n, 4);
	CHECK_STR(r.bots.v[2], "evil");
	CHECK_STR(r.variant, "flip");
	CHECK(r.has_seed && r.seed == 8743925756017262926LL);
	CHECK_INT(r.bot_seeds.n, 4);
	CHECK_INT(r.bot_seeds.v[0].type, RESULT_NULL);
	CHECK_INT(r.bot_seeds.v[1].i, 42);
	CHECK_INT(r.noptions, 3);
	CHECK_STR(r.options[0].name, "target");
	CHECK_INT(r.options[0].n, 100);
	CHECK_INT(r.options[1].type, RESULT_OPT_BOOL);
	CHECK_INT(r.options[1].n, 0);
	CHECK_STR(r.options[2].text, "short");
	CHECK_STR(r.seats.v[0], "heur/run");
	CHECK_INT(r.hands, 3);
	CHECK(result_nums_numbers(&r.seat_scores, 4));
	CHECK_INT(r.seat_scores.v[1].i, -12);
	CHECK_INT(r.team_scores_null, 1);
	CHECK_INT(r.team_scores.n, -1);
	CHECK(result_nums_ints(&r.ranks, 4, 1, 4));
	CHECK_INT(r.nfaults, 1);
	CHECK_INT(r.faults[0].seat, 2);
	CHECK_INT(r.faults[0].hand, 1);
	CHECK_STR(r.faults[0].kind, "malformed");
	CHECK_STR(r.faults[0].detail, "'x' is not a move");
	CHECK_INT(r.decisions.v[3].i, 38);
	CHECK_INT(r.time_ms.v[0].type, RESULT_REAL);
	CHECK(r.time_ms.v[0].d == 3.466);
	CHECK_INT(r.mem_peak_mb.v[1].type, RESULT_NULL);
	CHECK_INT(r.euchred.v[1].i, 1);
	CHECK_INT(r.stopped, -1);
	CHECK_STR(r.cwd, "/w");
	CHECK_INT(r.argv.nr, 5);
	CHECK_STR(r.argv.items[4], "heur/run");
	CHECK(r.extra == NULL);
	result_release(&r);
}

static void test_a_line_writes_back_byte_for_byte(void)
{
	struct result r;
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	result_init(&r);
	strbuf_init(&sb);
	CHECK_INT(result_parse(&r, line, strlen(line), err, sizeof(err)), 0);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, line);
	/* renumbered: only the index changes */
	r.index = 7;
	strbuf_reset(&sb);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK(!strncmp(sb.buf, "{\"game\":\"flip.d0001.t0001.r0\",\"index\":7,\"bots\":", 46));
	CHECK_STR(sb.buf + 46, line + 47);
	strbuf_release(&sb);
	result_release(&r);
}

static void test_missing_misshapen_and_unknown_fields(void)
{
	static const char text[] = "{\"game\":\"g\",\"bots\":[\"a\",3],\"ranks\":\"1\","
				   "\"new_field\":{\"x\":[1,2]},\"seed\":1.5,\"cwd\":\"/d\"}";
	struct result r;
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	result_init(&r);
	strbuf_init(&sb);
	CHECK_INT(result_parse(&r, text, strlen(text), err, sizeof(err)), 0);
	CHECK_STR(r.game, "g");
	CHECK_INT(r.has_index, 0);
	CHECK_INT(r.bots.n, -1);     /* not all strings */
	CHECK_INT(r.ranks.n, -1);    /* not an array */
	CHECK_INT(r.has_seed, 0);    /* not an integer */
	CHECK_INT(r.nfaults, -1);
	CHECK(r.variant == NULL);
	/* the unknown key is kept, and written before cwd */
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, "{\"game\":\"g\",\"new_field\":{\"x\":[1,2]},\"cwd\":\"/d\"}");
	/* a text JSON cannot hold (not UTF-8) is an error, never a field left out */
	strbuf_reset(&sb);
	result_set_text(&r.cwd, "/home/caf\xe9");
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), -1);
	CHECK_STR(err, "the result line cannot be written as JSON: its 'cwd' is not valid UTF-8");
	result_set_text(&r.cwd, "/d");
	r.bots.n = 1;
	r.bots.v[0] = xstrdup("b\xff");
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), -1);
	CHECK_STR(err, "the result line cannot be written as JSON: its 'bots' is not valid UTF-8");
	strbuf_release(&sb);
	/* not JSON, not an object: -1 and what it is */
	CHECK_INT(result_parse(&r, "{\"game\":", 8, err, sizeof(err)), -1);
	CHECK(!strncmp(err, "not one JSON line (", 19));
	CHECK(r.game == NULL);
	CHECK_INT(result_parse(&r, "[1]", 3, err, sizeof(err)), -1);
	CHECK_STR(err, "not a JSON object");
	result_release(&r);
}

/*
 * "stopped":true, after euchred and before the unknown keys and cwd, as
 * the arena writes a stopped game's line; false reads as 0 and writes
 * back; anything else reads as missing (-1) and is left out.
 */
static void test_stopped_reads_and_writes_back_in_its_place(void)
{
	static const char text[] = "{\"game\":\"g\",\"euchred\":[0,1],\"stopped\":true,"
				   "\"new_field\":1,\"cwd\":\"/d\"}";
	static const char moved[] = "{\"cwd\":\"/d\",\"stopped\":true,\"game\":\"g\"}";
	struct result r;
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	result_init(&r);
	strbuf_init(&sb);
	CHECK_INT(result_parse(&r, text, strlen(text), err, sizeof(err)), 0);
	CHECK_INT(r.stopped, 1);
	CHECK(json_object_get(r.extra, "stopped") == NULL);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, text);
	/* wherever the key stands, it is written in its place */
	strbuf_reset(&sb);
	CHECK_INT(result_parse(&r, moved, strlen(moved), err, sizeof(err)), 0);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, "{\"game\":\"g\",\"stopped\":true,\"cwd\":\"/d\"}");
	strbuf_reset(&sb);
	CHECK_INT(result_parse(&r, "{\"stopped\":false}", 17, err, sizeof(err)), 0);
	CHECK_INT(r.stopped, 0);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, "{\"stopped\":false}");
	strbuf_reset(&sb);
	CHECK_INT(result_parse(&r, "{\"stopped\":1,\"game\":\"g\"}", 24, err, sizeof(err)), 0);
	CHECK_INT(r.stopped, -1);
	CHECK_INT(result_format(&r, &sb, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, "{\"game\":\"g\"}");
	strbuf_release(&sb);
	result_release(&r);
}

static void test_a_failed_line_reads_and_writes_back(void)
{
	static const char text[] = "{\"game\":\"hammerwalt.d0002.a+b.r1\",\"index\":5,"
				   "\"attempts\":2,\"reason\":\"the referee crashed\","
				   "\"command\":\"referee --seed 3\"}";
	struct failed_game f;
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	failed_game_init(&f);
	strbuf_init(&sb);
	CHECK_INT(failed_game_parse(&f, text, strlen(text), err, sizeof(err)), 0);
	CHECK_STR(f.game, "hammerwalt.d0002.a+b.r1");
	CHECK_INT(f.index, 5);
	CHECK_INT(f.attempts, 2);
	CHECK_STR(f.reason, "the referee crashed");
	CHECK_STR(f.command, "referee --seed 3");
	failed_game_format(&f, &sb);
	CHECK_STR(sb.buf, text);
	strbuf_release(&sb);
	failed_game_release(&f);
}

static void test_a_line_against_its_schedule_line(void)
{
	static const char want[] = "{\"game\":\"g1\",\"index\":3,\"bots\":[\"a\",\"b\"],"
				   "\"variant\":\"hammerwalt\",\"seed\":9,\"seats\":[\"@greedy\","
				   "\"@random\"],\"cwd\":\"/c\"}";
	static const char got[] = "{\"game\":\"g1\",\"index\":3,\"bots\":[\"a\",\"b\"],"
				  "\"variant\":\"hammerwalt\",\"seed\":10,\"seats\":[\"@greedy\","
				  "\"@random\"],\"cwd\":\"/c\",\"ranks\":[1,2]}";
	struct results_expected map;
	struct result o;
	char err[ERRLEN];

	results_expected_init(&map);
	CHECK_INT(result_parse(results_expected_add(&map), want, strlen(want), err, sizeof(err)), 0);
	results_expected_index(&map);
	result_init(&o);
	CHECK_INT(result_parse(&o, got, strlen(got), err, sizeof(err)), 0);
	CHECK_INT(results_check_line(&o, &map, "r.jsonl", 4, err, sizeof(err)), -1);
	CHECK_STR(err, "r.jsonl:4: game 'g1': 'seed' is 10, the schedule says 9 (the line was "
		  "changed: move the file aside, or start over with --fresh)");
	o.seed = 9;
	CHECK_INT(results_check_line(&o, &map, "r.jsonl", 4, err, sizeof(err)), 0);
	result_set_text(&o.game, "g2");
	CHECK_INT(results_check_line(&o, &map, "r.jsonl", 4, err, sizeof(err)), -1);
	CHECK(!strncmp(err, "r.jsonl:4: game 'g2' is not in the schedule of these results (",
		       strlen("r.jsonl:4: game 'g2' is not in the schedule of these results (")));
	result_release(&o);
	results_expected_release(&map);
}

/* the same as a str of n bytes */
static int text_equal(const char *a, const char *b)
{
	return result_text_equal(a, strlen(a), b, strlen(b));
}

static void test_two_lines_compared_as_json_values(void)
{
	static const char a[] = "{\"game\":\"g\",\"faults\":[{\"seat\":1,\"kind\":\"timeout\","
				"\"note\":1}],\"time_ms\":[0.1234567890123]}";
	/* the same value: other key order (outside and inside the fault), spaces */
	static const char b[] = "{ \"time_ms\": [0.1234567890123], \"faults\": [{\"kind\":"
				"\"timeout\", \"note\": 1, \"seat\": 1}], \"game\": \"g\" }";
	/* a key inside a fault that struct result does not keep */
	static const char c[] = "{\"game\":\"g\",\"faults\":[{\"seat\":1,\"kind\":\"timeout\","
				"\"note\":2}],\"time_ms\":[0.1234567890123]}";
	/* a real that differs in its 13th digit, past the 12 result_format() writes */
	static const char d[] = "{\"game\":\"g\",\"faults\":[{\"seat\":1,\"kind\":\"timeout\","
				"\"note\":1}],\"time_ms\":[0.1234567890124]}";
	struct result ra, rc, rd;
	struct strbuf fa = STRBUF_INIT, fc = STRBUF_INIT, fd = STRBUF_INIT;
	char err[ERRLEN];

	CHECK_INT(text_equal(a, a), 1);
	CHECK_INT(text_equal(a, b), 1);
	CHECK_INT(text_equal(a, c), 0);
	CHECK_INT(text_equal(a, d), 0);
	CHECK_INT(text_equal(a, "{\"game\":\"g\""), 0); /* not JSON */
	CHECK_INT(text_equal("not json", "not json"), 0);
	/* what result_parse() then result_format() make of a, c and d is one line */
	result_init(&ra);
	result_init(&rc);
	result_init(&rd);
	strbuf_init(&fa);
	strbuf_init(&fc);
	strbuf_init(&fd);
	CHECK_INT(result_parse(&ra, a, strlen(a), err, sizeof(err)), 0);
	CHECK_INT(result_parse(&rc, c, strlen(c), err, sizeof(err)), 0);
	CHECK_INT(result_parse(&rd, d, strlen(d), err, sizeof(err)), 0);
	CHECK_INT(result_format(&ra, &fa, err, sizeof(err)), 0);
	CHECK_INT(result_format(&rc, &fc, err, sizeof(err)), 0);
	CHECK_INT(result_format(&rd, &fd, err, sizeof(err)), 0);
	CHECK_STR(fa.buf, "{\"game\":\"g\",\"faults\":[{\"seat\":1,\"kind\":\"timeout\"}],"
			  "\"time_ms\":[0.123456789012]}");
	CHECK_STR(fc.buf, fa.buf);
	CHECK_STR(fd.buf, fa.buf);
	result_release(&ra);
	result_release(&rc);
	result_release(&rd);
	strbuf_release(&fa);
	strbuf_release(&fc);
	strbuf_release(&fd);
}

int main(void)
{
	RUN(test_a_line_reads_into_its_fields);
	RUN(test_a_line_writes_back_byte_for_byte);
	RUN(test_missing_misshapen_and_unknown_fields);
	RUN(test_stopped_reads_and_writes_back_in_its_place);
	RUN(test_a_failed_line_reads_and_writes_back);
	RUN(test_a_line_against_its_schedule_line);
	RUN(test_two_lines_compared_as_json_values);
	return TEST_REPORT();
}
