/*
 * store_records.h - the small records the arena keeps about bots and games
 * besides their results, each a struct with its fields, in a growing
 * list: a bot left out of the tournament and why (a failed build, a
 * rejected submission), a bot and its fingerprint (plan_fingerprint.h), and a
 * game given up after its retry, as the report reads it. (They were
 * "NAME\tREASON" strings once; a record is never fields joined into a
 * string and split again.)
 *
 * A list is a plain struct the caller embeds: _init() it, _add() copies
 * of strings, _release() it. Lookups by name give the first match.
 */
#ifndef RECORDS_H
#define RECORDS_H

#include <stddef.h>

/* A bot left out, and why ("build failed: ...", "rejected: ..."). */
struct excluded_bot {
	char *name;     /* owned */
	char *reason;   /* owned */
};
struct excluded_bots {
	size_t nr, alloc;
	struct excluded_bot *items;
};
void excluded_bots_init(struct excluded_bots *l);
void excluded_bots_release(struct excluded_bots *l);
/* Adds name with the reason printf(fmt, ...) makes. */
void excluded_bots_add(struct excluded_bots *l, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The reason of the bot called name, or NULL when it is not in l. */
const char *excluded_bots_reason(const struct excluded_bots *l, const char *name);

/* A bot of the config and its fingerprint (FINGERPRINT_LEN hex digits). */
struct fingerprint_rec {
	char *name;         /* owned */
	char *fingerprint;  /* owned */
};
struct fingerprint_recs {
	size_t nr, alloc;
	struct fingerprint_rec *items;
};
void fingerprint_recs_init(struct fingerprint_recs *l);
void fingerprint_recs_release(struct fingerprint_recs *l);
void fingerprint_recs_add(struct fingerprint_recs *l, const char *name, const char *fingerprint);
/* The fingerprint of the bot called name, or NULL. */
const char *fingerprint_recs_get(const struct fingerprint_recs *l, const char *name);

/*
 * A game of a results directory: one given up after its retry (with the
 * reason its failed.jsonl line gives), or one whose page is to be made.
 */
struct stored_game {
	char *dir;      /* the results directory (owned) */
	char *id;       /* owned */
	char *reason;   /* owned; "" when there is none */
};
struct stored_games {
	size_t nr, alloc;
	struct stored_game *items;
};
void stored_games_init(struct stored_games *l);
void stored_games_release(struct stored_games *l);
void stored_games_add(struct stored_games *l, const char *dir, const char *id, const char *reason);

#endif
