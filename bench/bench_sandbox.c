/*
 * bench_sandbox.c - what starting and stopping one sealed bot costs.
 *
 * Baseline: fork, exec and reap the same program with nothing around it
 * (posix_spawn of /bin/true), measured in the same run. Then the same
 * program through sandbox_spawn() + sandbox_wait(): with every layer (its
 * own root, /proc, private /tmp, namespaces, Landlock, seccomp, a slot's
 * uid), and with --insecure (layer 1 only). The aim for the sealed start
 * and stop is at most 5 ms. Each bot gets a cgroup where the machine has
 * them; "bench_sandbox --no-cgroup" measures the same without, so the
 * two lines of one run show what the cgroup costs.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

extern char **environ;

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double plain(char *const *argv)
{
	double t0 = now_ms();
	pid_t pid;
	int st;

	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		exit(1);
	waitpid(pid, &st, 0);
	return now_ms() - t0;
}

static double sealed(char *const *argv, int slot, int insecure, const char *scratch)
{
	struct sandbox_spec s;
	struct sandbox_proc *p;
	char err[256];
	int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	double t0 = now_ms();

	memset(&s, 0, sizeof(s));
	s.argv = argv;
	s.scratch = insecure ? scratch : NULL;
	s.fd_in = s.fd_out = s.fd_err = devnull;
	limits_default(&s.lim);
	s.slot = slot;
	s.insecure = insecure;
	p = sandbox_spawn(&s, NULL, err, sizeof(err));
	if (!p) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	sandbox_wait(p, 0, NULL, NULL, 0);
	sandbox_free(p);
	t0 = now_ms() - t0;
	close(devnull);
	return t0;
}

/*
 * What the init's answers to a bot's opens and sysinfo() cost a runtime's
 * start: each runtime started sealed with them (as every bot is) and
 * without (Landlock granting /proc whole, as before), alternating, the
 * medians of RT_RUNS. Every open of the runtime stops in the init.
 */
#define RT_RUNS 9
static void runtimes(const char *scratch)
{
	static char *const py[] = { "/usr/bin/python3", "-c", "import json, random", NULL };
	static char *const node[] = { "/usr/bin/node", "-e", "require('readline')", NULL };
	static char *const java[] = { "/usr/bin/java", "-version", NULL };
	static char *const perl[] = { "/usr/bin/perl", "-e", "use List::Util;", NULL };
	static char *const sh[] = { "/bin/sh", "-c", "cat /proc/self/status >/dev/null", NULL };
	static const struct {
		const char *name;
		char *const *argv;
	} rt[] = { { "python3", py }, { "node", node }, { "java", java }, { "perl", perl },
		   { "sh+cat", sh } };
	char err[256];
	int lock, slot = sandbox_slot_acquire(&lock, err, sizeof(err));

	if (slot < 0)
		return;
	for (size_t r = 0; r < sizeof(rt) / sizeof(rt[0]); r++) {
		double on[RT_RUNS], off[RT_RUNS];

		if (access(rt[r].argv[0], X_OK) < 0)
			continue;
		for (int i = 0; i < RT_RUNS; i++) {
			sandbox_answers(1);
			on[i] = sealed(rt[r].argv, slot, 0, scratch);
			sandbox_answers(0);
			off[i] = sealed(rt[r].argv, slot, 0, scratch);
		}
		sandbox_answers(1);
		qsort(on, RT_RUNS, sizeof(double), cmp_double);
		qsort(off, RT_RUNS, sizeof(double), cmp_double);
		printf("sandbox: %-8s start and stop, median of %d: %.1f ms with the init answering "
		       "opens, %.1f ms without (%.2fx)\n",
		       rt[r].name, RT_RUNS, on[RT_RUNS / 2], off[RT_RUNS / 2],
		       on[RT_RUNS / 2] / off[RT_RUNS / 2]);
	}
	sandbox_slot_release(slot, lock);
}

int main(int argc, char **argv_main)
{
	enum { N = 60 };
	char *const argv[] = { "/bin/true", NULL };
	double base[N], all[N], ins[N];
	char scratch[] = "/tmp/bench-sandbox-XXXXXX", err[256];
	struct sandbox_info info;
	int lock, slot;

	if (argc > 1 && !strcmp(argv_main[1], "--no-cgroup"))
		sandbox_cgroups_off();
	sandbox_probe(&info);
	if (!mkdtemp(scratch))
		return 1;
	slot = sandbox_slot_acquire(&lock, err, sizeof(err));
	if (slot < 0) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	/* alternate, so every kind sees the same machine load */
	for (int i = 0; i < N; i++) {
		base[i] = plain(argv);
		all[i] = sealed(argv, slot, 0, scratch);
		ins[i] = sealed(argv, slot, 1, scratch);
	}
	sandbox_slot_release(slot, lock);
	rmdir(scratch);
	qsort(base, N, sizeof(double), cmp_double);
	qsort(all, N, sizeof(double), cmp_double);
	qsort(ins, N, sizeof(double), cmp_double);
	printf("sandbox (%s): start and stop of /bin/true, median of %d: plain %.2f ms; sealed %.2f ms "
	       "(%.1fx plain, 90th percentile %.2f ms; aim: at most 5 ms); insecure %.2f ms (%.1fx)\n",
	       info.active[SANDBOX_CGROUP] ? "a cgroup per bot" : "no cgroup", N, base[N / 2],
	       all[N / 2], all[N / 2] / base[N / 2], all[N * 9 / 10], ins[N / 2],
	       ins[N / 2] / base[N / 2]);
	printf("sandbox: layers: %s\n", sandbox_isolates(&info) ? "all isolating layers" :
	       "bots not isolated here");
	runtimes(scratch);
	return 0;
}
