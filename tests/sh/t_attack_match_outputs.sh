#!/bin/sh
# t_attack_match_outputs.sh - records and bots' stderr files written into
# a bot's own directory, in a run of several games (docs/referee.md,
# Matches; docs/sandbox.md, What a bot sees). In a single game each such
# file is covered as it exists when the bots start; a later game's files
# are made afterwards, where a bot kept up from the first game (or
# started afresh) sees them. tests/bots/outputs_spy.py, in seats 0 and
# 2, reports at its first request of each game what its directory shows.
# Before, with a --match list whose records lay in the bot's directory,
# seat 0 saw seat 2's stderr file of the running game grow (its size,
# as root; as another user, its text) and, in game 3, game 2's whole
# record; with --games 3 --bot-logs that directory, game 1's covers went
# with the files renamed for game 2, and game 2's stderr files were
# seen (as another user: read, 470 bytes of seat 2's). Now:
#  - such a run is refused, exit 2, before any game: a --match record
#    or 'bot_logs', --bot-logs of --games, naming the seat and the line;
#  - what stays allowed shows the bot nothing: --games 3 --log in its
#    directory (one record and one stderr file per seat, appended, each
#    covered from the start) and a --match whose records lie in a
#    directory below the bot's (hidden whole): every size 0, in each
#    game of one kept process; and a single game with --bot-logs there.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
chmod 755 "$tmp"
mkdir -m 755 bot
cp "$top/tests/bots/outputs_spy.py" bot/run
chmod 755 bot/run
B=$tmp/bot
play() {
	"$ref" --variant hammerwalt --option max_hands=1 "$@" "$B" @random "$B" @random
}

# refused: a record of the list in the bot's directory
cat >own.jsonl <<L
{"seed": 1, "log": "$B/g1.log"}
{"seed": 2, "log": "$B/g2.log"}
L
play --match own.jsonl >out 2>err
expect_eq "--match, records in the bot's directory: exit" "$?" 2
expect_eq "--match, records: the message" "$(cat err)" "referee: --match: own.jsonl:1: the record '$B/g1.log' lies in '$B', seat 0's own directory: in a run of several games that bot could read other seats' files there (write them elsewhere, or in a directory below it)"
expect_eq "--match, records: no game" "$(wc -l <out) $(ls bot)" "0 run"
# refused: a game's bot_logs that is the bot's directory (line 2)
cat >own.jsonl <<L
{"seed": 1, "bot_logs": "$tmp/bl1"}
{"seed": 2, "bot_logs": "$B"}
L
play --match - <own.jsonl >out 2>err
expect_eq "--match, bot_logs: exit" "$?" 2
grep -q "^referee: --match: standard input:2: 'bot_logs' '$B' is '$B', seat 0's own directory" err ||
	fail "--match, bot_logs: the message: $(cat err)"
# refused: --games with --bot-logs the bot's directory
play --games 3 --bot-logs "$B" >out 2>err
expect_eq "--games --bot-logs: exit" "$?" 2
grep -q "^referee: --bot-logs '$B' is '$B', seat 0's own directory" err ||
	fail "--games --bot-logs: the message: $(cat err)"
expect_eq "--games --bot-logs: no game" "$(wc -l <out) $(ls bot)" "0 run"

# allowed: a single game with --bot-logs there, its files covered
play --bot-logs "$B" >out 2>err || fail "one game, --bot-logs: $(cat err)"
expect_eq "one game: what seat 0 saw" "$(grep '^g' bot/seat0.stderr)" "g1: run $(wc -c <bot/run) $(wc -c <bot/run)
g1: seat0.stderr 0 0
g1: seat2.stderr 0 0"
rm -f bot/seat*.stderr

# allowed: --games 3 --log in the bot's directory, one kept process a seat
play --games 3 --log "$B/g.log" >out 2>err || fail "--games --log: $(cat err)"
expect_eq "--games --log: games" "$(wc -l <out)" 3
expect_eq "--games --log: processes of seat 0" "$(grep -c '^start$' bot/g.seat0.stderr)" 1
expect_eq "--games --log: what seat 0 saw" "$(grep '^g' bot/g.seat0.stderr | grep -v ': run ')" "g1: g.log 0 0
g1: g.seat0.stderr 0 0
g1: g.seat2.stderr 0 0
g2: g.log 0 0
g2: g.seat0.stderr 0 0
g2: g.seat2.stderr 0 0
g3: g.log 0 0
g3: g.seat0.stderr 0 0
g3: g.seat2.stderr 0 0"
rm -f bot/g.*

# allowed: --match with records below the bot's directory, hidden whole
mkdir -m 755 bot/logs
for i in 1 2 3; do
	echo "{\"seed\": $i, \"log\": \"$B/logs/g$i.log\"}"
done >below.jsonl
play --match below.jsonl >out 2>err || fail "--match, records below: $(cat err)"
expect_eq "--match, records below: games" "$(wc -l <out)" 3
expect_eq "--match, records below: processes of seat 0" \
	"$(cat bot/logs/g*.seat0.stderr | grep -c '^start$')" 1
expect_eq "--match, records below: what seat 0 saw" \
	"$(cat bot/logs/g*.seat0.stderr | grep '^g' | grep -v ': run ')" ""
expect_eq "--match, records below: what seat 2 saw" \
	"$(cat bot/logs/g*.seat2.stderr | grep '^g' | grep -v ': run ')" ""
expect_eq "--match, records below: each game looked" \
	"$(cat bot/logs/g*.seat0.stderr | grep -c ': run ')" 3
finish "ok: t_attack_match_outputs"
