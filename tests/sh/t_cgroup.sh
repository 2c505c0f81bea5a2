#!/bin/sh
# t_cgroup.sh - a cgroup per bot (docs/sandbox.md, "Layers", item 5). Played in real games through bin/referee:
#  1. --sandbox-info says where the groups are made, or why none is;
#  2. the attack: tests/attacks/memhog.c holds 3 x 400 MiB in three
#     processes under mem_mb=512. With --no-cgroup (today's address-space
#     limit, per process) it holds all 1200 MiB at once; with the cgroup
#     the tree never holds more than 512 MiB (the recorded peak);
#  3. a bot that touches 800 MiB itself, or writes it into memfds it never
#     maps, is killed by the limit: fault "memory" with the peak and the
#     limit, and the game finishes with the fallback;
#  4. a bot that starts 1,000 processes gets 63 (nproc 64, the bot counts)
#     and nothing of it outlives the game; a shell fork bomb neither;
#  5. Java without -Xmx (the sample java-random with its flags removed)
#     plays under the default limits; under --no-cgroup it cannot start
#     (the fallback keeps the address-space limit it always had);
#  6. the groups of a referee killed by SIGKILL are removed by the next one;
#  7. not root (no cgroup can be made here): the fallback, mem_peak_mb null;
#  8. the arena counts memory faults as their own kind in its fault table;
#  9. --cpu-time charges the CPU a bot uses on other seats' turns
#     (tests/attacks/ponder_bot.c: 250 ms after each of its 13 answers, 3.25 s
#     in all, against a budget of 2000 ms) to its game budget;
# 10. /proc/self/cgroup shows the bot only "/" (not euchre-arena.PID.N:
#     the referee's host pid, which a bot of the next game could read).
# Each game's groups are gone after it: none is left in any hierarchy.
set -u
. "$(dirname "$0")/lib.sh"
need_root
R=$top/$BINDIR/referee
chmod 755 "$tmp"
mkdir -m 755 "$tmp/bin" "$tmp/logs"
cc -O2 -o "$tmp/bin/memhog" "$top/tests/attacks/memhog.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build memhog: $(cat "$tmp/cc.err")"; finish ""; }
H=$tmp/bin/memhog

# our own groups: euchre-arena.* below this shell's cgroup in each hierarchy
# (other tests run beside this one: ours are those of the referees it ran,
# whose pids are in $tmp/refs)
own_groups() {
	for ctl in memory pids cpuacct; do
		path=$(sed -n "s/^[0-9]*:\([^:]*,\)*$ctl\(,[^:]*\)*:\(.*\)/\3/p" /proc/self/cgroup)
		ls -d "/sys/fs/cgroup/$ctl$path"/euchre-arena.* 2>/dev/null
	done
}
: >"$tmp/refs"
left_behind() {
	for p in $(cat "$tmp/refs"); do
		own_groups | grep "/euchre-arena\.$p\."
	done
}
# referee ARGS...: bin/referee in the background (its pid kept), waited for
referee() {
	"$R" "$@" &
	echo $! >>"$tmp/refs"
	wait $!
}
if ! grep -q ':memory:' /proc/self/cgroup; then
	# a cgroup v2 machine: its own test is left to such a machine
	echo "skip: no cgroup v1 memory hierarchy here"
	exit 0
fi

# play MODE LIMIT [referee options]: memhog MODE in seat 0 of a one-hand game
play() {
	mode=$1 mem=$2
	shift 2
	# a long start: 3 x 400 MiB took over 10 s to touch on a loaded VM
	referee "$@" --variant indiana --seed 1 --option max_hands=1 --limit 0:mem_mb="$mem" \
		--startup-ms 60000 \
		--bot-logs "$tmp/logs" "$H $mode" @random @random @random 2>"$tmp/err" | tail -1
}
field() { # field JSON KEY: the value of KEY in the result line, as Python prints it
	printf '%s' "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"
}

# 1. the table
"$R" --sandbox-info >"$tmp/info" || fail "--sandbox-info failed"
grep -q '^cgroup  *yes  *v1: resident memory (no swap), processes, CPU of the tree$' "$tmp/info" ||
	fail "--sandbox-info has no active cgroup row: $(grep cgroup "$tmp/info")"
grep -q "^cgroups: below /sys/fs/cgroup/memory" "$tmp/info" ||
	fail "--sandbox-info does not say where: $(grep cgroups "$tmp/info")"
