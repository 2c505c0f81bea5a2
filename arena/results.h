/*
 * results.h - the results directory and the result lines in it.
 *
 * A results directory holds:
 *   results.jsonl  one line per finished game: the referee's JSON line with
 *                  "game" (the id), "index" (its place in the schedule) and
 *                  "bots" (bot name per seat) added; written with one
 *                  write() and fdatasync() before the game counts as done;
 *   failed.jsonl   one line per game given up after its retry;
 *   arena.json     what the results belong to: the schedule's fingerprint,
 *                  the shard, bots excluded by failed builds;
 *   logs/          the referee's game record (ID.log) and stderr (ID.err);
 *   builds/        build output per bot (NAME.log);
 *   schedule.txt   every game id with the command that replays it.
 *
 * struct results (opaque: it owns the directory lock and the open file)
 * is the writer's side, used by a run. struct result_set is the reader's
 * side, used by the report: it reads any number of results files (shards)
 * and keeps each game id once.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stddef.h>

#include "config.h"
#include "schedule.h"
#include "strset.h"
#include "strvec.h"

struct strbuf;

/*
 * Turns a referee's output for game g into the line stored in
 * results.jsonl (no newline). Returns 0 and sets *nfaults, or -1 with err
 * when the output is not one JSON object of the expected shape (variant,
 * seed, one rank and score per seat).
 */
int result_make_line(const char *out, size_t outlen, const struct game *g,
		     const struct config *c, struct strbuf *line, int *nfaults, char *err,
		     size_t len);

/* ---- the writer ---- */

struct results;

/* What arena.json records. */
struct results_meta {
	char fingerprint[17];
	char shard[32];        /* "K/N" */
	long games;            /* games in this shard's schedule */
	struct strvec excluded;/* "NAME\tREASON" per bot excluded by its build */
};
void results_meta_init(struct results_meta *m);
void results_meta_release(struct results_meta *m);

/*
 * Opens (creating it and its parents) and locks a results directory. With
 * fresh, existing results are first moved aside to DIR.old-N and *moved
 * is set to that name (the caller frees it). Returns NULL with err when
 * the directory cannot be made, or another arena holds it.
 */
struct results *results_new(const char *dir, int fresh, char **moved, char *err, size_t len);
/* Unlocks and closes. results_free(NULL) is a no-op. */
void results_free(struct results *r);
/* The directory as given (for messages), and as an absolute path (for the referee). */
const char *results_dir(const struct results *r);
const char *results_abs_dir(const struct results *r);

/* Reads arena.json. Returns 1 if it exists and was read, 0 if absent, -1 with err. */
int results_read_meta(struct results *r, struct results_meta *m, char *err, size_t len);
/* Writes arena.json atomically (temporary file, fsync, rename). */
int results_write_meta(struct results *r, const struct results_meta *m, const char *arena_name,
		       const char *config_path, char *err, size_t len);

/*
 * Reads results.jsonl, adding every game id to done and counting faults.
 * A torn last line (a crash in mid-write) is cut off the file and *repaired
 * is set to its length in bytes. Any other bad line is an error naming it.
 */
int results_load(struct results *r, struct strset *done, long *faults, long *repaired,
		 char *err, size_t len);
/* Appends line and a newline to results.jsonl and syncs it to disk. */
int results_append(struct results *r, const char *line, char *err, size_t len);
/* Appends a line to failed.jsonl (synced too). */
int results_append_failed(struct results *r, const char *line, char *err, size_t len);

/* ---- the reader ---- */

struct fault_rec {
	int seat;
	char kind[16];
};

struct result {
	char *id;
	char *variant;       /* the arena's variant: the id up to its first '.' */
	long index;          /* place in the schedule; -1 if the line has none */
	int nseats;
	int bot[MAX_SEATS];  /* index into result_set.names */
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
	struct result *r;
	struct strvec names;    /* bot names */
	struct strvec sources;  /* the directory of each file read (its logs/ are there) */
	struct strset ids;
	long duplicates;        /* lines whose id was already read */
	long torn;              /* torn last lines ignored */
	struct strvec failed;   /* "DIR\tID\tREASON" of failed games, see result_set_finish() */
	struct strvec excluded; /* "NAME\tREASON" from arena.json files */
	struct strvec shards;   /* "FINGERPRINT" of each arena.json read */
};

void result_set_init(struct result_set *s);
void result_set_release(struct result_set *s);
/*
 * Reads a results file, or DIR/results.jsonl when path is a directory,
 * plus failed.jsonl and arena.json beside it when they exist. A torn last
 * line is ignored (and counted), never repaired: the report is read-only.
 */
int result_set_read(struct result_set *s, const char *path, char *err, size_t len);
/* Sorts by schedule index, then id, and drops failures that later succeeded. */
void result_set_finish(struct result_set *s);

#endif
