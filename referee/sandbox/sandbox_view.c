/*
 * sandbox_view.c - the sealed filesystem a bot sees (see sandbox_view.h).
 *
 * Why a new root rather than hiding parts of the host's: a bot must not
 * read other submissions, built copies, results, game records or the
 * referee's files wherever a user keeps them (/srv, /home, /opt, the
 * project, a results directory under /tmp), so the view is built from an
 * allow-list, and nothing else exists in it. Landlock repeats the same
 * allow-list for reads (view_landlock_rules) as a second layer.
 *
 * The init assembles the root on a tmpfs mounted at VIEW_STAGE in its own
 * mount namespace: every source is opened (O_PATH) before that tmpfs hides
 * anything, bind-mounted from /proc/self/fd, made read-only, nosuid, nodev
 * and, where the kernel lets us (not inside a user namespace, where atime
 * flags are locked), noatime; then pivot_root(".", ".") and a lazy unmount
 * drop the host's tree from the namespace.
 */
#include "sandbox_view.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/landlock.h>

#include "path.h"
#include "sandbox_impl.h"
#include "util.h"

#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY 0x00000001
#endif
#ifndef MOUNT_ATTR_NOSUID
#define MOUNT_ATTR_NOSUID 0x00000002
#endif
#ifndef MOUNT_ATTR_NODEV
#define MOUNT_ATTR_NODEV 0x00000004
#endif
#ifndef MOUNT_ATTR_NOEXEC
#define MOUNT_ATTR_NOEXEC 0x00000008
#endif
#ifndef MOUNT_ATTR__ATIME
#define MOUNT_ATTR__ATIME 0x00000070
#endif
#ifndef MOUNT_ATTR_NOATIME
#define MOUNT_ATTR_NOATIME 0x00000010
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif

/* newer than some installed headers (ABI 3) */
#define LL_TRUNCATE (1ULL << 14)

