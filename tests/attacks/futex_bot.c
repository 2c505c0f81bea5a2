/*
 * futex_bot.c - two bots of one game meeting on a futex in a page of
 * libc, which every bot maps: the kernel finds the sleepers of a shared
 * futex (no FUTEX_PRIVATE_FLAG) in a file's page by the file and the
 * offset, whichever process maps it, so a wake in one sandbox would reach
 * a sleeper in another and tell the waker that someone slept there: a
 * bit a millisecond, exact. Plays the first legal move after a nap of
 * 20 ms, so that a game against quick bots lasts long enough; what it
 * sees goes to stderr.
 *
 *   futex_bot wait   at its handshake, a child sleeps on the futex
 *                    until woken and prints "futex wait woken", or
 *                    "futex wait ERRNO" if the sleep was refused (EAGAIN)
 *   futex_bot hold   at its handshake, a child's 4 threads wait on the
 *                    futex again and again (FUTEX_WAIT and
 *                    FUTEX_WAIT_BITSET, no timeout: each held by the
 *                    sandbox's init 2 ms before its EAGAIN); after 1.5 s
 *                    it prints "futex hold waits many|few, woken N,
 *                    other M", and goes on waiting until the game's end
 *                    kills it, printing "futex hold failed ERRNO" if a
 *                    wait fails otherwise (and glibc's pthread_join "The
 *                    futex facility returned an unexpected error code")
 *   futex_bot wake   at its handshake, a child wakes the futex every
 *                    millisecond for 1.5 s (by the clock) and prints "futex wake N" at the
 *                    first wake that found N sleepers, or "futex wake 0"
 *
 * Both first start a thread and join it ("futex join ok"): pthread_join
 * sleeps on a shared futex, the thread's id.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static char libc_path[4096];

static int find_libc(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (info->dlpi_name && strstr(info->dlpi_name, "/libc.so")) {
		snprintf(libc_path, sizeof(libc_path), "%s", info->dlpi_name);
		return 1;
	}
	return 0;
}

/* A word of the first page of libc, mapped read-only and private. */
static const uint32_t *libc_word(void)
{
	void *p;
	int fd;

	dl_iterate_phdr(find_libc, NULL);
	fd = open(libc_path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "futex cannot open libc '%s': %s\n", libc_path, strerror(errno));
		return NULL;
	}
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	return p == MAP_FAILED ? NULL : (const uint32_t *)p + 16;
}

static void *nap(void *arg)
{
	(void)arg;
	usleep(20000);
	return NULL;
}

static void sleeper(const uint32_t *w)
{
	long r = syscall(SYS_futex, w, FUTEX_WAIT, *w, NULL, NULL, 0);

	fprintf(stderr, "futex wait %s\n", r == 0 ? "woken" : strerrorname_np(errno));
}

static const uint32_t *hold_word;
static long hold_n[3]; /* EAGAIN, woken, other */
static volatile int hold_told; /* the counts printed: any other answer is told at once */

static void *holder(void *arg)
{
	long op = (long)arg;

	for (;;) {
		long r = syscall(SYS_futex, hold_word, op, *hold_word, NULL, NULL, ~0U);

		if (hold_told && !(r < 0 && errno == EAGAIN)) {
			fprintf(stderr, "futex hold failed %s\n", r ? strerrorname_np(errno) : "woken");
			_exit(1);
		}
		__atomic_add_fetch(&hold_n[r == 0 ? 1 : errno == EAGAIN ? 0 : 2], 1,
				   __ATOMIC_RELAXED);
	}
	return NULL;
}

static void hold(const uint32_t *w)
{
	pthread_t t[4];

	hold_word = w;
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, holder, (void *)(long)(i % 2 ? FUTEX_WAIT_BITSET : FUTEX_WAIT));
	usleep(1500000);
	fprintf(stderr, "futex hold waits %s, woken %ld, other %ld\n",
		__atomic_load_n(&hold_n[0], __ATOMIC_RELAXED) > 400 ? "many" : "few",
		__atomic_load_n(&hold_n[1], __ATOMIC_RELAXED),
		__atomic_load_n(&hold_n[2], __ATOMIC_RELAXED));
	hold_told = 1;
	pthread_join(t[0], NULL); /* never returns: the game's end kills it */
}

/* 1.5 s by the clock, not 1,500 sleeps: under load they take longer than the game */
static void waker(const uint32_t *w)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		long n = syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0);

		if (n > 0) {
			fprintf(stderr, "futex wake %ld\n", n);
			return;
		}
		usleep(1000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 1500);
	fprintf(stderr, "futex wake 0\n");
}

int main(int argc, char **argv)
{
	const char *role = argc > 1 ? argv[1] : "";
	char line[65536];
	int first = 1;
	pthread_t t;
	int e;

	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IONBF, 0);
	e = pthread_create(&t, NULL, nap, NULL);
	if (!e)
		e = pthread_join(t, NULL);
	fprintf(stderr, "futex join %s\n", e ? strerrorname_np(e) : "ok");
	while (fgets(line, sizeof(line), stdin)) {
		char *move, *end;

		if (!strcmp(line, "quit\n"))
			break;
		if (strncmp(line, "legal ", 6))
			continue;
		if (first) {
			const uint32_t *w = libc_word();

			first = 0;
			if (w && fork() == 0) {
				if (!strcmp(role, "wait"))
					sleeper(w);
				else if (!strcmp(role, "hold"))
					hold(w);
				else
					waker(w);
				_exit(0);
			}
		}
		usleep(20000);
		move = line + 6;
		end = strpbrk(move, ",\n");
		if (end)
			*end = '\0';
		printf("%s\n", move);
	}
	return 0;
}
