/*
 * sandbox.c - the sandbox every bot process is started through (see
 * sandbox.h for the layers and the contract, sandbox_impl.h for how the
 * parts fit): planning a spawn, cloning the init, waiting and killing.
 */
#include "sandbox_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/landlock.h>

#include "util.h"

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
	struct sandbox_cgroup *cg; /* or NULL */
	long mem_limit_mb;
	double mem_peak_mb; /* once ended; -1 without a cgroup */
	int oom;            /* the OOM killer killed a process of the tree */
	int oom_own;        /* ... with the tree at its own limit (else: the machine's) */
	struct sandbox_tree tree; /* without a cgroup: what reading the tree through /proc keeps */
};


/*
 * The limit v (in units of scale; 0: none), never above the referee's own
 * hard limit of resource: a bot that has dropped its uid could not raise
 * it, and asking would fail its start.
 */
static void set_rl(struct rlimit *r, int resource, long v, long scale, int slack)
{
	struct rlimit own;

	if (v <= 0) {
		r->rlim_cur = r->rlim_max = RLIM_INFINITY;
	} else {
		r->rlim_cur = (rlim_t)v * (rlim_t)scale;
		/* the CPU hard limit: SIGKILL one second after SIGXCPU */
		r->rlim_max = r->rlim_cur + (rlim_t)slack;
	}
	if (getrlimit(resource, &own) == 0 && own.rlim_max != RLIM_INFINITY) {
		if (r->rlim_max == RLIM_INFINITY || r->rlim_max > own.rlim_max)
			r->rlim_max = own.rlim_max;
		if (r->rlim_cur == RLIM_INFINITY || r->rlim_cur > r->rlim_max)
			r->rlim_cur = r->rlim_max;
	}
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

static int answers_off;

void sandbox_answers(int on)
{
	answers_off = !on;
}

int sandbox_private_scratch(int insecure)
{
	return !insecure && sandbox_probed()->active[SANDBOX_PIDNS];
}

/* Frees what plan_make() allocated. */
static void plan_release(struct plan *pl)
{
	if (pl->landlock_fd >= 0)
		close(pl->landlock_fd);
	pl->landlock_fd = -1;
	for (int i = 0; pl->env && pl->env[i]; i++)
		free(pl->env[i]);
	free(pl->env);
	for (int i = 0; pl->argv && pl->argv[i]; i++)
		free(pl->argv[i]);
	free(pl->argv);
	free(pl->path);
	free(pl->host_scratch);
	view_plan_release(&pl->view);
	sandbox_cgroup_free(pl->cg);
	pl->cg = NULL;
}

/*
 * The bot's environment: nothing of the referee's. With a cgroup memory
 * limit, the runtimes that size their heaps from the machine's memory
 * (they cannot see the group: no /sys in the view) are told the limit:
 * a JVM would otherwise let its heap grow to a quarter of the machine
 * before collecting, and be killed by the limit with little live data.
 */
static char **make_env(const struct plan *pl, int slot)
{
	char **env = xcalloc(10, sizeof(char *));
	long mb = pl->s->lim.mem_mb;
	struct strbuf sb = STRBUF_INIT;
	int n = 0;

	strbuf_init(&sb);
	env[n++] = xstrdup("PATH=" CLEAN_PATH);
	strbuf_addf(&sb, "HOME=%s", pl->cwd);
	env[n++] = strbuf_detach(&sb);
	strbuf_addf(&sb, "TMPDIR=%s", pl->cwd);
	env[n++] = strbuf_detach(&sb);
	env[n++] = xstrdup("LANG=C.UTF-8");
	strbuf_addf(&sb, "USER=bot%d", slot);
	env[n++] = strbuf_detach(&sb);
	/* the commonest bot bug is an answer left in Python's output buffer */
	env[n++] = xstrdup("PYTHONUNBUFFERED=1");
	if (pl->cg && mb > 0) {
		strbuf_addf(&sb, "JAVA_TOOL_OPTIONS=-XX:MaxRAM=%ldm -XX:MaxRAMPercentage=75", mb);
		env[n++] = strbuf_detach(&sb);
		strbuf_addf(&sb, "GOMEMLIMIT=%ldMiB", mb * 9 / 10);
		env[n++] = strbuf_detach(&sb);
		strbuf_addf(&sb, "NODE_OPTIONS=--max-old-space-size=%ld", mb * 3 / 4);
		env[n++] = strbuf_detach(&sb);
	}
	strbuf_release(&sb);
	return env;
}

static char **copy_argv(char *const *argv)
{
	size_t n = 0;
	char **out;

	while (argv[n])
		n++;
	out = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++)
		out[i] = xstrdup(argv[i]);
	return out;
}

