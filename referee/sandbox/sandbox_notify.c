/*
 * sandbox_notify.c - the init answers some of the bot's system calls.
 *
 * Two copies of one program in partner seats read each other's cards
 * through what the kernel tells a process about pages it shares with
 * others: whether a page of a file both can read is mapped by anyone else
 * (PM_MMAP_EXCLUSIVE in /proc/self/pagemap, Shared_Clean in smaps and
 * smaps_rollup, mapmax in numa_maps), the machine's eventfd ids
 * (/proc/self/fdinfo) and the machine's shared memory (sysinfo()'s
 * sharedram). A bot needs none of these; it needs the rest of its /proc
 * (the JVM reads maps, stat, cgroup and mountinfo; Node sysinfo()).
 *
 * So the bot's own opens never reach /proc: Landlock gives it no right
 * there (sandbox_child.c). Instead every open(), openat() and openat2()
 * of the bot stops in a seccomp user notification that the sandbox's init
 * receives. The init reads the path from the bot's memory once (a
 * relative one joined to the bot's cwd or directory fd, /etc/mtab taken
 * as the /proc/self/mounts it links to), and
 *  - a path under /proc that names an allowed file, to read: the init
 *    opens it itself, beneath its /proc with no symlinks followed, and
 *    puts the fd into the bot (SECCOMP_IOCTL_NOTIF_ADDFD);
 *  - pagemap, smaps, smaps_rollup, numa_maps and fdinfo: EACCES;
 *  - the init's own files (PID 1, a clone of the referee): ENOENT, as
 *    hidepid has it for the bot;
 *  - anything else (a write, a path with "..", a link of /proc such as
 *    /proc/self/root/...): the kernel carries on with the call as the bot made
 *    it (SECCOMP_USER_NOTIF_FLAG_CONTINUE). That is safe even though the
 *    bot may change the path after the init read it: the kernel then
 *    opens it under the bot's Landlock, which refuses all of /proc.
 * sysinfo() is answered from the bot's own tree: its memory limit as the
 * total, what its processes hold subtracted for the free memory, its own
 * process count, no load, no shared or buffer memory, no swap.
 * A wait without a timeout on a shared futex, which no bot may make
 * (sandbox_filter.c), is held a few ms and then refused (held_add()).
 *
 * The init's time is spent in the bot's cgroup, so a bot that floods
 * opens pays for them. The init runs no glibc call that takes a lock
 * (it is a raw clone of the referee): system calls only.
 */
#include "sandbox_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>

#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5) /* Linux 5.19 */
#endif

#if defined(__x86_64__)
#define NOTIFY_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NOTIFY_ARCH AUDIT_ARCH_AARCH64
#endif

#ifdef NOTIFY_ARCH

/* the calls the init answers (open() does not exist on every architecture) */
#ifdef __NR_open
#define OPEN_JUMP 1
#else
#define OPEN_JUMP 0
#endif

/*
 * An argument's low and high 32-bit words (the two architectures above
 * are little-endian)
 */
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (ARG_LO(i) + 4)
/* futex's command and FUTEX_PRIVATE_FLAG (sandbox_filter.c) */
#define FUTEX_CMD_MASK 0xff

/*
 * Every jump is counted to the two returns at the end: from instruction
 * k, ALLOW is TO_ALLOW(k) ahead, USER_NOTIF one more.
 */
#define N_INSNS (17 + OPEN_JUMP)
#define TO_ALLOW(k) (N_INSNS - 2 - (k) - 1)
#define TO_NOTIF(k) (TO_ALLOW(k) + 1)

