/*
 * bench_referee.c - what the referee adds to a decision, and what it
 * costs to play built-in players through it.
 *
 * Baseline: a raw ping-pong between this process and four copies of the
 * c-random sample bot, the shape of the referee's long game: write a
 * request block as the referee would to each bot in turn, read its answer
 * as the referee reads a pipe (a read into a buffer, again only while no
 * newline has come), repeat; its wall time and this process's CPU time
 * per round trip are measured. So the raw parent does the referee's work
 * less the referee's own. Then the same bot plays
 * a long game in all four seats through bin/referee, and the referee's
 * wall time per decision is compared with the raw round trip, everything
 * included and in the steady state (aim: a ratio within 1.3), and its CPU
 * time (user + system,
 * read from /proc when the referee has exited, before it is reaped) with
 * the raw parent's, over the whole game and in the steady state (the long
 * game less a one-hand game of the same bots; aim: at most 1.33 times the
 * raw parent, and at most 6 us). Both CPU aims come from issue 17, set
 * against another baseline on another day's machine (one bot, read a
 * byte at a time, a raw parent of 4.5 us); bench/README.md says more.
 * The baseline and the steady state,
 * wall and CPU, are measured again with this process, the referee and
 * its bots held to one CPU: no wake-up then crosses CPUs, which on a
 * virtual machine costs more than the rest of a round trip and comes and
 * goes with the load, so these are the steadiest figures, and the ones
 * to set against the aims. There the long game is ten times longer and
 * the one-hand game the quickest of several, so that the start and stop
 * of the bots weigh little in the wall steady state.
 * Also reported: one bot
 * against three built-ins, what starting and stopping a bot costs per
 * game, and four @random seats through bin/referee against the engine
 * alone in this process playing the same games (aim: 0.8 of the engine's
 * hands per second).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "game.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* This process's CPU time (user + system), in seconds. */
static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The CPU time (user + system, seconds) of process pid, which has exited
 * and is not reaped yet: its scheduler's nanoseconds where the kernel
 * keeps them, else its clock ticks.
 */
static double zombie_cpu(pid_t pid)
{
	char path[64], buf[1024];
	unsigned long long ns, ut, st;
	double t = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	if ((f = fopen(path, "r"))) {
		if (fscanf(f, "%llu", &ns) == 1)
			t = (double)ns / 1e9;
		fclose(f);
		if (t > 0)
			return t;
	}
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r"))) {
		/* after "(comm)": state is field 3, utime 14, stime 15 */
		if (fgets(buf, sizeof(buf), f)) {
			char *p = strrchr(buf, ')');

			if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
					&ut, &st) == 2)
				t = (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
		}
		fclose(f);
	}
	return t;
}

/*
 * Starts argv[0] with pipes to its stdin (*to) and from its stdout
 * (*from). Our ends are close-on-exec, so a bot started later does not
 * hold an earlier bot's pipes open (each bot's stdin and stdout are
 * copies made by dup2(), which are not).
 */
static pid_t start(char *const argv[], int *to, int *from)
{
	int in[2], out[2];
	pid_t pid;

	if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0)
		exit(1);
	pid = fork();
	if (pid < 0)
		exit(1);
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

/*
 * Reads a bot's answer line into buf (len bytes, NUL-terminated) as the
 * referee reads a pipe: one read() of all that fits, and another only
 * while no newline has come. A bot writes an answer only when asked, so
 * nothing after the line is read. Returns the bytes read, or -1.
 */
static int read_answer(int fd, char *buf, int len)
{
	int n = 0;

	while (n < len - 1) {
		ssize_t k = read(fd, buf + n, (size_t)(len - 1 - n));

		if (k <= 0)
			return -1;
		n += (int)k;
		if (memchr(buf + n - k, '\n', (size_t)k))
			break;
	}
	buf[n] = '\0';
	return n;
}

