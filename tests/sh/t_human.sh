#!/bin/sh
# t_human.sh - a person plays a seat (@human) by keystrokes in tmux.
#
# A private tmux server runs the referee in a detached session of its own
# terminal; the test reads the screen (capture-pane) and types
# (send-keys). Hammerwalt, seed 7: the person's first bid is answered
# with two entries that are not moves and one the engine refuses, each
# explained on the screen and asked again; then the first listed move is
# typed at every prompt to the end of the game; the result line (stdout,
# redirected to a file) is the one known for that game, the record
# replays, and suits were coloured. Then a Ctrl-D at the first prompt and
# a 'quit' later each end the game as documented (docs/human.md): the
# seat faults with eof, @greedy finishes it, the person's side forfeits,
# exit 0; with NO_COLOR the screen has no colour. Skips without tmux.
set -u
. "$(dirname "$0")/lib.sh"
ref=$top/$BINDIR/referee

if ! command -v tmux >/dev/null 2>&1; then
	# as root, make test installed it (test-deps): its absence is a failure, not a skip
	if [ "$(id -u)" = 0 ]; then
		echo "FAIL: no tmux, although make test-deps installs it as root"
		exit 1
	fi
	echo "skip: t_human needs tmux (apt-get install tmux)"
	exit 0
fi
sock=$tmp/tmux.sock
tm() { TMUX= tmux -S "$sock" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# start NAME ENV CMD: runs CMD in session NAME (120x50), its exit status to $tmp/NAME.rc
start() {
	tm new-session -d -s "$1" -x 120 -y 50 \
		"cd '$tmp' && env $2 $3 >'$tmp/$1.out'; echo \$? >'$tmp/$1.rc'; sleep 60"
}
screen() { tm capture-pane -p -t "$1"; }
# wait_for NAME TEXT: up to 10 s for TEXT on the screen (fixed string); 1 if it never came
wait_for() {
	for _ in $(seq 200); do
		screen "$1" | grep -qF -- "$2" && return 0
		sleep 0.05
	done
	return 1
}
# wait_rc NAME: up to 10 s for the game to end
wait_rc() {
	for _ in $(seq 200); do
		[ -s "$tmp/$1.rc" ] && return 0
		sleep 0.05
	done
	return 1
}

# ---- a whole game by keystrokes
start full "TERM=xterm-256color" "'$ref' --variant hammerwalt --seed 7 --log '$tmp/full.log' @human @greedy @greedy @greedy"
wait_for full "[1] your move (1-8, a move, or quit):" || fail "full: no first prompt"
screen full | grep -qxF "your hand:  9C 10C QC   9D QD KD   KH AH   10S KS AS AS" ||
	fail "full: the first screen does not show the sorted hand"
screen full | grep -qxF "auction: seat 1: 6 · partner (seat 2): pass · seat 3: pass" ||
	fail "full: the first screen does not show the auction"
tm send-keys -t full "bid 5" Enter
wait_for full "not accepted: 'bid 5' is not allowed now: " ||
	fail "full: a bid below the minimum was not explained"
tm send-keys -t full "XX" Enter
wait_for full "not accepted: 'XX' is not a move (a card is JH or 10S, a bid 7 H or pass; or type a number from the list)" ||
	fail "full: an entry that is not a move was not explained"
tm send-keys -t full "99" Enter
wait_for full "not accepted: there is no move 99: the moves are numbered 1 to 8" ||
	fail "full: a number off the list was not explained"
tm capture-pane -e -p -t full | grep -q "$(printf '\033')\[31m9D" ||
	fail "full: hearts and diamonds are not red on a colour terminal"
k=1
while [ ! -s "$tmp/full.rc" ] && [ $k -lt 400 ]; do
	if screen full | grep -qF "[$k] your move"; then
		tm send-keys -t full 1 Enter
		k=$((k + 1))
	else
		sleep 0.02
	fi
done
wait_rc full || fail "full: the game did not end"
expect_eq "full: exit status" "$(cat "$tmp/full.rc")" 0
expect_eq "full: decisions typed" $((k - 1)) 108
expect_eq "full: result line" "$(cat "$tmp/full.out")" \
'{"variant":"hammerwalt","seed":7,"bot_seeds":[null,null,null,null],"options":{"target":64,"hole":64,"max_hands":200},"seats":["@human","@greedy","@greedy","@greedy"],"hands":8,"seat_scores":[13,64,13,64],"team_scores":[13,64],"ranks":[2,1,2,1],"faults":[],"decisions":[108,110,109,108],"time_ms":[0.0,0.0,0.0,0.0],"mem_peak_mb":[null,null,null,null]}'
screen full | grep -qF "game over: you lost (your place: 2). final score: us 13 · them 64" ||
	fail "full: the end of the game is not shown"
"$ref" --replay "$tmp/full.log" >/dev/null || fail "full: the record does not replay"

# ---- Ctrl-D at the first prompt, no colour with NO_COLOR
start eof "TERM=xterm-256color NO_COLOR=1" "'$ref' --variant indiana --seed 3 @greedy @human @greedy @greedy"
wait_for eof "[1] your move" || fail "eof: no first prompt"
tm capture-pane -e -p -t eof | grep -q "$(printf '\033')\[3" &&
	fail "eof: colours drawn with NO_COLOR set"
tm send-keys -t eof C-d
wait_rc eof || fail "eof: Ctrl-D did not end the game"
expect_eq "eof: exit status" "$(cat "$tmp/eof.rc")" 0
wait_for eof "You left the game: @greedy plays your seat to the end, and you forfeit." ||
	fail "eof: leaving is not told"
out=$(cat "$tmp/eof.out")
case $out in
*'"faults":[{"seat":1,"kind":"eof","hand":1,"detail":"the person'"'"'s input ended (Ctrl-D)"}]'*) ;;
*) fail "eof: no eof fault for seat 1 in '$out'" ;;
esac
case $out in
*'"ranks":[1,2,1,2]'*) ;;
*) fail "eof: the person's side does not forfeit in '$out'" ;;
esac

# ---- 'quit' after three moves of flip
start quit "TERM=dumb" "'$ref' --variant flip --seed 5 @greedy @greedy @human"
for k in 1 2 3; do
	wait_for quit "[$k] your move" || fail "quit: no prompt $k"
	tm send-keys -t quit 1 Enter
done
wait_for quit "[4] your move" || fail "quit: no prompt 4"
tm send-keys -t quit "  quit " Enter
wait_rc quit || fail "quit: 'quit' did not end the game"
expect_eq "quit: exit status" "$(cat "$tmp/quit.rc")" 0
out=$(cat "$tmp/quit.out")
case $out in
*'"faults":[{"seat":2,"kind":"eof","hand":1,"detail":"the person typed '"'"'quit'"'"'"}]'*) ;;
*) fail "quit: no eof fault for seat 2 in '$out'" ;;
esac
case $out in
*'"ranks":[2,1,3]'*) ;;
*) fail "quit: seat 2 does not rank last in '$out'" ;;
esac
expect_eq "quit: lines on stdout" "$(wc -l <"$tmp/quit.out")" 1

finish "t_human: a game by keystrokes, refusals explained, Ctrl-D and quit end it"
