/*
 * result_out.h - the referee's result lines on standard output.
 *
 * A game of built-in players takes a few microseconds, and a write per
 * result line cost as much as the game. So while every seat is a built-in
 * (result_out_hold()), complete lines are gathered and written together:
 * when the buffer is full, once the oldest line has waited
 * RESULT_OUT_HOLD_MS (checked as each game and each hand ends:
 * result_out_put(), result_out_tick()), and at result_out_flush().
 * Otherwise each line is written at once, as before.
 *
 * A signal that ends the referee must not lose a line that was printed
 * in all but fact: the handler calls result_out_signal() first, which
 * writes the held lines (write(2) and poll(2) only: async-signal-safe).
 * Should the signal come while result_out_flush() itself is writing, the
 * handler returns at once and the flush finishes its lines, then ends the
 * referee through the function given to result_out_init(). Either way a
 * reader that takes nothing for a second is given up on, so a signal
 * always ends the referee. Install that handler without SA_RESTART (an
 * interrupted write returns to the flush) and with the other ending
 * signals in its mask (handlers must not nest).
 *
 *	result_out_init(end);              // end(sig): kill the bots, re-raise
 *	result_out_hold(1);                // built-ins only: gather lines
 *	result_out_put(line, n, err, len); // per game
 *	result_out_tick(err, len);         // per hand (cheap)
 *	result_out_flush(err, len);        // before exiting
 */
#ifndef RESULT_OUT_H
#define RESULT_OUT_H

#include <stddef.h>

#define RESULT_OUT_HOLD_MS 100

void result_out_init(void (*end)(int sig));
/*
 * Gather lines (1) or write each at once (0). Gathering starts an
 * interval timer (SIGALRM, which must be free) that marks when the age of
 * the held lines is worth a look, so the checks cost nothing in between.
 */
void result_out_hold(int on);
/*
 * Writes line[0..n) and a newline, now or with the next flush. 0, or -1
 * with err when standard output cannot be written.
 */
int result_out_put(const char *line, size_t n, char *err, size_t len);
/* Writes the held lines if they have waited long enough. 0, or -1 with err. */
int result_out_tick(char *err, size_t len);
/* Writes every held line. 0, or -1 with err. */
int result_out_flush(char *err, size_t len);
/*
 * From a signal handler that will end the process: writes the held lines
 * and returns 0; or returns 1 when a flush is under way, which then ends
 * the process itself once its lines are out (the handler must return).
 */
int result_out_signal(int sig);

#endif