/*
 * The baseline has the shape of the referee's long game: four bots, each
 * asked in turn, so that both see the same scheduling. With one bot a
 * ping-pong often stays on one CPU for a whole run, and on a virtual
 * machine that is several times cheaper than the wake-ups across CPUs
 * that a rotation among four pays in most runs, as the referee's game
 * does: a one-bot baseline measured where the scheduler put it more than
 * what the referee costs (bench/README.md has the figures).
 *
 * RAW_TRIPS is fixed, about the decisions of the long game (9,322 to
 * 9,459 in games of 200 hands), rather than that game's own count: the
 * count is known only after the game, it changes a little with the bots'
 * random seeds, and the baseline should be the same work in every round
 * and every build. What matters is that both run about as long in the
 * same rotation; if the long game changes length, change this too. On
 * one CPU no wake-up can cross CPUs, so a run's length does not change
 * where the scheduler puts it, and the same RAW_TRIPS serve there though
 * the referee's game is ten times longer (one_cpu_steady()).
 */
enum { RAW_BOTS = 4, RAW_TRIPS = 9400 };

/*
 * Wall time per round trip between this process and RAW_BOTS copies of
 * the bot, asked in turn (round trip i goes to bot i % RAW_BOTS); *cpu
 * gets this process's CPU time per round trip. The bots' start and
 * handshake are not timed.
 */
static double raw_round_trip(const char *bot, long n, double *cpu)
{
	/* a typical play request with the events of one trick before it */
	static const char request[] =
		"play 1 JD\nplay 2 10D\nplay 3 9D\n"
		"request play\nheld JC KC KD 9H 10H JH QH AH 10S KS AS AS\ncontract 1 6\ntrump D\n"
		"table 1 JD,2 10D,3 9D\nwon 0 0 0 0\ntime 1000 -\nlegal KD,JH\n";
	char *argv[] = { (char *)bot, NULL }, line[256];
	int to[RAW_BOTS], from[RAW_BOTS];
	pid_t pid[RAW_BOTS];
	double t0, c0;

	for (int b = 0; b < RAW_BOTS; b++) {
		pid[b] = start(argv, &to[b], &from[b]);
		if (write(to[b], "legal ready\n", 12) != 12 ||
		    read_answer(from[b], line, sizeof(line)) < 0)
			exit(1);
	}
	t0 = now();
	c0 = cpu_now();
	for (long i = 0; i < n; i++) {
		int b = (int)(i % RAW_BOTS);

		if (write(to[b], request, sizeof(request) - 1) != (ssize_t)sizeof(request) - 1 ||
		    read_answer(from[b], line, sizeof(line)) < 0) {
			fprintf(stderr, "bench: the bot stopped answering\n");
			exit(1);
		}
	}
	t0 = now() - t0;
	*cpu = (cpu_now() - c0) / (double)n;
	for (int b = 0; b < RAW_BOTS; b++) {
		close(to[b]);
		close(from[b]);
	}
	for (int b = 0; b < RAW_BOTS; b++)
		waitpid(pid[b], NULL, 0);
	return t0 / (double)n;
}

/*
 * Runs a shell command line that execs the referee, handing each line of
 * its output to line_fn; *cpu gets the referee's own CPU time (seconds),
 * read once it has exited and before it is reaped. Returns the wall time.
 */
static double run_referee(const char *cmd, void (*line_fn)(const char *, void *), void *arg,
			  double *cpu)
{
	int fds[2];
	char line[8192];
	double t0 = now();
	siginfo_t info;
	int status;
	pid_t pid;
	FILE *p;

	if (pipe(fds) < 0)
		exit(1);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	if (pid < 0 || !(p = fdopen(fds[0], "r")))
		exit(1);
	while (fgets(line, sizeof(line), p))
		line_fn(line, arg);
	fclose(p);
	/* a zombie keeps its CPU times: wait without reaping, read them, then reap */
	memset(&info, 0, sizeof(info));
	waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT);
	t0 = now() - t0;
	*cpu = zombie_cpu(pid);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench: the referee failed\n");
		exit(1);
	}
	return t0;
}

struct count {
	int all;       /* count every seat's decisions, else seat 0's */
	long decisions, hands;
};

static void count_line(const char *line, void *arg)
{
	struct count *c = arg;
	const char *d = strstr(line, "\"decisions\":["), *h = strstr(line, "\"hands\":");
	long a, b, e, f;

	if (d && sscanf(d, "\"decisions\":[%ld,%ld,%ld,%ld]", &a, &b, &e, &f) == 4)
		c->decisions += c->all ? a + b + e + f : a;
	if (h)
		c->hands += strtol(h + 8, NULL, 10);
}

