#!/bin/sh
# t_attack_timers.sh - a bot must not make its opponents' decisions cost
# more than their work (docs/sandbox.md, seccomp: timers; Known limits).
# tests/attacks/timer_bot.c in 'storm' mode forks 16 processes that each
# arm 240 one-shot timers spread over every 20 ms and sleep in between:
# every firing is an interrupt on the CPU, which a kernel without IRQ time
# accounting charges to the task it lands on, the opponent on move. Its
# opponents ('work') spin the same iterations at every decision, about
# 300 ms of CPU here, against a limit of 1000 ms of CPU time (--cpu-time),
# all on one CPU (--cpu). Before timerfd_create and timer_create were
# refused, both opponents timed out at their first decision (the storm
# armed 240 timers a process); now the storm gets none, and says so. So
# with 'fanout': 50,000 epoll entries on signalfds, woken from the
# interrupt of one alarm (ITIMER_REAL) every 5 ms; before signalfd was
# refused, both opponents timed out at their first decision too.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
mkdir -m 755 "$tmp/bin" "$tmp/logs"
cc -O2 -o "$tmp/bin/timer_bot" "$top/tests/attacks/timer_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build timer_bot: $(cat "$tmp/cc.err")"; finish ""; }
iters=$("$tmp/bin/timer_bot" calibrate 300)
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)
W="$tmp/bin/timer_bot work $iters"
S="$tmp/bin/timer_bot storm 16 20000"
play() {
	"$R" --variant hammerwalt --seed 42 --option max_hands=1 --cpu-time --cpu "$cpu" \
		--move-ms 1000 --bot-logs "$tmp/logs" "$@"
}
# control: the working bots keep to their limit on this machine
play "$W" @greedy "$W" @greedy >"$tmp/alone" 2>&1 || fail "control: $(cat "$tmp/alone")"
grep -q '"faults":\[\]' "$tmp/alone" ||
	{ fail "control: the working bots fault even alone (machine too busy?): $(cat "$tmp/alone")"; finish ""; }
# attack NAME WHAT BOT: BOT in seats 0 and 2, its opponents in 1 and 3;
# no opponent times out, and nobody faults
attack() {
	play "$3" "$W" "$3" "$W" >"$tmp/$1" 2>&1 || fail "$1: $(cat "$tmp/$1")"
	if grep -Eq '"seat":[13],"kind":"timeout"' "$tmp/$1"; then
		fail "$2 made its opponents time out: $(sed 's/.*"faults"/"faults"/' "$tmp/$1")"
	fi
	grep -q '"faults":\[\]' "$tmp/$1" || fail "$1: faults: $(cat "$tmp/$1")"
}
attack storm "the timer storm" "$S"
expect_eq "the storm's timerfds" "$(sed -n 's/^timerfd_create: //p' "$tmp/logs/seat0.stderr")" \
	"Operation not permitted"
expect_eq "the storm's POSIX timers" "$(sed -n 's/^timer_create: //p' "$tmp/logs/seat0.stderr")" \
	"Operation not permitted"
expect_eq "timers the storm armed" "$(sed -n 's/^timers armed: //p' "$tmp/logs/seat0.stderr")" \
	"0 a process"
# the fanout, as the storm
attack fanout "the epoll fanout" "$tmp/bin/timer_bot fanout 5000"
expect_eq "the fanout's signalfds" "$(sed -n 's/^signalfd: //p' "$tmp/logs/seat0.stderr")" \
	"Operation not permitted"
finish "ok: t_attack_timers"
