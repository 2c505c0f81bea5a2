#!/bin/sh
# tests/run.sh - runs every test: the C unit tests built into $O/tests/ and
# the shell tests tests/sh/t*.sh, TEST_JOBS at a time (default: one more
# than the number of cores, as many tests spend their time waiting on a
# bot's time limit), the slowest first. Each test gets BINDIR, O and its own
# TMPDIR. Prints one line per test and a summary; exits 1 if any failed.
# TESTS=pattern runs only the tests whose name contains the pattern. A
# shell test fails, too, when sh reports an error in it ("not found",
# "Illegal number").
O=${O:-build/rel}
BINDIR=${BINDIR:-bin}
export O BINDIR
jobs=${TEST_JOBS:-$(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2) + 1))}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/euchre-tests.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT INT TERM

# under the sanitizers the long self-play check runs fewer games
if [ "$SAN" = 1 ]; then
	SELFPLAY_GAMES=${SELFPLAY_GAMES:-150}
	export SELFPLAY_GAMES
fi

# the list: the long tests first (the self-play test, then the shell tests
# that took longest on a 2-core machine, longest first), so that the short
# ones fill in beside them and none of the long ones starts last
slow="t_arena_supersede_crash t_arena_match t_hostile t_referee_wait t_faults t_cgroup t_viewer
t_kits t_sample_bots t_cpu_ticks t_attack_timers t_arena_format t_compare t_match
t_attack_match_stop t_match_hang_next_seat"
list=$scratch/list
{
	[ -x "$O/tests/test_selfplay" ] && echo "$O/tests/test_selfplay"
	for n in $slow; do
		[ -f "tests/sh/$n.sh" ] && echo "tests/sh/$n.sh"
	done
	for t in "$O"/tests/test_*; do
		[ -x "$t" ] && [ "$(basename "$t")" != test_selfplay ] && echo "$t"
	done
	for t in tests/sh/t*.sh; do
		case " $(echo $slow) " in *" $(basename "$t" .sh) "*) continue ;; esac
		[ -f "$t" ] && echo "$t"
	done
} | while read -r t; do
	case "$(basename "$t")" in *"${TESTS:-}"*) echo "$t" ;; esac
done >"$list"

# one test: its output to a file, its verdict to stdout
cat >"$scratch/one.sh" <<'ONE'
t=$1 scratch=$2
name=$(basename "$t" .sh)
mkdir -p "$scratch/$name.tmp"
start=$(date +%s)
case "$t" in
*.sh) TMPDIR="$scratch/$name.tmp" sh "$t" >"$scratch/$name.out" 2>&1 ;;
*) TMPDIR="$scratch/$name.tmp" "$t" >"$scratch/$name.out" 2>&1 ;;
esac
status=$?
# a shell test in which sh itself complained (a command that does not
# exist, "Illegal number" in a test, a syntax error: "FILE: LINE: ...")
# has not checked what it meant to
if [ $status = 0 ] && grep -Eq "^$t: [0-9]+: " "$scratch/$name.out"; then
	echo "FAIL: sh reported an error in the test itself (above)" >>"$scratch/$name.out"
	status=1
fi
secs=$(($(date +%s) - start))
if [ $status = 0 ]; then
	echo "ok    $name (${secs}s)"
else
	echo "FAIL  $name (${secs}s)"
	tail -n 40 "$scratch/$name.out" | sed 's/^/    /'
	echo "$name" >>"$scratch/failed"
fi
ONE

xargs -P "$jobs" -I{} sh "$scratch/one.sh" {} "$scratch" <"$list"
total=$(wc -l <"$list")
nfail=0
[ -f "$scratch/failed" ] && nfail=$(wc -l <"$scratch/failed")
echo "$((total - nfail)) passed, $nfail failed"
[ "$nfail" = 0 ] || { echo "failed: $(tr '\n' ' ' <"$scratch/failed")"; exit 1; }
