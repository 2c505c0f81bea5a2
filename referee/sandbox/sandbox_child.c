/*
 * sandbox_child.c - the sandbox's two children: the init (PID 1 of the
 * bot's namespaces, or a subreaper without them) and the bot itself.
 *
 * The referee clone()s the init directly, with CLONE_NEWPID and the other
 * namespaces when they are available, so the init is PID 1 of the bot's
 * namespace and the referee's own child: one SIGKILL to it makes the
 * kernel kill every process in the namespace (setsid'd grandchildren
 * included), and by the time waitpid() returns they are all gone. The
 * init builds the bot's view of the filesystem (sandbox_view.c), drops to
 * the slot's uid as root, forks the bot, reaps whatever is reparented to
 * it, and exits when the bot exits, sending the bot's wait status to the
 * referee over a socket first. Without namespaces (insecure mode, or a
 * kernel that refuses them) the init is a child subreaper that kills what
 * is left of the tree before it exits.
 *
 * The bot child applies, in this order: the uid drop (or, as root, its own
 * user namespace after the init dropped the uid), rlimits, fds, cwd,
 * PR_SET_PDEATHSIG, NO_NEW_PRIVS, no memory merging (KSM), Landlock,
 * close-on-exec of every fd above 2 and, last, seccomp, because every step
 * before needs calls it denies.
 *
 * Everything the children need is prepared before clone() (struct plan);
 * they make raw system calls only (no malloc, no stdio, no glibc set*id
 * broadcast) and report a failure as a (stage, errno) pair through a
 * close-on-exec pipe, as git's run-command.c does.
 */
#include "sandbox_impl.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>

const char *const sandbox_stage_names[] = {
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
	[ST_CGROUP] = "joining the bot's cgroup",
	[ST_KSM] = "turning off memory merging (PR_SET_MEMORY_MERGE)",
	[ST_NOTIFY] = "handing the init its seccomp listener (user notification)",
};

#ifndef PR_SET_MEMORY_MERGE
#define PR_SET_MEMORY_MERGE 67 /* Linux 6.4, newer than some headers */
#endif

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
char *sandbox_put_ulong(char *p, unsigned long v)
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
int sandbox_map_self(uid_t uid, gid_t gid)
{
	char buf[64], *p;

	if (write_file("/proc/self/setgroups", "deny") < 0 && errno != ENOENT)
		return -1;
	p = sandbox_put_ulong(buf, uid);
	*p++ = ' ';
	p = sandbox_put_ulong(p, uid);
	memcpy(p, " 1\n", 4);
	if (write_file("/proc/self/uid_map", buf) < 0)
		return -1;
	p = sandbox_put_ulong(buf, gid);
	*p++ = ' ';
	p = sandbox_put_ulong(p, gid);
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
pid_t sandbox_raw_clone(unsigned long flags)
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

/* Closes every fd but keep and keep2 (-1: none). */
static void close_all_but(int keep, int keep2)
{
	int lo = keep < keep2 ? keep : keep2, hi = keep < keep2 ? keep2 : keep;

	if (lo < 0)
		lo = hi;
	if (lo > 0)
		syscall(SYS_close_range, 0, lo - 1, 0);
	if (hi > lo + 1)
		syscall(SYS_close_range, lo + 1, hi - 1, 0);
	cloexec_from(hi + 1, 1);
}

/* Room for one fd in a message's control part. */
union fd_control {
	char buf[CMSG_SPACE(sizeof(int))];
	struct cmsghdr align;
};

/* A message of the one byte at *tag and the control part u, zeroed. */
static void fd_message(struct msghdr *m, struct iovec *iov, char *tag, union fd_control *u)
{
	memset(m, 0, sizeof(*m));
	memset(u, 0, sizeof(*u));
	iov->iov_base = tag;
	iov->iov_len = 1;
	m->msg_iov = iov;
	m->msg_iovlen = 1;
	m->msg_control = u->buf;
	m->msg_controllen = sizeof(u->buf);
}

/* Sends fd over sock as one byte tag with SCM_RIGHTS. 0, or -1. Raw calls only. */
int sandbox_send_fd(int sock, char tag, int fd)
{
	union fd_control u;
	struct msghdr m;
	struct iovec iov;
	struct cmsghdr *c;

	fd_message(&m, &iov, &tag, &u);
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(fd));
	return sendmsg(sock, &m, MSG_NOSIGNAL) == 1 ? 0 : -1;
}

