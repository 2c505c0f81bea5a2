#!/bin/sh
# t_attack_match_stop.sh - the arena's stop of a game (SIGUSR1 at its
# game timeout, docs/referee.md) sent with sigqueue() names the game, by
# its index in the run: one that comes when that game has ended (a
# stale stop, sent as the game ended) stops nothing, and the next game
# is played whole. Before, it landed on the next game, which was stopped
# at once and its slowest bot charged a timeout. A stop that names the
# running game, and a plain kill (no value), stop it as always, and no
# further game starts. A value that names no game (-1, before the first
# game) stops nothing. The stopped game's result line, and no other,
# says "stopped":true (the arena tells by it a stop obeyed from one
# ignored as stale). A stop after a game's last move, before its line,
# ends the run too, and the line says so (a match and a game alone).
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir s
cat >s/run <<'X'
#!/usr/bin/env python3
import sys, time
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("legal "):
        moves = line[6:].split(",")
        if moves == ["ready"]:
            print("ready2", flush=True)
        else:
            time.sleep(0.15)  # a game lasts a second or two: the stop lands in it
            print(moves[0], flush=True)
    elif line == "quit":
        break
X
chmod 755 s s/run
for i in 1 2 3; do echo "{\"seed\": $i}"; done >list

# play_stopped NAME KILL-ARGS...: the match, stopped by /bin/kill KILL-ARGS
# PID once game 1's result is out (game 2 is then running)
play_stopped() {
	_name=$1
	shift
	: >"$_name.out"
	"$ref" --variant hammerwalt --option max_hands=1 --match list "$tmp/s" @random \
		"$tmp/s" @random >"$_name.out" 2>"$_name.err" &
	_pid=$!
	_n=0
	while [ "$(wc -l <"$_name.out")" -lt 1 ] && [ $_n -lt 300 ]; do
		sleep 0.05
		_n=$((_n + 1))
	done
	/bin/kill "$@" "$_pid" || fail "$_name: /bin/kill $*"
	wait "$_pid" || fail "$_name: the referee: $(cat "$_name.err")"
}

# faults.py FILE: each game's faults, one line a game: "-" or "SEAT:KIND ..."
cat >faults.py <<'PY'
import json, sys
for l in open(sys.argv[1]):
    fs = json.loads(l)["faults"]
    print(" ".join("%d:%s" % (f["seat"], f["kind"]) for f in fs) or "-")
PY
# stopped.py FILE: the numbers (from 1) of the lines with a "stopped" key, and its values
cat >stopped.py <<'PY'
import json, sys
for i, l in enumerate(open(sys.argv[1]), 1):
    r = json.loads(l)
    if "stopped" in r:
        print("%d:%s" % (i, json.dumps(r["stopped"])))
PY

# the stop of game index 0 (game 1, over): game 2 and 3 played whole
play_stopped stale -s USR1 -q 0
expect_eq "stale stop: games" "$(wc -l <stale.out)" 3
expect_eq "stale stop: faults" "$(python3 faults.py stale.out | tr '\n' ' ')" "- - - "
expect_eq "stale stop: lines that say stopped" "$(python3 stopped.py stale.out)" ""

# the stop of game index 1 (game 2, running): it is stopped, game 3 never starts
play_stopped running -s USR1 -q 1
expect_eq "running game's stop: games" "$(wc -l <running.out)" 2
python3 faults.py running.out >running.faults
expect_eq "running game's stop: game 1" "$(sed -n 1p running.faults)" "-"
case $(sed -n 2p running.faults) in
"0:timeout" | "2:timeout") ;;
*) fail "running game's stop: game 2's faults: $(sed -n 2p running.faults)" ;;
esac
grep -q "the game was stopped for running too long (SIGUSR1" running.out ||
	fail "running game's stop: $(sed -n 2p running.out)"
expect_eq "running game's stop: lines that say stopped" "$(python3 stopped.py running.out)" \
	"2:true"

# a plain kill: the running game, as always
play_stopped plain -s USR1
expect_eq "plain stop: games" "$(wc -l <plain.out)" 2
case $(python3 faults.py plain.out | tr '\n' ' ') in
"- 0:timeout " | "- 2:timeout ") ;;
*) fail "plain stop: faults: $(python3 faults.py plain.out | tr '\n' ' ')" ;;
esac
expect_eq "plain stop: lines that say stopped" "$(python3 stopped.py plain.out)" "2:true"
# a stop with the value -1 before the first game (the referee waits for
# its list): no game runs, and -1 names none. Before, -1 matched the
# referee's "no game" mark, and the first game was stopped at its start.
mkfifo fifo
"$ref" --variant hammerwalt --option max_hands=1 --match fifo "$tmp/s" @random \
	"$tmp/s" @random >minus.out 2>minus.err &
