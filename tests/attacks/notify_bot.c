/*
 * notify_bot.c - a hostile bot against the init that answers the bot's
 * opens and sysinfo() (referee/sandbox/sandbox_notify.c). Plays the first
 * legal move; before its 'ready' it runs one MODE and writes what it
 * found to stderr as "nb ..." lines (read them with --bot-logs DIR).
 *
 *   notify_bot probe          every route to pagemap, smaps, smaps_rollup,
 *                             numa_maps, fdinfo and the init's own files
 *                             it could think of, one "nb NAME RESULT" each
 *   notify_bot cost N         N opens of a scratch file, of /proc/self/stat
 *                             and N sysinfo() calls: ns per call
 *   notify_bot flood T MS     T threads open /proc/self/stat for MS ms
 *                             (and at every decision): the init's work
 *   notify_bot sysflood P MS  P processes, each calling sysinfo() for MS ms
 *   notify_bot sigstorm MS    a thread opening while another signals it
 *   notify_bot faultaround F  maps file F, touches one page of each 16 and
 *                             reads RssFile from /proc/self/statm: pages
 *                             that fault-around mapped (already cached)
 *   notify_bot peropen N [F] N opens of F (/usr/lib/os-release) at every decision
 *   notify_bot warm F K       reads the pages of F whose number is K mod 64
 *   notify_bot stall MS       a child that never answers... (see below)
 *
 * Build: cc -O2 -pthread -o DIR/notify_bot tests/attacks/notify_bot.c
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/openat2.h>

static void say(const char *name, long rc)
{
	fprintf(stderr, "nb %s %s\n", name, rc < 0 ? strerrorname_np(errno) : "ok");
}

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* What fd reads as: the first bytes, printable */
static void show(const char *name, int fd)
{
	char b[48];
	ssize_t n;

	if (fd < 0) {
		say(name, -1);
		return;
	}
	n = pread(fd, b, sizeof(b) - 1, 0);
	if (n < 0) {
		fprintf(stderr, "nb %s opened, read %s\n", name, strerrorname_np(errno));
	} else {
		b[n] = 0;
		for (ssize_t i = 0; i < n; i++)
			if (b[i] < 32 || b[i] > 126)
				b[i] = '.';
		fprintf(stderr, "nb %s OPENED read %zd \"%s\"\n", name, n, b);
	}
	close(fd);
}

static long openat2_(int dfd, const char *p, unsigned long long flags, unsigned long long res)
{
	struct open_how h = { flags, 0, res };

	return syscall(SYS_openat2, dfd, p, &h, sizeof(h));
}

static void *idle_thread(void *a)
{
	(void)a;
	pause();
	return NULL;
}

