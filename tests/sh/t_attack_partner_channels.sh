#!/bin/sh
# t_attack_partner_channels.sh - copies of one program in partner seats
# (seats 0 and 2 of hammerwalt games, @greedy opponents) must not pass
# each other their cards through the channels the sandbox closes
# (docs/sandbox.md, Covert channels; issue 30). tests/attacks/partner_bot.c
# passes 32 bits of its first hand through one channel per game and
# prints what it decoded; tests/attacks/partner_score.sh compares that with
# the partner's hand in the game record.
#
# For each channel in EXPECT_CLOSED, over 2 games (4 seats, 128 bits), the
# bits right must be at chance: strictly between 41 and 87 of 128, the
# bound that 128 fair coin flips leave with probability below 1e-4 on
# either side (tests/attacks/partner_channels.sh, table). An open channel
# gets 128 of 128 here, a noisy one (1 bit in 5 wrong) about 102. The
# channels that one machine cannot close (REPORT_ONLY: timing of first
# reads, major faults, memfd inode numbers, the CPU's load) play one game
# each and are only reported. Every seat must have played and listened
# (a CHAN line), so that "at chance" is the channel's doing, not a broken
# bot's; and a refused channel must score as one (a game with the
# pagemap channel's file missing). EXPECT_CLOSED and REPORT_ONLY may be
# set in the environment.
EXPECT_CLOSED=${EXPECT_CLOSED-pagemap smaps faultaround evid sysinfo}
REPORT_ONLY=${REPORT_ONLY-readtime majflt inode load}
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
H=$top/tests/attacks/partner_channels.sh
# the bots run as a slot's uid: their directory must be readable by others
chmod 755 "$tmp"
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/partner_bot" "$top/tests/attacks/partner_bot.c" -lm 2>"$tmp/cc.err" ||
	{ fail "cannot build partner_bot: $(cat "$tmp/cc.err")"; finish ""; }
: >"$tmp/bin/chan.dat"
chmod 644 "$tmp/bin/chan.dat"

# the harness itself, on hand-made score lines: 86 of 128 is at chance, 87 not
printf 'x 0 2 0 0 %s\n' 22 22 21 21 | sh "$H" table >"$tmp/t86"
expect_eq "table: 86 of 128" "$(awk '$1 == "x" { print $4, $7 }' "$tmp/t86")" "86 at-chance"
printf 'x 0 2 0 0 %s\n' 22 22 22 21 | sh "$H" table >"$tmp/t87"
expect_eq "table: 87 of 128" "$(awk '$1 == "x" { print $4, $7 }' "$tmp/t87")" "87 open"
# and the secret of a hand: FNV-1a of its text
expect_eq "hash of a hand" "$("$tmp/bin/partner_bot" hash 9C 10D)" \
	"$(printf '%s' '9C 10D' | python3 -c 'import sys
h = 2166136261
for b in sys.stdin.buffer.read():
    h = ((h ^ b) * 16777619) % 2**32
print("%08x" % h)')"

# a channel refused is a guess (all 0), and scores at chance: the file
# of the pagemap channel missing (ENOENT) in seed 7's game, whose partners'
# secrets 940c4f1a and ecd96ea1 hold 19 and 14 zero bits
mkdir -p "$tmp/refused"
"$R" --variant hammerwalt --seed 7 --move-ms 5000 --log "$tmp/refused/game.log" --bot-logs "$tmp/refused" \
	"$tmp/bin/partner_bot pagemap /nonexistent" @greedy "$tmp/bin/partner_bot pagemap /nonexistent" @greedy \
	>"$tmp/refused/result" 2>&1 || fail "refused: $(cat "$tmp/refused/result")"
sh "$top/tests/attacks/partner_score.sh" "$tmp/bin/partner_bot" "$tmp/refused/game.log" "$tmp/refused/seat" \
	>"$tmp/refused/scores"
expect_eq "refused: the scores" "$(cat "$tmp/refused/scores")" "pagemap 0 2 ecd96ea1 00000000 14 refused=ENOENT 
pagemap 2 0 940c4f1a 00000000 19 refused=ENOENT "
expect_eq "refused: the verdict" "$(sh "$H" table <"$tmp/refused/scores" | awk '$1 == "pagemap" { print $4, $7, $8 }')" \
	"33 at-chance 2"

: >"$tmp/scores"
for ch in $EXPECT_CLOSED $REPORT_ONLY; do
	games=1
	case " $EXPECT_CLOSED " in *" $ch "*) games=2 ;; esac
	sh "$H" play "$R" "$tmp/bin" "$tmp/games" "$ch" "$games" 7 >>"$tmp/scores" 2>>"$tmp/play.err"
done
[ -s "$tmp/play.err" ] && fail "games: $(cat "$tmp/play.err")"
grep -q ' silent' "$tmp/scores" && fail "a seat never listened: $(grep ' silent' "$tmp/scores")"
sh "$H" table <"$tmp/scores" >"$tmp/table"
cat "$tmp/table"
for ch in $EXPECT_CLOSED $REPORT_ONLY; do
	row=$(awk -v c="$ch" '$1 == c' "$tmp/table")
	[ -n "$row" ] || { fail "$ch: no seat scored"; continue; }
	case " $EXPECT_CLOSED " in
	*" $ch "*)
		expect_eq "$ch: seats scored" "$(echo "$row" | awk '{ print $2 }')" 4
		verdict=$(echo "$row" | awk '{ print $7 }')
		[ "$verdict" = at-chance ] ||
			fail "$ch: partners decoded $(echo "$row" | awk '{ print $4 " of " $3 }') bits of each other's hands (at chance: 42 to 86)"
		;;
	esac
done
finish "ok: t_attack_partner_channels"
