/*
 * plan_tree.c - walking a bot's directory (see plan_tree.h): the check that it can
 * be fingerprinted whole, and the hashing of its entries, in name order,
 * into a BLAKE2b state. The fingerprints themselves (what a bot is made
 * of, and in which order it is hashed) are plan_fingerprint.c's.
 */
#include "plan_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play_interrupt.h"
#include "path.h"
#include "util.h"

void tree_hash_text(crypto_generichash_state *h, const char *s)
{
	crypto_generichash_update(h, (const unsigned char *)s, strlen(s) + 1);
}

/* Has a signal asked the arena to stop (play_interrupt.h)? Fingerprints stop then. */
int tree_stopped(void)
{
	return interrupt_count() > 0;
}

/* why the hash under way matches none (hash_unmatchable()), or "" */
static char unmatched[512];

const char *tree_unmatched(void)
{
	return unmatched;
}

void tree_unmatched_clear(void)
{
	unmatched[0] = '\0';
}

/*
 * Marks a fingerprint that must match no other, not even the next run's of
 * the same tree: something in the tree (rel, its path there) could not be
 * read whole (what), so a change there could go unseen. The bot then counts
 * as changed at every run, and fingerprint_bot() says why.
 */
static void hash_unmatchable(crypto_generichash_state *h, const char *rel, const char *what)
{
	unsigned char noise[16];

	randombytes_buf(noise, sizeof(noise));
	crypto_generichash_update(h, noise, sizeof(noise));
	if (!unmatched[0])
		snprintf(unmatched, sizeof(unmatched), "'%s' %s", rel, what);
}

/*
 * A walk of a bot's directory: h the fingerprint under way, or NULL for
 * tree_check(), which stops at the first problem and says it
 * in why.
 */
struct walk {
	crypto_generichash_state *h;
	char *why;
	size_t len;
	unsigned long long budget; /* the bytes its files may still hold (TREE_MAX_BYTES) */
};

/*
 * A problem with rel (its path from the bot's directory): the check fails
 * with it; the fingerprint is made to match none (hash_unmatchable()), so
 * that it is never skipped silently. -1 for a check, 0 for a fingerprint.
 */
static int problem(struct walk *w, const char *rel, const char *what)
{
	if (!w->h) {
		snprintf(w->why, w->len, "'%s' %s", rel, what);
		return -1;
	}
	tree_hash_text(w->h, "problem");
	tree_hash_text(w->h, what);
	hash_unmatchable(w->h, rel, what);
	return 0;
}

/* "cannot be read (ERROR)" for problem() */
static int unreadable(struct walk *w, const char *rel, int err)
{
	char what[256];

	snprintf(what, sizeof(what), "cannot be read (%s)", strerror(err));
	return problem(w, rel, what);
}

/* "brings the files to more than 4096 MiB" (TREE_MAX_BYTES) for problem() */
static int too_big(struct walk *w, const char *rel)
{
	char what[96];

	snprintf(what, sizeof(what), "brings the files to more than %d MiB",
		 (int)(TREE_MAX_BYTES >> 20));
	return problem(w, rel, what);
}

#define HASH_TOO_BIG (-3)
#define HASH_CHANGED (-4)

/* "changed while it was read" for problem() */
static int changed(struct walk *w, const char *rel)
{
	return problem(w, rel, "changed while it was read");
}

/*
 * Hashes the regular file open as fd (st: its fstat()) as the text
 * "KIND SIZE" (SIZE: st's) and then its bytes, read after read (a hole
 * reads as zeros, so how the file lies on the disk does not matter). The
 * size comes first so that the stream stays prefix-free: every other
 * field is text that holds no NUL, and these bytes, whatever they hold,
 * are SIZE bytes (with the count after them, a file "X\n1 bytes\0z\0link\0"
 * read as a file X and a link z). Takes the bytes from *budget, what the
 * tree's files may still hold. 0; an errno when a read fails;
 * HASH_TOO_BIG when the file holds more than *budget (not read:
 * tree_check() refuses such a tree first, this one grew
 * since), or grows past it while read; HASH_CHANGED when the bytes read
 * are not SIZE (the file changed meanwhile: what was hashed is then no
 * longer prefix-free, and the caller must make it match none); -2 when a
 * signal came.
 */
static int hash_fd(crypto_generichash_state *h, int fd, const struct stat *st, const char *kind,
		   unsigned long long *budget)
{
	unsigned char buf[65536];
	unsigned long long total = 0, size = (unsigned long long)st->st_size;
	char head[96];
	ssize_t n;

	if (size > *budget)
		return HASH_TOO_BIG;
	snprintf(head, sizeof(head), "%s %llu", kind, size);
	tree_hash_text(h, head);
	for (;;) {
		if (tree_stopped())
			return -2;
		n = read(fd, buf, sizeof(buf));
		if (n <= 0)
			break;
		crypto_generichash_update(h, buf, (size_t)n);
		total += (unsigned long long)n;
		if (total > *budget)
			return HASH_TOO_BIG;
	}
	if (n < 0)
		return errno;
	*budget -= total;
	return total == size ? 0 : HASH_CHANGED;
}

/*
 * Hashes the regular file path as "file SIZE" and its bytes (hash_fd()),
 * or, when it cannot be opened as one, "error TEXT"; a read that fails or
 * a file that changes while read makes the fingerprint match none. 0, or
 * -2.
 */
