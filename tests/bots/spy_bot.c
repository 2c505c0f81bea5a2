/*
 * spy_bot.c - a bot that plays legal moves while it tries to learn what it
 * must not, from inside a real game, for tests/sh/t_sealed.sh. Everything
 * it finds goes to its stderr as "spy ..." lines, which the test reads.
 *
 *   spy_bot send CHANNEL [DIR]   at its first decision, turns its hand into a
 *                                16-bit secret, prints "spy sent N" and
 *                                signals it through CHANNEL for a few seconds
 *   spy_bot recv CHANNEL [DIR]   listens on CHANNEL from the start; at every
 *                                decision prints "spy got CHANNEL RESULT"
 *   spy_bot probe =PATH...       looks for traces of the referee and of the
 *                                other bots, and tries to read each PATH
 *   spy_bot fill                 at its first decision, writes files into its
 *                                scratch directory until it cannot, then plays on
 *
 * CHANNEL (a comma-separated list, or "all"): flock, fcntl, ofd (file
 * locks on files both bots can read),
 * inotify, scratch (the partner's scratch directory, made world-readable),
 * shm (/dev/shm), sysv (System V shared memory), mq (POSIX message queues),
 * proc (the partner's /proc entries), signal, atime and mincore (on files in
 * DIR, which both bots can read). A RESULT is a number (what the receiver
 * decoded) or an error name; the test checks that no receiver ever decodes
 * what its partner sent.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NBITS 16
#define SYSV_KEY 0x5157
#define HOLD_MS 6000

static const char *role, *channel, *dir;
static const char *const all_channels[] = {
	"flock", "fcntl", "ofd", "inotify", "scratch", "shm", "sysv", "mq", "proc", "signal",
	"atime", "mincore", NULL,
};
static char *channels[32];
static int nchannels;
static char files[NBITS][512];
static int nfiles;
static int inotify_fd = -1, wd[NBITS];
static volatile sig_atomic_t signals_seen;
static unsigned secret;

static const char *err_name(int e)
{
	static char buf[32];

	switch (e) {
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case ENOSYS: return "ENOSYS";
	case EROFS: return "EROFS";
	case EINVAL: return "EINVAL";
	case ESRCH: return "ESRCH";
	case ENOSPC: return "ENOSPC";
	case EDQUOT: return "EDQUOT";
	case EFBIG: return "EFBIG";
	default:
		snprintf(buf, sizeof(buf), "errno%d", e);
		return buf;
	}
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The NBITS files a channel works on: in DIR (f0..f15), else the first regular files of /usr/bin. */
static void pick_files(void)
{
	char *names[4096];
	int n = 0;
	DIR *d;
	struct dirent *e;

	if (dir) {
		for (int i = 0; i < NBITS; i++)
			snprintf(files[i], sizeof(files[i]), "%s/f%d", dir, i);
		nfiles = NBITS;
		return;
	}
	d = opendir("/usr/bin");
	if (!d)
		return;
	while ((e = readdir(d)) && n < 4096)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	for (int i = 0; i < n && nfiles < NBITS; i++) {
		struct stat st;
		char path[512];

		snprintf(path, sizeof(path), "/usr/bin/%s", names[i]);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0)
			snprintf(files[nfiles++], sizeof(files[0]), "%s", path);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
}

/* ---- sending: in a child that holds the signal for HOLD_MS ------------- */

static int bit(int i)
{
	return (secret >> i) & 1;
}

static void send_locks(void)
{
	int fds[NBITS], fd = open("/etc/passwd", O_RDONLY);

	for (int i = 0; i < NBITS; i++) {
		struct flock fl;

		fds[i] = -1;
		if (!bit(i))
			continue;
		if (!strcmp(channel, "flock")) {
			fds[i] = open(files[i], O_RDONLY);
			if (fds[i] >= 0 && flock(fds[i], LOCK_SH) < 0)
				fprintf(stderr, "spy send flock %s\n", err_name(errno));
			continue;
		}
		memset(&fl, 0, sizeof(fl));
		fl.l_type = F_RDLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = i;
		fl.l_len = 1;
		if (fcntl(fd, !strcmp(channel, "ofd") ? F_OFD_SETLK : F_SETLK, &fl) < 0)
			fprintf(stderr, "spy send %s %s\n", channel, err_name(errno));
	}
	sleep_ms(HOLD_MS);
}

