/*
 * sandbox.h - starting an untrusted bot program inside a sandbox.
 *
 * Every bot process is started through sandbox_spawn(). The sandbox is a
 * stack of layers, each probed once per referee run (sandbox_probe()):
 *
 *  1. always: a new session, PR_SET_PDEATHSIG, every fd above 2 closed, a
 *     clean environment, the scratch directory as cwd, HOME and TMPDIR,
 *     rlimits, PR_SET_NO_NEW_PRIVS and a seccomp filter (deny list);
 *  2. namespaces: user, PID (a tiny init as PID 1 reaps and takes the
 *     whole tree down with the bot), network (only lo, left down), IPC,
 *     UTS, cgroup and mount: a new root holding only the system
 *     directories, the bot's own files and a private /tmp (sandbox_view.h);
 *  3. Landlock: reads only in that view, writes only in the scratch
 *     directory, no TCP, no signals or abstract unix sockets outside the bot;
 *  4. as root: a uid/gid of its own per bot slot (SANDBOX_UID_BASE + slot);
 *  5. where the referee may make one (also with insecure): a cgroup of its
 *     own for the bot's tree: memory without swap, processes, exact CPU
 *     time, the memory limit's kills told apart (sandbox_cgroup.c).
 *
 * The referee's direct child is the sandbox's init; the bot is its child.
 * sandbox_wait() reports the bot's own wait status, as the init saw it.
 *
 * Not thread-safe per struct sandbox_proc; distinct ones may be used from
 * distinct threads (the probe and the seccomp program are built once).
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include <stddef.h>
#include <sys/types.h>

#include "botlimits.h"
#include "util.h"

/* As root, bot slot N runs as uid and gid SANDBOX_UID_BASE + N. */
#define SANDBOX_UID_BASE 61000
#define SANDBOX_MAX_SLOTS 64


struct sandbox_spec {
	char *const *argv;   /* argv[0] is looked up like execvp in the bot's PATH */
	/*
	 * The bot's cwd, HOME and TMPDIR, and with the private /tmp its only
	 * writable place: an existing directory, writable at its real path;
	 * or NULL for the private /tmp itself, which works only where
	 * sandbox_private_scratch() says so.
	 */
	const char *scratch;
	/* the bot's own directory, shown read-only (NULL: only its program's) */
	const char *botdir;
	/* paths the bot must not see even inside what it is shown; NULL-terminated or NULL */
	const char *const *hide;
	int fd_in, fd_out, fd_err; /* become the bot's 0, 1, 2; every other fd is closed */
	struct sandbox_limits lim;
	int slot;            /* 0..SANDBOX_MAX_SLOTS-1, distinct per concurrently running bot */
	int insecure;        /* apply only layers 1 and 5 */
};

/* A running (or ended, not yet freed) sandboxed bot; owns its pids and fds. */
struct sandbox_proc;

/*
 * Starts s->argv in the sandbox. The caller keeps its fds (the child gets
 * copies). Returns NULL with a message in err when the program cannot
 * start, and in *fail (when not NULL) whose failure that is: the program
 * does not exist or cannot be executed (SANDBOX_FAIL_PROGRAM), or a layer
 * the probe found available could not be set up (SANDBOX_FAIL_SETUP).
 * Blocks only until the program has been exec'd.
 */
enum sandbox_failure {
	SANDBOX_FAIL_PROGRAM, /* the program: not found, not executable, not readable by the
			       * bot's uid, an interpreter outside the view: the bot's fault */
	SANDBOX_FAIL_SETUP,   /* the machine: pipes, clone, a limit or a layer that could not be
			       * set up: the referee's failure, never the bot's */
};
struct sandbox_proc *sandbox_spawn(const struct sandbox_spec *s, enum sandbox_failure *fail,
				   char *err, size_t len);

