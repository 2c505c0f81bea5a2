/*
 * time_limits.h - the time limits of a game and what follows from them.
 *
 * A bot program has a startup limit, a limit per decision, an optional
 * bank, and a budget for the whole game; the clock is the wall clock or
 * the bot's CPU time. This header has no other dependency, so the arena
 * (whose struct fixture is a schedule entry) derives its
 * game timeout from the same numbers as the referee.
 */
#ifndef TIME_LIMITS_H
#define TIME_LIMITS_H

struct time_limits {
	long startup_ms; /* from start to the "ready" answer */
	long move_ms;    /* per decision */
	long bank_ms;    /* per game, on top of move_ms; 0 = no bank */
	long game_ms;    /* each bot's budget for the whole game; 0 = the default
			  * (time_limits_budget()) */
	long decisions;  /* the most decisions one seat can be asked in a game under
			  * its rules (rules_max_decisions()); 0 = not known */
	int cpu;         /* count CPU time instead of wall-clock time */
};

#define TIME_DEFAULT_STARTUP_MS 10000
#define TIME_DEFAULT_MOVE_MS 1000
/* The default game budget when the rules are not known: this many decisions. */
#define TIME_BUDGET_MOVES 250
/*
 * With --cpu-time a bot is charged CPU time, and also may not keep the
 * referee waiting (wall clock) longer than its budget plus this margin
 * over the game: a sleeping bot cannot stretch a game.
 */
#define TIME_WALL_MARGIN_MS 1000
/*
 * ... and per decision: a decision's wall-clock time may reach this many
 * times its limit, plus TIME_WALL_MARGIN_MS (a CPU-bound bot on a machine
 * loaded three times over still fits; a sleeping one is stopped).
 */
#define TIME_WALL_FACTOR 3
/*
 * The referee's own time for one game, bots' time aside: per bot program
 * starting, stopping (at most 0.5 s of grace, then a kill and a reap) and
 * scratch removal, and per game everything else.
 */
#define TIME_STOP_MS_PER_BOT 6000
#define TIME_OVERHEAD_MS 30000

/* The referee's defaults: startup 10000 ms, move 1000 ms, no bank, wall clock. */
void time_limits_default(struct time_limits *t);

/*
 * Each bot's time budget for a game in ms: game_ms when set, else
 * startup_ms + bank_ms + decisions * move_ms, so that a bot that keeps to
 * its limits never runs out (protocol.md, "Time"); TIME_BUDGET_MOVES
 * decisions when decisions is 0.
 */
long time_limits_budget(const struct time_limits *t);

/*
 * The longest a referee can take to play one game with nbots bot programs
 * under these limits: every bot's budget and wall margin, its start and
 * stop, and a fixed overhead. The arena's default game timeout: the
 * referee's budgets always fire before it.
 */
long time_limits_wall_max(const struct time_limits *t, int nbots);

#endif
