#!/bin/sh
# t_arena_term.sh - a class through a term. Five submissions: alice (C,
# built with make), bob (Python), carol (does not compile), dave (crashes
# at his first decision), erin (too slow: writes "thinking hard..." to
# stderr and misses the move limit). A first run plays every pair of the
# four that build; then carol is fixed, bob changed, frank added and dave
# removed, and the same command plays exactly the games that involve
# them, keeps the others and archives the superseded ones. Every bot has
# a private feedback file: standing, build log, each fault with the
# request it answered, its answer, its stderr and a replay command that,
# run as printed, gives the stored result. The CSV lists every submission,
# built or not.
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir -p subs/alice subs/bob subs/carol subs/dave subs/erin
cp "$ROOT/sample-bots/c-random/c-random.c" subs/alice/bot.c
printf 'bot: bot.c\n\tcc -O2 -o bot bot.c\n' >subs/alice/Makefile
printf 'command = ./bot\nbuild = make\n' >subs/alice/bot.ini
cp "$ROOT/sample-bots/python-random/bot.py" subs/bob/bot.py
printf 'command = python3 -u bot.py\n' >subs/bob/bot.ini
printf 'int main(void) { return 0 }\n' >subs/carol/bot.c
printf 'bot: bot.c\n\tcc -o bot bot.c\n' >subs/carol/Makefile
printf 'command = ./bot\nbuild = make\n' >subs/carol/bot.ini
cat >subs/dave/bot.py <<'X'
import sys
for line in sys.stdin:
    if line.startswith("legal "):
        if line.strip() != "legal ready":
            print("about to divide by zero", file=sys.stderr, flush=True)
            1 / 0
        print("ready", flush=True)
X
printf 'command = python3 -u bot.py\n' >subs/dave/bot.ini
cat >subs/erin/bot.py <<'X'
import sys, time
for line in sys.stdin:
    if line.startswith("legal "):
        if line.strip() != "legal ready":
            print("thinking hard...", file=sys.stderr, flush=True)
            time.sleep(5)
        print(line[6:].split(",")[0].strip(), flush=True)
X
printf 'command = python3 -u bot.py\n' >subs/erin/bot.ini
cat >class.ini <<'X'
[arena]
variants = hammerwalt
partners = copies
deals = 1
submissions = subs
move_ms = 300
results = res
jobs = 2
[variant hammerwalt]
target = 16
X

# run 1: carol's build fails; alice, bob, dave, erin: 6 pairs x 2 rotations
"$ARENA" -q class.ini >report1.txt 2>err1 || fail "run 1: $(cat err1)"
grep -q "^arena: excluding carol: build failed: exited with status 2, see res/builds/carol.log$" err1 ||
	fail "run 1 does not exclude carol: $(cat err1)"
expect_eq "games of run 1" "$(lines res/results.jsonl)" 12
cp res/results.jsonl run1.jsonl

# a timeout's result line carries the request and the end of stderr
grep -q '"kind":"timeout","hand":1,"detail":"no answer within 300 ms; request: request [a-z]* | legal [^"]*; stderr: thinking hard..."' res/results.jsonl ||
	fail "a timeout's detail lacks the request or the stderr tail"
grep -q '"kind":"crash","hand":1,"detail":"[^"]*; stderr: [^"]*about to divide by zero' res/results.jsonl ||
	fail "a crash's detail lacks the stderr tail"

# the gradebook misses nobody
"$ARENA" report --csv res >r1.csv || fail "csv 1"
# bot=status of each overall row
csv_status() {
	python3 -c 'import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["variant"] == "overall"]
print(" ".join(sorted(r["bot"] + "=" + r["status"] for r in rows)))' "$1"
}
expect_eq "csv 1 submissions" "$(csv_status r1.csv)" \
	"alice=ranked bob=ranked carol=excluded dave=ranked erin=ranked"

# feedback: one private file per submission
expect_eq "feedback files" "$(cd res/feedback && ls | tr '\n' ' ')" "alice.txt bob.txt carol.txt dave.txt erin.txt "
expect_eq "feedback modes" "$(stat -c %a res/feedback res/feedback/alice.txt res/feedback/erin.txt | tr '\n' ' ')" "700 600 600 "
grep -q '^faults: none. Every answer came in time and was legal: the bot is compliant.$' res/feedback/bob.txt ||
	fail "bob's feedback does not say he is compliant"
grep -q "^build: 'make': FAILED$" res/feedback/carol.txt || fail "carol's feedback: no failed build"
grep -q "^    | bot.c:1:.*error" res/feedback/carol.txt || fail "carol's feedback lacks the compiler's error"
grep -q "^excluded: build failed: exited with status 2" res/feedback/carol.txt || fail "carol: no reason"
grep -q '^faults: 12, in 6 games (it forfeited each)$' res/feedback/dave.txt || fail "dave's fault count"
grep -q '^    | about to divide by zero$' res/feedback/dave.txt || fail "dave's feedback lacks his stderr"
grep -q '^    | ZeroDivisionError: division by zero$' res/feedback/dave.txt || fail "dave: no traceback"
grep -q '^faults: 12, in 6 games (it forfeited each)$' res/feedback/erin.txt || fail "erin's fault count"
sed -n '/^fault 1: /,/^fault 2: /p' res/feedback/erin.txt >erin1
grep -q '^fault 1: timeout in game hammerwalt\.d0001\.[a-z]*+[a-z]*\.r[01], seat [0-3], hand 1$' erin1 ||
	fail "erin's first fault: $(head -n 3 erin1)"
