#!/bin/sh
# t_referee.sh - the referee command line: errors and exit codes, the JSON
# result, reproducibility of output and game records, --replay, and every
# flip player count.
set -u
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee

# usage_error EXPECTED-MESSAGE ARGS...: exit status 2 and exactly one line on stderr
usage_error() {
	want=$1
	shift
	"$R" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" = 2 ] || fail "'$*': exit status $status, expected 2"
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "'$*': stderr is not one line: $(cat "$tmp/err")"
	grep -qF -- "$want" "$tmp/err" || fail "'$*': stderr '$(cat "$tmp/err")' lacks '$want'"
	[ -s "$tmp/out" ] && fail "'$*': printed on stdout"
}
usage_error "unknown variant 'euchre'" --variant euchre @random
usage_error "hammerwalt needs 4 SEATs, got 3" --variant hammerwalt @random @random @random
usage_error "unknown option 'targte' for indiana" --variant indiana --option targte=5 @random @random @random @random
usage_error "option 'all_pass': 'maybe' is not one of stick, redeal" --variant indiana --option all_pass=maybe @random @random @random @random
usage_error "--seed 'x1' is not a number" --variant hammerwalt --seed x1 @random @random @random @random
usage_error "--games '0' is not a number from 1" --variant hammerwalt --games 0 @random @random @random @random
usage_error "--variant is required" @random
usage_error "unknown option '--frobnicate'" --frobnicate
usage_error "option '--seed' needs a value" --seed
usage_error "unknown built-in player '@smart'" --variant hammerwalt @smart @random @random @random
usage_error "'@search:0': the effort of @search:N is a number of deals from 1 to 100000" \
	--variant hammerwalt @search:0 @random @random @random
usage_error "'@search:2x': the effort of @search:N" --variant hammerwalt @search:2x @random @random @random
usage_error "too many SEATs (at most 10)" --variant flip @random @random @random @random @random @random @random @random @random @random @random
printf 'dealer 0\nseat 0 9C 9C\n' >"$tmp/bad.deal"
usage_error "bad.deal:2: seat 0 has 2 cards, hammerwalt deals 12" --variant hammerwalt --deal "$tmp/bad.deal" @random @random @random @random

"$R" --help | grep -q "exit status" || fail "--help does not document the exit status"
for v in hammerwalt indiana bloomington fivehand flip; do
	"$R" --list-variants | grep -q "^$v: players" || fail "--list-variants lacks $v"
done

