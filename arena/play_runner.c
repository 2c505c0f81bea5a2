/*
 * play_runner.c - child processes with captured output (see play_runner.h).
 */
#include "play_runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "file.h"
#include "util.h"

#define CAPTURE_MAX (4u << 20)
#define CAPTURE_ERR_MAX (64u << 10)
#define REAP_POLL_MS 50

struct slot {
	pid_t pid;
	int pidfd;       /* readable when the child exits (pidfd_open), or -1 */
	int fd[2];       /* read ends of the stdout and stderr pipes, or -1 */
	struct strbuf buf[2];
	int truncated;
	double start, deadline; /* deadline 0: none */
	int stop_signal, stop_sent;
	int stop_live;   /* the stop's grace runs: the deadline is its end */
	int stop_line;   /* lines handed back when the stop was sent: its game's index */
	double stop_grace;      /* seconds */
	int exited, status, timed_out, killed;
	int lines;       /* hand back whole lines of stdout as they come */
	int lines_back;  /* how many it has handed back */
	void *tag;
};

struct runner {
	struct slot *slots;
	int nslots, alloc;
};

struct runner *runner_new(void)
{
	return xcalloc(1, sizeof(struct runner));
}

int runner_count(const struct runner *r)
{
	return r->nslots;
}

void runner_kill_all(struct runner *r)
{
	for (int i = 0; i < r->nslots; i++)
		if (!r->slots[i].exited) {
			kill(-r->slots[i].pid, SIGKILL);
			r->slots[i].killed = 1;
		}
}

void runner_signal_each(struct runner *r, int sig, int (*want)(void *tag))
{
	for (int i = 0; i < r->nslots; i++)
		if (!r->slots[i].exited && want(r->slots[i].tag))
			kill(r->slots[i].pid, sig);
}

void runner_free(struct runner *r)
{
	if (!r)
		return;
	runner_kill_all(r);
	for (int i = 0; i < r->nslots; i++) {
		struct slot *s = &r->slots[i];

		if (!s->exited)
			while (waitpid(s->pid, NULL, 0) < 0 && errno == EINTR)
				;
		for (int k = 0; k < 2; k++) {
			if (s->fd[k] >= 0)
				close(s->fd[k]);
			strbuf_release(&s->buf[k]);
		}
		if (s->pidfd >= 0)
			close(s->pidfd);
	}
	free(r->slots);
	free(r);
}

/* In the child: report where we failed and the errno, then exit. */
static void child_fail(int fd, int stage)
{
	int msg[2] = { stage, errno };
	ssize_t n = write(fd, msg, sizeof(msg));

	(void)n;
	_exit(127);
}

static void close_other_fds(int keep)
{
	if (keep > 3)
		close_range(3, (unsigned)keep - 1, 0);
	if (close_range((unsigned)keep + 1, ~0U, 0) < 0)
		for (int fd = keep + 1; fd < 1024; fd++)
			close(fd);
}

static void child(const struct runner_job *job, pid_t parent, int in, int out, int errfd,
		  int report)
{
	struct sigaction sa;
	sigset_t none;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127); /* the arena died before prctl took effect */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	if (job->hold_signal) {
		sa.sa_handler = SIG_IGN; /* kept across exec until the job catches it */
		sigaction(job->hold_signal, &sa, NULL);
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0)
		child_fail(report, 0);
	close_other_fds(report);
	if (job->cwd && chdir(job->cwd) < 0)
		child_fail(report, 1);
	execv(job->argv[0], job->argv);
	child_fail(report, 2);
}

/*
 * The job's standard input: a memory file holding its input, read from
 * its start, or /dev/null. Not a pipe: a pipe holds one page where the
 * user is past fs.pipe-user-pages-soft, and F_SETPIPE_SZ may be refused
 * (fs.pipe-max-size), so a longer input (a match's list) would have to
 * wait in the pipe for a job that does not run yet. An fd, or -1 with err.
 */