"$R" --no-cgroup --sandbox-info >"$tmp/info" || fail "--no-cgroup --sandbox-info failed"
grep -q '^cgroup  *no  *off: memory: address space only$' "$tmp/info" ||
	fail "--no-cgroup: $(grep cgroup "$tmp/info")"
grep -q '^cgroups: none: turned off (--no-cgroup)$' "$tmp/info" ||
	fail "--no-cgroup does not say why: $(grep cgroups "$tmp/info")"

# 2. the attack, first where it works
out=$(play "procs 3 400" 512 --no-cgroup)
expect_eq "no cgroup: faults" "$(field "$out" faults)" "[]"
expect_eq "no cgroup: what memhog held" "$(tail -1 "$tmp/logs/seat0.stderr")" "memhog held 1200 MiB"
expect_eq "no cgroup: peak" "$(field "$out" mem_peak_mb)" "[None, None, None, None]"
out=$(play "procs 3 400" 512)
peak=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["mem_peak_mb"][0])')
held=$(sed -n 's/^memhog held \([0-9]*\) MiB$/\1/p' "$tmp/logs/seat0.stderr")
python3 -c "import sys; sys.exit(not (256 <= $peak <= 512))" ||
	fail "cgroup: the tree's peak is $peak MiB, limit 512 (expected 256..512)"
[ -n "$held" ] && [ "$held" -lt 1200 ] || fail "cgroup: memhog still held '$held' MiB of 1200"
expect_eq "cgroup: groups left after the game" "$(left_behind)" ""

# 3. killed by the limit: its own memory, and memfds it never maps
for mode in "self 800" "memfd 800"; do
	out=$(play "$mode" 512)
	expect_eq "$mode: faults" "$(field "$out" faults)" \
		"[{'seat': 0, 'kind': 'memory', 'hand': 1, 'detail': 'killed by the memory limit (peak 512 MiB, limit 512 MiB); request: request ready | legal ready'}]"
	expect_eq "$mode: peak" "$(field "$out" mem_peak_mb)" "[512.0, None, None, None]"
	# the game went on with the fallback in seat 0 and ended
	expect_eq "$mode: hands" "$(field "$out" hands)" "1"
	expect_eq "$mode: decisions" "$(field "$out" decisions | cut -c1-3)" "[0,"
done
# a wrapper script whose child the limit killed: its exit says so
mkdir -m 755 "$tmp/wrap"
cp "$H" "$tmp/wrap/"
printf '#!/bin/sh\n"$(dirname "$0")/memhog" self 400\nexit 3\n' >"$tmp/wrap/run"
chmod 755 "$tmp/wrap/run"
referee --variant indiana --seed 1 --option max_hands=1 --limit 0:mem_mb=256 \
	"$tmp/wrap" @random @random @random >"$tmp/wrap.out" 2>&1
grep -q '"kind":"startup","hand":0,"detail":"exited with status 3 (its memory limit killed a process of its tree)' "$tmp/wrap.out" ||
	fail "wrapper: $(tail -1 "$tmp/wrap.out" | grep -o '"faults[^]]*')"
# killed because a cgroup above the referee ran out: not the bot's limit
# (the referee runs in a group of 200 MiB; the bot's limit is the default)
mpath=$(sed -n 's/^[0-9]*:memory:\(.*\)/\1/p' /proc/self/cgroup)
above=/sys/fs/cgroup/memory$mpath/t_cgroup.$$
if mkdir "$above" 2>/dev/null; then
	echo $((200 * 1024 * 1024)) >"$above/memory.limit_in_bytes"
	sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' sh "$above" \
		"$R" --variant indiana --seed 1 --option max_hands=1 "$H self 400" @random @random @random \
		>"$tmp/above" 2>&1
	grep -q '"seat":0,"kind":"startup","hand":0,"detail":"killed by the kernel.s out-of-memory killer: the machine (or a cgroup above the referee) ran out of memory, not the bot.s limit' "$tmp/above" ||
		fail "a parent's OOM kill: $(tail -1 "$tmp/above" | grep -o '"faults[^]]*')"
	rmdir "$above" || fail "cannot remove $above"
else
	fail "cannot make a memory cgroup $above"
fi
# without the cgroup the address-space limit stops the leak at malloc
out=$(play "self 800" 512 --no-cgroup)
expect_eq "no cgroup: self 800" "$(tail -1 "$tmp/logs/seat0.stderr")" "memhog held 0 MiB"

