#!/bin/sh
# t_cli.sh - command-line conventions of both programs: options anywhere
# on the line (GNU style), --version, no arguments prints the short usage
# (exit 2), --bot-logs makes its directory, and every message starts with
# the program's name, has one hint and escapes bytes that are not
# printable ASCII.
set -u
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
A=$BINDIR/arena
case "$A" in /*) ;; *) A=$top/$A R=$top/$R ;; esac
cd "$tmp" || exit 1

# ---- --version
expect_eq "referee --version" "$("$R" --version)" "referee (euchre-arena) 1.0, protocol 2, handshake 1"
expect_eq "arena --version" "$("$A" --version)" "arena (euchre-arena) 1.0"

# ---- no arguments: the short usage on stderr, exit 2
"$R" >out 2>err
expect_eq "referee alone: exit" "$?" 2
expect_eq "referee alone: stdout" "$(cat out)" ""
expect_eq "referee alone: first line" "$(head -n 1 err)" "usage: referee --variant NAME [options] SEAT..."
expect_eq "referee alone: last line" "$(tail -n 1 err)" "(referee --help lists every option)"
expect_eq "referee alone: lines" "$(wc -l <err | tr -d ' ')" 6
"$A" >out 2>err
expect_eq "arena alone: exit" "$?" 2
expect_eq "arena alone: first line" "$(head -n 1 err)" "usage: arena [options] CONFIG"
expect_eq "arena alone: last line" "$(tail -n 1 err)" "(arena --help lists every option)"

# ---- options after the SEATs, and after the CONFIG
"$R" --variant hammerwalt @greedy @random --seed 5 @greedy @random --bot-seed 1:1 --games 1 --bot-seed 3:3 >a.json 2>err ||
	fail "referee with options after SEATs: $(cat err)"
"$R" --seed 5 --bot-seed 1:1 --bot-seed 3:3 --variant hammerwalt @greedy @random @greedy @random >b.json 2>err ||
	fail "referee: $(cat err)"
expect_eq "options anywhere: same game" "$(cut -c1-200 a.json)" "$(cut -c1-200 b.json)"
grep -q '"seed":5,' a.json || fail "--seed after the SEATs was not used: $(cut -c1-80 a.json)"
printf '[arena]\nvariants = hammerwalt\ndeals = 1\nseed = 3\n[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n' >c.ini
"$A" c.ini --jobs 2 -q --results res >report.txt 2>err || fail "arena CONFIG --jobs 2: $(cat err)"
expect_eq "arena CONFIG --jobs 2: games" "$(wc -l <res/results.jsonl | tr -d ' ')" 2
"$A" report res --csv >csv || fail "report RESULTS --csv"
expect_eq "report with --csv last" "$(head -c 13 csv)" "variant,rank,"
"$A" c.ini extra.ini 2>err
expect_eq "two CONFIGs: exit" "$?" 2
expect_eq "two CONFIGs" "$(cat err)" "arena: give exactly one CONFIG (see arena --help)"

# ---- --bot-logs makes its directory (0700), parents too
"$R" --variant hammerwalt --seed 1 --bot-logs "$tmp/new/logs" "$top/sample-bots/c-random" @greedy @greedy @greedy >/dev/null 2>err ||
	fail "--bot-logs into a new directory: $(cat err)"
[ -s "$tmp/new/logs/seat0.stderr" ] || [ -f "$tmp/new/logs/seat0.stderr" ] || fail "no seat0.stderr in the new directory"
expect_eq "--bot-logs mode" "$(stat -c %a "$tmp/new/logs")" 700
: >afile
"$R" --variant hammerwalt --bot-logs afile @greedy @greedy @greedy @greedy >/dev/null 2>err
expect_eq "--bot-logs on a file: exit" "$?" 2
expect_eq "--bot-logs on a file" "$(cat err)" "referee: --bot-logs 'afile' is not a directory (see referee --help)"

# ---- one hint, the program's name, escaped bytes
"$R" --variant "$(printf 'h\303\251\033[2J')" @greedy >/dev/null 2>err
expect_eq "bad variant: exit" "$?" 2
expect_eq "bad variant" "$(cat err)" "referee: unknown variant 'h\\xc3\\xa9\\x1b[2J' (see referee --list-variants)"
"$A" --jobs "$(printf '\377')" c.ini 2>err
expect_eq "bad --jobs" "$(cat err)" "arena: --jobs '\\xff' is not a number from 1 to 1024 (see arena --help)"
LC_ALL=C grep -q "$(printf '[\033\377\303]')" err && fail "raw bytes in a message"
for prog in "$R" "$A"; do
	"$prog" --nosuch >/dev/null 2>err
	expect_eq "$(basename "$prog") unknown option: exit" "$?" 2
	expect_eq "$(basename "$prog") unknown option: hints" "$(grep -o '(see [a-z]* --help)' err | wc -l | tr -d ' ')" 1
	grep -q "^$(basename "$prog"): " err || fail "$(basename "$prog"): no program name: $(cat err)"
done

finish "command-line conventions ok"
