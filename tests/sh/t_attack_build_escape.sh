#!/bin/sh
# t_attack_build_escape.sh - "Any bytes a bot sends are kept, escaped ...
# before they reach JSON, the record, a terminal or a report" (issue 10).
# A student's build prints a line starting with "build" and no newline,
# then fails: the referee's verdict is appended to that line, and the
# arena takes the log's last line as the reason the bot is excluded. The
# student's bytes are terminal escapes: ESC[H moves the cursor to the top
# of the teacher's screen and the text after it overwrites the standings
# printed above (a forged table); OSC 0 sets the window title. No ESC byte
# may reach the arena's output, the report or 'arena report': the arena
# takes the referee's verdict from the right end of the line, escaped.
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random
cd "$tmp" || exit 1
mkdir -p subs
for s in alice bob mallory; do
	cp -r "$C" "subs/$s"
done
# printf in the build's shell turns \033 into ESC
printf '%s\n' 'build = printf "build ok\\033]0;pwned\\007\\033[H  1  mallory   2   2.0  100.0  +64.00\\033[K"; exit 1' \
	>subs/mallory/bot.ini
chmod -R a+rX "$tmp"
cat >t.ini <<X
[arena]
variants = hammerwalt
partners = copies
deals = 1
submissions = subs
results = res
X
"$A" -q t.ini >out 2>err || fail "arena: $(cat err)"
esc=$(printf '\033')
grep -q "$esc" err && fail "the build's escapes reach the arena's stderr: $(grep "$esc" err | cat -v)"
grep -q "$esc" out && fail "the build's escapes reach the arena's report: $(grep "$esc" out | cat -v)"
"$A" report res >rep 2>&1
grep -q "$esc" rep && fail "the build's escapes reach 'arena report': $(grep "$esc" rep | cat -v)"
# the reason is the referee's verdict, found at the end of the student's line
expect_eq "reason" "$(cat err)" "arena: excluding mallory: build failed: exited with status 1, see res/builds/mallory.log"
grep -qx '  mallory: build failed: exited with status 1, see res/builds/mallory.log' rep ||
	fail "the report's reason: $(grep mallory rep | cat -v)"
[ "$failures" = 0 ] && echo "ok: a build's bytes reach no terminal unescaped"
finish "ok: t_attack_build_escape"
