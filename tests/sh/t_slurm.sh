#!/bin/sh
# t_slurm.sh - arena slurm on a real Slurm (Debian's 22.05), on this
# machine: a munged, a slurmctld and a slurmd of the test's own (their
# key, sockets, ports, state and spool in a temporary directory; the
# client finds them through SLURM_CONF), then a 4-shard ladder submitted
# with 'arena slurm --submit'. The merge job's standings (text, CSV,
# JSON) are byte-identical to an unsharded run of the same config with
# the same key. Then two shards are damaged (one lost, one with games
# missing) and the same command submitted again: it asks for those two
# tasks only, leaves the complete shards' results alone, and the standings
# are the same again. Every daemon it started is stopped (by pid).
#
# It needs root (slurmd starts jobs as their user; CI runs as root) and
# Slurm installed (make test-deps): without them it fails, and says why.
. tests/arena/lib.sh
cd "$W" || exit 1

[ "$(id -u)" = 0 ] ||
	fail "t_slurm needs root: it starts munged, slurmctld and slurmd (run the suite as root, as CI does)"
for cmd in munged slurmctld slurmd sbatch scontrol sinfo; do
	command -v $cmd >/dev/null 2>&1 ||
		fail "t_slurm needs Slurm: '$cmd' is not installed (run make test-deps as root; it installs slurmctld slurmd slurm-client munge)"
done

T=$W/slurm
pids=""
cleanup() {
	for p in $pids; do
		kill "$p" 2>/dev/null
	done
	for p in $pids; do
		wait "$p" 2>/dev/null
	done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
start=$(date +%s)

# ---- the daemons
mkdir -p "$T/munge" "$T/state" "$T/spool" || fail "mkdir $T"
chmod 700 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=128 count=1 2>/dev/null
chmod 400 "$T/munge/munge.key"
# two TCP ports nobody uses (in any state, IPv4 or IPv6)
port_used() {
	grep -q ":$(printf '%04X' "$1") " /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
p=$((20000 + $$ % 30000))
while port_used $p || port_used $((p + 1)); do
	p=$((p + 2))
done
host=$(hostname)
cat >"$T/slurm.conf" <<X
ClusterName=arenatest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$p
SlurmdPort=$((p + 1))
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
AuthType=auth/munge
AuthInfo=socket=$T/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$(getconf _NPROCESSORS_ONLN) State=UNKNOWN
PartitionName=arena Nodes=$host Default=YES MaxTime=INFINITE State=UP
X
SLURM_CONF=$T/slurm.conf
export SLURM_CONF
munged -F --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.socket" \
	--pid-file="$T/munge/munged.pid" --log-file="$T/munge/munged.log" \
	--seed-file="$T/munge/seed" >"$T/munged.out" 2>&1 &
pids="$pids $!"
i=0
until [ -S "$T/munge/munge.socket" ]; do
	i=$((i + 1))
	[ $i -le 50 ] || fail "munged did not start: $(cat "$T/munged.out")"
	sleep 0.1
done
slurmctld -D -i >"$T/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D >"$T/slurmd.out" 2>&1 &
pids="$pids $!"
i=0
until [ "$(sinfo -h -o %T 2>/dev/null)" = idle ]; do
	i=$((i + 1))
	[ $i -le 150 ] ||
		fail "the node is not idle after 15 s: $(sinfo 2>&1; tail -5 "$T/slurmctld.log" "$T/slurmd.log")"
	sleep 0.1
done
up=$(date +%s)

# ---- a 4-shard ladder, one of the bots a program in the sandbox (a deterministic one: the
# standings are compared with a second run)
cat >t.ini <<X
[arena]
name = ladder
variants = hammerwalt, fivehand
deals = 2
results = res
[bot greedy]
command = @greedy
[bot random]
command = @random
[bot heuristic]
dir = $ROOT/sample-bots/c-heuristic
X
[ -x "$ROOT/sample-bots/c-heuristic/c-heuristic" ] || fail "build the sample bots first (make)"
n=$(planned t.ini)

# wait_job ID: until Slurm says the job is over; fails unless it COMPLETED
wait_job() {
	i=0
	while :; do
		state=$(scontrol show job "$1" 2>&1 | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1)
		case "$state" in
		COMPLETED) return 0 ;;
		PENDING | RUNNING | COMPLETING | CONFIGURING | "") ;;
		*) fail "job $1 ended $state: $(cat res/slurm/*.out 2>/dev/null | tail -20)" ;;
		esac
		i=$((i + 1))
		[ $i -le 600 ] || fail "job $1 still $state after 60 s: $(squeue 2>&1)"
		sleep 0.1
	done
}