# @search plays every variant, the same game again for the same seeds (the
# deal's and its own, --bot-seed; without it, its own is drawn at random)
for v in hammerwalt:4 indiana:4 bloomington:6 fivehand:5 flip:3; do
	n=${v#*:}
	v=${v%:*}
	seats="@search:2"
	i=1
	while [ "$i" -lt "$n" ]; do seats="$seats @greedy"; i=$((i + 1)); done
	# shellcheck disable=SC2086
	"$R" --variant "$v" --seed 5 --bot-seed 0:77 --games 2 $seats >"$tmp/s1" 2>/dev/null ||
		fail "@search in $v"
	# shellcheck disable=SC2086
	"$R" --variant "$v" --seed 5 --bot-seed 0:77 --games 2 $seats >"$tmp/s2" 2>/dev/null
	grep -q '"faults":\[\]' "$tmp/s1" || fail "@search in $v: $(cat "$tmp/s1")"
	grep -q '"bot_seeds":\[77,' "$tmp/s1" || fail "@search in $v: its seed: $(head -1 "$tmp/s1")"
	cmp -s "$tmp/s1" "$tmp/s2" || fail "@search in $v: another game for the same seeds"
done

# a bare @search searches its variant's default effort: 128 deals a
# decision in five-hand, 32 elsewhere (the same moves as @search:N, other
# moves than the other effort's)
for v in fivehand:128:32 hammerwalt:32:128; do
	n=${v#*:}
	other=${n#*:}
	n=${n%:*}
	v=${v%%:*}
	fill="@greedy @greedy @greedy"
	[ "$v" = fivehand ] && fill="$fill @greedy"
	for s in @search "@search:$n" "@search:$other"; do
		# shellcheck disable=SC2086
		"$R" --variant "$v" --seed 5 --bot-seed 0:77 --log "$tmp/eff.log" "$s" $fill \
			>/dev/null 2>&1 || fail "$s in $v"
		grep '^move ' "$tmp/eff.log" >"$tmp/eff$s.moves"
	done
	cmp -s "$tmp/eff@search.moves" "$tmp/eff@search:$n.moves" ||
		fail "@search in $v is not @search:$n"
	! cmp -s "$tmp/eff@search.moves" "$tmp/eff@search:$other.moves" ||
		fail "@search in $v plays as @search:$other too: the test cannot tell the efforts apart"
done

# the JSON result has every documented key
"$R" --variant fivehand --seed 3 @greedy @random @random @random @random >"$tmp/five.json" || fail "fivehand run"
python3 - "$tmp/five.json" <<'PY' || fail "fivehand JSON keys"
import json, sys
r = json.load(open(sys.argv[1]))
for k in ["variant", "seed", "options", "seats", "hands", "seat_scores", "team_scores", "ranks",
          "faults", "decisions", "time_ms", "mem_peak_mb"]:
    assert k in r, k
assert r["mem_peak_mb"] == [None] * 5, r["mem_peak_mb"]  # built-ins: nothing measured
assert r["team_scores"] is None and len(r["seat_scores"]) == 5 and len(r["ranks"]) == 5
assert r["options"] == {"target": 10, "max_hands": 200, "end": "lead"}, r["options"]
assert min(r["ranks"]) == 1 and r["faults"] == []
PY

# reproducibility: the same seeds and seats give byte-identical output and
# records (@random's seeds given: each is drawn apart from the deal's)
rs="--bot-seed 1:11 --bot-seed 2:12 --bot-seed 4:14"
for i in 1 2; do
	# shellcheck disable=SC2086
	"$R" --variant bloomington --seed 42 --games 3 $rs --log "$tmp/rec$i.log" \
		@greedy @random @random @greedy @random @greedy >"$tmp/out$i.json" 2>/dev/null
done
cmp -s "$tmp/out1.json" "$tmp/out2.json" || fail "two runs with seed 42 printed different results"
cmp -s "$tmp/rec1.log" "$tmp/rec2.log" || fail "two runs with seed 42 wrote different records"
[ "$(wc -l <"$tmp/out1.json")" = 3 ] || fail "--games 3 did not print 3 lines"
# shellcheck disable=SC2086
"$R" --variant bloomington --seed 43 $rs @greedy @random @random @greedy @random @greedy >"$tmp/out3.json"
cmp -s "$tmp/out3.json" "$(head -n 1 "$tmp/out1.json" >/dev/null; echo "$tmp/out1.json")" &&
	fail "seed 43 gave the same games as seed 42"

# replay: a record of built-ins and bots replays; a tampered one does not
"$R" --replay "$tmp/rec1.log" >"$tmp/replay.out" || fail "replay of a good record: $(cat "$tmp/replay.out")"
grep -q "3 games, .* moves replayed; every move, event and result matches" "$tmp/replay.out" ||
	fail "replay report: $(cat "$tmp/replay.out")"
"$R" --variant flip --seed 9 --log "$tmp/bots.log" "$top/sample-bots/c-random" \
	"$top/tests/misbehave/garbage marker" @greedy >/dev/null || fail "flip with bots"
grep -q '^fault 1 malformed' "$tmp/bots.log" || fail "the record lacks the fault line"
grep -q '^[0-9.]* 0< request ' "$tmp/bots.log" || fail "the record lacks the transcript"
"$R" --replay "$tmp/bots.log" >/dev/null || fail "replay of a record with a fault"
# an illegal answer is one of the seat's decisions (it answered), live and
# replayed: the bot passes, plays 9C, then answers 8C, which it does not hold
"$R" --variant hammerwalt --seed 1 --bot-seed 0:1 --log "$tmp/illegal.log" \
	"$top/tests/misbehave/illegal m1" @random @random @random >"$tmp/illegal.json" ||
	fail "a game with an illegal move"
grep -q '"faults":\[{"seat":0,"kind":"illegal","hand":1,"detail":"'"'"'8C'"'"': you do not hold 8C; .*"decisions":\[3,' \
	"$tmp/illegal.json" || fail "the illegal move's game: $(cat "$tmp/illegal.json")"
"$R" --replay "$tmp/illegal.log" >"$tmp/replay.out" 2>&1 ||
	fail "replay of a record with an illegal move: $(cat "$tmp/replay.out")"
# a script's illegal move is the script's, not an answer: not counted, live and replayed
# (@random's seeds given: with these the bidding comes round to seat 0)
"$R" --variant hammerwalt --seed 1 --bot-seed 1:1 --bot-seed 2:1 --bot-seed 3:1 \
	--log "$tmp/script.log" "@script:pass,AS" @random @random @random \
	>"$tmp/script.json" || fail "a game with an illegal script move"
grep -q '"kind":"illegal","hand":1,"detail":"script move 2 '"'"'AS'"'"' is not legal now: .*"decisions":\[1,' \
	"$tmp/script.json" || fail "the illegal script move's game: $(cat "$tmp/script.json")"
"$R" --replay "$tmp/script.log" >"$tmp/replay.out" 2>&1 ||
	fail "replay of a record with an illegal script move: $(cat "$tmp/replay.out")"
# credit the first move to the wrong seat
awk '!done && /^move / { $2 = ($2 + 1) % 6; done = 1 } { print }' "$tmp/rec1.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" 2>"$tmp/replay.err"
[ $? = 1 ] || fail "a tampered record replayed"
grep -q "bad.log:[0-9]*: move by seat [0-9], but seat [0-9] is to move" "$tmp/replay.err" || fail "replay error lacks file:line: $(cat "$tmp/replay.err")"
"$R" --replay "$tmp/nothing.log" 2>/dev/null
[ $? = 2 ] || fail "replay of a missing file: exit status not 2"

# a tampered event shows the line that differs, not the first of its block:
# change the winner of the first trick (a block's second-to-last line)
awk '!done && /^\| trick 1 winner / { $NF = ($NF + 1) % 6; done = 1 } { print }' \
	"$tmp/rec1.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" 2>"$tmp/replay.err"
[ $? = 1 ] || fail "a record with a tampered event replayed"
want=$(grep -m1 '^| trick 1 winner ' "$tmp/bad.log" | cut -c3-)
grep -q "recorded event '$want' but the engine says 'trick 1 winner [0-5]'$" "$tmp/replay.err" ||
	fail "replay mismatch message: $(cat "$tmp/replay.err")"
# the header is range-checked like the command line
sed '0,/^game bloomington seed 42 /s//game bloomington seed 18446744073709551615 /' \
	"$tmp/rec1.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" 2>"$tmp/replay.err"
[ $? = 2 ] || fail "a record with seed 2^64-1 replayed"
grep -q "bad.log:2: seed '18446744073709551615' is not a number from 0 to 2^63-1$" "$tmp/replay.err" ||
	fail "replay of seed 2^64-1: $(cat "$tmp/replay.err")"
sed '0,/^time startup=10000 /s//time startup=0 /' "$tmp/rec1.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" 2>"$tmp/replay.err"
[ $? = 2 ] || fail "a record with startup=0 replayed"
grep -q "time limit startup '0' is not a number from 1 to 3600000$" "$tmp/replay.err" ||
	fail "replay of startup=0: $(cat "$tmp/replay.err")"

# seeds: without --seed the deal's seed is drawn at random (each game of
# --games its own), and shown in the result and the record
for i in 1 2; do
	"$R" --variant hammerwalt --games 2 --log "$tmp/rand$i.log" @greedy @random @greedy @random \
		>"$tmp/rand$i.json" 2>/dev/null || fail "random seed: exit status"
done
python3 - "$tmp/rand1.json" "$tmp/rand2.json" "$tmp/rand1.log" <<'PY' || fail "random seeds"
import json, re, sys
seeds = [json.loads(l)["seed"] for f in sys.argv[1:3] for l in open(f)]
assert len(set(seeds)) == 4, seeds                    # four games, four seeds
assert all(0 <= s < 2**63 for s in seeds), seeds
logged = [int(m) for m in re.findall(r"^game hammerwalt seed (\d+) ", open(sys.argv[3]).read(), re.M)]
assert logged == seeds[:2], (logged, seeds)
PY
"$R" --replay "$tmp/rand1.log" >/dev/null || fail "a record with random seeds does not replay"

# bot seeds: each bot's handshake seed is drawn at random, kept in the
# record (botseed) and the result (bot_seeds); --bot-seed fixes it, and
# with --seed reproduces a game of a seeded bot exactly
bot=$top/sample-bots/c-random
for i in 1 2 3; do
	case $i in 3) fix="--bot-seed 2:123456789" ;; *) fix="--bot-seed 0:77 --bot-seed 2:5 --bot-seed 3:9" ;; esac
	# shellcheck disable=SC2086
	"$R" --variant hammerwalt --seed 5 $fix --log "$tmp/bs$i.log" "$bot" @greedy "$bot" @random \
		>"$tmp/bs$i.json" || fail "bot seeds: exit status"
done
grep -q '^[0-9.]* 0< seed 77$' "$tmp/bs1.log" || fail "--bot-seed 0:77 was not sent"
grep -q '^botseed 0 77$' "$tmp/bs1.log" && grep -q '^botseed 2 5$' "$tmp/bs1.log" ||
	fail "the record lacks the botseed lines"
python3 - "$tmp"/bs1.json "$tmp"/bs2.json "$tmp"/bs3.json "$tmp"/bs3.log <<'PY' || fail "bot seeds"
import json, re, sys
a, b, c = (json.load(open(f)) for f in sys.argv[1:4])
assert a["bot_seeds"] == [77, None, 5, 9], a["bot_seeds"]
for r in (a, b):
    del r["time_ms"], r["mem_peak_mb"]
assert a == b, "the same seeds played differently"
drawn = c["bot_seeds"][0]
assert c["bot_seeds"][2] == 123456789 and 0 <= drawn < 2**63, c["bot_seeds"]
assert "seed %d\n" % drawn in open(sys.argv[4]).read(), "seat 0's seed line"
PY
"$R" --replay "$tmp/bs3.log" >/dev/null || fail "a record with bot seeds does not replay"
sed 's/^botseed 2 123456789$/botseed 2 123456780/' "$tmp/bs3.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" 2>"$tmp/replay.err"
[ $? = 1 ] || fail "a record with a tampered botseed replayed"
grep -q "recorded result differs from the replay" "$tmp/replay.err" || fail "botseed: $(cat "$tmp/replay.err")"
usage_error "--bot-seed '0:x' is not SEAT:N" --variant hammerwalt --bot-seed 0:x @random @random @random @random
usage_error "referee: --bot-seed: seat 1 is @greedy, which draws nothing at random (it takes no seed)" \
	--variant hammerwalt --bot-seed 1:5 "$bot" @greedy @random @random
usage_error "--bot-seed names a seat the game does not have" --variant hammerwalt --bot-seed 7:5 "$bot" @random @random @random
usage_error "--game-ms '0' is not a number from 1" --variant hammerwalt --game-ms 0 @random @random @random @random

# records and bots' stderr files are 0600 whatever the umask, even when
# they existed before
mkdir -p "$tmp/modes"
: >"$tmp/modes/old.log"
chmod 644 "$tmp/modes/old.log"
(umask 0 && "$R" --variant hammerwalt --log "$tmp/modes/new.log" "$bot" @random @random @random >/dev/null &&
	"$R" --variant hammerwalt --log "$tmp/modes/old.log" "$bot" @random @random @random >/dev/null &&
	"$R" --variant hammerwalt --bot-logs "$tmp/modes" "$bot" @random @random @random >/dev/null) ||
	fail "modes: exit status"
for f in new.log new.seat0.stderr old.log old.seat0.stderr seat0.stderr; do
	[ "$(stat -c %a "$tmp/modes/$f")" = 600 ] || fail "$f is mode $(stat -c %a "$tmp/modes/$f"), not 600"
done

# flip with every player count, with and without zilch, with two jokers
for n in 2 3 4 5 6 7 8 9 10; do
	seats=""
	i=0
	while [ $i -lt "$n" ]; do seats="$seats @random"; i=$((i + 1)); done
	for opts in "" "--option zilch=true" "--option jokers=2"; do
		# shellcheck disable=SC2086
		"$R" --variant flip --option players=$n $opts $seats >"$tmp/flip.json" ||
			fail "flip players=$n $opts"
		python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r["ranks"]) == int(sys.argv[2]) and min(r["ranks"]) == 1, r
