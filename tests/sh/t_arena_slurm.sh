#!/bin/sh
# t_arena_slurm.sh - arena slurm without a cluster: the two job scripts it
# writes and prints (exactly), its settings from [slurm] and from options
# (an option wins), the key it makes (0600, once), what --submit passes to
# sbatch (a stand-in sbatch that records its arguments) and prints;
# resubmitting asks only for the incomplete shards (those with games
# missing, or played with other bots than the config's now); --merge refuses an
# incomplete ladder (exit 3, naming the shards) unless --partial (which
# leaves out the shards played with other bots, as report refuses them),
# and writes the standings of a complete one exactly as a report of the
# shards; a shard's progress line names it; bad values are refused.
# tests/sh/t_slurm.sh runs the same on a real Slurm.
. tests/arena/lib.sh
cd "$W" || exit 1
W=$(pwd -P)

cat >t.ini <<'X'
[arena]
name = cup
variants = hammerwalt
deals = 6
results = res
jobs = 3
[bot a]
command = @greedy
[bot b]
command = @random
[slurm]
shards = 3
time = 30
sbatch_args = --account=cls --qos=long
X

# ---- the scripts, printed
"$ARENA" slurm --partition short t.ini >printed 2>err || fail "arena slurm: $(cat err)"
expect_eq "stderr of arena slurm" "$(cat err)" ""
expect_eq "key mode" "$(stat -c %a res/key)" 600
cp res/key key.first
cat >expected <<X
# ---- $W/res/slurm/shards.sbatch
#!/bin/sh
# the shards of tournament 'cup': array task K plays shard K of 3
# (made by arena slurm; running it again asks only for the shards not done)
#SBATCH --job-name=cup
#SBATCH --array=1-3
#SBATCH --cpus-per-task=3
#SBATCH --time=30
#SBATCH --output=$W/res/slurm/shard-%a.out
#SBATCH --open-mode=append
#SBATCH --partition=short
#SBATCH --account=cls --qos=long
k=\$SLURM_ARRAY_TASK_ID
exec $ARENA --shard "\$k/3" --key $W/res/key --results $W/res/shard-"\$k"-of-3 --jobs 3 $W/t.ini
# ---- $W/res/slurm/merge.sbatch
#!/bin/sh
# the standings of tournament 'cup' from its 3 shards (made by arena slurm)
#SBATCH --job-name=cup-merge
#SBATCH --cpus-per-task=1
#SBATCH --output=$W/res/slurm/merge.out
#SBATCH --open-mode=append
#SBATCH --partition=short
#SBATCH --account=cls --qos=long
set -e
$ARENA slurm --merge --shards 3 --results $W/res $W/t.ini
# the standings page, where this arena makes one
if $ARENA report --help | grep -q -e '--html'; then
	$ARENA report --html $W/res/standings.html $W/res/shard-1-of-3 $W/res/shard-2-of-3 $W/res/shard-3-of-3
fi
# ---- to submit them (what arena slurm --submit does):
# jid=\$(sbatch --parsable $W/res/slurm/shards.sbatch) &&
#   sbatch --dependency=afterok:"\${jid%;*}" $W/res/slurm/merge.sbatch
X
expect_file_eq "printed scripts" printed expected
sed -n '2,/^# ---- .*merge.sbatch$/p' printed | sed '$d' >shards.expected
expect_file_eq "res/slurm/shards.sbatch" res/slurm/shards.sbatch shards.expected

# options win over [slurm]; the key is made once
"$ARENA" slurm --shards 2 --cpus-per-task 1 --time 1-00:00:00 t.ini >printed2 2>err || fail "$(cat err)"
cmp -s key.first res/key || fail "a second arena slurm made a new key"
grep -q '^#SBATCH --array=1-2$' printed2 || fail "--shards 2: $(grep array printed2)"
grep -q '^#SBATCH --cpus-per-task=1$' printed2 || fail "--cpus-per-task 1"
grep -q '^#SBATCH --time=1-00:00:00$' printed2 || fail "--time"
grep -q -- '--results [^ ]*/res/shard-"$k"-of-2 --jobs 1 ' printed2 || fail "shard command of 2"

# a config with 'seed' deals in public: no key
sed 's/^jobs = 3$/seed = 7/' t.ini >seeded.ini
"$ARENA" slurm --results seeded seeded.ini >printed3 2>err || fail "$(cat err)"
[ -e seeded/key ] && fail "a key made for a config with 'seed'"
grep -q -- '--key' printed3 && fail "--key given for a config with 'seed'"
grep -q '^#SBATCH --cpus-per-task=1$' printed3 || fail "default cpus_per_task is not 1"

