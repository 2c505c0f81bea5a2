#!/bin/sh
# t_arena_builds.sh - a submissions directory with build commands: a
# build runs in the sandbox on a copy of the submission (never writing
# outside it, nor into the submission itself); a build that fails, times
# out or does not make the bot's program excludes that bot alone
# (reported, with its log), a malformed submission is rejected, the
# tournament goes on with the others; builds run once, not again on
# resume. Game ids do not shift when bots are excluded; --check after the
# run shows the games as played, and the replay command it prints for a
# game (with the built copy) reproduces the stored result.
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir -p subs/ok subs/fails subs/slow subs/empty subs/nobuild
printf 'command = @greedy\nbuild = date +%%s%%N >stamp; pwd >where; echo x >%s/escaped; true\n' "$W" >subs/ok/bot.ini
printf 'command = @random\nbuild = echo "bot.c:1: error: oops" >&2; exit 2\n' >subs/fails/bot.ini
# a duration no other test uses, so that pgrep below finds only this one
long="30.$$"
printf 'command = @random\nbuild = sleep %s\n' "$long" >subs/slow/bot.ini
printf 'command = @random\n' >subs/nobuild/bot.ini
# a bot program made by its build: plays the first legal move
mkdir -p subs/prog subs/unmade
cat >subs/prog/bot.sh <<'X'
#!/bin/sh
while read -r line; do
	case "$line" in
	"legal "*) m=${line#legal }; echo "${m%%,*}" ;;
	quit) exit 0 ;;
	esac
done
X
printf 'command = ./bot\nbuild = cp bot.sh bot && chmod +x bot\n' >subs/prog/bot.ini
# a build that "works" but makes no program
printf 'command = ./bot\nbuild = true\n' >subs/unmade/bot.ini
cat >t.ini <<'X'
[arena]
variants = hammerwalt
partners = copies
deals = 2
submissions = subs
build_timeout_s = 1
results = res
[bot base]
command = @greedy
X
"$ARENA" --check t.ini >check 2>&1 || fail "--check: $(cat check)"
grep -q '^rejected submission empty: no executable .run. file and no bot.ini$' check ||
	fail "--check does not report the rejected submission"
grep -q '^builds: 5 bots have a build command' check || fail "--check build line"

"$ARENA" key t.key 2>/dev/null
"$ARENA" --key t.key t.ini >report.txt 2>err || fail "run: $(cat err)"
grep -q "^arena: built ok (" err || fail "no 'built ok': $(cat err)"
grep -q "^arena: excluding fails: build failed: exited with status 2, see res/builds/fails.log$" err ||
	fail "no exclusion of 'fails': $(cat err)"
grep -q "^arena: excluding slow: build timed out after 1 s, see res/builds/slow.log$" err ||
	fail "no exclusion of 'slow': $(cat err)"
grep -q "bot.c:1: error: oops" res/builds/fails.log || fail "build log lacks the compiler's message"
expect_eq "build ran in its copy" "$(cat res/builds/ok/where)" "$(cd res/builds/ok && pwd -P)"
[ -e subs/ok/where ] && fail "the build wrote into the submission itself"
[ -e escaped ] && fail "the build wrote outside its copy"
[ "$(stat -c %U res/builds/ok/stamp)" = "$(id -un)" ] || fail "the built copy is not the referee's user's"
no_process_matching "sleep $long"
real=$(cd res && pwd -P)
grep -q "^arena: excluding unmade: the build did not make the bot's program: cannot run '$real/builds/unmade/bot': No such file or directory$" err ||
	fail "no exclusion of 'unmade': $(cat err)"
# four bots remain: base, nobuild, ok, prog: 6 pairs x 2 deals x 2
expect_eq "games" "$(lines res/results.jsonl)" 24
grep -q '"fails"\|"slow"\|"empty"\|"unmade"' res/results.jsonl && fail "an excluded bot played"
grep -q '^standings: 24 games, 4 bots; ranked by rating, highest first ' report.txt || fail "report header"
sed -n '/^excluded bots$/,/^$/p' report.txt >excluded
cat >expect <<X
excluded bots
  fails: build failed: exited with status 2, see res/builds/fails.log
  slow: build timed out after 1 s, see res/builds/slow.log
  unmade: the build did not make the bot's program: cannot run '$real/builds/unmade/bot': No such file or directory
  empty: rejected: no executable 'run' file and no bot.ini
