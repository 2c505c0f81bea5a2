/*
 * incremental.h - what changed since the last run of a tournament, and
 * what that does to the games already played.
 *
 * A teacher reruns the same command while students fix and resubmit. Each
 * bot has a fingerprint (incremental_fingerprint()): a hash of what makes
 * it play the way it does. arena.json records every bot's fingerprint;
 * the next run compares (incremental_diff()) and names each bot same,
 * added, changed or removed. A changed or added bot is built again; the
 * stored games of a changed or removed bot are superseded: they move to
 * RESULTS/archive/N/ with their records and no longer count
 * (incremental_reconcile()). Games between unchanged bots keep their ids
 * and seeds (ids name the bots, seeds depend only on the variant, the deal
 * and the key), so they are kept and not played again. docs/arena.md,
 * "Incremental runs", has the exact rules.
 */
#ifndef INCREMENTAL_H
#define INCREMENTAL_H

#include <stddef.h>

#include "config.h"
#include "results.h"
#include "schedule.h"

#define FINGERPRINT_LEN 16 /* hex digits */

enum bot_state { BOT_SAME, BOT_ADDED, BOT_CHANGED, BOT_REMOVED };

struct bot_delta {
	char *name;           /* owned */
	enum bot_state state;
	int bot;              /* index into config->bots; -1 when removed */
	long to_play;         /* games of this run that involve it (the caller counts) */
	long archived;        /* its stored games moved to the archive */
};

struct delta {
	int n;
	struct bot_delta *bots;   /* the config's bots in order, then the removed ones */
	int changes;              /* bots whose state is not BOT_SAME */
	char *archive;            /* RESULTS/archive/N once something was moved there (owned) */
	long kept, archived;      /* stored games kept, and moved to the archive */
};

/* A bot's directory may nest directories this deep (the build copy's limit too). */
#define TREE_MAX_DEPTH 64
/* the bytes a bot's files may hold in all (their sizes): 4 GiB */
#define TREE_MAX_BYTES (4ULL << 30)

/*
 * The fingerprint of bot b of c as FINGERPRINT_LEN hex digits: BLAKE2b
 * over a versioned domain text ("euchre-arena bot 2"), its SEAT text (a
 * directory seat as a path, see below) and build command, and then
 *  - a built-in: nothing more (its name is its SEAT);
 *  - a bot with a directory (a submission, a [bot] 'dir'): every file,
 *    link and directory below it, by relative path, with its type, its
 *    permission bits, its size and then its bytes (a hole reads as zeros;
 *    a link: its target; a FIFO, socket or device: that it is one),
 *    whatever the length of its path. Anything that cannot be read, a
 *    file whose bytes are not its size (it changed while read), a
 *    directory nested more than TREE_MAX_DEPTH deep (not entered), and
 *    files beyond TREE_MAX_BYTES in all (not read) make a fingerprint
 *    that matches no other, not even the next run's: the bot counts as
 *    changed every run, and a warning on stderr names the problem;
 *    nothing is skipped silently (config_load() rejects such a tree
 *    first, see incremental_check_tree());
 *  - a command without a directory: the size and bytes of each word of
 *    the command that names an existing regular file by a path
 *    (containing '/') or relative to the config's directory; a program
 *    found only in PATH (python3) is not read.
 * A path (a directory seat, a command's file) that lies in the config's
 * directory c->dir (as config_load() resolves it, links followed) is
 * hashed as seen from it ("bots/alice"), with the links of its own
 * directory followed; any other path absolutely: a tournament's directory
 * moved or copied keeps its fingerprints.
 * Every field is text without a NUL, hashed with its NUL, or bytes whose
 * count was hashed before them: two different bots cannot give one
 * stream. The domain text changes whenever the stream of a released arena
 * does, so that a fingerprint of an older arena never matches one of this
 * (relative paths came in version 2 before it was released).
 * Call it before config_use_build() points the bot at its built copy.
 * 0; -1 when a signal came (interrupt.h) meanwhile: it stopped at once,
 * and out is no fingerprint.
 */
int incremental_fingerprint(const struct config *c, const struct entrant *b, char *out);

/*
 * The code of bot b of c, as FINGERPRINT_LEN hex digits, under its own
 * domain text: its build command, then its directory's tree as
 * incremental_fingerprint() hashes it (whatever the command that runs
 * it), or for a command without a directory the bytes of each file it
 * names (whatever its other words: one program with other options is
 * one code; a command that names no file, its text). No path is hashed:
 * two bots whose trees are byte-identical have the same code wherever
 * they lie, and count as one author (config.h). A
 * built-in has none: out is "" (the referee's own players are no
 * author's). A tree with a problem makes a code that matches none. 0; -1
 * when a signal came.
 */
int incremental_code(const struct config *c, const struct entrant *b, char *out);

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
int incremental_check_tree(const char *dir, char *why, size_t len);

/*
 * What the config plays, bots aside, as 16 hex digits: the variants with
 * their options, deals, tables and rounds, and the seed. Runs of one
 * tournament must agree on it; bots may change between them.
 */
void incremental_setup(const struct config *c, char *out);

/*
 * Compares fp[i] (the fingerprint of c->bots[i]) with the fingerprints
 * recorded in meta ("NAME\tFP"). Without any recorded (arena.json of an
 * older arena, or a first run) every bot is BOT_SAME.
 */
void incremental_diff(struct delta *d, const struct config *c, const struct results_meta *meta,
		      char (*fp)[FINGERPRINT_LEN + 1]);
void incremental_release(struct delta *d);
/* The delta of bot name, or NULL. */
struct bot_delta *incremental_find(struct delta *d, const char *name);

/*
 * The archive directory of this run, RESULTS/archive/N (N the first free
 * number from 1), made 0700 on the first call. NULL with err.
 */
const char *incremental_archive(struct delta *d, struct results *r, char *err, size_t len);

/*
 * Moves builds/NAME and builds/NAME.log of every changed and removed bot
 * to the archive (a changed bot is built again from scratch), and
 * feedback/NAME.txt of a removed one. 0, or -1 with err.
 */
int incremental_archive_builds(struct delta *d, struct results *r, char *err, size_t len);

/*
 * Supersedes stored games: a line of results.jsonl (or failed.jsonl) is
 * moved to the archive, with its game's records (logs/ID.*, bot-logs/ID),
 * when one of its bots is changed or removed, its id is not in shard k of
 * n (n = 0: all) of s, or s seats other bots under that id (a table drawn
 * again). Every other line is kept, its "index" set to the game's index
 * in s. The archive's files are synced before results.jsonl and
 * failed.jsonl are replaced (atomically), so a crash keeps every game in
 * one of the two places. Counts go to d->kept, d->archived and each bot's
 * archived. 0, or -1 with err.
 */
int incremental_reconcile(struct delta *d, struct results *r, const struct schedule *s,
			  const struct config *c, int k, int n, char *err, size_t len);

#endif
