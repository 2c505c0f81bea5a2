#!/bin/sh
# bench/matches.sh - what matches save (protocol.md, "Matches (protocol
# version 2)"): games per second of `referee --games N` with a sample bot
# that plays matches (it stays up across the N games) against the same
# run with --no-matches (the baseline, in the same run: a start per
# game), for the C, Python, Node and Java random bots. One-hand hammerwalt
# games (max_hands=1), the bot in seat 0 and @random in the others, and
# the same with the bot in all four seats; MATCH_GAMES games a run
# (default 40), the two runs alternating MATCH_ROUNDS times (default 1),
# the best of each kept. A runtime that is not installed is skipped. The
# aims (issue 36): Java and Node at least 10x, C no slower (at least 1x).
#
#   sh bench/matches.sh            (BINDIR=bin; from the repository root)
BINDIR=${BINDIR:-bin}
N=${MATCH_GAMES:-40}
ROUNDS=${MATCH_ROUNDS:-1}
[ -x "$BINDIR/referee" ] || { echo "bench/matches.sh: build first (make)" >&2; exit 1; }
R=$BINDIR/referee

# gps SEATS... [--no-matches]: games per second of one run of N games
gps() {
	t0=$(date +%s%N)
	# shellcheck disable=SC2086
	"$R" --variant hammerwalt --option max_hands=1 --games "$N" --seed 1 "$@" >/dev/null 2>&1 ||
		{ echo 0; return; }
	t1=$(date +%s%N)
	awk -v n="$N" -v ns=$((t1 - t0)) 'BEGIN { printf "%.3f\n", n / (ns / 1e9) }'
}

# best A B: the larger
best() {
	awk -v a="$1" -v b="$2" 'BEGIN { print (a > b ? a : b) }'
}

echo "matches: games/s of referee --games $N (one-hand hammerwalt), a match against a start per game (--no-matches, the baseline), best of $ROUNDS"
for kind in c python node java; do
	case $kind in
	c) bot=sample-bots/c-random need=sample-bots/c-random/c-random ;;
	python) bot=sample-bots/python-random need=python3 ;;
	node) bot=sample-bots/js-random need=node ;;
	java) bot=sample-bots/java-random need=java ;;
	esac
	if ! command -v "$need" >/dev/null 2>&1 && [ ! -x "$need" ]; then
		echo "matches: $kind: skipped ($need not found)"
		continue
	fi
	for seats in one four; do
		case $seats in
		one) set -- "$bot" @random @random @random ;;
		four) set -- "$bot" "$bot" "$bot" "$bot" ;;
		esac
		m=0 s=0 i=0
		while [ $i -lt "$ROUNDS" ]; do
			m=$(best "$m" "$(gps "$@")")
			s=$(best "$s" "$(gps --no-matches "$@")")
			i=$((i + 1))
		done
		aim=1
		[ "$kind" = java ] || [ "$kind" = node ] && aim=10
		awk -v k="$kind" -v w="$seats" -v m="$m" -v s="$s" -v aim="$aim" 'BEGIN {
			if (m <= 0 || s <= 0) { printf "matches: %-6s %-4s seat(s): failed\n", k, w; exit }
			printf "matches: %-6s %-4s seat(s): match %8.2f games/s, per game %7.2f games/s: %6.2fx (aim: %dx)\n",
				k, w, m, s, m / s, aim }'
	done
done