struct mount_attr_v0 {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

/* ---- what the host has: looked at once -------------------------------- */

struct sys_dir {
	const char *path;
	int present;
	int link;           /* a symlink (merged /usr): recreated as one */
	char target[64];
};

/* What interpreters and compilers need; nothing that holds user data. */
static struct sys_dir sys_dirs[] = {
	{ "/usr", 0, 0, "" }, { "/bin", 0, 0, "" },   { "/sbin", 0, 0, "" },
	{ "/lib", 0, 0, "" }, { "/lib32", 0, 0, "" }, { "/lib64", 0, 0, "" },
	{ "/libx32", 0, 0, "" }, { "/etc", 0, 0, "" },
};
#define NSYS (sizeof(sys_dirs) / sizeof(sys_dirs[0]))

/* Secrets under /etc, covered even where permissions already keep them. */
static const char *const etc_secret_names[] = {
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/ssh",
	"/etc/ssl/private", "/etc/sudoers", "/etc/sudoers.d", "/etc/security/opasswd",
	"/etc/credstore", "/etc/credstore.encrypted",
};
#define MAX_SECRETS 48
static struct {
	char path[128];
	int dir;
} etc_secrets[MAX_SECRETS];
static int netc_secrets;

/*
 * Entries of the bot's /proc that count events across the whole machine
 * (a covert channel between bots: forks, interrupts, locks, memory, the
 * machine's idle time in uptime), or show the host: covered by an empty
 * file or directory. What remains
 * readable is the bot's own processes (hidepid) and static facts
 * (cpuinfo, version, filesystems, the bot's own net and sysvipc).
 */
static const char *const proc_masks[] = {
	"stat", "locks", "interrupts", "softirqs", "vmstat", "diskstats", "schedstat",
	"sched_debug", "timer_list", "meminfo", "loadavg", "zoneinfo", "buddyinfo",
	"pagetypeinfo", "slabinfo", "vmallocinfo", "keys", "key-users", "kallsyms", "kcore",
	"kmsg", "sysrq-trigger", "latency_stats", "swaps", "partitions", "cmdline", "iomem",
	"ioports", "modules", "cgroups", "consoles", "kpagecount", "kpageflags",
	"kpagecgroup", "pressure", "irq", "bus", "fs", "driver", "tty", "acpi", "scsi",
	"sys/fs", "uptime",
};
#define NPROC_MASKS (sizeof(proc_masks) / sizeof(proc_masks[0]))

static void add_secret(const char *path, int dir)
{
	for (int i = 0; i < netc_secrets; i++)
		if (!strcmp(etc_secrets[i].path, path))
			return;
	if (netc_secrets < MAX_SECRETS && strlen(path) < sizeof(etc_secrets[0].path)) {
		snprintf(etc_secrets[netc_secrets].path, sizeof(etc_secrets[0].path), "%s", path);
		etc_secrets[netc_secrets++].dir = dir;
	}
}

void view_init(void)
{
	struct stat st;
	DIR *d;

	for (size_t i = 0; i < NSYS; i++) {
		struct sys_dir *s = &sys_dirs[i];

		if (lstat(s->path, &st) < 0)
			continue;
		if (S_ISLNK(st.st_mode)) {
			ssize_t n = readlink(s->path, s->target, sizeof(s->target) - 1);

			if (n <= 0)
				continue;
			s->target[n] = '\0';
			s->link = 1;
			s->present = 1;
		} else if (S_ISDIR(st.st_mode)) {
			s->present = 1;
		}
	}
	for (size_t i = 0; i < sizeof(etc_secret_names) / sizeof(etc_secret_names[0]); i++)
		if (lstat(etc_secret_names[i], &st) == 0 && !S_ISLNK(st.st_mode))
			add_secret(etc_secret_names[i], S_ISDIR(st.st_mode));
	/* and whatever at the top of /etc others may not read */
	d = opendir("/etc");
	while (d) {
		struct dirent *e = readdir(d);
		char path[128];

		if (!e)
			break;
		if (e->d_name[0] == '.' && (!e->d_name[1] || !strcmp(e->d_name, "..")))
			continue;
		if (snprintf(path, sizeof(path), "/etc/%.120s", e->d_name) >= (int)sizeof(path))
			continue;
		if (lstat(path, &st) == 0 && !S_ISLNK(st.st_mode) && !(st.st_mode & S_IROTH))
			add_secret(path, S_ISDIR(st.st_mode));
	}
	if (d)
		closedir(d);
}


void view_describe(const struct sandbox_limits *lim, int answers, struct strbuf *out)
{
	strbuf_addstr(out, "a bot sees (in its own root):\n  system, read-only:");
	for (size_t i = 0; i < NSYS; i++) {
		if (!sys_dirs[i].present)
			continue;
		strbuf_addf(out, " %s", sys_dirs[i].path);
		if (sys_dirs[i].link)
			strbuf_addf(out, " -> %s", sys_dirs[i].target);
	}
	strbuf_addstr(out, "\n  covered in /etc:");
	for (int i = 0; i < netc_secrets; i++)
		strbuf_addf(out, " %s", etc_secrets[i].path + 5);
	strbuf_addstr(out, "\n  /dev: null zero full random urandom (fd stdin stdout stderr: links)\n"
			   "  /proc: its own processes only; counters of the machine covered;\n");
	strbuf_addstr(out, answers ? "         opened by the init: no pagemap, smaps, smaps_rollup, "
				     "numa_maps, fdinfo\n" :
				     "         whole: pagemap, smaps, fdinfo readable (the init does not "
				     "answer here)\n");
	strbuf_addf(out, "  /tmp: its scratch (cwd, HOME, TMPDIR), %ld MiB, %ld files, gone after the game\n",
		    lim->scratch_mb, lim->scratch_files);
	strbuf_addstr(out, "  its own directory, read-only: the SEAT directory (or --seat-dir) and its "
			   "program's; without one, those of files on its command line\n");
}

int view_is_system(const char *path)
{
	for (size_t i = 0; i < NSYS; i++)
		if (sys_dirs[i].present && path_inside(path, sys_dirs[i].path))
			return 1;
	return 0;
}

/* ---- the plan (in the referee) ---------------------------------------- */

/* Adds a shown path (canonical); -1 when the plan is full. */
static int plan_add(struct view_plan *vp, const char *path, int dir, int rw)
{
	int i;

	for (i = 0; i < vp->nshow; i++) {
		struct view_entry *e = &vp->show[i];

		if (!strcmp(e->path, path)) {
			e->rw |= rw;
			return 0;
		}
		/* inside a directory already shown with the same rights (a system
		 * one may be dropped again: keep what is inside it) */
		if (e->dir && e->rw == rw && path_inside(path, e->path) && !view_is_system(e->path))
			return 0;
	}
	if (vp->nshow == VIEW_MAX_SHOW)
		return -1;
	for (i = vp->nshow; i > 0 && strlen(vp->show[i - 1].path) > strlen(path); i--)
		vp->show[i] = vp->show[i - 1];
	vp->show[i].path = xstrdup(path);
	vp->show[i].dir = dir;
	vp->show[i].rw = rw;
	vp->nshow++;
	return 0;
}

static void plan_drop(struct view_plan *vp, int k)
{
	free(vp->show[k].path);
	memmove(&vp->show[k], &vp->show[k + 1], (size_t)(vp->nshow - k - 1) * sizeof(vp->show[0]));
	vp->nshow--;
}

/*
 * Directories that hold other people's things, never shown whole: the
 * root, every top-level directory (/tmp, /home, /srv, ...), /var/tmp.
 */
static int shared_dir(const char *path)
{
	const char *second = strchr(path + 1, '/');

	return !second || !second[1] || !strcmp(path, "/var/tmp") || !strcmp(path, "/dev/shm");
}

/* The kernel's own views: a path there names something of the referee's, never a bot's file. */
static int kernel_path(const char *path)
{
	return path_inside(path, "/proc") || path_inside(path, "/sys") || path_inside(path, "/dev");
}

/*
 * Shows the directory of a file, or the file alone when that directory
 * is a shared one. real is canonical and is changed.
 */
static int plan_file_dir(struct view_plan *vp, char *real)
{
	char *slash = strrchr(real, '/');

	if (!slash || slash == real)
		return plan_add(vp, real, 0, 0);
	*slash = '\0';
	if (!shared_dir(real))
		return plan_add(vp, real, 1, 0);
	*slash = '/';
	return plan_add(vp, real, 0, 0);
}

/*
 * The program's directory, resolved; the program itself is not: a link
 * named 'run' that leads into someone else's directory shows only the
 * directory the link is in, and the program then cannot start.
 */
static int plan_program(struct view_plan *vp, const char *program)
{
	char *copy = xstrdup(program), *slash = strrchr(copy, '/'), *real;
	int ret = 0;

	if (!slash || slash == copy || kernel_path(copy)) {
		free(copy);
		return 0;
	}
	*slash = '\0';
	real = realpath(copy, NULL);
	if (real && !kernel_path(real) && !shared_dir(real)) {
		ret = plan_add(vp, real, 1, 0);
	} else if (real && !kernel_path(real)) {
		/* a program lying in /tmp itself: that file alone */
		char *file = realpath(program, NULL);
		struct stat st;

		if (file && stat(file, &st) == 0 && S_ISREG(st.st_mode) && !kernel_path(file))
			ret = plan_add(vp, file, 0, 0);
		free(file);
	}
	free(real);
	free(copy);
	return ret;
}

/* A file or directory named on the command line, when the bot has no directory of its own. */
static int plan_arg(struct view_plan *vp, const char *arg)
{
	char *real;
	struct stat st;
	int ret = 0;

	if (arg[0] != '/' || kernel_path(arg))
		return 0;
	real = realpath(arg, NULL);
	if (real && !kernel_path(real) && stat(real, &st) == 0) {
		if (S_ISDIR(st.st_mode) && !shared_dir(real))
			ret = plan_add(vp, real, 1, 0);
		else if (S_ISREG(st.st_mode))
			ret = plan_file_dir(vp, real);
	}
	free(real);
	return ret;
}

/*
 * The hidden paths the bot could see: inside a system directory or
 * something shown, and not what is shown of its own; none inside another.
 */
static int plan_hides(struct view_plan *vp, const char *const *hide)
{
	for (int i = 0; hide && hide[i]; i++) {
		char *real = realpath(hide[i], NULL);
		struct stat st;
		int visible = real && view_is_system(real);

		for (int k = 0; real && k < vp->nshow; k++)
			visible |= vp->show[k].dir && path_inside(real, vp->show[k].path);
		for (int k = 0; real && k < vp->nshow; k++)
			if (!strcmp(vp->show[k].path, real))
				visible = 0;
		for (int h = 0; real && h < vp->nhide; h++)
			visible &= !path_inside(real, vp->hide[h].path);
		if (!visible || stat(real, &st) < 0) {
			free(real);
			continue;
		}
		if (vp->nhide == VIEW_MAX_HIDE) {
			free(real);
			return -1;
		}
		/* a hidden path that holds one seen before replaces it */
		for (int h = 0; h < vp->nhide;)
			if (path_inside(vp->hide[h].path, real)) {
				free(vp->hide[h].path);
				vp->hide[h] = vp->hide[--vp->nhide];
			} else {
				h++;
			}
		vp->hide[vp->nhide].path = real;
		vp->hide[vp->nhide++].dir = S_ISDIR(st.st_mode);
	}
	return 0;
}

/*
 * Drops what must not be shown after all: a path inside a hidden one
 * (unless it is the bot's own directory or inside it: a program or an
 * argument pointing into the others' directories); and what lies in a
 * system directory anyway, unless a hidden path covers it.
 */
static void plan_prune(struct view_plan *vp, const char *own)
{
	for (int k = 0; k < vp->nshow;) {
		const char *p = vp->show[k].path;
		int covered = 0, mine = own && path_inside(p, own);

		for (int h = 0; h < vp->nhide; h++)
			covered |= path_inside(p, vp->hide[h].path);
		if (!vp->show[k].rw && ((covered && !mine && !view_is_system(p)) ||
					(!covered && view_is_system(p))))
			plan_drop(vp, k);
		else
			k++;
	}
}

/*
 * Looks below the directory open at dfd (which it closes) for a FIFO.
 * Two bots shown one directory (partners are copies of one submission)
 * could both open a FIFO there and talk through it: neither the mount's
 * read-only flag nor Landlock's write right stops a FIFO's open. path
 * holds the directory's path, at bytes long; on return it names what
 * was found. 0: nothing; 1: a FIFO; 2: a directory deeper than
 * VIEW_WALK_DEPTH, not looked into; 3: a directory that cannot be read
 * (a bot may still open a FIFO in it by its name: search is enough).
 */
#define VIEW_WALK_DEPTH 256
static int find_fifo(int dfd, char *path, size_t len, size_t at, int depth, int *why)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	int r = 0;

