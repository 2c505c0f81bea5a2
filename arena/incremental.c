/*
 * incremental.c - bot fingerprints, what changed since the last run, and
 * the archive of superseded games (see incremental.h).
 *
 * Superseding is done by rewriting results.jsonl whole (a synced temporary
 * file renamed over it) after the superseded lines are safely in the
 * archive: at any moment every finished game is in one of the two files,
 * whole, and results.jsonl only ever holds whole games.
 */
#include "incremental.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "interrupt.h"
#include "jsonl.h"
#include "path.h"
#include "seat.h"
#include "strset.h"
#include "util.h"

/* ---- fingerprints ---- */

static void hash_text(crypto_generichash_state *h, const char *s)
{
	crypto_generichash_update(h, (const unsigned char *)s, strlen(s) + 1);
}

/* Has a signal asked the arena to stop (interrupt.h)? Fingerprints stop then. */
static int stopped(void)
{
	return interrupt_count() > 0;
}

/* why the fingerprint under way matches none (hash_unmatchable()), or "" */
static char unmatched[512];

/*
 * Marks a fingerprint that must match no other, not even the next run's of
 * the same tree: something in the tree (rel, its path there) could not be
 * read whole (what), so a change there could go unseen. The bot then counts
 * as changed at every run, and incremental_fingerprint() says why.
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
 * incremental_check_tree(), which stops at the first problem and says it
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
	hash_text(w->h, "problem");
	hash_text(w->h, what);
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
 * incremental_check_tree() refuses such a tree first, this one grew
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
	hash_text(h, head);
	for (;;) {
		if (stopped())
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
static int hash_file(crypto_generichash_state *h, const char *path)
{
	/* the config's own files: no limit (TREE_MAX_BYTES is for the bots' directories) */
	struct walk w = { h, NULL, 0, ~0ULL };
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY), ret;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		char what[256];

		snprintf(what, sizeof(what), "error %s", fd < 0 || S_ISREG(st.st_mode) ?
			 strerror(errno) : "not a regular file");
		hash_text(h, what);
		if (fd >= 0)
			close(fd);
		return stopped() ? -2 : 0;
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
		if (w->h && stopped()) { /* a check runs before signals are caught */
			ret = -2;
			free(names[i]);
			continue;
		}
		sub = rel[0] ? path_join(rel, e) : xstrdup(e);
		if (fstatat(dirfd, e, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (w->h)
				hash_text(w->h, sub);
			ret = unreadable(w, sub, errno);
		} else if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t m = readlinkat(dirfd, e, target, sizeof(target) - 1);

			target[m > 0 ? m : 0] = '\0';
			if (w->h) {
				hash_text(w->h, sub);
				hash_text(w->h, "link");
				hash_text(w->h, target);
			}
			if (m < 0)
				ret = unreadable(w, sub, errno);
		} else if (S_ISDIR(st.st_mode)) {
			int fd = -1;

			if (w->h) {
				hash_text(w->h, sub);
				hash_text(w->h, "dir");
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
				hash_text(w->h, sub);
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
			hash_text(w->h, sub);
			hash_text(w->h, "special");
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

int incremental_check_tree(const char *dir, char *why, size_t len)
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

/*
 * Hashes path, a place a bot is made of (its directory, a file its
 * command names), as seen from the config's directory when it lies
 * there ("bots/alice", "." for that directory itself), else as it is
 * (/usr/bin/python3, /srv/shared/alice): a tournament's directory moved
 * or copied with its bots keeps their fingerprints, while a place outside
 * it, which does not move with it, still counts by its name. Both are
 * taken as the arena resolves them: c->dir with every link followed
 * (config_load()), path with the links of its directory followed
 * (path_resolve_dir()); the comparison is by whole components (/a/cfg2 is
 * not below /a/cfg; below / is every path). A relative path (a bare
 * program found in c->dir) is hashed as it is. A text seen from c->dir
 * never starts with '/', an absolute one always does. A bot with a build
 * (b->build) counts by its absolute place wherever it lies: a build may
 * write where it ran into what it makes (a script's path, an rpath, a
 * virtual environment), so a moved tournament builds such a bot again.
 */
static void hash_path(crypto_generichash_state *h, const struct config *c,
		      const struct entrant *b, const char *path)
{
	char *full;
	const char *rel;

	if (path[0] != '/') {
		hash_text(h, path);
		return;
	}
	full = path_resolve_dir(path);
	rel = c->dir && !b->build ? path_below(full, c->dir) : NULL;
	hash_text(h, rel ? rel : full);
	free(full);
}

/*
 * The path of the file word i of a command names, relative to the
 * config's directory (malloc'd), or NULL: a regular file that a word with
 * a slash, a later word, or a program in that directory names.
 */
static char *command_file(const struct config *c, const char *w, int i)
{
	char *path = w[0] == '/' ? xstrdup(w) : path_join(c->dir, w);
	struct stat sb;

	if ((strchr(w, '/') || i > 0 || access(path, F_OK) == 0) && stat(path, &sb) == 0 &&
	    S_ISREG(sb.st_mode))
		return path;
	free(path);
	return NULL;
}

/* Hashes the tree of a bot's directory dir into h (an unreadable one noted). */
static void hash_dir(crypto_generichash_state *h, const char *dir)
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

/* The files a command without a directory names (see incremental.h). 0, or -2. */
static int hash_command_files(crypto_generichash_state *h, const struct config *c,
			      const struct entrant *b)
{
	struct seat st;
	char err[256];
	int ret = 0;

	if (seat_parse(&st, b->seat, c->dir, err, sizeof(err)) == 0 && st.argv) {
		for (int i = 0; i < st.argc && !ret; i++) {
			const char *w = st.argv[i];
			char *path = command_file(c, w, i), *real;

			if (!path)
				continue;
			/*
			 * a link (seat_parse() keeps a program's own name): where it
			 * leads, and what is there, which hash_file() would not open
			 */
			real = realpath(path, NULL);
			hash_path(h, c, b, w);
			if (real && strcmp(real, path)) {
				hash_text(h, "resolved");
				hash_path(h, c, b, real);
			}
			ret = hash_file(h, real ? real : path);
			free(real);
			free(path);
		}
	}
	seat_release(&st);
	return ret;
}

int incremental_fingerprint(const struct config *c, const struct entrant *b, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];

	unmatched[0] = '\0';
	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	/*
	 * 2: a file's size before its bytes (with "euchre-arena bot", after
	 * them), and paths in the config's directory seen from it (no arena
	 * was released with the absolute paths and version 2)
	 */
	hash_text(&h, "euchre-arena bot 2");
	if (b->dir && !strcmp(b->seat, b->dir))
		hash_path(&h, c, b, b->seat); /* the directory is the seat */
	else
		hash_text(&h, b->seat); /* a command as the config gives it */
	hash_text(&h, b->build ? b->build : "");
	if (!b->builtin && b->dir) {
		hash_dir(&h, b->dir);
	} else if (!b->builtin) {
		hash_command_files(&h, c, b);
	}
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	if (stopped())
		return -1;
	if (unmatched[0])
		message_printf(stderr, "arena", "warning: %s: %s, so it counts as changed and its "
			       "games are played again at every run until that is fixed", b->name,
			       unmatched);
	return 0;
}

/*
 * The files a command without a directory names, for incremental_code():
 * their bytes, whatever the other words (one program with other options
 * is one code); a command that names no file, by its words. 0, or -2.
 */
static int hash_command_code(crypto_generichash_state *h, const struct config *c,
			     const struct entrant *b)
{
	struct seat st;
	char err[256];
	int ret = 0, files = 0;

	if (seat_parse(&st, b->seat, c->dir, err, sizeof(err)) < 0 || !st.argv) {
		hash_text(h, b->seat);
		seat_release(&st);
		return 0;
	}
	for (int i = 0; i < st.argc && !ret; i++) {
		char *path = command_file(c, st.argv[i], i), *real;

		if (!path)
			continue;
		real = realpath(path, NULL);
		hash_text(h, "file");
		ret = hash_file(h, real ? real : path);
		free(real);
		free(path);
		files++;
	}
	if (!files)
		hash_text(h, b->seat);
	seat_release(&st);
	return ret;
}

int incremental_code(const struct config *c, const struct entrant *b, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];

	out[0] = '\0';
	if (b->builtin)
		return 0;
	unmatched[0] = '\0';
	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	hash_text(&h, "euchre-arena code 1");
	hash_text(&h, b->build ? b->build : "");
	if (b->dir)
		hash_dir(&h, b->dir);
	else
		hash_command_code(&h, c, b);
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	unmatched[0] = '\0'; /* incremental_fingerprint() warns of it */
	return stopped() ? -1 : 0;
}

