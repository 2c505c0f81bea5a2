#!/bin/sh
# t_hostile.sh - hostile bots inside real games. Seat 0 plays legally,
# then at its second decision attacks (tests/bots/hostile_bot.c running an
# attack of tests/bots/sbx_attack.c); seats 1-3 are c-random bots. Every
# case asserts: the fault is recorded with the right kind (or none, when
# the attack failed harmlessly and the bot played on), the game finishes,
# the other bots are unharmed (no fault, they keep playing), no process of
# the hostile bot is left, and the attack had no effect outside the bot's
# scratch directory, which is removed after the game.
set -u
. "$(dirname "$0")/lib.sh"
O=${O:-build/rel}
H=$top/$O/tests/bots/hostile_bot
C=$top/sample-bots/c-random
R=$top/$BINDIR/referee
scratch=/var/tmp/euchre-hostile.$$
mkdir -p "$scratch"
trap 'rm -rf "$tmp" "$scratch"' EXIT
[ -x "$H" ] || { echo "FAIL: $H is not built"; exit 1; }

# hostile NAME KIND HOW [ARGS...]: one game; REFOPTS adds referee options.
# The attack's report (and the bot's stderr) ends up in $log.
hostile() {
	name=$1 kind=$2
	shift 2
	before=$failures
	marker=M$$x$name
	mkdir -p "$tmp/logs-$name"
	log=$tmp/logs-$name/seat0.stderr
	# shellcheck disable=SC2086
	timeout 120 "$R" --variant hammerwalt --seed 5 --move-ms 1500 --scratch-dir "$scratch" \
		--bot-logs "$tmp/logs-$name" ${REFOPTS:-} "$H $marker 2 $*" "$C" "$C" "$C" \
		>"$tmp/$name.json" 2>"$tmp/$name.err"
	status=$?
	[ "$status" = 0 ] || fail "$name: referee exit status $status: $(cat "$tmp/$name.err")"
	python3 - "$tmp/$name.json" "$kind" <<'PY' || fail "$name: result: $(cat "$tmp/$name.json")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
kind = sys.argv[2]
mine = [f for f in r["faults"] if f["seat"] == 0]
others = [f for f in r["faults"] if f["seat"] != 0]
assert others == [], others                       # the other bots are unharmed
assert all(d > 0 for d in r["decisions"][1:]), r  # and kept playing
if kind == "none":
    assert mine == [], mine
else:
    assert len(mine) == 1 and mine[0]["kind"] == kind, (kind, mine)
    assert r["ranks"] == [2, 1, 2, 1], r["ranks"]  # seat 0's team forfeits
PY
	if ! gone "$marker"; then
		fail "$name: processes survived: $(pgrep -af -- "$marker" | head -3)"
		pkill -9 -f -- "$marker"
	fi
	[ -z "${KEEP:-}" ] && [ -n "$(ls -A "$scratch")" ] &&
		fail "$name: scratch directories left: $(ls "$scratch")"
	[ "$failures" = "$before" ] && echo "ok: $name -> $kind"
}

# expect NAME PATTERN: the attack reported PATTERN (a grep -E pattern)
expect() {
	grep -Eq -- "$2" "$tmp/logs-$1/seat0.stderr" ||
		fail "$1: expected '$2' in its report: $(head -c 600 "$tmp/logs-$1/seat0.stderr")"
}

# CPU, time and stopping
hostile spin timeout exec spin
hostile spin8 timeout exec spin8
hostile stop timeout stop
# processes and threads: contained by the process limit (the bombs keep
# their children, so the bot never answers again); memory: malloc fails
REFOPTS="--limit 0:nproc=16" hostile forkbomb timeout child forkbomb
expect forkbomb '^forks (1[0-5]|[0-9]) EAGAIN'
# (the script goes beside the bot: a bot sees its own program's directory only)
cp "$top/tests/bots/sbx_forkbomb.sh" "$top/$O/tests/bots/"
# (--move-ms 6000: the bomb may run its 3 s before the bot answers on a loaded machine)
REFOPTS="--limit 0:nproc=24 --move-ms 6000" hostile shbomb none sh "'timeout 3 sh $top/$O/tests/bots/sbx_forkbomb.sh'"
# (in the sandbox timeout warns that timer_create is refused, in pieces:
# the script's 'started' may come right after 'timeout: ')
expect shbomb 'started$'
expect shbomb 'attack over'
REFOPTS="--limit 0:nproc=16" hostile threads timeout child threads
expect threads '^threads (1[0-5]|[0-9]) EAGAIN'
REFOPTS="--limit 0:mem_mb=128" hostile malloc none child malloc
if "$R" --sandbox-info | grep -q '^cgroup  *yes'; then
	# a cgroup: malloc never fails; the memory limit kills the child, the
	# bot plays on, and the tree never held more than 128 MiB
	expect malloc '^attack over$'
	grep -q '^mb ' "$log" && fail "malloc: the child was not killed: $(grep '^mb ' "$log")"
	python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["mem_peak_mb"][0]; sys.exit(not 64 <= p <= 128)' \
		"$tmp/malloc.json" || fail "malloc: peak: $(cat "$tmp/malloc.json")"
