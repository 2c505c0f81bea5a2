#!/bin/sh
# t_referee_io.sh - the referee's own failures are errors, never results
# and never a bot's fault: a record, a bot's stderr file or the result that
# cannot be written (a full disk: /dev/full, a small tmpfs that fills up in
# the middle of a game), no free sandbox slot, no scratch directory. Each
# makes the referee exit 1 with a message naming the file (or the cause)
# and print no result line for that game.
set -u
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
bot=$top/sample-bots/c-random

# failed WHAT EXPECTED-MESSAGE: the last run exited 1, printed no result
# line, and said EXPECTED-MESSAGE (a grep pattern) on stderr
failed() {
	[ "$status" = 1 ] || fail "$1: exit status $status, expected 1"
	[ -s "$tmp/out" ] && fail "$1: printed a result: $(head -c 300 "$tmp/out")"
	grep -q "^referee: $2" "$tmp/err" || fail "$1: stderr '$(cat "$tmp/err")' lacks '$2'"
}

"$R" --variant hammerwalt --seed 3 --log /dev/full @greedy @random @greedy @random \
	>"$tmp/out" 2>"$tmp/err"
status=$?
failed "record on /dev/full" "cannot write '/dev/full': No space left on device$"
"$R" --variant hammerwalt --seed 3 @greedy @random @greedy @random >/dev/full 2>"$tmp/err"
status=$? && : >"$tmp/out"
failed "result on /dev/full" "cannot write 'the standard output': No space left on device$"

if ! unshare -m true 2>/dev/null; then
	echo "skipped: the tmpfs and slot cases need mount namespaces (root)"
	finish "referee write checks ok"
	exit 0
fi

# a 16 KiB tmpfs: the record of a game with two bot programs (65 KB with
# these seeds) fills it in the middle of the game; so does a chatty bot's stderr
mkdir -p "$tmp/small"
unshare -m sh -c '
	mount -t tmpfs -o size=16k tmpfs "$1" || exit 99
	"$2" --variant hammerwalt --seed 2 --log "$1/game.log" "$3" @random "$3" @random \
		>"$4/out" 2>"$4/err"
	echo $? >"$4/status"
	"$2" --variant hammerwalt --seed 2 --bot-logs "$1" --move-ms 5000 "$5 m" @random @random @random \
		>"$4/out2" 2>"$4/err2"
	echo $? >"$4/status2"
' sh "$tmp/small" "$R" "$bot" "$tmp" "$top/tests/misbehave/chatty"
status=$(cat "$tmp/status")
failed "record on a full tmpfs" "cannot write '$tmp/small/game.log': No space left on device$"
status=$(cat "$tmp/status2")
mv "$tmp/out2" "$tmp/out"
mv "$tmp/err2" "$tmp/err"
failed "stderr file on a full tmpfs" "cannot write '$tmp/small/seat0.stderr': No space left on device$"

# every sandbox slot taken (in a private copy of the slot directory): the
# referee's failure, not a startup fault of the bot
slots=$("$R" --sandbox-info | sed -n 's/^slots: //p')
[ -d "$slots" ] || fail "no slot directory in referee --sandbox-info: '$slots'"
unshare -m sh -c '
	mount -t tmpfs -o size=1m,mode=0700 tmpfs "$1" || exit 99
	python3 -c "
import fcntl, os, sys, time
for i in range(64):
    fd = os.open(\"%s/slot%d.lock\" % (sys.argv[1], i), os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.set_inheritable(fd, False)
    globals()[\"fd%d\" % i] = fd
open(sys.argv[2], \"w\").close()
time.sleep(60)
" "$1" "$2/held" &
	holder=$!
	while [ ! -e "$2/held" ] && kill -0 $holder 2>/dev/null; do sleep 0.05; done
	"$3" --variant hammerwalt --seed 2 "$4" @random @random @random >"$2/out" 2>"$2/err"
	echo $? >"$2/status"
	kill $holder
' sh "$slots" "$tmp" "$R" "$bot"
status=$(cat "$tmp/status")
failed "no free slot" "all 64 sandbox slots in '$slots' stayed taken by running bots for 5 s$"

# a scratch directory that cannot be made (a tmpfs without a free inode;
# --keep-scratch, or the bots would have private ones)
mkdir -p "$tmp/noinode"
unshare -m sh -c '
	mount -t tmpfs -o size=1m,nr_inodes=1 tmpfs "$1" || exit 99
	"$2" --variant hammerwalt --seed 2 --keep-scratch --scratch-dir "$1" "$3" @random @random @random \
		>"$4/out" 2>"$4/err"
	echo $? >"$4/status"
' sh "$tmp/noinode" "$R" "$bot" "$tmp"
status=$(cat "$tmp/status")
failed "no scratch directory" "cannot create a scratch directory in '$tmp/noinode': "

finish "referee write checks ok"
