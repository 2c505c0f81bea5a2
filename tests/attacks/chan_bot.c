/*
 * chan_bot.c - two partners of one game passing a secret through kernel
 * counters that every process on the machine shares, none of them a file,
 * a lock, /proc or timing. Plays the first legal move; what it learns goes
 * to stderr as "chan ..." lines.
 *
 *   chan_bot send CHANNELS  at its first decision, turns its hand into a
 *                           16-bit secret, prints "chan sent N" and, in a
 *                           child per channel, sends it for 5 s
 *   chan_bot recv CHANNELS  at its second decision listens for 2 s (a
 *                           child per channel) and prints "chan got
 *                           CHANNEL N" (the value most often decoded) or
 *                           "chan got CHANNEL nothing"
 *
 * CHANNELS is a comma-separated list of channels that do not disturb each
 * other (cookie,memfdino,aio); pidino and pipeino want a game each.
 *
 * CHANNEL is one counter that a process can both bump and read:
 *   pidino    the inode number of a pidfd (pidfs): +1 for every process or
 *             thread created on the machine, read with pidfd_open + fstat
 *   pipeino   the inode number of a new pipe (get_next_ino, per CPU):
 *             both partners pin themselves to CPU 0
 *   memfdino  the inode number of a new memfd (the kernel's shmem mount)
 *   cookie    SO_COOKIE of a new AF_UNIX socketpair (a global counter)
 *   aio       the machine's AIO event limit (fs.aio-max-nr, 65536): the
 *             sender holds 65535 - secret events with io_setup, the
 *             receiver finds by bisection how many it can still get
 *   sigq      queued signals (RLIMIT_SIGPENDING), counted per uid across
 *             user namespaces: shared when the bots run as one uid (a
 *             referee that is not root); the sender queues `secret`
 *             signals to itself, the receiver queues until EAGAIN
 *   peerpid   as pidino, the inode read through getsockopt(SO_PEERPIDFD)
 *             of a socketpair (refused since pidfd_open was)
 *   evid      eventfd ids (/proc/self/fdinfo), one pool for the machine,
 *             lowest free first: the sender holds 18 consecutive ids and
 *             closes those of its 0 bits, the receiver's new eventfds fill
 *             the holes; exact, and not closed (docs/sandbox.md, Covert
 *             channels): run by hand, it decodes
 *   disk      the free blocks of the host's disk (statfs of /usr): the
 *             sender writes to its stderr, which the referee copies to
 *             its bot log (--bot-logs, as the arena runs every game): one
 *             round is four bursts of 2 + nibble 4 KiB blocks, 100 ms
 *             apart, rounds 400 ms apart; the receiver reads the bursts
 *             off f_bfree and decodes them by their place in a round
 *
 * Encoding: the secret's four nibbles; nibble k with value v is a burst of
 * BASE + STEP * (16 k + v) bumps (STEP 8, 16 for the noisier pidino),
 * bursts 30 ms apart, repeated. The
 * receiver samples every millisecond, adds up the bumps that are not its
 * own while they keep coming, and decodes each burst that ended; noise of
 * a few bumps per burst rounds away, and the value most often decoded wins.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>
#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif

#ifndef SO_COOKIE
#define SO_COOKIE 57
#endif

#define BASE 40
#define STEP 8
#define PID_STEP 16 /* the fork counter is noisier */
#define SEND_MS 5000
#define LISTEN_MS 2000

static const char *channel;
static char *channels[8];
static int nchannels;

static void split(const char *list)
{
	char *copy = strdup(list), *p = copy;

	while (p && nchannels < 8) {
		channels[nchannels++] = p;
		p = strchr(p, ',');
		if (p)
			*p++ = '\0';
	}
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static void pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		fprintf(stderr, "chan pin %s\n", strerror(errno));
}

