#!/bin/sh
# t_faults.sh - misbehaving bots (tests/misbehave/) against the referee.
# For each one: the fault is recorded with the right kind and a useful
# detail, the game still finishes with the faulting seat's team losing,
# the referee exits 0, and no process of the bot is left.
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave

# check NAME KIND DETAIL-REGEX [referee options...]: runs bot NAME in seat 0
# (BOTARGS, if set, follow the pid file on the bot's command line)
check() {
	name=$1 kind=$2 detail=$3
	shift 3
	marker=$tmp/marker-$name-$$-$(date +%s%N)
	timeout 60 "$BINDIR/referee" --variant hammerwalt --seed 11 --move-ms 1000 \
		--startup-ms 3000 "$@" "$mis/$name $marker ${BOTARGS:-}" @random @greedy @random \
		>"$tmp/$name.json" 2>"$tmp/$name.err"
	status=$?
	[ "$status" = 0 ] || fail "$name: referee exit status $status: $(cat "$tmp/$name.err")"
	python3 - "$tmp/$name.json" "$kind" "$detail" <<'PY' || fail "$name: result check"
import json, re, sys
path, kind, detail = sys.argv[1:]
r = json.loads(open(path).read())
faults = r["faults"]
if kind == "none":
    assert faults == [], faults
    sys.exit(0)
assert len(faults) == 1, faults
f = faults[0]
assert f["seat"] == 0, f
assert f["kind"] == kind, (f["kind"], kind, f["detail"])
assert re.search(detail, f["detail"]), (detail, f["detail"])
# the game was played to its end, and seat 0's team forfeits
assert r["hands"] >= 1
assert r["ranks"] == [2, 1, 2, 1], r["ranks"]
assert "stopped" not in r, r["stopped"]
PY
	# the bot and anything it started are gone
	if ! gone "$marker"; then
		fail "$name: a process survived: $(pgrep -af -- "$marker")"
		pkill -9 -f -- "$marker"
	fi
	echo "ok: $name -> $kind"
}

check sleeper timeout 'no answer within 600 ms' --move-ms 600
check exiter crash 'exited with status 3'
check garbage malformed "'hello referee, how are you' is not a move; legal: "
check illegal illegal "'8C': "
check longline overflow 'line too long: more than 1024 bytes'
check flooder overflow 'output flood'
check closer eof 'closed its standard'
check segfault crash 'killed by signal 11.*stderr: about to crash'
check deaf timeout 'no answer within 600 ms' --move-ms 600
check silent startup "no 'ready' within 500 ms" --startup-ms 500
check stubborn none ''

# time: 150 ms a decision against a 100 ms limit fails at once without a
# bank; with a 500 ms bank the first decisions draw on it (50 ms each)
BOTARGS="150 100" check slowpoke timeout 'no answer within 100 ms' --move-ms 100
BOTARGS="150 100" check slowpoke timeout 'no answer within [0-9]+ ms' --move-ms 100 --bank-ms 500
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["decisions"][0] >= 6, r["decisions"]   # 500 ms of bank pays for 10 slow answers
assert r["time_ms"][0] >= 150 * r["decisions"][0], r["time_ms"]
' "$tmp/slowpoke.json" || fail "slowpoke: the bank was not drawn on"
# CPU time: sleeping costs no CPU, so 300 ms naps pass a 100 ms CPU limit
BOTARGS="300 3" check slowpoke none '' --move-ms 100 --cpu-time
# ... but burning 400 ms of CPU does not
BOTARGS="400" check spinner timeout 'used more than 100 ms of CPU time' --move-ms 100 --cpu-time
# ... and a bot that sleeps for ever meets the wall-clock backstop (3 x 100 + 1000 ms)
check sleeper timeout 'wall-clock backstop of 1300 ms' --move-ms 100 --cpu-time
BOTARGS=""

