/*
 * sandbox.c - the sandbox every bot process is started through (see
 * sandbox.h for the layers and the contract).
 *
 * Process shape. The referee clone()s the sandbox's init directly, with
 * CLONE_NEWPID and the other namespaces when they are available, so the
 * init is PID 1 of the bot's namespace and the referee's own child: one
 * SIGKILL to it makes the kernel kill every process in the namespace
 * (setsid'd grandchildren included), and by the time waitpid() returns
 * they are all gone. The init mounts a fresh /proc and a private /tmp,
 * drops to the slot's uid as root, forks the bot, reaps whatever is
 * reparented to it, and exits when the bot exits, sending the bot's wait
 * status to the referee over a socket first. Without namespaces (insecure
 * mode, or a kernel that refuses them) the init is a child subreaper that
 * kills what is left of the tree before it exits.
 *
 * The bot child applies, in this order: the uid drop (or, as root, its own
 * user namespace after the init dropped the uid), fds, cwd, rlimits,
 * PR_SET_PDEATHSIG, NO_NEW_PRIVS, Landlock, close-on-exec of every fd above
 * 2 and, last, seccomp, because every step before needs calls it denies.
 *
 * Everything the children need (argv, environment, program path, mount
 * options, the seccomp BPF program, the Landlock ruleset) is prepared
 * before clone(); the children make raw system calls only (no malloc, no
 * stdio, no glibc set*id broadcast) and report a failure as a (stage,
 * errno) pair through a close-on-exec pipe, as git's run-command.c does.
 */
#include "sandbox.h"
#include "sandbox_view.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>

/* The bot's PATH, also used to look argv[0] up. */
#define CLEAN_PATH "/usr/local/bin:/usr/bin:/bin"

/* Landlock constants newer than some installed headers (ABI 4 and 6). */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#define LL_NET_BIND_TCP (1ULL << 0)
#define LL_NET_CONNECT_TCP (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LL_SCOPE_SIGNAL (1ULL << 1)

/* struct landlock_ruleset_attr as of ABI 6; older kernels take a prefix. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
};

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/* Where a child failed; reported with errno. */
enum stage {
	ST_NONE,
	ST_USERNS_MAP,
	ST_LIFE,
	ST_SETSID,
	ST_VIEW,
	ST_SETGROUPS,
	ST_SETGID,
	ST_SETUID,
	ST_CAPS,
	ST_FORK,
	ST_USERNS,
	ST_FDS,
	ST_CHDIR,
	ST_RLIMIT,
	ST_NNP,
	ST_LANDLOCK,
	ST_CLOSE,
	ST_SECCOMP,
	ST_EXEC,
};

static const char *const stage_names[] = {
	[ST_NONE] = "?",
	[ST_USERNS_MAP] = "writing the user namespace id maps",
	[ST_LIFE] = "the referee went away",
	[ST_SETSID] = "setsid",
	[ST_VIEW] = "building the bot's view",
	[ST_SETGROUPS] = "setgroups",
	[ST_SETGID] = "setresgid",
	[ST_SETUID] = "setresuid",
	[ST_CAPS] = "dropping capabilities",
	[ST_FORK] = "forking the bot",
	[ST_USERNS] = "creating the user namespace",
	[ST_FDS] = "setting up fds 0-2",
	[ST_CHDIR] = "entering the scratch directory",
	[ST_RLIMIT] = "setrlimit",
	[ST_NNP] = "PR_SET_NO_NEW_PRIVS",
	[ST_LANDLOCK] = "applying Landlock",
	[ST_CLOSE] = "closing fds",
	[ST_SECCOMP] = "loading the seccomp filter",
	[ST_EXEC] = "exec",
};

struct report {
	int stage;
	int err;
	char what[48]; /* ST_VIEW: the step */
};

/* Messages on the status socket, init -> referee. */
#define MSG_PROCFD 'P'  /* with SCM_RIGHTS: the sandbox's own /proc */
#define MSG_STATUS 'S'  /* followed by the bot's wait status */

/* Everything the children need, prepared before clone(). */
struct plan {
	const struct sandbox_spec *s;
	const char *path;      /* the program, absolute */
	const char *cwd;       /* the bot's cwd, HOME and TMPDIR, as it sees them */
	char **argv;           /* a copy: the init wipes what is the referee's own */
	char **env;
	int root;
	int ns;                /* pid, net, ipc, mount namespaces */
	int clone_userns;      /* non-root: the user namespace comes with clone() */
	int bot_userns;        /* root: the bot makes its own user namespace */
	int drop_ids;          /* root: run as the slot's uid/gid */
	uid_t uid;             /* the bot's ids (slot ids as root) */
	gid_t gid;
	int landlock_fd;       /* -1 when Landlock is off */
	int landlock_abi;
	uint64_t ll_read;      /* the read rights the ruleset handles */
	uint64_t ll_write;     /* the write rights the ruleset handles */
	const struct sock_fprog *filter;
	int errfd, statfd, lifefd;
	struct view_plan view; /* the bot's filesystem (namespaces only) */
	struct rlimit rl_as, rl_cpu, rl_fsize, rl_nofile, rl_nproc, rl_core;
};

struct sandbox_proc {
	pid_t pid;          /* the init */
	int ns;
	int statfd;         /* our end of the status socket */
	int procfd;         /* the sandbox's /proc (ns mode), or -1 */
	int killed;         /* sandbox_kill() was called */
	int ended;          /* reaped */
	int result;         /* SANDBOX_EXITED or SANDBOX_KILLED once ended */
	int status;         /* the bot's wait status once ended */
	char why[128];
	double cpu_ms;      /* exact, once ended */
	double cpu_at_kill; /* the tree's CPU time when sandbox_kill() was called */
	long cpu_limit_s;
};

/* ---- what works here: probed once ------------------------------------ */

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static struct sandbox_info probed;
static struct sock_fprog filter_prog;
static char filter_err[128];
/* where the referee's command line and environment are (the init wipes them) */
static unsigned long arg_area[2], env_area[2];

/* ---- async-signal-safe helpers for the children ----------------------- */

static void __attribute__((noreturn)) fail(int fd, int stage)
{
	struct report r;

	memset(&r, 0, sizeof(r));
	r.stage = stage;
	r.err = errno;
	if (write(fd, &r, sizeof(r)) < 0)
		_exit(126);
	_exit(127);
}

/* A failed step of view_enter(): its name goes with the errno. */
static void __attribute__((noreturn)) fail_view(int fd, const char *what)
{
	struct report r;
	size_t n = strlen(what);

	memset(&r, 0, sizeof(r));
	r.stage = ST_VIEW;
	r.err = errno;
	memcpy(r.what, what, n < sizeof(r.what) - 1 ? n : sizeof(r.what) - 1);
	if (write(fd, &r, sizeof(r)) < 0)
		_exit(126);
	_exit(127);
}

