#!/bin/sh
# t_attack_match_boundary.sh - a match bot that ends at the boundary of
# two games (it exits as soon as it sees 'gameover'), to be started
# afresh for the next game without a fault: protocol.md, Matches, says
# a bot that does not answer the 'game' block (it hangs between games,
# or ended) is charged a startup fault of that game, and one whose end
# the referee sees before it sends the block is started afresh without
# one (which of the two is timing). So here: game 1 clean; in games 2
# and 3 a seat of the bot is charged nothing or a startup fault
# ("exited with status 0", with no process of its own in that game:
# @greedy plays its seat), and a game after a fault is a fresh
# process's, clean; no other seat is ever charged (seen: both seats
# charged in game 2, or one in game 2 and the other in game 3).
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir q
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
chmod 755 q q/run
for i in 1 2 3; do
	echo "{\"seed\": $i, \"bot_logs\": \"$tmp/bl/g$i\"}"
done >list
"$ref" --variant hammerwalt --option max_hands=1 --match list "$tmp/q" @random "$tmp/q" @random >out 2>err || fail "the match: $(cat err)"
expect_eq "games" "$(wc -l <out)" 3
python3 - out <<'PY' || fail "the faults by game"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
got = [[(f["seat"], f["kind"], f["hand"], f["detail"].split(";")[0]) for f in r["faults"]]
       for r in rs]
assert got[0] == [], got
for seat in (0, 2):
    charged = [g for g in (1, 2) if (seat, "startup", 0, "exited with status 0") in got[g]]
    # after a fault the next game's process is fresh: no two in a row
    assert charged in ([], [1], [2]), got
for g in (1, 2):
    assert all(f[0] in (0, 2) and f[1:] == ("startup", 0, "exited with status 0")
               for f in got[g]), got
PY
# seat 0 started a process in game 1, and in every later game where it
# was not charged (a charged game has none of its own)
python3 - out bl <<'PY' || fail "processes started, by game"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
for g in (1, 2, 3):
    charged = any(f["seat"] == 0 for f in rs[g - 1]["faults"])
    n = open(f"{sys.argv[2]}/g{g}/seat0.stderr").read().split("\n").count("start")
    assert n == (0 if charged else 1) or (g > 1 and n == 0 and not charged), (g, n, charged)
PY
finish "ok: a match bot that ends between games is charged the next game's start, and only it"
