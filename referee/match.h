/*
 * match.h - one game between seated players, start to finish.
 *
 * match_run() deals from the seed (or an explicit deal), asks each seat's
 * player for its decisions, applies them through the engine, records
 * per-seat decisions, time and faults, and writes the human-readable game
 * record. It owns the penalty policy: a faulting player forfeits (see
 * match.c) and a fallback finishes its seat so the others' results stand.
 * It also owns the stop policy: once bot_interrupt() is called (SIGUSR1,
 * the arena's game timeout) the bot that used the most time is charged a
 * timeout, every bot is replaced by @greedy, and the game is finished.
 */
#ifndef MATCH_H
#define MATCH_H

#include <stdio.h>

#include "game.h"
#include "player.h"

struct match_config {
	const struct rules *rules;
	uint64_t seed;
	const struct deal *deal;   /* NULL: every hand from the seed */
	const char *deal_text;     /* its text, copied into the game record */
	FILE *log;                 /* game record (replayable), or NULL */
	const char *log_path;      /* its name, for messages */
	uint64_t bot_seed[MAX_SEATS]; /* each seat's seed (seat_takes_seed()): a bot
				       * program's handshake seed, @random's generator's */
	unsigned bot_seed_unknown;    /* seats whose seed a replayed record lacks (older
				       * records: @random's came from the deal's seed): null */
	struct player_env env;     /* time limits, scratch and log places for bots */
	/*
	 * Called as each hand ends, or NULL: 0, or -1 with err, which ends the
	 * game as the referee's own failure (no result).
	 */
	int (*hand_end)(char *err, size_t len);
	/* match_result_fixed()'s text for these rules and SEATs, or NULL: made here each time */
	const char *result_fixed;
	/*
	 * Another game of the run follows with the same players in the same
	 * seats: a bot that plays matches (player_plays_matches()) is left
	 * running at the end (player_pause()) instead of sent "quit".
	 */
	int keep_bots;
};

struct seat_record {
	int decisions;
	double time_ms;            /* total over the seat's decisions */
	double max_ms;             /* the slowest decision */
	double mem_peak_mb;        /* the bot's peak memory, or -1 (built-in, no cgroup) */
};

/* match_run() sets every field, faults[] up to nfaults only. */
struct match_result {
	struct game *game;               /* the final state (owned) */
	int ranks[MAX_SEATS];            /* per player after the penalty policy */
	int nfaults;
	struct fault faults[MAX_SEATS];  /* at most one per seat: the first */
	struct seat_record seat[MAX_SEATS];
	/*
	 * The stop (SIGUSR1, bot_interrupted()) landed during the game, so
	 * the referee starts no other after it: written "stopped":true, the
	 * arena's sign that its stop was obeyed (docs/referee.md, Matches).
	 * match_run() sets it as the game ends; a caller that lets a stop
	 * still name the game after that (main.c) sets it again once none can.
	 */
	int stopped;
};

/*
 * Plays one game. players[i] plays seat i (rules->players of them; the
 * caller keeps ownership). Returns 0, or -1 with err when the referee
 * itself failed: the game could not start (a bad explicit deal, no
 * sandbox slot, no scratch directory, no pipes), or the record or a bot's
 * stderr file could not be written; then every bot is stopped and there
 * is no result. Faults of players are results, not errors.
 */
int match_run(const struct match_config *mc, struct player **players,
	      struct match_result *res, char *err, size_t len);
void match_result_release(struct match_result *res);

/*
 * Appends the part of every result line that the rules and the SEATs
 * alone fix (its "options" and "seats"), for match_config.result_fixed: a
 * run of many games writes it once. 0, or -1 with err (a SEAT that is not
 * UTF-8), out unchanged.
 */
int match_result_fixed(const struct rules *rules, const char *const *specs,
		       struct strbuf *out, char *err, size_t len);
/*
 * Appends the result as one line of JSON (no newline): variant, seed,
 * bot_seeds, options, seats, hands, seat_scores, team_scores, ranks,
 * faults, decisions, time_ms, mem_peak_mb, euchred (flip only), and last
 * "stopped":true for a stopped game only (res->stopped), so the line of a
 * game played to its end is what it always was. 0, or -1 with err when
 * it cannot be encoded (a SEAT that is not UTF-8).
 */
int match_result_json(const struct match_config *mc, const char *const *specs,
		      const struct match_result *res, struct strbuf *out, char *err, size_t len);

/* Ranks after the forfeit policy: faulted is a mask of faulting players. */
void match_forfeit_ranks(const struct game *g, unsigned faulted, int *ranks);

#endif
