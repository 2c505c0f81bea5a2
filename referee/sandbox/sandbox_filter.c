/*
 * sandbox_filter.c - the seccomp filter every bot runs under: allow all
 * but a deny list, each denied call failing with EPERM (a runtime that
 * probes for sockets carries on), a foreign ABI killing the process.
 * Built once with libseccomp and kept as a BPF program, which the bot
 * child loads with a raw system call (docs/sandbox.md lists the calls).
 */
#include "sandbox_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util.h"

/* [0]: every shared futex wait refused; [1]: the untimed ones left to the init */
static struct sock_fprog filter_prog[2];
static char filter_err[128];

const struct sock_fprog *sandbox_filter_get(void)
{
	return filter_prog[0].filter ? &filter_prog[0] : NULL;
}

const struct sock_fprog *sandbox_filter_get_held(void)
{
	return filter_prog[1].filter ? &filter_prog[1] : NULL;
}

const char *sandbox_filter_error(void)
{
	return filter_err;
}

/* Denied with EPERM: escaping, spying on or disturbing anything outside. */
static const char *const denied_calls[] = {
	/* network (socketpair: see build_filter) */
	"socket", "bind", "connect", "listen", "accept", "accept4",
	/* other processes */
	"ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
	/* mounts and namespaces */
	"mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen",
	"fsconfig", "fsmount", "fspick", "mount_setattr", "unshare", "setns",
	/* kernel attack surface */
	"keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	/* the machine */
	"init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
	"reboot", "swapon", "swapoff", "clock_settime", "clock_adjtime", "settimeofday",
	"adjtimex", "iopl", "ioperm", "open_by_handle_at", "name_to_handle_at",
	"fanotify_init", "acct", "quotactl", "syslog", "vhangup", "lookup_dcookie",
	"uselib", "sethostname", "setdomainname",
	/*
	 * watching what others do to shared files: locks (flock here, fcntl
	 * below), change notification, page-cache residency
	 */
	"flock", "inotify_init", "inotify_init1", "inotify_add_watch", "fanotify_mark",
	"mincore", "cachestat", "process_madvise",
	/*
	 * a share of the CPU: the scheduler gives each session (autogroup)
	 * an equal share, so a bot's processes stay in the session it was
	 * started in, one share for the whole bot, however many it forks
	 */
	"setsid",
	/*
	 * the CPUs it runs on: with the referee's --cpu a game and its bots
	 * share one CPU, and a bot moving to another would crowd another game
	 */
	"sched_setaffinity",
	/*
	 * counters the whole machine shares: Linux AIO's event limit
	 * (fs.aio-max-nr), and pidfds, whose inode numbers count every fork
	 */
	"io_setup", "io_destroy", "io_submit", "io_cancel", "io_getevents", "io_pgetevents",
	"pidfd_open",
	/*
	 * work in a timer interrupt that the bot chooses and does not pay
	 * for: each firing runs on whatever is on that CPU, and a kernel
	 * without IRQ time accounting charges it to that task, the opponent
	 * on move (t_attack_timers). Timers by the hundred: a few thousand
	 * one-shot timerfds re-armed once a period by sleeping processes.
	 * A signalfd: the signal of an alarm (ITIMER_REAL) wakes its wait
	 * queue from the interrupt, and with 50,000 epoll entries there each
	 * firing ran every entry's callback. Either made both opponents time
	 * out at their first decision.
	 */
	"timerfd_create", "timer_create", "signalfd", "signalfd4",
};

/* fcntl commands that lock, lease or watch a file others can open too */
static const unsigned long denied_fcntl[] = {
	F_GETLK, F_SETLK, F_SETLKW, F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW,
	F_SETLEASE, F_GETLEASE, F_NOTIFY,
};

static const unsigned long ns_clone_flags[] = {
	CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
	CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET,
	CLONE_PIDFD, /* a pidfd, as pidfd_open */
};

/*
 * Page-cache residency without a clock: a read that must not wait
 * (RWF_NOWAIT) fails on a page another bot has not brought in, and
 * POSIX_FADV_DONTNEED throws a shared file's pages out for the partner to
 * notice. Arguments: preadv2/pwritev2 flags are the sixth, fadvise64's
 * advice the fourth.
 */
#ifndef RWF_NOWAIT
#define RWF_NOWAIT 0x00000008
#endif

/*
 * pidfds from a socket (Linux 6.5): the peer's (SO_PEERPIDFD) and the
 * sender's of each message (SO_PASSPIDFD, SCM_PIDFD), with the inode
 * numbers that count every fork, as pidfd_open's
 */
#ifndef SO_PASSPIDFD
#define SO_PASSPIDFD 76
#endif
#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif

