/*
 * sandbox_scratch.c - scratch directories on the host (where a bot cannot
 * have a private one) and the slots that keep concurrent bots apart.
 */
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"

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
 * Opens the directory name in dfd to enter it, never following a link;
 * one closed to us by its mode (the referee is not root) is made 0700
 * first, by a call that refuses a link. The fd, or -1.
 */
static int open_sub(int dfd, const char *name)
{
	const int how = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(dfd, name, how);

	if (fd < 0 && errno == EACCES && fchmodat(dfd, name, 0700, AT_SYMLINK_NOFOLLOW) == 0)
		fd = openat(dfd, name, how);
	return fd;
}

/*
 * What a walk keeps: the mounts of a bot's view inside its private /tmp
 * (its own directory lying under the host's /tmp is shown there, at its
 * real path) and the directories on the way down to them. Removing such
 * a mount point from outside the bot's mount namespace succeeds, and
 * unmounts the bot's directory from its view: a bot kept up for the
 * next game of a match then found its own files gone. An entry on
 * another device than the directory holding it is a mount; a directory
 * that holds nothing but kept entries is kept, by its inode.
 */
#define WALK_MAX_KEPT 64
struct walk_kept {
	ino_t ino[WALK_MAX_KEPT];
	int n;
};

static int walk_keeps(const struct walk_kept *k, int dfd, const struct stat *dir,
		      const char *name)
{
	struct stat st;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	if (st.st_dev != dir->st_dev)
		return 1;
	for (int i = 0; i < k->n; i++)
		if (k->ino[i] == st.st_ino)
			return 1;
	return 0;
}

/*
 * Removes what it can of the directory dfd in one pass, but what kept
 * keeps. Returns 1 if it is empty (2: but for kept entries), 0 if it
 * removed something or there is a subdirectory to enter (its fd in
 * *sub), -1 on error.
 */
