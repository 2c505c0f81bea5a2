/*
 * cpu.h - which CPUs this process may run on (its affinity), and holding
 * it to one of them. A process started after cpu_pin() inherits the CPU.
 * At most CPU_MAX CPUs: on a kernel with more possible CPUs,
 * cpu_allowed() fails with EINVAL.
 */
#ifndef CPU_H
#define CPU_H

#include <stddef.h>

/* The most CPUs these functions look at (glibc's cpu_set_t). */
#define CPU_MAX 1024

/*
 * The CPUs this process may run on, ascending, into cpus (room for max).
 * Their count (at most max), or -1 with errno.
 */
int cpu_allowed(int *cpus, int max);

/*
 * How many CPUs this process may run on (not how many the machine has:
 * taskset, a cpuset or Slurm may give it fewer); at least 1.
 */
int cpu_count(void);

/*
 * Writes a list of ascending CPU numbers as ranges ("0-3,6") into buf;
 * buf is "" for n == 0. When the list does not fit, it is cut after the
 * last whole item that leaves room for "..." ("0-3..."), and is only
 * "..." when none does; a buf of fewer than 4 bytes is then "".
 */
void cpu_list_format(const int *cpus, int n, char *buf, size_t len);

/*
 * Holds this process, and every process it starts from now on, to CPU
 * cpu. 0; -2 with err when cpu is not one this process may use ("CPU 5
 * is not one this process may use"); -1 with err when the kernel would
 * not read or set the affinity.
 */
int cpu_pin(int cpu, char *err, size_t len);

/*
 * Of n CPUs with load[i] jobs each, the index of the one with the fewest
 * jobs, the first of them on a tie; -1 when n is 0.
 */
int cpu_least_loaded(const int *load, int n);

#endif
