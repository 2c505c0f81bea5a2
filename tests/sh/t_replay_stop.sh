#!/bin/sh
# t_replay_stop.sh - a record of a game stopped (SIGUSR1) between two hands
# replays. The referee logs a hand's last events and at once deals the
# next hand, so a stop just after the deal is the next hand's fault,
# though no event of that hand is in the record before it; referee
# --replay counted it in the ended hand and refused the record. gdb holds
# the referee at the deal of hand 2 (game_next_hand) and sends the signal
# there; the stop policy then charges the only bot program, seat 0.
set -u
. "$(dirname "$0")/lib.sh"
command -v gdb >/dev/null || { fail "no gdb (make test-deps installs it)"; finish ""; }
cr=$top/sample-bots/c-random/run

# LeakSanitizer stops a traced process (SAN=1)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" timeout 120 \
	gdb -q -batch -nx -ex 'set pagination off' -ex 'set confirm off' \
	-ex 'handle SIGUSR1 nostop noprint pass' -ex 'handle SIG34 nostop noprint pass' \
	-ex 'break game_next_hand' \
	-ex "run --variant indiana --seed 1 --log $tmp/g.log $cr @greedy @greedy @greedy \
		>$tmp/r.json 2>$tmp/r.err" -ex 'delete' -ex 'signal SIGUSR1' \
	"$BINDIR/referee" >"$tmp/gdb.out" 2>&1 ||
	fail "gdb: $(tail -5 "$tmp/gdb.out")"
python3 - "$tmp/r.json" "$tmp/g.log" <<'PY' || fail "the stopped game: $(cat "$tmp/r.json" "$tmp/r.err")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
f = r["faults"]
assert len(f) == 1 and f[0]["seat"] == 0 and f[0]["kind"] == "timeout", f
assert "stopped for running too long" in f[0]["detail"], f[0]["detail"]
# hand 1 ended, hand 2 was dealt, then the stop: its fault is hand 2's,
# and the record has it after hand 1's last event, before hand 2's first
assert f[0]["hand"] == 2, f[0]["hand"]
rec = [l for l in open(sys.argv[2]).read().splitlines()
       if l.startswith(("| handend ", "| hand 2 ", "fault "))]
assert [l.split(" ")[1] for l in rec[:3]] == ["handend", "0", "hand"], rec[:3]
PY
"$BINDIR/referee" --replay "$tmp/g.log" >"$tmp/rep.out" 2>&1 ||
	fail "replay: $(cat "$tmp/rep.out")"
finish "a game stopped between two hands replays (its fault in hand 2)"
