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
# through a link: a teacher links today's position from a directory of
# lessons where every bot can read (under /usr); the lessons are hidden
# where they really are, not only where the link is
L=/usr/local/share/euchre-deal-file.$$
trap 'rm -rf "$tmp" "$L"' EXIT
mkdir -p -m 755 "$L" "$tmp/teacher" "$tmp/peek2"
cp "$top/docs/examples/trump-h-jd-led.deal" "$L/pos1.deal"
cp "$top/docs/examples/trump-h-jd-led.deal" "$L/pos2.deal"
chmod 644 "$L/pos1.deal" "$L/pos2.deal"
ln -s "$L/pos1.deal" "$tmp/teacher/today.deal"
sed "s|for dir in \"\$(dirname \"\$0\")\" \"\$@\"; do|for dir in $L; do|" "$tmp/lesson/peek" >"$tmp/peek2/run"
chmod 755 "$tmp/peek2/run"
grep -q "^for dir in $L; do" "$tmp/peek2/run" || fail "link: cannot make the bot"
mkdir "$tmp/g3"
"$R" --variant hammerwalt --deal "$tmp/teacher/today.deal" --bot-logs "$tmp/g3" \
	"$tmp/peek2/run" "$C" "$C" "$C" >"$tmp/g3/result" 2>&1 ||
	fail "link: $(cat "$tmp/g3/result")"
grep '^peek ' "$tmp/g3/seat0.stderr" | grep -v ': 0 seat lines$' &&
	fail "link: the bot read the lessons"
finish "ok: t_attack_deal_file"
