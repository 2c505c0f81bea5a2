/*
 * check.h - a compliance check for one bot (referee --check BOT).
 *
 * Plays the bot in every seat of every variant (flip with 2, 3 and 9
 * players: no dead hand, a dead hand, forced zilch) for two hands against
 * @random, and reports every problem with the exact request the bot was
 * answering and the line it sent, so that a student can fix the bot.
 */
#ifndef CHECK_H
#define CHECK_H

#include "player.h"
#include "util.h"

/*
 * Returns the number of problems found (0: compliant), -1 if spec is
 * unusable, -2 when the referee itself failed (no sandbox slot, ...): the
 * report says why. Bytes from the bot reach the report escaped only.
 */
int check_bot(const char *spec, const struct player_env *env, struct strbuf *report);

#endif
