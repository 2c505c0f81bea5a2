#!/bin/sh
# t_cpu_affinity.sh - the referee's --cpu and the arena's cpu_affinity
# (docs/arena.md, "One CPU per game"). A bot reports the CPUs it may run
# on, then tries to move itself onto every CPU and reports again: under
# --cpu C every seat must stay on C alone, its attempt refused (EPERM);
# the arena's games each run on one CPU, the first two of two jobs on
# different ones, a finished game's CPU goes to the next; a CPU the
# referee may not use is a usage error; the command that replays a game
# carries no --cpu. On a machine with one CPU the checks that need two
# are left out (and the compare control, which needs a second CPU).
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
A=$top/$BINDIR/arena

# the CPUs this test may use, as the kernel lists them ("0-1")
cpus=$(python3 -c 'import os; print(",".join(str(c) for c in sorted(os.sched_getaffinity(0))))')
last=${cpus##*,}
first=${cpus%%,*}
ncpus=$(echo "$cpus" | tr ',' '\n' | wc -l)

mkdir -m 755 "$tmp/bot"
cat >"$tmp/bot/run" <<'EOF'
#!/usr/bin/env python3
# reports its CPUs on stderr, tries to widen them, answers the first legal move
import os, sys
def cpus():
    return ",".join(str(c) for c in sorted(os.sched_getaffinity(0)))
sys.stderr.write("before %s\n" % cpus())
try:
    os.sched_setaffinity(0, range(os.cpu_count() or 1))
    sys.stderr.write("widen ok\n")
except OSError as e:
    sys.stderr.write("widen %s\n" % ("EPERM" if e.errno == 1 else e.strerror))
sys.stderr.write("after %s\n" % cpus())
sys.stderr.flush()
for line in sys.stdin:
    if line.startswith("legal "):
        print(line[6:].strip().split(",")[0], flush=True)
    elif line.strip() == "quit":
        break
EOF
chmod 755 "$tmp/bot/run"
B=$tmp/bot

# each seat's report (stderr, less the arena's "=== game ..." header),
# joined: "before C|widen EPERM|after C"
report() {
	grep -v '^=== ' "$1" | tr '\n' '|' | sed 's/|$//'
}

# 1. --cpu C: every seat on C alone, and it cannot leave
"$R" --cpu "$last" --variant hammerwalt --seed 3 --option max_hands=1 --bot-logs "$tmp/logs1" \
	"$B" "$B" "$B" "$B" >"$tmp/out1" 2>"$tmp/err1" || fail "--cpu $last: exit $?: $(cat "$tmp/err1")"
grep -q '"faults":\[\]' "$tmp/out1" || fail "--cpu $last: faults: $(cat "$tmp/out1")"
for s in 0 1 2 3; do
	expect_eq "--cpu $last, seat $s" "$(report "$tmp/logs1/seat$s.stderr")" \
		"before $last|widen EPERM|after $last"
done

# 2. without --cpu: every CPU the referee has, and still no moving
"$R" --variant hammerwalt --seed 3 --option max_hands=1 --bot-logs "$tmp/logs2" \
	"$B" @greedy @greedy @greedy >"$tmp/out2" 2>"$tmp/err2" || fail "no --cpu: exit $?: $(cat "$tmp/err2")"
expect_eq "no --cpu, seat 0" "$(report "$tmp/logs2/seat0.stderr")" \
	"before $cpus|widen EPERM|after $cpus"

# 3. a CPU it may not use, or not a number: exit 2, the CPU and the allowed list named
"$R" --cpu 1023 --variant hammerwalt @greedy @greedy @greedy @greedy >"$tmp/out3" 2>"$tmp/err3"
rc=$?
expect_eq "--cpu 1023: exit status" "$rc" 2
grep -q "^referee: --cpu '1023' is not a CPU this referee may use (it may use " "$tmp/err3" ||
	fail "--cpu 1023: message: $(cat "$tmp/err3")"
[ -s "$tmp/out3" ] && fail "--cpu 1023: printed a result: $(cat "$tmp/out3")"
if [ "$ncpus" -ge 2 ]; then
	taskset -c "$last" "$R" --cpu "$first" --variant hammerwalt @greedy @greedy @greedy @greedy \
		>/dev/null 2>"$tmp/err3b"
	expect_eq "taskset -c $last, --cpu $first: exit status" "$?" 2
	expect_eq "taskset -c $last, --cpu $first: message" "$(cat "$tmp/err3b")" \
		"referee: --cpu '$first' is not a CPU this referee may use (it may use $last)"
fi
"$R" --cpu 0 --replay "$tmp/none.log" >/dev/null 2>"$tmp/err3c"
expect_eq "--cpu with --replay: exit status" "$?" 2
expect_eq "--cpu with --replay: message" "$(cat "$tmp/err3c")" \
	"referee: --cpu goes with games and --check, not with --replay (see referee --help)"
"$R" --cpu 1024 --variant hammerwalt @greedy @greedy @greedy @greedy >/dev/null 2>"$tmp/err4"
expect_eq "--cpu 1024: exit status" "$?" 2
grep -q "^referee: --cpu '1024' is not a number from 0 to 1023" "$tmp/err4" ||
	fail "--cpu 1024: message: $(cat "$tmp/err4")"

# 4. the arena: every game on one CPU, two jobs on two CPUs
cat >"$tmp/a.ini" <<EOF
[arena]
name = aff
variants = hammerwalt
deals = 2
jobs = 2
cpu_affinity = true
bot_logs = true
logs = all
; one submission: in the house format its games would run one at a time
partners = copies

[variant hammerwalt]
max_hands = 1

[bot cpu]
dir = $B

[bot greedy]
command = @greedy
EOF
"$A" key "$tmp/key" >/dev/null 2>"$tmp/kerr" || fail "arena key: $(cat "$tmp/kerr")"
"$A" "$tmp/a.ini" --key "$tmp/key" -q --results "$tmp/res" >"$tmp/aout" 2>"$tmp/aerr" ||
	fail "arena: exit $?: $(cat "$tmp/aerr")"
games=$(wc -l <"$tmp/res/results.jsonl")
expect_eq "arena: games" "$games" 4
seen=""
for d in "$tmp"/res/bot-logs/*/; do
	game_cpus=""
	for f in "$d"seat*.stderr; do
		[ -s "$f" ] || continue # @greedy's seat has no stderr
		r=$(report "$f")
		c=${r#before }
		c=${c%%|*}
		case $c in
		*,*|'') fail "arena: $f: not one CPU: $r" ;;
		esac
		expect_eq "arena: $f" "$r" "before $c|widen EPERM|after $c"
		[ -z "$game_cpus" ] || expect_eq "arena: $d: every seat on one CPU" "$c" "$game_cpus"
		game_cpus=$c
	done
	seen="$seen $game_cpus"
done
seen=$(echo $seen | tr ' ' '\n' | sort -un | tr '\n' ' ')
# two jobs: the first two CPUs the arena may use, whatever their number
second=$(echo "$cpus" | cut -d, -f2)
[ "$ncpus" -ge 2 ] && expect_eq "arena: the CPUs of the games" "$seen" "$first $second "

# 4b. an arena held to its last CPU (taskset, as Slurm or a cpuset would):
# every game there, not on CPU 0 by its index among the allowed ones
if [ "$ncpus" -ge 2 ]; then
	taskset -c "$last" "$A" "$tmp/a.ini" --key "$tmp/key" -q --results "$tmp/res3" \
		>/dev/null 2>"$tmp/aerr3" || fail "arena under taskset: $(cat "$tmp/aerr3")"
	for f in "$tmp"/res3/bot-logs/*/seat*.stderr; do
		[ -s "$f" ] || continue
		expect_eq "arena under taskset -c $last: $f" "$(report "$f")" \
			"before $last|widen EPERM|after $last"
	done
	expect_eq "arena under taskset: games" "$(wc -l <"$tmp/res3/results.jsonl")" 4
fi
# the command that replays a game is the same on any machine: no --cpu
"$A" --check -v "$tmp/a.ini" --key "$tmp/key" >"$tmp/check" 2>&1 || fail "--check -v: $(cat "$tmp/check")"
grep -q -- "--cpu" "$tmp/check" && fail "--check -v: a replay command names a CPU: $(grep -- --cpu "$tmp/check" | head -1)"
grep -q "referee" "$tmp/check" || fail "--check -v printed no command: $(cat "$tmp/check")"

# 5. without cpu_affinity the games' bots may use every CPU
sed '/^cpu_affinity/d' "$tmp/a.ini" >"$tmp/b.ini"
"$A" "$tmp/b.ini" --key "$tmp/key" -q --results "$tmp/res2" >/dev/null 2>"$tmp/berr" ||
	fail "arena without cpu_affinity: $(cat "$tmp/berr")"
for f in "$tmp"/res2/bot-logs/*/seat*.stderr; do
	[ -s "$f" ] || continue
	expect_eq "arena without cpu_affinity: $f" "$(report "$f")" "before $cpus|widen EPERM|after $cpus"
done
# 6. arena compare --cpu-affinity: a bot that ends (a crash fault) unless it
# has one CPU plays every game without a fault, and faults in every game
# without the option
mkdir -m 755 "$tmp/one"
cat >"$tmp/one/run" <<'EOF'
#!/usr/bin/env python3
import os, sys
if len(os.sched_getaffinity(0)) != 1:
    sys.exit(3)
for line in sys.stdin:
    if line.startswith("legal "):
        print(line[6:].strip().split(",")[0], flush=True)
EOF
chmod 755 "$tmp/one/run"
(cd "$tmp" && "$A" compare --games 4 --seed 1 --partners copies --cpu-affinity --results "$tmp/cmp1" -q @greedy "$tmp/one") \
	>"$tmp/c1" 2>&1 || fail "compare --cpu-affinity: $(cat "$tmp/c1")"
grep -q '"games":4,.*"faults":{"A":0,"B":0,"filler":0}' "$tmp/c1" ||
	fail "compare --cpu-affinity: $(tail -n 1 "$tmp/c1")"
grep -qx 'cpu_affinity = true' "$tmp/cmp1/compare.ini" || fail "compare.ini: $(cat "$tmp/cmp1/compare.ini")"
if [ "$ncpus" -ge 2 ]; then
	(cd "$tmp" && "$A" compare --games 4 --seed 1 --partners copies --results "$tmp/cmp2" -q @greedy "$tmp/one") \
		>"$tmp/c2" 2>&1 || fail "compare: $(cat "$tmp/c2")"
	grep -q '"faults":{"A":0,"B":8,"filler":0}' "$tmp/c2" ||
		fail "compare without --cpu-affinity (the control): $(tail -n 1 "$tmp/c2")"
fi
# 7. a game that ends gives its CPU back: a stand-in referee (the real one
# behind it) records the --cpu it got. Of the first two games, the one on
# the first CPU (W) waits until a third game (C) has started, the other (F)
# ends at once; C must get F's CPU, the only one free (were F's CPU still
# counted, the two would tie and C would go to the first).
if [ "$ncpus" -ge 2 ]; then
	mkdir "$tmp/roles"
	cat >"$tmp/fake-referee" <<'EOF'
#!/bin/sh
d=$AFF_ROLES
cpu=none
prev=
for a in "$@"; do
	[ "$prev" = --cpu ] && cpu=$a
	prev=$a
done
if [ "$cpu" = "$AFF_FIRST" ] && mkdir "$d/w" 2>/dev/null; then
	echo "$cpu" >"$d/w/cpu"
	i=0
	while [ ! -e "$d/c/cpu" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
elif mkdir "$d/f" 2>/dev/null; then
	echo "$cpu" >"$d/f/cpu"
elif mkdir "$d/c" 2>/dev/null; then
	echo "$cpu" >"$d/c/cpu.tmp"
	mv "$d/c/cpu.tmp" "$d/c/cpu"
fi
exec "$REAL_REFEREE" "$@"
EOF
	chmod 755 "$tmp/fake-referee"
	AFF_ROLES=$tmp/roles AFF_FIRST=$first REAL_REFEREE=$R taskset -c "$first,$second" \
		"$A" "$tmp/a.ini" --key "$tmp/key" -q --results "$tmp/res4" --referee "$tmp/fake-referee" \
		>/dev/null 2>"$tmp/aerr4" || fail "arena with the stand-in referee: $(cat "$tmp/aerr4")"
	expect_eq "the waiting game's CPU" "$(cat "$tmp/roles/w/cpu" 2>&1)" "$first"
	expect_eq "the quick game's CPU" "$(cat "$tmp/roles/f/cpu" 2>&1)" "$second"
	expect_eq "the third game's CPU (the quick game's, given back)" \
		"$(cat "$tmp/roles/c/cpu" 2>&1)" "$second"
fi
finish "ok: t_cpu_affinity"
