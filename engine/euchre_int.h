/*
 * euchre_int.h - what libeuchre's own files share and callers never see:
 * the engine's game behind a public handle (euchre_api.c owns the struct).
 */
#ifndef EUCHRE_INT_H
#define EUCHRE_INT_H

#include "euchre.h"
#include "game.h"

const struct game *euchre_game_engine(const euchre_game *g);

#endif
