#!/bin/sh
# t_attack_key_files.sh - "a key file others may read or change is
# refused" (arena/plan_key.c; docs/arena.md, Secret deals). 'nobody' puts a key
# where the teacher's --key will be looked for; if root's arena deals the
# tournament from it, 'nobody' computes every deal's seed from his copy
# (arena --check -v prints them, and bin/referee --seed S deals every
# hand). Two ways:
#  1. a key file of mode 0600 that belongs to him (he can read and change
#     it whatever its mode);
#  2. a FIFO of his at the key's path, fed his own key (its writer chooses
#     the key); the arena must not even wait for the writer.
# The arena must refuse both, naming the file. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
need_root
pub=/srv/euchre-attack-key.$$
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

# attack KEY WANT: root's arena with --key KEY must exit 2 saying WANT,
# and must not deal from nobody's key
attack() {
	rm -rf "$tmp/res"
	timeout 60 "$A" -q --key "$1" --results "$tmp/res" "$pub/class/c.ini" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" = 0 ]; then
		played=$(sed -n 's/.*"game":"\(hammerwalt.d0001.p0001.r0\)".*"seed":\([0-9]*\),.*/\2/p' \
			"$tmp/res/results.jsonl")
		guessed=$(as_nobody "$A" --check -v --key "$pub/nobody/mine.key" "$pub/class/c.ini" 2>&1 |
			sed -n 's/^hammerwalt.d0001.p0001.r0 .*--seed \([0-9]*\) .*/\1/p')
		fail "root's arena dealt from nobody's $(ls -l "$1" | cut -d' ' -f1,3); seed played $played, seed nobody computed $guessed"
	fi
	expect_eq "$1: exit status" "$rc" 2
	expect_eq "$1: refusal" "$(cat "$tmp/out")" "$2"
}

# 1. his key file
as_nobody cp "$pub/nobody/mine.key" "$pub/tournament.key"
attack "$pub/tournament.key" "arena: tournament key '$pub/tournament.key' belongs to another user (uid $(id -u nobody)), who can read and change it: every deal can be computed from it; make your own (arena key FILE)"
[ "$failures" = 0 ] && echo "ok: a key file of another user is refused"

# 2. his FIFO, fed his key once to whoever opens it
as_nobody mkfifo -m 600 "$pub/fifo.key" || fail "nobody cannot make a FIFO"
as_nobody sh -c 'exec cat "$1" >"$2"' feeder "$pub/nobody/mine.key" "$pub/fifo.key" &
feeder=$!
attack "$pub/fifo.key" "arena: tournament key '$pub/fifo.key' is not a regular file"
[ "$failures" = 0 ] && echo "ok: a key FIFO of another user is refused"
finish "ok: t_attack_key_files"
