/*
 * fault.h - the ways a bot can fail a game, one list for both programs:
 * the referee records them (protocol.md, "Faults"), the arena counts them
 * per kind in its report.
 */
#ifndef FAULT_H
#define FAULT_H

enum fault_kind {
	FAULT_NONE,
	FAULT_TIMEOUT,   /* no answer in time, or its game budget used up */
	FAULT_CRASH,     /* the program ended */
	FAULT_EOF,       /* it closed its output (or input) and kept running */
	FAULT_MALFORMED, /* the answer is not a move */
	FAULT_ILLEGAL,   /* a move, but not a legal one */
	FAULT_OVERFLOW,  /* a line too long, or output nobody asked for */
	FAULT_SANDBOX,   /* stopped by the sandbox */
	FAULT_STARTUP,   /* cannot start, or no 'ready' */
	FAULT_MEMORY,    /* killed by its memory limit (with a cgroup) */
	FAULT_NKINDS
};

/* The kind's name in results and records ("timeout"); "?" out of range. */
const char *fault_kind_name(enum fault_kind k);
/* The kind with that name, or -1. */
int fault_kind_parse(const char *name);

struct fault {
	int seat;
	enum fault_kind kind;
	int hand;          /* hand number when it happened (0: before the first) */
	int no_answer;     /* a FAULT_TIMEOUT because a read's deadline passed */
	int request_at;    /* 1 + where "; request: ..." starts in detail; 0: none */
	int request_len;   /* its length */
	int stderr_at;     /* 1 + where "; stderr: TAIL" starts in detail (the bot ended); 0: none */
	char detail[512];  /* printable ASCII: a bot's bytes are escaped */
};

#endif