# the game budget (--game-ms): 150 ms answers pass a 500 ms move limit, but
# not for the whole game; under --cpu-time a sleeping bot is charged the
# wall-clock time instead, up to the budget + 1 s
BOTARGS="150 100000" check slowpoke timeout \
	'^no answer within [0-9]+ ms: its game time budget of 1500 ms is used up; request: request [a-z]+ \| legal [^;]*$' \
	--move-ms 500 --game-ms 1500
BOTARGS="150 100000" check slowpoke timeout \
	'^no answer within [0-9]+ ms of wall-clock time: its game time budget of 1500 ms \(CPU time, and the budget \+ 1000 ms of wall-clock time\) is used up; request: request [a-z]+ \| legal [^;]*$' \
	--move-ms 500 --game-ms 1500 --cpu-time
# bots start side by side: waiting for a slow starter (seat 0: 1 s) is not
# charged to the others (seat 2 uses 4 x 250 ms of its 1800 ms budget;
# charged seat 0's start too, it would run out)
"$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 3000 --move-ms 500 --game-ms 1800 \
	"sh -c 'sleep 1; exec \"\$0\"' $top/sample-bots/c-random/run" @greedy "$mis/slowpoke m 250 4" @greedy \
	>"$tmp/start.json" || fail "side by side start: exit status"
grep -q '"faults":\[\]' "$tmp/start.json" || fail "side by side start: $(cat "$tmp/start.json")"
# the handshake announces the budget; the default is startup + bank + move x the
# most decisions a seat can face: hammerwalt, 200 hands x (3 x 12 cards + 8) = 8800
"$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 2000 --move-ms 100 \
	--bank-ms 300 --log "$tmp/budget.log" "$mis/stubborn m" @random @greedy @random \
	>/dev/null || fail "budget line: exit status"
grep -q '^[0-9.]* 0< budget 882300$' "$tmp/budget.log" || fail "no 'budget 882300' line sent"
grep -q '^time startup=2000 move=100 bank=300 game=882300 clock=wall$' "$tmp/budget.log" ||
	fail "the record's time line lacks game=882300"
BOTARGS=""

# SIGUSR1 (the arena's game timeout) stops the game: the bot that used the
# most time is charged a timeout, @greedy finishes every bot's seat, the
# result is printed, saying "stopped":true, and the record replays
"$BINDIR/referee" --variant hammerwalt --seed 11 --move-ms 5000 --log "$tmp/stop.log" \
	"$mis/slowpoke stop-$$ 300 100000" "$top/sample-bots/c-random" @greedy @random \
	>"$tmp/stop.json" 2>"$tmp/stop.err" &
pid=$!
# once the slow bot has answered twice (its start and two 300 ms answers)
# (the record exists once the referee's SIGUSR1 handler is in place)
i=0
while n=$(grep -c '^[0-9.]* 0> ' "$tmp/stop.log" 2>/dev/null); [ "${n:-0}" -lt 3 ] && [ $i -lt 300 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -USR1 $pid
wait $pid || fail "stopped game: exit status $?: $(cat "$tmp/stop.err")"
python3 - "$tmp/stop.json" <<'PY' || fail "stopped game: result"
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r["faults"]) == 1, r["faults"]
f = r["faults"][0]
assert f["seat"] == 0 and f["kind"] == "timeout", f
assert f["detail"].startswith("the game was stopped for running too long (SIGUSR1"), f
assert r["ranks"] == [2, 1, 2, 1], r["ranks"]
assert r.get("stopped") is True, r.get("stopped")
PY
grep -q '^# stopped (SIGUSR1)' "$tmp/stop.log" || fail "the record does not say the game was stopped"
"$BINDIR/referee" --replay "$tmp/stop.log" >/dev/null 2>&1 || fail "a stopped game does not replay"
gone "stop-$$" || fail "stopped game: a process survived"

