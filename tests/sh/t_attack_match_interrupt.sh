#!/bin/sh
# t_attack_match_interrupt.sh - Ctrl-C (SIGINT) in the middle of a match
# (docs/arena.md, "Interrupting and resuming"): the arena tells the
# match's referee (SIGUSR2) to finish its running game and start no
# other, and that referee then ends well with games of its list not
# played. Those games were not reached: no game "failed", none is
# counted as retried, and the rerun plays them. Before, the arena took
# the first game not reached for a failure ("game ... failed (the
# referee ended without the game's result); it will be retried") at
# every Ctrl-C that cut a match.
. tests/arena/lib.sh
mis=$ROOT/tests/misbehave
m=mk-intr-$$
cd "$W" || exit 1
cat >slow.ini <<X
[arena]
variants = hammerwalt
deals = 4
seed = 9
results = res
[variant hammerwalt]
max_hands = 1
[bot m]
command = $mis/matcher $m slow
[bot random]
command = @random
X
"$ARENA" --jobs 1 slow.ini >out 2>err &
pid=$!
wait_for_lines res/results.jsonl 1
kill -INT $pid
wait $pid
expect_eq "interrupted run: exit" "$?" 130
got=$(lines res/results.jsonl)
[ "$got" -ge 1 ] && [ "$got" -lt 8 ] || fail "interrupted run: $got games kept, expected 1 to 7"
tr '\r' '\n' <err >err.lines
grep -q "interrupted: waiting for 1 running game" err.lines || fail "no interruption: $(cat err.lines)"
if grep "failed (" err.lines; then
	fail "a game not reached was taken for a failure"
fi
grep -q "stopped: $got of 8 games played" err.lines || fail "the summary: $(tail -3 err.lines)"
expect_eq "failed games" "$(grep -c '"failed"' res/results.jsonl)" 0
no_process_matching "$m"
"$ARENA" -q --jobs 1 slow.ini >/dev/null 2>err || fail "resumed run: $(cat err)"
grep -q "resuming res: $got of 8 games already played" err || fail "resume: $(cat err)"
expect_eq "resumed run: games" "$(lines res/results.jsonl)" 8
no_duplicate_ids res/results.jsonl
no_process_matching "$m"

# A match's referee that gets the SIGUSR2 before its handler is in place
# (started a moment before the Ctrl-C: here a wrapper that sleeps before
# the referee) dies of it before any game: no game failed either. Before,
# "game ... failed (the referee was killed by signal 12); it will be
# retried".
cat >late-start <<X
#!/bin/sh
: >"$W/started"
sleep 5
exec "\$REAL_REFEREE" "\$@"
X
chmod 755 late-start
cat >late.ini <<X
[arena]
variants = hammerwalt
deals = 2
seed = 9
results = late
[variant hammerwalt]
max_hands = 1
[bot greedy]
command = @greedy
[bot random]
command = @random
X
"$ARENA" --jobs 1 --referee "$W/late-start" late.ini >out 2>err &
pid=$!
k=0
while [ ! -f started ] && [ $k -lt 300 ]; do
	sleep 0.1
	k=$((k + 1))
done
[ -f started ] || fail "the late referee did not start: $(cat err)"
kill -INT $pid
wait $pid
expect_eq "SIGUSR2 before the referee's handler: exit" "$?" 130
tr '\r' '\n' <err >err.lines
grep -q "interrupted: waiting for 1 running game" err.lines || fail "late: no interruption: $(cat err.lines)"
if grep "failed (" err.lines; then
	fail "a match stopped before its first game was taken for a failure"
fi
# its referee ignores SIGUSR2 until its handler is in place, and the
# arena tells it again each second: it plays its first game, or both
# if they end before the next telling, never the other match
grep -Eq "stopped: [0-2] of 4 games played" err.lines || fail "late: the summary: $(tail -3 err.lines)"
"$ARENA" -q --jobs 1 late.ini >/dev/null 2>err || fail "late: resumed run: $(cat err)"
expect_eq "late: resumed run: games" "$(lines late/results.jsonl)" 4
rm -rf "$W"
echo "ok: Ctrl-C in a match fails no game; the rerun plays the games it did not reach"
echo "ok: a match referee stopped by SIGUSR2 before its first game failed no game"
