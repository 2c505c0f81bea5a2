#!/bin/sh
# bench/arena_matches.sh - what matches save a tournament (docs/arena.md,
# "Matches"): games per second of configs/default.ini (the sample bots:
# C, Python, JavaScript, Java, shell; what `make run` plays) with matches,
# against the same tournament with `matches = off` (the baseline, in the
# same run: a referee and a start of every bot per game). Both runs deal
# from one public seed, so they play the same games. ARENA_DEALS (default:
# the config's 2) sets `deals`: a match holds one seat arrangement over a
# block of up to match_games (16) deals, never two rotations of one deal,
# so with 2 deals a match is 2 games and can save at most half the starts.
# ARENA_VARIANTS (default: the config's five) narrows the variants.
#
#   sh bench/arena_matches.sh      (BINDIR=bin; from the repository root)
BINDIR=${BINDIR:-bin}
[ -x "$BINDIR/arena" ] || { echo "bench/arena_matches.sh: build first (make)" >&2; exit 1; }
ROOT=$(pwd)
ARENA=$(cd "$BINDIR" && pwd)/arena
W=$(mktemp -d "${TMPDIR:-/tmp}/arena-matches.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT

# the default config, its bots' directories made absolute, one seed
sed -e "s|^dir = \.\./|dir = $ROOT/|" -e '/^seed = /d' configs/default.ini |
	awk -v deals="${ARENA_DEALS:-}" -v variants="${ARENA_VARIANTS:-}" '
	/^deals = / && deals != "" { print "deals = " deals; next }
	/^variants = / && variants != "" { print "variants = " variants; next }
	{ print }
	/^\[arena\]/ { print "seed = 1" }' >"$W/on.ini"
sed 's/^\[arena\]$/[arena]\nmatches = off/' "$W/on.ini" >"$W/off.ini"

# run NAME: seconds of one run of the tournament NAME.ini; games in $W/NAME.games
run() {
	t0=$(date +%s%N)
	"$ARENA" -q --fresh --results "$W/res-$1" "$W/$1.ini" >"$W/$1.out" 2>&1 ||
		{ echo "bench/arena_matches.sh: the $1 run failed: $(tail -3 "$W/$1.out")" >&2; exit 1; }
	t1=$(date +%s%N)
	wc -l <"$W/res-$1/results.jsonl" >"$W/$1.games"
	awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f\n", ns / 1e9 }'
}

on=$(run on)
off=$(run off)
games=$(cat "$W/on.games")
awk -v g="$games" -v on="$on" -v off="$off" -v d="${ARENA_DEALS:-2}" 'BEGIN {
	printf "arena matches: configs/default.ini, deals %s, %d games: matches %.2f games/s (%.1f s), off %.2f games/s (%.1f s): %.2fx\n",
		d, g, g / on, on, g / off, off, off / on }'
