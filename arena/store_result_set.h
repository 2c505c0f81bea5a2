/*
 * store_result_set.h - the results of the standings: read back for the report
 * from any number of results files (shards, resumed runs), or grown by a
 * run as its games finish; each game id once, failures that later
 * succeeded dropped. The writer's side is store_results.h.
 *
 * A run reads results.jsonl once, at its start (results_load()), and
 * keeps a live set from then on (result_set_start(), result_set_add()):
 * the standings page, the final report, the feedback files and compare's
 * rounds take it; nothing reads the file again while games are played.
 */
#ifndef RESULT_SET_H
#define RESULT_SET_H

#include "store_results.h"
#include "rules.h"
#include "strset.h"
#include "strvec.h"

struct fault_rec {
	int seat;
	char kind[16];
	char *detail;        /* the referee's words, quoting the bot (owned; "" if none) */
};

/*
 * A seat held by the house player (docs/arena.md, "Partners and house
 * seats"): its name in the line's "bots" starts with '@' (the house
 * player's seat, "@greedy"), which no bot name does. It is not a bot of the
 * standings: never rated, ranked or counted.
 */
#define RESULT_HOUSE (-1)

struct scored_game {
	char *id;
	char *variant;       /* the arena's variant: the id up to its first '.' */
	long index;          /* place in the schedule; -1 if the line has none */
	int nseats;
	int bot[MAX_SEATS];  /* index into result_set.names, or RESULT_HOUSE */
	int rank[MAX_SEATS];
	double score[MAX_SEATS];
	int has_teams;
	double team_score[2];
	int nfaults;
	struct fault_rec *faults;
	int source;          /* index into result_set.sources */
};

struct result_set {
	int n, alloc;
	struct scored_game *r;
	struct strvec names;    /* bot names */
	struct strvec sources;  /* the directory of each file read (its logs/ are there) */
	struct strset ids;
	long duplicates;        /* lines whose id was already read */
	long torn;              /* torn last lines ignored */
	struct stored_games failed;     /* failed games, see result_set_finish() */
	struct excluded_bots excluded; /* from arena.json files, each bot once */
	struct strvec shards;   /* "FINGERPRINT" of each arena.json read */
	char *name;             /* the tournament's name in the first arena.json read, or NULL */
	long scheduled;         /* games of the schedules of the directories read (0: unknown) */
	char *meta_dir;         /* the first directory read with an arena.json, or NULL */
	struct results_meta meta; /* its arena.json: every other must agree (result_set_read) */
	json_t *where;          /* game id -> its index in r[] */
	int live;               /* made by result_set_start(): lines are kept */
	int keep_all;           /* set before result_set_start(): keep every line, not only faults */
	/*
	 * live: the results added, as stored, in order: those with faults
	 * (what feedback quotes), or all of them with keep_all (compare's
	 * rounds); the others are counted in r[] only, so a long run does
	 * not hold every line
	 */
	struct result_list lines;
};

void result_set_init(struct result_set *s);
void result_set_release(struct result_set *s);
/*
 * Reads a results file, or DIR/results.jsonl when path is a directory,
 * plus failed.jsonl and arena.json beside it when they exist. A torn last
 * line is ignored (and counted), never repaired: the report is read-only.
 * Every line is checked against the schedule.jsonl beside it (required
 * when arena.json is there): a line that is not a game of it, or differs
 * from it, is an error (FILE:LINE: what differs) and nothing is counted.
 * Returns 0, -1 with err, or RESULT_SET_MIXED with err when the results
 * do not belong with those read before: an arena.json that disagrees
 * with the first one read on the key, the setup, the shard count or a
 * bot's fingerprint (games of another run, or of another version of a
 * bot), or a game id read before with another result. A game id read
 * before with the same result is counted once (duplicates).
 */
#define RESULT_SET_MIXED (-2)
int result_set_read(struct result_set *s, const char *path, char *err, size_t len);
/*
 * Sorts by schedule index, then id, and drops failures that later
 * succeeded. A live set may be finished any number of times, and grow
 * between them.
 */
void result_set_finish(struct result_set *s);

/*
 * Starts the live set of a run on results directory dir: the lines that
 * results_load() read from it (moved into s; lines is left empty), its
 * arena.json and failed.jsonl. 0, or -1 with err (a line that is not a
 * result). Then result_set_add() and result_set_add_failed() keep it up
 * to date as games end.
 */
int result_set_start(struct result_set *s, const char *dir, struct result_list *lines,
		     char *err, size_t len);
/* Adds a game just stored (r is moved into s and left empty). 0, or -1 with err. */
int result_set_add(struct result_set *s, struct result *r, char *err, size_t len);
/* Adds a game just given up (its line of failed.jsonl). */
void result_set_add_failed(struct result_set *s, const char *id, const char *reason);

#endif