pid=$!
# its SIGUSR1 handler in place (SigCgt bit 10): then the stop, then the list
n=0
while [ $n -lt 100 ] &&
	! python3 -c 'import sys; sys.exit(not int(open("/proc/%s/status" % sys.argv[1]).read().split("SigCgt:")[1].split()[0], 16) & 0x200)' "$pid" 2>/dev/null; do
	sleep 0.05
	n=$((n + 1))
done
/bin/kill -s USR1 --queue=-1 "$pid" || fail "minus one: /bin/kill"
sleep 0.2
cat list >fifo
wait "$pid" || fail "minus one: the referee: $(cat minus.err)"
expect_eq "a stop of -1 before the first game: games" "$(wc -l <minus.out)" 3
expect_eq "a stop of -1 before the first game: faults" \
	"$(python3 faults.py minus.out | tr '\n' ' ')" "- - - "
expect_eq "a stop of -1 before the first game: lines that say stopped" \
	"$(python3 stopped.py minus.out)" ""

# A stop that lands after a game's last move, before its result line:
# each bot (late/run) writes "over" to stderr at "gameover" and keeps
# the referee waiting for its exit (0.5 s a seat, then it is killed), and
# the stop comes then. The game is over: no fault, no "# stopped" in the
# record, which replays; but the stop ended it: its line says
# "stopped":true and no further game starts (a match, the stop's value
# naming game index 0), or the game alone (a plain kill) says so too.
mkdir late
cat >late/run <<'X'
#!/usr/bin/env python3
import sys, time
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("gameover"):
        print("over", file=sys.stderr, flush=True)
        time.sleep(5)
    elif line.startswith("legal "):
        print(line[6:].split(",")[0], flush=True)
    elif line == "quit":
        break
X
chmod 755 late late/run
# stop_when_over STDERR-FILE PID KILL-ARGS...: the stop, once seat 0 has its "gameover"
stop_when_over() {
	_f=$1 _p=$2
	shift 2
	_n=0
	until grep -qs '^over' "$_f" || [ $_n -ge 1000 ]; do
		sleep 0.02
		_n=$((_n + 1))
	done
	/bin/kill "$@" "$_p" || fail "/bin/kill $* after the last move"
}
for i in 1 2; do
	echo "{\"seed\": $i, \"log\": \"$tmp/late$i.log\", \"bot_logs\": \"$tmp/late$i\"}"
done >latelist
"$ref" --variant hammerwalt --option max_hands=1 --match latelist "$tmp/late" "$tmp/late" \
	"$tmp/late" "$tmp/late" >late.out 2>late.err &
pid=$!
stop_when_over late1/seat0.stderr "$pid" -s USR1 -q 0
wait "$pid" || fail "a stop after the last move: the referee: $(cat late.err)"
expect_eq "a stop after the last move: games" "$(wc -l <late.out)" 1
expect_eq "a stop after the last move: faults" "$(python3 faults.py late.out)" "-"
expect_eq "a stop after the last move: lines that say stopped" "$(python3 stopped.py late.out)" \
	"1:true"
[ -e late2.log ] && fail "a stop after the last move: game 2 was started"
grep -q '^# stopped' late1.log && fail "a stop after the last move: the record says stopped"
"$ref" --replay late1.log >/dev/null 2>&1 || fail "a stop after the last move: no replay"
# the game alone, a plain kill
"$ref" --variant hammerwalt --option max_hands=1 --seed 3 --log alone.log "$tmp/late" \
	"$tmp/late" "$tmp/late" "$tmp/late" >alone.out 2>alone.err &
pid=$!
stop_when_over alone.seat0.stderr "$pid" -s USR1
wait "$pid" || fail "a game alone stopped after its last move: $(cat alone.err)"
expect_eq "a game alone stopped after its last move: faults" "$(python3 faults.py alone.out)" "-"
expect_eq "a game alone stopped after its last move: stopped" \
	"$(python3 stopped.py alone.out)" "1:true"
grep -q '^# stopped' alone.log && fail "a game alone stopped after its last move: the record says stopped"
"$ref" --replay alone.log >/dev/null 2>&1 || fail "a game alone stopped after its last move: no replay"

finish "ok: a stop sent with the index of a game that has ended stops nothing; the running game's, and a plain one, stop it; one after the last move stops the run, its line says so"
