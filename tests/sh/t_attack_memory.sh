#!/bin/sh
# t_attack_memory.sh - a bot must not hold more memory than its mem_mb
# (docs/sandbox.md: a bot must not exhaust the machine). RLIMIT_AS binds
# one process's address space: three processes of 200 MiB each hold 600
# MiB under mem_mb=256, and one process writing into memfds it never maps
# holds as much as nofile x fsize_mb (16 GiB under the defaults; 64
# processes: 1 TiB). tests/attacks/memhog.c reports what it held at once.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/memhog" "$top/tests/attacks/memhog.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build memhog: $(cat "$tmp/cc.err")"; finish ""; }
for how in "procs 3 200" "memfd 600"; do
	mkdir -p "$tmp/logs"
	"$R" --variant hammerwalt --limit 0:mem_mb=256 --bot-logs "$tmp/logs" \
		"$tmp/bin/memhog $how" "$C" "$C" "$C" >"$tmp/result" 2>&1
	held=$(sed -n 's/^memhog held \([0-9]*\) MiB$/\1/p' "$tmp/logs/seat0.stderr")
	[ -n "$held" ] || fail "$how: memhog did not run: $(cat "$tmp/result")"
	[ "${held:-0}" -le 256 ] || fail "$how: the bot held $held MiB under mem_mb=256"
done
[ "$failures" = 0 ] && echo "ok: a bot holds no more than mem_mb"
finish "ok: t_attack_memory"
