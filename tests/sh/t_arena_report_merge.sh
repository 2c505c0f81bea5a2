#!/bin/sh
# t_arena_report_merge.sh - report refuses to merge results of different
# runs: the shard directories of an earlier --shards count, played while a
# bot was another version, beside the current ones (so that shard-* of
# the docs' old glob matches both) is an error naming the two directories
# and what differs (exit 2), not standings that mix the two versions;
# shard-*-of-N merges the run it names, also when its shards were played
# from copies of the tournament in two places. A game id given twice with
# different results is an error too; given twice alike it counts once.
. tests/arena/lib.sh
cd "$W" || exit 1

# s answers the first legal move (version 1), then the last (version 2)
mkdir s
bot() {
	cat >s/run <<X
#!/bin/sh
while IFS= read -r line; do
	case \$line in
	"legal "*) m=\${line#legal }; m=\${m$1}; [ "\$m" = ready ] && m="ready s"; printf '%s\n' "\$m" ;;
	quit) exit 0 ;;
	esac
done
X
	chmod +x s/run
}
cat >t.ini <<'X'
[arena]
variants = hammerwalt
deals = 2
; a public seed: the deals, and so the standings, are the same every time
seed = 7
results = res
[bot g]
command = @greedy
[bot r]
command = @random
[bot s]
dir = s
X
bot '%%,*'
for k in 1 2; do
	"$ARENA" -q --shard $k/2 t.ini >/dev/null 2>err || fail "shard $k/2: $(cat err)"
done
"$ARENA" -q --results full1 t.ini >full1.txt 2>err || fail "full run 1: $(cat err)"
bot '##*,'
for k in 1 2 3; do
	"$ARENA" -q --shard $k/3 t.ini >/dev/null 2>err || fail "shard $k/3: $(cat err)"
done
"$ARENA" -q --results full2 t.ini >full2.txt 2>err || fail "full run 2: $(cat err)"
# the bot's fingerprint in each run's arena.json
fingerprint() {
	tr -d ' \n' <"$1" | sed -n 's/.*{"bot":"s","fingerprint":"\([0-9a-f]*\)"}.*/\1/p'
}
fp1=$(fingerprint res/shard-1-of-2/arena.json)
fp2=$(fingerprint res/shard-1-of-3/arena.json)
[ -n "$fp1" ] && [ -n "$fp2" ] && [ "$fp1" != "$fp2" ] || fail "fingerprints of s: '$fp1', '$fp2'"

# each run alone: its standings, those of the whole run (s: 4 wins, then none)
"$ARENA" report res/shard-*-of-2 >old.txt 2>err || fail "report of the 2 shards: $(cat err)"
expect_file_eq "the 2 shards" old.txt full1.txt
"$ARENA" report res/shard-*-of-3 >new.txt 2>err || fail "report of the 3 shards: $(cat err)"
expect_file_eq "the 3 shards" new.txt full2.txt
row() {
	sed -n "s/^    [0-9]  $2  *\([0-9]*\)  *\([0-9.]*\)  *[-0-9.]*  *[-+0-9.]*  *\([0-9]*\) ± .*/\1 games, \2 wins, rating \3/p" "$1"
}
# each run is a clean ladder: g beats both 4-0, the middle bot beats the
# last 4-0. The batch fit (docs/ratings.md) puts the middle one at the mean,
# 1500, and g at 1500 + 173.72 x, where 4 (1 - p(x)) + 4 (1 - p(2x)) =
# x / s^2 with the prior's s = 500 Elo: x = 2.56408 (bisection), 1945
expect_eq "s in the first run" "$(row old.txt s)" "8 games, 4.0 wins, rating 1500"
expect_eq "s in the second run" "$(row new.txt s)" "8 games, 0.0 wins, rating 1055"
expect_eq "g in the second run" "$(row new.txt g)" "8 games, 8.0 wins, rating 1945"