/* One bump of the counter; returns its value after (0 if unknown). */
static uint64_t bump(void)
{
	struct stat st;
	uint64_t v = 0;

	if (!strcmp(channel, "pidino")) {
		pid_t pid = (pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
		int fd;

		if (pid == 0)
			_exit(0);
		if (pid < 0)
			return 0;
		fd = (int)syscall(SYS_pidfd_open, pid, 0);
		if (fd >= 0 && fstat(fd, &st) == 0)
			v = st.st_ino;
		if (fd >= 0)
			close(fd);
		waitpid(pid, NULL, 0);
	} else if (!strcmp(channel, "peerpid")) {
		/* a child reads its own pidfs inode through SO_PEERPIDFD (no pidfd_open) */
		int p[2];
		pid_t pid;

		if (pipe(p) < 0)
			return 0;
		pid = fork();
		if (pid == 0) {
			int sv[2], pfd = -1;
			socklen_t l = sizeof(pfd);
			uint64_t ino = 0;

			if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0 &&
			    getsockopt(sv[0], SOL_SOCKET, SO_PEERPIDFD, &pfd, &l) == 0 &&
			    fstat(pfd, &st) == 0)
				ino = st.st_ino;
			if (write(p[1], &ino, sizeof(ino)) < 0)
				_exit(1);
			_exit(0);
		}
		close(p[1]);
		if (pid > 0 && read(p[0], &v, sizeof(v)) != sizeof(v))
			v = 0;
		close(p[0]);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		v /= 2; /* pidfs numbers go up by 2 per pid here */
	} else if (!strcmp(channel, "pipeino")) {
		int p[2];

		if (pipe(p) < 0)
			return 0;
		if (fstat(p[0], &st) == 0)
			v = st.st_ino;
		close(p[0]);
		close(p[1]);
	} else if (!strcmp(channel, "memfdino")) {
		int fd = (int)syscall(SYS_memfd_create, "c", 0);

		if (fd < 0)
			return 0;
		if (fstat(fd, &st) == 0)
			v = st.st_ino;
		close(fd);
	} else if (!strcmp(channel, "cookie")) {
		int sv[2];
		socklen_t len = sizeof(v);

		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
			return 0;
		if (getsockopt(sv[0], SOL_SOCKET, SO_COOKIE, &v, &len) < 0)
			v = 0;
		close(sv[0]);
		close(sv[1]);
	}
	return v;
}

static int step(void)
{
	return strcmp(channel, "pidino") && strcmp(channel, "peerpid") ? STEP : PID_STEP;
}

/* Can we get n AIO events now? */
static int aio_try(unsigned long n)
{
	unsigned long ctx = 0;

	if (syscall(SYS_io_setup, n, &ctx) < 0)
		return 0;
	syscall(SYS_io_destroy, ctx);
	return 1;
}

static int evid(int fd)
{
	char p[64], buf[512], *q;
	int f, id = -1;
	ssize_t n;

	snprintf(p, sizeof(p), "/proc/self/fdinfo/%d", fd);
	f = open(p, O_RDONLY);
	if (f < 0)
		return -1;
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	q = strstr(buf, "eventfd-id:");
	if (q)
		id = atoi(q + 11);
	return id;
}

/* holds 18 consecutive eventfd ids (lowest free first): start, 16 bits, end */
static void send_evid(unsigned secret)
{
	int fd[200], id[200], n = 0;

	while (n < 200) {
		fd[n] = eventfd(0, 0);
		if (fd[n] < 0)
			break;
		id[n] = evid(fd[n]);
		n++;
		if (n >= 18 && id[n - 1] - id[n - 18] == 17)
			break;
	}
	for (int i = 0; i < 16; i++)
		if (!((secret >> i) & 1))
			close(fd[n - 17 + i]);
	fprintf(stderr, "chan evid window %d..%d (%d fds)\n", id[n - 18], id[n - 1], n);
	sleep_us(SEND_MS * 1000L);
	_exit(0);
}

static void recv_evid(void)
{
	int id[64], n = 0, t = -1;
	unsigned value = 0;

	for (n = 0; n < 64; n++) {
		int fd = eventfd(0, 0);

		if (fd < 0 || (id[n] = evid(fd)) < 0)
			break;
	}
	/* t: the first id from which every later one is consecutive */
	for (int k = n - 1; k > 0; k--)
		if (id[k] != id[k - 1] + 1) {
			t = id[k];
			break;
		}
	if (t < 18) {
		fprintf(stderr, "chan got evid nothing (n %d, first %d)\n", n, n ? id[0] : -1);
		return;
	}
	for (int i = 0; i < 16; i++) {
		int want = t - 17 + i, free_ = 0;

		for (int k = 0; k < n; k++)
			free_ |= id[k] == want;
		if (!free_)
			value |= 1u << i;
	}
	fprintf(stderr, "chan evid ids");
	for (int k = 0; k < n && k < 24; k++)
		fprintf(stderr, " %d", id[k]);
	fprintf(stderr, "\nchan got evid %u\n", value);
}

