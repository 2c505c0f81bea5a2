#!/bin/sh
# t_arena_fail.sh - games whose referee fails: a failure is retried once;
# a game that fails twice is written to failed.jsonl, not counted as
# played, reported, and the run exits 3; running again retries it. A
# referee that prints garbage, dies of a signal, hangs past
# game_timeout_s or leaves a record that does not end with the result it
# printed is such a failure; the tournament goes on.
. tests/arena/lib.sh
cd "$W" || exit 1

# a public seed: every results directory below deals the same cards
# a referee per game: the fixture referees fail games by their seed
# (failures inside a match: t_arena_match)
two_bots t.ini "variants = hammerwalt, fivehand" "deals = 2" "seed = 1" "partners = copies" \
	"matches = off"
n=$(planned t.ini)

# every game fails once, then works: all played, nothing failed
mkdir state
FLAKY_MODE=once FLAKY_STATE="$W/state" "$ARENA" --referee "$FIXTURES/flaky-referee" \
	--results once t.ini >out 2>err || fail "flaky once: exit $?: $(cat err)"
expect_eq "games played with retries" "$(lines once/results.jsonl)" "$n"
expect_eq "retry messages" "$(grep -c 'failed (the referee exited with status 1: flaky-referee: failing on purpose); it will be retried$' err)" "$n"
[ -e once/failed.jsonl ] && fail "failed.jsonl written though every retry worked"

# garbage from the games with an even seed, every time
FLAKY_MODE=garbage "$ARENA" --referee "$FIXTURES/flaky-referee" --results garbage t.ini \
	>report.txt 2>err
expect_eq "exit with failed games" $? 3
bad=$("$ARENA" --check -v --results garbage t.ini | grep -c -- '--seed [0-9]*[02468] ')
[ "$bad" -gt 0 ] && [ "$bad" -lt "$n" ] || fail "the test needs some even seeds ($bad)"
expect_eq "failed games" "$(lines garbage/failed.jsonl)" "$bad"
expect_eq "played games" "$(lines garbage/results.jsonl)" $((n - bad))
grep -q "failed again (the referee's output is not one JSON line (" err || fail "no 'failed again': $(cat err)"
grep -q "^arena: $bad games failed twice (see garbage/failed.jsonl); run the same command again to retry$" err ||
	fail "no summary of failed games: $(cat err)"
grep -q "^failed games: $bad (not counted above; running the arena again retries them)$" report.txt ||
	fail "the report does not list failed games"
grep -q '"attempts":2,"reason":"the referee' garbage/failed.jsonl || fail "failed.jsonl lines"
grep -q "^standings: $((n - bad)) games" report.txt || fail "failed games were counted"
# running again with a working referee plays exactly those games
"$ARENA" --results garbage t.ini >report2.txt 2>err || fail "retry run: $(cat err)"
grep -q "^arena: resuming garbage: $((n - bad)) of $n games already played$" err || fail "resume message"
expect_eq "played after the retry run" "$(lines garbage/results.jsonl)" "$n"
no_duplicate_ids garbage/results.jsonl
grep -q '^failed games' report2.txt && fail "failed games still listed after they were played"

# a referee killed by a signal
FLAKY_MODE=crash "$ARENA" -q --referee "$FIXTURES/flaky-referee" --results crash t.ini \
	>/dev/null 2>err
expect_eq "exit with crashed games" $? 3
grep -q "failed again (the referee was killed by signal 11)" err || fail "crash message: $(cat err)"
expect_eq "played despite crashes" "$(lines crash/results.jsonl)" $((n - bad))

# bot faults are results, not failures: counted per bot, with a log to look at
FLAKY_MODE=fault "$ARENA" --referee "$FIXTURES/flaky-referee" --results fault t.ini \
	>report.txt 2>err || fail "faults run: $(cat err)"
expect_eq "games with faults" "$(lines fault/results.jsonl)" "$n"
grep -q "^\[t\] $n/$n games (100.0%) .*  faults $n  failed 0$" err || fail "progress faults: $(cat err)"
# seat 1 is random's in every hammerwalt game and in most five-hand ones
faults_random=$(grep -c '"bots":\["[a-z]*","random"' fault/results.jsonl)
faults_greedy=$((n - faults_random))
first_random=$(grep '"bots":\["[a-z]*","random"' fault/results.jsonl | sed 's/^{"game":"\([^"]*\)","index":\([0-9]*\),.*/\2 \1/' | sort -n | head -n 1 | cut -d' ' -f2)
grep -q "^  random: $faults_random ($faults_random timeout); first in fault/logs/$first_random.log$" report.txt ||
	fail "fault table: $(sed -n '/^faults/,$p' report.txt)"
grep -q "^  greedy: $faults_greedy ($faults_greedy timeout); first in fault/logs/" report.txt ||
	fail "fault table for greedy"
[ -s "fault/logs/$first_random.log" ] || fail "the pointed-to log is missing"
# in the CSV: the total, then by kind (timeout is the first kind)
"$ARENA" report --csv fault | grep -q "^overall,[12],random,$n,.*,$faults_random,$faults_random,0,0,0,0,0,0,.*,ranked,$" ||
	fail "csv faults"

# a record whose last line is not the printed result, though they differ
# only in a key inside a fault: those games (even seeds) fail, the others
# (the same key alike on both sides) are played
FLAKY_MODE=mismatch "$ARENA" -q --referee "$FIXTURES/flaky-referee" --results mismatch t.ini \
	>/dev/null 2>err
expect_eq "mismatched records: exit" $? 3
expect_eq "mismatched records: failed games" "$(lines mismatch/failed.jsonl)" "$bad"
expect_eq "mismatched records: played games" "$(lines mismatch/results.jsonl)" $((n - bad))
grep -q "failed again (the game record $W/mismatch/logs/[^ ]*\.log is incomplete ([0-9]* bytes; it does not end with the game's result)); giving up on it" err ||
	fail "mismatched records: $(cat err)"

# a referee that hangs: stopped at game_timeout_s
two_bots slow.ini "variants = hammerwalt" "game_timeout_s = 1" "partners = copies" "matches = off"
SLOW_REFEREE_SLEEP=30 "$ARENA" -q --referee "$FIXTURES/slow-referee" --results slow slow.ini \
	>/dev/null 2>err
expect_eq "exit with hung games" $? 3
expect_eq "timeouts" "$(grep -c 'the referee ran longer than game_timeout_s (1 s)' err)" 4
no_process_matching "$W/slow/logs"

# a referee that cannot start at all is a runtime error
"$ARENA" -q --referee "$W/nothing-here" --results none t.ini >/dev/null 2>err
expect_eq "missing referee exit" $? 1
grep -q "^arena: cannot run the referee '$W/nothing-here': No such file or directory" err ||
	fail "missing referee message: $(cat err)"
exit 0
