#!/bin/sh
# t_compare.sh - bin/arena compare (docs/compare.md) in real games:
#  1. @greedy (candidate) against @random (baseline) in indiana with
#     --sprt 0,50: greedy wins both games of every pair here, and with the
#     SPRT's prior the LLR of k pairs all won is 2.9428 at k = 22 and
#     3.0764 at k = 23 (worked out from the formulas in arena/rank_sprt.h), so
#     H1 is accepted after exactly 23 pairs, 46 games;
#  2. a bot against itself (@greedy twice, which draws nothing at random:
#     @random's seed is each game's own, not the deal's): the same deal
#     with the seats exchanged splits every pair; 19 splits give LLR
#     -2.8746, 20 give -3.0283: H0 after exactly 20 pairs, never H1;
#  3. resuming: --games 10 then --games 20 on the same directory plays 10
#     more games and keeps the first ten lines;
#  4. a directory of another comparison is refused (exit 2);
#  5. faults are the faulting bot's losses: a bot that crashes at once
#     scores 0 in every game, and its faults are counted; in indiana the
#     filler partners A and B (seats 2 and 3), with --partners copies B
#     holds two seats of every game;
#  6. fivehand: A and B in two seats among fillers, moving round the table;
#  7. usage errors escape the bytes they quote;
#  9. a deal suite (--deals FILE): two comparisons with their own secret
#     keys meet the suite's seeds, in its order, one pair each, and its
#     deal files (the referee's --deal, relative to the suite); a
#     malformed suite names its line, a malformed deal file fails its
#     games with the referee's message (exit 3).
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
field() { # field FILE KEY: the value of KEY in the last line of FILE, as Python prints it
	python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])[sys.argv[2]])' "$1" "$2"
}

# 1.
"$A" compare --variant indiana --seed 7 --sprt 0,50 --games 400 --jobs 2 \
	--results "$tmp/c1" @random @greedy >"$tmp/c1.out" 2>"$tmp/c1.err" ||
	fail "compare 1: exit $?: $(cat "$tmp/c1.err")"
expect_eq "greedy: verdict" "$(field "$tmp/c1.out" verdict)" H1
expect_eq "greedy: pairs" "$(field "$tmp/c1.out" pairs)" 23
expect_eq "greedy: pentanomial" "$(field "$tmp/c1.out" pentanomial)" "[0, 0, 0, 0, 23]"
expect_eq "greedy: llr" "$(field "$tmp/c1.out" llr)" 3.076
expect_eq "greedy: bounds" "$(field "$tmp/c1.out" bounds)" "[-2.944, 2.944]"
# (the interval's low end: 1 - 1.96 x 0.0059427 with the prior, 771 Elo)
grep -q '^\[compare\] 23/200 pairs  B scores 1.000  Elo +inf \[+771, +inf\]  LLR 3.08 (-2.94, 2.94)$' \
	"$tmp/c1.err" || fail "greedy: progress line: $(tail -1 "$tmp/c1.err")"
# before any pair: the count alone (it said 'Elo +0 [-0, -0]' of no games)
grep -q '^\[compare\] 0/200 pairs$' "$tmp/c1.err" ||
	fail "greedy: first progress line: $(head -1 "$tmp/c1.err")"
# the games are in the results, as in a tournament: 46 of them (2 jobs: whole rounds)
n=$(wc -l <"$tmp/c1/results.jsonl")
[ "$n" -ge 46 ] && [ "$n" -le 48 ] || fail "greedy: $n games stored"

# 2.
"$A" compare --variant indiana --seed 7 --sprt 0,50 --games 400 --jobs 2 -q \
	--results "$tmp/c2" @greedy @greedy >"$tmp/c2.out" 2>"$tmp/c2.err" ||
	fail "compare 2: $(cat "$tmp/c2.err")"
expect_eq "itself: verdict" "$(field "$tmp/c2.out" verdict)" H0
expect_eq "itself: pairs" "$(field "$tmp/c2.out" pairs)" 20
expect_eq "itself: pairs by outcome" "$(field "$tmp/c2.out" pairs_by_outcome)" \
	"{'both_lost': 0, 'split': 20, 'both_won': 0}"
expect_eq "itself: quiet" "$(cat "$tmp/c2.err")" ""

# 3.
"$A" compare --variant hammerwalt --seed 3 --games 10 -q --results "$tmp/c3" @random @greedy \
	>"$tmp/c3a.out" 2>&1 || fail "resume, first run: $(cat "$tmp/c3a.out")"
