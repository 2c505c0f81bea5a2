/*
 * test_arena_incremental.c - bot fingerprints, worked by hand: each
 * expected value is BLAKE2b (16 bytes, the first 8 in hex) of the stream
 * written out beside it, as in Python
 *   hashlib.blake2b(STREAM, digest_size=16).hexdigest()[:16]
 * so a change of the encoding shows here, and two trees that the old
 * encoding hashed alike (a file's count after its bytes) differ; paths
 * under the config's directory are hashed as seen from it, others
 * absolute; and a file that changes while it is read makes a fingerprint
 * that matches none. The values worked here were recomputed so when the
 * paths became relative: the streams below fed to that Python line (a
 * stream that holds this test's directory, TOP, is digested here).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_config.h"
#include "plan_fingerprint.h"
#include "store_incremental.h"
#include "path.h"
#include "testhelp.h"

static char top[4096];

static void write_bytes(const char *path, const char *bytes, size_t n, mode_t mode)
{
	FILE *f = fopen(path, "w");

	fwrite(bytes, 1, n, f);
	fclose(f);
	chmod(path, mode);
}

/* The fingerprint of a bot with seat, build and dir (NULL: none), commands relative to cdir. */
static const char *fingerprint(const char *seat, const char *build, const char *dir,
			       const char *cdir)
{
	static char out[FINGERPRINT_LEN + 1];
	struct config c;
	struct entrant b;

	memset(&c, 0, sizeof(c));
	memset(&b, 0, sizeof(b));
	c.dir = (char *)cdir;
	b.name = "t";
	b.seat = (char *)seat;
	b.build = (char *)build;
	b.dir = (char *)dir;
	b.builtin = seat[0] == '@';
	CHECK_INT(fingerprint_bot(&c, &b, out), 0);
	return out;
}

/* "euchre-arena bot 2\0@greedy\0\0" (before: "euchre-arena bot\0...", c3e58559f3035dc2) */
static void test_builtin(void)
{
	CHECK_STR(fingerprint("@greedy", NULL, NULL, top), "f92a768b2395fe19");
}

/*
 * Tree A: 'a' (0644) holding "hello", 'b' a link to "\n21 bytes"; tree B:
 * 'a' alone, holding "hello\n5 bytes\0b\0link\0" (21 bytes); both with
 * d/c (0600) holding "x". Before, both were
 *   a\0 file 0644\0 hello \n5 bytes\0 b\0 link\0 \n21 bytes\0 d\0 ...
 * (4276a913c53f7774 each). Now, after "euchre-arena bot 2\0tree\0\0":
 *   A: a\0 file 0644 5\0 hello b\0 link\0 \n21 bytes\0 d\0 dir\0 d/c\0 file 0600 1\0 x
 *   B: a\0 file 0644 21\0 hello\n5 bytes\0b\0link\0 d\0 dir\0 d/c\0 file 0600 1\0 x
 */
static void test_a_file_cannot_hold_the_next_entries(void)
{
	static const char b_bytes[] = "hello\n5 bytes\0b\0link\0";
	char *a = path_join(top, "tree/a"), *b = path_join(top, "tree/b");
	char *tree = path_join(top, "tree");

	write_bytes(a, "hello", 5, 0644);
	CHECK_INT(symlink("\n21 bytes", b), 0);
	CHECK_STR(fingerprint("tree", NULL, tree, top), "b7863e7ec108c243");
	unlink(b);
	write_bytes(a, b_bytes, sizeof(b_bytes) - 1, 0644);
	CHECK_STR(fingerprint("tree", NULL, tree, top), "45629fa2b80bd4c5");
	free(a);
	free(b);
	free(tree);
}

/* BLAKE2b of n bytes at s as a fingerprint prints it */
static const char *digest(const void *s, size_t n)
{
	static char out[FINGERPRINT_LEN + 1];
	unsigned char d[16];

	crypto_generichash(d, sizeof(d), s, n, NULL, 0);
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	return out;
}

/* stream = head (n bytes, its NULs included) + TOP + tail (m bytes); its digest */
static const char *digest_around(const char *head, size_t n, const char *tail, size_t m)
{
	char stream[8400];

	memcpy(stream, head, n);
	memcpy(stream + n, top, strlen(top));
	memcpy(stream + n + strlen(top), tail, m);
	return digest(stream, n + strlen(top) + m);
}

/*
 * A command's files, each named as the command's argv has it (made
 * absolute by seat_parse(): TOP/bot.sh), as seen from the config's
 * directory TOP, then "file SIZE" and its bytes ('sh' is no file of the
 * config's directory: not read). Before, it was named TOP/bot.sh, so the
 * digest was taken here (without a build: "" after the command):
 *   euchre-arena bot 2\0 sh bot.sh\0 \0 bot.sh\0 file 8\0 echo hi\n
 * A bot with a build counts by its absolute place (a build may write it
 * into what it makes), so with build "make" it is:
 *   euchre-arena bot 2\0 sh bot.sh\0 make\0 TOP/bot.sh\0 file 8\0 echo hi\n
 * and from a config in another directory (TOP/sub) it is outside, so
 * absolute too:
 *   euchre-arena bot 2\0 sh ../bot.sh\0 make\0 TOP/bot.sh\0 file 8\0 echo hi\n
 */