# 4. processes: 1,000 asked for, 63 started (64 with the bot), nothing left
out=$(play "pids 1000" 512)
expect_eq "pids: faults" "$(field "$out" faults)" "[]"
grep -qx "memhog started 63 processes" "$tmp/logs/seat0.stderr" ||
	fail "pids: $(grep started "$tmp/logs/seat0.stderr")"
referee --variant indiana --seed 1 --option max_hands=1 --startup-ms 1500 \
	"sh $top/tests/bots/sbx_forkbomb.sh" @random @random @random >"$tmp/bomb" 2>&1 ||
	fail "fork bomb game: $(cat "$tmp/bomb")"
grep -q '"kind":"startup"' "$tmp/bomb" || fail "fork bomb: $(cat "$tmp/bomb")"
gone "memhog pids" || fail "memhog's processes outlived the game"
gone sbx_forkbomb || fail "fork bomb processes outlived the game"
expect_eq "pids: groups left" "$(left_behind)" ""

# 5. Java without -Xmx
if command -v java >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/java"
	# (its class when make built one: the source launcher compiles the bot
	# at each start, 2.5 s of CPU)
	cp "$top/sample-bots/java-random/Bot.java" "$tmp/java/"
	[ -f "$top/sample-bots/java-random/Bot.class" ] &&
		cp "$top/sample-bots/java-random/Bot.class" "$tmp/java/" && chmod 644 "$tmp/java/Bot.class"
	sed 's/ -X[^ ]*//g' "$top/sample-bots/java-random/run" >"$tmp/java/run"
	chmod 755 "$tmp/java/run"
	chmod 644 "$tmp/java/Bot.java"
	grep -q -- '-X' "$tmp/java/run" && fail "the flags are still in $(cat "$tmp/java/run")"
	grep -q 'exec java "$dir/Bot.java"' "$tmp/java/run" || fail "unexpected run: $(cat "$tmp/java/run")"
	out=$("$R" --variant indiana --seed 2 --option max_hands=1 --startup-ms 20000 \
		"$tmp/java" @random @random @random 2>"$tmp/err" | tail -1)
	expect_eq "java: faults" "$(field "$out" faults)" "[]"
	peak=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["mem_peak_mb"][0])')
	python3 -c "import sys; sys.exit(not (8 <= $peak < 2048))" || fail "java: peak '$peak' MiB"
	# a JVM told the limit collects its garbage in time: 2 GiB made, 100 MiB live
	mkdir -m 755 "$tmp/garbage"
	cp "$top/tests/bots/JavaGarbage.java" "$tmp/garbage/"
	# compiled here, not by the source launcher at start: its compiler
	# doubles the start's CPU and memory (a loaded CI machine once took
	# over 30 s to answer 'ready'). The start limit is wide on purpose:
	# what this section checks is that no memory limit kills the JVM.
	javac -d "$tmp/garbage" "$tmp/garbage/JavaGarbage.java" ||
		fail "javac JavaGarbage.java failed"
	printf '#!/bin/sh\nexec java -cp "$(dirname "$0")" JavaGarbage\n' >"$tmp/garbage/run"
	chmod 755 "$tmp/garbage/run"
	chmod 644 "$tmp/garbage/JavaGarbage.java" "$tmp/garbage/JavaGarbage.class"
	out=$("$R" --variant indiana --seed 2 --option max_hands=1 --startup-ms 120000 \
		--limit 0:mem_mb=512 "$tmp/garbage" @random @random @random 2>"$tmp/err" | tail -1)
	expect_eq "java garbage: faults" "$(field "$out" faults)" "[]"
	out=$("$R" --no-cgroup --variant indiana --seed 2 --option max_hands=1 --startup-ms 20000 \
		"$tmp/java" @random @random @random 2>"$tmp/err" | tail -1)
	field "$out" faults | grep -q "'kind': 'startup'" ||
		fail "java without -Xmx started under RLIMIT_AS 2048 MiB: $out"
else
	echo "skip: no java here (section 5)"
fi

# 6. a referee killed by SIGKILL leaves its groups; the next one removes them
cat >"$tmp/bin/sleeper" <<'EOF'
#!/bin/sh
sleep 30
EOF
chmod 755 "$tmp/bin/sleeper"
"$R" --variant indiana --seed 1 --startup-ms 20000 "$tmp/bin/sleeper" @random @random @random \
	>/dev/null 2>&1 &
