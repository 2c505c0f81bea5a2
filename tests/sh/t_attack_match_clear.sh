#!/bin/sh
# t_attack_match_clear.sh - a match bot that keeps writing into its
# scratch between two games (tests/misbehave/clogger: 24 processes
# rebuilding chains of directories for 6 s), so that emptying it
# (docs/sandbox.md, Matches) holds the referee as long as it can:
#  - no other seat is charged a fault of the next game: a bot kept up
#    for it starts its clock at its own 'game' line, and a fresh bot is
#    started after every kept bot's scratch is emptied (protocol.md,
#    Matches). Before, the seats launched ahead of the writer's (seat 0,
#    a match bot, and seat 1, started afresh for each game) got "no
#    'ready' within 700 ms" in game 2 while the referee was still
#    emptying seat 2's scratch;
#  - the walk gives up after 2 s, and the writer is stopped and started
#    afresh for game 2 without a fault (its game-2 stderr file begins
#    with its "start"). Before, the referee waited until the writers
#    stopped (100,000 passes took 35 to 50 s on a loaded machine).
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave
ref=$(cd "$BINDIR" && pwd)/referee
m=mk-clear-$$
cd "$tmp" || exit 1
cat >list <<X
{"seed": 7, "bot_logs": "$tmp/bl/g1"}
{"seed": 8, "bot_logs": "$tmp/bl/g2"}
X
# a hand of hammerwalt takes well under the writers' 6 s
"$ref" --variant hammerwalt --option max_hands=1 --startup-ms 700 --match list \
	"$mis/matcher $m plain" "$mis/laggard $m 0" "$mis/clogger 24 6 $m" @random \
	>out 2>err || fail "the match: $(cat err)"
expect_eq "games" "$(wc -l <out)" 2
expect_eq "game 2: seed" "$(sed -n 2p out | grep -o '"seed":[0-9]*')" '"seed":8'
expect_eq "game 1: faults" "$(sed -n 1p out | grep -o '"faults":\[[^]]*\]')" '"faults":[]'
expect_eq "game 2: faults" "$(sed -n 2p out | grep -o '"faults":\[[^]]*\]')" '"faults":[]'
expect_eq "the writer's processes: game 1" "$(grep -c '^start$' bl/g1/seat2.stderr)" 1
expect_eq "the writer's processes: game 2 (a fresh one)" \
	"$(grep -c '^start$' bl/g2/seat2.stderr)" 1
expect_eq "the match bot's processes: game 2 (kept)" \
	"$(grep -c '^start$' bl/g2/seat0.stderr)" 0
gone "$m" || fail "a bot of the match outlived the referee"
finish "ok: a bot that keeps writing to its scratch between games costs no other seat its start, and the referee 2 s at most"