/* Writes the decimal form of v at p; returns the end. */
static char *put_ulong(char *p, unsigned long v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	while (n)
		*p++ = tmp[--n];
	*p = '\0';
	return p;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n < 0 ? -1 : 0;
}

/* Maps our own uid and gid (in the parent namespace) to themselves. */
static int map_self(uid_t uid, gid_t gid)
{
	char buf[64], *p;

	if (write_file("/proc/self/setgroups", "deny") < 0 && errno != ENOENT)
		return -1;
	p = put_ulong(buf, uid);
	*p++ = ' ';
	p = put_ulong(p, uid);
	memcpy(p, " 1\n", 4);
	if (write_file("/proc/self/uid_map", buf) < 0)
		return -1;
	p = put_ulong(buf, gid);
	*p++ = ' ';
	p = put_ulong(p, gid);
	memcpy(p, " 1\n", 4);
	return write_file("/proc/self/gid_map", buf);
}

/* set*id through raw system calls: glibc's wrappers signal every thread. */
static int drop_ids(int fd, uid_t uid, gid_t gid)
{
	if (syscall(SYS_setgroups, 0, NULL) < 0)
		fail(fd, ST_SETGROUPS);
	if (syscall(SYS_setresgid, gid, gid, gid) < 0)
		fail(fd, ST_SETGID);
	if (syscall(SYS_setresuid, uid, uid, uid) < 0)
		fail(fd, ST_SETUID);
	return 0;
}

static void reset_signals(void)
{
	struct sigaction sa;
	sigset_t none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* fork() without glibc's bookkeeping (atfork handlers, locks). */
static pid_t raw_clone(unsigned long flags)
{
	return (pid_t)syscall(SYS_clone, flags | SIGCHLD, 0, 0, 0, 0);
}

/* Did the referee go away (the only writer of the life pipe)? */
static int referee_gone(int lifefd)
{
	struct pollfd pfd;

	pfd.fd = lifefd;
	pfd.events = POLLIN;
	pfd.revents = 0;
	return poll(&pfd, 1, 0) != 0;
}

/* Makes every fd from lo up close-on-exec (or closes it). */
static int cloexec_from(int lo, int really_close)
{
	if (syscall(SYS_close_range, lo, ~0U, really_close ? 0 : CLOSE_RANGE_CLOEXEC) == 0)
		return 0;
	for (int fd = lo; fd < 65536; fd++)
		if (really_close)
			close(fd);
		else
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	return 0;
}

/* Closes every fd but keep. */
static void close_all_but(int keep)
{
	if (keep > 0)
		syscall(SYS_close_range, 0, keep - 1, 0);
	cloexec_from(keep + 1, 1);
}

/* Sends the sandbox's /proc to the referee, so it can read CPU times. */
static void send_procfd(int sock)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr m;
	struct iovec iov;
	struct cmsghdr *c;
	char tag = MSG_PROCFD;
	int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	memset(&m, 0, sizeof(m));
	memset(&u, 0, sizeof(u));
	iov.iov_base = &tag;
	iov.iov_len = 1;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = u.buf;
	m.msg_controllen = sizeof(u.buf);
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(fd));
	sendmsg(sock, &m, MSG_NOSIGNAL);
	close(fd);
}

static int set_rlimits(const struct plan *pl)
{
	if (setrlimit(RLIMIT_CORE, &pl->rl_core) < 0 || setrlimit(RLIMIT_FSIZE, &pl->rl_fsize) < 0 ||
	    setrlimit(RLIMIT_NOFILE, &pl->rl_nofile) < 0 || setrlimit(RLIMIT_CPU, &pl->rl_cpu) < 0 ||
	    setrlimit(RLIMIT_AS, &pl->rl_as) < 0 || setrlimit(RLIMIT_NPROC, &pl->rl_nproc) < 0)
		return -1;
	return 0;
}

/* Makes in, out, err the fds 0, 1, 2 whatever their numbers. */
static int setup_fds(const struct plan *pl)
{
	int src[3] = { pl->s->fd_in, pl->s->fd_out, pl->s->fd_err };
	int tmp[3];

	for (int i = 0; i < 3; i++) {
		tmp[i] = fcntl(src[i], F_DUPFD_CLOEXEC, 3);
		if (tmp[i] < 0)
			return -1;
	}
	for (int i = 0; i < 3; i++)
		if (dup2(tmp[i], i) < 0)
			return -1;
	return 0;
}

/* Adds a rule for a path of the view (made after the ruleset). */
static int landlock_add(const struct plan *pl, const char *path, uint64_t rights)
{
	struct landlock_path_beneath_attr pb;
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	pb.allowed_access = rights;
	pb.parent_fd = fd;
	rc = (int)syscall(SYS_landlock_add_rule, pl->landlock_fd, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	close(fd);
	return rc;
}

static int landlock_apply(const struct plan *pl)
{
	/* the view's private /tmp and /proc exist only in the namespace */
	if (pl->ns && (landlock_add(pl, VIEW_TMP, pl->ll_read | pl->ll_write) < 0 ||
		       landlock_add(pl, "/proc", LANDLOCK_ACCESS_FS_READ_FILE |
							 LANDLOCK_ACCESS_FS_READ_DIR) < 0))
		return -1;
	return (int)syscall(SYS_landlock_restrict_self, pl->landlock_fd, 0);
}

/* The bot: applies the per-process layers and execs. Never returns. */
static void __attribute__((noreturn)) bot_main(const struct plan *pl, pid_t init)
{
	int fd = pl->errfd;

	if (pl->drop_ids && !pl->ns)
		drop_ids(fd, pl->uid, pl->gid);
	/* before the user namespace, so its NPROC ceiling is ours too */
	if (set_rlimits(pl) < 0)
		fail(fd, ST_RLIMIT);
	if (pl->bot_userns) {
		/* dumpable, or /proc/self/uid_map would belong to root */
		prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
		if (unshare(CLONE_NEWUSER) < 0)
			fail(fd, ST_USERNS);
		if (map_self(pl->uid, pl->gid) < 0)
			fail(fd, ST_USERNS_MAP);
	}
	if (setup_fds(pl) < 0)
		fail(fd, ST_FDS);
	if (chdir(pl->cwd) < 0)
		fail(fd, ST_CHDIR);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || getppid() != init)
		fail(fd, ST_LIFE);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		fail(fd, ST_NNP);
	if (pl->landlock_fd >= 0 && landlock_apply(pl) < 0)
		fail(fd, ST_LANDLOCK);
	if (cloexec_from(3, 0) < 0)
		fail(fd, ST_CLOSE);
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, pl->filter) < 0)
		fail(fd, ST_SECCOMP);
	execve(pl->path, pl->argv, pl->env);
	fail(fd, ST_EXEC);
}

/* Sends SIGKILL to every child of parent (scanning /proc); returns how many. */
static int kill_children(pid_t parent)
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
			p = put_ulong(path + 6, pid);
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