/*
 * Same-page merging (KSM): where the machine runs it, ksmd merges identical
 * pages of every area marked mergeable, whichever process holds them, and
 * a write to a merged page takes a copy-on-write fault, microseconds where
 * a write takes nanoseconds: a bot that holds a page of the content its
 * partner chose learns so by timing one write (t_attack_ksm). The calls
 * that opt in: madvise with MADV_MERGEABLE (its advice the third argument,
 * an int; allocators' MADV_DONTNEED and MADV_FREE, and MADV_UNMERGEABLE,
 * still work), and prctl's PR_SET_MEMORY_MERGE (Linux 6.4: all of the
 * process's memory, kept across fork and execve; the bot child clears
 * what it may have inherited before the filter), its option the first.
 */
#ifndef MADV_MERGEABLE
#define MADV_MERGEABLE 12
#endif
#ifndef PR_SET_MEMORY_MERGE
#define PR_SET_MEMORY_MERGE 67
#endif

/*
 * Futexes. The kernel finds the waiters of a shared futex (an operation
 * without FUTEX_PRIVATE_FLAG) in a page of a file by the file and the
 * offset, whoever maps it: two bots that both map libc (every bot does)
 * meet there, and a wake tells the waker that someone waited. So no bot
 * may sleep on a shared futex, and a wake reaches nobody. A wait fails at
 * once, with the error that makes the common callers look again and so
 * spin where they would sleep:
 * - without a timeout, EAGAIN ("the value changed"): glibc's pthread_join
 *   (which waits on the thread's id this way), robust mutexes, locks,
 *   semaphores and condition variables shared between processes,
 *   libstdc++'s std::future::wait and get;
 * - FUTEX_WAIT with a timeout, EAGAIN too: its callers (libstdc++'s
 *   fallback below) work the timeout out again from the clock each time;
 * - FUTEX_WAIT_BITSET with a timeout, ENOSYS: libstdc++ then falls back
 *   to FUTEX_WAIT with a relative timeout, so std::future::wait_for still
 *   times out when it should. glibc's own timed waits (sem_timedwait on a
 *   semaphore shared between processes, pthread_timedjoin_np) stop the
 *   program instead ("The futex facility returned an unexpected error
 *   code"): any other error would leave them spinning past the timeout
 *   (EAGAIN, EINTR: sem_timedwait never returned) or ending it early
 *   (ETIMEDOUT: std::future::wait_for returned at once).
 * Where the init answers the bot's calls (sandbox_notify.c), the waits
 * without a timeout (FUTEX_WAIT, FUTEX_WAIT_BITSET) are left to it: it
 * holds each for a few ms before its EAGAIN, so that the callers look
 * again every few ms instead of spinning (the second program below).
 * The operations below are the ones that sleep, the timeout their fourth
 * argument; futex_waitv (Linux 5.16) passes its flags in memory, which
 * the filter cannot read, and fails with ENOSYS, as does futex_requeue
 * (6.7); futex_wait (6.7) passes them in its fourth argument, the
 * timeout in its fifth, and is treated as FUTEX_WAIT_BITSET.
 */
#define FUTEX_OP_MASK 0xff       /* the command and FUTEX_PRIVATE_FLAG (128) */
static const struct {
	unsigned long op;
	int untimed, timed; /* the errno without a timeout, with one */
} futex_sleeping_ops[] = {
	{ 0, EAGAIN, EAGAIN },  /* FUTEX_WAIT */
	{ 9, EAGAIN, ENOSYS },  /* FUTEX_WAIT_BITSET */
	{ 11, ENOSYS, ENOSYS }, /* FUTEX_WAIT_REQUEUE_PI */
};
#define FUTEX2_PRIVATE 128

/*
 * Builds one program into *out (held: the untimed shared futex waits
 * left to the init's filter); 0, or -1 with filter_err set.
 */
