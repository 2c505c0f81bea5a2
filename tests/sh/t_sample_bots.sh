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
# c-heuristic against c-random over 30 indiana games: it should win most
wins=$("$BINDIR/referee" --variant indiana --games 30 "$top/sample-bots/c-heuristic" \
	"$top/sample-bots/c-random" "$top/sample-bots/c-heuristic" "$top/sample-bots/c-random" |
	grep -c '"ranks":\[1,2,1,2\]')
echo "c-heuristic won $wins of 30 indiana games against c-random"
[ "$wins" -ge 25 ] || { echo "FAIL: c-heuristic is not clearly stronger"; failures=$((failures + 1)); }
[ "$failures" = 0 ]
