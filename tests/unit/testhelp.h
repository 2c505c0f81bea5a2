/*
 * testhelp.h - a tiny assertion helper for the C unit tests (in the spirit
 * of redis's testhelp.h). Each CHECK counts; a failure prints file:line and
 * the values, and the test binary exits non-zero from TEST_REPORT().
 */
#ifndef TESTHELP_H
#define TESTHELP_H

#include <stdio.h>
#include <string.h>

static int th_checks, th_failed;
/* not every test uses RUN() */
static int th_buffered __attribute__((unused));

#define CHECK(cond)                                                                  \
	do {                                                                         \
		th_checks++;                                                         \
		if (!(cond)) {                                                       \
			th_failed++;                                                 \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
				#cond);                                              \
		}                                                                    \
	} while (0)

#define CHECK_INT(a, b)                                                              \
	do {                                                                         \
		long long th_a = (long long)(a), th_b = (long long)(b);              \
		th_checks++;                                                         \
		if (th_a != th_b) {                                                  \
			th_failed++;                                                 \
			fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, \
				__LINE__, #a, th_a, th_b);                           \
		}                                                                    \
	} while (0)

#define CHECK_STR(a, b)                                                              \
	do {                                                                         \
		const char *th_a = (a), *th_b = (b);                                 \
		th_checks++;                                                         \
		if (strcmp(th_a, th_b)) {                                            \
			th_failed++;                                                 \
			fprintf(stderr, "%s:%d: %s is\n  \"%s\"\nexpected\n  \"%s\"\n", \
				__FILE__, __LINE__, #a, th_a, th_b);                 \
		}                                                                    \
	} while (0)

/*
 * Runs one named test function; prints its name when it fails. stdout is
 * made line-buffered first, so that what a test prints and its failures
 * (on stderr) stay in order in the runner's output file.
 */
#define RUN(fn)                                                                      \
	do {                                                                         \
		int th_before = th_failed;                                           \
		if (!th_buffered++)                                                  \
			setvbuf(stdout, NULL, _IOLBF, 0);                            \
		fn();                                                                \
		if (th_failed != th_before)                                          \
			fprintf(stderr, "FAIL %s\n", #fn);                           \
	} while (0)

#define TEST_REPORT()                                                                \
	(printf("%s: %d checks, %d failed\n", __FILE__, th_checks, th_failed),       \
	 th_failed ? 1 : 0)

#endif
