# tests/arena/lib.sh - shared by the tests/sh/t_arena*.sh scripts (sourced).
# Sets ARENA and REFEREE (absolute paths), W (a scratch directory) and
# helpers. Every helper fails the test with a message on the first problem.
set -u
ROOT=$(pwd)
case "$BINDIR" in /*) ;; *) BINDIR="$ROOT/$BINDIR" ;; esac
ARENA="$BINDIR/arena"
REFEREE="$BINDIR/referee"
REAL_REFEREE="$REFEREE"
export REAL_REFEREE
W=$(mktemp -d "${TMPDIR:-/tmp}/arena-test.XXXXXX")
FIXTURES="$ROOT/tests/arena"

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# expect_eq WHAT GOT EXPECTED
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', expected '$3'"
}

# expect_file_eq WHAT GOT_FILE EXPECTED_FILE
expect_file_eq() {
	diff -u "$3" "$2" >&2 || fail "$1 differs (diff above: expected, got)"
}

# lines FILE: number of lines
lines() {
	wc -l <"$1" | tr -d ' '
}

# planned CONFIG [ARGS]: the schedule size that --check prints
planned() {
	"$ARENA" --check "$@" | sed -n 's/^  total \([0-9]*\) games$/\1/p'
}

# game_ids [FILE...]: the game id of each result line
game_ids() {
	sed 's/^{"game":"\([^"]*\)".*/\1/' "$@"
}

# played_lines FILE: its result lines less what differs between two plays
# of a game (times, memory, the referee's cwd and argv), sorted
played_lines() {
	sed 's/,"time_ms":\[[^]]*\]//; s/,"mem_peak_mb":\[[^]]*\]//; s/,"cwd":.*}$/}/' "$1" | sort
}

# wait_for_lines FILE N: waits (up to 30 s) until FILE holds N lines or more
wait_for_lines() {
	k=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ] && [ $k -lt 300 ]; do
		sleep 0.1
		k=$((k + 1))
	done
}

# no_duplicate_ids RESULTS.JSONL
no_duplicate_ids() {
	dups=$(game_ids "$1" | sort | uniq -d | head -3)
	[ -z "$dups" ] || fail "duplicate game ids in $1: $dups"
}

# no_process_matching PATTERN: nothing whose command line contains PATTERN runs
no_process_matching() {
	left=$(pgrep -f -- "$1" || true)
	[ -z "$left" ] || fail "processes left running: $(ps -o pid,args -p "$(echo $left | tr ' ' ',')" 2>/dev/null)"
}

# second_game_stalled RESULTS.JSONL WHAT: the games of bot "m" in two seat
# arrangements over three deals: in each, by deal, no fault, m's timeout,
# no fault (m stalls in its second game; WHAT prefixes the failure)
second_game_stalled() {
	python3 - "$1" <<'PY' || fail "${2}the faults by deal"
import json, sys
by = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    seat = r["bots"].index("m")
    faults = [(f["seat"] == seat, f["kind"]) for f in r["faults"]]
    by.setdefault(tuple(r["bots"]), []).append((r["game"], faults))
assert len(by) == 2, by
for arr, games in by.items():
    games.sort()
    assert [k for _, k in games] == [[], [(True, "timeout")], []], (arr, games)
PY
}

# staller_ini FILE STALLER-ARGS [ARENA KEYS...]: hammerwalt of one hand
# over 3 deals (seed 5), tests/misbehave/staller STALLER-ARGS as bot "m"
# against @random, the KEYS added to [arena]: what second_game_stalled
# reads
staller_ini() {
	f=$1 args=$2
	shift 2
	{
		printf '[arena]\nvariants = hammerwalt\ndeals = 3\nseed = 5\n'
		for k in "$@"; do echo "$k"; done
		printf '[variant hammerwalt]\nmax_hands = 1\n'
		printf '[bot m]\ncommand = %s/tests/misbehave/staller %s\n' "$ROOT" "$args"
		printf '[bot random]\ncommand = @random\n'
	} >"$f"
}

# two_bots FILE [EXTRA ARENA KEYS...]: a config with @greedy and @random
two_bots() {
	f=$1
	shift
	{
		echo "[arena]"
		for k in "$@"; do echo "$k"; done
		printf '[bot greedy]\ncommand = @greedy\n[bot random]\ncommand = @random\n'
	} >"$f"
}