static void test_command_files(void)
{
	static const char head[] = "euchre-arena bot 2\0sh ../bot.sh\0make\0";
	static const char built[] = "euchre-arena bot 2\0sh bot.sh\0make\0";
	static const char tail[] = "/bot.sh\0file 8\0echo hi\n";
	char *sh = path_join(top, "bot.sh"), *sub = path_join(top, "sub"), want[FINGERPRINT_LEN + 1];

	write_bytes(sh, "echo hi\n", 8, 0644);
	CHECK_STR(fingerprint("sh bot.sh", NULL, NULL, top), "daad5964d4bb3bc0");
	snprintf(want, sizeof(want), "%s",
		 digest_around(built, sizeof(built) - 1, tail, sizeof(tail) - 1));
	CHECK_STR(fingerprint("sh bot.sh", "make", NULL, top), want);
	snprintf(want, sizeof(want), "%s",
		 digest_around(head, sizeof(head) - 1, tail, sizeof(tail) - 1));
	CHECK_STR(fingerprint("sh ../bot.sh", "make", NULL, sub), want);
	free(sh);
	free(sub);
}

/*
 * A bot whose seat is its directory (a [bot] 'dir' without 'command', a
 * submission with a 'run'): the directory as seen from the config's, so
 * TOP/tree from TOP hashes as the seat text "tree" of tree A above
 * (b7863e7ec108c243), wherever TOP is. From TOP/tre (a name that TOP/tree
 * merely starts with) it is outside: absolute, TOP/tree; from / it is
 * TOP/tree less its first '/':
 *   euchre-arena bot 2\0 TOP/tree\0 \0 a\0 file 0644 5\0 hello b\0 ...
 */
static void test_a_directory_seat_is_seen_from_the_configs_directory(void)
{
	static const char head[] = "euchre-arena bot 2\0";
	static const char tail[] = "/tree\0\0a\0file 0644 5\0hellob\0link\0\n21 bytes\0d\0dir\0"
				   "d/c\0file 0600 1\0x";
	char *a = path_join(top, "tree/a"), *b = path_join(top, "tree/b");
	char *tree = path_join(top, "tree"), *tre = path_join(top, "tre"), want[FINGERPRINT_LEN + 1];
	char root[8400];

	write_bytes(a, "hello", 5, 0644);
	CHECK_INT(symlink("\n21 bytes", b), 0);
	CHECK_STR(fingerprint(tree, NULL, tree, top), "b7863e7ec108c243");
	snprintf(want, sizeof(want), "%s",
		 digest_around(head, sizeof(head) - 1, tail, sizeof(tail) - 1));
	CHECK_STR(fingerprint(tree, NULL, tree, tre), want);
	/* from /: the same stream less the '/' that starts TOP */
	memcpy(root, head, sizeof(head) - 1);
	memcpy(root + sizeof(head) - 1, top + 1, strlen(top) - 1);
	memcpy(root + sizeof(head) - 1 + strlen(top) - 1, tail, sizeof(tail) - 1);
	snprintf(want, sizeof(want), "%s",
		 digest(root, sizeof(head) - 1 + strlen(top) - 1 + sizeof(tail) - 1));
	CHECK_STR(fingerprint(tree, NULL, tree, "/"), want);
	unlink(b);
	free(a);
	free(b);
	free(tree);
	free(tre);
}

/*
 * A file whose bytes are not its size (/proc's: size 0, bytes read) makes
 * a fingerprint that matches none, not even the next one of the same bot
 * (it says so on stderr).
 */
static void test_a_file_that_is_not_its_size_matches_none(void)
{
	static const char seat[] = "cat /proc/self/cmdline";
	char first[FINGERPRINT_LEN + 1];

	snprintf(first, sizeof(first), "%s", fingerprint(seat, NULL, NULL, top));
	CHECK(strcmp(fingerprint(seat, NULL, NULL, top), first) != 0);
}

int main(void)
{
	char *d, made[4096];

	snprintf(made, sizeof(made), "%s/incremental-%d",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	mkdir(made, 0755);
	/* the config's directory as config_load() resolves it: its links followed */
	CHECK(realpath(made, top) != NULL);
	d = path_join(top, "sub");
	mkdir(d, 0755);
	free(d);
	d = path_join(top, "tree");
	mkdir(d, 0755);
	free(d);
	d = path_join(top, "tree/d");
	mkdir(d, 0755);
	free(d);
	d = path_join(top, "tree/d/c");
	write_bytes(d, "x", 1, 0600);
	free(d);
	RUN(test_builtin);
	RUN(test_a_file_cannot_hold_the_next_entries);
	RUN(test_command_files);
	RUN(test_a_directory_seat_is_seen_from_the_configs_directory);
	RUN(test_a_file_that_is_not_its_size_matches_none);
	return TEST_REPORT();
}
