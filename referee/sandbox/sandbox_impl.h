/*
 * sandbox_impl.h - what the parts of the sandbox share; internal: only
 * referee/sandbox*.c include it. sandbox.h is the contract, split by
 * mechanism (as redis splits ae.c into ae_epoll.c, ae_kqueue.c, ...):
 *
 *	sandbox.c          spawning, waiting, killing, limits
 *	sandbox_child.c    the init and the bot child (raw system calls only)
 *	sandbox_filter.c   the seccomp filter
 *	sandbox_probe.c    which layers work here; --sandbox-info
 *	sandbox_view.c     the sealed filesystem (sandbox_view.h)
 *	sandbox_tree.c     the bot's process tree: CPU time, killing orphans
 *	sandbox_scratch.c  scratch directories and slots
 *	sandbox_cgroup.c   a cgroup per bot: memory, processes, CPU time
 */
#ifndef SANDBOX_IMPL_H
#define SANDBOX_IMPL_H

#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <linux/filter.h>

#include "sandbox.h"
#include "sandbox_view.h"
#include "seat.h"

/* The bot's PATH, also used to look argv[0] up. */
#define CLEAN_PATH SEAT_PATH

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
	ST_CGROUP,
	ST_KSM,
	ST_NOTIFY,
	ST_NSTAGES
};

/* What each stage does, for messages (sandbox_child.c). */
extern const char *const sandbox_stage_names[];


struct report {
	int stage;
	int err;
	char what[48]; /* ST_VIEW: the step */
};

/* Messages on the status socket, init -> referee. */
#define MSG_PROCFD 'P'  /* with SCM_RIGHTS: the sandbox's own /proc */
#define MSG_STATUS 'S'  /* followed by the bot's wait status */
#define MSG_LISTENER 'N' /* with SCM_RIGHTS, bot -> init: its seccomp listener */

/* Everything the children need, prepared before clone(). */
struct plan {
	const struct sandbox_spec *s;
	char *path;            /* the program, absolute */
	char *host_scratch;    /* the caller's scratch directory, absolute, or NULL */
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
	struct sandbox_cgroup *cg; /* the bot's cgroup, or NULL (then rlimits only) */
	struct rlimit rl_as, rl_cpu, rl_fsize, rl_nofile, rl_nproc, rl_core;
	int notify;            /* the init answers the bot's opens and sysinfo() */
};

/* ---- sandbox_child.c -------------------------------------------------- */

/* Writes the decimal form of v at p; returns the end. Async-signal-safe. */
char *sandbox_put_ulong(char *p, unsigned long v);
/* fork() (or clone() into namespaces) without glibc's bookkeeping. */
pid_t sandbox_raw_clone(unsigned long flags);
/* Sends fd over sock with the one-byte tag (SCM_RIGHTS). 0 or -1. Async-signal-safe. */
int sandbox_send_fd(int sock, char tag, int fd);
/*
 * Receives an fd sent with tag over sock (recvmsg flags: MSG_DONTWAIT or
 * 0), close-on-exec; -1 when none came, or another tag. Async-signal-safe.
 */
int sandbox_recv_fd(int sock, char tag, int flags);
/* In a new user namespace: maps our own uid and gid to themselves. */
int sandbox_map_self(uid_t uid, gid_t gid);
/* The sandbox's init: builds the view, forks the bot, reaps. Never returns. */
void sandbox_init_main(const struct plan *pl) __attribute__((noreturn));
/* Finds where the referee's command line and environment are (the init wipes them). */
void sandbox_child_find_areas(void);

/* ---- sandbox_notify.c ------------------------------------------------- */

/* The filter that sends the bot's opens and sysinfo() to the init; NULL on other architectures. */
const struct sock_fprog *sandbox_notify_filter(void);
/* In the bot: loads that filter and sends its listener over sock. 0 or -1. Raw calls only. */
int sandbox_notify_install(int sock);
/* In the init: the listener the bot sent over sock, or -1 when none came. */
int sandbox_notify_receive(int sock);
/*
 * In the init: answers the listener lis (-1: none) and reaps until the
 * bot ends; its wait status. limit: the bot's memory in bytes (0: none).
 */
int sandbox_notify_serve(int lis, pid_t bot, unsigned long limit);
/* judge()'s verdict on an open of path (0 carry on, 1 EACCES, 2 open rel, 3 ENOENT), for tests. */
int sandbox_notify_judge(const char *path, long tgid, long tid, char *rel, size_t len);

/* ---- sandbox_filter.c ------------------------------------------------- */

/* Builds the BPF program once (not thread-safe: from the probe's once). */
void sandbox_filter_build(void);
/* The program, or NULL with the reason in sandbox_filter_error(). */
const struct sock_fprog *sandbox_filter_get(void);
/*
 * The same but for the shared futex waits without a timeout, which it
 * leaves to sandbox_notify_filter() (for a bot whose init answers);
 * built with it, so there when it is.
 */
const struct sock_fprog *sandbox_filter_get_held(void);
const char *sandbox_filter_error(void);

