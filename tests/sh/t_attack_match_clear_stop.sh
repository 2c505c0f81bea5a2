#!/bin/sh
# t_attack_match_clear_stop.sh - a match bot that spends the game
# timeout of its opponent's next game (docs/arena.md, Slow games;
# docs/referee.md, Matches). tests/bots/seat_clogger.py, in an odd seat,
# keeps writing into its scratch after its first move, so that emptying
# that scratch before the second game of the match holds the referee
# (1.3 to 2 s each here, when the walk gives up: docs/sandbox.md,
# Matches); it answers every request at once. Its copies in seats 1 and
# 3 (partners = copies) hold the referee 2.7 to 3.5 s, and the arena's
# stop at game_timeout_s = 2 lands meanwhile, before any bot has had to
# answer (in most runs: the writers can lose the race with the walk,
# and then nothing is stopped; the referee's part, below, is exact).
# The stop policy charges the bot that used the most time, and that
# time now counts what the referee spent emptying a bot's scratch: a
# clogger is charged. Before, none of that counted and the honest bot
# in seat 0 (0 to 2 ms against the cloggers' 0) was charged a timeout
# and forfeited, in every match where the cloggers sat in the odd
# seats, and the clogger never. The same with a stop sent by hand to a
# referee playing a --match list, as game 1's result comes: the clogger
# (1.7 to 2 s) is charged; before, the honest bot in seat 0 (0 to 3
# ms), every time.
. tests/arena/lib.sh
m=mk-clearstop-$$
cd "$W" || exit 1
cat >cs.ini <<X
[arena]
variants = hammerwalt
deals = 2
seed = 5
results = res
game_timeout_s = 2
partners = copies
startup_ms = 3000
[variant hammerwalt]
max_hands = 1
[bot honest]
command = $ROOT/tests/misbehave/matcher $m plain
[bot clog]
command = $ROOT/tests/bots/seat_clogger.py $m 8 4
X
"$ARENA" -q --jobs 1 cs.ini >out 2>err || fail "the run: $(cat err)"
expect_eq "games" "$(lines res/results.jsonl)" 4
# per game: the faults, as BOT:KIND
python3 - res/results.jsonl >faults <<'PY'
import json, sys
for l in sorted(open(sys.argv[1]), key=lambda l: json.loads(l)["game"]):
    r = json.loads(l)
    print(r["game"], " ".join("%s:%s" % (r["bots"][f["seat"]], f["kind"])
                              for f in r["faults"]) or "-")
PY
# the stopped game is the clogger's; where its writers lost the race
# with the walk (the scratch emptied in under 2 s: seen once in 3 runs),
# the game is not stopped, and the referee's part below decides
case $(sed -n 3p faults) in
"hammerwalt.d0002.honest+clog.r0 clog:timeout" | "hammerwalt.d0002.honest+clog.r0 -") ;;
*) fail "the stopped game: $(sed -n 3p faults)" ;;
esac
sed 3d faults >others
expect_file_eq "the other games' faults" others - <<X
hammerwalt.d0001.honest+clog.r0 -
hammerwalt.d0001.honest+clog.r1 -
hammerwalt.d0002.honest+clog.r1 -
X
no_process_matching "$m"

# the referee alone, one clogger (seat 1): a stop (SIGUSR1 without a
# value: it stops the running game, or the next at its start) sent as
# game 1's result comes, so that it lands while the referee empties the
# clogger's scratch before game 2, or just before
printf '{"seed": 7}\n{"seed": 8}\n' >list
: >ref.out
"$REFEREE" --variant hammerwalt --option max_hands=1 --match list \
	"$ROOT/tests/misbehave/matcher $m plain" "$ROOT/tests/bots/seat_clogger.py $m 8 4" \
	@random @random >ref.out 2>ref.err &
pid=$!
k=0
while [ "$(lines ref.out)" -lt 1 ] && [ $k -lt 600 ]; do
	sleep 0.05
	k=$((k + 1))
done
kill -USR1 "$pid" || fail "kill: the referee had ended: $(cat ref.out)"
wait "$pid" || fail "the referee: $(cat ref.err)"
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
