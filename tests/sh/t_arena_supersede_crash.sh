#!/bin/sh
# t_arena_supersede_crash.sh - an incremental run killed anywhere while it
# moves superseded games to the archive loses no game and counts none twice
# (docs/arena.md, "Incremental runs": crash safety). A first run leaves 12
# lines in results.jsonl, 12 in failed.jsonl and 12 records; then bot c
# changes and bot d is removed, so the next run archives 10 lines of each
# file and rewrites the index of the 2 kept ones. That run is killed with
# SIGKILL (strace's fault injection, into the arena's own process, not its
# referees) on entering the K-th call of each syscall that changes or syncs
# a directory (rename, write, openat, mkdir, fsync, fdatasync, ftruncate,
# unlink, fchmod, chmod: those it makes), at the first and the last call of
# each kind (kinds_of below: the syscall, the file it acts on and its
# result) up to the run's end (write, openat, fsync, fdatasync, which
# every game makes: to 2 past arena.json's replacement). After each kill: every
# first-run line is, whole (its index aside), in results.jsonl /
# failed.jsonl or in archive/N/, every record in logs/ or archive/N/logs/,
# no id twice in a file, no torn line, and arena report either gives
# standings or (results.jsonl rewritten, the new schedule.jsonl not yet)
# refuses a kept line's new index; then the
# same command completes with the results, failed lines, archived games and
# standings of an uninterrupted incremental run. Known and counted, not
# failed: a kill before results.jsonl and failed.jsonl are replaced leaves
# the superseded lines in archive/1 and the next run archives them again
# in archive/2 (archives are never counted). And, for a power cut, which
# no kill shows: every directory the run changed is synced before
# results.jsonl is replaced.
. tests/arena/lib.sh
cd "$W" || exit 1

command -v strace >/dev/null 2>&1 ||
	fail "t_arena_supersede_crash needs strace (run make test-deps as root; it installs strace)"
strace -o /dev/null -e trace=none true 2>err || fail "strace cannot trace here: $(cat err)"
# LeakSanitizer (make asan) cannot run under ptrace: this test's arenas go without it
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# config C_COMMAND [with-d]: four bots, or three without d; seed 5 deals
# hammerwalt's deal 1 an even seed (the flaky referee fails it) and deal 2 an odd one
config() {
	{
		# a referee per game: the flaky referee fails games by their seed
		printf '[arena]\nvariants = hammerwalt\ndeals = 2\nseed = 5\nmatches = off\n'
		printf '[bot a]\ncommand = @greedy\n[bot b]\ncommand = @random\n'
		printf '[bot c]\ncommand = %s\n' "$1"
		[ "${2:-}" = with-d ] && printf '[bot d]\ncommand = @random\n'
	} >t.ini
}
# strip FILE...: the lines without their index (a kept line's is rewritten)
strip() {
	sed 's/,"index":[0-9]*,/,/' "$@"
}

# the first run: 12 games played (deal 2), 12 failed twice (deal 1)
config @greedy with-d
FLAKY_MODE=garbage "$ARENA" -q --referee "$FIXTURES/flaky-referee" --results base t.ini \
	>/dev/null 2>err
expect_eq "first run's exit" $? 3
expect_eq "played" "$(lines base/results.jsonl)" 12
expect_eq "failed" "$(lines base/failed.jsonl)" 12
expect_eq "records" "$(ls base/logs | wc -l)" 12
strip base/results.jsonl | sort >orig.results
strip base/failed.jsonl | sort >orig.failed
(cd base/logs && md5sum -- *) | sort >orig.logs

# c changes, d is removed; the reference: the incremental run uninterrupted
config @random
cp -a base ref
"$ARENA" -q --results ref t.ini >ref.out 2>ref.err || fail "reference run: $(cat ref.err)"
grep -q '^arena: changes since the last run: 2 games kept, 10 superseded (moved to ref/archive/1)$' \
	ref.err || fail "reference run: $(cat ref.err)"
