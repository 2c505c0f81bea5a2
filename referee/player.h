/*
 * player.h - a seat's player: a built-in strategy or a bot program.
 *
 * The match runner talks to every seat through this one interface, so a
 * built-in, a bot process and the fallback that replaces a faulted bot are
 * interchangeable. The life of a player in a game:
 *
 *	p = player_new(spec, seed, err, len);
 *	player_launch(p, env, seat, &f, err, len); // bots: start the program
 *	player_hello(p, &g, bot_seed, &f);   // bots: the handshake
 *	player_ready(p, &f);                 // bots: wait for "ready"
 *	loop: player_queue(p, &g, from, to); // events the seat may see
 *	      player_decide(p, &g, &m, &f);  // when it is the seat's turn:
 *	                                     // the events queued, then the request
 *	player_finish(p, &g);                // game over: last events, quit
 *	                                     // (or player_pause(p): a match bot stays
 *	                                     // up, and the next launch renews it)
 *	player_free(p);
 *
 * For built-ins every step but decide is a no-op. A step that fails fills
 * a struct fault; the caller records it and seats a fallback. Only
 * player_launch() can fail for the referee's own reasons (no sandbox
 * slot, no scratch directory, no pipes, a stderr file it cannot write):
 * that is an error, never a fault of the bot.
 *
 * Time: a bot program has a budget for the whole game
 * (time_limits_budget()), charged with its start, its decisions and the
 * writes of its events, in the game's clock; the wall clock bounds every
 * wait in either clock mode (see player.c). A bot whose budget runs out
 * faults with FAULT_TIMEOUT, the detail naming the budget.
 */
#ifndef PLAYER_H
#define PLAYER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fault.h"
#include "game.h"
#include "time_limits.h"
#include "botlimits.h"

/* What the players of one match share. */
struct player_env {
	struct time_limits time;
	FILE *transcript;         /* the --log file: every line each way, or NULL */
	double t0;                /* transcript time origin (clock_ms scale) */
	const char *scratch_root; /* where scratch directories are made ("/tmp") */
	const char *stderr_prefix; /* each bot's stderr goes to PREFIX.seatN.stderr (PREFIX
				    * ending in '/': PREFIXseatN.stderr), or nowhere */
	int stderr_append;        /* add to those files (later games of a run) */
	int stderr_keep;          /* --bot-logs: keep an earlier game's file under its own
				    * name (player_keep_stderr()) instead of appending */
	int stderr_own;           /* each game has its own stderr files (referee --match): a
				    * bot kept up from the last game writes to this game's */
	unsigned long long seed;  /* the game's seed, for the stderr files' headers */
	size_t stderr_cap;        /* bytes of each bot's stderr kept on disk */
	int keep_scratch;         /* leave scratch directories behind (debugging) */
	int insecure;             /* sandbox layer 1 only: for trusted bots */
	const char *const *hide;  /* paths no bot may see (records, other bots); NULL-terminated */
	struct sandbox_limits lim[MAX_SEATS]; /* per seat */
	/*
	 * another game of the run follows, and a bot that plays matches
	 * stays up for it: a process started now gets twice its cpu_s, and
	 * is kept only while it has used less than cpu_s (docs/sandbox.md)
	 */
	int keep_next;
};

struct player;

/* The most moves a scripted seat's "@script:MOVES" may give. */
#define PLAYER_MAX_SCRIPT 512

/*
 * Creates the player for a SEAT text: "@random", "@greedy", "@search",
 * "@search:N" (search.h: N deals a decision), "@script:MOVES" (moves separated by commas; a bare "@script" takes its
 * moves from player_set_script()), a directory
 * holding an executable "run", or a command line (split like a shell
 * would, without expansions). seed feeds a built-in's generator. NULL with
 * a message in err for an unknown built-in or a malformed command.
 */
struct player *player_new(const char *spec, uint64_t seed, char *err, size_t len);
/* The same, with relative paths in spec looked up in dir (NULL: the current directory). */
struct player *player_new_in(const char *spec, const char *dir, uint64_t seed, char *err,
			     size_t len);
void player_free(struct player *p);
/*
 * Readies a @random, @greedy or @search player for another game with a new seed:
 * they keep no other state between games, so a run of many games makes
 * them once. 0, or -1 for every other kind (make a new player instead).
 */
int player_renew(struct player *p, uint64_t seed);
/* Would player_renew() take p? */
int player_renewable(const struct player *p);
/*
 * A bare "@script" seat: does it wait for its moves (from the deal
 * file's "script SEAT" lines), and the moves (copied; n may be 0: the
 * seat then plays as @greedy from the start).
 */
int player_wants_script(const struct player *p);
void player_set_script(struct player *p, const struct move *moves, int n);

/*
 * The SEAT text the player was made from, and the name a bot gave ("" if
 * none; escaped like every byte from a bot, strbuf_add_escaped()).
 */
const char *player_spec(const struct player *p);
/*
 * The program a bot seat runs: its argv[0], a path (absolute when the SEAT
 * gave a relative one) or a bare name for the bot's PATH; NULL for a
 * built-in. Lets a caller check a SEAT before any game (bin/arena --check).
 */
const char *player_program(const struct player *p);
const char *player_name(const struct player *p);

/*
 * Starts a bot program in seat. -1 with err when the referee itself
 * fails; else 0, with f->kind FAULT_STARTUP when the program cannot be
 * run (the bot's fault), FAULT_NONE when it runs.
 */
