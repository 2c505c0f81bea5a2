#!/bin/sh
# partner_score.sh - scores the partner_bot seats of one game against the
# game record.
#
#   sh partner_score.sh PARTNER_BOT RECORD PREFIX
#
# PARTNER_BOT is the built tests/attacks/partner_bot.c (for its 'hash' and
# 'agree'), RECORD the game record (referee --log), PREFIX what the seats'
# stderr files start with (PREFIXN.stderr: "DIR/seat" for referee
# --bot-logs DIR, "RESULTS/logs/ID.seat" for the arena). For each seat the
# record names partner_bot in, prints one line:
#
#   CHANNEL SEAT PARTNER_SEAT TRUTH GOT RIGHT [NOTE]
#
# PARTNER_SEAT is the seat the line names with target= (xpagemap: an
# opponent), else the partner's. TRUTH is the secret of that seat's first
# hand (from the record's deal, whoever sits there), GOT what the seat decoded (00000000 when it printed
# no CHAN line: NOTE silent), RIGHT how many of the 32 bits agree. NOTE is
# the refused=/note= words of the seat's line.
bot=$1 record=$2 prefix=$3
[ -f "$record" ] || { echo "partner_score.sh: no record $record" >&2; exit 1; }
grep '^seat [0-9]' "$record" | grep partner_bot | while read -r _ s rest; do
	line=$(grep -m1 '^CHAN ' "$prefix$s.stderr" 2>/dev/null)
	# the partner, or the seat the line names (target=)
	p=$(echo "$line" | sed -n 's/.* target=\([0-9]\).*/\1/p')
	[ -n "$p" ] || p=$(((s + 2) % 4))
	cards=$(grep -m1 "^| cards $p " "$record" | cut -d' ' -f4-)
	[ -n "$cards" ] || continue
	# shellcheck disable=SC2086
	truth=$("$bot" hash $cards)
	ch=$(echo "$rest" | sed 's/.*partner_bot \([a-z]*\).*/\1/')
	got=00000000
	note=silent
	if [ -n "$line" ]; then
		got=$(echo "$line" | sed -n 's/.* got=\([0-9a-f]*\).*/\1/p')
		note=$(echo "$line" | tr ' ' '\n' | grep -E '^(refused|note)=' | tr '\n' ' ')
	fi
	echo "$ch $s $p $truth $got $("$bot" agree "$got" "$truth") $note"
done