/*
 * Plays hammerwalt games through the referee with the bot in seat 0 and
 * seat 0's kind of player in every seat (all: the bot everywhere; else
 * @random in seats 1-3); returns the referee's wall time per decision,
 * everything included (start-up, rendering, the end of games), and its
 * CPU time per decision in *cpu. The games end at target (and hole) or
 * after max_hands hands (0: the variant's 200).
 */
static double referee_per_decision(const char *referee, const char *bot, int games, int target,
				   int max_hands, int all, long *decisions, double *cpu)
{
	char cmd[4096], hands[64] = "";
	const char *other = all ? bot : "@random";
	struct count c = { all, 0, 0 };
	double wall;

	if (max_hands)
		snprintf(hands, sizeof(hands), "--option max_hands=%d ", max_hands);
	snprintf(cmd, sizeof(cmd),
		 "exec %s --variant hammerwalt --option target=%d --option hole=%d %s--games %d %s %s %s %s 2>/dev/null",
		 referee, target, target, hands, games, bot, other, other, other);
	wall = run_referee(cmd, count_line, &c, cpu);
	*decisions = c.decisions;
	if (!c.decisions) {
		fprintf(stderr, "bench: the referee played no decision\n");
		exit(1);
	}
	*cpu /= (double)c.decisions;
	return wall / (double)c.decisions;
}

/*
 * Wall time of bin/referee --seed 1 --games N with four @random seats
 * (indiana), its result lines written to /dev/null: the referee's own
 * cost, start-up and the lines included, with no reader beside it.
 */
static double referee_builtins(const char *referee, int games)
{
	char n[32];
	double t0 = now();
	int status;
	pid_t pid = fork();

	snprintf(n, sizeof(n), "%d", games);
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		dup2(fd, 2);
		execl(referee, referee, "--variant", "indiana", "--seed", "1", "--games", n,
		      "@random", "@random", "@random", "@random", (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench: the referee failed\n");
		exit(1);
	}
	return now() - t0;
}

/* The hands of those games, counted from the referee's result lines (once, not timed). */
static long referee_builtin_hands(const char *referee, int games)
{
	char cmd[4096];
	struct count c = { 1, 0, 0 };
	double cpu;

	snprintf(cmd, sizeof(cmd), "exec %s --variant indiana --seed 1 --games %d "
		 "@random @random @random @random 2>/dev/null", referee, games);
	run_referee(cmd, count_line, &c, &cpu);
	return c.hands;
}

/*
 * The same games in this process, the engine and @random alone: game i
 * has seed i, and each seat draws from its own generator seeded as the
 * referee seeds a built-in's (splitmix64 of seed x 16 + seat), so these
 * are the very games and hands the referee plays. Their wall time; the
 * hands in *hands.
 */
static double engine_builtins(int games, long *hands)
{
	struct rules rules;
	struct rng r[MAX_SEATS];
	char err[128];
	struct game *g = malloc(sizeof(*g));
	double t0 = now();

	*hands = 0;
	rules_init(&rules, VAR_INDIANA);
	rules_finish(&rules, err, sizeof(err));
	for (int i = 1; i <= games; i++) {
		for (int s = 0; s < rules.players; s++) {
			uint64_t x = (uint64_t)i * 16 + (uint64_t)s;

			rng_seed(&r[s], splitmix64(&x));
		}
		game_init(g, &rules, (uint64_t)i, NULL, err, sizeof(err));
		while (!game_over(g)) {
			struct move m;

			if (game_hand_over(g)) {
				game_next_hand(g);
				(*hands)++;
				continue;
			}
			builtin_random(g, &r[game_to_move(g)], &m);
			game_apply(g, &m, err, sizeof(err));
		}
		(*hands)++;
	}
	free(g);
	return now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(double), cmp_double);
	return v[n / 2];
}

