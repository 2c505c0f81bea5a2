/*
 * ponder_bot.c - plays the first legal move, for t_cgroup:
 *   ponder_bot spin    a thread spins for the whole game: CPU used while
 *                      the other seats decide ("pondering")
 *   ponder_bot sleep   sleeps 100 ms before each answer (an honest slow
 *                      opponent, whose turns give the spinner time)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void *spin(void *arg)
{
	volatile unsigned long x = 0;

	(void)arg;
	for (;;)
		x++;
	return NULL;
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	int sleepy = argc > 1 && !strcmp(argv[1], "sleep");
	pthread_t t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "spin"))
		pthread_create(&t, NULL, spin, NULL);
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
	}
	return 0;
}
