/*
 * sbx_attack.c - a hostile bot for the sandbox tests: each mode tries one
 * attack and prints "NAME RESULT" lines on stdout, RESULT being "ok" when
 * the call succeeded or the errno name (EPERM, ENOENT...) when it failed,
 * so tests/unit/test_sandbox.c can assert the exact outcome. Some modes
 * never return and must be stopped by the sandbox.
 *
 *   sbx_attack MODE [ARGS...]
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/sysinfo.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

static void say(const char *name, int rc)
{
	printf("%s %s\n", name, rc < 0 ? strerrorname_np(errno) : "ok");
	fflush(stdout);
}

/* ---- procmask: every way to the files the init refuses ---------------- */

static char race_path[64];
static volatile int race_stop;

/* flips race_path between an allowed file and pagemap, as fast as it can */
static void *race_thread(void *arg)
{
	(void)arg;
	/* each held a few microseconds: about the time the init takes to judge */
	while (!race_stop) {
		/* the barriers keep the compiler from dropping the first store */
		memcpy(race_path, "/proc/self/maps\0\0\0", 19);
		__asm__ volatile("" ::: "memory");
		for (volatile int i = 0; i < 2000; i++)
			;
		memcpy(race_path, "/proc/self/pagemap", 19);
		__asm__ volatile("" ::: "memory");
		for (volatile int i = 0; i < 2000; i++)
			;
	}
	return NULL;
}

/* Does fd read like pagemap (8-byte entries) rather than maps (text)? */
static int reads_pagemap(int fd)
{
	unsigned char b[8];

	return pread(fd, b, sizeof(b), 0) == 8 && b[0] != '5' && b[0] != '0' &&
	       (b[0] < 'a' || b[0] > 'f');
}

static void on_alarm(int sig)
{
	(void)sig;
}

/*
 * Opens under a storm of signals (5 kHz). With SA_RESTART no open fails;
 * without it one can fail with EINTR when the signal comes before the
 * init took the call (a file's open() on its own never does).
 */
static void eintr_storm(int restart)
{
	struct sigaction sa;
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	int ok = 0, eintr = 0, other = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	for (int i = 0; i < 5000; i++) {
		int fd = open("/etc/passwd", O_RDONLY);

		if (fd >= 0) {
			ok++;
			close(fd);
		} else if (errno == EINTR) {
			eintr++;
		} else {
			other++;
		}
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("storm%s ok %d eintr %d other %d\n", restart ? "_restart" : "", ok, eintr, other);
	fflush(stdout);
}

static void procmask(void)
{
	static const char *const paths[] = {
		"/proc/self/pagemap", "/proc/self/smaps", "/proc/self/smaps_rollup",
		"/proc/self/numa_maps", "/proc/self/fdinfo/0", "/proc/thread-self/pagemap",
		"//proc/./self/../self/pagemap", "/proc/self/root/proc/self/pagemap",
		"/proc/self/cwd/../proc/self/smaps", "/proc/../proc/self/smaps_rollup",
		"/dev/fd/../pagemap", "/dev/stdin/../../smaps",
	};
	char path[96], name[48];
	struct sysinfo si;
	pthread_t t;
	int dfd, n = 0, got = 0, last = 0;

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		snprintf(name, sizeof(name), "open%zu", i);
		say(name, open(paths[i], O_RDONLY));
	}
	snprintf(path, sizeof(path), "/proc/self/task/%ld/smaps", (long)syscall(SYS_gettid));
	say("task_smaps", open(path, O_RDONLY));
	snprintf(path, sizeof(path), "/proc/%ld/pagemap", (long)getpid());
	say("pid_pagemap", open(path, O_RDONLY));
	say("openat2", (int)syscall(SYS_openat2, AT_FDCWD, "/proc/self/pagemap",
				    &(struct { unsigned long long f, m, r; }){ O_RDONLY, 0, 0 }, 24));
	dfd = open("/proc/self", O_RDONLY | O_DIRECTORY);
	say("dir", dfd);
	say("dir_pagemap", openat(dfd, "pagemap", O_RDONLY));
	say("dir_maps", openat(dfd, "maps", O_RDONLY));
	say("link", symlink("/proc/self/pagemap", "pm"));
	say("via_link", open("pm", O_RDONLY));
	say("chdir", chdir("/proc/self"));
	say("cwd_pagemap", open("pagemap", O_RDONLY));
	say("cwd_dotdot", open("../self/smaps", O_RDONLY));
	say("chdir_back", chdir("/tmp"));
	say("maps", open("/proc/self/maps", O_RDONLY));
	say("status", open("/proc/self/status", O_RDONLY));
	say("maps_write", open("/proc/self/maps", O_WRONLY));
	say("etc_mtab", open("/etc/mtab", O_RDONLY));
	say("etc_dot_mtab", open("/etc/./mtab", O_RDONLY));
	say("status_slash", open("/proc/self/status/", O_RDONLY));
	say("proc_tmpfile", open("/proc/self", __O_TMPFILE | O_RDWR));
	say("openat2_status", (int)syscall(SYS_openat2, AT_FDCWD, "/proc/self/status",
					   &(struct { unsigned long long f, m, r; }){ O_RDONLY, 0, 0 },
					   24));
	say("chdir2", chdir("/proc/self"));
	say("cwd_status", open("status", O_RDONLY));
	say("chdir_root", chdir("/"));
	say("root_relative", open("proc/self/status", O_RDONLY));
	say("root_relative_smaps", open("proc/self/smaps", O_RDONLY));
	say("chdir_back2", chdir("/tmp"));
	eintr_storm(0);
	eintr_storm(1);
	/* the racer: a path that reads as maps to the init and is pagemap to the kernel */
	race_stop = 0;
	pthread_create(&t, NULL, race_thread, NULL);
	for (int i = 0; i < 20000; i++) {
		int fd = open(race_path, O_RDONLY);

		if (fd < 0)
			last = errno;
		if (fd >= 0) {
			n++;
			if (reads_pagemap(fd))
				got++;
			close(fd);
		}
	}
	race_stop = 1;
	pthread_join(t, NULL);
	printf("race opened %d pagemap %d (last failure %s)\n", n, got, strerrorname_np(last));
	if (sysinfo(&si) == 0)
		printf("sysinfo shared %lu buffer %lu swap %lu procs %u total %lu load %lu\n",
		       (unsigned long)si.sharedram * si.mem_unit,
		       (unsigned long)si.bufferram * si.mem_unit,
		       (unsigned long)si.totalswap * si.mem_unit, (unsigned)si.procs,
		       (unsigned long)si.totalram * si.mem_unit, (unsigned long)si.loads[0]);
	else
		say("sysinfo", -1);
	fflush(stdout);
}

