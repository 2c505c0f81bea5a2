#!/bin/sh
# t_attack_arena_deep.sh - no part of a submission may change without the
# arena noticing (docs/arena.md, Incremental runs, rule 1). The fingerprint
# used to skip silently whatever lay more than 64 directories down, and
# every entry whose path was longer than PATH_MAX: a student could change
# the bot there and keep the old results ("nothing to play"). Now a tree
# nested deeper than 64 directories is rejected, with the path, and one
# with paths longer than PATH_MAX is fingerprinted whole.
. tests/arena/lib.sh
cd "$W" || exit 1

# a bot that plays what its brain.sh picks, the brain kept at depth $1
deep_bot() {
	p=$(printf '/d%.0s' $(seq 1 "$1"))
	rm -rf subs/deep
	mkdir -p "subs/deep$p"
	echo 'pick() { echo "${1%%,*}"; }' >"subs/deep$p/brain.sh"
	cat >subs/deep/run <<X
#!/bin/sh
. "\$(dirname "\$0")$p/brain.sh"
while IFS= read -r line; do
	case "\$line" in legal*) pick "\${line#legal }" ;; quit) exit 0 ;; esac
done
X
	chmod 755 subs/deep/run
}

cat >t.ini <<'X'
[arena]
variants = hammerwalt
deals = 1
submissions = subs
move_ms = 300
results = res
[variant hammerwalt]
target = 5
[bot g]
command = @greedy
[bot r]
command = @random
X

# ---- 70 directories deep: rejected, with the first directory past 64
mkdir subs
deep_bot 70
d65=$(printf 'd/%.0s' $(seq 1 64))d
"$ARENA" --check t.ini >check 2>&1 || fail "--check: $(cat check)"
grep -qx "rejected submission deep: '$d65' is nested more than 64 directories deep" check ||
	fail "--check does not reject the deep submission: $(cat check)"
"$ARENA" t.ini >report 2>err
expect_eq "exit status of the run" $? 0
expect_eq "games (g and r alone)" "$(lines res/results.jsonl)" 2
grep -q '"deep"' res/results.jsonl && fail "the deep submission played"
grep -qx "  deep: rejected: '$d65' is nested more than 64 directories deep" report ||
	fail "the report does not list deep as rejected: $(cat report)"

# ---- 64 deep is the limit: it plays; a change at the bottom replays it
deep_bot 64
"$ARENA" -q t.ini >/dev/null 2>err
expect_eq "exit status, 64 deep" $? 0
grep -qx "arena: deep: new, 4 games to play" err || fail "deep at 64 is not new: $(cat err)"
expect_eq "games with deep" "$(lines res/results.jsonl)" 6
echo 'pick() { exit 3; }' >"subs/deep$p/brain.sh"
"$ARENA" -q t.ini >/dev/null 2>err
expect_eq "exit status, 64 deep changed" $? 0
grep -qx "arena: deep: changed, 4 games to play, 4 games archived" err ||
	fail "a change 64 directories down went unseen: $(cat err)"

# ---- paths longer than PATH_MAX (18 directories of 250 characters)
rm -rf subs/deep
mkdir -p subs/long
cp "$ROOT/sample-bots/sh-random/run" "$ROOT/sample-bots/sh-random/bot.sh" subs/long/
n=$(printf 'n%.0s' $(seq 1 250))
(
	cd subs/long || exit 1
	for _ in $(seq 1 18); do mkdir "$n" && cd -P "$n" || exit 1; done
	echo v1 >secret.txt
	ln -s "$n" link
) || fail "cannot make the long paths"
"$ARENA" -q --results long t.ini >/dev/null 2>err
expect_eq "exit status, long paths" $? 0
expect_eq "games with long" "$(lines long/results.jsonl)" 6
# change the file at the bottom, 4,500 characters down
(
	cd subs/long || exit 1
	for _ in $(seq 1 18); do cd -P "$n" || exit 1; done
	echo v2 >secret.txt
)
"$ARENA" -q --results long t.ini >/dev/null 2>err
expect_eq "exit status, long paths changed" $? 0
grep -q "nothing to play" err && fail "a file past PATH_MAX changed unseen: $(cat err)"
grep -qx "arena: long: changed, 4 games to play, 4 games archived" err ||
	fail "no 'changed' for long: $(cat err)"
# and a link down there counts too (its target)
(
	cd subs/long || exit 1
	for _ in $(seq 1 18); do cd -P "$n" || exit 1; done
	ln -sfn elsewhere link
)
"$ARENA" -q --results long t.ini >/dev/null 2>err
grep -qx "arena: long: changed, 4 games to play, 4 games archived" err ||
	fail "a link past PATH_MAX changed unseen: $(cat err)"
expect_eq "games at the end" "$(lines long/results.jsonl)" 6

# a FIFO in a submission: the sandbox would refuse to show it to its bot
# in every game (t_attack_fifo); the arena rejects it once, by name
mkfifo subs/long/pipe
"$ARENA" --check --results long t.ini >check 2>&1 || fail "--check with a FIFO: $(cat check)"
grep -qx "rejected submission long: 'pipe' is a FIFO, through which two bots could talk" check ||
	fail "--check does not reject the FIFO: $(cat check)"
echo "ok: t_attack_arena_deep"
