#!/bin/sh
# t_library_agree.sh - the Python package and the referee agree. Over many
# seeds of every variant (and options that change the flow: redeals,
# five-hand's first-to-target end, flip's zilch, two jokers, odd player
# counts with a dead hand), the referee plays built-in players with
# --log; the record's moves are replayed through euchre.Game with the
# same variant, options and seed, each by the seat the record names. The
# game's event lines (all of them, as Game(record=True) keeps them) must
# be the record's "| " lines, and the scores and ranks the result line's.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
O=${O:-build/rel}
[ -f "$O/python/euchre/__init__.py" ] || { fail "no $O/python/euchre: make python"; finish; }
SEEDS=${AGREE_SEEDS:-10}

n=0
while read -r variant opts players; do
	set --
	for o in $(echo "$opts" | tr , " "); do
		[ "$o" = - ] || set -- "$@" --option "$o"
	done
	seed=$((1000 + n * 37))
	k=0
	while [ $k -lt "$SEEDS" ]; do
		seats=""
		i=0
		while [ $i -lt "$players" ]; do
			# a mix that changes with the seed: random and greedy players
			if [ $(((i + k) % 3)) = 0 ]; then seats="$seats @greedy"; else seats="$seats @random"; fi
			i=$((i + 1))
		done
		log=$tmp/$variant-$n-$k.log
		# shellcheck disable=SC2086
		"$BINDIR/referee" --variant "$variant" "$@" --seed $((seed + k)) --log "$log" $seats \
			>/dev/null 2>"$tmp/err" || fail "referee $variant seed $((seed + k)): $(cat "$tmp/err")"
		[ -s "$log" ] && echo "$log" >>"$tmp/logs"
		k=$((k + 1))
	done
	n=$((n + 1))
done <<'CONFIGS'
hammerwalt - 4
hammerwalt target=20,hole=30 4
indiana - 4
indiana all_pass=redeal 4
bloomington - 6
bloomington all_pass=redeal,target=30 6
fivehand - 5
fivehand end=first 5
flip players=2 2
flip players=3 3
flip players=4,jokers=2 4
flip players=7,zilch=true 7
CONFIGS

PYTHONPATH=$O/python python3 - "$tmp/logs" >"$tmp/out" 2>&1 <<'PY' || fail "$(cat "$tmp/out")"
import json
import sys

import euchre

games = hands = lines = 0
problems = []
for path in open(sys.argv[1]).read().split():
    want, moves, result, options, seed, variant = [], [], None, [], None, None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("| "):
            want.append(line[2:])
        elif line.startswith("move "):
            _, seat, text = line.split(" ", 2)
            moves.append((int(seat), text))
        elif line.startswith("game "):
            words = line.split()
            variant, seed, options = words[1], int(words[3]), words[4:]
        elif line.startswith("result "):
            result = json.loads(line[7:])
    game = euchre.Game(variant, seed=seed, options=",".join(options), record=True)
    for i, (seat, text) in enumerate(moves):
        if game.to_move != seat:
            problems.append(f"{path}: move {i}: seat {game.to_move} to move, the record says {seat}")
            break
        game.apply(text)
    if game.record != want:
        got = game.record
        at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        problems.append(f"{path}: event line {at}: {got[at:at + 1]} != {want[at:at + 1]}"
                        f" ({len(got)} and {len(want)} lines)")
    if not game.over:
        problems.append(f"{path}: the game is not over after the record's moves")
    if list(game.scores) != result["seat_scores"] or list(game.ranks) != result["ranks"]:
        problems.append(f"{path}: scores {game.scores} ranks {game.ranks}, the referee's "
                        f"{result['seat_scores']} {result['ranks']}")
    if game.teams and list(game.team_scores) != result["team_scores"]:
        problems.append(f"{path}: team scores {game.team_scores} != {result['team_scores']}")
    if game.hand_no != result["hands"]:
        problems.append(f"{path}: {game.hand_no} hands, the referee's {result['hands']}")
    games += 1
    hands += result["hands"]
    lines += len(want)
for p in problems[:10]:
    print(p)
print(f"{games} games, {hands} hands, {lines} event lines compared")
sys.exit(1 if problems or games == 0 else 0)
PY
cat "$tmp/out"
grep -q "^120 games" "$tmp/out" || [ "$SEEDS" != 10 ] || fail "not every game was compared"
finish "the Python API replays the referee's games event for event"