static struct sock_filter notify_insns[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	/* a foreign ABI is the main filter's to kill */
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NOTIFY_ARCH, 0, TO_ALLOW(1)),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#ifdef __NR_open
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, TO_NOTIF(3), 0),
#endif
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, TO_NOTIF(3 + OPEN_JUMP), 0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat2, TO_NOTIF(4 + OPEN_JUMP), 0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_sysinfo, TO_NOTIF(5 + OPEN_JUMP), 0),
	/*
	 * a wait without a timeout on a shared futex (FUTEX_WAIT 0,
	 * FUTEX_WAIT_BITSET 9, without FUTEX_PRIVATE_FLAG), which the main
	 * filter leaves to this one: held by the init (held_add())
	 */
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_futex, 0, TO_ALLOW(6 + OPEN_JUMP)),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(1)),
	BPF_STMT(BPF_ALU | BPF_AND | BPF_K, FUTEX_CMD_MASK),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 9, 0, TO_ALLOW(10 + OPEN_JUMP)),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(3)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, TO_ALLOW(12 + OPEN_JUMP)),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_HI(3)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, TO_NOTIF(14 + OPEN_JUMP), TO_ALLOW(14 + OPEN_JUMP)),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
};
_Static_assert(sizeof(notify_insns) / sizeof(notify_insns[0]) == N_INSNS,
	       "the notify filter's jumps are counted from N_INSNS");
static const struct sock_fprog notify_prog = {
	(unsigned short)(sizeof(notify_insns) / sizeof(notify_insns[0])), notify_insns
};

const struct sock_fprog *sandbox_notify_filter(void)
{
	return &notify_prog;
}

#else

const struct sock_fprog *sandbox_notify_filter(void)
{
	return NULL;
}

#endif

#define MAX_PARTS 64

/* A path cut into its names, "." and empty names gone, ".." applied. */
struct parts {
	const char *p[MAX_PARTS];
	size_t len[MAX_PARTS];
	int n;
};

static int is_name(const char *s, size_t len, const char *name)
{
	return strlen(name) == len && !memcmp(s, name, len);
}