/*
 * Everything the children need, prepared before clone(): the program, the
 * ids, the view, the Landlock ruleset, the rlimits, the environment. 0, or
 * -1 with err (plan_release() in both cases).
 */
static int plan_make(struct plan *pl, const struct sandbox_spec *s, enum sandbox_failure *fail,
		     char *err, size_t len)
{
	const struct sandbox_info *probed = sandbox_probed();
	const struct sandbox_limits *l = &s->lim;

	memset(pl, 0, sizeof(*pl));
	pl->landlock_fd = -1;
	pl->ns = !s->insecure && probed->active[SANDBOX_PIDNS];
	if (!s->argv || !s->argv[0] || (!s->scratch && !pl->ns)) {
		snprintf(err, len, "sandbox: no program or no scratch directory");
		return -1;
	}
	if (s->slot < 0 || s->slot >= SANDBOX_MAX_SLOTS) {
		snprintf(err, len, "sandbox: slot %d out of range 0..%d", s->slot,
			 SANDBOX_MAX_SLOTS - 1);
		return -1;
	}
	pl->filter = sandbox_filter_get();
	if (!probed->active[SANDBOX_BASE] || !pl->filter) {
		snprintf(err, len, "sandbox: %s", probed->note[SANDBOX_BASE]);
		return -1;
	}
	pl->path = find_program(s->argv[0]);
	if (!pl->path) {
		*fail = SANDBOX_FAIL_PROGRAM;
		snprintf(err, len, "cannot run '%s': not found in " CLEAN_PATH, s->argv[0]);
		return -1;
	}
	pl->host_scratch = s->scratch ? absolute(s->scratch) : NULL;
	if (s->scratch && !pl->host_scratch) {
		snprintf(err, len, "sandbox: cannot find the scratch directory '%s': %s", s->scratch,
			 strerror(errno));
		return -1;
	}
	pl->s = s;
	pl->argv = copy_argv(s->argv);
	pl->cwd = pl->host_scratch ? pl->host_scratch : VIEW_TMP;
	pl->root = probed->root;
	pl->clone_userns = pl->ns && !pl->root;
	pl->bot_userns = pl->ns && pl->root && probed->active[SANDBOX_USERNS];
	pl->drop_ids = !s->insecure && pl->root;
	pl->uid = pl->drop_ids ? (uid_t)(SANDBOX_UID_BASE + s->slot) : getuid();
	pl->gid = pl->drop_ids ? (gid_t)(SANDBOX_UID_BASE + s->slot) : getgid();
	pl->landlock_abi = s->insecure ? 0 : probed->landlock_abi;
	if (!s->insecure &&
	    view_plan_build(&pl->view, pl->path, s->argv, s->botdir, pl->ns ? pl->host_scratch : NULL,
			    s->hide, l->scratch_mb, l->scratch_files, pl->uid, pl->gid, err, len) < 0) {
		*fail = SANDBOX_FAIL_PROGRAM; /* what its SEAT asks to be shown */
		return -1;
	}
	if (pl->landlock_abi >= 1) {
		pl->ll_read = ll_read_rights();
		pl->ll_write = ll_write_rights(pl->landlock_abi);
		pl->landlock_fd = ll_ruleset(pl, pl->ns ? NULL : pl->host_scratch);
		if (pl->landlock_fd < 0) {
			snprintf(err, len, "sandbox: cannot build the Landlock rules for '%s': %s",
				 s->argv[0], strerror(errno));
			return -1;
		}
		/* the init answers opens under /proc: only with Landlock refusing the bot's own */
		pl->notify = pl->ns && probed->answers && !answers_off;
	}
	/* the init holds the shared futex waits it is sent (sandbox_notify.c) */
	if (pl->notify)
		pl->filter = sandbox_filter_get_held();
	if (probed->active[SANDBOX_CGROUP]) {
		pl->cg = sandbox_cgroup_new(l->mem_mb, l->nproc, err, len);
		if (!pl->cg)
			return -1;
	}
	/*
	 * With a cgroup, memory is what the tree really holds and processes
	 * are counted for the tree alone: reserved address space and the
	 * uid's other processes no longer count.
	 */
	set_rl(&pl->rl_as, RLIMIT_AS, pl->cg ? 0 : l->mem_mb, 1024 * 1024, 0);
	set_rl(&pl->rl_cpu, RLIMIT_CPU, l->cpu_s, 1, 1);
	set_rl(&pl->rl_fsize, RLIMIT_FSIZE, l->fsize_mb, 1024 * 1024, 0);
	set_rl(&pl->rl_nofile, RLIMIT_NOFILE, l->nofile, 1, 0);
	/* the init counts in the namespace's process count */
	set_rl(&pl->rl_nproc, RLIMIT_NPROC, pl->cg ? 0 : l->nproc > 0 ? l->nproc + pl->ns : 0, 1, 0);
	pl->rl_core.rlim_cur = pl->rl_core.rlim_max = 0;
	pl->env = make_env(pl, s->slot);
	return 0;
}