static void send_disk(unsigned secret)
{
	static char block[4096];
	double end = now_ms() + SEND_MS;

	memset(block, '.', sizeof(block));
	block[sizeof(block) - 1] = '\n';
	while (now_ms() < end) {
		for (int k = 0; k < 4; k++) {
			int n = 2 + (int)((secret >> (4 * k)) & 0xf);

			for (int i = 0; i < n; i++)
				if (write(2, block, sizeof(block)) < 0)
					_exit(1);
			sleep_us(100000);
		}
		sleep_us(300000);
	}
	_exit(0);
}

static long disk_free(void)
{
	struct statfs sf;

	return statfs("/usr", &sf) == 0 ? (long)sf.f_bfree : -1;
}

static void recv_disk(void)
{
	long size[64], last = disk_free(), acc = 0;
	double at[64], start = 0, quiet_since = 0, end = now_ms() + LISTEN_MS;
	int votes[4][16], n = 0, have = 0;
	unsigned value = 0;

	memset(votes, 0, sizeof(votes));
	if (last < 0) {
		fprintf(stderr, "chan got disk %s\n", strerror(errno));
		return;
	}
	while (now_ms() < end && n < 64) {
		long v, d;

		sleep_us(5000);
		v = disk_free();
		d = last - v;
		last = v;
		if (d > 0) {
			if (!acc)
				start = now_ms();
			acc += d;
			quiet_since = 0;
		} else if (acc && !quiet_since) {
			quiet_since = now_ms();
		} else if (acc && now_ms() - quiet_since > 30) {
			at[n] = start;
			size[n++] = acc;
			acc = 0;
			quiet_since = 0;
		}
	}
	/* rounds: four bursts, each less than 250 ms after the one before */
	for (int i = 0; i + 3 < n; i++) {
		int ok = i == 0 || at[i] - at[i - 1] > 250;

		for (int k = 1; k < 4 && ok; k++)
			ok = at[i + k] - at[i + k - 1] < 250;
		ok = ok && (i + 4 >= n || at[i + 4] - at[i + 3] > 250);
		for (int k = 0; k < 4 && ok; k++)
			if (size[i + k] >= 2 && size[i + k] < 18)
				votes[k][size[i + k] - 2]++;
	}
	for (int k = 0; k < 4; k++) {
		int best = -1;

		for (int v = 0; v < 16; v++)
			if (votes[k][v] && (best < 0 || votes[k][v] > votes[k][best]))
				best = v;
		if (best >= 0) {
			value |= (unsigned)best << (4 * k);
			have++;
		}
	}
	fprintf(stderr, "chan bursts disk %d\n", n);
	if (have == 4)
		fprintf(stderr, "chan got disk %u\n", value);
	else
		fprintf(stderr, "chan got disk nothing\n");
}

/* Queues signals to ourselves (blocked) until n, or until refused; how many. */
static long queue_signals(long n)
{
	union sigval v = { 0 };
	sigset_t set;
	long i;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; n < 0 || i < n; i++)
		if (sigqueue(getpid(), SIGRTMIN, v) < 0)
			break;
	return i;
}

static void send_secret(unsigned secret)
{
	double end;

	if (fork() != 0)
		return;
	pin_cpu0();
	if (!strcmp(channel, "sigq")) {
		if (queue_signals(secret) != (long)secret)
			fprintf(stderr, "chan send sigq %s\n", strerror(errno));
		sleep_us(SEND_MS * 1000L);
		_exit(0);
	}
	if (!strcmp(channel, "disk"))
		send_disk(secret);
	if (!strcmp(channel, "evid"))
		send_evid(secret);
	if (!strcmp(channel, "aio")) {
		unsigned long ctx = 0;

		if (syscall(SYS_io_setup, 65535UL - secret, &ctx) < 0)
			fprintf(stderr, "chan send aio %s\n", strerror(errno));
		sleep_us(SEND_MS * 1000L);
		_exit(0);
	}
	end = now_ms() + SEND_MS;
	while (now_ms() < end) {
		for (int k = 0; k < 4; k++) {
			int n = BASE + step() * (16 * k + (int)((secret >> (4 * k)) & 0xf));

			for (int i = 0; i < n; i++)
				bump();
			sleep_us(30000);
		}
	}
	_exit(0);
}

