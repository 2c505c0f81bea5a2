#!/bin/sh
# t_attack_slots.sh - the sandbox slots (docs/sandbox.md, Slots).
# 1. A referee run by a user other than root without XDG_RUNTIME_DIR (cron,
#    su, an overnight ladder) keeps its slots in /tmp/euchre-arena-UID. Any
#    other local user can make that directory first; the referee refuses it
#    and blames every seat with a startup fault, game after game, and its
#    user cannot remove it (/tmp is sticky). The attacker must get nothing:
#    the game is played.
#    (A referee that is not root needs no slot directory at all: its bots
#    run as its own uid. Every slot taken, as root: t_referee_io.sh.)
# Needs root (two other users: 'daemon' runs the games, 'nobody' attacks).
set -u
. "$(dirname "$0")/lib.sh"
need_root
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

finish "ok: t_attack_slots"
