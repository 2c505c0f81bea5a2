/*
 * version.h - the release of euchre-arena, which both programs print for
 * --version (with the protocol version the referee speaks).
 */
#ifndef VERSION_H
#define VERSION_H

#define EUCHRE_ARENA_VERSION "1.0"

#endif