static void spin_ms(long ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	do
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

static void *spin_thread(void *arg)
{
	(void)arg;
	for (volatile unsigned long i = 0;; i++)
		;
	return NULL;
}

static void *sleep_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void *nap_thread(void *arg)
{
	(void)arg;
	usleep(50000);
	return NULL;
}

static void *long_nap_thread(void *arg)
{
	(void)arg;
	usleep(300000);
	return NULL;
}

static double tv_ms(struct timeval tv)
{
	return (double)tv.tv_sec * 1e3 + (double)tv.tv_usec / 1e3;
}

/*
 * pthread_join on a thread that naps 300 ms, which glibc waits for on a
 * shared futex: "sleeps" when the joining thread blocked again and again
 * (20 voluntary switches or more) and used under a tenth of the join's
 * wall-clock time in CPU, else "spins"; then the figures.
 */
static void say_join_wait(void)
{
	struct rusage a, b;
	struct timespec t0, t1;
	double wall, cpu;
	long sw;
	pthread_t t;

	if (pthread_create(&t, NULL, long_nap_thread, NULL)) {
		printf("pthread_join_wait cannot\n");
		return;
	}
	getrusage(RUSAGE_THREAD, &a);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pthread_join(t, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_THREAD, &b);
	wall = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	cpu = tv_ms(b.ru_utime) + tv_ms(b.ru_stime) - tv_ms(a.ru_utime) - tv_ms(a.ru_stime);
	sw = b.ru_nvcsw - a.ru_nvcsw;
	printf("pthread_join_wait %s\n", sw >= 20 && cpu < wall / 10 ? "sleeps" : "spins");
	printf("pthread_join_figures cpu %.1f ms, wall %.1f ms, %ld voluntary switches\n", cpu,
	       wall, sw);
	fflush(stdout);
}

static const uint32_t *futex_word;

/* the word of a page of libc the futex attacks wait on (mapped once), or NULL */
static const uint32_t *libc_word(void)
{
	if (!futex_word) {
		int fd = open("/usr/lib/x86_64-linux-gnu/libc.so.6", O_RDONLY);
		void *p = fd < 0 ? MAP_FAILED : mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);

		if (fd >= 0)
			close(fd);
		if (p != MAP_FAILED)
			futex_word = (const uint32_t *)p + 16;
	}
	return futex_word;
}

/*
 * A futex wait (op: FUTEX_WAIT 0 or FUTEX_WAIT_BITSET 9, with or without
 * FUTEX_PRIVATE_FLAG 128) on a word of a page of libc, which every process
 * maps: with FUTEX_PRIVATE_FLAG the kernel finds its waiters by this
 * process's memory; without, by the file, so another bot mapping libc
 * could wake it. Up to ms milliseconds, or for good with ms 0 (nobody
 * wakes it: a sleep never ends). 0, or -1 with errno.
 */