grep -q '^  the request it was answering:$' erin1 || fail "erin: no request block"
# (the first request erin gets depends on the deal, which the secret key makes anew each run)
grep -q '^    | request [a-z]*$' erin1 || fail "erin's request block lacks its request line: $(cat erin1)"
grep -q '^    | legal [^ ]' erin1 || fail "erin's request block lacks its legal line"
grep -q '^  its answer: none$' erin1 || fail "erin: answer"
grep -q '^    | thinking hard...$' erin1 || fail "erin's feedback lacks her stderr"

# the replay command, run as printed, gives the stored result
game=$(sed -n 's/^fault 1: timeout in game \([^ ,]*\),.*/\1/p' erin1)
cmd=$(sed -n '/^  replay this game:$/{n;s/^    //;p;}' erin1)
[ -n "$cmd" ] || fail "erin's feedback has no replay command"
sh -c "$cmd" >replayed 2>/dev/null || fail "the replay command failed: $cmd"
grep "^{\"game\":\"$game\"," res/results.jsonl >stored
python3 - stored replayed <<'X' || fail "the replayed game differs from the stored result"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in ("seed", "hands", "seat_scores", "ranks", "decisions"):
    assert a[k] == b[k], (k, a[k], b[k])
assert [(f["seat"], f["kind"], f["hand"]) for f in a["faults"]] == \
       [(f["seat"], f["kind"], f["hand"]) for f in b["faults"]], (a["faults"], b["faults"])
X

# the term goes on: carol fixed, bob changed, frank added, dave removed
printf 'int main(void) { return 0; }\n' >subs/carol/bot.c
cp "$ROOT/sample-bots/c-random/c-random.c" subs/carol/bot.c
echo "# bob's second try" >>subs/bob/bot.py
rm -r subs/dave
mkdir subs/frank
cp "$ROOT/sample-bots/python-random/bot.py" subs/frank/bot.py
printf 'command = python3 -u bot.py\n' >subs/frank/bot.ini

# run 2, by hand from the schedule rules: 5 bots (alice, bob, carol,
# erin, frank) make 10 pairs, 20 games. Kept: the pairs of unchanged
# bots, alice+erin: 2 games. To play: 20 - 2 = 18; carol, bob and frank
# are in 4 pairs each: 8 games each. Superseded: the run-1 pairs with bob
# or dave: alice+bob, alice+dave, bob+dave, bob+erin, dave+erin: 10
# games (bob's 3 pairs: 6, dave's 3 pairs: 6).
"$ARENA" -q class.ini >report2.txt 2>err2 || fail "run 2: $(cat err2)"
grep -v '^arena: built ' err2 >err2b
cat >expect2 <<'X'
arena: changes since the last run: 2 games kept, 10 superseded (moved to res/archive/1)
arena: bob: changed, 8 games to play, 6 games archived
arena: carol: changed, rebuilt, 8 games to play
arena: frank: new, 8 games to play
arena: dave: removed, 6 games archived
arena: resuming res: 2 of 20 games already played
X
expect_file_eq "run 2 messages" err2b expect2
grep -q '^arena: built carol (' err2 || fail "carol was not rebuilt: $(cat err2)"
grep -q '^arena: built alice (' err2 && fail "alice was rebuilt, unchanged"
expect_eq "games in results after run 2" "$(lines res/results.jsonl)" 20
# exactly 18 games were played: every line but the two kept ones is new
expect_eq "games played by run 2" "$(grep -cvxFf run1.jsonl res/results.jsonl)" 18
expect_eq "kept games" "$(grep -xFf run1.jsonl res/results.jsonl | game_ids | sort | tr '\n' ' ')" \
	"hammerwalt.d0001.alice+erin.r0 hammerwalt.d0001.alice+erin.r1 "
expect_eq "archived games" "$(lines res/archive/1/results.jsonl)" 10
grep -q '"dave"' res/results.jsonl && fail "a game of dave still counts"
[ -f res/archive/1/logs/hammerwalt.d0001.bob+dave.r0.log ] || fail "a superseded record was not archived"
[ -f res/logs/hammerwalt.d0001.bob+dave.r0.log ] && fail "a superseded record is still in logs/"
[ -f res/feedback/dave.txt ] && fail "dave's feedback is still there"
[ -f res/archive/1/builds/carol.log ] || fail "carol's failed build log was not archived"
# a replayed game keeps its id: its page from run 1 is archived, never shown for the new game
for page in res/pages/*.html; do
	id=$(basename "$page" .html)
	[ "$page" -nt "res/logs/$id.log" ] || [ ! -f "res/logs/$id.log" ] ||
		fail "pages/$id.html is older than the game's record"
done
if ls res/archive/1/pages/*.html >/dev/null 2>&1; then :; else
	fail "no page of a superseded game was archived: $(ls res/archive/1)"
fi
no_duplicate_ids res/results.jsonl
grep -q '^standings: 20 games, 5 bots;' report2.txt || fail "report 2: $(head -n 1 report2.txt)"

"$ARENA" report --csv res >r2.csv || fail "csv 2"
expect_eq "csv 2 submissions" "$(csv_status r2.csv)" \
	"alice=ranked bob=ranked carol=ranked erin=ranked frank=ranked"
grep -q "^build: 'make': built$" res/feedback/carol.txt || fail "carol's feedback after her fix"
grep -q '^faults: none.*compliant' res/feedback/frank.txt || fail "frank's feedback"

# nothing changed: nothing to play, nothing moved
"$ARENA" -q class.ini >/dev/null 2>err3 || fail "run 3: $(cat err3)"
expect_eq "run 3" "$(cat err3)" "arena: nothing to play: all 20 games are in res"
[ -d res/archive/2 ] && fail "run 3 made an archive"
exit 0
