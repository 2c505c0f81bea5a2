/*
 * sandbox_cgroup.c - a control group of its own for every bot (and build
 * step), where the machine lets the referee make one.
 *
 * rlimits cannot say what a bot really uses: RLIMIT_AS counts reserved
 * address space (a JVM without -Xmx, Go and Node reserve far more than
 * they touch), RLIMIT_NPROC counts every process of a uid, and a tree's
 * CPU time is only seen while its processes live. A cgroup counts the
 * whole tree exactly: resident memory with page cache (tmpfs and memfds
 * included) and no swap, processes and threads, CPU time of everything
 * that ever ran in it; and it knows when its memory limit killed a
 * process, and the peak it reached.
 *
 * Two layouts: cgroup v2 (one directory; the referee's own cgroup must
 * let it enable the memory and pids controllers below it, which a
 * delegated subtree or root does) and cgroup v1 (a directory in each of
 * the memory, pids and cpuacct hierarchies). Groups are made only below
 * the referee's own cgroup, named euchre-arena.PID.N; a referee removes
 * each of its groups when the bot has been reaped, and the groups of
 * referees that are gone (killed by SIGKILL) when it starts. No other
 * cgroup is ever written.
 *
 * The sandbox's init joins the group (cgroup_join(), async-signal-safe)
 * after building the bot's view and before dropping its ids, so the bot
 * and everything it starts are in it from their first instruction.
 */
#include "sandbox_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

#define CG_PREFIX "euchre-arena."

enum { CG_MEM, CG_PIDS, CG_CPU, CG_NCTL };

static const char *const v1_names[CG_NCTL] = { "memory", "pids", "cpuacct" };

struct sandbox_cgroup {
	int v2;
	char *dir[CG_NCTL];    /* per controller; NULL where it shares another's (dir_of()) */
	int procs[CG_NCTL];    /* cgroup.procs, open for the init to join; -1 */
};

/* What the probe found: set once (sandbox_cgroup_probe), read-only after. */
static struct {
	int off;                  /* sandbox_cgroups_off() was called */
	int mode;                 /* 0: none, 1: v1, 2: v2 */
	char *parent[CG_NCTL];    /* the referee's own cgroup, per controller */
	/*
	 * same[i]: the first controller whose hierarchy is controller i's (v2:
	 * all 0; v1 with memory and pids mounted together: pids is memory's)
	 */
	int same[CG_NCTL];
	unsigned long pidns;      /* our pid namespace's inode: pids in names mean it */
	int noswap;               /* a swap limit could be set (memsw, swap.max) */
	unsigned seq;
} cg;

void sandbox_cgroups_off(void)
{
	cg.off = 1;
}

/* ---- finding the referee's own cgroup --------------------------------- */

/* Copies a mountinfo field (octal escapes like \040 undone). */
static void unescape_field(const char *s, size_t n, char *out, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 1 < len; i++) {
		if (s[i] == '\\' && i + 3 < n && s[i + 1] >= '0' && s[i + 1] <= '3') {
			out[o++] = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		} else {
			out[o++] = s[i];
		}
	}
	out[o] = '\0';
}

/* Is tok one of the comma-separated words of list[0..n)? */
static int has_word(const char *list, size_t n, const char *tok)
{
	size_t t = strlen(tok);
	const char *p = list, *end = list + n;

	while (p < end) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		size_t w = c ? (size_t)(c - p) : (size_t)(end - p);

		if (w == t && !memcmp(p, tok, t))
			return 1;
		p += w + 1;
	}
	return 0;
}

/*
 * The mount of the hierarchy: fstype "cgroup" with ctl among its super
 * options (v1), or "cgroup2" (ctl NULL). Fills root and point. 0 or -1.
 * A line is "ID PARENT MAJ:MIN ROOT POINT OPTIONS [TAGS...] - TYPE SOURCE SUPER".
 */
