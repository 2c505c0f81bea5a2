#!/bin/sh
# t_attack_arena_sparse.sh - a sparse file in a submission must not stall
# the arena. The fingerprint read every byte of every file: a 0-byte
# 'truncate -s 15T' file cost hours per run, before the first game, with
# Ctrl-C and SIGTERM ignored meanwhile. Now a file is fingerprinted by its
# data (the holes by their place and size, not read): 64 GiB of holes take
# no time, a change of a byte or of a hole's place or size is still a
# change, and a signal during the fingerprints stops the run (143).
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir -p subs/ok
cp "$ROOT/sample-bots/sh-random/run" "$ROOT/sample-bots/sh-random/bot.sh" subs/ok/
truncate -s 64G subs/ok/big
cat >t.ini <<'X'
[arena]
variants = hammerwalt
deals = 1
submissions = subs
move_ms = 300
results = res
[variant hammerwalt]
target = 5
[bot g]
command = @greedy
[bot r]
command = @random
X

# run ARENA-ARGS...: the arena under a 60 s timeout (the unfixed arena
# needs minutes for 64 GiB, and ignores the SIGTERM: SIGKILL 5 s later);
# sets $status
run() {
	timeout -k 5 60 "$ARENA" -q "$@" t.ini >/dev/null 2>err
	status=$?
	[ $status != 124 ] && [ $status != 137 ] || fail "the arena ran past 60 s: $(cat err)"
}

run
expect_eq "exit status with a 64 GiB sparse file" $status 0
expect_eq "games" "$(lines res/results.jsonl)" 6

# a byte written in the middle of the holes is a change
printf x | dd of=subs/ok/big bs=1 seek=$((32 << 30)) conv=notrunc 2>/dev/null
run
expect_eq "exit status, a byte written" $status 0
grep -qx "arena: ok: changed, 4 games to play, 4 games archived" err ||
	fail "a byte written into the holes went unseen: $(cat err)"
run
grep -qx "arena: nothing to play: all 6 games are in res" err ||
	fail "an unchanged sparse file is a change: $(cat err)"

# a longer last hole is a change
truncate -s 65G subs/ok/big
run
grep -qx "arena: ok: changed, 4 games to play, 4 games archived" err ||
	fail "a longer hole went unseen: $(cat err)"

# the same data at another place (the same size) is a change
rm subs/ok/big
truncate -s 65G subs/ok/big
printf x | dd of=subs/ok/big bs=1 seek=$((16 << 30)) conv=notrunc 2>/dev/null
run
grep -qx "arena: ok: changed, 4 games to play, 4 games archived" err ||
	fail "data moved within the holes went unseen: $(cat err)"
expect_eq "games at the end" "$(lines res/results.jsonl)" 6

# SIGTERM while the arena fingerprints (strace delivers it at the first
# lseek() of the sparse file): the run stops there, 143, nothing played
command -v strace >/dev/null 2>&1 ||
	fail "t_attack_arena_sparse needs strace (run make test-deps as root; it installs strace)"
big=$(cd subs/ok && pwd -P)/big
echo '# v2' >>subs/ok/bot.sh
timeout -k 5 60 strace -o /dev/null -P "$big" -e trace=lseek -e inject=lseek:signal=SIGTERM:when=1 \
	"$ARENA" -q t.ini >out 2>err
expect_eq "exit status after SIGTERM during the fingerprints" $? 143
expect_eq "stderr after SIGTERM during the fingerprints" "$(cat err)" \
	"arena: stopped while fingerprinting the bots; run the same command again"
[ -s out ] && fail "a report was printed after an interruption: $(cat out)"
expect_eq "games after the interruption" "$(lines res/results.jsonl)" 6
[ -d res/archive/4 ] && fail "the interrupted run archived games"
# and the same command again sees the change
run
grep -qx "arena: ok: changed, 4 games to play, 4 games archived" err ||
	fail "the change is not seen after the interruption: $(cat err)"
echo "ok: t_attack_arena_sparse"