static void send_status(int sock, int status)
{
	char msg[1 + sizeof(int)];

	msg[0] = MSG_STATUS;
	memcpy(msg + 1, &status, sizeof(int));
	send(sock, msg, sizeof(msg), MSG_NOSIGNAL);
}

/*
 * The init is a clone of the referee: its memory holds the referee's
 * command line and environment (seeds, paths, other bots' commands), which
 * /proc/1/cmdline would show. Wipe them and rename it.
 */
static void forget_referee(void)
{
	if (arg_area[1] > arg_area[0])
		memset((void *)arg_area[0], 0, arg_area[1] - arg_area[0]);
	if (env_area[1] > env_area[0])
		memset((void *)env_area[0], 0, env_area[1] - env_area[0]);
	prctl(PR_SET_NAME, "sandbox-init", 0, 0, 0);
}

/* The sandbox's init (PID 1 of the namespace, or a subreaper). */
static void __attribute__((noreturn)) init_main(const struct plan *pl)
{
	int fd = pl->errfd;
	pid_t self, bot, w;
	int st;

	reset_signals();
	forget_referee();
	if (pl->clone_userns && map_self(pl->uid, pl->gid) < 0)
		fail(fd, ST_USERNS_MAP);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || referee_gone(pl->lifefd))
		fail(fd, ST_LIFE);
	if (setsid() < 0)
		fail(fd, ST_SETSID);
	if (pl->ns) {
		const char *what;

		if (view_enter(&pl->view, &what) < 0)
			fail_view(fd, what);
		send_procfd(pl->statfd);
		if (pl->drop_ids) {
			drop_ids(fd, pl->uid, pl->gid);
			/* a change of uid clears the parent-death signal */
			if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 ||
			    referee_gone(pl->lifefd))
				fail(fd, ST_LIFE);
		} else if (pl->clone_userns) {
			/* the namespace's capabilities are not needed any more */
			struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
			struct __user_cap_data_struct d[2];

			memset(d, 0, sizeof(d));
			if (syscall(SYS_capset, &h, d) < 0)
				fail(fd, ST_CAPS);
		}
	} else {
		prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	}
	/* nobody in the sandbox may read or write the init's memory */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	self = getpid();
	bot = raw_clone(0);
	if (bot == 0)
		bot_main(pl, self);
	if (bot < 0)
		fail(fd, ST_FORK);
	close_all_but(pl->statfd);
	for (;;) {
		w = waitpid(-1, &st, __WALL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w == bot || w < 0)
			break;
	}
	if (w < 0)
		st = 0x7f00; /* cannot happen: the bot was our child */
	if (!pl->ns) {
		/* orphans come to us (subreaper): kill them until none is left */
		for (;;) {
			kill_children(self);
			if (waitpid(-1, NULL, __WALL) < 0 && errno == ECHILD)
				break;
		}
	}
	send_status(pl->statfd, st);
	/* as PID 1, exiting kills everything left in the namespace */
	_exit(0);
}

/* ---- the seccomp filter ----------------------------------------------- */

/* Denied with EPERM: escaping, spying on or disturbing anything outside. */
static const char *const denied_calls[] = {
	/* network (socketpair: see build_filter) */
	"socket", "bind", "connect", "listen", "accept", "accept4",
	/* other processes */
	"ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
	/* mounts and namespaces */
	"mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen",
	"fsconfig", "fsmount", "fspick", "mount_setattr", "unshare", "setns",
	/* kernel attack surface */
	"keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	/* the machine */
	"init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
	"reboot", "swapon", "swapoff", "clock_settime", "clock_adjtime", "settimeofday",
	"adjtimex", "iopl", "ioperm", "open_by_handle_at", "name_to_handle_at",
	"fanotify_init", "acct", "quotactl", "syslog", "vhangup", "lookup_dcookie",
	"uselib", "sethostname", "setdomainname",
	/*
	 * watching what others do to shared files: locks (flock here, fcntl
	 * below), change notification, page-cache residency
	 */
	"flock", "inotify_init", "inotify_init1", "inotify_add_watch", "fanotify_mark",
	"mincore", "cachestat", "process_madvise",
};

/* fcntl commands that lock, lease or watch a file others can open too */
static const unsigned long denied_fcntl[] = {
	F_GETLK, F_SETLK, F_SETLKW, F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW,
	F_SETLEASE, F_GETLEASE, F_NOTIFY,
};

static const unsigned long ns_clone_flags[] = {
	CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
	CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET,
};

/* Builds the BPF program once; on failure filter_err says why. */
static void build_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc = 0, mfd = -1;
	off_t size;

	if (!ctx) {
		snprintf(filter_err, sizeof(filter_err), "seccomp_init failed");
		return;
	}
	/* 32-bit (int 0x80) and x32 calls could bypass the rules: kill */
	rc |= seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	rc |= seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	for (size_t i = 0; i < sizeof(denied_calls) / sizeof(denied_calls[0]); i++) {
		int nr = seccomp_syscall_resolve_name(denied_calls[i]);

#ifdef __x86_64__
		/* cachestat (Linux 6.5) is newer than some libseccomp versions */
		if (nr == __NR_SCMP_ERROR && !strcmp(denied_calls[i], "cachestat"))
			nr = 451;
#endif
		if (nr != __NR_SCMP_ERROR)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	}
	for (size_t i = 0; i < sizeof(denied_fcntl) / sizeof(denied_fcntl[0]); i++)
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(fcntl), 1,
				       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, denied_fcntl[i]));
	/*
	 * socketpair(AF_UNIX, SOCK_STREAM) only: the JVM's file channels,
	 * Python's asyncio and Node need it, and a connected stream pair can
	 * reach nothing (sendto with an address fails with EISCONN).
	 */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socketpair), 1,
			       SCMP_A0(SCMP_CMP_NE, AF_UNIX));
	for (unsigned long t = 0; t < 16; t++)
		if (t != SOCK_STREAM)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socketpair), 1,
					       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf, t));
	/* clone3 passes flags in memory: ENOSYS makes libc fall back to clone */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
	for (size_t i = 0; i < sizeof(ns_clone_flags) / sizeof(ns_clone_flags[0]); i++)
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
				       SCMP_A0(SCMP_CMP_MASKED_EQ, ns_clone_flags[i],
					       ns_clone_flags[i]));
	/* pid -1 is "every process we may signal"; the kernel reads an int */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(kill), 1,
			       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffULL, 0xffffffffULL));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(tgkill), 1,
			       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffULL, 0xffffffffULL));
	if (rc) {
		snprintf(filter_err, sizeof(filter_err), "cannot build the seccomp filter");
		goto out;
	}
	mfd = memfd_create("sandbox-seccomp", MFD_CLOEXEC);
	if (mfd < 0 || seccomp_export_bpf(ctx, mfd) < 0 ||
	    (size = lseek(mfd, 0, SEEK_END)) <= 0 || size % sizeof(struct sock_filter)) {
		snprintf(filter_err, sizeof(filter_err), "cannot export the seccomp filter");
		goto out;
	}
	filter_prog.filter = xmalloc((size_t)size);
	if (pread(mfd, filter_prog.filter, (size_t)size, 0) != size) {
		free(filter_prog.filter);
		filter_prog.filter = NULL;
		snprintf(filter_err, sizeof(filter_err), "cannot read the seccomp filter");
		goto out;
	}
	filter_prog.len = (unsigned short)(size / sizeof(struct sock_filter));
