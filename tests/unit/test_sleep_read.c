/*
 * test_sleep_read.c - the read the referee sleeps in for an answer
 * (referee/sleep_read.c): the timer ends it at its time, a wake-up from
 * another handler ends it at once or, come before it, ends the next one,
 * a signal that does not wake it leaves it asleep, and under a storm of
 * timer ticks and signals no byte is lost, doubled or reordered.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "sleep_read.h"
#include "testhelp.h"

static volatile sig_atomic_t usr2_seen;

static void on_usr1(int sig, siginfo_t *si, void *ucontext)
{
	(void)sig;
	(void)si;
	sleep_read_wake(ucontext);
}

static void on_usr2(int sig)
{
	(void)sig;
	usr2_seen++;
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* A child that waits ms, then sends sig to the parent (0: none) and writes text (NULL: none). */
static pid_t later(int fd, int ms, int sig, const char *text)
{
	pid_t pid = fork();

	if (pid == 0) {
		sleep_ms(ms);
		if (sig)
			kill(getppid(), sig);
		if (text && write(fd, text, strlen(text)) < 0)
			_exit(1);
		_exit(0);
	}
	return pid;
}

/* What is there is read at once: the bytes, whatever the timer. */
static void test_bytes_there(void)
{
	int p[2];
	char buf[16];

	CHECK(pipe(p) == 0);
	CHECK(write(p[1], "abc\n", 4) == 4);
	sleep_read_clear();
	CHECK_INT(sleep_read_arm(clock_ms() + 1000), 0);
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), 4);
	CHECK(!memcmp(buf, "abc\n", 4));
	/* the end: the writer gone */
	close(p[1]);
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), 0);
	close(p[0]);
}

/* Nothing comes: the timer ends the read at its time, not before, and takes no byte. */
static void test_timer_ends_the_read(void)
{
	int p[2];
	char buf[16];
	double t0, took;

	CHECK(pipe(p) == 0);
	sleep_read_clear();
	t0 = clock_ms();
	CHECK_INT(sleep_read_arm(t0 + 40), 0);
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), -EINTR);
	took = clock_ms() - t0;
	CHECK(took >= 40 && took < 500);
	if (!(took >= 40 && took < 500))
		fprintf(stderr, "the timer of 40 ms ended the read after %.3f ms\n", took);
	/* a later timer that has not fired yet is kept: the next read sleeps till the byte */
	CHECK(write(p[1], "x", 1) == 1);
	sleep_read_clear();
	CHECK_INT(sleep_read_arm(clock_ms() + 1000), 0);
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), 1);
	CHECK(buf[0] == 'x');
	close(p[0]);
	close(p[1]);
}

/*
 * A handler that calls sleep_read_wake() (the stop's) ends a read asleep;
 * one that does not (SA_RESTART) leaves it asleep till its byte comes.
 */
static void test_wake_from_a_handler(void)
{
	int p[2];
	char buf[16];
	double t0, took;
	pid_t pid;

	CHECK(pipe(p) == 0);
	sleep_read_clear();
	t0 = clock_ms();
	CHECK_INT(sleep_read_arm(t0 + 5000), 0);
	pid = later(p[1], 30, SIGUSR1, NULL);
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), -EINTR);
	took = clock_ms() - t0;
	CHECK(took >= 30 && took < 2000);
	waitpid(pid, NULL, 0);

	usr2_seen = 0;
	sleep_read_clear();
	pid = later(p[1], 30, SIGUSR2, "y");
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), 1);
	CHECK(buf[0] == 'y');
	CHECK_INT(usr2_seen, 1);
	waitpid(pid, NULL, 0);

	/*
	 * a wake-up that came before the read ends it at once (the timer of 5 s
	 * above is still set: a read that slept would end only then); a clear
	 * forgets it
	 */
	sleep_read_clear();
	raise(SIGUSR1);
	t0 = clock_ms();
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), -EINTR);
	CHECK(clock_ms() - t0 < 500);
	CHECK(write(p[1], "z", 1) == 1);
	sleep_read_clear();
	CHECK_INT(sleep_read(p[0], buf, sizeof(buf)), 1);
	CHECK(buf[0] == 'z');
	close(p[0]);
	close(p[1]);
}

/*
 * A writer sends 1,000,000 bytes in pieces of 1 to 300, pausing 100 us
 * after one in four; another process sends the reader SIGUSR1 (a wake-up) every
 * 50 us or so; the reader's timer is set 20 us ahead before every read.
 * Every byte comes once, in order, whatever ended the reads.
 */
static void test_no_byte_lost_in_a_storm(void)
{
	enum { TOTAL = 1000000 };
	int p[2];
	pid_t writer, pest;
	long got = 0, woken = 0, reads = 0, bad = -1;
	unsigned char buf[512];

	CHECK(pipe(p) == 0);
	writer = fork();
	if (writer == 0) {
		unsigned char out[300];
		long sent = 0;
		unsigned r = 12345;

		close(p[0]);
		while (sent < TOTAL) {
			long n = 1 + (long)((r = r * 1103515245u + 12345u) >> 16) % 300;

			if (n > TOTAL - sent)
				n = TOTAL - sent;
			for (long i = 0; i < n; i++)
				out[i] = (unsigned char)((sent + i) % 251);
			if (write(p[1], out, (size_t)n) != n)
				_exit(1);
			sent += n;
			if ((r >> 8) % 4 == 0)
				usleep(100);
		}
		_exit(0);
	}
	close(p[1]);
	pest = fork();
	if (pest == 0) {
		pid_t parent = getppid();

		for (;;) {
			if (kill(parent, SIGUSR1) < 0)
				_exit(0);
			usleep(50);
		}
	}
	for (;;) {
		long n;

		sleep_read_clear();
		if (sleep_read_arm(clock_ms() + 0.02) < 0)
			break;
		n = sleep_read(p[0], buf, 1 + (size_t)(reads++ % (long)sizeof(buf)));
		if (n == -EINTR) {
			woken++;
			continue;
		}
		if (n <= 0)
			break;
		for (long i = 0; i < n; i++)
			if (bad < 0 && buf[i] != (unsigned char)((got + i) % 251))
				bad = got + i;
		got += n;
	}
	kill(pest, SIGKILL);
	waitpid(pest, NULL, 0);
	waitpid(writer, NULL, 0);
	close(p[0]);
	CHECK_INT(got, TOTAL);
	CHECK_INT(bad, -1);
	/* the storm did end reads (thousands of wake-ups are usual) */
	CHECK(woken >= 100);
	printf("storm: %ld bytes in %ld reads, %ld ended by a wake-up\n", got, reads, woken);
}

int main(void)
{
	if (sleep_read_init() < 0) {
#if defined(__x86_64__) && defined(__linux__)
		CHECK(!"sleep_read_init() failed on x86-64 Linux");
#else
		printf("no sleeping reads on this machine: the referee waits in epoll_wait()\n");
#endif
		return TEST_REPORT();
	}
	install();
	/* a read that nothing ends would hang the suite: end the test instead */
	alarm(60);
	RUN(test_bytes_there);
	RUN(test_timer_ends_the_read);
	RUN(test_wake_from_a_handler);
	RUN(test_no_byte_lost_in_a_storm);
	return TEST_REPORT();
}
