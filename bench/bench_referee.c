/*
 * bench_referee.c - what the referee adds to a bot's decision.
 *
 * Baseline: a raw ping-pong between two processes, this one and the
 * c-random sample bot: write a request block as the referee would, read
 * the answer line, repeat. Then the same bot plays a long game in all four
 * seats through bin/referee, and the referee's wall time per decision
 * (everything included) is compared with the raw round trip; the aim is a
 * ratio within 1.3. Also reported: one bot against three built-ins, and
 * what starting and stopping a bot costs per game.
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
 * Plays hammerwalt games through the referee with the bot in seat 0 and
 * seat 0's kind of player in every seat (all: the bot everywhere; else
 * @random in seats 1-3); returns the referee's wall time per decision,
 * everything included (start-up, rendering, the end of games).
 */
static double referee_per_decision(const char *referee, const char *bot, int games, int target,
				   int all, long *decisions)
{
	char cmd[4096], line[8192];
	FILE *p;
	double t0 = now();
	const char *other = all ? bot : "@random";

	snprintf(cmd, sizeof(cmd),
		 "%s --variant hammerwalt --option target=%d --option hole=%d --games %d %s %s %s %s 2>/dev/null",
		 referee, target, target, games, bot, other, other, other);
	p = popen(cmd, "r");
	if (!p)
		exit(1);
	*decisions = 0;
	while (fgets(line, sizeof(line), p)) {
		char *d = strstr(line, "\"decisions\":[");
		long a, b, c, e;

		if (d && sscanf(d, "\"decisions\":[%ld,%ld,%ld,%ld]", &a, &b, &c, &e) == 4)
			*decisions += all ? a + b + c + e : a;
	}
	if (pclose(p) != 0 || !*decisions) {
		fprintf(stderr, "bench: the referee failed\n");
		exit(1);
	}
	return (now() - t0) / (double)*decisions;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	const char *referee = argc > 1 ? argv[1] : "bin/referee";
	const char *bot = argc > 2 ? argv[2] : "sample-bots/c-random/c-random";
	enum { ROUNDS = 7 };
	double raw[ROUNDS], ref[ROUNDS], one[ROUNDS], ratio[ROUNDS];
	long decisions = 0, one_decisions = 0;

	signal(SIGPIPE, SIG_IGN);
	/* rounds alternate, so every measurement sees the same machine load */
	for (int i = 0; i < ROUNDS; i++) {
		raw[i] = raw_round_trip(bot, 5000);
		/* one long game: the cost of a decision, not of starting bots */
		ref[i] = referee_per_decision(referee, bot, 1, 5000, 1, &decisions);
		one[i] = referee_per_decision(referee, bot, 1, 5000, 0, &one_decisions);
		ratio[i] = ref[i] / raw[i];
	}
	qsort(raw, ROUNDS, sizeof(double), cmp_double);
	qsort(ref, ROUNDS, sizeof(double), cmp_double);
	qsort(one, ROUNDS, sizeof(double), cmp_double);
	qsort(ratio, ROUNDS, sizeof(double), cmp_double);
	printf("referee: raw pipe round trip to c-random: %.1f us (median of %d rounds)\n",
	       raw[ROUNDS / 2] * 1e6, ROUNDS);
	printf("referee: c-random in all four seats: %.1f us per decision (median; %ld decisions a game, %.0f/s)\n",
	       ref[ROUNDS / 2] * 1e6, decisions, 1 / ref[ROUNDS / 2]);
	printf("referee: ratio %.2f, median of the rounds' ratios (range %.2f to %.2f; aim: at most 1.3)\n",
	       ratio[ROUNDS / 2], ratio[0], ratio[ROUNDS - 1]);
	printf("referee: c-random against three @random: %.1f us per bot decision (all seats' moves included)\n",
	       one[ROUNDS / 2] * 1e6);
	/* what a game costs beyond its decisions: a one-hand game, bot vs built-ins only */
	{
		long d1, d2;
		double with_bot = referee_per_decision(referee, bot, 20, 1, 0, &d1) * (double)d1 / 20;
		double builtins = referee_per_decision(referee, "@random", 20, 1, 0, &d2) * (double)d2 / 20;

		printf("referee: starting and stopping a bot: %.2f ms a game (a game of built-ins: %.2f ms)\n",
		       (with_bot - builtins) * 1e3, builtins * 1e3);
	}
	return 0;
}
