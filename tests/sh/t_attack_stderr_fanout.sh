#!/bin/sh
# t_attack_stderr_fanout.sh - a bot must not make the referee slow while
# it waits on another bot (referee/bot.c, seen_output()). The attacker
# (tests/attacks/stderr_fanout.c) hangs some 900,000 epoll entries on the
# write end of its own stderr and keeps that pipe full: each read of it
# that makes room wakes every entry, in the reader. Before, the referee
# drained every bot's stderr while any bot was waited on, so the reads ran
# on the c-random opponents' clocks, and all three timed out at their first
# decisions (1000 ms each) while the attacker had no fault (in 2 of 3
# runs of this test against that code: the attacker can time itself out
# first, and then the attack ends). Now a bot's
# stderr is drained only while that bot is waited on: the attacker pays,
# and its opponents play on. The same with the epoll set and without it
# (tests/shim/epoll_fail.so).
set -u
. "$(dirname "$0")/lib.sh"
mkdir -p "$tmp/bin"
cc -O2 -o "$tmp/bin/stderr_fanout" "$top/tests/attacks/stderr_fanout.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build stderr_fanout: $(cat "$tmp/cc.err")"; finish ""; }
shim=$top/${O:-build/rel}/tests/shim/epoll_fail.so
[ -f "$shim" ] || { fail "no $shim (make test-run builds it)"; finish ""; }
C=$top/sample-bots/c-random/run

for mode in "" create; do
	set --
	[ -n "$mode" ] && set -- env LD_PRELOAD="$shim" EPOLL_FAIL="$mode" \
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
	timeout 300 "$@" "$BINDIR/referee" --variant hammerwalt --seed 11 --option max_hands=2 \
		--move-ms 1000 --startup-ms 20000 --stderr-cap 1000 --bot-logs "$tmp/logs.$mode" \
		"$tmp/bin/stderr_fanout 58 120" "$C" "$C" "$C" >"$tmp/r.$mode.json" 2>"$tmp/r.$mode.err" ||
		fail "mode '$mode': exit status: $(cat "$tmp/r.$mode.err")"
	entries=$(sed -n 's/^entries //p' "$tmp/logs.$mode/seat0.stderr")
	echo "mode '$mode': the attacker hung ${entries:-no} epoll entries on its stderr"
	[ "${entries:-0}" -ge 100000 ] || fail "mode '$mode': the attack did not set up: '$entries'"
	python3 - "$tmp/r.$mode.json" <<'PY' || fail "mode '$mode': $(cat "$tmp/r.$mode.json")"
import json, sys
r = json.load(open(sys.argv[1]))
# (the attacker may time itself out: its own reads are on its clock)
others = [f for f in r["faults"] if f["seat"] != 0]
assert others == [], others
assert r["hands"] == 2 and min(r["decisions"][1:]) >= 5, r["decisions"]
# the opponents' decisions cost them what a c-random costs, not the reads
for seat in (1, 2, 3):
    per = r["time_ms"][seat] / r["decisions"][seat]
    assert per < 50, (seat, r["time_ms"], r["decisions"])
PY
done

finish "a bot's stderr is read on its own time only"
