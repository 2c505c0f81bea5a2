#!/bin/sh
# t_arena_signal.sh - Ctrl-C and SIGTERM: the first signal stops new games,
# lets the running ones finish and be saved, and exits 130 (143) leaving no
# referee behind; a second signal kills the running games at once; the
# results stay whole lines throughout, and the run resumes to the end.
. tests/arena/lib.sh
cd "$W" || exit 1

# a referee per game (each 0.4 s late through the slow referee): a match
# would play its built-in games in a blink (Ctrl-C in a match: t_arena_match)
two_bots t.ini "variants = hammerwalt" "deals = 20" "matches = off"
n=$(planned t.ini)
expect_eq "planned" "$n" 40

# first Ctrl-C: the running games (0.4 s each) finish and are recorded
SLOW_REFEREE_SLEEP=0.4 "$ARENA" --jobs 2 --referee "$FIXTURES/slow-referee" \
	--results res t.ini >out 2>err &
pid=$!
sleep 1.0
kill -INT $pid
wait $pid
expect_eq "exit after Ctrl-C" $? 130
no_process_matching "$W/res/logs"
# (2 running games, or 1 where the other had just ended when the signal
# came: the next one is not started, as seen with three test jobs)
grep -Eq "^arena: interrupted: waiting for (2 running games to finish \(press Ctrl-C again to stop them now\)|1 running game to finish \(press Ctrl-C again to stop it now\))$" err ||
	fail "no 'waiting' message: $(cat err)"
done1=$(lines res/results.jsonl)
grep -q "^arena: stopped: $done1 of 40 games played; run the same command again to resume$" err ||
	fail "no 'stopped' message: $(cat err)"
# the games running at the signal were finished and saved: every game
# started has its record and its result line (the count need not be even:
# on a loaded machine the two jobs drift apart)
[ "$done1" -ge 3 ] && [ "$done1" -lt 40 ] || fail "$done1 games after the first Ctrl-C"
expect_eq "records of the games started" "$(ls res/logs | grep -c '\.log$')" "$done1"
[ -s out ] && fail "a report was printed after an interruption"
no_duplicate_ids res/results.jsonl

# SIGTERM behaves the same, with exit 143
SLOW_REFEREE_SLEEP=0.4 "$ARENA" -q --jobs 2 --referee "$FIXTURES/slow-referee" \
	--results res t.ini >/dev/null 2>err &
pid=$!
sleep 0.6
kill -TERM $pid
wait $pid
expect_eq "exit after SIGTERM" $? 143
no_process_matching "$W/res/logs"
done2=$(lines res/results.jsonl)
[ "$done2" -gt "$done1" ] || fail "no games saved across SIGTERM ($done2)"

# a second Ctrl-C abandons the running games at once (they would take 5 s)
SLOW_REFEREE_SLEEP=5 "$ARENA" -q --jobs 2 --referee "$FIXTURES/slow-referee" \
	--results res t.ini >/dev/null 2>err &
pid=$!
sleep 0.5
start=$(date +%s)
kill -INT $pid
sleep 0.2
kill -INT $pid
wait $pid
expect_eq "exit after two Ctrl-Cs" $? 130
[ $(($(date +%s) - start)) -le 2 ] || fail "the second Ctrl-C did not stop the games at once"
grep -q "^arena: stopping 2 running games now$" err || fail "no 'stopping now' message: $(cat err)"
no_process_matching "$W/res/logs"
expect_eq "games saved by the aborted run" "$(lines res/results.jsonl)" "$done2"
tail -c 1 res/results.jsonl | od -c | grep -q '\\n' || fail "results.jsonl does not end in a newline"

# and the tournament still completes
"$ARENA" -q --results res t.ini >/dev/null 2>err || fail "resume: $(cat err)"
expect_eq "rows at the end" "$(lines res/results.jsonl)" 40
no_duplicate_ids res/results.jsonl

# Ctrl-C while the pages of the linked games are made, at the end of a
# run (each replay writes half a page, then hangs): the arena stops at
# once, kills the replay, leaves no half-made page, exits 130 and says how
# to finish; the standings page links to the records instead
"$ARENA" -q --referee "$FIXTURES/half-page-referee" --results pages t.ini >/dev/null 2>err &
pid=$!
n=0
while ! pgrep -f -- "half-page-referee --replay pages/" >/dev/null && [ $n -lt 300 ]; do
	sleep 0.1
	n=$((n + 1))
done
pgrep -f -- "half-page-referee --replay pages/" >/dev/null || fail "no page replay started: $(cat err)"
sleep 0.3 # the half page is written
start=$(date +%s)
kill -INT $pid
wait $pid
expect_eq "exit status after Ctrl-C during the page replays" $? 130
[ $(($(date +%s) - start)) -le 5 ] || fail "Ctrl-C did not stop the page replays at once"
no_process_matching "half-page-referee --replay pages/"
grep -q "^arena: stopped while making the game pages (the games are all played); run the same command again to make the rest$" err ||
	fail "no 'stopped while making the game pages' message: $(cat err)"
expect_eq "games of the run with pages" "$(lines pages/results.jsonl)" 40
[ -z "$(find pages/pages -name '*.part' 2>/dev/null)" ] || fail "a half-made page is left"
[ -z "$(find pages/pages -name '*.html' 2>/dev/null)" ] ||
	fail "a game page was made though every replay was stopped"
grep -q 'href="logs/[^"]*\.log"' pages/index.html || fail "the standings page links to no record"
# the same command again makes the pages, with the real referee
"$ARENA" -q --results pages t.ini >/dev/null 2>err || fail "making the pages: $(cat err)"
[ -n "$(find pages/pages -name '*.html' 2>/dev/null)" ] || fail "the next run made no game page"
exit 0
