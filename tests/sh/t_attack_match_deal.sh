#!/bin/sh
# t_attack_match_deal.sh - no process plays one deal twice (protocol.md,
# Matches; docs/sandbox.md, Matches). A bot kept up knows every card it
# saw another seat play; in a later game of the same deal (the same
# placed cards of a --deal file, or the same seed in a --match list) it
# would know those hands. tests/bots/deal_memory.py in seat 0 reports, at
# each later game of its process, how many cards of other seats it
# remembers. Before, with --games 2 --deal docs/examples/trump-h-jd-led.deal
# (seat 1's twelve hearts placed, the rest from each game's seed), the
# bot kept up for game 2 remembered seat 1's 12 cards, the hand seat 1
# held again. Now:
#  - --games with a --deal file starts every bot program for each game
#    (its placed cards repeat): one process a game, nothing remembered;
#  - a --match list whose game repeats an earlier game's seed, or its
#    deal file, gets fresh processes for that game; the games between
#    stay in one process. Seeds 5 6 5 7: started in games 1 and 3, kept
#    in 2 and 4.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
chmod 755 "$tmp"
mkdir -m 755 "$tmp/bot"
cp "$top/tests/bots/deal_memory.py" "$tmp/bot/run"
chmod 755 "$tmp/bot/run"
B=$tmp/bot
deal=$top/docs/examples/trump-h-jd-led.deal
cd "$tmp" || exit 1

"$ref" --variant hammerwalt --games 3 --deal "$deal" --bot-logs "$tmp/bl" \
	"$B" @script "$B" @greedy >out 2>err || fail "--games --deal: $(cat err)"
expect_eq "--games --deal: games" "$(wc -l <out)" 3
cat bl/game-*.seat0.stderr bl/seat0.stderr >seat0
expect_eq "--games --deal: processes of seat 0" "$(grep -c '^start$' seat0)" 3
expect_eq "--games --deal: remembered" "$(grep -c remembered seat0)" 0

# seeds 5 6 5 7, each game's stderr in its own directory
for s in 5 6 5 7; do
	echo "{\"seed\": $s, \"bot_logs\": \"$tmp/ml/$(ls ml 2>/dev/null | wc -l)\"}"
	mkdir -p ml/"$(ls ml 2>/dev/null | wc -l)"
done >list
"$ref" --variant hammerwalt --option max_hands=1 --match list "$B" @random "$B" @random \
	>out 2>err || fail "--match: $(cat err)"
expect_eq "--match: games" "$(wc -l <out)" 4
starts=
for g in 0 1 2 3; do
	starts="$starts$(grep -c '^start$' ml/$g/seat0.stderr)"
done
expect_eq "--match: seat 0 started in games 1 and 3 (seeds 5 6 5 7)" "$starts" 1010
expect_eq "--match: game 2 remembered game 1 (another deal)" \
	"$(grep -c '^g2: remembered' ml/1/seat0.stderr)" 1
expect_eq "--match: game 3 (seed 5 again) remembered nothing" \
	"$(grep -c 'remembered' ml/2/seat0.stderr)" 0

# one deal file on two seeds: its placed cards repeat
printf '{"seed": 5, "deal": "%s", "bot_logs": "%s"}\n{"seed": 6, "deal": "%s", "bot_logs": "%s"}\n' \
	"$deal" "$tmp/dl/1" "$deal" "$tmp/dl/2" >list2
mkdir -p dl/1 dl/2
"$ref" --variant hammerwalt --match list2 "$B" @script "$B" @greedy >out 2>err ||
	fail "--match, one deal file: $(cat err)"
expect_eq "--match, one deal file: seat 0 started in both games" \
	"$(grep -c '^start$' dl/1/seat0.stderr)$(grep -c '^start$' dl/2/seat0.stderr)" 11
finish "ok: t_attack_match_deal"
