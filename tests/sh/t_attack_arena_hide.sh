#!/bin/sh
# t_attack_arena_hide.sh - "the arena adds its results and submissions
# directories" to what the referee hides (docs/sandbox.md, What a bot
# sees). A class kept under /usr/local (inside a system directory every bot
# is shown) with its config elsewhere: alice's bot lists the submissions
# and the results and reads bob's source, by their plain paths. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random/c-random
need_root
[ -d /usr/local ] || { echo "skip: no /usr/local"; exit 0; }
class=/usr/local/euchre-attack-hide.$$
trap 'rm -rf "$tmp" "$class"' EXIT
mkdir -p "$class/subs/alice" "$class/subs/bob"
cp "$C" "$class/subs/bob/"
echo "BOB-SECRET-$$" >"$class/subs/bob/secret.txt"
printf '#!/bin/sh\nexec "$(dirname "$0")/c-random"\n' >"$class/subs/bob/run"
cp "$C" "$class/subs/alice/"
cat >"$class/subs/alice/run" <<X
#!/bin/sh
for p in $class/subs $class/results; do echo "steal \$p lists \$(ls "\$p" 2>&1 | tr '\\n' ' ')"; done >&2
echo "steal bob: \$(cat $class/subs/bob/secret.txt 2>&1)" >&2
exec "\$(dirname "\$0")/c-random"
X
chmod -R a+rX "$class"
chmod 755 "$class/subs"/*/run
mkdir -p "$tmp/cfg"
cat >"$tmp/cfg/class.ini" <<X
[arena]
name = class
variants = hammerwalt
deals = 1
submissions = $class/subs
results = $class/results
X
"$A" -q "$tmp/cfg/class.ini" >"$tmp/out" 2>&1 || fail "arena: $(cat "$tmp/out")"
cat "$class"/results/logs/*.stderr >"$tmp/stolen" 2>/dev/null
grep -q '^steal ' "$tmp/stolen" || fail "alice did not run: $(cat "$tmp/out")"
grep -q "BOB-SECRET-$$" "$tmp/stolen" && fail "alice read bob's source under /usr/local"
# her own directory stays shown: the submissions may list alice, nothing else
grep -q "^steal $class/subs lists .*bob" "$tmp/stolen" &&
	fail "alice listed the submissions: $(grep "^steal $class/subs " "$tmp/stolen" | head -1)"
grep -q "^steal $class/results lists .*results.jsonl" "$tmp/stolen" &&
	fail "alice listed the results: $(grep "^steal $class/results " "$tmp/stolen" | head -1)"
[ "$failures" = 0 ] && echo "ok: a class under a system directory is hidden from its bots"
finish "ok: t_attack_arena_hide"
