#!/bin/sh
# t_builtin_seeds.sh - a built-in's generator is seeded apart from the
# deal (issue 30, part 4). @random used to draw from splitmix64(game
# seed*16 + seat): every @random in a seat played one and the same game
# on a deal. Now each @random seat takes a seed of its own, drawn like a
# bot program's handshake seed, shown in the result's bot_seeds and the
# record's botseed lines; --bot-seed SEAT:N fixes it, and --replay checks
# it. A record made before (no botseed line for @random, null in the
# result) still replays.
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
cd "$tmp" || exit 1
seats="@greedy @random @greedy @random"
# one deal, twice, the @random seeds drawn
for i in 1 2; do
	# shellcheck disable=SC2086
	"$R" --variant hammerwalt --seed 5 --log "d$i.log" $seats >"d$i.json" || fail "game $i"
done
python3 - d1.json d2.json <<'PY' || fail "drawn seeds"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for r in (a, b):
    s = r["bot_seeds"]
    assert s[0] is None and s[2] is None, s          # @greedy draws nothing
    assert all(0 <= x < 2**63 for x in (s[1], s[3])), s
    assert s[1] != s[3], "two @random seats of one game share a seed: %s" % s
assert a["bot_seeds"][1] != b["bot_seeds"][1], "seat 1 got the same seed twice"
PY
# the records name them
for i in 1 2; do
	s1=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["bot_seeds"][1])' "d$i.json")
	grep -qx "botseed 1 $s1" "d$i.log" || fail "record $i lacks 'botseed 1 $s1'"
	grep -q '^botseed [02] ' "d$i.log" && fail "record $i has a botseed for @greedy"
done
# on the same deal, seat 1's @random plays another game (it used to play
# the same one: its stream came from the deal's seed and its seat)
grep '^move 1 ' d1.log >m1
grep '^move 1 ' d2.log >m2
cmp -s m1 m2 && fail "seat 1's @random played the same moves on the same deal twice"
# --bot-seed fixes a built-in's seed: the same game, byte for byte
for i in 1 2; do
	# shellcheck disable=SC2086
	"$R" --variant hammerwalt --seed 5 --bot-seed 1:1 --bot-seed 3:2 --log "f$i.log" $seats \
		>"f$i.json" || fail "fixed game $i"
done
cmp -s f1.json f2.json || fail "the same seeds printed different results"
cmp -s f1.log f2.log || fail "the same seeds wrote different records"
grep -q '"bot_seeds":\[null,1,null,2\],' f1.json || fail "bot_seeds: $(cat f1.json)"
grep -qx 'botseed 1 1' f1.log && grep -qx 'botseed 3 2' f1.log || fail "the record's botseed lines"
# another seed for seat 1 alone: seat 1 plays otherwise
# shellcheck disable=SC2086
"$R" --variant hammerwalt --seed 5 --bot-seed 1:3 --bot-seed 3:2 --log g.log $seats >g.json ||
	fail "game with seat 1's seed 3"
grep '^move 1 ' f1.log >m1
grep '^move 1 ' g.log >m2
cmp -s m1 m2 && fail "seat 1 played the same with seeds 1 and 3"
# the record replays; a tampered @random seed does not
"$R" --replay f1.log >rep 2>&1 || fail "replay: $(cat rep)"
sed 's/^botseed 1 1$/botseed 1 4/' f1.log >bad.log
"$R" --replay bad.log >rep 2>&1
expect_eq "replay of a tampered @random seed: exit status" "$?" 1
grep -q "recorded result differs from the replay" rep || fail "tampered: $(cat rep)"
# a botseed for a seat that takes none
sed 's/^botseed 1 1$/botseed 0 4/' f1.log >bad.log
"$R" --replay bad.log >rep 2>&1
expect_eq "replay of a botseed for @greedy: exit status" "$?" 2
grep -q "bad.log:[0-9]*: botseed for seat 0, which takes no seed (not a bot program nor @random)$" rep ||
	fail "botseed for @greedy: $(cat rep)"
# a record written before: no botseed lines for @random, null in the result
sed '/^botseed [13] /d; s/"bot_seeds":\[null,1,null,2\]/"bot_seeds":[null,null,null,null]/' f1.log >old.log
grep -q '"bot_seeds":\[null,null,null,null\]' old.log || fail "old.log was not made"
"$R" --replay old.log >rep 2>&1 || fail "replay of an older record: $(cat rep)"
finish "ok: t_builtin_seeds"
