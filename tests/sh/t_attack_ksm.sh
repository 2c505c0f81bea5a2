#!/bin/sh
# t_attack_ksm.sh - no bot opts its memory into same-page merging (KSM)
# (docs/sandbox.md, seccomp: KSM; Covert channels). Where the machine runs
# KSM, partners that both hold a page of one content have it merged, and
# a write to a merged page is a copy-on-write fault, slow enough to time:
# tests/attacks/ksm_bot.c in 'send' and 'recv' modes passed 64 bits
# exactly in each of 6 games here that way (by hand, with KSM on). This test needs
# no KSM and leaves /sys alone: ksm_bot 'try' makes the calls that opt in,
# madvise(MADV_MERGEABLE) and prctl(PR_SET_MEMORY_MERGE), from inside a
# game and prints what they returned, which must be EPERM, and that
# MADV_DONTNEED still works. Then the same with the referee started with
# all its memory mergeable (as systemd's MemoryKSM=yes starts a service),
# which fork and execve would pass on to the bots.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
mkdir -m 755 "$tmp/bin" "$tmp/logs" "$tmp/logs2"
cc -O2 -o "$tmp/bin/ksm_bot" "$top/tests/attacks/ksm_bot.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build ksm_bot: $(cat "$tmp/cc.err")"; finish ""; }
B="$tmp/bin/ksm_bot try"
# check LOGS WHAT: both bots' calls were refused, other advice worked
check() {
	for s in 0 2; do
		f=$1/seat$s.stderr
		expect_eq "$2: seat $s: madvise(MADV_MERGEABLE)" \
			"$(sed -n 's/^ksm madvise_mergeable: //p' "$f")" EPERM
		expect_eq "$2: seat $s: prctl(PR_SET_MEMORY_MERGE)" \
			"$(sed -n 's/^ksm prctl_memory_merge: //p' "$f")" EPERM
		expect_eq "$2: seat $s: madvise(MADV_DONTNEED)" \
			"$(sed -n 's/^ksm madvise_dontneed: //p' "$f")" ok
		# PR_GET_MEMORY_MERGE: EINVAL before Linux 6.4
		got=$(sed -n 's/^ksm merge_any: //p' "$f")
		[ "$got" = EINVAL ] || expect_eq "$2: seat $s: started mergeable" "$got" 0
	done
}
# play LOGS [WRAPPER...]: a one-hand game, ksm_bot in seats 0 and 2
play() {
	logs=$1
	shift
	"$@" "$R" --variant hammerwalt --seed 3 --option max_hands=1 --move-ms 3000 \
		--bot-logs "$logs" "$B" @random "$B" @random >"$logs.out" 2>&1 ||
		fail "game: $(cat "$logs.out")"
	grep -q '"faults":\[\]' "$logs.out" || fail "faults: $(cat "$logs.out")"
}
play "$tmp/logs"
check "$tmp/logs" "plain"
# the referee started with PR_SET_MEMORY_MERGE (Linux 6.4 and later, with KSM)
cat >"$tmp/merge_any.py" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(67, 1, 0, 0, 0) != 0:  # PR_SET_MEMORY_MERGE
    sys.exit("PR_SET_MEMORY_MERGE: " + os.strerror(ctypes.get_errno()))
os.execv(sys.argv[1], sys.argv[1:])
PY
if [ "${SAN:-}" = 1 ]; then
	# turning it off walks every page of the referee's areas: ASan's shadow
	# is terabytes, minutes a bot (docs/sandbox.md, Known limits)
	echo "note: referee mergeable: skipped under ASan"
elif python3 "$tmp/merge_any.py" /bin/true 2>"$tmp/py.err"; then
	play "$tmp/logs2" python3 "$tmp/merge_any.py"
	check "$tmp/logs2" "referee mergeable"
else
	echo "note: referee mergeable: skipped: $(cat "$tmp/py.err")"
fi
finish "ok: t_attack_ksm"