static void send_files(void)
{
	for (long t = 0; t < HOLD_MS; t += 20) {
		for (int i = 0; i < NBITS; i++) {
			int fd;

			if (!bit(i))
				continue;
			fd = open(files[i], O_RDONLY);
			if (fd < 0)
				continue;
			if (!strcmp(channel, "mincore") || !strcmp(channel, "atime")) {
				char buf[4096];

				if (read(fd, buf, sizeof(buf)) < 0)
					fprintf(stderr, "spy send read %s\n", err_name(errno));
			}
			close(fd);
		}
		sleep_ms(20);
	}
}

static void send_scratch(void)
{
	char path[1024];
	const char *home = getenv("HOME");
	FILE *f;

	snprintf(path, sizeof(path), "%s/secret", home ? home : ".");
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "%u\n", secret);
		fclose(f);
	}
	chmod(path, 0644);
	if (home)
		chmod(home, 0755);
	sleep_ms(HOLD_MS);
}

static void send_ipc(void)
{
	if (!strcmp(channel, "shm")) {
		FILE *f = fopen("/dev/shm/spy-secret", "w");

		if (!f) {
			fprintf(stderr, "spy send shm %s\n", err_name(errno));
		} else {
			fprintf(f, "%u\n", secret);
			fclose(f);
		}
	} else if (!strcmp(channel, "sysv")) {
		int id = shmget(SYSV_KEY, 64, IPC_CREAT | 0666);
		unsigned *p = id < 0 ? NULL : shmat(id, NULL, 0);

		if (!p || p == (void *)-1)
			fprintf(stderr, "spy send sysv %s\n", err_name(errno));
		else
			*p = secret;
	} else if (!strcmp(channel, "mq")) {
		struct mq_attr a = { 0, 4, 32, 0 };
		mqd_t q = mq_open("/spy-secret", O_CREAT | O_WRONLY, 0666, &a);
		char msg[32];

		snprintf(msg, sizeof(msg), "%u", secret);
		if (q == (mqd_t)-1 || mq_send(q, msg, strlen(msg), 0) < 0)
			fprintf(stderr, "spy send mq %s\n", err_name(errno));
	}
	sleep_ms(HOLD_MS);
	if (!strcmp(channel, "shm"))
		unlink("/dev/shm/spy-secret");
	if (!strcmp(channel, "mq"))
		mq_unlink("/spy-secret");
}

static void send_proc(void)
{
	char name[16];

	snprintf(name, sizeof(name), "spy%u", secret);
	prctl(PR_SET_NAME, name, 0, 0, 0);
	sleep_ms(HOLD_MS);
}

/* The parent of process pid, from /proc; -1 if unknown. */
static long parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	long ppid = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')))
		sscanf(p + 2, "%*c %ld", &ppid);
	fclose(f);
	return ppid;
}

/*
 * Sends SIGUSR1 to every process it can reach but its own family. The
 * scan asks kill(p, 0) first, so that it is quick enough to finish under
 * load (a process of another pid namespace is not in this /proc).
 */
static void send_signal(void)
{
	int reached = 0;

	for (pid_t p = 1; p < 65536; p++) {
		if (p == getpid() || p == getppid() || kill(p, 0) < 0 || parent_of(p) == getppid())
			continue;
		if (kill(p, SIGUSR1) == 0) {
			reached++;
			fprintf(stderr, "spy send signal to %d (parent %ld)\n", (int)p, parent_of(p));
		}
	}
	fprintf(stderr, "spy send signal reached %d\n", reached);
	sleep_ms(HOLD_MS);
}

static void send_one(void)
{
	pid_t pid = fork();

	if (pid != 0)
		return;
	signal(SIGUSR1, SIG_IGN);
	if (!strcmp(channel, "flock") || !strcmp(channel, "fcntl") || !strcmp(channel, "ofd"))
		send_locks();
	else if (!strcmp(channel, "inotify") || !strcmp(channel, "atime") ||
		 !strcmp(channel, "mincore"))
		send_files();
	else if (!strcmp(channel, "scratch"))
		send_scratch();
	else if (!strcmp(channel, "proc"))
		send_proc();
	else if (!strcmp(channel, "signal"))
		send_signal();
	else
		send_ipc();
	_exit(0);
}

