/*
 * hog_bot.c - a bot that wins by making its opponents time out.
 *
 *	hog_bot hog N      forks N-1 processes that spin on the CPU for the
 *	                   whole game (within nproc), then plays the first
 *	                   legal move of every request at once
 *	hog_bot work MS    an honest bot: each decision costs MS ms of CPU
 *	                   (a fixed amount of work measured alone at startup,
 *	                   like a search of fixed depth), then the first move
 *
 * Under the default wall-clock limits (protocol.md, "Time") the time an
 * honest bot needs for a decision grows with the machine's load, and
 * nothing bounds the CPU a bot's tree takes while others think (RLIMIT_CPU
 * is per process, a 600 s backstop; no cgroup, no nice): the hog's
 * spinners leave its opponents a small share of the cores, they miss
 * move_ms, fault with "timeout" and forfeit the game to the hog.
 * Each worker prints "work: calibrated N loops for MS ms" to stderr.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 2654435761u;
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	unsigned long loops = 0;
	int hog = argc > 2 && !strcmp(argv[1], "hog");

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 3)
		return 2;
	if (hog) {
		int n = atoi(argv[2]);

		for (int i = 1; i < n; i++)
			if (fork() == 0) {
				/* a session each: an autogroup each, so the scheduler
				 * weighs every spinner like a whole bot */
				setsid();
				for (;;)
					spin(1UL << 30);
			}
		fprintf(stderr, "hog: %d spinners\n", n - 1);
	} else {
		double ms = atof(argv[2]), t0 = now_ms();
		unsigned long n = 1 << 16;

		/* how many loops make MS ms of this process's own CPU time */
		for (;;) {
			spin(n);
			if (now_ms() - t0 >= 20)
				break;
			n *= 2;
		}
		loops = (unsigned long)((double)n * ms / (now_ms() - t0) * 2);
		t0 = now_ms();
		spin(loops);
		fprintf(stderr, "work: calibrated %lu loops for %.0f ms (measured %.0f ms)\n",
			loops, ms, now_ms() - t0);
	}
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "legal ", 6)) {
			char *m = line + 6;

			m[strcspn(m, ",")] = '\0';
			if (!strcmp(m, "ready")) {
				printf("ready %s\n", hog ? "hog" : "worker");
				continue;
			}
			if (!hog)
				spin(loops);
			printf("%s\n", m);
		} else if (!strcmp(line, "quit")) {
			break;
		}
	}
	return 0;
}