void incremental_setup(const struct config *c, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];
	char num[96];

	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	hash_text(&h, "euchre-arena setup");
	snprintf(num, sizeof(num), "%d %llu %ld", c->seed_line != 0,
		 (unsigned long long)(c->seed_line ? c->seed : 0), c->deals);
	hash_text(&h, num);
	for (int v = 0; v < c->nvariants; v++) {
		const struct variant_cfg *vc = &c->variants[v];

		hash_text(&h, vc->name);
		snprintf(num, sizeof(num), "%d %d %ld %ld %ld", (int)vc->base, vc->progressive,
			 vc->deals, vc->tables, vc->hands_per_round);
		hash_text(&h, num);
		for (int o = 0; o < vc->nopts; o++) {
			hash_text(&h, vc->opt_key[o]);
			hash_text(&h, vc->opt_value[o]);
		}
	}
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* ---- what changed ---- */

static void add_delta(struct delta *d, const char *name, enum bot_state state, int bot)
{
	struct bot_delta *b;

	d->bots = xrealloc(d->bots, (size_t)(d->n + 1) * sizeof(*d->bots));
	b = &d->bots[d->n++];
	memset(b, 0, sizeof(*b));
	b->name = xstrdup(name);
	b->state = state;
	b->bot = bot;
	d->changes += state != BOT_SAME;
}

