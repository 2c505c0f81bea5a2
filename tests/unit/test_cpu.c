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
			 d[] = { 0, 1, 2, 3, 6, 8, 10 }, e[] = { 7, 8 };
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
	/* "0-3,6,8,10" in 6 bytes: "0-3,6" fits, ",8" does not */
	cpu_list_format(d, 7, buf, 6);
	CHECK_STR(buf, "0-...");
	/* in 9 bytes: "0-3,6" and room for "..." after it */
	cpu_list_format(d, 7, buf, 9);
	CHECK_STR(buf, "0-3,6...");
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
 * In a child: pinning to a CPU not allowed fails with EINVAL and names the
 * allowed ones; pinning to the last allowed one leaves only it, for the
 * child and for a grandchild it starts after.
 */
static void test_pin_holds_the_process_and_its_children(void)
{
	int cpus[CPU_MAX], n = cpu_allowed(cpus, CPU_MAX), status;
	cpu_set_t set;
	pid_t pid;

	CHECK(n >= 1);
	CPU_ZERO(&set);
	CHECK(sched_getaffinity(0, sizeof(set), &set) == 0);
	CHECK_INT(n, CPU_COUNT(&set));
	if (n < 1)
		return;
	pid = fork();
	if (pid == 0) {
		char err[512], list[256], want[400];
		int got[CPU_MAX], m, ok = 1, st;
		pid_t g;

		cpu_list_format(cpus, n, list, sizeof(list));
		snprintf(want, sizeof(want), "CPU 1023 is not one this process may use (it may use %s)",
			 list);
		ok &= cpu_pin(1023, err, sizeof(err)) == -1 && errno == EINVAL && !strcmp(err, want);
		ok &= cpu_allowed(got, CPU_MAX) == n; /* unchanged */
		ok &= cpu_pin(cpus[n - 1], err, sizeof(err)) == 0;
		m = cpu_allowed(got, CPU_MAX);
		ok &= m == 1 && got[0] == cpus[n - 1];
		g = fork();
		if (g == 0)
			_exit(cpu_allowed(got, CPU_MAX) == 1 && got[0] == cpus[n - 1] ? 0 : 1);
		ok &= g > 0 && waitpid(g, &st, 0) == g && WIFEXITED(st) && WEXITSTATUS(st) == 0;
		_exit(ok ? 0 : 1);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
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
