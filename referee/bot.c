/*
 * bot.c - running a bot program: spawning, bounded reads and writes, and
 * stopping (see bot.h).
 *
 * The process is started by the sandbox (sandbox.c), which prepares
 * everything before fork() the way git's run-command.c does and reports
 * an exec failure to us. The referee's pipe ends are non-blocking and a
 * wait on a bot also drains that bot's stderr, so a bot can neither block
 * the referee nor be blocked by it while its time runs.
 *
 * Every live bot's stdout and stderr and the stop pipe are in one epoll
 * set, registered once when the bot starts. The answer that is due is
 * waited for in a read that sleeps (sleep_read.c): the request is written,
 * then one read of a blocking copy of the bot's stdout returns the answer,
 * as a raw pipe parent's would (bench/README.md, "Figures (a sleeping
 * read)", says what that saves against an epoll_wait() and a read). A
 * one-shot timer ends that read at the deadline, and every 10 ms to drain
 * the bot's stderr and look at the set; the stop's signal ends it at once.
 * Before each request the set is looked at once without waiting
 * (bot_has_output()), so output that came unasked from any bot, the one
 * about to be asked among them, is seen as it was when the wait itself was
 * an epoll_wait(): the set then stops reporting it (so no look spins)
 * until that output is read. So a decision costs three system calls: that
 * look, the write and the read.
 *
 * Where a read cannot sleep (not x86-64, no timer, no /proc to open the
 * blocking copy), and for every other wait (room in a stdin pipe, a
 * process's end, the handshakes, whose arrivals are timed), the wait is an
 * epoll_wait() on the set, or a poll() of the fd and the set's. Where the
 * set cannot be made or a bot's pipes cannot join it (a uid's epoll watches
 * are capped: fs.epoll.max_user_watches), that bot's pipes are poll()ed as
 * well: slower, the same behaviour.
 */
#include "bot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "file.h"
#include "protocol.h"
#include "sandbox.h"
#include "sleep_read.h"

#define TAIL_SIZE 1024
#define STDERR_PIPE_SIZE (1 << 20)
/* how often a sleeping read wakes to drain the bot's stderr and look at the set */
#define SLEEP_TICK_MS 10

struct bot {
	struct sandbox_proc *sp; /* the process tree */
	pid_t pid;               /* the sandbox's init */
	int in, out, err;        /* the referee's pipe ends, -1 once closed */
	int out_sleep;           /* a blocking copy of out for sleep_read(), or -1 */
	int out_eof;
	char rbuf[PROTOCOL_MAX_LINE + 2];
	size_t rlen;
	int errfile;             /* capped copy of stderr, or -1 */
	char *errpath;           /* its name, for messages */
	char errfile_err[320];   /* the first failure to write it, or "" */
	size_t err_cap, err_kept, err_dropped;
	int err_got;             /* a drain of stderr got bytes since its last answer */
	int quiet;               /* answers in a row (up to 2) with no such bytes before them */
	char tail[TAIL_SIZE];    /* the last bytes of stderr */
	size_t tail_len;
	int pidfd;               /* readable when the process exits, or -1 */
	int reaped, status;
	int end;                 /* SANDBOX_EXITED or SANDBOX_KILLED once reaped */
	char why[160];           /* how it ended */
	double mem_peak_mb;      /* the tree's peak, once stopped; -1 unknown */
	int stopped;
	int watch_out;           /* note when output first arrives (bot_watch_output()) */
	double output_at;        /* then: clock_ms() of its arrival, or 0 */
	int arrival_unread;      /* the line output_at timed is not read yet */
	/*
	 * Since stdout was last read: a poll() while waiting on another bot
	 * found it empty (out_quiet), or found output or its end (out_seen).
	 * Lets bot_has_output() skip its read when nothing can be there.
	 */
	int out_quiet, out_seen;
	int watched;             /* stdout and stderr are in the epoll set */
	int out_armed;           /* the set reports stdout (not while its output is unread) */
	int err_armed;           /* the set reports stderr (not while another bot is waited on) */
	double peek_until;       /* its watched line is not whole: looked at again till then */
	struct bot *next;        /* the list of live bots */
};

static struct bot *live_bots;

/* the epoll set (see the top); -1 until made, or when it cannot be */
static int ep = -1;
static int ep_failed;
static int interrupt_watched;

/* An event's tag: the bot, and which pipe (1: stderr); 0 is the stop pipe. */
#define TAG_OUT(b) ((uint64_t)(uintptr_t)(b))
#define TAG_ERR(b) ((uint64_t)(uintptr_t)(b) | 1)
#define WAIT_EVENTS 32

/* the stop request (SIGUSR1): a flag, and a pipe that wakes every poll() */
static volatile sig_atomic_t interrupted;
static int interrupt_pipe[2] = { -1, -1 };

