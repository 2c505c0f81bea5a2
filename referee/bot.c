/*
 * bot.c - running a bot program: spawning, bounded reads and writes, and
 * stopping (see bot.h).
 *
 * Spawning follows git's run-command.c: the argument vector, environment
 * and program path are prepared before fork(); the child only makes
 * async-signal-safe calls and reports an exec failure through a
 * close-on-exec pipe. The referee's pipe ends are non-blocking and every
 * wait goes through one poll() loop that also drains the stderr of every
 * live bot, so a bot can neither block the referee nor be blocked by it.
 */
#include "bot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/close_range.h>
#include <time.h>
#include <unistd.h>

#include "protocol.h"

#define TAIL_SIZE 1024

struct bot {
	pid_t pid;
	int in, out, err;        /* the referee's pipe ends, -1 once closed */
	int out_eof;
	char rbuf[PROTOCOL_MAX_LINE + 2];
	size_t rlen;
	int errfile;             /* capped copy of stderr, or -1 */
	size_t err_cap, err_kept, err_dropped;
	char tail[TAIL_SIZE];    /* the last bytes of stderr */
	size_t tail_len;
	int pidfd;               /* readable when the process exits, or -1 */
	int reaped, status;
	int stopped;
	struct bot *next;        /* the list of live bots */
};

static struct bot *live_bots;

double bot_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ---- spawning --------------------------------------------------------- */

/* Finds prog in PATH (before fork); returns a malloc'd path or NULL. */
static char *find_program(const char *prog, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = path;

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0 ? xstrdup(prog) : NULL;
	strbuf_init(&sb);
	while (*p) {
		size_t n = strcspn(p, ":");

		strbuf_reset(&sb);
		strbuf_add(&sb, p, n);
		strbuf_addf(&sb, "/%s", prog);
		if (n && access(sb.buf, X_OK) == 0)
			return strbuf_detach(&sb);
		p += n + (p[n] == ':');
	}
	strbuf_release(&sb);
	return NULL;
}

static void set_nonblock(int fd)
{
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* In the child: make fd become target, whatever the numbering. */
static int move_fd(int fd, int target)
{
	if (fd == target)
		return fcntl(fd, F_SETFD, 0); /* keep it across exec */
	return dup2(fd, target) < 0 ? -1 : 0;
}

static void child(const struct bot_spec *s, const char *path, char **env, int fds[3],
		  int errpipe, pid_t parent)
{
	struct sigaction sa;
	sigset_t none;
	int e;

	/* a clean signal state: default handlers, nothing blocked */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setsid();
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127); /* the referee died before we got here */
	/* fds[] are above 2 (the parent made sure), so no dup2 clobbers another */
	if (move_fd(fds[0], 0) < 0 || move_fd(fds[1], 1) < 0 || move_fd(fds[2], 2) < 0)
		goto fail;
	/* everything else closes at exec; the error pipe stays until then */
	if (syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC) < 0)
		for (int fd = 3; fd < 1024; fd++)
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(errpipe, F_SETFD, FD_CLOEXEC);
	if (chdir(s->scratch) < 0)
		goto fail;
	execve(path, s->argv, env);