static int is_number(const char *s, size_t len)
{
	if (!len || len > 9 || s[0] == '0')
		return 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static long number(const char *s, size_t len)
{
	long v = 0;

	for (size_t i = 0; i < len; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/*
 * Cuts path (NUL-terminated) into pt; -1 when it has too many names or
 * a "..": the kernel takes ".." after a link (/proc/self/root/..) from
 * where the link leads, which the names alone do not tell.
 */
static int split(const char *path, struct parts *pt)
{
	const char *s = path;

	pt->n = 0;
	while (*s) {
		const char *e = s;

		while (*e && *e != '/')
			e++;
		if (e == s || is_name(s, (size_t)(e - s), ".")) {
			/* nothing */
		} else if (is_name(s, (size_t)(e - s), "..")) {
			return -1;
		} else {
			if (pt->n == MAX_PARTS)
				return -1;
			pt->p[pt->n] = s;
			pt->len[pt->n++] = (size_t)(e - s);
		}
		s = *e ? e + 1 : e;
	}
	return 0;
}

/* What to do with an open. */
enum verdict { V_CONTINUE, V_DENY, V_SERVE, V_NONE };

/* The entries of a process's directory that are refused. */
static const char *const denied_entries[] = {
	"pagemap", "smaps", "smaps_rollup", "numa_maps", "fdinfo",
};

/* Entries whose names below are links to elsewhere: the kernel follows them under Landlock. */
static const char *const link_entries[] = {
	"fd", "map_files", "cwd", "root", "exe", "ns",
};

static int in_list(const char *s, size_t len, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (is_name(s, len, list[i]))
			return 1;
	return 0;
}

/* Appends the names pt[from..] to out (at *at, below /proc), each behind a '/'. */
static int put_parts(char *out, size_t len, size_t *at, const struct parts *pt, int from)
{
	for (int i = from; i < pt->n; i++) {
		if (*at + 1 + pt->len[i] + 1 > len)
			return -1;
		out[(*at)++] = '/';
		memcpy(out + *at, pt->p[i], pt->len[i]);
		*at += pt->len[i];
	}
	out[*at] = '\0';
	return 0;
}

static int put_text(char *out, size_t len, size_t *at, const char *text)
{
	size_t n = strlen(text);

	if (*at + n + 1 > len)
		return -1;
	memcpy(out + *at, text, n + 1);
	*at += n;
	return 0;
}

static int put_number(char *out, size_t len, size_t *at, long v)
{
	char num[24];

	sandbox_put_ulong(num, (unsigned long)v);
	return put_text(out, len, at, num);
}

/*
 * The verdict on an open of path (absolute, in the bot's root) by thread
 * tid of process tgid (both in the bot's namespace). V_SERVE fills rel:
 * the path to open relative to /proc ("." for /proc itself), with self
 * and thread-self turned into the caller's numbers.
 */
static enum verdict judge(const char *path, long tgid, long tid, char *rel, size_t len)
{
	struct parts pt;
	size_t at = 0;
	int i;

	if (split(path, &pt) < 0)
		return V_CONTINUE;
	if (pt.n == 0 || !is_name(pt.p[0], pt.len[0], "proc"))
		return V_CONTINUE;
	if (pt.n == 1)
		return put_text(rel, len, &at, ".") < 0 ? V_CONTINUE : V_SERVE;
	/* /proc/mounts and /proc/net are links to self/mounts and self/net */
	if (is_name(pt.p[1], pt.len[1], "mounts") || is_name(pt.p[1], pt.len[1], "net")) {
		if (put_number(rel, len, &at, tgid) < 0 || put_parts(rel, len, &at, &pt, 1) < 0)
			return V_CONTINUE;
		return V_SERVE;
	}
	if (is_name(pt.p[1], pt.len[1], "self")) {
		if (put_number(rel, len, &at, tgid) < 0)
			return V_CONTINUE;
	} else if (is_name(pt.p[1], pt.len[1], "thread-self")) {
		if (put_number(rel, len, &at, tgid) < 0 || put_text(rel, len, &at, "/task/") < 0 ||
		    put_number(rel, len, &at, tid) < 0)
			return V_CONTINUE;
	} else if (is_number(pt.p[1], pt.len[1])) {
		/*
		 * the init is a clone of the referee: none of its files; the
		 * bot does not see it (hidepid), so it does not exist
		 */
		if (number(pt.p[1], pt.len[1]) == 1)
			return V_NONE;
		if (put_number(rel, len, &at, number(pt.p[1], pt.len[1])) < 0)
			return V_CONTINUE;
	} else {
		/* a file of the machine (/proc/cpuinfo, /proc/sys/...) */
		if (put_parts(rel, len, &at, &pt, 1) < 0)
			return V_CONTINUE;
		memmove(rel, rel + 1, at);
		return V_SERVE;
	}
	i = 2;
	/* a thread's directory has the same entries */
	if (i < pt.n && is_name(pt.p[i], pt.len[i], "task") && i + 1 < pt.n &&
	    is_number(pt.p[i + 1], pt.len[i + 1]))
		i += 2;
	if (i < pt.n) {
		size_t nd = sizeof(denied_entries) / sizeof(denied_entries[0]);
		size_t nl = sizeof(link_entries) / sizeof(link_entries[0]);

		if (in_list(pt.p[i], pt.len[i], denied_entries, nd))
			return V_DENY;
		/* fd/3, cwd/x: a link the kernel follows to the real file */
		if (in_list(pt.p[i], pt.len[i], link_entries, nl) &&
		    (i + 1 < pt.n || !is_name(pt.p[i], pt.len[i], "fd")))
			return V_CONTINUE;
	}
	if (put_parts(rel, len, &at, &pt, 2) < 0)
		return V_CONTINUE;
	return V_SERVE;
}

/* Does path name self, thread-self, mounts or net (which need the caller's numbers)? */
static int judge_needs_self(const char *path)
{
	struct parts pt;

	if (split(path, &pt) < 0 || pt.n < 2)
		return 0;
	return is_name(pt.p[1], pt.len[1], "self") || is_name(pt.p[1], pt.len[1], "thread-self") ||
	       is_name(pt.p[1], pt.len[1], "mounts") || is_name(pt.p[1], pt.len[1], "net");
}

/* ---- the init's side --------------------------------------------------- */

/*
 * Reads a NUL-terminated string of the bot's at addr into buf, a page at
 * a time (an unmapped page ends it). 0, or -1.
 */
static int read_string(pid_t pid, unsigned long addr, char *buf, size_t len)
{
	size_t got = 0;

	while (got < len - 1) {
		size_t room = 4096 - ((addr + got) & 4095);
		struct iovec local, remote;
		ssize_t n;

		if (room > len - 1 - got)
			room = len - 1 - got;
		local.iov_base = buf + got;
		local.iov_len = room;
		remote.iov_base = (void *)(addr + got);
		remote.iov_len = room;
		n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
		if (n <= 0)
			return -1;
		if (memchr(buf + got, '\0', (size_t)n))
			return 0;
		got += (size_t)n;
	}
	return -1;
}

/* The process (thread group) of thread tid, from its status; -1 when gone. */
static long tgid_of(int procfd, long tid)
{
	char path[48], buf[512], *p;
	int fd;
	ssize_t n;

	p = sandbox_put_ulong(path, (unsigned long)tid);
	memcpy(p, "/status", 8);
	fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, "\nTgid:");
	if (!p)
		return -1;
	p += 6;
	while (*p == ' ' || *p == '\t')
		p++;
	{
		long v = 0;

		while (*p >= '0' && *p <= '9')
			v = v * 10 + (*p++ - '0');
		return v;
	}
}

/*
 * Where the bot's link /proc/TID/SUFFIX ("cwd", "fd/3") leads, through
 * the init's view of the same files (the same root), into out: 0, or -1
 * when it leads to no path (then the kernel resolves, under Landlock).
 */
static int proc_link_of(int procfd, long tid, const char *suffix, long n, char *out,
			size_t len)
{
	char link[64], *p;
	ssize_t got;

	p = sandbox_put_ulong(link, (unsigned long)tid);
	*p++ = '/';
	memcpy(p, suffix, strlen(suffix) + 1);
	if (n >= 0)
		sandbox_put_ulong(p + strlen(suffix), (unsigned long)n);
	got = readlinkat(procfd, link, out, len - 1);
	if (got <= 0 || out[0] != '/')
		return -1;
	out[got] = '\0';
	return 0;
}

static void respond(int lis, __u64 id, long val, int error, int cont)
{
	struct seccomp_notif_resp resp;

	memset(&resp, 0, sizeof(resp));
	resp.id = id;
	resp.val = val;
	resp.error = error;
	resp.flags = cont ? SECCOMP_USER_NOTIF_FLAG_CONTINUE : 0;
	ioctl(lis, SECCOMP_IOCTL_NOTIF_SEND, &resp);
}

/* Opens rel beneath procfd for the bot, and puts the fd into it. */
static void serve_open(int lis, int procfd, const struct seccomp_notif *req, const char *rel,
		       long flags)
{
	struct open_how how;
	struct seccomp_notif_addfd add;
	int fd, keep = O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	long rc;

	/* a write: the kernel decides, under the bot's Landlock (no writes in /proc) */
	if ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC | O_APPEND))) {
		respond(lis, req->id, 0, 0, 1);
		return;
	}
	memset(&how, 0, sizeof(how));
	how.flags = (unsigned long long)((flags & keep) | O_RDONLY | O_CLOEXEC);
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, procfd, rel, &how, sizeof(how));
	if (fd < 0) {
		respond(lis, req->id, 0, -errno, 0);
		return;
	}
	memset(&add, 0, sizeof(add));
	add.id = req->id;
	add.flags = SECCOMP_ADDFD_FLAG_SEND;
	add.srcfd = (unsigned)fd;
	add.newfd_flags = (flags & O_CLOEXEC) ? O_CLOEXEC : 0;
	rc = ioctl(lis, SECCOMP_IOCTL_NOTIF_ADDFD, &add);
	if (rc < 0 && errno != ENOENT)
		respond(lis, req->id, 0, -errno, 0);
	close(fd);
}

