#!/bin/sh
# t_arena_builds.sh - a submissions directory with build commands: a
# build runs in the sandbox on a copy of the submission (never writing
# outside it, nor into the submission itself); a build that fails or times
# out excludes that bot alone (reported, with its log), a malformed
# submission is rejected, the tournament goes on with the others; builds
# run once, not again on resume.
. tests/arena/lib.sh
cd "$W" || exit 1

mkdir -p subs/ok subs/fails subs/slow subs/empty subs/nobuild
printf 'command = @greedy\nbuild = date +%%s%%N >stamp; pwd >where; echo x >%s/escaped; true\n' "$W" >subs/ok/bot.ini
printf 'command = @random\nbuild = echo "bot.c:1: error: oops" >&2; exit 2\n' >subs/fails/bot.ini
# a duration no other test uses, so that pgrep below finds only this one
long="30.$$"
printf 'command = @random\nbuild = sleep %s\n' "$long" >subs/slow/bot.ini
printf 'command = @random\n' >subs/nobuild/bot.ini
cat >t.ini <<'X'
[arena]
variants = hammerwalt
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
grep -q '^builds: 3 bots have a build command' check || fail "--check build line"

"$ARENA" t.ini >report.txt 2>err || fail "run: $(cat err)"
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
# three bots remain: base, nobuild, ok: 3 pairs x 2 deals x 2
expect_eq "games" "$(lines res/results.jsonl)" 12
grep -q '"fails"\|"slow"\|"empty"' res/results.jsonl && fail "an excluded bot played"
grep -q '^standings: 12 games, 3 bots$' report.txt || fail "report header"
sed -n '/^excluded bots$/,/^$/p' report.txt >excluded
cat >expect <<'X'
excluded bots
  fails: build failed: exited with status 2, see res/builds/fails.log
  slow: build timed out after 1 s, see res/builds/slow.log
  empty: rejected: no executable 'run' file and no bot.ini
X
expect_file_eq "excluded bots in the report" excluded expect

# resuming reuses the first run's builds (and exclusions): nothing is rebuilt
stamp=$(cat res/builds/ok/stamp)
"$ARENA" t.ini >/dev/null 2>err || fail "second run: $(cat err)"
expect_eq "the build of ok is the first run's" "$(cat res/builds/ok/stamp)" "$stamp"
grep -q "excluding" err && fail "builds ran again on resume"
exit 0