/* ---- sandbox_probe.c -------------------------------------------------- */

/* What works here, probed once. */
const struct sandbox_info *sandbox_probed(void);
/* The namespaces every bot gets (besides the user namespace). */
unsigned long sandbox_ns_flags(void);

/* ---- sandbox_tree.c --------------------------------------------------- */

/* Sends SIGKILL to every child of parent (scanning /proc); how many. Async-signal-safe. */
int sandbox_tree_kill_children(pid_t parent);
/*
 * SIGKILLs every process of a bot's PID namespace but its init (PID 1),
 * procfd the namespace's /proc; how many were signalled.
 */
int sandbox_tree_kill_ns(int procfd);
/*
 * What reading a bot's tree of processes through /proc keeps from one
 * reading to the next (sandbox_tree_cpu_ms()): for each process, its pid
 * as the referee sees it (for its CPU clock), its own time at the last
 * reading, and the time of its children that ended; the last total.
 */
struct sandbox_tree_proc {
	long nspid;               /* in the bot's namespace (or the referee's) */
	unsigned long long start; /* stat's starttime */
	long ppid;                /* its parent's nspid at the last reading */
	pid_t host;               /* as the referee sees it; 0: not looked for; -1: not found */
	double last_ms;           /* its own CPU time at the last reading */
	double ended_ms;          /* what its children that ended had at their last readings */
	double first_seen;        /* the reading that found it (CLOCK_MONOTONIC ms) */
};
/* looks through the referee's /proc at most so often, for processes that lived so long */
#define SANDBOX_TREE_LOOK_MS 500
struct sandbox_tree {
	struct sandbox_tree_proc *e;
	size_t n, alloc;
	int checked;              /* 1: /proc is the referee's own; -1: it is not */
	double looked_at;         /* the last look for pids (CLOCK_MONOTONIC ms) */
	double lost_ms;           /* ended processes whose parents had ended too, not the init */
	double total_ms;          /* the last reading */
};
/* Frees what t holds, and empties it. */
void sandbox_tree_free(struct sandbox_tree *t);
/*
 * CPU time (ms) of every process in procfd (a /proc) that is root or a
 * descendant of it; root 0 means every process. With init (> 0), procfd
 * is the /proc of the bot's namespace and init the bot's init in the
 * referee's; with 0, procfd's pids are the referee's. t keeps what the
 * next reading needs: one per bot.
 */
double sandbox_tree_cpu_ms(int procfd, long root, pid_t init, struct sandbox_tree *t);

/* ---- sandbox_cgroup.c ------------------------------------------------- */

/* One bot's cgroup (v1: a directory per controller; v2: one directory). */
struct sandbox_cgroup;

/*
 * Finds the referee's own cgroup, removes the groups of referees that are
 * gone, and tries to make one: fills the SANDBOX_CGROUP row of in and
 * in->cgroup_detail. Called once, from the probe.
 */
void sandbox_cgroup_probe(struct sandbox_info *in);
/*
 * The directory of our own cgroup in the hierarchy of controller ctl (v1:
 * "memory"...) or of cgroup v2 (ctl NULL), from the texts of
 * /proc/self/mountinfo and /proc/self/cgroup. 0, or -1 when there is none.
 */
int sandbox_cgroup_find(const char *mountinfo, const char *self_cgroup, const char *ctl,
			char *out, size_t len);
/*
 * A new group below ours with mem_mb of memory and no swap (0: no limit)
 * and nproc processes and threads plus one for the init (0: no limit),
 * its cgroup.procs open for sandbox_cgroup_join(). NULL with err.
 */
struct sandbox_cgroup *sandbox_cgroup_new(long mem_mb, long nproc, char *err, size_t len);
/* In the init: moves the calling process into the group. Async-signal-safe. 0 or -1. */
int sandbox_cgroup_join(const struct sandbox_cgroup *c);
/* Closes what sandbox_cgroup_join() needed (the referee, once the init has joined). */
void sandbox_cgroup_close_join(struct sandbox_cgroup *c);
/* CPU time of everything that ran in the group (ms, exact), or -1. */
double sandbox_cgroup_cpu_ms(const struct sandbox_cgroup *c);
/* The most memory the group ever held (KiB), or -1. */
long sandbox_cgroup_peak_kb(const struct sandbox_cgroup *c);
/*
 * How many of its processes the kernel's out-of-memory killer killed, or
 * -1: for the group's own limit, or because the machine or a parent
 * cgroup ran out (sandbox_cgroup_limit_hit() tells which).
 */
long sandbox_cgroup_oom_kills(const struct sandbox_cgroup *c);
/* Did the group ever reach its own memory limit? */
int sandbox_cgroup_limit_hit(const struct sandbox_cgroup *c);
/* SIGKILLs every process in the group. */
void sandbox_cgroup_kill(const struct sandbox_cgroup *c);
/* Kills what is left, removes the group, frees. NULL is a no-op. */
void sandbox_cgroup_free(struct sandbox_cgroup *c);

#endif
