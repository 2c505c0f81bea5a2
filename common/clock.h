/*
 * clock.h - the one clock for measuring time: the monotonic clock, which
 * no change of the date moves. Time limits, timeouts and progress rates
 * all read it.
 */
#ifndef CLOCK_H
#define CLOCK_H

/* Milliseconds on the monotonic clock (an arbitrary origin). */
double clock_ms(void);

#endif
