/*
 * sandbox_view.h - the sealed filesystem a bot sees (internal to the
 * sandbox: its other parts use it, sandbox_impl.h).
 *
 * In its own mount namespace a bot gets a new root (pivot_root) that holds
 * only: the system directories interpreters need (/usr, /lib*, /bin, /sbin,
 * /etc without secrets), read-only and noatime; a /dev with null, zero,
 * full, random and urandom; its own /proc (hidepid, global counters
 * masked); its own directories (the program's, the bot's, files named on
 * its command line), read-only at their real paths; a private /tmp, a
 * tmpfs of scratch_mb and scratch_files; and, when the caller gives one, a
 * host directory writable at its real path (a build's destination). Paths
 * the caller names as hidden (game records, other bots) are covered by an
 * empty directory wherever they would show through.
 *
 * The plan is made in the referee before clone() (view_plan_build); the
 * sandbox's init enters it with raw system calls only (view_enter), as the
 * rest of the children's code does.
 */
#ifndef SANDBOX_VIEW_H
#define SANDBOX_VIEW_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "botlimits.h"
#include "util.h"

#define VIEW_MAX_SHOW 16
#define VIEW_MAX_HIDE 32
/* Where the new root is assembled, in the init's mount namespace, before pivot_root. */
#define VIEW_STAGE "/tmp"
/* The bot's private /tmp: its scratch directory unless the caller gives one. */
#define VIEW_TMP "/tmp"

struct view_entry {
	char *path; /* absolute; the same path on the host and in the view */
	int dir;    /* a directory, else a single file */
	int rw;     /* writable (else read-only) */
};

struct view_plan {
	struct view_entry show[VIEW_MAX_SHOW]; /* shortest path first */
	int nshow;
	struct view_entry hide[VIEW_MAX_HIDE]; /* covered where they show through */
	int nhide;
	char tmp_opts[128];  /* tmpfs options of the private /tmp */
	uid_t owner;         /* owner of the private /tmp */
	gid_t group;
};

/*
 * Looks at the host once: which system directories exist (or are links,
 * as on merged-/usr systems), which secrets in /etc exist. Thread-safe
 * through the caller's pthread_once.
 */
void view_init(void);

/*
 * The plan for one bot: show its program's directory (when outside the
 * system directories), botdir, the directories of files named by absolute
 * paths among argv[1..], and workdir (writable); hide every path of hide[]
 * (NULL-terminated, may be NULL) that lies inside something shown. The
 * private /tmp gets scratch_mb MiB and scratch_files inodes (0: defaults),
 * owned by owner:group. 0, or -1 with err.
 */
int view_plan_build(struct view_plan *vp, const char *program, char *const *argv,
		    const char *botdir, const char *workdir, const char *const *hide,
		    long scratch_mb, long scratch_files, uid_t owner, gid_t group, char *err,
		    size_t len);
void view_plan_release(struct view_plan *vp);

/*
 * Appends what every bot sees, one line per kind: the system directories,
 * the covered secrets, /dev, /proc (answers: whether the init opens it
 * for the bot), /tmp with lim's sizes, its own files.
 */
void view_describe(const struct sandbox_limits *lim, int answers, struct strbuf *out);

/* Is path one of, or inside, the system directories every bot sees? */
int view_is_system(const char *path);

/*
 * In the init, in its new mount namespace (and user namespace when not
 * root): builds the view and pivots into it. Raw system calls only. 0, or
 * -1 with errno set and *what naming the step that failed.
 */
int view_enter(const struct view_plan *vp, const char **what);

/*
 * Adds the Landlock rules for the host paths of the view (system
 * directories read and execute, /dev files, shown paths) to ruleset; the
 * init's private /tmp and /proc are added by the bot after view_enter().
 * With with_host_proc (no mount namespace) the host's /proc is readable
 * too. read_rights and write_rights are the ruleset's handled rights.
 * 0, or -1 (errno set).
 */
int view_landlock_rules(int ruleset, const struct view_plan *vp, uint64_t read_rights,
			uint64_t write_rights, int with_host_proc, const char *host_scratch);

#endif
