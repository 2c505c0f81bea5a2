#!/bin/sh
# partner_channels.sh - the channel harness's two steps, shared by
# bench/channels.sh and tests/sh/t_attack_partner_channels.sh.
#
#   sh partner_channels.sh play REFEREE BOTDIR WORK CHANNEL GAMES SEED [FRAMES]
#       plays GAMES hammerwalt games (seeds SEED, SEED+1, ...) with
#       BOTDIR/partner_bot CHANNEL in seats 0 and 2 and @greedy in 1 and 3,
#       records and bot logs under WORK/CHANNEL.N/, and prints
#       partner_score.sh's line for each seat. The page-cache channels read
#       BOTDIR/chan.dat, which each game rewrites first (O_DIRECT: no page
#       of it cached), so every game starts from fresh pages. The timed
#       channels (sysinfo, inode, load) listen to FRAMES frames (default 1).
#   sh partner_channels.sh arena ARENA BOTDIR WORK CHANNEL JOBS [FRAMES]
#       runs the arena in its default format (secret deals, the format's
#       seating) on a config of its own under WORK/arena.JOBS.CHANNEL/:
#       BOTDIR/partner_bot as the submission 'attack' (command
#       ./partner_bot CHANNEL; for the page-cache channels its build writes
#       a chan.dat no one has read, 5 regions)
#       against @greedy, one deal, move_ms 5000, JOBS games at once; prints
#       partner_score.sh's line for each partner_bot seat of each game
#   sh partner_channels.sh table [ALPHA] <SCORES
#       reads score lines (partner_score.sh's) and prints one row a channel:
#       games, bits sent, bits right, the bit error rate, the capacity in
#       bits per hand and seat (32 x (1 - h2(BER)), 0 at chance) and the
#       verdict: "at-chance" when the bits right lie strictly between N-C
#       and C, C the least count that N fair coin flips reach with
#       probability at most ALPHA/2 (default 0.0001), else "open".
#       A last column counts the seats that found the channel refused.
here=$(cd "$(dirname "$0")" && pwd)
cmd=$1
shift
case $cmd in
play)
	R=$1 B=$2 W=$3 ch=$4 games=$5 seed=$6 frames=${7:-1}
	i=0
	while [ "$i" -lt "$games" ]; do
		d=$W/$ch.$i
		mkdir -p "$d"
		bot="$B/partner_bot $ch"
		case $ch in
		faultaround | readtime | majflt)
			dd if=/dev/zero of="$B/chan.dat" bs=1M count=16 oflag=direct conv=notrunc \
				2>/dev/null || echo "partner_channels.sh: cannot rewrite $B/chan.dat" >&2
			bot="$bot $B/chan.dat"
			;;
		sysinfo | inode | load) bot="$bot $frames" ;;
		esac
		"$R" --variant hammerwalt --seed $((seed + i)) --move-ms 5000 --log "$d/game.log" \
			--bot-logs "$d" "$bot" @greedy "$bot" @greedy \
			>"$d/result" 2>&1 || echo "partner_channels.sh: $ch game $i: $(cat "$d/result")" >&2
		sh "$here/partner_score.sh" "$B/partner_bot" "$d/game.log" "$d/seat"
		i=$((i + 1))
	done
	;;
arena)
	A=$1 B=$2 W=$3 ch=$4 jobs=$5 frames=${6:-1}
	d=$W/arena.$jobs.$ch
	mkdir -p "$d/subs/attack"
	cp "$B/partner_bot" "$d/subs/attack/"
	args=
	build=true
	case $ch in
	sysinfo | inode | load) args=" $frames" ;;
	faultaround | readtime | majflt)
		build="dd if=/dev/zero of=chan.dat bs=1M count=24 oflag=direct 2>/dev/null" ;;
	esac
	cat >"$d/subs/attack/bot.ini" <<X
command = ./partner_bot $ch$args
build = $build
X
	cat >"$d/a.ini" <<X
[arena]
name = chan
variants = hammerwalt
deals = 1
jobs = $jobs
move_ms = 5000
submissions = subs
[bot greedy]
command = @greedy
X
	chmod -R a+rX "$d"
	"$A" -q --results "$d/res" "$d/a.ini" >"$d/out" 2>&1 ||
		{ echo "partner_channels.sh: arena ($ch, jobs $jobs) failed: $(tail -n 3 "$d/out")" >&2; exit 1; }
	for l in "$d"/res/logs/*.log; do
		[ -f "$l" ] && sh "$here/partner_score.sh" "$B/partner_bot" "$l" "${l%.log}.seat"
	done
	;;
table)
	awk -v alpha="${1:-0.0001}" '
	function h2(p) { return p <= 0 || p >= 1 ? 0 : -p * log(p) / log(2) - (1 - p) * log(1 - p) / log(2) }
	# the least c with P(X >= c) <= a, X ~ Binomial(n, 1/2)
	function bound(n, a,   k, pmf, tail) {
		pmf[0] = exp(-n * log(2))
		for (k = 0; k < n; k++)
			pmf[k + 1] = pmf[k] * (n - k) / (k + 1)
		tail = 0
		for (k = n; k >= 0; k--) {
			tail += pmf[k]
			if (tail > a)
				return k + 1
		}
		return 0
	}
	NF >= 6 {
		if (!($1 in bits)) order[++nch] = $1
		bits[$1] += 32; right[$1] += $6; seats[$1]++
		if ($0 ~ /refused=/) refused[$1]++
	}
	END {
		printf "%-12s %5s %6s %6s %6s %10s  %-9s %s\n", "channel", "seats", "bits", "right", "BER",
			"bits/hand", "verdict", "refused"
		for (i = 1; i <= nch; i++) {
			c = order[i]; n = bits[c]; r = right[c]
			ber = (n - r) / n
			hi = bound(n, alpha / 2)
			chance = r > n - hi && r < hi
			cap = chance ? 0 : 32 * (1 - h2(ber))
			printf "%-12s %5d %6d %6d %6.3f %10.1f  %-9s %d\n", c, seats[c], n, r, ber, cap,
				chance ? "at-chance" : "open", refused[c] + 0
		}
	}'
	;;
*)
	echo "usage: partner_channels.sh play|arena|table ..." >&2
	exit 2
	;;
esac
