#!/bin/sh
# t_arena_match.sh - the arena plays matches (docs/arena.md, Matches): the
# games of one seat arrangement over a block of deals in one referee.
#  - same key, same schedule: a run with matches and one with 'matches =
#    off' give the same result lines (but for times and memory: every
#    seat's seed, a bot program's too, comes from the key) and the same
#    standings, with fewer referees (counted by a wrapper given as
#    --referee: a 'referee --match -' per match, a 'referee --seed -' per
#    game, with --no-matches when matches are off); the bots here play
#    from the deal and their keyed seeds (c-heuristic, c-random, @greedy);
#  - a bot that crashes in the second game of its process: that game is
#    its fault in results.jsonl, the next game of the match is played by
#    a fresh process and counted (per seat arrangement, by deal: none,
#    crash, none, crash);
#  - Ctrl-C in the middle of a match: the running game finishes, the
#    games finished are kept, no later game of the match starts, and a
#    rerun plays only the rest;
#  - shards: --shard 1/2 and 2/2 with matches play disjoint halves whose
#    union is the schedule;
#  - a match's referee that fails after its first game (a wrapper cuts it
#    off and exits 1): that game counts, the next fails and is retried
#    alone, the rest are played as a match again; every game is played,
#    none given up.
#  - a results directory whose path is not UTF-8: its games alone.
#  - pipes of one page (tests/shim/pipe_small.c: a user past
#    fs.pipe-user-pages-soft, F_SETPIPE_SZ refused): a match's list
#    longer than a page still reaches its referee, and every game is
#    played.
#  - what a match's referee writes on stderr before game k's result line
#    is in game k's logs/ID.err, what it writes after its last line in
#    its last game's (tests/arena/match-referee, MATCH_MODE=notes);
#  - a match's referee that exits 0 at the game timeout (SIGUSR1) without
#    the running game's result: that game fails (an attempt), the rest
#    are played; the match is not played again and again (mute);
#  - one that prints the stopped game's result and then exits 1: that
#    game counts, the games after it were not reached and are played,
#    none fails (stopexit; a referee killed at the end of its 60 s grace
#    takes the same path when the stopped game is its match's last: a
#    line after the stop starts the next game's timeout);
#  - one that ignored a stop come too late (its line without
#    "stopped":true), played on and ended without the next game's line:
#    that next game fails (an attempt) and is played alone, none is
#    played again as a match (stale).
. tests/arena/lib.sh
mis=$ROOT/tests/misbehave
cd "$W" || exit 1

# --referee WRAP: logs each referee's arguments, then runs the real one
cat >wrap <<X
#!/bin/sh
echo "\$*" >>"$W/calls"
exec "$REFEREE" "\$@"
X
chmod +x wrap

# 1. same key, same schedule, with and without matches
cat >on.ini <<X
[arena]
variants = hammerwalt, fivehand
deals = 3
seed = 11
match_games = 2
results = res-on
[variant hammerwalt]
max_hands = 2
[variant fivehand]
max_hands = 2
[bot heur]
dir = $ROOT/sample-bots/c-heuristic
[bot random]
dir = $ROOT/sample-bots/c-random
[bot greedy]
command = @greedy
X
sed 's/^results = res-on$/results = res-off\nmatches = off/' on.ini >off.ini
"$ARENA" -q --jobs 2 --referee ./wrap on.ini >on.txt 2>err || fail "matches run: $(cat err)"
mv calls calls-on
"$ARENA" -q --jobs 2 --referee ./wrap off.ini >off.txt 2>err || fail "matches off: $(cat err)"
mv calls calls-off
n=$(planned on.ini 2>/dev/null)
expect_eq "games (matches)" "$(lines res-on/results.jsonl)" "$n"
expect_eq "games (off)" "$(lines res-off/results.jsonl)" "$n"
no_duplicate_ids res-on/results.jsonl
# every seat's seed comes from the key, a bot program's too: c-random,
# which draws its moves from it, plays the same games both ways
played_lines res-on/results.jsonl >on.lines
played_lines res-off/results.jsonl >off.lines
grep -q '"bots":\["random"' on.lines || fail "no game of c-random in seat 0"
grep '"bots":\["random"' on.lines | grep -q '"bot_seeds":\[[0-9]' ||
	fail "c-random's seat 0 has no keyed seed: $(grep -m1 '"bots":\["random"' on.lines)"
