/*
 * c-random - a euchre-arena bot that plays a uniformly random legal move.
 *
 * Every decision the referee asks for ends with one line
 *
 *	legal MOVE,MOVE,...
 *
 * listing every legal answer, so a bot that only reads that line and
 * prints one of its moves is already a correct bot. This one also reads
 * the "seed" line of the handshake so that its games can be replayed
 * exactly, and answers the handshake with "ready2": it plays a match,
 * game after game in one process, each handshake (after a "game" line)
 * reseeding it. See protocol.md for every other line (you can ignore them).
 *
 * Build: cc -O2 -o c-random c-random.c (make does it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_STATE 88172645463325252ULL

static unsigned long long state = START_STATE;

/* xorshift64: small and good enough for picking moves */
static unsigned long long next_random(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

int main(void)
{
	static char line[1 << 16];

	/* one answer per line, sent at once: never leave an answer in a buffer */
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "seed ", 5)) {
			/* each game's seed alone sets the state: a match plays as single games */
			state = START_STATE ^ strtoull(line + 5, NULL, 10) * 0x9e3779b97f4a7c15ULL;
			if (!state)
				state = 1;
		} else if (!strncmp(line, "legal ", 6)) {
			char *moves[256], *p = line + 6;
			int n = 0;

			/* split the list at the commas */
			while (p && n < 256) {
				moves[n++] = p;
				p = strchr(p, ',');
				if (p)
					*p++ = '\0';
			}
			if (!strcmp(moves[0], "ready"))
				printf("ready2 c-random\n"); /* the handshake: matches, and a name */
			else
				printf("%s\n", moves[next_random() % (unsigned)n]);
		} else if (!strcmp(line, "quit")) {
			break;
		}
	}
	return 0;
}
