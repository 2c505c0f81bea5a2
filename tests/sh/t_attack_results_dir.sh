#!/bin/sh
# t_attack_results_dir.sh - an arena run as root must not write through a
# results directory another user made first (a teacher's 'results =
# /tmp/class-results': /tmp is everybody's). 'nobody' makes the directory
# and its logs/ first, with the game records' names linked to a file of
# root's; the arena runs root's referees, which open the records and the
# bot logs following links. The attacker must get nothing: root's file
# unchanged, and no results 'nobody' could replace. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
need_root
# a sticky, world-writable directory like /tmp
pub=/srv/euchre-attack-resdir.$$
trap 'rm -rf "$tmp" "$pub"' EXIT
mkdir -m 1777 "$pub"
echo "ROOT-FILE-$$" >"$tmp/precious"
setpriv --reuid=nobody --regid=nogroup --clear-groups /bin/sh -c '
	mkdir -m 755 "$1/results" "$1/results/logs" &&
	for g in hammerwalt.d0001.p0001.r0 hammerwalt.d0001.p0001.r1; do
		ln -s "$2" "$1/results/logs/$g.log"
		ln -s "$2" "$1/results/logs/$g.seat0.stderr"
	done' sh "$pub" "$tmp/precious" || fail "nobody could not prepare $pub/results"
mkdir -p "$tmp/class/subs"
cp -r "$C" "$tmp/class/subs/a"
cp -r "$C" "$tmp/class/subs/b"
cat >"$tmp/class/class.ini" <<X
[arena]
name = class
variants = hammerwalt
deals = 1
submissions = subs
results = $pub/results
X
"$A" -q "$tmp/class/class.ini" >"$tmp/out" 2>&1
[ "$(cat "$tmp/precious")" = "ROOT-FILE-$$" ] ||
	fail "root's file was overwritten through nobody's links: $(head -2 "$tmp/precious")"
if [ -f "$pub/results/results.jsonl" ]; then
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		mv "$pub/results/results.jsonl" "$pub/results/forged" 2>/dev/null &&
		fail "nobody can replace the results (the arena wrote them into nobody's directory)"
fi
[ "$failures" = 0 ] && echo "ok: a results directory made by another user gets it nothing"
finish "ok: t_attack_results_dir"
