/*
 * ksm_bot.c - partners passing bits through KSM, the kernel's same-page
 * merging. Where KSM runs (/sys/kernel/mm/ksm/run = 1), ksmd merges
 * identical pages of every area marked mergeable, whichever process holds
 * them, into one write-protected page; a write to a merged page then takes
 * a copy-on-write fault, microseconds where a write to a page of one's
 * own takes nanoseconds. So a bot that holds a page of a content its
 * partner also holds learns so by timing a write to it: a bit a page.
 * Plays the first legal move; what it sees goes to stderr.
 *
 *   ksm_bot send BITS     at its first request (the handshake), holds one
 *                         page a bit (BITS: a string of 0 and 1), bit i
 *                         as the page pattern(i, bit), marked mergeable
 *                         with madvise(MADV_MERGEABLE); prints "ksm send
 *                         madvise: ok" or the errno
 *   ksm_bot recv N [MS]   at its first decision after the handshake,
 *                         holds pattern(i, 0) and pattern(i, 1) for each
 *                         of N bits, marked mergeable, waits for ksmd (up
 *                         to MS ms, 5000 by default: until its own
 *                         /proc/self/ksm_merging_pages has not moved for a
 *                         second), then times one write to each page:
 *                         the bit is the one whose page is slow to write
 *                         (the partner holds exactly one of the two).
 *                         Prints "ksm recv BITS", how many pairs had
 *                         exactly one slow page, how long it waited and
 *                         the median times
 *   ksm_bot try           at its first request, every call that opts
 *                         memory into merging and one that must still
 *                         work: "ksm madvise_mergeable: ok|ERRNO",
 *                         "ksm prctl_memory_merge: ...", "ksm
 *                         madvise_dontneed: ...", and "ksm merge_any: N",
 *                         PR_GET_MEMORY_MERGE before it tried (1: the
 *                         process was started with all its memory
 *                         mergeable)
 *
 * Build: cc -O2 -o DIR/ksm_bot tests/attacks/ksm_bot.c
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#ifndef MADV_MERGEABLE
#define MADV_MERGEABLE 12
#endif
#ifndef PR_SET_MEMORY_MERGE
#define PR_SET_MEMORY_MERGE 67
#endif
#ifndef PR_GET_MEMORY_MERGE
#define PR_GET_MEMORY_MERGE 68
#endif

#define PAGE 4096
#define WORDS (PAGE / 8)

static const char *err_name(int r)
{
	return r == 0 ? "ok" : strerrorname_np(errno);
}

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* the content both partners agree on for bit i holding b */
static void pattern(uint64_t *page, size_t i, int b)
{
	for (size_t w = 0; w < WORDS; w++)
		page[w] = mix(0x6b736d2d62697473ULL ^ (i << 20) ^ ((uint64_t)b << 19) ^ w);
}

