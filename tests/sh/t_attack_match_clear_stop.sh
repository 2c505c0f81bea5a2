#!/bin/sh
# t_attack_match_clear_stop.sh - a match bot that spends the game
# timeout of its opponent's next game (docs/arena.md, Slow games;
# docs/referee.md, Matches). tests/bots/seat_clogger.py, in seat 1,
# keeps writing into its scratch from its first move on, so that
# emptying that scratch before the second game of the match holds the
# referee (1.6 to 2.4 s here, when the walk gives up: docs/sandbox.md,
# Matches); it answers every later request at once. A stop (SIGUSR1,
# the arena's game timeout) that lands meanwhile, before any bot has
# had to answer, charges the bot that used the most time, and that time
# now counts what the referee spent emptying a bot's scratch: the
# clogger is charged (5 runs of 5). Before, none of that counted and
# the honest match bot in seat 0 (0 to 6 ms, against the clogger's 0)
# was charged a timeout and forfeited (5 runs of 5). The same in an
# arena run with game_timeout_s = 2 (the clogger's copies in seats 1 and
# 3 held the referee 2.7 to 3.5 s, and the stop landed meanwhile): the
# honest bot in seat 0 forfeited the second game of the match; that run
# is not kept here, as whether the stop lands in the emptying depends
# on the machine's load.
. tests/arena/lib.sh
m=mk-clearstop-$$
cd "$W" || exit 1
# a stop (SIGUSR1 without a value: it stops the running game) sent just
# after game 1's result comes, so that it lands while the referee
# empties the clogger's scratch before game 2
printf '{"seed": 7}\n{"seed": 8}\n' >list
# stop_after_first.py OUT CMD...: runs CMD, its stdout in OUT, and sends
# it SIGUSR1 0.05 s after its first line comes (read from a pipe: a
# shell loop that polled a file lagged behind under the writers' load;
# the 0.05 s keep it clear of the moment between the games, when it
# would stop game 1's referee from starting game 2)
cat >stop_after_first.py <<'PY'
import signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE)
with open(sys.argv[1], "wb") as out:
    out.write(p.stdout.readline())
    time.sleep(0.05)
    p.send_signal(signal.SIGUSR1)
    out.write(p.stdout.read())
sys.exit(p.wait())
PY
python3 stop_after_first.py ref.out "$REFEREE" --variant hammerwalt --option max_hands=1 \
	--match list "$ROOT/tests/misbehave/matcher $m plain" \
	"$ROOT/tests/bots/seat_clogger.py $m 8 3" @random @random 2>ref.err ||
	fail "the referee: $(cat ref.err)"
python3 - ref.out >ref.faults <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    print(" ".join("%d:%s" % (f["seat"], f["kind"]) for f in r["faults"]) or "-")
PY
expect_eq "the referee's match: faults by game" "$(tr '\n' ' ' <ref.faults)" "- 1:timeout "
no_process_matching "$m"
rm -rf "$W"
echo "ok: the time the referee spends emptying a match bot's scratch is that bot's when a stop lands"
