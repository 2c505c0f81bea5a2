#!/bin/sh
# t_arena_shard.sh - --shard K/N plays disjoint slices whose union is the
# schedule, each in its own directory, all dealing from one key given with
# --key FILE (a shard without it is refused; a shard directory keeps a
# copy, so a resume needs no --key, and refuses another key); report
# merges them into exactly the standings of one full run with that key,
# and counts a game given twice once.
. tests/arena/lib.sh
cd "$W" || exit 1

cat >t.ini <<'X'
[arena]
variants = indiana, fivehand
deals = 3
results = res
[bot a]
command = @greedy
[bot b]
command = @random
[bot c]
command = @greedy
X
n=$(planned t.ini)
# without a shared key every shard would deal its own cards: refused
"$ARENA" -q --shard 1/3 t.ini >/dev/null 2>err
expect_eq "shard without --key exit" $? 2
expect_eq "shard without --key" "$(cat err)" "arena: --shard needs --key FILE when the config sets no 'seed': every shard must deal from the same key (make one with: arena key FILE; copy it to every machine)"
[ -e res ] && fail "a refused shard made its results directory"
"$ARENA" key t.key 2>/dev/null || fail "arena key"
"$ARENA" -q --key t.key --results full t.ini >full.txt 2>/dev/null || fail "full run"
cmp -s t.key full/key || fail "the full run did not keep a copy of --key"
total=0
for k in 1 2 3; do
	size=$("$ARENA" --check --key t.key --shard $k/3 t.ini | sed -n 's/^shard [0-9]\/3: \([0-9]*\) games$/\1/p')
	expect_eq "--check -v lines of shard $k" "$("$ARENA" --check -v --key t.key --shard $k/3 t.ini | grep -c '^[a-z]*\.d')" "$size"
	"$ARENA" -q --key t.key --shard $k/3 t.ini >/dev/null 2>err || fail "shard $k: $(cat err)"
	cmp -s t.key res/shard-$k-of-3/key || fail "shard $k did not keep a copy of the key"
	[ -f res/shard-$k-of-3/results.jsonl ] || fail "shard $k did not write res/shard-$k-of-3"
	expect_eq "games of shard $k" "$(lines res/shard-$k-of-3/results.jsonl)" "$size"
	total=$((total + size))
done
expect_eq "games over all shards" "$total" "$n"
cat res/shard-*/results.jsonl >all
no_duplicate_ids all
expect_eq "distinct games" "$(game_ids all | sort -u | wc -l | tr -d ' ')" "$n"

"$ARENA" report res/shard-1-of-3 res/shard-2-of-3 res/shard-3-of-3 >merged.txt || fail "report"
expect_file_eq "merged standings" merged.txt full.txt
# given twice, a shard's games count once
"$ARENA" report res/shard-2-of-3 res/shard-1-of-3 res/shard-3-of-3/results.jsonl \
	res/shard-2-of-3/results.jsonl >twice.txt || fail "report twice"
grep -v '^note: ' twice.txt >twice2.txt
expect_file_eq "standings with a shard given twice" twice2.txt full.txt
grep -q "^note: $(lines res/shard-2-of-3/results.jsonl) duplicate game ids counted once$" twice.txt ||
	fail "no duplicate note"
"$ARENA" report --csv res/shard-*-of-3 >merged.csv || fail "csv"
"$ARENA" report --csv full >full.csv || fail "csv"
expect_file_eq "merged csv" merged.csv full.csv

# a shard directory holds one shard only
"$ARENA" -q --key t.key --shard 2/3 --results res/shard-1-of-3 t.ini >/dev/null 2>err
expect_eq "wrong shard exit" $? 2
expect_eq "wrong shard message" "$(cat err)" \
	"arena: res/shard-1-of-3 holds shard 1/3, not 2/3; use another --results directory"
# the key travels with the shard directory: resuming needs no --key
"$ARENA" -q --shard 2/3 t.ini >/dev/null 2>err || fail "shard resume without --key: $(cat err)"
grep -q "^arena: nothing to play: all $(lines res/shard-2-of-3/results.jsonl) games are in res/shard-2-of-3$" err ||
	fail "shard resume: $(cat err)"
# and another key is refused
"$ARENA" key other.key 2>/dev/null
"$ARENA" -q --key other.key --shard 2/3 t.ini >/dev/null 2>err
expect_eq "another key exit" $? 2
expect_eq "another key" "$(cat err)" "arena: --key 'other.key' is not the key of res/shard-2-of-3 (res/shard-2-of-3/key differs): its games were dealt from another key. Use that key, another --results directory, or --fresh"
exit 0
