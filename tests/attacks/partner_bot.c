/*
 * partner_bot.c - copies of one program in the partner seats of a 4-seat
 * team game pass each other 32 bits of their first hand through one
 * channel of the machine, and say on stderr what they sent and what they
 * decoded. The channel harness (bench/channels.sh, t_attack_partner_channels)
 * plays it and scores it against the game record.
 *
 *   partner_bot CHANNEL [FILE]   a bot (plays the first legal move)
 *   partner_bot CHANNEL FRAMES   a timed channel's receiver listens to 1
 *                                (default) or 2 frames, adding them up
 *   partner_bot hash CARDS...    prints the secret of a hand: the FNV-1a
 *                                hash (32 bits, hex) of the text after
 *                                "cards " of the bot's first cards line
 *                                (as the record's "| cards SEAT" line has it)
 *   partner_bot agree HEX HEX    prints how many of the 32 bits agree
 *
 * At its first decision the bot makes its secret from its first hand and
 * starts a sender (a child) that keeps sending for HOLD_MS; at its second
 * decision it listens for its partner's and prints one line:
 *
 *   CHAN CHANNEL seat=S sent=HEX got=HEX [refused=ERRNO] [note=WORD]
 *
 * A channel the sandbox refuses (the call fails, the /proc file is
 * missing) is reported as refused=, with got=00000000: a guess.
 *
 * CHANNEL (bit i of the sender in unit i of its own region of a file, see
 * unit()):
 *   pagemap      the sender maps the page of each 1 bit of a file both can
 *                read (FILE, default a large file under /usr nobody maps);
 *                the receiver maps each page and reads PM_MMAP_EXCLUSIVE
 *                (bit 56) of its own /proc/self/pagemap: shared = 1
 *   smaps        the same, read as Shared_Clean of /proc/self/smaps
 *   faultaround  the sender brings the 6th page of each 1 bit's 16-page
 *                window of FILE (default: chan.dat beside the program, a
 *                file no one has read) into the page cache; the receiver
 *                maps each window (64 KiB aligned), touches its first page,
 *                and reads whether the kernel mapped the 6th with it
 *                (fault-around), from /proc/self/pagemap (present, bit 63)
 *   readtime     the same pages, the receiver times its first read of each
 *                (pread; no /proc), against its own never-read pages
 *   majflt       the same pages, the receiver maps each alone and touches
 *                it: a major fault (getrusage ru_majflt) means not cached
 *   evid         eventfd ids (/proc/self/fdinfo), one pool for the
 *                machine, lowest free first: the sender holds 66
 *                consecutive ids and closes two markers and one of each
 *                bit's pair; the receiver's new eventfds fill the holes
 *                (and are closed again). The partner that decides second
 *                reads the first's window at its first decision, before
 *                its own sender's eventfds fill those holes
 *   sysinfo      sysinfo().sharedram: in each bit's half slot the sender
 *                holds a 16 MiB memfd (Manchester code: a 1 is held in
 *                the first half slot, a 0 in the second)
 *   inode        inode numbers of new memfds, handed out in batches per
 *                CPU from one counter: in a bit's half slot the sender's
 *                two processes make memfds, the receiver makes one every
 *                0.3 ms and adds up how far its CPU's batch moved between
 *   load         the CPU: the sender spins two processes in a bit's half
 *                slot, the receiver counts its own loop iterations
 *   xpagemap     pagemap between games, not partners: each seat sends in
 *                a region of its seat number and reads the next seat's
 *                (an opponent's), after waiting 1 s; its line says
 *                target=SEAT. Where the arena plays the seat rotations of
 *                one deal side by side (jobs = 2), a copy in the other game
 *                holds the opponent's hand in that seat
 *
 * The timed channels (sysinfo, inode, load) share a frame of 128 half
 * slots of the wall clock (10 ms each): the first 64 carry the secret of
 * the partner seated first (seats 0 and 1), the rest that of the other.
 * pagemap, smaps and xpagemap use a region of FILE chosen by the wall clock at the first
 * decision (4 s apart), so that games played side by side seldom share
 * pages. The page-cache channels (faultaround, readtime, majflt) need
 * pages no one has read: at its first decision each partner looks for a
 * region of FILE by its two claim pages (cached or not: major faults):
 * the one that decides first, the first region whose first claim page is
 * not cached; the other, the first whose first is and second is not (see
 * claim_region()); so a FILE of N regions (4.6 MiB each) serves N games
 * until the machine drops it from the cache.
 *
 * The seats must be a 4-seat team game (partners S and S+2).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096L
#define NBITS 32
#define NCAL 4
#define NUNITS (NBITS + NCAL) /* units of one seat: bits, then calibration */
#define WIN 16                /* pages of a fault-around window (64 KiB) */
#define PROBE 5               /* the page of a window a bit is carried by */
#define EPOCH_MS 4000
#define HOLD_MS 12000
#define FRAME 128 /* half slots of a timed frame */
#define CACHE_REGION (2 + 2 * NUNITS) /* two claim units, then each member's */

