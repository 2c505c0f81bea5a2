/*
 * store_results.h - the results directory and the result lines in it.
 *
 * A results directory (mode 0700; every file in it 0600) holds:
 *   results.jsonl  one line per finished game: the referee's JSON line with
 *                  "game" (the id), "index" (its place in the schedule) and
 *                  "bots" (bot name per seat) put first, and "cwd" and
 *                  "argv" (the command that played it, less --log) last;
 *                  written with one write() and fdatasync() before the game
 *                  counts as done;
 *   failed.jsonl   one line per game given up after its retry;
 *   arena.json     what the results belong to: the schedule's fingerprint,
 *                  the shard, the key's id, bots excluded by failed builds;
 *   schedule.jsonl this shard's games: id, index, bots, variant, seed and
 *                  seats, which every result line must match;
 *   key            the tournament key (plan_key.h), unless the config sets seed;
 *   logs/          the referee's game record (ID.log) and stderr (ID.err);
 *   builds/        build output per bot (NAME.log).
 *
 * struct results (opaque: it owns the directory lock and the open file)
 * is the writer's side, used by a run; store_result_set.h is the reader's side,
 * used by the report.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <jansson.h>
#include <stddef.h>

#include "plan_config.h"
#include "store_records.h"
#include "store_result.h"
#include "plan_schedule.h"
#include "strset.h"
#include "strvec.h"

struct strbuf;

/* The files of the results directory: named here only. */
#define RESULTS_FILE "results.jsonl"
#define RESULTS_FAILED "failed.jsonl"
#define RESULTS_META "arena.json"
#define RESULTS_SCHEDULE "schedule.jsonl"
#define RESULTS_KEY "key"
#define RESULTS_INDEX "index.html"
#define RESULTS_LOGS "logs"          /* ID.log, ID.err, ID.seatN.stderr */
#define RESULTS_BOT_LOGS "bot-logs"  /* ID/seatN.stderr (bot_logs = true) */
#define RESULTS_PAGES "pages"        /* ID.html */
#define RESULTS_BUILDS "builds"      /* NAME/ (the built copy), NAME.log */
#define RESULTS_FEEDBACK "feedback"  /* NAME.txt */
#define RESULTS_ARCHIVE "archive"    /* N/ */

/* Every result line of a results directory, parsed. */
struct result_list {
	int n, alloc;
	struct result *r;
};
void result_list_init(struct result_list *l);
void result_list_release(struct result_list *l);
/* Moves r to the end of l (r is left empty, ready for reuse). */
void result_list_take(struct result_list *l, struct result *r);

/*
 * Turns a referee's output for game g into the result stored in
 * results.jsonl, r (emptied first), with argv (the referee's command line
 * less --log and --bot-logs; may be NULL) and the directory it ran in (the
 * config's) recorded. Returns 0 and sets *nfaults, or -1 with err when
 * the output is not one JSON object of the expected shape (variant, seed,
 * one rank and score per seat).
 */
int result_make(const char *out, size_t outlen, const struct fixture *g, const struct config *c,
		const struct strvec *argv, struct result *r, int *nfaults, char *err, size_t len);
/* The same, formatted: the line of results.jsonl (no newline). */
int result_make_line(const char *out, size_t outlen, const struct fixture *g,
		     const struct config *c, const struct strvec *argv, struct strbuf *line,
		     int *nfaults, char *err, size_t len);

/* ---- the writer ---- */

struct results;

/* What arena.json records. */
struct results_meta {
	char fingerprint[17];
	char key_id[17];       /* key_id() of the tournament key, "" with a config seed */
	char shard[32];        /* "K/N" */
	long games;            /* games in this shard's schedule */
	struct excluded_bots excluded; /* bots excluded by their build, or rejected */
	struct fingerprint_recs bots;        /* the fingerprint of each bot of the config (plan_fingerprint.h) */
	char setup[17];        /* fingerprint_setup(): what is played, bots aside; "" if unknown */
};
void results_meta_init(struct results_meta *m);
void results_meta_release(struct results_meta *m);

/*
 * Opens (creating it and its parents) and locks a results directory, made
 * (or set to) mode 0700; results.jsonl is 0600 and logs/ 0700, and the new
 * entries are synced. With
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
/* The same for the directory dir, without opening or locking it (arena --check). */
int results_read_meta_dir(const char *dir, struct results_meta *m, char *err, size_t len);
/* Writes arena.json atomically (temporary file, fsync, rename, directory fsync). */
int results_write_meta(struct results *r, const struct results_meta *m, const char *arena_name,
		       const char *config_path, char *err, size_t len);