else
	# address space only: malloc fails below 128 MiB
	expect malloc '^mb ([0-9]|[1-9][0-9]|1[01][0-9]|12[0-7])$'
fi
# output: 1 GB on stdout without a newline; a stderr flood (capped on disk)
hostile bigout overflow execsh "'head -c 1000000000 /dev/zero'"
hostile errflood none sh "'head -c 50000000 /dev/zero | tr \"\\\\0\" x >&2'"
size=$(wc -c <"$tmp/logs-errflood/seat0.stderr")
[ "$size" -lt 1049000 ] || fail "errflood: stderr log is $size bytes, the cap is 1 MiB"
# files: a huge file, thousands of files, writes outside the scratch directory
REFOPTS="--limit 0:fsize_mb=1" hostile bigfile sandbox exec bigfile
hostile manyfiles none child manyfiles 3000
expect manyfiles '^files 3000$'
cp "$R" "$tmp/referee.before"
KEEP=1 REFOPTS="--keep-scratch" hostile writes none sh \
	"'for d in $scratch/bot*; do echo x >\$d/pwned; echo \$d \$?; done; \
	  echo x >\$HOME/home-file && echo home ok; echo x >/tmp/escaped-$$ && echo tmp ok; \
	  echo x >>$R; echo referee \$?'"
expect writes '^home ok$'
expect writes '^tmp ok$'
expect writes '^referee [1-9]'
[ -e "/tmp/escaped-$$" ] && fail "writes: a file reached the real /tmp"
cmp -s "$R" "$tmp/referee.before" || fail "writes: the referee binary changed"
for d in "$scratch"/bot*; do
	if [ -e "$d/pwned" ] && [ ! -e "$d/home-file" ]; then
		fail "writes: another bot's scratch directory $d was written"
	fi
