/*
 * check.h - a compliance check for one bot (referee --check BOT).
 *
 * Plays the bot in every seat of every variant (flip with 2, 3 and 9
 * players: no dead hand, a dead hand, forced zilch) for two hands against
 * @random, and reports every problem with the exact request the bot was
 * answering and the line it sent, so that a student can fix the bot; a
 * fault that is a line never sent (startup, timeout) comes with its usual
 * causes (unflushed output first). The check stops early: at the first
 * startup fault (no other game can go better) and when one problem
 * repeats exactly in two games in a row.
 */
#ifndef CHECK_H
#define CHECK_H

#include "player.h"
#include "util.h"

/*
 * Returns the number of problems found (0: compliant); -1 if spec is
 * unusable (a directory or program that is not there: err says why and
 * nothing is played; or a SEAT the referee cannot make a player of: the
 * report says why), -2 when the referee itself failed (no sandbox slot,
 * ...): the report says why. Bytes from the bot reach the report escaped
 * only.
 */
int check_bot(const char *spec, const struct player_env *env, struct strbuf *report, char *err,
	      size_t len);

#endif
