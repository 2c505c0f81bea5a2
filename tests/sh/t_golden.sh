#!/bin/sh
# t_golden.sh - the golden run: a small fixed tournament with a fixed key
# (tests/golden/golden.key) makes, byte for byte, the files committed under
# tests/golden/: results.jsonl, schedule.jsonl, arena.json, the feedback
# files, the standings text of the run and of `report`, `report --csv`,
# `report --json`, `report --html` and index.html, and the game pages.
# It keeps the arena's output the same while its code is restructured.
#
# The tournament: the C sample bot c-heuristic (a copy, so that its
# fingerprint does not depend on where the checkout lies), @greedy,
# @random, a bot that answers every decision with a malformed move (its
# faults), a bot whose build fails (excluded) and a submission without a
# run file (rejected); hammerwalt and flip, 2 deals, one game at a time
# (so the lines come in schedule order).
#
# What cannot repeat is normalised by this sed, and by nothing else:
#  - the scratch directory of the test ($W), the bin directory and the
#    referee's path are written W, BIN (cwd, argv, seats, game pages);
#  - "bot_seeds" is written [S]: a bot program's handshake seed is drawn
#    at random by the referee (@random's comes from the key, and its play
#    shows in the scores);
#  - "time_ms" and "mem_peak_mb" (measured) are written [T] and [M];
#  - "--bot-seed SEAT:N" in a replay command (feedback) is written
#    --bot-seed SEAT:N, for the same reason;
#  - the fingerprint of the bot with a build (broken) in arena.json is F:
#    it changes with the directory the test runs in;
#  - the date of index.html and report --html ("written") is DATE.
# GOLDEN_WRITE=1 writes the files instead of comparing (only for a change
# of the arena's output that is meant; say so in the commit).
. tests/arena/lib.sh
G="$ROOT/tests/golden"
cd "$W" || exit 1

mkdir heur evil broken subs subs/norun
cp "$ROOT/sample-bots/c-heuristic/c-heuristic" "$ROOT/sample-bots/c-heuristic/run" heur/ ||
	fail "no sample-bots/c-heuristic/c-heuristic (make builds it)"
cat >evil/run <<'X'
#!/bin/sh
while read -r line; do
	case $line in
	"legal ready") echo ready ;;
	"legal "*) echo "nonsense" ;;
	esac
done
X
chmod +x evil/run
cp evil/run broken/run
echo "no run file here" >subs/norun/README
cat >g.ini <<'X'
[arena]
name = golden
variants = hammerwalt, flip
deals = 2
results = res
submissions = subs
[bot heur]
command = heur/run
[bot greedy]
command = @greedy
[bot random]
command = @random
[bot evil]
dir = evil
[bot broken]
dir = broken
build = exit 3
X
cp "$G/golden.key" k.key && chmod 600 k.key
mkdir out
# a referee per game: the lines come in schedule order (matches: below)
"$ARENA" --jobs 1 --no-matches --key k.key g.ini >out/run.txt 2>err || fail "run: $(cat err)"
"$ARENA" report res >out/report.txt 2>err || fail "report: $(cat err)"
"$ARENA" report --csv res >out/report.csv 2>err || fail "report --csv: $(cat err)"
"$ARENA" report --json res >out/report.json 2>err || fail "report --json: $(cat err)"
"$ARENA" report --html out/report.html res 2>err || fail "report --html: $(cat err)"
for f in results.jsonl schedule.jsonl arena.json index.html; do
	cp "res/$f" "out/$f"
done
for f in res/feedback/*.txt res/pages/*.html; do
	cp "$f" "out/$(basename "$(dirname "$f")").$(basename "$f")"
done
referee=$(cd "$(dirname "$REFEREE")" && pwd -P)/referee
Wp=$(pwd -P)
for f in out/*; do
	sed -e "s|$referee|BIN/referee|g; s|$REFEREE|BIN/referee|g; s|$Wp|W|g; s|$W|W|g" \
		-e 's/"bot_seeds":\[[^]]*\]/"bot_seeds":[S]/; s/"time_ms":\[[^]]*\]/"time_ms":[T]/' \
		-e 's/"mem_peak_mb":\[[^]]*\]/"mem_peak_mb":[M]/; s/--bot-seed \([0-9]\):[0-9]*/--bot-seed \1:N/g' \
		-e '/"bot": "broken",/{n;s/"fingerprint": "[0-9a-f]*"/"fingerprint": "F"/;}' \
		-e 's|^<dt>written</dt><dd>[^<]*</dd>$|<dt>written</dt><dd>DATE</dd>|' "$f" >"$f.n"
	mv "$f.n" "$f"
done

if [ "${GOLDEN_WRITE:-}" = 1 ]; then
	rm -rf "$G/run" && mkdir "$G/run" && cp out/* "$G/run/" || fail "cannot write $G/run"
	echo "wrote $(ls out | wc -l) golden files to $G/run"
	exit 0
fi
[ -d "$G/run" ] || fail "no golden files in $G/run"
(cd out && ls) >have
(cd "$G/run" && ls) >want
expect_file_eq "the files of the golden run" have want
for f in $(cat want); do
	expect_file_eq "golden file $f" "out/$f" "$G/run/$f"
done
echo "ok: t_golden ($(wc -l <want | tr -d ' ') files byte-identical)"

# The same tournament with matches (a referee per seat arrangement and
# block of deals): the same result lines, in another order (sorted here
# by schedule index, normalised as above), the same standings; the bots
# here play from the deal and their keyed seeds alone
sed 's/^results = res$/results = res-m/' g.ini >gm.ini
"$ARENA" --jobs 1 --key k.key gm.ini >run-m.txt 2>err || fail "matches run: $(cat err)"
for f in res-m/results.jsonl run-m.txt; do
	sed -e "s|$referee|BIN/referee|g; s|$REFEREE|BIN/referee|g; s|$Wp|W|g; s|$W|W|g" \
		-e 's/"bot_seeds":\[[^]]*\]/"bot_seeds":[S]/; s/"time_ms":\[[^]]*\]/"time_ms":[T]/' \
		-e 's/"mem_peak_mb":\[[^]]*\]/"mem_peak_mb":[M]/' -e 's|res-m|res|g' "$f" >"$f.n"
done
python3 - res-m/results.jsonl.n "$G/run/results.jsonl" <<'PY' || fail "matches: result lines differ from the golden run's"
import re, sys
def load(p):
    return sorted(open(p), key=lambda l: int(re.search(r'"index":([0-9]+)', l).group(1)))
m, g = (load(p) for p in sys.argv[1:])
if m != g:
    print(len(m), len(g))
    print(next(((a, b) for a, b in zip(m, g) if a != b), None))
    sys.exit(1)
PY
expect_file_eq "matches: the standings of the run" run-m.txt.n "$G/run/run.txt"
echo "ok: t_golden with matches: the same results and standings"