/*
 * Links of the view that lead into /proc, taken as the paths they name
 * (the kernel would follow them under the bot's Landlock, which refuses
 * /proc): a program that reads /etc/mtab reads its mounts. path (of
 * PATH_MAX at least) is replaced when its names are a link's.
 */
static void proc_link_name(char *path)
{
	static const char *const links[][3] = {
		{ "etc", "mtab", "/proc/self/mounts" },
	};
	struct parts pt;

	if (split(path, &pt) < 0 || pt.n != 2)
		return;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (is_name(pt.p[0], pt.len[0], links[i][0]) &&
		    is_name(pt.p[1], pt.len[1], links[i][1]))
			memcpy(path, links[i][2], strlen(links[i][2]) + 1);
}

/* One open (open, openat or openat2) of the bot. */
static void on_open(int lis, int procfd, const struct seccomp_notif *req)
{
	char path[4096], full[2 * 4096 + 2], rel[4096 + 64];
	int dirfd = AT_FDCWD, nr = req->data.nr;
	unsigned long addr;
	long flags, tgid = 0;
	enum verdict v;

	if (nr == __NR_openat || nr == __NR_openat2) {
		dirfd = (int)req->data.args[0];
		addr = (unsigned long)req->data.args[1];
		flags = (long)req->data.args[2];
	} else {
		addr = (unsigned long)req->data.args[0];
		flags = (long)req->data.args[1];
	}
	if (nr == __NR_openat2) {
		/* its flags are in a struct open_how; the init resolves as strictly as any */
		struct open_how how;
		struct iovec local = { &how, sizeof(how) };
		struct iovec remote = { (void *)(unsigned long)req->data.args[2], sizeof(how) };

		memset(&how, 0, sizeof(how));
		if (req->data.args[3] < sizeof(how.flags) ||
		    process_vm_readv((pid_t)req->pid, &local, 1, &remote, 1, 0) <
			    (ssize_t)sizeof(how.flags)) {
			respond(lis, req->id, 0, 0, 1);
			return;
		}
		flags = (long)how.flags;
	}
	/* an empty path, O_PATH and O_TMPFILE are the kernel's (under Landlock) */
	if (read_string((pid_t)req->pid, addr, path, sizeof(path)) < 0 || !path[0] ||
	    (flags & O_PATH) || (flags & __O_TMPFILE) == __O_TMPFILE) {
		respond(lis, req->id, 0, 0, 1);
		return;
	}
	/* "status/": the kernel wants a directory there */
	if (path[strlen(path) - 1] == '/')
		flags |= O_DIRECTORY;
	if (path[0] == '/') {
		memcpy(full, path, strlen(path) + 1);
	} else {
		/* relative: to the cwd, or to a directory fd (of /proc or not) */
		int base = dirfd == AT_FDCWD ?
				   proc_link_of(procfd, (long)req->pid, "cwd", -1, full, 4096) :
				   proc_link_of(procfd, (long)req->pid, "fd/", dirfd, full, 4096);
		size_t at;

		if (base < 0) {
			respond(lis, req->id, 0, 0, 1);
			return;
		}
		at = strlen(full);
		full[at++] = '/';
		memcpy(full + at, path, strlen(path) + 1);
	}
	proc_link_name(full);
	v = judge(full, -1, -1, rel, sizeof(rel));
	if (v == V_CONTINUE) {
		/* nothing done for the bot: a stale id only fails the answer */
		respond(lis, req->id, 0, 0, 1);
		return;
	}
	if (v == V_SERVE && judge_needs_self(full)) {
		tgid = tgid_of(procfd, (long)req->pid);
		v = tgid < 0 ? V_CONTINUE : judge(full, tgid, (long)req->pid, rel, sizeof(rel));
	}
	/* the memory read above was of the process that made the call */
	if (ioctl(lis, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id) < 0)
		return;
	if (v == V_DENY)
		respond(lis, req->id, 0, -EACCES, 0);
	else if (v == V_NONE)
		respond(lis, req->id, 0, -ENOENT, 0);
	else if (v == V_CONTINUE)
		respond(lis, req->id, 0, 0, 1);
	else
		serve_open(lis, procfd, req, rel, flags);
}

