#!/bin/sh
# t_bot_logs.sh - --bot-logs DIR keeps every game's stderr: the game being
# played writes DIR/seatN.stderr, and the file an earlier game left there
# (of the same run or an earlier one) is kept as DIR/game-SEED.seatN.stderr,
# "-2", "-3", ... added when that name is taken. Four runs into one DIR; a
# bot that writes its handshake seed to stderr tells the files apart. A
# name another process takes meanwhile is never replaced.
. "$(dirname "$0")/lib.sh"
R=$BINDIR/referee
mkdir -p "$tmp/bot"
cat >"$tmp/bot/run" <<'PY'
#!/usr/bin/env python3
import sys
for line in sys.stdin:
    if line.startswith("seed "):
        print("my seed " + line.split()[1], file=sys.stderr, flush=True)
    if line.startswith("legal "):
        print(line[6:].split(",")[0].strip(), flush=True)
PY
chmod +x "$tmp/bot/run"
logs=$tmp/logs

# run SEED BOTSEED [more options]: one run, the bot in seats 0 and 2
run() {
	seed=$1 botseed=$2
	shift 2
	"$R" --variant hammerwalt --option max_hands=1 --seed "$seed" --bot-seed "0:$botseed" \
		--bot-seed "2:$((botseed + 1))" "$@" --bot-logs "$logs" "$tmp/bot" @greedy "$tmp/bot" @greedy \
		>/dev/null 2>"$tmp/err" || fail "run of seed $seed: $(cat "$tmp/err")"
}
files() { (cd "$logs" && ls | tr '\n' ' '); }
# the seeds in a file: the game's (its header) and the bot's (its own line)
seeds() { sed -n 's/^=== game seed \([0-9]*\), seat [0-9] ===$/game \1/p; s/^my seed /bot /p' "$logs/$1" | tr '\n' ' '; }

run 5 100
expect_eq "first run" "$(files)" "seat0.stderr seat2.stderr "
expect_eq "first run, seat 0" "$(seeds seat0.stderr)" "game 5 bot 100 "
run 6 200 --games 2
expect_eq "second run (two games)" "$(files)" \
	"game-5.seat0.stderr game-5.seat2.stderr game-6.seat0.stderr game-6.seat2.stderr seat0.stderr seat2.stderr "
expect_eq "the first run's file, kept" "$(seeds game-5.seat0.stderr)" "game 5 bot 100 "
expect_eq "the second run's first game" "$(seeds game-6.seat2.stderr)" "game 6 bot 201 "
expect_eq "the second run's last game" "$(seeds seat0.stderr)" "game 7 bot 200 "
run 5 300
run 8 400
expect_eq "four runs, seed 5 twice" "$(files)" \
	"game-5-2.seat0.stderr game-5-2.seat2.stderr game-5.seat0.stderr game-5.seat2.stderr game-6.seat0.stderr game-6.seat2.stderr game-7.seat0.stderr game-7.seat2.stderr seat0.stderr seat2.stderr "
expect_eq "seed 5's first game" "$(seeds game-5.seat0.stderr)" "game 5 bot 100 "
expect_eq "seed 5's second game" "$(seeds game-5-2.seat0.stderr)" "game 5 bot 300 "
expect_eq "the last game" "$(seeds seat2.stderr)" "game 8 bot 401 "
expect_eq "modes" "$(stat -c %a "$logs" "$logs/game-5-2.seat0.stderr" "$logs/seat0.stderr" | tr '\n' ' ')" "700 600 600 "

# a bot that plays matches (it answers 'ready2') stays up across the games
# of a run, and each game's file is kept all the same
sed 's/^        print(line\[6:\].split(",")\[0\].strip(), flush=True)$/        a = line[6:].split(",")[0].strip()\
        print("ready2" if a == "ready" else a, flush=True)/' "$tmp/bot/run" >"$tmp/bot/run2"
grep -q ready2 "$tmp/bot/run2" || fail "cannot make the match bot"
mv "$tmp/bot/run2" "$tmp/bot/run" && chmod +x "$tmp/bot/run"
rm -rf "$logs"
run 9 500 --games 3
expect_eq "a match of three games" "$(files)" \
	"game-10.seat0.stderr game-10.seat2.stderr game-9.seat0.stderr game-9.seat2.stderr seat0.stderr seat2.stderr "
expect_eq "the match's first game" "$(seeds game-9.seat0.stderr)" "game 9 bot 500 "
expect_eq "the match's second game" "$(seeds game-10.seat2.stderr)" "game 10 bot 501 "
expect_eq "the match's last game" "$(seeds seat0.stderr)" "game 11 bot 500 "

# a kept name taken after the referee chose it (as by another referee
# writing into the same DIR; tests/shim/rename_race.so makes "racer" files)
# is not replaced: the file goes to the next free name; the same where the
# file system has no RENAME_NOREPLACE (RENAME_RACE=no-flag)
shim=$top/${O:-build/rel}/tests/shim/rename_race.so
[ -f "$shim" ] || fail "no $shim (make test-run builds it)"
for how in race no-flag; do
	[ -f "$shim" ] || break
	rm -rf "$logs"
	run 12 600
	(
		LD_PRELOAD=$shim RENAME_RACE=$how
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
		export LD_PRELOAD RENAME_RACE ASAN_OPTIONS
		run 13 700
		exit "$failures"
	) || fail "the raced run ($how)"
	expect_eq "a raced run ($how)" "$(files)" \
		"game-12-2.seat0.stderr game-12-2.seat2.stderr game-12.seat0.stderr game-12.seat2.stderr seat0.stderr seat2.stderr "
	expect_eq "the racer's file ($how)" "$(cat "$logs/game-12.seat0.stderr")" "racer"
	expect_eq "the game's file, kept beside it ($how)" "$(seeds game-12-2.seat0.stderr)" \
		"game 12 bot 600 "
	expect_eq "the raced run's game ($how)" "$(seeds seat0.stderr)" "game 13 bot 700 "
done

# --log FILE without --bot-logs: a run's games append to FILE.seatN.stderr, as before
"$R" --variant hammerwalt --option max_hands=1 --seed 1 --games 2 --log "$tmp/g.log" \
	"$tmp/bot" @greedy @greedy @greedy >/dev/null 2>&1 || fail "--log run"
expect_eq "--log's stderr file holds both games" \
	"$(grep -c '^=== game seed' "$tmp/g.seat0.stderr")" 2
finish "ok: t_bot_logs"
