#!/bin/sh
# t_arena_moved.sh - a tournament's directory (config, bots, submissions,
# results) moved with mv or copied with cp -a keeps its games: a bot's
# fingerprint names the paths under the config's directory relative to it
# (docs/arena.md, Incremental runs, rule 1), so the run in the new place
# has nothing to play. A bot changed after the move is played again; a
# bot outside the config's directory is named by its absolute path, so
# moving it (not the config) is a change. Before, every path was absolute
# and every game was played again after a move.
. tests/arena/lib.sh
cd "$W" || exit 1

# a bot that answers the first legal move
bot() {
	mkdir -p "$(dirname "$1")"
	cat >"$1" <<'X'
#!/bin/sh
while IFS= read -r line; do
	case $line in
	"legal "*) m=${line#legal }; m=${m%%,*}; [ "$m" = ready ] && m="ready s"; printf '%s\n' "$m" ;;
	quit) exit 0 ;;
	esac
done
X
	chmod +x "$1"
}

# the tournament in a/cup: two dir bots, a command bot naming its script,
# a submission, and a dir bot outside the tournament (shared/o); a bot
# with a build is the last case below
mkdir -p a/cup/subs shared/o
bot a/cup/bots/d/run
bot a/cup/bots/m/run
bot a/cup/bots/c.sh
bot a/cup/subs/s/run
bot shared/o/run
cat >a/cup/t.ini <<X
[arena]
variants = hammerwalt
partners = copies
deals = 1
seed = 7
submissions = subs
results = res
[variant hammerwalt]
target = 5
[bot g]
command = @greedy
[bot d]
dir = bots/d
[bot m]
dir = bots/m
[bot c]
command = sh bots/c.sh
[bot o]
dir = $W/shared/o
X

# run DIR: the arena on DIR/t.ini from DIR (results = res lies there too)
run() {
	(cd "$1" && "$ARENA" -q t.ini >/dev/null 2>"$W/err")
}

run a/cup
expect_eq "first run exit" $? 0
expect_eq "first run stderr" "$(cat err)" ""
expect_eq "games of the first run" "$(lines a/cup/res/results.jsonl)" 30
# the recorded fingerprints, as NAME=FP lines
fps() {
	tr -d ' \n' <"$1/res/arena.json" | grep -o '{"bot":"[a-z]*","fingerprint":"[0-9a-f]*"}' |
		sed 's/{"bot":"\([a-z]*\)","fingerprint":"\([0-9a-f]*\)"}/\1=\2/'
}
fps a/cup >fp1
expect_eq "bots fingerprinted" "$(cut -d= -f1 fp1 | tr '\n' ' ')" "g d m c o s "

# moved elsewhere, deeper: the same fingerprints, nothing to play
mkdir -p b/moved/here
mv a/cup b/moved/here/cup
run b/moved/here/cup
expect_eq "run after mv exit" $? 0
expect_eq "run after mv" "$(cat err)" "arena: nothing to play: all 30 games are in res"
fps b/moved/here/cup >fp2
expect_file_eq "fingerprints after mv" fp2 fp1

# copied (the original stays): the copy has nothing to play either
cp -a b/moved/here/cup copy
run copy
expect_eq "run of the copy exit" $? 0
expect_eq "run of the copy" "$(cat err)" "arena: nothing to play: all 30 games are in res"
fps copy >fp3
expect_file_eq "fingerprints of the copy" fp3 fp1

# reached through a link: the config's directory as the arena resolves it
ln -s copy link
run link
expect_eq "run through a link" "$(cat err)" "arena: nothing to play: all 30 games are in res"

# a bot changed in the copy is played again there, and only it
echo "# changed" >>copy/bots/d/run
echo "# changed" >>copy/subs/s/run
run copy
expect_eq "run after a change exit" $? 0
expect_eq "run after a change" "$(cat err)" "arena: changes since the last run: 12 games kept, 18 superseded (moved to res/archive/1)
arena: d: changed, 10 games to play, 10 games archived
arena: s: changed, 10 games to play, 10 games archived
arena: resuming res: 12 of 30 games already played"
expect_eq "games in the copy" "$(lines copy/res/results.jsonl)" 30
expect_eq "games archived in the copy" "$(lines copy/res/archive/1/results.jsonl)" 18
# the moved original did not change
run b/moved/here/cup
expect_eq "the original after the copy changed" "$(cat err)" "arena: nothing to play: all 30 games are in res"

# the command bot's script changed: c is played again
echo "# changed" >>b/moved/here/cup/bots/c.sh
run b/moved/here/cup
expect_eq "run after the script changed" "$(sed -n 2p err)" "arena: c: changed, 10 games to play, 10 games archived"

# the bot outside the tournament moved, not changed: its path is its name
mv shared shared2
sed "s|$W/shared/o|$W/shared2/o|" b/moved/here/cup/t.ini >t.ini.new
mv t.ini.new b/moved/here/cup/t.ini
run b/moved/here/cup
expect_eq "run after the outside bot moved" "$(sed -n 2p err)" "arena: o: changed, 10 games to play, 10 games archived"
# a bot with a build counts by its absolute place: a build may write
# where it ran into what it makes (this one does), so a moved tournament
# builds it again and plays its games again, rather than run a copy that
# names the old place
mkdir -p e/cup/bots/m
cat >e/cup/bots/m/run <<'X'
#!/bin/sh
exec sh "$(dirname "$0")/real.sh"
X
cp b/moved/here/cup/bots/d/run e/cup/bots/m/real.sh
chmod +x e/cup/bots/m/run
# two_bots DIR: DIR/t.ini, @greedy against the [bot] on standard input
two_bots() {
	cat >"$1/t.ini" <<'X'
[arena]
variants = hammerwalt
partners = copies
deals = 1
seed = 7
results = res
[variant hammerwalt]
target = 5
[bot g]
command = @greedy
X
	cat >>"$1/t.ini"
}
two_bots e/cup <<'X'
[bot m]
dir = bots/m
build = printf '#!/bin/sh\nexec sh %s/real.sh\n' "$(pwd)" >run
X
run e/cup
expect_eq "built bot: first run" "$(sed "s/ ([0-9.]* s)$//" err)" "arena: built m"
mv e f
run f/cup
expect_eq "built bot: run after mv" "$(sed "s/ ([0-9.]* s)$//" err)" "arena: built m
arena: changes since the last run: 0 games kept, 2 superseded (moved to res/archive/1)
arena: m: changed, rebuilt, 2 games to play, 2 games archived"
expect_eq "built bot: faults after mv" "$(grep -c '"faults":\[\]' f/cup/res/results.jsonl)" 2

# a command's program that is a link: where it leads and what is there
# count (the link itself cannot be opened without following it)
mkdir -p l/cup/bots
cp b/moved/here/cup/bots/c.sh l/cup/bots/v1.sh
cp b/moved/here/cup/bots/c.sh l/cup/bots/v2.sh
ln -s v1.sh l/cup/bots/c
two_bots l/cup <<'X'
[bot c]
command = bots/c
X
run l/cup
ln -sf v2.sh l/cup/bots/c
run l/cup
expect_eq "link retargeted" "$(sed -n 2p err)" "arena: c: changed, 2 games to play, 2 games archived"
echo "# changed" >>l/cup/bots/v2.sh
run l/cup
expect_eq "link's file changed" "$(sed -n 2p err)" "arena: c: changed, 2 games to play, 2 games archived"
run l/cup
expect_eq "link unchanged" "$(cat err)" "arena: nothing to play: all 2 games are in res"
echo "ok: t_arena_moved"
