#!/bin/sh
# t_attack_slots.sh - the sandbox slots (docs/sandbox.md, Slots).
# 1. A referee run by a user other than root without XDG_RUNTIME_DIR (cron,
#    su, an overnight ladder) keeps its slots in /tmp/euchre-arena-UID. Any
#    other local user can make that directory first; the referee refuses it
#    and blames every seat with a startup fault, game after game, and its
#    user cannot remove it (/tmp is sticky). The attacker must get nothing:
#    the game is played.
# 2. When every slot stays taken, "it fails (exit 1, no result line), which
#    is the referee's failure, never a bot's fault": no seat is blamed.
# Needs root (two other users: 'daemon' runs the games, 'nobody' attacks).
set -u
. "$(dirname "$0")/lib.sh"
if [ "$(id -u)" != 0 ]; then
	echo "skip: t_attack_slots needs root"
	exit 0
fi
uid=$(id -u daemon)
slots=/tmp/euchre-arena-$uid
# the referee and a bot where daemon can run them
dir=/srv/euchre-attack-slots.$$
trap 'rm -rf "$tmp" "$dir" "$slots"' EXIT
mkdir -p "$dir/bot"
cp "$top/$BINDIR/referee" "$dir/"
cp "$top/sample-bots/c-random/c-random" "$dir/bot/"
chmod -R a+rX "$dir"
as_daemon() {
	(cd "$dir" && setpriv --reuid=daemon --regid=daemon --clear-groups env -u XDG_RUNTIME_DIR "$@")
}
B=$dir/bot/c-random

# ---- 1. nobody makes daemon's slot directory first
rm -rf "$slots"
setpriv --reuid=nobody --regid=nogroup --clear-groups mkdir -m 700 "$slots" || fail "nobody cannot make $slots"
as_daemon ./referee --variant hammerwalt "$B" "$B" "$B" "$B" >"$tmp/squat" 2>&1
grep -q '"faults":\[\]' "$tmp/squat" || fail "squatted slot directory: $(cat "$tmp/squat")"
[ "$failures" = 0 ] && echo "ok: another user's slot directory does not stop the games"
rm -rf "$slots"

# ---- 2. every slot taken: the referee fails, no seat is blamed
as_daemon ./referee --sandbox-info >/dev/null 2>&1
[ -d "$slots" ] || fail "daemon's referee made no $slots"
as_daemon /usr/bin/python3 -c '
import fcntl, os, sys, time
fds = []
for i in range(64):
    fd = os.open("%s/slot%d.lock" % (sys.argv[1], i), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    fds.append(fd)
print("held", flush=True)
time.sleep(5.6)' "$slots" >"$tmp/held" 2>&1 &
holder=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do
	grep -q held "$tmp/held" && break
	sleep 0.2
done
as_daemon ./referee --variant hammerwalt "$B" "$B" "$B" "$B" >"$tmp/full" 2>"$tmp/full.err"
status=$?
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
grep -q '"kind":"startup"' "$tmp/full" && fail "a seat was blamed for the slots: $(cat "$tmp/full")"
[ "$status" = 1 ] || fail "all slots taken: exit status $status, not 1"
[ "$failures" = 0 ] && echo "ok: no free slot is the referee's failure"
finish "ok: t_attack_slots"