static void probe(void)
{
	char p[256], name[64];
	long tid = syscall(SYS_gettid);
	pthread_t th;
	pid_t child;
	int d, fd;

	show("self_pagemap", open("/proc/self/pagemap", O_RDONLY));
	show("self_smaps_rollup", open("/proc/self/smaps_rollup", O_RDONLY));
	show("self_fdinfo0", open("/proc/self/fdinfo/0", O_RDONLY));
	show("self_maps", open("/proc/self/maps", O_RDONLY));
	show("self_statm", open("/proc/self/statm", O_RDONLY));
	/* a second thread's own directory, by its number */
	pthread_create(&th, NULL, idle_thread, NULL);
	usleep(20000);
	{
		/* the idle thread's tid: the highest entry in task/ */
		int t = open("/proc/self/task", O_RDONLY | O_DIRECTORY);
		char buf[4096];
		long n, other = 0;

		say("task_dir", t);
		while (t >= 0 && (n = syscall(SYS_getdents64, t, buf, sizeof(buf))) > 0)
			for (long off = 0; off < n;) {
				char *nm = buf + off + 19;
				unsigned short rl;

				memcpy(&rl, buf + off + 16, 2);
				if (atol(nm) > 0 && atol(nm) != tid)
					other = atol(nm);
				off += rl;
			}
		fprintf(stderr, "nb other_tid %ld\n", other);
		snprintf(p, sizeof(p), "/proc/%ld/pagemap", other);
		show("tid_as_pid_pagemap", open(p, O_RDONLY));
		snprintf(p, sizeof(p), "/proc/%ld/task/%ld/smaps", other, other);
		show("tid_task_smaps", open(p, O_RDONLY));
		if (t >= 0) {
			snprintf(p, sizeof(p), "%ld/fdinfo/0", other);
			show("taskdir_rel_fdinfo", openat(t, p, O_RDONLY));
			close(t);
		}
	}
	/* a child */
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	snprintf(p, sizeof(p), "/proc/%d/smaps", child);
	show("child_smaps", open(p, O_RDONLY));
	snprintf(p, sizeof(p), "/proc/%d/fdinfo/1", child);
	show("child_fdinfo", open(p, O_RDONLY));
	/* a dir fd served by the init, then relative names */
	d = open("/proc/self", O_RDONLY | O_DIRECTORY);
	say("selfdir", d);
	show("selfdir_pagemap", openat(d, "pagemap", O_RDONLY));
	show("selfdir_dotdot", openat(d, "../self/smaps", O_RDONLY));
	show("selfdir_1_status", openat(d, "../1/status", O_RDONLY));
	/* the dir fd through /dev/fd and /proc/self/fd (links: Landlock) */
	snprintf(p, sizeof(p), "/dev/fd/%d/pagemap", d);
	show("devfd_dir_pagemap", open(p, O_RDONLY));
	snprintf(p, sizeof(p), "/proc/self/fd/%d/pagemap", d);
	show("procfd_dir_pagemap", open(p, O_RDONLY));
	snprintf(p, sizeof(p), "/proc/self/fd/%d/maps", d);
	show("procfd_dir_maps", open(p, O_RDONLY));
	/* fchdir into a served directory, then relative */
	say("fchdir", fchdir(d));
	show("cwd_pagemap", open("pagemap", O_RDONLY));
	show("cwd_maps", open("maps", O_RDONLY));
	show("cwd_openat2_smaps", openat2_(AT_FDCWD, "smaps", O_RDONLY, 0));
	say("chdir_tmp", chdir("/tmp"));
	/* O_PATH, then reopen through the magic link */
	fd = open("/proc/self/pagemap", O_PATH);
	say("opath_pagemap", fd);
	fd = open("/proc/self", O_PATH | O_DIRECTORY);
	say("opath_self", fd);
	if (fd >= 0) {
		show("opath_self_pagemap", openat(fd, "pagemap", O_RDONLY));
		show("opath_self_status", openat(fd, "status", O_RDONLY));
		snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
		show("opath_self_reopen", open(p, O_RDONLY | O_DIRECTORY));
	}
	/* openat2 of allowed files: carried on to Landlock */
	show("openat2_status", openat2_(AT_FDCWD, "/proc/self/status", O_RDONLY, 0));
	show("openat2_pagemap_beneath", openat2_(d, "pagemap", O_RDONLY, RESOLVE_BENEATH));
	/* the init's files */
	show("pid1_status", open("/proc/1/status", O_RDONLY));
	show("pid1_dotted", open("/proc/./1/./status", O_RDONLY));
	show("pid01_status", open("/proc/01/status", O_RDONLY));
	show("pid1_environ", open("/proc/1/environ", O_RDONLY));
	{
		int pd = open("/proc", O_RDONLY | O_DIRECTORY);

		say("procdir", pd);
		show("procdir_1_mem", openat(pd, "1/mem", O_RDONLY));
		show("procdir_self_pagemap", openat(pd, "self/pagemap", O_RDONLY));
		show("procdir_sys_kernel_random_boot_id",
		     openat(pd, "sys/kernel/random/boot_id", O_RDONLY));
		close(pd);
	}
	/* machine files that are root's or covered */
	show("kpagecount", open("/proc/kpagecount", O_RDONLY));
	show("kpageflags", open("/proc/kpageflags", O_RDONLY));
	show("kallsyms", open("/proc/kallsyms", O_RDONLY));
	show("meminfo", open("/proc/meminfo", O_RDONLY));
	show("slabinfo", open("/proc/slabinfo", O_RDONLY));
	show("sys_fs_file_nr", open("/proc/sys/fs/file-nr", O_RDONLY));
	show("self_mem", open("/proc/self/mem", O_RDONLY));
	show("self_mem_rw", open("/proc/self/mem", O_RDWR));
	show("self_environ", open("/proc/self/environ", O_RDONLY));
	show("self_net_dev", open("/proc/self/net/dev", O_RDONLY));
	show("net_unix", open("/proc/net/unix", O_RDONLY));
	show("mounts", open("/proc/mounts", O_RDONLY));
	show("self_clear_refs_w", open("/proc/self/clear_refs", O_WRONLY));
	show("self_attr_current", open("/proc/self/attr/current", O_RDONLY));
	show("self_stack", open("/proc/self/stack", O_RDONLY));
	show("self_syscall", open("/proc/self/syscall", O_RDONLY));
	/* /etc/mtab is a link to ../proc/self/mounts: the kernel follows it under Landlock */
	show("etc_mtab", open("/etc/mtab", O_RDONLY));
	show("relative_proc_from_root", (chdir("/") == 0 ? open("proc/self/status", O_RDONLY) : -1));
	if (chdir("/tmp") < 0)
		say("chdir_tmp_again", -1);
	show("self_map_files", open("/proc/self/map_files", O_RDONLY | O_DIRECTORY));
	/* a path that runs into an unmapped page without its NUL */
	{
		char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);
		const char *s = "/proc/self/status";

		munmap(m + 4096, 4096);
		memcpy(m + 4096 - strlen(s), s, strlen(s));
		show("unterminated", open(m + 4096 - strlen(s), O_RDONLY));
		show("bad_pointer", open((char *)16, O_RDONLY));
	}
	/* a path longer than the init's buffer */
	{
		static char big[8192];
		size_t at = 0;

		memcpy(big, "/proc/self", 10);
		at = 10;
		while (at < 4200) {
			memcpy(big + at, "/.", 2);
			at += 2;
		}
		memcpy(big + at, "/pagemap", 9);
		show("long_pagemap", open(big, O_RDONLY));
		memcpy(big + at, "/status", 8);
		show("long_status", open(big, O_RDONLY));
	}
	/* many names */
	{
		char deep[1024];
		size_t at = 0;

		at += (size_t)snprintf(deep, sizeof(deep), "/proc/self");
		for (int i = 0; i < 70; i++)
			at += (size_t)snprintf(deep + at, sizeof(deep) - at, "/task/..");
		snprintf(deep + at, sizeof(deep) - at, "/pagemap");
		show("deep_pagemap", open(deep, O_RDONLY));
	}
	/* non-dumpable: can the init still read the path? */
	child = fork();
	if (child == 0) {
		prctl(PR_SET_DUMPABLE, 0);
		show("nondump_status", open("/proc/self/status", O_RDONLY));
		show("nondump_pagemap", open("/proc/self/pagemap", O_RDONLY));
		show("nondump_tmp", open("/tmp/nb_nd", O_RDWR | O_CREAT, 0600));
		{
			struct sysinfo si;

			say("nondump_sysinfo", sysinfo(&si));
		}
		_exit(0);
	}
	waitpid(child, NULL, 0);
	/* vfork child: shares memory */
	child = vfork();
	if (child == 0) {
		int f = open("/proc/self/smaps", O_RDONLY);

		_exit(f >= 0 ? 1 : 2);
	}
	{
		int st;

		waitpid(child, &st, 0);
		fprintf(stderr, "nb vfork_smaps %s\n", WEXITSTATUS(st) == 1 ? "OPENED" : "refused");
	}
	(void)name;
	/* sysinfo() and open() through the x32 ABI (the notify filter lets x32 numbers by) */
	child = fork();
	if (child == 0) {
		struct sysinfo si;
		long rc = syscall(0x40000000L | SYS_sysinfo, &si);

		fprintf(stderr, "nb x32_sysinfo %s shared %lu procs %u\n",
			rc < 0 ? strerrorname_np(errno) : "ok", si.sharedram, si.procs);
		_exit(0);
	}
	{
		int st;

		waitpid(child, &st, 0);
		fprintf(stderr, "nb x32_child %s %d\n", WIFSIGNALED(st) ? "killed by" : "exit",
			WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	}
	{
		struct sysinfo si;

		if (sysinfo(&si) == 0)
			fprintf(stderr,
				"nb sysinfo total %lu free %lu shared %lu buffer %lu procs %u "
				"uptime %ld load %lu unit %u\n",
				si.totalram, si.freeram, si.sharedram, si.bufferram, si.procs,
				si.uptime, si.loads[0], si.mem_unit);
		else
			say("sysinfo", -1);
		say("sysinfo_null", syscall(SYS_sysinfo, NULL));
		say("sysinfo_ro", syscall(SYS_sysinfo, (void *)probe));
	}
}

