/*
 * test_arena_incremental.c - bot fingerprints, worked by hand: each
 * expected value is BLAKE2b (16 bytes, the first 8 in hex) of the stream
 * written out beside it, as in Python
 *   hashlib.blake2b(STREAM, digest_size=16).hexdigest()[:16]
 * so a change of the encoding shows here, and two trees that the old
 * encoding hashed alike (a file's count after its bytes) differ; and a
 * file that changes while it is read makes a fingerprint that matches none.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "incremental.h"
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
	CHECK_INT(incremental_fingerprint(&c, &b, out), 0);
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

/*
 * A command's files, each named as the command's argv has it (made
 * absolute: TOP/bot.sh), then "file SIZE" and its bytes ('sh' is no file
 * of the config's directory: not read):
 *   euchre-arena bot 2\0 sh bot.sh\0 make\0 TOP/bot.sh\0 file 8\0 echo hi\n
 * TOP is this test's directory, so the digest is taken here.
 */
static void test_command_files(void)
{
	static const char head[] = "euchre-arena bot 2\0sh bot.sh\0make";
	static const char file[] = "file 8\0echo hi\n";
	char *sh = path_join(top, "bot.sh"), stream[4200], want[FINGERPRINT_LEN + 1];
	size_t n = 0;

	memcpy(stream + n, head, sizeof(head));
	n += sizeof(head);
	memcpy(stream + n, sh, strlen(sh) + 1);
	n += strlen(sh) + 1;
	memcpy(stream + n, file, sizeof(file) - 1);
	n += sizeof(file) - 1;
	snprintf(want, sizeof(want), "%s", digest(stream, n));
	write_bytes(sh, "echo hi\n", 8, 0644);
	CHECK_STR(fingerprint("sh bot.sh", "make", NULL, top), want);
	free(sh);
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
	char *d;

	snprintf(top, sizeof(top), "%s/incremental-%d",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	mkdir(top, 0755);
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
	RUN(test_a_file_that_is_not_its_size_matches_none);
	return TEST_REPORT();
}
