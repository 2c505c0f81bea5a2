#!/bin/sh
# t_referee_check.sh - referee --check is quick and says why: a bot that
# never says 'ready' ends the check after its first game, with the usual
# causes (unflushed output first); a problem repeated in two games in a
# row stops the check; a bot that does not exist is one line on stderr.
# Timing is printed, never asserted.
set -u
. "$(dirname "$0")/lib.sh"
mis=$top/tests/misbehave
R=$BINDIR/referee

# ---- a silent bot (never answers the handshake), default startup limit
start=$(date +%s)
"$R" --check "$mis/silent" >"$tmp/silent.out" 2>"$tmp/silent.err"
status=$?
echo "silent bot: --check took $(($(date +%s) - start)) s"
expect_eq "silent: exit status" "$status" 1
expect_eq "silent: stdout lines" "$(wc -l <"$tmp/silent.out" | tr -d ' ')" 17
expect_eq "silent: stderr" "$(cat "$tmp/silent.err")" ""
expect_eq "silent: games played" "$(grep -c '^FAIL ' "$tmp/silent.out")" 1
expect_eq "silent: the fault" "$(grep '^FAIL ' "$tmp/silent.out")" \
	"FAIL hammerwalt seat 0: startup in hand 0: no 'ready' within 10000 ms"
grep -q 'mawk -W interactive' "$tmp/silent.out" || fail "silent: no mawk hint"
grep -q 'python3 -u, PYTHONUNBUFFERED=1' "$tmp/silent.out" || fail "silent: no Python hint"
grep -q 'setvbuf(stdout, NULL, _IOLBF, 0)' "$tmp/silent.out" || fail "silent: no C hint"
grep -q "it needs more than 10000 ms to start .*try --startup-ms$" "$tmp/silent.out" ||
	fail "silent: no startup-ms hint"
expect_eq "silent: stop line" "$(grep '^stopped' "$tmp/silent.out")" \
	"stopped after 1 of 33 games: the bot did not start, and would not in any other game; fix it and check again"
expect_eq "silent: last line" "$(tail -n 1 "$tmp/silent.out")" "1 game, 1 with a problem"

# ---- a bot that times out the same way twice: two games, causes once
"$R" --check "$mis/sleeper" --move-ms 300 >"$tmp/sleep.out" 2>&1
expect_eq "sleeper: exit status" "$?" 1
expect_eq "sleeper: games played" "$(grep -c '^FAIL ' "$tmp/sleep.out")" 2
expect_eq "sleeper: causes shown" "$(grep -c '^      usual causes:$' "$tmp/sleep.out")" 1
grep -q "it thinks longer than 300 ms: try it with a larger --move-ms" "$tmp/sleep.out" ||
	fail "sleeper: no move-ms hint"
expect_eq "sleeper: stop line" "$(grep '^stopped' "$tmp/sleep.out")" \
	"stopped after 2 of 33 games: the same problem twice in a row; fix it and check again"

# ---- a path that does not exist: one line, on stderr, exit 2
for bot in /nonexistent/bot "$tmp/nothere" "python3 /nonexistent/x.py"; do
	"$R" --check "$bot" >"$tmp/none.out" 2>"$tmp/none.err"
	expect_eq "$bot: exit status" "$?" 2
	expect_eq "$bot: stdout" "$(cat "$tmp/none.out")" ""
	expect_eq "$bot: stderr lines" "$(wc -l <"$tmp/none.err" | tr -d ' ')" 1
	grep -q "^referee: --check '$bot': " "$tmp/none.err" || fail "$bot: $(cat "$tmp/none.err")"
done
expect_eq "missing program" "$(cat "$tmp/none.err")" \
	"referee: --check 'python3 /nonexistent/x.py': no file '/nonexistent/x.py' (argument 1 of the command): No such file or directory"

finish "referee --check: quick and kind"