static void recv_secret(void)
{
	int votes[4][16];
	uint64_t last = bump(), v;
	long acc = 0, bursts = 0;
	int quiet = 0, active = 0, have = 0;
	unsigned value = 0;
	double end = now_ms() + LISTEN_MS;

	memset(votes, 0, sizeof(votes));
	if (!strcmp(channel, "disk")) {
		recv_disk();
		return;
	}
	if (!strcmp(channel, "evid")) {
		recv_evid();
		return;
	}
	if (!strcmp(channel, "sigq")) {
		struct rlimit rl;
		long got = queue_signals(-1);

		getrlimit(RLIMIT_SIGPENDING, &rl);
		if ((long)rl.rlim_cur - got > 0)
			fprintf(stderr, "chan got sigq %ld\n", (long)rl.rlim_cur - got);
		else
			fprintf(stderr, "chan got sigq nothing\n");
		return;
	}
	if (!strcmp(channel, "aio")) {
		unsigned long lo = 0, hi = 65536; /* lo: can get; hi: cannot */

		if (!aio_try(1)) {
			fprintf(stderr, "chan got aio %s\n", strerror(errno));
			return;
		}
		while (hi - lo > 1) {
			unsigned long mid = (lo + hi) / 2;

			if (aio_try(mid))
				lo = mid;
			else
				hi = mid;
		}
		if (lo >= 65535)
			fprintf(stderr, "chan got aio nothing\n");
		else
			fprintf(stderr, "chan got aio %lu\n", lo - 1);
		return;
	}
	if (!last) {
		fprintf(stderr, "chan got %s %s\n", channel, strerror(errno));
		return;
	}
	while (now_ms() < end) {
		long d;

		sleep_us(1000);
		v = bump();
		d = (long)(v - last) - 1;
		last = v;
		if (d < 0 || d > 100000)
			continue;
		if (d > 3) {
			acc += d;
			active = 1;
			quiet = 0;
			continue;
		}
		if (!active)
			continue;
		acc += d;
		if (++quiet < 3)
			continue;
		/* a burst ended */
		{
			long code = (acc - BASE + step() / 2) / step();

			if (acc >= BASE - step() / 2 && code >= 0 && code < 64)
				votes[code / 16][code % 16]++;
			bursts++;
		}
		acc = 0;
		active = 0;
		quiet = 0;
	}
	for (int k = 0; k < 4; k++) {
		int best = -1;

		for (int n = 0; n < 16; n++)
			if (votes[k][n] && (best < 0 || votes[k][n] > votes[k][best]))
				best = n;
		if (best >= 0) {
			value |= (unsigned)best << (4 * k);
			have++;
		}
	}
	fprintf(stderr, "chan bursts %s %ld\n", channel, bursts);
	if (have == 4)
		fprintf(stderr, "chan got %s %u\n", channel, value);
	else
		fprintf(stderr, "chan got %s nothing\n", channel);
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	int decisions = 0;
	unsigned long hash = 5381;
	unsigned secret = 0;
	const char *role;

	if (argc < 3) {
		fprintf(stderr, "usage: chan_bot send|recv pidino|pipeino|memfdino|cookie|aio|disk|sigq\n");
		return 2;
	}
	role = argv[1];
	split(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IOLBF, 0);
	signal(SIGCHLD, SIG_DFL);
	pin_cpu0();
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "cards ", 6) && !secret) {
			for (const char *p = line; *p; p++)
				hash = hash * 33 + (unsigned char)*p;
			/* 12 bits of the hand, and a pattern no all-0 or all-1 reading matches */
			secret = (unsigned)(hash & 0x0fff) | 0x5000;
		}
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready chan\n");
			continue;
		}
		decisions++;
		if (decisions == 1 && !strcmp(role, "send")) {
			fprintf(stderr, "chan sent %u\n", secret);
			for (int i = 0; i < nchannels; i++) {
				channel = channels[i];
				send_secret(secret);
			}
		}
		if (decisions == 2 && !strcmp(role, "recv")) {
			for (int i = 0; i < nchannels; i++) {
				channel = channels[i];
				if (fork() == 0) {
					recv_secret();
					_exit(0);
				}
			}
			while (wait(NULL) > 0)
				;
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
