#!/bin/sh
# t_attack_record_reuse.sh - "--log writes every hand ... These files are
# created 0600 (they hold every seat's cards)" (README). The referee
# opens the record with O_CREAT | O_TRUNC | O_NOFOLLOW and fchmod()s it
# 0600, but a regular file that is already there is reused, whoever owns
# it, and fchmod() leaves the owner as it was. 'nobody' makes the file
# first in a directory everybody may write (a sticky one like /tmp, with
# this machine's fs.protected_regular = 0, or one of his own), mode 0666;
# root's referee fills it; 'nobody', its owner, reads every seat's cards
# (while the game runs, too). Likewise a bot's stderr file. Now the
# referee refuses another user's file (exit 1, naming it), and one with a
# second name. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random
need_root
pub=/srv/euchre-attack-reuse.$$
trap 'rm -rf "$tmp" "$pub"' EXIT
mkdir -m 1777 "$pub"
as_nobody sh -c 'cd "$1" && : >game.log && : >game.seat0.stderr && chmod 666 game.log game.seat0.stderr' \
	sh "$pub" || fail "nobody cannot make the files"
# the record first, then (with the record gone) the bot's stderr file
for f in game.log game.seat0.stderr; do
	"$R" --variant hammerwalt --log "$pub/game.log" "$C" @greedy @greedy @greedy >"$tmp/out" 2>"$tmp/err"
	rc=$?
	cards=$(as_nobody grep -m1 '^| cards' "$pub/game.log" 2>/dev/null)
	[ -n "$cards" ] && fail "nobody reads root's game record ($(ls -l "$pub/game.log" | cut -d' ' -f1,3)): $cards"
	as_nobody grep -q 'game seed' "$pub/game.seat0.stderr" 2>/dev/null &&
		fail "nobody reads the bot's stderr file ($(ls -l "$pub/game.seat0.stderr" | cut -d' ' -f1,3))"
	expect_eq "$f: exit status" "$rc" 1
	expect_eq "$f: refused" "$(cat "$tmp/err")" "referee: cannot write '$pub/$f': it belongs to another user (uid $(id -u nobody)), who could read what is written; remove it or write elsewhere"
	[ -s "$tmp/out" ] && fail "$f: a result was printed: $(cat "$tmp/out")"
	rm -f "$pub/game.log"
done
# a file of the referee's own user with a second name (a hard link) is refused too
: >"$tmp/mine.log"
ln "$tmp/mine.log" "$tmp/other-name"
"$R" --variant hammerwalt --log "$tmp/mine.log" @random @greedy @greedy @greedy >"$tmp/out" 2>"$tmp/err"
expect_eq "hard link: exit status" $? 1
expect_eq "hard link: refused" "$(cat "$tmp/err")" "referee: cannot write '$tmp/mine.log': it has 2 names (hard links), and any of them could be read; remove it or write elsewhere"
[ -s "$tmp/other-name" ] && fail "hard link: the record was written through another name"
[ "$failures" = 0 ] && echo "ok: a record another user made first gets him nothing"
finish "ok: t_attack_record_reuse"
