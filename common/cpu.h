/*
 * cpu.h - which CPUs this process may run on, and holding it to one.
 *
 * The referee's --cpu and the arena's cpu_affinity: a game whose
 * referee and bots share one CPU never wakes a process on another CPU,
 * which on a virtual machine costs more than the rest of a decision
 * (docs/arena.md, "One CPU per game"). A process started after
 * cpu_pin() inherits the CPU; the sandbox refuses bots the call that
 * would change it.
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
 * Writes a list of ascending CPU numbers as ranges ("0-3,6") into buf;
 * buf is "" for n == 0 and ends in "..." when it is too small.
 */
void cpu_list_format(const int *cpus, int n, char *buf, size_t len);

/*
 * Holds this process, and every process it starts from now on, to CPU
 * cpu. 0, or -1 with err and errno: EINVAL when cpu is not one this
 * process may use ("CPU 5 is not one this process may use (it may use
 * 0-1)"), else why the kernel refused.
 */
int cpu_pin(int cpu, char *err, size_t len);

/*
 * Of n CPUs with load[i] jobs each, the index of the one with the fewest
 * jobs, the first of them on a tie; -1 when n is 0.
 */
int cpu_least_loaded(const int *load, int n);

#endif
