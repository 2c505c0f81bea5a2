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
		# the copies format: the laggard in two seats of each game
		printf 'partners = copies\n'
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
grep 'warning' err && fail "budget: a warning without game_timeout_s"

# a game_timeout_s set by hand fires first: the referee stops the game
config stop.ini "game_timeout_s = 2"
"$ARENA" -q --results stop stop.ini >report.txt 2>err
expect_eq "stop: exit status ($(cat err))" $? 0
check stop '^the game was stopped for running too long \(SIGUSR1.*used the most time: [0-9]+ ms(; request: request [a-z]+ \| legal [^;]*)?(; stderr: .*)?$'
grep -q "^  laggard: [0-9]* ([0-9]* timeout)" report.txt || fail "report: $(cat report.txt)"
# such a game_timeout_s, below the derived default (8850 s for these
# limits: the longest a game may take while its bots keep to them), is
# warned of, by the run and by --check, with the file, its line and the
# derived value
warning="arena: stop.ini:5: warning: game_timeout_s = 2 is below its derived default for these limits, 8850 s (the longest a game can last while its bots keep to their limits): a game stopped sooner is charged as a timeout to the bot that used the most time, though none broke a limit; leave game_timeout_s out to use the derived default"
expect_eq "stop: warning" "$(grep warning err)" "$warning"
"$ARENA" --check stop.ini >/dev/null 2>err || fail "--check stop.ini: $(cat err)"
expect_eq "stop: --check warning" "$(cat err)" "$warning"
# set at the derived default or above, or 0 (no timeout): no warning
for v in 8850 100000 0; do
	config at.ini "game_timeout_s = $v"
	"$ARENA" --check at.ini >/dev/null 2>err || fail "--check at.ini ($v): $(cat err)"
	expect_eq "game_timeout_s = $v: stderr" "$(cat err)" ""
done
# the shipped configs leave it to be derived: no warning
for f in classroom overnight; do
	"$ARENA" --check "$ROOT/configs/$f.ini" >/dev/null 2>err || fail "--check $f.ini: $(cat err)"
	grep game_timeout_s err && fail "configs/$f.ini: $(cat err)"
done
no_process_matching "marker-$$"
exit 0
