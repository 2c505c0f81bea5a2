#!/bin/sh
# t_sample_bots.sh - every sample bot plays every seat of every variant
# without a fault (referee --check), c-heuristic beats c-random, and
# c-search rebuilds its seat's view from the events well enough that the
# search finds a deal for it at every decision (it never falls back), and
# plays @search's game given @search's seed; sh-random's run (grep in
# front of bot.sh) makes the moves bot.sh makes alone.
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
# sh-random's run puts grep in front of bot.sh, passing on only the lines
# bot.sh acts on: the two make the same moves given the same seeds, over
# a match of two games ('ready2', a 'game' line between them), and on
# the same input with CRLF line ends, ending at 'quit'
sr=$top/sample-bots/sh-random
for how in run bot.sh; do
	if [ "$how" = run ]; then seat=$sr; else seat="sh $sr/bot.sh"; fi
	: >"$logs/sr.$how.moves"
	for k in 1 2; do
		printf '{"seed": %d, "bot_seeds": {"0": %d, "1": 3, "2": 4, "3": 5}, "log": "%s"}\n' \
			$((20 + k)) $((40 + k)) "$logs/sr.$how.$k.log"
	done | "$BINDIR/referee" --variant indiana --match - "$seat" @random @random @random >/dev/null
	for k in 1 2; do grep '^move ' "$logs/sr.$how.$k.log" >>"$logs/sr.$how.moves"; done
done
mine=$(grep -c '^move 0 ' "$logs/sr.run.moves")
if [ "$mine" -gt 10 ] && grep -q '^[0-9.]* 0< game$' "$logs/sr.run.2.log" &&
	cmp -s "$logs/sr.run.moves" "$logs/sr.bot.sh.moves"; then
	echo "ok: sh-random's run and bot.sh alone made the same $mine moves of a match"
else
	echo "FAIL: sh-random's run and bot.sh alone differ ($mine moves):"
	diff "$logs/sr.bot.sh.moves" "$logs/sr.run.moves" | head -5
	failures=$((failures + 1))
fi
cr=$(printf '\r')
{ sed -n 's/^[0-9.]* 0< //p' "$logs/sr.run.1.log"; echo quit; echo legal 9H; } |
	sed "s/\$/$cr/" >"$logs/sr.crlf"
"$sr/run" <"$logs/sr.crlf" >"$logs/sr.crlf.run"
sh "$sr/bot.sh" <"$logs/sr.crlf" >"$logs/sr.crlf.sh"
legal=$(grep -c '^legal ' "$logs/sr.crlf")
if [ "$(wc -l <"$logs/sr.crlf.run")" -eq $((legal - 1)) ] &&
	cmp -s "$logs/sr.crlf.run" "$logs/sr.crlf.sh"; then
	echo "ok: sh-random's run and bot.sh alone answer the same $((legal - 1)) CRLF lines"
else
	echo "FAIL: sh-random's run and bot.sh alone differ on CRLF input:"
	diff "$logs/sr.crlf.sh" "$logs/sr.crlf.run" | head -5
	failures=$((failures + 1))
fi
rm -rf "$logs"
[ "$failures" = 0 ]