/* Why a child reported that it could not start the program. */
static void start_error(const struct plan *pl, struct report *r, char *err, size_t len)
{
	const char *prog = pl->s->argv[0];

	if (r->stage <= ST_NONE || r->stage >= ST_NSTAGES)
		r->stage = ST_NONE;
	if (r->stage == ST_EXEC && r->err == EACCES && pl->drop_ids && !access(pl->path, X_OK))
		snprintf(err, len, "cannot run '%s': %s (the bot runs as uid %d: its "
			 "program, files and their directories must be readable by others)",
			 prog, strerror(r->err), (int)pl->uid);
	else if (r->stage == ST_EXEC)
		snprintf(err, len, "cannot run '%s': %s%s", prog, strerror(r->err),
			 pl->ns && r->err == ENOENT
				 ? " (a bot sees only the system directories and its own: "
				   "is its interpreter elsewhere?)"
				 : "");
	else if (r->stage == ST_VIEW)
		snprintf(err, len, "sandbox: %s failed: %.*s: %s", sandbox_stage_names[r->stage],
			 (int)sizeof(r->what), r->what, strerror(r->err));
	else
		snprintf(err, len, "sandbox: %s failed: %s", sandbox_stage_names[r->stage],
			 strerror(r->err));
}

/* The sandbox's /proc, sent by the init before it forked the bot: already queued. */
static int receive_procfd(int sock)
{
	return sandbox_recv_fd(sock, MSG_PROCFD, MSG_DONTWAIT);
}