static int find_mount(const char *mountinfo, const char *ctl, char *root, char *point,
		      size_t len)
{
	const char *line = mountinfo;

	while (line && *line) {
		const char *nl = strchr(line, '\n'), *end = nl ? nl : line + strlen(line);
		const char *f[32], *p = line;
		size_t fl[32];
		int nf = 0, dash = -1;

		while (p < end && nf < 32) {
			const char *sp = memchr(p, ' ', (size_t)(end - p));

			f[nf] = p;
			fl[nf] = sp ? (size_t)(sp - p) : (size_t)(end - p);
			if (fl[nf] == 1 && *p == '-' && dash < 0 && nf >= 6)
				dash = nf;
			nf++;
			p = sp ? sp + 1 : end;
		}
		if (dash > 0 && dash + 3 < nf) {
			const char *type = f[dash + 1];
			size_t tl = fl[dash + 1];
			int match = ctl ? tl == 6 && !memcmp(type, "cgroup", 6) &&
						  has_word(f[dash + 3], fl[dash + 3], ctl)
					: tl == 7 && !memcmp(type, "cgroup2", 7);

			if (match) {
				unescape_field(f[3], fl[3], root, len);
				unescape_field(f[4], fl[4], point, len);
				return 0;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	return -1;
}

int sandbox_cgroup_find(const char *mountinfo, const char *self_cgroup, const char *ctl,
			char *out, size_t len)
{
	char root[PATH_MAX], point[PATH_MAX];
	const char *line = self_cgroup, *path = NULL;
	size_t plen = 0, rl;

	if (find_mount(mountinfo, ctl, root, point, sizeof(root)) < 0)
		return -1;
	while (line && *line && !path) {
		const char *nl = strchr(line, '\n'), *end = nl ? nl : line + strlen(line);
		const char *c1 = memchr(line, ':', (size_t)(end - line));
		const char *c2 = c1 ? memchr(c1 + 1, ':', (size_t)(end - c1 - 1)) : NULL;

		if (c2 && (ctl ? has_word(c1 + 1, (size_t)(c2 - c1 - 1), ctl)
			       : c2 == c1 + 1 && c1 == line + 1 && line[0] == '0')) {
			path = c2 + 1;
			plen = (size_t)(end - path);
		}
		line = nl ? nl + 1 : NULL;
	}
	if (!path || !plen || path[0] != '/')
		return -1;
	/* the mount shows the hierarchy from root down: our path must be below it */
	rl = strcmp(root, "/") ? strlen(root) : 0;
	if (plen < rl || memcmp(path, root, rl) || (plen > rl && path[rl] != '/'))
		return -1;
	path += rl;
	plen -= rl;
	if (plen == 1)
		plen = 0; /* "/" itself */
	if ((size_t)snprintf(out, len, "%s%.*s", point, (int)plen, path) >= len)
		return -1;
	return 0;
}

/* ---- small file helpers ----------------------------------------------- */

static int write_file(const char *dir, const char *file, const char *text)
{
	char path[PATH_MAX];
	int fd, e;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/*
	 * a memory limit's write reclaims, and a signal ends it with EINTR
	 * whatever SA_RESTART says (the referee's timer: referee/sleep_read.c)
	 */
	for (int tries = 0; tries < 100; tries++) {
		n = write(fd, text, strlen(text));
		if (n >= 0 || errno != EINTR)
			break;
	}
	e = errno;
	close(fd);
	errno = e;
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* The file's text (at most len - 1 bytes), or -1. */
static ssize_t read_file(const char *dir, const char *file, char *buf, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* The number after "key " in a flat-keyed file (memory.events, cpu.stat...), or -1. */
static long long read_key(const char *dir, const char *file, const char *key)
{
	char buf[4096], *p = buf;
	size_t kl = strlen(key);

	if (read_file(dir, file, buf, sizeof(buf)) < 0)
		return -1;
	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ' ')
			return strtoll(p + kl + 1, NULL, 10);
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return -1;
}

static long long read_number(const char *dir, const char *file)
{
	char buf[64];

	if (read_file(dir, file, buf, sizeof(buf)) <= 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/* SIGKILLs every process listed in dir's cgroup.procs; how many were listed. */
static char *slurp(const char *path);

static int kill_listed(const char *dir)
{
	char path[PATH_MAX], *buf, *p;
	int n = 0;

	/* read to the end: the kernel hands the list out a page at a time */
	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	p = buf = slurp(path);
	if (!buf)
		return 0;
	while (*p) {
		char *end;
		long pid = strtol(p, &end, 10);

		if (end == p || (*end != '\n' && *end))
			break;
		if (pid > 0) {
			kill((pid_t)pid, SIGKILL);
			n++;
		}
		p = end + (*end == '\n');
	}
	free(buf);
	return n;
}

/*
 * Kills what is in dir (cgroup.kill where the kernel has it) and removes
 * it, trying for up to tries ms (its last processes may still be
 * exiting). 0 or -1.
 */
static int remove_group(const char *dir, int v2, int tries)
{
	struct timespec ms = { 0, 1000 * 1000 };

	if (v2)
		write_file(dir, "cgroup.kill", "1");
	for (int t = 0; t < tries; t++) {
		if (rmdir(dir) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -1;
		kill_listed(dir);
		nanosleep(&ms, NULL);
	}
	return -1;
}

/* ---- groups ----------------------------------------------------------- */

/*
 * Makes the group's directories, named euchre-arena.PID.N.NS (NS: our pid
 * namespace): a name that exists (a referee killed long ago had our pid)
 * makes us take the next N. 0, or -1 with err.
 */
static int make_dirs(struct sandbox_cgroup *c, char *err, size_t len)
{
	for (int attempt = 0; attempt < 16; attempt++) {
		unsigned n = __atomic_fetch_add(&cg.seq, 1, __ATOMIC_RELAXED);
		int i, e = 0;

		for (i = 0; i < CG_NCTL; i++) {
			struct strbuf sb = STRBUF_INIT;

			if (cg.same[i] != i)
				continue;
			strbuf_init(&sb);
			strbuf_addf(&sb, "%s/" CG_PREFIX "%ld.%u.%lu", cg.parent[i], (long)getpid(), n,
				    cg.pidns);
			c->dir[i] = strbuf_detach(&sb);
			if (mkdir(c->dir[i], 0755) < 0) {
				e = errno;
				break;
			}
		}
		if (!e)
			return 0;
		snprintf(err, len, "sandbox: cannot make the cgroup '%s': %s", c->dir[i],
			 strerror(e));
		free(c->dir[i]);
		c->dir[i] = NULL;
		while (--i >= 0) {
			if (c->dir[i])
				rmdir(c->dir[i]);
			free(c->dir[i]);
			c->dir[i] = NULL;
		}
		if (e != EEXIST)
			return -1;
	}
	return -1;
}

/* The directory of controller ctl (one directory may serve several). */
static const char *dir_of(const struct sandbox_cgroup *c, int ctl)
{
	return c->dir[cg.same[ctl]];
}

/*
 * Drops from the page cache what the bot's tree brought into it (pages
 * are charged to the group that first read them). A page a bot made
 * resident is a mark the next game's bot can time (a first read from
 * disk against one from memory): a program that held one side's cards
 * in one game would leave them for its copy in the next game of that deal
 * holding the other side's. Pages that were resident before the bot
 * (libraries another process loaded first) are charged elsewhere and
 * stay; a runtime this bot was the first to load goes, and the next
 * game's bot reads it again. The group must hold no process (v1 refuses
 * with EBUSY, so the tree is killed and the write tried again).
 */
static void forget_pages(const struct sandbox_cgroup *c)
{
	const char *dir = dir_of(c, CG_MEM);
	struct timespec ms = { 0, 1000 * 1000 };

	if (c->v2) {
		/* more than it can hold: EAGAIN once it has reclaimed what it could */
		write_file(dir, "memory.reclaim", "1099511627776");
		return;
	}
	for (int t = 0; t < 100; t++) {
		if (write_file(dir, "memory.force_empty", "0") == 0 || errno != EBUSY)
			return;
		kill_listed(dir);
		nanosleep(&ms, NULL);
	}
}

void sandbox_cgroup_free(struct sandbox_cgroup *c)
{
	if (!c)
		return;
	sandbox_cgroup_close_join(c);
	forget_pages(c);
	for (int i = CG_NCTL - 1; i >= 0; i--) {
		if (c->dir[i])
			remove_group(c->dir[i], c->v2, 1000);
		free(c->dir[i]);
	}
	free(c);
}

void sandbox_cgroup_close_join(struct sandbox_cgroup *c)
{
	for (int i = 0; i < CG_NCTL; i++) {
		if (c->procs[i] >= 0)
			close(c->procs[i]);
		c->procs[i] = -1;
	}
}

/* Sets the limits of a new group: memory without swap, processes. 0 or -1 (errno). */
static int set_limits(struct sandbox_cgroup *c, long mem_mb, long nproc, const char **what)
{
	char v[32];

	if (mem_mb > 0) {
		snprintf(v, sizeof(v), "%lld", (long long)mem_mb * 1024 * 1024);
		*what = c->v2 ? "memory.max" : "memory.limit_in_bytes";
		if (write_file(dir_of(c, CG_MEM), *what, v) < 0)
			return -1;
		/* no swap; a kernel without swap accounting has no such file */
		*what = c->v2 ? "memory.swap.max" : "memory.memsw.limit_in_bytes";
		if (write_file(dir_of(c, CG_MEM), *what, c->v2 ? "0" : v) < 0 && errno != ENOENT)
			return -1;
	}
	/* the init is in the group too */
	if (nproc > 0)
		snprintf(v, sizeof(v), "%ld", nproc + 1);
	else
		snprintf(v, sizeof(v), "max");
	*what = "pids.max";
	return write_file(dir_of(c, CG_PIDS), *what, v);
}

struct sandbox_cgroup *sandbox_cgroup_new(long mem_mb, long nproc, char *err, size_t len)
{
	struct sandbox_cgroup *c;
	const char *what = "";

	if (!cg.mode) {
		snprintf(err, len, "sandbox: no cgroup here");
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->v2 = cg.mode == 2;
	for (int i = 0; i < CG_NCTL; i++)
		c->procs[i] = -1;
	if (make_dirs(c, err, len) < 0)
		goto fail;
	if (set_limits(c, mem_mb, nproc, &what) < 0) {
		snprintf(err, len, "sandbox: cannot set %s of the cgroup: %s", what, strerror(errno));
		goto fail;
	}
	for (int i = 0; i < CG_NCTL; i++) {
		char path[PATH_MAX];

		if (!c->dir[i])
			continue;
		snprintf(path, sizeof(path), "%s/cgroup.procs", c->dir[i]);
		c->procs[i] = open(path, O_WRONLY | O_CLOEXEC);
		if (c->procs[i] < 0) {
			snprintf(err, len, "sandbox: cannot open '%s': %s", path, strerror(errno));
			goto fail;
		}
	}
	return c;
fail:
	sandbox_cgroup_free(c);
	return NULL;
}

int sandbox_cgroup_join(const struct sandbox_cgroup *c)
{
	for (int i = 0; i < CG_NCTL; i++)
		if (c->procs[i] >= 0 && write(c->procs[i], "0", 1) != 1)
			return -1;
	return 0;
}

double sandbox_cgroup_cpu_ms(const struct sandbox_cgroup *c)
{
	long long v;

	if (c->v2) {
		v = read_key(c->dir[0], "cpu.stat", "usage_usec");
		return v < 0 ? -1 : (double)v / 1e3;
	}
	v = read_number(dir_of(c, CG_CPU), "cpuacct.usage");
	return v < 0 ? -1 : (double)v / 1e6;
}

long sandbox_cgroup_peak_kb(const struct sandbox_cgroup *c)
{
	long long v = read_number(dir_of(c, CG_MEM), c->v2 ? "memory.peak" : "memory.max_usage_in_bytes");

	return v < 0 ? -1 : (long)(v / 1024);
}

int sandbox_cgroup_limit_hit(const struct sandbox_cgroup *c)
{
	long long peak, limit;

	if (c->v2)
		return read_key(c->dir[0], "memory.events", "max") > 0;
	/*
	 * v1's memory.failcnt stays 0 on the kernels we run (measured: 0 after
	 * an OOM kill at the limit), so: did the peak reach the limit? (within
	 * 4 MiB: reclaim keeps the last pages from being charged)
	 */
	peak = read_number(dir_of(c, CG_MEM), "memory.max_usage_in_bytes");
	limit = read_number(dir_of(c, CG_MEM), "memory.limit_in_bytes");
	return peak >= 0 && limit > 0 && peak + (4 << 20) >= limit;
}

long sandbox_cgroup_oom_kills(const struct sandbox_cgroup *c)
{
	return (long)read_key(dir_of(c, CG_MEM), c->v2 ? "memory.events" : "memory.oom_control",
			      "oom_kill");
}

void sandbox_cgroup_kill(const struct sandbox_cgroup *c)
{
	const char *dir = dir_of(c, CG_PIDS);

	if (c->v2 && write_file(dir, "cgroup.kill", "1") == 0)
		return;
	/* v1: the pids limit bounds how fast the tree can grow; a few rounds catch it */
	for (int round = 0; round < 100 && kill_listed(dir) > 0; round++)
		;
}

/* ---- the probe -------------------------------------------------------- */

/*
 * Is the group named name (euchre-arena.PID.N.NS, or .PID.ref.NS: a v2
 * leaf) one of a referee that is gone? Only a referee of our own pid
 * namespace can be asked after; and this runs before we make any group,
 * so one named with our own pid is a dead referee's too, but for our leaf.
 */
static int is_stale(const char *name)
{
	const char *p = name + strlen(CG_PREFIX), *tag;
	char *end;
	long pid = strtol(p, &end, 10);

	if (pid <= 0 || *end != '.')
		return 0;
	tag = end + 1;
	p = strchr(tag, '.');
	if (!p || strtoul(p + 1, &end, 10) != cg.pidns || *end)
		return 0;
	if (pid == (long)getpid())
		return strncmp(tag, "ref.", 4) != 0;
	return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

/*
 * Removes the groups of referees that are gone (a referee killed by
 * SIGKILL), trying each for a few ms only: one that cannot be removed
 * must not slow every referee down.
 */
static void remove_stale(const char *parent, int v2)
{
	DIR *d = opendir(parent);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[PATH_MAX];

		if (strncmp(e->d_name, CG_PREFIX, strlen(CG_PREFIX)) || !is_stale(e->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", parent, e->d_name);
		remove_group(path, v2, 5);
	}
	closedir(d);
}

/* Reads a /proc file whole into a new string, or NULL. */
static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	strbuf_init(&sb);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	close(fd);
	return strbuf_detach(&sb);
}

/* Does the space-separated controller list in buf (changed) hold memory and pids? */
static int memory_and_pids(char *buf)
{
	size_t n = strcspn(buf, "\n");

	for (size_t i = 0; i < n; i++)
		if (buf[i] == ' ')
			buf[i] = ',';
	return has_word(buf, n, "memory") && has_word(buf, n, "pids");
}

/*
 * cgroup v2: the memory and pids controllers must be enabled for our
 * children. Our own cgroup may have processes (us) only while it enables
 * none, so, as other sandboxes do, we move ourselves into a leaf
 * euchre-arena.PID.ref.NS first and then enable them; that works only
 * when we are alone in our cgroup (any other process there keeps the
 * kernel from enabling them). 0, or -1 with why.
 */
static int v2_setup(const char *own, char *why, size_t len)
{
	char buf[512], leaf[PATH_MAX], pid[32];

	if (read_file(own, "cgroup.controllers", buf, sizeof(buf)) < 0 ||
	    !memory_and_pids(buf)) {
		snprintf(why, len, "cgroup v2 at %.200s has no memory and pids controllers", own);
		return -1;
	}
	if (read_file(own, "cgroup.subtree_control", buf, sizeof(buf)) >= 0 && memory_and_pids(buf))
		return 0;
	if (write_file(own, "cgroup.subtree_control", "+memory +pids") == 0)
		return 0;
	if ((size_t)snprintf(leaf, sizeof(leaf), "%s/" CG_PREFIX "%ld.ref.%lu", own, (long)getpid(),
			     cg.pidns) >= sizeof(leaf)) {
		snprintf(why, len, "cgroup v2 path too long");
		return -1;
	}
	snprintf(pid, sizeof(pid), "%ld", (long)getpid());
	if ((mkdir(leaf, 0755) < 0 && errno != EEXIST) || write_file(leaf, "cgroup.procs", pid) < 0 ||
	    write_file(own, "cgroup.subtree_control", "+memory +pids") < 0) {
		snprintf(why, len, "cannot enable memory and pids below %.200s: %s", own,
			 strerror(errno));
		write_file(own, "cgroup.procs", pid);
		rmdir(leaf);
		return -1;
	}
	return 0;
}

/* Finds the hierarchy and our place in it; cg.mode stays 0 with why when there is none. */
static void find_parents(char *why, size_t len)
{
	char *mi = slurp("/proc/self/mountinfo"), *self = slurp("/proc/self/cgroup");
	char dir[PATH_MAX];

	if (!mi || !self) {
		snprintf(why, len, "cannot read /proc/self/mountinfo or /proc/self/cgroup");
		goto out;
	}
	if (sandbox_cgroup_find(mi, self, NULL, dir, sizeof(dir)) == 0 &&
	    v2_setup(dir, why, len) == 0) {
		cg.parent[0] = xstrdup(dir);
		for (int i = 0; i < CG_NCTL; i++)
			cg.same[i] = 0;
		cg.mode = 2;
		goto out;
	}
	for (int i = 0; i < CG_NCTL; i++) {
		if (sandbox_cgroup_find(mi, self, v1_names[i], dir, sizeof(dir)) < 0) {
			if (!*why)
				snprintf(why, len, "no %s cgroup controller mounted", v1_names[i]);
			for (int j = 0; j < i; j++) {
				free(cg.parent[j]);
				cg.parent[j] = NULL;
			}
			goto out;
		}
		cg.parent[i] = xstrdup(dir);
		/* controllers mounted together share one directory */
		cg.same[i] = i;
		for (int j = 0; j < i; j++)
			if (!strcmp(cg.parent[j], dir)) {
				cg.same[i] = j;
				break;
			}
	}
	cg.mode = 1;
	*why = '\0';
out:
	free(mi);
	free(self);
}

void sandbox_cgroup_probe(struct sandbox_info *in)
{
	struct sandbox_cgroup *c;
	char why[sizeof(in->cgroup_detail)] = "", err[256];

	if (cg.off) {
		snprintf(why, sizeof(why), "turned off (--no-cgroup)");
		goto off;
	}
	{
		struct stat st;

		cg.pidns = stat("/proc/self/ns/pid", &st) == 0 ? (unsigned long)st.st_ino : 0;
	}
	find_parents(why, sizeof(why));
	if (!cg.mode)
		goto off;
	for (int i = 0; i < CG_NCTL; i++)
		if (cg.same[i] == i)
			remove_stale(cg.parent[i], cg.mode == 2);
	c = sandbox_cgroup_new(64, 8, err, sizeof(err));
	if (!c) {
		snprintf(why, sizeof(why), "%s", err + (strncmp(err, "sandbox: ", 9) ? 0 : 9));
		for (int i = 0; i < CG_NCTL; i++) {
			free(cg.parent[i]);
			cg.parent[i] = NULL;
		}
		cg.mode = 0;
		goto off;
	}
	{
		char swap[PATH_MAX];

		snprintf(swap, sizeof(swap), "%s/%s", dir_of(c, CG_MEM),
			 cg.mode == 2 ? "memory.swap.max" : "memory.memsw.limit_in_bytes");
		cg.noswap = access(swap, F_OK) == 0;
	}
	sandbox_cgroup_free(c);
	in->active[SANDBOX_CGROUP] = 1;
	snprintf(in->note[SANDBOX_CGROUP], sizeof(in->note[SANDBOX_CGROUP]),
		 "v%d: resident memory (%s), processes, CPU of the tree", cg.mode,
		 cg.noswap ? "no swap" : "swap not limited");
	snprintf(in->cgroup_detail, sizeof(in->cgroup_detail), "cgroups: below %.240s%s", cg.parent[0],
		 cg.mode == 1 ? " (and the pids and cpuacct hierarchies)" : "");
	return;
off:
	in->active[SANDBOX_CGROUP] = 0;
	snprintf(in->note[SANDBOX_CGROUP], sizeof(in->note[SANDBOX_CGROUP]),
		 "off: memory: address space only");
	snprintf(in->cgroup_detail, sizeof(in->cgroup_detail), "cgroups: none: %s", why);
}