# bytes that are not text (0xff, ESC sequences, a backslash) are kept,
# escaped, in the result, the record and --check's report; nothing raw
check binary malformed "^'\\\\xff\\\\x1b\\[31m\\\\\\\\red\\\\x1b\\[0m' is not a move" --log "$tmp/binary.log"
grep -q "^fault 0 malformed '\\\\xff\\\\x1b\\[31m\\\\\\\\red\\\\x1b\\[0m' is not a move" "$tmp/binary.log" ||
	fail "binary: the record's fault line: $(grep -a '^fault' "$tmp/binary.log")"
grep -q '^[0-9.]* 0> ready \\x1b\[2Jevil\\xfe$' "$tmp/binary.log" ||
	fail "binary: the record's transcript does not escape the name"
"$BINDIR/referee" --replay "$tmp/binary.log" >/dev/null 2>&1 || fail "binary: the record does not replay"
LC_ALL=C grep -q "$(printf '[\033\377\376]')" "$tmp/binary.log" && fail "binary: raw bytes in the record"
BOTARGS=crash check binary crash \
	"^exited with status 5; request: request [a-z]+ \\| legal [^;]*; stderr: last words \\\\xff\\\\x1b\\[31m\\\\\\\\red\\\\x1b\\[0m$"
BOTARGS=""
"$BINDIR/referee" --check "$mis/binary m" --move-ms 500 >"$tmp/check.out" 2>&1
[ $? = 1 ] || fail "--check of the binary bot: exit status"
grep -q "is not a move" "$tmp/check.out" || fail "--check found no problem: $(head -5 "$tmp/check.out")"
LC_ALL=C grep -q "$(printf '[\033\377\376]')" "$tmp/check.out" && fail "--check printed a bot's raw bytes"
grep -q 'the bot answered: \\xff\\x1b\[31m\\\\red' "$tmp/check.out" ||
	fail "--check does not show the escaped answer: $(grep -m1 'answered' "$tmp/check.out")"

# a chatty bot keeps playing; its stderr is capped on disk (two hands and,
# below, a hand a game: each decision's megabyte costs the bot 20,000 writes)
mkdir -p "$tmp/logs"
check chatty none '' --bot-logs "$tmp/logs" --stderr-cap 20000 --move-ms 2000 --option max_hands=2
size=$(wc -c <"$tmp/logs/seat0.stderr")
[ "$size" -gt 20000 ] && [ "$size" -lt 20300 ] || fail "chatty: stderr log is $size bytes"
grep -q 'more bytes of stderr dropped' "$tmp/logs/seat0.stderr" || fail "chatty: no drop note"
head -n 1 "$tmp/logs/seat0.stderr" | grep -q '^=== game seed 11, seat 0 ===$' || fail "chatty: no header"

# without --bot-logs the stderr goes beside the game record
timeout 60 "$BINDIR/referee" --variant indiana --games 2 --option max_hands=1 \
	--log "$tmp/rec.log" --stderr-cap 300 \
	"$mis/chatty marker" @random @random @random >/dev/null || fail "chatty beside the log"
[ "$(grep -c '^=== game seed' "$tmp/rec.seat0.stderr")" = 2 ] ||
	fail "two games should append two sections to rec.seat0.stderr"

# a program that does not exist
timeout 20 "$BINDIR/referee" --variant hammerwalt "$tmp/no-such-bot" @random @random @random \
	>"$tmp/nobot.json" || fail "no-such-bot: exit status"
grep -q '"kind":"startup","hand":0,"detail":"cannot run' "$tmp/nobot.json" ||
	fail "no-such-bot: $(cat "$tmp/nobot.json")"

# faults in an individual variant: the faulting player ranks last
timeout 60 "$BINDIR/referee" --variant fivehand "$mis/garbage marker" \
	@greedy @greedy @greedy @greedy >"$tmp/five.json" || fail "fivehand: exit status"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["faults"][0]["kind"] == "malformed", r
assert r["ranks"][0] == 5, r["ranks"]
assert sorted(r["ranks"][1:])[0] == 1, r["ranks"]
' "$tmp/five.json" || fail "fivehand: forfeit ranks"

finish "all fault cases passed"