/*
 * Can sandbox_spawn() give a bot a private scratch directory of its own
 * (a tmpfs of scratch_mb in its mount namespace), so that spec.scratch
 * may be NULL? Without namespaces, or with insecure, the caller must make
 * one (sandbox_scratch_new).
 */
int sandbox_private_scratch(int insecure);

/* The pid the referee waits on (the sandbox's init, the referee's child). */
pid_t sandbox_pid(const struct sandbox_proc *p);

/* Results of sandbox_wait(). */
#define SANDBOX_RUNNING 0 /* nohang and not ended yet */
#define SANDBOX_EXITED 1  /* the bot exited, or died of a signal of its own */
#define SANDBOX_KILLED 2  /* the sandbox stopped it: blocked system call (SIGSYS),
			   * CPU or file size limit, or sandbox_kill() */

/*
 * Reaps the sandbox (blocking unless nohang). On an end, *status (if not
 * NULL) is the bot's wait status (WIFEXITED etc. apply) and why (if not
 * NULL) describes it: "exited with status 3", "killed by signal 31 (SIGSYS:
 * blocked system call)". Returns SANDBOX_RUNNING, SANDBOX_EXITED,
 * SANDBOX_KILLED, or -1 with the error in why. Once ended, later calls
 * return the same result.
 */
int sandbox_wait(struct sandbox_proc *p, int nohang, int *status, char *why, size_t len);

/*
 * Kills the bot's whole process tree with SIGKILL, setsid'd and orphaned
 * grandchildren included. Does not reap: sandbox_wait() or sandbox_free().
 */
void sandbox_kill(struct sandbox_proc *p);

/*
 * CPU time (user + system, ms) used so far by the bot's process tree:
 * live processes and the children they reaped. Without a cgroup, while
 * it runs: each process's CPU clock, its reaped children in 10 ms ticks
 * (docs/sandbox.md); exact (getrusage) once reaped.
 */
double sandbox_cpu_ms(struct sandbox_proc *p);

/*
 * The most memory the bot's tree held (MiB, resident and page cache), from
 * its cgroup; -1 without one. So far while it runs; final once
 * sandbox_wait() reported the end.
 */
double sandbox_mem_peak_mb(const struct sandbox_proc *p);

/* Did the memory limit kill a process of the bot, ending it? (after the end) */
int sandbox_memory_killed(const struct sandbox_proc *p);

/*
 * No cgroups for this referee (--no-cgroup): the rlimits alone, as where
 * the machine has none. Call before the first probe or spawn.
 */
void sandbox_cgroups_off(void);

/*
 * Whether the init answers the opens and sysinfo() of bots started from
 * now on (sandbox_notify.c; on by default). Off, a bot makes them itself
 * with /proc granted whole by Landlock: pagemap, smaps, fdinfo and the
 * machine's sysinfo() are then its to read. For bench_sandbox alone,
 * which measures what the answers cost; no program offers it.
 */
void sandbox_answers(int on);

/* Kills if still running, reaps, closes and frees. NULL is a no-op. */
void sandbox_free(struct sandbox_proc *p);

enum sandbox_layer {
	SANDBOX_BASE,        /* layer 1 (session, fds, env, rlimits, seccomp) */
	SANDBOX_USERNS,
	SANDBOX_PIDNS,
	SANDBOX_NETNS,
	SANDBOX_IPCNS,
	SANDBOX_MNTNS,
	SANDBOX_LANDLOCK_FS,
	SANDBOX_LANDLOCK_NET,
	SANDBOX_LANDLOCK_SCOPE,
	SANDBOX_UID,         /* per-slot uid/gid */
	SANDBOX_CGROUP,      /* a cgroup per bot: memory, processes, CPU time */
	SANDBOX_NLAYERS
};

