#!/bin/sh
# t_sample_bots.sh - every sample bot plays every seat of every variant
# without a fault (referee --check), and c-heuristic beats c-random.
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
[ "$failures" = 0 ]