# ---- bad values
"$ARENA" slurm --time 'two hours' t.ini >/dev/null 2>err
expect_eq "bad --time exit" $? 2
expect_eq "bad --time" "$(cat err)" "arena: slurm: bad value 'two hours' for --time (expected a time limit as sbatch --time takes it, such as 90, 12:00:00 or 2-00:00:00)"
grep -v '^shards' t.ini >noshards.ini
"$ARENA" slurm noshards.ini >/dev/null 2>err
expect_eq "no shards exit" $? 2
expect_eq "no shards" "$(cat err)" "arena: slurm: how many shards? (give --shards N, or 'shards' in [slurm])"
"$ARENA" slurm --results 'my results' t.ini >/dev/null 2>err
expect_eq "results dir with a blank: exit" $? 1
grep -q "^arena: slurm: the results directory '.*/my results' has a character that job scripts would need to quote" err ||
	fail "results dir with a blank: $(cat err)"
"$ARENA" slurm --submit --merge t.ini >/dev/null 2>err
expect_eq "--submit --merge exit" $? 2

# a results directory another user can change is refused before anything is
# written into it (he could swap the job script the teacher submits)
if [ "$(id -u)" = 0 ]; then
	mkdir -m 777 open && chown nobody open
	"$ARENA" slurm --results open/lad t.ini >/dev/null 2>err
	expect_eq "a directory others may change: exit" $? 1
	grep -q "^arena: the results directory is not safe: " err || fail "open directory: $(cat err)"
	[ -e open/lad/slurm ] && fail "job scripts were written into an unsafe directory"
fi

# ---- --submit, with a stand-in sbatch: it records its arguments, answers "ID;cluster"
mkdir fakebin
cat >fakebin/sbatch <<'X'
#!/bin/sh
n=$(($(cat "$SBATCH_LOG.n" 2>/dev/null || echo 40) + 1))
echo $n >"$SBATCH_LOG.n"
echo "$*" >>"$SBATCH_LOG"
echo "$n;arenatest"
X
chmod +x fakebin/sbatch
SBATCH_LOG=$W/sbatch.log
export SBATCH_LOG
PATH=$W/fakebin:$PATH "$ARENA" slurm --submit t.ini >sub.out 2>err || fail "--submit: $(cat err)"
cat >expected <<X
--parsable $W/res/slurm/shards.sbatch
--parsable --dependency=afterok:41 $W/res/slurm/merge.sbatch
X
expect_file_eq "sbatch arguments" sbatch.log expected
cat >expected <<X
shards: job 41 (array tasks 1-3 of 3)
merge: job 42 (runs once every task succeeded)
progress: squeue --jobs=41,42
logs: $W/res/slurm/shard-K.out, $W/res/slurm/merge.out
standings: $W/res/standings.txt (and .csv, .json) once the merge is done
X
expect_file_eq "--submit output" sub.out expected
# sbatch refusing: exit 1, its reason named
printf '#!/bin/sh\necho "sbatch: error: invalid partition" >&2\nexit 1\n' >fakebin/sbatch
PATH=$W/fakebin:$PATH "$ARENA" slurm --submit t.ini >/dev/null 2>err
expect_eq "sbatch failing: exit" $? 1
expect_eq "sbatch failing" "$(cat err)" "sbatch: error: invalid partition
arena: sbatch $W/res/slurm/shards.sbatch failed (exit status 1; its message is above)"

# ---- shards played by hand, as the array tasks would: 1 and 3, then 2
for k in 1 3; do
	SLURM_ARRAY_TASK_ID=$k sh res/slurm/shards.sbatch >/dev/null 2>err$k || fail "shard $k: $(cat err$k)"
