#!/bin/sh
# t_arena_check.sh - bin/arena --check on the shipped configs and on bad
# ones: the documented messages (exact text, file:line) and exit codes;
# secret deals (no seeds shown before the key exists, a warning for an
# explicit seed, arena key); bot programs that are missing or not
# executable; --help, bad options and report usage.
. tests/arena/lib.sh
cd "$W" || exit 1

# the shipped configs are valid, print their schedule, and deal secretly
for c in default classroom overnight; do
	out=$("$ARENA" --check "$ROOT/configs/$c.ini" 2>err) || fail "configs/$c.ini: --check failed"
	echo "$out" | grep -q "^$ROOT/configs/$c.ini: ok$" || fail "configs/$c.ini: no 'ok' line"
	[ -n "$(echo "$out" | sed -n 's/^  total \([0-9]*\) games$/\1/p')" ] ||
		fail "configs/$c.ini: no total"
	echo "$out" | grep -q "^arena $c: secret deals" || fail "configs/$c.ini: deals are not secret"
	[ -s err ] && fail "configs/$c.ini: --check warns: $(cat err)"
done

# docs/search.md's tournaments: public deals (the seed warned of), many tables
for c in search-fivehand:fivehand:480:2:5:4800 search-flip:flip:48:10:4:1920; do
	IFS=: read -r name v t d r total <<X
$c
X
	out=$("$ARENA" --check "$ROOT/configs/$name.ini" 2>err) || fail "configs/$name.ini: --check failed"
	echo "$out" | grep -q "^$ROOT/configs/$name.ini: ok$" || fail "configs/$name.ini: no 'ok' line"
	echo "$out" | grep -q "^arena $name: seed 2026, " || fail "configs/$name.ini: not seed 2026"
	echo "$out" | grep -q "^bots: 6 (search, c-search, greedy, random, c-heuristic, c-random)$" ||
		fail "configs/$name.ini: bots: $(echo "$out" | grep '^bots')"
	echo "$out" | grep -q "^  $v  *$t tables x $d deals x $r rotations = $total games$" ||
		fail "configs/$name.ini: schedule: $(echo "$out" | grep tables)"
	expect_eq "configs/$name.ini warning" "$(sed 's/:[0-9]*: / /' err)" \
		"arena: $ROOT/configs/$name.ini warning: 'seed' makes every deal predictable to anyone who knows it (without it, the deals come from a secret key)"
done

# the schedule size, per variant and in total (the house format: two bots
# at five-hand sit at one table with the house player in three seats)
two_bots a.ini "variants = hammerwalt, fivehand" "deals = 3"
"$ARENA" --check a.ini >out 2>err || fail "--check a.ini"
cat >expect <<'X'
a.ini: ok
arena a: secret deals (the key is made at the first run), 2 jobs, results in results/a
bots: 2 (greedy, random)
partners: house (@greedy partners each bot in team variants and fills the seats of a table no other bot can; no game seats one author twice)
schedule:
  hammerwalt      1 pairing x 3 deals x 2 rotations = 6 games
  fivehand        1 table x 3 deals x 5 rotations = 15 games
  total 21 games
X
sed -i "s/, [0-9]* jobs, results/, 2 jobs, results/" out
expect_file_eq "--check output" out expect
[ -s err ] && fail "--check a.ini wrote on stderr: $(cat err)"
[ -e results ] && fail "--check made a results directory"