out:
	if (mfd >= 0)
		close(mfd);
	seccomp_release(ctx);
}

/* ---- probing ---------------------------------------------------------- */

static unsigned long ns_flags(void)
{
	return CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWNS | CLONE_NEWUTS |
	       CLONE_NEWCGROUP;
}

/*
 * In a child: the namespace setup of a real spawn, minus the bot. Reports
 * up to two (stage, errno) pairs through fd: the namespaces, and (as
 * root) the user namespace the bot makes after dropping its uid.
 */
static void __attribute__((noreturn)) probe_child(int fd, int root)
{
	struct report r[2];
	unsigned long flags = ns_flags() | (root ? 0 : CLONE_NEWUSER);
	uid_t uid = getuid();
	gid_t gid = getgid();
	struct view_plan empty;
	const char *what = "";
	pid_t pid;
	int st;

	memset(r, 0, sizeof(r));
	memset(&empty, 0, sizeof(empty));
	snprintf(empty.tmp_opts, sizeof(empty.tmp_opts), "size=1m");
	empty.owner = uid;
	empty.group = gid;
	pid = raw_clone(flags);
	if (pid < 0) {
		r[0].stage = ST_FORK;
		r[0].err = errno;
		if (write(fd, r, sizeof(r)) < 0)
			_exit(1);
		_exit(0);
	}
	if (pid == 0) {
		if (!root && map_self(uid, gid) < 0) {
			r[0].stage = ST_USERNS_MAP;
		} else if (view_enter(&empty, &what) < 0) {
			size_t n = strlen(what);

			r[0].stage = ST_VIEW;
			memcpy(r[0].what, what, n < sizeof(r[0].what) - 1 ? n : sizeof(r[0].what) - 1);
		} else if (root) {
			uid_t u = SANDBOX_UID_BASE + SANDBOX_MAX_SLOTS - 1;

			if (syscall(SYS_setgroups, 0, NULL) < 0 ||
			    syscall(SYS_setresgid, u, u, u) < 0 ||
			    syscall(SYS_setresuid, u, u, u) < 0)
				r[1].stage = ST_SETUID;
			else if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) < 0 ||
				 unshare(CLONE_NEWUSER) < 0)
				r[1].stage = ST_USERNS;
			else if (map_self(u, u) < 0)
				r[1].stage = ST_USERNS_MAP;
			r[1].err = r[1].stage ? errno : 0;
		}
		r[0].err = r[0].stage ? errno : 0;
		if (write(fd, r, sizeof(r)) < 0)
			_exit(1);
		_exit(0);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	_exit(0);
}

static void note(struct sandbox_info *in, int layer, int on, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void note(struct sandbox_info *in, int layer, int on, const char *fmt, ...)
{
	va_list ap;

	in->active[layer] = on;
	va_start(ap, fmt);
	vsnprintf(in->note[layer], sizeof(in->note[layer]), fmt, ap);
	va_end(ap);
}

static void describe_failure(char *buf, size_t len, const struct report *r)
{
	if (r->stage == ST_VIEW)
		snprintf(buf, len, "%s: %.*s: %s", stage_names[r->stage], (int)sizeof(r->what),
			 r->what, strerror(r->err));
	else
		snprintf(buf, len, "%s: %s", stage_names[r->stage], strerror(r->err));
}

static void probe_namespaces(struct sandbox_info *in)
{
	struct report r[2];
	char why[96];
	int p[2], st;
	ssize_t n;
	pid_t pid;

	memset(r, 0, sizeof(r));
	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(why, sizeof(why), "cannot probe: %s", strerror(errno));
		goto off;
	}
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		probe_child(p[1], in->root);
	}
	close(p[1]);
	n = pid < 0 ? -1 : read(p[0], r, sizeof(r));
	close(p[0]);
	if (pid > 0)
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
	if (n != (ssize_t)sizeof(r)) {
		snprintf(why, sizeof(why), "cannot probe");
		goto off;
	}
	if (r[0].stage) {
		describe_failure(why, sizeof(why), &r[0]);
		goto off;
	}
	if (in->root) {
		if (r[1].stage) {
			char w2[80];

			describe_failure(w2, sizeof(w2), &r[1]);
			note(in, SANDBOX_USERNS, 0, "off: %s", w2);
		} else {
			note(in, SANDBOX_USERNS, 1, "bot maps only its own uid, no capabilities");
		}
	} else {
		note(in, SANDBOX_USERNS, 1, "own uid mapped to itself, no capabilities");
	}
	note(in, SANDBOX_PIDNS, 1, "init as PID 1 reaps; killing it kills the tree");
	note(in, SANDBOX_NETNS, 1, "only lo, never brought up");
	note(in, SANDBOX_IPCNS, 1, "own System V IPC and POSIX message queues");
	note(in, SANDBOX_MNTNS, 1, "new root: system dirs read-only, own files, private /tmp");
	return;
off:
	for (int l = SANDBOX_USERNS; l <= SANDBOX_MNTNS; l++)
		note(in, l, 0, "off: %s", why);
}

static void probe_landlock(struct sandbox_info *in)
{
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	if (abi < 1) {
		const char *why = errno == EOPNOTSUPP ? "disabled at boot" : "not in this kernel";

		in->landlock_abi = 0;
		note(in, SANDBOX_LANDLOCK_FS, 0, "off: %s", why);
		note(in, SANDBOX_LANDLOCK_NET, 0, "off: %s", why);
		note(in, SANDBOX_LANDLOCK_SCOPE, 0, "off: %s", why);
		return;
	}
	in->landlock_abi = (int)abi;
	note(in, SANDBOX_LANDLOCK_FS, 1, "ABI %ld: reads only the view, writes only scratch, /dev/null",
	     abi);
	if (abi >= 4)
		note(in, SANDBOX_LANDLOCK_NET, 1, "no TCP bind or connect");
	else
		note(in, SANDBOX_LANDLOCK_NET, 0, "off: needs ABI 4, have %ld", abi);
	if (abi >= 6)
		note(in, SANDBOX_LANDLOCK_SCOPE, 1, "no signals, abstract unix sockets outside");
	else
		note(in, SANDBOX_LANDLOCK_SCOPE, 0, "off: needs ABI 6, have %ld", abi);
}