void incremental_diff(struct delta *d, const struct config *c, const struct results_meta *meta,
		      char (*fp)[FINGERPRINT_LEN + 1])
{
	int known = meta && meta->bots.nr > 0;

	memset(d, 0, sizeof(*d));
	for (int i = 0; i < c->nbots; i++) {
		const char *old = known ? strvec_value(&meta->bots, c->bots[i].name) : NULL;

		add_delta(d, c->bots[i].name, !known ? BOT_SAME : !old ? BOT_ADDED
			  : strcmp(old, fp[i]) ? BOT_CHANGED : BOT_SAME, i);
	}
	for (size_t i = 0; known && i < meta->bots.nr; i++) {
		const char *tab = strchr(meta->bots.items[i], '\t');
		char *name = xstrndup(meta->bots.items[i], (size_t)(tab - meta->bots.items[i]));

		if (!incremental_find(d, name))
			add_delta(d, name, BOT_REMOVED, -1);
		free(name);
	}
}

void incremental_release(struct delta *d)
{
	for (int i = 0; i < d->n; i++)
		free(d->bots[i].name);
	free(d->bots);
	free(d->archive);
	memset(d, 0, sizeof(*d));
}

struct bot_delta *incremental_find(struct delta *d, const char *name)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->bots[i].name, name))
			return &d->bots[i];
	return NULL;
}

/* ---- the archive ---- */

