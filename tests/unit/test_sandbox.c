/*
 * test_sandbox.c - real hostile programs (tests/bots/sbx_attack.c and
 * shell scripts) started through sandbox_spawn(), each test asserting
 * that the attack failed with the exact errno or that the program was
 * stopped, that no process of it is left (no process with the slot's uid,
 * none in its session), and that nothing landed outside its scratch
 * directory. The expected values are those of a root run with every layer
 * active, as on CI; a test that needs root or a layer says so and skips.
 */
#include "sandbox.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testhelp.h"
#include "util.h"

static char attack[PATH_MAX]; /* the sbx_attack helper, absolute */
static char srcdir[PATH_MAX]; /* the repository (tests/bots/ scripts) */
static char tmpdir[PATH_MAX]; /* where scratch directories go */
static struct sandbox_info info;
static volatile sig_atomic_t got_usr1;

struct run {
	struct sandbox_proc *p;
	int out;              /* read end of the bot's stdout (and stderr) */
	int slot;
	char scratch[PATH_MAX];
	struct strbuf text;   /* everything read so far */
	int eof;
	int rc, status;
	char why[160];
	double cpu_ms;
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1++;
}

/* Starts argv in slot with lim (NULL: defaults); CHECKs that it started. */
static int run_start(struct run *r, char *const *argv, const struct sandbox_limits *lim,
		     int slot, int insecure)
{
	struct sandbox_spec s;
	char err[256];
	int p[2], devnull;

	memset(r, 0, sizeof(*r));
	r->out = -1;
	r->slot = slot;
	strbuf_init(&r->text);
	if (sandbox_scratch_new(tmpdir, slot, r->scratch, sizeof(r->scratch), err, sizeof(err))) {
		fprintf(stderr, "scratch: %s\n", err);
		CHECK(0);
		return -1;
	}
	if (pipe2(p, O_CLOEXEC) < 0)
		return -1;
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	memset(&s, 0, sizeof(s));
	s.argv = argv;
	s.scratch = r->scratch;
	s.fd_in = devnull;
	s.fd_out = p[1];
	s.fd_err = p[1];
	if (lim)
		s.lim = *lim;
	else
		limits_default(&s.lim);
	s.slot = slot;
	s.insecure = insecure;
	r->p = sandbox_spawn(&s, NULL, err, sizeof(err));
	close(p[1]);
	close(devnull);
	r->out = p[0];
	if (!r->p) {
		fprintf(stderr, "spawn %s: %s\n", argv[0], err);
		CHECK(r->p != NULL);
		return -1;
	}
	return 0;
}

/* Reads the bot's output until EOF, until it contains want, or for ms. */
static void run_read(struct run *r, const char *want, double ms)
{
	double end = now_ms() + ms;
	char buf[4096];

	while (!r->eof && (!want || !strstr(r->text.buf, want))) {
		struct pollfd pfd = { r->out, POLLIN, 0 };
		double left = end - now_ms();
		ssize_t n;

		if (left <= 0)
			break;
		if (poll(&pfd, 1, (int)left + 1) <= 0)
			continue;
		n = read(r->out, buf, sizeof(buf));
		if (n <= 0)
			r->eof = 1;
		else
			strbuf_add(&r->text, buf, (size_t)n);
	}
}

/* Is there a process with the slot's uid (as root) or in session sid? */
static int leftovers(int slot, pid_t sid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = 0;

	while (d && (e = readdir(d))) {
		char path[300], buf[512], *p;
		struct stat st;
		long session = 0;
		int fd;
		ssize_t n;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s", e->d_name);
		if (stat(path, &st) == 0 && geteuid() == 0 &&
		    st.st_uid == (uid_t)(SANDBOX_UID_BASE + slot)) {
			fprintf(stderr, "left over: pid %s with uid %d\n", e->d_name,
				(int)st.st_uid);
			found++;
			continue;
		}
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		p = strrchr(buf, ')');
		/* ") S ppid pgrp session" */
		if (p && sscanf(p + 2, "%*c %*d %*d %ld", &session) == 1 && session == sid &&
		    sid > 0) {
			fprintf(stderr, "left over: pid %s in session %d\n", e->d_name, (int)sid);
			found++;
		}
	}
	if (d)
		closedir(d);
	return found;
}

/* Kills (if kill), reaps, checks nothing is left, removes the scratch. */
static void run_end(struct run *r, int kill_it)
{
	pid_t sid;

	if (!r->p)
		goto out;
	sid = sandbox_pid(r->p);
	if (kill_it)
		sandbox_kill(r->p);
	r->rc = sandbox_wait(r->p, 0, &r->status, r->why, sizeof(r->why));
	r->cpu_ms = sandbox_cpu_ms(r->p);
	sandbox_free(r->p);
	r->p = NULL;
	CHECK_INT(leftovers(r->slot, sid), 0);
out:
	if (r->out >= 0)
		close(r->out);
	if (r->scratch[0])
		CHECK_INT(sandbox_scratch_remove(r->scratch), 0);
}

static void run_release(struct run *r)
{
	strbuf_release(&r->text);
}

/* The value after "key " on its line in text, copied to buf ("" if none). */
static const char *field(const char *text, const char *key, char *buf, size_t len)
{
	size_t k = strlen(key);
	const char *p = text;

	buf[0] = '\0';
	while ((p = strstr(p, key))) {
		if ((p == text || p[-1] == '\n') && p[k] == ' ') {
			size_t n = strcspn(p + k + 1, "\n");

			if (n >= len)
				n = len - 1;
			memcpy(buf, p + k + 1, n);
			buf[n] = '\0';
			break;
		}
		p += k;
	}
	return buf;
}

#define CHECK_FIELD(r, key, want)                                                   \
	do {                                                                         \
		char fb_[128];                                                       \
		CHECK_STR(field((r)->text.buf, key, fb_, sizeof(fb_)), want);        \
	} while (0)

/* Counts the processes with uid SANDBOX_UID_BASE + slot. */
static int count_uid(int slot)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d))) {
		char path[300];
		struct stat st;

		snprintf(path, sizeof(path), "/proc/%s", e->d_name);
		if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && stat(path, &st) == 0 &&
		    st.st_uid == (uid_t)(SANDBOX_UID_BASE + slot))
			n++;
	}
	if (d)
		closedir(d);
	return n;
}

static int full_layers(void)
{
	for (int l = 0; l < SANDBOX_NLAYERS; l++)
		if (!info.active[l])
			return 0;
	return 1;
}

/* The host pid of the bot inside sandbox p: the init's only child. */
static pid_t bot_host_pid(struct sandbox_proc *p)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pid_t found = 0;

	while (d && (e = readdir(d))) {
		char path[300], buf[512], *q;
		long ppid;
		int fd;
		ssize_t n;

		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		q = strrchr(buf, ')');
		if (q && sscanf(q + 2, "%*c %ld", &ppid) == 1 && ppid == sandbox_pid(p))
			found = (pid_t)strtol(e->d_name, NULL, 10);
	}
	if (d)
		closedir(d);
	return found;
}

/* ---- the tests -------------------------------------------------------- */

static void test_probe_reports_every_layer_as_root(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	sandbox_info_format(&info, &sb);
	printf("%s", sb.buf);
	CHECK(strstr(sb.buf, "landlock filesystem") != NULL);
	if (geteuid() != 0) {
		printf("skip: full-layer expectations need root\n");
		strbuf_release(&sb);
		return;
	}
	CHECK(full_layers());
	CHECK_INT(info.landlock_abi >= 6, 1);
	CHECK_INT(sandbox_isolates(&info), 1);
	CHECK(strstr(sb.buf, "bots isolated from each other: yes") != NULL);
	strbuf_release(&sb);
}

