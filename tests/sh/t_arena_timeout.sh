#!/bin/sh
# t_arena_timeout.sh - a losing bot cannot void its games (issue 10). The
# laggard (tests/misbehave/laggard) answers 200 ms late, under a 500 ms
# move limit, whenever its team is not ahead: no move times out, but the
# game drags on. Its games must be counted, with the time charged to it:
# by the referee's game budget (game_ms) when the arena's game timeout is
# derived from the limits, and by the referee's stop policy when a
# game_timeout_s set by hand fires first (SIGUSR1: the bot that used the
# most time faults). Before, such games failed twice and were left out.
. tests/arena/lib.sh
cd "$W" || exit 1
mis=$ROOT/tests/misbehave

# config FILE [EXTRA ARENA KEYS...]: laggard against @greedy at hammerwalt
config() {
	f=$1
	shift
	{
		printf '[arena]\nvariants = hammerwalt\nmove_ms = 500\nstartup_ms = 3000\n'
		for k in "$@"; do echo "$k"; done
		printf '[bot greedy]\ncommand = @greedy\n'
		printf '[bot laggard]\ncommand = %s/laggard marker-%s 200\n' "$mis" "$$"
	} >"$f"
}

# check RESULTS DETAIL-REGEX: both games counted, every fault a timeout of
# a laggard seat, in every game one whose detail matches, and every record
# replays
check() {
	expect_eq "$1: games counted" "$(lines "$1/results.jsonl")" 2
	[ -e "$1/failed.jsonl" ] && fail "$1: failed games: $(cat "$1/failed.jsonl")"
	python3 - "$1/results.jsonl" "$2" <<'PY' || fail "$1: the laggard was not charged"
import json, re, sys
path, detail = sys.argv[1:]
for line in open(path):
    r = json.loads(line)
    for f in r["faults"]:
        assert r["bots"][f["seat"]] == "laggard", f
        assert f["kind"] == "timeout", f
    assert any(re.search(detail, f["detail"]) for f in r["faults"]), (detail, r["faults"])
PY
	for log in "$1"/logs/*.log; do
		"$REFEREE" --replay "$log" >/dev/null 2>&1 || fail "$log does not replay"
	done
}

# the arena's timeout derived from the limits: the referee's budget fires first
config budget.ini "game_ms = 1500"
"$ARENA" -q --results budget budget.ini >report.txt 2>err
expect_eq "budget: exit status ($(cat err))" $? 0
check budget 'no answer within [0-9]+ ms: its game time budget of 1500 ms is used up'

# a game_timeout_s set by hand fires first: the referee stops the game
config stop.ini "game_timeout_s = 2"
"$ARENA" -q --results stop stop.ini >report.txt 2>err
expect_eq "stop: exit status ($(cat err))" $? 0
check stop '^the game was stopped for running too long \(SIGUSR1.*used the most time: [0-9]+ ms(; request: request [a-z]+ \| legal [^;]*)?(; stderr: .*)?$'
grep -q "^  laggard: [0-9]* ([0-9]* timeout)" report.txt || fail "report: $(cat report.txt)"
no_process_matching "marker-$$"
exit 0