int tree_hash_file(crypto_generichash_state *h, const char *path)
{
	/* the config's own files: no limit (TREE_MAX_BYTES is for the bots' directories) */
	struct walk w = { h, NULL, 0, ~0ULL };
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY), ret;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		char what[256];

		snprintf(what, sizeof(what), "error %s", fd < 0 || S_ISREG(st.st_mode) ?
			 strerror(errno) : "not a regular file");
		tree_hash_text(h, what);
		if (fd >= 0)
			close(fd);
		return tree_stopped() ? -2 : 0;
	}
	ret = hash_fd(h, fd, &st, "file", &w.budget);
	close(fd);
	if (ret == HASH_CHANGED)
		changed(&w, path);
	else if (ret > 0)
		unreadable(&w, path, ret);
	return ret == -2 ? -2 : 0;
}

/*
 * Every entry of the directory open as dirfd (rel: its path from the
 * bot's directory, "" for the directory itself; depth: its number of
 * components), in name order, each named by its path relative to the
 * bot's directory. Entries are opened relative to their directory's fd,
 * so the length of a path does not matter. A directory nested more than
 * TREE_MAX_DEPTH deep is not entered: the check refuses it, a fingerprint
 * hashes the problem. 0; -1 (a check's problem, in why); -2 when a signal
 * came.
 */
static int hash_tree(struct walk *w, int dirfd, const char *rel, int depth)
{
	struct dirent **names = NULL;
	int n = scandirat(dirfd, ".", &names, NULL, alphasort), ret = 0;

	if (n < 0)
		return unreadable(w, rel[0] ? rel : ".", errno);
	for (int i = 0; i < n; i++) {
		const char *e = names[i]->d_name;
		char *sub;
		struct stat st;

		if (ret || !strcmp(e, ".") || !strcmp(e, "..")) {
			free(names[i]);
			continue;
		}
		if (w->h && tree_stopped()) { /* a check runs before signals are caught */
			ret = -2;
			free(names[i]);
			continue;
		}
		sub = rel[0] ? path_join(rel, e) : xstrdup(e);
		if (fstatat(dirfd, e, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (w->h)
				tree_hash_text(w->h, sub);
			ret = unreadable(w, sub, errno);
		} else if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t m = readlinkat(dirfd, e, target, sizeof(target) - 1);

			target[m > 0 ? m : 0] = '\0';
			if (w->h) {
				tree_hash_text(w->h, sub);
				tree_hash_text(w->h, "link");
				tree_hash_text(w->h, target);
			}
			if (m < 0)
				ret = unreadable(w, sub, errno);
		} else if (S_ISDIR(st.st_mode)) {
			int fd = -1;

			if (w->h) {
				tree_hash_text(w->h, sub);
				tree_hash_text(w->h, "dir");
			}
			if (depth + 1 > TREE_MAX_DEPTH) {
				char what[64];

				snprintf(what, sizeof(what), "is nested more than %d directories deep",
					 TREE_MAX_DEPTH);
				ret = problem(w, sub, what);
			} else if ((fd = openat(dirfd, e, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
						O_CLOEXEC)) < 0) {
				ret = unreadable(w, sub, errno);
			} else {
				ret = hash_tree(w, fd, sub, depth + 1);
			}
			if (fd >= 0)
				close(fd);
		} else if (S_ISREG(st.st_mode)) {
			/* what is hashed is what was opened: its mode from the open file */
			int fd = openat(dirfd, e, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
					O_CLOEXEC);
			int err = errno;

			if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
				err = S_ISREG(st.st_mode) ? errno : EAGAIN; /* swapped meanwhile */
				close(fd);
				fd = -1;
			}
			if (w->h) {
				char kind[32];

				/* every permission bit: which of the bots' uids may read it counts */
				snprintf(kind, sizeof(kind), "file %04o", (unsigned)(st.st_mode & 07777));
				tree_hash_text(w->h, sub);
				if (fd >= 0)
					err = hash_fd(w->h, fd, &st, kind, &w->budget);
			} else if (fd >= 0) {
				/* the check: the sizes alone */
				err = (unsigned long long)st.st_size > w->budget ? HASH_TOO_BIG : 0;
				if (!err)
					w->budget -= (unsigned long long)st.st_size;
			}
			if (fd >= 0)
				close(fd);
			if (err == -2)
				ret = -2;
			else if (err == HASH_TOO_BIG)
				ret = too_big(w, sub);
			else if (err == HASH_CHANGED)
				ret = changed(w, sub);
			else if (err)
				ret = unreadable(w, sub, err);
		} else if (w->h) {
			/* a fifo, a socket, a device: its name and that it is one */
			tree_hash_text(w->h, sub);
			tree_hash_text(w->h, "special");
		} else if (S_ISFIFO(st.st_mode)) {
			/* the sandbox would refuse to show it: say so once, not at every game */
			ret = problem(w, sub, "is a FIFO, through which two bots could talk");
		}
		free(sub);
		free(names[i]);
	}
	free(names);
	return ret;
}

int tree_check(const char *dir, char *why, size_t len)
{
	struct walk w = { NULL, why, len, TREE_MAX_BYTES };
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret;

	if (fd < 0) {
		snprintf(why, len, "cannot read '%s': %s", dir, strerror(errno));
		return -1;
	}
	ret = hash_tree(&w, fd, "", 0);
	close(fd);
	return ret < 0 ? -1 : 0;
}


/* Hashes the tree of a bot's directory dir into h (an unreadable one noted). */
void tree_hash_dir(crypto_generichash_state *h, const char *dir)
{
	struct walk w = { h, NULL, 0, TREE_MAX_BYTES };
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		unreadable(&w, ".", errno);
	} else {
		hash_tree(&w, fd, "", 0);
		close(fd);
	}
}
