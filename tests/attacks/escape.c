/*
 * escape.c - a bot that tries every way out of its view it can think of,
 * then plays the first legal move. Prints "escape WHAT RESULT" on stderr,
 * RESULT being "ok ..." (the call worked: look at what it gave) or an
 * errno name. None of these should reach anything outside the bot.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/random.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static void say(const char *what, long rc, const char *extra)
{
	if (rc < 0)
		fprintf(stderr, "escape %s %s\n", what, strerrorname_np(errno));
	else
		fprintf(stderr, "escape %s ok %s\n", what, extra ? extra : "");
}

static void try_read(const char *what, const char *path)
{
	char buf[256], out[300];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		say(what, -1, NULL);
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0) {
		say(what, -1, NULL);
		return;
	}
	buf[n] = '\0';
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == '\n' || buf[i] == '\0')
			buf[i] = ' ';
	snprintf(out, sizeof(out), "%zd bytes [%.60s]", n, buf);
	say(what, 0, out);
}

static void try_list(const char *what, const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char out[512] = "";

	if (!d) {
		say(what, -1, NULL);
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && strlen(out) + strlen(e->d_name) + 2 < sizeof(out)) {
			strcat(out, e->d_name);
			strcat(out, " ");
		}
	closedir(d);
	say(what, 0, out);
}

static void probes(void)
{
	char buf[256];
	struct statfs sf;
	struct sysinfo si;
	int fd, sv[2];
	long rc;

	try_read("proc-self-root-shadow", "/proc/self/root/../../etc/shadow");
	try_list("list-root-dotdot", "/..");
	try_list("list-proc-1-root", "/proc/1/root");
	try_read("proc-1-environ", "/proc/1/environ");
	try_list("list-sys", "/sys");
	try_list("list-run", "/run");
	try_list("list-dev", "/dev");
	try_list("list-dev-shm", "/dev/shm");
	fd = (int)syscall(SYS_pidfd_open, 1, 0);
	say("pidfd_open-init", fd, NULL);
	if (fd >= 0) {
		say("pidfd_getfd-init", syscall(SYS_pidfd_getfd, fd, 3, 0), NULL);
		say("pidfd_send_signal-init", syscall(SYS_pidfd_send_signal, fd, SIGTERM, NULL, 0), NULL);
		say("setns-init", syscall(SYS_setns, fd, 0), NULL);
		close(fd);
	}
	say("kill-init", kill(1, SIGTERM), NULL);
	say("kill-all", kill(-1, SIGCONT), NULL);
	say("open_tree", syscall(SYS_open_tree, AT_FDCWD, "/usr", 1 /* OPEN_TREE_CLONE */), NULL);
	say("fsopen", syscall(SYS_fsopen, "tmpfs", 0), NULL);
	say("mount", mount("none", "/tmp", "tmpfs", 0, NULL), NULL);
	say("umount-usr", umount2("/usr", MNT_DETACH), NULL);
	say("chroot", chroot("/tmp"), NULL);
	say("unshare-user", unshare(CLONE_NEWUSER), NULL);
	say("clone-newuser", syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0), NULL);
	say("clone3", syscall(SYS_clone3, NULL, 0), NULL);
	say("socket-unix", socket(AF_UNIX, SOCK_STREAM, 0), NULL);
	say("socket-inet", socket(AF_INET, SOCK_DGRAM, 0), NULL);
	say("socket-netlink", socket(AF_NETLINK, SOCK_RAW, 0), NULL);
	say("socketpair-dgram", socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), NULL);
	say("ptrace-traceme", syscall(SYS_ptrace, 0 /* PTRACE_TRACEME */, 0, 0, 0), NULL);
	{
		struct iovec l = { buf, 8 }, r = { buf, 8 };

		say("process_vm_readv", syscall(SYS_process_vm_readv, 1, &l, 1, &r, 1, 0), NULL);
	}
	say("name_to_handle_at", syscall(SYS_name_to_handle_at, AT_FDCWD, "/usr", buf, buf, 0), NULL);
	say("keyctl", syscall(SYS_keyctl, 0, 0, 0, 0, 0), NULL);
	say("bpf", syscall(SYS_bpf, 0, NULL, 0), NULL);
	say("perf_event_open", syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0), NULL);
	say("io_uring_setup", syscall(SYS_io_uring_setup, 1, buf), NULL);
	say("userfaultfd", syscall(SYS_userfaultfd, 0), NULL);
	say("fanotify_init", syscall(SYS_fanotify_init, 0, 0), NULL);
	say("open-urandom-write", open("/dev/urandom", O_WRONLY), NULL);
	fd = open("/dev/urandom", O_RDONLY);
	{
		int cnt = 8;

		say("ioctl-rndaddtoentcnt", ioctl(fd, RNDADDTOENTCNT, &cnt), NULL);
	}
	close(fd);
	{
		struct sched_param sp = { 1 };

		say("sched-fifo", sched_setscheduler(0, SCHED_FIFO, &sp), NULL);
	}
	say("nice-minus-20", setpriority(PRIO_PROCESS, 0, -20), NULL);
	say("write-ns_last_pid", open("/proc/sys/kernel/ns_last_pid", O_WRONLY), NULL);
	say("write-sysrq", open("/proc/sysrq-trigger", O_WRONLY), NULL);
	say("mknod-null", mknod("/tmp/null", S_IFCHR | 0666, makedev(1, 3)), NULL);
	say("link-across", link("/etc/passwd", "/tmp/passwd"), NULL);
	say("setuid-0", syscall(SYS_setuid, 0), NULL);
	say("prctl-set-mm", prctl(PR_SET_MM, PR_SET_MM_START_CODE, 0x1000, 0, 0), NULL);
	say("tiocsti", ioctl(0, TIOCSTI, "x"), NULL);
	say("acct", syscall(SYS_acct, NULL), NULL);
	say("syslog", syscall(SYS_syslog, 3, buf, sizeof(buf)), NULL);
	say("mlockall", mlockall(MCL_CURRENT), NULL);
	say("reopen-stdin-write", open("/proc/self/fd/0", O_WRONLY), NULL);
	say("reopen-stdout-read", open("/proc/self/fd/1", O_RDONLY | O_NONBLOCK), NULL);
	{
		unsigned long ctx = 0;

		rc = syscall(SYS_io_setup, 16, &ctx);
		say("io_setup", rc, NULL);
		if (rc == 0)
			syscall(SYS_io_destroy, ctx);
	}
	if (statfs("/usr", &sf) == 0) {
		snprintf(buf, sizeof(buf), "host disk: %llu of %llu blocks free",
			 (unsigned long long)sf.f_bfree, (unsigned long long)sf.f_blocks);
		say("statfs-usr", 0, buf);
	}
	if (sysinfo(&si) == 0) {
		snprintf(buf, sizeof(buf), "procs %u freeram %lu MiB shared %lu MiB", si.procs,
			 si.freeram * si.mem_unit >> 20, si.sharedram * si.mem_unit >> 20);
		say("sysinfo", 0, buf);
	}
	try_read("uptime", "/proc/uptime");
	try_read("mountinfo", "/proc/self/mountinfo");
}

int main(void)
{
	static char line[1 << 16];

	probes();
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready escape\n");
			continue;
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
