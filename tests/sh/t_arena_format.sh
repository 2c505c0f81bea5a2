#!/bin/sh
# t_arena_format.sh - the seating format (docs/arena.md, "Partners and
# house seats") in real runs:
#  1. partners = house, the default, worked by hand for bots g, r, c and d
#     (d a byte-identical copy of c's directory, so one author with c):
#     every team game seats the pairing's two bots in seats 0 and 1 and
#     the house player (@greedy) in seats 2 and 3, the second game with
#     the teams swapped; c and d never meet; the five-hand table holds g,
#     r and c once each and the house player twice (d's seat: c's author
#     holds one already); the standings rate g, r, c and d and never the
#     house player; --check prints the format;
#  2. partners = copies: a team is copies of one bot (c and d meet), and
#     --check says what it risks; switching a results directory from one
#     format to the other supersedes the games whose seats changed;
#  3. with jobs = 2, no two games of one deal run at the same time (a
#     referee that logs when each game starts and ends), while games of
#     different deals do;
#  4. with jobs = 2, no submission plays in two games at once (four
#     submissions of distinct code), while games of others do.
. tests/arena/lib.sh
cd "$W" || exit 1

cp -r "$ROOT/sample-bots/c-random" c1
cp -r "$ROOT/sample-bots/c-random" c2
cat >t.ini <<'X'
[arena]
variants = hammerwalt, fivehand
results = res
jobs = 2
[bot g]
command = @greedy
[bot r]
command = @random
[bot c]
dir = c1
[bot d]
dir = c2
X

# 1. the house format
"$ARENA" --check t.ini >check 2>err || fail "--check: $(cat err)"
grep -q '^partners: house (@greedy partners each bot in team variants and fills the seats of a table no other bot can; no game seats one author twice)$' check ||
	fail "--check does not print the format: $(cat check)"
grep -q "^same code: d is c's (byte-identical): never seated in one game$" check ||
	fail "--check does not name d as c's copy: $(cat check)"
# 6 pairs less c+d, 2 games each; one five-hand table of 4 bots, 5 rotations
expect_eq "planned games" "$(planned t.ini)" $((5 * 2 + 5))
"$ARENA" -q t.ini >report 2>err || fail "house run: $(cat err)"
expect_eq "games played" "$(lines res/results.jsonl)" 15
grep -q '^arena: d has the same code as c (byte-identical): they never share a game$' err ||
	fail "the run does not name d as c's copy: $(cat err)"
python3 - res/results.jsonl <<'PY' || fail "house seats"
import json, sys
games = {}
for l in open(sys.argv[1]):
    g = json.loads(l)
    games[g["game"]] = g
H = "@greedy"
want = {}
for a, b in [("g", "r"), ("g", "c"), ("g", "d"), ("r", "c"), ("r", "d")]:
    want["hammerwalt.d0001.%s+%s.r0" % (a, b)] = [a, b, H, H]
    want["hammerwalt.d0001.%s+%s.r1" % (a, b)] = [b, a, H, H]
team = {k: v["bots"] for k, v in games.items() if k.startswith("hammerwalt")}
assert team == want, team
for k, v in games.items():
    if k.startswith("hammerwalt"):
        assert v["seats"][2:] == [H, H], v["seats"]
        assert v["bot_seeds"][2:] == [None, None], v["bot_seeds"]
five = [games["fivehand.d0001.t0001.r%d" % r]["bots"] for r in range(5)]
assert sorted(five[0]) == sorted(["g", "r", "c", H, H]), five[0]
for r in range(5):
    assert five[r] == [five[0][(p + r) % 5] for p in range(5)], five
# no game seats one author twice (c and d are one)
for k, v in games.items():
    mine = [b for b in v["bots"] if b != H]
    assert len(mine) == len(set(mine)) and not ("c" in mine and "d" in mine), (k, mine)
# the duplicate rotations deal the same cards
for a, b in [("g", "r"), ("r", "d")]:
    ids = ["hammerwalt.d0001.%s+%s.r%d" % (a, b, r) for r in (0, 1)]
    assert games[ids[0]]["seed"] == games[ids[1]]["seed"]