static void close_pair(int fds[2])
{
	for (int i = 0; i < 2; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	fds[0] = fds[1] = -1;
}

/*
 * Clones the init with the plan; returns its pid and our ends of the
 * error pipe, the status socket and the life pipe, or -1 with err. The
 * life pipe's write end must stay open until the children are past their
 * checks of it (the error pipe has answered): its end means "the referee
 * went away".
 */
static pid_t clone_init(struct plan *pl, int *errfd, int *statfd, int *lifefd, char *err,
			size_t len)
{
	int errp[2] = { -1, -1 }, life[2] = { -1, -1 }, sock[2] = { -1, -1 };
	unsigned long flags;
	sigset_t all, old;
	pid_t pid;

	if (pipe2(errp, O_CLOEXEC) < 0 || pipe2(life, O_CLOEXEC) < 0 ||
	    socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sock) < 0) {
		snprintf(err, len, "sandbox: cannot make pipes: %s", strerror(errno));
		pid = -1;
		goto out;
	}
	pl->errfd = errp[1];
	pl->statfd = sock[1];
	pl->lifefd = life[0];
	flags = pl->ns ? sandbox_ns_flags() | (pl->clone_userns ? CLONE_NEWUSER : 0) : 0;
	/*
	 * With a cgroup of its own, the init makes its cgroup namespace after
	 * joining it: made before, /proc/self/cgroup would show the bot the
	 * group's name (euchre-arena.PID.N: the referee's host pid).
	 */
	if (pl->cg)
		flags &= ~(unsigned long)CLONE_NEWCGROUP;
	/* no handler of ours may run in the child before it resets them */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = sandbox_raw_clone(flags);
	if (pid == 0) {
		close(errp[0]);
		close(life[1]);
		close(sock[0]);
		sandbox_init_main(pl);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pid < 0) {
		snprintf(err, len, "sandbox: cannot clone: %s", strerror(errno));
		goto out;
	}
	*errfd = errp[0];
	*statfd = sock[0];
	*lifefd = life[1];
	errp[0] = sock[0] = life[1] = -1;
out:
	close_pair(errp);
	close_pair(sock);
	close_pair(life);
	return pid;
}

struct sandbox_proc *sandbox_spawn(const struct sandbox_spec *s, enum sandbox_failure *fail,
				   char *err, size_t len)
{
	enum sandbox_failure dummy;
	struct sandbox_proc *p = NULL;
	int errfd = -1, statfd = -1, lifefd = -1, st;
	struct report r;
	struct plan pl;
	ssize_t n;
	pid_t pid;

	if (!fail)
		fail = &dummy;
	*fail = SANDBOX_FAIL_SETUP;
	if (plan_make(&pl, s, fail, err, len) < 0)
		goto out;
	pid = clone_init(&pl, &errfd, &statfd, &lifefd, err, len);
	if (pid < 0)
		goto out;
	do
		n = read(errfd, &r, sizeof(r));
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(r)) {
		start_error(&pl, &r, err, len);
		if (r.stage == ST_EXEC)
			*fail = SANDBOX_FAIL_PROGRAM;
		while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
			;
		goto out;
	}
	p = xcalloc(1, sizeof(*p));
	p->pid = pid;
	p->ns = pl.ns;
	p->statfd = statfd;
	statfd = -1;
	p->procfd = p->ns ? receive_procfd(p->statfd) : -1;
	p->cpu_limit_s = s->lim.cpu_s;
	p->mem_limit_mb = s->lim.mem_mb;
	p->mem_peak_mb = -1;
	p->cg = pl.cg;
	pl.cg = NULL;
	if (p->cg)
		sandbox_cgroup_close_join(p->cg);
out:
	if (errfd >= 0)
		close(errfd);
	if (statfd >= 0)
		close(statfd);
	if (lifefd >= 0)
		close(lifefd);
	plan_release(&pl);
	return p;
}

pid_t sandbox_pid(const struct sandbox_proc *p)
{
	return p->pid;
}


/* ---- CPU time --------------------------------------------------------- */

