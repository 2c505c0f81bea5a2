/*
 * store_incremental.h - what changed since the last run of a tournament, and
 * what that does to the games already played.
 *
 * A teacher reruns the same command while students fix and resubmit. Each
 * bot has a fingerprint (fingerprint_bot(), plan_fingerprint.h): a hash of what makes
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

#include "plan_config.h"
#include "plan_fingerprint.h"
#include "store_results.h"
#include "plan_schedule.h"

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

/*
 * Compares fp[i] (the fingerprint of c->bots[i]) with the fingerprints
 * recorded in meta (meta->bots). Without any recorded (arena.json of an
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
