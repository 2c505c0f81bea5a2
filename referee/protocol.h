/*
 * protocol.h - the text a bot reads and writes (protocol.md, version 1).
 *
 * The referee sends three kinds of lines: the handshake block at the start
 * of a game, event lines (rendered by view.c for the bot's seat), and
 * request blocks that ask for one decision. A request block starts with
 * "request KIND", carries everything the decision needs, and ends with
 * "legal MOVE,MOVE,..."; the bot answers with exactly one line.
 *
 * Everything here is pure text: no I/O, no clock.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include <stddef.h>

#include "game.h"
#include "util.h"

#define PROTOCOL_VERSION 1
/* Longest answer line a bot may send, in bytes, newline excluded. */
#define PROTOCOL_MAX_LINE 1024

struct time_limits {
	long startup_ms; /* from start to the "ready" answer */
	long move_ms;    /* per decision */
	long bank_ms;    /* per game, on top of move_ms; 0 = no bank */
	long game_ms;    /* each bot's budget for the whole game; 0 = the default
			  * (time_game_budget()) */
	int cpu;         /* count CPU time instead of wall-clock time */
};

#define TIME_DEFAULT_STARTUP_MS 10000
#define TIME_DEFAULT_MOVE_MS 1000
/* The default game budget: startup + bank + this many decisions at move_ms. */
#define TIME_BUDGET_MOVES 250
/*
 * With --cpu-time a bot is charged CPU time, and also may not keep the
 * referee waiting (wall clock) longer than its budget plus this margin
 * over the game: a sleeping bot cannot stretch a game.
 */
#define TIME_WALL_MARGIN_MS 1000
/*
 * The referee's own time for one game, bots' time aside: per bot program
 * starting, stopping (at most 0.5 s of grace, then a kill and a reap) and
 * scratch removal, and per game everything else.
 */
#define TIME_STOP_MS_PER_BOT 6000
#define TIME_OVERHEAD_MS 30000

/* The referee's defaults: startup 10000 ms, move 1000 ms, no bank, wall clock. */
void time_limits_default(struct time_limits *t);

/*
 * Each bot's time budget for a game in ms: game_ms when set, else
 * startup_ms + bank_ms + TIME_BUDGET_MOVES * move_ms (protocol.md, "Time").
 */
long time_game_budget(const struct time_limits *t);

/*
 * The longest a referee can take to play one game with nbots bot programs
 * under these limits: every bot's budget and wall margin, its start and
 * stop, and a fixed overhead. The arena's default game timeout: the
 * referee's budgets always fire before it.
 */
long time_game_wall_max(const struct time_limits *t, int nbots);

/*
 * The handshake for a bot in seat (before the first deal): who the
 * referee is, the protocol version, the variant with all its options, the
 * seats, teams, time limits and the game budget, a seed for the bot's own
 * random choices (drawn at random for each bot and kept in the game
 * record: nothing relates it to the deal), and a "request ready" block.
 */
void protocol_hello(const struct game *g, int seat, const struct time_limits *t,
		    unsigned long long seed, struct strbuf *out);

/*
 * A request block for the seat to act in g. move_ms is the time for this
 * decision, bank_ms what is left of the bank (negative: no bank); both as
 * the bot may use them, what is left of its game budget considered.
 */
void protocol_request(const struct game *g, long move_ms, long bank_ms, struct strbuf *out);

/*
 * Checks a handshake answer: "ready" or "ready NAME...". Returns 0 and
 * copies the name (possibly empty; escaped, strbuf_add_escaped(), and cut
 * to fit) into name, or -1 with a reason.
 */
int protocol_parse_ready(const char *line, size_t len, char *name, size_t nlen,
			 char *err, size_t elen);

/* Appends the legal moves of the seat to act, comma-separated. */
void protocol_legal(const struct game *g, struct strbuf *out);

#endif
