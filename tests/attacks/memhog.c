/*
 * memhog.c - a bot that holds more memory than its mem_mb allows, then
 * plays the first legal move. RLIMIT_AS binds each process's address
 * space, so:
 *   memhog procs N MB   N processes each touch MB MiB, at the same time
 *   memhog memfd MB     one process writes MB MiB into memfds (32 MiB each,
 *                       below fsize_mb) and never maps them
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
	int p[2];
	pid_t kids[64];
	long held = 0;

	if (pipe(p) < 0)
		return 0;
	for (int i = 0; i < n && i < 64; i++) {
		kids[i] = fork();
		if (kids[i] == 0) {
			char *m = malloc((size_t)mb << 20);
			char ok = 0;

			if (m) {
				memset(m, 1, (size_t)mb << 20);
				ok = 1;
			}
			if (write(p[1], &ok, 1) < 0)
				_exit(1);
			pause();
			_exit(0);
		}
	}
	for (int i = 0; i < n; i++) {
		char ok;

		if (kids[i] > 0 && read(p[0], &ok, 1) == 1 && ok)
			held += mb;
	}
	for (int i = 0; i < n; i++)
		if (kids[i] > 0) {
			kill(kids[i], SIGKILL);
			waitpid(kids[i], NULL, 0);
		}
	close(p[0]);
	close(p[1]);
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

int main(int argc, char **argv)
{
	static char line[1 << 16];
	long held = 0;

	if (argc >= 4 && !strcmp(argv[1], "procs"))
		held = hold_procs(atoi(argv[2]), atol(argv[3]));
	else if (argc >= 3 && !strcmp(argv[1], "memfd"))
		held = hold_memfd(atol(argv[2]));
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
