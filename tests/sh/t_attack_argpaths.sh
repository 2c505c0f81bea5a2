#!/bin/sh
# t_attack_argpaths.sh - a classroom submission must not reach its
# classmates' work or the arena's records through the paths of its own
# command line. The sandbox shows a bot every path named on its command
# line (and, through realpath, wherever a symlink of the submission points),
# and the student writes that command line (bot.ini):
#   alice  command = ./run ../bob ../../results/logs ../..
#          reads bob's source, the class directory, and the live records
#          of her own games: every other seat's cards (tests/attacks/thief)
#   frank  command = ./run /proc/self/fd/3 /proc/self/fd/4 /proc/self/fd/5:
#          the referee resolves the paths in its own process, so frank is
#          shown the directory of the referee's open game record (and of
#          its slot lock) without knowing where they are; he finds them in
#          his mountinfo and reads every seat's cards
#   gina   command = ./run ../../teacher/grades: the teacher's directory is
#          0700, nobody on the host can enter it; the view recreates the
#          directories above what it shows, so the bot reads what no
#          local user could
#   carol  run is a symlink to ../bob/run: she plays bob's bot
#   erin   build = ln -s CLASS/subs/bob/run run (command = ./run): the copy
#          leaves links out, the build makes one; she plays bob's bot
#   dave   build = /CLASS/subs/dave/;cat $(printf "\057...bob\057secret.txt")>loot.txt;:
#          the build string is one existing path (a symlink in dave's
#          submission named like a shell command, pointing at bob): the
#          build is shown bob's directory and copies his secret
# Each case asserts the attacker got nothing. Needs root (the class lives
# under /srv, readable by the slot uids).
set -u
. "$(dirname "$0")/lib.sh"
A=$top/$BINDIR/arena
C=$top/sample-bots/c-random/c-random
need_root
class=/srv/euchre-attack-args.$$
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp" "$class"' EXIT
secret="BOB-SECRET-$$"

mkdir -p "$class/subs/alice" "$class/subs/bob" "$class/subs/carol" "$class/subs/dave" \
	"$class/subs/erin" "$class/subs/frank" "$class/subs/gina" "$class/teacher/grades"
chmod 755 "$class" "$class/subs" "$class/subs"/* "$class/teacher/grades"
chmod 700 "$class/teacher"
echo "GRADES-$$" >"$class/teacher/grades/grades.txt"
chmod 644 "$class/teacher/grades/grades.txt"
cp "$C" "$class/subs/bob/"
echo "$secret" >"$class/subs/bob/secret.txt"
printf '#!/bin/sh\necho "bob runs" >&2\nexec "$(dirname "$0")/c-random"\n' >"$class/subs/bob/run"
cp "$top/tests/attacks/thief/run" "$class/subs/alice/run"
echo 'command = ./run ../bob ../../results/logs ../..' >"$class/subs/alice/bot.ini"
cp "$top/tests/attacks/thief/run" "$class/subs/frank/run"
echo 'command = ./run /proc/self/fd/3 /proc/self/fd/4 /proc/self/fd/5' >"$class/subs/frank/bot.ini"
cp "$top/tests/attacks/thief/run" "$class/subs/gina/run"
echo 'command = ./run ../../teacher/grades' >"$class/subs/gina/bot.ini"
ln -s ../bob/run "$class/subs/carol/run"
printf 'command = ./run\nbuild = ln -s %s/subs/bob/run run\n' "$class" >"$class/subs/erin/bot.ini"
cp "$C" "$class/subs/dave/"
printf '#!/bin/sh\nexec "$(dirname "$0")/c-random"\n' >"$class/subs/dave/run"
enc=$(printf '%s' "$class/subs/bob/secret.txt" | sed 's,/,\\057,g')
name=";cat \$(printf \"$enc\")>loot.txt;:"
ln -s ../bob "$class/subs/dave/$name"
printf 'build = %s/subs/dave/%s\n' "$class" "$name" >"$class/subs/dave/bot.ini"
chmod 755 "$class/subs"/*/run
cat >"$class/class.ini" <<X
[arena]
name = class
variants = hammerwalt
deals = 1
move_ms = 3000
submissions = subs
results = $class/results
X
"$A" -q "$class/class.ini" >"$tmp/out" 2>&1 || fail "arena: $(cat "$tmp/out")"
logs=$class/results/logs
# the games were played: bob's own seats ran his program
grep -l '^bob runs' "$logs"/*.stderr >/dev/null 2>&1 || fail "bob never ran: $(cat "$tmp/out")"

# seat_cmd FILE: the command of the seat whose stderr FILE is, from the record
seat_cmd() {
	seat=$(basename "$1" .stderr | sed 's/.*\.seat//')
	sed -n "s/^seat $seat //p" "$(dirname "$1")/$(basename "$1" ".seat$seat.stderr").log"
}

# alice and frank saw nothing of bob, the class or the records
for f in "$logs"/*.stderr; do
	case $(seat_cmd "$f") in
	"./run ../bob"*) grep -h '^steal \|^peek ' "$f" >>"$tmp/alice" ;;
	"./run /proc/self/fd/"*) grep -h '^steal \|^peek ' "$f" >>"$tmp/frank" ;;
	esac
done
touch "$tmp/alice" "$tmp/frank"
grep -q "$secret" "$tmp/alice" && fail "alice read bob's source: $(grep "$secret" "$tmp/alice" | head -1)"
for who in alice frank; do
	grep -q '^peek hand' "$tmp/$who" &&
		fail "$who read the other seats' cards from the live record ($(grep -c '^peek hand' "$tmp/$who") times): $(grep '^peek hand' "$tmp/$who" | head -1)"
done
grep -q "GRADES-$$" "$logs"/*.stderr && fail "gina read the teacher's 0700 directory: $(grep -h "GRADES-$$" "$logs"/*.stderr | head -1)"
grep -q "^steal .* lists .*class.ini" "$tmp/alice" &&
	fail "alice listed the class directory: $(grep 'class.ini' "$tmp/alice" | head -1)"
[ "$failures" = 0 ] && echo "ok: paths on a submission's command line show it nothing of others"

# carol: her run is a link to bob's; bob's program must not run in her seats
# erin: her build made run a link to bob's; the same
carol=0 erin=0
for f in "$logs"/*.stderr; do
	grep -q '^bob runs' "$f" || continue
	# the seat's command in the record: carol's directory, or erin's ./run
	case $(seat_cmd "$f") in
	"$class/subs/carol") carol=$((carol + 1)) ;;
	./run) erin=$((erin + 1)) ;;
	esac
done
[ "$carol" = 0 ] || fail "carol's seats ran bob's program $carol times"
[ "$erin" = 0 ] || fail "erin's seats ran bob's program $erin times"
[ "$failures" = 0 ] && echo "ok: a submission's symlink (or her build's) to a classmate's program does not run it"

# dave: the build saw only its own copy
grep -rqs "$secret" "$class/results/builds/dave" &&
	fail "dave's build copied bob's secret: $(grep -rl "$secret" "$class/results/builds/dave")"
[ "$failures" = 0 ] && echo "ok: a build string naming a path shows the build nothing"

finish "ok: t_attack_argpaths"
