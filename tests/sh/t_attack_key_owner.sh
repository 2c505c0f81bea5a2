#!/bin/sh
# t_attack_key_owner.sh - "a key file others may read or change is
# refused" (arena/key.c; docs/arena.md, Secret deals). A key file of mode
# 0600 that belongs to another user is one that user may read and change:
# 'nobody' makes it with 'arena key' where the teacher will look for it,
# root's arena deals a whole tournament from it with --key, and 'nobody'
# computes every deal's seed from it (arena --check -v prints them, and
# bin/referee --seed S deals every hand). The arena must refuse the key.
# Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
need_root
pub=/srv/euchre-attack-key.$$
trap 'rm -rf "$tmp" "$pub"' EXIT
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
as_nobody "$A" key "$pub/tournament.key" 2>/dev/null || fail "nobody cannot make a key"
"$A" -q --key "$pub/tournament.key" --results "$tmp/res" "$pub/class/c.ini" >"$tmp/out" 2>&1
rc=$?
if [ "$rc" = 0 ]; then
	played=$(sed -n 's/.*"game":"\(hammerwalt.d0001.p0001.r0\)".*"seed":\([0-9]*\),.*/\2/p' \
		"$tmp/res/results.jsonl")
	guessed=$(as_nobody "$A" --check -v --key "$pub/tournament.key" "$pub/class/c.ini" 2>&1 |
		sed -n 's/^hammerwalt.d0001.p0001.r0 .*--seed \([0-9]*\) .*/\1/p')
	fail "root's arena dealt from nobody's key $(ls -l "$pub/tournament.key" | cut -d' ' -f1,3); seed played $played, seed nobody computed $guessed"
fi
expect_eq "exit status" "$rc" 2
expect_eq "refusal" "$(cat "$tmp/out")" "arena: tournament key '$pub/tournament.key' belongs to another user (uid $(id -u nobody)), who can read and change it: every deal can be computed from it; make your own (arena key FILE)"
[ "$failures" = 0 ] && echo "ok: a key file of another user is refused"
finish "ok: t_attack_key_owner"
