/*
 * test_arena_runner.c - child processes: captured stdout and stderr, exit
 * status, a program that cannot start, a deadline, a child that leaves a
 * grandchild holding its pipe (the job still ends, the grandchild is
 * killed), several jobs at once, runner_kill_all(), a 'lines' job's
 * lines, each with the stderr before it and whether the stop went first;
 * a match's stop signal names its game (sigqueue()), and a stop its game
 * outlived gives way to the next game's deadline.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "play_runner.h"
#include "testhelp.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Is pid running (not gone, not a zombie waiting for whoever adopted it)? */
static int alive(long pid)
{
	char path[64], state = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = 0;
	fclose(f);
	return state != 0 && state != 'Z' && state != 'X';
}

static int start_sh(struct runner *r, const char *script, long timeout_ms, void *tag)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct runner_job job;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.timeout_ms = timeout_ms;
	job.tag = tag;
	return runner_start(r, &job, err, sizeof(err));
}

static int wait_one(struct runner *r, struct runner_done *d)
{
	char err[256];

	return runner_wait(r, 10000, -1, d, err, sizeof(err));
}

static void test_output_and_status(void)
{
	struct runner *r = runner_new();
	struct runner_done d;

	CHECK(start_sh(r, "echo out; echo err >&2; exit 3", 0, (void *)7) == 0);
	CHECK_INT(runner_count(r), 1);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.tag == (void *)7);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 3);
	CHECK_STR(d.out, "out\n");
	CHECK_STR(d.err, "err\n");
	CHECK(!d.timed_out && !d.killed && !d.truncated);
	CHECK_INT(runner_count(r), 0);
	free(d.out);
	free(d.err);
	runner_free(r);
}

/* A job's input reaches its stdin (the referee's seed); without one it reads nothing. */
static void test_input_reaches_stdin(void)
{
	char *argv[] = { "/bin/sh", "-c", "read -r a; echo \"got $a\"; read -r b || echo end", NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.input = "4611686018427387904\n";
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK_STR(d.out, "got 4611686018427387904\nend\n");
	free(d.out);
	free(d.err);
	job.input = NULL;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK_STR(d.out, "got \nend\n");
	free(d.out);
	free(d.err);
	runner_free(r);
}

static void test_program_that_cannot_start(void)
{
	struct runner *r = runner_new();
	char *argv[] = { "/nonexistent/referee", NULL };
	struct runner_job job;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	CHECK(runner_start(r, &job, err, sizeof(err)) < 0);
	CHECK_STR(err, "cannot run '/nonexistent/referee': No such file or directory");
	job.argv = (char *[]){ "/bin/true", NULL };
	job.cwd = "/nonexistent";
	CHECK(runner_start(r, &job, err, sizeof(err)) < 0);
	CHECK_STR(err, "cannot enter '/nonexistent': No such file or directory");
	CHECK_INT(runner_count(r), 0);
	runner_free(r);
}

static void test_deadline_kills_the_job(void)
{
	struct runner *r = runner_new();
	struct runner_done d;
	double t0 = now();

	CHECK(start_sh(r, "sleep 5", 200, NULL) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.timed_out);
	CHECK(WIFSIGNALED(d.status) && WTERMSIG(d.status) == SIGKILL);
	CHECK(now() - t0 < 2);
	free(d.out);
	free(d.err);
	runner_free(r);
}

/* With a stop signal the deadline asks first: a job that stops in its grace counts. */
static void test_deadline_sends_the_stop_signal_first(void)
{
	char *stops[] = { "/bin/sh", "-c", "trap 'echo stopped; exit 0' USR1; sleep 5 & wait",
			  NULL };
	char *deaf[] = { "/bin/sh", "-c", "trap '' USR1; sleep 5", NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = stops;
	job.timeout_ms = 200;
	job.stop_signal = SIGUSR1;
	job.stop_grace_ms = 5000;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.stop_sent && !d.timed_out);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0);
	CHECK_STR(d.out, "stopped\n");
	free(d.out);
	free(d.err);
	/* one that ignores it is killed when the grace is over */
	job.argv = deaf;
	job.stop_grace_ms = 200;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.stop_sent && d.timed_out);
	CHECK(WIFSIGNALED(d.status) && WTERMSIG(d.status) == SIGKILL);
	free(d.out);
	free(d.err);
	runner_free(r);
}

