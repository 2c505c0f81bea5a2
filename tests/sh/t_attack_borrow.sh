#!/bin/sh
# t_attack_borrow.sh - "a submission runs only its own code" (issue 30).
# Students try to play someone else's program under their own name from
# their build: mallory links the teacher's bot (a directory outside the
# submissions, /opt/teacher-bot in the issue) into her built copy and
# names it in her command; trudy's build links bob's directory among the
# submissions (a relative link) and her command names it. The check of
# the paths a command names runs on the source before the build, where
# the links do not exist yet; after the build, everything the command,
# the 'run' file and the directory shown resolve to must lie inside the
# built copy.
# eve's command names carol's built program (../carol/prog, which exists
# only after the builds); dan's build leaves a link that leads nowhere.
# Each is excluded with the reason in the arena's stderr, the report, the
# CSV, the feedback file and the page; no borrowed program ever starts
# (each would say so on stderr and answer 'ready NAME'). carol's links
# inside her copy and into /usr do not exclude her.
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
cd "$tmp" || exit 1
# a bot that says who it is: stderr, and its ready line's name
mkbot() {
	cat >"$1/run" <<X
#!/bin/sh
echo "STARTED $2" >&2
while read -r line; do
	case "\$line" in
	"legal ready") echo "ready $2" ;;
	"legal "*) m=\${line#legal }; echo "\${m%%,*}" ;;
	quit) exit 0 ;;
	esac
done
X
	chmod 755 "$1/run"
}
mkdir -p teacher-bot subs/bob subs/carol subs/dan subs/eve subs/mallory subs/trudy
mkbot teacher-bot teacher-ref
mkbot subs/bob bob
# carol's program is made by her build; eve names it in her built copy's
# parent, where it does not exist before the builds
mkbot subs/carol carol
mv subs/carol/run subs/carol/bot.sh
# links inside her copy, and into /usr, which every bot sees: no problem
printf 'build = cp bot.sh prog && ln -s prog prog2 && ln -s /usr/bin/env env\ncommand = ./prog2\n' \
	>subs/carol/bot.ini
# a link that leads nowhere now could lead somewhere later
mkbot subs/dan dan
printf 'build = ln -s %s/nowhere dangle\n' "$tmp" >subs/dan/bot.ini
printf 'build = true\ncommand = ../carol/prog\n' >subs/eve/bot.ini
printf 'build = ln -s %s lnk\ncommand = ./lnk/run\n' "$tmp/teacher-bot" >subs/mallory/bot.ini
# a relative link, from trudy's built copy (res/builds/trudy) to bob's source
printf 'build = ln -s ../../../subs/bob bob\ncommand = ./bob/run\n' >subs/trudy/bot.ini
chmod -R a+rX "$tmp"
cat >t.ini <<X
[arena]
variants = hammerwalt
deals = 1
submissions = subs
results = res
[bot base]
command = @greedy
X
"$A" t.ini >out 2>err || fail "arena: $(cat err)"
real=$(cd res && pwd -P)
grep -q "^arena: excluding mallory: the built copy leads outside itself: '$real/builds/mallory/lnk' is a link to '$tmp/teacher-bot'$" err ||
	fail "mallory is not excluded: $(cat err)"
grep -q "^arena: excluding trudy: the built copy leads outside itself: '$real/builds/trudy/bob' is a link to '$tmp/subs/bob'$" err ||
	fail "trudy is not excluded: $(cat err)"
grep -q "^arena: excluding eve: the built copy leads outside itself: '$real/builds/carol/prog' leads outside the submission, to '$real/builds/carol/prog'$" err ||
	fail "eve is not excluded: $(cat err)"
cat res/logs/* >all 2>/dev/null
grep -q "^arena: excluding dan: the built copy leads outside itself: '$real/builds/dan/dangle' is a link to '$tmp/nowhere', which leads nowhere$" err ||
	fail "dan is not excluded: $(cat err)"
grep -q 'STARTED bob' all || fail "bob did not play (the test is broken)"
grep -q 'STARTED carol' all || fail "carol did not play (the test is broken)"
grep -q 'STARTED teacher-ref\|ready teacher-ref' all && fail "the teacher's bot started"
grep -q '"mallory"\|"trudy"\|"eve"\|"dan"' res/results.jsonl && fail "a borrowing bot played"
# bob and carol play under their own names only: each meets the two others
# in 2 games (a deal, two rotations), one seat a game (house partners)
expect_eq "bob's seats" "$(grep -c '[0-9]> ready bob$' all)" 4
expect_eq "carol's seats" "$(grep -c '[0-9]> ready carol$' all)" 4
"$A" report --csv res >csv || fail "report --csv"
status=$(head -n 1 csv | tr ',' '\n' | grep -n '^status$' | cut -d: -f1)
expect_eq "mallory in the CSV" "$(grep '^overall,,mallory,' csv | cut -d, -f4,"$status"-)" \
	"0,excluded,the built copy leads outside itself: '$real/builds/mallory/lnk' is a link to '$tmp/teacher-bot'"
expect_eq "trudy in the CSV" "$(grep '^overall,,trudy,' csv | cut -d, -f4,"$status"-)" \
	"0,excluded,the built copy leads outside itself: '$real/builds/trudy/bob' is a link to '$tmp/subs/bob'"
grep -qF "excluded: the built copy leads outside itself: '$real/builds/mallory/lnk' is a link to '$tmp/teacher-bot'" res/feedback/mallory.txt ||
	fail "mallory's feedback: $(cat res/feedback/mallory.txt)"
grep -qF "excluded: the built copy leads outside itself: '$real/builds/trudy/bob' is a link to '$tmp/subs/bob'" res/feedback/trudy.txt ||
	fail "trudy's feedback: $(cat res/feedback/trudy.txt)"
grep -qF "<b>mallory</b>: the built copy leads outside itself: &#39;$real/builds/mallory/lnk&#39; is a link to &#39;$tmp/teacher-bot&#39;</li>" res/index.html ||
	fail "the page does not give mallory's reason"
finish "ok: t_attack_borrow"