/*
 * The steady state of a long game of the bot in every seat, whose
 * referee took wall seconds and cpu seconds per decision over its
 * decisions: that game less a one-hand game of the same bots, which pays
 * the same start (the sandboxes) and end. With shorts > 1 it plays that
 * many one-hand games and takes the least wall time and the least CPU
 * time of them (each with its own decisions): starting and stopping
 * sandboxed bots varies by tens of milliseconds from game to game, and
 * the variation only ever adds, so the least is the best estimate of
 * what the long game paid. Returns the referee's CPU per decision;
 * *steady_wall gets the wall time per decision.
 */
static double steady_state(const char *referee, const char *bot, double wall, double cpu,
			   long decisions, int shorts, double *steady_wall)
{
	double least_wall = 0, least_cpu = 0;
	long wall_decisions = 0, cpu_decisions = 0;

	for (int i = 0; i < shorts; i++) {
		long d;
		double c, w = referee_per_decision(referee, bot, 1, 1, 0, 1, &d, &c);

		/* per decision back to the game's totals */
		w *= (double)d;
		c *= (double)d;
		if (!i || w < least_wall) {
			least_wall = w;
			wall_decisions = d;
		}
		if (!i || c < least_cpu) {
			least_cpu = c;
			cpu_decisions = d;
		}
	}
	*steady_wall = (wall * (double)decisions - least_wall) / (double)(decisions - wall_decisions);
	return (cpu * (double)decisions - least_cpu) / (double)(decisions - cpu_decisions);
}

/* The figures measured on one CPU: medians of the rounds, in seconds. */
struct one_cpu {
	double raw_wall, raw_cpu;  /* the baseline, per round trip */
	double wall, cpu;          /* the referee's steady state, per decision */
	double cpu_ratio, cpu_lo, cpu_hi;    /* cpu / raw_cpu, and the rounds' extremes */
	double wall_ratio, wall_lo, wall_hi; /* wall / raw_wall, and the rounds' extremes */
};

/*
 * The baseline and the referee's steady state (as in main()'s rounds)
 * with this process and its children held to the CPU it runs on, over 5
 * rounds, into *o. Returns 0, or -1 if this process cannot be pinned
 * (errno says why). Exits if it cannot be unpinned again: the figures
 * after it would be measured pinned.
 */
static int one_cpu_steady(const char *referee, const char *bot, struct one_cpu *o)
{
	/*
	 * The long game: 2,000 hands (hammerwalt's max_hands; the target is
	 * out of reach), about 94,000 decisions, ten times main()'s, and the
	 * quickest of 5 one-hand games; see steady_state().
	 */
	enum { ROUNDS = 5, LONG_HANDS = 2000, SHORTS = 5 };
	double raw_wall[ROUNDS], raw_cpu[ROUNDS], wall[ROUNDS], cpu[ROUNDS];
	double cpu_ratio[ROUNDS], wall_ratio[ROUNDS], w, c;
	long decisions;
	cpu_set_t all, one;
	int n = sched_getcpu();

	/*
	 * Not common/cpu.c's cpu_pin(): that pins for good, as the referee
	 * wants, and keeps no mask to go back to, while the figures after
	 * these (starting and stopping a bot) must be measured unpinned
	 * again, on every CPU this process had.
	 */
	if (n < 0 || sched_getaffinity(0, sizeof(all), &all) < 0)
		return -1;
	CPU_ZERO(&one);
	CPU_SET(n, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0)
		return -1;
	for (int i = 0; i < ROUNDS; i++) {
		raw_wall[i] = raw_round_trip(bot, RAW_TRIPS, &raw_cpu[i]);
		w = referee_per_decision(referee, bot, 1, 100000, LONG_HANDS, 1, &decisions, &c);
		cpu[i] = steady_state(referee, bot, w, c, decisions, SHORTS, &wall[i]);
		cpu_ratio[i] = cpu[i] / raw_cpu[i];
		wall_ratio[i] = wall[i] / raw_wall[i];
	}
	if (sched_setaffinity(0, sizeof(all), &all) < 0) {
		fprintf(stderr, "bench: cannot unpin this process: %s\n", strerror(errno));
		exit(1);
	}
	o->raw_wall = median(raw_wall, ROUNDS);
	o->raw_cpu = median(raw_cpu, ROUNDS);
	o->wall = median(wall, ROUNDS);
	o->cpu = median(cpu, ROUNDS);
	/* median() sorts, so the extremes are then at either end */
	o->cpu_ratio = median(cpu_ratio, ROUNDS);
	o->cpu_lo = cpu_ratio[0];
	o->cpu_hi = cpu_ratio[ROUNDS - 1];
	o->wall_ratio = median(wall_ratio, ROUNDS);
	o->wall_lo = wall_ratio[0];
	o->wall_hi = wall_ratio[ROUNDS - 1];
	return 0;
}