fail:
	e = errno;
	if (write(errpipe, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* A pipe whose both ends are above 2 and close-on-exec. */
static int high_pipe(int p[2])
{
	if (pipe2(p, O_CLOEXEC) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		if (p[i] <= 2) {
			int fd = fcntl(p[i], F_DUPFD_CLOEXEC, 3);

			close(p[i]);
			p[i] = fd;
		}
	}
	return p[0] < 0 || p[1] < 0 ? -1 : 0;
}

struct bot *bot_start(const struct bot_spec *s, char *err, size_t len)
{
	static const char path_env[] = "/usr/local/bin:/usr/bin:/bin";
	struct strbuf envs[5];
	char *env[6], *path;
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 }, ep[2] = { -1, -1 };
	int fds[3], e = 0;
	struct bot *b = NULL;
	pid_t pid, parent = getpid();
	ssize_t n;

	if (!s->argv[0] || !*s->argv[0]) {
		snprintf(err, len, "empty command");
		return NULL;
	}
	path = find_program(s->argv[0], path_env);
	if (!path) {
		snprintf(err, len, "cannot run '%s': %s", s->argv[0],
			 strchr(s->argv[0], '/') ? strerror(errno) : "command not found in PATH");
		return NULL;
	}
	/* a clean environment, built before fork */
	for (int i = 0; i < 5; i++)
		strbuf_init(&envs[i]);
	strbuf_addf(&envs[0], "PATH=%s", path_env);
	strbuf_addf(&envs[1], "HOME=%s", s->scratch);
	strbuf_addf(&envs[2], "TMPDIR=%s", s->scratch);
	strbuf_addstr(&envs[3], "LANG=C.UTF-8");
	strbuf_addstr(&envs[4], "PYTHONUNBUFFERED=1");
	for (int i = 0; i < 5; i++)
		env[i] = envs[i].buf;
	env[5] = NULL;

	if (high_pipe(pin) < 0 || high_pipe(pout) < 0 || high_pipe(perr) < 0 || high_pipe(ep) < 0) {
		snprintf(err, len, "cannot create pipes: %s", strerror(errno));
		goto out;
	}
	fds[0] = pin[0];
	fds[1] = pout[1];
	fds[2] = perr[1];
	pid = fork();
	if (pid < 0) {
		snprintf(err, len, "cannot fork: %s", strerror(errno));
		goto out;
	}
	if (pid == 0)
		child(s, path, env, fds, ep[1], parent);
	close(ep[1]);
	ep[1] = -1;
	while ((n = read(ep[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	if (n == sizeof(e)) {
		waitpid(pid, NULL, 0);
		snprintf(err, len, "cannot run '%s': %s", s->argv[0], strerror(e));
		goto out;
	}
	b = xcalloc(1, sizeof(*b));
	b->pid = pid;
	b->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	b->in = pin[1];
	b->out = pout[0];
	b->err = perr[0];
	pin[1] = pout[0] = perr[0] = -1;
	set_nonblock(b->in);
	set_nonblock(b->out);
	set_nonblock(b->err);
	b->errfile = -1;
	b->err_cap = s->stderr_cap;
	if (s->stderr_path) {
		b->errfile = open(s->stderr_path, O_WRONLY | O_CREAT | O_CLOEXEC |
				  (s->stderr_append ? O_APPEND : O_TRUNC), 0644);
		if (b->errfile >= 0 && s->stderr_header && write(b->errfile, s->stderr_header,
								   strlen(s->stderr_header)) < 0) {
			/* the log is best effort */
		}
	}
	b->next = live_bots;
	live_bots = b;
out:
	for (int i = 0; i < 2; i++) {
		if (pin[i] >= 0)
			close(pin[i]);
		if (pout[i] >= 0)
			close(pout[i]);
		if (perr[i] >= 0)
			close(perr[i]);
		if (ep[i] >= 0)
			close(ep[i]);
	}
	for (int i = 0; i < 5; i++)
		strbuf_release(&envs[i]);
	free(path);
	return b;
}

/* ---- stderr ----------------------------------------------------------- */

static void keep_stderr(struct bot *b, const char *data, size_t n)
{
	if (b->errfile >= 0 && b->err_kept < b->err_cap) {
		size_t k = n < b->err_cap - b->err_kept ? n : b->err_cap - b->err_kept;

		if (write(b->errfile, data, k) > 0)
			b->err_kept += k;
		b->err_dropped += n - k;
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
			continue;
		}
		if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			close(b->err);
			b->err = -1;
		}
		return;
	}
}

const char *bot_stderr_tail(struct bot *b, char *buf, size_t len)
{
	size_t start = 0, n;

	drain_stderr(b);
	/* the last few lines, printable only */
	if (b->tail_len > 300)
		start = b->tail_len - 300;
	n = b->tail_len - start;
	if (n >= len)
		n = len - 1;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)b->tail[start + i];

		buf[i] = c == '\n' ? '|' : (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	while (n && buf[n - 1] == '|')
		n--;
	buf[n] = '\0';
	return buf;
}

/* ---- waiting ---------------------------------------------------------- */

/*
 * Waits until fd has the events or the deadline passes, draining every live
 * bot's stderr meanwhile. 1: ready; 0: deadline.
 */
static int wait_fd(int fd, short events, double deadline)
{
	struct pollfd pfd[64];
	struct bot *owner[64];

	for (;;) {
		double left = deadline - bot_now_ms();
		int n = 0, timeout;

		if (left <= 0)
			return 0;
		timeout = left > INT_MAX ? INT_MAX : (int)left + 1;
		pfd[n].fd = fd;
		pfd[n].events = events;
		owner[n++] = NULL;
		for (struct bot *b = live_bots; b && n < 64; b = b->next) {
			if (b->err < 0)
				continue;
			pfd[n].fd = b->err;
			pfd[n].events = POLLIN;
			owner[n++] = b;
		}
		if (poll(pfd, (nfds_t)n, timeout) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		for (int i = 1; i < n; i++)
			if (pfd[i].revents)
				drain_stderr(owner[i]);
		if (pfd[0].revents)
			return 1;
	}
}

/*
 * Reaps the process if it has ended, waiting up to grace_ms. 1 if reaped.
 * A pidfd becomes readable the moment the process exits, so the wait
 * costs no polling delay; without pidfds it checks every millisecond.
 */
static int reap(struct bot *b, double grace_ms)
{
	double until = bot_now_ms() + grace_ms;

	while (!b->reaped) {
		pid_t r = waitpid(b->pid, &b->status, WNOHANG);

		if (r == b->pid) {
			b->reaped = 1;
			break;
		}
		if (r < 0 && errno != EINTR) {
			b->reaped = 1; /* not our child any more: nothing to wait for */
			b->status = 0;
			break;
		}
		if (bot_now_ms() >= until)
			return 0;
		if (b->pidfd >= 0)
			wait_fd(b->pidfd, POLLIN, until);
		else
			wait_fd(-1, 0, bot_now_ms() + 1);
	}
	return 1;
}

/* Fills f for a bot whose pipes closed: crashed, killed by the sandbox, or just closed. */
static void ended_fault(struct bot *b, struct fault *f, const char *what)
{
	char tail[320];

	bot_stderr_tail(b, tail, sizeof(tail));
	if (!reap(b, 200)) {
		f->kind = FAULT_EOF;
		snprintf(f->detail, sizeof(f->detail), "closed its standard %s%s%s", what,
			 *tail ? "; stderr: " : "", tail);
		return;
	}
	if (WIFSIGNALED(b->status)) {
		int sig = WTERMSIG(b->status);

		f->kind = sig == SIGSYS || sig == SIGXCPU || sig == SIGXFSZ ? FAULT_SANDBOX : FAULT_CRASH;
		snprintf(f->detail, sizeof(f->detail), "killed by signal %d (%s)%s%s", sig,
			 strsignal(sig), *tail ? "; stderr: " : "", tail);
	} else {
		f->kind = FAULT_CRASH;
		snprintf(f->detail, sizeof(f->detail), "exited with status %d%s%s",
			 WEXITSTATUS(b->status), *tail ? "; stderr: " : "", tail);
	}
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
			if (!wait_fd(b->in, POLLOUT, deadline)) {
				f->kind = FAULT_TIMEOUT;
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

/* Shows a prefix of a line in a fault detail, control characters replaced. */
static void quote(const char *s, size_t n, char *out, size_t len)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 4 < len; i++) {
		unsigned char c = (unsigned char)s[i];

		out[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (n && k + 4 >= len && len >= 4) {
		memcpy(out + len - 4, "...", 3);
		k = len - 1;
	}
	out[k] = '\0';
}

/* Reads what the bot has written so far. 1: got bytes; 0: none yet; -1: end of output. */
static int fill(struct bot *b)
{
	for (;;) {
		ssize_t n = read(b->out, b->rbuf + b->rlen, sizeof(b->rbuf) - b->rlen);

		if (n > 0) {
			b->rlen += (size_t)n;
			return 1;
		}
		if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			b->out_eof = 1;
			return -1;
		}
		if (errno == EAGAIN)
			return 0;
	}
}

int bot_read_line(struct bot *b, double deadline, struct strbuf *line, struct fault *f)
{
	int waited = 0;

	for (;;) {
		char *nl = memchr(b->rbuf, '\n', b->rlen);

		if (nl) {
			size_t k = (size_t)(nl - b->rbuf), rest = b->rlen - k - 1;

			strbuf_reset(line);
			strbuf_add(line, b->rbuf, k && b->rbuf[k - 1] == '\r' ? k - 1 : k);
			memmove(b->rbuf, nl + 1, rest);
			b->rlen = rest;
			return 0;
		}
		if (b->rlen >= sizeof(b->rbuf)) {
			char q[64];

			quote(b->rbuf, 40, q, sizeof(q));
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
		/* the answer is rarely there yet: sleep in poll() first, then read */
		if (waited++ && fill(b) != 0)
			continue;
		if (!wait_fd(b->out, POLLIN, deadline)) {
			f->kind = FAULT_TIMEOUT;
			snprintf(f->detail, sizeof(f->detail), "no answer in time");
			return -1;
		}
	}
}

int bot_has_output(struct bot *b)
{
	ssize_t n;

	if (b->rlen)
		return 1;
	if (b->out < 0 || b->out_eof)
		return 0;
	n = read(b->out, b->rbuf, sizeof(b->rbuf));
	if (n > 0) {
		b->rlen = (size_t)n;
		return 1;
	}
	if (n == 0)
		b->out_eof = 1;
	return 0;
}

double bot_cpu_ms(struct bot *b)
{
	clockid_t cid;
	struct timespec ts;

	if (b->reaped || clock_getcpuclockid(b->pid, &cid) != 0 || clock_gettime(cid, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
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
		kill(-b->pid, SIGKILL);
		kill(b->pid, SIGKILL);
		reap(b, 5000);
	}
	/* the process group may hold leftovers even after its leader exited */
	kill(-b->pid, SIGKILL);
	drain_stderr(b);
	if (b->err >= 0)
		close(b->err);
	if (b->out >= 0)
		close(b->out);
	b->err = b->out = -1;
	if (b->pidfd >= 0)
		close(b->pidfd);
	b->pidfd = -1;
	if (b->errfile >= 0) {
		if (b->err_dropped) {
			char note[96];
			int n = snprintf(note, sizeof(note),
					 "\n[euchre-arena: %zu more bytes of stderr dropped]\n",
					 b->err_dropped);

			if (write(b->errfile, note, (size_t)n) < 0) {
				/* the log is best effort */
			}
		}
		close(b->errfile);
		b->errfile = -1;
	}
	unlink_live(b);
	b->stopped = 1;
}

void bot_free(struct bot *b)
{
	if (!b)
		return;
	bot_stop(b, 0, 0);
	free(b);
}

void bot_kill_all(void)
{
	for (struct bot *b = live_bots; b; b = b->next) {
		kill(-b->pid, SIGKILL);
		kill(b->pid, SIGKILL);
	}
}