head -10 "$tmp/c3/results.jsonl" | sed 's/,"time_ms".*//' >"$tmp/first"
"$A" compare --variant hammerwalt --seed 3 --games 20 -q --results "$tmp/c3" @random @greedy \
	>"$tmp/c3b.out" 2>&1 || fail "resume, second run: $(cat "$tmp/c3b.out")"
expect_eq "resume: verdict without --sprt" "$(field "$tmp/c3b.out" verdict)" none
expect_eq "resume: pairs" "$(field "$tmp/c3b.out" pairs)" 10
expect_eq "resume: games stored" "$(wc -l <"$tmp/c3/results.jsonl")" 20
head -10 "$tmp/c3/results.jsonl" | sed 's/,"time_ms".*//' | cmp -s - "$tmp/first" ||
	fail "resume: the first ten games changed"

# 4.
"$A" compare --variant hammerwalt --seed 3 --games 10 -q --results "$tmp/c3" @greedy @random \
	>"$tmp/c4.out" 2>&1
expect_eq "another comparison: exit" "$?" 2
grep -q "holds another comparison" "$tmp/c4.out" || fail "another comparison: $(cat "$tmp/c4.out")"

# 5.
mkdir -m 755 "$tmp/crash"
printf '#!/bin/sh\nexit 3\n' >"$tmp/crash/run"
chmod 755 "$tmp/crash/run"
"$A" compare --variant indiana --seed 5 --games 6 --jobs 2 -q --results "$tmp/c5" \
	@random "$tmp/crash" >"$tmp/c5.out" 2>&1 || fail "crash: $(cat "$tmp/c5.out")"
expect_eq "crash: score" "$(field "$tmp/c5.out" score)" 0.0
# (per seat and game: B holds one seat in each of 6 games, the filler partners it)
expect_eq "crash: faults" "$(field "$tmp/c5.out" faults)" "{'A': 0, 'B': 6, 'filler': 0}"
python3 - "$tmp/c5/results.jsonl" <<'PY' || fail "crash: house seats"
import json, sys
games = sorted((json.loads(l) for l in open(sys.argv[1])), key=lambda r: r["index"])
f = "filler"
assert [g["bots"] for g in games] == [["A", "B", f, f], ["B", "A", f, f]] * 3, games
assert [g["seats"][2:] for g in games] == [["@greedy", "@greedy"]] * 6
PY
# --partners copies: A+A against B+B, B in two seats of each game
"$A" compare --variant indiana --seed 5 --games 6 --jobs 2 -q --results "$tmp/c5c" \
	--partners copies @random "$tmp/crash" >"$tmp/c5c.out" 2>&1 ||
	fail "crash, copies: $(cat "$tmp/c5c.out")"
expect_eq "crash, copies: faults" "$(field "$tmp/c5c.out" faults)" "{'A': 0, 'B': 12, 'filler': 0}"
grep -q '"bots":\["B","A","B","A"\]' "$tmp/c5c/results.jsonl" || fail "crash, copies: seats"
"$A" compare --partners mixed @random @greedy 2>"$tmp/p.err"
expect_eq "--partners mixed: exit" $? 2
# every game forfeited: no margin (the fillers' points are not B's)
expect_eq "crash: margin" "$(field "$tmp/c5.out" margin_per_deal)" 0.0
expect_eq "crash: margin interval" "$(field "$tmp/c5.out" margin_95)" "[0.0, 0.0]"

# 6.
"$A" compare --variant fivehand --seed 1 --games 4 -q --results "$tmp/c6" @random @greedy \
	>"$tmp/c6.out" 2>&1 || fail "fivehand: $(cat "$tmp/c6.out")"
python3 - "$tmp/c6/results.jsonl" <<'PY' || fail "fivehand: seats"
import json, sys
games = sorted((json.loads(l) for l in open(sys.argv[1])), key=lambda r: r["index"])
got = [g["bots"] for g in games]
f = "filler"
want = [["A", "B", f, f, f], ["B", "A", f, f, f], [f, "A", "B", f, f], [f, "B", "A", f, f]]
assert got == want, got
assert games[0]["seed"] == games[1]["seed"] != games[2]["seed"] == games[3]["seed"]
PY

# 7. nothing reaches the config but what compare writes itself
"$A" compare --limit insecure=true --games 4 --results "$tmp/c7" @random @greedy >"$tmp/c7.out" 2>&1
expect_eq "--limit insecure: exit" "$?" 2
grep -q "the key must be one of mem_mb" "$tmp/c7.out" || fail "--limit insecure: $(cat "$tmp/c7.out")"
"$A" compare --variant "$(printf 'indiana\ninsecure = true')" --games 4 --results "$tmp/c7" \
	@random @greedy >"$tmp/c7.out" 2>&1
