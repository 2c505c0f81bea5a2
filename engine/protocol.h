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
#include "time_limits.h"
#include "util.h"

/* The version of the handshake's first line ("euchre-arena 1"): what every bot is sent. */
#define PROTOCOL_VERSION 1
/* The highest version the referee speaks: 2, matches ("ready2", "game"), which a bot opts into. */
#define PROTOCOL_VERSION_MAX 2
/* Longest answer line a bot may send, in bytes, newline excluded. */
#define PROTOCOL_MAX_LINE 1024
/* Most bytes of an answer's comment kept (protocol.md, "Comments"). */
#define PROTOCOL_MAX_COMMENT 200

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
 * Checks a handshake answer: "ready", "ready NAME...", or the same with
 * "ready2", by which a bot says it plays matches (protocol version 2: it
 * stays up for the next game, which a "game" line starts). Returns 0,
 * *matches (when not NULL) 1 for "ready2", and copies the name (possibly
 * empty; escaped, strbuf_add_escaped(), and cut to fit) into name; or -1
 * with a reason.
 */
int protocol_parse_ready(const char *line, size_t len, char *name, size_t nlen,
			 int *matches, char *err, size_t elen);

/*
 * Splits an answer line "MOVE # COMMENT" (protocol.md, "Comments") at its
 * first '#': returns the length of the move (the spaces before the '#'
 * left out), and sets *comment and *clen to the comment (the spaces
 * after the '#' left out; pointing into line, not NUL-terminated). A line
 * with no '#' is all move: the result is len and *clen 0.
 */
size_t protocol_split_comment(const char *line, size_t len, const char **comment, size_t *clen);

/* Appends the legal moves of the seat to act, comma-separated. */
void protocol_legal(const struct game *g, struct strbuf *out);

#endif
