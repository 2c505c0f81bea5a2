/*
 * runner.c - child processes with captured output (see runner.h).
 */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

#define CAPTURE_MAX (4u << 20)
#define REAP_POLL_MS 50

struct slot {
	pid_t pid;
	int pidfd;       /* readable when the child exits (pidfd_open), or -1 */
	int out_fd;      /* read end of the stdout pipe, or -1 */
	struct strbuf out;
	int truncated;
	double start, deadline; /* deadline 0: none */
	int exited, status, timed_out, killed;
	void *tag;
};

struct runner {
	struct slot *slots;
	int nslots, alloc;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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
		if (s->out_fd >= 0)
			close(s->out_fd);
		if (s->pidfd >= 0)
			close(s->pidfd);
		strbuf_release(&s->out);
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
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0)
		child_fail(report, 0);
	close_other_fds(report);
	if (job->cwd && chdir(job->cwd) < 0)
		child_fail(report, 1);
	if (job->child_hook)
		job->child_hook(job->hook_arg);
	execv(job->argv[0], job->argv);
	child_fail(report, 2);
}

int runner_start(struct runner *r, const struct runner_job *job, char *err, size_t len)
{
	int pipe_out[2] = { -1, -1 }, report[2] = { -1, -1 };
	int in = -1, out = -1, errfd = -1, ret = -1, msg[2];
	pid_t pid, parent = getpid();
	struct slot *s;
	ssize_t n;

	in = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		snprintf(err, len, "cannot open /dev/null: %s", strerror(errno));
		goto out;
	}
	if (job->out_path) {
		out = open(job->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (out < 0) {
			snprintf(err, len, "cannot write '%s': %s", job->out_path, strerror(errno));
			goto out;
		}
		errfd = dup(out);
		fcntl(errfd, F_SETFD, FD_CLOEXEC);
	} else {
		if (pipe2(pipe_out, O_CLOEXEC) < 0) {
			snprintf(err, len, "cannot make a pipe: %s", strerror(errno));
			goto out;
		}
		out = pipe_out[1];
		errfd = open(job->err_path ? job->err_path : "/dev/null",
			     job->err_path ? O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
					   : O_WRONLY | O_CLOEXEC, 0644);
		if (errfd < 0) {
			snprintf(err, len, "cannot write '%s': %s",
				 job->err_path ? job->err_path : "/dev/null", strerror(errno));
			goto out;
		}
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
		static const char *const what[] = { "set up the output of", "enter the directory for",
						    "run" };

		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		if (msg[0] == 1)
			snprintf(err, len, "cannot enter '%s': %s", job->cwd, strerror(msg[1]));
		else
			snprintf(err, len, "cannot %s '%s': %s", what[msg[0] == 0 ? 0 : 2],
				 job->argv[0], strerror(msg[1]));
		goto out;
	}
	if (r->nslots == r->alloc) {
		r->alloc = r->alloc * 2 + 8;
		r->slots = xrealloc(r->slots, (size_t)r->alloc * sizeof(*r->slots));
	}
	s = &r->slots[r->nslots++];
	memset(s, 0, sizeof(*s));
	s->pid = pid;
	s->out_fd = pipe_out[0];
	pipe_out[0] = -1;
#ifdef SYS_pidfd_open
	s->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (s->pidfd >= 0)
		fcntl(s->pidfd, F_SETFD, FD_CLOEXEC);
#else
	s->pidfd = -1;
#endif
	if (s->out_fd >= 0)
		fcntl(s->out_fd, F_SETFL, O_NONBLOCK);
	strbuf_init(&s->out);
	s->start = now();
	s->deadline = job->timeout_ms > 0 ? s->start + (double)job->timeout_ms / 1000 : 0;
	s->tag = job->tag;
	ret = 0;
out:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (errfd >= 0)
		close(errfd);
	if (pipe_out[0] >= 0)
		close(pipe_out[0]);
	if (report[0] >= 0)
		close(report[0]);
	if (report[1] >= 0)
		close(report[1]);
	return ret;
}

/* Reads what is available; closes the pipe at EOF. */
static void drain(struct slot *s)
{
	char buf[65536];

	while (s->out_fd >= 0) {
		ssize_t n = read(s->out_fd, buf, sizeof(buf));

		if (n > 0) {
			size_t room = s->out.len < CAPTURE_MAX ? CAPTURE_MAX - s->out.len : 0;

			if ((size_t)n > room)
				s->truncated = 1;
			strbuf_add(&s->out, buf, (size_t)n < room ? (size_t)n : room);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		close(s->out_fd); /* EOF or error */
		s->out_fd = -1;
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
	if (s->out_fd >= 0) {
		/* a leftover holds the pipe open: it has just been killed; take what is there */
		close(s->out_fd);
		s->out_fd = -1;
	}
}

static void hand_back(struct runner *r, int i, struct runner_done *done)
{
	struct slot *s = &r->slots[i];

	memset(done, 0, sizeof(*done));
	done->tag = s->tag;
	done->status = s->status;
	done->timed_out = s->timed_out;
	done->killed = s->killed;
	done->truncated = s->truncated;
	done->secs = now() - s->start;
	done->outlen = s->out.len;
	done->out = strbuf_detach(&s->out);
	r->slots[i] = r->slots[--r->nslots];
}

int runner_wait(struct runner *r, int timeout_ms, int wake_fd, struct runner_done *done,
		char *err, size_t len)
{
	double until = timeout_ms >= 0 ? now() + (double)timeout_ms / 1000 : 0;

	for (;;) {
		struct pollfd *pfd = NULL;
		int npfd = 0, wait_ms = -1, ret, need_reap_poll = 0;
		double t = now();

		for (int i = 0; i < r->nslots; i++) {
			struct slot *s = &r->slots[i];

			if (s->deadline && t >= s->deadline && !s->exited && !s->timed_out) {
				kill(-s->pid, SIGKILL);
				s->timed_out = 1;
			}
			check_exit(s);
			if (s->exited && s->out_fd < 0) {
				hand_back(r, i, done);
				return 1;
			}
		}
		pfd = xcalloc((size_t)r->nslots * 2 + 1, sizeof(*pfd));
		for (int i = 0; i < r->nslots; i++) {
			struct slot *s = &r->slots[i];

			if (s->out_fd >= 0) {
				pfd[npfd].fd = s->out_fd;
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
			if (r->slots[i].out_fd >= 0)
				drain(&r->slots[i]);
	}
}
