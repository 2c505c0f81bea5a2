#!/bin/sh
# t_library_learner.sh - the learning example (python/examples/learner):
# a fast training run (3 CPU seconds) writes a policy the bot plays in a
# referee game; the shipped policy passes `referee --check` (in the
# sandbox, importing the package from the bot's directory), is better per
# hand than always playing the first legal move (train.py --evaluate: 400
# duplicate hands on fixed seeds, deterministic), and beats @random in
# `arena compare` (public deals from a fixed seed). Beating @random is a
# floor: with @greedy partners a first-legal-move bot beats it too
# (docs/library.md gives the figures).
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
ex=python/examples/learner
[ -f "$ex/bot/euchre/__init__.py" ] || { fail "no $ex/bot/euchre: make python"; finish; }
[ -f "$ex/bot/policy.json" ] || { fail "no $ex/bot/policy.json"; finish; }

# the fast version: trains, writes a policy of the variant's shape, plays
PYTHONDONTWRITEBYTECODE=1 python3 "$ex/train.py" --seconds 3 --out "$tmp/policy.json" \
	>"$tmp/train.out" 2>&1 || { cat "$tmp/train.out"; fail "train.py --seconds 3"; }
shape=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["variant"], len(p["bias"]), sum(len(r) for r in p["weights"].values()) > 100)' "$tmp/policy.json")
expect_eq "the fast policy's variant, actions and weights" "$shape" "hammerwalt 44 True"
mkdir "$tmp/bot" && cp -r "$ex/bot/run" "$ex/bot/bot.py" "$ex/bot/euchre" "$tmp/bot/" && cp "$tmp/policy.json" "$tmp/bot/"
"$BINDIR/referee" --variant hammerwalt --seed 3 --option max_hands=2 "$tmp/bot" @random @greedy @random \
	>"$tmp/game.out" 2>&1 || fail "a game with the fast policy: $(cat "$tmp/game.out")"
grep -q '"faults":\[\]' "$tmp/game.out" || fail "the fast policy's game: $(cat "$tmp/game.out")"

# the shipped policy
"$BINDIR/referee" --check "$ex/bot" >"$tmp/check" 2>&1 || { cat "$tmp/check"; fail "referee --check $ex/bot"; }
grep -q "0 with a problem: the bot is compliant" "$tmp/check" || fail "check: $(tail -n 1 "$tmp/check")"
ev=$(PYTHONDONTWRITEBYTECODE=1 python3 "$ex/train.py" --evaluate "$ex/bot/policy.json" first)
echo "$ev"
case "$ev" in
*"against first: +0.000 a hand") fail "no better than the first legal move: $ev" ;;
*"against first: +"*) ;;
*) fail "not better per hand than the first legal move: $ev" ;;
esac
"$BINDIR/arena" compare -q --variant hammerwalt --games 20 --seed 34 --results "$tmp/compare" \
	@random "$ex/bot" >"$tmp/compare.out" 2>&1 || fail "arena compare: $(tail -n 3 "$tmp/compare.out")"
score=$(tail -n 1 "$tmp/compare.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["score"])')
echo "arena compare against @random: score $score"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 0.8 else 1)" "$score" ||
	fail "the learned bot scores $score against @random (expected at least 0.8)"
finish "the learner trains, and its policy plays, checks and beats @random"
