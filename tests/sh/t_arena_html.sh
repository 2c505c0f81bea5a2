#!/bin/sh
# t_arena_html.sh - the standings page (arena report --html FILE, and
# RESULTS/index.html) in a real browser. A small tournament with a bot
# that faults with a line full of markup, a config name and a rejected
# submission's name full of markup too: the page holds no markup of
# theirs (escaped, shown as text), and in headless chromium its DOM has
# one standings row per bot, each bot's rating as the text report prints
# it, the crosstable cells of the text report, a link from the fault
# table to a faulted game's page that exists, and the excluded bot; its
# screenshot is not blank. While a run goes on, index.html says so and
# reloads itself; after it, it does not. A 400-game page is under 300 KB.
# Without a browser the browser part skips with a message.
. tests/arena/lib.sh
cd "$W" || exit 1

# ---- a tournament: greedy, random, a bot that answers with markup, a rejected submission
mkdir evil subs 'subs/<i>sub"'"'"
cat >evil/run <<'EOF'
#!/bin/sh
# answers every decision after the handshake with markup (a malformed move)
while read -r line; do
	case $line in
	"legal ready") echo ready ;;
	"legal "*) echo "<script>alert(\"x\")</script>'&" ;;
	esac
done
EOF
chmod +x evil/run
cat >t.ini <<'EOF'
[arena]
name = <img src=x onerror="alert(1)">cup&'
variants = hammerwalt, fivehand
deals = 2
results = res
submissions = subs
[bot greedy]
command = @greedy
[bot random]
command = @random
[bot evil]
dir = evil
EOF
"$ARENA" -q --jobs 2 t.ini >report.txt 2>err || fail "run: $(cat err)"
games=$(lines res/results.jsonl)
[ -f res/index.html ] || fail "no res/index.html after the run"
expect_eq "index.html mode" "$(stat -c %a res/index.html)" 600
echo "page of the test tournament ($games games): $(wc -c <res/index.html) bytes"

# ---- escaped: no markup from the config, the bot or the submission's name
grep -qi '<script' res/index.html && fail "the page holds a <script> element: $(grep -i '<script' res/index.html | head -2)"
grep -q '<i>sub' res/index.html && fail "the submission's name is raw markup in the page"
grep -q '<img' res/index.html && fail "the config's name is raw markup in the page"
grep -q '<title>standings: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;cup&amp;&#39;</title>' res/index.html ||
	fail "the config's name is not in the title, escaped: $(grep '<title>' res/index.html)"
grep -q '<q>&#39;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&#39; is not a move' res/index.html ||
	fail "the fault detail is not in the page, escaped: $(grep -o '<q>[^/]*' res/index.html | head -1)"
grep -q '<li><b>&lt;i&gt;sub&quot;&#39;</b>: rejected: ' res/index.html ||
	fail "the excluded submission is not listed, escaped: $(grep -A2 'id="excluded"' res/index.html)"
grep -q 'http-equiv="refresh"' res/index.html && fail "the page of a finished run reloads itself"
grep -q "<dd id=\"played\">$games of $games played</dd>" res/index.html ||
	fail "games played: $(grep 'id="played"' res/index.html)"

