#!/bin/sh
# tests/run.sh - runs every test: the C unit tests built into $O/tests/ and
# the shell tests tests/sh/t*.sh (each gets BINDIR, O and a scratch TMPDIR).
# Prints one line per test and a summary; exits 1 if any test failed.
# Set TESTS=pattern to run only the tests whose name contains the pattern.
O=${O:-build/rel}
BINDIR=${BINDIR:-bin}
export O BINDIR
pass=0
fail=0
failed=""
scratch=$(mktemp -d "${TMPDIR:-/tmp}/euchre-tests.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT INT TERM

# under the sanitizers the long self-play check runs fewer games
if [ "$SAN" = 1 ]; then
	SELFPLAY_GAMES=${SELFPLAY_GAMES:-150}
	export SELFPLAY_GAMES
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
	export ASAN_OPTIONS
fi

run() {
	name=$1
	shift
	case "$name" in *"${TESTS:-}"*) ;; *) return ;; esac
	start=$(date +%s)
	out="$scratch/$name.out"
	mkdir -p "$scratch/$name.tmp"
	if TMPDIR="$scratch/$name.tmp" "$@" >"$out" 2>&1; then
		pass=$((pass + 1))
		echo "ok    $name ($(($(date +%s) - start))s)"
	else
		fail=$((fail + 1))
		failed="$failed $name"
		echo "FAIL  $name ($(($(date +%s) - start))s)"
		tail -n 40 "$out" | sed 's/^/    /'
	fi
}

for t in "$O"/tests/test_*; do
	[ -x "$t" ] || continue
	run "$(basename "$t")" "$t"
done
for t in tests/sh/t*.sh; do
	[ -f "$t" ] || continue
	run "$(basename "$t" .sh)" sh "$t"
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || { echo "failed:$failed"; exit 1; }