static void test_leftover_grandchild_does_not_hold_the_job(void)
{
	struct runner *r = runner_new();
	struct runner_done d;
	double t0 = now();
	char *pid_text;
	long pid;

	/* the shell exits at once; its background sleep keeps the pipes open */
	CHECK(start_sh(r, "sleep 5 & echo $!", 0, NULL) == 0);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(now() - t0 < 2);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0);
	pid_text = d.out;
	pid = strtol(pid_text, NULL, 10);
	CHECK(pid > 0);
	usleep(100000);
	CHECK(!alive(pid)); /* killed with its process group */
	free(d.out);
	free(d.err);
	runner_free(r);
}

static void test_jobs_run_side_by_side_and_can_be_killed(void)
{
	struct runner *r = runner_new();
	struct runner_done d;
	double t0 = now();
	int seen = 0;

	CHECK(start_sh(r, "sleep 0.3; echo a", 0, (void *)1) == 0);
	CHECK(start_sh(r, "sleep 0.3; echo b", 0, (void *)2) == 0);
	for (int i = 0; i < 2; i++) {
		CHECK_INT(wait_one(r, &d), 1);
		seen |= (int)(long)d.tag;
		free(d.out);
		free(d.err);
	}
	CHECK_INT(seen, 3);
	CHECK(now() - t0 < 0.55); /* not one after the other */
	CHECK(start_sh(r, "sleep 5", 0, NULL) == 0);
	runner_kill_all(r);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.killed);
	free(d.out);
	free(d.err);
	/* nothing running: a wait with a timeout just times out */
	{
		char err[64];

		CHECK_INT(runner_wait(r, 10, -1, &d, err, sizeof(err)), 0);
	}
	runner_free(r);
}

/*
 * A 'lines' job hands back each whole line as it comes (2), then what is
 * left when it ends (1); its deadline restarts with runner_set_timeout().
 * An input of 20000 bytes (a match's list) still reaches it.
 */
static void test_lines_come_as_they_are_printed(void)
{
	char *argv[] = { "/bin/sh", "-c", "wc -c; sleep 2; printf 'b\\nc'", NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256], *input = malloc(20001);

	memset(input, 'x', 20000);
	input[20000] = '\0';
	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.input = input;
	job.lines = 1;
	job.timeout_ms = 1500; /* for wc's line: time enough on a loaded machine */
	job.tag = input;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK(d.line == 1 && d.tag == input);
	CHECK_STR(d.out, "20000\n");
	free(d.out);
	free(d.err);
	/* the sleep outlasts the first 1.5 s: another 5 s from now */
	runner_set_timeout(r, input, 5000);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "b\n");
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(!d.line && !d.timed_out && !d.stop_sent);
	CHECK_STR(d.out, "c");
	free(d.out);
	free(d.err);
	runner_free(r);
	free(input);
}

/*
 * A line printed before the deadline but read after it (the arena was
 * busy) goes back before any stop: a match's game that ended in time
 * restarts the deadline for the next game, which SIGUSR1 would end at
 * once and charge to its slowest bot. Here the line comes at once, the
 * deadline is 100 ms and the runner looks only at 1.5 s (time enough for
 * the echo on a loaded machine): no SIGUSR1 (it would kill the shell),
 * and "b" follows.
 */
static void test_a_line_in_time_is_no_stop(void)
{
	char *argv[] = { "/bin/sh", "-c", "echo a; sleep 2; echo b", NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256], tag[] = "t";

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.input = "";
	job.lines = 1;
	job.timeout_ms = 100;
	job.stop_signal = SIGUSR1;
	job.stop_grace_ms = 5000;
	job.tag = tag;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	usleep(1500 * 1000);
	CHECK_INT(runner_wait(r, -1, -1, &d, err, sizeof(err)), 2);
	CHECK_STR(d.out, "a\n");
	free(d.out);
	free(d.err);
	runner_set_timeout(r, tag, 5000);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "b\n");
	free(d.out);
	free(d.err);
	memset(&d, 0, sizeof(d));
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(!d.stop_sent && !d.timed_out);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0);
	free(d.out);
	free(d.err);
	runner_free(r);
}

/*
 * A 'lines' job's stderr goes back with the line it came before (a
 * match's referee: what it wrote about game k, before game k's line),
 * and what came after the last line with the end. The pauses keep each
 * message after the line before it was read, on a loaded machine too.
 */
static void test_lines_carry_the_stderr_before_them(void)
{
	char *argv[] = { "/bin/sh", "-c",
			 "echo e1 >&2; echo a; sleep 0.5; echo e2 >&2; echo e2b >&2; echo b; "
			 "sleep 0.5; echo c; sleep 0.5; echo e3 >&2",
			 NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.lines = 1;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "a\n");
	CHECK_STR(d.err, "e1\n");
	CHECK_INT((int)d.errlen, 3);
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "b\n");
	CHECK_STR(d.err, "e2\ne2b\n");
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "c\n");
	CHECK_STR(d.err, "");
	CHECK_INT((int)d.errlen, 0);
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK_STR(d.out, "");
	CHECK_STR(d.err, "e3\n");
	free(d.out);
	free(d.err);
	runner_free(r);
}

