#!/bin/sh
# t_arena_resume.sh - an arena killed with SIGKILL in mid-run, and a torn
# last line in results.jsonl (a crash in mid-write): running the same
# command again plays exactly the missing games with the key kept in the
# results directory, leaves no duplicate ids, and (the built-ins being
# deterministic per seed) prints the same standings as an uninterrupted
# run with that key. No referee outlives the killed arena. The results
# directory is private (0700, files 0600); a missing, damaged or other
# key is refused; a line that is not the schedule's game stops the resume
# and the report. A disk that fills up in mid-run: no game counted without
# a complete record, nothing counted twice after a resume.
. tests/arena/lib.sh
cd "$W" || exit 1

two_bots t.ini "variants = hammerwalt, fivehand, flip" "deals = 5" "partners = copies" "[variant flip]" "players = 3"
n=$(planned t.ini)
expect_eq "planned" "$n" $((10 + 50 + 30))
"$ARENA" key t.key 2>/dev/null || fail "arena key"

# the reference: one uninterrupted run with the key
"$ARENA" -q --key t.key --results ref t.ini >ref.txt 2>/dev/null || fail "reference run"
expect_eq "reference rows" "$(lines ref/results.jsonl)" "$n"

# killed in mid-run (each game takes 0.05 s or more)
SLOW_REFEREE_SLEEP=0.05 "$ARENA" -q --jobs 2 --key t.key --referee "$FIXTURES/slow-referee" \
	--results killed t.ini >/dev/null 2>&1 &
pid=$!
sleep 0.7
kill -KILL $pid
wait $pid 2>/dev/null
sleep 0.3
no_process_matching "$W/killed/logs"
done_before=$(lines killed/results.jsonl)
[ "$done_before" -gt 0 ] && [ "$done_before" -lt "$n" ] ||
	fail "the kill did not land in mid-run ($done_before of $n games)"
# and a crash in mid-write on top of it
printf '{"game":"fivehand.d0003.t0001.r' >>killed/results.jsonl

# resumed without --key: the key travels with the results directory
"$ARENA" --results killed t.ini >resumed.txt 2>err || fail "resume failed: $(cat err)"
grep -q "^arena: repaired results.jsonl: cut off a torn last line (31 bytes); that game will be played again$" err ||
	fail "no repair message: $(cat err)"
grep -q "^arena: resuming killed: $done_before of $n games already played$" err ||
	fail "no resume message: $(cat err)"
expect_eq "rows after resuming" "$(lines killed/results.jsonl)" "$n"
no_duplicate_ids killed/results.jsonl
expect_file_eq "standings after an interruption" resumed.txt ref.txt
# same games, same outcomes, whatever the order they were played in (the
# commands differ: the killed run's referee was the slow one)
played_lines ref/results.jsonl >a
played_lines killed/results.jsonl >b
expect_file_eq "result lines" b a

# private, whatever the umask
expect_eq "modes" "$(stat -c '%a %n' killed killed/key killed/results.jsonl killed/arena.json killed/schedule.jsonl killed/logs | tr '\n' ' ')" \
	"700 killed 600 killed/key 600 killed/results.jsonl 600 killed/arena.json 600 killed/schedule.jsonl 700 killed/logs "

# the key: missing, damaged, another one
cp -a killed k2
rm k2/key
"$ARENA" -q --results k2 t.ini >/dev/null 2>err
expect_eq "missing key exit" $? 2
expect_eq "missing key" "$(cat err)" "arena: cannot read tournament key 'k2/key': No such file or directory (the games in k2 were dealt from it: put it back, give it with --key FILE, or start over with --fresh)"
cp t.key k2/key && chmod 644 k2/key
"$ARENA" -q --results k2 t.ini >/dev/null 2>err
expect_eq "open key exit" $? 1
expect_eq "open key" "$(cat err)" "arena: tournament key 'k2/key' is open to other users (mode 0644): every deal can be computed from it; make a new one (arena key FILE), or if it stayed private: chmod 600 k2/key (put the key back, or start over with --fresh)"
rm k2/key
(umask 077 && printf 'nonsense\n' >k2/key)
"$ARENA" -q --results k2 t.ini >/dev/null 2>err
expect_eq "damaged key exit" $? 1
expect_eq "damaged key" "$(cat err)" "arena: tournament key 'k2/key' is damaged (byte 1 is not a hex digit; expected 64 hex digits) (put the key back, or start over with --fresh)"
rm k2/key
"$ARENA" key k2/key 2>/dev/null
"$ARENA" -q --results k2 t.ini >/dev/null 2>err
expect_eq "another key exit" $? 2
grep -q "^arena: k2 holds games dealt from another tournament key (key [0-9a-f]\{16\}; this one is [0-9a-f]\{16\}). Use that key, another --results directory, or --fresh to start over (the old results are moved aside)$" err ||
	fail "another key: $(cat err)"
