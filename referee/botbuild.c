/*
 * botbuild.c - building a bot in the sandbox (see botbuild.h).
 */
#include "botbuild.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "path.h"
#include "sandbox.h"

#define COPY_MAX_DEPTH 64
/* what root copies for a submission at most (data, not holes: those stay holes) */
#define COPY_MAX_BYTES (1024LL << 20)
#define COPY_MAX_ENTRIES 100000

/* One copy under way: whose files may be copied, and what is left of the caps. */
struct copy {
	uid_t owner;          /* the submission's: hard links to others' files are left out */
	long long bytes_left; /* of COPY_MAX_BYTES: the blocks the files take */
	long entries_left;
	struct strbuf *msg;
};

/*
 * Opens name in the directory dirfd without following a symlink and
 * without opening anything but a regular file or a directory: an O_PATH
 * handle first, its type from fstat, then a real open through
 * /proc/self/fd of that very inode. A swap of name between the steps
 * changes nothing: what was checked is what is read. Returns the fd, or
 * -1 (errno; EMLINK for a file we will not copy, with *why saying which).
 */
static int open_entry(int dirfd, const char *name, struct stat *st, const char **why)
{
	char proc[64];
	int p = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC), fd;

	*why = NULL;
	if (p < 0)
		return -1;
	if (fstat(p, st) < 0) {
		close(p);
		return -1;
	}
	if (S_ISLNK(st->st_mode))
		*why = "a symbolic link";
	else if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode))
		*why = "not a regular file or directory";
	if (*why) {
		close(p);
		errno = EMLINK;
		return -1;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", p);
	fd = open(proc, O_RDONLY | O_NOCTTY | O_CLOEXEC | (S_ISDIR(st->st_mode) ? O_DIRECTORY : 0));
	close(p);
	return fd;
}

/*
 * Copies the data of in and leaves its holes as holes, so a sparse file
 * takes no more of the host's disk than in the submission.
 */
static int copy_file(int in, int dstfd, const char *name, const struct stat *st)
{
	/* the owner's rights, never setuid, setgid or writable by others */
	int out = openat(dstfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			 st->st_mode & 0700);
	char buf[65536];
	off_t data = 0, hole;
	int ret = 0;

	if (out < 0)
		return -1;
	while (!ret && (data = lseek(in, data, SEEK_DATA)) >= 0) {
		hole = lseek(in, data, SEEK_HOLE);
		if (hole < 0) {
			ret = -1;
			break;
		}
		while (data < hole) {
			size_t want = hole - data < (off_t)sizeof(buf) ? (size_t)(hole - data) : sizeof(buf);
			ssize_t n = pread(in, buf, want, data);

			if (n <= 0 || pwrite(out, buf, (size_t)n, data) != n) {
				ret = -1;
				break;
			}
			data += n;
		}
	}
	if (!ret && errno != ENXIO && data < 0)
		ret = -1;
	if (!ret && ftruncate(out, st->st_size) < 0)
		ret = -1;
	if (close(out) < 0)
		ret = -1;
	return ret;
}

/*
 * Copies the directory srcfd into dstfd (both open), regular files and
 * directories only; symbolic links and special files are left out with a
 * note in msg, and so are hard links to files of a user other than the
 * submission's: they could be anybody's file. More than COPY_MAX_BYTES or
 * COPY_MAX_ENTRIES in all is refused. path names the directory in messages.
 */
