#!/bin/sh
# t_referee_held.sh - result lines of built-in games are gathered and
# written together (referee/result_out.h), and that loses or mangles
# nothing: the lines are exactly the games played, in order; a signal
# that ends the referee leaves whole lines that are a prefix of the same
# run played to the end; a pipe nobody reads does not keep a signal from
# ending the referee; and a write error is still an error.
set -u
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
seats="@random @greedy @random @greedy"

# the same games as when each is played alone: 200 games of each
# variant, byte for byte the 200 single-game runs of seeds 40 to 239
# (SHA-256 of their output; @random's seeds given, the same in every game;
# before @random took a seed of its own, the pins were those of f295b88,
# from before lines were held)
while IFS='|' read -r variant seats bs want; do
	# shellcheck disable=SC2086
	got=$("$R" --variant "$variant" --seed 40 --games 200 $bs $seats 2>/dev/null | sha256sum)
	expect_eq "200 $variant games" "${got%% *}" "$want"
done <<'PINS'
hammerwalt|@random @greedy @greedy @random|--bot-seed 0:1 --bot-seed 3:4|9a957a96bac045a9ea03138e597dc64768675dd7395f2b84fbf4d2846e81e43f
indiana|@random @greedy @greedy @random|--bot-seed 0:1 --bot-seed 3:4|e53cb21482fac4cb68a7c3792860f62d9ee4d0670869c5fa619299fb8071f5a1
bloomington|@random @greedy @random @greedy @greedy @random|--bot-seed 0:1 --bot-seed 2:3 --bot-seed 5:6|c68c7f787171bcd4944ab2a00ac6e9434fe8a46f95700568a5725341667af6fa
fivehand|@random @greedy @random @greedy @random|--bot-seed 0:1 --bot-seed 2:3 --bot-seed 4:5|3c16f7519b3eabef1279059152b6175af2b0f33e83c38ee8fd108dd8371b4151
flip|@greedy @random @random @greedy @random|--bot-seed 1:2 --bot-seed 2:3 --bot-seed 4:5|3b8641d6e0ec047ebb6df2264e309011d14ec78514dcf1198900db52cc0ad96d
PINS
# @random's seeds given: each is drawn for each game otherwise
seats="--bot-seed 0:3 --bot-seed 2:5 @random @greedy @random @greedy"

# 40 games in one run equal 40 runs of one game each (seeds 7..46)
"$R" --variant indiana --seed 7 --games 40 $seats >"$tmp/run" 2>/dev/null
expect_eq "lines of --games 40" "$(wc -l <"$tmp/run")" 40
: >"$tmp/one"
i=0
while [ $i -lt 40 ]; do
	"$R" --variant indiana --seed $((7 + i)) $seats >>"$tmp/one" 2>/dev/null
	i=$((i + 1))
done
cmp -s "$tmp/run" "$tmp/one" || fail "--games 40 differs from 40 single games"
expect_eq "seed of the 40th line" "$(sed -n 40p "$tmp/run" | grep -o '"seed":[0-9]*')" '"seed":46'

# SIGTERM in the middle of a long run: killed by the signal, whole lines,
# and they are the first K lines of the same run played to its end
"$R" --variant indiana --seed 11 --games 100000000 $seats >"$tmp/cut" 2>/dev/null &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid 2>/dev/null
expect_eq "exit status after SIGTERM" $? 143
k=$(wc -l <"$tmp/cut")
[ "$k" -gt 0 ] || fail "no result line after 0.5 s of games"
[ "$(tail -c 1 "$tmp/cut" | od -An -c | tr -d ' ')" = '\n' ] ||
	fail "the output ends inside a line: $(tail -c 80 "$tmp/cut")"
"$R" --variant indiana --seed 11 --games "$k" $seats 2>/dev/null | cmp -s - "$tmp/cut" ||
	fail "the $k lines before SIGTERM are not the first $k games of seed 11"
echo "SIGTERM after 0.5 s: $k whole lines"

# the held lines are written when a signal ends the referee: stopped
# (SIGSTOP) with lines held, then SIGTERM and SIGCONT; the file grows by
# the held lines, which are the next games in order (a stop just after a
# write holds nothing: retry). The handler writes them, or, when the stop
# came in a flush (seldom: writes to a file take microseconds), the flush
# it deferred to.
grew=0
for try in 1 2 3 4 5; do
	"$R" --variant indiana --seed 11 --games 100000000 $seats >"$tmp/stop" 2>/dev/null &
	pid=$!
	sleep 0.3
	kill -STOP $pid
	sleep 0.1
	before=$(wc -l <"$tmp/stop")
	kill -TERM $pid
	kill -CONT $pid
	wait $pid 2>/dev/null
	status=$?
	after=$(wc -l <"$tmp/stop")
	expect_eq "exit status after SIGSTOP, SIGTERM, SIGCONT (try $try)" $status 143
	if [ "$after" -gt "$before" ]; then
		grew=1
		break
	fi
