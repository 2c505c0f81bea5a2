/*
 * cmd_status.h - what every arena command shares with its user: the exit
 * statuses (README.md and each command's --help list them) and say(),
 * its messages on stderr.
 */
#ifndef STATUS_H
#define STATUS_H

#include <stdio.h>

#include "util.h"

#define EXIT_RUNTIME 1
#define EXIT_USAGE 2
#define EXIT_FAILED_GAMES 3 /* a run, compare: games that failed twice */
#define EXIT_INCOMPLETE 3   /* slurm: shards that have not finished */

/*
 * Every message to a person: "arena: " first, bytes a user gave (a path,
 * a name) escaped, one line per line of text (util.h, message_printf()).
 */
#define say(...) message_printf(stderr, "arena", __VA_ARGS__)

#endif