static int open_input(const struct runner_job *job, char *err, size_t len)
{
	size_t n_in;
	int in;

	if (!job->input) {
		if ((in = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
			snprintf(err, len, "cannot open /dev/null: %s", strerror(errno));
		return in;
	}
	n_in = strlen(job->input);
	if (n_in > RUNNER_INPUT_MAX) {
		snprintf(err, len, "cannot pass the job its input: too long");
		return -1;
	}
	if ((in = memfd_create("arena-input", MFD_CLOEXEC)) < 0) {
		snprintf(err, len, "cannot pass the job its input: %s", strerror(errno));
		return -1;
	}
	if (file_write_all(in, job->input, n_in) < 0 || lseek(in, 0, SEEK_SET) < 0) {
		snprintf(err, len, "cannot pass the job its input: %s", strerror(errno));
		close(in);
		return -1;
	}
	return in;
}

int runner_start(struct runner *r, const struct runner_job *job, char *err, size_t len)
{
	int pipe_out[2] = { -1, -1 }, pipe_err[2] = { -1, -1 }, report[2] = { -1, -1 };
	int in = -1, out = -1, errfd = -1, ret = -1, msg[2];
	pid_t pid, parent = getpid();
	struct slot *s;
	ssize_t n;

	if ((in = open_input(job, err, len)) < 0)
		goto out;
	if (job->out_path) {
		out = file_open_private(job->out_path, 0, err, len);
		if (out < 0)
			goto out;
		errfd = dup(out);
		fcntl(errfd, F_SETFD, FD_CLOEXEC);
	} else {
		if (pipe2(pipe_out, O_CLOEXEC) < 0 || pipe2(pipe_err, O_CLOEXEC) < 0) {
			snprintf(err, len, "cannot make a pipe: %s", strerror(errno));
			goto out;
		}
		out = pipe_out[1];
		errfd = pipe_err[1];
		pipe_out[1] = pipe_err[1] = -1;
	}
	if (pipe2(report, O_CLOEXEC) < 0) {
		snprintf(err, len, "cannot make a pipe: %s", strerror(errno));
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, len, "cannot fork: %s", strerror(errno));
		goto out;
	}
	if (pid == 0)
		child(job, parent, in, out, errfd, report[1]);
	setpgid(pid, pid); /* also in the child: whichever runs first */
	close(report[1]);
	report[1] = -1;
	while ((n = read(report[0], msg, sizeof(msg))) < 0 && errno == EINTR)
		;
	if (n == (ssize_t)sizeof(msg)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		if (msg[0] == 1)
			snprintf(err, len, "cannot enter '%s': %s", job->cwd, strerror(msg[1]));
		else if (msg[0] == 0)
			snprintf(err, len, "cannot set up the output of '%s': %s", job->argv[0],
				 strerror(msg[1]));
		else
			snprintf(err, len, "cannot run '%s': %s", job->argv[0], strerror(msg[1]));
		goto out;
	}
	if (r->nslots == r->alloc) {
		r->alloc = r->alloc * 2 + 8;
		r->slots = xrealloc(r->slots, (size_t)r->alloc * sizeof(*r->slots));
	}
	s = &r->slots[r->nslots++];
	memset(s, 0, sizeof(*s));
	s->pid = pid;
	s->fd[0] = pipe_out[0];
	s->fd[1] = pipe_err[0];
	pipe_out[0] = pipe_err[0] = -1;
	for (int k = 0; k < 2; k++) {
		if (s->fd[k] >= 0)
			fcntl(s->fd[k], F_SETFL, O_NONBLOCK);
		strbuf_init(&s->buf[k]);
	}
#ifdef SYS_pidfd_open
	s->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (s->pidfd >= 0)
		fcntl(s->pidfd, F_SETFD, FD_CLOEXEC);
#else
	s->pidfd = -1;
#endif
	s->start = (clock_ms() / 1e3);
	s->deadline = job->timeout_ms > 0 ? s->start + (double)job->timeout_ms / 1000 : 0;
	s->stop_signal = job->stop_signal;
	s->stop_grace = (double)job->stop_grace_ms / 1000;
	s->lines = job->lines;
	s->tag = job->tag;
	ret = 0;
out:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (errfd >= 0)
		close(errfd);
	for (int k = 0; k < 2; k++) {
		if (pipe_out[k] >= 0)
			close(pipe_out[k]);
		if (pipe_err[k] >= 0)
			close(pipe_err[k]);
		if (report[k] >= 0)
			close(report[k]);
	}
	return ret;
}

static int streams_open(const struct slot *s)
{
	return s->fd[0] >= 0 || s->fd[1] >= 0;
}

/* Reads what is available from both pipes; closes each at EOF. */
static void drain(struct slot *s)
{
	static const size_t cap[2] = { CAPTURE_MAX, CAPTURE_ERR_MAX };
	char buf[65536];

	for (int k = 0; k < 2; k++)
		while (s->fd[k] >= 0) {
			ssize_t n = read(s->fd[k], buf, sizeof(buf));

			if (n > 0) {
				size_t used = s->buf[k].len;
				size_t room = used < cap[k] ? cap[k] - used : 0;

				if (k == 0 && (size_t)n > room)
					s->truncated = 1;
				strbuf_add(&s->buf[k], buf, (size_t)n < room ? (size_t)n : room);
				continue;
			}
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0 && errno == EAGAIN)
				break;
			close(s->fd[k]); /* EOF or error */
			s->fd[k] = -1;
		}
}

