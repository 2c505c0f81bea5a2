#!/bin/sh
# t_arena_check.sh - bin/arena --check on the shipped configs and on bad
# ones: the documented messages (exact text, file:line) and exit codes;
# --help, bad options and report usage.
. tests/arena/lib.sh
cd "$W" || exit 1

# the shipped configs are valid and print their schedule
for c in default classroom overnight; do
	out=$("$ARENA" --check "$ROOT/configs/$c.ini") || fail "configs/$c.ini: --check failed"
	echo "$out" | grep -q "^$ROOT/configs/$c.ini: ok$" || fail "configs/$c.ini: no 'ok' line"
	[ -n "$(echo "$out" | sed -n 's/^  total \([0-9]*\) games$/\1/p')" ] ||
		fail "configs/$c.ini: no total"
done

# the schedule size, per variant and in total
two_bots a.ini "variants = hammerwalt, fivehand" "deals = 3"
"$ARENA" --check a.ini >out || fail "--check a.ini"
cat >expect <<'X'
a.ini: ok
arena a: seed 1, 2 jobs, results in results/a
bots: 2 (greedy, random)
schedule:
  hammerwalt      1 pairing x 3 deals x 2 rotations = 6 games
  fivehand        2 tables x 3 deals x 5 rotations = 30 games
  total 36 games
X
sed -i "s/^arena a: seed 1, [0-9]* jobs/arena a: seed 1, 2 jobs/" out
expect_file_eq "--check output" out expect

# -v lists every game with the command that replays it, and that command works
"$ARENA" --check -v --shard 2/4 a.ini >out || fail "--check -v"
expect_eq "games listed for shard 2/4" "$(grep -c '^hammerwalt\.\|^fivehand\.' out)" 9
grep -q '^shard 2/4: 9 games$' out || fail "no shard line"
"$ARENA" --check -v --game fivehand.d0002.t0001.r3 a.ini | tail -n 1 >one
expect_eq "one game listed" "$(lines one)" 1
cmd=$(sed 's/^fivehand.d0002.t0001.r3  //' one)
eval "$cmd" >replay.json || fail "replay command failed: $cmd"
grep -q '"variant":"fivehand"' replay.json || fail "replay did not print a result"
"$ARENA" --check -v --game nosuch.game a.ini >/dev/null 2>err
expect_eq "unknown --game exit" $? 2
expect_eq "unknown --game message" "$(cat err)" "arena: no game 'nosuch.game' in the schedule"

# bad configs: every problem, in line order, exit 2
cat >bad.ini <<'X'
[arena]
variants = hammerwalt, flp
tiem_ms = 5
jobs = lots

[bot a]
command = @greedy
[bot b]
command = @random
[varient flip]
players = 4
X
"$ARENA" --check bad.ini >out 2>err
expect_eq "bad config exit" $? 2
cat >expect <<'X'
bad.ini:2: unknown variant 'flp' in 'variants' (expected hammerwalt, indiana, bloomington, fivehand, flip, progressive or a [variant flp] section with 'variant = BASE')
bad.ini:3: unknown key 'tiem_ms' in [arena]
bad.ini:4: bad value 'lots' for 'jobs' in [arena] (expected a number from 0 to 1024)
bad.ini:10: unknown section [varient flip] (expected [arena], [bot NAME] or [variant NAME])
X
expect_file_eq "bad config messages" err expect
[ -s out ] && fail "bad config printed on stdout"
# the same errors when asked to play, and nothing is created
"$ARENA" --results r bad.ini 2>err2
expect_eq "bad config run exit" $? 2
expect_file_eq "bad config run messages" err2 expect
[ -e r ] && fail "a results directory was made for a bad config"

# a variant the bots cannot play
two_bots p.ini "variants = progressive, flip"
"$ARENA" --check p.ini >out 2>err
expect_eq "progressive with 2 bots exit" $? 2
grep -q '^  progressive  skipped: needs 8 or 12 bots, there are 2$' out || fail "no skipped line"
"$ARENA" --check missing.ini 2>err
expect_eq "missing config exit" $? 2
expect_eq "missing config message" "$(cat err)" \
	"cannot read config 'missing.ini': No such file or directory"

# usage
"$ARENA" --help >out || fail "--help exit"
grep -q '^exit status:' out || fail "--help lacks exit status"
"$ARENA" --jobs 0 a.ini 2>err
expect_eq "--jobs 0 exit" $? 2
expect_eq "--jobs 0 message" "$(cat err)" \
	"arena: --jobs '0' is not a number from 1 to 1024 (see arena --help)"
"$ARENA" --shard 3/2 a.ini 2>err
expect_eq "--shard 3/2 exit" $? 2
"$ARENA" --bogus a.ini 2>/dev/null
expect_eq "unknown option exit" $? 2
"$ARENA" 2>/dev/null
expect_eq "no config exit" $? 2
"$ARENA" report 2>/dev/null
expect_eq "report without files exit" $? 2
"$ARENA" report nowhere 2>err
expect_eq "report of a missing file exit" $? 1
expect_eq "report of a missing file" "$(cat err)" \
	"arena: cannot read 'nowhere': No such file or directory"
exit 0
