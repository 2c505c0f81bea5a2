/*
 * plan_tree.h - walking a bot's directory: checking that it can be
 * fingerprinted whole (tree_check(), which config_load() asks before a
 * run), and hashing its entries, in name order, into a BLAKE2b state for
 * plan_fingerprint.h. Knows nothing of configs: a directory, a file, a state.
 */
#ifndef TREE_H
#define TREE_H

#include <sodium.h>
#include <stddef.h>

/* A bot's directory may nest directories this deep (the build copy's limit too). */
#define TREE_MAX_DEPTH 64
/* the bytes a bot's files may hold in all (their sizes): 4 GiB */
#define TREE_MAX_BYTES (4ULL << 30)

/*
 * Can the directory dir be fingerprinted whole: is no directory in it
 * nested more than TREE_MAX_DEPTH deep, can every entry be read, and do
 * its files' sizes add up to at most TREE_MAX_BYTES? And does it hold no
 * FIFO (which the sandbox would not show a bot)? 0, or -1 with why
 * naming the first problem and its path from dir ("'d/d/.../d' is nested
 * more than 64 directories deep", "'x' cannot be read (Permission
 * denied)", "'big' brings the files to more than 4096 MiB"). Reads no
 * file's bytes.
 */
int tree_check(const char *dir, char *why, size_t len);

/* Hashes the text s with its NUL into h. */
void tree_hash_text(crypto_generichash_state *h, const char *s);

/*
 * Hashes the regular file path as "file SIZE" and its bytes, or, when it
 * cannot be opened as one, "error TEXT"; a read that fails or a file that
 * changes while read makes the hash match none (tree_unmatched()). 0, or
 * -2 when a signal came (play_interrupt.h).
 */
int tree_hash_file(crypto_generichash_state *h, const char *path);

/*
 * Hashes the tree of a bot's directory dir into h: every entry as
 * fingerprint_bot() describes (plan_fingerprint.h); an unreadable one, or one
 * beyond the limits above, makes the hash match none.
 */
void tree_hash_dir(crypto_generichash_state *h, const char *dir);

/*
 * Why the hash under way matches no other (a random part was added: a
 * file could not be read whole), as "'PATH' WHAT", or "" when it does not.
 * tree_unmatched_clear() before each hash.
 */
const char *tree_unmatched(void);
void tree_unmatched_clear(void);

/* Has a signal asked the arena to stop (play_interrupt.h)? A walk stops then. */
int tree_stopped(void);

#endif
