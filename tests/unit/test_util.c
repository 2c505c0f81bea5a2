/*
 * test_util.c - the helpers the referee's results rest on: escaping a
 * bot's bytes to printable ASCII (kept, never dropped or passed raw),
 * cutting an escaped text without splitting an escape, the time budget
 * derived from the limits, and the write check of a stream.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "strvec.h"
#include "testhelp.h"
#include "time_limits.h"
#include "util.h"

/* Every kind of byte: kept, backslash doubled, the rest as \xHH. */
static void test_escaping_keeps_every_byte_as_printable_ascii(void)
{
	static const struct {
		const char *in;
		size_t n;
		const char *out;
	} cases[] = {
		{ "JH", 2, "JH" },
		{ "7 H", 3, "7 H" },
		{ "a\\b", 3, "a\\\\b" },
		{ "\xff", 1, "\\xff" },
		{ "\x1b[31mred\x1b[0m", 12, "\\x1b[31mred\\x1b[0m" },
		{ "tab\there", 8, "tab\\x09here" },
		{ "nul\0x", 5, "nul\\x00x" },
		{ "\x7f~ ", 3, "\\x7f~ " },
		{ "line\n", 5, "line\\x0a" },
		{ "", 0, "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_add_escaped(&sb, cases[i].in, cases[i].n);
		CHECK_STR(sb.buf, cases[i].out);
		strbuf_release(&sb);
	}
}

/* escape_text: at most max source bytes, "..." when cut, never half an escape. */
static void test_escape_text_cuts_between_escapes(void)
{
	static const struct {
		const char *in;
		size_t max, outlen;
		const char *out;
	} cases[] = {
		{ "hello", 80, 64, "hello" },
		{ "hello", 3, 64, "hel..." },
		{ "\xff\xfe\xfd", 80, 64, "\\xff\\xfe\\xfd" },
		/* 10 bytes of room: "\xff" (4) fits, the next (4) would leave no room for "..." */
		{ "\xff\xfe\xfd", 80, 10, "\\xff..." },
		{ "ab\\cd", 80, 7, "ab..." },
		{ "ab", 80, 1, "" },
	};
	char out[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		escape_text(cases[i].in, strlen(cases[i].in), cases[i].max, out, cases[i].outlen);
		CHECK_STR(out, cases[i].out);
	}
}

/*
 * The default budget is startup + bank + move x the most decisions a seat
 * can face (250 when not known); the arena's bound covers it.
 */
static void test_game_budget_and_the_longest_game(void)
{
	struct time_limits t;

	time_limits_default(&t);
	CHECK_INT(time_limits_budget(&t), 10000 + 250 * 1000);
	t.bank_ms = 5000;
	t.move_ms = 100;
	CHECK_INT(time_limits_budget(&t), 10000 + 5000 + 250 * 100);
	t.decisions = 8800; /* hammerwalt: 200 hands x (3 x 12 + 8) */
	CHECK_INT(time_limits_budget(&t), 10000 + 5000 + 8800 * 100);
	t.game_ms = 1500;
	CHECK_INT(time_limits_budget(&t), 1500);
	/* 4 bot programs: (budget + 1 s margin + 6 s start/stop) x 4 + 30 s */
	CHECK_INT(time_limits_wall_max(&t, 4), (1500 + 1000 + 6000) * 4 + 30000);
	CHECK_INT(time_limits_wall_max(&t, 0), 30000);
}

/* A failed write is reported with the file's name and the error. */
static void test_stream_check_reports_a_full_disk(void)
{
	FILE *f = fopen("/dev/full", "w");
	char err[128];

	CHECK(f != NULL);
	if (!f)
		return;
	fputs("a game record\n", f);
	CHECK_INT(stream_check(f, "/dev/full", err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write '/dev/full': No space left on device");
	fclose(f);
	f = fopen("/dev/null", "w");
	fputs("fine\n", f);
	CHECK_INT(stream_check(f, "/dev/null", err, sizeof(err)), 0);
	fclose(f);
}

/*
 * A write that fails inside a write call of the program, not in the
 * flush: 8192 bytes in one fwrite() go straight to the file, and glibc's
 * stdio drops them when the write fails, so stream_check()'s flush has
 * nothing to retry and errno says nothing (with a plain fdopen() stream it
 * said "write error": t_referee_io failed now and then, when the record
 * filled a tmpfs at a buffer's end); a stream of stream_fdopen() kept the
 * error of the failed write.
 */
static void test_stream_check_after_a_dropped_write(void)
{
	static char block[8192];
	FILE *f;
	char err[128], path[4200];
	int fd;

	memset(block, 'x', sizeof(block));
	f = stream_fdopen(open("/dev/full", O_WRONLY | O_CLOEXEC));
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK_INT((int)fwrite(block, 1, sizeof(block), f), 0);
	CHECK_INT(stream_check(f, "/dev/full", err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write '/dev/full': No space left on device");
	fclose(f);
	/* and one that works writes every byte, in order */
	snprintf(path, sizeof(path), "%s/stream-%d.txt", getenv("TMPDIR") ? getenv("TMPDIR") :
		 "/tmp", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	f = stream_fdopen(fd);
	CHECK(f != NULL);
	if (!f)
		return;
	fwrite(block, 1, sizeof(block), f);
	fprintf(f, "%s %d\n", "end", 42);
	CHECK_INT(stream_check(f, path, err, sizeof(err)), 0);
	CHECK_INT(stream_fd(f), fd); /* for fsync(): fileno() has none */
	CHECK_INT(fsync(stream_fd(f)), 0);
	CHECK_INT(fclose(f), 0);
	{
		FILE *r = fopen(path, "r");
		char back[8300];
		size_t n = r ? fread(back, 1, sizeof(back), r) : 0;

		CHECK_INT((int)n, 8192 + 7);
		CHECK(n == 8192 + 7 && !memcmp(back, block, 8192) && !memcmp(back + 8192, "end 42\n", 7));
		if (r)
			fclose(r);
		unlink(path);
	}
}

/*
 * Random seeds are below 2^63 (the range of --seed) and differ, across
 * the refills of the pool (32 a draw) and after it is wiped.
 */
static void test_random_seeds(void)
{
	uint64_t seen[100];
	char err[128];

	for (int i = 0; i < 100; i++) {
		if (i == 50)
			random_seed_forget();
		CHECK_INT(random_seed(&seen[i], err, sizeof(err)), 0);
		CHECK(seen[i] < (1ULL << 63));
		for (int j = 0; j < i; j++)
			CHECK(seen[i] != seen[j]); /* equal with probability 2^-63 */
	}
}

/* Integers as decimal text, two digits a step: the edges of each step. */
static void test_strbuf_addint(void)
{
	static const struct {
		long n;
		const char *text;
	} cases[] = {
		{ 0, "0" }, { 7, "7" }, { 9, "9" }, { 10, "10" }, { 99, "99" }, { 100, "100" },
		{ 101, "101" }, { 1009, "1009" }, { 12345, "12345" }, { -1, "-1" },
		{ -10, "-10" }, { -305, "-305" },
		{ 9223372036854775807L, "9223372036854775807" },
		{ -9223372036854775807L - 1, "-9223372036854775808" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addstr(&sb, "x=");
		strbuf_addint(&sb, cases[i].n);
		CHECK_STR(sb.buf + 2, cases[i].text);
		CHECK_INT((int)sb.len, 2 + (int)strlen(cases[i].text));
		strbuf_release(&sb);
	}
}

/*
 * strbuf_add8(): only len bytes of the 8 count, the buffer grows at its
 * edge and stays NUL-terminated; strbuf_setlen() keeps bytes written in
 * place.
 */
static void test_strbuf_add8_setlen(void)
{
	static const char jh[8] = "JH", charlie[8] = "CHARLIE";
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_add8(&sb, jh, 2);
	CHECK_STR(sb.buf, "JH");
	CHECK_INT((int)sb.len, 2);
	for (int i = 0; i < 100; i++) /* past the first allocations' ends */
		strbuf_add8(&sb, charlie, 7);
	CHECK_INT((int)sb.len, 702);
	CHECK_INT((int)strlen(sb.buf), 702);
	CHECK(!memcmp(sb.buf + 695, "CHARLIE", 8));
	strbuf_reset(&sb);
	strbuf_add8(&sb, charlie, 3);
	CHECK_STR(sb.buf, "CHA");
	strbuf_grow(&sb, 4);
	memcpy(sb.buf + sb.len, "RLIE", 4);
	strbuf_setlen(&sb, sb.len + 4);
	CHECK_STR(sb.buf, "CHARLIE");
	strbuf_setlen(&sb, 2);
	CHECK_STR(sb.buf, "CH");
	CHECK_INT((int)sb.len, 2);
	strbuf_release(&sb);
}

/* path_dir(): the directory of a path's last part, as the referee hides it */
static void test_path_dir(void)
{
	static const struct {
		const char *path, *dir;
	} cases[] = {
		{ "/srv/class/pos.deal", "/srv/class" }, { "/pos.deal", "/" },
		{ "pos.deal", "." }, { "lessons/pos.deal", "lessons" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *d = path_dir(cases[i].path);

		CHECK_STR(d, cases[i].dir);
		free(d);
	}
}

/*
 * path_below(): a path as seen from a directory it lies in, by whole
 * components (/a/cfg2 is not in /a/cfg), "." for the directory itself,
 * everything in /
 */
/* The links of a path's directory followed, its last part kept (a link too). */
static void test_path_resolve_dir(void)
{
	static const struct {
		const char *tail, *want; /* under top, under realpath(top) */
	} cases[] = {
		{ "/ln/x", "/real/x" },   /* its directory: a link, followed */
		{ "/ln", "/ln" },         /* the last part stays, a link too */
		{ "/ln/..", "" },         /* "..", "." and "" are followed */
		{ "/ln/.", "/real" },
		{ "/ln/", "/real" },
	};
	char top[4200], real[4300], in[4300], want[4400], *got, *base;

	snprintf(top, sizeof(top), "%s/resolve-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	snprintf(real, sizeof(real), "%s/real", top);
	CHECK_INT(mkdir(top, 0755) || mkdir(real, 0755), 0);
	snprintf(in, sizeof(in), "%s/ln", top);
	CHECK_INT(symlink("real", in), 0);
	base = realpath(top, NULL);
	CHECK(base != NULL);
	if (!base)
		return;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(in, sizeof(in), "%s%s", top, cases[i].tail);
		snprintf(want, sizeof(want), "%s%s", base, cases[i].want);
		got = path_resolve_dir(in);
		CHECK_STR(got, want);
		free(got);
	}
	/* as it is when its directory cannot be resolved, or it has none */
	got = path_resolve_dir("/no/such/dir/x");
	CHECK_STR(got, "/no/such/dir/x");
	free(got);
	got = path_resolve_dir("x");
	CHECK_STR(got, "x");
	free(got);
	got = path_resolve_dir("/");
	CHECK_STR(got, "/");
	free(got);
	snprintf(in, sizeof(in), "%s/ln", top);
	unlink(in);
	rmdir(real);
	rmdir(top);
	free(base);
}

static void test_path_below(void)
{
	static const struct {
		const char *path, *dir, *below;
	} cases[] = {
		{ "/a/cfg/bots/alice", "/a/cfg", "bots/alice" }, { "/a/cfg", "/a/cfg", "." },
		{ "/a/cfg2/x", "/a/cfg", NULL }, { "/a/cf", "/a/cfg", NULL },
		{ "/usr/bin/python3", "/a/cfg", NULL }, { "/usr/bin", "/", "usr/bin" },
		{ "/", "/", "." }, { "bots/x", "/a/cfg", NULL }, { "/a/cfg/x", ".", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = path_below(cases[i].path, cases[i].dir);

		if (cases[i].below)
			CHECK_STR(got ? got : "(null)", cases[i].below);
		else
			CHECK(got == NULL);
	}
}

/* strvec_value(): "NAME\tVALUE" lists, a name no prefix of another's */
static void test_strvec_value(void)
{
	struct strvec v;

	strvec_init(&v);
	strvec_push(&v, "ab\tlong");
	strvec_push(&v, "a\tshort");
	strvec_push(&v, "c");
	CHECK_STR(strvec_value(&v, "a"), "short");
	CHECK_STR(strvec_value(&v, "ab"), "long");
	CHECK(strvec_value(&v, "c") == NULL);
	CHECK(strvec_value(&v, "b") == NULL);
	strvec_release(&v);
}

int main(void)
{
	RUN(test_escaping_keeps_every_byte_as_printable_ascii);
	RUN(test_escape_text_cuts_between_escapes);
	RUN(test_game_budget_and_the_longest_game);
	RUN(test_stream_check_reports_a_full_disk);
	RUN(test_stream_check_after_a_dropped_write);
	RUN(test_random_seeds);
	RUN(test_strbuf_addint);
	RUN(test_strbuf_add8_setlen);
	RUN(test_path_dir);
	RUN(test_path_resolve_dir);
	RUN(test_path_below);
	RUN(test_strvec_value);
	return TEST_REPORT();
}
