/*
 * stderr_fanout.c - a bot that makes reads of its stderr slow, for
 * tests/sh/t_attack_stderr_fanout.sh: NPROC children (argv 1) each make
 * NEP epoll sets (argv 2) and add its stderr to every one under as many
 * fd numbers as they can (dup of fd 2, up to fd 255), for EPOLLOUT; then
 * one more child keeps stderr full. A read that makes room in a full pipe
 * wakes its writers, and with them every one of those entries, in the
 * reader: the referee. It prints "entries N" to stderr first, and then
 * plays the first legal move at once; the filling stops while it is asked
 * (from its request to its answer), so that its own turns stay short and
 * the attack lasts the whole game. Before the referee stopped draining
 * a bot's stderr while another bot was waited on, its opponents timed out.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char line[1 << 16];
	int nproc = argc > 1 ? atoi(argv[1]) : 58, nep = argc > 2 ? atoi(argv[2]) : 120;
	int done[2], total = 0;
	pid_t filler;

	if (pipe(done) < 0)
		return 1;
	for (int k = 0; k < nproc; k++) {
		if (fork() == 0) {
			int eps[256], n = 0, hi = 0, added = 0;

			for (int i = 0; i < nep && i < 256; i++) {
				int e = epoll_create1(0);

				if (e < 0)
					break;
				eps[n++] = e;
				hi = e > hi ? e : hi;
			}
			for (int fd = hi + 1; fd < 256 && dup2(2, fd) == fd; fd++) {
				for (int i = 0; i < n; i++) {
					struct epoll_event ev = { .events = EPOLLOUT };

					added += epoll_ctl(eps[i], EPOLL_CTL_ADD, fd, &ev) == 0;
				}
				close(fd); /* the entry stays: fd 2 keeps the pipe open */
			}
			if (write(done[1], &added, sizeof(added)) < 0)
				_exit(1);
			for (;;)
				pause();
		}
	}
	for (int k = 0; k < nproc; k++) {
		int added = 0;

		if (read(done[0], &added, sizeof(added)) == sizeof(added))
			total += added;
	}
	fprintf(stderr, "entries %d\n", total);
	filler = fork();
	if (filler == 0) {
		static char buf[65536];

		memset(buf, 'x', sizeof(buf));
		for (;;)
			if (write(2, buf, sizeof(buf)) < 0)
				_exit(0);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		/* on its own turn the pipe stops filling, so its own time is spared */
		if (!strncmp(line, "request ", 8))
			kill(filler, SIGSTOP);
		if (strncmp(line, "legal ", 6))
			continue;
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
		kill(filler, SIGCONT);
	}
	return 0;
}
