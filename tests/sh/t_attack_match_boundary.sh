#!/bin/sh
# t_attack_match_boundary.sh - match bots that end at the boundary of two
# games, whose outcome must not depend on when the referee sees the end
# (protocol.md, Matches):
# - q exits as soon as it reads 'gameover', writing nothing: in every
#   game after the first a fresh process plays its seat, and no game has
#   a fault. Before, the game after was charged a startup fault ("exited
#   with status 0") when the referee saw the end after it sent the 'game'
#   block, and none when before: seen here as seat 2 charged in game 3
#   of one run and seat 0 in game 2 of another.
# - w writes a line after 'gameover' and then exits: that line answers the
#   next game's handshake, so every game after one it ended is charged a
#   startup fault, and the game after that is a fresh process's, clean.
#   Before, it was charged so only when its end came after the referee
#   had emptied its scratch.
# Each is played in several matches, which must all come out the same.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir q w
cat >q/run <<'X'
#!/usr/bin/env python3
import sys
print("start", file=sys.stderr, flush=True)
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("gameover"):
        sys.exit(0)
    if line.startswith("legal "):
        moves = line[6:].split(",")
        print("ready2" if moves == ["ready"] else moves[0], flush=True)
    elif line == "quit":
        break
X
sed 's/        sys.exit(0)/        print("bye", flush=True); sys.exit(0)/' q/run >w/run
chmod 755 q q/run w w/run
games=5
for run in 1 2 3; do
	for bot in q w; do
		mkdir rec-$bot$run
		i=1
		while [ $i -le $games ]; do
			echo "{\"seed\": $i, \"bot_logs\": \"$tmp/bl-$bot$run/g$i\", \"log\": \"$tmp/rec-$bot$run/g$i.log\"}"
			i=$((i + 1))
		done >list
		"$ref" --variant hammerwalt --option max_hands=1 --match list "$tmp/$bot" @random \
			"$tmp/$bot" @random >out-$bot$run 2>err || fail "match $bot$run: $(cat err)"
		expect_eq "match $bot$run: games" "$(wc -l <out-$bot$run)" $games
	done
done
python3 - "$tmp" $games <<'PY' || fail "the faults by game"
import json, os, sys
tmp, games = sys.argv[1], int(sys.argv[2])
def faults(name):
    rs = [json.loads(l) for l in open(os.path.join(tmp, "out-" + name))]
    return [[(f["seat"], f["kind"], f["hand"], f["detail"].split(";")[0]) for f in r["faults"]]
            for r in rs]
def starts(name, g, seat):
    text = open(os.path.join(tmp, "bl-" + name, "g%d" % g, "seat%d.stderr" % seat)).read()
    return text.split("\n").count("start")
hand = "answered 'bye' to the handshake: expected 'ready' or 'ready NAME' ('ready2' for matches) (in a match, a line written after the last game's 'gameover' answers the next game's handshake)"
for run in (1, 2, 3):
    # q: no fault anywhere; each game of each seat a process of its own
    got = faults("q%d" % run)
    assert got == [[]] * games, ("q", run, got)
    for g in range(1, games + 1):
        for seat in (0, 2):
            assert starts("q%d" % run, g, seat) == 1, ("q", run, g, seat)
    # w: games 2 and 4 charged for 'bye' (both seats); 1, 3 and 5 fresh processes', clean
    got = faults("w%d" % run)
    charged = [(0, "startup", 0, hand), (2, "startup", 0, hand)]
    assert got == [[], charged, [], charged, []], ("w", run, got)
    for g in range(1, games + 1):
        for seat in (0, 2):
            assert starts("w%d" % run, g, seat) == (0 if g in (2, 4) else 1), ("w", run, g, seat)
PY
# the record says why a seat's process is a fresh one, and replays
grep -q "^# seat 0: the process kept from the last game ended before answering the 'game' line (exited with status 0): a fresh one plays this game$" rec-q1/g3.log ||
	fail "record: $(grep '^#' rec-q1/g3.log)"
"$ref" --replay rec-q1/g3.log >/dev/null 2>err || fail "replay: $(cat err)"
finish "ok: a match bot that ends between games is replaced without a fault, one that writes after gameover is charged, every time"