/*
 * A line handed back after the stop signal says so (stop_sent): the
 * arena tells the stopped game's line from the lines before the stop.
 */
static void test_a_line_after_the_stop_says_so(void)
{
	char *argv[] = { "/bin/sh", "-c", "trap 'echo b; exit 0' USR1; echo a; sleep 5 & wait",
			 NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256];

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.lines = 1;
	job.timeout_ms = 1000; /* time enough for the trap and the echo */
	job.stop_signal = SIGUSR1;
	job.stop_grace_ms = 5000;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "a\n");
	CHECK(!d.stop_sent);
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "b\n");
	CHECK(d.stop_sent);
	free(d.out);
	free(d.err);
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.stop_sent && !d.timed_out);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0);
	free(d.out);
	free(d.err);
	runner_free(r);
}

/* --stop-child: what the last SIGUSR1 said */
static volatile sig_atomic_t got_signal, got_queued, got_value;

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	got_signal = 1;
	got_queued = si->si_code == SI_QUEUE;
	got_value = si->si_value.sival_int;
}

/*
 * The test binary run as a match's referee would be: prints "a" (its
 * first game's result), then for each of two SIGUSR1s a line saying
 * what the signal carried, "got N" (sigqueue()'s value) or "got plain",
 * as if each stop came just after its game ended; then exits 0.
 */
static int stop_child(void)
{
	struct sigaction sa;
	sigset_t none, usr1;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&none);
	printf("a\n");
	fflush(stdout);
	for (int n = 0; n < 2; n++) {
		while (!got_signal)
			sigsuspend(&none);
		got_signal = 0;
		if (got_queued)
			printf("got %d\n", (int)got_value);
		else
			printf("got plain\n");
		fflush(stdout);
	}
	return 0;
}

/*
 * A match's stop (the referee's SIGUSR1) goes with sigqueue(), its value
 * the lines handed back so far: the index of the game it is meant for. A
 * line that comes after it (that game ended: the referee ignores a stop
 * that names a game that has ended) ends its grace, and the deadline the
 * caller sets for the next game sends a stop of its own, with the next
 * index. Before, a stop was sent with kill() (no value), and its grace
 * ran on whatever came, so the referee was killed at its end.
 */
static void test_a_match_stop_names_its_game(void)
{
	char *argv[] = { "/proc/self/exe", "--stop-child", NULL };
	struct runner *r = runner_new();
	struct runner_job job;
	struct runner_done d;
	char err[256], tag[] = "m";

	memset(&job, 0, sizeof(job));
	job.argv = argv;
	job.input = "";
	job.lines = 1;
	job.timeout_ms = 5000;
	job.stop_signal = SIGUSR1;
	job.stop_grace_ms = 3000;
	job.tag = tag;
	CHECK(runner_start(r, &job, err, sizeof(err)) == 0);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "a\n");
	free(d.out);
	free(d.err);
	/* game index 1 runs: its deadline sends the stop with 1 */
	runner_set_timeout(r, tag, 200);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "got 1\n");
	free(d.out);
	free(d.err);
	/* that line ends game 1: game 2 gets its own deadline, and its stop says 2 */
	runner_set_timeout(r, tag, 200);
	CHECK_INT(wait_one(r, &d), 2);
	CHECK_STR(d.out, "got 2\n");
	free(d.out);
	free(d.err);
	memset(&d, 0, sizeof(d));
	CHECK_INT(wait_one(r, &d), 1);
	CHECK(d.stop_sent && !d.timed_out);
	CHECK_INT(d.stop_line, 2);
	CHECK(WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0);
	free(d.out);
	free(d.err);
	runner_free(r);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--stop-child"))
		return stop_child();
	RUN(test_lines_carry_the_stderr_before_them);
	RUN(test_a_line_after_the_stop_says_so);
	RUN(test_a_match_stop_names_its_game);
	RUN(test_lines_come_as_they_are_printed);
	RUN(test_a_line_in_time_is_no_stop);
	RUN(test_output_and_status);
	RUN(test_input_reaches_stdin);
	RUN(test_program_that_cannot_start);
	RUN(test_deadline_kills_the_job);
	RUN(test_deadline_sends_the_stop_signal_first);
	RUN(test_leftover_grandchild_does_not_hold_the_job);
	RUN(test_jobs_run_side_by_side_and_can_be_killed);
	return TEST_REPORT();
}