X
expect_file_eq "excluded bots in the report" excluded expect
expect_eq "excluded bots come last" "$(tail -n 5 report.txt)" "$(cat expect)"
# the CSV lists every submission, built or not: the excluded ones once,
# in the overall table, with their reason
"$ARENA" report --csv res >csv || fail "report --csv"
expect_eq "bots in the CSV" "$(grep '^overall,' csv | cut -d, -f3 | sort | tr '\n' ' ')" \
	"base empty fails nobuild ok prog slow unmade "
status=$(head -n 1 csv | tr ',' '\n' | grep -n '^status$' | cut -d: -f1)
expect_eq "fails in the CSV" "$(grep '^overall,,fails,' csv | cut -d, -f4,"$status"-)" \
	"0,excluded,\"build failed: exited with status 2, see res/builds/fails.log\""
expect_eq "ranked in the CSV" "$(grep -c '^overall,[1-4],[a-z]*,12,.*,ranked,$' csv)" 4
"$ARENA" report --json res >json || fail "report --json"
expect_eq "excluded in the JSON" "$(python3 -c 'import json,sys; print(" ".join(sorted(e["bot"] for e in json.load(open("json"))["excluded"])))')" \
	"empty fails slow unmade"

# ids do not shift with exclusions: a pairing's id names its two bots, so
# the pairings of the four that built are played under their names
expect_eq "pairings played" "$(sed 's/^{"game":"hammerwalt.d000[12].\([a-z+]*\).r[01]".*/\1/' res/results.jsonl | sort -u | tr '\n' ' ')" \
	"base+nobuild base+ok base+prog nobuild+ok nobuild+prog ok+prog "
grep -q '^{"game":"hammerwalt.d0001.base+prog.r0","index":[0-9]*,"bots":\["base","prog","base","prog"\]' res/results.jsonl ||
	fail "base+prog is not base v prog"

# --check after the run: the games as played (the excluded bots left out)
"$ARENA" --check t.ini >check 2>&1 || fail "--check after the run: $(cat check)"
expect_eq "--check total after the run" "$(sed -n 's/^  total \([0-9]*\) games$/\1/p' check)" 24
grep -q "^excluded bot fails: build failed: exited with status 2, see res/builds/fails.log$" check ||
	fail "--check does not list the excluded bots: $(cat check)"
# the replay command names the built copy, and reproduces the stored result
id=hammerwalt.d0002.base+prog.r1
"$ARENA" --check -v --game $id t.ini 2>/dev/null | tail -n 1 >cmd
grep -Eq -- "--bot-seed 0:[0-9]+ --seat-dir 0:$real/builds/prog --bot-seed 2:[0-9]+ --seat-dir 2:$real/builds/prog -- ./bot @greedy ./bot @greedy$" cmd ||
	fail "the replay command does not seat the built copy: $(cat cmd)"
grep -q "subs/prog" cmd && fail "the replay command seats the submission's source: $(cat cmd)"
(cd / && eval "$(sed "s/^$id  //" "$W/cmd")") >replay.json || fail "the replay command failed: $(cat cmd)"
grep "^{\"game\":\"$id\"" res/results.jsonl >stored.json
python3 - stored.json replay.json <<'X' || fail "the replay differs from the stored result"
import json, sys
stored = json.load(open(sys.argv[1]))
replay = json.load(open(sys.argv[2]))
skip = {"game", "index", "bots", "cwd", "argv", "time_ms", "mem_peak_mb", "bot_seeds"}
for k in sorted(set(stored) | set(replay)):
    if k not in skip and stored.get(k) != replay.get(k):
        sys.exit("%s: stored %r, replayed %r" % (k, stored.get(k), replay.get(k)))
X

# resuming reuses the first run's builds (and exclusions): nothing is rebuilt
stamp=$(cat res/builds/ok/stamp)
"$ARENA" --key t.key t.ini >/dev/null 2>err || fail "second run: $(cat err)"
expect_eq "the build of ok is the first run's" "$(cat res/builds/ok/stamp)" "$stamp"
grep -q "excluding" err && fail "builds ran again on resume"
exit 0
