#!/bin/sh
# bench/arena.sh - how well the arena runs games side by side.
#
# Plays the same small tournament (every variant, @greedy against @random,
# ARENA_BENCH_DEALS deals: 1000 games by default) with --jobs 1 and with
# --jobs 2, and prints games per second for each and the speed-up. The
# baseline, measured in the same run, is the speed-up of two plain loops
# of the same referee games side by side against one loop: the most any
# parallel runner can get from this machine. The arena's efficiency is
# its speed-up divided by that ceiling.
#
#   sh bench/arena.sh              (BINDIR=bin; run from the repository root)
#   BINDIR=build/san/bin sh bench/arena.sh
#   sh bench/arena.sh bots         (only the last part, below)
#
# A last part plays the C sample bots (programs in the sandbox) the same way,
# and then with cpu_affinity.
#
# On a machine with 2 free cores the speed-up should be 1.8 or more.
BINDIR=${BINDIR:-bin}
DEALS=${ARENA_BENCH_DEALS:-50}
[ -x "$BINDIR/arena" ] && [ -x "$BINDIR/referee" ] ||
	{ echo "bench/arena.sh: build first (make)" >&2; exit 1; }
BINDIR=$(cd "$BINDIR" && pwd) # the referees run in the config's directory
ARENA="$BINDIR/arena"
REFEREE="$BINDIR/referee"
W=$(mktemp -d "${TMPDIR:-/tmp}/arena-bench.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT INT TERM

cat >"$W/bench.ini" <<X
[arena]
name = bench
variants = hammerwalt, indiana, bloomington, fivehand, flip
deals = $DEALS
[bot greedy]
command = @greedy
[bot random]
command = @random
X

now() {
	date +%s.%N
}

# calc EXPR: floating-point arithmetic (awk is everywhere; bc is not)
calc() {
	awk "BEGIN { print $1 }"
}

# run JOBS [ARENA OPTIONS]: plays the tournament, prints "games seconds"
run() {
	jobs=$1
	shift
	rm -rf "$W/res"
	t0=$(now)
	if ! "$ARENA" -q --jobs "$jobs" --results "$W/res" "$@" "$W/bench.ini" >/dev/null 2>"$W/err"; then
		tail -n 3 "$W/err" >&2
		echo "0 1"
		return
	fi
	t1=$(now)
	echo "$(wc -l <"$W/res/results.jsonl") $(calc "$t1 - $t0")"
}

# the same referee commands the arena ran, in COPIES loops side by side
baseline() {
	"$ARENA" --check -v --results "$W/res" "$W/bench.ini" | grep '^[a-z]*\.d' |
		sed 's/^[^ ]*  //' >"$W/commands"
	t0=$(now)
	i=0
	while [ $i -lt "$1" ]; do
		sh "$W/commands" >/dev/null &
		i=$((i + 1))
	done
	wait
	t1=$(now)
	calc "$t1 - $t0"
}

PART=${1:-all}
case $PART in
all | bots) ;;
*) echo "usage: sh bench/arena.sh [bots]" >&2; exit 2 ;;
esac

if [ "$PART" = all ]; then
	set -- $(run 1)
	games=$1 t1=$2
	[ "${games:-0}" -gt 0 ] || { echo "bench/arena.sh: the tournament failed" >&2; exit 1; }
	set -- $(run 2)
	t2=$2
	b1=$(baseline 1)
	b2=$(baseline 2)
	printf 'arena --jobs 1: %d games in %.2f s: %.1f games/s\n' "$games" "$t1" "$(calc "$games / $t1")"
	printf 'arena --jobs 2: %d games in %.2f s: %.1f games/s\n' "$games" "$t2" "$(calc "$games / $t2")"
	speedup=$(calc "$t1 / $t2")
	ceiling=$(calc "2 * $b1 / $b2")
	printf 'arena speed-up, jobs 2 over jobs 1: %.2f\n' "$speedup"
	printf 'baseline: 2 loops of the same referee games side by side do %.2f times the work of 1 (%d cores online)\n' \
		"$ceiling" "$(nproc)"
	printf 'arena efficiency: %.0f%% of the baseline\n' "$(calc "100 * $speedup / $ceiling")"

	# Games that mostly wait (here 20 ms per game, as bots thinking would) show
	# the arena's concurrency whatever the number of cores.
	REAL_REFEREE="$REFEREE" SLOW_REFEREE_SLEEP=0.02
	export REAL_REFEREE SLOW_REFEREE_SLEEP
	sed -i "s/^deals = .*/deals = 4/" "$W/bench.ini"
	set -- $(run 1 --referee tests/arena/slow-referee)
	games=$1 w1=$2
	[ "${games:-0}" -gt 0 ] || { echo "bench/arena.sh: the waiting tournament failed" >&2; exit 1; }
	set -- $(run 2 --referee tests/arena/slow-referee)
	w2=$2
	printf 'waiting games (20 ms each, %d games): jobs 1 %.1f games/s, jobs 2 %.1f games/s, speed-up %.2f\n' \
		"$games" "$(calc "$games / $w1")" "$(calc "$games / $w2")" "$(calc "$w1 / $w2")"
fi

# Bot programs (the C sample bots, in the referee's sandbox): the case the
# arena is for, where the referee and the bots, not the arena, do the work.
unset SLOW_REFEREE_SLEEP
ROOT=$(pwd)
cat >"$W/bench.ini" <<X
[arena]
name = bench-bots
variants = hammerwalt, fivehand
deals = 10
[bot heuristic]
dir = $ROOT/sample-bots/c-heuristic
[bot random]
dir = $ROOT/sample-bots/c-random
X
set -- $(run 1)
games=$1 p1=$2
[ "${games:-0}" -gt 0 ] || { echo "bench/arena.sh: the bot tournament failed" >&2; exit 1; }
set -- $(run 2)
p2=$2
pb1=$(baseline 1)
pb2=$(baseline 2)
printf 'bot programs (c-heuristic v c-random, %d games): jobs 1 %.1f games/s, jobs 2 %.1f games/s, speed-up %.2f; baseline %.2f\n' \
	"$games" "$(calc "$games / $p1")" "$(calc "$games / $p2")" "$(calc "$p1 / $p2")" \
	"$(calc "2 * $pb1 / $pb2")"

# The same bot tournament with cpu_affinity (docs/arena.md, "One CPU per
# game"): each game's referee and bots on one CPU, against the same --jobs 2
# without it, alternating three times. Printed: the median of the pinned
# runs' games per second, and the median and range of the ratios (pinned
# over free games per second, run by run).
ratios="" rates=""
for _ in 1 2 3; do
	set -- $(run 2)
	[ "${1:-0}" -gt 0 ] || { echo "bench/arena.sh: the bot tournament (free) failed" >&2; exit 1; }
	free=$2
	set -- $(run 2 --cpu-affinity)
	[ "${1:-0}" -gt 0 ] || { echo "bench/arena.sh: the cpu_affinity tournament failed" >&2; exit 1; }
	ratios="$ratios $(calc "$free / $2")"
	rates="$rates $(calc "$1 / $2")"
done
set -- $(echo $rates | tr ' ' '\n' | sort -n)
rate=$2
set -- $(echo $ratios | tr ' ' '\n' | sort -n)
printf 'bot programs, jobs 2, cpu_affinity: %.1f games/s (median of 3), %.2f times as many as without it (median of 3 ratios; range %.2f to %.2f)\n' \
	"$rate" "$2" "$1" "$3"