PY
"$ARENA" report --csv res >csv || fail "report --csv"
expect_eq "bots in the overall table" "$(grep '^overall,' csv | cut -d, -f3 | sort | tr '\n' ' ')" "c d g r "
grep -q '@' csv && fail "the house player has a row: $(grep '@' csv)"
# games: g and r 6 team games and 5 five-hand, c 4 + 5, d 4 + 0
for b in g:11 r:11 c:9 d:4; do
	expect_eq "games of ${b%:*}" "$(grep "^overall,[0-9]*,${b%:*}," csv | cut -d, -f4)" "${b#*:}"
done
"$ARENA" report --json res >json || fail "report --json"
grep -q '"bot": "@' json && fail "the house player is in the JSON standings"
grep -q '^standings: 15 games, 4 bots;' report || fail "report header: $(head -1 report)"

# 2. the copies format, chosen in the config
sed 's/^jobs = 2$/jobs = 2\npartners = copies/; s/^results = res$/results = copies/' t.ini >c.ini
"$ARENA" --check c.ini >check 2>err || fail "--check copies: $(cat err)"
grep -q "^partners: copies (a team is copies of one bot; copies in partner seats can read each other's hands through channels of a shared kernel; see docs/sandbox.md)$" check ||
	fail "--check copies: $(cat check)"
"$ARENA" -q c.ini >/dev/null 2>err || fail "copies run: $(cat err)"
grep -q '^{"game":"hammerwalt.d0001.g+r.r0","index":0,"bots":\["g","r","g","r"\],' copies/results.jsonl ||
	fail "copies: g+r"
grep -q '^{"game":"hammerwalt.d0001.c+d.r1",.*"bots":\["d","c","d","c"\],' copies/results.jsonl ||
	fail "copies: c and d meet"
grep -q '"@greedy"' copies/results.jsonl && grep '"bots":\[[^]]*"@' copies/results.jsonl &&
	fail "copies: a house seat"
# 12 team games, and four bots at five seats: 4 tables x 5 rotations
expect_eq "copies: games" "$(lines copies/results.jsonl)" $((12 + 20))
# the house run's directory played again as copies: every game seats
# other players under its id, so every one is superseded
"$ARENA" -q --results res c.ini >/dev/null 2>err || fail "copies over house: $(cat err)"
grep -q '^arena: the schedule seats other players than the last run: 0 games kept, 15 superseded (moved to res/archive/1)$' err ||
	fail "copies over house: $(cat err)"
expect_eq "copies over house: games" "$(lines res/results.jsonl)" $((12 + 20))
"$ARENA" --check t.ini >/dev/null 2>&1 || fail "check after the copies run"
# one program with other options is one code; another program is not
printf '#!/bin/sh\nexit 0\n' >prog
printf '#!/bin/sh\nexit 1\n' >prog2
chmod +x prog prog2
printf '[arena]\nvariants = hammerwalt\n[bot x]\ncommand = ./prog 1\n[bot y]\ncommand = ./prog 2\n[bot z]\ncommand = ./prog2 1\n' >opts.ini
"$ARENA" --check opts.ini >check 2>err || fail "--check opts.ini: $(cat err)"
expect_eq "one program, two options" "$(grep '^same code' check)" "same code: y is x's (byte-identical): never seated in one game"
expect_eq "one program, two options: pairings" "$(grep '^  hammerwalt' check)" "  hammerwalt      2 pairings x 1 deal x 2 rotations = 4 games"
# two bots of one code alone: no game, and the reason
mkdir one
cp -r c1 one/x
cp -r c1 one/y
printf '[arena]\nvariants = hammerwalt\nsubmissions = one\n' >one.ini
"$ARENA" --check one.ini >/dev/null 2>err
expect_eq "one code: exit" $? 2
expect_eq "one code: message" "$(cat err)" "arena: one.ini: the schedule has no games; hammerwalt: its 2 bots are copies of one code (byte-identical), which never meet"
printf '[arena]\nvariants = hammerwalt\npartners = both\nhouse = ./bot\n[bot a]\ncommand = @greedy\n[bot b]\ncommand = @random\n' >bad.ini
"$ARENA" --check bad.ini >/dev/null 2>err
expect_eq "bad partners: exit" $? 2
expect_eq "bad partners: message" "$(cat err)" "arena: bad.ini:3: bad value 'both' for 'partners' in [arena] (expected house or copies)
arena: bad.ini:4: bad value './bot' for 'house' in [arena] (expected a built-in player: @greedy or @random)"