static void close_streams(struct slot *s)
{
	for (int k = 0; k < 2; k++)
		if (s->fd[k] >= 0) {
			close(s->fd[k]);
			s->fd[k] = -1;
		}
}

/*
 * Notices a child that has exited without reaping it (WNOWAIT), so its pid
 * still names its process group while we kill what is left in the group;
 * then reaps it.
 */
static void check_exit(struct slot *s)
{
	siginfo_t si;

	if (s->exited)
		return;
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)s->pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid == 0)
		return;
	kill(-s->pid, SIGKILL);
	while (waitpid(s->pid, &s->status, 0) < 0 && errno == EINTR)
		;
	s->exited = 1;
	if (s->pidfd >= 0) {
		close(s->pidfd);
		s->pidfd = -1;
	}
	drain(s);
	/* a leftover that held a pipe open has just been killed; keep what came */
	close_streams(s);
}

void runner_set_timeout(struct runner *r, const void *tag, long timeout_ms)
{
	for (int i = 0; i < r->nslots; i++) {
		struct slot *s = &r->slots[i];

		if (s->tag != tag || s->exited || s->timed_out)
			continue;
		/*
		 * the grace after the stop signal runs on, unless a line came
		 * since: the game the stop named has ended (the referee stops
		 * only the game a stop's value names: docs/referee.md), and the
		 * next game has a timeout, and a stop, of its own
		 */
		if (s->stop_live && !(s->lines && s->lines_back > s->stop_line))
			return;
		s->stop_live = 0;
		s->deadline = timeout_ms > 0 ? (clock_ms() / 1e3) + (double)timeout_ms / 1000 : 0;
		return;
	}
}

/*
 * Asks the job to stop: a job that hands back lines (a match's referee)
 * is sent the signal with sigqueue(), its value the lines handed back so
 * far, which is the index of the game running (docs/referee.md, Matches).
 */
static void stop(struct slot *s)
{
	union sigval v;

	s->stop_sent = s->stop_live = 1;
	s->stop_line = s->lines_back;
	if (!s->lines) {
		kill(s->pid, s->stop_signal);
		return;
	}
	memset(&v, 0, sizeof(v));
	v.sival_int = s->lines_back;
	sigqueue(s->pid, s->stop_signal, v);
}

/*
 * Slot i's next whole line of stdout, when it hands back lines and has
 * one: taken out of its buffer into done. 1, or 0 when there is none.
 */
static int hand_back_line(struct runner *r, int i, struct runner_done *done)
{
	struct slot *s = &r->slots[i];
	struct strbuf *b = &s->buf[0];
	char *nl = s->lines && b->len ? memchr(b->buf, '\n', b->len) : NULL;
	size_t n;

	if (!nl)
		return 0;
	n = (size_t)(nl - b->buf) + 1;
	memset(done, 0, sizeof(*done));
	done->tag = s->tag;
	done->line = 1;
	done->stop_sent = s->stop_sent;
	done->stop_line = s->stop_line;
	/* what came on stderr before the line is the line's (a match: its game's) */
	done->errlen = s->buf[1].len;
	done->err = strbuf_detach(&s->buf[1]);
	done->out = xmalloc(n + 1);
	memcpy(done->out, b->buf, n);
	done->out[n] = '\0';
	done->outlen = n;
	memmove(b->buf, b->buf + n, b->len - n + 1);
	b->len -= n;
	s->lines_back++;
	return 1;
}