static int build(struct sock_fprog *out, int held)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc = 0, mfd = -1, ret = -1;
	off_t size;

	if (!ctx) {
		snprintf(filter_err, sizeof(filter_err), "seccomp_init failed");
		return -1;
	}
	/* 32-bit (int 0x80) and x32 calls could bypass the rules: kill */
	rc |= seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	rc |= seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	for (size_t i = 0; i < sizeof(denied_calls) / sizeof(denied_calls[0]); i++) {
		int nr = seccomp_syscall_resolve_name(denied_calls[i]);

#ifdef __x86_64__
		/* cachestat (Linux 6.5) is newer than some libseccomp versions */
		if (nr == __NR_SCMP_ERROR && !strcmp(denied_calls[i], "cachestat"))
			nr = 451;
#endif
		if (nr != __NR_SCMP_ERROR)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	}
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(preadv2), 1,
			       SCMP_A5(SCMP_CMP_MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(pwritev2), 1,
			       SCMP_A5(SCMP_CMP_MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(fadvise64), 1,
			       SCMP_A3(SCMP_CMP_MASKED_EQ, 0xffffffffULL, POSIX_FADV_DONTNEED));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(madvise), 1,
			       SCMP_A2(SCMP_CMP_MASKED_EQ, 0xffffffffULL, MADV_MERGEABLE));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prctl), 1,
			       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffULL, PR_SET_MEMORY_MERGE));
	/* a socket's cookie comes from one counter the whole machine shares */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(getsockopt), 2,
			       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SOL_SOCKET),
			       SCMP_A2(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SO_COOKIE));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(getsockopt), 2,
			       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SOL_SOCKET),
			       SCMP_A2(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SO_PEERPIDFD));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(setsockopt), 2,
			       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SOL_SOCKET),
			       SCMP_A2(SCMP_CMP_MASKED_EQ, 0xffffffffULL, SO_PASSPIDFD));
	for (size_t i = 0; i < sizeof(futex_sleeping_ops) / sizeof(futex_sleeping_ops[0]); i++) {
		if (!held || futex_sleeping_ops[i].untimed != EAGAIN)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(futex_sleeping_ops[i].untimed),
					       SCMP_SYS(futex), 2,
					       SCMP_A1(SCMP_CMP_MASKED_EQ, FUTEX_OP_MASK,
						       futex_sleeping_ops[i].op),
					       SCMP_A3(SCMP_CMP_EQ, 0));
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(futex_sleeping_ops[i].timed),
				       SCMP_SYS(futex), 2,
				       SCMP_A1(SCMP_CMP_MASKED_EQ, FUTEX_OP_MASK,
					       futex_sleeping_ops[i].op),
				       SCMP_A3(SCMP_CMP_NE, 0));
	}
	/*
	 * by number: newer than some libseccomp versions, and calls from 424
	 * on have one number on every architecture
	 */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), 449 /* futex_waitv */, 0);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), 456 /* futex_requeue */, 0);
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EAGAIN), 455 /* futex_wait */, 2,
			       SCMP_A3(SCMP_CMP_MASKED_EQ, FUTEX2_PRIVATE, 0),
			       SCMP_A4(SCMP_CMP_EQ, 0));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), 455 /* futex_wait */, 2,
			       SCMP_A3(SCMP_CMP_MASKED_EQ, FUTEX2_PRIVATE, 0),
			       SCMP_A4(SCMP_CMP_NE, 0));
	for (size_t i = 0; i < sizeof(denied_fcntl) / sizeof(denied_fcntl[0]); i++)
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(fcntl), 1,
				       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffULL, denied_fcntl[i]));
	/*
	 * socketpair(AF_UNIX, SOCK_STREAM) only: the JVM's file channels,
	 * Python's asyncio and Node need it, and a connected stream pair can
	 * reach nothing (sendto with an address fails with EISCONN).
	 */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socketpair), 1,
			       SCMP_A0(SCMP_CMP_NE, AF_UNIX));
	for (unsigned long t = 0; t < 16; t++)
		if (t != SOCK_STREAM)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socketpair), 1,
					       SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf, t));
	/* clone3 passes flags in memory: ENOSYS makes libc fall back to clone */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
	for (size_t i = 0; i < sizeof(ns_clone_flags) / sizeof(ns_clone_flags[0]); i++)
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
				       SCMP_A0(SCMP_CMP_MASKED_EQ, ns_clone_flags[i],
					       ns_clone_flags[i]));
	/* pid -1 is "every process we may signal"; the kernel reads an int */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(kill), 1,
			       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffULL, 0xffffffffULL));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(tgkill), 1,
			       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffULL, 0xffffffffULL));
	if (rc) {
		snprintf(filter_err, sizeof(filter_err), "cannot build the seccomp filter");
		goto out;
	}
	mfd = memfd_create("sandbox-seccomp", MFD_CLOEXEC);
	if (mfd < 0 || seccomp_export_bpf(ctx, mfd) < 0 ||
	    (size = lseek(mfd, 0, SEEK_END)) <= 0 || size % sizeof(struct sock_filter)) {
		snprintf(filter_err, sizeof(filter_err), "cannot export the seccomp filter");
		goto out;
	}
	out->filter = xmalloc((size_t)size);
	if (pread(mfd, out->filter, (size_t)size, 0) != size) {
		free(out->filter);
		out->filter = NULL;
		snprintf(filter_err, sizeof(filter_err), "cannot read the seccomp filter");
		goto out;
	}
	out->len = (unsigned short)(size / sizeof(struct sock_filter));
	ret = 0;
out:
	if (mfd >= 0)
		close(mfd);
	seccomp_release(ctx);
	return ret;
}

void sandbox_filter_build(void)
{
	if (build(&filter_prog[0], 0) == 0 && build(&filter_prog[1], 1) < 0) {
		free(filter_prog[0].filter);
		filter_prog[0].filter = NULL;
	}
}