struct sandbox_info {
	int active[SANDBOX_NLAYERS];    /* 1 when sandbox_spawn() applies it */
	char note[SANDBOX_NLAYERS][96]; /* what it gives, or why it is off */
	int landlock_abi;               /* 0 when Landlock is unavailable */
	int root;                       /* the referee runs with euid 0 */
	char cgroup_detail[320];        /* where the bots' cgroups are made, or why none */
	int answers;                    /* the init answers the bots' /proc opens (sandbox_notify.c) */
	char answers_note[160];         /* how, or why not */
};

/*
 * Finds out which layers work here by trying them in a short-lived child
 * (a few ms). sandbox_spawn() uses the same result, computed once.
 */
void sandbox_probe(struct sandbox_info *out);

/* Appends the table printed by `referee --sandbox-info`. */
void sandbox_info_format(const struct sandbox_info *in, struct strbuf *out);

/*
 * Can bots be isolated from each other (no signals, no access to another
 * bot's memory, fds or scratch directory)? When not, callers must refuse
 * untrusted bots unless the user passed --insecure.
 */
int sandbox_isolates(const struct sandbox_info *in);

/*
 * Creates a fresh directory parent/botSLOT-XXXXXX (mode 0700; as root
 * owned by the slot's uid) and writes its path to path_out. 0, or -1 with
 * err.
 */
int sandbox_scratch_new(const char *parent, int slot, char *path_out, size_t len, char *err,
			size_t elen);

/*
 * Gives the tree at dir (not following links) to uid:gid: to hand a build
 * its copy (SANDBOX_OWN_GIVE: owners only); to take a built copy back
 * (SANDBOX_OWN_PUBLISH: directories and executables 0755, other files
 * 0644); to keep a bot's scratch after its game (SANDBOX_OWN_KEEP: the
 * modes stay, less setuid, setgid and others' write; dir itself 0700).
 * Hard links and symbolic links the bot made are taken too. 0, or -1.
 */
enum sandbox_own { SANDBOX_OWN_GIVE, SANDBOX_OWN_PUBLISH, SANDBOX_OWN_KEEP };
int sandbox_tree_own(const char *dir, uid_t uid, gid_t gid, enum sandbox_own how);

/*
 * Removes a scratch directory and everything in it, without following
 * symlinks, whatever the modes a bot left. The bot must have ended.
 * 0, or -1 (errno set) if something could not be removed.
 */
int sandbox_scratch_remove(const char *path);

/*
 * Empties the scratch of a bot that is still running, between the games
 * of a match: scratch is the host directory given to sandbox_spawn(), or
 * NULL for the private /tmp (reached through the init's root, never
 * through a link the bot made). Files the bot holds open go from the
 * directory but stay its own until it closes them. 0, or -1 (errno set;
 * EAGAIN when the bot kept writing while it was emptied): then stop it.
 */
int sandbox_scratch_clear(const struct sandbox_proc *p, const char *scratch);

/*
 * Slots: as root, every bot running on this machine, in any referee,
 * holds a distinct slot (a lock on slotN.lock in /run/euchre-arena, a
 * directory of root's, 0700, so no other user can take one), and runs as
 * the slot's uid, so that no two bots ever share a uid. As any other user
 * the bots run as that user's uid anyway, so a slot is only a number
 * unique within the referee, and there is no directory another user could
 * take first. sandbox_slot_dir() fills buf with the directory (root); 0,
 * or -1 with err (and why there is none).
 */
int sandbox_slot_dir(char *buf, size_t len, char *err, size_t elen);

/*
 * Returns a free slot and the lock's fd (-1 when not root; hold it until
 * the bot is reaped and its scratch removed), waiting up to
 * SANDBOX_SLOT_WAIT_MS while all are taken; -1 with err when none came
 * free or the directory is unusable. Running out of slots is the
 * referee's failure, never a bot's.
 */
#define SANDBOX_SLOT_WAIT_MS 5000
int sandbox_slot_acquire(int *lockfd, char *err, size_t len);
void sandbox_slot_release(int slot, int lockfd);

#endif