expect_eq "--variant with a newline: exit" "$?" 2
[ -e "$tmp/c7" ] && fail "refused arguments left a results directory"
# 7b. a path holding ';', '#' or '[' reaches the games as it is: compare
# hands its options to the config as values, never as INI text
mkdir -p "$tmp/a ;#[b"
cp -r "$top/sample-bots/c-random" "$tmp/a ;#[b/bot"
"$A" compare --games 2 --seed 3 -q --results "$tmp/c7;#[" @random "$tmp/a ;#[b/bot" \
	>"$tmp/c7.out" 2>&1 || fail "a directory with ' ;#[': $(cat "$tmp/c7.out")"
expect_eq "a directory with ' ;#[': pairs" "$(field "$tmp/c7.out" pairs)" 1
expect_eq "a directory with ' ;#[': its faults" "$(field "$tmp/c7.out" faults)" \
	"{'A': 0, 'B': 0, 'filler': 0}"
grep -qxF "dir = $tmp/a ;#[b/bot" "$tmp/c7;#[/compare.ini" ||
	fail "compare.ini does not record the directory: $(cat "$tmp/c7;#[/compare.ini")"
[ "$(grep -cF "\"$tmp/a ;#[b/bot\"" "$tmp/c7;#[/results.jsonl")" = 2 ] ||
	fail "B did not play both games: $(head -c 300 "$tmp/c7;#[/results.jsonl")"
# 8. a tournament's directory is refused and left as it was
printf '[arena]\nname = t\nvariants = indiana\n[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n' \
	>"$tmp/t8.ini"
"$A" -q --results "$tmp/tour" "$tmp/t8.ini" >/dev/null 2>&1 || fail "the tournament"
ls "$tmp/tour" >"$tmp/tour.before"
"$A" compare --games 4 --results "$tmp/tour" @random @greedy >"$tmp/c8.out" 2>&1
expect_eq "a tournament's directory: exit" "$?" 2
grep -q "holds a tournament, not a comparison" "$tmp/c8.out" || fail "tournament: $(cat "$tmp/c8.out")"
ls "$tmp/tour" | cmp -s - "$tmp/tour.before" || fail "the tournament's directory changed: $(ls "$tmp/tour")"

# 7. a usage error quotes what was typed with its control bytes escaped
"$A" compare --games "$(printf '1\001x')" @random @greedy 2>"$tmp/u.err"
expect_eq "bad --games: exit status" $? 2
expect_eq "bad --games: message" "$(cat "$tmp/u.err")" \
	"arena: compare: --games needs a whole number from 2 to 100000, not '1\\x01x'"

# 9. a deal suite: the seeds 5, 123456789012 and 7 (comments and blank
# lines skipped), met by two comparisons that deal from different keys
printf '# a suite\n5\n\n  123456789012  # the second deal\n7\n' >"$tmp/suite"
for d in s1 s2; do
	"$A" compare --variant hammerwalt --deals "$tmp/suite" -q --results "$tmp/$d" \
		@random @greedy >"$tmp/$d.out" 2>&1 || fail "compare --deals: $(cat "$tmp/$d.out")"
done
seeds() { # seeds DIR: "game seed" of each result line, in game order
	python3 -c 'import json,sys
for g, s in sorted((r["game"], r["seed"]) for r in map(json.loads, open(sys.argv[1]))): print(g, s)' "$1/results.jsonl"
}
printf '%s\n' "hammerwalt.d00001.g0 5" "hammerwalt.d00001.g1 5" \
	"hammerwalt.d00002.g0 123456789012" "hammerwalt.d00002.g1 123456789012" \
	"hammerwalt.d00003.g0 7" "hammerwalt.d00003.g1 7" >"$tmp/seeds.want"
seeds "$tmp/s1" >"$tmp/s1.seeds"
seeds "$tmp/s2" >"$tmp/s2.seeds"
expect_eq "the suite's deals, first comparison" "$(cat "$tmp/s1.seeds")" "$(cat "$tmp/seeds.want")"
expect_eq "the suite's deals, second comparison" "$(cat "$tmp/s2.seeds")" "$(cat "$tmp/seeds.want")"
expect_eq "the suite's pairs" "$(field "$tmp/s1.out" pairs)" 3
cmp -s "$tmp/s1/key" "$tmp/s2/key" && fail "the two comparisons have one key"
grep -qxF "; deal suite: $tmp/suite (its seeds, one pair each)" "$tmp/s1/compare.ini" ||
	fail "compare.ini does not name the suite: $(cat "$tmp/s1/compare.ini")"