static int futex_op_libc(int op, long ms)
{
	const uint32_t *word = libc_word();
	struct timespec t = { ms / 1000, ms % 1000 * 1000000 };

	if (!word)
		return -1;
	if (ms && (op & 127) == 9) { /* FUTEX_WAIT_BITSET: an absolute time */
		clock_gettime(CLOCK_MONOTONIC, &t);
		t.tv_sec += ms / 1000;
		t.tv_nsec += ms % 1000 * 1000000;
		if (t.tv_nsec >= 1000000000) {
			t.tv_sec++;
			t.tv_nsec -= 1000000000;
		}
	}
	return (int)syscall(SYS_futex, word, op, *word, ms ? &t : NULL, NULL, ~0U);
}

static int futex_wait_libc(int priv, long ms)
{
	return futex_op_libc(0 /* FUTEX_WAIT */ | (priv ? 128 : 0), ms);
}

/* Like say(), with "-at-once" or "-after-a-sleep" (350 ms or more since t0) after it. */
static void say_slept(const char *name, int rc, double t0)
{
	struct timespec now;
	double ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6 - t0;
	printf("%s %s-%s\n", name, rc < 0 ? strerrorname_np(errno) : "ok",
	       ms < 350 ? "at-once" : "after-a-sleep");
	fflush(stdout);
}

/* A futex wait for good on a word of libc (futex_wait_libc()). */
static int futex_wait_for_good(void)
{
	return futex_wait_libc(0, 0);
}

/* The same through futex_wait (Linux 6.7), on a word of this process. */
static int futex2_wait_for_good(void)
{
	static uint32_t w = 1;

	return (int)syscall(455, &w, 1UL, 0xffffffffUL, 2U /* FUTEX2_SIZE_U32 */, NULL,
			    CLOCK_MONOTONIC);
}

