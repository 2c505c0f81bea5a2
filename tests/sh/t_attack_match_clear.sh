#!/bin/sh
# t_attack_match_clear.sh - a match bot that keeps writing into its
# scratch between two games, so that emptying it (docs/sandbox.md,
# Matches) holds the referee for seconds, charges no other seat a fault
# of the next game: a bot kept up for it starts its clock at its own
# 'game' line, and a fresh bot is started after every kept bot's
# scratch is emptied (protocol.md, Matches: the answer to the 'game'
# block counts as the game's start). Before, the seats launched before
# the writer's (here seat 0, a match bot, and seat 1, started afresh for
# each game) got "no 'ready' within 700 ms" in game 2 while the referee
# was still emptying seat 2's scratch.
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave
ref=$(cd "$BINDIR" && pwd)/referee
m=mk-clear-$$
cd "$tmp" || exit 1
mkdir logs
cat >list <<X
{"seed": 7, "log": "$tmp/logs/g1.log"}
{"seed": 8, "log": "$tmp/logs/g2.log"}
X
# clogger 16 2: 16 processes rebuilding chains of directories for 2 s
# from its first decision; a hand of hammerwalt takes well under that
"$ref" --variant hammerwalt --option max_hands=1 --startup-ms 700 --match list \
	"$mis/matcher $m plain" "$mis/laggard $m 0" "$mis/clogger 16 2" @random \
	>out 2>err || fail "the match: $(cat err)"
expect_eq "games" "$(wc -l <out)" 2
expect_eq "game 2: seeds" "$(sed -n 2p out | grep -o '"seed":[0-9]*')" '"seed":8'
expect_eq "game 2: faults" "$(sed -n 2p out | grep -o '"faults":\[[^]]*\]')" '"faults":[]'
expect_eq "game 1: faults" "$(sed -n 1p out | grep -o '"faults":\[[^]]*\]')" '"faults":[]'
gone "$m" || fail "a bot of the match outlived the referee"
finish "ok: a bot that keeps writing to its scratch between games costs no other seat its start"
