/*
 * play_build.h - building bots before a tournament.
 *
 * A bot may have a build command (a [bot NAME] 'build' key, or 'build' in
 * a submission's bot.ini). It runs once, with /bin/sh -c, through
 * `referee --build`: on a copy of the bot's directory (or of the config
 * file's directory) in BUILDS_DIR/NAME, inside the sandbox, as a slot's
 * uid, with a time limit; its output goes to BUILDS_DIR/NAME.log. The
 * tournament then plays the built copy. A build that fails, times out or
 * cannot start excludes that bot alone; the tournament goes on without it.
 */
#ifndef BUILD_H
#define BUILD_H

#include <stddef.h>

#include "plan_config.h"
#include "store_records.h"

/*
 * Builds every bot of c that has a build command (only those whose only[i]
 * is non-zero, unless only is NULL), at most jobs at a time.
 * For each failure excluded[i] is set and the bot added to reasons
 * with why. note(arg, msg) is told about each build as it ends (may be
 * NULL). wake_fd (or -1) interrupts: the builds are killed and -1 is
 * returned with err "interrupted". Returns 0, or -1 with err on a system
 * error.
 */
int build_all(const struct config *c, const int *only, const char *referee,
	      const char *builds_dir, int jobs,
	      int *excluded, struct excluded_bots *reasons, void (*note)(void *arg, const char *msg),
	      void *arg, int wake_fd, char *err, size_t len);

#endif
