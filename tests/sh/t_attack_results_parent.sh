#!/bin/sh
# t_attack_results_parent.sh - the results directory is root's, but the
# directory that holds it is another user's: the default 'results/NAME'
# of a class directory where a student made 'results' first, or 'results
# = /tmp/class/cup' with /tmp/class a student's. arena/store_results.c checks
# that RESULTS is a directory of root's, once; everything after goes by
# its path. 'nobody' (tests/attacks/parent_swap.sh) swaps it for a
# directory of his own while his submission's build runs (build = sleep
# 2), with links to a file of root's and game records made in advance.
# He must get nothing: root's file unchanged, no game record readable by
# him. The arena now refuses a results directory that any directory on
# its way lets another user replace (common/path.h), before it writes.
# Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
need_root
pub=/srv/euchre-attack-parent.$$
trap 'rm -rf "$tmp" "$pub"' EXIT
mkdir -m 1777 "$pub"
echo "ROOT-FILE-$$" >"$tmp/precious"
# the class, readable by the bots' slot uids
mkdir -p "$pub/class/subs"
cp -r "$C" "$pub/class/subs/a"
cp -r "$C" "$pub/class/subs/b"
cp -r "$C" "$pub/class/subs/mallory"
printf 'build = sleep 2\n' >"$pub/class/subs/mallory/bot.ini"
chmod -R a+rX "$pub/class"
cat >"$pub/class/class.ini" <<X
[arena]
name = class
variants = hammerwalt
deals = 1
submissions = subs
results = $pub/results/class
X
# nobody was first to make the parent
as_nobody mkdir -m 755 "$pub/results" || fail "nobody cannot make $pub/results"
as_nobody sh "$top/tests/attacks/parent_swap.sh" "$pub/results" class "$tmp/precious" \
	>"$tmp/swap" 2>&1 &
spy=$!
"$A" -q "$pub/class/class.ini" >"$tmp/out" 2>"$tmp/err"
rc=$?
# the arena refuses the place before it builds or writes anything there
kill $spy 2>/dev/null
wait $spy 2>/dev/null
expect_eq "exit status" "$rc" 1
expect_eq "refusal" "$(cat "$tmp/err")" "arena: results directory '$pub/results/class' is not safe: '$pub/results' belongs to another user (uid $(id -u nobody)), who could put a directory of their own in its place; choose a place only you and root can change"
[ -s "$tmp/out" ] && fail "a report was printed: $(cat "$tmp/out")"
[ "$(cat "$tmp/precious")" = "ROOT-FILE-$$" ] ||
	fail "root's file was overwritten through nobody's links: $(head -c 160 "$tmp/precious")"
cards=$(as_nobody sh -c 'grep -ahs "^| cards" "$1"/results/class/logs/*.log | head -1' sh "$pub")
[ -n "$cards" ] && fail "nobody reads the game records: $(ls -l "$pub/results/class/logs" | sed -n 2p); $cards"
[ "$failures" = 0 ] || { echo "the arena said:"; sed "s/^/  /" "$tmp/out" "$tmp/err"; }
[ "$failures" = 0 ] && echo "ok: a results directory in another user's directory gets him nothing"
finish "ok: t_attack_results_parent"