static void send_secret(void)
{
	fprintf(stderr, "spy sent %u\n", secret);
	for (int i = 0; i < nchannels; i++) {
		channel = channels[i];
		send_one();
	}
}

/* ---- receiving -------------------------------------------------------- */

static void on_usr1(int sig)
{
	(void)sig;
	signals_seen++;
}

/* Before the game: what must be set up early (watches, handlers). */
static void recv_setup(void)
{
	if (!strcmp(channel, "inotify")) {
		inotify_fd = inotify_init1(IN_NONBLOCK);
		if (inotify_fd < 0)
			fprintf(stderr, "spy setup inotify %s\n", err_name(errno));
		for (int i = 0; i < nfiles && inotify_fd >= 0; i++)
			wd[i] = inotify_add_watch(inotify_fd, files[i], IN_OPEN | IN_ACCESS);
	}
	if (!strcmp(channel, "signal"))
		signal(SIGUSR1, on_usr1);
}

static void report(const char *what)
{
	fprintf(stderr, "spy got %s %s\n", channel, what);
}

static void report_value(unsigned v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%u", v);
	report(buf);
}

static void recv_locks(void)
{
	unsigned v = 0;
	int fd = open("/etc/passwd", O_RDONLY);

	for (int i = 0; i < NBITS; i++) {
		struct flock fl;

		if (!strcmp(channel, "flock")) {
			int f = open(files[i], O_RDONLY);

			if (f < 0)
				continue;
			if (flock(f, LOCK_EX | LOCK_NB) < 0) {
				if (errno != EWOULDBLOCK) {
					report(err_name(errno));
					close(f);
					return;
				}
				v |= 1u << i;
			}
			close(f);
			continue;
		}
		memset(&fl, 0, sizeof(fl));
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = i;
		fl.l_len = 1;
		if (fcntl(fd, !strcmp(channel, "ofd") ? F_OFD_GETLK : F_GETLK, &fl) < 0) {
			report(err_name(errno));
			close(fd);
			return;
		}
		if (fl.l_type != F_UNLCK)
			v |= 1u << i;
	}
	close(fd);
	report_value(v);
}

static void recv_inotify(void)
{
	static unsigned v;
	char buf[8192];
	ssize_t n;

	if (inotify_fd < 0) {
		report("no-inotify");
		return;
	}
	while ((n = read(inotify_fd, buf, sizeof(buf))) > 0)
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *e = (struct inotify_event *)p;

			for (int i = 0; i < nfiles; i++)
				if (wd[i] == e->wd)
					v |= 1u << i;
			p += sizeof(*e) + e->len;
		}
	report_value(v);
}

static void recv_files(void)
{
	unsigned v = 0;

	for (int i = 0; i < nfiles; i++) {
		struct stat st;
		int fd;

		if (!strcmp(channel, "atime")) {
			if (stat(files[i], &st) < 0) {
				report(err_name(errno));
				return;
			}
			/* the test made them with an atime in 2001 */
			if (st.st_atime > 1262304000)
				v |= 1u << i;
			continue;
		}
		fd = open(files[i], O_RDONLY);
		if (fd >= 0) {
			void *m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
			unsigned char vec[1];

			if (m != MAP_FAILED) {
				if (mincore(m, 4096, vec) < 0) {
					report(err_name(errno));
					munmap(m, 4096);
					close(fd);
					return;
				}
				if (vec[0] & 1)
					v |= 1u << i;
				munmap(m, 4096);
			}
			close(fd);
		}
	}
	report_value(v);
}

static int read_number(const char *path, unsigned *v)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%u", v) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

