/*
 * sleep_read.c - a read(2) that sleeps, ended by our own signals (see
 * sleep_read.h).
 *
 * How a signal ends the read without losing bytes: the read is made by a
 * few instructions of this file (from euchre_sr_begin to euchre_sr_end:
 * look at the wake flag, then the syscall instruction). The handlers that
 * wake it are installed with SA_RESTART, so every other call the referee
 * makes goes on as before. A handler that finds the interrupted program
 * counter in [euchre_sr_begin, euchre_sr_end) moves it to euchre_sr_woken,
 * which returns -EINTR: either the read had not been made yet, or it was
 * asleep and the kernel, about to make it again for SA_RESTART, had put
 * the counter back on the syscall instruction; either way no byte was
 * taken. A counter at euchre_sr_end means the read returned: its bytes
 * are kept, and the wake flag ends the next sleep_read() instead. (musl
 * cancels a thread's blocking call by the same test of the counter.)
 *
 * A handler sees only the frame it interrupted: the timer's signal that
 * came while another handler ran would find that handler's counter, and
 * the read, restarted when that handler returned, would sleep on with no
 * timer left. So every other handler of the referee's blocks the timer's
 * signal while it runs (sleep_read_signal() in its sa_mask), and the
 * stop's signal (SIGUSR1), whose handler wakes the read itself.
 *
 * The timer is a POSIX timer of the main thread (SIGEV_THREAD_ID), on
 * CLOCK_MONOTONIC like clock_ms(), with a real-time signal of its own.
 * It is one-shot and set lazily: sleep_read_arm() leaves it alone while
 * it will fire in time, so a long run of quick answers costs one
 * timer_settime() per tick, not one per answer.
 */
#include "sleep_read.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static volatile sig_atomic_t woken;  /* a wake-up since sleep_read_clear() */
static volatile sig_atomic_t fired = 1; /* the timer is not set, or has fired */
static double due;                   /* when it fires, while !fired */
static timer_t timer;
static int state;                    /* 0 not tried, 1 ready, -1 not here */

#if defined(__x86_64__) && defined(__linux__)
#define SLEEP_READ_HERE 1

/*
 * long euchre_sr_read(int fd, void *buf, size_t len, volatile sig_atomic_t *woken):
 * the arguments in rdi, rsi, rdx, rcx; the syscall instruction changes
 * only rax, rcx and r11, which a caller does not keep. No stack frame, so
 * its unwind rule is the entry's (.cfi_startproc) throughout.
 */
__asm__(".pushsection .text\n"
	".p2align 4\n"
	".globl euchre_sr_read\n"
	".hidden euchre_sr_read\n"
	".type euchre_sr_read, @function\n"
	"euchre_sr_read:\n"
	"	.cfi_startproc\n"
	"	endbr64\n"
	".globl euchre_sr_begin\n"
	".hidden euchre_sr_begin\n"
	"euchre_sr_begin:\n"
	"	movl (%rcx), %eax\n"
	"	testl %eax, %eax\n"
	"	jnz euchre_sr_woken\n"
	"	xorl %eax, %eax\n" /* SYS_read */
	"	syscall\n"
	".globl euchre_sr_end\n"
	".hidden euchre_sr_end\n"
	"euchre_sr_end:\n"
	"	ret\n"
	".globl euchre_sr_woken\n"
	".hidden euchre_sr_woken\n"
	"euchre_sr_woken:\n"
	"	movq $-4, %rax\n" /* -EINTR */
	"	ret\n"
	"	.cfi_endproc\n"
	".size euchre_sr_read, .-euchre_sr_read\n"
	".popsection\n");

__attribute__((visibility("hidden"))) long euchre_sr_read(int fd, void *buf, size_t len,
							  volatile sig_atomic_t *flag);
__attribute__((visibility("hidden"))) extern const char euchre_sr_begin[], euchre_sr_end[],
	euchre_sr_woken[];
#else
#define SLEEP_READ_HERE 0
#endif

void sleep_read_wake(void *ucontext)
{
	woken = 1;
#if SLEEP_READ_HERE
	{
		ucontext_t *uc = ucontext;
		uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];

		if (pc >= (uintptr_t)euchre_sr_begin && pc < (uintptr_t)euchre_sr_end)
			uc->uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)euchre_sr_woken;
	}
#else
	(void)ucontext;
#endif
}

int sleep_read_signal(void)
{
	return SIGRTMIN;
}

#if SLEEP_READ_HERE
static void on_timer(int sig, siginfo_t *si, void *ucontext)
{
	(void)sig;
	(void)si;
	fired = 1;
	sleep_read_wake(ucontext);
}
#endif

int sleep_read_init(void)
{
#if SLEEP_READ_HERE
	struct sigaction sa;
	struct sigevent ev;
	sigset_t rt;

	if (state)
		return state > 0 ? 0 : -1;
	state = -1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGRTMIN;
#ifdef sigev_notify_thread_id
	ev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
#else
	ev._sigev_un._tid = (pid_t)syscall(SYS_gettid); /* glibc before 2.35 names it so */
#endif
	/* a mask inherited from whoever started the referee must not silence it */
	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN);
	if (sigaction(SIGRTMIN, &sa, NULL) < 0 || sigprocmask(SIG_UNBLOCK, &rt, NULL) < 0 ||
	    timer_create(CLOCK_MONOTONIC, &ev, &timer) < 0)
		return -1;
	state = 1;
	return 0;
#else
	state = -1;
	return -1;
#endif
}

int sleep_read_arm(double until_ms)
{
	struct itimerspec its;
	double s;

	if (state <= 0)
		return -1;
	if (!fired && due <= until_ms)
		return 0; /* it fires in time (or has, and its signal is on the way) */
	/* before the call: a firing after it must not be forgotten */
	fired = 0;
	due = until_ms;
	memset(&its, 0, sizeof(its));
	s = until_ms / 1e3;
	its.it_value.tv_sec = (time_t)s;
	/* rounded up: early, the caller would only set it again */
	its.it_value.tv_nsec = (long)((s - (double)its.it_value.tv_sec) * 1e9) + 1;
	if (its.it_value.tv_nsec >= 1000000000L) {
		its.it_value.tv_sec++;
		its.it_value.tv_nsec -= 1000000000L;
	}
	if (its.it_value.tv_sec <= 0 && its.it_value.tv_nsec <= 0)
		its.it_value.tv_nsec = 1; /* zero would disarm it */
	if (timer_settime(timer, TIMER_ABSTIME, &its, NULL) < 0) {
		fired = 1;
		return -1;
	}
	return 0;
}

void sleep_read_disarm(void)
{
	struct itimerspec its;

	if (state <= 0 || fired)
		return;
	memset(&its, 0, sizeof(its));
	if (timer_settime(timer, 0, &its, NULL) == 0)
		fired = 1;
}

void sleep_read_clear(void)
{
	woken = 0;
}

long sleep_read(int fd, void *buf, size_t len)
{
#if SLEEP_READ_HERE
	return euchre_sr_read(fd, buf, len, &woken);
#else
	(void)fd;
	(void)buf;
	(void)len;
	return -ENOSYS;
#endif
}