# before the first run the seeds are secret: -v lists the games, no seeds
"$ARENA" --check -v --shard 2/4 a.ini >out 2>err || fail "--check -v before a run"
size=$(sed -n 's/^shard 2\/4: \([0-9]*\) games$/\1/p' out)
[ "$size" -gt 0 ] || fail "no shard line: $(cat out)"
expect_eq "games listed for shard 2/4" "$(grep -c '^hammerwalt\.\|^fivehand\.' out)" "$size"
grep -q -- '--seed' out && fail "seeds shown before the key exists"
expect_eq "no key for a shard" "$(cat err)" "arena: the deals are secret and no key is given (shards deal from --key FILE; make one with: arena key FILE): the commands that replay each game are listed with it"
"$ARENA" --check -v a.ini >out 2>err || fail "--check -v before a run"
expect_eq "games listed" "$(lines out)" $((8 + 21))
expect_eq "no key yet" "$(cat err)" "arena: the deals are secret and there is no key yet (results/a/key is made at the first run, or give --key FILE): the commands that replay each game are listed once it exists"
# --game without the run's results (no key where it looks): refused, not a
# command for a schedule of a key drawn on the spot
"$ARENA" --check -v --game hammerwalt.d0001.greedy+random.r0 a.ini >out 2>err
expect_eq "--game without the run's results: exit" $? 2
expect_eq "--game without the run's results" "$(cat err)" "arena: --game hammerwalt.d0001.greedy+random.r0: no run in 'results/a' (no key file): give the --results DIR the run played into (or its --key FILE) for the command that replays the game"
expect_eq "--game without the run's results: output" "$(cat out)" ""

# an explicit seed: every deal is public, and --check says so (still exit 0)
two_bots s.ini "variants = hammerwalt, fivehand" "deals = 3" "seed = 7"
"$ARENA" --check s.ini >out 2>err || fail "--check with a seed"
expect_eq "seed warning" "$(cat err)" "arena: s.ini:4: warning: 'seed' makes every deal predictable to anyone who knows it (without it, the deals come from a secret key)"
grep -q "^arena s: seed 7, " out || fail "no seed line: $(cat out)"
"$ARENA" --check --key nokey s.ini >/dev/null 2>err
expect_eq "--key with a seed exit" $? 2
expect_eq "--key with a seed" "$(cat err)" "arena: s.ini:4: 'seed' decides every deal, so --key 'nokey' would not be used (leave one of them out)"

# -v lists every game with the command that replays it, and that command works
"$ARENA" --check -v --shard 2/4 s.ini >out 2>/dev/null || fail "--check -v"
size=$(sed -n 's/^shard 2\/4: \([0-9]*\) games$/\1/p' out)
[ "$size" -gt 0 ] || fail "no shard line: $(cat out)"
expect_eq "commands listed for shard 2/4" "$(grep -c '^[a-z]*\.d[0-9]*\.[a-z0-9+]*\.r[0-9]  .*/referee --variant [a-z]* --seed [0-9]* ' out)" "$size"
"$ARENA" --check -v --game fivehand.d0002.t0001.r3 s.ini 2>/dev/null | tail -n 1 >one
expect_eq "one game listed" "$(lines one)" 1
cmd=$(sed 's/^fivehand.d0002.t0001.r3  //' one)
eval "$cmd" >replay.json || fail "replay command failed: $cmd"
grep -q '"variant":"fivehand"' replay.json || fail "replay did not print a result"
"$ARENA" --check -v --game nosuch.game s.ini >/dev/null 2>err
expect_eq "unknown --game exit" $? 2
expect_eq "unknown --game message" "$(sed 1d err)" "arena: no game 'nosuch.game' in the schedule"

# arena key FILE: a new key, 0600, never overwritten; --key reads it
umask 022
"$ARENA" key k1 2>err || fail "arena key: $(cat err)"
expect_eq "key file mode" "$(stat -c %a k1)" 600
grep -qx '[0-9a-f]\{64\}' k1 || fail "key file: $(cat k1)"
expect_eq "arena key message" "$(cat err)" "arena: wrote a new tournament key to k1; give every shard --key k1"
cp k1 k1.before
"$ARENA" key k1 2>err
expect_eq "arena key over a file exit" $? 2
expect_eq "arena key over a file" "$(cat err)" "arena: 'k1' exists; a key is never overwritten (remove it first, if no tournament uses it)"
cmp -s k1 k1.before || fail "arena key overwrote a key"
"$ARENA" key 2>/dev/null
expect_eq "arena key without FILE exit" $? 2
"$ARENA" --check -v --key k1 --game hammerwalt.d0001.greedy+random.r0 a.ini >out 2>err || fail "--check --key"
grep -q '^hammerwalt.d0001.greedy+random.r0  .*/referee --variant hammerwalt --seed [0-9]* --bot-seed 1:[0-9]* -- @greedy @random @greedy @greedy$' out ||
	fail "--check --key: $(cat out)"
