/*
 * timer_bot.c - an attack on the opponents' clocks through timer
 * interrupts (t_attack_timers.sh, docs/sandbox.md). A bot plays the first
 * legal move; what it does besides depends on its mode:
 *
 *   storm K PERIOD_US  K processes each arm up to 240 one-shot timers,
 *                      spread over every PERIOD_US, and sleep between
 *                      rounds: thousands of interrupts a second, each
 *                      landing on whatever runs (the opponent on move), at
 *                      almost no CPU of the bot's own. It says on stderr
 *                      how many timers it got (timerfd_create, then
 *                      timer_create when timerfds are refused).
 *   fanout PERIOD_US   one process blocks SIGALRM, adds each of 50 signalfds
 *                      to each of 50 epoll sets under 20 fd numbers (dups
 *                      closed after: the entries stay), 50,000 entries on
 *                      its signalfds' wait queues, and keeps an
 *                      ITIMER_REAL going every PERIOD_US: each firing
 *                      queues SIGALRM from the timer interrupt, which runs
 *                      every entry's epoll callback there, on whatever
 *                      runs, while the bot sleeps. It says on stderr what
 *                      signalfd gave and how many entries it made.
 *   work ITERATIONS    spins a fixed number of iterations per decision:
 *                      the same work every time, whatever it is charged.
 *   calibrate MS       (outside a game) prints the iterations that take MS
 *                      of CPU time here, for 'work'.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

enum { TIMERS = 240 };

static double cpu_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void spin(long n)
{
	volatile unsigned long x = 1;

	for (long i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
}

/* Arms timer i of n for its place in the period starting at base (ns). */
static void arm(int tfd, timer_t pt, int i, int n, long long base, long period_us)
{
	long long at = base + (long long)(i + 1) * period_us * 1000 / n;
	struct itimerspec its = { { 0, 0 }, { at / 1000000000LL, at % 1000000000LL } };

	if (tfd >= 0)
		timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL);
	else
		timer_settime(pt, TIMER_ABSTIME, &its, NULL);
}

static void storm(int k, long period_us)
{
	int fds[TIMERS], nfd = 0, npt = 0, err_fd = 0, err_pt = 0;
	timer_t pts[TIMERS];
	struct sigevent quiet = { .sigev_notify = SIGEV_NONE };

	for (; nfd < TIMERS; nfd++)
		if ((fds[nfd] = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC)) < 0) {
			err_fd = errno;
			break;
		}
	if (!nfd)
		for (; npt < TIMERS; npt++)
			if (timer_create(CLOCK_MONOTONIC, &quiet, &pts[npt]) < 0) {
				err_pt = errno;
				break;
			}
	if (k == 0)
		fprintf(stderr, "timerfd_create: %s\ntimer_create: %s\ntimers armed: %d a process\n",
			err_fd ? strerror(err_fd) : "ok", nfd ? "not tried" :
			err_pt ? strerror(err_pt) : "ok", nfd + npt);
	if (!nfd && !npt)
		return;
	for (;;) {
		struct timespec t;
		long long base;

		clock_gettime(CLOCK_MONOTONIC, &t);
		base = t.tv_sec * 1000000000LL + t.tv_nsec;
		for (int i = 0; i < nfd + npt; i++)
			arm(i < nfd ? fds[i] : -1, i < nfd ? 0 : pts[i], i, nfd + npt, base,
			    period_us);
		base += period_us * 1000LL;
		t.tv_sec = base / 1000000000LL;
		t.tv_nsec = base % 1000000000LL;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
	}
}

static void fanout(long period_us)
{
	enum { FDS = 50, SETS = 50, DUPS = 19 };
	int sfd[FDS], efd[SETS], dup_fd[DUPS], err = 0;
	long entries = 0;
	struct itimerval it = { { 0, period_us }, { 0, period_us } };
	sigset_t alrm;

	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_BLOCK, &alrm, NULL);
	for (int i = 0; i < FDS; i++)
		if ((sfd[i] = signalfd(-1, &alrm, SFD_CLOEXEC | SFD_NONBLOCK)) < 0)
			err = errno;
	fprintf(stderr, "signalfd: %s\n", err ? strerror(err) : "ok");
	if (err)
		return;
	for (int e = 0; e < SETS; e++)
		efd[e] = epoll_create1(EPOLL_CLOEXEC);
	for (int d = 0; d < DUPS; d++)
		dup_fd[d] = dup(0);
	for (int i = 0; i < FDS; i++) {
		for (int d = -1; d < DUPS; d++) {
			int fd = d < 0 ? sfd[i] : dup2(sfd[i], dup_fd[d]);

			for (int e = 0; e < SETS; e++) {
				struct epoll_event ev = { .events = EPOLLIN };

				entries += epoll_ctl(efd[e], EPOLL_CTL_ADD, fd, &ev) == 0;
			}
		}
	}
	for (int d = 0; d < DUPS; d++)
		dup2(0, dup_fd[d]); /* the entries stay while the signalfd is open */
	fprintf(stderr, "epoll entries: %ld\n", entries);
	setitimer(ITIMER_REAL, &it, NULL);
	for (;;) {
		struct signalfd_siginfo si;

		/* reading SIGALRM re-arms the timer; never asleep on the signalfd */
		usleep(15000);
		while (read(sfd[0], &si, sizeof(si)) > 0)
			;
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	long a = argc > 2 ? atol(argv[2]) : 0, b = argc > 3 ? atol(argv[3]) : 0;
	char line[8192];

	if (!strcmp(mode, "calibrate")) {
		long n = 1000000;
		double t;

		/* double until it takes a tenth of a second, then scale */
		for (;;) {
			t = cpu_ms();
			spin(n);
			t = cpu_ms() - t;
			if (t >= 100)
				break;
			n *= 2;
		}
		printf("%ld\n", (long)((double)n * (double)a / t));
		return 0;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "storm")) {
		fflush(stderr);
		for (int k = 0; k < a; k++)
			if (fork() == 0) {
				storm(k, b);
				_exit(0);
			}
	}
	if (!strcmp(mode, "fanout") && fork() == 0) {
		fanout(a);
		_exit(0);
	}
	while (fgets(line, sizeof(line), stdin)) {
		if (!strncmp(line, "legal ", 6)) {
			char *c = line + 6;

			c[strcspn(c, ",\n")] = '\0';
			if (!strcmp(c, "ready")) {
				printf("ready timer_bot\n");
				continue;
			}
			if (!strcmp(mode, "work"))
				spin(a);
			printf("%s\n", c);
		} else if (!strncmp(line, "quit", 4)) {
			break;
		}
	}
	if (!strcmp(mode, "storm") || !strcmp(mode, "fanout"))
		kill(0, SIGKILL);
	return 0;
}
