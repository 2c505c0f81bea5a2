#!/bin/sh
# t_attack_channels.sh - two partners of one game must not pass
# information but by timing and load (docs/sandbox.md, Covert channels).
# tests/attacks/chan_bot.c sends a 16-bit secret made from the sender's
# hand through counters the whole machine shares, none of them a file, a
# lock, /proc or the clock:
#   cookie    SO_COOKIE of a new AF_UNIX socketpair (one global counter)
#   aio       the free AIO events of fs.aio-max-nr (io_setup; exact)
#   pidino    the inode number of a pidfd (pidfs: every fork on the machine)
# and tests/attacks/futex_bot.c wakes a futex in a page of libc on which its
# partner sleeps (the kernel finds a shared futex's sleepers by the file).
# The receiver must never decode what the sender sent. (Inode numbers of
# pipes and memfds, and, as non-root, queued signals per uid, are a load
# residue like the clock: docs/sandbox.md, Covert channels.) And nothing
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
for set in cookie,aio pidino; do
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
		# closed, not merely noisy: the counter cannot even be read
		expect_eq "$ch: what the receiver got" "$got" "Operation not permitted"
	done
done
[ "$failures" = 0 ] && echo "ok: no shared kernel counter carries a partner's secret"

# a futex in a page of libc, which both map: a sleep another bot's wake
# could end is refused (it sleeps and is woken without the filter)
cc -O2 -o "$tmp/bin/futex_bot" "$top/tests/attacks/futex_bot.c" -lpthread 2>"$tmp/cc.err" ||
	fail "cannot build futex_bot: $(cat "$tmp/cc.err")"
mkdir -p "$tmp/futex"
"$R" --variant hammerwalt --move-ms 3000 --bot-logs "$tmp/futex" "$tmp/bin/futex_bot wait" "$C" \
	"$tmp/bin/futex_bot wake" "$C" >"$tmp/futex/result" 2>&1 ||
	fail "futex: $(cat "$tmp/futex/result")"
expect_eq "futex: the sleeper" "$(sed -n 's/^futex wait //p' "$tmp/futex/seat0.stderr")" EAGAIN
grep -q '^futex wake [1-9]' "$tmp/futex/seat2.stderr" &&
	fail "futex: a wake found the partner asleep: $(cat "$tmp/futex/seat2.stderr")"
# pthread_join, which sleeps on a shared futex, still returns
for s in 0 2; do
	expect_eq "futex: seat $s's pthread_join" \
		"$(sed -n 's/^futex join //p' "$tmp/futex/seat$s.stderr")" ok
done
# a partner that waits on the futex again and again, each wait held by its
# init 2 ms (docs/sandbox.md, Known limits): never asleep in the kernel,
# so 1.5 s of wakes find nobody; and its waits still held when the game
# ends do not fail (glibc would abort on an error it does not expect)
mkdir -p "$tmp/hold"
"$R" --variant hammerwalt --move-ms 3000 --bot-logs "$tmp/hold" "$tmp/bin/futex_bot hold" "$C" \
	"$tmp/bin/futex_bot wake" "$C" >"$tmp/hold/result" 2>&1 ||
	fail "futex hold: $(cat "$tmp/hold/result")"
expect_eq "futex hold: the waiter" "$(sed -n 's/^futex hold //p' "$tmp/hold/seat0.stderr")" \
	"waits many, woken 0, other 0"
expect_eq "futex hold: the waker" "$(sed -n 's/^futex wake //p' "$tmp/hold/seat2.stderr")" 0
grep -q 'unexpected error code\|futex hold failed' "$tmp/hold/seat0.stderr" &&
	fail "futex hold: a held wait failed at the game's end: $(cat "$tmp/hold/seat0.stderr")"
# an honest C++ bot's std::future waits are shared futex waits: get()
# looks again every 2 ms (the init holds each wait), wait_for spins, and
# still ends at its time, after the task's first step and before its end
# (tests/bots/future_bot.cpp)
g++ -O2 -o "$tmp/bin/future_bot" "$top/tests/bots/future_bot.cpp" -lpthread 2>"$tmp/cc.err" ||
	fail "cannot build future_bot: $(cat "$tmp/cc.err")"
mkdir -p "$tmp/future"
"$R" --variant hammerwalt --move-ms 3000 --bot-logs "$tmp/future" "$tmp/bin/future_bot" "$C" \
	"$C" "$C" >"$tmp/future/result" 2>&1 || fail "future: $(cat "$tmp/future/result")"
expect_eq "future: the bot's lines" "$(grep '^future ' "$tmp/future/seat0.stderr" | tr '\n' '|')" \
	"future wait_for timeout at step 1|future get 42|"
grep -q '"faults":\[\]' "$tmp/future/result" || fail "future: $(cat "$tmp/future/result")"
[ "$failures" = 0 ] && echo "ok: no sleep on a futex of a shared file"

# a later game
mkdir -p "$tmp/g1" "$tmp/g2"
"$R" --variant hammerwalt --bot-logs "$tmp/g1" "$tmp/bin/persist_bot write" "$C" "$C" "$C" >/dev/null 2>&1
"$R" --variant hammerwalt --seed 9 --bot-logs "$tmp/g2" "$C" "$C" "$tmp/bin/persist_bot read" "$C" >/dev/null 2>&1
wrote=$(sed -n 's/^persist wrote //p' "$tmp/g1/seat0.stderr")
read=$(sed -n 's/^persist read //p' "$tmp/g2/seat2.stderr")
[ -n "$wrote" ] && [ -n "$read" ] || fail "persist: nothing written or read"
[ "$wrote" = "$read" ] && fail "persist: a bot read the $wrote a bot of an earlier game left"
# the counter cannot be read at all (SO_COOKIE refused): persist_bot says 0
expect_eq "persist: what the later bot read" "$read" 0
[ "$failures" = 0 ] && echo "ok: nothing a bot leaves in the kernel reaches a later game"

finish "ok: t_attack_channels"
