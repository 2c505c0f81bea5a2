#!/bin/sh
# t_match_hang_next_seat.sh - a match bot that hangs at the next game's
# 'game' block is charged a startup fault, and only it: the seat read
# after it, whose bot answered its own 'game' block at once, is not. The
# 'game' blocks go out one right after another, so each seat's startup
# deadline is a moment after the last one's; the hanging bot's read ends
# at its deadline and the bot is stopped, and the next seat's read began
# only after that seat's deadline. Before, that read gave up at once,
# its answer waiting in the pipe, and both seats were charged "no
# 'ready' within 1000 ms of the 'game' line" (bot.c, bot_read_line()).
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir h k
cat >h/run <<'X'
#!/usr/bin/env python3
# plays its first game, then hangs at the 'game' block of the next
import sys, time
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line == "game":
        time.sleep(30)
    if line.startswith("legal "):
        moves = line[6:].split(",")
        print("ready2" if moves == ["ready"] else moves[0], flush=True)
    elif line == "quit":
        break
X
sed '/^    if line == "game":$/,/^        time.sleep(30)$/d; s/^# plays.*/# answers everything at once/' h/run >k/run
chmod 755 h h/run k k/run
for i in 1 2; do echo "{\"seed\": $i}"; done >list
for run in 1 2 3; do
	"$ref" --variant hammerwalt --option max_hands=1 --startup-ms 1000 --match list \
		"$tmp/h" "$tmp/k" @random @random >out 2>err || fail "run $run: $(cat err)"
	expect_eq "run $run: faults by game" "$(python3 -c '
import json, sys
print(" / ".join(" ".join("%d:%s" % (f["seat"], f["kind"]) for f in json.loads(l)["faults"]) or "-"
                 for l in open(sys.argv[1])))' out)" "- / 0:startup"
done
finish "ok: a match bot that hangs between games is charged alone, not the seat read after it"