seed=$(sed -n 's/.* --seed \([0-9]*\) .*/\1/p' out)
expect_eq "the seed is the key's" "$seed" "$(python3 -c "
import hashlib
k = bytes.fromhex(open('k1').read().strip())
h = hashlib.blake2b(b'euchre-arena deal\0hammerwalt\0' + (0).to_bytes(8, 'little'), key=k, digest_size=16)
print(int.from_bytes(h.digest()[:8], 'little') >> 1)")"
# @random's seed too: keyed by the game id and the seat (seats 2 and 3
# are the house player's, @greedy, which draws nothing)
expect_eq "@random's seed is the key's" "$(sed -n 's/.* --bot-seed 1:\([0-9]*\) .*/\1/p' out)" "$(python3 -c "
import hashlib
k = bytes.fromhex(open('k1').read().strip())
def seed(s):
    h = hashlib.blake2b(b'euchre-arena bot seed\0hammerwalt.d0001.greedy+random.r0\0' + s.to_bytes(8, 'little'), key=k, digest_size=16)
    return int.from_bytes(h.digest()[:8], 'little') >> 1
print(seed(1))")"
"$ARENA" --check --key nokey a.ini >/dev/null 2>err
expect_eq "missing --key exit" $? 2
expect_eq "missing --key" "$(cat err)" "arena: cannot read tournament key 'nokey': No such file or directory (make one with: arena key nokey)"
(umask 077 && printf '0123\n' >short.key)
"$ARENA" --check --key short.key a.ini >/dev/null 2>err
expect_eq "short --key exit" $? 2
expect_eq "short --key" "$(cat err)" "arena: tournament key 'short.key' is damaged (4 hex digits, expected 64)"

# a bot program that is missing or not executable is a config error
mkdir -p bots/noexec
printf '#!/bin/sh\n' >bots/noexec/run
chmod 644 bots/noexec/run
cat >badbots.ini <<'X'
[arena]
variants = hammerwalt
[bot gone]
command = /nowhere/run
[bot noexec]
dir = bots/noexec
[bot noscript]
command = python3 /nowhere/x.py --depth 2
[bot g]
command = @greedy
X
"$ARENA" --check badbots.ini >out 2>err
expect_eq "bad bot paths exit" $? 2
cat >expect <<X
arena: badbots.ini:4: bad value '/nowhere/run' for 'command' in [bot gone] (cannot run '/nowhere/run': No such file or directory)
arena: badbots.ini:6: bad value 'bots/noexec' for 'dir' in [bot noexec] (its 'run' file is not executable (fix: chmod +x $(pwd -P)/bots/noexec/run))
arena: badbots.ini:8: bad value 'python3 /nowhere/x.py --depth 2' for 'command' in [bot noscript] (no file '/nowhere/x.py' (argument 1 of the command): No such file or directory)
X
expect_file_eq "bad bot paths" err expect
"$ARENA" -q badbots.ini >/dev/null 2>err
expect_eq "bad bot paths: run exit" $? 2
expect_file_eq "bad bot paths: run" err expect
[ -e results/badbots ] && fail "a run with bad bot paths made its results directory"

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
arena: bad.ini:2: unknown variant 'flp' in 'variants' (expected hammerwalt, indiana, bloomington, fivehand, flip, progressive or a [variant flp] section with 'variant = BASE')
arena: bad.ini:3: unknown key 'tiem_ms' in [arena]
arena: bad.ini:4: bad value 'lots' for 'jobs' in [arena] (expected a number from 0 to 1024)
arena: bad.ini:10: unknown section [varient flip] (expected [arena], [slurm], [bot NAME] or [variant NAME])
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
	"arena: cannot read config 'missing.ini': No such file or directory"

# usage
"$ARENA" --help >out || fail "--help exit"
grep -q '^exit status:' out || fail "--help lacks exit status"
grep -q '^  --key FILE ' out || fail "--help lacks --key"
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
