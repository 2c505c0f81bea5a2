/*
 * store_result.h - one game's result line, the wire type of results.jsonl (and
 * of schedule.jsonl, which holds a subset of its fields): struct result
 * with one reader, result_parse(), and one writer, result_format(), side
 * by side in the manner of the ACPC dealer's readState()/printState().
 * Every other module of the arena takes the struct; none parses or builds
 * the line's text.
 *
 * The line (docs/arena.md, "The results directory") is the referee's JSON
 * object with "game", "index" and "bots" put first and "cwd" and "argv"
 * last:
 *
 *   {"game":ID,"index":N,"bots":[NAME...],"variant":V,"seed":N,
 *    "bot_seeds":[N|null...],"options":{NAME:VALUE...},"seats":[SEAT...],
 *    "hands":N,"seat_scores":[N...],"team_scores":[N,N]|null,
 *    "ranks":[N...],"faults":[{"seat":N,"kind":K,"hand":N,"detail":D}...],
 *    "decisions":[N...],"time_ms":[X...],"mem_peak_mb":[X|null...],
 *    "euchred":[N...] (flip only),"stopped":true (a game the arena's stop
 *    ended only),"cwd":DIR,"argv":[WORD...]}
 *
 * Parsing is lenient, as the readers have always been: every field may be
 * missing (a line written by hand, by an older arena, or a schedule line),
 * and a field of the wrong shape counts as missing; what a reader needs is
 * for it to check. Keys the arena does not know are kept (extra) and
 * written back after the known ones, so that a newer referee's fields
 * survive. result_format(result_parse(line)) is the line again, byte for
 * byte, for every line the arena writes.
 */
#ifndef RESULT_H
#define RESULT_H

#include <jansson.h>
#include <stddef.h>

#include "rules.h"
#include "strvec.h"
#include "util.h"

/* A number of a per-seat array as JSON held it. */
enum result_num_type { RESULT_NULL, RESULT_INT, RESULT_REAL };
struct result_num {
	enum result_num_type type;
	long long i;   /* RESULT_INT */
	double d;      /* RESULT_REAL */
};

/* A per-seat array of numbers: n = -1 when the line has none (or a bad one). */
struct result_nums {
	int n;
	struct result_num v[MAX_SEATS];
};

/* A per-seat array of strings (owned): n = -1 when the line has none. */
struct result_strs {
	int n;
	char *v[MAX_SEATS];
};

/* One variant option of the game: an integer, a boolean or a text. */
enum result_opt_type { RESULT_OPT_INT, RESULT_OPT_BOOL, RESULT_OPT_TEXT };
struct result_option {
	char *name;            /* owned */
	enum result_opt_type type;
	long long n;           /* INT, BOOL (0/1) */
	char *text;            /* TEXT (owned) */
};

/* One fault the referee recorded. Absent fields: -1 or NULL. */
struct result_fault {
	int seat;              /* -1: missing or not an integer */
	long hand;             /* -1: missing */
	char *kind;            /* owned; NULL: missing */
	char *detail;          /* owned; NULL: missing */
};

struct result {
	char *game;            /* the game id (owned); NULL: missing */
	int has_index;
	long index;
	struct result_strs bots;
	char *variant;         /* the referee's variant name (owned) */
	int has_seed;
	long long seed;
	struct result_nums bot_seeds;
	int noptions;          /* -1: no "options" object */
	struct result_option *options;
	struct result_strs seats;
	int has_hands;
	long long hands;
	struct result_nums seat_scores;
	int team_scores_null;  /* "team_scores":null (a game without teams) */
	struct result_nums team_scores;
	struct result_nums ranks;
	int nfaults;           /* -1: no "faults" array */
	struct result_fault *faults;
	struct result_nums decisions, time_ms, mem_peak_mb, euchred;
	/*
	 * "stopped": 1 true (the game a SIGUSR1 stop ended: its referee
	 * starts no other), 0 false, -1 missing or not a boolean
	 */
	int stopped;
	char *cwd;             /* owned; NULL: missing */
	int has_argv;
	struct strvec argv;
	json_t *extra;         /* keys the arena does not know, in order (owned) */
};

void result_init(struct result *r);
void result_release(struct result *r);

/*
 * Parses the len bytes of text (one line, without its newline) into r
 * (initialised, or released and initialised again). 0, or -1 with err
 * saying what the text is ("not one JSON line (...)", "not a JSON
 * object"); r then holds nothing.
 */
int result_parse(struct result *r, const char *text, size_t len, char *err, size_t errlen);

/*
 * Appends r as one compact JSON line (no newline) to out: the fields it
 * holds, in the order above. 0, or -1 with err (a text that is not
 * UTF-8); out is then unchanged.
 */
int result_format(const struct result *r, struct strbuf *out, char *err, size_t errlen);

/*
 * Field "name" of a and b (one of the keys above) are the same JSON
 * value, or both missing? For the schedule's checks.
 */
int result_field_equal(const struct result *a, const struct result *b, const char *name);
/* Field "name" of r as compact JSON text (the caller frees it), or NULL when missing. */
char *result_field_text(const struct result *r, const char *name);

/*
 * Are the alen bytes of a and the blen bytes of b one JSON value,
 * whatever the spacing and the order of keys (jansson's json_equal())?
 * Every byte of meaning counts, unlike in what result_parse() reads: a
 * key inside a fault, a real's digits past the 12 result_format() writes.
 * 0 too when either is not JSON. For the record check: a record ends with
 * the very result the referee printed.
 */
int result_text_equal(const char *a, size_t alen, const char *b, size_t blen);

/*
 * A game given up after its retry: a line of failed.jsonl,
 *   {"game":ID,"index":N,"attempts":N,"reason":TEXT,"command":TEXT}
 * with its own reader and writer, lenient like result_parse(). Keys it
 * does not know are kept and written back after the others.
 */
struct failed_game {
	char *game;            /* owned; NULL: missing */
	int has_index;
	long index;
	int has_attempts;
	long attempts;
	char *reason;          /* owned; NULL: missing */
	char *command;         /* owned; NULL: missing */
	json_t *extra;         /* owned */
};
void failed_game_init(struct failed_game *f);
void failed_game_release(struct failed_game *f);
/* As result_parse(): 0, or -1 with err. */
int failed_game_parse(struct failed_game *f, const char *text, size_t len, char *err,
		      size_t errlen);
/*
 * Appends f as one compact JSON line (no newline) to out; a reason or
 * command that is not UTF-8 is written escaped (util.h), never dropped.
 */
void failed_game_format(const struct failed_game *f, struct strbuf *out);

/* Sets a string field (game, variant, cwd) to a copy of s (NULL: missing). */
void result_set_text(char **field, const char *s);
/* Is n an array of count integers from min to max? */
int result_nums_ints(const struct result_nums *n, int count, long long min, long long max);
/* Is n an array of count numbers (integers or reals)? */
int result_nums_numbers(const struct result_nums *n, int count);
/* Number k of n as a double (0 for null). */
double result_num_value(const struct result_nums *n, int k);

#endif