static int copy_dir(int srcfd, int dstfd, const char *path, int depth, struct copy *cp)
{
	struct strbuf *msg = cp->msg;
	int dup_fd = dup(srcfd), ret = 0;
	DIR *d = dup_fd < 0 ? NULL : fdopendir(dup_fd);
	struct dirent *e;

	if (!d) {
		if (dup_fd >= 0)
			close(dup_fd);
		strbuf_addf(msg, "build: cannot read '%s': %s\n", path, strerror(errno));
		return -1;
	}
	if (depth > COPY_MAX_DEPTH) {
		closedir(d);
		strbuf_addf(msg, "build: '%s' is nested more than %d deep\n", path, COPY_MAX_DEPTH);
		return -1;
	}
	while (!ret && (e = readdir(d))) {
		struct strbuf sub = STRBUF_INIT;
		const char *why;
		struct stat st;
		int in;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		strbuf_init(&sub);
		strbuf_addf(&sub, "%s/%s", path, e->d_name);
		in = open_entry(srcfd, e->d_name, &st, &why);
		if (in >= 0 && (--cp->entries_left < 0 || (cp->bytes_left -= (long long)st.st_blocks * 512) < 0)) {
			strbuf_addf(msg, "build: the submission is larger than %lld MiB or %d files: "
				    "not copied\n", COPY_MAX_BYTES >> 20, COPY_MAX_ENTRIES);
			close(in);
			in = -1;
			why = NULL;
			errno = EFBIG;
			ret = -1;
		} else if (in >= 0 && S_ISREG(st.st_mode) && st.st_nlink > 1 && st.st_uid != cp->owner) {
			close(in);
			in = -1;
			why = "a hard link to another user's file";
		}
		if (ret < 0) {
			/* said so */
		} else if (in < 0 && why) {
			strbuf_addf(msg, "build: left out '%s': %s\n", sub.buf, why);
		} else if (in < 0) {
			strbuf_addf(msg, "build: cannot open '%s': %s\n", sub.buf, strerror(errno));
			ret = -1;
		} else if (S_ISDIR(st.st_mode)) {
			int out = -1;

			if (mkdirat(dstfd, e->d_name, 0700) < 0 ||
			    (out = openat(dstfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					  O_CLOEXEC)) < 0) {
				strbuf_addf(msg, "build: cannot make '%s': %s\n", sub.buf, strerror(errno));
				ret = -1;
			} else {
				ret = copy_dir(in, out, sub.buf, depth + 1, cp);
			}
			if (out >= 0)
				close(out);
		} else if (copy_file(in, dstfd, e->d_name, &st) < 0) {
			strbuf_addf(msg, "build: cannot copy '%s': %s\n", sub.buf, strerror(errno));
			ret = -1;
		}
		if (in >= 0)
			close(in);
		strbuf_release(&sub);
	}
	closedir(d);
	return ret;
}

