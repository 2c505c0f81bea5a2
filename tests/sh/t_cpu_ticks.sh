#!/bin/sh
# t_cpu_ticks.sh - with --cpu-time and no cgroup, a bot is charged the CPU
# time it used, not more and not in whole ticks. /proc's stat counts CPU
# time in 10 ms ticks, user and system time each cut down to a whole one,
# so the difference of two readings could come out up to 20 ms more than
# was used, or less. A bot that burns 17.5 ms of CPU a decision
# (tests/bots/share_bot.c, whose count is exact) against --move-ms 25,
# with one thread, with three, and with one thread after another thread
# burned 100 ms and ended. Before the fix (then at 20.0 ms with one
# thread), each game of the 12 failed: faulted "used more than 25 ms of
# CPU time", or charged whole ticks (110.0 ms for 120.1 used). The
# referee now reads each process's CPU clock. Such a reading, taken while
# a thread of the process runs, lags by up to a scheduler tick (4 ms at
# HZ=250, docs/sandbox.md), and a decision can carry that lag from the
# one before; at 20 ms a clone run at load 6 charged one decision over
# 25 ms for 20.18 used, so the room above the burn is now 7.5 ms.
set -u
. "$(dirname "$0")/lib.sh"
O=${O:-build/rel}
bot=$top/$O/tests/bots/share_bot
[ -x "$bot" ] || { fail "no $bot (make test builds it)"; finish ""; }

total=0 faulted=0
# every case burns 17.5 ms; once, at load 20 under ASan, a three-thread
# decision of 20 ms was read as over 25 (not seen again in 7 runs)
for args in "1 0.7" "3 0.7" "1 0.7 100"; do
	for seed in 1 2 3 4; do
		g=$tmp/g$seed.$(echo "$args" | tr ' .' '_-')
		timeout 120 "$BINDIR/referee" --no-cgroup --cpu-time --move-ms 25 --variant indiana \
			--seed "$seed" --option max_hands=3 --log "$g.log" \
			"$bot $args" @random @random @random >"$g.json" 2>"$g.err" ||
			fail "share_bot $args, seed $seed: exit status: $(cat "$g.err")"
		n=$(grep -c '^offered 25 ' "$g.seat0.stderr")
		total=$((total + n))
		grep -q '"kind":"timeout"' "$g.json" && faulted=$((faulted + 1))
		python3 - "$g.json" "$g.seat0.stderr" <<'PY' || fail "share_bot $args, seed $seed: $(cat "$g.json")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
own = [float(l.split()[3]) for l in open(sys.argv[2]) if l.startswith("offered 25 ")]
if r["faults"]:
    # Once, with two test jobs on the machine, the three-thread bot
    # counted 25.38 ms of its process's CPU time for one decision by its
    # own exact count (its threads' burns are exact; where the rest went
    # was not found). Then the fault is right, and at that decision alone.
    f, = r["faults"]
    assert f["seat"] == 0 and f["kind"] == "timeout", f
    assert f["detail"].startswith("used more than 25 ms of CPU time"), f
    assert own and own[-1] > 24.0 and all(c < 24.0 for c in own[:-1]), own
    own = own[:-1]
# every decision the bot answered counts, and each burned its share
assert r["decisions"][0] == len(own), (r["decisions"][0], len(own))
assert all(17.5 <= c < 24.0 for c in own), own
# charged what it used (its start and the moments between its own
# count and the referee's included), not whole ticks; a faulted
# decision is not in time_ms
t = r["time_ms"][0]
assert sum(own) <= t <= sum(own) + 5 + 0.2 * len(own), (t, sum(own), len(own))
PY
	done
done
[ "$total" -ge 20 ] || fail "only $total decisions of the bot in 12 games"
# a fault is taken as right only now and then, never as the rule
[ "$faulted" -le 1 ] || fail "$faulted of 12 games faulted the bot"

# A child that burns 120 ms of a decision's 200, sleeps 100 ms (a reading
# sees it alive) and exits, waited for: counted once, though both its last
# reading and its parent's reaped ticks hold it. When a process missed by
# one reading was kept for the next, it was counted twice, and every game
# faulted "used more than 200 ms" at its first decision. Reaped children
# count in ticks: up to 20 ms a decision short.
for seed in 1 2 3; do
	g=$tmp/child.$seed
	timeout 120 "$BINDIR/referee" --no-cgroup --cpu-time --move-ms 200 --variant indiana \
		--seed "$seed" --option max_hands=3 --log "$g.log" \
		"$bot 0 0.6" @random @random @random >"$g.json" 2>"$g.err" ||
		fail "share_bot 0 0.6, seed $seed: exit status: $(cat "$g.err")"
	python3 - "$g.json" "$g.seat0.stderr" <<'PY' || fail "share_bot 0 0.6, seed $seed: $(cat "$g.json")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
own = [float(l.split()[3]) for l in open(sys.argv[2]) if l.startswith("offered 200 ")]
assert r["faults"] == [], r["faults"]
assert r["decisions"][0] == len(own) and len(own) >= 5, (r["decisions"][0], len(own))
assert all(120.0 <= c < 140.0 for c in own), own
t = r["time_ms"][0]
# the bot's own work beside its burns (reading, writing): 0.2 ms a decision
# on a quiet machine; 0.41 ms seen with three test jobs on two cores
assert sum(own) - 20 * len(own) <= t <= sum(own) + 5 + 0.5 * len(own), (t, sum(own), len(own))
PY
done
finish "$total decisions of 17.5 ms of CPU against 25 charged what they used ($faulted games faulted where the bot's own count was over 24 ms)"
