/*
 * ponder_bot.c - plays the first legal move, for t_cgroup:
 *   ponder_bot spin    after each answer, spends 250 ms of CPU before it
 *                      reads on: thinking while the other seats decide
 *                      ("pondering"); on a loaded machine what is left
 *                      runs into its next decision, charged there
 *   ponder_bot sleep   sleeps 100 ms before each answer (an honest slow
 *                      opponent, whose turns give the other time to think)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	int sleepy = argc > 1 && !strcmp(argv[1], "sleep");
	int spin = argc > 1 && !strcmp(argv[1], "spin");

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };
		char *c;

		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready ponder\n");
			continue;
		}
		c = strchr(line + 6, ',');
		if (c)
			*c = '\0';
		if (sleepy)
			nanosleep(&ts, NULL);
		printf("%s\n", line + 6);
		if (spin) {
			volatile unsigned long x = 0;
			double t0 = cpu_ms();

			while (cpu_ms() - t0 < 250)
				x++;
		}
	}
	return 0;
}