rm k2/key
# given again with --key, the key is put back
"$ARENA" -q --key t.key --results k2 t.ini >/dev/null 2>err || fail "--key restores: $(cat err)"
cmp -s k2/key t.key || fail "the key was not put back"

# a line that is not the schedule's game stops the resume and the report
cp -a killed e1
tail -n 1 e1/results.jsonl | sed 's/^{"game":"[^"]*"/{"game":"hammerwalt.d0099.p0001.r0"/' >>e1/results.jsonl
expect_eq "91 lines for 90 games" "$(lines e1/results.jsonl)" 91
"$ARENA" -q --results e1 t.ini >/dev/null 2>err
expect_eq "a game not in the schedule: exit" $? 1
expect_eq "a game not in the schedule" "$(cat err)" "arena: e1/results.jsonl:91: game 'hammerwalt.d0099.p0001.r0' is not in the schedule of these results (the line does not belong here: move the file aside, or start over with --fresh)"
"$ARENA" report e1 >out 2>err
expect_eq "report of a game not in the schedule: exit" $? 1
expect_eq "report of a game not in the schedule" "$(cat err)" "arena: e1/results.jsonl:91: game 'hammerwalt.d0099.p0001.r0' is not in the schedule of these results (the line does not belong here: move the file aside, or start over with --fresh)"
[ -s out ] && fail "a report was printed for a file with a foreign line"
cp -a killed e2
sed -i '5s/"seed":[0-9]*/"seed":12345/' e2/results.jsonl
"$ARENA" -q --results e2 t.ini >/dev/null 2>err
expect_eq "an edited seed: exit" $? 1
grep -q "^arena: e2/results.jsonl:5: game '[^']*': 'seed' is 12345, the schedule says [0-9]* (the line was changed: move the file aside, or start over with --fresh)$" err ||
	fail "an edited seed: $(cat err)"
"$ARENA" report e2 >/dev/null 2>err
expect_eq "report of an edited seed: exit" $? 1
cp -a killed e3
sed -i '7s/"bots":\["[a-z]*"/"bots":["nobody"/' e3/results.jsonl
"$ARENA" report e3 >/dev/null 2>err
expect_eq "report of edited bots: exit" $? 1
grep -q "^arena: e3/results.jsonl:7: game '[^']*': 'bots' is \[\"nobody\"," err || fail "edited bots: $(cat err)"

# a disk that fills up in mid-run (a 120 KiB tmpfs in a private mount
# namespace): the arena stops, but every game it counted has a complete
# record; a resume with room plays the rest, none twice
# replays_all DIR: every counted game's record passes referee --replay
replays_all() {
	for id in $(game_ids "$1/results.jsonl"); do
		"$REFEREE" --replay "$1/logs/$id.log" >/dev/null 2>&1 ||
			fail "$1: the record of counted game $id does not replay"
	done
}
if unshare -m true 2>/dev/null; then
	two_bots d.ini "variants = hammerwalt, fivehand" "deals = 3" "seed = 1" "partners = copies"
	nd=$(planned d.ini 2>/dev/null)
	mkdir small
	ARENA="$ARENA" unshare -m sh -c '
		mount -t tmpfs -o size=120k tmpfs small || exit 1
		"$ARENA" -q --jobs 2 --results small/r d.ini >/dev/null 2>full.err
		echo $? >full.status
		cp -a small/r copy' || fail "cannot mount a tmpfs"
	expect_eq "exit on a full disk" "$(cat full.status)" 1
	grep -q "No space left on device" full.err || fail "full disk: $(cat full.err)"
	counted=$(lines copy/results.jsonl)
	[ "$counted" -gt 0 ] && [ "$counted" -lt "$nd" ] || fail "the disk did not fill in mid-run ($counted of $nd)"
	replays_all copy
	"$ARENA" -q --results copy d.ini >/dev/null 2>err || fail "resume with room: $(cat err)"
	expect_eq "games after the resume" "$(lines copy/results.jsonl)" "$nd"
	no_duplicate_ids copy/results.jsonl
	replays_all copy
else
	echo "note: no mount namespace here: the full-disk part is skipped"
fi
exit 0
