/*
 * cpu.c - CPU affinity (see cpu.h).
 */
#include "cpu.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cpu_allowed(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return -1;
	for (int c = 0; c < CPU_SETSIZE && c < CPU_MAX && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n;
}

int cpu_count(void)
{
	int cpus[CPU_MAX], n = cpu_allowed(cpus, CPU_MAX);
	long online;

	if (n > 0)
		return n;
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}

void cpu_list_format(const int *cpus, int n, char *buf, size_t len)
{
	size_t used = 0, cut = 0; /* cut: the end of the last item with room for "..." after it */

	if (!len)
		return;
	buf[0] = '\0';
	for (int i = 0; i < n;) {
		int j = i, k;

		while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
			j++;
		if (j == i)
			k = snprintf(buf + used, len - used, "%s%d", i ? "," : "", cpus[i]);
		else
			k = snprintf(buf + used, len - used, "%s%d-%d", i ? "," : "", cpus[i],
				     cpus[j]);
		if (k < 0 || (size_t)k >= len - used) {
			if (cut + 4 <= len)
				memcpy(buf + cut, "...", 4);
			else
				buf[0] = '\0';
			return;
		}
		used += (size_t)k;
		if (used + 4 <= len)
			cut = used;
		i = j + 1;
	}
}

int cpu_pin(int cpu, char *err, size_t len)
{
	int cpus[CPU_MAX];
	int n = cpu_allowed(cpus, CPU_MAX), ok = 0;
	cpu_set_t one;

	if (n < 0) {
		snprintf(err, len, "cannot read this process's CPUs: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++)
		ok |= cpus[i] == cpu;
	if (!ok) {
		snprintf(err, len, "CPU %d is not one this process may use", cpu);
		return -2;
	}
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0) {
		snprintf(err, len, "cannot hold this process to CPU %d: %s", cpu, strerror(errno));
		return -1;
	}
	return 0;
}

int cpu_least_loaded(const int *load, int n)
{
	int best = n ? 0 : -1;

	for (int i = 1; i < n; i++)
		if (load[i] < load[best])
			best = i;
	return best;
}
