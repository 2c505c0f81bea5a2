#!/bin/sh
# t_sample_bots.sh - every sample bot plays every seat of every variant
# without a fault (referee --check), c-heuristic beats c-random, and
# c-search rebuilds its seat's view from the events well enough that the
# search finds a deal for it at every decision (it never falls back), and
# plays @search's game given @search's seed.
set -u
BINDIR=${BINDIR:-bin}
top=$(cd "$(dirname "$0")/../.." && pwd)
failures=0
for dir in "$top"/sample-bots/*/; do
	bot=$(basename "$dir")
	if "$BINDIR/referee" --check "$dir" >"${TMPDIR:-/tmp}/check.$bot" 2>&1; then
		echo "ok: $bot: $(tail -n 1 "${TMPDIR:-/tmp}/check.$bot")"
	else
		echo "FAIL: $bot"
		cat "${TMPDIR:-/tmp}/check.$bot"
		failures=$((failures + 1))
	fi
done
# a checkout inside a directory only root may enter (mktemp -d, a 0700
# home) still works: the sandbox shows the bots their own directories
priv=$(mktemp -d "${TMPDIR:-/tmp}/private.XXXXXX")
mkdir -p /var/tmp/euchre-private.$$ && chmod 700 /var/tmp/euchre-private.$$
for d in "$priv" /var/tmp/euchre-private.$$; do
	cp -r "$top/sample-bots" "$d/"
	out=$(cd "$d" && "$top/$BINDIR/referee" --variant hammerwalt sample-bots/python-random \
		"python3 sample-bots/python-random/bot.py" sample-bots/c-random sample-bots/sh-random)
	case $out in
	*'"faults":[]'*) echo "ok: bots under the 0700 directory $d" ;;
	*) echo "FAIL: bots under the 0700 directory $d: $out"; failures=$((failures + 1)) ;;
	esac
done
rm -rf "$priv" /var/tmp/euchre-private.$$

# sh-random reads through grep (its run file): it plays the same moves as
# its bot.sh alone, in a match of three 30-hand flip games, every seat's
# seed given (the lines but for the seats, times and memory)
same_moves() {
	(cd "$top" && "$top/$BINDIR/referee" --variant flip --option max_hands=30 --games 3 \
		--seed 5 --bot-seed 0:7 --bot-seed 1:8 --bot-seed 2:9 --bot-seed 3:10 \
		"$1" @random "$1" @random 2>/dev/null) |
		sed 's/"seats":\[[^]]*\],//; s/,"time_ms".*//'
}
via_grep=$(same_moves sample-bots/sh-random)
alone=$(same_moves "sh sample-bots/sh-random/bot.sh")
if [ "$(printf '%s\n' "$via_grep" | grep -c '"hands":30,.*"faults":\[\]')" = 3 ] &&
	[ "$via_grep" = "$alone" ]; then
	echo "ok: sh-random through grep plays as bot.sh alone"
else
	echo "FAIL: sh-random through grep: $via_grep"
	echo "bot.sh alone: $alone"
	failures=$((failures + 1))
fi

# c-heuristic against c-random over 30 indiana games: it should win most
wins=$("$BINDIR/referee" --variant indiana --games 30 "$top/sample-bots/c-heuristic" \
	"$top/sample-bots/c-random" "$top/sample-bots/c-heuristic" "$top/sample-bots/c-random" |
	grep -c '"ranks":\[1,2,1,2\]')
echo "c-heuristic won $wins of 30 indiana games against c-random"
[ "$wins" -ge 25 ] || { echo "FAIL: c-heuristic is not clearly stronger"; failures=$((failures + 1)); }

# c-search says "no search move" on stderr when its view fits no deal
logs=$(mktemp -d "${TMPDIR:-/tmp}/csearch.XXXXXX")
for v in hammerwalt:4 indiana:4 bloomington:6 fivehand:5 flip:5; do
	n=${v#*:}
	v=${v%:*}
	seats="$top/sample-bots/c-search"
	i=1
	while [ "$i" -lt "$n" ]; do seats="$seats @greedy"; i=$((i + 1)); done
	# shellcheck disable=SC2086
	"$BINDIR/referee" --variant "$v" --seed 11 --log "$logs/$v.log" $seats >"$logs/$v.out"
	if grep -q '"faults":\[\]' "$logs/$v.out" && [ -f "$logs/$v.seat0.stderr" ] &&
		! grep -q 'no search move' "$logs/$v.seat0.stderr"; then
		echo "ok: c-search searched every decision of a $v game"
	else
		echo "FAIL: c-search in $v: $(cat "$logs/$v.out")"
		cat "$logs"/"$v"*stderr
		failures=$((failures + 1))
	fi
done

# c-search is @search as a program: given the same seat seed (its handshake
# 'seed', @search's generator), it makes every move @search makes in its
# seat, so the two games are one game, move for move
for v in hammerwalt:4 indiana:4 bloomington:6 fivehand:5 flip:5; do
	n=${v#*:}
	v=${v%:*}
	prog="$top/sample-bots/c-search"
	built=@search
	i=1
	while [ "$i" -lt "$n" ]; do
		prog="$prog @greedy"
		built="$built @greedy"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	"$BINDIR/referee" --variant "$v" --seed 12 --bot-seed 0:99 --log "$logs/$v.prog.log" \
		$prog >/dev/null
	# shellcheck disable=SC2086
	"$BINDIR/referee" --variant "$v" --seed 12 --bot-seed 0:99 --log "$logs/$v.built.log" \
		$built >/dev/null
	grep '^move ' "$logs/$v.prog.log" >"$logs/$v.prog.moves"
	grep '^move ' "$logs/$v.built.log" >"$logs/$v.built.moves"
	mine=$(grep -c '^move 0 ' "$logs/$v.prog.moves")
	if [ "$mine" -gt 10 ] && cmp -s "$logs/$v.prog.moves" "$logs/$v.built.moves"; then
		echo "ok: c-search made @search's $mine moves of a $v game"
	else
		echo "FAIL: c-search and @search in $v: $mine moves, games differ:"
		diff "$logs/$v.built.moves" "$logs/$v.prog.moves" | head -5
		failures=$((failures + 1))
	fi
done
rm -rf "$logs"
[ "$failures" = 0 ]
