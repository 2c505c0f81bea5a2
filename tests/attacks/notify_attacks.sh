#!/bin/sh
# notify_attacks.sh - runs notify_bot.c's attacks on the init that answers
# the bot's opens (referee/sandbox/sandbox_notify.c) from inside real games
# and prints what each bot wrote ("nb ..." lines). By hand, from the top of
# the tree, after make:
#
#   sh tests/attacks/notify_attacks.sh [REFEREE [OLD_REFEREE]]
#
# REFEREE defaults to bin/referee; OLD_REFEREE (say main's bin/referee)
# is run beside it for the cost and signal rows. As root the bots run as
# slot uids: everything lives in a world-readable directory under /tmp.
set -u
ref=${1:-bin/referee}
old=${2:-}
dir=$(mktemp -d /tmp/notify_attacks.XXXXXX)
chmod 755 "$dir"
mkdir "$dir/bin" && chmod 755 "$dir/bin"
cc -O2 -pthread -o "$dir/bin/notify_bot" tests/attacks/notify_bot.c || exit 1
nb="$dir/bin/notify_bot"

# one game, the attacker in seat 0 against built-ins; prints its nb lines
game() {
	r=$1
	shift
	rm -rf "$dir/logs"
	"$r" --variant hammerwalt --seed 1 --startup-ms 300000 --bot-logs "$dir/logs" \
		"$nb $*" @random @random @random | grep -o '"faults":[^]]*\]'
	grep '^nb' "$dir/logs/seat0.stderr"
}

echo "== every route to pagemap, smaps, fdinfo, the init's files"
game "$ref" probe
echo "== a dir fd flipped between /proc/self and /tmp under the init"
game "$ref" dirfdrace 20000
for r in $old "$ref"; do
	echo "== cost, $r"
	game "$r" cost 100000
	echo "== signals without SA_RESTART during opens, $r"
	game "$r" sigstorm 1000 norestart /usr/lib/os-release
	game "$r" sigstorm 1000 norestart /proc/self/stat
done
echo "== fault-around through statm (warm some pages first, then map the file)"
f=$(find /usr/lib -size +20M -type f 2>/dev/null | while read -r x; do
	[ "$(fincore -n -o PAGES "$x" 2>/dev/null | tr -d " ")" = 0 ] && { echo "$x"; break; }; done)
if [ -n "$f" ]; then
	python3 -c "
import os
fd = os.open('$f', os.O_RDONLY)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)
for p in [18, 19, 20, 40, 41, 42, 43, 44] + list(range(100, 116)):
    os.pread(fd, 1, p * 4096)
"
	echo "(cached before: 18-20, 40-44, 100-115 of $f)"
	game "$ref" faultaround "$f"
	echo "== page cache after a game: $(fincore -n -o PAGES "$f" | tr -d " ") pages of $f before"
	game "$ref" warmmap "$f" 7
	echo "after: $(fincore -n -o PAGES "$f" | tr -d " ") pages"
fi
rm -rf "$dir"