expect_file_eq "result lines with and without matches" on.lines off.lines
expect_file_eq "standings with and without matches" on.txt off.txt
# 33 games: 3 deals in blocks of 2 give a match of 2 and a game alone per
# seat arrangement (11 of them): 11 + 11 referees against 33
expect_eq "games" "$n" 33
expect_eq "referees with matches: --match" "$(grep -c -- '--match -' calls-on)" 11
expect_eq "referees with matches: alone" "$(grep -c -- '--seed -' calls-on)" 11
expect_eq "referees with matches off" "$(grep -c -- '--seed - .*--no-matches' calls-off)" 33
expect_eq "no --match with matches off" "$(grep -c -- '--match' calls-off)" 0
# --no-matches on the command line is 'matches = off'
sed 's/^results = res-on$/results = res-flag/' on.ini >flag.ini
"$ARENA" -q --jobs 2 --no-matches --referee ./wrap flag.ini >flag.txt 2>err ||
	fail "--no-matches: $(cat err)"
expect_eq "referees with --no-matches" "$(grep -c -- '--seed - .*--no-matches' calls)" 33
expect_file_eq "standings with --no-matches" flag.txt off.txt
rm calls
echo "ok: matches and single games give the same results and standings, with fewer referees"

# 2. a crash in game 2 of a process: its fault; game 3 is a fresh process's
m=mk-crash-$$
cat >crash.ini <<X
[arena]
variants = hammerwalt
deals = 4
seed = 5
results = res-crash
[variant hammerwalt]
max_hands = 2
[bot m]
command = $mis/matcher $m crash2
[bot random]
command = @random
X
"$ARENA" -q --jobs 1 crash.ini >/dev/null 2>err || fail "crash run: $(cat err)"
expect_eq "crash: games" "$(lines res-crash/results.jsonl)" 8
python3 - res-crash/results.jsonl <<'PY' || fail "crash: the faults by match"
import json, sys
rs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in rs:
    seat = r["bots"].index("m")
    by.setdefault(tuple(r["bots"]), []).append((r["game"], [f["kind"] for f in r["faults"] if f["seat"] == seat]))
assert len(by) == 2, by.keys()
for arr, games in by.items():
    games.sort()
    kinds = [k for _, k in games]
    assert kinds == [[], ["crash"], [], ["crash"]], (arr, games)
PY
no_process_matching "$m"
echo "ok: a crash in a match is that game's fault, and the next game is played afresh"

# 3. Ctrl-C in the middle of a match: the games done stay, a rerun plays the rest
m=mk-slow-$$
cat >slow.ini <<X
[arena]
variants = hammerwalt
deals = 6
seed = 9
results = res-slow
[variant hammerwalt]
max_hands = 1
[bot m]
command = $mis/matcher $m slow
[bot random]
command = @random
X
"$ARENA" -q --jobs 1 slow.ini >slow.out 2>slow.err &
pid=$!
wait_for_lines res-slow/results.jsonl 1
kill -INT $pid
wait $pid
expect_eq "interrupted run: exit" "$?" 130
got=$(lines res-slow/results.jsonl)
[ "$got" -ge 1 ] && [ "$got" -lt 6 ] || fail "interrupted run: $got games kept, expected 1 to 5"
grep -q "interrupted" slow.err || fail "interrupted run: $(cat slow.err)"
grep -q "failed" slow.err && fail "interrupted run: a game failed: $(cat slow.err)"
no_duplicate_ids res-slow/results.jsonl
for id in $(game_ids res-slow/results.jsonl); do
	"$REFEREE" --replay "res-slow/logs/$id.log" >/dev/null 2>&1 || fail "record of $id does not replay"