/* ---- a dir fd that changes under the init: /proc/self, then /tmp ------- */

static int race_proc, race_tmp;
static volatile int race_stop;

static void *dirfd_flipper(void *a)
{
	(void)a;
	while (!race_stop) {
		dup2(race_proc, 100);
		dup2(race_tmp, 100);
	}
	return NULL;
}

static void dirfd_race(long n)
{
	pthread_t th;
	long opened = 0, tmp = 0, pagemap = 0, other = 0;
	int f = open("/tmp/pagemap", O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (f < 0 || write(f, "TMPFILE!", 8) != 8)
		return;
	close(f);
	race_proc = open("/proc/self", O_RDONLY | O_DIRECTORY);
	race_tmp = open("/tmp", O_RDONLY | O_DIRECTORY);
	dup2(race_tmp, 100);
	pthread_create(&th, NULL, dirfd_flipper, NULL);
	for (long i = 0; i < n; i++) {
		unsigned char b[8];
		int fd = openat(100, "pagemap", O_RDONLY);

		if (fd < 0)
			continue;
		opened++;
		if (pread(fd, b, 8, 0) == 8) {
			if (!memcmp(b, "TMPFILE!", 8))
				tmp++;
			else
				pagemap++;
		} else {
			other++;
		}
		close(fd);
	}
	race_stop = 1;
	pthread_join(th, NULL);
	fprintf(stderr, "nb dirfd_race %ld tries: opened %ld, the /tmp file %ld, PAGEMAP %ld, other %ld\n",
		n, opened, tmp, pagemap, other);
}

/* ---- cost -------------------------------------------------------------- */

static void cost(long n)
{
	struct sysinfo si;
	double t;
	int fd = open("/tmp/nb_cost", O_RDWR | O_CREAT, 0600);

	close(fd);
	t = now_ns();
	for (long i = 0; i < n; i++)
		close(open("/tmp/nb_cost", O_RDONLY));
	fprintf(stderr, "nb cost scratch_open %.0f ns\n", (now_ns() - t) / (double)n);
	t = now_ns();
	for (long i = 0; i < n; i++)
		close(open("/usr/lib/os-release", O_RDONLY));
	fprintf(stderr, "nb cost usr_open %.0f ns\n", (now_ns() - t) / (double)n);
	t = now_ns();
	for (long i = 0; i < n; i++)
		close(open("/proc/self/stat", O_RDONLY));
	fprintf(stderr, "nb cost proc_open %.0f ns\n", (now_ns() - t) / (double)n);
	t = now_ns();
	for (long i = 0; i < n; i++)
		sysinfo(&si);
	fprintf(stderr, "nb cost sysinfo %.0f ns\n", (now_ns() - t) / (double)n);
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "nb cost bot_cpu user %ld.%06ld sys %ld.%06ld\n",
			ru.ru_utime.tv_sec, ru.ru_utime.tv_usec, ru.ru_stime.tv_sec,
			ru.ru_stime.tv_usec);
	}
}

