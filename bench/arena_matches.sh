#!/bin/sh
# bench/arena_matches.sh - what matches save a tournament (docs/arena.md,
# "Matches"): games per second of configs/default.ini as shipped (the
# sample bots: C, Python, JavaScript, Java, shell; what `make run` plays)
# with matches, against the same tournament with `matches = off` (the
# baseline, in the same run: a referee and a start of every bot per game).
# Both runs deal from one public seed, so they play the same games.
#
# A match holds one seat arrangement over a block of up to match_games
# deals, never two rotations of one deal, so its size is the config's
# deals (up to match_games): what it saves grows with them. A per-game
# start costs the same whatever the deals, so the baseline plays only the
# first ARENA_OFF_DEALS deals of each pairing (default 4; the config's
# deals when fewer): the same games as the matches' first deals, seed for
# seed, at a fraction of the time. ARENA_OFF_DEALS=all plays every deal.
# ARENA_DEALS sets `deals` of both runs, ARENA_VARIANTS narrows the
# variants, ARENA_MATCH_GAMES sets `match_games` (default: the config's).
#
#   sh bench/arena_matches.sh      (BINDIR=bin; from the repository root)
BINDIR=${BINDIR:-bin}
[ -x "$BINDIR/arena" ] || { echo "bench/arena_matches.sh: build first (make)" >&2; exit 1; }
ROOT=$(pwd)
ARENA=$(cd "$BINDIR" && pwd)/arena
W=$(mktemp -d "${TMPDIR:-/tmp}/arena-matches.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT

# the config's value of KEY in [arena] (the first), or $2
config_value() {
	v=$(sed -n "s/^$1 = //p" configs/default.ini | head -n 1)
	echo "${v:-$2}"
}
deals=${ARENA_DEALS:-$(config_value deals 1)}
off_deals=${ARENA_OFF_DEALS:-4}
if [ "$off_deals" = all ] || [ "$off_deals" -gt "$deals" ]; then
	off_deals=$deals
fi

# make NAME DEALS [MATCHES]: NAME.ini, the default config with its bots'
# directories made absolute, one seed, DEALS deals (and 'matches = off')
make_ini() {
	sed -e "s|^dir = \.\./|dir = $ROOT/|" -e '/^seed = /d' configs/default.ini |
		awk -v deals="$2" -v variants="${ARENA_VARIANTS:-}" -v off="${3:-}" \
			-v mg="${ARENA_MATCH_GAMES:-}" '
		/^deals = / { print "deals = " deals; next }
		/^variants = / && variants != "" { print "variants = " variants; next }
		/^match_games = / && mg != "" { next }
		{ print }
		/^\[arena\]/ {
			print "seed = 1"
			if (off != "") print "matches = off"
			if (mg != "") print "match_games = " mg
		}' >"$W/$1.ini"
}
make_ini on "$deals"
make_ini off "$off_deals" off

# run NAME: "WALL CPU", the seconds of one run of the tournament NAME.ini
# and the CPU time of it and its children (the referees and the bots, as
# each is reaped: `times` of this subshell); games in $W/NAME.games
run() {
	t0=$(date +%s%N)
	"$ARENA" -q --fresh --results "$W/res-$1" "$W/$1.ini" >"$W/$1.out" 2>&1 ||
		{ echo "bench/arena_matches.sh: the $1 run failed: $(tail -3 "$W/$1.out")" >&2; exit 1; }
	t1=$(date +%s%N)
	times >"$W/$1.times"
	wc -l <"$W/res-$1/results.jsonl" >"$W/$1.games"
	awk -v ns=$((t1 - t0)) 'NR == 2 {
		split($1, u, /[ms]/); split($2, s, /[ms]/)
		printf "%.2f %.2f\n", ns / 1e9, u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$W/$1.times"
}

on=$(run on) || exit 1
off=$(run off) || exit 1
awk -v g="$(cat "$W/on.games")" -v og="$(cat "$W/off.games")" -v on="$on" -v off="$off" \
	-v d="$deals" -v od="$off_deals" 'BEGIN {
	split(on, a, " "); split(off, b, " ")
	printf "arena matches: configs/default.ini, deals %s: matches %.2f games/s (%d games, %.1f s), off %.2f games/s (%d games of the first %s deals, %.1f s): %.2fx (aim: 4x)\n",
		d, g / a[1], g, a[1], og / b[1], og, od, b[1], (g / a[1]) / (og / b[1])
	printf "arena matches: CPU a game (arena, referees, bots): matches %.3f s, off %.3f s: %.2fx\n",
		a[2] / g, b[2] / og, (b[2] / og) / (a[2] / g) }'
