/*
 * sandbox_tree.c - a bot's process tree seen through /proc: the CPU time
 * of every process in it, and killing what a subreaper inherited.
 */
#include "sandbox_impl.h"

#include <dirent.h>
#include <fcntl.h>
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


struct pstat {
	long pid, ppid;
	double ticks; /* utime + stime + cutime + cstime */
};

static int read_pstat(int dfd, const char *name, struct pstat *ps)
{
	char path[64], buf[1024], *p, *end;
	long v[15];
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
	/* fields 4..17: ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime */
	for (int i = 0; i < 14; i++) {
		v[i] = strtol(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
	}
	ps->ppid = v[0];
	ps->ticks = (double)v[10] + (double)v[11] + (double)v[12] + (double)v[13];
	return 0;
}

static double tree_ticks(int dfd, long root)
{
	struct pstat *ps = NULL;
	size_t nr = 0, alloc = 0;
	double sum = 0;
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
	for (size_t i = 0; i < nr; i++)
		if (mark[i])
			sum += ps[i].ticks;
	free(mark);
	free(ps);
	return sum;
}

double sandbox_tree_cpu_ms(int procfd, long root)
{
	return tree_ticks(procfd, root) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}