/* Every scratch directory beside ours, and under the places scratch can be. */
static void recv_scratch(void)
{
	const char *home = getenv("HOME");
	const char *roots[4] = { NULL, "/tmp", "/var/tmp", dir };
	char parent[1024];
	unsigned v;

	snprintf(parent, sizeof(parent), "%s", home ? home : "/tmp");
	if (strrchr(parent, '/') && strrchr(parent, '/') != parent)
		*strrchr(parent, '/') = '\0';
	roots[0] = parent;
	for (int r = 0; r < 4; r++) {
		DIR *d = roots[r] ? opendir(roots[r]) : NULL;
		struct dirent *e;

		while (d && (e = readdir(d))) {
			char path[2048];

			snprintf(path, sizeof(path), "%s/%s/secret", roots[r], e->d_name);
			if (e->d_name[0] != '.' && (!home || strncmp(path, home, strlen(home))) &&
			    read_number(path, &v) == 0) {
				closedir(d);
				report_value(v);
				return;
			}
		}
		if (d)
			closedir(d);
	}
	report("nothing");
}

static void recv_ipc(void)
{
	unsigned v;

	if (!strcmp(channel, "shm")) {
		if (read_number("/dev/shm/spy-secret", &v) < 0)
			report(err_name(errno));
		else
			report_value(v);
	} else if (!strcmp(channel, "sysv")) {
		int id = shmget(SYSV_KEY, 0, 0);
		unsigned *p = id < 0 ? NULL : shmat(id, NULL, SHM_RDONLY);

		if (!p || p == (void *)-1)
			report(err_name(errno));
		else
			report_value(*p);
	} else if (!strcmp(channel, "mq")) {
		mqd_t q = mq_open("/spy-secret", O_RDONLY | O_NONBLOCK);
		char msg[64];
		ssize_t n;

		if (q == (mqd_t)-1) {
			report(err_name(errno));
			return;
		}
		n = mq_receive(q, msg, sizeof(msg), NULL);
		if (n < 0) {
			report(err_name(errno));
		} else {
			msg[n] = '\0';
			report_value((unsigned)strtoul(msg, NULL, 10));
		}
		mq_close(q);
	}
}

static void recv_proc(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[300], comm[64];
		FILE *f;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "spy", 3) &&
		    comm[3] >= '0' && comm[3] <= '9') {
			fclose(f);
			closedir(d);
			report_value((unsigned)strtoul(comm + 3, NULL, 10));
			return;
		}
		fclose(f);
	}
	if (d)
		closedir(d);
	report("nothing");
}

static void recv_one(void)
{
	if (!strcmp(channel, "flock") || !strcmp(channel, "fcntl") || !strcmp(channel, "ofd"))
		recv_locks();
	else if (!strcmp(channel, "inotify"))
		recv_inotify();
	else if (!strcmp(channel, "atime") || !strcmp(channel, "mincore"))
		recv_files();
	else if (!strcmp(channel, "scratch"))
		recv_scratch();
	else if (!strcmp(channel, "proc"))
		recv_proc();
	else if (!strcmp(channel, "signal"))
		report_value((unsigned)signals_seen);
	else
		recv_ipc();
}

static void recv_secret(void)
{
	for (int i = 0; i < nchannels; i++) {
		channel = channels[i];
		recv_one();
	}
}

static void split_channels(const char *list)
{
	char *copy = strdup(list), *p = copy;

	if (!strcmp(list, "all")) {
		for (int i = 0; all_channels[i]; i++)
			channels[nchannels++] = (char *)all_channels[i];
		return;
	}
	while (p && nchannels < 32) {
		channels[nchannels++] = p;
		p = strchr(p, ',');
		if (p)
			*p++ = '\0';
	}
}

/* ---- probing for traces ----------------------------------------------- */

/* Prints a file's first bytes with NULs as spaces, or the error. */
static void show_file(const char *label, const char *path)
{
	char buf[400];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		fprintf(stderr, "spy %s %s %s\n", label, path, err_name(errno));
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0) {
		fprintf(stderr, "spy %s %s %s\n", label, path, err_name(errno));
		return;
	}
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == '\0' || buf[i] == '\n')
			buf[i] = ' ';
	buf[n] = '\0';
	fprintf(stderr, "spy %s %s read %zd [%s]\n", label, path, n, buf);
}

