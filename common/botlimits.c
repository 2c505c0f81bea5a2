/*
 * botlimits.c - the table of sandbox limits (see botlimits.h).
 */
#include "botlimits.h"

#include <stddef.h>
#include <string.h>

static const struct limit_def defs[NLIMITS] = {
	[LIMIT_MEM_MB] = { "mem_mb", 2048, 1048576, "memory, MiB" },
	[LIMIT_NPROC] = { "nproc", 64, 100000, "processes and threads" },
	[LIMIT_CPU_S] = { "cpu_s", 600, 86400, "CPU seconds" },
	[LIMIT_FSIZE_MB] = { "fsize_mb", 64, 1048576, "largest file, MiB" },
	[LIMIT_NOFILE] = { "nofile", 256, 1048576, "open files" },
	[LIMIT_SCRATCH_MB] = { "scratch_mb", 64, 65536, "the private /tmp, MiB" },
	[LIMIT_SCRATCH_FILES] = { "scratch_files", 4096, 10000000, "files in it" },
};

static const size_t offsets[NLIMITS] = {
	[LIMIT_MEM_MB] = offsetof(struct sandbox_limits, mem_mb),
	[LIMIT_NPROC] = offsetof(struct sandbox_limits, nproc),
	[LIMIT_CPU_S] = offsetof(struct sandbox_limits, cpu_s),
	[LIMIT_FSIZE_MB] = offsetof(struct sandbox_limits, fsize_mb),
	[LIMIT_NOFILE] = offsetof(struct sandbox_limits, nofile),
	[LIMIT_SCRATCH_MB] = offsetof(struct sandbox_limits, scratch_mb),
	[LIMIT_SCRATCH_FILES] = offsetof(struct sandbox_limits, scratch_files),
};

const struct limit_def *limit_def(enum limit_key k)
{
	return &defs[k];
}

int limit_find(const char *name)
{
	for (int k = 0; k < NLIMITS; k++)
		if (!strcmp(name, defs[k].name))
			return k;
	return -1;
}

long *limit_field(struct sandbox_limits *l, enum limit_key k)
{
	return (long *)((char *)l + offsets[k]);
}

void limits_default(struct sandbox_limits *l)
{
	for (int k = 0; k < NLIMITS; k++)
		*limit_field(l, (enum limit_key)k) = defs[k].def;
}

void limits_names(struct strbuf *out)
{
	for (int k = 0; k < NLIMITS; k++)
		strbuf_addf(out, "%s%s", k == 0 ? "" : k == NLIMITS - 1 ? " or " : ", ",
			    defs[k].name);
}

void limits_help(struct strbuf *out, int indent, int width)
{
	int col = indent;

	strbuf_addf(out, "%*s", indent, "");
	for (int k = 0; k < NLIMITS; k++) {
		char item[96];
		int n = snprintf(item, sizeof(item), "%s (%s, default %ld)%s", defs[k].name,
				 defs[k].what, defs[k].def, k == NLIMITS - 1 ? "" : ",");

		if (col > indent && col + 1 + n > width) {
			strbuf_addf(out, "\n%*s", indent, "");
			col = indent;
		}
		strbuf_addf(out, "%s%s", col > indent ? " " : "", item);
		col += n + (col > indent);
	}
	strbuf_addch(out, '\n');
}