	if (!d) {
		*why = errno;
		close(dfd);
		return 3;
	}
	while (!r) {
		struct stat st;
		size_t n;
		int sub;

		errno = 0;
		if (!(e = readdir(d))) {
			if (errno) {
				*why = errno;
				r = 3;
			}
			break;
		}
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n = at + (size_t)snprintf(path + at, len - at, "/%s", e->d_name);
		if (n >= len)
			n = len - 1;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno != ENOENT) { /* ENOENT: gone meanwhile, nothing to open */
				*why = errno;
				r = 3;
			}
		} else if (S_ISFIFO(st.st_mode)) {
			r = 1;
		} else if (!S_ISDIR(st.st_mode)) {
			/* nothing to look into */
		} else if (depth >= VIEW_WALK_DEPTH) {
			r = 2;
		} else if ((sub = openat(dirfd(d), e->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0) {
			r = find_fifo(sub, path, len, n, depth + 1, why);
		} else if (errno != ENOENT) {
			*why = errno;
			r = 3;
		}
		if (!r)
			path[at] = '\0';
	}
	closedir(d);
	return r;
}

/* 0, or -1 with err if a directory shown read-only holds a FIFO (find_fifo()). */
static int plan_check_fifos(const struct view_plan *vp, char *err, size_t len)
{
	for (int i = 0; i < vp->nshow; i++) {
		char path[PATH_MAX];
		int fd, r, why = 0;

		if (!vp->show[i].dir || vp->show[i].rw)
			continue;
		snprintf(path, sizeof(path), "%s", vp->show[i].path);
		fd = open(vp->show[i].path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd < 0)
			why = errno;
		r = fd < 0 ? 3 : find_fifo(fd, path, sizeof(path), strlen(path), 1, &why);
		if (r == 1) {
			snprintf(err, len, "sandbox: will not show '%s' to a bot: it holds a FIFO, "
				 "'%s', through which two bots could talk (remove it)",
				 vp->show[i].path, path);
			return -1;
		}
		if (r == 2) {
			snprintf(err, len, "sandbox: will not show '%s' to a bot: its directories "
				 "nest more than %d deep ('%s')", vp->show[i].path, VIEW_WALK_DEPTH,
				 path);
			return -1;
		}
		if (r == 3) {
			snprintf(err, len, "sandbox: will not show '%s' to a bot: cannot look into "
				 "'%s' for FIFOs: %s", vp->show[i].path, path, strerror(why));
			return -1;
		}
	}
	return 0;
}

