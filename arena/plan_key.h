/*
 * plan_key.h - the tournament key: the secret every deal seed comes from.
 *
 * A bot sees its own cards. If the seeds of the deals were public (a
 * config seed of 1 and a published derivation), a bot could search the
 * candidate seeds offline, find the one that deals its hand and know every
 * other hand. So, unless the config sets 'seed', the arena draws a random
 * 32-byte key at the first run of a tournament (libsodium's
 * randombytes_buf, from getrandom()), keeps it in RESULTS/key (mode 0600,
 * in the 0700 results directory no bot can see), and derives every seed
 * with libsodium's keyed BLAKE2b (crypto_generichash):
 *
 *   deal seed   = first 8 bytes, little-endian, of
 *                 BLAKE2b-128(key, "euchre-arena deal\0" VARIANT "\0" LE64(d)), >> 1
 *   tables seed = the same over "euchre-arena tables\0" VARIANT "\0"
 *
 * (crypto_generichash's shortest output is 16 bytes, so the hash is 16
 * bytes long and its first 8 are used; the shift keeps seeds below 2^63,
 * the referee's range.) Without the key these are unpredictable; with it
 * anyone can recompute them (python3: hashlib.blake2b(msg, key=key,
 * digest_size=16)), which is how resumed runs and shards agree.
 *
 * With 'seed = N' in the config the key is not secret: it is
 * BLAKE2b-256("euchre-arena seed\0" LE64(N)) without a key, so every deal
 * is a public function of N, reproducible anywhere and predictable to
 * anyone who knows N (arena --check says so).
 *
 * A key file holds the key as 64 hex digits and a newline.
 */
#ifndef KEY_H
#define KEY_H

#include <stddef.h>
#include <stdint.h>

#define KEY_BYTES 32
#define KEY_ID_LEN 16 /* hex digits of key_id() */

struct key {
	unsigned char bytes[KEY_BYTES];
};

/* A new random key (getrandom() through libsodium). 0, or -1 with err. */
int key_generate(struct key *k, char *err, size_t len);

/* The public key of an explicit config seed (see above). */
void key_from_seed(struct key *k, uint64_t seed);

/* The seed (below 2^63) of deal d (from 0) of the variant called name. */
uint64_t key_deal_seed(const struct key *k, const char *name, long d);

/*
 * The seed (below 2^63) of the built-in player that draws at random
 * (@random, @search) in seat of the game called id: its generator's, apart from
 * the deal's, so that two such seats never share a stream and a game
 * of the same key is played the same way again.
 */
uint64_t key_bot_seed(const struct key *k, const char *id, int seat);

/* The seed (below 2^63) of the table draw of the variant called name. */
uint64_t key_tables_seed(const struct key *k, const char *name);

/*
 * A name for the key that reveals nothing of it: 16 hex digits of a keyed
 * hash of a fixed text (arena.json records it, so a results directory
 * whose key was swapped is noticed). out has room for KEY_ID_LEN + 1.
 */
void key_id(const struct key *k, char *out);

/* Are a and b the same key? (Constant time.) */
int key_equal(const struct key *a, const struct key *b);

/*
 * Reads a key file. Returns 1 with k filled, 0 when path does not exist,
 * or -1 with err naming path when it cannot be read or does not hold
 * exactly 64 hex digits (and an optional newline).
 */
int key_read(struct key *k, const char *path, char *err, size_t len);

/*
 * Creates the key file path, mode 0600 whatever the umask, atomically:
 * the key is written and synced under a temporary name, then linked to
 * path, so a reader sees the whole key or no file. Never replaces an
 * existing file: returns 1 (and writes nothing) when path exists, 0 when
 * it was created, -1 with err on failure.
 */
int key_write(const struct key *k, const char *path, char *err, size_t len);

#endif
