#!/bin/sh
# bench/channels.sh - what each covert channel between partner seats
# carries, measured from inside real games (docs/sandbox.md, Covert
# channels; issue 30).
#
# tests/attacks/partner_bot.c in the partner seats of hammerwalt games
# (copies of one program, @greedy opponents) passes 32 bits of its first
# hand through one channel and prints what it decoded; the game record
# tells the truth. For each channel, a table row: seats scored, bits sent,
# bits right, bit error rate, capacity in bits per hand and seat
# (32 x (1 - h2(BER)): what this bot gets through in one hand, 0 at
# chance) and the verdict ("at-chance": within a binomial bound at 1e-4,
# two-sided; "open": above it). The timed channels (sysinfo, inode, load)
# listen to two frames of the sender's, adding them up. The last row,
# xpagemap, is not between partners: each seat reads the next seat's hand
# (an opponent's) as a copy in another game sends it; within one game
# there is none, and in the arena there is one where the seat rotations
# of one deal are played side by side.
#
# Three tables: the referee with copies in partner seats (CHAN_GAMES games
# a channel, 2 by default), then the arena in its default format with the
# attack bot as a submission against @greedy (one deal: two games a
# channel), with jobs = 1 and with jobs = 2. In the arena the partner is
# whoever the default format seats there: a copy today, a house player
# once the arena seats one.
#
#   sh bench/channels.sh                (BINDIR=bin; from the repository root)
#   CHANNELS="pagemap evid" sh bench/channels.sh
#   sh bench/channels.sh referee        (only the first table)
BINDIR=${BINDIR:-bin}
GAMES=${CHAN_GAMES:-2}
CHANNELS=${CHANNELS:-pagemap smaps faultaround readtime majflt evid sysinfo inode load xpagemap}
PART=${1:-all}
[ -x "$BINDIR/referee" ] && [ -x "$BINDIR/arena" ] ||
	{ echo "bench/channels.sh: build first (make)" >&2; exit 1; }
BINDIR=$(cd "$BINDIR" && pwd)
top=$(pwd)
H=$top/tests/attacks/partner_channels.sh
W=$(mktemp -d "${TMPDIR:-/tmp}/channels-bench.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT INT TERM
# as root the bots run as slot uids: their directory must be readable by others
chmod 755 "$W"
mkdir -m 755 "$W/bin"
cc -O2 -o "$W/bin/partner_bot" tests/attacks/partner_bot.c -lm ||
	{ echo "bench/channels.sh: cannot build partner_bot" >&2; exit 1; }
dd if=/dev/zero of="$W/bin/chan.dat" bs=1M count=16 oflag=direct 2>/dev/null
chmod 644 "$W/bin/chan.dat"

t0=$(date +%s)
echo "channels: copies of tests/attacks/partner_bot.c in partner seats, 32 bits of the first hand each"
echo "channels: referee, copies in seats 0 and 2, $GAMES games a channel"
for ch in $CHANNELS; do
	sh "$H" play "$BINDIR/referee" "$W/bin" "$W/ref" "$ch" "$GAMES" 1 2
done | sh "$H" table
[ "$PART" = referee ] && exit 0

for j in 1 2; do
	echo "channels: arena, default format, jobs = $j, one deal (2 games) a channel"
	for ch in $CHANNELS; do
		sh "$H" arena "$BINDIR/arena" "$W/bin" "$W" "$ch" $j 2
	done | sh "$H" table
done
echo "channels: $(($(date +%s) - t0)) s"