static int plan_fail(struct view_plan *vp, char *own, char *err, size_t len, const char *fmt,
		     const char *what)
{
	snprintf(err, len, fmt, what);
	free(own);
	view_plan_release(vp);
	return -1;
}

int view_plan_build(struct view_plan *vp, const char *program, char *const *argv,
		    const char *botdir, const char *workdir, const char *const *hide,
		    long scratch_mb, long scratch_files, uid_t owner, gid_t group, char *err,
		    size_t len)
{
	char *own = NULL, *work = NULL;
	int full = 0;

	memset(vp, 0, sizeof(*vp));
	if (botdir) {
		own = realpath(botdir, NULL);
		if (!own || !path_is_dir(own))
			return plan_fail(vp, own, err, len, "sandbox: the bot's directory '%s' is "
					 "not a directory", botdir);
		if (shared_dir(own) || kernel_path(own))
			return plan_fail(vp, own, err, len, "sandbox: will not show '%s' to a bot: "
					 "others keep their files there; give the bot a directory "
					 "of its own", botdir);
		full |= plan_add(vp, own, 1, 0);
	}
	if (program)
		full |= plan_program(vp, program);
	/* with a directory of its own, a bot's arguments show it nothing more */
	for (int i = 1; !botdir && argv && argv[i]; i++)
		full |= plan_arg(vp, argv[i]);
	if (workdir) {
		work = realpath(workdir, NULL);
		if (!work || shared_dir(work)) {
			free(work);
			return plan_fail(vp, own, err, len, "sandbox: cannot give a bot the directory "
					 "'%s' (missing, or shared with others)", workdir);
		}
		full |= plan_add(vp, work, 1, 1);
		free(work);
	}
	if (full)
		return plan_fail(vp, own, err, len, "sandbox: '%s' names more than 16 paths to show",
				 argv ? argv[0] : "?");
	if (plan_hides(vp, hide) < 0)
		return plan_fail(vp, own, err, len, "sandbox: more than 32 hidden paths show through "
				 "the view of '%s'", argv ? argv[0] : "?");
	plan_prune(vp, own);
	free(own);
	if (plan_check_fifos(vp, err, len) < 0) {
		view_plan_release(vp);
		return -1;
	}
	snprintf(vp->tmp_opts, sizeof(vp->tmp_opts), "size=%ldm,nr_inodes=%ld,mode=0700",
		 scratch_mb > 0 ? scratch_mb : 64, scratch_files > 0 ? scratch_files : 4096);
	vp->owner = owner;
	vp->group = group;
	return 0;
}