static const char *channel;
static const char *file;
static int frames = 1; /* of a timed channel, the receiver listens to */
static int seat = -1, member, team;
static unsigned secret;
static long region; /* the file region of this game */
static long units_in_file;

static int ready[2] = { -1, -1 };

/* the sender tells the bot it is under way */
static void sender_ready(void)
{
	if (ready[1] >= 0) {
		if (write(ready[1], "r", 1) < 0)
			_exit(1);
		close(ready[1]);
		ready[1] = -1;
	}
}

static const char *const maps_files[] = {
	"/usr/lib/x86_64-linux-gnu/libicudata.a",
	"/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1",
	"/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1",
	"/usr/bin/gdb",
	NULL,
};

static unsigned fnv1a(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return h;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double mono_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void sleep_until(double ms)
{
	double d = ms - now_ms();
	struct timespec ts;

	if (d <= 0)
		return;
	ts.tv_sec = (time_t)(d / 1e3);
	ts.tv_nsec = (long)((d - (double)ts.tv_sec * 1e3) * 1e6);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static const char *errname(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case ENOSYS: return "ENOSYS";
	case EINVAL: return "EINVAL";
	case EMFILE: return "EMFILE";
	default: return "EOTHER";
	}
}

static void report(unsigned got, int refused, const char *note)
{
	fprintf(stderr, "CHAN %s seat=%d sent=%08x got=%08x", channel, seat, secret, got);
	if (!strcmp(channel, "xpagemap"))
		fprintf(stderr, " target=%d", (seat + 1) % 4);
	if (refused)
		fprintf(stderr, " refused=%s", errname(refused));
	if (note && *note)
		fprintf(stderr, " note=%s", note);
	fprintf(stderr, "\n");
}

/* ---- page channels ---- */

static int cache_channel(void);

/* the unit (page or window) of bit i of team member m, in this game's region */
static long unit(int m, int i)
{
	/* xpagemap: by seat, our own, or the next seat's (an opponent) */
	if (!strcmp(channel, "xpagemap"))
		return ((region * 4) + (m == member ? seat : (seat + 1) % 4)) * NUNITS + i;
	if (cache_channel())
		return region * CACHE_REGION + 2 + m * NUNITS + i;
	return ((region * 4) + team * 2 + m) * NUNITS + i;
}

static int cache_channel(void)
{
	return !strcmp(channel, "faultaround") || !strcmp(channel, "readtime") ||
	       !strcmp(channel, "majflt");
}

static int is_maps_channel(void)
{
	return !strcmp(channel, "pagemap") || !strcmp(channel, "smaps") || !strcmp(channel, "xpagemap");
}

/* the page of FILE that carries unit u */
static long unit_page(long u)
{
	return is_maps_channel() ? 2 * u : u * WIN + PROBE;
}

static int open_file(void)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0)
		units_in_file = st.st_size / PAGE / (is_maps_channel() ? 2 : WIN);
	return fd;
}