double sandbox_cpu_ms(struct sandbox_proc *p)
{
	double ms;
	int dfd;

	if (p->ended)
		return p->cpu_ms;
	if (p->cg && (ms = sandbox_cgroup_cpu_ms(p->cg)) >= 0)
		return ms;
	if (p->procfd >= 0)
		return sandbox_tree_cpu_ms(p->procfd, 0, p->pid, &p->tree);
	dfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;
	ms = sandbox_tree_cpu_ms(dfd, p->pid, 0, &p->tree);
	close(dfd);
	return ms;
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
		/* a wrapper script whose child the limit killed */
		snprintf(p->why, sizeof(p->why), "exited with status %d%s", WEXITSTATUS(st),
			 WEXITSTATUS(st) && p->oom_own ? " (its memory limit killed a process of "
							 "its tree)" : "");
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
		} else if (sig == SIGKILL && p->oom_own) {
			p->result = SANDBOX_KILLED;
			snprintf(p->why, sizeof(p->why), "killed by the memory limit (peak %.0f MiB, "
				 "limit %ld MiB)", p->mem_peak_mb, p->mem_limit_mb);
			return;
		} else if (sig == SIGKILL && p->oom) {
			/* not the bot's limit: not the bot's fault, but say what happened */
			snprintf(p->why, sizeof(p->why), "killed by the kernel's out-of-memory killer: "
				 "the machine (or a cgroup above the referee) ran out of memory, "
				 "not the bot's limit");
			return;
		}
		snprintf(p->why, sizeof(p->why), "killed by signal %d (SIG%s%s)%s", sig,
			 abbrev ? abbrev : "?", extra, WCOREDUMP(st) ? ", core dumped" : "");
	}
}

/* The tree's totals from its cgroup, once the init is reaped (so all of it has ended). */
static void read_cgroup(struct sandbox_proc *p)
{
	double ms = sandbox_cgroup_cpu_ms(p->cg);
	long kb = sandbox_cgroup_peak_kb(p->cg);

	if (ms >= 0)
		p->cpu_ms = ms; /* exact, killed and orphaned processes included */
	p->mem_peak_mb = kb < 0 ? -1 : (double)kb / 1024;
	p->oom = sandbox_cgroup_oom_kills(p->cg) > 0;
	p->oom_own = p->oom && sandbox_cgroup_limit_hit(p->cg);
}

double sandbox_mem_peak_mb(const struct sandbox_proc *p)
{
	long kb;

	if (p->ended)
		return p->mem_peak_mb;
	/* still running (a match's bot between games): the cgroup's peak so far */
	kb = p->cg ? sandbox_cgroup_peak_kb(p->cg) : -1;
	return kb < 0 ? -1 : (double)kb / 1024;
}

int sandbox_memory_killed(const struct sandbox_proc *p)
{
	return p->ended && p->result == SANDBOX_KILLED && p->oom_own;
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
		/* rusage misses what the kernel reaped; a reading through /proc saw some of it */
		if (!p->cg && p->cpu_ms < p->tree.total_ms)
			p->cpu_ms = p->tree.total_ms;
		have = read_status(p->statfd, &p->status) == 0;
		if (!have)
			p->status = st; /* the init itself was killed */
		if (p->cg)
			read_cgroup(p);
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
	/*
	 * The init's death kills the rest of the namespace, and cgroup.kill
	 * signals one process after another; either way the init can die
	 * first, and its files close before the rest die: its listener
	 * (sandbox_notify.c) among them, which answers every call it held
	 * ENOSYS. A held wait on a shared futex fails so, and glibc's
	 * pthread_join aborts on it into the bot's log (1 of 5 kills of a
	 * bot with 50 held threads). So the rest of the namespace first.
	 */
	if (p->ns && p->procfd >= 0)
		sandbox_tree_kill_ns(p->procfd);
	if (p->cg)
		sandbox_cgroup_kill(p->cg); /* the init too: the tree dies with it */
	if (p->ns) {
		/* PID 1 dies, the kernel kills the rest of the namespace */
		kill(p->pid, SIGKILL);
		return;
	}
	/* the init is a subreaper: it kills the rest once its children die */
	sandbox_tree_kill_children(p->pid);
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
	sandbox_tree_free(&p->tree);
	sandbox_cgroup_free(p->cg);
	free(p);
}