done
"$ARENA" -q --jobs 1 slow.ini >/dev/null 2>err || fail "resumed run: $(cat err)"
grep -q "resuming res-slow: $got of 12 games already played" err || fail "resume: $(cat err)"
expect_eq "resumed run: games" "$(lines res-slow/results.jsonl)" 12
no_duplicate_ids res-slow/results.jsonl
no_process_matching "$m"
echo "ok: Ctrl-C cuts a match after its running game; a rerun plays only the rest"

# 4. shards with matches: disjoint halves, the whole schedule
sed 's/^results = res-on$/results = res-shard/' on.ini >shard.ini
"$ARENA" -q --shard 1/2 shard.ini >/dev/null 2>err || fail "shard 1: $(cat err)"
"$ARENA" -q --shard 2/2 shard.ini >/dev/null 2>err || fail "shard 2: $(cat err)"
game_ids res-shard/shard-1-of-2/results.jsonl | sort >s1
game_ids res-shard/shard-2-of-2/results.jsonl | sort >s2
expect_eq "shards overlap" "$(comm -12 s1 s2 | wc -l | tr -d ' ')" 0
sort s1 s2 >both
game_ids res-on/results.jsonl | sort >all
expect_file_eq "the shards' games" both all
echo "ok: shards with matches partition the games"

# 5. a match's referee fails after its first game
cat >cut <<X
#!/bin/sh
case " \$* " in
*" --match - "*) "$REFEREE" "\$@" | head -n 1; exit 1 ;;
esac
exec "$REFEREE" "\$@"
X
chmod +x cut
two_bots cut.ini "variants = hammerwalt" "deals = 4" "seed = 3" "partners = copies" \
	"results = res-cut"
"$ARENA" -q --jobs 1 --referee ./cut cut.ini >/dev/null 2>err || fail "cut run: $(cat err)"
expect_eq "cut: games played" "$(lines res-cut/results.jsonl)" 8
no_duplicate_ids res-cut/results.jsonl
[ -e res-cut/failed.jsonl ] && fail "cut: a game was given up: $(cat res-cut/failed.jsonl)"
# per arrangement: games 1-4 as a match (1 counts, 2 fails), 3-4 as a match
# (3 counts, 4 fails); 2 and 4 alone
expect_eq "cut: retried" "$(grep -c 'failed (the referee exited with status 1.*; it will be retried$' err)" 4
grep -q "failed again" err && fail "cut: $(cat err)"
echo "ok: a match's referee that fails: the game it was playing is retried alone, the rest as a match"

# 6. a results directory whose path is not UTF-8 (a JSON string of the
# match's list cannot hold it): its games are played alone, with their
# paths on the command line, each once. Before, the list left out every
# game's record, and with logs = all every game of a match failed once
# ("the game record ... is missing") and was played again alone.
bad=$(printf 'res\377')
cat >bad.ini <<X
[arena]
variants = hammerwalt
deals = 2
seed = 3
logs = all
[variant hammerwalt]
max_hands = 1
[bot greedy]
command = @greedy
[bot random]
command = @random
X
: >calls
"$ARENA" --referee "$W/wrap" --results "$W/$bad" bad.ini >out 2>err ||
	fail "a path not UTF-8: exit $?: $(cat err)"
if grep -a "failed (" err; then
	fail "a path not UTF-8: a game failed"
fi
expect_eq "a path not UTF-8: games" "$(lines "$bad/results.jsonl")" 4
expect_eq "a path not UTF-8: records" "$(ls "$bad/logs" | grep -c '\.log$')" 4
expect_eq "a path not UTF-8: referees" \
	"$(grep -c -- '--seed -' calls) $(grep -c -- '--match -' calls)" "4 0"
echo "ok: a results path that is not UTF-8 plays its games alone"

