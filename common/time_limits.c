/*
 * time_limits.c - defaults, the game budget and the longest game (see
 * time_limits.h).
 */
#include "time_limits.h"

void time_limits_default(struct time_limits *t)
{
	t->startup_ms = TIME_DEFAULT_STARTUP_MS;
	t->move_ms = TIME_DEFAULT_MOVE_MS;
	t->bank_ms = 0;
	t->game_ms = 0;
	t->decisions = 0;
	t->cpu = 0;
}

long time_limits_budget(const struct time_limits *t)
{
	if (t->game_ms > 0)
		return t->game_ms;
	return t->startup_ms + t->bank_ms +
	       (t->decisions > 0 ? t->decisions : TIME_BUDGET_MOVES) * t->move_ms;
}

long time_limits_wall_max(const struct time_limits *t, int nbots)
{
	return (long)nbots * (time_limits_budget(t) + TIME_WALL_MARGIN_MS + TIME_STOP_MS_PER_BOT) +
	       TIME_OVERHEAD_MS;
}
