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

/* Copies regular files, directories and symlinks of src into dest (which exists). */
static int copy_tree(const char *src, const char *dest, struct strbuf *msg)
{
	DIR *d = opendir(src);
	struct dirent *e;
	int ret = 0;

	if (!d) {
		strbuf_addf(msg, "cannot read '%s': %s\n", src, strerror(errno));
		return -1;
	}
	while (!ret && (e = readdir(d))) {
		struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		strbuf_init(&from);
		strbuf_init(&to);
		strbuf_addf(&from, "%s/%s", src, e->d_name);
		strbuf_addf(&to, "%s/%s", dest, e->d_name);
		if (lstat(from.buf, &st) < 0) {
			ret = -1;
		} else if (S_ISDIR(st.st_mode)) {
			ret = mkdir(to.buf, 0700) < 0 ? -1 : copy_tree(from.buf, to.buf, msg);
		} else if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t n = readlink(from.buf, target, sizeof(target) - 1);

			if (n >= 0) {
				target[n] = '\0';
				ret = symlink(target, to.buf);
			}
		} else if (S_ISREG(st.st_mode)) {
			int in = open(from.buf, O_RDONLY | O_CLOEXEC);
			int out = in < 0 ? -1 : open(to.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
						     st.st_mode & 0700);
			char buf[65536];
			ssize_t n = 0;

			while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
				if (write(out, buf, (size_t)n) != n) {
					n = -1;
					break;
				}
			ret = in < 0 || out < 0 || n < 0 ? -1 : 0;
			if (in >= 0)
				close(in);
			if (out >= 0 && close(out) < 0)
				ret = -1;
		}
		if (ret < 0 && !msg->len)
			strbuf_addf(msg, "cannot copy '%s' to '%s': %s\n", from.buf, to.buf,
				    strerror(errno));
		strbuf_release(&from);
		strbuf_release(&to);
	}
	closedir(d);
	return ret;
}

/* nftw walks one tree at a time: the owner to give while walking */
static uid_t walk_uid;
static gid_t walk_gid;
static int walk_publish;

/*
 * Gives one entry to walk_uid/walk_gid and, when publishing, makes it
 * readable by everyone (directories and executables searchable). Symlinks
 * are not followed, and a file with other hard links is left alone: it
 * could be someone else's file.
 */
static int own_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag == FTW_SL || (S_ISREG(st->st_mode) && st->st_nlink > 1))
		return 0;
	if (lchown(path, walk_uid, walk_gid) < 0)
		return -1;
	if (walk_publish && !S_ISLNK(st->st_mode))
		return chmod(path, S_ISDIR(st->st_mode) || (st->st_mode & 0111) ? 0755 : 0644);
	return 0;
}

static int own_tree(const char *dir, uid_t uid, gid_t gid, int publish)
{
	walk_uid = uid;
	walk_gid = gid;
	walk_publish = publish;
	return nftw(dir, own_entry, 32, FTW_PHYS);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Is b inside a (or a itself)? Both absolute and resolved. */
static int inside(const char *a, const char *b)
{
	size_t n = strlen(a);

	return !strncmp(a, b, n) && (b[n] == '/' || !b[n]);
}

int botbuild_run(const char *src, const char *dest, char *const *argv, long timeout_s,
		 const struct sandbox_limits *lim, int insecure, struct strbuf *msg)
{
	struct sandbox_spec spec;
	struct sandbox_limits l = *lim;
	struct sandbox_proc *p = NULL;
	char real_src[PATH_MAX], real_parent[PATH_MAX], parent[PATH_MAX], err[512], why[160];
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
	if (inside(real_src, real_parent)) {
		strbuf_addf(msg, "build: '%s' is inside the bot's directory '%s'\n", dest, src);
		return 2;
	}
	if (sandbox_scratch_remove(dest) < 0 && errno != ENOENT) {
		strbuf_addf(msg, "build: cannot remove the old '%s': %s\n", dest, strerror(errno));
		return 2;
	}
	if (mkdir(dest, 0700) < 0 || copy_tree(src, dest, msg) < 0) {
		if (!msg->len)
			strbuf_addf(msg, "build: cannot make '%s': %s\n", dest, strerror(errno));
		return 2;
	}
	slot = sandbox_slot_acquire(&lockfd, err, sizeof(err));
	if (slot < 0) {
		strbuf_addf(msg, "build: %s\n", err);
		return 2;
	}
	if (geteuid() == 0 && own_tree(dest, SANDBOX_UID_BASE + slot, SANDBOX_UID_BASE + slot, 0)) {
		strbuf_addf(msg, "build: cannot hand '%s' to the build: %s\n", dest, strerror(errno));
		goto out;
	}
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (l.cpu_s <= 0 || l.cpu_s > timeout_s + 1)
		l.cpu_s = timeout_s + 1;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.scratch = dest;
	spec.fd_in = devnull;
	spec.fd_out = 1;
	spec.fd_err = 2;
	spec.lim = l;
	spec.slot = slot;
	spec.insecure = insecure;
	fflush(stdout);
	p = sandbox_spawn(&spec, err, sizeof(err));
	if (!p) {
		strbuf_addf(msg, "build: %s\n", err);
		goto out;
	}
	pidfd = (int)syscall(SYS_pidfd_open, sandbox_pid(p), 0);
	deadline = now_ms() + (double)timeout_s * 1000;
	while ((end = sandbox_wait(p, 1, &status, why, sizeof(why))) == SANDBOX_RUNNING) {
		struct pollfd pfd = { pidfd, POLLIN, 0 };
		double left = deadline - now_ms();

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
	if (geteuid() == 0 && own_tree(dest, 0, 0, 1) < 0 && ret == 0) {
		strbuf_addf(msg, "build: cannot take '%s' back: %s\n", dest, strerror(errno));
		ret = 2;
	} else if (geteuid() != 0) {
		own_tree(dest, geteuid(), getegid(), 1);
	}
	sandbox_slot_release(lockfd);
	return ret;
}
