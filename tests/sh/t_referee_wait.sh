#!/bin/sh
# t_referee_wait.sh - the referee's wait (referee/bot.c). In the steady
# state a decision costs a look at the epoll set (an epoll_wait() that does
# not wait), a write and a read that sleeps till the answer comes
# (referee/sleep_read.c, on x86-64): no poll(), no wait in epoll_wait().
# And what a bot does while another is waited on (talks unasked, fills
# stderr, closes its pipes, starts late, never answers before a stop) is
# seen the same three ways: with every bot in the epoll set, with no set
# (poll() alone), and with only the first bot in it (a uid's epoll watches
# used up). tests/shim/epoll_fail.c takes the set away; tests/shim/calls.c
# counts the calls without strace (on one CPU too) and makes the write of
# a request slow.
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave
cr=$top/sample-bots/c-random/run
shim=$top/${O:-build/rel}/tests/shim/epoll_fail.so
counts=$top/${O:-build/rel}/tests/shim/calls.so
for f in "$shim" "$counts"; do
	[ -f "$f" ] || { fail "no $f (make test-run builds it)"; finish ""; }
done
# what a referee under strace runs with (SAN=1): LeakSanitizer stops a
# process that is traced, and ASan lets the shim come before it
traced_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:verify_asan_link_order=0"

# calls NAME FILE: how many NAME calls strace -c (or -C) counted in FILE
calls() {
	awk -v n="$1" '$NF == n { print $4; f = 1 } END { if (!f) print 0 }' "$2"
}

# the answers are read in a read that sleeps, where the referee can (x86-64),
# and --sandbox-info says which wait this machine has
sleeps=$(uname -m)
[ "$sleeps" = x86_64 ] && sleeps=1 || sleeps=0
how=$("$BINDIR/referee" --sandbox-info | sed -n 's/^answers: //p')
case $sleeps:$how in
"1:in a read that sleeps, ended by a timer "*|"0:in epoll_wait(), then a read "*) ;;
*) fail "--sandbox-info: answers: '$how' on $(uname -m)" ;;
esac

# long MODE: a long game of four c-random under strace (the referee alone)
long() {
	mode=$1
	if [ -n "$mode" ]; then
		set -- env LD_PRELOAD="$shim" EPOLL_FAIL="$mode" ASAN_OPTIONS="$traced_asan"
	else
		set -- env ASAN_OPTIONS="$traced_asan"
	fi
	"$@" strace -qq -C -e trace=read,write,epoll_wait,poll,timer_settime \
		-o "$tmp/strace.$mode" "$BINDIR/referee" --variant indiana --seed 7 \
		--option target=300 --option hole=300 --bot-seed 0:1 --bot-seed 1:2 --bot-seed 2:3 \
		--bot-seed 3:4 "$cr" "$cr" "$cr" "$cr" >"$tmp/long.$mode.json" ||
		fail "long game ($mode): exit status"
	decisions=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["faults"]==[], r; print(sum(r["decisions"]), r["hands"])' "$tmp/long.$mode.json") ||
		fail "long game ($mode): result"
	set -- $decisions
	d=$1 h=$2
	w=$(calls write "$tmp/strace.$mode") r=$(calls read "$tmp/strace.$mode")
	e=$(calls epoll_wait "$tmp/strace.$mode") p=$(calls poll "$tmp/strace.$mode")
	t=$(calls timer_settime "$tmp/strace.$mode")
	# the epoll_wait()s that could sleep (a timeout other than 0)
	x=$(grep -c '^epoll_wait(.*, [1-9][0-9]*) *=' "$tmp/strace.$mode")
	echo "mode '$mode': $d decisions in $h hands: $w writes, $r reads, $e epoll_waits ($x with a timeout), $p polls, $t timer_settimes"
}