/* Reads arg_start, arg_end, env_start, env_end (fields 48-51 of /proc/self/stat). */
static void find_self_areas(void)
{
	char buf[2048], *p;
	int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	unsigned long v[4];

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p)
		return;
	p++;
	/* after ')' comes field 3; field 48 is 45 fields on */
	for (int field = 3; field < 48 && p; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, "%lu %lu %lu %lu", &v[0], &v[1], &v[2], &v[3]) != 4)
		return;
	arg_area[0] = v[0];
	arg_area[1] = v[1];
	env_area[0] = v[2];
	env_area[1] = v[3];
}

static void probe_all(void)
{
	struct sandbox_info *in = &probed;

	memset(in, 0, sizeof(*in));
	in->root = geteuid() == 0;
	find_self_areas();
	view_init();
	build_filter();
	if (!filter_prog.filter)
		note(in, SANDBOX_BASE, 0, "off: %s", filter_err);
	else if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0)
		note(in, SANDBOX_BASE, 0, "off: seccomp unavailable: %s", strerror(errno));
	else
		note(in, SANDBOX_BASE, 1, "rlimits, clean env, fds, seccomp (%u instructions)",
		     (unsigned)filter_prog.len);
	probe_namespaces(in);
	probe_landlock(in);
	if (in->root)
		note(in, SANDBOX_UID, 1, "uid/gid %d + slot, no supplementary groups",
		     SANDBOX_UID_BASE);
	else
		note(in, SANDBOX_UID, 0, "off: not root; bots run as uid %d", (int)getuid());
}

void sandbox_probe(struct sandbox_info *out)
{
	pthread_once(&probe_once, probe_all);
	*out = probed;
}

void sandbox_info_format(const struct sandbox_info *in, struct strbuf *out)
{
	static const char *const names[SANDBOX_NLAYERS] = {
		[SANDBOX_BASE] = "base (seccomp, rlimits)",
		[SANDBOX_USERNS] = "user namespace",
		[SANDBOX_PIDNS] = "pid namespace",
		[SANDBOX_NETNS] = "network namespace",
		[SANDBOX_IPCNS] = "ipc namespace",
		[SANDBOX_MNTNS] = "mount namespace",
		[SANDBOX_LANDLOCK_FS] = "landlock filesystem",
		[SANDBOX_LANDLOCK_NET] = "landlock network",
		[SANDBOX_LANDLOCK_SCOPE] = "landlock scopes",
		[SANDBOX_UID] = "per-slot uid",
	};

	strbuf_addf(out, "%-24s %-6s %s\n", "layer", "active", "notes");
	for (int l = 0; l < SANDBOX_NLAYERS; l++)
		strbuf_addf(out, "%-24s %-6s %s\n", names[l], in->active[l] ? "yes" : "no",
			    in->note[l]);
	strbuf_addf(out, "bots isolated from each other: %s\n",
		    sandbox_isolates(in) ? "yes" : "no (untrusted bots need --insecure)");
	{
		char dir[PATH_MAX], err[256];

		if (sandbox_slot_dir(dir, sizeof(dir), err, sizeof(err)) == 0)
			strbuf_addf(out, "slots: %s\n", dir);
		else
			strbuf_addf(out, "slots: unusable: %s\n", err);
	}
}

int sandbox_isolates(const struct sandbox_info *in)
{
	if (!in->active[SANDBOX_BASE])
		return 0;
	/* distinct uids: no signals, no /proc/PID/{mem,fd}, scratch is 0700 */
	if (in->active[SANDBOX_UID])
		return 1;
	/* same uid: Landlock keeps writes home, pid+mount namespaces hide the rest */
	if (in->active[SANDBOX_LANDLOCK_FS] && in->active[SANDBOX_PIDNS] &&
	    in->active[SANDBOX_MNTNS])
		return 1;
	/* Landlock alone: ptrace (and /proc access) and signals stay in the domain */
	return in->active[SANDBOX_LANDLOCK_SCOPE];
}

/* ---- spawning --------------------------------------------------------- */

void sandbox_limits_default(struct sandbox_limits *l)
{
	l->mem_mb = 2048;
	l->cpu_s = 600;
	l->fsize_mb = 64;
	l->nofile = 256;
	l->nproc = 64;
	l->scratch_mb = 64;
	l->scratch_files = 4096;
}

static void set_rl(struct rlimit *r, long v, long scale, int slack)
{
	if (v <= 0) {
		r->rlim_cur = r->rlim_max = RLIM_INFINITY;
		return;
	}
	r->rlim_cur = (rlim_t)v * (rlim_t)scale;
	/* the CPU hard limit: SIGKILL one second after SIGXCPU */
	r->rlim_max = r->rlim_cur + (rlim_t)slack;
}

/* An absolute form of path (relative to our cwd). */
static char *absolute(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char cwd[PATH_MAX];

	if (path[0] == '/')
		return xstrdup(path);
	if (!getcwd(cwd, sizeof(cwd)))
		return NULL;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s/%s", cwd, path);
	return strbuf_detach(&sb);
}

/*
 * path with its directory resolved (symlinks, "..") and its last part
 * kept: the view shows directories at their real paths.
 */
static char *real_dir(char *path)
{
	char *slash = strrchr(path, '/'), *dir, *out;
	struct strbuf sb = STRBUF_INIT;

	if (!slash || slash == path)
		return path;
	*slash = '\0';
	dir = realpath(path, NULL);
	*slash = '/';
	if (!dir)
		return path;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s%s", strcmp(dir, "/") ? dir : "", slash);
	out = strbuf_detach(&sb);
	free(dir);
	free(path);
	return out;
}

/* argv[0] as execvp would find it in the bot's PATH; NULL if nowhere. */
static char *find_program(const char *prog)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = CLEAN_PATH;

	if (strchr(prog, '/')) {
		char *a = absolute(prog);

		return a ? real_dir(a) : NULL;
	}
	strbuf_init(&sb);
	while (*p) {
		size_t n = strcspn(p, ":");

		strbuf_reset(&sb);
		strbuf_add(&sb, p, n);
		strbuf_addf(&sb, "/%s", prog);
		if (n && access(sb.buf, X_OK) == 0)
			return strbuf_detach(&sb);
		p += n + (p[n] == ':');
	}
	strbuf_release(&sb);
	return NULL;
}

static uint64_t ll_read_rights(void)
{
	return LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE |
	       LANDLOCK_ACCESS_FS_READ_DIR;
}

static uint64_t ll_write_rights(int abi)
{
	uint64_t w = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
		     LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
		     LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
		     LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
		     LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;

	if (abi >= 2)
		w |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		w |= LANDLOCK_ACCESS_FS_TRUNCATE;
	return w;
}

/*
 * The Landlock ruleset for one bot: reads (and execution) only in the
 * view's paths, writes only in the scratch directory (the private /tmp is
 * added by the bot) and to /dev/null, /dev/zero, /dev/full; no TCP;
 * signals and abstract sockets scoped. Returns the fd, or -1.
 */
