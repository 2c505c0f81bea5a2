#!/bin/sh
# t_attack_key_fifo.sh - key_read() refuses "a key file open to others or
# owned by another user" (arena/key.c), but checks only a regular file: a
# FIFO of another user's passes, and its writer chooses the key. 'nobody'
# puts a FIFO where the teacher's --key will be looked for (or a symlink
# to one) and feeds it a key of his own; root's arena deals the whole
# tournament from it and 'nobody' computes every deal's seed (arena --check
# -v with his copy of the key). The arena must refuse the key, at once
# (a FIFO is opened without waiting for a writer). Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
need_root
pub=/srv/euchre-attack-keyfifo.$$
feeder=
trap '[ -n "$feeder" ] && kill "$feeder" 2>/dev/null; rm -rf "$tmp" "$pub"' EXIT
mkdir -m 1777 "$pub"
mkdir -p "$pub/class"
cp -r "$C" "$pub/class/a"
cp -r "$C" "$pub/class/b"
chmod -R a+rX "$pub/class"
cat >"$pub/class/c.ini" <<X
[arena]
name = c
variants = hammerwalt
deals = 1
[bot a]
dir = a
[bot b]
dir = b
X
mkdir -m 700 "$pub/nobody"
chown nobody "$pub/nobody"
as_nobody "$A" key "$pub/nobody/mine.key" 2>/dev/null || fail "nobody cannot make a key"
as_nobody mkfifo -m 600 "$pub/tournament.key" || fail "nobody cannot make a FIFO"
# nobody's feeder: his key, once, to whoever opens the FIFO (the arena)
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	sh -c 'exec cat "$1" >"$2"' feeder "$pub/nobody/mine.key" "$pub/tournament.key" &
feeder=$!
timeout 60 "$A" -q --key "$pub/tournament.key" --results "$tmp/res" "$pub/class/c.ini" \
	>"$tmp/out" 2>&1
rc=$?
if [ "$rc" = 0 ]; then
	played=$(sed -n 's/.*"game":"\(hammerwalt.d0001.p0001.r0\)".*"seed":\([0-9]*\),.*/\2/p' \
		"$tmp/res/results.jsonl")
	guessed=$(as_nobody "$A" --check -v --key "$pub/nobody/mine.key" "$pub/class/c.ini" 2>&1 |
		sed -n 's/^hammerwalt.d0001.p0001.r0 .*--seed \([0-9]*\) .*/\1/p')
	fail "root's arena dealt from nobody's FIFO $(ls -l "$pub/tournament.key" | cut -d' ' -f1,3); seed played $played, seed nobody computed from his key $guessed"
	cmp -s "$tmp/res/key" "$pub/nobody/mine.key" && fail "and kept nobody's key as RESULTS/key"
fi
expect_eq "exit status" "$rc" 2
expect_eq "refusal" "$(cat "$tmp/out")" "arena: tournament key '$pub/tournament.key' is not a regular file"
[ "$failures" = 0 ] && echo "ok: a key FIFO of another user is refused"
finish "ok: t_attack_key_fifo"
