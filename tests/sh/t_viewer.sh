#!/bin/sh
# t_viewer.sh - the game viewer (referee --replay FILE --html PAGE) in a
# real browser. A known game of each variant is recorded (fixed seeds,
# the deal's and @random's, built-in players) and its page written; headless chromium loads it and
# the DOM it builds must show the cards of trick 1 as hand-checked against
# the record (each card with its seat, in play order, and the winner; some
# seats' cards left in hand, flip's switch, Charlie and dead hand), the
# fragment #h1t2 must select trick 2, and an ArrowRight key pressed on
# trick 1 must step to trick 2. Each page is under 100 KB and its
# screenshot is not blank. Without a browser those parts skip with a
# message; the rest still runs: a SEAT text full of markup is escaped, a
# record that does not verify gives no page (exit 1), --html without
# --replay is a usage error (exit 2).
set -u
. "$(dirname "$0")/lib.sh"
ref=$BINDIR/referee

# ---- the records and their pages
record() { # NAME VARIANT SEED SEAT...
	name=$1 variant=$2 seed=$3
	shift 3
	"$ref" --variant "$variant" --seed "$seed" --log "$tmp/$name.log" "$@" >/dev/null ||
		fail "$name: the game did not play"
	"$ref" --replay "$tmp/$name.log" --html "$tmp/$name.html" >/dev/null ||
		fail "$name: no page"
}
# @random's seeds: with these seat 1 goes alone in hammerwalt's first hand,
# and in flip seat 3 switches in the first trick and seat 1 in the second
rs="--bot-seed 1:2 --bot-seed 3:102"
# shellcheck disable=SC2086
record hammerwalt hammerwalt 7 $rs @greedy @random @greedy @random
# shellcheck disable=SC2086
record indiana indiana 7 $rs @greedy @random @greedy @random
# shellcheck disable=SC2086
record bloomington bloomington 7 $rs --bot-seed 5:202 @greedy @random @greedy @random @greedy @random
# shellcheck disable=SC2086
record fivehand fivehand 7 $rs @greedy @random @greedy @random @greedy
record flip flip 5 --bot-seed 1:138 --bot-seed 3:102 @greedy @random @greedy @random @greedy

# ---- no page from a record that does not verify; --html needs --replay
sed 's/^move 1 10H$/move 1 JD/' "$tmp/hammerwalt.log" >"$tmp/bad.log"
"$ref" --replay "$tmp/bad.log" --html "$tmp/bad.html" >/dev/null 2>"$tmp/bad.err"
expect_eq "exit status of a record that does not verify" "$?" 1
[ -e "$tmp/bad.html" ] && fail "a page was written for a record that does not verify"
grep -q "no page written" "$tmp/bad.err" || fail "no message about the page: $(cat "$tmp/bad.err")"
"$ref" --html "$tmp/x.html" >/dev/null 2>&1
expect_eq "exit status of --html without --replay" "$?" 2

# ---- a SEAT text with markup (a record edited as a config could write it) is escaped
python3 - "$tmp/hammerwalt.log" "$tmp/evil.log" <<'PY' || fail "could not make the hostile record"
import json, sys
evil = "<img src=x onerror=alert(1)>&\"'</script>"
out = []
for line in open(sys.argv[1]).read().splitlines():
    if line == "seat 1 @random":
        out.append("seat 1 " + evil)
    elif line.startswith("botseed 1 "):
        out.append("botseed 1 5")
    elif line.startswith("result "):
        r = json.loads(line[7:])
        r["seats"][1] = evil
        r["bot_seeds"][1] = 5
        out.append("result " + json.dumps(r, separators=(",", ":")))
    else:
        out.append(line)
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
"$ref" --replay "$tmp/evil.log" --html "$tmp/evil.html" >/dev/null || fail "hostile record: no page"
grep -q '<img' "$tmp/evil.html" && fail "the page holds the SEAT's markup raw"
grep -q '&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;&lt;/script&gt;' "$tmp/evil.html" ||
	fail "the SEAT text is not in the page, escaped"

# ---- a fault is listed, escaped, and shown on the step it happened in: seat 0's
# first play (trick 1 of hand 1), answered 'oops-play'
record fault hammerwalt 3 "$top/tests/misbehave/faultat m play" @greedy @greedy @greedy
grep -q '^fault 0 malformed .oops-play. is not a move' "$tmp/fault.log" ||
	fail "the fault game did not fault as expected: $(grep '^fault' "$tmp/fault.log")"
grep -q '<li class="fault" id="g1f0">seat 0, malformed, hand 1: &#39;oops-play&#39; is not a move' \
	"$tmp/fault.html" || fail "the fault is not listed, escaped"
steps=$(grep -o '{"i":"[a-z0-9]*"[^{]*"f":\[[0-9,]*\]' "$tmp/fault.html" | sed 's/{"i":"\([a-z0-9]*\)".*"f":\(.*\)/\1 \2/')
expect_eq "the steps that show a fault" "$steps" "h1t1 [0]"

# ---- in a browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	# as root, make test installed it (test-deps): its absence is a failure, not a skip
	[ "$(id -u)" = 0 ] && fail "no chromium, although make test-deps installs it as root"
	echo "skip: no chromium (make test-deps installs it as root); the browser checks did not run"
	finish "ok: t_viewer (without a browser)"
fi
python3 - "$browser" "$tmp" "$top/tests/sh" <<'PY' || fail "browser checks"
import os, re, sys
browser, tmp = sys.argv[1:3]
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, sys.argv[3])
from browser import Checks, chromium as browser_run, png_colours
checks = Checks()
fail = checks.fail

def chromium(*args):
    return browser_run(browser, tmp, *args)

