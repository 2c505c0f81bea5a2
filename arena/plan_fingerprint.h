/*
 * plan_fingerprint.h - what a bot is made of, as a hash: its fingerprint (a
 * change of it makes an incremental run play the bot's games again,
 * store_incremental.h), its code (two bots of one code have one author,
 * plan_config.h), and the setup of a config (what is played, bots aside). The
 * walk of a bot's directory is plan_tree.h's.
 */
#ifndef FINGERPRINT_H
#define FINGERPRINT_H

#include "plan_config.h"

#define FINGERPRINT_LEN 16 /* hex digits */

/*
 * The fingerprint of bot b of c as FINGERPRINT_LEN hex digits: BLAKE2b
 * over a versioned domain text ("euchre-arena bot 2"), its SEAT text (a
 * directory seat as a path, see below) and build command, and then
 *  - a built-in: nothing more (its name is its SEAT);
 *  - a bot with a directory (a submission, a [bot] 'dir'): every file,
 *    link and directory below it, by relative path, with its type, its
 *    permission bits, its size and then its bytes (a hole reads as zeros;
 *    a link: its target; a FIFO, socket or device: that it is one),
 *    whatever the length of its path. Anything that cannot be read, a
 *    file whose bytes are not its size (it changed while read), a
 *    directory nested more than TREE_MAX_DEPTH deep (not entered), and
 *    files beyond TREE_MAX_BYTES in all (not read) make a fingerprint
 *    that matches no other, not even the next run's: the bot counts as
 *    changed every run, and a warning on stderr names the problem;
 *    nothing is skipped silently (config_load() rejects such a tree
 *    first, see tree_check());
 *  - a command without a directory: the size and bytes of each word of
 *    the command that names an existing regular file by a path
 *    (containing '/') or relative to the config's directory; a program
 *    found only in PATH (python3) is not read.
 * A path (a directory seat, a command's file) that lies in the config's
 * directory c->dir (as config_load() resolves it, links followed) is
 * hashed as seen from it ("bots/alice"), with the links of its own
 * directory followed; any other path absolutely: a tournament's directory
 * moved or copied keeps its fingerprints.
 * Every field is text without a NUL, hashed with its NUL, or bytes whose
 * count was hashed before them: two different bots cannot give one
 * stream. The domain text changes whenever the stream of a released arena
 * does, so that a fingerprint of an older arena never matches one of this
 * (relative paths came in version 2 before it was released).
 * Call it before config_use_build() points the bot at its built copy.
 * 0; -1 when a signal came (play_interrupt.h) meanwhile: it stopped at once,
 * and out is no fingerprint.
 */
int fingerprint_bot(const struct config *c, const struct entrant *b, char *out);

/*
 * The code of bot b of c, as FINGERPRINT_LEN hex digits, under its own
 * domain text: its build command, then its directory's tree as
 * fingerprint_bot() hashes it (whatever the command that runs
 * it), or for a command without a directory the bytes of each file it
 * names (whatever its other words: one program with other options is
 * one code; a command that names no file, its text). No path is hashed:
 * two bots whose trees are byte-identical have the same code wherever
 * they lie, and count as one author (plan_config.h). A
 * built-in has none: out is "" (the referee's own players are no
 * author's). A tree with a problem makes a code that matches none. 0; -1
 * when a signal came.
 */
int fingerprint_code(const struct config *c, const struct entrant *b, char *out);

/*
 * What the config plays, bots aside, as 16 hex digits: the variants with
 * their options, deals, tables and rounds, and the seed. Runs of one
 * tournament must agree on it; bots may change between them.
 */
void fingerprint_setup(const struct config *c, char *out);

#endif
