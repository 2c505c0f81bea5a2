/*
 * botbuild.h - building a bot in the sandbox (referee --build).
 *
 * A build command is untrusted code as much as the bot is. It runs once,
 * in a copy of the bot's directory: while it runs the copy belongs to a
 * sandbox slot's uid and is the only place it may write; afterwards the
 * copy belongs to root and is readable (and, where it was, executable) by
 * everyone, so that every bot can run it and no bot can change it.
 */
#ifndef BOTBUILD_H
#define BOTBUILD_H

#include "botlimits.h"
#include "util.h"

/*
 * Copies directory src to dest (replacing dest) and runs argv there in the
 * sandbox with lim, stopping it after timeout_s. Returns 0 when the build
 * exited with status 0, 1 when it failed or timed out, 2 when it could
 * not be set up; msg says what happened.
 */
int botbuild_run(const char *src, const char *dest, char *const *argv, long timeout_s,
		 const struct sandbox_limits *lim, int insecure, struct strbuf *msg);

#endif
