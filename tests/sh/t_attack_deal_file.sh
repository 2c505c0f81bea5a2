#!/bin/sh
# t_attack_deal_file.sh - a teaching position's deal file (--deal) places
# other seats' hands, so no bot may read it (docs/sandbox.md, What a bot
# sees): not when it lies beside the bot (a lesson directory holding the
# bot and its position), nor in a directory the bot names on its command
# line. The bot reads every *.deal file in its own directory and in the
# directories its arguments name, and prints the seat lines it found.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
C=$top/sample-bots/c-random/c-random
# the bot runs as a slot's uid: its files must be readable by others
mkdir -m 755 "$tmp/lesson" "$tmp/positions"
cp "$top/docs/examples/trump-h-jd-led.deal" "$tmp/lesson/position.deal"
cp "$top/docs/examples/trump-h-jd-led.deal" "$tmp/positions/position.deal"
chmod 644 "$tmp/lesson/position.deal" "$tmp/positions/position.deal"
cat >"$tmp/lesson/peek" <<'BOT'
#!/bin/sh
for dir in "$(dirname "$0")" "$@"; do
	for f in "$dir"/*.deal; do
		n=$(grep -c '^ *seat' "$f" 2>/dev/null)
		echo "peek $(basename "$dir")/$(basename "$f"): ${n:-0} seat lines" >&2
	done
done
while read -r line; do
	case $line in
	"legal "*) m=${line#legal }; echo "${m%%,*}" ;;
	esac
done
BOT
chmod 755 "$tmp/lesson/peek"

# beside the bot
mkdir "$tmp/g1"
"$R" --variant hammerwalt --deal "$tmp/lesson/position.deal" --bot-logs "$tmp/g1" \
	"$tmp/lesson/peek" "$C" "$C" "$C" >"$tmp/g1/result" 2>&1 ||
	fail "beside: $(cat "$tmp/g1/result")"
expect_eq "beside: what the bot read of its position" \
	"$(grep '^peek lesson/position.deal' "$tmp/g1/seat0.stderr")" \
	"peek lesson/position.deal: 0 seat lines"

# in a directory the bot names
mkdir "$tmp/g2"
"$R" --variant hammerwalt --deal "$tmp/positions/position.deal" --bot-logs "$tmp/g2" \
	"$tmp/lesson/peek $tmp/positions" "$C" "$C" "$C" >"$tmp/g2/result" 2>&1 ||
	fail "named: $(cat "$tmp/g2/result")"
grep -q '^peek lesson/' "$tmp/g2/seat0.stderr" || fail "named: the bot did not run: $(cat "$tmp/g2/seat0.stderr")"
grep '^peek positions/' "$tmp/g2/seat0.stderr" | grep -v ': 0 seat lines$' &&
	fail "named: the bot read the deal's seats"
finish "ok: t_attack_deal_file"