# 7. pipes of one page, and F_SETPIPE_SZ refused (EPERM), in the arena
# alone (the wrapper takes the shim away from the referee): a match's list
# of 6 KiB or more still reaches its referee whole. Before, the arena
# could not pass it ("too long for a pipe") and stopped with exit 1.
shim=$ROOT/${O:-build/rel}/tests/shim/pipe_small.so
[ -f "$shim" ] || fail "no $shim (make test-run builds it)"
cat >unshim <<X
#!/bin/sh
cat >"$W/list.\$\$"
wc -c <"$W/list.\$\$" >>"$W/sizes"
echo "\$*" >>"$W/calls"
unset LD_PRELOAD PIPE_SMALL
exec "$REFEREE" "\$@" <"$W/list.\$\$"
X
chmod +x unshim
long=res-small-$(printf '%0100d' 0)
two_bots small.ini "variants = hammerwalt" "deals = 20" "match_games = 20" "seed = 4" \
	"bot_logs = true" "results = $long"
printf '[variant hammerwalt]\nmax_hands = 1\n' >>small.ini
: >calls
: >sizes
# (under SAN=1 the shim comes before the ASan runtime: allowed, as in t_bot_logs)
LD_PRELOAD=$shim PIPE_SMALL=1 ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	"$ARENA" -q --jobs 1 --referee ./unshim small.ini >/dev/null 2>err ||
	fail "pipes of one page: exit $?: $(cat err)"
expect_eq "pipes of one page: games" "$(lines "$long/results.jsonl")" 40
no_duplicate_ids "$long/results.jsonl"
expect_eq "pipes of one page: referees" \
	"$(grep -c -- '--seed -' calls) $(grep -c -- '--match -' calls)" "0 2"
big=$(sort -n sizes | tail -1)
[ "$big" -gt 6144 ] || fail "pipes of one page: a match's list of $big bytes, not over 6 KiB"
echo "ok: a match's list longer than a pipe of one page reaches its referee"

# 8. a match's referee stderr: each game's in its own logs/ID.err
two_bots notes.ini "variants = hammerwalt" "deals = 3" "seed = 6" "results = res-notes"
printf '[variant hammerwalt]\nmax_hands = 1\n' >>notes.ini
MATCH_MODE=notes "$ARENA" -q --jobs 1 --referee "$FIXTURES/match-referee" notes.ini \
	>/dev/null 2>err || fail "notes: exit $?: $(cat err)"
expect_eq "notes: games" "$(lines res-notes/results.jsonl)" 6
python3 - res-notes <<'PY' || fail "notes: a game's stderr is not its own"
import json, os, sys
d = sys.argv[1]
rs = [json.loads(l) for l in open(os.path.join(d, "results.jsonl"))]
by = {}
for r in rs:
    by.setdefault(tuple(r["bots"]), []).append(r)
assert len(by) == 2, by.keys()
for games in by.values():
    games.sort(key=lambda r: r["game"])
    for i, r in enumerate(games):
        want = "note: seed %d\n" % r["seed"] + ("note: done\n" if i == 2 else "")
        got = open(os.path.join(d, "logs", r["game"] + ".err")).read()
        assert got == want, (r["game"], got, want)
PY
echo "ok: what a match's referee writes about a game is in that game's .err"

# 9. a match's referee that exits 0 at SIGUSR1 without the game's result:
# per arrangement, game 1 fails, 2-3 are a match again: 2 fails, 3 alone
# counts; 1 and 2 are retried alone and count. Before, the match was
# queued again whole, each time stopped at game 1: for ever.
two_bots mute.ini "variants = hammerwalt" "deals = 3" "seed = 6" "results = res-mute" \
	"game_timeout_s = 4"
printf '[variant hammerwalt]\nmax_hands = 1\n' >>mute.ini
MATCH_MODE=mute timeout 120 "$ARENA" -q --jobs 1 --referee "$FIXTURES/match-referee" \
	mute.ini >/dev/null 2>err || fail "mute: exit $?: $(tail -5 err)"
