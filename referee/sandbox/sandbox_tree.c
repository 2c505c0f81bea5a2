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
#include <time.h>
#include <unistd.h>

#include "clock.h"
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

int sandbox_tree_kill_ns(int procfd)
{
	int dfd = openat(procfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), count = 0;
	DIR *d = dfd < 0 ? NULL : fdopendir(dfd);
	struct dirent *e;

	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return 0;
	}
	while ((e = readdir(d))) {
		int pfd;

		if (e->d_name[0] < '1' || e->d_name[0] > '9' || !strcmp(e->d_name, "1"))
			continue;
		/* a /proc/PID directory is a pidfd to pidfd_send_signal() */
		pfd = openat(procfd, e->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (pfd < 0)
			continue;
		if (syscall(SYS_pidfd_send_signal, pfd, SIGKILL, NULL, 0) == 0)
			count++;
		close(pfd);
	}
	closedir(d);
	return count;
}


/*
 * What the tree walk needs of a process's stat file: times in clock
 * ticks (USER_HZ, 10 ms here).
 */
struct pstat {
	long pid, ppid;
	double own;     /* utime + stime: the whole process, threads that ended included */
	double reaped;  /* cutime + cstime: the children it waited for */
	/* starttime: ticks since boot, in the reader's time namespace: the same through either /proc */
	unsigned long long start;
};

/* One read of a /proc file (dfd/path) into buf, ended by a NUL: its length, or -1. */
static ssize_t read_text(int dfd, const char *path, char *buf, size_t len)
{
	int fd = openat(dfd, path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* Reads dfd/NAME/stat (fields 4 to 22, after the last ')'). */
static int read_pstat(int dfd, const char *name, struct pstat *ps)
{
	char path[64], buf[1024], *p, *end;
	unsigned long long v[19];

	snprintf(path, sizeof(path), "%s/stat", name);
	if (read_text(dfd, path, buf, sizeof(buf)) < 0)
		return -1;
	ps->pid = strtol(buf, NULL, 10);
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || !p[2])
		return -1;
	p += 3; /* past ") S" */
	/* fields 4..22: ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime priority nice num_threads
	 * itrealvalue starttime (priority and nice may be negative) */
	for (int i = 0; i < 19; i++) {
		long long x = strtoll(p, &end, 10);

		if (end == p)
			return -1;
		v[i] = (unsigned long long)x;
		p = end;
	}
	ps->ppid = (long)v[0];
	ps->own = (double)v[10] + (double)v[11];
	ps->reaped = (double)v[12] + (double)v[13];
	ps->start = v[18];
	return 0;
}

/*
 * The CPU time (ms) of process pid (in the referee's PID namespace), from
 * its CPU clock: the scheduler's nanoseconds of every thread it has had,
 * those that ended included; -1 when it is gone. A thread running on
 * another CPU counts up to its last scheduler tick.
 */
static double cpu_clock_ms(pid_t pid)
{
	clockid_t id;
	struct timespec ts;

	if (clock_getcpuclockid(pid, &id) != 0 || clock_gettime(id, &ts) < 0)
		return -1;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The number after "NSpid:" that is last (the innermost namespace's), or -1. */
static long innermost_nspid(pid_t pid)
{
	char path[64], buf[4096], *p, *end;
	long last = -1;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)pid);
	if (read_text(AT_FDCWD, path, buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, "\nNSpid:");
	if (!p)
		return -1;
	for (p += 7; *p && *p != '\n'; p = end) {
		long x = strtol(p, &end, 10);

		if (end == p)
			break;
		last = x;
	}
	return last;
}

/* Whether pid (the referee's namespace) is init or below it, looked at through /proc. */
static int below(int procfd, pid_t pid, pid_t init)
{
	char name[24];
	struct pstat ps;

	for (int depth = 0; depth < 512 && pid > 1; depth++) {
		if (pid == init)
			return 1;
		snprintf(name, sizeof(name), "%ld", (long)pid);
		if (read_pstat(procfd, name, &ps) < 0)
			return 0;
		pid = (pid_t)ps.ppid;
	}
	return pid == init;
}

void sandbox_tree_free(struct sandbox_tree *t)
{
	free(t->e);
	memset(t, 0, sizeof(*t));
}

/*
 * Whether /proc is the referee's own PID namespace's, whose pids the CPU
 * clocks take: not where the referee was started with a PID namespace of
 * its own (unshare -p) and the /proc of the one outside.
 */
static int own_proc(void)
{
	char buf[32];
	ssize_t n = readlink("/proc/self", buf, sizeof(buf) - 1);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtol(buf, NULL, 10) == (long)getpid();
}

/*
 * Finds the referee-side pids of the tree's processes not looked for yet
 * (host 0) by one look through the referee's /proc: a process that
 * started in the same tick, has that pid innermost, and descends from
 * the bot's init. Two bots started at once have the same namespace pids
 * and start times, so the descent is what tells them apart. Those a
 * whole look did not find are noted as such (host -1), so that they
 * cost no second look.
 */
static void find_host_pids(struct sandbox_tree *t, pid_t init)
{
	int procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int fd2 = procfd >= 0 ? dup(procfd) : -1;
	DIR *d = fd2 >= 0 ? fdopendir(fd2) : NULL;
	size_t wanted = 0, found = 0;
	struct dirent *e;

	for (size_t i = 0; i < t->n; i++)
		wanted += t->e[i].host == 0;
	if (!d)
		goto out;
	while (found < wanted && (e = readdir(d))) {
		struct pstat ps;
		long nspid = 0;
		size_t i;

		if (e->d_name[0] < '1' || e->d_name[0] > '9' || read_pstat(procfd, e->d_name, &ps) < 0)
			continue;
		for (i = 0; i < t->n; i++) {
			if (t->e[i].host != 0 || t->e[i].start != ps.start)
				continue;
			/* a candidate: its namespace pid and its descent, read once */
			if (!nspid)
				nspid = below(procfd, (pid_t)ps.pid, init) ?
					innermost_nspid((pid_t)ps.pid) : -1;
			if (nspid == t->e[i].nspid)
				break;
		}
		if (i < t->n) {
			t->e[i].host = (pid_t)ps.pid;
			found++;
		}
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->e[i].host == 0)
			t->e[i].host = -1;
out:
	if (d)
		closedir(d);
	else if (fd2 >= 0)
		close(fd2);
	if (procfd >= 0)
		close(procfd);
}

/*
 * The index of process ps's entry, made if it has none; its host is its
 * pid where pids are the referee's.
 */
static size_t entry(struct sandbox_tree *t, const struct pstat *ps, int own_pids, double now)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->e[i].nspid == ps->pid && t->e[i].start == ps->start)
			return i;
	if (t->n == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 16;
		t->e = xrealloc(t->e, t->alloc * sizeof(*t->e));
	}
	memset(&t->e[t->n], 0, sizeof(t->e[t->n]));
	t->e[t->n].nspid = ps->pid;
	t->e[t->n].start = ps->start;
	t->e[t->n].host = own_pids ? (pid_t)ps->pid : 0;
	t->e[t->n].first_seen = now;
	t->e[t->n].ppid = ps->ppid;
	return t->n++;
}