static void probe(int argc, char **argv)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[300], link[512];

	fprintf(stderr, "spy pid %d ppid %d\n", (int)getpid(), (int)getppid());
	while (d && (e = readdir(d))) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		fprintf(stderr, "spy proc-entry %s\n", e->d_name);
		snprintf(path, sizeof(path), "/proc/%s/cmdline", e->d_name);
		show_file("cmdline", path);
		snprintf(path, sizeof(path), "/proc/%s/environ", e->d_name);
		show_file("environ", path);
	}
	if (d)
		closedir(d);
	show_file("cmdline", "/proc/1/cmdline");
	show_file("environ", "/proc/1/environ");
	show_file("status", "/proc/1/status");
	d = opendir("/proc/self/fd");
	while (d && (e = readdir(d))) {
		ssize_t n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		link[n > 0 ? n : 0] = '\0';
		if (strcmp(e->d_name, "0") && strcmp(e->d_name, "1") && strcmp(e->d_name, "2") &&
		    atoi(e->d_name) != dirfd(d))
			fprintf(stderr, "spy fd %s %s\n", e->d_name, link);
	}
	if (d)
		closedir(d);
	for (int i = 0; i < argc; i++) {
		struct stat st;
		DIR *sub;

		/* "=PATH": not a path on the command line, which the sandbox would show */
		if (argv[i][0] == '=')
			argv[i]++;
		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "spy path %s %s\n", argv[i], err_name(errno));
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			show_file("path", argv[i]);
			continue;
		}
		sub = opendir(argv[i]);
		if (!sub) {
			fprintf(stderr, "spy path %s %s\n", argv[i], err_name(errno));
			continue;
		}
		while ((e = readdir(sub)))
			if (e->d_name[0] != '.')
				fprintf(stderr, "spy path %s lists %s\n", argv[i], e->d_name);
		closedir(sub);
	}
	fprintf(stderr, "spy probe done\n");
}

/* Writes 1 MiB files into the scratch directory until a write fails, then tiny ones. */
static void fill(void)
{
	static char block[1 << 20];
	long mb = 0, nfile = 0;
	int err = 0;

	memset(block, 'x', sizeof(block));
	for (;;) {
		char path[64];
		int fd;
		ssize_t n;

		snprintf(path, sizeof(path), "big%ld", mb);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0) {
			err = errno;
			break;
		}
		n = write(fd, block, sizeof(block));
		close(fd);
		if (n != (ssize_t)sizeof(block)) {
			err = n < 0 ? errno : ENOSPC;
			break;
		}
		mb++;
	}
	fprintf(stderr, "spy fill mb %ld %s\n", mb, err_name(err));
	for (long i = 0; i < 50000; i++) {
		char path[64];
		int fd;

		snprintf(path, sizeof(path), "f%ld", i);
		fd = open(path, O_WRONLY | O_CREAT, 0600);
		if (fd < 0) {
			err = errno;
			break;
		}
		close(fd);
		nfile++;
	}
	fprintf(stderr, "spy fill files %ld %s\n", nfile, err_name(err));
}

/* ---- playing ---------------------------------------------------------- */

int main(int argc, char **argv)
{
	static char line[1 << 16];
	int decisions = 0;
	unsigned long hash = 5381;

	if (argc < 2) {
		fprintf(stderr, "usage: spy_bot send|recv CHANNEL [DIR] | probe PATH... | fill\n");
		return 2;
	}
	role = argv[1];
	channel = argc > 2 ? argv[2] : "";
	dir = argc > 3 ? argv[3] : NULL;
	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IOLBF, 0);
	if (!strcmp(role, "send") || !strcmp(role, "recv"))
		pick_files();
	split_channels(channel);
	if (!strcmp(role, "recv"))
		for (int i = 0; i < nchannels; i++) {
			channel = channels[i];
			recv_setup();
		}
	if (!strcmp(role, "probe"))
		probe(argc - 2, argv + 2);
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
			printf("ready spy\n");
			continue;
		}
		decisions++;
		if (decisions == 1 && !strcmp(role, "send"))
			send_secret();
		if (decisions == 1 && !strcmp(role, "fill"))
			fill();
		if (!strcmp(role, "recv")) {
			/* by the second decision the partner has sent: give it time to */
			if (decisions == 2)
				sleep_ms(500);
			recv_secret();
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