void view_plan_release(struct view_plan *vp)
{
	for (int i = 0; i < vp->nshow; i++)
		free(vp->show[i].path);
	for (int i = 0; i < vp->nhide; i++)
		free(vp->hide[i].path);
	vp->nshow = vp->nhide = 0;
}

/* ---- Landlock (in the referee) ---------------------------------------- */

static int ll_rule(int ruleset, const char *path, uint64_t rights)
{
	struct landlock_path_beneath_attr pb;
	int fd = open(path, O_PATH | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	pb.allowed_access = rights;
	pb.parent_fd = fd;
	rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
	close(fd);
	return rc;
}

int view_landlock_rules(int ruleset, const struct view_plan *vp, uint64_t read_rights,
			uint64_t write_rights, int with_host_proc, const char *host_scratch)
{
	uint64_t file_read = read_rights & ~(uint64_t)LANDLOCK_ACCESS_FS_READ_DIR;
	uint64_t dev_rw = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE |
			  (write_rights & LL_TRUNCATE);
	static const char *const dev_rw_files[] = { "/dev/null", "/dev/zero", "/dev/full" };
	static const char *const dev_ro_files[] = { "/dev/random", "/dev/urandom" };

	for (size_t i = 0; i < NSYS; i++)
		if (sys_dirs[i].present && !sys_dirs[i].link &&
		    ll_rule(ruleset, sys_dirs[i].path, read_rights) < 0)
			return -1;
	for (size_t i = 0; i < 3; i++)
		if (ll_rule(ruleset, dev_rw_files[i], dev_rw) < 0)
			return -1;
	for (size_t i = 0; i < 2; i++)
		if (ll_rule(ruleset, dev_ro_files[i], LANDLOCK_ACCESS_FS_READ_FILE) < 0)
			return -1;
	for (int i = 0; i < vp->nshow; i++)
		if (ll_rule(ruleset, vp->show[i].path,
			    (vp->show[i].dir ? read_rights : file_read) |
				    (vp->show[i].rw ? write_rights : 0)) < 0)
			return -1;
	if (with_host_proc &&
	    ll_rule(ruleset, "/proc", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR) < 0)
		return -1;
	if (host_scratch && ll_rule(ruleset, host_scratch, read_rights | write_rights) < 0)
		return -1;
	return 0;
}

/* ---- entering the view (in the init; raw system calls only) ----------- */

#define EMPTY_FILE "/.empty"
#define EMPTY_DIR "/.empty.d"

/* A mount point for a file: its directories, then an empty file. */
static int mount_point(const char *path, int dir)
{
	char parent[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	int fd;

	if (dir)
		return path_mkdir_p(path, 0755);
	if (n >= sizeof(parent)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(parent, path, n);
	parent[n] = '\0';
	if (n && path_mkdir_p(parent, 0755) < 0)
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0444);
	if (fd < 0)
		return errno == EEXIST || errno == EROFS || errno == EISDIR ? 0 : -1;
	close(fd);
	return 0;
}

static int set_attr(const char *path, int recursive, uint64_t set, uint64_t clr)
{
	struct mount_attr_v0 ma;

	memset(&ma, 0, sizeof(ma));
	ma.attr_set = set;
	ma.attr_clr = clr;
	return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, recursive ? AT_RECURSIVE : 0, &ma,
			    sizeof(ma));
}

/*
 * Read-only (unless rw), nosuid, nodev, and noatime where allowed: inside
 * a user namespace the host's atime flags are locked, so a second try
 * leaves them as they are.
 */
static int seal(const char *path, int rw)
{
	uint64_t base = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | (rw ? 0 : MOUNT_ATTR_RDONLY);

	if (set_attr(path, 1, base | MOUNT_ATTR_NOATIME, MOUNT_ATTR__ATIME) == 0)
		return 0;
	return set_attr(path, 1, base, 0);
}

/* Bind-mounts what fd refers to (opened before the stage hid it) on target. */
static int bind_fd(int fd, const char *target)
{
	char src[40] = "/proc/self/fd/";

	sandbox_put_ulong(src + strlen(src), (unsigned long)fd);
	return mount(src, target, NULL, MS_BIND | MS_REC, NULL);
}

/* Covers target with the empty file or directory of the stage, read-only. */
static int cover(const char *target, int dir)
{
	if (mount(dir ? VIEW_STAGE EMPTY_DIR : VIEW_STAGE EMPTY_FILE, target, NULL, MS_BIND, NULL) < 0)
		return -1;
	return set_attr(target, 0, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0);
}

static const char *const dev_nodes[] = { "/dev/null", "/dev/zero", "/dev/full", "/dev/random",
					  "/dev/urandom" };
#define NDEV 5

/* Is the hide entry an ancestor of a shown path (so it needs a tmpfs to build in)? */
static int hide_holds_shown(const struct view_plan *vp, int h)
{
	for (int i = 0; i < vp->nshow; i++)
		if (path_inside(vp->show[i].path, vp->hide[h].path))
			return 1;
	return 0;
}

static int hide_inside_shown(const struct view_plan *vp, int h)
{
	for (int i = 0; i < vp->nshow; i++)
		if (vp->show[i].dir && path_inside(vp->hide[h].path, vp->show[i].path))
			return 1;
	return 0;
}

static int hide_one(const struct view_plan *vp, int h, const char **what)
{
	char t[PATH_MAX];

	*what = "hiding a path";
	if (path_cat(t, sizeof(t), VIEW_STAGE, vp->hide[h].path) < 0)
		return -1;
	if (hide_holds_shown(vp, h))
		return mount("tmpfs", t, "tmpfs", MS_NOSUID | MS_NODEV,
			     "size=64k,nr_inodes=256,mode=0755");
	return cover(t, vp->hide[h].dir);
}

/*
 * Opens a shown path (canonical: the plan resolved it) without following
 * a symbolic link anywhere in it, so that a user who swaps a directory on
 * the way for a link between the plan and now shows the bot nothing
 * else. Linux before 5.6 has no openat2: then the last part at least.
 */
static int open_no_links(const char *path, int dir)
{
	struct {
		uint64_t flags, mode, resolve;
	} how = { O_PATH | O_CLOEXEC | (dir ? O_DIRECTORY : 0), 0, 0x04 /* RESOLVE_NO_SYMLINKS */ };
	int fd = (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));

	if (fd < 0 && errno == ENOSYS)
		fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC | (dir ? O_DIRECTORY : 0));
	return fd;
}

