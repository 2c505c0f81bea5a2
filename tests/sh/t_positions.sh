#!/bin/sh
# t_positions.sh - positions for teaching (docs/deal-format.md): the two
# worked examples of docs/examples/ play exactly the hands worked out by
# hand in their comments, and their records replay; a partial deal deals
# the same rest for the same seed and never a card too often; @script
# seats play their moves, then @greedy's, and an illegal scripted move is
# an 'illegal' fault naming the move; the command line's mistakes are one
# line on stderr with exit status 2.
set -u
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
EX=$top/docs/examples

python3 - "$R" "$EX" "$tmp" <<'PY' || fail "positions"
import json, re, subprocess, sys
referee, ex, tmp = sys.argv[1:]
failures = 0

def check(what, got, want):
    global failures
    if got != want:
        print("FAIL: %s: got %r, expected %r" % (what, got, want))
        failures += 1

def play(args, log):
    p = subprocess.run([referee] + args + ["--log", log], capture_output=True, text=True)
    check("exit status of %s" % " ".join(args), p.returncode, 0)
    return json.loads(p.stdout) if p.returncode == 0 else {}

def events(log):
    return [l[2:] for l in open(log).read().splitlines() if l.startswith("| ")]

def replays(log):
    p = subprocess.run([referee, "--replay", log], capture_output=True, text=True)
    check("--replay %s" % log, (p.returncode, "every move, event and result matches" in p.stdout),
          (0, True))

# ---- example 1: hammerwalt, trump H, JD led; the rest of the deal from the seed
for seed in (1, 2, 3, 7):
    log = "%s/ham%d.log" % (tmp, seed)
    r = play(["--variant", "hammerwalt", "--seed", str(seed), "--deal", ex + "/trump-h-jd-led.deal",
              "@greedy", "@script", "@greedy", "@greedy"], log)
    for k, want in [("hands", 1), ("team_scores", [50, 64]), ("seat_scores", [50, 64, 50, 64]),
                    ("ranks", [2, 1, 2, 1]), ("faults", []), ("decisions", [12, 12, 12, 12])]:
        check("example 1 seed %d %s" % (seed, k), r.get(k), want)
    ev = events(log)
    check("example 1 seed %d start" % seed, ev[5:8], ["contract 1 8", "trump H", "play 1 JD"])
    check("example 1 seed %d no bids" % seed, [e for e in ev if e.startswith("bid ")], [])
    check("example 1 seed %d tricks" % seed, [e for e in ev if e.startswith("trick ")],
          ["trick %d winner 1" % i for i in range(1, 13)])
    check("example 1 seed %d seat 1's cards" % seed, ev[2],
          "cards 1 JD JD 10H 10H JH JH QH QH KH KH AH AH")
    # JD led is a heart: a seat holding a heart (or the left bower) follows with one
    cards = {int(e.split()[1]): e.split()[2:] for e in ev if e.startswith("cards ")}
    first = [e.split() for e in ev[7:11]]
    for _, s, c in first[1:]:
        hearts = [x for x in cards[int(s)] if x.endswith("H") or x == "JD"]
        if hearts:
            check("example 1 seed %d seat %s follows hearts" % (seed, s), c.endswith("H"), True)
    # the rest is a deck: every card twice over the four hands
    allc = sorted(c for s in cards for c in cards[s])
    check("example 1 seed %d deck" % seed, all(allc.count(c) == 2 for c in allc) and len(allc), 48)
    replays(log)

# ---- example 2: a fivehand endgame, every seat scripted
log = tmp + "/five.log"
r = play(["--variant", "fivehand", "--seed", "5", "--deal", ex + "/fivehand-endgame.deal"] +
         ["@script"] * 5, log)
for k, want in [("hands", 1), ("seat_scores", [9, 7, 10, 8, 7]), ("team_scores", None),
                ("ranks", [2, 4, 1, 3, 4]), ("faults", []), ("decisions", [6, 5, 5, 5, 5])]:
    check("example 2 %s" % k, r.get(k), want)
ev = events(log)
check("example 2 start", ev[8:14], ["contract 2 order", "trump S", "pickup 0 9S",
                                    "declare 2 partner 4", "discard 0 8D", "play 1 AC"])
plays = [" ".join(e.split()[1:]) for e in ev if e.startswith(("play ", "trick "))]
check("example 2 tricks", plays, [
    "1 AC", "2 AS", "3 8C", "4 9D", "0 9S", "1 winner 2",
    "2 JOKER", "3 9H", "4 KS", "0 JH", "1 9C", "2 winner 2",
    "2 JS", "3 10D", "4 JC", "0 QH", "1 10C", "3 winner 2",
    "2 KD", "3 AD", "4 QD", "0 KH", "1 QC", "4 winner 3",
    "3 JD", "4 10H", "0 AH", "1 KC", "2 8H", "5 winner 3"])