static int make_dir(const char *path, char *err, size_t len)
{
	if (mkdir(path, 0700) < 0 && errno != EEXIST) {
		snprintf(err, len, "cannot make directory '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* fsync()s the directory dir/sub (sub NULL: dir). 0, or -1 with err. */
static int sync_dir(const char *dir, const char *sub, char *err, size_t len)
{
	char *path = sub ? path_join(dir, sub) : xstrdup(dir);
	int ret = file_sync_dir(path);

	if (ret < 0)
		snprintf(err, len, "cannot sync '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

/*
 * After moves from sub/ to the archive's sub/ (made by the first of
 * them): both directories, and the archive that holds the new one,
 * synced, so the moves are on disk before results.jsonl is replaced.
 */
static int sync_moves(struct delta *d, struct results *r, const char *sub, char *err, size_t len)
{
	if (sync_dir(results_dir(r), sub, err, len) < 0 || sync_dir(d->archive, sub, err, len) < 0)
		return -1;
	return sync_dir(d->archive, NULL, err, len);
}

const char *incremental_archive(struct delta *d, struct results *r, char *err, size_t len)
{
	char *top;

	if (d->archive)
		return d->archive;
	top = path_join(results_dir(r), RESULTS_ARCHIVE);
	if (make_dir(top, err, len) < 0) {
		free(top);
		return NULL;
	}
	for (int n = 1;; n++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_init(&sb);
		strbuf_addf(&sb, "%s/%d", top, n);
		if (mkdir(sb.buf, 0700) == 0) {
			d->archive = strbuf_detach(&sb);
			break;
		}
		strbuf_release(&sb);
		if (errno != EEXIST) {
			snprintf(err, len, "cannot make directory '%s/%d': %s", top, n,
				 strerror(errno));
			free(top);
			return NULL;
		}
	}
	/* archive/N's entry (in archive/), and archive/'s (in the results directory) */
	if (file_sync_parent(d->archive) < 0 || file_sync_parent(top) < 0) {
		snprintf(err, len, "cannot sync the directories that hold '%s': %s", d->archive,
			 strerror(errno));
		free(top);
		return NULL;
	}
	free(top);
	return d->archive;
}

/*
 * Moves DIR/SUB/NAME to ARCHIVE/SUB/NAME when it exists: 1 if it moved,
 * 0 if there was none, -1 with err. The caller syncs (sync_moves()).
 */
static int move_to_archive(struct delta *d, struct results *r, const char *sub, const char *name,
			   char *err, size_t len)
{
	struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;
	const char *arch;
	int ret = -1;

	strbuf_init(&from);
	strbuf_init(&to);
	strbuf_addf(&from, "%s/%s/%s", results_dir(r), sub, name);
	if (access(from.buf, F_OK) < 0) {
		ret = 0;
		goto out;
	}
	if (!(arch = incremental_archive(d, r, err, len)))
		goto out;
	strbuf_addf(&to, "%s/%s", arch, sub);
	if (make_dir(to.buf, err, len) < 0)
		goto out;
	strbuf_addf(&to, "/%s", name);
	if (rename(from.buf, to.buf) < 0) {
		snprintf(err, len, "cannot move '%s' to '%s': %s", from.buf, to.buf,
			 strerror(errno));
		goto out;
	}
	ret = 1;
out:
	strbuf_release(&from);
	strbuf_release(&to);
	return ret;
}

int incremental_archive_builds(struct delta *d, struct results *r, char *err, size_t len)
{
	int builds = 0, feedback = 0;

	for (int i = 0; i < d->n; i++) {
		struct strbuf log = STRBUF_INIT;
		int a = 0, b = 0, c = 0;

		if (d->bots[i].state != BOT_CHANGED && d->bots[i].state != BOT_REMOVED)
			continue;
		strbuf_init(&log);
		strbuf_addf(&log, "%s.log", d->bots[i].name);
		if ((a = move_to_archive(d, r, RESULTS_BUILDS, d->bots[i].name, err, len)) >= 0)
			b = move_to_archive(d, r, RESULTS_BUILDS, log.buf, err, len);
		strbuf_reset(&log);
		strbuf_addf(&log, "%s.txt", d->bots[i].name);
		if (a >= 0 && b >= 0 && d->bots[i].state == BOT_REMOVED)
			c = move_to_archive(d, r, RESULTS_FEEDBACK, log.buf, err, len);
		strbuf_release(&log);
		if (a < 0 || b < 0 || c < 0)
			return -1;
		builds |= a || b;
		feedback |= c;
	}
	if ((builds && sync_moves(d, r, RESULTS_BUILDS, err, len) < 0) ||
	    (feedback && sync_moves(d, r, RESULTS_FEEDBACK, err, len) < 0))
		return -1;
	return 0;
}

/*
 * The game id a file of a game is named for: NAME less one of the
 * endings the referee and the arena give it (ID.log, ID.err,
 * ID.seatN.stderr, ID.html; a bot-logs/ID directory has none), into id;
 * 0, or -1 when it has none of them. Endings, not dots: bot names (and so
 * ids) may hold dots.
 */
static int id_of(const char *name, int whole, char *id, size_t len)
{
	static const char *const ends[] = { ".log", ".err", ".html", ".stderr" };
	size_t n = strlen(name);

	if (whole)
		return (size_t)snprintf(id, len, "%s", name) < len ? 0 : -1;
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t k = strlen(ends[i]);

		if (n <= k || strcmp(name + n - k, ends[i]) || n - k >= len)
			continue;
		snprintf(id, len, "%.*s", (int)(n - k), name);
		if (i == 3) { /* ID.seatN.stderr */
			char *dot = strrchr(id, '.');

			if (!dot || strncmp(dot, ".seat", 5) || !dot[5] ||
			    strspn(dot + 5, "0123456789") != strlen(dot + 5))
				return -1;
			*dot = '\0';
		}
		return 0;
	}
	return -1;
}

/* Moves what sub/ holds of the games in ids to the archive's sub/. */
static int archive_sub(struct delta *d, struct results *r, const char *sub, int whole,
		       const struct strset *ids, char *err, size_t len)
{
	char *path = path_join(results_dir(r), sub), id[512];
	DIR *dir = opendir(path);
	struct dirent *e;
	struct strvec names;
	int ret = 0;

	free(path);
	strvec_init(&names);
	while (dir && (e = readdir(dir)))
		if (e->d_name[0] != '.' && id_of(e->d_name, whole, id, sizeof(id)) == 0 &&
		    strset_has(ids, id))
			strvec_push(&names, e->d_name);
	if (dir)
		closedir(dir);
	for (size_t i = 0; i < names.nr && ret >= 0; i++) {
		int m = move_to_archive(d, r, sub, names.items[i], err, len);

		ret = m < 0 ? -1 : ret | m;
	}
	if (ret > 0)
		ret = sync_moves(d, r, sub, err, len);
	strvec_release(&names);
	return ret < 0 ? -1 : 0;
}

/*
 * Moves the records of the games in ids to the archive: logs/ID.*, the
 * bots' stderr in bot-logs/ID/, the game's page pages/ID.html (a replayed
 * game keeps its id: an old page would show the old game).
 */
static int archive_records(struct delta *d, struct results *r, const struct strset *ids,
			   char *err, size_t len)
{
	if (archive_sub(d, r, RESULTS_LOGS, 0, ids, err, len) < 0 ||
	    archive_sub(d, r, RESULTS_BOT_LOGS, 1, ids, err, len) < 0 ||
	    archive_sub(d, r, RESULTS_PAGES, 0, ids, err, len) < 0)
		return -1;
	return 0;
}

/* Is any bot of the line's "bots" changed or removed? (Counts it against each.) */
static int stale_bots(struct delta *d, const struct result_strs *bots, int count)
{
	int stale = 0;

	for (int i = 0; i < bots->n; i++) {
		struct bot_delta *b = incremental_find(d, bots->v[i]);

		if (bots->v[i][0] == '@')
			continue; /* a house seat (no bot name starts with '@') */
		if (!b || b->state == BOT_CHANGED || b->state == BOT_REMOVED)
			stale = 1;
	}
	if (!stale || !count)
		return stale;
	/* count the game once per bot, however many seats it held */
	for (int k = 0; k < d->n; k++) {
		for (int i = 0; i < bots->n; i++)
			if (!strcmp(bots->v[i], d->bots[k].name)) {
				d->bots[k].archived++;
				break;
			}
	}
	return 1;
}

/* The game ids of shard k of n of s, each with its fixture. */
static json_t *fixture_map(const struct schedule *s, int k, int n)
{
	json_t *map = json_object();

	for (int i = 0; i < s->ngames; i++)
		if (!n || schedule_in_shard(&s->games[i], k, n))
			json_object_set_new(map, s->games[i].id, json_integer(i));
	return map;
}

/* Does the stored line's "bots" name the bots g seats? */
static int same_seats(const struct config *c, const struct fixture *g,
		      const struct result_strs *bots)
{
	if (bots->n != g->nseats)
		return 0;
	for (int p = 0; p < g->nseats; p++)
		if (strcmp(bots->v[p], config_entrant(c, g->bot[p])->name))
			return 0;
	return 1;
}

/*
 * Is a stored line of game g (NULL: not in this schedule or shard)
 * superseded? bots is the line's "bots" (NULL for a failed.jsonl line,
 * whose bots are the schedule's); count: count it against its bots.
 */
static int superseded(struct delta *d, const struct config *c, const struct fixture *g,
		      const struct result_strs *bots, int count)
{
	if (bots)
		return stale_bots(d, bots, count) || !g || !same_seats(c, g, bots);
	if (!g)
		return 1;
	for (int p = 0; p < g->nseats; p++) {
		struct bot_delta *b = incremental_find(d, config_entrant(c, g->bot[p])->name);

		if (b && b->state == BOT_CHANGED)
			return 1;
	}
	return 0;
}


/*
 * Splits the lines of the results directory's file name into kept (their
 * index rewritten) and gone (superseded), adding each superseded id to
 * ids. A torn last line is dropped (its game is played again).
 */
static int split_file(struct delta *d, struct results *r, const char *name,
		      const struct schedule *s, const struct config *c, json_t *map,
		      struct strbuf *kept, struct strbuf *gone, struct strset *ids, char *err,
		      size_t len)
{
	char *path = path_join(results_dir(r), name);
	struct strbuf sb = STRBUF_INIT;
	struct jsonl_line l = { NULL, 0, 0, 0, 0 };
	struct result o;
	struct failed_game f;
	char why[256];
	size_t pos = 0;
	int results = !strcmp(name, RESULTS_FILE), ret = -1;

	strbuf_init(&sb);
	result_init(&o);
	failed_game_init(&f);
	if (jsonl_slurp(path, &sb) < 0 && errno != ENOENT) {
		snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	while (jsonl_next(sb.buf, sb.len, &pos, &l) && l.complete) {
		const char *id;
		const struct fixture *g;
		json_t *at;
		int bad;

		bad = results ? result_parse(&o, l.text, l.len, why, sizeof(why)) < 0 :
				failed_game_parse(&f, l.text, l.len, why, sizeof(why)) < 0;
		id = bad ? NULL : results ? o.game : f.game;
		if (!id) {
			snprintf(err, len, "%s:%d: not a result line (the file is damaged: move it "
				 "aside, or start over with --fresh)", path, l.lineno);
			goto out;
		}
		at = json_object_get(map, id);
		g = at ? &s->games[json_integer_value(at)] : NULL;
		if (superseded(d, c, g, results ? &o.bots : NULL, results)) {
			strbuf_add(gone, l.text, l.len);
			strbuf_addch(gone, '\n');
			strset_add(ids, id);
			d->archived += results;
			continue;
		}
		/* a kept line takes its game's index in the new schedule */
		if (results) {
			o.has_index = 1;
			o.index = g->index;
			if (result_format(&o, kept, err, len) < 0)
				goto out;
		} else {
			f.has_index = 1;
			f.index = g->index;
			failed_game_format(&f, kept);
		}
		strbuf_addch(kept, '\n');
		d->kept += results;
	}
	ret = 0;
out:
	result_release(&o);
	failed_game_release(&f);
	strbuf_release(&sb);
	free(path);
	return ret;
}

/* Writes text to ARCHIVE/name (0600) and syncs it. 0, or -1 with err. */
static int write_archived(struct delta *d, struct results *r, const char *name,
			  const struct strbuf *text, char *err, size_t len)
{
	const char *arch = incremental_archive(d, r, err, len);
	char *path;
	int fd, ret = -1;

	if (!arch)
		return -1;
	path = path_join(arch, name);
	fd = file_open_private(path, 1, err, len);
	if (fd >= 0) {
		if (file_write_all(fd, text->buf, text->len) < 0 || fsync(fd) < 0 ||
		    file_sync_parent(path) < 0)
			snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		else
			ret = 0;
		close(fd);
	}
	free(path);
	return ret;
}

int incremental_reconcile(struct delta *d, struct results *r, const struct schedule *s,
			  const struct config *c, int k, int n, char *err, size_t len)
{
	static const char *const files[] = { RESULTS_FILE, RESULTS_FAILED };
	json_t *map = fixture_map(s, k, n);
	struct strbuf kept[2], gone[2];
	struct strset ids;
	int ret = -1;

	strset_init(&ids);
	for (int f = 0; f < 2; f++) {
		strbuf_init(&kept[f]);
		strbuf_init(&gone[f]);
	}
	for (int f = 0; f < 2; f++)
		if (split_file(d, r, files[f], s, c, map, &kept[f], &gone[f], &ids, err, len) < 0)
			goto out;
	/* first the archive, synced; then the files without the superseded lines */
	for (int f = 0; f < 2; f++)
		if (gone[f].len && write_archived(d, r, files[f], &gone[f], err, len) < 0)
			goto out;
	if (archive_records(d, r, &ids, err, len) < 0)
		goto out;
	for (int f = 0; f < 2; f++) {
		char *path = path_join(results_dir(r), files[f]);
		int there = access(path, F_OK) == 0;

		free(path);
		if ((there || kept[f].len) &&
		    results_replace(r, files[f], kept[f].buf, kept[f].len, err, len) < 0)
			goto out;
	}
	ret = 0;
out:
	for (int f = 0; f < 2; f++) {
		strbuf_release(&kept[f]);
		strbuf_release(&gone[f]);
	}
	strset_release(&ids);
	json_decref(map);
	return ret;
}
