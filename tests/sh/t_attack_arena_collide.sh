#!/bin/sh
# t_attack_arena_collide.sh - two different submissions must not have one
# fingerprint (docs/arena.md, Incremental runs, rule 1). The fingerprint
# hashed names, types and link targets as NUL-terminated text but a file's
# bytes raw, with their count after them: a file could then hold the rest
# of another tree's entries. Tree A has a file 'a' holding "hello" and a
# link 'b' to "\n21 bytes"; tree B has only 'a', holding
# "hello\n5 bytes\0b\0link\0" (21 bytes). Both hashed as
#   a\0 file 0644\0 hello \n5 bytes\0 b\0 link\0 \n21 bytes\0
# so a student could swap one for the other and keep the old results
# ("nothing to play"). Now a file's size comes before its bytes, and the
# swap is a change.
. tests/arena/lib.sh
cd "$W" || exit 1

[ -x "$ROOT/sample-bots/c-random/c-random" ] || fail "sample-bots/c-random is not built (make)"
cat >t.ini <<'X'
[arena]
variants = hammerwalt
deals = 1
submissions = subs
move_ms = 2000
results = res
[variant hammerwalt]
target = 5
[bot g]
command = @greedy
[bot r]
command = @random
X

# col's fingerprint as res/arena.json records it
fp() {
	tr -d ' \n' <res/arena.json | sed -n 's/.*{"bot":"col","fingerprint":"\([0-9a-f]*\)"}.*/\1/p'
}

# tree A: c-random, a file 'a' and a link 'b'
mkdir -p subs/col
cp "$ROOT/sample-bots/c-random/run" "$ROOT/sample-bots/c-random/c-random" subs/col/
printf 'hello' >subs/col/a
chmod 644 subs/col/a
ln -s "$(printf '\n21 bytes')" subs/col/b
"$ARENA" -q t.ini >/dev/null 2>err
expect_eq "exit status, tree A" $? 0
expect_eq "stderr, tree A" "$(cat err)" ""
expect_eq "games with col" "$(lines res/results.jsonl)" 6
fp_a=$(fp)
[ -n "$fp_a" ] || fail "no fingerprint of col in arena.json: $(cat res/arena.json)"

# tree B: the same bot, 'a' holding the stream's next 16 bytes, no 'b'
rm subs/col/b
printf 'hello\n5 bytes\000b\000link\000' >subs/col/a
expect_eq "size of a in tree B" "$(wc -c <subs/col/a | tr -d ' ')" 21
"$ARENA" -q t.ini >/dev/null 2>err
expect_eq "exit status, tree B" $? 0
grep -q "nothing to play" err && fail "tree B took tree A's results: $(cat err)"
grep -qx "arena: col: changed, 4 games to play, 4 games archived" err ||
	fail "no 'changed' for col: $(cat err)"
fp_b=$(fp)
[ -n "$fp_b" ] && [ "$fp_a" != "$fp_b" ] ||
	fail "trees A and B have one fingerprint: '$fp_a', '$fp_b'"
expect_eq "games at the end" "$(lines res/results.jsonl)" 6
expect_eq "games archived" "$(lines res/archive/1/results.jsonl)" 4

# ---- the arena before this encoding ("euchre-arena bot" NUL SEAT NUL BUILD
# NUL ..., a file's count after its bytes) gave @greedy c3e58559f3035dc2 and
# @random 4790183c810983fd; its results directory upgrades once: every bot
# is changed, every game is played again, the old ones are archived
printf '[arena]\nvariants = hammerwalt\ndeals = 1\nresults = up\n' >u.ini
printf '[bot g]\ncommand = @greedy\n[bot r]\ncommand = @random\n' >>u.ini
"$ARENA" -q u.ini >/dev/null 2>err || fail "first run of u.ini: $(cat err)"
python3 - up/arena.json <<'PY' || fail "cannot make up/arena.json the old arena's"
import json, sys
old = {"g": "c3e58559f3035dc2", "r": "4790183c810983fd"}
m = json.load(open(sys.argv[1]))
for b in m["bots"]:
    b["fingerprint"] = old[b["bot"]]
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
"$ARENA" -q u.ini >/dev/null 2>err
expect_eq "exit status after the upgrade" $? 0
expect_eq "what the upgrade replays" "$(cat err)" "arena: changes since the last run: 0 games kept, 2 superseded (moved to up/archive/1)
arena: g: changed, 2 games to play, 2 games archived
arena: r: changed, 2 games to play, 2 games archived"
expect_eq "games after the upgrade" "$(lines up/results.jsonl)" 2
expect_eq "games archived by the upgrade" "$(lines up/archive/1/results.jsonl)" 2
"$ARENA" -q u.ini >/dev/null 2>err
expect_eq "the run after the upgrade" "$(cat err)" "arena: nothing to play: all 2 games are in up"
echo "ok: t_attack_arena_collide"