/* pages anonymous memory, no huge pages (ksmd would split them) */
static uint64_t *pages(size_t n)
{
	void *p = mmap(NULL, n * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	madvise(p, n * PAGE, MADV_NOHUGEPAGE);
	return p;
}

static long merging_pages(void)
{
	FILE *f = fopen("/proc/self/ksm_merging_pages", "r");
	long n = -1;

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static uint64_t time_write(uint64_t *page)
{
	uint64_t t0 = now_ns();

	*(volatile uint64_t *)page ^= 1;
	return now_ns() - t0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void sender(const char *bits)
{
	size_t n = strlen(bits);
	uint64_t *mem = pages(n);
	int r;

	if (!mem) {
		fprintf(stderr, "ksm send mmap: %s\n", strerrorname_np(errno));
		return;
	}
	for (size_t i = 0; i < n; i++)
		pattern(mem + i * WORDS, i, bits[i] == '1');
	r = madvise(mem, n * PAGE, MADV_MERGEABLE);
	fprintf(stderr, "ksm send madvise: %s\n", err_name(r));
	fprintf(stderr, "ksm send %s\n", bits);
	/* the pages stay for the rest of the game */
}

static void receiver(size_t n, long wait_ms)
{
	uint64_t *mem = pages(2 * n), *t = malloc(4 * n * sizeof(*t)), t_start, slow;
	char *bits = calloc(n + 1, 1);
	long last = -1, waited, merged = -1;
	size_t clear = 0;
	int r, still = 0;

	if (!mem || !t || !bits) {
		fprintf(stderr, "ksm recv: no memory\n");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		pattern(mem + (2 * i) * WORDS, i, 0);
		pattern(mem + (2 * i + 1) * WORDS, i, 1);
	}
	r = madvise(mem, 2 * n * PAGE, MADV_MERGEABLE);
	fprintf(stderr, "ksm recv madvise: %s\n", err_name(r));
	t_start = now_ns();
	/* until ksmd has merged what it will: the count stands still for 1 s */
	for (waited = 0; waited < wait_ms; waited = (long)((now_ns() - t_start) / 1000000)) {
		usleep(100000);
		merged = merging_pages();
		if (merged > 0 && merged == last) {
			if (++still >= 10)
				break;
		} else {
			still = 0;
		}
		last = merged;
	}
	for (size_t i = 0; i < n; i++) {
		t[2 * i] = time_write(mem + (2 * i) * WORDS);
		t[2 * i + 1] = time_write(mem + (2 * i + 1) * WORDS);
	}
	/*
	 * exactly one page of each pair may be merged (the partner holds one
	 * of the two): slow is above 4 times the median of the faster
	 * writes of the pairs, and above 300 ns
	 */
	for (size_t i = 0; i < n; i++)
		t[2 * n + i] = t[2 * i] < t[2 * i + 1] ? t[2 * i] : t[2 * i + 1];
	qsort(t + 2 * n, n, sizeof(*t), cmp_u64);
	slow = 4 * t[2 * n + n / 2];
	if (slow < 300)
		slow = 300;
	for (size_t i = 0; i < n; i++) {
		int s0 = t[2 * i] > slow, s1 = t[2 * i + 1] > slow;

		bits[i] = t[2 * i + 1] > t[2 * i] ? '1' : '0';
		clear += s0 != s1;
	}
	fprintf(stderr, "ksm recv merged %ld pages, waited %ld ms\n", merged, waited);
	memcpy(t + 2 * n, t, 2 * n * sizeof(*t));
	qsort(t + 2 * n, 2 * n, sizeof(*t), cmp_u64);
	fprintf(stderr, "ksm recv write ns: fastest %llu, median %llu, slowest %llu, slow above %llu\n",
		(unsigned long long)t[2 * n], (unsigned long long)t[2 * n + n],
		(unsigned long long)t[4 * n - 1], (unsigned long long)slow);
	fprintf(stderr, "ksm recv clear %zu of %zu\n", clear, n);
	fprintf(stderr, "ksm recv %s\n", bits);
}

static void try_calls(void)
{
	uint64_t *mem = pages(4);
	int r;

	r = prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0);
	fprintf(stderr, "ksm merge_any: %s\n", r >= 0 ? (r ? "1" : "0") : strerrorname_np(errno));
	if (!mem) {
		fprintf(stderr, "ksm mmap: %s\n", strerrorname_np(errno));
		return;
	}
	memset(mem, 1, 4 * PAGE);
	fprintf(stderr, "ksm madvise_mergeable: %s\n", err_name(madvise(mem, 4 * PAGE, MADV_MERGEABLE)));
	fprintf(stderr, "ksm prctl_memory_merge: %s\n",
		err_name(prctl(PR_SET_MEMORY_MERGE, 1, 0, 0, 0)));
	r = madvise(mem, 4 * PAGE, MADV_DONTNEED);
	/* the pages read back as zeros: the advice really ran */
	fprintf(stderr, "ksm madvise_dontneed: %s\n",
		r ? strerrorname_np(errno) : mem[0] == 0 ? "ok" : "ignored");
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	char line[65536];
	int requests = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IONBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *move, *end;

		if (!strcmp(line, "quit\n"))
			break;
		if (strncmp(line, "legal ", 6))
			continue;
		requests++;
		if (requests == 1 && !strcmp(mode, "send") && argc > 2)
			sender(argv[2]);
		else if (requests == 1 && !strcmp(mode, "try"))
			try_calls();
		else if (requests == 2 && !strcmp(mode, "recv") && argc > 2)
			receiver(strtoul(argv[2], NULL, 10), argc > 3 ? strtol(argv[3], NULL, 10) : 5000);
		move = line + 6;
		end = strpbrk(move, ",\n");
		if (end)
			*end = '\0';
		printf("%s\n", move);
	}
	return 0;
}
