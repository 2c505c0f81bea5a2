/*
 * plan_key.c - the tournament key (see plan_key.h).
 *
 * All the cryptography is libsodium's: randombytes_buf() for the key,
 * crypto_generichash() (BLAKE2b) for everything derived from it,
 * sodium_memcmp() to compare keys and sodium_hex2bin()/sodium_bin2hex()
 * for the file format.
 */
#include "plan_key.h"

#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "util.h"

#define HASH_BYTES 16 /* crypto_generichash_BYTES_MIN */

static int ready(void)
{
	return sodium_init() >= 0;
}

int key_generate(struct key *k, char *err, size_t len)
{
	if (!ready()) {
		snprintf(err, len, "cannot make a tournament key: libsodium does not start");
		return -1;
	}
	randombytes_buf(k->bytes, sizeof(k->bytes));
	return 0;
}

static void le64(unsigned char out[8], uint64_t x)
{
	for (int i = 0; i < 8; i++)
		out[i] = (unsigned char)(x >> (8 * i));
}

void key_from_seed(struct key *k, uint64_t seed)
{
	static const char domain[] = "euchre-arena seed"; /* hashed with its NUL */
	unsigned char msg[sizeof(domain) + 8];

	if (!ready())
		abort();
	memcpy(msg, domain, sizeof(domain));
	le64(msg + sizeof(domain), seed);
	crypto_generichash(k->bytes, sizeof(k->bytes), msg, sizeof(msg), NULL, 0);
}

/*
 * BLAKE2b-128 keyed with k over DOMAIN NUL [NAME NUL [LE64(index)]], its
 * first 8 bytes read little-endian. The NULs keep the encoding injective
 * (names hold no NUL).
 */
static uint64_t derive(const struct key *k, const char *domain, const char *name, int indexed,
		       uint64_t index)
{
	crypto_generichash_state st;
	unsigned char out[HASH_BYTES], idx[8];
	uint64_t x = 0;

	if (!ready())
		abort();
	crypto_generichash_init(&st, k->bytes, sizeof(k->bytes), sizeof(out));
	crypto_generichash_update(&st, (const unsigned char *)domain, strlen(domain) + 1);
	if (name)
		crypto_generichash_update(&st, (const unsigned char *)name, strlen(name) + 1);
	if (indexed) {
		le64(idx, index);
		crypto_generichash_update(&st, idx, sizeof(idx));
	}
	crypto_generichash_final(&st, out, sizeof(out));
	for (int i = 7; i >= 0; i--)
		x = x << 8 | out[i];
	return x;
}

uint64_t key_deal_seed(const struct key *k, const char *name, long d)
{
	return derive(k, "euchre-arena deal", name, 1, (uint64_t)d) >> 1;
}

uint64_t key_bot_seed(const struct key *k, const char *id, int seat)
{
	return derive(k, "euchre-arena bot seed", id, 1, (uint64_t)seat) >> 1;
}

uint64_t key_tables_seed(const struct key *k, const char *name)
{
	return derive(k, "euchre-arena tables", name, 0, 0) >> 1;
}

void key_id(const struct key *k, char *out)
{
	snprintf(out, KEY_ID_LEN + 1, "%016llx",
		 (unsigned long long)derive(k, "euchre-arena key id", NULL, 0, 0));
}

int key_equal(const struct key *a, const struct key *b)
{
	return sodium_memcmp(a->bytes, b->bytes, sizeof(a->bytes)) == 0;
}

int key_read(struct key *k, const char *path, char *err, size_t len)
{
	char text[2 * KEY_BYTES + 8];
	size_t got = 0, bin_len = 0, span;
	ssize_t n;
	/* O_NONBLOCK: a FIFO at the path must not hold the arena, nor feed it a key */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	struct stat st;

	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, len, "cannot read tournament key '%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(err, len, "cannot read tournament key '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, len, "tournament key '%s' is not a regular file", path);
		close(fd);
		return -1;
	}
	/* anyone who can read the key can deal every hand of the tournament */
	if (st.st_uid != geteuid()) {
		snprintf(err, len, "tournament key '%s' belongs to another user (uid %ld), who can "
			 "read and change it: every deal can be computed from it; make your own "
			 "(arena key FILE)", path, (long)st.st_uid);
		close(fd);
		return -1;
	}
	if (st.st_mode & 077) {
		snprintf(err, len, "tournament key '%s' is open to other users (mode %04o): "
			 "every deal can be computed from it; make a new one (arena key FILE), or "
			 "if it stayed private: chmod 600 %s", path, (unsigned)(st.st_mode & 07777),
			 path);
		close(fd);
		return -1;
	}
	while (got < sizeof(text) - 1 && (n = read(fd, text + got, sizeof(text) - 1 - got)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, len, "cannot read tournament key '%s': %s", path,
				 strerror(errno));
			close(fd);
			return -1;
		}
		got += (size_t)n;
	}
	close(fd);
	text[got] = '\0';
	if (got && text[got - 1] == '\n')
		text[--got] = '\0';
	span = strspn(text, "0123456789abcdefABCDEF");
	if (span != got) {
		snprintf(err, len, "tournament key '%s' is damaged (byte %zu is not a hex digit; "
			 "expected 64 hex digits)", path, span + 1);
		return -1;
	}
	if (got != 2 * KEY_BYTES) {
		snprintf(err, len, "tournament key '%s' is damaged (%zu hex digits, expected 64)",
			 path, got);
		return -1;
	}
	if (!ready() || sodium_hex2bin(k->bytes, sizeof(k->bytes), text, got, NULL, &bin_len,
				       NULL) < 0 || bin_len != KEY_BYTES) {
		snprintf(err, len, "tournament key '%s' is damaged (not 64 hex digits)", path);
		return -1;
	}
	return 1;
}

int key_write(const struct key *k, const char *path, char *err, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	char hex[2 * KEY_BYTES + 2];
	int fd = -1, ret = -1;

	strbuf_init(&tmp);
	strbuf_addf(&tmp, "%s.tmp-%ld", path, (long)getpid());
	sodium_bin2hex(hex, sizeof(hex) - 1, k->bytes, sizeof(k->bytes));
	hex[2 * KEY_BYTES] = '\n';
	hex[2 * KEY_BYTES + 1] = '\0';
	unlink(tmp.buf);
	fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0 || fchmod(fd, 0600) < 0 || file_write_all(fd, hex, strlen(hex)) < 0 ||
	    fsync(fd) < 0) {
		snprintf(err, len, "cannot write tournament key '%s': %s", path, strerror(errno));
		goto out;
	}
	if (link(tmp.buf, path) < 0) {
		if (errno == EEXIST)
			ret = 1;
		else
			snprintf(err, len, "cannot write tournament key '%s': %s", path,
				 strerror(errno));
		goto out;
	}
	if (file_sync_parent(path) < 0) {
		snprintf(err, len, "cannot sync the directory of '%s': %s", path, strerror(errno));
		goto out;
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	unlink(tmp.buf);
	strbuf_release(&tmp);
	sodium_memzero(hex, sizeof(hex));
	return ret;
}
