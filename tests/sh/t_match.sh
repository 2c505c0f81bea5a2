#!/bin/sh
# t_match.sh - matches (protocol.md, "Matches (protocol version 2)"): bots
# that answer "ready2" stay up across the games of `referee --games N`.
#  - a match run and a run with --no-matches, same seeds, give the same
#    result lines (times and memory aside) for the sample bots, which
#    reseed from each game's seed; the record of the match replays, and
#    game 3 played alone gives game 3's result line again;
#  - a bot that crashes in a game of its process: that game is its fault
#    (crash), the next is played by a fresh process (its starts counted
#    in its stderr files: --bot-logs keeps each game's apart, a match
#    bot's too);
#  - a bot that hangs between games (never answers the "game" line) is
#    stopped and charged a startup fault of the next game, whose detail
#    says so; the game after is a fresh process's;
#  - part 4, information: what a spy bot gets in its second game of a
#    match is exactly what a fresh process gets for that game, and its
#    scratch is empty again; also under a referee that is not root;
#  - a run that fails after a game stops the bots kept up for the next,
#    and so does one whose SEAT cannot be made for a later game;
#  - referee --match -: the games of a list on standard input, each with
#    its own seed, built-in seeds, record, bot logs and deal, give the
#    result lines of those games played alone, in one process per bot;
#    each game's record replays and its bots' stderr is in its own files;
#    a mistake in the list is exit 2 naming its line, before any game;
#  - a line a match bot writes after a game's "gameover" answers the next
#    game's handshake: a startup fault of that game (hand 0), every time
#    (the game that ended keeps its result); the game after is a fresh
#    process's.
set -u
. "$(dirname "$0")/lib.sh"
sb=$top/sample-bots
mis=$top/tests/misbehave
ref="$BINDIR/referee"

# same WHAT A B: the result lines of A and B agree but for times and memory
same() {
	python3 - "$2" "$3" <<'PY' || fail "$1: result lines differ"
import json, sys
def load(path):
    out = []
    for line in open(path):
        r = json.loads(line)
        for k in ("time_ms", "mem_peak_mb"):
            r.pop(k, None)
        out.append(r)
    return out
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    print(len(a), len(b))
    for x, y in zip(a, b):
        if x != y:
            print(x)
            print(y)
            break
    sys.exit(1)
PY
}