# steady WHAT: the calls of a long game with the set
steady() {
	# a look for each decision, a few at the start, one more for each
	# tick of the sleeping reads' timer that ended a read (every 10 ms of
	# a wait: a timer_settime() each; 2 to 28 seen), and the waits of the
	# turns that do not sleep (each bot's first two, the handshakes: the
	# epoll_wait()s with a timeout, 3 to 12 seen); and
	# a poll() only at the end: a few for each bot's end (its pidfd and
	# the set, woken by its pipes' ends and, as the bots end at their own
	# times, by the others' ends; 14 seen under load) and one for the
	# result line
	[ "$e" -ge "$d" ] && [ "$e" -le $((d + 20 + t + x)) ] ||
		fail "epoll_waits ($1): $e for $d decisions, $t ticks and $x waits"
	[ "$p" -le 24 ] || fail "polls ($1): $p"
	# the answers are read in reads that sleep: the epoll_wait()s that
	# could sleep are the handshakes' and those of each bot's first two
	# turns (3 to 12 seen); where the wait was an epoll_wait(), each
	# decision had one
	if [ "$sleeps" = 1 ]; then
		[ "$x" -le 20 ] || fail "$x epoll_waits with a timeout for $d decisions ($1)"
	fi
	# a write per decision, the request with the events queued before
	# it: nothing is written to a bot between its turns (until 2026-11-24
	# each hand's last events went to each bot as the hand ended: 4
	# writes a hand); and the start and end (4 hellos, 4 quits with the
	# last events, the bots' cgroup files)
	[ "$w" -le $((d + 40)) ] || fail "writes ($1): $w for $d decisions in $h hands"
	# the request, the wait, the answer; the start and end (4 readys, the
	# bots' /proc files; under ASan some 30 reads more of its own)
	[ $((w + r + e + p)) -le $((3 * d + 200)) ] ||
		fail "$((w + r + e + p)) calls for $d decisions in $h hands ($1)"
}
long ""
steady "under strace"
# The same game on one CPU (the first this test may use), the calls
# counted by the shim: the same three a decision (1,715 writes, 1,745 to
# 1,754 reads, 1,700 to 1,709 epoll_waits of which 3 to 12 with a timeout,
# 14 to 16 polls and 2 ticks seen)
cpu=$(python3 -c 'import os; print(min(os.sched_getaffinity(0)))')
env LD_PRELOAD="$counts" COUNT_CALLS="$tmp/counts" \
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" taskset -c "$cpu" \
	"$BINDIR/referee" --variant indiana --seed 7 --option target=300 --option hole=300 \
	--bot-seed 0:1 --bot-seed 1:2 --bot-seed 2:3 --bot-seed 3:4 \
	"$cr" "$cr" "$cr" "$cr" >"$tmp/pinned.json" || fail "one CPU: exit status"
python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); assert a["decisions"]==b["decisions"] and a["faults"]==[], (a, b)' \
	"$tmp/pinned.json" "$tmp/long..json" || fail "one CPU: not the same game"
set -- $(cat "$tmp/counts" 2>/dev/null) x x x x x x x x x x x x
r=$2 w=$4 e=$6 p=$8 x=${10} t=${12}
echo "one CPU: $d decisions: $w writes, $r reads, $e epoll_waits ($x with a timeout), $p polls, $t ticks"
case "$r$w$e$p$x$t" in
*[!0-9]*) fail "one CPU: no counts from the shim: $(cat "$tmp/counts" 2>&1)" ;;
*) steady "one CPU" ;;
esac
# A write of a request that returns after the move's deadline (the shim
# sleeps 80 ms after it, against --move-ms 50; a bot can make the
# referee's writes that slow by hanging wake-ups on its stdin pipe): the
# answer, there by then, is late, though no wait was needed to get it.
# (A build that read such answers at once took them: bench/README.md,
# "Figures (text by hand, reading first again)".) One hand, where every
# seat's fault falls (the whole game's other hands took 12 s of sleeps).
env LD_PRELOAD="$counts" SLOW_WRITE_MS=80 \
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" "$BINDIR/referee" \
	--variant hammerwalt --seed 3 --option max_hands=1 --move-ms 50 "$cr" "$cr" "$cr" "$cr" \
	>"$tmp/late.json" ||
	fail "late answers: exit status"
python3 - "$tmp/late.json" <<'PY' || fail "late answers: $(cat "$tmp/late.json")"
import json, sys
r = json.load(open(sys.argv[1]))
f = r["faults"]
assert sorted(x["seat"] for x in f) == [0, 1, 2, 3], f
for x in f:
    assert x["kind"] == "timeout" and x["hand"] == 1, x
    assert x["detail"].startswith("no answer within 50 ms; request: request bid"), x
PY
long create
[ "$e" = 0 ] && [ "$p" -ge "$d" ] || fail "without a set: $e epoll_waits, $p polls"
long 3
# seat 0's waits find their answer through the set, every wait polls
[ "$e" -ge $((d / 5)) ] && [ "$p" -ge "$d" ] || fail "one bot in the set: $e epoll_waits, $p polls"

# game MODE NAME ARGS...: a hammerwalt game; its result in $tmp/NAME.MODE.json
game() {
	mode=$1 name=$2
	shift 2
	if [ -n "$mode" ]; then
		set -- env LD_PRELOAD="$shim" EPOLL_FAIL="$mode" \
			ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" "$@"
	fi
	timeout 60 "$@" >"$tmp/$name.$mode.json" 2>"$tmp/$name.$mode.err"
	[ $? = 0 ] || fail "$name ($mode): exit status: $(cat "$tmp/$name.$mode.err")"
}

