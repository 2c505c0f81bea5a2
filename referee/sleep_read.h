/*
 * sleep_read.h - a read(2) that sleeps in the read itself, and that a
 * timer or a stop request ends.
 *
 * The referee waits for most answers here: a read of the bot's stdout
 * that sleeps until the answer comes, as a raw pipe parent's does, where
 * sleeping in epoll_wait() and then reading cost about 6% more of the
 * referee's CPU (bench/README.md, "Figures (a sleeping read)"). What the
 * wait must also
 * do (end at the deadline, end at a stop, drain the bot's stderr while it
 * runs long) comes from a one-shot timer of the main thread and from the
 * stop's handler, each of which ends a sleep_read() in progress, or about
 * to start, with -EINTR.
 *
 * Only on x86-64 Linux (the end of a read is a few instructions of the
 * referee's own, sleep_read.c); elsewhere sleep_read_init() says no and
 * the caller waits as before.
 */
#ifndef SLEEP_READ_H
#define SLEEP_READ_H

#include <stddef.h>

/*
 * Installs the timer's handler and makes the timer, once per process
 * (the first call; later calls say how it went). 0, or -1: no sleeping
 * reads here.
 */
int sleep_read_init(void);

/*
 * Makes the timer fire at the latest at until_ms (clock_ms() scale),
 * unless it already will: a system call only when the timer has fired or
 * is set for later. 0, or -1 (the timer cannot be set: do not sleep).
 */
int sleep_read_arm(double until_ms);

/*
 * Stops the timer, so that it does not fire during work whose system calls
 * a signal would end with EINTR whatever SA_RESTART says (a cgroup's
 * memory limit written while bots start; their end). Costs a system call
 * only when the timer is set.
 */
void sleep_read_disarm(void);

/*
 * Forgets earlier wake-ups. Call it before looking at what a wake-up
 * reports (the clock, the stop flag), then sleep_read(): a wake-up after
 * this call ends that read.
 */
void sleep_read_clear(void);

/*
 * read(2) of fd, a blocking pipe: the bytes read, 0 at its end, or
 * -errno; -EINTR when the timer or sleep_read_wake() ended it (no byte
 * taken) or when a wake-up came since sleep_read_clear().
 */
long sleep_read(int fd, void *buf, size_t len);

/*
 * From a signal handler installed with SA_SIGINFO (its third argument):
 * ends the sleep_read() that the signal interrupted, or the next one.
 * Async-signal-safe.
 */
void sleep_read_wake(void *ucontext);

/*
 * The timer's signal. Every other handler that can run while a
 * sleep_read() sleeps must block it (sa_mask) or call sleep_read_wake():
 * the timer's handler sees only the frame it interrupted (sleep_read.c).
 */
int sleep_read_signal(void);

#endif
