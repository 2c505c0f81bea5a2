/*
 * sandbox_tree.c - a bot's process tree seen through /proc: the CPU time
 * of every process in it, and killing what a subreaper inherited.
 */
#include "sandbox_impl.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util.h"

/* raw system calls only: the init calls it */
int sandbox_tree_kill_children(pid_t parent)
{
	char buf[4096], path[64], stat[512];
	int dfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int count = 0;
	long n;

	if (dfd < 0)
		return 0;
	while ((n = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);
			unsigned long pid = 0;
			const char *q;
			char *p;
			ssize_t len;
			int sfd;

			off += d->d_reclen;
			for (q = d->d_name; *q >= '0' && *q <= '9'; q++)
				pid = pid * 10 + (unsigned long)(*q - '0');
			if (*q || q == d->d_name)
				continue;
			memcpy(path, "/proc/", 7);
			p = sandbox_put_ulong(path + 6, pid);
			memcpy(p, "/stat", 6);
			sfd = open(path, O_RDONLY | O_CLOEXEC);
			if (sfd < 0)
				continue;
			len = read(sfd, stat, sizeof(stat) - 1);
			close(sfd);
			if (len <= 0)
				continue;
			stat[len] = '\0';
			/* "pid (comm) S ppid ...": comm may hold anything, so the last ')' */
			p = strrchr(stat, ')');
			if (!p || p[1] != ' ' || !p[2] || p[3] != ' ')
				continue;
			{
				long ppid = 0;

				for (p += 4; *p >= '0' && *p <= '9'; p++)
					ppid = ppid * 10 + (*p - '0');
				if (ppid == parent) {
					kill((pid_t)pid, SIGKILL);
					count++;
				}
			}
		}
	}
	close(dfd);
	return count;
}


/*
 * A process's times from its stat file, in clock ticks (USER_HZ, 10 ms
 * here), and where to read its threads' run time in nanoseconds.
 */
struct pstat {
	long pid, ppid;
	double own;     /* utime + stime: the whole process, threads that ended included */
	double reaped;  /* cutime + cstime: the children it waited for */
	long threads;   /* num_threads */
	char name[24];  /* its directory in the /proc */
};

static int read_pstat(int dfd, const char *name, struct pstat *ps)
{
	char path[64], buf[1024], *p, *end;
	long v[17];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/stat", name);
	fd = openat(dfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	ps->pid = strtol(buf, NULL, 10);
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || !p[2])
		return -1;
	p += 3; /* past ") S" */
	/* fields 4..20: ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime priority nice num_threads */
	for (int i = 0; i < 17; i++) {
		v[i] = strtol(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
	}
	ps->ppid = v[0];
	ps->own = (double)v[10] + (double)v[11];
	ps->reaped = (double)v[12] + (double)v[13];
	ps->threads = v[16];
	snprintf(ps->name, sizeof(ps->name), "%s", name);
	return 0;
}

/* The first number of a schedstat file (at dfd/path): ns on a CPU. -1: none. */
static double schedstat_ns(int dfd, const char *path)
{
	char buf[128];
	int fd = openat(dfd, path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0 || buf[0] < '0' || buf[0] > '9')
		return -1;
	buf[n] = '\0';
	return strtod(buf, NULL);
}

/*
 * The run time (ms) of a process's live threads, summed from their
 * schedstat files, which count nanoseconds (the scheduler's own
 * sum_exec_runtime); -1 when they cannot be read (a kernel without
 * CONFIG_SCHED_INFO, or the process gone). A thread that is running on
 * another CPU shows its time up to its last scheduler tick, so this can
 * be a few ms short, never over.
 */
static double threads_run_ms(int dfd, const struct pstat *ps)
{
	char path[NAME_MAX + 16];
	double sum = 0;
	int tfd;
	DIR *d;
	struct dirent *e;

	if (ps->threads <= 1) {
		snprintf(path, sizeof(path), "%s/schedstat", ps->name);
		sum = schedstat_ns(dfd, path);
		return sum < 0 ? -1 : sum / 1e6;
	}
	snprintf(path, sizeof(path), "%s/task", ps->name);
	tfd = openat(dfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (tfd < 0)
		return -1;
	d = fdopendir(tfd);
	if (!d) {
		close(tfd);
		return -1;
	}
	while ((e = readdir(d))) {
		double ns;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "%s/schedstat", e->d_name);
		ns = schedstat_ns(dirfd(d), path);
		if (ns < 0)
			continue; /* a thread that ended meanwhile: its time is in stat's */
		sum += ns;
	}
	closedir(d);
	return sum / 1e6;
}

/*
 * The CPU time (ms) of the processes in dfd (a /proc) that are root or
 * descendants of it (root 0: all of them).
 *
 * stat's times are whole ticks, utime and stime each cut down to one, so
 * the difference of two readings could be up to two ticks a process more
 * than was used: a bot that used 18 to 20 ms of CPU was read as over a
 * --cpu-time limit of 25 ms (tests/sh/t_cpu_ticks.sh). So a process's own
 * time is its live threads' nanoseconds (schedstat), or its stat time
 * where that is more (threads that ended, whose time only stat keeps);
 * both are at most what it used. Its reaped children's time stays in
 * ticks.
 */
static double tree_ms(int dfd, long root)
{
	struct pstat *ps = NULL;
	size_t nr = 0, alloc = 0;
	double sum = 0, tick = 1000.0 / (double)sysconf(_SC_CLK_TCK);
	int dfd2 = dup(dfd);
	DIR *d;
	struct dirent *e;
	char *mark;
	int changed;

	if (dfd2 < 0)
		return 0;
	d = fdopendir(dfd2);
	if (!d) {
		close(dfd2);
		return 0;
	}
	rewinddir(d);
	while ((e = readdir(d))) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		if (nr == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			ps = xrealloc(ps, alloc * sizeof(*ps));
		}
		if (read_pstat(dfd, e->d_name, &ps[nr]) == 0)
			nr++;
	}
	closedir(d);
	mark = xcalloc(nr ? nr : 1, 1);
	for (size_t i = 0; i < nr; i++)
		mark[i] = root == 0 || ps[i].pid == root;
	do {
		changed = 0;
		for (size_t i = 0; i < nr; i++) {
			if (mark[i])
				continue;
			for (size_t j = 0; j < nr; j++)
				if (mark[j] && ps[j].pid == ps[i].ppid) {
					mark[i] = 1;
					changed = 1;
					break;
				}
		}
	} while (changed);
	for (size_t i = 0; i < nr; i++) {
		double own, run;

		if (!mark[i])
			continue;
		own = ps[i].own * tick;
		run = threads_run_ms(dfd, &ps[i]);
		sum += (run > own ? run : own) + ps[i].reaped * tick;
	}
	free(mark);
	free(ps);
	return sum;
}

double sandbox_tree_cpu_ms(int procfd, long root)
{
	return tree_ms(procfd, root);
}