# 3. jobs = 2: games of one deal never at once
printf '[arena]\nvariants = hammerwalt, indiana, fivehand\ndeals = 3\njobs = 2\nresults = conc\n' >j.ini
for b in a b c; do printf '[bot %s]\ncommand = @random\n' $b >>j.ini; done
DEAL_REFEREE_LOG=$W/deals.log
export DEAL_REFEREE_LOG
"$ARENA" -q --referee "$FIXTURES/deal-referee" j.ini >/dev/null 2>err || fail "jobs = 2: $(cat err)"
expect_eq "jobs = 2: games" "$(lines conc/results.jsonl)" $(( (3 * 2 * 2) * 3 + 3 * 5 ))
python3 - "$W/deals.log" <<'PY' || fail "games of one deal ran at once"
import sys
start, spans = {}, []
for l in open(sys.argv[1]):
    if len(l.split()) < 4 or "--replay" in l.split():
        continue  # not a game: the replay of a linked game's page
    what, variant, seed, ns = l.split()[:4]
    key = (variant, seed)
    if what == "start":
        start.setdefault(key, []).append(int(ns))
    else:
        spans.append((key, start[key].pop(0), int(ns)))
# a match (referee --match) plays several deals: its seeds joined by commas
assert sum(len(k[1].split(",")) for k, _, _ in spans) == 51, spans
same = other = 0
for i, (k, s, e) in enumerate(spans):
    for k2, s2, e2 in spans[i + 1:]:
        if s < e2 and s2 < e:
            if k[0] == k2[0] and set(k[1].split(",")) & set(k2[1].split(",")):
                same += 1
            else:
                other += 1
assert same == 0, "%d overlaps of one deal" % same
assert other > 0, "no two games ran at once"
print("overlaps of different deals:", other)
PY
# 4. jobs = 2: a submission never in two games at once
for p in p1 p2 p3 p4; do
	cp -r "$ROOT/sample-bots/sh-random" $p
	echo "# $p" >>$p/bot.sh
done
# (a game per referee: with 2 deals every match of hammerwalt would hold
# both, and run alone; matches keep the author rule too: test_arena_deal_queue)
printf '[arena]\nvariants = hammerwalt\ndeals = 2\njobs = 2\nresults = auth\nmatch_games = 1\n[variant hammerwalt]\ntarget = 5\n' >a.ini
for p in p1 p2 p3 p4; do printf '[bot %s]\ndir = %s\n' $p $p >>a.ini; done
DEAL_REFEREE_LOG=$W/authors.log
"$ARENA" -q --referee "$FIXTURES/deal-referee" a.ini >/dev/null 2>err || fail "authors: $(cat err)"
expect_eq "authors: games" "$(lines auth/results.jsonl)" 24
python3 - "$W/authors.log" <<'PY' || fail "a submission played two games at once"
import sys
start, spans, games = {}, [], []
for l in open(sys.argv[1]):
    f = l.split()
    if len(f) < 4 or "--replay" in f:
        continue  # not a game: the replay of a linked game's page
    what, variant, seed, ns = f[:4]
    bots = frozenset(b for b in ("p1", "p2", "p3", "p4") if "/" + b + " " in " ".join(f[4:]) + " ")
    key = (variant, seed, bots)
    if what == "start":
        start.setdefault(key, []).append(int(ns))
    else:
        spans.append((bots, start[key].pop(0), int(ns)))
        games.append(seed)
assert sum(len(sd.split(",")) for sd in games) == 24, games
assert all(len(b) == 2 for b, _, _ in spans), [sorted(b) for b, _, _ in spans]
shared = apart = 0
for i, (b, s, e) in enumerate(spans):
    for b2, s2, e2 in spans[i + 1:]:
        if s < e2 and s2 < e:
            if b & b2:
                shared += 1
            else:
                apart += 1
assert shared == 0, "%d overlaps of games that share a submission" % shared
assert apart > 0, "no two games ran at once"
print("overlaps of games of other submissions:", apart)
PY
rm -rf "$W"
echo "ok: t_arena_format"