# ---- report --html FILE: the same page, its links relative to FILE's directory
"$ARENA" report --html out.html res 2>err || fail "report --html: $(cat err)"
link=$(grep -o 'class="game" href="[^"]*"' out.html | head -1 | sed 's/.*href="//; s/"$//')
# (a link is a URL: the '+' between a game's bots is written %2B)
file=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.unquote(sys.argv[1]))' "$link")
case $link in res/pages/*.html) [ -f "$file" ] || fail "report --html links to '$link', not there" ;;
*) fail "report --html: the first game link is '$link', expected res/pages/ID.html" ;; esac
sed 's/href="res\//href="/g' out.html | grep -v '^<dt>written</dt>' | sed 's/<code>[^<]*<\/code>//' >a
grep -v '^<dt>written</dt>' res/index.html | sed 's/<code>[^<]*<\/code>//' >b
expect_file_eq "report --html and index.html" a b
"$ARENA" report --html /nonexistent/dir/x.html res 2>err
expect_eq "exit status of an unwritable --html FILE" "$?" 1
grep -q "^arena: .*/nonexistent/dir/x.html" err || fail "message: $(cat err)"
"$ARENA" report --html x.html --csv res 2>err
expect_eq "exit status of --html with --csv" "$?" 2
# --html takes a FILE, never the next option
"$ARENA" report --html --csv res 2>err
expect_eq "exit status of --html without FILE" "$?" 2
[ -e ./--csv ] && fail "--html wrote a file named --csv"
expect_eq "--html without FILE" "$(cat err)" "arena: --html needs FILE, the page to write (see arena --help)"

# ---- while a run goes on: the page says so and reloads; afterwards it does not
two_bots slow.ini "variants = hammerwalt" "deals = 4" "results = slow"
SLOW_REFEREE_SLEEP=0.5 "$ARENA" -q --jobs 1 --referee "$FIXTURES/slow-referee" slow.ini >/dev/null 2>err &
pid=$!
i=0
while [ ! -f slow/index.html ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
cp slow/index.html during.html 2>/dev/null || fail "no index.html while the run goes on"
wait $pid || fail "slow run: $(cat err)"
grep -q '<meta http-equiv="refresh" content="10">' during.html || fail "the page of a running arena does not reload"
grep -q '<dd id="state">running: this page reloads every 10 s</dd>' during.html || fail "state: $(grep 'id="state"' during.html)"
n=$(sed -n 's/.*<dd id="played">\([0-9]*\) of 8 played.*/\1/p' during.html)
[ -n "$n" ] && [ "$n" -lt 8 ] || fail "played while running: $(grep 'id="played"' during.html)"
grep -q 'http-equiv="refresh"' slow/index.html && fail "the page still reloads after the run"
grep -q '<dd id="played">8 of 8 played</dd>' slow/index.html || fail "after the run: $(grep 'id="played"' slow/index.html)"

# ---- 400 games: the page stays small
{
	printf '[arena]\nvariants = hammerwalt, fivehand\ndeals = 5\nresults = r400\n[variant fivehand]\ndeals = 3\n'
	for i in 1 2 3 4 5 6 7 8; do printf '[bot b%d]\ncommand = @%s\n' $i "$([ $((i % 2)) = 0 ] && echo greedy || echo random)"; done
} >r400.ini
"$ARENA" -q --jobs 2 r400.ini >/dev/null 2>err || fail "400 games: $(cat err)"
expect_eq "games of the big run" "$(lines r400/results.jsonl)" 400
size=$(wc -c <r400/index.html)
echo "page of 400 games, 8 bots, 2 variants: $size bytes"
[ "$size" -lt 307200 ] || fail "the 400-game page has $size bytes (at most 300 KB)"
expect_eq "standings rows of the 400-game page" "$(sed -n '/id="st-overall"/,/<\/table>/p' r400/index.html | grep -c '^<tr><td>')" 8
expect_eq "chart lines of the 400-game page" "$(grep -c '^<polyline ' r400/index.html)" 8

# ---- in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	# as root, make test installed it (test-deps): its absence is a failure, not a skip
	[ "$(id -u)" = 0 ] && fail "no chromium, although make test-deps installs it as root"
	echo "skip: no chromium (make test-deps installs it as root); the browser checks did not run"
	exit 0
fi
"$ARENA" report --csv res >csv || fail "report --csv"
python3 - "$browser" "$W" "$ROOT/tests/sh" <<'PY' || fail "browser checks"
import html, os, re, sys, urllib.parse
browser, w = sys.argv[1:3]
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, sys.argv[3])
from browser import Checks, chromium as browser_run, png_colours
checks = Checks()
fail = checks.fail

def chromium(*args):
    return browser_run(browser, w, *args)