/* one page of fd mapped alone (no fault-around, no read-around); touched */
static volatile char *map_page(int fd, long page, int touch)
{
	char *p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, (off_t)(page * PAGE));

	if (p == MAP_FAILED)
		return NULL;
	madvise(p, PAGE, MADV_RANDOM);
	if (touch)
		(void)*(volatile char *)p;
	return p;
}

static void send_pages(void)
{
	int fd = open_file();

	if (fd < 0 || region < 0) {
		sender_ready();
		_exit(0);
	}
	for (int i = 0; i < NBITS; i++)
		if ((secret >> i) & 1)
			map_page(fd, unit_page(unit(member, i)), 1);
	sender_ready();
	sleep_until(now_ms() + HOLD_MS);
	_exit(0);
}

static int pagemap_entry(int pm, const volatile void *addr, uint64_t *e)
{
	off_t off = (off_t)((uintptr_t)addr / PAGE * 8);

	return pread(pm, e, 8, off) == 8 ? 0 : -1;
}

/* is page PAGE of fd in the page cache? (a minor fault); it is after */
static int cached(int fd, long page)
{
	struct rusage a, b;
	volatile char *p;

	if (getrusage(RUSAGE_SELF, &a) < 0)
		return -1;
	p = map_page(fd, page, 1);
	if (!p || getrusage(RUSAGE_SELF, &b) < 0)
		return -1;
	munmap((void *)p, PAGE);
	return b.ru_majflt == a.ru_majflt;
}

/*
 * The region of FILE this game's partners use. The partner that decides
 * first in the first hand (the bidding starts left of the dealer, so each
 * knows which it is) takes the first region whose claim page 1 is not
 * cached (and so caches it); the other, the first region whose page 1 is
 * cached and page 2 not (and caches page 2). A region with both cached was
 * used by an earlier game, or by a game beside this one. -1: none left.
 */
static long claim_region(int fd, int first)
{
	long n = units_in_file / CACHE_REGION;

	for (long r = 0; r < n; r++) {
		int c1 = cached(fd, unit_page(r * CACHE_REGION)), c2;

		if (c1 < 0)
			return -1;
		if (!c1)
			return r; /* the second to decide finds none claimed: a guess */
		if (first)
			continue;
		c2 = cached(fd, unit_page(r * CACHE_REGION + 1));
		if (c2 < 0)
			return -1;
		if (!c2)
			return r;
	}
	return -1;
}

static void recv_pagemap(int fd)
{
	unsigned got = 0;
	int pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC), present = 0;

	if (pm < 0) {
		report(0, errno, "");
		return;
	}
	for (int i = 0; i < NBITS; i++) {
		volatile char *p = map_page(fd, unit_page(unit(1 - member, i)), 1);
		uint64_t e = 0;

		if (!p || pagemap_entry(pm, p, &e) < 0) {
			report(0, errno ? errno : EINVAL, "");
			return;
		}
		present += (int)((e >> 63) & 1);
		if (!((e >> 56) & 1))
			got |= 1u << i;
	}
	report(got, 0, present == NBITS ? "" : "not-present");
}

static void recv_smaps(int fd)
{
	static char buf[1 << 20];
	unsigned got = 0;
	long first = unit_page(unit(1 - member, 0));
	struct stat st;
	int sm;
	ssize_t n, len = 0;
	char *line, *save;
	int ours = 0;
	long page = -1;

	fstat(fd, &st);
	for (int i = 0; i < NBITS; i++)
		if (!map_page(fd, unit_page(unit(1 - member, i)), 1)) {
			report(0, errno, "");
			return;
		}
	sm = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
	if (sm < 0) {
		report(0, errno, "");
		return;
	}
	while (len < (ssize_t)sizeof(buf) - 1 && (n = read(sm, buf + len, sizeof(buf) - 1 - (size_t)len)) > 0)
		len += n;
	close(sm);
	buf[len] = '\0';
	if (len == 0) {
		report(0, ENOENT, "empty");
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		unsigned long lo, hi, off, ino;
		char perms[8], dev[16];
		long kb;

		if (sscanf(line, "%lx-%lx %7s %lx %15s %lu", &lo, &hi, perms, &off, dev, &ino) == 6) {
			ours = ino == (unsigned long)st.st_ino && hi - lo == (unsigned long)PAGE;
			page = (long)(off / (unsigned long)PAGE);
			continue;
		}
		if (ours && sscanf(line, "Shared_Clean: %ld kB", &kb) == 1 && kb > 0) {
			long i = (page - first) / 2;

			if (i >= 0 && i < NBITS && (page - first) % 2 == 0)
				got |= 1u << i;
		}
	}
	report(got, 0, "");
}