static void test_isolation_needs_a_layer(void)
{
	struct sandbox_info none;

	memset(&none, 0, sizeof(none));
	none.active[SANDBOX_BASE] = 1;
	CHECK_INT(sandbox_isolates(&none), 0);
	none.active[SANDBOX_UID] = 1;
	CHECK_INT(sandbox_isolates(&none), 1);
	none.active[SANDBOX_UID] = 0;
	none.active[SANDBOX_PIDNS] = none.active[SANDBOX_MNTNS] = 1;
	CHECK_INT(sandbox_isolates(&none), 0);
	none.active[SANDBOX_LANDLOCK_FS] = 1;
	CHECK_INT(sandbox_isolates(&none), 1);
}

static void test_scratch_belongs_to_the_slot(void)
{
	char path[PATH_MAX], err[256];
	struct stat st;

	CHECK_INT(sandbox_scratch_new(tmpdir, 7, path, sizeof(path), err, sizeof(err)), 0);
	CHECK_INT(stat(path, &st), 0);
	CHECK_INT(st.st_mode & 07777, 0700);
	if (geteuid() == 0)
		CHECK_INT(st.st_uid, SANDBOX_UID_BASE + 7);
	CHECK_INT(sandbox_scratch_new(tmpdir, 64, path + 1, sizeof(path) - 1, err, sizeof(err)),
		  -1);
	CHECK_INT(sandbox_scratch_remove(path), 0);
	CHECK_INT(access(path, F_OK), -1);
}

static void test_exec_failure_is_reported(void)
{
	char *const missing[] = { "no-such-program-xyz", NULL };
	char *const noexec[] = { "/etc/passwd", NULL };
	struct sandbox_spec s;
	char err[256], path[PATH_MAX];

	CHECK_INT(sandbox_scratch_new(tmpdir, 0, path, sizeof(path), err, sizeof(err)), 0);
	memset(&s, 0, sizeof(s));
	s.scratch = path;
	s.fd_in = 0;
	s.fd_out = 1;
	s.fd_err = 2;
	limits_default(&s.lim);
	s.argv = missing;
	CHECK(sandbox_spawn(&s, NULL, err, sizeof(err)) == NULL);
	CHECK_STR(err, "cannot run 'no-such-program-xyz': not found in /usr/local/bin:/usr/bin:/bin");
	s.argv = noexec;
	CHECK(sandbox_spawn(&s, NULL, err, sizeof(err)) == NULL);
	CHECK_STR(err, "cannot run '/etc/passwd': Permission denied");
	s.slot = 99;
	CHECK(sandbox_spawn(&s, NULL, err, sizeof(err)) == NULL);
	CHECK_STR(err, "sandbox: slot 99 out of range 0..63");
	CHECK_INT(sandbox_scratch_remove(path), 0);
}

