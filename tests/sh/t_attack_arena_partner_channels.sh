#!/bin/sh
# t_attack_arena_partner_channels.sh - in the arena's default format no
# bot learns anything of its partner's cards through any channel (issue
# 30, "Must show"). tests/attacks/partner_bot.c is a submission against
# @greedy (one deal, two games a channel, jobs = 2), once per channel
# (tests/attacks/partner_channels.sh arena); each of its seats decodes
# 32 bits of its partner's first hand, whoever sits there, and
# tests/attacks/partner_score.sh scores that against the game record.
# Every channel must be at chance (the binomial bound of
# partner_channels.sh table: 1e-4 two-sided; for 128 bits, 42 to 86
# right). With a copy of the submission in the partner seat every channel
# but the load decoded nearly exactly (bench/README.md); the default
# format must seat someone else there. And no seat learns an opponent's
# hand from a copy in another game: xpagemap reads the next seat's hand as
# a copy sends it where that copy sits in that seat, which it does in the
# other seat rotation of the same deal when the two are played side by
# side (today with jobs = 2: 128 of 128). Every seat must have listened (a
# CHAN line).
CHANNELS=${CHANNELS-pagemap smaps faultaround readtime majflt evid sysinfo inode load xpagemap}
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
H=$top/tests/attacks/partner_channels.sh
# the bots run as slot uids: their directories must be readable by others
chmod 755 "$tmp"
mkdir -m 755 "$tmp/bin"
cc -O2 -o "$tmp/bin/partner_bot" "$top/tests/attacks/partner_bot.c" -lm 2>"$tmp/cc.err" ||
	{ fail "cannot build partner_bot: $(cat "$tmp/cc.err")"; finish ""; }
: >"$tmp/scores"
for ch in $CHANNELS; do
	sh "$H" arena "$A" "$tmp/bin" "$tmp" "$ch" 2 >>"$tmp/scores" 2>>"$tmp/err" ||
		fail "$ch: the arena: $(cat "$tmp/err")"
done
grep -q ' silent' "$tmp/scores" && fail "a seat never listened: $(grep ' silent' "$tmp/scores")"
sh "$H" table <"$tmp/scores" >"$tmp/table"
cat "$tmp/table"
for ch in $CHANNELS; do
	row=$(awk -v c="$ch" '$1 == c' "$tmp/table")
	[ -n "$row" ] || { fail "$ch: no seat scored"; continue; }
	[ "$(echo "$row" | awk '{ print $7 }')" = at-chance ] ||
		fail "$ch: seats decoded $(echo "$row" | awk '{ print $4 " of " $3 }') bits of their partners' hands"
done
finish "ok: t_attack_arena_partner_channels"