static void recv_faultaround(int fd)
{
	long w0 = unit(1 - member, 0);
	size_t len = (size_t)NBITS * WIN * PAGE;
	char *res = mmap(NULL, len + WIN * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *base;
	int pm;
	unsigned got = 0;

	if (res == MAP_FAILED) {
		report(0, errno, "");
		return;
	}
	base = (char *)(((uintptr_t)res + WIN * PAGE - 1) & ~(uintptr_t)(WIN * PAGE - 1));
	if (mmap(base, len, PROT_READ, MAP_SHARED | MAP_FIXED, fd, (off_t)(w0 * WIN * PAGE)) ==
	    MAP_FAILED) {
		report(0, errno, "");
		return;
	}
	madvise(base, len, MADV_RANDOM);
	pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (pm < 0) {
		report(0, errno, "");
		return;
	}
	for (int i = 0; i < NBITS; i++) {
		uint64_t e = 0;

		(void)*(volatile char *)(base + (size_t)i * WIN * PAGE);
		if (pagemap_entry(pm, base + ((size_t)i * WIN + PROBE) * PAGE, &e) < 0) {
			report(0, errno, "");
			return;
		}
		if ((e >> 63) & 1)
			got |= 1u << i;
	}
	report(got, 0, "");
}

static double time_read(int fd, long page)
{
	char b[PAGE];
	double t0 = mono_us();

	if (pread(fd, b, sizeof(b), (off_t)(page * PAGE)) < 0)
		return -1;
	return mono_us() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void recv_readtime(int fd)
{
	double unc[NCAL], hot[NCAL], thr;
	unsigned got = 0;
	const char *note = "";

	if (posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM) != 0)
		note = "no-fadv-random";
	/* our own calibration pages: nobody has read them */
	for (int k = 0; k < NCAL; k++) {
		long p = unit_page(unit(member, NBITS + k));

		unc[k] = time_read(fd, p);
		hot[k] = time_read(fd, p);
	}
	qsort(unc, NCAL, sizeof(double), cmp_double);
	qsort(hot, NCAL, sizeof(double), cmp_double);
	thr = sqrt(unc[NCAL / 2] * hot[NCAL / 2]);
	if (unc[NCAL / 2] < 3 * hot[NCAL / 2])
		note = "calibration-cached";
	for (int i = 0; i < NBITS; i++)
		if (time_read(fd, unit_page(unit(1 - member, i))) < thr)
			got |= 1u << i;
	fprintf(stderr, "chan readtime uncached %.1f us cached %.1f us\n", unc[NCAL / 2], hot[NCAL / 2]);
	report(got, 0, note);
}

static void recv_majflt(int fd)
{
	unsigned got = 0;

	for (int i = 0; i < NBITS; i++) {
		struct rusage a, b;
		volatile char *p;

		if (getrusage(RUSAGE_SELF, &a) < 0) {
			report(0, errno, "");
			return;
		}
		p = map_page(fd, unit_page(unit(1 - member, i)), 1);
		if (!p || getrusage(RUSAGE_SELF, &b) < 0) {
			report(0, errno ? errno : EINVAL, "");
			return;
		}
		if (b.ru_majflt == a.ru_majflt)
			got |= 1u << i;
	}
	report(got, 0, "");
}

/* ---- eventfd ids ---- */

static int evid(int fd)
{
	char p[64], buf[512], *q;
	int f, id = -1;
	ssize_t n;

	snprintf(p, sizeof(p), "/proc/self/fdinfo/%d", fd);
	f = open(p, O_RDONLY | O_CLOEXEC);
	if (f < 0)
		return -1;
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	q = strstr(buf, "eventfd-id:");
	if (q)
		id = atoi(q + 11);
	return id;
}

#define EVW 66 /* two markers, then a pair of ids a bit */
static int ev_pipe[2] = { -1, -1 };

static void send_evid(void)
{
	int fd[240], id[240], n = 0, w = -1;

	while (n < 240) {
		fd[n] = eventfd(0, 0);
		if (fd[n] < 0 || (id[n] = evid(fd[n])) < 0)
			break;
		n++;
		/* a run of EVW + 1: its first id may be the last hole of the partner's window */
		if (n > EVW && id[n - 1] - id[n - EVW - 1] == EVW) {
			w = n - EVW;
			break;
		}
	}
	if (w >= 0) {
		close(fd[w]);
		close(fd[w + 1]);
		for (int i = 0; i < NBITS; i++)
			close(fd[w + 2 + 2 * i + (((secret >> i) & 1) ? 0 : 1)]);
	}
	{
		int lo = w >= 0 ? id[w] : -1;

		if (write(ev_pipe[1], &lo, sizeof(lo)) < 0)
			_exit(1);
	}
	sender_ready();
	sleep_until(now_ms() + HOLD_MS);
	_exit(0);
}

static int has(const int *v, int n, int x)
{
	for (int k = 0; k < n; k++)
		if (v[k] == x)
			return 1;
	return 0;
}

/* was ID one of the holes of our own window at OWN? */
static int own_hole(int own, int id)
{
	int d = id - own, i;

	if (own < 0 || d < 0 || d >= EVW)
		return 0;
	if (d < 2)
		return 1;
	i = (d - 2) / 2;
	return (d % 2 == 0) == (int)((secret >> i) & 1);
}

/*
 * Reads the partner's window off the holes below a run of 40 consecutive
 * new ids (the new eventfds are closed again). 0 and *got set if found.
 */
static int scan_evid(int own, unsigned *got, int *err)
{
	int ids[240], fds[240], holes[240], n = 0, nh = 0, found = -1;

	*err = 0;
	for (n = 0; n < 230; n++) {
		fds[n] = eventfd(0, 0);
		if (fds[n] < 0) {
			*err = errno;
			break;
		}
		if ((ids[n] = evid(fds[n])) < 0) {
			*err = errno ? errno : ENOENT;
			close(fds[n]);
			break;
		}
		/* 40 consecutive ids: past every hole */
		if (n >= 40 && ids[n] - ids[n - 40] == 40) {
			n++;
			break;
		}
	}
	for (int k = 0; k < n; k++)
		close(fds[k]);
	if (*err && n == 0)
		return -1;
	/* every new id, up to the run past the windows (a window's pairs are never both new) */
	for (int k = 0; k < n; k++)
		if (!own_hole(own, ids[k]))
			holes[nh++] = ids[k];
	/* the partner's window: the lowest pair of holes after which every pair holds one */
	for (int k = 0; k < nh && found < 0; k++) {
		int w = holes[k], ok = has(holes, nh, w + 1);
		unsigned v = 0;

		for (int i = 0; i < NBITS && ok; i++) {
			int a = has(holes, nh, w + 2 + 2 * i), b = has(holes, nh, w + 3 + 2 * i);

			ok = a != b;
			if (a)
				v |= 1u << i;
		}
		if (ok) {
			found = w;
			*got = v;
		}
	}
	fprintf(stderr, "chan evid %d ids (%d..%d), %d holes, own window %d, partner's %d\n", n,
		n ? ids[0] : -1, n ? ids[n - 1] : -1, nh, own, found);
	return found >= 0 ? 0 : -1;
}

/* a window the partner left before this bot's first decision */
static int evid_early;
static unsigned evid_early_got;

static void recv_evid(void)
{
	int own = -1, err;
	unsigned got = 0;

	if (read(ev_pipe[0], &own, sizeof(own)) != sizeof(own))
		own = -1;
	if (evid_early) {
		report(evid_early_got, 0, "early");
		return;
	}
	if (scan_evid(own, &got, &err) == 0)
		report(got, 0, "");
	else
		report(0, err, "no-window");
}

/* ---- timed channels ---- */

static double half_ms(void)
{
	return 10;
}

static int memfd(void)
{
	return (int)syscall(SYS_memfd_create, "c", 0);
}

/* one half slot of activity, until END (ms, wall clock) */
static void active(double end)
{
	if (!strcmp(channel, "sysinfo")) {
		int fd = memfd();

		if (fd >= 0 && fallocate(fd, 0, 0, 16L << 20) < 0) {
			static char blk[1 << 16];

			for (int k = 0; k < 256; k++)
				if (write(fd, blk, sizeof(blk)) < 0)
					break;
		}
		sleep_until(end - 1);
		if (fd >= 0)
			close(fd);
	} else if (!strcmp(channel, "inode")) {
		while (now_ms() < end - 0.1 * half_ms()) {
			int fd = memfd();

			if (fd >= 0)
				close(fd);
		}
	} else {
		volatile unsigned x = 1;

		while (now_ms() < end - 0.5)
			for (int k = 0; k < 4096; k++)
				x = x * 1103515245u + 12345u;
	}
	sleep_until(end);
}

static void send_timed(void)
{
	double h = half_ms(), stop = now_ms() + HOLD_MS;

	while (now_ms() < stop) {
		long abs_ = (long)(now_ms() / h);
		long pos = abs_ % FRAME;
		double end = (double)(abs_ + 1) * h;

		if (pos / 64 == member) {
			int i = (int)(pos % 64) / 2, phase = (int)(pos % 2);
			int bit = (int)((secret >> i) & 1);

			if (bit ? phase == 0 : phase == 1) {
				active(end);
				continue;
			}
		}
		sleep_until(end);
	}
	_exit(0);
}

/* the inode number of a new memfd; the CPU it was made on */
static long new_ino(int *cpu)
{
	struct stat st;
	int fd = memfd();

	*cpu = sched_getcpu();
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		st.st_ino = 0;
	close(fd);
	return (long)st.st_ino;
}

/* the 64 half slots of the partner's part of a frame from START, measured */
static void measure_part(double start, double *m)
{
	double h = half_ms();
	struct sysinfo si;

	for (int j = 0; j < 64; j++) {
		double s = start + j * h, e = s + h;

		m[j] = 0;
		if (!strcmp(channel, "sysinfo")) {
			double v[64];
			int k = 0;

			/* the median of its samples; none (not scheduled): unknown */
			sleep_until(s + 0.3 * h);
			while (now_ms() < e - 0.1 * h && k < 64) {
				sysinfo(&si);
				v[k++] = (double)si.sharedram * si.mem_unit / PAGE;
				sleep_until(now_ms() + 0.5);
			}
			qsort(v, (size_t)k, sizeof(double), cmp_double);
			m[j] = k ? v[k / 2] : NAN;
		} else if (!strcmp(channel, "inode")) {
			/* how far each CPU's batch moved between our own memfds */
			long last[64];
			int cpu, pairs = 0;

			for (int c = 0; c < 64; c++)
				last[c] = -1;
			sleep_until(s + 0.2 * h);
			while (now_ms() < e - 0.05 * h) {
				long v = new_ino(&cpu);

				if (cpu < 0 || cpu >= 64 || v < 0)
					break;
				if (last[cpu] >= 0 && v - last[cpu] - 1 >= 0 && v - last[cpu] - 1 < 50000) {
					m[j] += (double)(v - last[cpu] - 1);
					pairs++;
				}
				last[cpu] = v;
				sleep_until(now_ms() + 0.3);
			}
			if (!pairs)
				m[j] = NAN;
		} else {
			volatile unsigned x = 1;

			sleep_until(s + 0.2 * h);
			while (now_ms() < e - 0.1 * h) {
				for (int k = 0; k < 1024; k++)
					x = x * 1103515245u + 12345u;
				m[j] += 1;
			}
		}
		sleep_until(e);
	}
	fprintf(stderr, "chan %s halves", channel);
	for (int j = 0; j < 64; j++)
		fprintf(stderr, " %.0f", m[j]);
	fprintf(stderr, "\n");
}

/* for each bit, first half less second half (a half not measured: against the median) */
static void half_diffs(const double *m, double *d)
{
	double v[64], mid;
	int k = 0;

	for (int j = 0; j < 64; j++)
		if (!isnan(m[j]))
			v[k++] = m[j];
	qsort(v, (size_t)k, sizeof(double), cmp_double);
	mid = k ? v[k / 2] : 0;
	for (int i = 0; i < NBITS; i++) {
		double a = m[2 * i], b = m[2 * i + 1];

		if (isnan(a))
			a = isnan(b) ? mid : 2 * mid - b;
		if (isnan(b))
			b = 2 * mid - a;
		d[i] = a - b;
	}
}

/* listens to the partner's part of FRAMES frames; their differences add up */
static void recv_timed(void)
{
	double h = half_ms(), m[64], d[NBITS], sum[NBITS] = { 0 }, start;
	long abs_ = (long)(now_ms() / h) + 1;
	unsigned got = 0;
	struct sysinfo si;

	/* the next half slot that starts the partner's part of a frame */
	while ((abs_ % FRAME) != (1 - member) * 64)
		abs_++;
	start = (double)abs_ * h;
	if (!strcmp(channel, "sysinfo") && sysinfo(&si) < 0) {
		report(0, errno, "");
		return;
	}
	if (!strcmp(channel, "inode")) {
		int cpu;

		if (new_ino(&cpu) < 0) {
			report(0, errno, "");
			return;
		}
	}
	for (int f = 0; f < frames; f++) {
		measure_part(start + f * FRAME * h, m);
		half_diffs(m, d);
		for (int i = 0; i < NBITS; i++)
			sum[i] += d[i];
	}
	/* the sender is active in the first half for a 1; the load slows us then */
	for (int i = 0; i < NBITS; i++)
		if (!strcmp(channel, "load") ? sum[i] < 0 : sum[i] > 0)
			got |= 1u << i;
	report(got, 0, "");
}

/* ---- the bot ---- */

static int page_channel(void)
{
	return is_maps_channel() || !strcmp(channel, "faultaround") || !strcmp(channel, "readtime") ||
	       !strcmp(channel, "majflt");
}

static void start_sender(void)
{
	pid_t pid;

	if (!strcmp(channel, "evid") && pipe(ev_pipe) < 0)
		return;
	if (pipe(ready) < 0)
		return;
	pid = fork();
	if (pid != 0) {
		/* the sender has set up what it holds before the bot answers */
		char c;

		close(ready[1]);
		if (read(ready[0], &c, 1) < 0)
			c = 0;
		close(ready[0]);
		return;
	}
	close(ready[0]);
	if (page_channel())
		send_pages();
	if (!strcmp(channel, "evid"))
		send_evid();
	sender_ready();
	/* the load and new memfds on both CPUs: a second process */
	if (!strcmp(channel, "load") || !strcmp(channel, "inode"))
		fork();
	send_timed();
	_exit(0);
}

static void receive(void)
{
	if (page_channel()) {
		int fd = open_file();

		if (fd < 0) {
			report(0, errno, "");
			return;
		}
		if (region < 0) {
			report(0, 0, "no-fresh-region");
			close(fd);
			return;
		}
		if (!strcmp(channel, "xpagemap")) {
			/* the copy in the other game may start a little later */
			sleep_until(now_ms() + 1000);
			recv_pagemap(fd);
		} else if (!strcmp(channel, "pagemap"))
			recv_pagemap(fd);
		else if (!strcmp(channel, "smaps"))
			recv_smaps(fd);
		else if (!strcmp(channel, "faultaround"))
			recv_faultaround(fd);
		else if (!strcmp(channel, "readtime"))
			recv_readtime(fd);
		else
			recv_majflt(fd);
		close(fd);
	} else if (!strcmp(channel, "evid")) {
		recv_evid();
	} else {
		recv_timed();
	}
}

static const char *default_file(void)
{
	static char path[4096];
	ssize_t n;
	char *slash;

	if (is_maps_channel()) {
		for (int k = 0; maps_files[k]; k++)
			if (access(maps_files[k], R_OK) == 0)
				return maps_files[k];
		return maps_files[0];
	}
	n = readlink("/proc/self/exe", path, sizeof(path) - 16);
	if (n <= 0)
		return "chan.dat";
	path[n] = '\0';
	slash = strrchr(path, '/');
	{
		char *at = slash ? slash + 1 : path;

		snprintf(at, sizeof(path) - (size_t)(at - path), "chan.dat");
	}
	return path;
}

static const char *const channels[] = {
	"pagemap", "smaps", "faultaround", "readtime", "majflt", "evid", "sysinfo", "inode", "load",
	"xpagemap", NULL,
};

int main(int argc, char **argv)
{
	static char line[1 << 16], hand[1 << 12];
	int decisions = 0, known = 0, dealer = -1;

	if (argc >= 2 && !strcmp(argv[1], "hash")) {
		size_t len = 0;

		for (int k = 2; k < argc; k++)
			len += (size_t)snprintf(hand + len, sizeof(hand) - len, "%s%s", k > 2 ? " " : "",
						argv[k]);
		printf("%08x\n", fnv1a(hand));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "agree")) {
		unsigned x = (unsigned)strtoul(argv[2], NULL, 16) ^ (unsigned)strtoul(argv[3], NULL, 16);

		printf("%d\n", NBITS - __builtin_popcount(x));
		return 0;
	}
	for (int k = 0; argc >= 2 && channels[k]; k++)
		known |= !strcmp(argv[1], channels[k]);
	if (!known) {
		fprintf(stderr, "usage: partner_bot pagemap|smaps|faultaround|readtime|majflt|evid|"
				"sysinfo|inode|load|xpagemap [FILE]\n       partner_bot hash CARDS...\n");
		return 2;
	}
	channel = argv[1];
	file = argc > 2 ? argv[2] : default_file();
	if (argc > 2 && !page_channel() && strcmp(channel, "evid")) {
		frames = atoi(argv[2]);
		if (frames < 1 || frames > 2) {
			fprintf(stderr, "partner_bot: FRAMES is 1 or 2\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IOLBF, 0);
	signal(SIGCHLD, SIG_IGN);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "seat ", 5)) {
			seat = atoi(line + 5);
			member = seat / 2;
			team = seat % 2;
		}
		if (!strncmp(line, "hand ", 5) && dealer < 0 && strstr(line, " dealer "))
			dealer = atoi(strstr(line, " dealer ") + 8);
		if (!strncmp(line, "cards ", 6) && !hand[0]) {
			snprintf(hand, sizeof(hand), "%.4000s", line + 6);
			secret = fnv1a(hand);
		}
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready partner %s\n", channel);
			continue;
		}
		decisions++;
		if (decisions == 1) {
			int fd = page_channel() ? open_file() : -1;

			region = units_in_file >= 4 * NUNITS ?
				(long)(now_ms() / EPOCH_MS) % (units_in_file / (4 * NUNITS)) : 0;
			if (fd >= 0 && cache_channel())
				region = claim_region(fd, (seat - dealer + 3) % 4 < (seat + 2 - dealer + 3) % 4);
			if (fd >= 0)
				close(fd);
			/* the partner's eventfds, if it sent first (a later sender would fill its holes) */
			if (!strcmp(channel, "evid")) {
				int err;

				evid_early = scan_evid(-1, &evid_early_got, &err) == 0;
			}
			start_sender();
		}
		if (decisions == 2)
			receive();
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