int sandbox_recv_fd(int sock, char tag, int flags)
{
	union fd_control u;
	struct msghdr m;
	struct iovec iov;
	struct cmsghdr *c;
	char got = 0;
	int fd = -1;
	ssize_t n;

	fd_message(&m, &iov, &got, &u);
	do
		n = recvmsg(sock, &m, flags | MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	c = n == 1 ? CMSG_FIRSTHDR(&m) : NULL;
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(c), sizeof(fd));
	if (fd >= 0 && got != tag) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Sends the sandbox's /proc to the referee, so it can read CPU times. */
static void send_procfd(int sock)
{
	int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	sandbox_send_fd(sock, MSG_PROCFD, fd);
	close(fd);
}

/*
 * The limits of the plan, and none to raise a priority (RLIMIT_NICE and
 * RLIMIT_RTPRIO 0, whatever the referee was given): a bot must not take
 * more than its share of the CPU.
 */
static int set_rlimits(const struct plan *pl)
{
	if (setrlimit(RLIMIT_CORE, &pl->rl_core) < 0 || setrlimit(RLIMIT_FSIZE, &pl->rl_fsize) < 0 ||
	    setrlimit(RLIMIT_NOFILE, &pl->rl_nofile) < 0 || setrlimit(RLIMIT_CPU, &pl->rl_cpu) < 0 ||
	    setrlimit(RLIMIT_AS, &pl->rl_as) < 0 || setrlimit(RLIMIT_NPROC, &pl->rl_nproc) < 0 ||
	    setrlimit(RLIMIT_NICE, &pl->rl_core) < 0 || setrlimit(RLIMIT_RTPRIO, &pl->rl_core) < 0)
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
	/*
	 * the view's private /tmp and /proc exist only in the namespace; with
	 * the init answering opens, the bot gets /proc through it alone
	 * (sandbox_notify.c)
	 */
	if (pl->ns && landlock_add(pl, VIEW_TMP, pl->ll_read | pl->ll_write) < 0)
		return -1;
	if (pl->ns && !pl->notify &&
	    landlock_add(pl, "/proc", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR) < 0)
		return -1;
	return (int)syscall(SYS_landlock_restrict_self, pl->landlock_fd, 0);
}

/* The bot: applies the per-process layers and execs. Never returns. */
static void __attribute__((noreturn)) bot_main(const struct plan *pl, pid_t init, int nsock)
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
		if (sandbox_map_self(pl->uid, pl->gid) < 0)
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
	/*
	 * memory the referee was told to make mergeable (systemd's
	 * MemoryKSM=yes sets PR_SET_MEMORY_MERGE, which fork and execve keep)
	 * is not the bot's: same-page merging is a channel between bots
	 * (sandbox_filter.c). Before Linux 6.4, or without KSM: EINVAL; any
	 * other failure leaves it on, and the bot does not start.
	 */
	if (prctl(PR_SET_MEMORY_MERGE, 0, 0, 0, 0) < 0 && errno != EINVAL)
		fail(fd, ST_KSM);
	if (pl->landlock_fd >= 0 && landlock_apply(pl) < 0)
		fail(fd, ST_LANDLOCK);
	if (cloexec_from(3, 0) < 0)
		fail(fd, ST_CLOSE);
	/* the init's answers first: no open may come between the two filters */
	if (nsock >= 0 && sandbox_notify_install(nsock) < 0)
		fail(fd, ST_NOTIFY);
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, pl->filter) < 0)
		fail(fd, ST_SECCOMP);
	execve(pl->path, pl->argv, pl->env);
	fail(fd, ST_EXEC);
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
 * /proc/1/cmdline would show, and the seeds of games still to come. Wipe
 * them and rename it.
 */
static void forget_referee(void)
{
	random_seed_forget();
	if (arg_area[1] > arg_area[0])
		memset((void *)arg_area[0], 0, arg_area[1] - arg_area[0]);
	if (env_area[1] > env_area[0])
		memset((void *)env_area[0], 0, env_area[1] - env_area[0]);
	prctl(PR_SET_NAME, "sandbox-init", 0, 0, 0);
}

/* The sandbox's init (PID 1 of the namespace, or a subreaper). */
void sandbox_init_main(const struct plan *pl)
{
	int fd = pl->errfd;
	pid_t self, bot, w;
	int st, nsv[2] = { -1, -1 }, lis = -1;

	reset_signals();
	forget_referee();
	if (pl->clone_userns && sandbox_map_self(pl->uid, pl->gid) < 0)
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
		/*
		 * after the view (its cost is the referee's), before the ids go;
		 * then the cgroup namespace, rooted at the bot's own group
		 */
		if (pl->cg && (sandbox_cgroup_join(pl->cg) < 0 || unshare(CLONE_NEWCGROUP) < 0))
			fail(fd, ST_CGROUP);
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
		if (pl->cg && sandbox_cgroup_join(pl->cg) < 0)
			fail(fd, ST_CGROUP);
	}
	/* nobody in the sandbox may read or write the init's memory */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	self = getpid();
	if (pl->notify && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, nsv) < 0)
		fail(fd, ST_NOTIFY);
	bot = sandbox_raw_clone(0);
	if (bot == 0) {
		if (nsv[0] >= 0)
			close(nsv[0]);
		bot_main(pl, self, nsv[1]);
	}
	if (bot < 0)
		fail(fd, ST_FORK);
	if (nsv[1] >= 0) {
		close(nsv[1]);
		/* none comes when the bot failed before its filters */
		lis = sandbox_notify_receive(nsv[0]);
		close(nsv[0]);
	}
	close_all_but(pl->statfd, lis);
	if (lis >= 0) {
		st = sandbox_notify_serve(lis, bot,
					  (unsigned long)pl->s->lim.mem_mb * 1024UL * 1024UL);
		w = bot;
	} else {
		for (;;) {
			w = waitpid(-1, &st, __WALL);
			if (w < 0 && errno == EINTR)
				continue;
			if (w == bot || w < 0)
				break;
		}
	}
	if (w < 0)
		st = 0x7f00; /* cannot happen: the bot was our child */
	if (!pl->ns) {
		/* orphans come to us (subreaper): kill them until none is left */
		for (;;) {
			sandbox_tree_kill_children(self);
			if (waitpid(-1, NULL, __WALL) < 0 && errno == ECHILD)
				break;
		}
	}
	send_status(pl->statfd, st);
	/* as PID 1, exiting kills everything left in the namespace */
	_exit(0);
}

/* Reads arg_start, arg_end, env_start, env_end (fields 48-51 of /proc/self/stat). */
void sandbox_child_find_areas(void)
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

