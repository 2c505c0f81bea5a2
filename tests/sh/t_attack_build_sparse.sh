#!/bin/sh
# t_attack_build_sparse.sh - 'referee --build' must not let a submission
# fill the host's disk through the copy it makes as root. A 256 MiB sparse
# file takes no room in the submission; the copy reads and writes it whole,
# past RLIMIT_FSIZE (fsize_mb, 8 here), which binds only the build itself.
# (A sparse file of a terabyte fills the disk, root's reserve included.)
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
mkdir -p "$tmp/src"
truncate -s 256M "$tmp/src/big"
echo 'int main(void){return 0;}' >"$tmp/src/bot.c"
"$R" --limit all:fsize_mb=8 --build "$tmp/src" "$tmp/dest" -- /bin/true >"$tmp/out" 2>&1
used=$(du -sk "$tmp/dest" 2>/dev/null | cut -f1)
[ "${used:-0}" -le 9216 ] || fail "a $(du -sk "$tmp/src" | cut -f1) KiB submission took $used KiB on the host's disk: $(cat "$tmp/out")"
[ -f "$tmp/dest/bot.c" ] || fail "the copy lost bot.c: $(cat "$tmp/out")"
[ "$failures" = 0 ] && echo "ok: the copy of a sparse file does not fill the disk"
finish "ok: t_attack_build_sparse"