static int ll_ruleset(const struct plan *pl, const char *host_scratch)
{
	struct ll_ruleset_attr a;
	size_t size = sizeof(uint64_t);
	int fd, abi = pl->landlock_abi;

	memset(&a, 0, sizeof(a));
	a.handled_access_fs = pl->ll_read | pl->ll_write;
	if (abi >= 4) {
		a.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
		size = 2 * sizeof(uint64_t);
	}
	if (abi >= 6) {
		a.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
		size = 3 * sizeof(uint64_t);
	}
	fd = (int)syscall(SYS_landlock_create_ruleset, &a, size, 0);
	if (fd < 0)
		return -1;
	if (view_landlock_rules(fd, &pl->view, pl->ll_read, pl->ll_write, !pl->ns, host_scratch) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int sandbox_private_scratch(int insecure)
{
	pthread_once(&probe_once, probe_all);
	return !insecure && probed.active[SANDBOX_PIDNS];
}

struct sandbox_proc *sandbox_spawn(const struct sandbox_spec *s, char *err, size_t len)
{
	struct sandbox_proc *p = NULL;
	struct plan pl;
	struct strbuf envs[6];
	char *env[7];
	char *path = NULL, *scratch = NULL;
	int errp[2] = { -1, -1 }, life[2] = { -1, -1 }, sock[2] = { -1, -1 };
	sigset_t all, old;
	struct report r;
	unsigned long flags;
	ssize_t n;
	pid_t pid;
	int st;

	memset(&pl, 0, sizeof(pl));
	pl.landlock_fd = -1;
	for (int i = 0; i < 6; i++)
		strbuf_init(&envs[i]);
	pthread_once(&probe_once, probe_all);
	pl.ns = !s->insecure && probed.active[SANDBOX_PIDNS];
	if (!s->argv || !s->argv[0] || (!s->scratch && !pl.ns)) {
		snprintf(err, len, "sandbox: no program or no scratch directory");
		goto out;
	}
	if (s->slot < 0 || s->slot >= SANDBOX_MAX_SLOTS) {
		snprintf(err, len, "sandbox: slot %d out of range 0..%d", s->slot,
			 SANDBOX_MAX_SLOTS - 1);
		goto out;
	}
	if (!probed.active[SANDBOX_BASE]) {
		snprintf(err, len, "sandbox: %s", probed.note[SANDBOX_BASE]);
		goto out;
	}
	path = find_program(s->argv[0]);
	scratch = s->scratch ? absolute(s->scratch) : NULL;
	if (!path || (s->scratch && !scratch)) {
		snprintf(err, len, "cannot run '%s': %s", s->argv[0],
			 path ? strerror(errno) : "not found in " CLEAN_PATH);
		goto out;
	}

	pl.s = s;
	pl.path = path;
	for (n = 0; s->argv[n]; n++)
		;
	pl.argv = xcalloc((size_t)n + 1, sizeof(char *));
	for (ssize_t i = 0; i < n; i++)
		pl.argv[i] = xstrdup(s->argv[i]);
	pl.cwd = scratch ? scratch : VIEW_TMP;
	pl.root = probed.root;
	pl.clone_userns = pl.ns && !pl.root;
	pl.bot_userns = pl.ns && pl.root && probed.active[SANDBOX_USERNS];
	pl.drop_ids = !s->insecure && pl.root;
	pl.uid = pl.drop_ids ? (uid_t)(SANDBOX_UID_BASE + s->slot) : getuid();
	pl.gid = pl.drop_ids ? (gid_t)(SANDBOX_UID_BASE + s->slot) : getgid();
	pl.filter = &filter_prog;
	pl.landlock_abi = s->insecure ? 0 : probed.landlock_abi;
	if (!s->insecure &&
	    view_plan_build(&pl.view, path, s->argv, s->botdir, pl.ns ? scratch : NULL, s->hide,
			    s->lim.scratch_mb, s->lim.scratch_files, pl.uid, pl.gid, err, len) < 0)
		goto out;
	if (pl.landlock_abi >= 1) {
		pl.ll_read = ll_read_rights();
		pl.ll_write = ll_write_rights(pl.landlock_abi);
		pl.landlock_fd = ll_ruleset(&pl, pl.ns ? NULL : scratch);
		if (pl.landlock_fd < 0) {
			snprintf(err, len, "sandbox: cannot build the Landlock rules for '%s': %s",
				 s->argv[0], strerror(errno));
			goto out;
		}
	}
	set_rl(&pl.rl_as, s->lim.mem_mb, 1024 * 1024, 0);
	set_rl(&pl.rl_cpu, s->lim.cpu_s, 1, 1);
	set_rl(&pl.rl_fsize, s->lim.fsize_mb, 1024 * 1024, 0);
	set_rl(&pl.rl_nofile, s->lim.nofile, 1, 0);
	/* the init counts in the namespace's process count */
	set_rl(&pl.rl_nproc, s->lim.nproc > 0 ? s->lim.nproc + pl.ns : 0, 1, 0);
	pl.rl_core.rlim_cur = pl.rl_core.rlim_max = 0;

	strbuf_addstr(&envs[0], "PATH=" CLEAN_PATH);
	strbuf_addf(&envs[1], "HOME=%s", pl.cwd);
	strbuf_addf(&envs[2], "TMPDIR=%s", pl.cwd);
	strbuf_addstr(&envs[3], "LANG=C.UTF-8");
	strbuf_addf(&envs[4], "USER=bot%d", s->slot);
	/* the commonest bot bug is an answer left in Python's output buffer */
	strbuf_addstr(&envs[5], "PYTHONUNBUFFERED=1");
	for (int i = 0; i < 6; i++)
		env[i] = envs[i].buf;
	env[6] = NULL;
	pl.env = env;

	if (pipe2(errp, O_CLOEXEC) < 0 || pipe2(life, O_CLOEXEC) < 0 ||
	    socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sock) < 0) {
		snprintf(err, len, "sandbox: cannot make pipes: %s", strerror(errno));
		goto out;
	}
	pl.errfd = errp[1];
	pl.statfd = sock[1];
	pl.lifefd = life[0];

	flags = pl.ns ? ns_flags() | (pl.clone_userns ? CLONE_NEWUSER : 0) : 0;
	/* no handler of ours may run in the child before it resets them */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = raw_clone(flags);
	if (pid == 0) {
		close(errp[0]);
		close(life[1]);
		close(sock[0]);
		init_main(&pl);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pid < 0) {
		snprintf(err, len, "sandbox: cannot clone: %s", strerror(errno));
		goto out;
	}
	close(errp[1]);
	errp[1] = -1;
	close(sock[1]);
	sock[1] = -1;
	close(life[0]);
	life[0] = -1;

	do
		n = read(errp[0], &r, sizeof(r));
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(r)) {
		if (r.stage <= ST_NONE || r.stage > ST_EXEC)
			r.stage = ST_NONE;
		if (r.stage == ST_EXEC && r.err == EACCES && pl.drop_ids && !access(path, X_OK))
			snprintf(err, len, "cannot run '%s': %s (the bot runs as uid %d: its "
				 "program, files and their directories must be readable by others)",
				 s->argv[0], strerror(r.err), (int)pl.uid);
		else if (r.stage == ST_EXEC)
			snprintf(err, len, "cannot run '%s': %s%s", s->argv[0], strerror(r.err),
				 pl.ns && r.err == ENOENT
					 ? " (a bot sees only the system directories and its own: "
					   "is its interpreter elsewhere?)"
					 : "");
		else if (r.stage == ST_VIEW)
			snprintf(err, len, "sandbox: %s failed: %.*s: %s", stage_names[r.stage],
				 (int)sizeof(r.what), r.what, strerror(r.err));
		else
			snprintf(err, len, "sandbox: %s failed: %s", stage_names[r.stage],
				 strerror(r.err));
		while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
			;
		goto out;
	}

	p = xcalloc(1, sizeof(*p));
	p->pid = pid;
	p->ns = pl.ns;
	p->statfd = sock[0];
	sock[0] = -1;
	p->procfd = -1;
	p->cpu_limit_s = s->lim.cpu_s;
	if (p->ns) {
		/* sent before the bot was forked: already queued */
		union {
			char buf[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		struct msghdr m;
		struct iovec iov;
		char tag = 0;

		memset(&m, 0, sizeof(m));
		iov.iov_base = &tag;
		iov.iov_len = 1;
		m.msg_iov = &iov;
		m.msg_iovlen = 1;
		m.msg_control = u.buf;
		m.msg_controllen = sizeof(u.buf);
		if (recvmsg(p->statfd, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC) == 1 &&
		    tag == MSG_PROCFD) {
			struct cmsghdr *c = CMSG_FIRSTHDR(&m);

			if (c && c->cmsg_type == SCM_RIGHTS)
				memcpy(&p->procfd, CMSG_DATA(c), sizeof(int));
		}
	}
out:
	for (int i = 0; i < 2; i++) {
		if (errp[i] >= 0)
			close(errp[i]);
		if (life[i] >= 0)
			close(life[i]);
		if (sock[i] >= 0)
			close(sock[i]);
	}
	if (pl.landlock_fd >= 0)
		close(pl.landlock_fd);
	for (int i = 0; i < 6; i++)
		strbuf_release(&envs[i]);
	free(path);
	free(scratch);
	for (int i = 0; pl.argv && pl.argv[i]; i++)
		free(pl.argv[i]);
	free(pl.argv);
	view_plan_release(&pl.view);
	return p;
}

pid_t sandbox_pid(const struct sandbox_proc *p)
{
	return p->pid;
}

/* ---- CPU time --------------------------------------------------------- */

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

/*
 * Sums the CPU ticks of every process in dfd (a /proc) that is root or a
 * descendant of it; root 0 means every process.
 */
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

double sandbox_cpu_ms(const struct sandbox_proc *p)
{
	double ticks;
	int dfd;

	if (p->ended)
		return p->cpu_ms;
	if (p->procfd >= 0)
		return tree_ticks(p->procfd, 0) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
	dfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;
	ticks = tree_ticks(dfd, p->pid);
	close(dfd);
	return ticks * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

/* ---- waiting and killing ---------------------------------------------- */

/* The bot's wait status, if the init sent it before exiting. */
static int read_status(int fd, int *status)
{
	char msg[1 + sizeof(int)];
	ssize_t n;

	for (;;) {
		n = recv(fd, msg, sizeof(msg), MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		if (msg[0] == MSG_STATUS && n == (ssize_t)sizeof(msg)) {
			memcpy(status, msg + 1, sizeof(int));
			return 0;
		}
		/* anything else (an unclaimed MSG_PROCFD: the kernel drops its fd) */
	}
}

static const char *limit_reason(int sig)
{
	switch (sig) {
	case SIGSYS:
		return ": blocked system call";
	case SIGXCPU:
		return ": CPU time limit";
	case SIGXFSZ:
		return ": file size limit";
	default:
		return "";
	}
}

static void describe_end(struct sandbox_proc *p)
{
	int st = p->status;

	if (WIFEXITED(st)) {
		p->result = SANDBOX_EXITED;
		snprintf(p->why, sizeof(p->why), "exited with status %d", WEXITSTATUS(st));
		return;
	}
	if (!WIFSIGNALED(st)) {
		p->result = SANDBOX_EXITED;
		snprintf(p->why, sizeof(p->why), "ended with wait status 0x%x", (unsigned)st);
		return;
	}
	{
		int sig = WTERMSIG(st);
		const char *abbrev = sigabbrev_np(sig);
		const char *extra = limit_reason(sig);

		p->result = *extra ? SANDBOX_KILLED : SANDBOX_EXITED;
		if (sig == SIGKILL && p->killed) {
			extra = ": stopped by the referee";
			p->result = SANDBOX_KILLED;
		} else if (sig == SIGKILL && p->cpu_limit_s > 0 &&
			   p->cpu_ms >= (double)p->cpu_limit_s * 1000.0) {
			extra = ": CPU time limit";
			p->result = SANDBOX_KILLED;
		}
		snprintf(p->why, sizeof(p->why), "killed by signal %d (SIG%s%s)%s", sig,
			 abbrev ? abbrev : "?", extra, WCOREDUMP(st) ? ", core dumped" : "");
	}
}

int sandbox_wait(struct sandbox_proc *p, int nohang, int *status, char *why, size_t len)
{
	struct rusage ru;
	int st, have;
	pid_t w;

	if (!p->ended) {
		do
			w = wait4(p->pid, &st, __WALL | (nohang ? WNOHANG : 0), &ru);
		while (w < 0 && errno == EINTR);
		if (w < 0) {
			if (why)
				snprintf(why, len, "cannot wait for the sandbox: %s", strerror(errno));
			return -1;
		}
		if (w == 0)
			return SANDBOX_RUNNING;
		p->ended = 1;
		p->cpu_ms = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
			    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
		if (p->cpu_ms < p->cpu_at_kill)
			p->cpu_ms = p->cpu_at_kill;
		have = read_status(p->statfd, &p->status) == 0;
		if (!have)
			p->status = st; /* the init itself was killed */
		describe_end(p);
	}
	if (status)
		*status = p->status;
	if (why)
		snprintf(why, len, "%s", p->why);
	return p->result;
}

void sandbox_kill(struct sandbox_proc *p)
{
	if (!p || p->ended)
		return;
	p->killed = 1;
	/*
	 * The dying init autoreaps the namespace (SIGCHLD ignored), so the
	 * killed processes' times never reach its rusage: read them now.
	 */
	p->cpu_at_kill = sandbox_cpu_ms(p);
	if (p->ns) {
		/* PID 1 dies, the kernel kills the rest of the namespace */
		kill(p->pid, SIGKILL);
		return;
	}
	/* the init is a subreaper: it kills the rest once its children die */
	kill_children(p->pid);
}

void sandbox_free(struct sandbox_proc *p)
{
	if (!p)
		return;
	if (!p->ended) {
		sandbox_kill(p);
		sandbox_wait(p, 0, NULL, NULL, 0);
	}
	close(p->statfd);
	if (p->procfd >= 0)
		close(p->procfd);
	free(p);
}

/* ---- scratch directories ---------------------------------------------- */

int sandbox_scratch_new(const char *parent, int slot, char *path_out, size_t len, char *err,
			size_t elen)
{
	int n;

	if (slot < 0 || slot >= SANDBOX_MAX_SLOTS) {
		snprintf(err, elen, "slot %d out of range 0..%d", slot, SANDBOX_MAX_SLOTS - 1);
		return -1;
	}
	n = snprintf(path_out, len, "%s/bot%d-XXXXXX", parent, slot);
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, elen, "scratch path under '%s' too long", parent);
		return -1;
	}
	if (!mkdtemp(path_out)) {
		snprintf(err, elen, "cannot create a scratch directory in '%s': %s", parent,
			 strerror(errno));
		return -1;
	}
	if (geteuid() == 0 && chown(path_out, SANDBOX_UID_BASE + slot,
				    SANDBOX_UID_BASE + slot) < 0) {
		snprintf(err, elen, "cannot give '%s' to uid %d: %s", path_out,
			 SANDBOX_UID_BASE + slot, strerror(errno));
		rmdir(path_out);
		return -1;
	}
	return 0;
}

/*
 * Removes what it can of the directory dfd in one pass. Returns 1 if it
 * is empty, 0 if it removed something or there is a subdirectory to
 * enter (its fd in *sub), -1 on error.
 */
static int scratch_pass(int dfd, int *sub)
{
	int d2 = dup(dfd), progress = 0, nonempty = 0;
	DIR *d;
	struct dirent *e;

	*sub = -1;
	if (d2 < 0)
		return -1;
	d = fdopendir(d2);
	if (!d) {
		close(d2);
		return -1;
	}
	rewinddir(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dfd, e->d_name, 0) == 0 ||
		    (errno == EISDIR && unlinkat(dfd, e->d_name, AT_REMOVEDIR) == 0)) {
			progress = 1;
			continue;
		}
		nonempty = 1;
		if (errno == ENOTEMPTY || errno == EEXIST) {
			/* a real directory (rmdir refuses symlinks): enter it */
			fchmodat(dfd, e->d_name, 0700, 0);
			*sub = openat(dfd, e->d_name,
				      O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (*sub >= 0)
				break;
		} else if (errno == EACCES || errno == EPERM) {
			/* a read-only directory (the referee is not root) */
			if (fchmod(dfd, 0700) == 0)
				progress = 1;
		}
	}
	closedir(d);
	if (*sub >= 0)
		return 0;
	if (!nonempty)
		return 1;
	return progress ? 0 : -1;
}

int sandbox_scratch_remove(const char *path)
{
	struct stat top, cur_st;
	int cur, sub, rc;

	cur = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (cur < 0)
		return -1;
	if (fstat(cur, &top) < 0) {
		close(cur);
		return -1;
	}
	fchmod(cur, 0700);
	/* depth-first with one fd at a time, so any depth works */
	for (;;) {
		rc = scratch_pass(cur, &sub);
		if (rc < 0) {
			int e = errno;

			close(cur);
			errno = e;
			return -1;
		}
		if (sub >= 0) {
			fchmod(sub, 0700);
			close(cur);
			cur = sub;
			continue;
		}
		if (rc == 0)
			continue;
		/* empty: go back up, or done at the top */
		if (fstat(cur, &cur_st) < 0) {
			close(cur);
			return -1;
		}
		if (cur_st.st_dev == top.st_dev && cur_st.st_ino == top.st_ino)
			break;
		sub = openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		close(cur);
		if (sub < 0)
			return -1;
		cur = sub;
	}
	close(cur);
	return rmdir(path);
}

/* ---- slots ------------------------------------------------------------ */

/* Is dir a directory of ours that nobody else may enter? Creates it if missing. */
static int private_dir(const char *dir, char *err, size_t len)
{
	struct stat st;

	if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
		snprintf(err, len, "cannot create '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (lstat(dir, &st) < 0) {
		snprintf(err, len, "cannot use '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077)) {
		snprintf(err, len, "'%s' is not a private directory of uid %d (owner %d, mode %04o):"
			 " remove it", dir, (int)geteuid(), (int)st.st_uid,
			 (unsigned)(st.st_mode & 07777));
		return -1;
	}
	return 0;
}

int sandbox_slot_dir(char *buf, size_t len, char *err, size_t elen)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");
	struct stat st;
	int n;

	if (geteuid() == 0 && stat("/run", &st) == 0 && S_ISDIR(st.st_mode))
		n = snprintf(buf, len, "/run/euchre-arena");
	else if (geteuid() != 0 && xdg && xdg[0] == '/' && stat(xdg, &st) == 0 &&
		 S_ISDIR(st.st_mode) && st.st_uid == geteuid())
		n = snprintf(buf, len, "%s/euchre-arena", xdg);
	else
		n = snprintf(buf, len, "/tmp/euchre-arena-%d", (int)geteuid());
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, elen, "the slot directory's path is too long");
		return -1;
	}
	return private_dir(buf, err, elen);
}

