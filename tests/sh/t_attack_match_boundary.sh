#!/bin/sh
# t_attack_match_boundary.sh - a match bot that ends at the boundary of
# two games (it exits as soon as it sees 'gameover'), to be started
# afresh for the next game without a fault: protocol.md, Matches, says
# a bot that does not answer the 'game' block (it hangs between games,
# or ended) is charged a startup fault of that game. So here: game 1
# clean, game 2 its startup fault ("exited with status 0", no process
# of its own in game 2: @greedy plays its seat), game 3 a fresh
# process, clean; its exit after the last game's 'gameover' costs it
# nothing, and no other seat is charged.
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
want = [[], [(0, "startup", 0, "exited with status 0"), (2, "startup", 0, "exited with status 0")], []]
assert got == want, got
PY
expect_eq "processes started, by game" \
	"$(for i in 1 2 3; do grep -c '^start$' bl/g$i/seat0.stderr; done | tr '\n' ' ')" "1 0 1 "
finish "ok: a match bot that ends between games is charged the next game's start, and only it"
