/*
 * test_arena_key.c - the tournament key file: written 0600 whatever the
 * umask, as 64 hex digits, never over an existing file, read back to the
 * same key, refused when other users may read or change it; a missing
 * file is "none", a short, long or corrupt one an error naming the file;
 * new keys differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_key.h"
#include "testhelp.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	chmod(path, 0600);
}

static void test_key_file_is_0600_hex_and_reads_back(void)
{
	struct key k, back;
	struct stat st;
	char err[512], text[128] = "";
	FILE *f;

	for (int i = 0; i < KEY_BYTES; i++)
		k.bytes[i] = (unsigned char)(0xa0 + i);
	umask(0); /* the mode must not depend on it */
	CHECK_INT(key_write(&k, "k1", err, sizeof(err)), 0);
	CHECK(stat("k1", &st) == 0);
	CHECK_INT(st.st_mode & 07777, 0600);
	f = fopen("k1", "r");
	CHECK(f && fgets(text, sizeof(text), f));
	if (f)
		fclose(f);
	CHECK_STR(text, "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\n");
	CHECK_INT(key_read(&back, "k1", err, sizeof(err)), 1);
	CHECK(key_equal(&k, &back));
	/* never overwritten; no temporary file left behind */
	back.bytes[0] ^= 1;
	CHECK_INT(key_write(&back, "k1", err, sizeof(err)), 1);
	CHECK_INT(key_read(&back, "k1", err, sizeof(err)), 1);
	CHECK(key_equal(&k, &back));
	snprintf(text, sizeof(text), "k1.tmp-%ld", (long)getpid());
	CHECK(access(text, F_OK) < 0);
	umask(022);
	/* a key file without its newline is fine too */
	write_file("k2", "A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF");
	CHECK_INT(key_read(&back, "k2", err, sizeof(err)), 1);
	CHECK(key_equal(&k, &back));
}

static void test_bad_key_files_are_errors_naming_the_file(void)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "", "tournament key 'bad' is damaged (0 hex digits, expected 64)" },
		{ "0123456789abcdef\n",
		  "tournament key 'bad' is damaged (16 hex digits, expected 64)" },
		{ "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf00\n",
		  "tournament key 'bad' is damaged (66 hex digits, expected 64)" },
		{ "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebX\n",
		  "tournament key 'bad' is damaged (byte 64 is not a hex digit; expected 64 hex "
		  "digits)" },
		{ "a0a1a2a3 a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\n",
		  "tournament key 'bad' is damaged (byte 9 is not a hex digit; expected 64 hex "
		  "digits)" },
	};
	struct key k;
	char err[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_file("bad", cases[i].text);
		err[0] = '\0';
		CHECK_INT(key_read(&k, "bad", err, sizeof(err)), -1);
		CHECK_STR(err, cases[i].message);
	}
	/* a key others can read (or change) is refused: it deals every hand */
	write_file("open", "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\n");
	CHECK_INT(key_read(&k, "open", err, sizeof(err)), 1);
	chmod("open", 0640);
	CHECK_INT(key_read(&k, "open", err, sizeof(err)), -1);
	CHECK_STR(err, "tournament key 'open' is open to other users (mode 0640): every deal "
		  "can be computed from it; make a new one (arena key FILE), or if it stayed "
		  "private: chmod 600 open");
	chmod("open", 0602);
	CHECK_INT(key_read(&k, "open", err, sizeof(err)), -1);
	/* missing: no key yet, not an error */
	CHECK_INT(key_read(&k, "absent", err, sizeof(err)), 0);
	/* a directory where the key should be */
	mkdir("adir", 0755);
	CHECK_INT(key_read(&k, "adir", err, sizeof(err)), -1);
	CHECK_STR(err, "tournament key 'adir' is not a regular file");
	/* a FIFO (whoever writes into it would choose the key): refused at once */
	CHECK(mkfifo("afifo", 0600) == 0);
	CHECK_INT(key_read(&k, "afifo", err, sizeof(err)), -1);
	CHECK_STR(err, "tournament key 'afifo' is not a regular file");
	CHECK_INT(key_write(&k, "nodir/key", err, sizeof(err)), -1);
	CHECK_STR(err, "cannot write tournament key 'nodir/key': No such file or directory");
}

static void test_new_keys_differ(void)
{
	struct key a, b;
	char err[256], ida[KEY_ID_LEN + 1], idb[KEY_ID_LEN + 1];

	CHECK_INT(key_generate(&a, err, sizeof(err)), 0);
	CHECK_INT(key_generate(&b, err, sizeof(err)), 0);
	CHECK(!key_equal(&a, &b));
	key_id(&a, ida);
	key_id(&b, idb);
	CHECK_INT(strlen(ida), KEY_ID_LEN);
	CHECK(strcmp(ida, idb) != 0);
	CHECK(key_deal_seed(&a, "flip", 0) != key_deal_seed(&b, "flip", 0));
}

/*
 * A built-in's seed: BLAKE2b-128 keyed with the key over "euchre-arena bot
 * seed" NUL, the game id, NUL, LE64(seat); its first 8 bytes little-endian,
 * halved. The values come from Python's hashlib.blake2b(..., key=k,
 * digest_size=16), not from this code.
 */
static void test_bot_seeds_are_keyed_by_game_and_seat(void)
{
	struct key k;

	for (int i = 0; i < KEY_BYTES; i++)
		k.bytes[i] = (unsigned char)(0xa0 + i);
	CHECK(key_bot_seed(&k, "hammerwalt.d0001.greedy+random.r0", 1) ==
	      8745036898856112928ULL);
	CHECK(key_bot_seed(&k, "hammerwalt.d0001.greedy+random.r0", 3) ==
	      4194781531573808767ULL);
	CHECK(key_bot_seed(&k, "hammerwalt.d0001.greedy+random.r1", 1) ==
	      7021207665583973320ULL);
}

int main(void)
{
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/key-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;
	RUN(test_key_file_is_0600_hex_and_reads_back);
	RUN(test_bad_key_files_are_errors_naming_the_file);
	RUN(test_new_keys_differ);
	RUN(test_bot_seeds_are_keyed_by_game_and_seat);
	return TEST_REPORT();
}
