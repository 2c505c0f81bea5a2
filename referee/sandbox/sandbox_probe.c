/*
 * sandbox_probe.c - which layers of the sandbox work on this machine,
 * found once per referee run by trying them in a short-lived child (the
 * same view a bot gets, minus the bot), and how --sandbox-info shows them.
 */
#include "sandbox_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/landlock.h>

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static struct sandbox_info probed;

unsigned long sandbox_ns_flags(void)
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
	unsigned long flags = sandbox_ns_flags() | (root ? 0 : CLONE_NEWUSER);
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
	pid = sandbox_raw_clone(flags);
	if (pid < 0) {
		r[0].stage = ST_FORK;
		r[0].err = errno;
		if (write(fd, r, sizeof(r)) < 0)
			_exit(1);
		_exit(0);
	}
	if (pid == 0) {
		if (!root && sandbox_map_self(uid, gid) < 0) {
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
			else if (sandbox_map_self(u, u) < 0)
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
	if (r->stage <= ST_NONE || r->stage >= ST_NSTAGES)
		snprintf(buf, len, "?: %s", strerror(r->err));
	else if (r->stage == ST_VIEW)
		snprintf(buf, len, "%s: %.*s: %s", sandbox_stage_names[r->stage], (int)sizeof(r->what),
			 r->what, strerror(r->err));
	else
		snprintf(buf, len, "%s: %s", sandbox_stage_names[r->stage], strerror(r->err));
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

/* Is the running kernel at least major.minor? */
static int kernel_at_least(int major, int minor)
{
	struct utsname u;
	int a = 0, b = 0;

	if (uname(&u) < 0 || sscanf(u.release, "%d.%d", &a, &b) != 2)
		return 0;
	return a > major || (a == major && b >= minor);
}

/*
 * Can the init answer the bots' opens (sandbox_notify.c)? It needs
 * Landlock (to refuse the bot's own /proc), the namespaces (its own
 * /proc), Linux 5.14 (an fd put into the bot with the answer) and a
 * seccomp listener, which the kernel refuses (EBUSY) where a filter
 * above the referee already has one (a container manager that answers
 * calls itself): a child tries to make one.
 */
static void probe_answers(struct sandbox_info *in)
{
	int st = 0;
	pid_t pid;

	in->answers = 0;
	if (!sandbox_notify_filter()) {
		snprintf(in->answers_note, sizeof(in->answers_note), "no: not on this architecture");
		return;
	}
	if (!in->landlock_abi || !in->active[SANDBOX_PIDNS]) {
		snprintf(in->answers_note, sizeof(in->answers_note),
			 "no: needs Landlock and the namespaces");
		return;
	}
	if (!kernel_at_least(5, 14)) {
		snprintf(in->answers_note, sizeof(in->answers_note), "no: needs Linux 5.14");
		return;
	}
	pid = fork();
	if (pid == 0) {
		int sv[2];

		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
		    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
			_exit(127);
		_exit(sandbox_notify_install(sv[0]) == 0 ? 0 : errno & 0x7f);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		int e = pid > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : 0;

		snprintf(in->answers_note, sizeof(in->answers_note),
			 "no: no seccomp listener here (%s)%s", e ? strerror(e) : "the probe failed",
			 e == EBUSY ? ": a filter above the referee has one" : "");
		return;
	}
	in->answers = 1;
	snprintf(in->answers_note, sizeof(in->answers_note),
		 "yes: the init opens the bots' /proc (no pagemap, smaps, smaps_rollup, numa_maps, "
		 "fdinfo) and answers sysinfo()");
}

static void probe_all(void)
{
	struct sandbox_info *in = &probed;

	memset(in, 0, sizeof(*in));
	in->root = geteuid() == 0;
	sandbox_child_find_areas();
	view_init();
	sandbox_filter_build();
	if (!sandbox_filter_get())
		note(in, SANDBOX_BASE, 0, "off: %s", sandbox_filter_error());
	else if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0)
		note(in, SANDBOX_BASE, 0, "off: seccomp unavailable: %s", strerror(errno));
	else
		note(in, SANDBOX_BASE, 1, "rlimits, clean env, fds, seccomp (%u instructions)",
		     (unsigned)sandbox_filter_get()->len);
	probe_namespaces(in);
	probe_landlock(in);
	probe_answers(in);
	if (in->root)
		note(in, SANDBOX_UID, 1, "uid/gid %d + slot, no supplementary groups",
		     SANDBOX_UID_BASE);
	else
		note(in, SANDBOX_UID, 0, "off: not root; bots run as uid %d", (int)getuid());
	sandbox_cgroup_probe(in);
}

void sandbox_probe(struct sandbox_info *out)
{
	*out = *sandbox_probed();
}

const struct sandbox_info *sandbox_probed(void)
{
	pthread_once(&probe_once, probe_all);
	return &probed;
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
		[SANDBOX_CGROUP] = "cgroup",
	};

	strbuf_addf(out, "%-24s %-6s %s\n", "layer", "active", "notes");
	for (int l = 0; l < SANDBOX_NLAYERS; l++)
		strbuf_addf(out, "%-24s %-6s %s\n", names[l], in->active[l] ? "yes" : "no",
			    in->note[l]);
	if (in->active[SANDBOX_MNTNS]) {
		struct sandbox_limits lim;

		limits_default(&lim);
		view_describe(&lim, in->answers, out);
	} else {
		strbuf_addstr(out, "a bot sees: the host's files its uid may read"
			      " (no mount namespace; Landlock where active)\n");
	}
	strbuf_addf(out, "%s\n", in->cgroup_detail);
	strbuf_addf(out, "init answers /proc opens: %s\n", in->answers_note);
	strbuf_addf(out, "bots isolated from each other: %s\n",
		    sandbox_isolates(in) ? "yes" : "no (untrusted bots need --insecure)");
	{
		char dir[PATH_MAX], err[256];

		if (geteuid() != 0)
			strbuf_addf(out, "slots: within this referee, no directory (not root: bots run "
				    "as uid %d, the referee's)\n", (int)geteuid());
		else if (sandbox_slot_dir(dir, sizeof(dir), err, sizeof(err)) == 0)
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