# both runs at once (the old glob shard-*): refused, the two directories
# and what differs named, nothing printed
"$ARENA" report res/shard-* >mixed.txt 2>err
expect_eq "mixed runs exit" $? 2
expect_eq "mixed runs" "$(cat err)" "arena: res/shard-1-of-2 and res/shard-1-of-3 hold games of different runs, not to be merged: shard count (2, 3), bot 's' (fingerprint $fp1, $fp2: another version of it). Report the directories of one run (shards: shard-*-of-N)"
expect_eq "mixed runs output" "$(cat mixed.txt)" ""
# the same with a whole run: another shard count, and the same bots
"$ARENA" report full2 res/shard-2-of-3 >/dev/null 2>err
expect_eq "whole run and shard exit" $? 2
expect_eq "whole run and shard" "$(cat err)" "arena: full2 and res/shard-2-of-3 hold games of different runs, not to be merged: shard count (1, 3). Report the directories of one run (shards: shard-*-of-N)"

# the shards of one run played from two places (a copy of the tournament,
# as on nodes that mount it at different paths): s, a dir bot, has one
# fingerprint in both, as seen from the config's directory, so they merge
mkdir -p here/cup
cp -a s t.ini here/cup/
cp -a here/cup there
(cd here/cup && "$ARENA" -q --shard 1/2 t.ini >/dev/null 2>"$W/err") || fail "shard 1/2 here: $(cat err)"
(cd there && "$ARENA" -q --shard 2/2 t.ini >/dev/null 2>"$W/err") || fail "shard 2/2 there: $(cat err)"
expect_eq "s in both places" "$(fingerprint there/res/shard-2-of-2/arena.json)" \
	"$(fingerprint here/cup/res/shard-1-of-2/arena.json)"
"$ARENA" report here/cup/res/shard-1-of-2 there/res/shard-2-of-2 >places.txt 2>err ||
	fail "report of shards from two places: $(cat err)"
expect_file_eq "shards from two places" places.txt full2.txt

# a game given twice: alike it counts once (with a note); with another
# result (the teams' places swapped) it is an error naming both places
mkdir same other
head -1 full2/results.jsonl >same/results.jsonl
head -1 full2/results.jsonl | sed 's/"ranks":\[\([12]\),\([12]\),/"ranks":[\2,\1,/' >other/results.jsonl
cmp -s same/results.jsonl other/results.jsonl && fail "the changed line is the same"
id=$(game_ids same/results.jsonl)
"$ARENA" report full2 same >twice.txt 2>err || fail "report twice: $(cat err)"
expect_eq "duplicate note" "$(grep '^note: ' twice.txt)" "note: 1 duplicate game ids counted once"
grep -v '^note: ' twice.txt >twice2.txt
expect_file_eq "standings with a game twice" twice2.txt full2.txt
"$ARENA" report full2 other >/dev/null 2>err
expect_eq "another result exit" $? 2
expect_eq "another result" "$(cat err)" "arena: other/results.jsonl:1: game $id was read before, from full2, with another result: two plays of one game, by different runs. Report the results of one run"
# the ladder's directory itself (no results.jsonl of its own): shards of
# two counts are refused, naming both; with the shards of one count left
# they are found and merged; a directory with no results is an error
"$ARENA" report res >dir.txt 2>err
expect_eq "a ladder's directory, two counts: exit" $? 2
expect_eq "a ladder's directory, two counts" "$(cat err)" "arena: no results.jsonl in 'res', and shards of more than one count (shard-K-of-2, shard-K-of-3): name the shards of one ladder (arena report res/shard-*-of-N)"
expect_eq "a ladder's directory, two counts: output" "$(cat dir.txt)" ""
mkdir aside
mv res/shard-1-of-2 res/shard-2-of-2 aside/
"$ARENA" report res >dir.txt 2>err || fail "report of a ladder's directory: $(cat err)"
expect_eq "a ladder's directory: note" "$(cat err)" "arena: 'res' holds no results.jsonl: reading its 3 shard directories (shard-*-of-3)"
expect_file_eq "a ladder's directory: its 3 shards" dir.txt full2.txt
mkdir nothing
"$ARENA" report nothing >none.txt 2>err
expect_eq "no results: exit" $? 2
expect_eq "no results" "$(cat err)" "arena: no results in 'nothing': expected a results directory (with results.jsonl), a results.jsonl file, or a sharded ladder's directory (with shard-K-of-N/)"
expect_eq "no results: output" "$(cat none.txt)" ""
exit 0
