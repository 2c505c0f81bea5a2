#!/bin/sh
# t_attack_log_held_open.sh - file_open_private() "must never write into a
# file another user can read" (common/file.c). It reuses an existing file
# of root's with one name and makes it 0600, but a file that was readable
# before (made by a shell redirection, an older referee, any umask 022
# program) may be held open by another user already: fchmod does not take
# back an open descriptor. 'nobody' opens root's old record for reading
# and waits; root's next game writes its record there with --log; nobody
# reads every hand through his descriptor (live, as it is written). The
# referee must not write the cards where such a reader sees them: it
# replaces such a file with a new one. Needs root.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
need_root
# a place nobody can reach (the test runner's scratch directory is 0700)
pub=/srv/euchre-attack-held.$$
reader=
trap '[ -n "$reader" ] && kill "$reader" 2>/dev/null; rm -rf "$tmp" "$pub"' EXIT
mkdir -m 755 "$pub"
mkdir -m 755 "$pub/games"
mkdir -m 1777 "$pub/nobody" # where nobody says that he is ready
: >"$pub/games/game.log" # yesterday's record, mode 0644 (umask 022)
chmod 644 "$pub/games/game.log"
setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c \
	'exec 3<"$1"; : >"$3"; while [ ! -e "$2" ]; do sleep 0.1; done; exec cat <&3' \
	reader "$pub/games/game.log" "$pub/go" "$pub/nobody/ready" >"$tmp/stolen" 2>&1 &
reader=$!
for _ in $(seq 50); do [ -e "$pub/nobody/ready" ] && break; sleep 0.1; done
[ -e "$pub/nobody/ready" ] || fail "nobody's reader did not start: $(cat "$tmp/stolen")"
"$R" --variant hammerwalt --seed 5 --option max_hands=1 --log "$pub/games/game.log" \
	@greedy @greedy @greedy @greedy >"$tmp/out" 2>&1 || fail "referee: $(cat "$tmp/out")"
: >"$pub/go"
wait "$reader"
reader=
expect_eq "the record's mode" "$(stat -c %a "$pub/games/game.log")" 600
if grep -q '^| cards 1 ' "$tmp/stolen"; then
	fail "nobody read root's record through a descriptor he opened while it was 0644: $(grep '^| cards' "$tmp/stolen" | tr '\n' ';')"
fi
# the reader got yesterday's (empty) file; the record is complete in the new one
expect_eq "what nobody read" "$(wc -c <"$tmp/stolen")" 0
grep -q '^| cards 1 ' "$pub/games/game.log" || fail "the new record lacks the cards"
[ "$failures" = 0 ] && echo "ok: a record held open by another user gets no cards"
finish "ok: t_attack_log_held_open"
