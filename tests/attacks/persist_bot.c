/*
 * persist_bot.c - a bot that leaves 16 bits for a later game, which
 * "nothing survives a game" should forbid. The machine's SO_COOKIE counter
 * only grows and few programs touch it:
 *   persist_bot write   at its first decision, turns its hand into a
 *                       16-bit value V, prints "persist wrote V" and bumps
 *                       the counter until it is V modulo 65536
 *   persist_bot read    at its first decision, prints "persist read V":
 *                       the counter (less its own bump) modulo 65536
 * Plays the first legal move.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SO_COOKIE
#define SO_COOKIE 57
#endif

static uint64_t cookie(void)
{
	int sv[2];
	uint64_t v = 0;
	socklen_t len = sizeof(v);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return 0;
	if (getsockopt(sv[0], SOL_SOCKET, SO_COOKIE, &v, &len) < 0)
		v = 0;
	close(sv[0]);
	close(sv[1]);
	return v;
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	unsigned long hash = 5381;
	unsigned value = 0;
	int decisions = 0, have = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: persist_bot write|read\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "cards ", 6) && !have) {
			for (const char *p = line; *p; p++)
				hash = hash * 33 + (unsigned char)*p;
			value = (unsigned)(hash & 0xffff);
			have = 1;
		}
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready persist\n");
			continue;
		}
		if (++decisions == 1 && !strcmp(argv[1], "write")) {
			uint64_t c = cookie();

			while (c && (c & 0xffff) != value)
				c = cookie();
			fprintf(stderr, "persist wrote %u\n", value);
		} else if (decisions == 1) {
			uint64_t c = cookie();

			fprintf(stderr, "persist read %u\n", c ? (unsigned)((c - 1) & 0xffff) : 0);
		}
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