expect_eq "failed lines kept" "$(lines ref/failed.jsonl)" 2
[ "$(grep -c '"index":1[23],' base/results.jsonl)" = 2 ] &&
	[ "$(grep -c '"index":[67],' ref/results.jsonl)" = 2 ] ||
	fail "the kept lines' index was not rewritten (12, 13 to 6, 7)"
played_lines ref/results.jsonl >ref.results
sort ref/failed.jsonl >ref.failed
strip ref/archive/1/results.jsonl ref/archive/1/failed.jsonl | sort >ref.archived
expect_eq "archived lines" "$(lines ref.archived)" 20

# what no kill shows, a power cut: before results.jsonl is replaced, every
# directory entry the run made or moved is on disk, that is, after each
# mkdir and rename the directories that changed are synced (fsync of the
# parent of what was made, of both ends of a move)
cp -a base synced
strace -y -o trace2 -e trace=mkdir,rename,fsync "$ARENA" -q --results synced t.ini \
	>/dev/null 2>&1 || fail "traced run (syncs): exit $?"
repl=$(grep -n '^rename("synced/results.jsonl.tmp", "synced/results.jsonl") = 0$' trace2 | cut -d: -f1)
[ -n "$repl" ] || fail "the traced run (syncs) did not replace results.jsonl: $(head -n 5 trace2)"
head -n $((repl - 1)) trace2 | awk -v here="$(pwd -P)" '
	function dir(p) { sub(/\/[^\/]*$/, "", p); return here "/" p }
	/^mkdir\("[^"]*", [0-7]*\) *= 0$/ { split($0, q, "\""); need[dir(q[2])] = NR }
	/^rename\("[^"]*", "[^"]*"\) *= 0$/ { split($0, q, "\""); need[dir(q[2])] = NR; need[dir(q[4])] = NR }
	/^fsync\([0-9]*<[^>]*>\) *= 0$/ { split($0, q, /[<>]/); delete need[q[2]] }
	END { for (p in need) print p }' | sort >unsynced
made=$(grep -c '^mkdir("synced/archive", [0-7]*) *= 0$' trace2)
moved=$(grep -c '^rename("synced/logs/[^"]*", "synced/archive/1/logs/[^"]*") *= 0$' trace2)
[ "$made" = 1 ] && [ "$moved" = 10 ] ||
	fail "the traced run (syncs) made archive/ $made times and moved $moved records, not 1 and 10"
[ ! -s unsynced ] || fail "changed and not synced before results.jsonl is replaced: $(tr '\n' ' ' <unsynced)"

# where a run writes: each syscall that changes or syncs a directory, its
# calls before arena.json is replaced and in all (strace counts the calls
# of each syscall apart, so each is injected alone)
syscalls="rename renameat renameat2 write pwrite64 writev openat creat open mkdir mkdirat \
fsync fdatasync syncfs sync ftruncate truncate unlink unlinkat rmdir fchmod chmod fchmodat \
link linkat symlink symlinkat"
cp -a base traced
# (a '?' before a name: one this machine lacks is no error; -y: the path of
# each descriptor, for kinds_of)
strace -y -o trace -e trace="$(echo $syscalls | sed 's/[^ ]*/?&/g; s/ /,/g')" "$ARENA" -q \
	--results traced t.ini >/dev/null 2>&1 || fail "traced run: exit $?"
end=$(grep -n '^rename("traced/arena.json.tmp", "traced/arena.json") = 0$' trace | cut -d: -f1)
[ -n "$end" ] || fail "the traced run did not rename arena.json: $(head -n 5 trace)"
# calls NAME [LINES]: how many calls of NAME the trace has (in its first LINES)
calls() {
	head -n "${2:-1000000}" trace | grep -c "^$1(" || true
}

