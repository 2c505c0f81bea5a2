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

#include "util.h"

/*
 * Replays every game in the file. Returns 0 when all verify (report says
 * what was checked), 1 on the first mismatch (report says where: file,
 * line, what differs), 2 when the file cannot be read or parsed.
 */
int replay_file(const char *path, struct strbuf *report);

#endif