expect_eq "mute: games" "$(lines res-mute/results.jsonl)" 6
no_duplicate_ids res-mute/results.jsonl
expect_eq "mute: retried" "$(grep -c "failed (the referee ran longer than game_timeout_s (4 s) and ended without the game's result); it will be retried$" err)" 4
[ -e res-mute/failed.jsonl ] && fail "mute: a game was given up: $(cat res-mute/failed.jsonl)"
echo "ok: a match's referee stopped without the game's result fails that game, once"

# 10. a match's referee that prints the stopped game's result, then
# exits 1: per arrangement, by deal, no fault, the staller's timeout, no
# fault; no game fails. Before, the game after the stopped one (never
# started) failed once: "exited with status 1"; it will be retried.
m=mk-stopexit-$$
staller_ini stopexit.ini "$m 15" "results = res-stopexit" "game_timeout_s = 5" \
	"move_ms = 20000"
MATCH_MODE=stopexit "$ARENA" -q --jobs 1 --referee "$FIXTURES/match-referee" stopexit.ini \
	>/dev/null 2>err || fail "stopexit: exit $?: $(cat err)"
expect_eq "stopexit: games" "$(lines res-stopexit/results.jsonl)" 6
if grep "failed" err; then
	fail "stopexit: a game failed"
fi
second_game_stalled res-stopexit/results.jsonl "stopexit: "
no_process_matching "$m"
echo "ok: a match stopped at its game timeout: the stopped game counts, the rest are played, none fails"

# 11. a match's referee whose line after the stop lacks "stopped":true
# (it ignored the stop as come too late, docs/referee.md), which then
# exits 0 in the next game without its line: per arrangement, by deal,
# no fault, the staller's timeout, no fault; game 3 fails once (an
# attempt) and counts alone. Before, the arena took the line after the
# stop for "stopped", and game 3 for not reached: played again as a
# match, never failed. The game timeout counts the start of the
# wrapper's and the staller's interpreters (python3 took 1.1 to 2.6 s
# to start through a pyenv shim at load 4): at 2 s the staller's first
# game was stopped, or the wrapper killed by SIGUSR1 before its handler,
# and the games alone failed twice; so 6 s, and a game alone runs the
# real referee without the wrapper.
m=mk-stale-$$
staller_ini stale.ini "$m 15" "results = res-stale" "game_timeout_s = 6" \
	"move_ms = 20000" "logs = none"
cat >stalewrap <<X
#!/bin/sh
echo "\$*" >>"$W/stale-calls"
case " \$* " in
*" --match "*) exec "$FIXTURES/match-referee" "\$@" ;;
esac
exec "$REAL_REFEREE" "\$@"
X
chmod +x stalewrap
: >stale-calls
MATCH_MODE=stale timeout 120 "$ARENA" -q --jobs 1 --referee ./stalewrap stale.ini \
	>/dev/null 2>err || fail "stale: exit $?: $(cat err)"
expect_eq "stale: games" "$(lines res-stale/results.jsonl)" 6
no_duplicate_ids res-stale/results.jsonl
expect_eq "stale: retried" "$(grep -c "game hammerwalt\.d0003\.[^ ]* failed (the referee ended without the game's result); it will be retried$" err)" 2
expect_eq "stale: failures" "$(grep -c failed err)" 2
[ -e res-stale/failed.jsonl ] && fail "stale: a game was given up: $(cat res-stale/failed.jsonl)"
expect_eq "stale: referees (matches, games alone)" \
	"$(grep -c -- '--match -' stale-calls) $(grep -c -- '--seed -' stale-calls)" "2 2"
second_game_stalled res-stale/results.jsonl "stale: "
no_process_matching "$m"
echo "ok: a match's referee that played on after a stale stop and ended: the next game fails once, then counts"

rm -rf "$W"
echo "ok: t_arena_match"