/*
 * Writes schedule.jsonl (atomically, like arena.json): one line per game
 * of shard k of n (n = 0: every game) with what a result line of it must
 * hold. The report checks result lines against it.
 */
int results_write_schedule(struct results *r, const struct schedule *s, const struct config *c,
			   int k, int n, char *err, size_t len);

/*
 * Reads results.jsonl, adding every game id to done and counting faults.
 * A torn last line (a crash in mid-write) is cut off the file and *repaired
 * is set to its length in bytes. Any other bad line is an error naming it
 * (FILE:LINE), and so is a line that is not a game of schedule s (shard k
 * of n; n = 0: all) or whose index, bots, variant, seed or seats are not
 * that game's. With lines (may be NULL), every line read is added to it
 * (parsed, in file order): the run's result set starts from them
 * (result_set_start()), so results.jsonl is read once per run.
 */
int results_load(struct results *r, const struct schedule *s, const struct config *c, int k,
		 int n, struct strset *done, long *faults, long *repaired, struct result_list *lines,
		 char *err, size_t len);
/*
 * Replaces the file name ("results.jsonl", "failed.jsonl") of the results
 * directory with the n bytes of text, whole or not at all (a synced
 * temporary file renamed over it), and appends to the new file from then
 * on. 0, or -1 with err.
 */
int results_replace(struct results *r, const char *name, const char *text, size_t n, char *err,
		    size_t len);
/* Appends line and a newline to results.jsonl and syncs it to disk. */
int results_append(struct results *r, const char *line, char *err, size_t len);
/* Appends a line to failed.jsonl (synced too). */
int results_append_failed(struct results *r, const char *line, char *err, size_t len);

/* ---- the stored results, read once ---- */

/*
 * Reads DIR/results.jsonl once into l: every whole line that parses, in
 * file order (a torn last line, or a damaged one, is left out: the run's
 * own checks, results_load(), say so). A directory without results gives
 * an empty list. 0, or -1 with err when the file cannot be read.
 */
int results_read_list(const char *dir, struct result_list *l, char *err, size_t len);


/* ---- replay commands of played games (arena --check -v) ---- */

struct results_played;

/*
 * Reads the replay commands of the games stored in DIR/results.jsonl (only
 * game 'only' when it is not NULL); a directory without results is empty.
 * NULL with err when the file cannot be read.
 */
struct results_played *results_played_read(const char *dir, const char *only, char *err,
					   size_t len);
/* The same from results already read (l), without reading the file again. */
struct results_played *results_played_of(const struct result_list *l);
/*
 * The command that replays game id exactly as it was played: "cd CWD && "
 * and the stored argv, with --bot-seed SEAT:N for each handshake seed the
 * result records (bot_seeds). NULL when the game is not there (or was
 * stored without its argv). Valid until results_played_free().
 */
const char *results_played_command(const struct results_played *p, const char *id);
/* results_played_free(NULL) is a no-op. */
void results_played_free(struct results_played *p);

/* ---- the schedule's lines, which every result line must match ---- */

/* The schedule's lines (schedule.jsonl), by game id. */
struct results_expected {
	int n, alloc;
	struct result *lines;
	json_t *by_id;          /* game id -> its place in lines */
};
void results_expected_init(struct results_expected *e);
void results_expected_release(struct results_expected *e);
/* A new empty line at the end of e (valid until the next add). */
struct result *results_expected_add(struct results_expected *e);
/* Indexes the lines added by their game ids (call after the last add). */
void results_expected_index(struct results_expected *e);
/* The lines of shard k of n (n = 0: every game) of schedule s, indexed. */
void results_expected_schedule(struct results_expected *e, const struct schedule *s,
			       const struct config *c, int k, int n);
/* The line of game id, or NULL. */
const struct result *results_expected_get(const struct results_expected *e, const char *id);

/*
 * Checks result line o (line lineno of file) against map, the schedule's
 * lines: the game must be in it, and its index, bots, variant, seed and
 * seats must match. 0, or -1 with "FILE:LINE: ..." in err.
 */
int results_check_line(const struct result *o, const struct results_expected *map,
		       const char *file, int lineno, char *err, size_t len);

#endif