/* Where the bot in seat keeps its stderr (1), or 0 when it is not kept. */
int player_stderr_path(const struct player_env *env, int seat, char *buf, size_t len);
/*
 * With env->stderr_keep (--bot-logs DIR): moves the file an earlier game
 * left at seat's stderr path, DIR/seatN.stderr, to a name of its own,
 * DIR/game-SEED.seatN.stderr (SEED from the file's "=== game seed SEED"
 * header; "unknown" without one; "-2", "-3", ... added when the name is
 * taken), so that no game's file is overwritten. An empty file (made
 * before a run's first game) is left to be reused. 0, or -1 with err.
 */
int player_keep_stderr(const struct player_env *env, int seat, char *err, size_t len);

int player_launch(struct player *p, const struct player_env *env, int seat, struct fault *f,
		  char *err, size_t len);
/*
 * Sends the handshake (with bot_seed as its "seed" line). Every bot gets
 * its handshake before the referee waits for any "ready" (player_ready()),
 * so bots start side by side and each is charged its own start only.
 */
int player_hello(struct player *p, const struct game *g, uint64_t bot_seed, struct fault *f);
int player_ready(struct player *p, struct fault *f);
/*
 * Matches: did player_ready() fail because the bot kept up from the last
 * game ended, having written nothing after that game's 'gameover'? (Its
 * output closed, it was given until its startup limit to end.) 1 when
 * so: it is then to be replaced by a fresh process for this game,
 * without a fault (player_relaunch(), then player_hello() and
 * player_ready()); 0 otherwise (a line it wrote, a hang, a bot not kept:
 * the fault stands).
 */
int player_ended_between_games(const struct player *p);
/*
 * Stops p's bot and starts a fresh process in its seat, as
 * player_launch() with the game's environment, its start clock from now;
 * its stderr goes on in the game's file. As player_launch().
 */
int player_relaunch(struct player *p, struct fault *f, char *err, size_t len);

/* Queues the events g->ev[from..to) of the current hand for the seat. */
void player_queue(struct player *p, const struct game *g, int from, int to);

/*
 * Asks for the decision of the seat to act in g. 0 with the move, or -1
 * with the fault. *ms gets the time the decision used (0 for built-ins).
 */
int player_decide(struct player *p, const struct game *g, struct move *out, double *ms,
		  struct fault *f);
/*
 * The move of a @random or @greedy player, which reads the game itself
 * and keeps no time: 0 with the move, -1 when there is no legal move, 1
 * for every other kind of player (ask player_decide()).
 */
int player_quick_move(struct player *p, const struct game *g, struct move *out);
/*
 * A @random player's generator, for a caller that draws its moves with
 * builtin_random() itself; NULL for every other kind. Owned by p.
 */
struct rng *player_random_stream(struct player *p);
/*
 * Completes the detail of f, a fault of p's bot, with what a bot author
 * needs to find the cause (protocol.md, "Faults"): "; request: " and the
 * request block it was answering (its first and last lines), and, unless
 * the detail has it already, "; stderr: " and the end of its stderr. The
 * detail stays within its size (the end is cut). Built-ins: nothing.
 */
void player_fault_context(struct player *p, struct fault *f);
/* The last answer line a bot sent, raw ("" for built-ins). */
const char *player_last_line(const struct player *p);
/*
 * The comment of the last move p's bot answered ("JH # why": the bytes
 * after the '#', as sent, at most PROTOCOL_MAX_COMMENT), *len bytes, not
 * escaped; "" for a move without one and for every other kind of player.
 * Owned by p, valid until its next decision.
 */
const char *player_comment(const struct player *p, size_t *len);
/*
 * The most memory the seat's bot held in its last game (MiB), once it was
 * stopped; -1 for built-ins and where the sandbox has no cgroup.
 */
double player_mem_peak_mb(const struct player *p);
/*
 * Wall-clock time the referee has spent on the bot so far in this game
 * (ms): waiting on it, and emptying its scratch before the game (a kept
 * bot of a match); what the stop policy compares (match.c).
 */
double player_time_used(const struct player *p);
/*
 * Is the player a built-in (@random, @greedy, @script)? A built-in reads the game
 * itself: it is sent no text, so the caller need not render any for it.
 * @human is not one: the person is told every event (player_queue()).
 */
int player_is_builtin(const struct player *p);
/* Is a bot program running for the player? */
int player_is_running(const struct player *p);
/*
 * Why the bot's stderr file could not be written ("cannot write 'FILE':
 * ..."), or "": the referee's failure, checked by the caller.
 */
const char *player_file_error(const struct player *p);

/* Sends the remaining events and "quit", then stops the program. */
void player_finish(struct player *p);
/*
 * Matches (protocol version 2): did the running bot answer its handshake
 * with "ready2"? Such a bot may stay up for the next game of a run.
 */
int player_plays_matches(const struct player *p);
/*
 * Ends the game for p when another game of the run follows: a bot that
 * plays matches is sent the remaining events and stays up (1), its next
 * player_launch() empties its scratch and its player_hello() starts with
 * a "game" line; any other player is finished (player_finish(), 0). The
 * next game must seat p in the same seat, or it is stopped and started
 * afresh.
 */
int player_pause(struct player *p);
/* Stops a bot at once (after a fault). */
void player_stop(struct player *p);

#endif