ref=$!
seen=0
for _ in $(seq 300); do
	# the bot's group (memory, pids, cpuacct), not the probe's short-lived one
	pgrep -f "$tmp/bin/sleeper" >/dev/null &&
		[ "$(own_groups | grep -c "/euchre-arena\.$ref\.")" = 3 ] && seen=1 && break
	sleep 0.1
done
expect_eq "the bot's three groups while it ran" "$seen" 1
kill -9 "$ref"
wait "$ref" 2>/dev/null
gone "$tmp/bin/sleeper" || fail "the bot outlived its referee"
# (the three were there while it ran: the loop above waited for them; a
# referee of another test running beside this one may already have
# removed them, as it should)
"$R" --sandbox-info >/dev/null || fail "--sandbox-info failed"
expect_eq "groups after the next referee" "$(own_groups | grep "/euchre-arena\.$ref\.")" ""

# 7. not root: no cgroup, today's limits
as_nobody "$R" --sandbox-info >"$tmp/info" 2>&1 || fail "nobody: --sandbox-info: $(cat "$tmp/info")"
grep -q '^cgroup  *no  *off: memory: address space only$' "$tmp/info" ||
	fail "nobody: $(grep cgroup "$tmp/info")"
# (a bot nobody can run: the sample's, copied where every user may read it,
# as the clone may sit in a private directory)
pub=/var/tmp/t_cgroup.$$
mkdir -m 755 "$pub" && cp -r "$top/sample-bots/c-random" "$pub/" && chmod -R a+rX "$pub" ||
	fail "cannot make $pub"
out=$(cd / && as_nobody "$R" --variant indiana --seed 1 --option max_hands=1 \
	"$pub/c-random" @random @random @random 2>&1 | tail -1)
rm -rf "$pub"
expect_eq "nobody: faults" "$(field "$out" faults)" "[]"
expect_eq "nobody: peak" "$(field "$out" mem_peak_mb)" "[None, None, None, None]"

# 8. the arena's fault table
mkdir -m 755 "$tmp/arena"
cat >"$tmp/arena/a.ini" <<EOF
[arena]
name = mem
variants = indiana
partners = copies
deals = 1
jobs = 2

[bot hog]
command = $H self 300
mem_mb = 128

[bot r]
command = @random
EOF
"$top/$BINDIR/arena" --results "$tmp/arena/results" "$tmp/arena/a.ini" >"$tmp/arena/out" 2>&1 || fail "arena: $(cat "$tmp/arena/out")"
grep -q '^  hog: 4 (4 memory); first in ' "$tmp/arena/out" ||
	fail "arena fault table: $(sed -n '/^faults/,$p' "$tmp/arena/out")"

# 9. pondering is charged
cc -O2 -o "$tmp/bin/ponder_bot" "$top/tests/attacks/ponder_bot.c" 2>"$tmp/cc.err" ||
	fail "cannot build ponder_bot: $(cat "$tmp/cc.err")"
P=$tmp/bin/ponder_bot
ponder() { # ponder MODE: MODE in seat 0 against three slow honest bots (1.3 s of wall each)
	referee --variant indiana --seed 1 --option max_hands=1 --cpu-time --move-ms 1000 --game-ms 2000 \
		"$P $1" "$P sleep" "$P sleep" "$P sleep" 2>"$tmp/err" | tail -1
}
out=$(ponder sleep)
expect_eq "pondering control: faults" "$(field "$out" faults)" "[]"
out=$(ponder spin)
field "$out" faults | grep -q "'seat': 0, 'kind': 'timeout'.*game time budget of 2000 ms (CPU time" ||
	fail "a bot thinking on others' turns kept within its 2000 ms CPU budget: $(field "$out" faults)"
field "$out" faults | grep -q "'seat': [123]" &&
	fail "pondering: the honest bots faulted: $(field "$out" faults)"

# 10. the bot's view of its cgroup
referee --variant indiana --seed 1 --option max_hands=1 --bot-logs "$tmp/logs" \
	"sh -c 'cat /proc/self/cgroup >&2; exec $H self 1'" @random @random @random >/dev/null 2>&1
grep -q '^[0-9]*:memory:/$' "$tmp/logs/seat0.stderr" ||
	fail "the bot's /proc/self/cgroup: $(cat "$tmp/logs/seat0.stderr")"
grep -q 'euchre-arena' "$tmp/logs/seat0.stderr" &&
	fail "the bot sees its group's name: $(grep euchre-arena "$tmp/logs/seat0.stderr")"

finish "ok: t_cgroup"
