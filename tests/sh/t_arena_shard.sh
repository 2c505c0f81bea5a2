#!/bin/sh
# t_arena_shard.sh - --shard K/N plays disjoint slices whose union is the
# schedule, each in its own directory; report merges them into exactly the
# standings of one full run, and counts a game given twice once.
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
"$ARENA" -q --results full t.ini >full.txt 2>/dev/null || fail "full run"
total=0
for k in 1 2 3; do
	size=$("$ARENA" --check --shard $k/3 t.ini | sed -n 's/^shard [0-9]\/3: \([0-9]*\) games$/\1/p')
	expect_eq "--check -v lines of shard $k" "$("$ARENA" --check -v --shard $k/3 t.ini | grep -c '^[a-z]*\.d')" "$size"
	"$ARENA" -q --shard $k/3 t.ini >/dev/null 2>err || fail "shard $k: $(cat err)"
	[ -f res/shard-$k-of-3/results.jsonl ] || fail "shard $k did not write res/shard-$k-of-3"
	expect_eq "games of shard $k" "$(lines res/shard-$k-of-3/results.jsonl)" "$size"
	total=$((total + size))
done
expect_eq "games over all shards" "$total" "$n"
cat res/shard-*/results.jsonl >all
no_duplicate_ids all
expect_eq "distinct games" "$(sed 's/^{"game":"\([^"]*\)".*/\1/' all | sort -u | wc -l | tr -d ' ')" "$n"

"$ARENA" report res/shard-1-of-3 res/shard-2-of-3 res/shard-3-of-3 >merged.txt || fail "report"
expect_file_eq "merged standings" merged.txt full.txt
# given twice, a shard's games count once
"$ARENA" report res/shard-2-of-3 res/shard-1-of-3 res/shard-3-of-3/results.jsonl \
	res/shard-2-of-3/results.jsonl >twice.txt || fail "report twice"
grep -v '^note: ' twice.txt >twice2.txt
expect_file_eq "standings with a shard given twice" twice2.txt full.txt
grep -q "^note: $(lines res/shard-2-of-3/results.jsonl) duplicate game ids counted once$" twice.txt ||
	fail "no duplicate note"
"$ARENA" report --csv res/shard-* >merged.csv || fail "csv"
"$ARENA" report --csv full >full.csv || fail "csv"
expect_file_eq "merged csv" merged.csv full.csv

# a shard directory holds one shard only
"$ARENA" -q --shard 2/3 --results res/shard-1-of-3 t.ini >/dev/null 2>err
expect_eq "wrong shard exit" $? 2
expect_eq "wrong shard message" "$(cat err)" \
	"arena: res/shard-1-of-3 holds shard 1/3, not 2/3; use another --results directory"
exit 0