# fault MODE NAME SEAT KIND DETAIL: the game's only fault
fault() {
	python3 - "$tmp/$2.$1.json" "$3" "$4" "$5" <<'PY' || fail "$2 ($1): $(cat "$tmp/$2.$1.json")"
import json, re, sys
path, seat, kind, detail = sys.argv[1:]
r = json.load(open(path))
if kind == "none":
    assert r["faults"] == [], r["faults"]
    sys.exit(0)
assert len(r["faults"]) == 1, r["faults"]
f = r["faults"][0]
assert f["seat"] == int(seat) and f["kind"] == kind, f
assert re.search(detail, f["detail"]), f["detail"]
PY
}

for mode in "" create 3; do
	slow="$mis/slowpoke m 80 6"
	# a word unasked, 10 ms after a play that leaves another seat to play (80 ms):
	# in the set (seat 0) and, with mode 3, outside it (seat 2)
	# (seat 0 then closes its stdout: the set reports the word and the end
	# once each, and no wait spins on either while seat 1 is awaited)
	game "$mode" late0 env ASAN_OPTIONS="$traced_asan" \
		strace -qq -c -o "$tmp/late0.$mode.strace" "$BINDIR/referee" --variant hammerwalt \
		--seed 11 "$mis/latetalker m 10 close" "$slow" "$slow" "$slow"
	fault "$mode" late0 0 overflow "^output flood: 'late word' arrived with no request pending"
	d=$(python3 -c 'import json,sys; print(sum(json.load(open(sys.argv[1]))["decisions"]))' \
		"$tmp/late0.$mode.json")
	e=$(calls epoll_wait "$tmp/late0.$mode.strace") p=$(calls poll "$tmp/late0.$mode.strace")
	[ $((e + p)) -le $((d + d / 2 + 40)) ] || fail "late0 ($mode): $e epoll_waits, $p polls for $d decisions"
	game "$mode" late2 "$BINDIR/referee" --variant hammerwalt --seed 11 \
		"$slow" "$slow" "$mis/latetalker m" "$slow"
	fault "$mode" late2 2 overflow "^output flood: 'late word' arrived with no request pending"
	# a megabyte of stderr a decision, drained while it is waited on: as
	# it comes (in epoll_wait(), not in a read that sleeps, whose tick
	# would drain it only every 10 ms: a bot that wrote 4 MB a turn then
	# timed out against --move-ms 20 in 10 of 10 games); two hands (each
	# megabyte costs the bot 20,000 writes: a whole game was 60% of this
	# test's CPU time)
	game "$mode" chatty env ASAN_OPTIONS="$traced_asan" strace -qq -e trace=epoll_wait \
		-o "$tmp/chatty.$mode.strace" "$BINDIR/referee" --variant hammerwalt --seed 11 \
		--option max_hands=2 --move-ms 5000 --bot-logs "$tmp/logs.$mode" --stderr-cap 1000 \
		"$cr" "$cr" "$mis/chatty m" "$cr"
	fault "$mode" chatty 0 none ''
	if [ -z "$mode" ]; then
		d=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["decisions"][2])' \
			"$tmp/chatty..json")
		x=$(grep -c '^epoll_wait(.*, [1-9][0-9]*) *=' "$tmp/chatty..strace")
		[ "$x" -ge "$d" ] || fail "chatty: $x epoll_waits with a timeout for its $d decisions"
	fi
	size=$(wc -c <"$tmp/logs.$mode/seat2.stderr")
	[ "$size" -gt 1000 ] && [ "$size" -lt 1200 ] || fail "chatty ($mode): log of $size bytes"
	# 2.5 MB of stderr a turn, in one write before each answer or after
	# it: read as it comes, in epoll_wait(), so no turn of the bot's (the
	# only one) is waited on in a read that sleeps, which would leave it
	# blocked on its full pipe till the timer's 10 ms tick (a
	# timer_settime() each). A build that took one quiet turn as the sign of
	# a quiet stderr, and cleared it in the turn it was set, did: with the
	# write before each answer, 38 ticks in 39 turns, 11 ms a turn against
	# 0.9 (main's referee: 0.8); an attacker's bot writing 1.1 MB a turn
	# timed out against --move-ms 10 in 10 of 10 games, as did one writing
	# 2 MB after each answer.
	for when in before after; do
		game "$mode" blurt$when env ASAN_OPTIONS="$traced_asan" strace -qq -c \
			-e trace=timer_settime -o "$tmp/blurt$when.$mode.strace" \
			"$BINDIR/referee" --variant hammerwalt --seed 11 --option max_hands=4 \
			--move-ms 1000 --stderr-cap 1000 "$mis/blurter m 2500 $when" \
			@random @random @random
		fault "$mode" blurt$when 0 none ''
		t=$(calls timer_settime "$tmp/blurt$when.$mode.strace")
		[ "$t" = 0 ] || fail "blurter $when ($mode): $t ticks of the sleeping read's timer"
	done
	# a kilobyte of stderr 5 ms after each answer, while the next seat is
	# waited on: set aside till its own turn, not reported again meanwhile
	# (a wait that kept reporting it spun: some 30 waits a decision; on a
	# machine at load 20, 1.8 to 2.2 a decision were seen without the bug)
	quick="$mis/slowpoke m 15 1000"
	game "$mode" mutter env ASAN_OPTIONS="$traced_asan" \
		strace -qq -c -o "$tmp/mutter.$mode.strace" "$BINDIR/referee" --variant hammerwalt \
		--seed 11 --option max_hands=3 --bot-logs "$tmp/mlogs.$mode" --stderr-cap 100000 \
		"$quick" "$quick" "$mis/mutterer m 1 5" "$quick"
	fault "$mode" mutter 0 none ''
	set -- $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["decisions"]; print(sum(d), d[2])' \
		"$tmp/mutter.$mode.json")
	d=$1
	e=$(calls epoll_wait "$tmp/mutter.$mode.strace") p=$(calls poll "$tmp/mutter.$mode.strace")
	[ $((e + p)) -le $((3 * d + 40)) ] || fail "mutter ($mode): $e epoll_waits, $p polls for $d decisions"
	# every kilobyte kept (its last may come after the quit)
	size=$(wc -c <"$tmp/mlogs.$mode/seat2.stderr")
	[ "$size" -ge $((1024 * ($2 - 1))) ] || fail "mutter ($mode): log of $size bytes for $2 decisions"
	# its pipes closed in the middle of the game
	game "$mode" closer "$BINDIR/referee" --variant hammerwalt --seed 11 \
		"$cr" "$mis/closer m" "$cr" "$cr"
	fault "$mode" closer 1 eof '^closed its standard'
	# a late start (1 s) is not charged to the bots that started at once
	# (seat 2: 4 answers of 250 ms in a budget of 1800 ms)
	game "$mode" start "$BINDIR/referee" --variant hammerwalt --seed 11 --startup-ms 3000 \
		--move-ms 500 --game-ms 1800 "sh -c 'sleep 1; exec \"\$0\"' $cr" "$cr" \
		"$mis/slowpoke m 250 4" "$cr"
	fault "$mode" start 0 none ''
	# and the late bot's start is waited on in epoll_wait(), which notes
	# the others' arrivals as they come: not in a read that sleeps on its
	# stdout, which would note them only at its timer's 10 ms ticks (a
	# build that did charged the bots that started at once 20.1 ms of start
	# against 10.4 on average, in an attacker's games)
	if [ -z "$mode" ]; then
		game "$mode" latestart env ASAN_OPTIONS="$traced_asan" strace -qq -c \
			-e trace=timer_settime -o "$tmp/latestart.strace" "$BINDIR/referee" \
			--variant hammerwalt --seed 11 --option max_hands=1 \
			"sh -c 'sleep 1; exec \"\$0\"' $cr" "$cr" "$cr" "$cr"
		fault "$mode" latestart 0 none ''
		t=$(calls timer_settime "$tmp/latestart.strace")
		[ "$t" -le 30 ] || fail "a late start: $t ticks of the sleeping read's timer"
	fi
	# a stop (SIGUSR1) while a bot that never answers is waited on (the only
	# bot, so the only one with time to blame, however slowly it started)
	set -- "$BINDIR/referee" --variant hammerwalt --seed 11 --move-ms 60000 \
		@random "$mis/sleeper m" @random @random
	[ -n "$mode" ] && set -- env LD_PRELOAD="$shim" EPOLL_FAIL="$mode" \
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" "$@"
	"$@" >"$tmp/stop.$mode.json" 2>"$tmp/stop.$mode.err" &
	pid=$!
	sleep 1
	kill -USR1 $pid
	ends_within $pid 100 || { fail "stop ($mode): the referee still runs 10 s after SIGUSR1"; kill -9 $pid; }
	wait $pid || fail "stop ($mode): exit status"
	fault "$mode" stop 1 timeout '^the game was stopped for running too long'
	echo "ok: mode '$mode'"
done

finish "the wait passed with the epoll set, without it and with one bot in it"