int sandbox_slot_acquire(int *lockfd, char *err, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];
	int fds[SANDBOX_MAX_SLOTS];

	if (sandbox_slot_dir(dir, sizeof(dir), err, len) < 0)
		return -1;
	for (int slot = 0; slot < SANDBOX_MAX_SLOTS; slot++) {
		snprintf(path, sizeof(path), "%s/slot%d.lock", dir, slot);
		fds[slot] = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
		if (fds[slot] < 0) {
			snprintf(err, len, "cannot open '%s': %s", path, strerror(errno));
			for (int k = 0; k < slot; k++)
				close(fds[k]);
			return -1;
		}
	}
	/* every slot taken: bots end within their time limits, so wait a little */
	for (int round = 0; round < SANDBOX_SLOT_WAIT_MS / 10; round++) {
		for (int slot = 0; slot < SANDBOX_MAX_SLOTS; slot++) {
			if (flock(fds[slot], LOCK_EX | LOCK_NB) < 0)
				continue;
			for (int k = 0; k < SANDBOX_MAX_SLOTS; k++)
				if (k != slot)
					close(fds[k]);
			*lockfd = fds[slot];
			return slot;
		}
		usleep(10000);
	}
	for (int k = 0; k < SANDBOX_MAX_SLOTS; k++)
		close(fds[k]);
	snprintf(err, len, "all %d sandbox slots in '%s' stayed taken by running bots for %d s",
		 SANDBOX_MAX_SLOTS, dir, SANDBOX_SLOT_WAIT_MS / 1000);
	return -1;
}

void sandbox_slot_release(int lockfd)
{
	if (lockfd >= 0)
		close(lockfd); /* the lock goes with the file description */
}
