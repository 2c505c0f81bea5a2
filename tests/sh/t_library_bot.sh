#!/bin/sh
# t_library_bot.sh - sample-bots/python-search, a bot built on the euchre
# Python package that it imports from its own directory (copied there by
# make python), passes `referee --check` in the sandbox (every variant the
# check plays), and plays whole games in every variant without falling
# back on a first legal move (it says "python-search:" on stderr when a
# view fits no deal or a search fails).
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
bot=sample-bots/python-search
[ -f "$bot/euchre/__init__.py" ] || { fail "no $bot/euchre: make python"; finish; }

"$BINDIR/referee" --check "$bot" >"$tmp/check" 2>&1 || { cat "$tmp/check"; fail "referee --check $bot"; }
tail -n 1 "$tmp/check"
grep -q "0 with a problem: the bot is compliant" "$tmp/check" || fail "the check's verdict: $(tail -n 1 "$tmp/check")"

for v in hammerwalt indiana bloomington fivehand flip; do
	case $v in
	bloomington) seats="$bot @greedy @random @greedy @random @greedy" ;;
	fivehand) seats="$bot @greedy @random @greedy @random" ;;
	flip) seats="$bot @greedy @random" ;;
	*) seats="$bot @greedy @random @greedy" ;;
	esac
	# shellcheck disable=SC2086
	"$BINDIR/referee" --variant "$v" --seed 34 --option max_hands=3 --bot-logs "$tmp/logs-$v" \
		$seats >"$tmp/$v.out" 2>"$tmp/$v.err" || fail "$v: $(cat "$tmp/$v.err")"
	grep -q '"faults":\[\]' "$tmp/$v.out" || fail "$v: faults: $(cat "$tmp/$v.out")"
	[ -f "$tmp/logs-$v/seat0.stderr" ] || fail "$v: no stderr log of the bot"
	if grep -q "python-search:" "$tmp/logs-$v/seat0.stderr"; then
		fail "$v: the bot fell back: $(grep python-search: "$tmp/logs-$v/seat0.stderr" | head -n 3)"
	fi
done
finish "python-search imports the package from its directory, passes --check and searches every decision"
