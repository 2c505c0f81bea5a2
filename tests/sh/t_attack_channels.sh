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
# and, when the referee is not root and every bot runs as its uid:
#   sigq      queued signals: RLIMIT_SIGPENDING is counted per uid across
#             the bots' user namespaces
# The receiver must never decode what the sender sent. And nothing
# survives a game: tests/attacks/persist_bot.c leaves 16 bits in the
# SO_COOKIE counter (bumping it to V modulo 65536) for a bot of a later game.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random
# the bot runs as a slot's uid: its directory must be readable by others
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/chan_bot" "$top/tests/attacks/chan_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build chan_bot: $(cat "$tmp/cc.err")"; finish ""; }
B=$tmp/bin/chan_bot
cc -O2 -o "$tmp/bin/persist_bot" "$top/tests/attacks/persist_bot.c" 2>"$tmp/cc.err" ||
	fail "cannot build persist_bot: $(cat "$tmp/cc.err")"

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

# a later game
mkdir -p "$tmp/g1" "$tmp/g2"
"$R" --variant hammerwalt --bot-logs "$tmp/g1" "$tmp/bin/persist_bot write" "$C" "$C" "$C" >/dev/null 2>&1
"$R" --variant hammerwalt --seed 9 --bot-logs "$tmp/g2" "$C" "$C" "$tmp/bin/persist_bot read" "$C" >/dev/null 2>&1
wrote=$(sed -n 's/^persist wrote //p' "$tmp/g1/seat0.stderr")
read=$(sed -n 's/^persist read //p' "$tmp/g2/seat2.stderr")
[ -n "$wrote" ] && [ -n "$read" ] || fail "persist: nothing written or read"
[ "$wrote" = "$read" ] && fail "persist: a bot read the $wrote a bot of an earlier game left"
[ "$failures" = 0 ] && echo "ok: nothing a bot leaves in the kernel reaches a later game"

# a referee that is not root ('daemon', without XDG_RUNTIME_DIR)
if [ "$(id -u)" = 0 ]; then
	dir=/srv/euchre-attack-chan.$$
	slots=/tmp/euchre-arena-$(id -u daemon)
	had_slots=$([ -e "$slots" ] && echo 1)
	trap 'rm -rf "$tmp" "$dir"; [ -n "$had_slots" ] || rm -rf "$slots"' EXIT
	mkdir -p "$dir/logs"
	cp "$R" "$B" "$dir/"
	cp -r "$C" "$dir/c-random"
	chmod -R a+rX "$dir"
	chown daemon "$dir/logs"
	(cd "$dir" && setpriv --reuid=daemon --regid=daemon --clear-groups env -u XDG_RUNTIME_DIR \
		./referee --variant hammerwalt --move-ms 3000 --bot-logs logs "$dir/chan_bot send sigq" \
		"$dir/c-random" "$dir/chan_bot recv sigq" "$dir/c-random") >"$tmp/nonroot" 2>&1 ||
		fail "non-root: $(cat "$tmp/nonroot")"
	sent=$(sed -n 's/^chan sent //p' "$dir/logs/seat0.stderr")
	got=$(sed -n 's/^chan got sigq //p' "$dir/logs/seat2.stderr")
	[ -n "$sent" ] && [ -n "$got" ] || fail "non-root: nothing sent or heard: $(cat "$tmp/nonroot")"
	[ "$got" = "$sent" ] && fail "sigq: the partner's secret $sent arrived (one uid for every bot)"
	[ "$failures" = 0 ] && echo "ok: bots of a referee that is not root share no signal queue"
fi
finish "ok: t_attack_channels"
