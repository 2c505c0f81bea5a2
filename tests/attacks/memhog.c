/*
 * memhog.c - a bot that holds more memory than its mem_mb allows, then
 * plays the first legal move. RLIMIT_AS binds each process's address
 * space, so:
 *   memhog procs N MB   N processes each touch MB MiB, at the same time
 *   memhog memfd MB     one process writes MB MiB into memfds (32 MiB each,
 *                       below fsize_mb) and never maps them
 *   memhog self MB      the bot itself touches MB MiB (a plain leak)
 *   memhog pids N       tries to start N processes that wait for it; prints
 *                       "memhog started K processes" and stops them
 * It prints "memhog held X MiB" (what it held at once) on stderr.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHUNK (32L << 20)

static long hold_procs(int n, long mb)
{
	int fds[64];
	pid_t kids[64];
	long held = 0;

	if (n > 64)
		n = 64;
	/* a pipe per child: its end of file says it died (the memory limit killed it) */
	for (int i = 0; i < n; i++) {
		int p[2];

		kids[i] = -1;
		fds[i] = -1;
		if (pipe(p) < 0)
			continue;
		kids[i] = fork();
		if (kids[i] == 0) {
			/* volatile: the compiler must not drop stores nobody reads */
			volatile char *m = malloc((size_t)mb << 20);
			char ok = 0;

			close(p[0]);
			if (m) {
				for (long off = 0; off < mb << 20; off += 4096)
					m[off] = 1;
				ok = 1;
			}
			if (write(p[1], &ok, 1) < 0)
				_exit(1);
			pause();
			_exit(0);
		}
		close(p[1]);
		fds[i] = p[0];
	}
	for (int i = 0; i < n; i++) {
		char ok;

		if (fds[i] >= 0 && read(fds[i], &ok, 1) == 1 && ok)
			held += mb;
	}
	for (int i = 0; i < n; i++) {
		if (kids[i] > 0) {
			kill(kids[i], SIGKILL);
			waitpid(kids[i], NULL, 0);
		}
		if (fds[i] >= 0)
			close(fds[i]);
	}
	return held;
}

static long hold_memfd(long mb)
{
	static char block[1 << 20];
	int fds[256];
	long held = 0;
	int n = 0;

	memset(block, 1, sizeof(block));
	while (held < mb && n < 256) {
		int fd = memfd_create("hog", 0);

		if (fd < 0)
			break;
		fds[n++] = fd;
		for (long off = 0; off < CHUNK && held < mb; off += sizeof(block)) {
			if (write(fd, block, sizeof(block)) != (ssize_t)sizeof(block))
				goto done;
			held++;
		}
	}
done:
	for (int i = 0; i < n; i++)
		close(fds[i]);
	return held;
}

static long hold_self(long mb)
{
	volatile char *m = malloc((size_t)mb << 20);

	if (!m)
		return 0;
	/* page by page, so the peak grows with what is touched */
	for (long off = 0; off < mb << 20; off += 4096)
		m[off] = 1;
	return mb;
}

static void start_pids(int n)
{
	int p[2], started = 0;

	if (pipe(p) < 0)
		return;
	for (int i = 0; i < n; i++) {
		pid_t k = fork();

		if (k < 0)
			break;
		if (k == 0) {
			char c;

			close(p[1]);
			/* wait until the parent closes the pipe, then go */
			while (read(p[0], &c, 1) < 0)
				;
			_exit(0);
		}
		started++;
	}
	fprintf(stderr, "memhog started %d processes\n", started);
	close(p[1]);
	close(p[0]);
	while (wait(NULL) > 0)
		;
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	long held = 0;

	if (argc >= 4 && !strcmp(argv[1], "procs"))
		held = hold_procs(atoi(argv[2]), atol(argv[3]));
	else if (argc >= 3 && !strcmp(argv[1], "memfd"))
		held = hold_memfd(atol(argv[2]));
	else if (argc >= 3 && !strcmp(argv[1], "self"))
		held = hold_self(atol(argv[2]));
	else if (argc >= 3 && !strcmp(argv[1], "pids"))
		start_pids(atoi(argv[2]));
	fprintf(stderr, "memhog held %ld MiB\n", held);
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready memhog\n");
			continue;
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
