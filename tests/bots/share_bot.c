/*
 * share_bot.c - for t_cpu_ticks: a bot whose CPU time per decision it
 * knows exactly. At each request its NTHREADS threads (the main one
 * among them) each burn FRAC / NTHREADS of the ms the 'time' line
 * offered, counted on their own thread's CPU clock, which is exact; the
 * others then sleep, and the main thread answers the first legal move
 * once all are done and it has slept 2 ms, by when the others are asleep
 * too. So no thread runs when the answer goes out or the next request
 * comes: the kernel shows another process a running thread's time only up
 * to that thread's last scheduler tick (docs/sandbox.md).
 * stderr: one line per decision, "offered N cpu C" (ms, C the process's
 * CPU time over the decision, exact then). With ENDED, a thread first
 * burns ENDED ms and ends before the handshake: its time is then in the
 * process's but in no live thread's. With NTHREADS 0 a child process
 * burns the share, sleeps 100 ms (so that a reading sees it alive) and
 * exits, and the bot waits for it: C counts it exactly (getrusage of the
 * children).
 * usage: share_bot NTHREADS FRAC [ENDED]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long round_no, done;
static double share;

static double clock_ms(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void burn(void)
{
	double t0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);

	while (clock_ms(CLOCK_THREAD_CPUTIME_ID) - t0 < share)
		;
}

/* The CPU time (ms) of the children waited for. */
static double children_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* NTHREADS 0: the share burned in a child, which then sleeps and exits; waited for. */
static int burn_in_child(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		burn();
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
		_exit(0);
	}
	return pid < 0 || waitpid(pid, NULL, 0) != pid ? -1 : 0;
}

static void *ended(void *arg)
{
	share = *(double *)arg;
	burn();
	return NULL;
}

static void *worker(void *arg)
{
	long seen = 0;

	(void)arg;
	for (;;) {
		pthread_mutex_lock(&mu);
		while (round_no == seen)
			pthread_cond_wait(&cv, &mu);
		seen = round_no;
		pthread_mutex_unlock(&mu);
		burn();
		pthread_mutex_lock(&mu);
		done++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 1;
	double frac = argc > 2 ? strtod(argv[2], NULL) : 0.8;
	static char line[1 << 16];
	long offered = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 3) {
		double ms = strtod(argv[3], NULL);
		pthread_t t;

		if (pthread_create(&t, NULL, ended, &ms) != 0 || pthread_join(t, NULL) != 0)
			return 1;
	}
	for (int i = 1; i < n; i++) {
		pthread_t t;

		if (pthread_create(&t, NULL, worker, NULL) != 0)
			return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		double c0;
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "time ", 5)) {
			offered = strtol(line + 5, NULL, 10);
			continue;
		}
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready share\n");
			continue;
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID) + children_ms();
		if (n == 0) {
			share = frac * (double)offered;
			if (burn_in_child() < 0)
				return 1;
			fprintf(stderr, "offered %ld cpu %.3f\n", offered,
				clock_ms(CLOCK_PROCESS_CPUTIME_ID) + children_ms() - c0);
			printf("%s\n", line + 6);
			continue;
		}
		share = frac * (double)offered / n;
		pthread_mutex_lock(&mu);
		done = 0;
		round_no++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		burn();
		pthread_mutex_lock(&mu);
		while (done < n - 1)
			pthread_cond_wait(&cv, &mu);
		pthread_mutex_unlock(&mu);
		nanosleep(&(struct timespec){ 0, 2000000 }, NULL);
		fprintf(stderr, "offered %ld cpu %.3f\n", offered,
			clock_ms(CLOCK_PROCESS_CPUTIME_ID) + children_ms() - c0);
		printf("%s\n", line + 6);
	}
	return 0;
}
