#!/bin/sh
# t_attack_results_perms.sh - another local user reads nothing of a
# tournament: not its results, not its game records (every seat's cards),
# not the bots' logs, not a student's built copy (docs/sandbox.md, Builds:
# "the arena keeps it inside its 0700 results directory"). The class lives
# where others may enter (a teacher's /srv directory); 'nobody' tries to
# read everything the arena wrote, after the run. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random/c-random
need_root
class=/srv/euchre-attack-perms.$$
trap 'rm -rf "$tmp" "$class"' EXIT
mkdir -p "$class/subs/alice" "$class/subs/bob"
chmod 755 "$class" "$class/subs" "$class/subs"/*
for s in alice bob; do
	cp "$C" "$class/subs/$s/"
	printf '#!/bin/sh\necho "%s here" >&2\nexec "$(dirname "$0")/c-random"\n' "$s" >"$class/subs/$s/run"
	chmod 755 "$class/subs/$s/run"
done
echo "ALICE-WORK-$$" >"$class/subs/alice/notes.txt"
chmod 600 "$class/subs/alice/notes.txt"
echo 'build = cp notes.txt built-notes.txt' >"$class/subs/alice/bot.ini"
cat >"$class/class.ini" <<X
[arena]
name = class
variants = hammerwalt
deals = 1
submissions = subs
results = $class/results
X
"$A" -q "$class/class.ini" >"$tmp/out" 2>&1 || fail "arena: $(cat "$tmp/out")"
[ -f "$class/results/builds/alice/built-notes.txt" ] || fail "alice was not built: $(cat "$tmp/out")"

# everything nobody can read of what the arena wrote
setpriv --reuid=nobody --regid=nogroup --clear-groups /bin/sh -c '
	find "$1/results" -type f -readable 2>/dev/null
	grep -ahs "^| cards" "$1"/results/logs/*.log | head -1
	cat "$1/results/builds/alice/built-notes.txt" 2>/dev/null' sh "$class" >"$tmp/read"
[ -s "$tmp/read" ] && fail "nobody read $(grep -c "^$class" "$tmp/read") files of the tournament, e.g.:
$(head -4 "$tmp/read")
$(grep -v "^$class" "$tmp/read")"
[ "$failures" = 0 ] && echo "ok: another user reads nothing of the results, records, logs and builds"
finish "ok: t_attack_results_perms"
