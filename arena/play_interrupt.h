/*
 * play_interrupt.h - Ctrl-C, SIGTERM and SIGHUP as a counter and a file descriptor.
 *
 * The arena never dies on the first Ctrl-C: the handler only counts the
 * signal and writes a byte to a self-pipe, whose read end the run loop
 * polls beside its children's pipes. What to do (stop starting games,
 * or abort on the second signal) is the run loop's decision.
 */
#ifndef INTERRUPT_H
#define INTERRUPT_H

#include <stddef.h>

/*
 * Installs the handlers of SIGINT, SIGTERM and SIGHUP (a closed terminal
 * stops the run cleanly too) and ignores SIGPIPE. 0 or -1 with err.
 */
int interrupt_install(char *err, size_t len);
/* The fd that becomes readable on a signal (-1 before interrupt_install()). */
int interrupt_fd(void);
/* Signals received so far. */
int interrupt_count(void);
/* The last signal received (SIGINT, SIGTERM or SIGHUP), 0 if none. */
int interrupt_signal(void);
/* Empties the self-pipe after a wake-up. */
void interrupt_drain(void);

#endif
