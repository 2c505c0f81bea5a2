/*
 * replay.h - checks a game record (referee --log) without the bots.
 *
 * The record's moves are applied to a fresh game built from its header
 * (variant, options, seed, explicit deal); every move must be the turn of
 * the seat it names and legal, every event line the engine produces must
 * equal the recorded one, and the recomputed result (ranks, scores, the
 * recorded faults' forfeits) must equal the recorded result line, time
 * aside.
 */
#ifndef REPLAY_H
#define REPLAY_H

#include "game.h"
#include "match.h"
#include "util.h"

/*
 * What a caller can watch while a record replays, for instance to draw it
 * (viewer.h): each hook is optional and is called only with states the
 * replay has checked so far. The game and the other pointers are valid
 * during the call only; a hook must not change anything.
 *  - game: the engine has started a game (its first hand dealt); specs
 *    are the SEAT texts of its rules.players seats.
 *  - moved: a recorded move was applied and legal; g->ev holds the hand's
 *    events, the new ones at the end. A hand's last events arrive before
 *    the next hand is dealt (g->hand_no changes then).
 *  - comment: the comment a bot sent with the move m of seat, about to
 *    be applied (g is the state before it); text is as recorded: escaped
 *    to printable ASCII, at most PROTOCOL_MAX_COMMENT bytes before that.
 *  - fault: a recorded fault, in the state it happened in.
 *  - result: the game's recorded result matched the replay.
 */
struct replay_watch {
	void *ctx;
	void (*game)(void *ctx, const struct game *g, const char *const *specs);
	void (*moved)(void *ctx, const struct game *g);
	void (*comment)(void *ctx, const struct game *g, int seat, const struct move *m,
			const char *text);
	void (*fault)(void *ctx, const struct game *g, const struct fault *f);
	void (*result)(void *ctx, const struct game *g, const struct match_result *res);
};

/*
 * Replays every game in the file. Returns 0 when all verify (report says
 * what was checked), 1 on the first mismatch (report says where: file,
 * line, what differs), 2 when the file cannot be read or parsed.
 */
int replay_file(const char *path, struct strbuf *report);

/* The same, calling watch's hooks (watch may be NULL) as the replay goes. */
int replay_file_watch(const char *path, struct strbuf *report,
		      const struct replay_watch *watch);

#endif