done
# the progress line names the shard
grep -q '^\[cup 3/3\] [0-9]*/[0-9]* games ' err3 || fail "progress line of shard 3: $(cat err3)"
"$ARENA" slurm --merge t.ini >/dev/null 2>err
expect_eq "incomplete merge exit" $? 3
expect_eq "incomplete merge" "$(cat err)" "arena: the ladder is incomplete: 1 of 3 shards are not done (submit the same arena slurm command again to play what is missing, or merge what there is with --partial):
arena:   shard 2/3: not started"
[ -e res/standings.txt ] && fail "an incomplete merge wrote standings"
"$ARENA" slurm t.ini | grep '^#SBATCH --array=' >array || fail "resubmission"
expect_eq "resubmission asks for" "$(cat array)" "#SBATCH --array=2"
"$ARENA" slurm --merge --partial t.ini >partial.txt 2>err || fail "--partial: $(cat err)"
"$ARENA" report res/shard-1-of-3 res/shard-3-of-3 >expected || fail "report of 2 shards"
expect_file_eq "--partial standings" res/standings.txt expected
# shard 2 with part of its games: named with its count
SLURM_ARRAY_TASK_ID=2 sh res/slurm/shards.sbatch >/dev/null 2>err2 || fail "shard 2: $(cat err2)"
games2=$(lines res/shard-2-of-3/results.jsonl)
head -n 1 res/shard-2-of-3/results.jsonl >one && cp one res/shard-2-of-3/results.jsonl
"$ARENA" slurm --merge t.ini >/dev/null 2>err
expect_eq "shard 2 with 1 game" "$(tail -n 1 err)" "arena:   shard 2/3: 1 of $games2 games"
SLURM_ARRAY_TASK_ID=2 sh res/slurm/shards.sbatch >/dev/null 2>err2 || fail "shard 2 again: $(cat err2)"
grep -q "^arena: resuming .*shard-2-of-3: 1 of $games2 games already played$" err2 ||
	fail "shard 2 did not resume: $(cat err2)"
"$ARENA" slurm t.ini | grep '^#SBATCH --array=' && fail "an array asked for with every shard complete"
"$ARENA" slurm --merge t.ini >merged.txt 2>err || fail "merge: $(cat err)"
"$ARENA" report res/shard-*-of-3 >expected || fail "report"
expect_file_eq "merged standings" res/standings.txt expected
expect_file_eq "merge's stdout" merged.txt expected
"$ARENA" report --csv res/shard-*-of-3 >expected
expect_file_eq "merged csv" res/standings.csv expected
"$ARENA" report --json res/shard-*-of-3 >expected
expect_file_eq "merged json" res/standings.json expected
# and it is the tournament of one unsharded run with the key
"$ARENA" -q --key res/key --results full t.ini >full.txt 2>err || fail "full: $(cat err)"
expect_file_eq "merged = unsharded" res/standings.txt full.txt
# a bot added after the shards ran: every shard played without it, so every
# shard is incomplete again (its task plays the new bot's games), and the
# merge refuses the old standings
printf '[bot c]\ncommand = @greedy\n' >>t.ini
"$ARENA" slurm t.ini | grep '^#SBATCH --array=' >array || fail "resubmission after a change"
expect_eq "resubmission after a change asks for" "$(cat array)" "#SBATCH --array=1-3"
"$ARENA" slurm --merge t.ini >/dev/null 2>err
expect_eq "merge after a change: exit" $? 3
expect_eq "merge after a change" "$(tail -n 1 err)" \
	"arena:   shard 3/3: played with other bots or another setup than the config's now"
# no shard of the config as it is now: --partial merges nothing and leaves
# the standings of the last merge as they are (not a table of no game)
"$ARENA" slurm --merge --partial t.ini >/dev/null 2>err
expect_eq "--partial with no current shard: exit" $? 3
expect_eq "--partial with no current shard" "$(tail -n 1 err)" \
	"arena: --partial: no shard holds games of the config as it is now: nothing merged, the standings are left as they are"
expect_file_eq "standings kept" res/standings.txt full.txt
# shard 1 plays the new bot's games; the others are still of the old bots:
# --partial merges shard 1 alone (never a table of two runs), and report
# refuses the directories of the two runs together, naming what differs
SLURM_ARRAY_TASK_ID=1 sh res/slurm/shards.sbatch >/dev/null 2>err1 || fail "shard 1 after a change: $(cat err1)"
"$ARENA" slurm --merge --partial t.ini >partial.txt 2>err || fail "--partial after a change: $(cat err)"
"$ARENA" report res/shard-1-of-3 >expected || fail "report of shard 1"
expect_file_eq "--partial standings after a change" res/standings.txt expected
"$ARENA" report res/shard-*-of-3 >/dev/null 2>err
expect_eq "report of two runs: exit" $? 2
expect_eq "report of two runs" "$(cat err)" "arena: res/shard-1-of-3 and res/shard-2-of-3 hold games of different runs, not to be merged: bot 'c' (only in the first). Report the directories of one run (shards: shard-*-of-N)"
exit 0