static void test_clean_start_env_cwd_fds(void)
{
	char *const argv[] = { "sh", "-c",
			       "echo cwd $(pwd); echo home $HOME; echo tmpdir $TMPDIR; "
			       "echo env $(env | wc -l); echo fds $(ls /proc/self/fd | wc -l); "
			       "echo pid $$; echo exit; exit 3",
			       NULL };
	struct run r;
	char buf[64];

	if (run_start(&r, argv, NULL, 0, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK_STR(field(r.text.buf, "cwd", buf, sizeof(buf)), r.scratch);
	CHECK_STR(field(r.text.buf, "home", buf, sizeof(buf)), r.scratch);
	CHECK_STR(field(r.text.buf, "tmpdir", buf, sizeof(buf)), r.scratch);
	/*
	 * PATH HOME TMPDIR LANG USER PYTHONUNBUFFERED, and PWD which sh adds;
	 * with a cgroup's memory limit JAVA_TOOL_OPTIONS GOMEMLIMIT NODE_OPTIONS
	 */
	CHECK_FIELD(&r, "env", info.active[SANDBOX_CGROUP] ? "10" : "7");
	/* 0 1 2 and the one ls opens */
	CHECK_FIELD(&r, "fds", "4");
	if (info.active[SANDBOX_PIDNS])
		CHECK_FIELD(&r, "pid", "2");
	run_end(&r, 0);
	CHECK_INT(r.rc, SANDBOX_EXITED);
	CHECK_STR(r.why, "exited with status 3");
	CHECK(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 3);
	run_release(&r);
}

static void test_spin_is_stopped_by_sandbox_kill(void)
{
	char *const argv[] = { attack, "spin", NULL };
	struct run r;

	/* 400 ms on a quiet machine; a loaded one gets up to 10 s to give it 150 ms */
	if (run_start(&r, argv, NULL, 1, 0) == 0) {
		double t0 = now_ms();

		do
			run_read(&r, NULL, 100);
		while ((now_ms() - t0 < 400 || sandbox_cpu_ms(r.p) < 150) && now_ms() - t0 < 10000);
	}
	printf("spin: %.0f ms of CPU\n", sandbox_cpu_ms(r.p));
	CHECK(sandbox_cpu_ms(r.p) >= 150);
	run_end(&r, 1);
	CHECK_INT(r.rc, SANDBOX_KILLED);
	CHECK(WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGKILL);
	CHECK_STR(r.why, "killed by signal 9 (SIGKILL: stopped by the referee)");
	run_release(&r);
}

static void test_eight_spinning_threads_hit_the_cpu_backstop(void)
{
	char *const argv[] = { attack, "spin8", NULL };
	struct sandbox_limits lim;
	double t0 = now_ms();
	struct run r;

	limits_default(&lim);
	lim.cpu_s = 1;
	if (run_start(&r, argv, &lim, 2, 0) == 0)
		run_read(&r, NULL, 10000); /* EOF when the CPU limit kills it */
	CHECK(r.eof);
	CHECK(now_ms() - t0 < 5000);
	run_end(&r, 0);
	CHECK_INT(r.rc, SANDBOX_KILLED);
	CHECK_STR(r.why, "killed by signal 24 (SIGXCPU: CPU time limit)");
	printf("cpu backstop: %.0f ms\n", r.cpu_ms);
	/* the limit counts scheduler ticks, rusage the exact run time: close */
	CHECK(r.cpu_ms >= 700);
	run_release(&r);
}

static void test_c_fork_bomb_is_held_to_nproc(void)
{
	char *const argv[] = { attack, "forkbomb", NULL };
	struct sandbox_limits lim;
	struct run r;
	char buf[64];
	long forks = -1;

	limits_default(&lim);
	lim.nproc = 16;
	if (run_start(&r, argv, &lim, 3, 0) == 0)
		run_read(&r, "forks", 5000);
	field(r.text.buf, "forks", buf, sizeof(buf));
	sscanf(buf, "%ld", &forks);
	/* the bot itself and 15 children make 16 */
	CHECK_INT(forks, 15);
	CHECK(strstr(buf, "EAGAIN") != NULL);
	if (geteuid() == 0)
		CHECK_INT(count_uid(3), 17); /* and the init */
	run_end(&r, 1);
	CHECK_INT(r.rc, SANDBOX_KILLED);
	run_release(&r);
}

static void test_shell_fork_bomb_is_held_to_nproc(void)
{
	char script[PATH_MAX + 64];
	char *argv[] = { "/bin/sh", script, NULL };
	struct sandbox_limits lim;
	struct run r;
	int most = 0;

	snprintf(script, sizeof(script), "%s/tests/bots/sbx_forkbomb.sh", srcdir);
	limits_default(&lim);
	lim.nproc = 24;
	if (run_start(&r, argv, &lim, 4, 0) == 0) {
		/*
		 * sample often until dash gives up ("Cannot fork" is fatal to it);
		 * up to 10 s, for a loaded machine or the sanitizers
		 */
		for (int i = 0; i < 500 && !r.eof && !strstr(r.text.buf, "Cannot fork"); i++) {
			int n = geteuid() == 0 ? count_uid(4) : 0;

			if (n > most)
				most = n;
			run_read(&r, NULL, 20);
		}
	}
	printf("shell fork bomb: at most %d processes\n", most);
	CHECK(strstr(r.text.buf, "Cannot fork") != NULL); /* it hit the limit */
	if (geteuid() == 0)
		CHECK(most <= 25);  /* 24 and the init */
	run_end(&r, 1);
	/* either dash exited on a failed fork (taking the tree along) or we killed it */
	CHECK(!strcmp(r.why, "exited with status 2") ||
	      !strcmp(r.why, "killed by signal 9 (SIGKILL: stopped by the referee)"));
	run_release(&r);
}

static void test_thread_bomb_is_held_to_nproc(void)
{
	char *const argv[] = { attack, "threads", NULL };
	struct sandbox_limits lim;
	struct run r;

	limits_default(&lim);
	lim.nproc = 16;
	if (run_start(&r, argv, &lim, 5, 0) == 0)
		run_read(&r, "threads", 5000);
	CHECK_FIELD(&r, "threads", "15 EAGAIN");
	run_end(&r, 1);
	run_release(&r);
}

static void test_memory_hog_is_held_to_mem_mb(void)
{
	char *const argv[] = { attack, "malloc", NULL };
	struct sandbox_limits lim;
	struct run r;
	char buf[64];
	long mb = -1;

	limits_default(&lim);
	lim.mem_mb = 64;
	if (run_start(&r, argv, &lim, 6, 0) == 0)
		run_read(&r, NULL, 10000);
	field(r.text.buf, "mb", buf, sizeof(buf));
	sscanf(buf, "%ld", &mb);
	run_end(&r, 0);
	if (info.active[SANDBOX_CGROUP]) {
		/* malloc never fails; the limit kills it, and says so */
		CHECK_INT(mb, -1);
		CHECK_INT(r.rc, SANDBOX_KILLED);
		CHECK_STR(r.why, "killed by the memory limit (peak 64 MiB, limit 64 MiB)");
	} else {
		/* address space: malloc fails below 64 MiB, and the hog exits */
		CHECK(mb > 32 && mb < 64);
		CHECK_STR(r.why, "exited with status 0");
	}
	run_release(&r);
}

static void test_huge_file_is_stopped_at_fsize(void)
{
	char *const argv[] = { attack, "bigfile", NULL };
	char *const argv2[] = { attack, "bigfile", "ignore", NULL };
	struct sandbox_limits lim;
	char path[PATH_MAX + 8];
	struct stat st;
	struct run r;

	limits_default(&lim);
	lim.fsize_mb = 1;
	if (run_start(&r, argv, &lim, 7, 0) == 0)
		run_read(&r, NULL, 10000);
	snprintf(path, sizeof(path), "%s/big", r.scratch);
	CHECK_INT(stat(path, &st), 0);
	CHECK_INT(st.st_size, 1 << 20);
	run_end(&r, 0);
	CHECK_INT(r.rc, SANDBOX_KILLED);
	CHECK_STR(r.why, "killed by signal 25 (SIGXFSZ: file size limit)");
	run_release(&r);

	/* with SIGXFSZ ignored the write fails instead */
	if (run_start(&r, argv2, &lim, 7, 0) == 0)
		run_read(&r, NULL, 10000);
	CHECK_FIELD(&r, "bigfile", "EFBIG");
	run_end(&r, 0);
	CHECK_INT(r.rc, SANDBOX_EXITED);
	run_release(&r);
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void test_thousands_of_files_are_removed(void)
{
	char *const argv[] = { attack, "manyfiles", "5000", NULL };
	char scratch[PATH_MAX];
	struct run r;

	if (run_start(&r, argv, NULL, 8, 0) == 0)
		run_read(&r, NULL, 20000);
	CHECK_FIELD(&r, "files", "5000");
	CHECK_INT(count_entries(r.scratch), 5000);
	memcpy(scratch, r.scratch, sizeof(scratch));
	run_end(&r, 0); /* removes the scratch, CHECKed */
	CHECK_INT(access(scratch, F_OK), -1);
	run_release(&r);
}

static void test_hostile_scratch_is_removed_without_following_links(void)
{
	char outside[PATH_MAX], keep[PATH_MAX + 16], err[256];
	char *argv[] = { attack, "hostile_tree", outside, NULL };
	struct run r;
	int fd;

	CHECK_INT(sandbox_scratch_new(tmpdir, 9, outside, sizeof(outside), err, sizeof(err)), 0);
	snprintf(keep, sizeof(keep), "%s/keep", outside);
	fd = open(keep, O_WRONLY | O_CREAT, 0644);
	CHECK(fd >= 0);
	close(fd);
	if (run_start(&r, argv, NULL, 8, 0) == 0)
		run_read(&r, NULL, 10000);
	CHECK_FIELD(&r, "symlink", "ok");
	CHECK_FIELD(&r, "deepfile", "ok");
	CHECK_FIELD(&r, "chmod_ro", "ok");
	CHECK_FIELD(&r, "fifo", "ok");
	run_end(&r, 0); /* removes the scratch, CHECKed */
	CHECK_INT(access(keep, F_OK), 0);
	CHECK_INT(access("/etc/passwd", F_OK), 0);
	CHECK_INT(sandbox_scratch_remove(outside), 0);
	run_release(&r);
}

static void test_writes_land_only_in_scratch(void)
{
	char other[PATH_MAX], other2[PATH_MAX], err[256], tmpname[64], tmpfile[96];
	char otherfile[PATH_MAX + 8], otherfile2[PATH_MAX + 8], self[PATH_MAX];
	char testtmp[PATH_MAX + 8], home[PATH_MAX + 16];
	char *argv[] = { attack, "write", "home-file", tmpfile, self, otherfile, otherfile2,
			 testtmp, "/dev/shm/sbx-x", "/etc/passwd", NULL };
	struct stat before, after;
	struct run r;
	ssize_t n;

	snprintf(tmpname, sizeof(tmpname), "sbx-test-%d", (int)getpid());
	snprintf(tmpfile, sizeof(tmpfile), "/tmp/%s", tmpname);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	CHECK_INT(stat(self, &before), 0);
	/* two other bots' scratch directories: beside ours, and outside /tmp */
	CHECK_INT(sandbox_scratch_new(tmpdir, 11, other, sizeof(other), err, sizeof(err)), 0);
	CHECK_INT(sandbox_scratch_new("/var/tmp", 11, other2, sizeof(other2), err, sizeof(err)),
		  0);
	snprintf(otherfile, sizeof(otherfile), "%s/x", other);
	snprintf(otherfile2, sizeof(otherfile2), "%s/x", other2);
	snprintf(testtmp, sizeof(testtmp), "%s/x", tmpdir);
	/* "home-file" is relative: cwd is HOME */
	if (run_start(&r, argv, NULL, 10, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, "home-file", "write ok");
	CHECK_FIELD(&r, tmpfile, "write ok");        /* lands in the private /tmp */
	/*
	 * the test binary is not in the bot's view: its directory there is
	 * an empty, read-only part of the new root
	 */
	CHECK_FIELD(&r, self, "write EROFS");
	/* other bots' scratch directories do not exist in the view */
	CHECK_FIELD(&r, otherfile, "write ENOENT");
	CHECK_FIELD(&r, otherfile2, "write ENOENT");
	/* the directory that holds our scratch: root's, in the view */
	CHECK_FIELD(&r, testtmp, "write EACCES");
	CHECK_FIELD(&r, "/dev/shm/sbx-x", "write ENOENT");
	CHECK_FIELD(&r, "/etc/passwd", "write EROFS");
	snprintf(home, sizeof(home), "%s/home-file", r.scratch);
	CHECK_INT(access(home, F_OK), 0);
	run_end(&r, 0);
	CHECK_INT(access(tmpfile, F_OK), -1);
	CHECK_INT(access(otherfile, F_OK), -1);
	CHECK_INT(access(otherfile2, F_OK), -1);
	CHECK_INT(access(testtmp, F_OK), -1);
	CHECK_INT(access("/dev/shm/sbx-x", F_OK), -1);
	CHECK_INT(stat(self, &after), 0);
	CHECK(after.st_mtime == before.st_mtime && after.st_size == before.st_size);
	CHECK_INT(sandbox_scratch_remove(other), 0);
	CHECK_INT(sandbox_scratch_remove(other2), 0);
	run_release(&r);
}

static void test_network_is_unreachable(void)
{
	struct sockaddr_in a;
	socklen_t alen = sizeof(a);
	int tcp = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	int udp = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
	char tport[16], uport[16], sockpath[PATH_MAX], buf[16];
	char *argv_tcp[] = { attack, "tcp", tport, NULL };
	char *argv_udp[] = { attack, "udp", uport, NULL };
	char *argv_nl[] = { attack, "netlink", NULL };
	char *argv_abs[] = { attack, "unix_abstract", "sbx-test-abstract", NULL };
	char *argv_path[] = { attack, "unix_path", sockpath, NULL };
	char *argv_pair[] = { attack, "socketpair", "dgram", NULL };
	char **all[] = { argv_tcp, argv_udp, argv_nl, argv_abs, argv_path, argv_pair };
	const char *name[] = { "tcp", "udp", "netlink", "unix_abstract", "unix_path",
			       "socketpair" };

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	CHECK_INT(bind(tcp, (struct sockaddr *)&a, sizeof(a)), 0);
	CHECK_INT(listen(tcp, 4), 0);
	getsockname(tcp, (struct sockaddr *)&a, &alen);
	snprintf(tport, sizeof(tport), "%d", ntohs(a.sin_port));
	a.sin_port = 0;
	CHECK_INT(bind(udp, (struct sockaddr *)&a, sizeof(a)), 0);
	alen = sizeof(a);
	getsockname(udp, (struct sockaddr *)&a, &alen);
	snprintf(uport, sizeof(uport), "%d", ntohs(a.sin_port));
	snprintf(sockpath, sizeof(sockpath), "/run/sbx-test-%d.sock", (int)getpid());

	for (int i = 0; i < 6; i++) {
		struct run r;

		if (run_start(&r, all[i], NULL, 12, 0) == 0)
			run_read(&r, NULL, 5000);
		CHECK_FIELD(&r, name[i], "EPERM");
		if (i == 5) {
			/* a unix stream pair works, and reaches nothing */
			CHECK_FIELD(&r, "socketpair_inet", "EPERM");
			CHECK_FIELD(&r, "pair_write", "ok");
			CHECK_FIELD(&r, "pair_read", "ok");
			CHECK_FIELD(&r, "pair_sendto_path", "EISCONN");
		}
		run_end(&r, 0);
		run_release(&r);
	}
	/* the listeners saw nothing */
	CHECK_INT(accept(tcp, NULL, NULL), -1);
	CHECK_INT(errno, EAGAIN);
	CHECK_INT(recv(udp, buf, sizeof(buf), 0), -1);
	CHECK_INT(errno, EAGAIN);
	close(tcp);
	close(udp);
}

static void test_signals_reach_no_one_outside(void)
{
	char *const victim_argv[] = { attack, "sleep", NULL };
	char me[16], vinit[16], vbot[16];
	char *argv[] = { attack, "kill", "all", "-1", "9", "referee", me, "10",
			 "victim_init", vinit, "9", "victim_bot", vbot, "9",
			 "own_init", "1", "9", NULL };
	char *const raw[] = { attack, "killraw", NULL };
	struct run v, r;

	signal(SIGUSR1, on_usr1);
	got_usr1 = 0;
	if (run_start(&v, victim_argv, NULL, 13, 0) == 0)
		run_read(&v, "sleeping", 5000);
	snprintf(me, sizeof(me), "%d", (int)getpid());
	snprintf(vinit, sizeof(vinit), "%d", (int)sandbox_pid(v.p));
	snprintf(vbot, sizeof(vbot), "%d", (int)bot_host_pid(v.p));
	CHECK(strtol(vbot, NULL, 10) > 0);
	if (run_start(&r, argv, NULL, 14, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, "all", "EPERM");          /* seccomp */
	CHECK_FIELD(&r, "referee", "ESRCH");      /* not in its pid namespace */
	CHECK_FIELD(&r, "victim_init", "ESRCH");
	CHECK_FIELD(&r, "victim_bot", "ESRCH");
	CHECK_FIELD(&r, "own_init", "EPERM");     /* Landlock signal scope */
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0"); /* its own init survived */
	run_release(&r);
	if (run_start(&r, raw, NULL, 14, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK_FIELD(&r, "killraw", "EPERM");
	run_end(&r, 0);
	run_release(&r);
	CHECK_INT(got_usr1, 0);
	CHECK_INT(sandbox_wait(v.p, 1, NULL, NULL, 0), SANDBOX_RUNNING);
	run_end(&v, 1);
	run_release(&v);
	signal(SIGUSR1, SIG_DFL);
}

static void test_no_access_to_other_memory_or_fds(void)
{
	char *const victim_argv[] = { attack, "sleep", NULL };
	char me[16], vbot[16];
	char *argv_pt[] = { attack, "ptrace", me, NULL };
	char *argv_vm[] = { attack, "vmread", me, NULL };
	char *argv_other[] = { attack, "proc", vbot, NULL };
	char *argv_init[] = { attack, "proc", "1", NULL };
	struct run v, r;

	snprintf(me, sizeof(me), "%d", (int)getpid());
	if (run_start(&v, victim_argv, NULL, 15, 0) == 0)
		run_read(&v, "sleeping", 5000);
	snprintf(vbot, sizeof(vbot), "%d", (int)bot_host_pid(v.p));

	if (run_start(&r, argv_pt, NULL, 16, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK_FIELD(&r, "ptrace_attach", "EPERM");
	CHECK_FIELD(&r, "ptrace_seize", "EPERM");
	run_end(&r, 0);
	run_release(&r);

	if (run_start(&r, argv_vm, NULL, 16, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK_FIELD(&r, "vmread", "EPERM");
	run_end(&r, 0);
	run_release(&r);

	/* another bot's /proc entries: not even visible */
	if (run_start(&r, argv_other, NULL, 16, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, "procmem", "ENOENT");
	CHECK_FIELD(&r, "procfd0", "ENOENT");
	run_end(&r, 0);
	run_release(&r);

	/*
	 * its own init: not dumpable and outside its Landlock domain, so
	 * with hidepid not even listed
	 */
	if (run_start(&r, argv_init, NULL, 16, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, "procmem", "ENOENT");
	CHECK_FIELD(&r, "procfd0", "ENOENT");
	CHECK_FIELD(&r, "procenviron", "ENOENT");
	run_end(&r, 0);
	run_release(&r);

	CHECK_INT(sandbox_wait(v.p, 1, NULL, NULL, 0), SANDBOX_RUNNING);
	run_end(&v, 1);
	run_release(&v);
}

static void test_setsid_grandchild_dies_with_the_bot(void)
{
	char *const argv[] = { attack, "escape", NULL };
	struct run r;
	double t0;

	if (run_start(&r, argv, NULL, 17, 0) == 0) {
		t0 = now_ms();
		/* the grandchild holds stdout: EOF only if it died with the bot */
		run_read(&r, NULL, 3000);
		CHECK(r.eof);
		CHECK(now_ms() - t0 < 1000);
	}
	CHECK(strstr(r.text.buf, "escaped") != NULL);
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
}

static void test_setsid_grandchild_dies_on_sandbox_kill(void)
{
	char *const argv[] = { attack, "escape_stay", NULL };
	struct run r;

	if (run_start(&r, argv, NULL, 18, 0) == 0)
		run_read(&r, "escaped", 3000);
	if (geteuid() == 0)
		CHECK_INT(count_uid(18), 3); /* init, bot, the setsid child's child */
	run_end(&r, 1);                      /* CHECKs that nothing is left */
	CHECK_INT(r.rc, SANDBOX_KILLED);
	run_release(&r);
}

static void test_namespace_and_kernel_calls_are_denied(void)
{
	char *const argv[] = { attack, "unshare", NULL };
	char *const argv2[] = { attack, "kernel", NULL };
	static const char *const eperm[] = {
		"mount", "umount", "keyctl", "add_key", "bpf", "perf_event_open",
		"io_uring_setup", "userfaultfd", "clone_newuser", "setns", "chroot",
		"reboot", "init_module", "settimeofday",
	};
	struct run r;

	if (run_start(&r, argv, NULL, 19, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK_FIELD(&r, "unshare_user", "EPERM");
	CHECK_FIELD(&r, "unshare_net", "EPERM");
	CHECK_FIELD(&r, "unshare_ns", "EPERM");
	run_end(&r, 0);
	run_release(&r);
	if (run_start(&r, argv2, NULL, 19, 0) == 0)
		run_read(&r, NULL, 5000);
	for (size_t i = 0; i < sizeof(eperm) / sizeof(eperm[0]); i++)
		CHECK_FIELD(&r, eperm[i], "EPERM");
	CHECK_FIELD(&r, "clone3", "ENOSYS");
	CHECK_FIELD(&r, "pthread_create", "ok");
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
}

/*
 * Every call that lets a bot watch another through what they share (locks,
 * change notification, the page cache, machine-wide counters), leave its
 * one CPU share (setsid) or its CPUs (sched_setaffinity), or make a timer
 * interrupt do work the kernel charges to whoever runs (timerfd_create,
 * timer_create, signalfd4), fails with EPERM;
 * a sleep on a futex another bot can find (a shared one) fails at once,
 * with EAGAIN or ENOSYS (a wait without a timeout, after the init held
 * it for HOLD_MS); plain reads, a private futex and pthread_join still
 * work, and a thread in pthread_join sleeps rather than spins (it spun
 * when the EAGAIN came at once: 300 ms of CPU for a 300 ms join).
 */
static void test_watching_calls_are_denied(void)
{
	char *argv[] = { attack, "watch", NULL };
	static const char *const eperm[] = {
		"flock", "fcntl_setlk", "fcntl_ofd_getlk", "fcntl_getlease", "fcntl_notify",
		"inotify_init1", "fanotify_init", "mincore", "cachestat", "preadv2_nowait",
		"fadvise_dontneed", "kcmp", "pidfd_open", "pidfd_getfd", "process_madvise",
		"clone_pidfd", "io_setup", "timerfd_create", "timer_create", "signalfd4", "so_cookie",
		"so_peerpidfd", "so_passpidfd",
		"sched_setaffinity", "setsid",
	};
	struct run r;

	if (run_start(&r, argv, NULL, 19, 0) == 0)
		run_read(&r, "setsid", 5000);
	{
		char fig[128];

		printf("  (%s)\n", field(r.text.buf, "pthread_join_figures", fig, sizeof(fig)));
	}
	for (size_t i = 0; i < sizeof(eperm) / sizeof(eperm[0]); i++)
		CHECK_FIELD(&r, eperm[i], "EPERM");
	CHECK_FIELD(&r, "preadv2", "ok");
	CHECK_FIELD(&r, "socketpair", "ok");
	/* no sleep on a futex another bot could find; its own still sleeps */
	CHECK_FIELD(&r, "futex_shared_wait", "EAGAIN");
	CHECK_FIELD(&r, "futex_shared_timedwait", "EAGAIN-at-once");
	CHECK_FIELD(&r, "futex_shared_bitset_timedwait", "ENOSYS-at-once");
	CHECK_FIELD(&r, "futex_private_timedwait", "ETIMEDOUT-after-a-sleep");
	CHECK_FIELD(&r, "futex_waitv", "ENOSYS");
	/* glibc stops a program whose timed wait on a shared object fails so */
	CHECK_FIELD(&r, "sem_timedwait_shared", "ABRT");
	CHECK_FIELD(&r, "futex2_shared_wait", "EAGAIN");
	CHECK_FIELD(&r, "futex2_shared_timedwait", "ENOSYS-at-once");
	CHECK_FIELD(&r, "pthread_join", "ok");
	CHECK_FIELD(&r, "pthread_join_wait", "sleeps");
	run_end(&r, 0);
	run_release(&r);
}

/*
 * No bot opts its memory into same-page merging (KSM), through which a
 * bot learns whether another holds a page of a given content: madvise
 * with MADV_MERGEABLE and prctl(PR_SET_MEMORY_MERGE) fail with EPERM,
 * other advice still works. A referee whose memory is all mergeable
 * (systemd's MemoryKSM=yes sets PR_SET_MEMORY_MERGE, which fork and
 * execve keep) does not pass that on to its bots.
 */
/*
 * Every shape of a shared futex wait a filter might miss (attack7): on the
 * libc word, which another bot maps too, none sleeps. A wait whose op has
 * FUTEX_CLOCK_REALTIME (256) or bits above the kernel's int (1 << 32), or
 * bits the kernel reads as another command (ENOSYS there), is held and
 * refused like FUTEX_WAIT (EAGAIN); a timeout pointer with one word 0 and
 * the other not (0x200000000, 0x10000000, each to a 10 s timespec) is a
 * timeout: FUTEX_WAIT with one fails at once (EAGAIN);
 * FUTEX_WAIT_REQUEUE_PI fails (ENOSYS); the PI locks, which no filter
 * rule covers, need the word writable and fail on a page of libc
 * (EFAULT); futex_wait with FUTEX2_PRIVATE's bit clear but bits above
 * the kernel's int set is shared, refused (EAGAIN). The same answers came
 * before the init held anything (df09943). And a filter of the bot's own
 * with a listener of its own, whose USER_NOTIF would win over the init's
 * and whose CONTINUE would let the wait sleep, cannot be installed: one
 * listener a filter chain (EBUSY).
 */
static void test_futex_wait_variants_never_sleep(void)
{
	char *argv[] = { attack, "futexvar", NULL };
	static const struct {
		const char *name, *want;
	} want[] = {
		{ "fv_wait_realtime", "EAGAIN" },   { "fv_bitset_realtime", "EAGAIN" },
		{ "fv_wait_high_op", "EAGAIN" },    { "fv_bitset_high_op", "EAGAIN" },
		{ "fv_wait_junk_op", "EAGAIN" },    { "fv_wait_timeout_hi", "EAGAIN" },
		{ "fv_wait_timeout_lo", "EAGAIN" }, { "fv_requeue_pi", "ENOSYS" },
		{ "fv_lock_pi", "EFAULT" },         { "fv_lock_pi2", "EFAULT" },
		{ "fv_trylock_pi", "EFAULT" },      { "fv_futex2_high_flags", "EAGAIN" },
		{ "fv_own_listener", "EBUSY" },
	};
	struct run r;

	if (run_start(&r, argv, NULL, 19, 0) == 0)
		run_read(&r, "fv_done", 60000);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		CHECK_FIELD(&r, want[i].name, want[i].want);
	run_end(&r, 0);
	CHECK_INT(r.rc, SANDBOX_EXITED);
	run_release(&r);
}

/*
 * The init under a flood of held waits (attack7): 300 threads, more than
 * it holds at once (HOLD_MAX 256), wait on a shared futex again and
 * again. It still answers opens (allowed and refused) and sysinfo; a
 * signal reaches a held thread; a forked child's own wait is answered; a
 * process of 50 held threads dies of SIGKILL and another execs; every
 * wait is answered EAGAIN; the bot exits (0) with 50 threads held.
 */
static void test_held_wait_flood_keeps_the_init_answering(void)
{
	char *argv[] = { attack, "holdflood", NULL };
	struct sandbox_limits lim;
	struct run r;

	limits_default(&lim);
	lim.nproc = 500; /* the 300, and 50 more in each child */
	if (run_start(&r, argv, &lim, 19, 0) == 0)
		run_read(&r, NULL, 30000);
	if (!strstr(r.text.buf, "flood_exit"))
		printf("  (what it said: %s)\n", r.text.buf);
	CHECK_FIELD(&r, "flood_open", "ok");
	CHECK_FIELD(&r, "flood_open_pagemap", "EACCES");
	CHECK_FIELD(&r, "flood_sysinfo", "ok");
	CHECK_FIELD(&r, "flood_sysinfo_procs", "1");
	CHECK_FIELD(&r, "flood_signal", "ok");
	CHECK_FIELD(&r, "flood_fork", "7");
	CHECK_FIELD(&r, "flood_kill", "KILL");
	CHECK_FIELD(&r, "exec_hello", "ok");
	CHECK_FIELD(&r, "flood_exec", "0");
	CHECK_FIELD(&r, "flood_join", "ok");
	CHECK_FIELD(&r, "flood_waits", "many, other 0");
	CHECK(strstr(r.text.buf, "flood_exit\n") != NULL);
	run_end(&r, 0);
	printf("  (the flood's CPU: %ld ms)\n", (long)r.cpu_ms);
	CHECK_INT(r.rc, SANDBOX_EXITED);
	CHECK(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0);
	run_release(&r);
}

/*
 * A bot killed (sandbox_kill) while 50 of its threads are in held waits
 * (attack7), 10 times: none of the waits is answered otherwise than
 * EAGAIN before the threads die. The dying init's files close before
 * the kernel kills the rest of the namespace, and cgroup.kill signals
 * one process after another, the init maybe first: its listener closed,
 * a held wait fails with ENOSYS, and glibc's pthread_join aborts on that
 * into the bot's log (2 of 40 kills failed so before sandbox_kill
 * killed the rest of the namespace first, 0 of 30 after).
 */
static void test_held_waits_end_quietly_on_kill(void)
{
	char *argv[] = { attack, "holdkill", NULL };
	struct sandbox_limits lim;
	struct run r;
	int failed = 0;

	limits_default(&lim);
	lim.nproc = 100;
	for (int i = 0; i < 10; i++) {
		if (run_start(&r, argv, &lim, 19, 0) == 0)
			run_read(&r, "holding", 10000);
		CHECK(strstr(r.text.buf, "holding\n") != NULL);
		if (r.p)
			sandbox_kill(r.p);
		run_read(&r, NULL, 5000);
		if (strstr(r.text.buf, "held_failed"))
			failed++;
		run_end(&r, 0);
		run_release(&r);
	}
	printf("  (killed while held: a wait failed in %d of 10 kills)\n", failed);
	CHECK_INT(failed, 0);
}

static void test_memory_merging_is_refused(void)
{
	char *argv[] = { attack, "ksm", NULL };
	struct run r;
#ifdef __SANITIZE_ADDRESS__
	/*
	 * turning it off again walks every page of every area, ASan's
	 * shadow too (terabytes): minutes, in this process and in the bot's
	 */
	int merge_any = 0;

	fprintf(stderr, "note: a mergeable parent: not under ASan\n");
#else
	int merge_any = prctl(67 /* PR_SET_MEMORY_MERGE */, 1, 0, 0, 0) == 0;

	if (!merge_any)
		fprintf(stderr, "note: PR_SET_MEMORY_MERGE: %s (before Linux 6.4, or no KSM)\n",
			strerrorname_np(errno));
#endif
	if (run_start(&r, argv, NULL, 19, 0) == 0)
		run_read(&r, "madvise_dontneed", 5000);
	if (merge_any)
		prctl(67 /* PR_SET_MEMORY_MERGE */, 0, 0, 0, 0);
	CHECK_FIELD(&r, "madvise_mergeable", "EPERM");
	CHECK_FIELD(&r, "prctl_memory_merge", "EPERM");
	if (merge_any)
		CHECK_FIELD(&r, "merge_any", "0");
	CHECK_FIELD(&r, "madvise_unmergeable", "ok");
	CHECK_FIELD(&r, "madvise_free", "ok");
	CHECK_FIELD(&r, "madvise_dontneed", "ok");
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
}

/*
 * What the int80 attack dies of outside the sandbox: 0 when it survives
 * there (the kernel has the i386 entry), else its signal (SIGSEGV where
 * ia32 emulation is off).
 */
static int host_int80_signal(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		execl(attack, attack, "int80", (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

/*
 * What the kernel tells a process of pages others map (pagemap, smaps,
 * smaps_rollup, numa_maps), the machine's eventfd ids (fdinfo) and its
 * shared memory (sysinfo) carried a partner's hand exactly: every way to
 * them is refused, a racing thread that swaps the path after the init
 * read it included, and the rest of /proc still opens.
 */
/* sandbox_notify.c's verdict on a path (internal; declared here for the test) */
int sandbox_notify_judge(const char *path, long tgid, long tid, char *rel, size_t len);

/*
 * The init's verdicts on paths, for process 7, thread 9: 0 the kernel's
 * (under Landlock), 1 EACCES, 2 opened by the init as rel, 3 ENOENT.
 */
static void test_init_judges_proc_paths(void)
{
	static const struct {
		const char *path;
		int verdict;
		const char *rel;
	} t[] = {
		{ "/proc/self/pagemap", 1, "" },
		{ "/proc/thread-self/pagemap", 1, "" },
		{ "/proc/self/task/78/smaps", 1, "" },
		{ "/proc/12/smaps_rollup", 1, "" },
		{ "/proc/self/numa_maps", 1, "" },
		{ "/proc/self/fdinfo/3", 1, "" },
		{ "/proc/self/fdinfo", 1, "" },
		{ "/proc/1/status", 3, "" },
		{ "/proc/self/net/../pagemap", 0, "" },
		{ "/proc/self/fd/3", 0, "" },
		{ "/proc/self/root/etc/shadow", 0, "" },
		{ "/proc/self/cwd/x", 0, "" },
		{ "/etc/passwd", 0, "" },
		{ "/procx/self/pagemap", 0, "" },
		{ "/proc/self/fd", 2, "7/fd" },
		{ "/proc/mounts", 2, "7/mounts" },
		{ "/proc/net/dev", 2, "7/net/dev" },
		{ "/proc/self/status", 2, "7/status" },
		{ "//proc/./self//status", 2, "7/status" },
		{ "/proc/thread-self/stat", 2, "7/task/9/stat" },
		{ "/proc/12/task/13/maps", 2, "12/task/13/maps" },
		{ "/proc", 2, "." },
		{ "/proc/cpuinfo", 2, "cpuinfo" },
		{ "/proc/sys/kernel/pid_max", 2, "sys/kernel/pid_max" },
		/* not a pid to the kernel either (leading 0, too long): no such file there */
		{ "/proc/01/smaps", 2, "01/smaps" },
		{ "/proc/self/task/01/smaps", 2, "7/task/01/smaps" },
	};
	char rel[256];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int v;

		rel[0] = '\0';
		v = sandbox_notify_judge(t[i].path, 7, 9, rel, sizeof(rel));
		if (v != t[i].verdict || (v == 2 && strcmp(rel, t[i].rel)))
			printf("judge %s: %d '%s', expected %d '%s'\n", t[i].path, v, rel,
			       t[i].verdict, t[i].rel);
		CHECK_INT(v, t[i].verdict);
		if (v == 2)
			CHECK_STR(rel, t[i].rel);
	}
}

static void test_proc_hides_what_others_map(void)
{
	char *const argv[] = { attack, "procmask", NULL };
	static const char *const refused[] = {
		"open0", "open1", "open2", "open3", "open4", "open5", "open6", "open7",
		"open9", "open10", "task_smaps", "pid_pagemap", "openat2", "dir_pagemap",
		"via_link", "cwd_pagemap", "cwd_dotdot", "maps_write",
	};
	struct run r;
	const char *race, *si;
	int opened = 0, pagemap = -1;

	if (!info.active[SANDBOX_LANDLOCK_FS] || !info.active[SANDBOX_PIDNS]) {
		printf("skipped: no Landlock or no PID namespace\n");
		return;
	}
	if (run_start(&r, argv, NULL, 21, 0) == 0)
		run_read(&r, "sysinfo", 20000);
	printf("%s", r.text.buf);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		CHECK_FIELD(&r, refused[i], "EACCES");
	/* the kernel's walk: cwd (the scratch) then "..": no proc/ beside the scratch */
	CHECK_FIELD(&r, "open8", "ENOENT");
	CHECK_FIELD(&r, "open11", "ENOTDIR");
	CHECK_FIELD(&r, "dir", "ok");
	CHECK_FIELD(&r, "dir_maps", "ok");
	CHECK_FIELD(&r, "maps", "ok");
	CHECK_FIELD(&r, "status", "ok");
	/* links and relative paths into /proc, and openat2, as the kernel would have them */
	CHECK_FIELD(&r, "etc_mtab", "ok");
	CHECK_FIELD(&r, "etc_dot_mtab", "ok");
	/* as the kernel has them: a file is no directory, no temporary file in /proc */
	CHECK_FIELD(&r, "status_slash", "ENOTDIR");
	{
		char fb[32];

		CHECK(strcmp(field(r.text.buf, "proc_tmpfile", fb, sizeof(fb)), "ok") != 0);
	}
	CHECK_FIELD(&r, "openat2_status", "ok");
	CHECK_FIELD(&r, "cwd_status", "ok");
	CHECK_FIELD(&r, "root_relative", "ok");
	CHECK_FIELD(&r, "root_relative_smaps", "EACCES");
	{
		const char *st = strstr(r.text.buf, "storm_restart ok ");
		int ok = 0, eintr = -1, other = -1;

		CHECK(st && sscanf(st, "storm_restart ok %d eintr %d other %d", &ok, &eintr,
				   &other) == 3);
		CHECK_INT(ok, 5000);
		CHECK_INT(eintr, 0);
		st = strstr(r.text.buf, "storm ok ");
		CHECK(st && sscanf(st, "storm ok %d eintr %d other %d", &ok, &eintr, &other) == 3);
		CHECK_INT(other, 0);
		CHECK_INT(ok + eintr, 5000);
	}
	race = strstr(r.text.buf, "race opened ");
	CHECK(race && sscanf(race, "race opened %d pagemap %d", &opened, &pagemap) == 2);
	/* the racer lands on maps often enough to have tried */
	CHECK(opened > 100);
	CHECK_INT(pagemap, 0);
	si = strstr(r.text.buf, "sysinfo shared ");
	CHECK(si != NULL);
	if (si) {
		unsigned long shared = 1, buffer = 1, swap = 1, total = 0, load = 1;
		unsigned procs = 0;

		CHECK(sscanf(si, "sysinfo shared %lu buffer %lu swap %lu procs %u total %lu load %lu",
			     &shared, &buffer, &swap, &procs, &total, &load) == 6);
		CHECK(shared == 0 && buffer == 0 && swap == 0 && load == 0);
		/* the bot alone: no other process of the machine is counted */
		CHECK_INT((long)procs, 1);
		/* the default mem_mb, 2048 MiB */
		CHECK(total == 2048UL << 20);
	}
	run_end(&r, 0);
	run_release(&r);
}

/* Pages of path in the page cache (mincore of a fresh mapping), or -1. */
static long resident_pages(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	unsigned char vec[256];
	long n = 0, pages;
	void *m;

	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size == 0)
		return -1;
	pages = (st.st_size + 4095) / 4096;
	if (pages > (long)sizeof(vec))
		pages = sizeof(vec);
	m = mmap(NULL, (size_t)pages * 4096, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return -1;
	if (mincore(m, (size_t)pages * 4096, vec) == 0)
		for (long i = 0; i < pages; i++)
			n += vec[i] & 1;
	munmap(m, (size_t)pages * 4096);
	return n;
}

/* Drops path's clean pages from the page cache. */
static void evict(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
}

/*
 * A page a bot brought into the page cache is gone after its game: the
 * next game's bot, timing a first read, finds no mark. The same read by
 * a process outside leaves the pages there (the check can fail).
 */
static void test_pages_a_bot_read_are_forgotten(void)
{
	const char *file = "/usr/share/common-licenses/GPL-3";
	char *const argv[] = { "/bin/cat", (char *)file, NULL };
	struct run r;
	long before, outside, after;
	pid_t pid;

	if (!info.active[SANDBOX_CGROUP] || access(file, R_OK) < 0) {
		printf("skipped: no cgroup, or no %s\n", file);
		return;
	}
	evict(file);
	before = resident_pages(file);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	waitpid(pid, NULL, 0);
	outside = resident_pages(file);
	evict(file);
	if (run_start(&r, argv, NULL, 22, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK(strstr(r.text.buf, "GNU GENERAL PUBLIC LICENSE") != NULL);
	run_end(&r, 0);
	run_release(&r);
	after = resident_pages(file);
	printf("GPL-3 pages resident: evicted %ld, after a read outside %ld, after the bot's %ld\n",
	       before, outside, after);
	CHECK_INT(before, 0);
	CHECK(outside >= 9); /* 35 KiB: all of its pages */
	CHECK_INT(after, 0);
}

static void test_foreign_syscall_abi_is_killed(void)
{
	char *const argv[] = { attack, "int80", NULL };
	char *const argv2[] = { attack, "x32", NULL };
	struct run r;

	int host_sig = host_int80_signal();

	if (run_start(&r, argv, NULL, 20, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK(strstr(r.text.buf, "int80 trying") != NULL);
	CHECK(strstr(r.text.buf, "survived") == NULL);
	run_end(&r, 0);
	CHECK_INT(r.rc, host_sig == SIGSEGV ? SANDBOX_EXITED : SANDBOX_KILLED);
	if (host_sig == SIGSEGV) {
		/* a kernel without the i386 entry (ia32 emulation off): the
		 * call never reaches seccomp, the CPU's fault kills it first */
		CHECK(WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGSEGV);
		CHECK_STR(r.why, "killed by signal 11 (SIGSEGV)");
	} else {
		CHECK(WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGSYS);
		CHECK_STR(r.why, "killed by signal 31 (SIGSYS: blocked system call)");
	}
	run_release(&r);
	if (run_start(&r, argv2, NULL, 20, 0) == 0)
		run_read(&r, NULL, 5000);
	CHECK(strstr(r.text.buf, "survived") == NULL);
	run_end(&r, 0);
	CHECK_STR(r.why, "killed by signal 31 (SIGSYS: blocked system call)");
	run_release(&r);
}

static void test_setuid_binaries_gain_nothing(void)
{
	char *const argv[] = { "/bin/sh", "-c",
			       "/usr/bin/passwd -S root; echo passwd $?; "
			       "su -c 'id -u' root </dev/null; echo su $?",
			       NULL };
	char suid[PATH_MAX + 16], want[64];
	char *argv2[] = { suid, "ids", NULL };
	struct run r;
	int in, out;
	char buf[1 << 16];
	ssize_t n;

	if (geteuid() != 0) {
		printf("skip: setuid test needs root\n");
		return;
	}
	if (run_start(&r, argv, NULL, 21, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, "passwd", "1");
	CHECK_FIELD(&r, "su", "1");
	CHECK(strstr(r.text.buf, "\n0\n") == NULL);
	run_end(&r, 0);
	run_release(&r);

	/* a setuid-root copy of the helper, outside the host's /tmp */
	snprintf(suid, sizeof(suid), "%s.suid", attack);
	in = open(attack, O_RDONLY);
	out = open(suid, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		CHECK_INT(write(out, buf, (size_t)n), n);
	close(in);
	close(out);
	CHECK_INT(chmod(suid, 04755), 0);
	if (run_start(&r, argv2, NULL, 22, 0) == 0)
		run_read(&r, NULL, 5000);
	snprintf(want, sizeof(want), "%d euid %d gid %d egid %d", SANDBOX_UID_BASE + 22,
		 SANDBOX_UID_BASE + 22, SANDBOX_UID_BASE + 22, SANDBOX_UID_BASE + 22);
	CHECK_FIELD(&r, "uid", want);
	run_end(&r, 0);
	run_release(&r);
	unlink(suid);
}

static void test_cpu_time_counts_the_whole_tree(void)
{
	char *const argv[] = { attack, "tree_cpu", "300", NULL };
	struct run r;
	double ms = 0;

	if (run_start(&r, argv, NULL, 23, 0) == 0) {
		run_read(&r, "tree done", 5000);
		ms = sandbox_cpu_ms(r.p);
	}
	/* two children reaped by the bot, 300 ms each */
	CHECK(ms >= 590 && ms < 1500);
	run_end(&r, 1);
	CHECK(r.cpu_ms >= 590 && r.cpu_ms < 1500);
	run_release(&r);
}

static void test_runtimes_start_under_default_limits(void)
{
	char javasrc[PATH_MAX + 32];
	char *const py[] = { "python3", "-c", "import sys, os; print('py', 6 * 7)", NULL };
	char *const node[] = { "node", "-e", "console.log('node', 6 * 7)", NULL };
	char *const sh[] = { "/bin/sh", "-c", "echo sh $((6 * 7))", NULL };
	char *const javav[] = { "java", "-Xmx64m", "-version", NULL };
	char *javarun[] = { "java", "-Xmx64m", javasrc, NULL };
	char *const pyaio[] = { "python3", "-c",
				"import asyncio\n"
				"async def f(): return 42\n"
				"print('asyncio', asyncio.run(f()))",
				NULL };
	char *const *progs[] = { py, pyaio, node, sh, javav, javarun };
	const char *key[] = { "py", "asyncio", "node", "sh", "openjdk", "java" };
	const char *want[] = { "42", "42", "42", "42", NULL, "42" };

	snprintf(javasrc, sizeof(javasrc), "%s/tests/bots/SbxHello.java", srcdir);
	for (int i = 0; i < 6; i++) {
		double t0 = now_ms();
		struct run r;

		if (run_start(&r, progs[i], NULL, 24, 0) == 0)
			run_read(&r, NULL, 20000);
		printf("%s: %.0f ms: %s", progs[i][0], now_ms() - t0, r.text.buf);
		if (want[i])
			CHECK_FIELD(&r, key[i], want[i]);
		else
			CHECK(strstr(r.text.buf, key[i]) != NULL);
		run_end(&r, 0);
		CHECK_STR(r.why, "exited with status 0");
		run_release(&r);
	}
}

static void test_insecure_mode_keeps_layer_one(void)
{
	char *const argv[] = { attack, "tcp", "1", NULL };
	char *const argv2[] = { "/bin/sh", "-c", "echo pid $$", NULL };
	struct run r;
	char buf[32];

	if (run_start(&r, argv, NULL, 25, 1) == 0)
		run_read(&r, NULL, 5000);
	CHECK_FIELD(&r, "tcp", "EPERM");
	run_end(&r, 0);
	run_release(&r);
	if (run_start(&r, argv2, NULL, 25, 1) == 0)
		run_read(&r, NULL, 5000);
	/* no pid namespace: a host pid, not 2 */
	CHECK(strcmp(field(r.text.buf, "pid", buf, sizeof(buf)), "2") != 0);
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
}

static void test_insecure_escape_is_still_cleaned_up(void)
{
	char *const argv[] = { attack, "escape", NULL };
	struct run r;

	/* without a pid namespace the init is a subreaper that kills orphans */
	if (run_start(&r, argv, NULL, 26, 1) == 0)
		run_read(&r, NULL, 3000);
	CHECK(r.eof);
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
}

static void test_program_under_host_tmp_runs_read_only(void)
{
	char copy[PATH_MAX + 16], buf[1 << 16];
	char *argv[] = { copy, "write", copy, NULL };
	struct run r;
	int in, out;
	ssize_t n;

	/* the private /tmp hides the host's, but the program's directory shows, read-only */
	snprintf(copy, sizeof(copy), "%s/sbx_attack_copy", tmpdir);
	in = open(attack, O_RDONLY);
	out = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		CHECK_INT(write(out, buf, (size_t)n), n);
	close(in);
	close(out);
	if (run_start(&r, argv, NULL, 27, 0) == 0)
		run_read(&r, NULL, 5000);
	printf("%s", r.text.buf);
	CHECK_FIELD(&r, copy, "write EROFS");
	run_end(&r, 0);
	CHECK_STR(r.why, "exited with status 0");
	run_release(&r);
	CHECK_INT(unlink(copy), 0);
}

static void setup_paths(void)
{
	const char *o = getenv("O") ? getenv("O") : "build/rel";
	const char *t = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char rel[PATH_MAX];

	if (!getcwd(srcdir, sizeof(srcdir)))
		exit(1);
	snprintf(rel, sizeof(rel), "%s/tests/bots/sbx_attack", o);
	if (!realpath(rel, attack)) {
		fprintf(stderr, "missing %s (run through make test)\n", rel);
		exit(1);
	}
	if (!realpath(t, tmpdir))
		exit(1);
}

/*
 * Referees running beside this test (make test runs tests in parallel)
 * take slots through sandbox_slot_acquire(); the slots this test names
 * directly are locked the same way first, so no referee's bot shares
 * their uids while the test counts processes by uid.
 */
static void hold_test_slots(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], err[256];

	if (sandbox_slot_dir(dir, sizeof(dir), err, sizeof(err)) < 0) {
		fprintf(stderr, "slots: %s\n", err);
		exit(1);
	}
	for (int slot = 0; slot < 32; slot++) {
		int fd;

		snprintf(path, sizeof(path), "%s/slot%d.lock", dir, slot);
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		if (fd >= 0)
			flock(fd, LOCK_EX); /* waits for a running bot; kept until exit */
	}
}

int main(void)
{
	double t0 = now_ms();
	char err[128];
	int lockfd;

	/* taking and giving back one slot makes the slot directory if needed */
	if (sandbox_slot_acquire(&lockfd, err, sizeof(err)) >= 0)
		sandbox_slot_release(0, lockfd);
	hold_test_slots();
	setup_paths();
	sandbox_probe(&info);
	RUN(test_probe_reports_every_layer_as_root);
	RUN(test_isolation_needs_a_layer);
	RUN(test_scratch_belongs_to_the_slot);
	RUN(test_exec_failure_is_reported);
	RUN(test_clean_start_env_cwd_fds);
	RUN(test_spin_is_stopped_by_sandbox_kill);
	RUN(test_eight_spinning_threads_hit_the_cpu_backstop);
	RUN(test_c_fork_bomb_is_held_to_nproc);
	RUN(test_shell_fork_bomb_is_held_to_nproc);
	RUN(test_thread_bomb_is_held_to_nproc);
	RUN(test_memory_hog_is_held_to_mem_mb);
	RUN(test_huge_file_is_stopped_at_fsize);
	RUN(test_thousands_of_files_are_removed);
	RUN(test_hostile_scratch_is_removed_without_following_links);
	RUN(test_writes_land_only_in_scratch);
	RUN(test_network_is_unreachable);
	RUN(test_signals_reach_no_one_outside);
	RUN(test_no_access_to_other_memory_or_fds);
	RUN(test_setsid_grandchild_dies_with_the_bot);
	RUN(test_setsid_grandchild_dies_on_sandbox_kill);
	RUN(test_namespace_and_kernel_calls_are_denied);
	RUN(test_watching_calls_are_denied);
	RUN(test_futex_wait_variants_never_sleep);
	RUN(test_held_wait_flood_keeps_the_init_answering);
	RUN(test_held_waits_end_quietly_on_kill);
	RUN(test_memory_merging_is_refused);
	RUN(test_foreign_syscall_abi_is_killed);
	RUN(test_init_judges_proc_paths);
	RUN(test_proc_hides_what_others_map);
	RUN(test_pages_a_bot_read_are_forgotten);
	RUN(test_setuid_binaries_gain_nothing);
	RUN(test_cpu_time_counts_the_whole_tree);
	RUN(test_runtimes_start_under_default_limits);
	RUN(test_insecure_mode_keeps_layer_one);
	RUN(test_insecure_escape_is_still_cleaned_up);
	RUN(test_program_under_host_tmp_runs_read_only);
	printf("sandbox tests: %.1f s\n", (now_ms() - t0) / 1e3);
	return TEST_REPORT();
}
