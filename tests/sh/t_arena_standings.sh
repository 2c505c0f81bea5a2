#!/bin/sh
# t_arena_standings.sh - forfeits and progressive events end to end: an
# 8-bot progressive event with a bot that crashes in every game. The
# crashing bot's games are losses for its team, it has no margin (its
# seat's points were @greedy's) and no event points, and cannot win; every
# other player's event total is his team's points in every game, both plays
# of each round, recomputed here from results.jsonl; the winner is the
# highest total. Half the results is an incomplete event (no winner); the
# two halves merged give the full report.
. tests/arena/lib.sh
cd "$W" || exit 1

mis="$ROOT/tests/misbehave"
{
	printf '[arena]\nvariants = progressive\nresults = res\n'
	printf '[variant progressive]\nhands_per_round = 1\n'
	for i in 1 2 3 4; do printf '[bot g%d]\ncommand = @greedy\n' $i; done
	for i in 1 2 3; do printf '[bot r%d]\ncommand = @random\n' $i; done
	printf '[bot crash]\ncommand = %s %s\n' "$mis/segfault" "standings-$$"
} >p.ini
"$ARENA" -q --jobs 2 p.ini >report.txt 2>err || fail "run: $(cat err)"
expect_eq "games" "$(lines res/results.jsonl)" 28

# the referee's forfeit policy: the crashing bot's team loses every game
python3 - res/results.jsonl >expect.txt <<'PY' || fail "results check"
import json, sys
points, forfeits = {}, {}
for line in open(sys.argv[1]):
    g = json.loads(line)
    bad = {f["seat"] for f in g["faults"]}
    for s, b in enumerate(g["bots"]):
        points.setdefault(b, 0)
        forfeits.setdefault(b, 0)
        if s in bad:
            forfeits[b] += 1
            assert b == "crash", g["game"]
            assert g["ranks"][s] == 2 and g["ranks"][1 - s % 2] == 1, g["game"]
        else:
            points[b] += g["team_scores"][s % 2]
    assert any(g["bots"][s] == "crash" for s in bad) == ("crash" in g["bots"]), g["game"]
ok = [b for b in points if not forfeits[b]]
best = max(points[b] for b in ok)
for b in sorted(points):
    print(b, points[b], forfeits[b])
print("winner", " ".join(sorted(b for b in ok if points[b] == best)), best)
PY
expect_eq "crash forfeits" "$(grep '^crash ' expect.txt)" "crash 0 14"

# the CSV's event rows: points and forfeits per player, as recomputed
"$ARENA" report --csv res >csv || fail "report --csv"
grep '^progressive\.d0001,' csv | awk -F, '{ print $3, $17, $14 }' | sort >got.txt
grep -v '^winner' expect.txt >want.txt
expect_file_eq "event totals" got.txt want.txt
expect_eq "crash placed last" "$(grep '^progressive\.d0001,[0-9]*,crash,' csv | cut -d, -f2)" 8
expect_eq "crash margin" "$(grep '^progressive,[0-9]*,crash,' csv | cut -d, -f7,14)" ",14"

# the text report: the winner line, and why crash has no margin
set -- $(grep '^winner' expect.txt)
shift
best=$(eval echo "\${$#}")
if [ $# = 2 ]; then
	grep -q "^  event 1 (progressive.d0001): $1 wins with $best points; forfeited: crash 14$" report.txt ||
		fail "winner line: $(grep '^  event' report.txt)"
else
	grep -q "^  event 1 (progressive.d0001): .* share the win with $best points; forfeited: crash 14$" report.txt ||
		fail "shared winner line: $(grep '^  event' report.txt)"
fi
grep -q '^    8  crash  *14  *0\.0  *0\.0  *-  ' report.txt || fail "crash row: $(grep crash report.txt)"
grep -q '^    crash 14 of 14$' report.txt || fail "margin note: $(cat report.txt)"
grep -q '^    8  crash  *1  *0\.0  *0  *14$' report.txt || fail "crash event row: $(grep crash report.txt)"

# half of the games: an incomplete event has no winner; both halves merged
# are the whole event
mkdir a b
awk 'NR % 2' res/results.jsonl >a/results.jsonl
awk '!(NR % 2)' res/results.jsonl >b/results.jsonl
"$ARENA" report a >a.txt || fail "report a"
grep -q '^  event 1 (progressive.d0001): no winner, 14 of 28 games played' a.txt ||
	fail "incomplete event: $(grep '^  event' a.txt)"
# (but for the directory of the first fault's log)
"$ARENA" report res/results.jsonl | grep -v ' first in ' >full.txt || fail "report full"
"$ARENA" report a b | grep -v ' first in ' >merged.txt || fail "report merged"
expect_file_eq "merged halves" merged.txt full.txt
no_process_matching "standings-$$"
exit 0