' "$tmp/flip.json" "$n" || fail "flip players=$n $opts: result"
	done
done

# --seat-dir: a seat's relative paths start in its directory
out=$(cd / && "$top/$R" --variant hammerwalt --seat-dir "0:$top/sample-bots/python-random" \
	"python3 bot.py" @random @random @random) || fail "--seat-dir: exit status"
case $out in *'"faults":[]'*) ;; *) fail "--seat-dir: $out" ;; esac
usage_error "--seat-dir '/nonexistent' is not a directory" --variant hammerwalt \
	--seat-dir 0:/nonexistent @random @random @random @random
# --games from --seed: every game's seed (seed + i) stays below 2^63
usage_error "referee: --games 2 from this --seed would deal past seed 2^63-1" --variant hammerwalt \
	--seed 9223372036854775807 --games 2 @random @random @random @random
# at most 16 --hide
hides=
for i in $(seq 17); do hides="$hides --hide /tmp/h$i"; done
usage_error "referee: too many --hide (at most 16, --hide and --hide-others together)" --variant hammerwalt $hides \
	@random @random @random @random

# --build: a copy built in the sandbox; failures and bad destinations
mkdir -p "$tmp/src"
printf 'int main(void) { return 0; }\n' >"$tmp/src/bot.c"
"$R" --build "$tmp/src" "$tmp/built" -- /bin/sh -c 'cc -o bot bot.c' >"$tmp/build.out" ||
	fail "--build: $(cat "$tmp/build.out")"
