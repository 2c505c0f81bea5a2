#!/bin/sh
# t_attack_ctl_names.sh - build.c escapes a failing build's reason so that
# "a build's bytes never reach a terminal"; the other words a submitter
# chooses must not either. A student names a submission directory with
# terminal escapes (OSC to retitle the window, ESC[2J to clear the screen),
# and another submission's bot.ini has a value with the same: the arena
# prints them raw in "rejected submission ..." (--check and run) and in the
# report's "excluded bots" (run and 'arena report'). Every output must be
# free of control bytes other than newline: the arena escapes both (\x1b).
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
esc=$(printf '\033')
bel=$(printf '\007')
mkdir -p "$tmp/subs/$(printf 'x\033]0;PWNED\007\033[2J')" "$tmp/subs/evil"
printf 'command = @greedy\nmem_mb = 1\033]0;BOTINI\007\n' >"$tmp/subs/evil/bot.ini"
cat >"$tmp/conf.ini" <<X
[arena]
variants = hammerwalt
deals = 1
results = $tmp/res
submissions = subs
[bot g1]
command = @greedy
[bot g2]
command = @random
X
# no byte below 0x20 but newline, and no DEL
raw() {
	LC_ALL=C tr -d '\n' <"$1" | LC_ALL=C grep -q '[[:cntrl:]]'
}
"$A" --check "$tmp/conf.ini" >"$tmp/check" 2>&1 || fail "check: $(cat -v "$tmp/check")"
grep -q "rejected submission" "$tmp/check" || fail "no submission rejected: $(cat -v "$tmp/check")"
raw "$tmp/check" && fail "arena --check printed raw control bytes: $(grep -a "$esc\|$bel" "$tmp/check" | cat -v)"
"$A" -q "$tmp/conf.ini" >"$tmp/run" 2>&1 || fail "run: $(cat -v "$tmp/run")"
raw "$tmp/run" && fail "arena run printed raw control bytes: $(grep -a "$esc\|$bel" "$tmp/run" | cat -v)"
"$A" report "$tmp/res" >"$tmp/report" 2>&1 || fail "report: $(cat -v "$tmp/report")"
raw "$tmp/report" && fail "arena report printed raw control bytes: $(grep -a "$esc\|$bel" "$tmp/report" | cat -v)"
# escaped, not dropped: the teacher still sees what the student wrote
grep -qF 'rejected submission x\x1b]0;PWNED\x07\x1b[2J: bad bot name' "$tmp/check" ||
	fail "the rejected name: $(grep -a rejected "$tmp/check" | cat -v)"
grep -qF "rejected submission evil: bot.ini:2: bad value '1\x1b]0;BOTINI\x07' for 'mem_mb'" "$tmp/check" ||
	fail "the rejected value: $(grep -a rejected "$tmp/check" | cat -v)"
[ "$failures" = 0 ] && echo "ok: names and values a submitter chooses reach no terminal raw"
finish "ok: t_attack_ctl_names"