done
[ $grew = 1 ] || fail "SIGTERM wrote no held line in 5 tries"
"$R" --variant indiana --seed 11 --games "$after" $seats 2>/dev/null | cmp -s - "$tmp/stop" ||
	fail "the $after lines after SIGTERM are not the first $after games of seed 11"
echo "SIGTERM on a stopped referee: $before lines written, $after after the handler"

# standard output a pipe whose reader never reads: the referee blocks in
# a write, and SIGTERM still ends it (within a few seconds, not never)
mkfifo "$tmp/fifo"
sleep 60 <"$tmp/fifo" &
reader=$!
"$R" --variant indiana --seed 3 --games 100000000 $seats >"$tmp/fifo" 2>/dev/null &
pid=$!
sleep 1
kill -TERM $pid
if ! ends_within $pid 50; then
	fail "SIGTERM did not end a referee writing into a pipe nobody reads"
	kill -KILL $pid
fi
wait $pid 2>/dev/null
expect_eq "exit status of the referee a reader ignored" $? 143
kill $reader 2>/dev/null
wait $reader 2>/dev/null || :

# a slow reader that is still reading, then SIGTERM (or SIGINT, SIGHUP):
# the flush under way finishes its lines; and a second signal while the
# first is writing held lines (a 4 KiB pipe, read later) writes nothing
# twice. Every line parses, no seed comes twice or out of order.
cat >"$tmp/reader.py" <<'PY'
import fcntl, json, os, signal, subprocess, sys, time
ref, first, second, slow = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "slow"
r, w = os.pipe()
if not slow:
    fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: the smallest pipe
p = subprocess.Popen([ref, "--variant", "hammerwalt", "--seed", "1000", "--games", "100000000",
                      "@random", "@random", "@greedy", "@random"],
                     stdout=w, stderr=subprocess.DEVNULL)
os.close(w)
out = bytearray()
t0 = time.time()
if slow:
    sent = False
    while True:
        if not sent and time.time() - t0 > 0.5:
            p.send_signal(getattr(signal, first))
            sent = True
        b = os.read(r, 4096)
        if not b:
            break
        out += b
        if not sent:
            time.sleep(0.01)
else:
    time.sleep(0.5)  # the pipe is full: the referee waits in a write
    p.send_signal(getattr(signal, first))
    time.sleep(0.3)
    p.send_signal(getattr(signal, second))
    time.sleep(0.1)
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        out += b
p.wait()
lines = out.split(b"\n")
tail, lines = lines[-1], lines[:-1]
seeds = [json.loads(l)["seed"] for l in lines]
ok = seeds == list(range(1000, 1000 + len(seeds))) and not tail and len(seeds) > 0
print("%s %s %s: %d lines, %d bytes after the last newline, exit %d" %
      ("ok" if ok else "BAD", first, second, len(seeds), len(tail), p.returncode))
PY
for sig in TERM INT HUP; do
	python3 "$tmp/reader.py" "$R" SIG$sig - slow >"$tmp/r.out" 2>&1
	grep -q '^ok ' "$tmp/r.out" || fail "slow reader and SIG$sig: $(cat "$tmp/r.out")"
	python3 "$tmp/reader.py" "$R" SIG$sig SIGTERM full >"$tmp/r.out" 2>&1
	grep -q '^ok ' "$tmp/r.out" || fail "SIG$sig then SIGTERM into a full pipe: $(cat "$tmp/r.out")"
done

# games that take long (fivehand to 100,000 points, about 0.5 s each): the
# first line is out while the second game is still being played, not
# held until it ends
cat >"$tmp/early.py" <<'PY'
import signal, subprocess, sys, time
# "blocked": started with SIGALRM blocked, as a parent may leave it
block = (lambda: signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])) \
    if sys.argv[2] == "blocked" else None
p = subprocess.Popen([sys.argv[1], "--variant", "fivehand", "--seed", "1", "--games", "2",
                      "--option", "target=100000", "--option", "max_hands=1000000"] +
                     ["@greedy"] * 5, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     preexec_fn=block)
p.stdout.readline()
first = time.time()
p.stdout.read()
p.wait()
print("%.2f" % (time.time() - first))
PY
for mask in plain blocked; do
	gap=$(python3 "$tmp/early.py" "$R" $mask)
	echo "the first line came $gap s before the end of the second game (SIGALRM $mask)"
	awk -v g="$gap" 'BEGIN { exit !(g >= 0.15) }' ||
		fail "SIGALRM $mask: the first line came only $gap s before the second game ended (held for it)"
done

# a full disk: exit 1 with the message, whether the buffer filled (2000
# games) or the last write found it (3 games)
for n in 2000 3; do
	"$R" --variant indiana --seed 3 --games $n $seats >/dev/full 2>"$tmp/err"
	expect_eq "exit status of $n games on /dev/full" $? 1
	grep -q "^referee: cannot write 'the standard output': No space left on device$" \
		"$tmp/err" || fail "no write error for $n games on /dev/full: $(cat "$tmp/err")"
done

finish "held result lines ok"
