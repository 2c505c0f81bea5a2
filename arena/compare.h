/*
 * compare.h - bin/arena compare: the bot author's question, "is my new
 * version better?", answered on duplicate pairs of deals with a
 * sequential test (docs/compare.md, sprt.h).
 */
#ifndef COMPARE_H
#define COMPARE_H

/*
 * Runs "arena compare ARGS..." (argv[0] is "compare"); default_referee is
 * the referee beside bin/arena. Returns the exit status: 0 when the
 * comparison ran, whatever its verdict; 1 runtime error; 2 bad arguments;
 * 3 games that failed twice.
 */
int compare_main(int argc, char **argv, const char *default_referee);

#endif