/* What the bot's processes hold (bytes resident) and how many there are. */
static void tree_usage(int procfd, unsigned long *rss, unsigned short *procs)
{
	char buf[4096], path[48], stat[128];
	int dfd = openat(procfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long page = (long)getauxval(AT_PAGESZ);

	*rss = 0;
	*procs = 0;
	if (dfd < 0)
		return;
	for (;;) {
		long n = syscall(SYS_getdents64, dfd, buf, sizeof(buf));

		if (n <= 0)
			break;
		for (long off = 0; off < n;) {
			struct {
				unsigned long long ino;
				long long off;
				unsigned short reclen;
				unsigned char type;
				char name[];
			} *d = (void *)(buf + off);
			size_t nl = strlen(d->name);

			off += d->reclen;
			if (!is_number(d->name, nl) || number(d->name, nl) == 1 || nl > 20)
				continue;
			memcpy(path, d->name, nl);
			memcpy(path + nl, "/statm", 7);
			{
				int fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
				ssize_t r = fd < 0 ? -1 : read(fd, stat, sizeof(stat) - 1);
				char *p = stat;
				unsigned long res = 0;

				if (fd >= 0)
					close(fd);
				if (r <= 0)
					continue;
				stat[r] = '\0';
				while (*p && *p != ' ')
					p++;
				while (*p == ' ')
					p++;
				while (*p >= '0' && *p <= '9')
					res = res * 10 + (unsigned long)(*p++ - '0');
				*rss += res * (unsigned long)page;
				(*procs)++;
			}
		}
	}
	close(dfd);
}

/* sysinfo() from the bot's own tree (see the top of this file). */
static void on_sysinfo(int lis, int procfd, const struct seccomp_notif *req,
		       unsigned long limit)
{
	struct sysinfo mine, out;
	struct iovec local, remote;
	unsigned long rss;

	memset(&out, 0, sizeof(out));
	if (sysinfo(&mine) == 0) {
		unsigned long total = (unsigned long)mine.totalram * mine.mem_unit;

		out.uptime = mine.uptime;
		out.totalram = limit && limit < total ? limit : total;
	}
	tree_usage(procfd, &rss, &out.procs);
	out.freeram = out.totalram > rss ? out.totalram - rss : 0;
	out.mem_unit = 1;
	local.iov_base = &out;
	local.iov_len = sizeof(out);
	remote.iov_base = (void *)(unsigned long)req->data.args[0];
	remote.iov_len = sizeof(out);
	if (ioctl(lis, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id) < 0)
		return;
	if (process_vm_writev((pid_t)req->pid, &local, 1, &remote, 1, 0) != (ssize_t)sizeof(out))
		respond(lis, req->id, 0, -EFAULT, 0);
	else
		respond(lis, req->id, 0, 0, 0);
}

/*
 * Shared futex waits without a timeout (the filter above). The kernel
 * would find a shared futex's sleepers by file and offset, whoever maps
 * it, so no bot may sleep on one (sandbox_filter.c); answered at once
 * with EAGAIN, the usual callers (glibc's pthread_join, which the JVM's
 * launcher runs for the whole life of the JVM, libstdc++'s futures)
 * look again and spin, a CPU each. So the init holds each such call for
 * HOLD_MS and only then answers EAGAIN: the caller looks again every
 * HOLD_MS, at the cost of a round trip to the init, instead of
 * spinning. Nothing is ever waited on in the kernel, so a wake still
 * reaches nobody, and the hold's length is the same for every call.
 * Up to HOLD_MAX calls are held at once (one a thread); the rest are
 * answered at once, as before.
 */
#define HOLD_MS 2
#define HOLD_MAX 256

struct held {
	__u64 id[HOLD_MAX];
	long long due[HOLD_MAX]; /* CLOCK_MONOTONIC, in ns */
	int n;
};

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void held_add(int lis, struct held *h, const struct seccomp_notif *req)
{
	if (h->n == HOLD_MAX) {
		respond(lis, req->id, 0, -EAGAIN, 0);
		return;
	}
	h->id[h->n] = req->id;
	h->due[h->n] = now_ns() + HOLD_MS * 1000000LL;
	h->n++;
}

/*
 * Answers every held call that is due (one whose thread is gone fails
 * the answer, harmlessly). The ms until the next is due, or -1: none.
 */
static int held_answer(int lis, struct held *h)
{
	long long now = now_ns(), next = -1;
	int k = 0;

	for (int i = 0; i < h->n; i++) {
		if (h->due[i] <= now) {
			respond(lis, h->id[i], 0, -EAGAIN, 0);
			continue;
		}
		if (next < 0 || h->due[i] - now < next)
			next = h->due[i] - now;
		h->id[k] = h->id[i];
		h->due[k++] = h->due[i];
	}
	h->n = k;
	return next < 0 ? -1 : (int)((next + 999999) / 1000000);
}

/* One notification: received, judged, answered (or held). */
static void on_notify(int lis, int procfd, unsigned long limit, struct held *h)
{
	struct seccomp_notif req;

	memset(&req, 0, sizeof(req));
	if (ioctl(lis, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0)
		return;
	if (req.data.nr == __NR_sysinfo)
		on_sysinfo(lis, procfd, &req, limit);
	else if (req.data.nr == __NR_futex)
		held_add(lis, h, &req);
	else
		on_open(lis, procfd, &req);
}

/* Receives the listener the bot sends over sock (SCM_RIGHTS); -1 if none came. */
int sandbox_notify_receive(int sock)
{
	return sandbox_recv_fd(sock, MSG_LISTENER, 0);
}

/* In the bot: loads the filter with a listener and sends it to the init. 0 or -1. */
int sandbox_notify_install(int sock)
{
	const struct sock_fprog *prog = sandbox_notify_filter();
	int fd, rc;

	if (!prog)
		return -1;
	/*
	 * once the init has the call, a signal no longer interrupts it (Linux
	 * 5.19): else a handler without SA_RESTART made open() fail with
	 * EINTR, which it never does on a file
	 */
	fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			  SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV,
			  prog);
	if (fd < 0 && errno == EINVAL)
		fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
				  SECCOMP_FILTER_FLAG_NEW_LISTENER, prog);
	if (fd < 0)
		return -1;
	rc = sandbox_send_fd(sock, MSG_LISTENER, fd);
	close(fd);
	return rc;
}