/* Copies the directory src into the new directory dest. */
static int copy_tree(const char *src, const char *dest, struct strbuf *msg)
{
	int in = open(src, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int out = open(dest, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	int ret;

	if (in < 0 || out < 0 || fstat(in, &st) < 0) {
		strbuf_addf(msg, "build: cannot open '%s': %s\n", in < 0 ? src : dest,
			    strerror(errno));
		ret = -1;
	} else {
		struct copy cp = { st.st_uid, COPY_MAX_BYTES, COPY_MAX_ENTRIES, msg };

		ret = copy_dir(in, out, src, 0, &cp);
	}
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return ret;
}


int botbuild_run(const char *src, const char *dest, char *const *argv, long timeout_s,
		 const struct sandbox_limits *lim, int insecure, struct strbuf *msg)
{
	struct sandbox_spec spec;
	struct sandbox_limits l = *lim;
	struct sandbox_proc *p = NULL;
	char real_src[PATH_MAX], real_parent[PATH_MAX], real_dest[PATH_MAX], parent[PATH_MAX];
	char err[512], why[160];
	int lockfd = -1, slot, devnull = -1, ret = 2, status, pidfd = -1, end;
	const char *slash = strrchr(dest, '/');
	double deadline;

	/* dest must not be inside src: the copy would copy itself */
	snprintf(parent, sizeof(parent), "%.*s", slash ? (int)(slash - dest) : 1,
		 slash ? dest : ".");
	if (!realpath(src, real_src) || !realpath(parent[0] ? parent : "/", real_parent)) {
		strbuf_addf(msg, "build: cannot find '%s': %s\n", realpath(src, real_src) ?
			    parent : src, strerror(errno));
		return 2;
	}
	if (path_inside(real_parent, real_src)) {
		strbuf_addf(msg, "build: '%s' is inside the bot's directory '%s'\n", dest, src);
		return 2;
	}
	/* dest is replaced: it must not hold the bot's directory */
	if (realpath(dest, real_dest) && path_inside(real_src, real_dest)) {
		strbuf_addf(msg, "build: '%s' holds the bot's directory '%s' (DEST is replaced)\n",
			    dest, src);
		return 2;
	}
	if (sandbox_scratch_remove(dest) < 0 && errno != ENOENT) {
		strbuf_addf(msg, "build: cannot remove the old '%s': %s\n", dest, strerror(errno));
		return 2;
	}
	if (mkdir(dest, 0700) < 0) {
		strbuf_addf(msg, "build: cannot make '%s': %s\n", dest, strerror(errno));
		return 2;
	}
	if (copy_tree(src, dest, msg) < 0)
		return 2;
	slot = sandbox_slot_acquire(&lockfd, err, sizeof(err));
	if (slot < 0) {
		strbuf_addf(msg, "build: %s\n", err);
		return 2;
	}
	if (geteuid() == 0 && sandbox_tree_own(dest, SANDBOX_UID_BASE + slot, SANDBOX_UID_BASE + slot, SANDBOX_OWN_GIVE)) {
		strbuf_addf(msg, "build: cannot hand '%s' to the build: %s\n", dest, strerror(errno));
		goto out;
	}
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (l.cpu_s <= 0 || l.cpu_s > timeout_s + 1)
		l.cpu_s = timeout_s + 1;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.scratch = dest;
	spec.botdir = dest; /* its copy, and nothing its command line names */
	spec.fd_in = devnull;
	spec.fd_out = 1;
	spec.fd_err = 2;
	spec.lim = l;
	spec.slot = slot;
	spec.insecure = insecure;
	fflush(stdout);
	p = sandbox_spawn(&spec, NULL, err, sizeof(err));
	if (!p) {
		strbuf_addf(msg, "build: %s\n", err);
		goto out;
	}
	pidfd = (int)syscall(SYS_pidfd_open, sandbox_pid(p), 0);
	deadline = clock_ms() + (double)timeout_s * 1000;
	while ((end = sandbox_wait(p, 1, &status, why, sizeof(why))) == SANDBOX_RUNNING) {
		struct pollfd pfd = { pidfd, POLLIN, 0 };
		double left = deadline - clock_ms();

		if (left <= 0) {
			sandbox_kill(p);
			sandbox_wait(p, 0, &status, why, sizeof(why));
			strbuf_addf(msg, "build timed out after %ld s\n", timeout_s);
			ret = 1;
			goto out;
		}
		if (pidfd < 0 || poll(&pfd, 1, left > 100 ? 100 : (int)left + 1) < 0)
			usleep(20000);
	}
	if (end == SANDBOX_EXITED && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		strbuf_addf(msg, "built '%s' in '%s'\n", src, dest);
		ret = 0;
	} else {
		strbuf_addf(msg, "build failed: %s\n", why);
		ret = 1;
	}
out:
	sandbox_free(p);
	if (pidfd >= 0)
		close(pidfd);
	if (devnull >= 0)
		close(devnull);
	/* whatever happened, the copy is root's now and readable by every bot */
	if (geteuid() == 0 && sandbox_tree_own(dest, 0, 0, SANDBOX_OWN_PUBLISH) < 0 && ret == 0) {
		strbuf_addf(msg, "build: cannot take '%s' back: %s\n", dest, strerror(errno));
		ret = 2;
	} else if (geteuid() != 0) {
		sandbox_tree_own(dest, geteuid(), getegid(), SANDBOX_OWN_PUBLISH);
	}
	sandbox_slot_release(slot, lockfd);
	return ret;
}
