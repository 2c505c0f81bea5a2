/*
 * bench_referee.c - what the referee adds to a bot's decision.
 *
 * Baseline: a raw ping-pong between two processes, this one and the
 * c-random sample bot: write a request block as the referee would, read
 * the answer line, repeat. The same bot then plays whole games in seat 0
 * through bin/referee, and the referee's wall time per bot decision
 * (everything included) is compared with the raw round trip. The aim is a
 * ratio within 1.3.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static pid_t start(char *const argv[], int *to, int *from)
{
	int in[2], out[2];
	pid_t pid;

	if (pipe(in) < 0 || pipe(out) < 0)
		exit(1);
	pid = fork();
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	*to = in[1];
	*from = out[0];
	return pid;
}

/* Reads up to and including a newline; returns bytes read or -1. */
static int read_line(int fd, char *buf, int len)
{
	int n = 0;

	while (n < len - 1) {
		ssize_t k = read(fd, buf + n, 1);

		if (k <= 0)
			return -1;
		if (buf[n++] == '\n')
			break;
	}
	buf[n] = '\0';
	return n;
}

static double raw_round_trip(const char *bot, long n)
{
	/* a typical play request with the events of one trick before it */
	static const char request[] =
		"play 1 JD\nplay 2 10D\nplay 3 9D\n"
		"request play\nheld JC KC KD 9H 10H JH QH AH 10S KS AS AS\ncontract 1 6\ntrump D\n"
		"table 1 JD,2 10D,3 9D\nwon 0 0 0 0\ntime 1000 -\nlegal KD,JH\n";
	char *argv[] = { (char *)bot, NULL }, line[256];
	int to, from;
	pid_t pid = start(argv, &to, &from);
	double t0;

	if (write(to, "legal ready\n", 12) != 12 || read_line(from, line, sizeof(line)) < 0)
		exit(1);
	t0 = now();
	for (long i = 0; i < n; i++) {
		if (write(to, request, sizeof(request) - 1) != (ssize_t)sizeof(request) - 1 ||
		    read_line(from, line, sizeof(line)) < 0) {
			fprintf(stderr, "bench: the bot stopped answering\n");
			exit(1);
		}
	}
	t0 = now() - t0;
	close(to);
	close(from);
	waitpid(pid, NULL, 0);
	return t0 / (double)n;
}

/*
 * Plays games of the bot (seat 0) against three @random seats through the
 * referee; returns the referee's wall time per bot decision, everything
 * included (start-up, the built-ins' moves, rendering, the end of games).
 */
static double referee_per_decision(const char *referee, const char *bot, int games, long *decisions)
{
	char cmd[4096], line[8192];
	FILE *p;
	double t0 = now();

	snprintf(cmd, sizeof(cmd),
		 "%s --variant hammerwalt --option target=1000 --option hole=1000 --games %d %s @random @random @random 2>/dev/null",
		 referee, games, bot);
	p = popen(cmd, "r");
	if (!p)
		exit(1);
	*decisions = 0;
	while (fgets(line, sizeof(line), p)) {
		char *d = strstr(line, "\"decisions\":[");
		long a;

		if (d && sscanf(d, "\"decisions\":[%ld,", &a) == 1)
			*decisions += a;
	}
	if (pclose(p) != 0 || !*decisions) {
		fprintf(stderr, "bench: the referee failed\n");
		exit(1);
	}
	return (now() - t0) / (double)*decisions;
}

int main(int argc, char **argv)
{
	const char *referee = argc > 1 ? argv[1] : "bin/referee";
	const char *bot = argc > 2 ? argv[2] : "sample-bots/c-random/c-random";
	long decisions;
	double raw, ref;

	signal(SIGPIPE, SIG_IGN);
	raw = raw_round_trip(bot, 20000);
	ref = referee_per_decision(referee, bot, 10, &decisions);
	printf("referee: raw pipe round trip to c-random: %.1f us\n", raw * 1e6);
	printf("referee: through bin/referee: %.1f us per decision (%ld decisions, %.0f/s)\n",
	       ref * 1e6, decisions, 1 / ref);
	printf("referee: ratio %.2f (aim: at most 1.3)\n", ref / raw);
	return 0;
}