static void hand_back(struct runner *r, int i, struct runner_done *done)
{
	struct slot *s = &r->slots[i];

	memset(done, 0, sizeof(*done));
	done->tag = s->tag;
	done->status = s->status;
	done->timed_out = s->timed_out;
	done->stop_sent = s->stop_sent;
	done->stop_line = s->stop_line;
	done->killed = s->killed;
	done->truncated = s->truncated;
	done->secs = (clock_ms() / 1e3) - s->start;
	done->outlen = s->buf[0].len;
	done->out = strbuf_detach(&s->buf[0]);
	done->errlen = s->buf[1].len;
	done->err = strbuf_detach(&s->buf[1]);
	r->slots[i] = r->slots[--r->nslots];
}

int runner_wait(struct runner *r, int timeout_ms, int wake_fd, struct runner_done *done,
		char *err, size_t len)
{
	double until = timeout_ms >= 0 ? (clock_ms() / 1e3) + (double)timeout_ms / 1000 : 0;

	for (;;) {
		struct pollfd *pfd = NULL;
		int npfd = 0, wait_ms = -1, ret, need_reap_poll = 0;
		double t = (clock_ms() / 1e3);

		for (int i = 0; i < r->nslots; i++) {
			struct slot *s = &r->slots[i];

			if (s->deadline && t >= s->deadline && !s->exited && !s->timed_out) {
				/*
				 * a line that came before the deadline goes back first
				 * (a match's game that ended in time: the caller
				 * restarts the deadline for the next game, which a
				 * stop would end at its start)
				 */
				if (s->lines && !s->stop_live) {
					drain(s);
					if (hand_back_line(r, i, done))
						return 2;
				}
				if (s->stop_signal && !s->stop_live) {
					/* ask first; kill when the grace is over */
					stop(s);
					s->deadline = t + s->stop_grace;
				} else {
					kill(-s->pid, SIGKILL);
					s->timed_out = 1;
				}
			}
			if (hand_back_line(r, i, done))
				return 2;
			check_exit(s);
			if (hand_back_line(r, i, done))
				return 2;
			if (s->exited && !streams_open(s)) {
				hand_back(r, i, done);
				return 1;
			}
		}
		pfd = xcalloc((size_t)r->nslots * 3 + 1, sizeof(*pfd));
		for (int i = 0; i < r->nslots; i++) {
			struct slot *s = &r->slots[i];

			for (int k = 0; k < 2; k++)
				if (s->fd[k] >= 0) {
					pfd[npfd].fd = s->fd[k];
					pfd[npfd++].events = POLLIN;
				}
			if (s->pidfd >= 0) {
				pfd[npfd].fd = s->pidfd;
				pfd[npfd++].events = POLLIN;
			} else if (!s->exited) {
				need_reap_poll = 1; /* no pidfd: notice the exit by polling */
			}
			if (s->deadline) {
				int ms = (int)((s->deadline - t) * 1000) + 1;

				if (wait_ms < 0 || ms < wait_ms)
					wait_ms = ms < 0 ? 0 : ms;
			}
		}
		if (need_reap_poll && (wait_ms < 0 || wait_ms > REAP_POLL_MS))
			wait_ms = REAP_POLL_MS;
		if (wake_fd >= 0) {
			pfd[npfd].fd = wake_fd;
			pfd[npfd++].events = POLLIN;
		}
		if (timeout_ms >= 0) {
			int left = (int)((until - t) * 1000);

			if (left <= 0) {
				free(pfd);
				return 0;
			}
			if (wait_ms < 0 || left < wait_ms)
				wait_ms = left;
		}
		if (!r->nslots && wake_fd < 0 && timeout_ms < 0) {
			free(pfd);
			snprintf(err, len, "nothing to wait for");
			return -1;
		}
		ret = poll(pfd, (nfds_t)npfd, wait_ms);
		if (ret < 0 && errno != EINTR) {
			snprintf(err, len, "poll: %s", strerror(errno));
			free(pfd);
			return -1;
		}
		if (ret > 0 && wake_fd >= 0 && (pfd[npfd - 1].revents & POLLIN)) {
			free(pfd);
			return 0;
		}
		free(pfd);
		if (ret < 0)
			return 0; /* a signal: let the caller look at its flags */
		for (int i = 0; i < r->nslots; i++)
			drain(&r->slots[i]);
	}
}