static int scratch_pass(int dfd, const struct walk_kept *kept, int *sub)
{
	int d2 = dup(dfd), progress = 0, nonempty = 0, keeps = 0;
	DIR *d;
	struct dirent *e;
	struct stat here;

	*sub = -1;
	if (d2 < 0)
		return -1;
	if (fstat(dfd, &here) < 0) {
		close(d2);
		return -1;
	}
	d = fdopendir(d2);
	if (!d) {
		close(d2);
		return -1;
	}
	rewinddir(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (walk_keeps(kept, dfd, &here, e->d_name)) {
			keeps = 1;
			continue;
		}
		if (unlinkat(dfd, e->d_name, 0) == 0 ||
		    (errno == EISDIR && unlinkat(dfd, e->d_name, AT_REMOVEDIR) == 0)) {
			progress = 1;
			continue;
		}
		nonempty = 1;
		if (errno == ENOTEMPTY || errno == EEXIST) {
			/*
			 * a real directory (rmdir refuses symlinks): enter it. A
			 * running bot may have put a link in its place since, so the
			 * name is opened without following it and its mode changed
			 * on what was opened (or, where a mode keeps it closed to
			 * us, through a call that refuses links), never through
			 * the name; a name that changed is seen again next pass
			 */
			*sub = open_sub(dfd, e->d_name);
			if (*sub >= 0)
				break;
			if (errno == ELOOP || errno == ENOTDIR || errno == ENOENT)
				progress = 1;
		} else if (errno == ENOTDIR || errno == ENOENT) {
			/* it changed under us between the two calls: next pass */
			progress = 1;
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
		return keeps ? 2 : 1;
	return progress ? 0 : -1;
}

/*
 * Removes everything below the directory open as cur (the fd is taken,
 * and closed; -1 fails at once), and the directory itself, by its path,
 * unless keep_top. A bot still running (sandbox_scratch_clear()) may write while
 * this walks: after max_passes passes over directories, or max_ms
 * milliseconds (0: no limit), it gives up (EAGAIN), so a bot that keeps
 * writing cannot hold the referee here.
 */
static int scratch_walk_fd(int cur, const char *path, int keep_top, long max_passes,
			   long max_ms)
{
	struct stat top, cur_st;
	struct walk_kept kept = { .n = 0 };
	int sub, rc;
	double until = max_ms ? clock_ms() + (double)max_ms : 0;

	if (cur < 0)
		return -1;
	if (fstat(cur, &top) < 0) {
		close(cur);
		return -1;
	}
	fchmod(cur, 0700);
	/* depth-first with one fd at a time, so any depth works */
	for (long pass = 0;; pass++) {
		if ((max_passes && pass >= max_passes) || (until && clock_ms() > until)) {
			close(cur);
			errno = EAGAIN;
			return -1;
		}
		rc = scratch_pass(cur, &kept, &sub);
		if (rc < 0) {
			int e = errno;

			close(cur);
			errno = e;
			return -1;
		}
		if (sub >= 0) {
			/*
			 * its mode is changed only if an entry cannot be removed
			 * (scratch_pass()): a directory on the way down to the
			 * view's mounts is kept as it is, open to the bot
			 */
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
		if (rc == 2) {
			if (kept.n == WALK_MAX_KEPT) {
				close(cur);
				errno = EBUSY;
				return -1;
			}
			kept.ino[kept.n++] = cur_st.st_ino;
		}
		sub = openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		close(cur);
		if (sub < 0)
			return -1;
		cur = sub;
	}
	close(cur);
	return keep_top ? 0 : rmdir(path);
}

int sandbox_scratch_remove(const char *path)
{
	return scratch_walk_fd(open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), path, 0,
			       0, 0);
}

/* passes over a running bot's scratch: its 4096 files (scratch_files) take a few */
#define CLEAR_MAX_PASSES 100000
/*
 * and time: 4096 files take a few ms, but a bot whose processes keep
 * rebuilding chains of directories held 100,000 passes for 35 to 50 s
 * on a loaded machine (t_attack_match_clear)
 */
#define CLEAR_MAX_MS 2000

/*
 * The private /tmp of a sandbox whose init is pid, opened through the
 * root of a process of the sandbox (its mount namespace): the init's, or,
 * where /proc refuses that (a referee that is not root may not look into
 * its init, which is not dumpable, but may into the bot, whose user
 * namespace it owns), its child's. The child is opened as /proc/PID first
 * and checked to be the init's child through that handle, so a pid
 * reused by another process in between is never followed. An fd, or -1.
 */
static int open_private_tmp(pid_t init)
{
	char path[64], buf[512];
	const int dir = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/%ld/root/tmp", (long)init);
	fd = open(path, dir | O_NOFOLLOW);
	if (fd >= 0 || (errno != EACCES && errno != EPERM))
		return fd;
	snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children", (long)init, (long)init);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	for (char *w = buf, *end; *w; w = end) {
		long child = strtol(w, &end, 10), ppid = -1;
		int pdir, sfd;
		char stat[512], *paren;

		if (end == w)
			break;
		snprintf(path, sizeof(path), "/proc/%ld", child);
		if ((pdir = open(path, dir)) < 0)
			continue;
		sfd = openat(pdir, "stat", O_RDONLY | O_CLOEXEC);
		n = sfd >= 0 ? (int)read(sfd, stat, sizeof(stat) - 1) : -1;
		if (sfd >= 0)
			close(sfd);
		stat[n > 0 ? n : 0] = '\0';
		/* "PID (COMM) STATE PPID ...": COMM may hold anything, so from its last ')' */
		paren = strrchr(stat, ')');
		if (paren && sscanf(paren + 1, " %*c %ld", &ppid) == 1 && ppid == (long)init)
			fd = openat(pdir, "root/tmp", dir | O_NOFOLLOW);
		else
			fd = -1;
		close(pdir);
		if (fd >= 0)
			return fd;
	}
	errno = EACCES;
	return -1;
}

int sandbox_scratch_clear(const struct sandbox_proc *p, const char *scratch)
{
	if (scratch)
		return scratch_walk_fd(open(scratch, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC),
				       scratch, 1, CLEAR_MAX_PASSES, CLEAR_MAX_MS);
	/* the private /tmp is a mount of the sandbox's own namespace */
	return scratch_walk_fd(open_private_tmp(sandbox_pid(p)), NULL, 1, CLEAR_MAX_PASSES,
			       CLEAR_MAX_MS);
}

/* nftw walks one tree at a time: what to give while walking */
static uid_t walk_uid;
static gid_t walk_gid;
static enum sandbox_own walk_how;

static int own_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	mode_t mode = st->st_mode & 07777;

	if (lchown(path, walk_uid, walk_gid) < 0)
		return -1;
	if (flag == FTW_SL || walk_how == SANDBOX_OWN_GIVE)
		return 0;
	if (walk_how == SANDBOX_OWN_PUBLISH)
		mode = S_ISDIR(st->st_mode) || (st->st_mode & 0111) ? 0755 : 0644;
	else
		mode &= ~(mode_t)(S_ISUID | S_ISGID | S_IWGRP | S_IWOTH);
	if (walk_how == SANDBOX_OWN_KEEP && ftw->level == 0)
		mode = 0700;
	return chmod(path, mode);
}

