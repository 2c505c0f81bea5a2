#!/bin/sh
# t_attack_cpu_hog.sh - a bot must not win by making its opponents time
# out (docs/sandbox.md: a bot must not "exhaust the machine"; issue 10:
# "time is charged to the bot that used it"). tests/attacks/hog_bot.c in
# 'hog' mode forks spinners within its nproc limit, each in a session of
# its own (so the scheduler's autogroups weigh each spinner like a whole
# bot), and answers at once; in 'work' mode it is an honest bot that
# spends a fixed 30 ms of CPU on each decision, a tenth of its 300 ms
# limit. Alone with @greedy the honest bot never times out; against the
# hog, under the default wall-clock limits, it must not either. The
# sandbox refuses setsid, so the spinners share the hog's one session
# (docs/sandbox.md, Known limits: this rests on the kernel's autogroups).
set -u
. "$(dirname "$0")/lib.sh"
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" != 1 ]; then
	echo "skip: the kernel's autogroups are off (docs/sandbox.md, Known limits)"
	exit 0
fi
R=$top/$BINDIR/referee
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/hog_bot" "$top/tests/attacks/hog_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build hog_bot: $(cat "$tmp/cc.err")"; finish ""; }
W="$tmp/bin/hog_bot work 30"
H="$tmp/bin/hog_bot hog 60"
play() {
	"$R" --variant hammerwalt --seed 5 --option max_hands=1 --move-ms 300 "$@"
}
# control: the honest bot keeps to its limit on this machine
play "$W" @greedy "$W" @greedy >"$tmp/alone" 2>&1 || fail "control: $(cat "$tmp/alone")"
grep -q '"faults":\[\]' "$tmp/alone" ||
	{ fail "control: the honest bot faults even alone (machine too busy?): $(cat "$tmp/alone")"; finish ""; }
# the attack
play "$W" "$H" "$W" "$H" >"$tmp/hog" 2>&1 || fail "hog: $(cat "$tmp/hog")"
# the hog may fault itself (its own spinners compete with it); the honest
# seats 0 and 2 must not
if grep -Eq '"seat":[02],"kind":"timeout"' "$tmp/hog"; then
	fail "the hog's spinners made the honest bots time out and forfeit: $(sed 's/.*"team_scores"/"team_scores"/' "$tmp/hog")"
fi
[ "$failures" = 0 ] && echo "ok: a bot's load does not make its opponents time out"
finish "ok: t_attack_cpu_hog"