/* ---- floods ------------------------------------------------------------ */

static long flood_ms;
static volatile long flood_count;

static void *flood_thread(void *a)
{
	double end = now_ns() + (double)flood_ms * 1e6;
	long c = 0;

	(void)a;
	while (now_ns() < end) {
		close(open("/proc/self/stat", O_RDONLY));
		c++;
	}
	__sync_fetch_and_add(&flood_count, c);
	return NULL;
}

static void flood(int t, long ms)
{
	pthread_t th[256];
	double t0 = now_ns();
	struct rusage ru;

	flood_ms = ms;
	flood_count = 0;
	for (int i = 0; i < t && i < 256; i++)
		pthread_create(&th[i], NULL, flood_thread, NULL);
	for (int i = 0; i < t && i < 256; i++)
		pthread_join(th[i], NULL);
	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "nb flood %d threads %ld opens in %.0f ms; bot cpu %.0f ms\n", t,
		flood_count, (now_ns() - t0) / 1e6,
		ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3 +
			ru.ru_stime.tv_usec / 1e3);
}

static void sysflood(int procs, long ms)
{
	double t0 = now_ns();
	long total = 0;
	int fds[2];

	if (pipe(fds) < 0)
		return;
	for (int i = 0; i < procs; i++) {
		if (fork() == 0) {
			struct sysinfo si;
			double end = now_ns() + (double)ms * 1e6;
			long c = 0;

			while (now_ns() < end) {
				sysinfo(&si);
				c++;
			}
			if (write(fds[1], &c, sizeof(c)) < 0)
				_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	for (int i = 0; i < procs; i++) {
		long c;

		if (read(fds[0], &c, sizeof(c)) == sizeof(c))
			total += c;
	}
	while (wait(NULL) > 0)
		;
	close(fds[0]);
	fprintf(stderr, "nb sysflood %d procs %ld sysinfo in %.0f ms (%.0f us each)\n", procs,
		total, (now_ns() - t0) / 1e6, total ? (now_ns() - t0) / 1e3 / (double)total : 0);
}

static pthread_t storm_target;
static volatile int storm_stop;
static const char *storm_path = "/proc/self/stat";

static void on_usr1(int s)
{
	(void)s;
}

static void *storm_thread(void *a)
{
	long c = 0;

	(void)a;
	while (!storm_stop) {
		pthread_kill(storm_target, SIGUSR1);
		c++;
	}
	return (void *)c;
}

static void sigstorm(long ms, int restart)
{
	struct sigaction sa;
	pthread_t th;
	double end = now_ns() + (double)ms * 1e6;
	long ok = 0, fail = 0;
	void *sent;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGUSR1, &sa, NULL);
	storm_target = pthread_self();
	storm_stop = 0;
	pthread_create(&th, NULL, storm_thread, NULL);
	while (now_ns() < end) {
		int fd = open(storm_path, O_RDONLY);

		if (fd >= 0) {
			ok++;
			close(fd);
		} else {
			fail++;
		}
	}
	storm_stop = 1;
	pthread_join(th, &sent);
	fprintf(stderr, "nb sigstorm %s %s opens ok %ld failed %ld signals %ld (last errno %s)\n", storm_path, restart ? "SA_RESTART" : "no SA_RESTART", ok,
		fail, (long)sent, strerrorname_np(errno));
}

/* ---- page cache -------------------------------------------------------- */

static long rss_file(void)
{
	char b[256];
	int fd = open("/proc/self/statm", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, b, sizeof(b) - 1);
	long size, res, shared;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	b[n] = 0;
	if (sscanf(b, "%ld %ld %ld", &size, &res, &shared) != 3)
		return -1;
	return shared;
}

static void faultaround(const char *file)
{
	int fd = open(file, O_RDONLY);
	struct stat st;
	volatile char *m;
	long pages, windows, line = 0;
	char out[2048];
	size_t at = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		say("faultaround_open", -1);
		return;
	}
	pages = st.st_size / 4096;
	windows = pages / 16;
	if (windows > 64)
		windows = 64;
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		say("faultaround_mmap", -1);
		return;
	}
	/* no read-around: a fault reads its own page, and maps the cached ones near it */
	say("faultaround_madv_random", madvise((void *)m, (size_t)st.st_size, MADV_RANDOM));
	for (long w = 0; w < windows; w++) {
		long before = rss_file(), after;
		struct rusage r0, r1;

		getrusage(RUSAGE_SELF, &r0);
		(void)m[w * 16 * 4096];
		getrusage(RUSAGE_SELF, &r1);
		after = rss_file();
		at += (size_t)snprintf(out + at, sizeof(out) - at, "%ld%s ", after - before,
				       r1.ru_majflt > r0.ru_majflt ? "M" : "");
		line += after - before;
	}
	fprintf(stderr, "nb faultaround %s windows %ld mapped-per-touch: %s\n", file, windows, out);
}