/* Which of ps[0..nr) are root or below it (root 0: all): a new array of flags. */
static char *mark_tree(const struct pstat *ps, size_t nr, long root)
{
	char *mark = xcalloc(nr ? nr : 1, 1);
	int changed;

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
	return mark;
}

/*
 * After a reading (seen[i]: entry i's process is in the tree now): a
 * process the reading did not see has ended; it hands its last time, and
 * its own ended children's, to its parent, or where none is known, to
 * the lost, and leaves. Children before parents, so that a child and its
 * parent that ended together both reach the grandparent: where they went
 * one each way, a child's time was both lost and in the grandparent's
 * reaped ticks. (A process kept one reading more, in case it showed
 * outside the tree for a moment, was counted at its last time and in its
 * reaper's ticks at once: an attacker banked that and used 360 ms of CPU
 * in decisions of 200.) 1 if a live process's pid is to be looked for.
 */
static int retire(struct sandbox_tree *t, const char *seen, double now)
{
	char *handed = xcalloc(t->n + 1, 1);
	size_t k = 0;
	int lookup = 0, progress = 1;

	while (progress) {
		progress = 0;
		for (size_t i = 0; i < t->n; i++) {
			size_t j;

			if (seen[i] || handed[i])
				continue;
			/* an ended child of its own not handed on yet goes first */
			for (j = 0; j < t->n; j++)
				if (!seen[j] && !handed[j] && j != i && t->e[j].ppid == t->e[i].nspid)
					break;
			if (j < t->n)
				continue;
			for (j = 0; j < t->n; j++)
				if (j != i && !handed[j] && t->e[j].nspid == t->e[i].ppid)
					break;
			if (j < t->n)
				t->e[j].ended_ms += t->e[i].last_ms + t->e[i].ended_ms;
			else
				t->lost_ms += t->e[i].last_ms + t->e[i].ended_ms;
			handed[i] = 1;
			progress = 1;
		}
	}
	for (size_t i = 0; i < t->n; i++) {
		if (!seen[i]) {
			if (!handed[i]) /* a cycle of parents cannot be; should it, it is lost */
				t->lost_ms += t->e[i].last_ms + t->e[i].ended_ms;
			continue;
		}
		/* the first look finds all; later ones, those that lived long enough to matter */
		lookup |= t->e[i].host == 0 &&
			  (!t->looked_at || now - t->e[i].first_seen >= SANDBOX_TREE_LOOK_MS);
		t->e[k++] = t->e[i];
	}
	t->n = k;
	free(handed);
	return lookup;
}