# --games caps the suite: its first pair only
"$A" compare --variant hammerwalt --deals "$tmp/suite" --games 2 -q --results "$tmp/s3" \
	@random @greedy >"$tmp/s3.out" 2>&1 || fail "compare --deals --games 2: $(cat "$tmp/s3.out")"
expect_eq "--games 2 of the suite: seeds" "$(seeds "$tmp/s3" | tr '\n' ' ')" \
	"hammerwalt.d00001.g0 5 hammerwalt.d00001.g1 5 "
# a malformed suite names its line; nothing is played
printf '5\n# ok\n12x\n' >"$tmp/bad-suite"
"$A" compare --deals "$tmp/bad-suite" -q --results "$tmp/s4" @random @greedy 2>"$tmp/s4.err"
expect_eq "a malformed suite: exit" $? 2
expect_eq "a malformed suite" "$(cat "$tmp/s4.err")" \
	"arena: $tmp/bad-suite:3: '12x' is not a seed (a whole number from 0 to 2^63-1) nor a deal file"
[ -e "$tmp/s4" ] && fail "a malformed suite made a results directory"
# deal files: a line that is not a seed, relative to the suite's directory;
# the game is played from it (--deal, the file resolved), its later hands
# dealt from the comparison's key
mkdir -p "$tmp/book/deals"
cat >"$tmp/book/deals/bowers.txt" <<'X'
# hammerwalt: both right bowers with seat 1
seat 0 9C 9C 10C 10C JC JC QC QC KC KC AC AC
seat 1 9D 9D 10D 10D JD JD QD QD KD KD AD AD
seat 2 9H 9H 10H 10H JH JH QH QH KH KH AH AH
seat 3 9S 9S 10S 10S JS JS QS QS KS KS AS AS
X
printf '5\ndeals/bowers.txt   # a position\n' >"$tmp/book/suite"
for d in b1 b2; do
	"$A" compare --variant hammerwalt --deals "$tmp/book/suite" -q --results "$tmp/$d" \
		@random @greedy >"$tmp/$d.out" 2>&1 || fail "compare --deals with a deal file: $(cat "$tmp/$d.out")"
	python3 -c 'import json,sys
for r in sorted(map(json.loads, open(sys.argv[1])), key=lambda r: r["game"]):
    a = r["argv"]
    print(r["game"], a[a.index("--deal") + 1] if "--deal" in a else "seed %d" % r["seed"])' \
		"$tmp/$d/results.jsonl" >"$tmp/$d.deals"
	expect_eq "the suite's deals with a deal file ($d)" "$(cat "$tmp/$d.deals")" "$(printf '%s\n' \
		"hammerwalt.d00001.g0 seed 5" "hammerwalt.d00001.g1 seed 5" \
		"hammerwalt.d00002.g0 $tmp/book/deals/bowers.txt" "hammerwalt.d00002.g1 $tmp/book/deals/bowers.txt")"
done
printf '5\ndeals/nosuch.txt\n' >"$tmp/book/bad"
"$A" compare --variant hammerwalt --deals "$tmp/book/bad" -q --results "$tmp/b3" @random @greedy 2>"$tmp/b3.err"
expect_eq "a missing deal file: exit" $? 2
expect_eq "a missing deal file" "$(cat "$tmp/b3.err")" \
	"arena: $tmp/book/bad:2: cannot read the deal file '$tmp/book/deals/nosuch.txt': No such file or directory"
printf 'seat 0 9C\n' >"$tmp/book/deals/short.txt"
printf 'deals/short.txt\n' >"$tmp/book/short"
"$A" compare --variant hammerwalt --deals "$tmp/book/short" -q --results "$tmp/b4" @random @greedy \
	>/dev/null 2>"$tmp/b4.err"
expect_eq "a malformed deal file: exit" $? 3
expect_eq "a malformed deal file: its games failed" "$(python3 -c 'import json,sys
for l in open(sys.argv[1]): print(json.loads(l)["reason"])' "$tmp/b4/failed.jsonl" | sort -u)" \
	"the referee exited with status 2: referee: $tmp/book/deals/short.txt:1: seat 0 has 1 cards, hammerwalt deals 12 (see docs/deal-format.md)"
printf '# nothing\n\n' >"$tmp/empty-suite"
"$A" compare --deals "$tmp/empty-suite" -q --results "$tmp/s5" @random @greedy 2>"$tmp/s5.err"
expect_eq "an empty suite: exit" $? 2
expect_eq "an empty suite" "$(cat "$tmp/s5.err")" \
	"arena: $tmp/empty-suite: no deals (a deal suite lists a seed or a deal file a line)"

finish "ok: t_compare"