[ -x "$tmp/built/bot" ] || fail "--build made no program"
[ -e "$tmp/src/bot" ] && fail "--build wrote into the source directory"
[ "$(stat -c %u "$tmp/built/bot")" = "$(id -u)" ] || fail "--build: the copy is not ours afterwards"
"$R" --build "$tmp/src" "$tmp/built" -- /bin/sh -c 'exit 3' 2>"$tmp/build.err"
[ $? = 1 ] || fail "--build of a failing command: exit status not 1"
grep -q '^build failed: exited with status 3$' "$tmp/build.err" || fail "--build: $(cat "$tmp/build.err")"
"$R" --build-timeout 1 --build "$tmp/src" "$tmp/built" -- /bin/sh -c 'sleep 30' 2>"$tmp/build.err"
[ $? = 1 ] || fail "--build past its time: exit status not 1"
grep -q '^build timed out after 1 s$' "$tmp/build.err" || fail "--build timeout: $(cat "$tmp/build.err")"
"$R" --build "$tmp/src" "$tmp/src/inner" -- true 2>"$tmp/build.err"
[ $? = 2 ] || fail "--build into its own source: exit status not 2"
grep -q "is inside the bot's directory" "$tmp/build.err" || fail "--build: $(cat "$tmp/build.err")"

# --seed - reads the seed from standard input, out of sight of ps
out=$(printf '7\n' | "$R" --variant hammerwalt --seed - @greedy @random @greedy @random)
case $out in
*'"seed":7,'*) ;;
*) fail "--seed -: $out" ;;
esac
usage_error "--seed -: no seed on standard input" --variant hammerwalt --seed - @random @random @random @random </dev/null
finish "referee command line ok"
