#!/bin/sh
# t_arena_resume.sh - an arena killed with SIGKILL in mid-run, and a torn
# last line in results.jsonl (a crash in mid-write): running the same
# command again plays exactly the missing games, leaves no duplicate ids,
# and (the built-ins being deterministic per seed) prints the same
# standings as an uninterrupted run. No referee outlives the killed arena.
. tests/arena/lib.sh
cd "$W" || exit 1

two_bots t.ini "variants = hammerwalt, fivehand, flip" "deals = 5" "[variant flip]" "players = 3"
n=$(planned t.ini)
expect_eq "planned" "$n" $((10 + 50 + 30))

# the reference: one uninterrupted run
"$ARENA" -q --results ref t.ini >ref.txt 2>/dev/null || fail "reference run"
expect_eq "reference rows" "$(lines ref/results.jsonl)" "$n"

# killed in mid-run (each game takes 0.05 s or more)
SLOW_REFEREE_SLEEP=0.05 "$ARENA" -q --jobs 2 --referee "$FIXTURES/slow-referee" \
	--results killed t.ini >/dev/null 2>&1 &
pid=$!
sleep 0.7
kill -KILL $pid
wait $pid 2>/dev/null
sleep 0.3
no_process_matching "$W/killed/logs"
done_before=$(lines killed/results.jsonl)
[ "$done_before" -gt 0 ] && [ "$done_before" -lt "$n" ] ||
	fail "the kill did not land in mid-run ($done_before of $n games)"
# and a crash in mid-write on top of it
printf '{"game":"fivehand.d0003.t0001.r' >>killed/results.jsonl

"$ARENA" --results killed t.ini >resumed.txt 2>err || fail "resume failed: $(cat err)"
grep -q "^arena: repaired results.jsonl: cut off a torn last line (31 bytes); that game will be played again$" err ||
	fail "no repair message: $(cat err)"
grep -q "^arena: resuming killed: $done_before of $n games already played$" err ||
	fail "no resume message: $(cat err)"
expect_eq "rows after resuming" "$(lines killed/results.jsonl)" "$n"
no_duplicate_ids killed/results.jsonl
expect_file_eq "standings after an interruption" resumed.txt ref.txt
# same games, same outcomes, whatever the order they were played in
sed 's/,"time_ms":\[[^]]*\]//' ref/results.jsonl | sort >a
sed 's/,"time_ms":\[[^]]*\]//' killed/results.jsonl | sort >b
expect_file_eq "result lines" b a
exit 0
