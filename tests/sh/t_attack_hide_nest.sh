#!/bin/sh
# t_attack_hide_nest.sh - "--hide holds whatever the nesting" (issue 30).
# The teacher keeps a reference bot and its private files under one
# directory and hides it: --hide DIR. A seat that names a bot inside DIR
# used to start anyway (the sandbox dropped a hidden path that holds the
# directory a bot is shown, rather than lying inside it), and the hidden
# program printed its private files. Now a --hide that is or holds a bot's
# directory, its program (through a link too) or a file its command names
# is refused before any bot starts (exit 2, one line saying which);
# --hide-others, what the arena passes for its submissions and results,
# leaves each bot its own directory inside it. --check the same.
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
cd "$tmp" || exit 1
mkdir -p teacher/ref logs other
echo "TEACHER-PRIVATE-$$" >teacher/private.txt
cat >teacher/ref/run <<X
#!/bin/sh
echo "STARTED teacher-ref: \$(cat $tmp/teacher/private.txt 2>&1)" >&2
while read -r line; do
	case "\$line" in
	"legal ready") echo "ready teacher-ref" ;;
	"legal "*) m=\${line#legal }; echo "\${m%%,*}" ;;
	quit) exit 0 ;;
	esac
done
X
chmod 755 teacher/ref/run
ln -s "$tmp/teacher/ref/run" other/run-link
chmod -R a+rX "$tmp"
t=$tmp/teacher
# refused: hidden DIR holds the SEAT dir, is it, holds the program (as a
# plain command line and through a link elsewhere), names a file of its command
refuse() {
	want=$1
	shift
	rm -f logs/*
	"$R" --variant hammerwalt --seed 1 --bot-logs logs "$@" >out 2>err
	status=$?
	expect_eq "'$*': exit status" "$status" 2
	expect_eq "'$*': stderr" "$(cat err)" "$want"
	[ -s out ] && fail "'$*': a result line: $(cat out)"
	cat logs/* 2>/dev/null | grep -q STARTED && fail "'$*': the hidden program started"
}
refuse "referee: --hide '$t' holds seat 0's directory '$t/ref': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t" "$t/ref" @random @random @random
refuse "referee: --hide '$t/ref' holds seat 2's directory '$t/ref': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t/ref" @random @random "$t/ref" @random
refuse "referee: --hide '$t' holds seat 1's program '$t/ref/run': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t" @random "$t/ref/run" @random @random
refuse "referee: --hide '$t/ref/run' holds seat 1's program '$t/ref/run': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t/ref/run" @random "$tmp/other/run-link" @random @random
refuse "referee: --hide '$t' holds seat 0's file '$t/private.txt': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t" "/bin/cat $t/private.txt" @random @random @random
refuse "referee: --hide '$t' holds seat 0's program '$t/ref/run': that bot would run hidden files (hide less, or seat the bot elsewhere)" \
	--hide "$t" --seat-dir "0:$tmp/other" ./run-link @random @random @random
# --check too
"$R" --check "$t/ref" --hide "$t" >out 2>err
expect_eq "--check: exit status" "$?" 2
expect_eq "--check: stderr" "$(cat err)" \
	"referee: --hide '$t' holds seat 0's directory '$t/ref': that bot would run hidden files (hide less, or seat the bot elsewhere)"
# a --hide inside the bot's directory is no problem: it covers what it names
"$R" --variant hammerwalt --seed 1 --bot-logs logs --hide "$t/private.txt" \
	@random @random @random @random >out 2>err || fail "a --hide that holds no bot: $(cat err)"
# --hide-others: the bot's own directory inside stays shown, the rest is covered
rm -f logs/*
"$R" --variant hammerwalt --seed 1 --bot-logs logs --hide-others "$t" "$t/ref" @random @random @random \
	>out 2>err || fail "--hide-others: $(cat err)"
grep -q '"faults":\[\]' out || fail "--hide-others: $(cat out)"
grep -q "^STARTED teacher-ref: " logs/seat0.stderr || fail "--hide-others: the bot did not start"
grep -q "TEACHER-PRIVATE" logs/seat0.stderr && fail "--hide-others: the bot read the hidden file"
finish "ok: t_attack_hide_nest"