/*
 * The init's loop while the bot lives: answers the listener lis and
 * reaps; returns the bot's wait status once it ended. limit: the bot's
 * memory in bytes (0: none).
 */
int sandbox_notify_serve(int lis, pid_t bot, unsigned long limit)
{
	static struct held held; /* the init's alone: it is a process of its own */
	sigset_t chld;
	struct pollfd pfd[2];
	int sfd, procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
	held.n = 0;
	for (;;) {
		int st, wait_ms;
		pid_t w;

		while ((w = waitpid(-1, &st, __WALL | WNOHANG)) > 0)
			if (w == bot)
				goto out;
		if (w < 0 && errno == ECHILD) {
			st = 0x7f00; /* cannot happen: the bot was our child */
			goto out;
		}
		pfd[0].fd = lis;
		pfd[0].events = POLLIN;
		pfd[0].revents = 0;
		pfd[1].fd = sfd;
		pfd[1].events = POLLIN;
		pfd[1].revents = 0;
		wait_ms = lis >= 0 ? held_answer(lis, &held) : -1;
		if (sfd < 0 && (wait_ms < 0 || wait_ms > 10))
			wait_ms = 10;
		if (poll(pfd, 2, wait_ms) < 0) {
			if (errno == EINTR)
				continue;
			/* no poll: the bot's calls fail (ENOSYS) once the listener is closed */
			pfd[0].revents = POLLERR;
			pfd[1].revents = 0;
		}
		if (pfd[1].revents & POLLIN) {
			struct signalfd_siginfo si;

			while (read(sfd, &si, sizeof(si)) > 0)
				;
		}
		if (pfd[0].revents & POLLIN)
			on_notify(lis, procfd, limit, &held);
		else if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			/* no process with the filter is left: wait for the bot alone */
			close(lis);
			lis = -1;
		}
		if (lis < 0) {
			while ((w = waitpid(-1, &st, __WALL)) != bot)
				if (w < 0 && errno != EINTR) {
					st = 0x7f00;
					break;
				}
			goto out;
		}
		continue;
out:
		if (lis >= 0) {
			/*
			 * what the bot left (it is gone) dies first: as PID 1
			 * our exit kills it anyway, but with the listener closed
			 * first its calls here, a held wait or an open, would
			 * fail with ENOSYS, and glibc aborts on that error
			 * ("The futex facility returned an unexpected error
			 * code") into the bot's log
			 */
			kill(-1, SIGKILL);
			close(lis);
		}
		if (sfd >= 0)
			close(sfd);
		if (procfd >= 0)
			close(procfd);
		return st;
	}
}

/* For the unit test: the verdict on path, with rel as judge() fills it. */
int sandbox_notify_judge(const char *path, long tgid, long tid, char *rel, size_t len)
{
	return (int)judge(path, tgid, tid, rel, len);
}
