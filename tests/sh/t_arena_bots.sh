#!/bin/sh
# t_arena_bots.sh - a tournament of bot programs, not built-ins: sample bots
# given as a directory, as a command line with a working directory, and as
# a command whose file names are relative to the config's directory; with
# the time and sandbox flags set; plus two misbehaving bots. Every game is
# played (bot faults are results, not failed games); the faults are
# counted against the right bots, with the game's log and the bot's stderr
# to look at; with logs = faults only the faulted games' records are kept.
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir conf
ln -s "$ROOT/sample-bots" conf/sample-bots
cat >conf/bots.ini <<X
[arena]
variants = hammerwalt
partners = copies
deals = 1
; a public seed, so that the replay command is known before the run
seed = 1
startup_ms = 10000
move_ms = 2000
mem_mb = 1024
nproc = 64
logs = faults
results = $W/res
[bot heuristic]
dir = sample-bots/c-heuristic
[bot crandom]
command = ./run
dir = sample-bots/c-random
[bot pyrandom]
; a file name relative to this file's directory
command = python3 sample-bots/python-random/bot.py
[bot illegal]
command = $ROOT/tests/misbehave/illegal
[bot crasher]
command = $ROOT/tests/misbehave/segfault
nproc = 32
X
n=$(planned conf/bots.ini)
expect_eq "planned" "$n" 20
real=$(cd "$ROOT" && pwd -P)
referee_real=$(cd "$BINDIR" && pwd -P)/referee
"$ARENA" --check -v --game hammerwalt.d0001.heuristic+crandom.r1 conf/bots.ini | tail -n 1 >cmd
# the flags the config sets, and a command with a directory (--seat-dir)
printf '%s\n' "hammerwalt.d0001.heuristic+crandom.r1  cd $W/conf && $referee_real --variant hammerwalt --seed 2928507075436704715 --startup-ms 10000 --move-ms 2000 --limit 0:mem_mb=1024 --limit 0:nproc=64 --limit 1:mem_mb=1024 --limit 1:nproc=64 --limit 2:mem_mb=1024 --limit 2:nproc=64 --limit 3:mem_mb=1024 --limit 3:nproc=64 --bot-seed 0:1240616384871763310 --seat-dir 0:$real/sample-bots/c-random --bot-seed 1:7454865220610648409 --bot-seed 2:8075881653323790066 --seat-dir 2:$real/sample-bots/c-random --bot-seed 3:5765303498135552780 -- ./run $real/sample-bots/c-heuristic ./run $real/sample-bots/c-heuristic" >expect
expect_file_eq "replay command" cmd expect
# and it replays the game from anywhere
(cd / && eval "$(sed 's/^[^ ]*  //' "$W/cmd")") >replay.json || fail "the replay command failed"
grep -q '"faults":\[\]' replay.json || fail "replay: $(cat replay.json)"

(cd / && "$ARENA" -q --jobs 2 "$W/conf/bots.ini") >report.txt 2>err || fail "run: exit $?: $(cat err)"
expect_eq "games played" "$(lines res/results.jsonl)" 20
[ -e res/failed.jsonl ] && fail "failed games: $(cat res/failed.jsonl)"
# 'illegal' and 'crasher' fault in both their seats in each of their 8 games;
# nobody else faults
grep -q "^  illegal: 16 (16 illegal); first in $W/res/logs/hammerwalt.d0001.heuristic+illegal.r0.log$" report.txt ||
	fail "illegal's faults: $(sed -n '/^faults/,$p' report.txt)"
grep -q "^  crasher: 16 (16 crash); first in $W/res/logs/hammerwalt.d0001.heuristic+crasher.r0.log$" report.txt ||
	fail "crasher's faults: $(sed -n '/^faults/,$p' report.txt)"
expect_eq "bots with faults" "$(sed -n '/^faults$/,/^$/p' report.txt | grep -c '^  [a-z]*: ')" 2
[ -s "$W/res/logs/hammerwalt.d0001.heuristic+illegal.r0.log" ] || fail "no game log for a faulted game"
cat res/logs/hammerwalt.d0001.heuristic+crasher.r0.seat*.stderr 2>/dev/null | grep -q "about to crash" ||
	fail "the crasher's stderr was not kept beside the game log"
# logs = faults: the 6 games among the three clean bots leave no files
expect_eq "game records kept" "$(ls res/logs | grep -c '\.log$')" 14
ls res/logs | grep -q '^hammerwalt\.d0001\.heuristic+crandom\.' && fail "a clean game's files were kept"
# a faulting bot forfeits: the clean bots beat both misbehaving ones every time
"$ARENA" report --csv res >csv
for b in illegal crasher; do
	expect_eq "wins of $b" "$(grep "^overall,[0-9]*,$b," csv | cut -d, -f5)" 0.000
done
exit 0