/* glibc's timed wait (1 s) on a semaphore shared between processes, never posted. */
static int shared_sem_timedwait(void)
{
	sem_t *sem = mmap(NULL, sizeof(sem_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			  -1, 0);
	struct timespec at;

	if (sem == MAP_FAILED || sem_init(sem, 1, 0) < 0)
		return -1;
	clock_gettime(CLOCK_REALTIME, &at);
	at.tv_sec++;
	return sem_timedwait(sem, &at);
}

/*
 * say() for call() made in a child that SIGALRM ends after 2 s, so that a
 * sleep for good prints "slept" and the fields after it still come; a
 * child ended by another signal prints that signal (SIGABRT: glibc
 * stopped it on a futex error it does not expect).
 */
static void say_in_child(const char *name, int (*call)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		alarm(2);
		say(name, call());
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		say(name, -1);
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("%s slept\n", name);
	else if (WIFSIGNALED(status))
		printf("%s %s\n", name, sigabbrev_np(WTERMSIG(status)));
}

static double ms_now(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

/* ---- futexvar, holdflood: the shared futex waits the init holds ------- */

/*
 * A timespec of 10 s at a fixed address: hi (low word 0, high word not:
 * 0x200000000) or lo (high word 0: 0x10000000), so that a filter that
 * read one word of the timeout pointer would take it for NULL.
 */
static const struct timespec *ts_at(unsigned long addr)
{
	void *p = mmap((void *)addr, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	struct timespec *t = p;

	if (p == MAP_FAILED || (unsigned long)p != addr)
		return NULL;
	t->tv_sec = 10;
	t->tv_nsec = 0;
	return t;
}

/* a futex call on the libc word of futex_op_libc() with a raw op and timeout */
static int futex_raw(unsigned long op, const struct timespec *ts)
{
	const uint32_t *w = libc_word();

	if (!w)
		return -1;
	return (int)syscall(SYS_futex, w, op, (unsigned long)*w, ts, NULL, ~0UL);
}

static int fv_wait_realtime(void)
{
	return futex_raw(0x100, NULL);
}

static int fv_bitset_realtime(void)
{
	return futex_raw(0x109, NULL);
}

static int fv_wait_high_op(void)
{
	return futex_raw(1UL << 32, NULL);
}

static int fv_bitset_high_op(void)
{
	return futex_raw((1UL << 32) | 9, NULL);
}

static int fv_wait_junk_op(void)
{
	return futex_raw(0xff00UL << 16, NULL);
}

static int fv_wait_timeout_hi(void)
{
	const struct timespec *t = ts_at(0x200000000UL);

	return t ? futex_raw(0, t) : -1;
}
static int fv_wait_timeout_lo(void)
{
	const struct timespec *t = ts_at(0x10000000UL);

	return t ? futex_raw(0, t) : -1;
}
static int fv_requeue_pi(void)
{
	return futex_raw(11, NULL);
}

static int fv_lock_pi(void)
{
	return futex_raw(6, NULL);
}

static int fv_lock_pi2(void)
{
	return futex_raw(13, NULL);
}

static int fv_trylock_pi(void)
{
	return futex_raw(8, NULL);
}

static int fv_futex2_high_flags(void)
{
	const uint32_t *w = libc_word();

	return w ? (int)syscall(455, w, (unsigned long)*w, 0xffffffffUL,
				(1UL << 32) | 2U /* FUTEX2_SIZE_U32, shared */, NULL,
				CLOCK_MONOTONIC) : -1;
}

/*
 * A filter of the bot's own that sends futex to a listener of its own:
 * a listener's answer SECCOMP_USER_NOTIF_FLAG_CONTINUE would run the
 * call in the kernel, a real sleep, and the newest filter's USER_NOTIF
 * wins over the init's. The kernel allows one listener a filter chain:
 * EBUSY while the init's is there.
 */
static int fv_own_listener(void)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_futex, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { 4, insns };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER,
			    &prog);
}

static volatile int flood_stop;
static volatile long flood_eagain, flood_other;

/* an untimed shared FUTEX_WAIT on the libc word, again and again */
static void *flood_thread(void *arg)
{
	(void)arg;
	while (!flood_stop) {
		if (syscall(SYS_futex, futex_word, 0, (unsigned long)*futex_word, NULL, NULL, 0) < 0 &&
		    errno == EAGAIN)
			__atomic_add_fetch(&flood_eagain, 1, __ATOMIC_RELAXED);
		else
			__atomic_add_fetch(&flood_other, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* like flood_thread(), but says at once when a wait is answered otherwise */
static void *told_thread(void *arg)
{
	(void)arg;
	for (;;)
		if (syscall(SYS_futex, futex_word, 0, (unsigned long)*futex_word, NULL, NULL, 0) == 0 ||
		    errno != EAGAIN) {
			char msg[64];
			int n = snprintf(msg, sizeof(msg), "held_failed %s\n",
					 strerrorname_np(errno));

			if (write(1, msg, (size_t)n) < 0)
				_exit(1);
			_exit(1);
		}
	return NULL;
}

static volatile int usr1_seen;

static void on_usr1(int sig)
{
	(void)sig;
	usr1_seen++;
}

/* n flood threads; 0, or -1 when one could not start */
static int flood_start(pthread_t *t, int n)
{
	pthread_attr_t a;
	int rc = 0;

	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 65536);
	for (int i = 0; i < n && !rc; i++)
		if (pthread_create(&t[i], &a, flood_thread, NULL))
			rc = -1;
	pthread_attr_destroy(&a);
	return rc;
}

static int write_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return -1;
	if (write(fd, "pwned\n", 6) != 6) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static int tcp_connect(int port)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return connect(fd, (struct sockaddr *)&a, sizeof(a));
}

static int udp_send(int port)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return (int)sendto(fd, "x", 1, 0, (struct sockaddr *)&a, sizeof(a));
}

static int unix_connect(const char *name, int abstract)
{
	struct sockaddr_un a;
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	strncpy(a.sun_path + abstract, name, sizeof(a.sun_path) - 2);
	return connect(fd, (struct sockaddr *)&a, sizeof(a));
}

/* Forks a grandchild in its own session that ignores SIGTERM and keeps stdout. */
static void escape(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		setsid();
		if (fork() == 0) {
			signal(SIGTERM, SIG_IGN);
			signal(SIGHUP, SIG_IGN);
			for (;;)
				pause();
		}
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	printf("escaped\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	const char *arg = argc > 2 ? argv[2] : "";
	long n = strtol(arg, NULL, 10);

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(m, "spin")) {
		spin_thread(NULL);
	} else if (!strcmp(m, "spin8")) {
		pthread_t t;

		for (int i = 0; i < 7; i++)
			pthread_create(&t, NULL, spin_thread, NULL);
		spin_thread(NULL);
	} else if (!strcmp(m, "forkbomb")) {
		/* every child pauses; count how many forks the sandbox lets through */
		long forks = 0;

		for (;;) {
			pid_t pid = fork();

			if (pid == 0) {
				for (;;)
					pause();
			}
			if (pid < 0)
				break;
			forks++;
		}
		printf("forks %ld %s\n", forks, strerrorname_np(errno));
		for (;;)
			pause();
	} else if (!strcmp(m, "threads")) {
		long threads = 0;
		pthread_t t;
		int e;

		while ((e = pthread_create(&t, NULL, sleep_thread, NULL)) == 0)
			threads++;
		printf("threads %ld %s\n", threads, strerrorname_np(e));
		for (;;)
			pause();
	} else if (!strcmp(m, "malloc")) {
		/* 1 MiB at a time, every page touched */
		long mb = 0;
		char *p;

		while ((p = malloc(1 << 20))) {
			memset(p, 1, 1 << 20);
			mb++;
		}
		printf("mb %ld\n", mb);
	} else if (!strcmp(m, "bigfile")) {
		static char buf[1 << 16];
		int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (!strcmp(arg, "ignore"))
			signal(SIGXFSZ, SIG_IGN);
		for (;;)
			if (write(fd, buf, sizeof(buf)) < 0)
				break;
		say("bigfile", -1);
	} else if (!strcmp(m, "manyfiles")) {
		char name[32];
		long made = 0;

		for (long i = 0; i < n; i++) {
			snprintf(name, sizeof(name), "f%ld", i);
			if (write_file(name) == 0)
				made++;
		}
		printf("files %ld\n", made);
	} else if (!strcmp(m, "hostile_tree")) {
		/* ARG is a directory outside: link to it, and make removal hard */
		char path[8192] = "deep";

		say("symlink", symlink(arg, "outside"));
		say("symlink_etc", symlink("/etc", "etc"));
		mkdir("deep", 0755);
		for (int i = 0; i < 200; i++) {
			strcat(path, "/d");
			mkdir(path, 0755);
		}
		strcat(path, "/file");
		say("deepfile", write_file(path));
		mkdir("ro", 0755);
		write_file("ro/file");
		say("chmod_ro", chmod("ro", 0500));
		write_file("nomode");
		chmod("nomode", 0);
		say("fifo", mkfifo("fifo", 0644));
	} else if (!strcmp(m, "write")) {
		/* write PATH... */
		for (int i = 2; i < argc; i++) {
			printf("%s ", argv[i]);
			say("write", write_file(argv[i]));
		}
	} else if (!strcmp(m, "tcp")) {
		say("tcp", tcp_connect((int)n));
	} else if (!strcmp(m, "udp")) {
		say("udp", udp_send((int)n));
	} else if (!strcmp(m, "netlink")) {
		say("netlink", socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE));
	} else if (!strcmp(m, "unix_abstract")) {
		say("unix_abstract", unix_connect(arg, 1));
	} else if (!strcmp(m, "unix_path")) {
		say("unix_path", unix_connect(arg, 0));
	} else if (!strcmp(m, "socketpair")) {
		int sv[2];

		/* socketpair [dgram]: only a unix stream pair is allowed */
		say("socketpair", socketpair(AF_UNIX, !strcmp(arg, "dgram") ? SOCK_DGRAM :
						      SOCK_STREAM, 0, sv));
		say("socketpair_inet", socketpair(AF_INET, SOCK_STREAM, 0, sv));
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0) {
			struct sockaddr_un a = { AF_UNIX, "/dev/log" };
			char c;

			say("pair_write", (int)write(sv[0], "x", 1));
			say("pair_read", (int)read(sv[1], &c, 1));
			say("pair_sendto_path", (int)sendto(sv[0], "x", 1, 0,
							    (struct sockaddr *)&a, sizeof(a)));
		}
	} else if (!strcmp(m, "kill")) {
		/* kill NAME PID SIG ... */
		for (int i = 2; i + 2 < argc; i += 3) {
			long pid = strtol(argv[i + 1], NULL, 10);

			say(argv[i], kill((pid_t)pid, (int)strtol(argv[i + 2], NULL, 10)));
		}
	} else if (!strcmp(m, "killraw")) {
		/* pid -1 as a 64-bit value without sign extension */
		say("killraw", (int)syscall(SYS_kill, 0xffffffffUL, 0));
	} else if (!strcmp(m, "ptrace")) {
		say("ptrace_attach", (int)ptrace(PTRACE_ATTACH, (pid_t)n, 0, 0));
		say("ptrace_seize", (int)ptrace(PTRACE_SEIZE, (pid_t)n, 0, 0));
	} else if (!strcmp(m, "vmread")) {
		char buf[16];
		struct iovec l = { buf, sizeof(buf) }, r = { (void *)0x400000, sizeof(buf) };

		say("vmread", (int)process_vm_readv((pid_t)n, &l, 1, &r, 1, 0));
	} else if (!strcmp(m, "proc")) {
		/* proc PID: another process's memory and stdin */
		char path[64];
		int fd;

		snprintf(path, sizeof(path), "/proc/%ld/mem", n);
		say("procmem", fd = open(path, O_RDONLY));
		snprintf(path, sizeof(path), "/proc/%ld/fd/0", n);
		say("procfd0", open(path, O_WRONLY));
		snprintf(path, sizeof(path), "/proc/%ld/environ", n);
		say("procenviron", open(path, O_RDONLY));
	} else if (!strcmp(m, "procmask")) {
		procmask();
	} else if (!strcmp(m, "escape")) {
		escape();
	} else if (!strcmp(m, "escape_stay")) {
		escape();
		for (;;)
			pause();
	} else if (!strcmp(m, "unshare")) {
		say("unshare_user", unshare(CLONE_NEWUSER));
		say("unshare_net", unshare(CLONE_NEWNET));
		say("unshare_ns", unshare(CLONE_NEWNS));
	} else if (!strcmp(m, "kernel")) {
		say("mount", mount("none", "/mnt", "tmpfs", 0, NULL));
		say("umount", umount2("/proc", MNT_DETACH));
		say("keyctl", (int)syscall(SYS_keyctl, 0 /* GET_KEYRING_ID */, -3, 0));
		say("add_key", (int)syscall(SYS_add_key, "user", "k", "v", 1, -3));
		say("bpf", (int)syscall(SYS_bpf, 0, NULL, 0));
		say("perf_event_open", (int)syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0));
		say("io_uring_setup", (int)syscall(SYS_io_uring_setup, 1, NULL));
		say("userfaultfd", (int)syscall(SYS_userfaultfd, 0));
		say("clone_newuser", (int)syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0));
		say("clone3", (int)syscall(SYS_clone3, NULL, 0));
		say("setns", (int)syscall(SYS_setns, 0, 0));
		say("chroot", chroot("/tmp"));
		say("reboot", (int)syscall(SYS_reboot, 0, 0, 0, NULL));
		say("init_module", (int)syscall(SYS_init_module, NULL, 0, ""));
		say("settimeofday", (int)syscall(SYS_settimeofday, NULL, NULL));
		/* threads still work: glibc falls back from clone3 to clone */
		{
			pthread_t t;
			int e = pthread_create(&t, NULL, sleep_thread, NULL);

			printf("pthread_create %s\n", e ? strerrorname_np(e) : "ok");
		}
	} else if (!strcmp(m, "watch")) {
		/* every call that would let one bot watch another or a shared counter */
		int fd = open("/etc/passwd", O_RDONLY), sv[2], e;
		char byte, page[4096] __attribute__((aligned(4096)));
		struct iovec iov = { &byte, 1 };
		uint64_t v;
		socklen_t vlen = sizeof(v);
		unsigned long ctx = 0;

		say("flock", flock(fd, LOCK_SH | LOCK_NB));
		say("fcntl_setlk", fcntl(fd, F_SETLK, &(struct flock){ .l_type = F_RDLCK }));
		say("fcntl_ofd_getlk", fcntl(fd, F_OFD_GETLK, &(struct flock){ .l_type = F_RDLCK }));
		say("fcntl_getlease", fcntl(fd, F_GETLEASE));
		say("fcntl_notify", fcntl(open("/etc", O_RDONLY), F_NOTIFY, DN_ACCESS));
		say("inotify_init1", inotify_init1(0));
		say("fanotify_init", (int)syscall(SYS_fanotify_init, 0, 0));
		say("mincore", mincore(page, sizeof(page), (unsigned char *)&byte));
		say("cachestat", (int)syscall(451, fd, NULL, NULL, 0));
		say("preadv2_nowait", (int)preadv2(fd, &iov, 1, 0, 0x8 /* RWF_NOWAIT */));
		say("preadv2", (int)preadv2(fd, &iov, 1, 0, 0));
		e = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		errno = e;
		say("fadvise_dontneed", e ? -1 : 0);
		say("kcmp", (int)syscall(SYS_kcmp, getpid(), getpid(), 0, 0, 0));
		say("pidfd_open", (int)syscall(SYS_pidfd_open, getpid(), 0));
		say("pidfd_getfd", (int)syscall(SYS_pidfd_getfd, 0, 0, 0));
		say("process_madvise", (int)syscall(SYS_process_madvise, 0, NULL, 0, 0, 0));
		say("clone_pidfd", (int)syscall(SYS_clone, CLONE_PIDFD | SIGCHLD, 0, &e, 0, 0));
		say("io_setup", (int)syscall(SYS_io_setup, 1, &ctx));
		/* timers by the hundred: interrupts charged to whoever runs */
		say("timerfd_create", (int)syscall(SYS_timerfd_create, CLOCK_MONOTONIC, 0));
		say("timer_create", (int)syscall(SYS_timer_create, CLOCK_MONOTONIC, NULL, &v));
		v = 1ULL << (SIGALRM - 1);
		say("signalfd4", (int)syscall(SYS_signalfd4, -1, &v, sizeof(v), 0));
		say("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
		say("so_cookie", getsockopt(sv[0], SOL_SOCKET, SO_COOKIE, &v, &vlen));
		/* a pidfd of the peer, or of each message's sender (Linux 6.5) */
		say("so_peerpidfd", getsockopt(sv[0], SOL_SOCKET, 77 /* SO_PEERPIDFD */, &v, &vlen));
		e = 1;
		say("so_passpidfd", setsockopt(sv[0], SOL_SOCKET, 76 /* SO_PASSPIDFD */, &e,
					       sizeof(e)));
		/* a sleep on a futex another bot can find: refused at once; on its own: a sleep */
		say_in_child("futex_shared_wait", futex_wait_for_good);
		{
			double t0 = ms_now();

			say_slept("futex_shared_timedwait", futex_wait_libc(0, 1000), t0);
			t0 = ms_now();
			say_slept("futex_shared_bitset_timedwait", futex_op_libc(9, 1000), t0);
			t0 = ms_now();
			say_slept("futex_private_timedwait", futex_wait_libc(1, 700), t0);
		}
		say("futex_waitv", (int)syscall(449, NULL, 0, 0, NULL, 0));
		say_in_child("sem_timedwait_shared", shared_sem_timedwait);
		{
			/* futex_wait (Linux 6.7): the flags in a register, an absolute timeout */
			struct timespec at;
			double t0;

			say_in_child("futex2_shared_wait", futex2_wait_for_good);
			t0 = ms_now();
			clock_gettime(CLOCK_MONOTONIC, &at);
			at.tv_sec++;
			say_slept("futex2_shared_timedwait",
				  (int)syscall(455, &e, 1UL, 0xffffffffUL, 2U, &at, CLOCK_MONOTONIC),
				  t0);
		}
		{
			/* pthread_join waits on a shared futex: it still returns */
			pthread_t t;
			int j = pthread_create(&t, NULL, nap_thread, NULL);

			if (!j)
				j = pthread_join(t, NULL);
			printf("pthread_join %s\n", j ? strerrorname_np(j) : "ok");
		}
		say_join_wait();
		{
			cpu_set_t all;

			/* every CPU: out of the one the referee's --cpu gave the game */
			memset(&all, 0xff, sizeof(all));
			say("sched_setaffinity", sched_setaffinity(0, sizeof(all), &all));
		}
		say("setsid", setsid());
	} else if (!strcmp(m, "futexvar")) {
		/*
		 * every shape of a shared futex wait a filter might miss, each
		 * in a child that SIGALRM ends after 2 s ("slept": a real sleep
		 * on the libc word, which another bot's wake could end)
		 */
		say_in_child("fv_wait_realtime", fv_wait_realtime);
		say_in_child("fv_bitset_realtime", fv_bitset_realtime);
		say_in_child("fv_wait_high_op", fv_wait_high_op);
		say_in_child("fv_bitset_high_op", fv_bitset_high_op);
		say_in_child("fv_wait_junk_op", fv_wait_junk_op);
		say_in_child("fv_wait_timeout_hi", fv_wait_timeout_hi);
		say_in_child("fv_wait_timeout_lo", fv_wait_timeout_lo);
		say_in_child("fv_requeue_pi", fv_requeue_pi);
		say_in_child("fv_lock_pi", fv_lock_pi);
		say_in_child("fv_lock_pi2", fv_lock_pi2);
		say_in_child("fv_trylock_pi", fv_trylock_pi);
		say_in_child("fv_futex2_high_flags", fv_futex2_high_flags);
		say_in_child("fv_own_listener", fv_own_listener);
		printf("fv_done\n");
	} else if (!strcmp(m, "hello")) {
		printf("exec_hello ok\n");
	} else if (!strcmp(m, "holdflood")) {
		/*
		 * 300 threads (more than the init holds at once) in held waits
		 * while this thread opens, signals, forks, execs and kills
		 */
		static pthread_t t[300];
		struct sigaction sa;
		struct sysinfo si;
		int status;
		pid_t pid;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sa.sa_flags = SA_RESTART;
		sigaction(SIGUSR1, &sa, NULL);
		if (!libc_word() || flood_start(t, 300) < 0) {
			printf("flood cannot\n");
			return 1;
		}
		usleep(100000);
		{
			int fd = open("/proc/self/status", O_RDONLY);

			say("flood_open", fd);
			if (fd >= 0)
				close(fd);
		}
		say("flood_open_pagemap", open("/proc/self/pagemap", O_RDONLY));
		say("flood_sysinfo", sysinfo(&si));
		printf("flood_sysinfo_procs %s\n", si.procs == 1 ? "1" : "other");
		for (int i = 0; i < 1000 && !usr1_seen; i++) {
			pthread_kill(t[0], SIGUSR1);
			usleep(1000);
		}
		printf("flood_signal %s\n", usr1_seen ? "ok" : "lost");
		/* a child of a thread in the flood waits itself, then exits */
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			_exit(syscall(SYS_futex, futex_word, 0, (unsigned long)*futex_word, NULL, NULL, 0) <
					      0 && errno == EAGAIN ? 7 : 1);
		printf("flood_fork %d\n",
		       pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) ?
			       WEXITSTATUS(status) : -1);
		/* a process whose 50 threads are held, killed */
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			static pthread_t c[50];

			flood_start(c, 50);
			for (;;)
				pause();
		}
		usleep(50000);
		kill(pid, SIGKILL);
		printf("flood_kill %s\n", pid > 0 && waitpid(pid, &status, 0) == pid &&
						   WIFSIGNALED(status) ?
						   sigabbrev_np(WTERMSIG(status)) : "-");
		/* a process whose 50 threads are held, exec'd */
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			static pthread_t c[50];
			char *const av[] = { (char *)"sbx_attack", (char *)"hello", NULL };

			flood_start(c, 50);
			usleep(50000);
			execv("/proc/self/exe", av);
			_exit(1);
		}
		printf("flood_exec %d\n", pid > 0 && waitpid(pid, &status, 0) == pid &&
						  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		flood_stop = 1;
		for (int i = 0; i < 300; i++)
			pthread_join(t[i], NULL);
		printf("flood_join ok\n");
		printf("flood_waits %s, other %ld\n", flood_eagain > 300 ? "many" : "few", flood_other);
		/* and out, with 50 threads held */
		flood_stop = 0;
		flood_start(t, 50);
		usleep(20000);
		printf("flood_exit\n");
		fflush(stdout);
		exit(0);
	} else if (!strcmp(m, "holdkill")) {
		/* 50 threads in held waits until the sandbox is killed */
		pthread_t t;

		if (!libc_word())
			return 1;
		for (int i = 0; i < 50; i++)
			pthread_create(&t, NULL, told_thread, NULL);
		usleep(100000);
		printf("holding\n");
		fflush(stdout);
		for (;;)
			pause();
	} else if (!strcmp(m, "ksm")) {
		/*
		 * opting memory into same-page merging (KSM), which lets a bot
		 * learn whether another holds a page of a given content; other
		 * advice still works (MADV_DONTNEED: the pages read back as
		 * zeros). merge_any: PR_GET_MEMORY_MERGE, 1 when the process was
		 * started with all its memory mergeable
		 */
		char *mem = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		int r = prctl(68 /* PR_GET_MEMORY_MERGE */, 0, 0, 0, 0);

		printf("merge_any %s\n", r < 0 ? strerrorname_np(errno) : r ? "1" : "0");
		memset(mem, 1, 4 * 4096);
		say("madvise_mergeable", madvise(mem, 4 * 4096, 12 /* MADV_MERGEABLE */));
		say("prctl_memory_merge", prctl(67 /* PR_SET_MEMORY_MERGE */, 1, 0, 0, 0));
		say("madvise_unmergeable", madvise(mem, 4 * 4096, 13 /* MADV_UNMERGEABLE */));
		say("madvise_free", madvise(mem + 2 * 4096, 2 * 4096, MADV_FREE));
		r = madvise(mem, 2 * 4096, MADV_DONTNEED);
		printf("madvise_dontneed %s\n",
		       r < 0 ? strerrorname_np(errno) : mem[0] == 0 && mem[4096] == 0 ? "ok" : "kept");
	} else if (!strcmp(m, "int80")) {
		long ret;

		printf("int80 trying\n");
		fflush(stdout);
		/* 32-bit getpid (20) through the i386 entry */
		__asm__ volatile("int $0x80" : "=a"(ret) : "a"(20L) : "memory");
		printf("int80 survived %ld\n", ret);
	} else if (!strcmp(m, "x32")) {
		printf("x32 trying\n");
		fflush(stdout);
		syscall(0x40000000L | 39 /* x32 getpid */);
		printf("x32 survived\n");
	} else if (!strcmp(m, "ids")) {
		printf("uid %d euid %d gid %d egid %d\n", (int)getuid(), (int)geteuid(),
		       (int)getgid(), (int)getegid());
	} else if (!strcmp(m, "tree_cpu")) {
		/* two children burn ARG ms of CPU each; then report and wait */
		for (int i = 0; i < 2; i++)
			if (fork() == 0) {
				spin_ms(n);
				_exit(0);
			}
		while (wait(NULL) > 0)
			;
		printf("tree done\n");
		for (;;)
			pause();
	} else if (!strcmp(m, "sleep")) {
		printf("sleeping %d\n", (int)getpid());
		for (;;)
			pause();
	} else {
		fprintf(stderr, "sbx_attack: unknown mode '%s'\n", m);
		return 2;
	}
	return 0;
}