/*
 * The CPU time (ms) of the processes in dfd (a /proc) that are root or
 * descendants of it (root 0: all of them). With init, dfd is the /proc
 * of the bot's namespace and init the bot's init as the referee sees it;
 * without (0), dfd's pids are the referee's.
 *
 * stat's times are whole ticks, utime and stime each cut down to one, so
 * the difference of two readings could be up to two ticks a process more
 * than was used, or less: a bot that used 20.0 ms of CPU a decision was
 * read as over a --cpu-time limit of 25 ms (tests/sh/t_cpu_ticks.sh). So
 * a process's own time is its CPU clock's nanoseconds, which needs its
 * pid in the referee's namespace: found by find_host_pids(), for every
 * process at the first reading and later for those that have lived
 * SANDBOX_TREE_LOOK_MS, at most that often (a bot that forked a child
 * every few ms made each reading look through a /proc of 1,600
 * processes, 1.4 s of the referee's CPU in a game). Till then, and where
 * the pid cannot be had, stat's ticks.
 *
 * The children a process reaped show only in its stat's ticks (cutime,
 * cstime), so a child read at its clock while alive would seem to lose
 * time once reaped: an attacker's reapers took a decision to -140 ms. So
 * each live process counts its own time and, for its children that
 * ended, the more of two counts that each can only fall short: what the
 * readings last saw of them (retire() hands it on) and its reaped ticks.
 * And no reading is less than the one before.
 */
double sandbox_tree_cpu_ms(int dfd, long root, pid_t init, struct sandbox_tree *t)
{
	struct pstat *ps = NULL;
	size_t nr = 0, alloc = 0;
	double live = 0, total, tick = 1000.0 / (double)sysconf(_SC_CLK_TCK);
	double now = clock_ms();
	int dfd2 = dup(dfd), lookup = 0;
	DIR *d;
	struct dirent *e;
	char *mark, *seen;

	if (dfd2 < 0)
		return t->total_ms;
	d = fdopendir(dfd2);
	if (!d) {
		close(dfd2);
		return t->total_ms;
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
	mark = mark_tree(ps, nr, root);
	if (init && !t->checked)
		t->checked = own_proc() ? 1 : -1;
	seen = xcalloc(t->n + nr + 1, 1);
	for (size_t i = 0; i < nr; i++)
		if (mark[i])
			seen[entry(t, &ps[i], !init, now)] = 1;
	lookup = retire(t, seen, now);
	free(seen);
	if (init && t->checked > 0 && lookup &&
	    (!t->looked_at || now - t->looked_at >= SANDBOX_TREE_LOOK_MS)) {
		find_host_pids(t, init);
		t->looked_at = now;
	}
	/*
	 * A live process: its own time, and for its children that ended the
	 * more of what its stat counts of those it reaped (ticks) and what
	 * the readings last saw of them (those it reaped, and those the
	 * kernel reaped for it): each can only fall short.
	 */
	for (size_t i = 0; i < nr; i++) {
		struct sandbox_tree_proc *p;
		double own, exact, reaped;
		size_t k;

		if (!mark[i])
			continue;
		k = entry(t, &ps[i], !init, now); /* made above: no new entry now */
		p = &t->e[k];
		own = ps[i].own * tick;
		exact = p->host > 0 && (!init || t->checked > 0) ? cpu_clock_ms(p->host) : -1;
		if (exact > own)
			own = exact;
		if (own > p->last_ms)
			p->last_ms = own;
		p->ppid = ps[i].ppid;
		reaped = ps[i].reaped * tick;
		live += p->last_ms + (reaped > p->ended_ms ? reaped : p->ended_ms);
	}
	total = live + t->lost_ms;
	/* every part can only fall short; a reading less than the last is the shorter */
	if (total < t->total_ms)
		total = t->total_ms;
	t->total_ms = total;
	free(mark);
	free(ps);
	return total;
}