def text(s):
    return html.unescape(re.sub(r"<[^>]*>", "", s)).strip()

# the text report's overall table and crosstable
report = open(w + "/report.txt").read()
overall = report.split("\noverall: ", 1)[1].split("\n\n", 2)
rows = re.findall(r"^ +\d+  (\S+) +\d+ +[\d.]+ +[\d.]+ +\S+ +(\d+ \u00b1 \d+) +(?:\d+ +)?\d+$", overall[0], re.M)
cross = [l.split()[2:] for l in overall[1].splitlines()[2:] if re.match(r"^ +\d+  ", l)]
if len(rows) != 3 or len(cross) != 3:
    fail("the text report's tables: %r %r" % (rows, cross))

d = chromium("--dump-dom", "file://%s/res/index.html" % w)
if "<script" in d.lower() or "<img" in d.lower():
    fail("the DOM holds a script or img element")
st = re.search(r'<table class="st" id="st-overall">.*?<tbody>(.*?)</tbody>', d, re.S)
dom_rows = re.findall(r'<td class="bot">(.*?)</td>.*?<td class="rt">(.*?)</td>', st.group(1)) if st else []
if len(dom_rows) != len(rows):
    fail("standings rows: %d in the DOM, %d in the text report" % (len(dom_rows), len(rows)))
for (bot, rating), (want_bot, want) in zip(dom_rows, rows):
    if (text(bot), text(rating)) != (want_bot, want):
        fail("rating of %s: %r in the DOM, %r in the text report" % (want_bot, text(rating), want))
x = re.search(r'<table class="x" id="x-overall">(.*?)</table>', d, re.S)
cells = [[text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in re.findall(r"<tr>(.*?)</tr>", x.group(1) if x else "")]
cells = [r for r in cells if r]
if cells != cross:
    fail("crosstable: %r in the DOM, %r in the text report" % (cells, cross))
if not re.search(r'<td class="h10">100\.0</td>', x.group(1) if x else ""):
    fail("no heat class on a 100% cell")
faults = re.search(r'<table id="faults">(.*?)</table>', d, re.S)
links = re.findall(r'<a class="game" href="(pages/[^"]+\.html)">', faults.group(1) if faults else "")
if not links:
    fail("no link from the fault table to a game page")
for href in links:
    page = os.path.join(w, "res", urllib.parse.unquote(href))
    if not os.path.isfile(page):
        fail("the fault table links to %s, which is not there" % href)
    elif 'class="fault"' not in open(page).read():
        fail("%s does not show the game's fault" % href)
q = re.findall(r"<q>(.*?)</q>", d)
if not q or not text(q[0]).startswith("'<script>alert(\"x\")</script>'&' is not a move"):
    fail("the fault detail is not shown as text: %r" % q[:1])
ex = re.search(r'<ul id="excluded">(.*?)</ul>', d, re.S)
names = [text(n) for n in re.findall(r"<li><b>(.*?)</b>", ex.group(1) if ex else "")]
csv = [l.split(",")[2] for l in open(w + "/csv").read().splitlines() if ",excluded," in l]
if names != ['<i>sub"\''] or len(csv) != 1:
    fail("excluded bots: %r in the DOM, %d rows in the CSV" % (names, len(csv)))
m = re.search(r"<title>(.*?)</title>", d)
if not m or text(m.group(1)) != "standings: <img src=x onerror=\"alert(1)\">cup&'":
    fail("title: %r" % (m and m.group(1)))

png = w + "/standings.png"
chromium("--screenshot=" + png, "--window-size=1000,1400", "file://%s/res/index.html" % w)
if not os.path.exists(png):
    fail("no screenshot")
else:
    n = png_colours(png)
    print("standings page: screenshot %d bytes, %d colours" % (os.path.getsize(png), n))
    if n < 20:
        fail("the screenshot is blank (%d colours)" % n)
checks.done()
PY
echo "ok: t_arena_html"
