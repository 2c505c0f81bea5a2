#!/bin/sh
# t_attack_match_timeout.sh - a match bot that stalls (within its move
# limit) in the second game of its process, past the arena's
# game_timeout_s: the arena stops that game alone (SIGUSR1; docs/referee.md,
# Matches: the running game's result is printed and no further game of
# the list starts), charges it as a timeout to the staller, and plays the
# games of the match not reached in a fresh referee, uncharged. No game
# the bot did not stall in is charged, and none is lost: per seat
# arrangement, by deal, no fault, timeout, no fault. The same for a bot
# that stalls between games, at the 'game' line of its second game.
. tests/arena/lib.sh
mis=$ROOT/tests/misbehave
m=mk-stall-$$
cd "$W" || exit 1
staller_ini to.ini "$m 4" "results = res" "game_timeout_s = 2" "move_ms = 6000"
"$ARENA" -q --jobs 1 to.ini >out 2>err || fail "the run: $(cat err)"
expect_eq "games" "$(lines res/results.jsonl)" 6
no_duplicate_ids res/results.jsonl
second_game_stalled res/results.jsonl ""
no_process_matching "$m"

# the same for a bot that stalls between games, at the 'game' line of
# its second game (tests/misbehave/matcher hang; its startup limit, 10 s,
# longer than the game timeout): that game is its (protocol.md,
# Matches), and the stop charges it there, whichever seat it holds (in
# seat 1 the bot in seat 0 has answered its own 'game' line at once)
rm -rf res
sed "s|^command = .*staller.*|command = $mis/matcher $m hang|" to.ini >hang.ini
"$ARENA" -q --jobs 1 hang.ini >out 2>err || fail "the run (hang): $(cat err)"
expect_eq "games (hang)" "$(lines res/results.jsonl)" 6
no_duplicate_ids res/results.jsonl
second_game_stalled res/results.jsonl "hang: "
no_process_matching "$m"
rm -rf "$W"
echo "ok: the game timeout in a match stops the stalled game alone; the rest are played, uncharged"
