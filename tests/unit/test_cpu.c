/*
 * test_cpu.c - common/cpu: the CPU list as ranges, the least loaded CPU,
 * and holding a process to one CPU (in a child, so the test keeps its own).
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu.h"
#include "testhelp.h"

static void test_list_format_as_ranges(void)
{
	static const int a[] = { 0, 1, 2, 3, 6 }, b[] = { 5 }, c[] = { 0, 2, 4 },
			 d[] = { 0, 1, 2, 3, 6, 8, 10 }, e[] = { 7, 8 }, f[] = { 100, 200 },
			 g[] = { 1000, 1001, 1002, 1003, 1010 };
	char buf[64];

	cpu_list_format(a, 5, buf, sizeof(buf));
	CHECK_STR(buf, "0-3,6");
	cpu_list_format(b, 1, buf, sizeof(buf));
	CHECK_STR(buf, "5");
	cpu_list_format(c, 3, buf, sizeof(buf));
	CHECK_STR(buf, "0,2,4");
	cpu_list_format(e, 2, buf, sizeof(buf));
	CHECK_STR(buf, "7-8");
	cpu_list_format(a, 0, buf, sizeof(buf));
	CHECK_STR(buf, "");
	/* "0-3,6,8,10" cut after the last whole item that leaves room for "..." */
	cpu_list_format(d, 7, buf, 7);
	CHECK_STR(buf, "0-3...");
	cpu_list_format(d, 7, buf, 9);
	CHECK_STR(buf, "0-3,6...");
	cpu_list_format(d, 7, buf, 6);
	CHECK_STR(buf, "...");
	cpu_list_format(d, 7, buf, 11);
	CHECK_STR(buf, "0-3,6,8,10");
	cpu_list_format(d, 7, buf, 10);
	CHECK_STR(buf, "0-3,6...");
	/* never a number or a range cut short */
	cpu_list_format(f, 2, buf, 6);
	CHECK_STR(buf, "...");
	cpu_list_format(g, 5, buf, 12);
	CHECK_STR(buf, "...");
	cpu_list_format(g, 5, buf, 13);
	CHECK_STR(buf, "1000-1003...");
	cpu_list_format(f, 2, buf, 3);
	CHECK_STR(buf, "");
}

static void test_least_loaded_takes_the_first_of_the_fewest(void)
{
	static const int a[] = { 2, 0, 1, 0 }, b[] = { 1, 1 }, c[] = { 3, 2, 2 };

	CHECK_INT(cpu_least_loaded(a, 4), 1);
	CHECK_INT(cpu_least_loaded(b, 2), 0);
	CHECK_INT(cpu_least_loaded(c, 3), 1);
	CHECK_INT(cpu_least_loaded(a, 0), -1);
}

/*
 * In a child: pinning to a CPU it may not use (one past the last it may)
 * fails with -2 and changes nothing; pinning to the last it may use leaves
 * only that one, for the child and for a grandchild started after. The
 * child's exit status is the number of the first check that failed.
 */
static int pinned_child(const int *cpus, int n)
{
	char err[512], want[64];
	int got[CPU_MAX], st;
	pid_t g;

	snprintf(want, sizeof(want), "CPU %d is not one this process may use", cpus[n - 1] + 1);
	if (cpus[n - 1] + 1 < CPU_MAX &&
	    (cpu_pin(cpus[n - 1] + 1, err, sizeof(err)) != -2 || strcmp(err, want)))
		return 1;
	if (cpu_allowed(got, CPU_MAX) != n || cpu_count() != n)
		return 2;
	if (cpu_pin(cpus[n - 1], err, sizeof(err)) != 0)
		return 3;
	if (cpu_allowed(got, CPU_MAX) != 1 || got[0] != cpus[n - 1] || cpu_count() != 1)
		return 4;
	g = fork();
	if (g == 0)
		_exit(cpu_allowed(got, CPU_MAX) == 1 && got[0] == cpus[n - 1] ? 0 : 1);
	if (g < 0 || waitpid(g, &st, 0) != g || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return 5;
	return 0;
}

static void test_pin_holds_the_process_and_its_children(void)
{
	int cpus[CPU_MAX], n = cpu_allowed(cpus, CPU_MAX), status = -1;
	cpu_set_t set;
	pid_t pid;

	CHECK(n >= 1);
	CPU_ZERO(&set);
	CHECK(sched_getaffinity(0, sizeof(set), &set) == 0);
	CHECK_INT(n, CPU_COUNT(&set));
	CHECK_INT(cpu_count(), n);
	if (n < 1)
		return;
	pid = fork();
	if (pid == 0)
		_exit(pinned_child(cpus, n));
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status));
	/* 0: every check passed; else the number of the failed one */
	CHECK_INT(WEXITSTATUS(status), 0);
	/* the test process itself kept every CPU */
	CHECK_INT(cpu_allowed(cpus, CPU_MAX), n);
}

int main(void)
{
	RUN(test_list_format_as_ranges);
	RUN(test_least_loaded_takes_the_first_of_the_fewest);
	RUN(test_pin_holds_the_process_and_its_children);
	return TEST_REPORT();
}