# submit: arena slurm --submit; sets shards_job, merge_job and array
submit() {
	"$ARENA" slurm --submit --shards 4 --cpus-per-task 1 \
		--sbatch-args '--comment=arena-test --no-requeue' t.ini >sub.out 2>sub.err ||
		fail "arena slurm --submit: $(cat sub.err sub.out)"
	shards_job=$(sed -n 's/^shards: job \([0-9]*\) (array tasks .*/\1/p' sub.out)
	merge_job=$(sed -n 's/^merge: job \([0-9]*\) .*/\1/p' sub.out)
	array=$(sed -n 's/^shards: job [0-9]* (array tasks \(.*\) of 4)$/\1/p' sub.out)
	[ -n "$shards_job" ] && [ -n "$merge_job" ] || fail "no job ids in: $(cat sub.out)"
	expect_eq "the progress command" "$(sed -n 's/^progress: //p' sub.out)" \
		"squeue --jobs=$shards_job,$merge_job"
}

submit
expect_eq "array of the first submission" "$array" "1-4"
[ "$(stat -c %a res/key)" = 600 ] || fail "res/key is not 0600: $(stat -c %a res/key)"
grep -q "^#SBATCH --dependency" res/slurm/merge.sbatch && fail "the dependency is sbatch's option, not the script's"
# the extra sbatch options, two on one '#SBATCH' line, reached both jobs
for j in "$shards_job" "$merge_job"; do
	info=$(scontrol show job "$j")
	echo "$info" | grep -q "Comment=arena-test" || fail "job $j: no --comment: $info"
	echo "$info" | grep -q "Requeue=0" || fail "job $j: no --no-requeue: $info"
done
wait_job "$merge_job"
first=$(date +%s)
scontrol show job "$shards_job" | grep -q "JobState=COMPLETED" || fail "array job not COMPLETED"
total=0
for k in 1 2 3 4; do
	d=res/shard-$k-of-4
	[ -f $d/results.jsonl ] || fail "shard $k wrote no $d/results.jsonl"
	cmp -s res/key $d/key || fail "shard $k did not deal from res/key"
	total=$((total + $(lines $d/results.jsonl)))
	grep -q "^\[ladder $k/4\] .* games " res/slurm/shard-$k.out ||
		fail "shard $k's progress line does not name it: $(cat res/slurm/shard-$k.out)"
done
expect_eq "games over the 4 shards" "$total" "$n"
cat res/shard-*/results.jsonl >all
no_duplicate_ids all
grep -q '"heuristic"' all || fail "the sandboxed bot did not play"

# the same config unsharded, with the same key
"$ARENA" -q --key res/key --results full t.ini >full.txt 2>full.err || fail "unsharded run: $(cat full.err)"
expect_file_eq "merged standings" res/standings.txt full.txt
"$ARENA" report --csv full >full.csv || fail "report --csv"
expect_file_eq "merged csv" res/standings.csv full.csv
"$ARENA" report --json full >full.json || fail "report --json"
expect_file_eq "merged json" res/standings.json full.json

# ---- resubmitting is resuming: shard 2 lost, shard 3 missing its last 3 games
rm -rf res/shard-2-of-4 res/standings.txt res/standings.csv res/standings.json
head -n $(($(lines res/shard-3-of-4/results.jsonl) - 3)) res/shard-3-of-4/results.jsonl >kept3
cp kept3 res/shard-3-of-4/results.jsonl
cp res/shard-1-of-4/results.jsonl keep1
cp res/shard-4-of-4/results.jsonl keep4
"$ARENA" slurm --merge --shards 4 t.ini >/dev/null 2>merge.err
expect_eq "merge of an incomplete ladder: exit" $? 3
grep -q "^arena:   shard 2/4: not started$" merge.err || fail "shard 2 not named: $(cat merge.err)"
grep -q "^arena:   shard 3/4: [0-9]* of [0-9]* games$" merge.err || fail "shard 3 not named: $(cat merge.err)"
submit
expect_eq "array of the resubmission" "$array" "2-3"
wait_job "$merge_job"
cmp -s keep1 res/shard-1-of-4/results.jsonl || fail "the complete shard 1 was played again"
cmp -s keep4 res/shard-4-of-4/results.jsonl || fail "the complete shard 4 was played again"
expect_eq "shard 3 kept its games" "$(head -n "$(lines kept3)" res/shard-3-of-4/results.jsonl | cmp - kept3 && echo same)" same
grep -q "resuming .*shard-3-of-4: $(lines kept3) of" res/slurm/shard-3.out ||
	fail "shard 3 did not resume: $(cat res/slurm/shard-3.out)"
expect_file_eq "standings after the resubmission" res/standings.txt full.txt
end=$(date +%s)
echo "slurm up in $((up - start)) s; first ladder $((first - up)) s; total $((end - start)) s"

# ---- nothing left running
cleanup
for p in $pids; do
	kill -0 "$p" 2>/dev/null && fail "daemon $p still running"
done
pids=""
[ -e "$T" ] && fail "$T left behind"
cd / && rm -rf "$W"
exit 0