done
rm -rf "${scratch:?}"/*
# network: listeners on 127.0.0.1 and on unix sockets must see nothing
python3 - "$tmp/net" <<'PY' &
import os, socket, sys, time
base = sys.argv[1]
tcp = socket.socket(); tcp.bind(("127.0.0.1", 0)); tcp.listen(5); tcp.setblocking(False)
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); udp.bind(("127.0.0.1", 0)); udp.setblocking(False)
ab = socket.socket(socket.AF_UNIX); ab.bind("\0euchre-hostile-%d" % os.getpid()); ab.listen(5); ab.setblocking(False)
pa = socket.socket(socket.AF_UNIX); pa.bind(base + ".sock"); pa.listen(5); pa.setblocking(False)
os.chmod(base + ".sock", 0o777)
open(base + ".ports.tmp", "w").write("%d %d euchre-hostile-%d\n" % (tcp.getsockname()[1], udp.getsockname()[1], os.getpid()))
os.rename(base + ".ports.tmp", base + ".ports")
seen = []
end = time.time() + 60
while time.time() < end and not os.path.exists(base + ".stop"):
    for s in (tcp, ab, pa):
        try:
            s.accept(); seen.append("accept")
        except BlockingIOError:
            pass
    try:
        udp.recvfrom(100); seen.append("udp")
    except BlockingIOError:
        pass
    time.sleep(0.02)
open(base + ".seen", "w").write(" ".join(seen))
PY
for _ in $(seq 1 100); do [ -f "$tmp/net.ports" ] && break; sleep 0.2; done
read -r tport uport abname <"$tmp/net.ports"
hostile tcp none child tcp "$tport"
expect tcp '^tcp EPERM$'
hostile udp none child udp "$uport"
expect udp '^udp EPERM$'
hostile netlink none child netlink
expect netlink '^netlink EPERM$'
hostile unix_abstract none child unix_abstract "$abname"
expect unix_abstract '^unix_abstract EPERM$'
hostile unix_path none child unix_path "$tmp/net.sock"
expect unix_path '^unix_path EPERM$'
touch "$tmp/net.stop"
wait
[ "$(cat "$tmp/net.seen")" = "" ] || fail "network: the listeners saw: $(cat "$tmp/net.seen")"
# signals, tracing, other processes' memory and stdin
sleep 300 &
victim=$!
hostile kills none child kill minus1 -1 9 test $$ 9 victim "$victim" 9 init 1 9
expect kills '^minus1 EPERM$'
expect kills '^test ESRCH$'
expect kills '^victim ESRCH$'
expect kills '^init EPERM$'
hostile killraw none child killraw
expect killraw '^killraw EPERM$'
hostile ptrace none child ptrace 1
expect ptrace '^ptrace_attach EPERM$'
hostile vmread none child vmread 1
expect vmread '^vmread EPERM$'
hostile proc none child proc "$victim"
expect proc '^procmem ENOENT$'
expect proc '^procfd0 ENOENT$'
kill -0 "$victim" 2>/dev/null || fail "the victim process was killed"
kill "$victim"
# escapes: double fork + setsid + ignoring SIGTERM; a grandchild holding stdout
hostile escape none child escape
hostile escape_stdout crash execsh "'setsid sleep 1000 & exit 0'"
# kernel interfaces, foreign system call ABIs, setuid binaries
hostile unshare none child unshare
expect unshare '^unshare_user EPERM$'
hostile kernel none child kernel
for call in mount keyctl bpf perf_event_open io_uring_setup; do
	expect kernel "^$call EPERM$"
done
# a kernel without the i386 entry (ia32 emulation off) faults int 0x80
# before seccomp sees it: the bot crashes (SIGSEGV), outside as inside
"$top/$O/tests/bots/sbx_attack" int80 >/dev/null 2>&1
if [ $? = 139 ]; then int80_kind=crash; else int80_kind=sandbox; fi
hostile int80 $int80_kind execsh "'exec $top/$O/tests/bots/sbx_attack int80 >&2'"
expect int80 '^int80 trying$'
grep -q 'int80 survived' "$tmp/logs-int80/seat0.stderr" && fail "int80: the call returned"
hostile setuid none sh "'su -c id root </dev/null; echo su \$?; passwd -S root; echo passwd \$?; id -u'"
expect setuid '^su [1-9]'
expect setuid '^6[01][0-9]{3}$'
grep -q 'uid=0' "$tmp/logs-setuid/seat0.stderr" && fail "setuid: something ran as root"

# no bot outlives its referee, even a referee killed with SIGKILL. The
# referee is killed once the sleeper, the hostile bot and the bot's escaped
# grandchild (reparented to the sandbox's init) all run, as one walk of the
# referee's tree of processes shows them by their command lines; that look
# decides, never a second one. (pgrep -f counted the referee, whose command
# line holds the marker, and for an instant its clone that becomes a
# sandbox's init, and missed a process in the middle of an exec, such as
# env's of python3: a count of 3 then a recount of 2 failed with every bot
# running. The walk reads the command lines of the referee's processes
# only: ps and pgrep read every process's, and were seen to wait minutes
# for one on a busy machine.) The limits keep every bot alive long after
# the wait: no startup fault, no timeout of the sleeper.
marker=M$$xorphan
"$R" --variant hammerwalt --startup-ms 120000 --move-ms 120000 --scratch-dir "$scratch" \
	"$top/tests/misbehave/sleeper $marker" "$H $marker 1 child escape" "$C" "$C" \
	>"$tmp/orphan.out" 2>"$tmp/orphan.err" &
referee=$!
# orphan_tree: "PID PARENT COMMAND LINE" of every process below the referee
orphan_tree() {
	set -- "$referee"
	while [ $# -gt 0 ]; do
		# shellcheck disable=SC2013 # (pids, on one line)
		for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
			echo "$child $1 $(tr '\0' ' ' 2>/dev/null </proc/"$child"/cmdline)"
			set -- "$@" "$child"
		done
		shift
	done
}
# orphan_running: the three run (else prints the tree)
orphan_running() {
	orphan_tree | awk -v h="$H $marker 1 child escape " -v s="/sleeper $marker " \
		-v g="hostile-$marker escape " '
	{ tree = tree $0 "\n"; args = $0; sub(/^[0-9]+ [0-9]+ /, "", args) }
	args == h { init[$2] = 1 }
	length(args) >= length(s) && substr(args, length(args) - length(s) + 1) == s { sleeper = 1 }
	args == g { escaped[$2] = 1 }
	END {
		for (p in escaped)
			if (p in init)
				grandchild = 1
		if (sleeper && grandchild)
			exit 0
		printf "%s", tree
		exit 1
	}'
}
# (up to 60 s: a loaded machine starts sandboxes slowly)
end=$(($(date +%s) + 60)) started=
while :; do
	orphan_running >"$tmp/orphan.tree" && started=1 && break
	if [ "$(date +%s)" -ge "$end" ] || ! kill -0 "$referee" 2>/dev/null; then
		break
	fi
	sleep 0.3
done
[ -n "$started" ] ||
	fail "orphan: the bots did not start (the sleeper, the hostile bot and its escaped grandchild): $(cat "$tmp/orphan.tree" "$tmp/orphan.out" "$tmp/orphan.err")"
kill -9 "$referee"
wait "$referee" 2>/dev/null
if ! gone "$marker"; then
	fail "orphan: bots outlived a killed referee: $(pgrep -af -- "$marker" | head -3)"
	pkill -9 -f -- "$marker"
else
	echo "ok: no bot outlives a referee killed with SIGKILL"
fi

finish "all hostile bots contained"