/* Every source of a bind mount, opened before the stage hides any of them. */
struct sources {
	int sys[NSYS];
	int show[VIEW_MAX_SHOW];
	int dev[NDEV];
};

static int open_sources(const struct view_plan *vp, struct sources *src, const char **what)
{
	*what = "opening the system directories";
	for (size_t i = 0; i < NSYS; i++) {
		src->sys[i] = -1;
		if (sys_dirs[i].present && !sys_dirs[i].link &&
		    (src->sys[i] = open(sys_dirs[i].path, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
			return -1;
	}
	*what = "opening the bot's files";
	for (int i = 0; i < vp->nshow; i++)
		if ((src->show[i] = open_no_links(vp->show[i].path, vp->show[i].dir)) < 0)
			return -1;
	*what = "opening /dev";
	for (int i = 0; i < NDEV; i++)
		if ((src->dev[i] = open(dev_nodes[i], O_PATH | O_CLOEXEC)) < 0)
			return -1;
	return 0;
}

/* The stage's tmpfs, with the empty file and directory that covers are made of. */
static int make_stage(const char **what)
{
	int fd;

	*what = "mounting the new root";
	if (mount("tmpfs", VIEW_STAGE, "tmpfs", MS_NOSUID | MS_NODEV,
		  "size=1m,nr_inodes=4096,mode=0755") < 0 ||
	    mkdir(VIEW_STAGE EMPTY_DIR, 0555) < 0)
		return -1;
	fd = open(VIEW_STAGE EMPTY_FILE, O_WRONLY | O_CREAT | O_CLOEXEC, 0444);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* /usr, /etc, ... read-only (links stay links), and the secrets of /etc covered. */
static int show_system(const struct sources *src, const char **what)
{
	char t[PATH_MAX];

	*what = "showing the system directories";
	for (size_t i = 0; i < NSYS; i++) {
		const struct sys_dir *s = &sys_dirs[i];

		if (!s->present)
			continue;
		if (path_cat(t, sizeof(t), VIEW_STAGE, s->path) < 0)
			return -1;
		if (s->link) {
			if (symlink(s->target, t) < 0)
				return -1;
			continue;
		}
		if (mkdir(t, 0755) < 0 || bind_fd(src->sys[i], t) < 0 || seal(t, 0) < 0)
			return -1;
		close(src->sys[i]);
	}
	*what = "hiding the secrets of /etc";
	for (int i = 0; i < netc_secrets; i++)
		if (path_cat(t, sizeof(t), VIEW_STAGE, etc_secrets[i].path) < 0 ||
		    cover(t, etc_secrets[i].dir) < 0)
			return -1;
	return 0;
}

/* A read-only /dev of five devices and the links into /proc/self. */
static int make_dev(const struct sources *src, const char **what)
{
	char t[PATH_MAX];

	*what = "making /dev";
	if (mkdir(VIEW_STAGE "/dev", 0755) < 0 ||
	    mount("tmpfs", VIEW_STAGE "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC,
		  "size=16k,nr_inodes=64,mode=0755") < 0)
		return -1;
	for (int i = 0; i < NDEV; i++) {
		if (path_cat(t, sizeof(t), VIEW_STAGE, dev_nodes[i]) < 0 || mount_point(t, 0) < 0 ||
		    bind_fd(src->dev[i], t) < 0 ||
		    set_attr(t, 0, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC |
				   (i >= 3 ? MOUNT_ATTR_RDONLY : 0), 0) < 0)
			return -1;
		close(src->dev[i]);
	}
	if (symlink("/proc/self/fd", VIEW_STAGE "/dev/fd") < 0 ||
	    symlink("/proc/self/fd/0", VIEW_STAGE "/dev/stdin") < 0 ||
	    symlink("/proc/self/fd/1", VIEW_STAGE "/dev/stdout") < 0 ||
	    symlink("/proc/self/fd/2", VIEW_STAGE "/dev/stderr") < 0)
		return -1;
	return set_attr(VIEW_STAGE "/dev", 0, MOUNT_ATTR_RDONLY, 0);
}

/* A fresh /proc of the bot's PID namespace, hidepid, the machine's counters covered. */
static int make_proc(const char **what)
{
	char t[PATH_MAX];

	*what = "mounting /proc";
	if (mkdir(VIEW_STAGE "/proc", 0555) < 0 ||
	    mount("proc", VIEW_STAGE "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
		  "hidepid=2") < 0)
		return -1;
	*what = "masking /proc";
	for (size_t i = 0; i < NPROC_MASKS; i++) {
		struct stat st;

		if (path_cat(t, sizeof(t), VIEW_STAGE "/proc/", proc_masks[i]) < 0)
			return -1;
		if (lstat(t, &st) < 0 || S_ISLNK(st.st_mode))
			continue;
		if (cover(t, S_ISDIR(st.st_mode)) < 0)
			return -1;
	}
	return 0;
}

/*
 * The bot's own files at their real paths, with the hidden paths: those
 * that show through a system directory first (a tmpfs when the bot's own
 * files lie below, sealed after them), those inside its own directory last.
 */
static int show_bot(const struct view_plan *vp, const struct sources *src, const char **what)
{
	char t[PATH_MAX];

	for (int h = 0; h < vp->nhide; h++)
		if (!hide_inside_shown(vp, h) && hide_one(vp, h, what) < 0)
			return -1;
	*what = "showing the bot's files";
	for (int i = 0; i < vp->nshow; i++) {
		if (path_cat(t, sizeof(t), VIEW_STAGE, vp->show[i].path) < 0 ||
		    mount_point(t, vp->show[i].dir) < 0 || bind_fd(src->show[i], t) < 0 ||
		    seal(t, vp->show[i].rw) < 0)
			return -1;
		close(src->show[i]);
	}
	for (int h = 0; h < vp->nhide; h++)
		if (hide_inside_shown(vp, h) && hide_one(vp, h, what) < 0)
			return -1;
	*what = "sealing the hidden paths";
	for (int h = 0; h < vp->nhide; h++)
		if (!hide_inside_shown(vp, h) && hide_holds_shown(vp, h) &&
		    (path_cat(t, sizeof(t), VIEW_STAGE, vp->hide[h].path) < 0 ||
		     set_attr(t, 0, MOUNT_ATTR_RDONLY, 0) < 0))
			return -1;
	return 0;
}

int view_enter(const struct view_plan *vp, const char **what)
{
	struct sources src;

	*what = "making mounts private";
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return -1;
	if (open_sources(vp, &src, what) < 0 || make_stage(what) < 0 ||
	    show_system(&src, what) < 0 || make_dev(&src, what) < 0 || make_proc(what) < 0)
		return -1;
	*what = "mounting the private /tmp";
	if (mkdir(VIEW_STAGE VIEW_TMP, 0755) < 0 ||
	    mount("tmpfs", VIEW_STAGE VIEW_TMP, "tmpfs", MS_NOSUID | MS_NODEV, vp->tmp_opts) < 0 ||
	    chown(VIEW_STAGE VIEW_TMP, vp->owner, vp->group) < 0)
		return -1;
	if (show_bot(vp, &src, what) < 0)
		return -1;
	*what = "pivot_root";
	if (chdir(VIEW_STAGE) < 0 || syscall(SYS_pivot_root, ".", ".") < 0 ||
	    umount2(".", MNT_DETACH) < 0 || chdir("/") < 0)
		return -1;
	*what = "sealing the new root";
	return set_attr("/", 0, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0);
}