int sandbox_tree_own(const char *dir, uid_t uid, gid_t gid, enum sandbox_own how)
{
	walk_uid = uid;
	walk_gid = gid;
	walk_how = how;
	return nftw(dir, own_entry, 32, FTW_PHYS);
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
	if (geteuid() != 0) {
		snprintf(err, elen, "none: bots run as uid %d, the referee's", (int)geteuid());
		return -1;
	}
	snprintf(buf, len, "/run/euchre-arena");
	if (mkdir("/run", 0755) < 0 && errno != EEXIST) {
		snprintf(err, elen, "cannot create '/run': %s", strerror(errno));
		return -1;
	}
	return private_dir(buf, err, elen);
}

/* Not root: slots unique within this process (a referee runs one game at a time). */
static unsigned long long local_slots;

int sandbox_slot_acquire(int *lockfd, char *err, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];

	*lockfd = -1;
	if (geteuid() != 0) {
		for (int slot = 0; slot < SANDBOX_MAX_SLOTS; slot++)
			if (!(local_slots & 1ULL << slot)) {
				local_slots |= 1ULL << slot;
				return slot;
			}
		snprintf(err, len, "all %d sandbox slots are taken", SANDBOX_MAX_SLOTS);
		return -1;
	}
	if (sandbox_slot_dir(dir, sizeof(dir), err, len) < 0)
		return -1;
	/* every slot taken: bots end within their time limits, so wait a little */
	for (int round = 0; round < SANDBOX_SLOT_WAIT_MS / 10; round++) {
		for (int slot = 0; slot < SANDBOX_MAX_SLOTS; slot++) {
			int fd;

			snprintf(path, sizeof(path), "%s/slot%d.lock", dir, slot);
			fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
			if (fd < 0) {
				snprintf(err, len, "cannot open '%s': %s", path, strerror(errno));
				return -1;
			}
			if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
				*lockfd = fd;
				return slot;
			}
			close(fd);
		}
		usleep(10000);
	}
	snprintf(err, len, "all %d sandbox slots in '%s' stayed taken by running bots for %d s",
		 SANDBOX_MAX_SLOTS, dir, SANDBOX_SLOT_WAIT_MS / 1000);
	return -1;
}

void sandbox_slot_release(int slot, int lockfd)
{
	if (lockfd >= 0)
		close(lockfd); /* the lock goes with the file description */
	else if (slot >= 0 && slot < SANDBOX_MAX_SLOTS)
		local_slots &= ~(1ULL << slot);
}

