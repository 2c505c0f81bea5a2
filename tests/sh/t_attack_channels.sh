#!/bin/sh
# t_attack_channels.sh - two partners of one game must not pass
# information but by timing and load (docs/sandbox.md, Covert channels).
# tests/attacks/chan_bot.c sends a 16-bit secret made from the sender's
# hand through counters the whole machine shares, none of them a file, a
# lock, /proc or the clock:
#   cookie    SO_COOKIE of a new AF_UNIX socketpair (one global counter)
#   memfdino  the inode number of a new memfd (the kernel's shmem mount)
#   aio       the free AIO events of fs.aio-max-nr (io_setup; exact)
#   pidino    the inode number of a pidfd (pidfs: every fork on the machine)
#   pipeino   the inode number of a new pipe (get_next_ino, per CPU)
# The receiver must never decode what the sender sent.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random
# the bot runs as a slot's uid: its directory must be readable by others
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/chan_bot" "$top/tests/attacks/chan_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build chan_bot: $(cat "$tmp/cc.err")"; finish ""; }
B=$tmp/bin/chan_bot

# channels that do not disturb each other share a game
for set in cookie,memfdino,aio pipeino pidino; do
	d=$tmp/$set
	mkdir -p "$d"
	"$R" --variant hammerwalt --move-ms 3000 --bot-logs "$d" "$B send $set" "$C" \
		"$B recv $set" "$C" >"$d/result" 2>&1 || fail "$set: $(cat "$d/result")"
	sent=$(sed -n 's/^chan sent //p' "$d/seat0.stderr")
	[ -n "$sent" ] || fail "$set: the sender sent nothing: $(cat "$d/result" "$d/seat0.stderr")"
	for ch in $(echo "$set" | tr ',' ' '); do
		got=$(sed -n "s/^chan got $ch //p" "$d/seat2.stderr")
		[ -n "$got" ] || fail "$ch: the receiver did not listen: $(cat "$d/seat2.stderr")"
		[ "$got" = "$sent" ] && fail "$ch: the partner's secret $sent arrived"
	done
done
[ "$failures" = 0 ] && echo "ok: no shared kernel counter carries a partner's secret"
finish "ok: t_attack_channels"
