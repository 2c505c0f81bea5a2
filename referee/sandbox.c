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
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY 0x00000001
#endif
struct mount_attr_compat {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

/* Where a child failed; reported with errno. */
enum stage {
	ST_NONE,
	ST_USERNS_MAP,
	ST_LIFE,
	ST_SETSID,
	ST_MOUNT_PRIVATE,
	ST_MOUNT_PROC,
	ST_MOUNT_TMP,
	ST_MOUNT_EXPOSE,
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
	[ST_MOUNT_PRIVATE] = "making mounts private",
	[ST_MOUNT_PROC] = "mounting /proc",
	[ST_MOUNT_TMP] = "mounting the private /tmp",
	[ST_MOUNT_EXPOSE] = "exposing a path under /tmp",
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
};

/* Messages on the status socket, init -> referee. */
#define MSG_PROCFD 'P'  /* with SCM_RIGHTS: the sandbox's own /proc */
#define MSG_STATUS 'S'  /* followed by the bot's wait status */

#define MAX_EXPOSE 12

/* Everything the children need, prepared before clone(). */
struct plan {
	const struct sandbox_spec *s;
	const char *path;      /* the program, absolute */
	const char *scratch;   /* absolute */
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
	uint64_t ll_write;     /* the write rights the ruleset handles */
	const struct sock_fprog *filter;
	int errfd, statfd, lifefd;
	char tmp_opts[96];
	/*
	 * What the bot needs (its scratch, its program's directory, files
	 * named by absolute paths among its arguments), shown at their real
	 * place. Those under the host's /tmp would be hidden by the
	 * private /tmp; those below a directory the bot's uid may not search
	 * (a 0700 home or mktemp -d) would be out of reach: such a directory
	 * is covered by a small tmpfs holding just the path to them.
	 */
	const char *expose[MAX_EXPOSE];
	int expose_rw[MAX_EXPOSE];
	int expose_dir[MAX_EXPOSE]; /* a directory (else a single file) */
	int nexpose;
	char *cover[MAX_EXPOSE];
	int ncover;
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

/* ---- async-signal-safe helpers for the children ----------------------- */

static void __attribute__((noreturn)) fail(int fd, int stage)
{
	struct report r;

	r.stage = stage;
	r.err = errno;
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

static int mkdir_p(const char *path)
{
	char buf[PATH_MAX];
	size_t n = strlen(path);

	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -1;
		buf[i] = i == n ? '\0' : '/';
	}
	return 0;
}

/* An empty file to bind a file onto, its directories made as needed (the bind hides it). */
static int mount_point_file(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	int fd;

	if (n >= sizeof(dir))
		return -1;
	memcpy(dir, path, n);
	dir[n] = '\0';
	if (n && mkdir_p(dir) < 0)
		return -1;
	if (access(path, F_OK) == 0)
		return 0; /* there already, through an exposed directory */
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno == EEXIST ? 0 : -1;
	close(fd);
	return 0;
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

/* The mount namespace: private propagation, fresh /proc, private /tmp. */
static void setup_mounts(const struct plan *pl)
{
	int fds[MAX_EXPOSE];

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		fail(pl->errfd, ST_MOUNT_PRIVATE);
	if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0)
		fail(pl->errfd, ST_MOUNT_PROC);
	/* the paths the bot needs: keep them before /tmp and the covers hide them */
	for (int i = 0; i < pl->nexpose; i++) {
		fds[i] = open(pl->expose[i], O_PATH | O_CLOEXEC | (pl->expose_dir[i] ? O_DIRECTORY : 0));
		if (fds[i] < 0)
			fail(pl->errfd, ST_MOUNT_EXPOSE);
	}
	if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, pl->tmp_opts) < 0)
		fail(pl->errfd, ST_MOUNT_TMP);
	for (int i = 0; i < pl->ncover; i++)
		if (mount("tmpfs", pl->cover[i], "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
			  "size=64k,nr_inodes=256,mode=0755") < 0)
			fail(pl->errfd, ST_MOUNT_EXPOSE);
	for (int i = 0; i < pl->nexpose; i++) {
		char src[64] = "/proc/self/fd/";
		struct mount_attr_compat ma;

		put_ulong(src + strlen(src), (unsigned long)fds[i]);
		if ((pl->expose_dir[i] ? mkdir_p(pl->expose[i]) : mount_point_file(pl->expose[i])) < 0 ||
		    mount(src, pl->expose[i], NULL, MS_BIND | MS_REC, NULL) < 0)
			fail(pl->errfd, ST_MOUNT_EXPOSE);
		close(fds[i]);
		if (pl->expose_rw[i])
			continue;
		/* read-only, or the writable /tmp would let Landlock allow writes below */
		memset(&ma, 0, sizeof(ma));
		ma.attr_set = MOUNT_ATTR_RDONLY;
		if (syscall(SYS_mount_setattr, AT_FDCWD, pl->expose[i], AT_RECURSIVE, &ma,
			    sizeof(ma)) < 0)
			fail(pl->errfd, ST_MOUNT_EXPOSE);
	}
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

static int landlock_apply(const struct plan *pl)
{
	struct landlock_path_beneath_attr pb;
	int fd;

	if (pl->ns) {
		/* the private /tmp: writable too */
		fd = open("/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			return -1;
		pb.allowed_access = pl->ll_write;
		pb.parent_fd = fd;
		if (syscall(SYS_landlock_add_rule, pl->landlock_fd, LANDLOCK_RULE_PATH_BENEATH,
			    &pb, 0) < 0)
			return -1;
		close(fd);
	}
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
	if (chdir(pl->scratch) < 0)
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
	execve(pl->path, pl->s->argv, pl->env);
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

/* The sandbox's init (PID 1 of the namespace, or a subreaper). */
static void __attribute__((noreturn)) init_main(const struct plan *pl)
{
	int fd = pl->errfd;
	pid_t self, bot, w;
	int st;

	reset_signals();
	if (pl->clone_userns && map_self(pl->uid, pl->gid) < 0)
		fail(fd, ST_USERNS_MAP);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || referee_gone(pl->lifefd))
		fail(fd, ST_LIFE);
	if (setsid() < 0)
		fail(fd, ST_SETSID);
	if (pl->ns) {
		setup_mounts(pl);
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

		if (nr != __NR_SCMP_ERROR)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	}
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
	return CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWNS;
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
	pid_t pid;
	int st;

	memset(r, 0, sizeof(r));
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
		} else if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) {
			r[0].stage = ST_MOUNT_PRIVATE;
		} else if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
				 NULL) < 0) {
			r[0].stage = ST_MOUNT_PROC;
		} else if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=1m") < 0) {
			r[0].stage = ST_MOUNT_TMP;
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
	note(in, SANDBOX_MNTNS, 1, "fresh /proc, private /tmp (tmpfs of fsize_mb)");
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
	note(in, SANDBOX_LANDLOCK_FS, 1, "ABI %ld: writes only in scratch, private /tmp, /dev/null",
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

static void probe_all(void)
{
	struct sandbox_info *in = &probed;

	memset(in, 0, sizeof(*in));
	in->root = geteuid() == 0;
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

/* argv[0] as execvp would find it in the bot's PATH; NULL if nowhere. */
static char *find_program(const char *prog)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = CLEAN_PATH;

	if (strchr(prog, '/'))
		return absolute(prog);
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

static int under_tmp(const char *path)
{
	return strncmp(path, "/tmp/", 5) == 0 && path[5];
}

/* May uid/gid search (traverse) the directory with this status? */
static int searchable(const struct stat *st, uid_t uid, gid_t gid)
{
	if (st->st_uid == uid)
		return !!(st->st_mode & S_IXUSR);
	if (st->st_gid == gid)
		return !!(st->st_mode & S_IXGRP);
	return !!(st->st_mode & S_IXOTH);
}

/* Is some ancestor of path (not path itself) out of the bot's reach? */
static int behind_closed_door(const struct plan *pl, const char *path)
{
	char dir[PATH_MAX];
	size_t n = strlen(path);

	if (!pl->drop_ids || n >= sizeof(dir))
		return 0;
	for (size_t k = 1; k < n; k++) {
		struct stat st;

		if (path[k] != '/')
			continue;
		memcpy(dir, path, k);
		dir[k] = '\0';
		if (stat(dir, &st) == 0 && !searchable(&st, pl->uid, pl->gid))
			return 1;
	}
	return 0;
}

/*
 * Plans to show path at its real place when the bot could not reach it
 * otherwise: under the host's /tmp (hidden by the private one), or below
 * a directory its uid may not search.
 */
static void add_expose(struct plan *pl, const char *path, int rw)
{
	struct stat st;
	int i;

	if (!path || (!under_tmp(path) && !behind_closed_door(pl, path)) ||
	    pl->nexpose == MAX_EXPOSE)
		return;
	if (stat(path, &st) < 0)
		return;
	for (i = 0; i < pl->nexpose; i++)
		if (!strcmp(pl->expose[i], path)) {
			pl->expose_rw[i] |= rw;
			return;
		}
	/* keep them shortest first, so that parents are mounted first */
	for (i = pl->nexpose; i > 0 && strlen(pl->expose[i - 1]) > strlen(path); i--) {
		pl->expose[i] = pl->expose[i - 1];
		pl->expose_rw[i] = pl->expose_rw[i - 1];
		pl->expose_dir[i] = pl->expose_dir[i - 1];
	}
	pl->expose[i] = path;
	pl->expose_rw[i] = rw;
	pl->expose_dir[i] = S_ISDIR(st.st_mode);
	pl->nexpose++;
}

/*
 * Finds, for every exposed path outside /tmp, the topmost ancestor the
 * bot's uid may not search, and plans a cover for it (no cover inside
 * another). Paths under /tmp are already reachable through the private
 * /tmp.
 */
static void plan_covers(struct plan *pl)
{
	for (int i = 0; i < pl->nexpose; i++) {
		const char *p = pl->expose[i];
		char dir[PATH_MAX];
		size_t n = strlen(p);

		if (under_tmp(p) || n >= sizeof(dir))
			continue;
		for (size_t k = 1; k < n; k++) {
			struct stat st;
			int inside = 0;

			if (p[k] != '/')
				continue;
			memcpy(dir, p, k);
			dir[k] = '\0';
			if (stat(dir, &st) < 0 || searchable(&st, pl->uid, pl->gid))
				continue;
			for (int c = 0; c < pl->ncover; c++) {
				size_t cl = strlen(pl->cover[c]);

				inside |= !strncmp(dir, pl->cover[c], cl) && (!dir[cl] || dir[cl] == '/');
			}
			if (!inside && pl->ncover < MAX_EXPOSE)
				pl->cover[pl->ncover++] = xstrdup(dir);
			break;
		}
	}
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

static int ll_allow(int ruleset, const char *path, uint64_t rights)
{
	struct landlock_path_beneath_attr pb;
	int fd = open(path, O_PATH | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -1;
	pb.allowed_access = rights;
	pb.parent_fd = fd;
	rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	close(fd);
	return rc;
}

/*
 * The Landlock ruleset for one bot: writes only under scratch (the private
 * /tmp is added by the child) and to /dev/null, /dev/zero, /dev/full; no
 * TCP; signals and abstract sockets scoped. Returns the fd, or -1.
 */
static int ll_ruleset(int abi, const char *scratch, uint64_t *write_rights)
{
	struct ll_ruleset_attr a;
	uint64_t file_rights;
	size_t size = sizeof(uint64_t);
	int fd;

	memset(&a, 0, sizeof(a));
	a.handled_access_fs = *write_rights = ll_write_rights(abi);
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
	file_rights = LANDLOCK_ACCESS_FS_WRITE_FILE | (abi >= 3 ? LANDLOCK_ACCESS_FS_TRUNCATE : 0);
	if (ll_allow(fd, scratch, *write_rights) < 0 ||
	    ll_allow(fd, "/dev/null", file_rights) < 0 ||
	    ll_allow(fd, "/dev/zero", file_rights) < 0 ||
	    ll_allow(fd, "/dev/full", file_rights) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

struct sandbox_proc *sandbox_spawn(const struct sandbox_spec *s, char *err, size_t len)
{
	struct sandbox_proc *p = NULL;
	struct plan pl;
	struct strbuf envs[6];
	char *env[7];
	char *path = NULL, *scratch = NULL, *progdir = NULL;
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
	if (!s->argv || !s->argv[0] || !s->scratch) {
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
	scratch = absolute(s->scratch);
	if (!path || !scratch) {
		snprintf(err, len, "cannot run '%s': %s", s->argv[0],
			 path ? strerror(errno) : "not found in " CLEAN_PATH);
		goto out;
	}

	pl.s = s;
	pl.path = path;
	pl.scratch = scratch;
	pl.root = probed.root;
	pl.ns = !s->insecure && probed.active[SANDBOX_PIDNS];
	pl.clone_userns = pl.ns && !pl.root;
	pl.bot_userns = pl.ns && pl.root && probed.active[SANDBOX_USERNS];
	pl.drop_ids = !s->insecure && pl.root;
	pl.uid = pl.drop_ids ? (uid_t)(SANDBOX_UID_BASE + s->slot) : getuid();
	pl.gid = pl.drop_ids ? (gid_t)(SANDBOX_UID_BASE + s->slot) : getgid();
	pl.filter = &filter_prog;
	pl.landlock_abi = s->insecure ? 0 : probed.landlock_abi;
	if (pl.landlock_abi >= 1) {
		pl.landlock_fd = ll_ruleset(pl.landlock_abi, scratch, &pl.ll_write);
		if (pl.landlock_fd < 0) {
			snprintf(err, len, "sandbox: cannot build the Landlock rules for '%s': %s",
				 scratch, strerror(errno));
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
	snprintf(pl.tmp_opts, sizeof(pl.tmp_opts), "size=%ldm,nr_inodes=16384,mode=1777",
		 s->lim.fsize_mb > 0 ? s->lim.fsize_mb : 64);
	if (pl.ns) {
		/* the private /tmp hides the host's: show what the bot needs from it */
		char *slash;

		progdir = xstrdup(path);
		slash = strrchr(progdir, '/');
		if (slash)
			*slash = '\0';
		add_expose(&pl, scratch, 1);
		add_expose(&pl, progdir, 0);
		/* "python3 /x/bot.py": arguments naming files or directories */
		for (int i = 1; s->argv[i]; i++)
			if (s->argv[i][0] == '/')
				add_expose(&pl, s->argv[i], 0);
		if (pl.drop_ids)
			plan_covers(&pl);
	}

	strbuf_addstr(&envs[0], "PATH=" CLEAN_PATH);
	strbuf_addf(&envs[1], "HOME=%s", scratch);
	strbuf_addf(&envs[2], "TMPDIR=%s", scratch);
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
				 pl.ns && under_tmp(path) && r.err == ENOENT
					 ? " (the sandbox has a private /tmp)"
					 : "");
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
	free(progdir);
	for (int i = 0; i < pl.ncover; i++)
		free(pl.cover[i]);
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

int sandbox_slot_acquire(int *lockfd, char *err, size_t len)
{
	char path[sizeof(SANDBOX_SLOT_DIR) + 32];
	mode_t old = umask(0);

	/* sticky and world-writable, like /tmp: referees of every user share it */
	if (mkdir(SANDBOX_SLOT_DIR, 01777) < 0 && errno != EEXIST) {
		umask(old);
		snprintf(err, len, "cannot create %s: %s", SANDBOX_SLOT_DIR, strerror(errno));
		return -1;
	}
	umask(old);
	for (int slot = 0; slot < SANDBOX_MAX_SLOTS; slot++) {
		int fd;

		snprintf(path, sizeof(path), "%s/slot%d.lock", SANDBOX_SLOT_DIR, slot);
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
		if (fd < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			*lockfd = fd;
			return slot;
		}
		close(fd);
	}
	snprintf(err, len, "all %d sandbox slots are taken by running bots", SANDBOX_MAX_SLOTS);
	return -1;
}

void sandbox_slot_release(int lockfd)
{
	if (lockfd >= 0)
		close(lockfd); /* the lock goes with the file description */
}