/*
 * Measures and prints the one-CPU lines: CPU against its aims, then wall
 * against its aim. 0, or -1 (a line says why) when this process cannot
 * be held to one CPU.
 */
static int print_one_cpu(const char *referee, const char *bot)
{
	struct one_cpu o;

	if (one_cpu_steady(referee, bot, &o) < 0) {
		printf("referee: on one CPU: cannot pin this process (%s)\n", strerror(errno));
		return -1;
	}
	printf("referee: on one CPU (this process, the referee and the bots held to one): the raw "
	       "parent %.2f us; the referee's steady state (a 2,000-hand game less the quickest of 5 "
	       "one-hand games) %.2f us per decision (aim: at most 6 us), "
	       "%.2f times the raw parent's (range %.2f to %.2f; aim: at most 1.33)\n",
	       o.raw_cpu * 1e6, o.cpu * 1e6, o.cpu_ratio, o.cpu_lo, o.cpu_hi);
	printf("referee: on one CPU, wall: the raw round trip %.2f us; the referee's steady state "
	       "%.2f us per decision, %.2f times the raw round trip (range %.2f to %.2f; aim: at "
	       "most 1.3)\n", o.raw_wall * 1e6, o.wall * 1e6, o.wall_ratio, o.wall_lo, o.wall_hi);
	return 0;
}

