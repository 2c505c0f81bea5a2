/*
 * play_interrupt.c - the self-pipe signal handler (see play_interrupt.h).
 */
#include "play_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t count, last;
static int pipe_fd[2] = { -1, -1 };

static void on_signal(int sig)
{
	int saved = errno;
	ssize_t n;

	count++;
	last = sig;
	n = write(pipe_fd[1], "x", 1);
	(void)n;
	errno = saved;
}

int interrupt_install(char *err, size_t len)
{
	struct sigaction sa;

	if (pipe_fd[0] < 0 && pipe2(pipe_fd, O_CLOEXEC | O_NONBLOCK) < 0) {
		snprintf(err, len, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGINT, &sa, NULL) < 0 || sigaction(SIGTERM, &sa, NULL) < 0 ||
	    sigaction(SIGHUP, &sa, NULL) < 0) {
		snprintf(err, len, "cannot handle signals: %s", strerror(errno));
		return -1;
	}
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	return 0;
}

int interrupt_fd(void)
{
	return pipe_fd[0];
}

int interrupt_count(void)
{
	return count;
}

int interrupt_signal(void)
{
	return last;
}

void interrupt_drain(void)
{
	char buf[64];

	if (pipe_fd[0] >= 0)
		while (read(pipe_fd[0], buf, sizeof(buf)) > 0)
			;
}
