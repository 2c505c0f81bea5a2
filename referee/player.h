/*
 * player.h - a seat's player: a built-in strategy or (later) a bot program.
 *
 * The match runner talks to every seat through this one interface, so a
 * built-in, a bot process and the fallback that replaces a faulted bot are
 * interchangeable. A player is created from its SEAT text ("@random",
 * "@greedy", ...), started once per game, asked for decisions, and freed.
 */
#ifndef PLAYER_H
#define PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum fault_kind {
	FAULT_NONE,
	FAULT_TIMEOUT,
	FAULT_CRASH,
	FAULT_EOF,
	FAULT_MALFORMED,
	FAULT_ILLEGAL,
	FAULT_OVERFLOW,
	FAULT_SANDBOX,
	FAULT_STARTUP,
};
const char *fault_kind_name(enum fault_kind k);

struct fault {
	int seat;
	enum fault_kind kind;
	char detail[512];
};

struct player;

/*
 * Creates the player for a SEAT text. seed feeds a built-in's generator.
 * Returns NULL with a message in err for an unknown built-in.
 */
struct player *player_new(const char *spec, uint64_t seed, char *err, size_t len);
void player_free(struct player *p);

/* The SEAT text the player was made from (owned by the player). */
const char *player_spec(const struct player *p);

/*
 * Asks for the decision of the seat to act in g. Returns 0 with the move,
 * or -1 with the fault filled in (the caller records it and replaces the
 * player).
 */
int player_decide(struct player *p, const struct game *g, struct move *out, struct fault *f);

/* Is spec a built-in name ("@random", "@greedy")? */
int player_is_builtin(const char *spec);

#endif