int main(int argc, char **argv)
{
	const char *referee = argc > 1 ? argv[1] : "bin/referee";
	const char *bot = argc > 2 ? argv[2] : "sample-bots/c-random/c-random";
	enum { ROUNDS = 7, BUILTIN_GAMES = 20000 };
	double raw[ROUNDS], raw_cpu[ROUNDS], ref[ROUNDS], ref_cpu[ROUNDS], one[ROUNDS];
	double ratio[ROUNDS], cpu_ratio[ROUNDS], eng[ROUNDS], via[ROUNDS], hratio[ROUNDS];
	double steady[ROUNDS], steady_ratio[ROUNDS], eng_s[ROUNDS], via_s[ROUNDS];
	double steady_wall[ROUNDS], steady_wall_ratio[ROUNDS];
	long eng_hands = 0;
	long decisions = 0, one_decisions = 0;
	double unused;

	signal(SIGPIPE, SIG_IGN);
	if (argc > 3 && !strcmp(argv[3], "--one-cpu")) {
		/* the pair of lines to compare between builds, alone (bench/README.md) */
		return print_one_cpu(referee, bot) < 0;
	}
	/* rounds alternate, so every measurement sees the same machine load */
	for (int i = 0; i < ROUNDS; i++) {
		raw[i] = raw_round_trip(bot, RAW_TRIPS, &raw_cpu[i]);
		/* one long game: the cost of a decision, not of starting bots */
		ref[i] = referee_per_decision(referee, bot, 1, 5000, 0, 1, &decisions, &ref_cpu[i]);
		one[i] = referee_per_decision(referee, bot, 1, 5000, 0, 0, &one_decisions, &unused);
		steady[i] = steady_state(referee, bot, ref[i], ref_cpu[i], decisions, 1,
					 &steady_wall[i]);
		ratio[i] = ref[i] / raw[i];
		steady_wall_ratio[i] = steady_wall[i] / raw[i];
		cpu_ratio[i] = ref_cpu[i] / raw_cpu[i];
		steady_ratio[i] = steady[i] / raw_cpu[i];
		/* enough games that the referee's start (about 1 ms) is a few percent */
		eng_s[i] = engine_builtins(BUILTIN_GAMES, &eng_hands);
		via_s[i] = referee_builtins(referee, BUILTIN_GAMES);
		eng[i] = (double)eng_hands / eng_s[i];
		via[i] = (double)eng_hands / via_s[i];
		hratio[i] = eng_s[i] / via_s[i];
	}
	{
		double m_raw = median(raw, ROUNDS), m_raw_cpu = median(raw_cpu, ROUNDS);
		double m_ref = median(ref, ROUNDS), m_ratio = median(ratio, ROUNDS);
		double m_cpu = median(ref_cpu, ROUNDS), m_cpu_ratio = median(cpu_ratio, ROUNDS);
		double m_one = median(one, ROUNDS), m_via = median(via, ROUNDS);
		double m_eng = median(eng, ROUNDS), m_hratio = median(hratio, ROUNDS);
		double m_steady = median(steady, ROUNDS), m_steady_ratio = median(steady_ratio, ROUNDS);
		double m_steady_wall = median(steady_wall, ROUNDS);
		double m_steady_wall_ratio = median(steady_wall_ratio, ROUNDS);

		printf("referee: raw pipe round trip to four c-random in turn: %.1f us wall, %.2f us "
		       "CPU of the parent (the baseline; %d round trips, median of %d rounds)\n",
		       m_raw * 1e6, m_raw_cpu * 1e6, RAW_TRIPS, ROUNDS);
		printf("referee: c-random in all four seats: %.1f us wall per decision (median; %ld "
		       "decisions a game, %.0f/s)\n", m_ref * 1e6, decisions, 1 / m_ref);
		printf("referee: wall ratio to the raw round trip %.2f, median of the rounds' ratios "
		       "(range %.2f to %.2f; the bots' start and end included)\n", m_ratio, ratio[0],
		       ratio[ROUNDS - 1]);
		printf("referee: its wall time in the steady state (less a one-hand game of the same "
		       "bots): %.1f us per decision, %.2f times the raw round trip (range %.2f to %.2f; "
		       "aim: at most 1.3)\n", m_steady_wall * 1e6, m_steady_wall_ratio,
		       steady_wall_ratio[0], steady_wall_ratio[ROUNDS - 1]);
		printf("referee: its own CPU (user + system) over the whole game, the bots' start "
		       "included: %.2f us per decision, %.2f times the raw parent's (range %.2f to "
		       "%.2f)\n", m_cpu * 1e6, m_cpu_ratio, cpu_ratio[0], cpu_ratio[ROUNDS - 1]);
		printf("referee: its own CPU in the steady state (less a one-hand game of the same "
		       "bots): %.2f us per decision, %.2f times the raw parent's (range %.2f to %.2f; "
		       "aim: at most 1.33 times it, %.2f us here)\n", m_steady * 1e6, m_steady_ratio,
		       steady_ratio[0], steady_ratio[ROUNDS - 1], 1.33 * m_raw_cpu * 1e6);
		printf("referee: c-random against three @random: %.1f us per bot decision (all seats' "
		       "moves included)\n", m_one * 1e6);
		long counted = referee_builtin_hands(referee, BUILTIN_GAMES);

		printf("referee: four @random, indiana, --games %d: %.0f hands/s; the engine alone in "
		       "this process, the same %ld hands: %.0f hands/s (the baseline)\n",
		       BUILTIN_GAMES, m_via, eng_hands, m_eng);
		if (counted != eng_hands)
			printf("referee: warning: the referee played %ld hands, not the engine's %ld: "
			       "it no longer seeds built-ins as this benchmark does\n", counted,
			       eng_hands);
		printf("referee: built-ins through the referee at %.2f of the engine (range %.2f to "
		       "%.2f; aim: at least 0.8)\n", m_hratio, hratio[0], hratio[ROUNDS - 1]);
	}
	print_one_cpu(referee, bot);
	/* what a game costs beyond its decisions: a one-hand game, bot vs built-ins only */
	{
		long d1, d2;
		double c1, c2;
		double with_bot = referee_per_decision(referee, bot, 20, 1, 0, 0, &d1, &c1) * (double)d1 / 20;
		double builtins = referee_per_decision(referee, "@random", 20, 1, 0, 0, &d2, &c2) * (double)d2 / 20;

		printf("referee: starting and stopping a bot: %.2f ms a game (a game of built-ins: %.2f ms)\n",
		       (with_bot - builtins) * 1e3, builtins * 1e3);
	}
	return 0;
}
