/*
 * fault.c - fault kinds and their names (see fault.h).
 */
#include "fault.h"

#include <string.h>

static const char *const fault_names[FAULT_NKINDS] = {
	"none", "timeout", "crash", "eof", "malformed", "illegal", "overflow", "sandbox", "startup",
	"memory",
};

const char *fault_kind_name(enum fault_kind k)
{
	return (unsigned)k < FAULT_NKINDS ? fault_names[k] : "?";
}

int fault_kind_parse(const char *name)
{
	for (int k = 0; k < FAULT_NKINDS; k++)
		if (!strcmp(name, fault_names[k]))
			return k;
	return -1;
}