int bot_interrupt_init(char *err, size_t len)
{
	if (interrupt_pipe[0] >= 0)
		return 0;
	if (pipe2(interrupt_pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
		snprintf(err, len, "cannot create a pipe: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- the epoll set ------------------------------------------------------ */

static int ep_ctl(int op, int fd, uint64_t tag, uint32_t events)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.events = events;
	ev.data.u64 = tag;
	return epoll_ctl(ep, op, fd, &ev);
}

/* Makes the set once, and puts the stop pipe in it. -1: there is none. */
static int ep_open(void)
{
	if (ep < 0 && !ep_failed) {
		ep = epoll_create1(EPOLL_CLOEXEC);
		ep_failed = ep < 0;
	}
	if (ep >= 0 && !interrupt_watched && interrupt_pipe[0] >= 0)
		interrupt_watched = ep_ctl(EPOLL_CTL_ADD, interrupt_pipe[0], 0, EPOLLIN) == 0;
	return ep;
}

/* Puts the bot's stdout and stderr in the set; they stay poll()ed when that fails. */
static void watch(struct bot *b)
{
	if (ep_open() < 0 || ep_ctl(EPOLL_CTL_ADD, b->out, TAG_OUT(b), EPOLLIN) < 0)
		return;
	if (ep_ctl(EPOLL_CTL_ADD, b->err, TAG_ERR(b), EPOLLIN) < 0) {
		ep_ctl(EPOLL_CTL_DEL, b->out, 0, 0);
		return;
	}
	b->watched = b->out_armed = b->err_armed = 1;
}

/*
 * Takes an fd of the bot's out of the set before it is closed: a closed fd
 * leaves the set only when no process has it any more, and a fork() in
 * progress may have it.
 */
static void unwatch_fd(struct bot *b, int fd)
{
	if (b->watched && fd >= 0)
		ep_ctl(EPOLL_CTL_DEL, fd, 0, 0);
}

/*
 * Whether the set reports one of the bot's pipes (its stdout or stderr:
 * fd, tag and flag): with EPOLLIN, or not (EPOLLONESHOT alone reports a
 * hang-up once, then nothing). The stdout of a bot not waited on is
 * turned off when its output comes unasked, or ends, till it is read; the
 * stderr, when it has bytes, till that bot is waited on. A change needs
 * no new entry, so it cannot fail for want of one.
 */
static void arm(struct bot *b, int fd, uint64_t tag, int *armed, int on)
{
	if (b->watched && fd >= 0 && *armed != on &&
	    ep_ctl(EPOLL_CTL_MOD, fd, tag, on ? EPOLLIN : EPOLLONESHOT) == 0)
		*armed = on;
}

#define ARM_OUT(b, on) arm(b, (b)->out, TAG_OUT(b), &(b)->out_armed, on)
#define ARM_ERR(b, on) arm(b, (b)->err, TAG_ERR(b), &(b)->err_armed, on)

void bot_interrupt(void)
{
	int saved = errno;

	interrupted = 1;
	if (interrupt_pipe[1] >= 0 && write(interrupt_pipe[1], "x", 1) < 0) {
		/* full: a wake-up is pending anyway */
	}
	errno = saved;
}

void bot_interrupt_from(void *ucontext)
{
	bot_interrupt();
	sleep_read_wake(ucontext);
}

int bot_interrupted(void)
{
	return interrupted;
}

/* ---- spawning --------------------------------------------------------- */

static void set_nonblock(int fd)
{
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/*
 * A second open file description of the pipe fd reads (a FIFO opened
 * through /proc), blocking where fd's is not: the sleeping read's, while
 * every other read of fd stays non-blocking. -1 where reads cannot sleep.
 */
static int open_blocking(int fd)
{
	char path[48];
	int copy;

	if (sleep_read_init() < 0)
		return -1;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	/* O_NONBLOCK: opening a FIFO to read must not wait for a writer */
	copy = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (copy >= 0 && fcntl(copy, F_SETFL, 0) < 0) {
		close(copy);
		copy = -1;
	}
	return copy;
}

/* Notes the first failure to write the stderr file; later writes are skipped. */
static void errfile_failed(struct bot *b, int e)
{
	if (!b->errfile_err[0])
		snprintf(b->errfile_err, sizeof(b->errfile_err), "cannot write '%s': %s",
			 b->errpath, strerror(e));
}

/*
 * Opens the file that keeps a bot's stderr: a private file (file.h: 0600,
 * never through a link, never another user's; a bot's stderr is nobody
 * else's business), appended to or emptied.
 */
static int open_errfile(const struct bot_spec *s, char *err, size_t len)
{
	int fd = file_open_private(s->stderr_path, s->stderr_append, err, len);

	if (fd >= 0 && s->stderr_header &&
	    file_write_all(fd, s->stderr_header, strlen(s->stderr_header)) < 0) {
		snprintf(err, len, "cannot write '%s': %s", s->stderr_path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

struct bot *bot_start(const struct bot_spec *s, enum bot_start_failure *why, char *err,
		      size_t len)
{
	struct sandbox_spec ss;
	struct sandbox_proc *sp;
	enum sandbox_failure fail;
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 };
	int errfile = -1;
	struct bot *b = NULL;

	*why = BOT_START_REFEREE;
	/* no tick while the sandbox sets the bot up (sleep_read_disarm()) */
	sleep_read_disarm();
	if (s->stderr_path && (errfile = open_errfile(s, err, len)) < 0)
		goto out;
	if (pipe2(pin, O_CLOEXEC) < 0 || pipe2(pout, O_CLOEXEC) < 0 ||
	    pipe2(perr, O_CLOEXEC) < 0) {
		snprintf(err, len, "cannot create pipes: %s", strerror(errno));
		goto out;
	}
	/*
	 * room for what a bot writes to stderr while others are waited on (it
	 * is read only on the bot's own turns, bot.h): 1 MiB where the pipe
	 * may grow (fs.pipe-max-size, a user's pipe-user-pages-soft), else 64 KiB
	 */
	if (fcntl(perr[0], F_SETPIPE_SZ, STDERR_PIPE_SIZE) < 0) {
		/* the default */
	}
	memset(&ss, 0, sizeof(ss));
	ss.argv = s->argv;
	ss.scratch = s->scratch;
	ss.botdir = s->botdir;
	ss.hide = s->hide;
	ss.fd_in = pin[0];
	ss.fd_out = pout[1];
	ss.fd_err = perr[1];
	ss.lim = s->lim;
	ss.slot = s->slot;
	ss.insecure = s->insecure;
	sp = sandbox_spawn(&ss, &fail, err, len);
	if (!sp) {
		/* a program that does not exist or cannot run is the bot's fault */
		*why = fail == SANDBOX_FAIL_PROGRAM ? BOT_START_PROGRAM : BOT_START_REFEREE;
		goto out;
	}
	b = xcalloc(1, sizeof(*b));
	b->sp = sp;
	b->mem_peak_mb = -1;
	b->pid = sandbox_pid(sp);
	b->pidfd = (int)syscall(SYS_pidfd_open, b->pid, 0);
	b->in = pin[1];
	b->out = pout[0];
	b->err = perr[0];
	pin[1] = pout[0] = perr[0] = -1;
	set_nonblock(b->in);
	set_nonblock(b->out);
	set_nonblock(b->err);
	b->out_sleep = open_blocking(b->out);
	b->err_got = 1; /* not known to be quiet: its first turns wait in wait_fd() (sleep_answer()) */
	b->errfile = errfile;
	errfile = -1;
	b->errpath = s->stderr_path ? xstrdup(s->stderr_path) : NULL;
	b->err_cap = s->stderr_cap;
	b->next = live_bots;
	live_bots = b;
	watch(b);
out:
	if (errfile >= 0)
		close(errfile);
	for (int i = 0; i < 2; i++) {
		if (pin[i] >= 0)
			close(pin[i]);
		if (pout[i] >= 0)
			close(pout[i]);
		if (perr[i] >= 0)
			close(perr[i]);
	}
	return b;
}

/* ---- stderr ----------------------------------------------------------- */

static void keep_stderr(struct bot *b, const char *data, size_t n)
{
	if (b->errfile >= 0 && b->err_kept < b->err_cap) {
		size_t k = n < b->err_cap - b->err_kept ? n : b->err_cap - b->err_kept;

		if (b->errfile_err[0]) {
			b->err_dropped += n;
		} else if (file_write_all(b->errfile, data, k) < 0) {
			errfile_failed(b, errno);
			b->err_dropped += n;
		} else {
			b->err_kept += k;
			b->err_dropped += n - k;
		}
	} else {
		b->err_dropped += n;
	}
	if (n >= TAIL_SIZE) {
		memcpy(b->tail, data + n - TAIL_SIZE, TAIL_SIZE);
		b->tail_len = TAIL_SIZE;
	} else {
		size_t keep = b->tail_len + n > TAIL_SIZE ? TAIL_SIZE - n : b->tail_len;

		memmove(b->tail, b->tail + b->tail_len - keep, keep);
		memcpy(b->tail + keep, data, n);
		b->tail_len = keep + n;
	}
}

/* Reads what stderr has now (bounded, so a flood cannot starve the caller). */
static void drain_stderr(struct bot *b)
{
	char buf[65536];

	for (int round = 0; round < 16 && b->err >= 0; round++) {
		ssize_t n = read(b->err, buf, sizeof(buf));

		if (n > 0) {
			keep_stderr(b, buf, (size_t)n);
			b->err_got = 1;
			continue;
		}
		if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			unwatch_fd(b, b->err);
			close(b->err);
			b->err = -1;
		}
		return;
	}
}

const char *bot_stderr_tail(struct bot *b, char *buf, size_t len)
{
	size_t end, start, used = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!len)
		return buf;
	drain_stderr(b);
	end = b->tail_len;
	while (end && b->tail[end - 1] == '\n')
		end--;
	/* the last bytes (at most 300) whose escaped form fits in buf */
	for (start = end; start > 0 && end - start < 300; start--) {
		unsigned char c = (unsigned char)b->tail[start - 1];
		size_t m = c == '\n' || (c >= 0x20 && c < 0x7f && c != '\\') ? 1
			   : c == '\\' ? 2 : 4;

		if (used + m >= len)
			break;
		used += m;
	}
	/* lines joined by '|', every other byte escaped */
	strbuf_init(&sb);
	for (size_t i = start; i < end; i++) {
		if (b->tail[i] == '\n')
			strbuf_addch(&sb, '|');
		else
			strbuf_add_escaped(&sb, b->tail + i, 1);
	}
	snprintf(buf, len, "%s", sb.buf);
	strbuf_release(&sb);
	return buf;
}

/* ---- waiting ---------------------------------------------------------- */

/* a pipe of the referee's own, for peek_line() */
static int peek_pipe[2] = { -1, -1 };

/*
 * Is a whole line there on a watched bot's stdout (in rbuf, or in the
 * pipe, looked at without taking it: tee() into peek_pipe)? 1: yes, or the
 * line would be too long, or the pipe ended; 0: not yet; -1: cannot tell.
 */
static int peek_line(struct bot *b)
{
	char buf[sizeof(b->rbuf)];
	size_t room = sizeof(b->rbuf) - b->rlen;
	ssize_t n, got = 0, k;

	if (memchr(b->rbuf, '\n', b->rlen) || !room)
		return 1;
	if (peek_pipe[0] < 0 && pipe2(peek_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
		return -1;
	n = tee(b->out, peek_pipe[1], room, SPLICE_F_NONBLOCK);
	if (n < 0)
		return errno == EAGAIN ? 0 : -1;
	if (n == 0)
		return 1;
	while ((k = read(peek_pipe[0], buf + got, sizeof(buf) - (size_t)got)) > 0)
		got += k;
	return memchr(buf, '\n', (size_t)got) || (size_t)got >= room;
}

/*
 * A watched bot's output is there (bot_watch_output()): it arrived now if
 * its line is whole, else it is looked at again after each wait, every
 * millisecond at most, for up to a second (a byte written at once and the
 * rest later would otherwise have its start cost nothing), and then its
 * line arrives when it is read.
 */
static void note_arrival(struct bot *b)
{
	int r = peek_line(b);

	b->output_at = r > 0 ? clock_ms() : 0;
	b->arrival_unread = r > 0;
	b->peek_until = r == 0 ? clock_ms() + 1000 : 0;
	b->watch_out = 0;
}

/* After a wait: the watched bots whose line was not whole, looked at again. */
static void recheck_arrivals(void)
{
	for (struct bot *b = live_bots; b; b = b->next) {
		if (!b->peek_until)
			continue;
		if (peek_line(b) > 0) {
			b->output_at = clock_ms();
			b->arrival_unread = 1;
		} else if (clock_ms() < b->peek_until)
			continue;
		b->peek_until = 0;
	}
}

static int arrivals_pending(void)
{
	for (struct bot *b = live_bots; b; b = b->next)
		if (b->peek_until)
			return 1;
	return 0;
}

/*
 * Output (or its end) came from a bot not waited on: noted, not read, and
 * not reported again till it is. (Reading another bot's pipe, or draining
 * its stderr, while one is timed would let that bot charge its time to the
 * one timed: a read that makes room in a full pipe runs the wake-ups of
 * every epoll entry on its write end, and a bot can hang a million there;
 * tests/sh/t_attack_stderr_fanout.sh.)
 */
static void seen_output(struct bot *b)
{
	b->out_seen = 1;
	if (b->watch_out)
		note_arrival(b);
	ARM_OUT(b, 0);
}

/*
 * Acts on what epoll_wait() returned: drains the stop pipe and the stderr
 * of the bot waited on (who), notes output from bots other than target,
 * and sets aside another bot's stderr till that bot is waited on. Every
 * watched stdout it did not report was empty: noted (out_quiet), unless
 * the events filled the array and some may not have been told. 1 if
 * target's stdout is readable.
 */
static int take_events(const struct epoll_event *ev, int n, struct bot *who,
		       const struct bot *target)
{
	int ready = 0;

	if (n < WAIT_EVENTS)
		for (struct bot *b = live_bots; b; b = b->next)
			if (b->watched && b->out_armed)
				b->out_quiet = 1;
	for (int i = 0; i < n; i++) {
		uint64_t tag = ev[i].data.u64;
		struct bot *b = (struct bot *)(uintptr_t)(tag & ~(uint64_t)1);
		char buf[64];

		if (!tag) {
			/* the stop is in the flag; the pipe only wakes */
			while (read(interrupt_pipe[0], buf, sizeof(buf)) > 0)
				;
		} else if (tag & 1) {
			if (b == who)
				drain_stderr(b);
			else
				ARM_ERR(b, 0);
		} else if (b == target) {
			ready = 1;
		} else {
			seen_output(b);
		}
	}
	return ready;
}

/*
 * Waits on bot who until fd has the events or the deadline passes,
 * draining who's stderr meanwhile (so it cannot block on a full pipe) and
 * noting output of the other bots; their stderr waits for their own turn.
 * 1: ready; 0: deadline; -1: interruptible, and a stop was requested
 * (bot_interrupt()).
 */
static int wait_fd(struct bot *who, int fd, short events, double deadline, int interruptible)
{
	struct pollfd pfd[3 + 2 * 64];
	struct bot *owner[3 + 2 * 64];
	int is_out[3 + 2 * 64];
	struct epoll_event ev[WAIT_EVENTS];
	struct bot *target = fd >= 0 && fd == who->out ? who : NULL;
	int fast = ep >= 0 && events == POLLIN && (interrupt_watched || !interruptible);

	/* the common wait: a bot's answer, with every live bot in the set */
	for (struct bot *b = live_bots; b; b = b->next)
		fast = fast && b->watched;
	fast = fast && target && target->out_armed;
	ARM_ERR(who, 1); /* its stderr, set aside while others were waited on */
	for (;;) {
		double left = deadline - clock_ms();
		int n = 0, k, timeout, ep_at = -1;

		if (interruptible && interrupted)
			return -1;
		if (left <= 0)
			return 0;
		if (target && target->out_seen)
			return 1; /* seen while another was waited on, and still there */
		timeout = left > INT_MAX ? INT_MAX : (int)left + 1;
		if (arrivals_pending())
			timeout = 1;
		if (fast) {
			k = epoll_wait(ep, ev, WAIT_EVENTS, timeout);
			recheck_arrivals();
			if (k < 0) {
				if (errno == EINTR)
					continue;
				return 0;
			}
			if (take_events(ev, k, who, target))
				return 1;
			continue;
		}
		/* any other wait: fd itself, the set, and what is not in the set */
		pfd[n].fd = fd;
		pfd[n].events = events;
		owner[n++] = NULL;
		pfd[n].fd = interruptible && !interrupt_watched ? interrupt_pipe[0] : -1;
		pfd[n].events = POLLIN;
		owner[n++] = NULL;
		if (ep >= 0) {
			ep_at = n;
			pfd[n].fd = ep;
			pfd[n].events = POLLIN;
			owner[n++] = NULL;
		}
		for (struct bot *b = live_bots; b && n + 2 <= (int)(sizeof(pfd) / sizeof(pfd[0]));
		     b = b->next) {
			if (b->watched)
				continue;
			if (b->err >= 0 && b == who) {
				pfd[n].fd = b->err;
				pfd[n].events = POLLIN;
				is_out[n] = 0;
				owner[n++] = b;
			}
			/* a bot's stdout, unless waited on, read already or known to have output */
			if (b->out >= 0 && b->out != fd && !b->out_eof && !b->out_seen) {
				pfd[n].fd = b->out;
				pfd[n].events = POLLIN;
				is_out[n] = 1;
				owner[n++] = b;
			}
		}
		k = poll(pfd, (nfds_t)n, timeout);
		recheck_arrivals();
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		for (int i = ep_at < 0 ? 2 : 3; i < n; i++) {
			if (is_out[i] && !pfd[i].revents) {
				owner[i]->out_quiet = 1;
			} else if (!is_out[i] && pfd[i].revents) {
				drain_stderr(owner[i]);
			} else if (is_out[i]) {
				/* it stays readable until read: not polled again till then */
				seen_output(owner[i]);
			}
		}
		if (ep_at >= 0) {
			k = pfd[ep_at].revents ? epoll_wait(ep, ev, WAIT_EVENTS, 0) : 0;
			if (k >= 0 && take_events(ev, k, who, target))
				return 1;
		}
		if (pfd[0].revents)
			return 1;
	}
}

/*
 * Takes what a read of b's stdout returned (n, with room bytes free in
 * rbuf before it): 1 when bytes came; -1 at the end of its output (0) or
 * an error other than EAGAIN and EINTR, which the callers look at first.
 */
static int took(struct bot *b, ssize_t n, size_t room)
{
	if (n <= 0) {
		b->out_eof = 1;
		return -1;
	}
	b->rlen += (size_t)n;
	/* a read that did not fill the buffer emptied the pipe: a look, like a poll's */
	b->out_quiet = (size_t)n < room;
	b->out_seen = 0;
	ARM_OUT(b, 1);
	return 1;
}

/* ---- the sleeping read (see the top) -------------------------------- */

/*
 * Looks at the set without waiting, and acts on it as a wait would
 * (take_events()): who's stderr drained, output of bots other than target
 * noted; every stdout it did not report was empty.
 */
static void look(struct bot *who, const struct bot *target)
{
	struct epoll_event ev[WAIT_EVENTS];
	int k = epoll_wait(ep, ev, WAIT_EVENTS, 0);

	if (k >= 0)
		take_events(ev, k, who, target);
}

/*
 * Can the answer of bot b be waited for in a sleeping read? Every live bot
 * must be in the set (the looks see what the waits would have seen), and no
 * bot's arrival be timed (bot_watch_output(): the handshakes, whose waits
 * note each arrival as it comes and look again every millisecond at a line
 * that came in part).
 */
static int can_sleep(const struct bot *b)
{
	if (b->out_sleep < 0 || !b->out_armed || ep < 0)
		return 0;
	for (const struct bot *o = live_bots; o; o = o->next)
		if (!o->watched || o->watch_out || o->peek_until)
			return 0;
	return 1;
}

/* sleep_answer()'s answer when the wait must be wait_fd()'s (1, 0 and -1 are wait_fd()'s) */
enum { SLEEP_CANNOT = 2 };

/*
 * Waits for bot b's answer in a sleeping read until the deadline: 1 when
 * bytes came, or the output's end (b->out_eof); 0 at the deadline; -1 at a
 * stop (interrupted); SLEEP_CANNOT when the read cannot sleep (any more):
 * wait_fd() then. It drains b's stderr as the wait starts and every
 * SLEEP_TICK_MS, and notes the other bots' output then. A bot that writes
 * to stderr is waited on by wait_fd(), which drains each byte as it comes,
 * so that a full pipe does not hold the bot while its time runs: its first
 * two turns, every turn until two in a row found no bytes (two: on one CPU
 * what a bot writes after an answer is often written in its next turn), and
 * the rest of a turn from the drain that found bytes. So only a bot whose
 * stderr was quiet two turns and then takes more than its pipe holds (1
 * MiB, or 64 KiB) within a turn, or after an answer, waits till the next
 * tick (10 ms at most).
 */
static int sleep_answer(struct bot *b, double deadline)
{
	/* its stderr had bytes while others were waited on: there is room now */
	if (!b->err_armed) {
		ARM_ERR(b, 1);
		drain_stderr(b);
	}
	if (b->err_got || b->quiet < 2)
		return SLEEP_CANNOT;
	for (;;) {
		size_t room = sizeof(b->rbuf) - b->rlen;
		double now, until;
		long n;

		sleep_read_clear();
		if (interrupted)
			return -1;
		now = clock_ms();
		if (now >= deadline)
			return 0;
		until = now + SLEEP_TICK_MS < deadline ? now + SLEEP_TICK_MS : deadline;
		if (sleep_read_arm(until) < 0)
			return SLEEP_CANNOT;
		n = sleep_read(b->out_sleep, b->rbuf + b->rlen, room);
		if (n != -EINTR) {
			/* bytes, or the end (0, or an error fill() would also take for one) */
			took(b, n, room);
			return 1;
		}
		/* a tick or a signal: its stderr (reported or not), what the others did */
		drain_stderr(b);
		look(b, b);
		/* (the caller asked can_sleep() before the first read) */
		if (b->err_got || !can_sleep(b))
			return SLEEP_CANNOT;
	}
}

/*
 * Reaps the process if it has ended, waiting up to grace_ms. 1 if reaped.
 * A pidfd becomes readable the moment the sandbox's init exits, so the
 * wait costs no polling delay; without pidfds it checks every millisecond.
 */
static int reap(struct bot *b, double grace_ms)
{
	double until = clock_ms() + grace_ms;

	while (!b->reaped) {
		int r = sandbox_wait(b->sp, 1, &b->status, b->why, sizeof(b->why));

		if (r != SANDBOX_RUNNING) {
			b->reaped = 1;
			b->end = r < 0 ? SANDBOX_EXITED : r;
			break;
		}
		if (clock_ms() >= until)
			return 0;
		if (b->pidfd >= 0)
			wait_fd(b, b->pidfd, POLLIN, until, 0);
		else
			wait_fd(b, -1, 0, clock_ms() + 1, 0);
	}
	return 1;
}

/* Fills f for a bot whose pipes closed: crashed, stopped by the sandbox, or just closed. */
static void ended_fault(struct bot *b, struct fault *f, const char *what)
{
	char tail[280];

	bot_stderr_tail(b, tail, sizeof(tail));
	if (!reap(b, 200)) {
		f->kind = FAULT_EOF;
		f->stderr_at = 1 + snprintf(f->detail, sizeof(f->detail), "closed its standard %s",
					    what);
		snprintf(f->detail, sizeof(f->detail), "closed its standard %s%s%s", what,
			 *tail ? "; stderr: " : "", tail);
		return;
	}
	f->kind = b->end == SANDBOX_KILLED ? FAULT_SANDBOX : FAULT_CRASH;
	if (sandbox_memory_killed(b->sp)) {
		f->kind = FAULT_MEMORY;
		f->stderr_at = 1 + (int)strlen(b->why);
		snprintf(f->detail, sizeof(f->detail), "%s%s%s", b->why, *tail ? "; stderr: " : "",
			 tail);
		return;
	}
	f->stderr_at = 1 + snprintf(f->detail, sizeof(f->detail), "%s%s", b->end == SANDBOX_KILLED ?
				    "stopped by the sandbox: " : "", b->why);
	snprintf(f->detail, sizeof(f->detail), "%s%s%s%s", b->end == SANDBOX_KILLED ?
		 "stopped by the sandbox: " : "", b->why, *tail ? "; stderr: " : "", tail);
}

int bot_write(struct bot *b, const char *data, size_t len, double deadline, struct fault *f)
{
	size_t off = 0;

	while (off < len) {
		ssize_t n;

		if (b->in < 0) {
			ended_fault(b, f, "input");
			return -1;
		}
		n = write(b->in, data + off, len - off);
		if (n > 0) {
			off += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			int w = wait_fd(b, b->in, POLLOUT, deadline, 1);

			if (w <= 0) {
				f->kind = FAULT_TIMEOUT;
				if (w < 0)
					snprintf(f->detail, sizeof(f->detail), "stopped (interrupted)");
				else
					snprintf(f->detail, sizeof(f->detail),
						 "does not read its input: %zu of %zu bytes written in time",
						 off, len);
				return -1;
			}
			continue;
		}
		close(b->in);
		b->in = -1; /* EPIPE: nobody reads any more */
	}
	return 0;
}

/* Reads what the bot has written so far. 1: got bytes; 0: none yet; -1: end of output. */
static int fill(struct bot *b)
{
	b->out_quiet = b->out_seen = 0;
	for (;;) {
		size_t room = sizeof(b->rbuf) - b->rlen;
		ssize_t n = read(b->out, b->rbuf + b->rlen, room);

		if (n >= 0 || (errno != EAGAIN && errno != EINTR))
			return took(b, n, room);
		if (errno == EAGAIN) {
			ARM_OUT(b, 1);
			return 0;
		}
	}
}

int bot_read_line(struct bot *b, double deadline, struct strbuf *line, struct fault *f)
{
	int waited = 0, late = 0, w;

	for (;;) {
		char *nl = memchr(b->rbuf, '\n', b->rlen);

		if (nl) {
			size_t k = (size_t)(nl - b->rbuf), rest = b->rlen - k - 1;

			strbuf_reset(line);
			strbuf_add(line, b->rbuf, k && b->rbuf[k - 1] == '\r' ? k - 1 : k);
			memmove(b->rbuf, nl + 1, rest);
			b->rlen = rest;
			b->peek_until = 0;
			b->watch_out = 0; /* it has arrived */
			b->arrival_unread = 0;
			/* what its stderr did up to this answer decides how its next turn is waited on */
			b->quiet = b->err_got ? 0 : b->quiet < 2 ? b->quiet + 1 : 2;
			b->err_got = 0;
			return 0;
		}
		if (b->rlen >= sizeof(b->rbuf)) {
			char q[200];

			escape_text(b->rbuf, b->rlen, 40, q, sizeof(q));
			f->kind = FAULT_OVERFLOW;
			snprintf(f->detail, sizeof(f->detail),
				 "line too long: more than %d bytes without a newline, starting '%s'",
				 PROTOCOL_MAX_LINE, q);
			return -1;
		}
		if (b->out_eof || b->out < 0) {
			ended_fault(b, f, "output");
			return -1;
		}
		w = can_sleep(b) ? sleep_answer(b, deadline) : SLEEP_CANNOT;
		if (w == 1)
			continue;
		if (w == SLEEP_CANNOT) {
			/* the answer is rarely there yet: sleep in the wait first, then read */
			if (waited++ && fill(b) != 0)
				continue;
			w = wait_fd(b, b->out, POLLIN, deadline, 1);
		}
		switch (w) {
		case 0:
			/*
			 * its whole line was seen in time while another bot was
			 * waited on (bot_watch_output(): the handshakes, read one
			 * seat after another), and this read began only after its
			 * deadline (the seat before it faulted at its own, and was
			 * stopped): it answered in time
			 */
			if (!late++ && b->arrival_unread && b->output_at <= deadline && fill(b) > 0)
				continue;
			f->kind = FAULT_TIMEOUT;
			f->no_answer = 1; /* the caller says which limit */
			snprintf(f->detail, sizeof(f->detail), "no answer in time");
			return -1;
		case -1:
			f->kind = FAULT_TIMEOUT;
			snprintf(f->detail, sizeof(f->detail), "stopped (interrupted)");
			return -1;
		default:
			break;
		}
	}
}

void bot_watch_output(struct bot *b)
{
	b->peek_until = 0;
	b->watch_out = 0;
	b->output_at = 0;
	b->arrival_unread = 0;
	/* a line already read arrives now; output already in the pipe is noted now */
	if (memchr(b->rbuf, '\n', b->rlen) || b->rlen >= sizeof(b->rbuf))
		b->output_at = clock_ms();
	else if (b->out_seen)
		note_arrival(b);
	else
		b->watch_out = 1;
}

double bot_output_time(const struct bot *b)
{
	return b->output_at;
}

int bot_has_output(struct bot *b)
{
	ssize_t n;

	if (b->rlen)
		return 1;
	if (b->out < 0 || b->out_eof)
		return 0;
	/* its answer will be read in a sleeping read, which looks at no other pipe */
	if (can_sleep(b))
		look(NULL, NULL);
	/* a look found the pipe empty since the last read, and nothing since */
	if (b->out_quiet && !b->out_seen)
		return 0;
	b->out_quiet = b->out_seen = 0;
	n = read(b->out, b->rbuf, sizeof(b->rbuf));
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
		if (n == 0)
			b->out_eof = 1;
		return 0;
	}
	ARM_OUT(b, 1);
	if (n > 0) {
		b->rlen = (size_t)n;
		return 1;
	}
	return 0;
}

int bot_ended(struct bot *b, double grace_ms)
{
	return reap(b, grace_ms > 0 ? grace_ms : 0);
}

double bot_cpu_ms(struct bot *b)
{
	return sandbox_cpu_ms(b->sp);
}

double bot_mem_peak_mb(const struct bot *b)
{
	return b->stopped ? b->mem_peak_mb : sandbox_mem_peak_mb(b->sp);
}

int bot_scratch_clear(struct bot *b, const char *scratch)
{
	return b->stopped ? -1 : sandbox_scratch_clear(b->sp, scratch);
}

/* The note of what the cap dropped, ending a game's part of the stderr file. */
static void note_dropped(struct bot *b)
{
	char note[96];
	int n;

	if (!b->err_dropped || b->errfile_err[0])
		return;
	n = snprintf(note, sizeof(note), "\n[euchre-arena: %zu more bytes of stderr dropped]\n",
		     b->err_dropped);
	if (file_write_all(b->errfile, note, (size_t)n) < 0)
		errfile_failed(b, errno);
}

int bot_stderr_next_game(struct bot *b, const char *header, const char *path, char *err,
			 size_t len)
{
	int fd;

	if (b->stopped)
		return 0;
	drain_stderr(b);
	if (b->errfile < 0 && !path)
		return 0;
	if (b->errfile >= 0)
		note_dropped(b);
	b->err_kept = b->err_dropped = 0;
	if (path) {
		/* the last game's file stays where the caller moved it; this game's is new */
		if ((fd = file_open_private(path, 0, err, len)) < 0)
			return -1;
		if (b->errfile >= 0 && close(b->errfile) < 0)
			errfile_failed(b, errno);
		b->errfile = fd;
	}
	if (!b->errfile_err[0] && file_write_all(b->errfile, header, strlen(header)) < 0)
		errfile_failed(b, errno);
	return 0;
}

void bot_stderr_drop(struct bot *b)
{
	if (b->stopped)
		return;
	drain_stderr(b);
	if (b->errfile >= 0) {
		note_dropped(b);
		if (close(b->errfile) < 0)
			errfile_failed(b, errno);
		b->errfile = -1;
	}
	b->err_kept = b->err_dropped = 0;
}

/* ---- stopping --------------------------------------------------------- */

static void unlink_live(struct bot *b)
{
	for (struct bot **p = &live_bots; *p; p = &(*p)->next) {
		if (*p == b) {
			*p = b->next;
			return;
		}
	}
}

void bot_stop(struct bot *b, int polite, double grace_ms)
{
	if (!b || b->stopped)
		return;
	sleep_read_disarm(); /* nor while it takes the bot down */
	if (polite && b->in >= 0) {
		static const char quit[] = "quit\n";

		if (write(b->in, quit, sizeof(quit) - 1) < 0) {
			/* it is going anyway */
		}
	}
	if (b->in >= 0)
		close(b->in);
	b->in = -1;
	if (!polite || !reap(b, grace_ms)) {
		sandbox_kill(b->sp); /* the whole tree, setsid'd grandchildren included */
		reap(b, 5000);
	}
	drain_stderr(b);
	unwatch_fd(b, b->err);
	unwatch_fd(b, b->out);
	b->watched = 0;
	if (b->err >= 0)
		close(b->err);
	if (b->out >= 0)
		close(b->out);
	if (b->out_sleep >= 0)
		close(b->out_sleep);
	b->err = b->out = b->out_sleep = -1;
	if (b->pidfd >= 0)
		close(b->pidfd);
	b->pidfd = -1;
	if (b->errfile >= 0) {
		note_dropped(b);
		if (close(b->errfile) < 0)
			errfile_failed(b, errno);
		b->errfile = -1;
	}
	unlink_live(b);
	b->mem_peak_mb = sandbox_mem_peak_mb(b->sp);
	sandbox_free(b->sp); /* reaps what is left */
	b->sp = NULL;
	b->stopped = 1;
}

const char *bot_log_error(const struct bot *b)
{
	return b->errfile_err;
}

void bot_free(struct bot *b)
{
	if (!b)
		return;
	bot_stop(b, 0, 0);
	free(b->errpath);
	free(b);
}

const char *bot_wait_note(void)
{
	if (sleep_read_init() < 0)
		return "in epoll_wait(), then a read (no sleeping read on this machine)";
	return "in a read that sleeps, ended by a timer (epoll_wait() for the handshakes, "
	       "a bot's first two turns and a bot that writes to stderr)";
}

void bot_kill_all(void)
{
	/* async-signal-safe: the sandbox's init dies, and its namespace with it */
	for (struct bot *b = live_bots; b; b = b->next)
		kill(b->pid, SIGKILL);
}