/* the same pages through a mapping (fault-around included) and readahead() */
static void warm_map(const char *file, long k)
{
	int fd = open(file, O_RDONLY);
	struct stat st;
	volatile char *m;
	long n = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		say("warmmap_open", -1);
		return;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		say("warmmap_mmap", -1);
		return;
	}
	for (long p = k % 64; p * 4096 < st.st_size / 2; p += 64, n++)
		(void)m[p * 4096];
	for (long p = k % 64; p * 4096 < st.st_size; p += 64)
		if (p * 4096 >= st.st_size / 2 && readahead(fd, p * 4096, 4096) == 0)
			n++;
	fprintf(stderr, "nb warmmap %s touched/readahead %ld pages (k=%ld)\n", file, n, k);
}

static void warm(const char *file, long k)
{
	int fd = open(file, O_RDONLY);
	struct stat st;
	char b[1];
	long n = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		say("warm_open", -1);
		return;
	}
	for (long p = k % 64; p * 4096 < st.st_size; p += 64) {
		if (pread(fd, b, 1, p * 4096) == 1)
			n++;
	}
	fprintf(stderr, "nb warm %s read %ld pages (k=%ld)\n", file, n, k);
	close(fd);
}

/* ---- the game ---------------------------------------------------------- */

int main(int argc, char **argv)
{
	static char line[1 << 16];
	const char *mode = argc > 1 ? argv[1] : "probe";
	int decisions = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IOLBF, 0);
	if (!strcmp(mode, "probe"))
		probe();
	else if (!strcmp(mode, "cost"))
		cost(argc > 2 ? atol(argv[2]) : 100000);
	else if (!strcmp(mode, "flood"))
		flood(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atol(argv[3]) : 1000);
	else if (!strcmp(mode, "sysflood"))
		sysflood(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atol(argv[3]) : 1000);
	else if (!strcmp(mode, "sigstorm"))
		storm_path = argc > 4 ? argv[4] : storm_path, sigstorm(argc > 2 ? atol(argv[2]) : 1000, !(argc > 3 && !strcmp(argv[3], "norestart")));
	else if (!strcmp(mode, "faultaround") && argc > 2)
		faultaround(argv[2]);
	else if (!strcmp(mode, "dirfdrace"))
		dirfd_race(argc > 2 ? atol(argv[2]) : 20000);
	else if (!strcmp(mode, "warmmap") && argc > 3)
		warm_map(argv[2], atol(argv[3]));
	else if (!strcmp(mode, "warm") && argc > 3)
		warm(argv[2], atol(argv[3]));
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready nb\n");
			continue;
		}
		line[strcspn(line, ",")] = '\0';
		decisions++;
		if (!strcmp(mode, "peropen") && argc > 2)
			for (long i = 0; i < atol(argv[2]); i++)
				close(open(argc > 3 ? argv[3] : "/usr/lib/os-release", O_RDONLY));
		if (!strcmp(mode, "flood") && argc > 4)
			flood(argc > 2 ? atoi(argv[2]) : 8, atol(argv[4]));
		printf("%s\n", line + 6);
	}
	return 0;
}
