#!/bin/sh
# t_arena_games.sh - games to study (docs/arena.md, "Games to study"): the
# standings page and each feedback file list a bot's lost and faulted
# games, the last REPORT_HTML_STUDY_GAMES (10) with the count of all, each
# linked to its game page, made at the end of the run.
#
# The tournament: @greedy (g) against a bot s that answers a malformed
# move whenever it sits in seat 0 (it faults: rotation r1 of every deal)
# and the first legal move elsewhere; hammerwalt, 6 deals, a public seed,
# so the games are fixed: s faults in the 6 games r1 and loses 5 of the 6
# games r0 (it wins hammerwalt.d0004.g+s.r0, 71 to 51): 11 games to study,
# the first of them (hammerwalt.d0001.g+s.r0) left out; g loses one game,
# hammerwalt.d0004.g+s.r0.
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir s
cat >s/run <<'X'
#!/bin/sh
# faults (a malformed move) when it sits in seat 0; else the first legal move
seat=
while IFS= read -r line; do
	case $line in
	"seat "*) seat=${line#seat } ;;
	"legal ready") echo "ready s" ;;
	"legal "*) if [ "$seat" = 0 ]; then echo nonsense; else m=${line#legal }; echo "${m%%,*}"; fi ;;
	quit) exit 0 ;;
	esac
done
X
chmod +x s/run
cat >t.ini <<'X'
[arena]
variants = hammerwalt
deals = 6
seed = 5
results = res
[bot g]
command = @greedy
[bot s]
dir = s
X
# a referee per game: the games come in schedule order (s plays in every
# game, one at a time), which the lists below follow; with matches both
# rotations' matches would come one after the other
"$ARENA" -q --no-matches t.ini >/dev/null 2>err || fail "run: $(cat err)"

# the games are the ones worked out above
python3 -c '
import json
for l in open("res/results.jsonl"):
    r = json.loads(l)
    print(r["game"], " ".join(map(str, r["ranks"])), " ".join("%d:%s" % (f["seat"], f["kind"]) for f in r.get("faults", [])))
' >games.txt
cat >expect <<'X'
hammerwalt.d0001.g+s.r0 1 2 1 2 
hammerwalt.d0001.g+s.r1 2 1 2 1 0:malformed
hammerwalt.d0002.g+s.r0 1 2 1 2 
hammerwalt.d0002.g+s.r1 2 1 2 1 0:malformed
hammerwalt.d0003.g+s.r0 1 2 1 2 
hammerwalt.d0003.g+s.r1 2 1 2 1 0:malformed
hammerwalt.d0004.g+s.r0 2 1 2 1 
hammerwalt.d0004.g+s.r1 2 1 2 1 0:malformed
hammerwalt.d0005.g+s.r0 1 2 1 2 
hammerwalt.d0005.g+s.r1 2 1 2 1 0:malformed
hammerwalt.d0006.g+s.r0 1 2 1 2 
hammerwalt.d0006.g+s.r1 2 1 2 1 0:malformed
X
expect_file_eq "the games played" games.txt expect

# ---- the standings page: each bot's list, as text, and its links
python3 - res/index.html >study.txt <<'X' || fail "no study list in index.html"
import re, sys, urllib.parse
page = open(sys.argv[1]).read()
block = re.search(r'<dl id="study">\n(.*?)</dl>', page, re.S).group(1)
for bot, dd in re.findall(r'<dt>(.*?)</dt><dd>(.*?)</dd>', block):
    print(bot + ": " + re.sub(r"<.*", "", dd))
    for href, gid, rest in re.findall(r'<li><a class="game" href="([^"]*)">([^<]*)</a>([^<]*)</li>', dd):
        print("  " + gid + rest + " -> " + urllib.parse.unquote(href))
X
cat >expect <<'X'
g: 1 game lost or faulted in:
  hammerwalt.d0004.g+s.r0, seat 0: lost -> pages/hammerwalt.d0004.g+s.r0.html
s: 11 games lost or faulted in, the last 10:
  hammerwalt.d0001.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0001.g+s.r1.html
  hammerwalt.d0002.g+s.r0, seat 1: lost -> pages/hammerwalt.d0002.g+s.r0.html
  hammerwalt.d0002.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0002.g+s.r1.html
  hammerwalt.d0003.g+s.r0, seat 1: lost -> pages/hammerwalt.d0003.g+s.r0.html
  hammerwalt.d0003.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0003.g+s.r1.html
  hammerwalt.d0004.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0004.g+s.r1.html
  hammerwalt.d0005.g+s.r0, seat 1: lost -> pages/hammerwalt.d0005.g+s.r0.html
  hammerwalt.d0005.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0005.g+s.r1.html
  hammerwalt.d0006.g+s.r0, seat 1: lost -> pages/hammerwalt.d0006.g+s.r0.html
  hammerwalt.d0006.g+s.r1, seat 0: faulted -> pages/hammerwalt.d0006.g+s.r1.html
X
expect_file_eq "the games to study on the standings page" study.txt expect
# every link resolves (relative to the page), to the page of that game
sed -n 's/.* -> //p' study.txt | while read -r p; do
	[ -f "res/$p" ] || fail "the link $p resolves to no file"
	id=${p#pages/}
	id=${id%.html}
	grep -q "<title>res/logs/$id.log</title>" "res/$p" || fail "res/$p is not the page of $id"
done || exit 1
# the page shows the game: the lost one its result, the faulted one the fault
grep -q 'result: ranks 2 1 2 1, score 51 71' res/pages/hammerwalt.d0004.g+s.r0.html ||
	fail "the page of the lost game does not show its result"
grep -q 'nonsense&#39; is not a move' res/pages/hammerwalt.d0001.g+s.r1.html ||
	fail "the page of the faulted game does not show the fault"
# the oldest of s's 11 (beyond the 10) is not listed
grep -q 'hammerwalt.d0001.g+s.r0' study.txt && fail "the 11th game to study is listed"

# ---- the feedback files: the same lists, with the pages' paths
sed -n '/^games to study:/,$p' res/feedback/g.txt >g.txt
cat >expect <<'X'
games to study: 1 lost or faulted in (each game's page shows every move; the standings page links them too)
  hammerwalt.d0004.g+s.r0 (seat 0): lost
    res/pages/hammerwalt.d0004.g+s.r0.html
X
expect_file_eq "g's feedback: games to study" g.txt expect
sed -n '/^games to study:/,$p' res/feedback/s.txt >s.txt
{
	echo "games to study: 11 lost or faulted in, the last 10 (each game's page shows every move; the standings page links them too)"
	sed -n 's/^  \([^,]*\), \(seat [01]\): \([a-z]*\) -> \(.*\)$/  \1 (\2): \3\n    res\/\4/p' study.txt | sed -n '/d0001.g+s.r1/,$p'
} >expect
expect_file_eq "s's feedback: games to study" s.txt expect
sed -n 's/^    \(res\/pages\/.*\)$/\1/p' s.txt g.txt | while read -r p; do
	[ -f "$p" ] || fail "the feedback names $p, not there"
done || exit 1
exit 0