# kinds_of: each call of the trace as "SYSCALL K KIND", K its number among
# that syscall's calls, KIND what it acts on (the path, both of a rename;
# a descriptor's path, from -y), game ids, bot names and numbers aside, and
# its result (ok or the errno): what one call site does to one kind of file.
# Paths outside the results directory (the loader's, the config, a pipe to a
# referee, stdout) are one kind.
kinds_of() {
	awk -v here="$(pwd -P)" '
	function norm(p) {
		if (substr(p, 1, length(here) + 1) == here "/") p = substr(p, length(here) + 2)
		if (p !~ /^traced(\/|$)/ && p !~ /^\/proc\/self\/fd\//) return "(outside)"
		gsub(/[a-z]+\.d[0-9]+\.[a-z]+\+[a-z]+\.r[0-9]+/, "GAME", p)
		gsub(/\/feedback\/[^\/]*\.txt/, "/feedback/BOT.txt", p)
		gsub(/[0-9]+/, "N", p)
		return p
	}
	/^[a-z0-9_]+\(/ {
		sys = $0; sub(/\(.*/, "", sys)
		n[sys]++
		ret = $0; sub(/.*\) += /, "", ret); sub(/ \(.*/, "", ret); sub(/^-1 /, "", ret)
		if (ret ~ /^[0-9]/) ret = "ok"
		rest = substr($0, length(sys) + 2)
		sub(/^AT_FDCWD<[^>]*>, /, "", rest)
		what = ""
		if (rest ~ /^"/) {
			split(rest, q, "\""); what = norm(q[2])
			if (sys ~ /rename|link/) what = what " " norm(q[4])
		} else if (rest ~ /^[0-9]+</) {
			what = rest; sub(/^[0-9]+</, "", what); sub(/>.*/, "", what)
			what = norm(what)
		}
		print sys, n[sys], what, ret
	}' trace
}
kinds_of >kinds
grep -q '^rename [0-9]* traced/logs/GAME\.log traced/archive/N/logs/GAME\.log ok$' kinds &&
	grep -q '^fsync [0-9]* traced/archive/N ok$' kinds ||
	fail "the trace's calls are not sorted into kinds (strace -y?): $(grep -m 3 '^rename\|^fsync' kinds)"
# kill_points SYSCALL LAST: the first and the last of its calls of each kind,
# of its calls 1 to LAST (and LAST - 1 and LAST past the trace's end)
kill_points() {
	awk -v s="$1" -v last="$2" '
	$1 == s && $2 <= last { k = $0; sub(/^[^ ]* [^ ]* /, "", k)
		if (!(k in first)) first[k] = $2; final[k] = $2 }
	END { for (k in first) print first[k] "\n" final[k]; print last - 1 "\n" last }' kinds |
		awk -v last="$2" '$1 >= 1 && $1 <= last' | sort -nu
}

# check DIR WHEN: every first-run line whole in DIR's file or its archive,
# every record in logs/ or the archive's, no id twice, no torn line
check() {
	for f in results failed; do
		cat "$1/$f.jsonl" "$1"/archive/*/$f.jsonl 2>/dev/null | strip | sort -u >have
		lost=$(comm -23 "orig.$f" have | game_ids | head -n 3 | tr '\n' ' ')
		[ -z "$lost" ] || fail "$2: lost from $f.jsonl (whole in neither $f.jsonl nor the archive): $lost"
		dups=$(game_ids "$1/$f.jsonl" 2>/dev/null | sort | uniq -d | head -n 3 | tr '\n' ' ')
		[ -z "$dups" ] || fail "$2: in $f.jsonl twice: $dups"
		torn=$(grep -cv '^{"game":".*}$' "$1/$f.jsonl" 2>/dev/null)
		[ "${torn:-0}" = 0 ] || fail "$2: $torn torn lines in $f.jsonl"
	done
	(cd "$1" && md5sum -- logs/* archive/*/logs/* 2>/dev/null) | sed 's|  .*/|  |' | sort -u >have
	lost=$(comm -23 orig.logs have | sed 's/^[0-9a-f]*  //' | head -n 3 | tr '\n' ' ')
	[ -z "$lost" ] || fail "$2: records lost: $lost"
}

# state DIR: a digest of what DIR holds (names and bytes); the games are
# deterministic, so two kills that leave the same state need one resume
state() {
	(cd "$1" && find . -type d | sort && find . -type f ! -name index.html | sort |
		xargs md5sum) | md5sum | cut -c1-32
}

kills=0 resumes=0 dup_archived=0 report_refused=0 uncalled=""
: >seen
for sys in $syscalls; do
	before=$(calls "$sys" $((end - 1)))
	total=$(calls "$sys")
	if [ "$total" = 0 ]; then
		uncalled="$uncalled $sys"
		continue
	fi
	# the syscalls the games make many of: to 2 past arena.json's replacement
	# (t_arena_resume kills a run in mid-play); the others until the run
	# completes (past the last call).
	# Not every call: the first and the last of each kind (kill_points).
	# What a kill leaves is what the calls before it did; a run of calls of
	# one kind (moving 10 records to the archive, rendering 10 pages) leaves
	# none of them done (its first), all but one (its last) and all (the
	# next kind's first), and the calls between leave more of the same
	# partial state. Every call site is hit, and every change from one kind
	# of call to the next; the run's order is fixed but for the index page
	# (re-made every 10 s), whose extra call moves the later kills by one.
	case $sys in write|openat|fsync|fdatasync) last=$((before + 2)) ;; *) last=$((total + 1)) ;; esac
	done_ks=""
	for k in $(kill_points "$sys" $last); do
		what="SIGKILL at $sys call $k ($before before arena.json is replaced, $total in all)"
		rm -rf w
		cp -a base w
		strace -o /dev/null -e trace="$sys" -e inject="$sys:signal=SIGKILL:when=$k" \
			"$ARENA" -q --results w t.ini >/dev/null 2>w.err
		status=$?
		if [ $status != 137 ]; then
			[ $status = 0 ] || fail "$what: exit $status without a kill: $(cat w.err)"
			[ $k -gt "$before" ] || fail "$what: the run was not killed"
			continue
		fi
		done_ks="$done_ks $k"
		kills=$((kills + 1))
		check w "$what"
		# a report in between: its standings, or (results.jsonl rewritten, the
		# new schedule not yet) a kept line's new index against the old schedule
		if ! "$ARENA" report w >/dev/null 2>w.report; then
			grep -q "^arena: w/results.jsonl:[0-9]*: game '[^']*': 'index' is [0-9]*, the schedule says [0-9]* (an incremental run stopped while it superseded games leaves this: run the same arena command again to finish it; else the line was changed: move the file aside, or start over with --fresh)$" \
				w.report || fail "$what: arena report: $(cat w.report)"
			report_refused=$((report_refused + 1))
		fi
		s=$(state w)
		if ! grep -qx "$s" seen; then
			echo "$s" >>seen
			resumes=$((resumes + 1))
			"$ARENA" -q --results w t.ini >w.out 2>w.err ||
				fail "$what: the next run failed (exit $?): $(cat w.err)"
			# killed before arena.json, it finds the same changes (the old fingerprints)
			[ $k -gt "$before" ] || { grep -q '^arena: c: changed, ' w.err &&
				grep -q '^arena: d: removed' w.err; } ||
				fail "$what: the next run does not find the changes: $(cat w.err)"
			check w "$what, then the next run"
			played_lines w/results.jsonl | diff -u ref.results - >&2 ||
				fail "$what: after the next run, results.jsonl is not the uninterrupted run's"
			sort w/failed.jsonl | diff -u ref.failed - >&2 ||
				fail "$what: after the next run, failed.jsonl is not the uninterrupted run's"
			diff -u ref.out w.out >&2 ||
				fail "$what: after the next run, the standings are not the uninterrupted run's"
			cat w/archive/*/results.jsonl w/archive/*/failed.jsonl 2>/dev/null | strip | sort >archived
			sort -u archived | diff -u ref.archived - >&2 ||
				fail "$what: after the next run, the archive does not hold the superseded games"
			[ "$(lines archived)" = 20 ] || dup_archived=$((dup_archived + 1))
		fi
	done
	echo "$sys: killed at calls$done_ks ($before before arena.json is replaced, $total in all)"
done
echo "not called:$uncalled"
echo "$kills kills, $resumes distinct states resumed and finished; $dup_archived of them left" \
	"superseded lines archived twice; after $report_refused kills arena report refused a kept line's new index"
exit 0
