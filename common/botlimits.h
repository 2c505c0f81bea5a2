/*
 * botlimits.h - the sandbox limits of a bot, in one table: the referee's
 * --limit SEAT:KEY=N, the arena's config keys, the usage text and the
 * error messages all read it (docs/sandbox.md explains each limit).
 */
#ifndef BOTLIMITS_H
#define BOTLIMITS_H

#include "util.h"

struct sandbox_limits {
	long mem_mb;        /* MiB: resident in a cgroup, else RLIMIT_AS; 0 = no limit */
	long cpu_s;         /* RLIMIT_CPU backstop in seconds (per process), 0 = none */
	long fsize_mb;      /* RLIMIT_FSIZE in MiB, 0 = no limit */
	long nofile;        /* RLIMIT_NOFILE */
	long nproc;         /* processes + threads of the bot (RLIMIT_NPROC) */
	long scratch_mb;    /* size of the private /tmp (the scratch), MiB */
	long scratch_files; /* files and directories in it */
};

enum limit_key {
	LIMIT_MEM_MB, LIMIT_NPROC, LIMIT_CPU_S, LIMIT_FSIZE_MB, LIMIT_NOFILE, LIMIT_SCRATCH_MB,
	LIMIT_SCRATCH_FILES, NLIMITS
};

struct limit_def {
	const char *name; /* the key: "mem_mb" */
	long def;         /* the default */
	long max;         /* the largest value accepted */
	const char *what; /* for the usage text: "address space" */
};

/*
 * The defaults: 2048 MiB of address space is what the runtimes we accept
 * need with room to spare (measured: Python ~256 MiB, Node > 512 MiB,
 * Java -Xmx64m ~1 GiB; see docs/sandbox.md). 64 processes + threads is
 * enough for a JVM on a small machine and stops a fork bomb early.
 */
const struct limit_def *limit_def(enum limit_key k);
/* The key with that name, or -1. */
int limit_find(const char *name);
/* The field of l that key k sets. */
long *limit_field(struct sandbox_limits *l, enum limit_key k);
/* Every limit at its default. */
void limits_default(struct sandbox_limits *l);
/* "mem_mb, nproc, ... or scratch_files", for messages. */
void limits_names(struct strbuf *out);
/* "mem_mb (address space, default 2048), ...", wrapped to width columns after indent. */
void limits_help(struct strbuf *out, int indent, int width);

#endif
