#!/bin/sh
# t_comments.sh - a bot's comments (protocol.md, "Comments"): "MOVE # TEXT"
# is read as MOVE; the record keeps TEXT escaped and capped at 200 bytes on
# a "comment SEAT" line before the move; the game page shows it escaped
# beside the move; no other seat ever receives it. The bot is
# tests/bots/comment-signal in two partner seats: each comment carries
# <script>, quotes, a backslash, a control byte and the bot's whole hand
# (what a partner would like to read), every other one a tail that fills
# the line to 1020 bytes.
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
bot=$top/tests/bots/comment-signal

"$R" --variant hammerwalt --seed 3 --option max_hands=1 --log "$tmp/game.log" \
	"$bot" @greedy "$bot" @greedy >"$tmp/result" 2>"$tmp/err" || fail "the game failed: $(cat "$tmp/err")"
grep -q '"faults":\[\]' "$tmp/result" || fail "a comment made a fault: $(cat "$tmp/result")"

# the record: one comment line per answer of seats 0 and 2, each right before its move
expect_eq "comment lines" "$(grep -c '^comment ' "$tmp/game.log")" 26
expect_eq "the first comment, escaped (a backslash doubled, \\x01) and a JSON string" \
	"$(grep -m1 '^comment ' "$tmp/game.log")" \
	'comment 2 "SIGNAL1 <script>alert(\"x\")</script> \\\\ \\x01 hand=9C_10C_10D_JD_QD_AD_AD_KH_9S_10S_QS_KS "'
bad=$(awk '/^comment / { s = $2; want = 1; next }
	want { if ($1 != "move" || $2 != s) print NR ": " $0; want = 0 }' "$tmp/game.log")
expect_eq "lines after a comment that are not its seat's move" "$bad" ""
python3 - "$tmp/game.log" <<'PY' || fail "the comments are not capped"
import json, sys
texts = [json.loads(l.split(" ", 2)[2]) for l in open(sys.argv[1]) if l.startswith("comment ")]
# 200 bytes as sent; escaped, the backslash and the byte 0x01 take 1 and 3 more
long = [t for t in texts if t.startswith("SIGNAL2 ")]
assert len(long) == 2, long
for t in long:
    assert len(t) == 204 and t.endswith("AAAA"), (len(t), t[-10:])
assert max(len(t) for t in texts) == 204, max(len(t) for t in texts)
PY

# no seat received a comment: the partner (and everyone) sees moves only
leaked=$(grep -E '^[0-9.]+ [0-9]+< .*(SIGNAL|script|hand=)' "$tmp/game.log" | head -n 3)
expect_eq "lines sent to a seat that hold a comment" "$leaked" ""
grep -q 'SIGNAL' "$tmp/result" && fail "the result line holds a comment"
grep -q '^[0-9.]* 0< play 2 10D$' "$tmp/game.log" || fail "seat 0 did not see seat 2's move as a bare move"

# the page: the comment beside its move, escaped
"$R" --replay "$tmp/game.log" --html "$tmp/game.html" >"$tmp/replay" 2>&1 || fail "replay: $(cat "$tmp/replay")"
grep -q '<li class="cmt" id="g1c0">SIGNAL1 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; \\\\ \\x01 hand=' "$tmp/game.html" ||
	fail "the page does not list the first comment, escaped"
grep -q '<script>alert' "$tmp/game.html" && fail "the page holds a comment's markup raw"
grep -q '"cm":\[\[2,0,"pass"\],\[0,1,"pass"\]\]' "$tmp/game.html" ||
	fail "the auction's step does not carry its comments: $(grep -o '"cm":[^}]*' "$tmp/game.html" | head -n 1)"

# a record whose comment is not followed by its seat's move does not replay
sed '0,/^comment 2 /s/^comment 2 /comment 1 /' "$tmp/game.log" >"$tmp/bad.log"
"$R" --replay "$tmp/bad.log" >"$tmp/bad.out" 2>&1 && fail "a comment before another seat's move replayed"
grep -q 'a comment of seat 1 before a move of seat 2' "$tmp/bad.out" || fail "replay's message: $(cat "$tmp/bad.out")"

# --check says it saw them; for a bot without comments it says how to send one
"$R" --check "$bot" >"$tmp/check" 2>&1 || fail "--check of the comment bot: $(tail -n 3 "$tmp/check")"
grep -q '^comments: [0-9]* seen, kept in the game records and shown beside their moves on the game pages (the first: "SIGNAL1 <script>alert("x")</script> \\\\ \\x01 hand=' "$tmp/check" ||
	fail "--check does not report the comments: $(grep '^comments' "$tmp/check")"
"$R" --check "$top/sample-bots/c-random" >"$tmp/check2" 2>&1 || fail "--check of c-random"
grep -q "^comments: none (an answer may carry one, shown beside the move on the game's page and to no other bot: 'JH # why', see protocol.md, Comments)$" "$tmp/check2" ||
	fail "--check does not say how to send a comment: $(grep '^comments' "$tmp/check2")"

# in a browser: the trick shows the comment's start beside the card, as text
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
	python3 - "$browser" "$tmp" "$top/tests/sh" <<'PY' || fail "browser checks"
import sys
browser, tmp = sys.argv[1:3]
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[3])
from browser import Checks, chromium
checks = Checks()
d = chromium(browser, tmp, "--dump-dom", "file://%s/game.html#h1t2" % tmp)
want = '<span class="cmt" title="SIGNAL3 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; \\\\ \\x01 hand=9C_10C_JD_QD_AD_AD_KH_9S_10S_QS_KS ">SIGNAL3 &lt;script&gt;alert("x")&lt;/script&gt; \\\\ \u2026</span>'
if want not in d:
    checks.fail("trick 2 does not show seat 2's comment beside its card: " + d[d.find('id="trick"'):][:600])
if '<li class="cmt">seat 2 (' not in d:
    checks.fail("the notes of trick 2 do not show the comments")
if "<script>alert" in d:
    checks.fail("a comment became markup in the browser")
checks.done()
PY
else
	echo "skip: no chromium; the browser check did not run"
fi
finish "ok: t_comments"