check("example 2 hand end", [e for e in ev if e.startswith("handend")],
      ["handend tricks 0 0 3 2 0 points 0 0 1 0 1 score 9 7 10 8 7"])
replays(log)

# ---- a partial deal: the same seed deals the same rest, another seed another
deal = tmp + "/partial.deal"
open(deal, "w").write("seat 2 JOKER 8S\nkitty 9H\nrest random\n")
def dealt(seed, name):
    log = "%s/%s.log" % (tmp, name)
    play(["--variant", "fivehand", "--seed", str(seed), "--deal", deal, "--option", "max_hands=1"] +
         ["@random"] * 5, log)
    return [e for e in events(log) if e.startswith(("cards ", "kitty "))][:6], log
a, loga = dealt(11, "p1")
b, _ = dealt(11, "p2")
c, _ = dealt(12, "p3")
check("same seed, same rest", a, b)
check("another seed, another rest", a != c, True)
replays(loga)
for seed in range(20, 40):
    hand, _ = dealt(seed, "s%d" % seed)
    cards = [x for e in hand for x in e.split()[2 if e.startswith("cards") else 1:]]
    check("seed %d: 29 different cards" % seed, (len(cards), len(set(cards))), (29, 29))
    check("seed %d: seat 2 keeps its cards" % seed, {"JOKER", "8S"} <= set(hand[2].split()[2:]), True)
    check("seed %d: the turned card" % seed, hand[5].split()[1], "9H")

# ---- @script: used up, then @greedy; an illegal move faults with its number and reason
d1 = ex + "/trump-h-jd-led.deal"
r = play(["--variant", "hammerwalt", "--seed", "3", "--deal", d1, "@greedy", "@script:JD, AH",
          "@greedy", "@greedy"], tmp + "/s1.log")
check("script used up: no fault", (r.get("faults"), r.get("team_scores")), ([], [50, 64]))
check("script used up: first two plays", [e for e in events(tmp + "/s1.log") if e.startswith("play 1")][:2],
      ["play 1 JD", "play 1 AH"])
r = play(["--variant", "hammerwalt", "--seed", "3", "--deal", d1, "@greedy", "@script:JD,QS",
          "@greedy", "@greedy"], tmp + "/s2.log")
check("illegal script move", r.get("faults"), [{"seat": 1, "kind": "illegal", "hand": 1,
      "detail": "script move 2 'QS' is not legal now: you do not hold QS (a play decision)"}])
check("illegal script move forfeits", r.get("ranks"), [1, 2, 1, 2])
replays(tmp + "/s2.log")
sys.exit(1 if failures else 0)
PY

# usage_error EXPECTED-MESSAGE ARGS...: exit status 2 and exactly one line on stderr
usage_error() {
	want=$1
	shift
	"$R" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" = 2 ] || fail "'$*': exit status $status, expected 2"
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "'$*': stderr is not one line: $(cat "$tmp/err")"
	[ "$(cat "$tmp/err")" = "$want" ] || fail "'$*': stderr '$(cat "$tmp/err")', expected '$want'"
	[ -s "$tmp/out" ] && fail "'$*': printed on stdout"
}
usage_error "referee: seat 1 is @script with no moves (give @script:MOVES, or a 'script SEAT MOVES' line in the --deal file)" \
	--variant hammerwalt @greedy @script @greedy @greedy
usage_error "referee: seat 1: @script: 'XX' is not a move (moves are separated by commas, as in @script:9H,JD)" \
	--variant hammerwalt @greedy "@script:JD, XX" @greedy @greedy
printf 'seat 1 JD\nrest random\ncontract 1 alone\nleader 3\n' >"$tmp/bad.deal"
usage_error "referee: $tmp/bad.deal:4: seat 3 sits out this hand (its partner's contract) (see docs/deal-format.md)" \
	--variant hammerwalt --deal "$tmp/bad.deal" @greedy @greedy @greedy @greedy
printf 'kitty 9S\nrest random\ncontract 1 order H\n' >"$tmp/bad.deal"
usage_error "referee: $tmp/bad.deal:3: 'order H' names a suit only when the joker is turned (the turned card is 9S) (see docs/deal-format.md)" \
	--variant fivehand --deal "$tmp/bad.deal" @greedy @greedy @greedy @greedy @greedy

# a tournament has no deal file to take a script's moves from: the arena refuses @script
printf '[arena]\nvariants = indiana\n[bot s]\ncommand = @script:9H\n[bot g]\ncommand = @greedy\n' \
	>"$tmp/script.ini"
out=$("$BINDIR/arena" --check "$tmp/script.ini" 2>&1)
expect_eq "arena with @script: exit" "$?" 2
expect_eq "arena with @script: message" "$out" \
	"arena: $tmp/script.ini:4: bad value '@script:9H' for 'command' in [bot s] (@script seats are for teaching positions with the referee's --deal; a tournament plays dealt games)"

finish "ok: the worked examples play as worked out, partial deals and @script seats behave as documented"