# starts DIR SEAT: how many processes of a matcher bot in SEAT wrote
# "start" in the files --bot-logs DIR keeps, one a game
starts() {
	cat "$1"/*seat"$2".stderr | grep -c '^start$'
}

seeds="--bot-seed 0:11 --bot-seed 1:12 --bot-seed 2:13 --bot-seed 3:14"

# 1. the sample bots: a match and single games agree
for v in hammerwalt fivehand; do
	case $v in
	hammerwalt) seats="$sb/c-random $sb/python-random $sb/c-heuristic $sb/c-search" more= ;;
	fivehand) seats="$sb/c-heuristic $sb/sh-random $sb/c-random $sb/js-random $sb/python-random"
		more="--bot-seed 4:15" ;;
	esac
	# shellcheck disable=SC2086
	$ref --variant $v --option max_hands=3 --seed 40 --games 4 $seeds $more \
		--log "$tmp/$v.log" $seats >"$tmp/$v.match" 2>"$tmp/$v.err" ||
		fail "$v match: exit $?: $(cat "$tmp/$v.err")"
	# shellcheck disable=SC2086
	$ref --variant $v --option max_hands=3 --seed 40 --games 4 $seeds $more \
		--no-matches $seats >"$tmp/$v.single" 2>"$tmp/$v.err" ||
		fail "$v single: exit $?: $(cat "$tmp/$v.err")"
	expect_eq "$v: games" "$(wc -l <"$tmp/$v.match")" 4
	same "$v match and single games" "$tmp/$v.match" "$tmp/$v.single"
	# a bot kept up has its memory peak so far in each game's result, as a
	# bot started for the game has its own (where the sandbox has a cgroup)
	python3 - "$tmp/$v.match" "$tmp/$v.single" <<'PY' || fail "$v: a match's mem_peak_mb"
import json, sys
match, single = ([json.loads(l)["mem_peak_mb"] for l in open(p)] for p in sys.argv[1:])
for g, (m, s) in enumerate(zip(match, single)):
    for seat, (a, b) in enumerate(zip(m, s)):
        assert (a is None) == (b is None), (g + 1, seat, a, b)
PY
	# the bots stayed up: one handshake answer each, then 'game' lines
	expect_eq "$v: 'game' lines sent to seat 0" "$(grep -c ' 0< game$' "$tmp/$v.log")" 3
	expect_eq "$v: 'quit' lines sent to seat 0" "$(grep -c ' 0< quit$' "$tmp/$v.log")" 1
	$ref --replay "$tmp/$v.log" >"$tmp/$v.replay" 2>&1 ||
		fail "$v: the match's record does not replay: $(cat "$tmp/$v.replay")"
	grep -q ': 4 games, ' "$tmp/$v.replay" || fail "$v replay: $(cat "$tmp/$v.replay")"
	# game 3 alone (its seed is 42) is game 3 of the match
	# shellcheck disable=SC2086
	$ref --variant $v --option max_hands=3 --seed 42 $seeds $more \
		--log "$tmp/$v.g3.log" $seats >"$tmp/$v.g3" 2>"$tmp/$v.err" ||
		fail "$v game 3: exit $?"
	sed -n 3p "$tmp/$v.match" >"$tmp/$v.m3"
	same "$v: game 3 alone and in the match" "$tmp/$v.m3" "$tmp/$v.g3"
	$ref --replay "$tmp/$v.g3.log" >/dev/null 2>&1 || fail "$v: game 3's record does not replay"
done
echo "ok: match and single games agree, and replay"

# 2. a crash in the second game of a process: its fault; a fresh process next
m=$tmp/marker-crash-$$
$ref --variant hammerwalt --option max_hands=2 --seed 50 --games 4 $seeds \
	--bot-logs "$tmp/crash" "$mis/matcher $m crash2" @random @random @random \
	>"$tmp/crash.json" 2>"$tmp/crash.err" || fail "crash: exit $?: $(cat "$tmp/crash.err")"
python3 - "$tmp/crash.json" <<'PY' || fail "crash: the faults"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
kinds = [[(f["seat"], f["kind"]) for f in r["faults"]] for r in rs]
# process 1 plays games 1 and 2 (crashing in 2), process 2 games 3 and 4
assert kinds == [[], [(0, "crash")], [], [(0, "crash")]], kinds
assert "exited with status 3" in rs[1]["faults"][0]["detail"], rs[1]["faults"][0]
PY
expect_eq "crash: processes started" "$(starts "$tmp/crash" 0)" 2
gone "$m" || fail "crash: a process survived: $(pgrep -af -- "$m")"
echo "ok: a crash is the game's fault, and the next game has a fresh process"

# 3. a bot that hangs between games: stopped, charged a startup fault
m=$tmp/marker-hang-$$
$ref --variant hammerwalt --option max_hands=2 --seed 60 --games 3 --startup-ms 500 $seeds \
	--bot-logs "$tmp/hang" "$mis/matcher $m hang" @random @random @random \
	>"$tmp/hang.json" 2>"$tmp/hang.err" || fail "hang: exit $?: $(cat "$tmp/hang.err")"
python3 - "$tmp/hang.json" <<'PY' || fail "hang: the faults"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
kinds = [[(f["seat"], f["kind"], f["hand"]) for f in r["faults"]] for r in rs]
assert kinds == [[], [(0, "startup", 0)], []], kinds
d = rs[1]["faults"][0]["detail"]
assert "no 'ready' within 500 ms of the 'game' line" in d, d
assert rs[1]["ranks"] == [2, 1, 2, 1], rs[1]["ranks"]
PY
expect_eq "hang: processes started" "$(starts "$tmp/hang" 0)" 2
gone "$m" || fail "hang: a process survived: $(pgrep -af -- "$m")"
echo "ok: a bot that hangs between games is stopped and charged"

# 4. information: game 2 of a match gives a bot what a fresh process gets
m=$tmp/marker-spy-$$
spy="$mis/matcher $m spy"
$ref --variant hammerwalt --option max_hands=2 --seed 70 --games 2 $seeds \
	--bot-logs "$tmp/spy" "$spy" @random "$spy" @random >"$tmp/spy.json" 2>"$tmp/spy.err" ||
	fail "spy match: exit $?: $(cat "$tmp/spy.err")"
$ref --variant hammerwalt --option max_hands=2 --seed 71 $seeds \
	--bot-logs "$tmp/spy1" "$spy" @random "$spy" @random >"$tmp/spy1.json" 2>"$tmp/spy.err" ||
	fail "spy alone: exit $?: $(cat "$tmp/spy.err")"
sed -n 2p "$tmp/spy.json" >"$tmp/spy2.json"
same "spy: game 2 in the match and alone" "$tmp/spy2.json" "$tmp/spy1.json"
for s in 0 2; do
	# what the bot got in game 2, from its handshake on (game 2's file,
	# the last: game 1's is kept as game-70.seatN.stderr)
	expect_eq "spy seat $s: game 1's file" "$(head -1 "$tmp/spy/game-70.seat$s.stderr")" \
		"=== game seed 70, seat $s ==="
	awk '/^=== game seed 71,/ { on = 1 } on' "$tmp/spy/seat$s.stderr" |
		sed -n '/^< euchre-arena /,$p' >"$tmp/spy.got$s"
	sed -n '/^< euchre-arena /,$p' "$tmp/spy1/seat$s.stderr" >"$tmp/spy.fresh$s"
	[ -s "$tmp/spy.got$s" ] || fail "spy seat $s: nothing from game 2"
	# (the scratch's listing too: a fresh process's holds the sandbox's
	# placeholder of a hidden directory under /tmp when the referee runs
	# from under /tmp, and the emptying between games keeps the view's
	# mounts, so game 2's must be the same, without game 1's 'seen')
	cmp -s "$tmp/spy.got$s" "$tmp/spy.fresh$s" ||
		fail "spy seat $s: game 2 differs from a fresh process's: $(diff "$tmp/spy.got$s" "$tmp/spy.fresh$s" | head -5)"
	grep '^scratch: ' "$tmp/spy.got$s" | grep -qw seen &&
		fail "spy seat $s: its scratch was not emptied: $(grep '^scratch: ' "$tmp/spy.got$s")"
	expect_eq "spy seat $s: processes started" "$(starts "$tmp/spy" $s)" 1
done
echo "ok: a bot's second game gives it what a fresh process gets"

# 5. a referee that is not root reaches a bot's private /tmp through the
# bot (its init is not for it to look into): the bot stays up, and its
# scratch is emptied between games all the same
if [ "$(id -u)" = 0 ]; then
	pub=/var/tmp/t_match.$$
	m=$tmp/marker-nobody-$$
	mkdir -m 755 "$pub" && cp "$mis/matcher" "$pub/matcher" && mkdir -m 700 "$pub/logs" &&
		chown -R nobody:nogroup "$pub" || fail "cannot make $pub"
	absref=$(cd "$BINDIR" && pwd)/referee
	(cd / && as_nobody "$absref" --variant hammerwalt --option max_hands=2 --seed 70 --games 2 \
		$seeds --bot-logs "$pub/logs" "$pub/matcher $m spy" @random @random @random) \
		>"$tmp/nobody.json" 2>"$tmp/nobody.err" || fail "as nobody: exit $?: $(cat "$tmp/nobody.err")"
	expect_eq "as nobody: games" "$(wc -l <"$tmp/nobody.json")" 2
	expect_eq "as nobody: processes started" "$(starts "$pub/logs" 0)" 1
	expect_eq "as nobody: empty scratch at the first request of each game" \
		"$(cat "$pub/logs/"*seat0.stderr | grep -c '^scratch: $')" 2
	rm -rf "$pub"
	echo "ok: a referee that is not root keeps a match bot up and empties its scratch"
fi

# 6. a run that fails after a game (its result cannot be written) stops
# the bots it kept up for the next game: no scratch directory is left
mkdir "$tmp/sd" || fail "cannot make $tmp/sd"
$ref --variant hammerwalt --option max_hands=1 --seed 80 --games 3 --insecure \
	--scratch-dir "$tmp/sd" "$sb/c-random" @random "$sb/c-random" @random \
	>/dev/full 2>"$tmp/full.err" && fail "a run writing to /dev/full succeeded"
grep -q "cannot write 'the standard output'" "$tmp/full.err" ||
	fail "/dev/full: $(cat "$tmp/full.err")"
expect_eq "a failed run's scratch directories" "$(ls "$tmp/sd" | wc -l)" 0
echo "ok: a run that fails stops its match bots"

# 7. so does a run whose SEAT cannot be made for a later game (a bad
# argument, exit 2): here a directory whose bot deletes its own 'run'
mkdir "$tmp/sd7" "$tmp/vanish" || fail "cannot make $tmp/sd7"
cat >"$tmp/vanish/run" <<'PY'
#!/usr/bin/env python3
import os, sys
os.unlink(sys.argv[0])
for line in sys.stdin:
    if line.startswith("legal "):
        print(line[6:].split(",")[0].strip(), flush=True)
PY
chmod +x "$tmp/vanish/run"
$ref --variant hammerwalt --option max_hands=1 --seed 80 --games 3 --insecure \
	--scratch-dir "$tmp/sd7" "$sb/c-random" "$tmp/vanish" "$sb/c-random" @random \
	>"$tmp/vanish.out" 2>"$tmp/vanish.err"
expect_eq "a SEAT gone after the first game: exit" $? 2
expect_eq "a SEAT gone after the first game: says" "$(cat "$tmp/vanish.err")" \
	"referee: '$tmp/vanish' is a directory without an executable 'run' file (see referee --help)"
expect_eq "a SEAT gone after the first game: results" "$(wc -l <"$tmp/vanish.out")" 1
expect_eq "a SEAT gone after the first game: scratch directories" "$(ls "$tmp/sd7" | wc -l)" 0
echo "ok: a run whose SEAT is gone stops its match bots"

# 8. --match -: a list of games, each its own seed, seeds, record, logs, deal
m=$tmp/marker-list-$$
mkdir "$tmp/ml" "$tmp/ml/logs" || fail "cannot make $tmp/ml"
printf 'hand\nseat 0 JH JH JD JD\nrest random\n' >"$tmp/ml/deal"
{
	printf '{"seed": 42, "bot_seeds": {"1": 12, "3": 14}, "log": "%s", "bot_logs": "%s"}\n' \
		"$tmp/ml/logs/a.log" "$tmp/ml/bl/a"
	printf '{"seed": 40, "bot_seeds": {"1": 22, "3": 24}, "log": "%s", "bot_logs": "%s", "deal": "%s"}\n' \
		"$tmp/ml/logs/b.log" "$tmp/ml/bl/b" "$tmp/ml/deal"
	printf '\n{"seed": 41, "log": "%s"}\n' "$tmp/ml/logs/c.log"
} >"$tmp/ml/list"
$ref --variant hammerwalt --option max_hands=2 --match - "$sb/c-heuristic" @random \
	"$mis/matcher $m plain" @random <"$tmp/ml/list" >"$tmp/ml/out" 2>"$tmp/ml/err" ||
	fail "--match: exit $?: $(cat "$tmp/ml/err")"
expect_eq "--match: games" "$(wc -l <"$tmp/ml/out")" 3
expect_eq "--match: seeds in order" "$(python3 -c 'import json,sys; print(*[json.loads(l)["seed"] for l in open(sys.argv[1])])' "$tmp/ml/out")" "42 40 41"
# each game alone, with --no-matches: the same result line (times aside)
$ref --variant hammerwalt --option max_hands=2 --seed 42 --bot-seed 1:12 --bot-seed 3:14 \
	--no-matches "$sb/c-heuristic" @random "$mis/matcher $m plain" @random >"$tmp/ml/g1" 2>&1 ||
	fail "game 1 alone: exit $?"
$ref --variant hammerwalt --option max_hands=2 --seed 40 --bot-seed 1:22 --bot-seed 3:24 \
	--deal "$tmp/ml/deal" "$sb/c-heuristic" @random "$mis/matcher $m plain" @random \
	>"$tmp/ml/g2" 2>&1 || fail "game 2 alone: exit $?"
sed -n 1p "$tmp/ml/out" >"$tmp/ml/m1"
sed -n 2p "$tmp/ml/out" >"$tmp/ml/m2"
# the bot programs' seeds are drawn at random: compare those of the list
python3 - "$tmp/ml/m1" "$tmp/ml/g1" "$tmp/ml/m2" "$tmp/ml/g2" <<'PY' || fail "--match: a game differs from the game alone"
import json, sys
def load(p):
    r = json.loads(open(p).readline())
    for k in ("time_ms", "mem_peak_mb"):
        r.pop(k)
    r["bot_seeds"] = [r["bot_seeds"][1], r["bot_seeds"][3]]
    return r
m1, g1, m2, g2 = (load(p) for p in sys.argv[1:])
assert m1["bot_seeds"] == [12, 14] and m2["bot_seeds"] == [22, 24], (m1, m2)
# the random players' moves follow their seeds; the sample bot and the
# matcher play from the deal alone (the first legal move, a heuristic)
assert m1 == g1, (m1, g1)
assert m2 == g2, (m2, g2)
PY
grep -q '^deal ' "$tmp/ml/logs/b.log" || grep -q 'rest random' "$tmp/ml/logs/b.log" ||
	fail "--match: game 2's record has no deal"
for g in a b c; do
	$ref --replay "$tmp/ml/logs/$g.log" >/dev/null 2>&1 ||
		fail "--match: the record of game $g does not replay"
done
expect_eq "--match: game a's seat 2 stderr" "$(head -1 "$tmp/ml/bl/a/seat2.stderr")" \
	"=== game seed 42, seat 2 ==="
expect_eq "--match: game b's seat 2 stderr" "$(head -1 "$tmp/ml/bl/b/seat2.stderr")" \
	"=== game seed 40, seat 2 ==="
expect_eq "--match: game c's seat 2 stderr (beside its record)" \
	"$(head -1 "$tmp/ml/logs/c.seat2.stderr")" "=== game seed 41, seat 2 ==="
expect_eq "--match: processes of the matcher" \
	"$(cat "$tmp/ml/bl/a/seat2.stderr" "$tmp/ml/bl/b/seat2.stderr" "$tmp/ml/logs/c.seat2.stderr" | grep -c '^start$')" 1
gone "$m" || fail "--match: a process survived: $(pgrep -af -- "$m")"
# mistakes: exit 2, the line named, nothing played
printf '{"seed": 1}\n{"seed": 2, "logg": "x"}\n' |
	$ref --variant hammerwalt --match - @random @random @random @random >"$tmp/ml/o2" 2>"$tmp/ml/e2"
expect_eq "--match: an unknown key's exit" "$?" 2
expect_eq "--match: an unknown key's message" "$(cat "$tmp/ml/e2")" \
	"referee: --match: standard input:2: unknown key 'logg' (seed, bot_seeds, log, bot_logs, deal) (see docs/referee.md, Matches)"
expect_eq "--match: nothing played" "$(wc -c <"$tmp/ml/o2")" 0
# (a game's line, not its number: empty lines are skipped)
printf '{"seed": 1}\n\n{"seed": 2, "bot_seeds": {"0": 5}}\n' |
	$ref --variant hammerwalt --match - @greedy @random @random @random >/dev/null 2>"$tmp/ml/e3"
expect_eq "--match: a seed for @greedy" "$(cat "$tmp/ml/e3")" \
	"referee: --match: standard input:3: seat 0 is @greedy, which draws nothing at random (it takes no seed) (see docs/referee.md, Matches)"
printf '{"seed": 1, "bot_seeds": {"1": 5, "01": 6}}\n' |
	$ref --variant hammerwalt --match - @greedy @random @random @random >/dev/null 2>"$tmp/ml/e4"
expect_eq "--match: one seat's seed twice" "$(cat "$tmp/ml/e4")" \
	"referee: --match: standard input:1: 'bot_seeds': seat 1 given twice (see docs/referee.md, Matches)"
$ref --variant hammerwalt --match - --seed 3 @random @random @random @random </dev/null \
	>/dev/null 2>&1
expect_eq "--match with --seed: exit" "$?" 2
echo "ok: referee --match plays a list of games, each as it would be alone"

# 9. a stray line after "gameover": the next game's startup fault, every time
m=$tmp/marker-stray-$$
for run in 1 2 3; do
	$ref --variant hammerwalt --option max_hands=1 --seed 90 --games 3 $seeds \
		--bot-logs "$tmp/stray$run" "$mis/matcher $m stray" @random @random @random \
		>"$tmp/stray.json" 2>"$tmp/stray.err" || fail "stray: exit $?: $(cat "$tmp/stray.err")"
	python3 - "$tmp/stray.json" <<'PY' || fail "stray run $run: the faults"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
kinds = [[(f["seat"], f["kind"], f["hand"]) for f in r["faults"]] for r in rs]
assert kinds == [[], [(0, "startup", 0)], []], kinds
d = rs[1]["faults"][0]["detail"]
assert d.startswith("answered 'bye' to the handshake: "), d
assert "a line written after the last game's 'gameover' answers the next game's handshake" in d, d
PY
	expect_eq "stray run $run: processes started" "$(starts "$tmp/stray$run" 0)" 2
done
gone "$m" || fail "stray: a process survived: $(pgrep -af -- "$m")"
echo "ok: a line after gameover answers the next game's handshake (its startup fault)"

finish "t_match: all passed"