def dom(page, frag, *more):
    return chromium("--dump-dom", *more, "file://%s/%s#%s" % (tmp, page, frag))

def trick(d):
    """The trick on the table: 'seat:card' in play order, the winner marked '*'."""
    m = re.search(r'<div id="trick">(.*?)</div></div><div class="seat', d, re.S)
    if not m:
        return None
    plays = re.findall(r'<div class="play( win)?" data-seat="(\d+)"><span class="cd \w" data-c="(\w+)"', m.group(1))
    return " ".join("%s:%s%s" % (s, c, "*" if w else "") for w, s, c in plays)

def held(d, seat):
    m = re.search(r'<div class="seat[^"]*" data-seat="%d".*?<div class="hand">(.*?)</div></div>' % seat, d, re.S)
    return " ".join(re.findall(r'data-c="(\w+)"', m.group(1))) if m else None

def where(d):
    m = re.search(r'<span id="where">([^<]*)</span>', d)
    return m.group(1) if m else None

# hand-checked against each record: trick 1 and trick 2 of hand 1
tricks = {
    "hammerwalt": ("1:10C 2:JC* 0:9C", "2:AD* 0:9D 1:10D"),
    "indiana": ("3:9H* 0:AH 1:KH 2:AH", "3:9H* 0:KH 1:JH 2:QH"),
    "bloomington": ("3:JS 4:KS* 0:KS 2:9S", "4:KC* 0:9C 2:10C 3:JC"),
    "fivehand": ("1:JS 2:JC* 3:8C 4:8H 0:10C", "2:JOKER* 3:10H 4:9S 0:KC 1:QC"),
    "flip": ("1:KD 2:10S 3:BENNY* 4:QD 5:10H 0:10H", "3:9D 4:AD 5:CHARLIE 0:JH* 1:10D 2:9C"),
}
# cards in hand after trick 1 (hammerwalt: seat 1 alone, after the exchange; flip: seat 3
# laid 10C by its switch and took 10S; the dead hand, top first)
hands = {
    ("hammerwalt", 0): "10C QC 9D QD KD KH AH 10S KS AS AS",
    ("hammerwalt", 1): "AC AC 10D 10D JD JD 9H 10H 10H KH 9S",
    ("flip", 3): "9D QD 10S JS QS AS",
    ("flip", 5): "CHARLIE 9S AD JS AC QH",
}
for v, (t1, t2) in sorted(tricks.items()):
    size = os.path.getsize("%s/%s.html" % (tmp, v))
    print("%s: page %d bytes" % (v, size))
    if size >= 100 * 1024:
        fail("%s: the page has %d bytes (at most 100 KB)" % (v, size))
    # (the screenshot checked below, taken by the same start of chromium:
    # each start costs some 2 s of CPU)
    d = dom(v + ".html", "h1t1", "--screenshot=%s/%s.png" % (tmp, v), "--window-size=1000,900")
    if trick(d) != t1:
        fail("%s #h1t1: trick %r, expected %r" % (v, trick(d), t1))
    if where(d) is None or not where(d).startswith("hand 1, trick 1 "):
        fail("%s #h1t1: the step shown is %r" % (v, where(d)))
    for (hv, s), want in hands.items():
        if hv == v and held(d, s) != want:
            fail("%s #h1t1: seat %d holds %r, expected %r" % (v, s, held(d, s), want))
    # the step control: ArrowRight pressed on trick 1, after the page's own script
    page = open("%s/%s.html" % (tmp, v)).read()
    key = '<script>document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight"}));</script>\n</body>'
    open("%s/%s-key.html" % (tmp, v), "w").write(page.replace("</body>", key))
    d = dom(v + "-key.html", "h1t1")
    if trick(d) != t2 or not (where(d) or "").startswith("hand 1, trick 2 "):
        fail("%s: ArrowRight on trick 1 shows %r %r, expected trick 2 %r" % (v, where(d), trick(d), t2))

# the fragment selects the step; flip's switch and Charlie are noted on trick 2
d = dom("flip.html", "h1t2")
if trick(d) != tricks["flip"][1]:
    fail("flip #h1t2: trick %r" % trick(d))
notes = re.findall(r'<span class="note">([^<]*)<span class="cd \w" data-c="(\w+)"', d)
if notes != [("flips up", "10D"), ("switch: lays", "9D"), ("takes", "10D")]:
    fail("flip #h1t2: notes %r" % notes)
if 'trump D, calling card <span class="cd D" data-c="9D">' not in d:
    fail("flip #h1t2: trump and calling card after the switch not shown")

# the fault on its step
d = dom("fault.html", "h1t1")
if "<li class=\"fault\">fault: seat 0, malformed, hand 1: 'oops-play' is not a move" not in d:
    fail("fault.html #h1t1: the fault is not shown")

# the hostile name is text in the DOM, not an element
d = dom("evil.html", "h1t1")
if "<img" in d or "onerror=alert(1)&gt;" not in d:
    fail("hostile page: the SEAT text is not shown as text")

# the check itself: a blank page is blank
chromium("--screenshot=%s/blank.png" % tmp, "--window-size=1000,900", "about:blank")
if png_colours("%s/blank.png" % tmp) != 1:
    fail("a blank screenshot does not have 1 colour")
for v in sorted(tricks):
    png = "%s/%s.png" % (tmp, v)
    if not os.path.exists(png):
        fail("%s: no screenshot" % v)
        continue
    n = png_colours(png)
    print("%s: screenshot %d bytes, %d colours" % (v, os.path.getsize(png), n))
    if n < 20:
        fail("%s: the screenshot is blank (%d colours)" % (v, n))
checks.done()
PY
finish "ok: t_viewer"
