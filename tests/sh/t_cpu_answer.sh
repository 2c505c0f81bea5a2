#!/bin/sh
# t_cpu_answer.sh - with --cpu-time a decision may use its limit of CPU
# time, whatever the threads: an answer that comes after more CPU than
# that is a timeout, also when it comes before the referee's next look at
# the CPU clock (the referee waits in slices of wall-clock time, in which
# four threads on two free CPUs use twice the slice). Before the fix, a bot
# that answered after 1.5 times its 200 ms of CPU, in 180 ms of wall-clock
# time, played on without a fault. Needs two CPUs the bot can use: on one,
# or a machine too busy for the bot ever to use more CPU than wall-clock
# time, it says so and checks nothing.
set -u
. "$(dirname "$0")/lib.sh"
mkdir -p "$tmp/bot"
cc -O2 -pthread -o "$tmp/bot/threads_bot" "$top/tests/attacks/threads_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build threads_bot: $(cat "$tmp/cc.err")"; finish ""; }

timeout 120 "$BINDIR/referee" --variant hammerwalt --seed 11 --option max_hands=3 --cpu-time \
	--move-ms 200 --log "$tmp/g.log" "$tmp/bot/threads_bot 4 1.5" @greedy @greedy @greedy \
	>"$tmp/r.json" 2>"$tmp/r.err" || fail "exit status: $(cat "$tmp/r.err")"
# the decisions the bot answered, and the first one after more CPU than offered
over=$(awk '$1 == "offered" { n++; if ($6 > $2) { print n; exit } }' "$tmp/g.seat0.stderr")
total=$(grep -c '^offered' "$tmp/g.seat0.stderr")
if [ -z "$over" ]; then
	echo "skip: the bot never used more CPU than wall-clock time in $total decisions (one CPU, or a busy machine)"
	exit 0
fi
python3 - "$tmp/r.json" "$over" <<'PY' || fail "decision $over: $(cat "$tmp/r.json")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
over = int(sys.argv[2])
f = r["faults"]
assert len(f) == 1 and f[0]["seat"] == 0 and f[0]["kind"] == "timeout", f
assert f[0]["detail"].startswith("used more than 200 ms of CPU time"), f[0]["detail"]
# the fault is at that decision: its handshake is not one, the answers before it stand
assert r["decisions"][0] == over - 1, (r["decisions"][0], over)
PY
finish "an answer after more CPU than its limit is a timeout (decision $over of the bot)"
